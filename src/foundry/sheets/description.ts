/**
 * The description a base sheet shows: the document's `system.description` as enriched HTML
 * (secrets shown to owners), or "" when it has none. One place for the actor and the item sheet.
 */
import { rawDescription } from "./context";

export async function enrichDescription(doc: Actor.Implementation | Item.Implementation): Promise<string> {
  const description = rawDescription(doc.system as unknown as Record<string, unknown>);
  if (!description) return "";
  return foundry.applications.ux.TextEditor.implementation.enrichHTML(description, { secrets: doc.isOwner, relativeTo: doc });
}
