/**
 * Russian names for compendium documents, for every ruleset. Every pack document carries its Russian
 * name in `flags.omnibus.nameRu` (English in `name`). When a document of an Omnibus type is created
 * from such data (imported from a compendium, dragged onto the sidebar or an actor) on a client whose
 * language is Russian, it is created with the Russian name — an actor's embedded items too — and
 * keeps its English name in `flags.omnibus.nameEn`. The compendium itself keeps the English names (one
 * pack for every client); a world created in English keeps English names. Texts go the same way: a
 * pack document's Russian description (`flags.omnibus.descriptionRu`) and, for D6 Force powers, its
 * Russian difficulty (`flags.omnibus.difficultyRu`) replace `system.description` / `system.difficulty`
 * on a Russian client, the English kept in `flags.omnibus.descriptionEn` / `difficultyEn`.
 *
 * Anything that finds an item by its name must therefore accept either name: `itemNamed` /
 * `itemNames` / `hasName` here. Plain functions (no Foundry global at import); `registerRussianNames`
 * installs the preCreate hooks once for all rulesets (system.ts `installOmnibus`).
 */

interface NamedSource {
  name?: string;
  system?: Record<string, unknown>;
  flags?: { omnibus?: { nameRu?: unknown; nameEn?: unknown } & Record<string, unknown> } & Record<string, unknown>;
  items?: NamedSource[];
}

/** Russian texts a pack document may carry: the flag holding the Russian, and the system field it replaces. */
const RUSSIAN_TEXTS = [
  { flag: "descriptionRu", field: "description", kept: "descriptionEn" },
  { flag: "difficultyRu", field: "difficulty", kept: "difficultyEn" },
] as const;

/** The Russian texts of a source that differ from its current ones: field → Russian, and kept flag → English. */
function translatedTexts(source: NamedSource): Array<{ field: string; ru: string; kept: string; en: string }> {
  const flags = source.flags?.omnibus ?? {};
  return RUSSIAN_TEXTS.flatMap(({ flag, field, kept }) => {
    const ru = flags[flag];
    const en = source.system?.[field];
    return typeof ru === "string" && ru.trim() !== "" && typeof en === "string" && en !== ru ? [{ field, ru, kept, en }] : [];
  });
}

/** An embedded item's source with its Russian name and texts, or null when nothing changes. */
function russianItem(item: NamedSource): NamedSource | null {
  const r = renamed(item);
  const texts = translatedTexts(item);
  if (!r && texts.length === 0) return null;
  const omnibus: Record<string, unknown> = { ...(item.flags?.omnibus ?? {}) };
  const system: Record<string, unknown> = { ...(item.system ?? {}) };
  if (r) omnibus.nameEn = r.nameEn;
  for (const t of texts) {
    system[t.field] = t.ru;
    omnibus[t.kept] = t.en;
  }
  return { ...item, name: r ? r.name : item.name, ...(item.system ? { system } : {}), flags: { ...(item.flags ?? {}), omnibus } };
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
  for (const t of translatedTexts(source)) Object.assign(update, { [`system.${t.field}`]: t.ru, [`flags.omnibus.${t.kept}`]: t.en });
  if (Array.isArray(source.items)) {
    const items = source.items.map((item) => russianItem(item));
    if (items.some((i) => i !== null)) update.items = source.items.map((item, i) => items[i] ?? item);
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

/** Every name an item answers to: its own, and the English one it was created with (if renamed). */
export function itemNames(item: NamedItem): string[] {
  const flagged = (item.flags as { omnibus?: { nameEn?: unknown } } | undefined)?.omnibus?.nameEn;
  const names = [item.name, item.nameEn, flagged].filter((n): n is string => typeof n === "string" && n !== "");
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

/**
 * Installs the preCreateActor/preCreateItem hooks that apply `russianNameUpdate` to documents of
 * the types `isOmnibusType` accepts (every registered ruleset's types), using the client's language.
 */
export function registerRussianNames(isOmnibusType: (type: string) => boolean): void {
  for (const hook of ["preCreateActor", "preCreateItem"]) {
    Hooks.on(hook as never, ((document: { type?: string; updateSource(d: Record<string, unknown>): unknown }, data: Record<string, unknown>) => {
      if (!isOmnibusType(String(document.type ?? ""))) return;
      const update = russianNameUpdate(data as never, game.i18n?.lang);
      if (update) document.updateSource(update);
    }) as never);
  }
}
