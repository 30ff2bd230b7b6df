/**
 * The D6 `migrateData` steps over a document's `system` source: older spellings of die codes and
 * wound levels read into today's shape; a value that cannot be read is noted and left to its default.
 */
import { looseNumber } from "../../../core/units";
import { noteUnreadable, notesOf } from "../../../core/unreadable";
import { type SchemaSpec } from "../../table/field-spec";
import { normalizeCode, parseDieCode, parseRanges, type DieCode, type WoundLevel } from "..";
import { ACTOR_SPECS, ATTRIBUTES, ITEM_SPECS } from "./schema";

// ---------------------------------------------------------------------------------------------
// Migration of older/looser shapes

/** Every path of a code field in a spec (`attributes.dexterity`, `code`, `crew.pilotCode`…). */
function codePaths(specs: SchemaSpec, prefix = ""): string[] {
  const out: string[] = [];
  for (const [key, spec] of Object.entries(specs)) {
    if (spec.kind !== "schema") continue;
    const keys = Object.keys(spec.fields);
    if (keys.length === 2 && keys.includes("dice") && keys.includes("pips")) out.push(prefix + key);
    else out.push(...codePaths(spec.fields, `${prefix}${key}.`));
  }
  return out;
}

function looseCode(value: unknown): DieCode | null {
  if (typeof value === "string") {
    try {
      const c = normalizeCode(parseDieCode(value));
      return c.dice >= 0 && c.pips >= 0 ? c : null;
    } catch {
      return null;
    }
  }
  if (typeof value === "number" && Number.isInteger(value) && value >= 0) return { dice: value, pips: 0 };
  if (value && typeof value === "object") {
    const { dice, pips } = value as { dice?: unknown; pips?: unknown };
    const d = Number(dice ?? 0);
    const p = Number(pips ?? 0);
    if (Number.isInteger(d) && Number.isInteger(p) && (p > 2 || p < 0)) {
      const n = normalizeCode({ dice: d, pips: p });
      return n.dice >= 0 && n.pips >= 0 ? n : null;
    }
  }
  return null;
}

/** Older wound names and spellings (v0 sheets stored e.g. "wounded2", "mortal", "dead"). */
const WOUND_ALIASES: Record<string, WoundLevel> = {
  wounded2: "wounded_twice",
  woundedTwice: "wounded_twice",
  mortal: "mortally_wounded",
  mortallyWounded: "mortally_wounded",
  dead: "killed",
  none: "healthy",
  "": "healthy",
};

/**
 * Normalises an older or looser `system` source in place and returns it (TypeDataModel.migrateData):
 *  - a die code written as text (`"4D+2"`) or a bare number of dice becomes `{dice, pips}`, and
 *    codes with 3+ pips are normalised (6D+4 → 7D+1);
 *  - wound levels written the old way (`wounded2`, `mortal`, `dead`) get today's names;
 *  - a weapon's ranges written as text (`"3-10/30/120"`, `"3–10/30/120 m"`, `"5,5-10/30/120"`,
 *    yards or feet converted to metres) become the four numbers;
 *  - an attribute kept under its three-letter name (`dex`, `per`…) moves to its full name.
 * What it cannot read (a code `"lots"`, ranges `"near/far"`) is removed, so the field takes its
 * default, and noted in `notes` (the world migration keeps it in `flags.omnibus.unmigrated`).
 */
export function migrateD6Source(type: string, source: Record<string, unknown>, notesArg?: unknown): Record<string, unknown> {
  const notes = notesOf(notesArg);
  if (!source || typeof source !== "object") return source;
  const specs = ACTOR_SPECS[type] ?? ITEM_SPECS[type];
  if (!specs) return source;
  const attrs = source.attributes as Record<string, unknown> | undefined;
  if (attrs && typeof attrs === "object") {
    for (const full of ATTRIBUTES) {
      const short = full.slice(0, 3);
      if (!(full in attrs) && short in attrs) {
        attrs[full] = attrs[short];
        delete attrs[short];
      }
    }
  }
  for (const path of codePaths(specs)) {
    const parts = path.split(".");
    let node: Record<string, unknown> | undefined = source;
    for (const p of parts.slice(0, -1))
      node = node && typeof node[p] === "object" && node[p] !== null ? (node[p] as Record<string, unknown>) : undefined;
    const last = parts[parts.length - 1];
    if (!node || !(last in node)) continue;
    const c = looseCode(node[last]);
    if (c) node[last] = c;
    else if (!isStoredCode(node[last])) {
      noteUnreadable(notes, path, node[last]);
      delete node[last];
    }
  }
  if (typeof source.woundLevel === "string" && Object.hasOwn(WOUND_ALIASES, source.woundLevel))
    source.woundLevel = WOUND_ALIASES[source.woundLevel];
  if (type === "d6_weapon" && typeof source.ranges === "string") {
    try {
      source.ranges = { ...parseRanges(source.ranges) };
    } catch {
      noteUnreadable(notes, "ranges", source.ranges);
      delete source.ranges;
    }
  }
  return source;
}

/** A code as the schema stores it (`{dice, pips}`, whole numbers, pips 0–2); null/undefined count as absent. */
function isStoredCode(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== "object" || Array.isArray(value)) return false;
  const { dice, pips } = value as { dice?: unknown; pips?: unknown };
  const whole = (v: unknown) => {
    const n = looseNumber(v);
    return v === undefined || (n !== undefined && Number.isInteger(n) && n >= 0);
  };
  return whole(dice) && whole(pips);
}
