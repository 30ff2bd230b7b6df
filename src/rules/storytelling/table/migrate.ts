/**
 * The Storytelling `migrateData` steps over a document's `system` source: older shapes of traits and
 * weapons read into today's; a value that cannot be read is noted and left to its default.
 */
import { looseNumber, readLengthList } from "../../../core/units";
import { noteUnreadable, notesOf } from "../../../core/unreadable";

// ───────────────────────────── migrateData ─────────────────────────────

type Source = Record<string, unknown>;

const isObj = (v: unknown): v is Source => typeof v === "object" && v !== null && !Array.isArray(v);

const numeric = looseNumber;

/** `{ value: 3 }` (a common older shape) or "3" → 3. */
const dotsOf = (v: unknown): number | undefined => (isObj(v) ? numeric(v.value ?? v.dots) : numeric(v));

/**
 * Character/NPC migration (older and looser shapes that earlier sheets or hand-made imports wrote):
 *  - attributes as `{ value: n }` or numeric strings → numbers;
 *  - skills as plain numbers or `{ value: n }` → `{ dots, specialties }`; a `specialty` string or a
 *    `specialties` list → the `specialties` text;
 *  - the Health track as a string (`"XX/...."`, one character a box) → wound counts;
 *  - Willpower as a number → `{ points }`.
 * What it cannot read (an attribute `"strong"`, a skill `"some"`, a track `"hurt"`) is removed, so
 * the field takes its default, and noted in `notes` (kept in `flags.omnibus.unmigrated`).
 * The source is changed in place and returned (as Foundry's `migrateData` expects).
 */
export function migrateCharacterSource(source: Source, notesArg?: unknown): Source {
  const notes = notesOf(notesArg);
  if (!isObj(source)) return source;
  if (isObj(source.attributes)) {
    for (const [key, value] of Object.entries(source.attributes)) {
      const n = dotsOf(value);
      if (n !== undefined) source.attributes[key] = n;
      else if (value !== null && value !== undefined) {
        noteUnreadable(notes, `attributes.${key}`, value);
        delete source.attributes[key];
      }
    }
  }
  if (isObj(source.skills)) {
    for (const [key, value] of Object.entries(source.skills)) {
      if (isObj(value) && "dots" in value && typeof value.specialties === "string") continue;
      const read = dotsOf(value);
      const dotsGiven = isObj(value) ? (value.value ?? value.dots) : value;
      if (read === undefined && dotsGiven !== undefined && dotsGiven !== null && dotsGiven !== "")
        noteUnreadable(notes, `skills.${key}`, value);
      const dots = read ?? 0;
      let specialties = "";
      if (isObj(value)) {
        const raw = value.specialties ?? value.specialty;
        specialties = Array.isArray(raw) ? raw.filter((s) => typeof s === "string").join(", ") : typeof raw === "string" ? raw : "";
      }
      source.skills[key] = { dots, specialties };
    }
  }
  if (typeof source.healthTrack === "string") {
    const text = source.healthTrack;
    if (/[^*Xx/.\s\-_|,]/.test(text)) noteUnreadable(notes, "healthTrack", text);
    const count = (c: string) => [...text].filter((x) => x === c).length;
    source.healthTrack = { aggravated: count("*"), lethal: count("X") + count("x"), bashing: count("/") };
  }
  const wp = numeric(source.willpower);
  if (wp !== undefined) source.willpower = { points: wp, bonus: 0, spentThisTurn: false };
  return source;
}

/**
 * Weapon migration: an old numeric `again` (10/9/8) becomes its string choice; a `range` text
 * ("20/40/80", "20/40/80 yards", "18/36/73 m" — converted to whole yards) becomes `ranges`. A range
 * it cannot read is removed (the ranges keep their default) and noted in `notes`.
 */
export function migrateWeaponSource(source: Source, notesArg?: unknown): Source {
  const notes = notesOf(notesArg);
  if (!isObj(source)) return source;
  if (typeof source.again === "number") source.again = String(source.again);
  if (typeof source.range === "string" && !isObj(source.ranges)) {
    const r = readLengthList(source.range, "//", "yd");
    if (r) source.ranges = { short: Math.round(r[0]), medium: Math.round(r[1]), long: Math.round(r[2]) };
    else noteUnreadable(notes, "range", source.range);
    delete source.range;
  }
  return source;
}
