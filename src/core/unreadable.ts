/**
 * Values a migration could not read. A migration step never turns text it cannot read into a
 * default silently: it leaves the field to its default and notes the old value here; the world
 * migration (src/foundry/migrations.ts) keeps every note in the document's
 * `flags.omnibus.unmigrated` and lists it for the GM.
 */

/** One value a migration could not read: where it was in `system`, and what it was. */
export interface UnreadableValue {
  /** The path in `system` (`ranges`, `attributes.fit`). */
  path: string;
  /** The value as it was stored. */
  value: unknown;
}

/** Where migration steps note what they could not read (absent when nobody listens). */
export type UnreadableNotes = UnreadableValue[] | undefined;

/** Notes an unreadable value (a copy, so later changes to the source do not change the note). */
export function noteUnreadable(notes: unknown, path: string, value: unknown): void {
  if (!Array.isArray(notes)) return;
  let copy: unknown;
  try {
    copy = value === undefined ? null : JSON.parse(JSON.stringify(value));
  } catch {
    copy = Object.prototype.toString.call(value);
  }
  notes.push({ path, value: copy });
}

/** The notes list an optional argument names, or undefined (Foundry may call `migrateData(source, options)`). */
export function notesOf(arg: unknown): UnreadableNotes {
  return Array.isArray(arg) ? (arg as UnreadableValue[]) : undefined;
}
