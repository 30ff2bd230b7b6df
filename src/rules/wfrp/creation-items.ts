/**
 * The items a WFRP 4e character's species and career give (core rulebook, chapter 2), and which of
 * them the system's packs hold that the character does not have yet (issue 16). Pure: the glue
 * hands in the pack items as plain data and creates what this returns.
 *
 * What is given without a choice: every species skill and first-level career skill whose
 * specialisation is named (an "any" specialisation is the player's pick), the species talents that
 * are no "A or B" choice, and the career's trappings that are no choice. The career's talents are
 * one of four, so none is added. A name is matched in either language: an item's own name and the
 * other language's name in its flags (`itemNames`), without a parenthesised specialisation.
 */
import { isRecord, textAt, type ItemLike } from "../build-types";
import { WFRP_CREATION, itemNames, lookup, talentNorm, type SkillRef, type WfrpCreationTable } from "./creation";

export type WantedKind = "skill" | "talent" | "trapping";

/** One item a character is given: a skill by its core id and specialisation, a talent or trapping by name. */
export interface WantedItem {
  kind: WantedKind;
  /** The table's name (talents, trappings) or the skill's id. */
  name: string;
  key?: string;
  spec?: string;
}

/** The item types each wanted kind may be found as. */
export const WANTED_TYPES: Record<WantedKind, readonly string[]> = {
  skill: ["wfrp_skill"],
  talent: ["wfrp_talent"],
  trapping: ["wfrp_trapping", "wfrp_weapon", "wfrp_armour"],
};

const skillWant = (r: SkillRef): WantedItem | null =>
  r.spec === "" ? null : { kind: "skill", name: r.key, key: r.key, ...(r.spec ? { spec: r.spec } : {}) };

/** What the species and career (names or ids, in either language) give without a choice; unknown ones give nothing. */
export function wantedItems(species: string, career: string, table: WfrpCreationTable = WFRP_CREATION): WantedItem[] {
  const sp = lookup(species, table.species)?.[1];
  const ca = lookup(career, table.careers)?.[1];
  const out: WantedItem[] = [];
  const seen = new Set<string>();
  const push = (w: WantedItem | null) => {
    if (!w) return;
    const id = `${w.kind}:${w.key ?? talentNorm(w.name)}:${(w.spec ?? "").toLowerCase()}`;
    if (seen.has(id)) return;
    seen.add(id);
    out.push(w);
  };
  for (const r of [...(sp?.skills ?? []), ...(ca?.skills ?? [])]) push(skillWant(r));
  for (const choice of sp?.talents ?? []) if (choice.length === 1) push({ kind: "talent", name: choice[0] });
  for (const choice of ca?.trappings ?? []) if (choice.length === 1) push({ kind: "trapping", name: choice[0] });
  return out;
}

const lc = (v: unknown) => textAt(v).trim().toLowerCase();
const sys = (i: ItemLike) => (isRecord(i.system) ? i.system : {});

/** Whether an item is the wanted one: a skill by id and specialisation, else by a name in either language. */
export function itemIsWanted(item: ItemLike, want: WantedItem): boolean {
  if (!WANTED_TYPES[want.kind].includes(textAt(item.type))) return false;
  if (want.kind === "skill") return lc(sys(item).key) === lc(want.key) && lc(sys(item).specialisation) === lc(want.spec ?? "");
  const norm = talentNorm(want.name);
  return itemNames(item).some((n) => talentNorm(n) === norm);
}

/** A pack skill that can be taken with the wanted specialisation: the same id, and its own specialisation or an open one. */
function packSkillFits(item: ItemLike, want: WantedItem): boolean {
  if (textAt(item.type) !== "wfrp_skill" || lc(sys(item).key) !== lc(want.key)) return false;
  const spec = lc(sys(item).specialisation);
  return spec === lc(want.spec ?? "") || (spec === "" && sys(item).grouped === true);
}

/** What to create: the wanted items the character lacks, each with the pack item it comes from; and what no pack holds. */
export function itemsToAdd<P extends ItemLike>(
  wanted: readonly WantedItem[],
  held: readonly ItemLike[],
  pack: readonly P[],
): { add: Array<{ want: WantedItem; from: P }>; missing: WantedItem[] } {
  const add: Array<{ want: WantedItem; from: P }> = [];
  const missing: WantedItem[] = [];
  for (const want of wanted) {
    if (held.some((h) => itemIsWanted(h, want))) continue;
    const from =
      want.kind === "skill"
        ? (pack.find((p) => itemIsWanted(p, want)) ?? pack.find((p) => packSkillFits(p, want)))
        : pack.find((p) => itemIsWanted(p, want));
    if (!from) {
      missing.push(want);
      continue;
    }
    // A held item named only in the other language is the same item when it bears one of the pack item's names.
    const packNames = itemNames(from).map(talentNorm);
    const sameName = (h: ItemLike) =>
      WANTED_TYPES[want.kind].includes(textAt(h.type)) && itemNames(h).some((n) => packNames.includes(talentNorm(n)));
    if (want.kind !== "skill" && held.some(sameName)) continue;
    add.push({ want, from });
  }
  return { add, missing };
}

/** A grouped skill's name with its specialisation in place of "(Any)": "Melee (Any)" + "Basic" → "Melee (Basic)". */
export function specialisedName(name: string, spec: string): string {
  const base = name.replace(/\s*\(.*\)\s*$/, "").trim();
  return spec ? `${base} (${spec})` : name;
}
