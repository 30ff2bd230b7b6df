/**
 * The description a base sheet shows: the document's description in the reader's language
 * (language.ts `displayDescription`, from the stored source) as enriched HTML (secrets shown to
 * owners), or "" when it has none. One place for the actor and the item sheet.
 */
import { displayDescription, displayName, languageSubmit, type BilingualSource } from "../language";

/** The stored data the language choice reads (the source, not the prepared copy). */
export function bilingualSource(doc: Actor.Implementation | Item.Implementation): BilingualSource {
  const source = (doc as unknown as { _source?: BilingualSource })._source;
  return source ?? (doc as unknown as BilingualSource);
}

/** The client's language. */
export function readerLanguage(): string | undefined {
  return game.i18n?.lang;
}

/** The description the reader sees (raw HTML, the editor's value). */
export function readerDescription(doc: Actor.Implementation | Item.Implementation): string {
  return displayDescription(bilingualSource(doc), readerLanguage());
}

/** The name the reader sees. */
export function readerName(doc: { name?: string | null; flags?: unknown; _source?: unknown }): string {
  const source = ((doc as { _source?: BilingualSource })._source ?? doc) as BilingualSource;
  return displayName(source, readerLanguage());
}

/** A sheet's submit data with the name and description sent to the reader's language slots. */
export function readerSubmit(doc: Actor.Implementation | Item.Implementation, data: Record<string, unknown>): Record<string, unknown> {
  return languageSubmit(bilingualSource(doc), readerLanguage(), data);
}

export async function enrichDescription(doc: Actor.Implementation | Item.Implementation): Promise<string> {
  const description = readerDescription(doc);
  if (!description) return "";
  return foundry.applications.ux.TextEditor.implementation.enrichHTML(description, { secrets: doc.isOwner, relativeTo: doc });
}
