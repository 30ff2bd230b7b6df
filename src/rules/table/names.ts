/**
 * Russian names for compendium documents, for every ruleset. Every pack document carries its Russian
 * name in `flags.omnibus.nameRu` (English in `name`). When a document of an Omnibus type is created
 * from such data (imported from a compendium, dragged onto the sidebar or an actor) on a client whose
 * language is Russian, it is created with the Russian name — an actor's embedded items too — and
 * keeps its English name in `flags.omnibus.nameEn`. The compendium itself keeps the English names (one
 * pack for every client); a world created in English keeps English names.
 *
 * Anything that finds an item by its name must therefore accept either name: `itemNamed` /
 * `itemNames` / `hasName` here. Plain functions; src/foundry/names.ts `registerRussianNames`
 * installs the preCreate hooks once for all rulesets (system.ts `installOmnibus`).
 */

interface NamedSource {
  name?: string;
  prototypeToken?: { name?: unknown } & Record<string, unknown>;
  flags?: { omnibus?: { nameRu?: unknown; nameEn?: unknown } & Record<string, unknown> } & Record<string, unknown>;
  items?: NamedSource[];
}

/** The Russian name of a source and its English one, or null when it has none or already has it. */
function renamed(source: NamedSource): { name: string; nameEn: string } | null {
  const ru = source.flags?.omnibus?.nameRu;
  if (typeof ru !== "string" || ru.trim() === "" || typeof source.name !== "string" || source.name === ru) return null;
  return { name: ru, nameEn: source.name };
}

/**
 * The `updateSource` data that gives a document about to be created its Russian name(s) when the
 * client's language is `ru`; null when there is nothing to change.
 */
export function russianNameUpdate(source: NamedSource, language: string | undefined): Record<string, unknown> | null {
  if (language !== "ru" || !source) return null;
  const update: Record<string, unknown> = {};
  const own = renamed(source);
  if (own) Object.assign(update, { name: own.name, "flags.omnibus.nameEn": own.nameEn });
  // An actor's token takes the Russian name too when it was named after the actor.
  if (own && source.prototypeToken && source.prototypeToken.name === own.nameEn) update["prototypeToken.name"] = own.name;
  if (Array.isArray(source.items) && source.items.some((i) => renamed(i))) {
    update.items = source.items.map((item) => {
      const r = renamed(item);
      if (!r) return item;
      return { ...item, name: r.name, flags: { ...(item.flags ?? {}), omnibus: { ...(item.flags?.omnibus ?? {}), nameEn: r.nameEn } } };
    });
  }
  return Object.keys(update).length > 0 ? update : null;
}

/** An item as the name lookups read it: a Foundry document or a plain view of one. */
export interface NamedItem {
  name?: string | null;
  /** The English name a plain view copied from `flags.omnibus.nameEn`. */
  nameEn?: string | null;
  flags?: unknown;
}

/**
 * Every name an item answers to: its own (as shown, language.ts), the English one it was created
 * with (if renamed), its Russian name and its stored name.
 */
export function itemNames(item: NamedItem): string[] {
  const flags = (item.flags as { omnibus?: { nameEn?: unknown; nameRu?: unknown } } | undefined)?.omnibus;
  const stored = (item as { _source?: { name?: unknown } })._source?.name;
  const names = [item.name, item.nameEn, flags?.nameEn, flags?.nameRu, stored].filter(
    (n): n is string => typeof n === "string" && n !== "",
  );
  return [...new Set(names)];
}

const norm = (s: string) => s.trim().toLowerCase();

/** Whether an item answers to `name` (either name; case and surrounding spaces ignored). */
export function hasName(item: NamedItem, name: string): boolean {
  const n = norm(name);
  return itemNames(item).some((own) => norm(own) === n);
}

/** The first item of `type` that answers to `name` (either name), or null. */
export function itemNamed<T extends NamedItem & { type?: string }>(items: Iterable<T>, type: string, name: string): T | null {
  for (const item of items) if (item.type === type && hasName(item, name)) return item;
  return null;
}
