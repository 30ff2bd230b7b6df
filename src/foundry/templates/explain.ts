/**
 * The cards' "Explain" disclosure (issue 14): the pure resolvers' steps (src/core/explain.ts) as
 * i18n messages, and the legend of the dice styles a card shows. No Foundry global here: the
 * Handlebars helpers (helpers.ts) and the chat hook that re-words a card for its reader
 * (explain-view.ts) both use it.
 *
 * A step `{ code: "d6.pips", values: { pips: 2 } }` is the message `OMNIBUS.Explain.d6.pips` with
 * the values as format arguments; every number also comes signed as `<name>Signed` ("+2", "−1"),
 * for the steps that print a sign.
 */
import type { ExplainStep } from "../../core/explain";
import { formatDecimal, formatSigned, type NumberLanguage } from "../../rules/table/format";

export const EXPLAIN_KEY = "OMNIBUS.Explain";

/** The i18n key of a step. Codes are `<ruleset>.<name>`, letters only. */
export function explainKey(code: string): string {
  return `${EXPLAIN_KEY}.${code}`;
}

/**
 * A step's format arguments: its values as text, and each number signed as `<name>Signed`; a
 * fraction written as the reader of `lang` writes it ("1,5" in Russian, src/rules/table/format.ts).
 */
export function explainArgs(values: Record<string, number | string>, lang?: NumberLanguage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) {
    if (typeof v === "number") {
      out[k] = formatDecimal(v, lang, 2);
      out[`${k}Signed`] = formatSigned(Number(v.toFixed(2)), lang);
    } else out[k] = String(v);
  }
  return out;
}

/** Whether a value read back from a card's markup is a step (a code and flat values). */
export function isExplainStep(value: unknown): value is ExplainStep {
  if (typeof value !== "object" || value === null) return false;
  const s = value as { code?: unknown; values?: unknown };
  if (typeof s.code !== "string" || !/^[a-z][a-z0-9]*\.[A-Za-z]+$/.test(s.code)) return false;
  if (typeof s.values !== "object" || s.values === null || Array.isArray(s.values)) return false;
  return Object.values(s.values).every((v) => typeof v === "string" || (typeof v === "number" && Number.isFinite(v)));
}

/** The dice styles the legend explains, in the order it lists them (the classes of dice-faces.hbs). */
export const LEGEND_STYLES = [
  "wild",
  "cp",
  "kept",
  "bonus",
  "exploded",
  "again",
  "rote",
  "rerolled",
  "success",
  "discarded",
  "fumble",
] as const;

export interface LegendEntry {
  style: string;
  /** The face and sides of the first die on the card that carries the style: the swatch shows it. */
  face: number;
  sides: number;
  label: string;
}

/** The legend of a card's dice: one entry per style that at least one of `dice` carries. */
export function diceLegend(dice: unknown): LegendEntry[] {
  if (!Array.isArray(dice)) return [];
  const first = new Map<string, { face: number; sides: number }>();
  for (const d of dice) {
    if (typeof d !== "object" || d === null) continue;
    const { classes, face, sides } = d as { classes?: unknown; face?: unknown; sides?: unknown };
    if (typeof classes !== "string" || typeof face !== "number") continue;
    for (const c of classes.split(/\s+/)) if (!first.has(c)) first.set(c, { face, sides: typeof sides === "number" ? sides : 6 });
  }
  return LEGEND_STYLES.filter((s) => first.has(s)).map((style) => ({ style, ...first.get(style)!, label: `${EXPLAIN_KEY}.Dice.${style}` }));
}
