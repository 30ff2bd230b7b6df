/**
 * Russian names for the D6 compendium documents. Every pack document carries its Russian name in
 * `flags.omnibus.nameRu` (English in `name`). The least surprising place to use it: when a
 * document is created from that data (imported from a compendium, dragged onto the sidebar or an
 * actor) on a client whose language is Russian, it is created with the Russian name — embedded
 * items of an actor too — and keeps its English name in `flags.omnibus.nameEn`. The compendium
 * itself keeps the English names (one pack for every client); a world created in English keeps
 * English names. Rules that find items by name (a weapon's skill, first aid, Force skills) match
 * either name (check-logic.ts `itemNamed`). Plain functions; the adapter's preCreate hooks call them.
 */

interface NamedSource {
  name?: string;
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
  if (Array.isArray(source.items) && source.items.some((i) => renamed(i))) {
    update.items = source.items.map((item) => {
      const r = renamed(item);
      if (!r) return item;
      return { ...item, name: r.name, flags: { ...(item.flags ?? {}), omnibus: { ...(item.flags?.omnibus ?? {}), nameEn: r.nameEn } } };
    });
  }
  return Object.keys(update).length > 0 ? update : null;
}
