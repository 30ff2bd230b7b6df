/**
 * Compendium lists in the reader's language: on a Russian client the index entries of this
 * system's packs show their Russian names (`flags.omnibus.nameRu`), so the compendium window lists
 * and searches what the reader will get after dragging (the document itself is created with its
 * Russian name by names.ts). Only the in-memory index changes; the pack data is untouched.
 */
import { displayName, type BilingualSource } from "./language";

type IndexEntry = BilingualSource & { name?: string | null };

/** Gives index entries the names a reader of `lang` sees; returns how many changed. */
export function localizeIndexEntries(entries: Iterable<IndexEntry>, lang: string | undefined): number {
  let changed = 0;
  for (const entry of entries) {
    const shown = displayName(entry, lang);
    if (shown && shown !== entry.name) {
      entry.name = shown;
      changed++;
    }
  }
  return changed;
}

interface PackLike {
  metadata: { packageName?: string; packageType?: string };
  documentName: string;
  getIndex(options: { fields: string[] }): Promise<Iterable<IndexEntry>>;
}

/** Loads the name flags into the index of every pack of `systemId` and localizes its entries. */
export async function localizePackIndexes(packs: Iterable<PackLike>, systemId: string, lang: string | undefined): Promise<void> {
  if (!lang || lang === "en") return;
  for (const pack of packs) {
    if (pack.metadata.packageType !== "system" || pack.metadata.packageName !== systemId) continue;
    try {
      localizeIndexEntries(await pack.getIndex({ fields: ["flags.omnibus.nameRu", "flags.omnibus.nameEn"] }), lang);
    } catch (error) {
      console.warn(`Omnibus | could not read the index of a pack`, error);
    }
  }
}
