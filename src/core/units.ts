/**
 * Numbers and lengths as users type them, read once for every ruleset: migrations of older text
 * fields (`"3–10/30/120 m"`, `"20/40/80 yards"`, `"5,5 m"`) and scene distances measured in the
 * scene's units. Nothing here throws on junk: a reader answers a value or null/undefined.
 *
 * Accepted spellings:
 *  - numbers: `5`, `5.5`, `5,5` (decimal comma), `+3`, `-2`/`−2` (Unicode minus), `1 000` (a space,
 *    no-break or thin space between groups of three digits), `1,000` (a comma before exactly three
 *    digits groups thousands; any other comma is a decimal comma);
 *  - units (any case, a trailing dot ignored): metres `m`, `meter(s)`, `metre(s)`, `м`, `метр…`;
 *    kilometres `km`, `км`, `kilomet…`; yards `yd`, `yds`, `yard(s)`, `ярд…`; feet `ft`, `foot`,
 *    `feet`, `'`, `фт`, `фут…`; miles `mi`, `mile(s)`, `мил…`;
 *  - lists: numbers separated by dashes (`-`, `–`, `—`, `‒`, `―`) or slashes (`/`, `⁄`), spaces
 *    anywhere, one unit at the end (or the same unit after every number).
 */

export type LengthUnit = "m" | "km" | "yd" | "ft" | "mi";

/** Metres in one of each unit (the international yard and foot). */
export const METRES_PER_UNIT: Readonly<Record<LengthUnit, number>> = Object.freeze({
  m: 1,
  km: 1000,
  yd: 0.9144,
  ft: 0.3048,
  mi: 1609.344,
});

const UNIT_WORDS: ReadonlyArray<[RegExp, LengthUnit]> = [
  [/^(m|meters?|metres?|м|метр(|а|ов|ы))$/, "m"],
  [/^(km|kilomet(er|re)s?|км|километр(|а|ов|ы))$/, "km"],
  [/^(yd|yds|yards?|ярд(|а|ов|ы))$/, "yd"],
  [/^(ft|foot|feet|'|фт|фут(|а|ов|ы))$/, "ft"],
  [/^(mi|miles?|мил(я|и|ь))$/, "mi"],
];

/** The unit a word names (`"metres"`, `"yd."`, `"км"`), or null. */
export function lengthUnit(word: unknown): LengthUnit | null {
  if (typeof word !== "string") return null;
  const w = word.trim().toLowerCase().replace(/\.$/, "");
  for (const [re, unit] of UNIT_WORDS) if (re.test(w)) return unit;
  return null;
}

/** A length in `from` units as `to` units (exact factors; no rounding). */
export function convertLength(value: number, from: LengthUnit, to: LengthUnit): number {
  return from === to ? value : (value * METRES_PER_UNIT[from]) / METRES_PER_UNIT[to];
}

/** Rounds away floating-point noise (and nothing a table could tell apart): two decimals. */
export function roundLength(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * A distance measured in a scene's units, as yards (to 0.01). Units the reader does not know are
 * taken as yards (a grid in "squares" or "" counts one unit a yard).
 */
export function toYards(distance: number, units: string): number {
  const unit = lengthUnit(units) ?? "yd";
  return roundLength(convertLength(distance, unit, "yd"));
}

/** A distance measured in a scene's units, as metres (to 0.01); unknown units are taken as metres. */
export function toMetres(distance: number, units: string): number {
  const unit = lengthUnit(units) ?? "m";
  return roundLength(convertLength(distance, unit, "m"));
}

const SPACES = /[\s\u00a0\u2009\u202f]+/g;
const NUMBER_RE = /^[+-]?(?:\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+|\d{1,3}(?:,\d{3})+(?![\d,])|\d+)(?:[.,]\d+)?/;

/** Reads one number at the start of `text` (see the file comment); null when there is none. */
function leadingNumber(text: string): { value: number; rest: string } | null {
  const t = text.replace(/^[\u2212\u2013]/, "-"); // a minus typed as − (or an en dash) in front
  const m = NUMBER_RE.exec(t);
  if (!m) return null;
  let digits = m[0].replace(/[ \u00a0\u2009\u202f]/g, "");
  // A comma is a thousands separator only before groups of exactly three digits (1,000 / 12,500.5).
  if (/^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(digits)) digits = digits.replace(/,/g, "");
  else digits = digits.replace(",", ".");
  const value = Number(digits);
  return Number.isFinite(value) ? { value, rest: t.slice(m[0].length) } : null;
}

/**
 * A number from a number or from text (`" 5,5 "`, `"−2"`, `"+1"`, `"1 000"`); undefined for
 * anything else (including text with more than the number in it).
 */
export function looseNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  const read = leadingNumber(text);
  return read && read.rest.trim() === "" ? read.value : undefined;
}

/** A finite number as it is, anything else (NaN, text, absent) as `fallback`: for plain data read leniently. */
export function finiteOr(value: unknown, fallback = 0): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

/** A finite number cut to its whole part (toward zero), anything else as `fallback`. */
export function wholeOr(value: unknown, fallback = 0): number {
  return typeof value === "number" && Number.isFinite(value) ? Math.trunc(value) : fallback;
}

/** What `readLengths` found: the numbers, the separators between them (`-` or `/`), and the unit. */
export interface ReadLengths {
  values: number[];
  /** One character per gap: `-` for any dash, `/` for a slash (`"3-10/30/120"` → `"-//"`). */
  separators: string;
  /** The unit written, or null when none was. */
  unit: LengthUnit | null;
}

/**
 * Reads a list of lengths (`"3–10/30/120 m"`, `"20 / 40 / 80 yards"`, `"5,5 m"`); null when the
 * text is anything else (two different units, a word that is not a unit, a trailing separator…).
 * The numbers may not be negative (a leading `-` is not read as a minus here).
 */
export function readLengths(text: unknown): ReadLengths | null {
  if (typeof text !== "string" || text.length > 200) return null;
  let rest = text.replace(SPACES, " ").trim();
  const values: number[] = [];
  let separators = "";
  let unit: LengthUnit | null = null;
  for (;;) {
    if (!/^\d/.test(rest)) return null;
    const read = leadingNumber(rest);
    if (!read) return null;
    values.push(read.value);
    rest = read.rest.trimStart();
    const word = /^[^\d\s\-\u2010-\u2015/\u2044]+/.exec(rest);
    if (word) {
      const u = lengthUnit(word[0]);
      if (!u || (unit !== null && u !== unit)) return null;
      unit = u;
      rest = rest.slice(word[0].length).trimStart();
    }
    if (rest === "") break;
    const sep = /^[-\u2010-\u2015]|^[/\u2044]/.exec(rest);
    if (!sep) return null;
    separators += sep[0] === "/" || sep[0] === "\u2044" ? "/" : "-";
    rest = rest.slice(1).trimStart();
  }
  return { values, separators, unit };
}

/**
 * Reads lengths in the given shape (`separators`, e.g. `"-//"` for `S-M/L/X`, `"//"` for
 * `S/M/L`, `""` for one length) and converts them to `to`; text without a unit is in `assumed`
 * (default `to`). Null when the text has another shape.
 */
export function readLengthList(text: unknown, separators: string, to: LengthUnit, assumed: LengthUnit = to): number[] | null {
  const read = readLengths(text);
  if (!read || read.separators !== separators) return null;
  const from = read.unit ?? assumed;
  return read.values.map((v) => roundLength(convertLength(v, from, to)));
}

/** One length (`"5 metres"`, `"5,5 m"`, `"6 yd"`, or a bare number) in `to` units; null otherwise. */
export function readLength(value: unknown, to: LengthUnit, assumed: LengthUnit = to): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  const list = readLengthList(value, "", to, assumed);
  return list ? list[0] : null;
}

/**
 * A length the rules keep in yards, as a reader of a scene measured in `sceneUnits` reads it
 * (issue 14: convert for the rules, not for the reader): in the scene's unit when it is a length
 * unit, to 0.1; in yards when the scene's unit is yards or unknown (a grid of "squares").
 */
export function readerLength(yards: number, sceneUnits: string | null | undefined): { value: number; unit: LengthUnit } {
  const unit = lengthUnit(sceneUnits) ?? "yd";
  return { value: Math.round(convertLength(yards, "yd", unit) * 10) / 10, unit };
}

/** The unit each ruleset's books give lengths in (weapon ranges, moves): WFRP and Storytelling yards, the rest metres. */
export const RULESET_LENGTH_UNIT: Readonly<Record<string, LengthUnit>> = Object.freeze({
  wfrp: "yd",
  storytelling: "yd",
  d6: "m",
  silhouette: "m",
});

/** A ruleset's book unit (metres for one this table does not name). */
export function rulesetLengthUnit(ruleset: string): LengthUnit {
  return RULESET_LENGTH_UNIT[ruleset] ?? "m";
}

/** Lengths as a sheet shows them: in the book's unit, and as read on a scene measured in another length unit. */
export interface RangeReading {
  /** `OMNIBUS.Units.<unit>` of the book's unit (the stored numbers). */
  unitKey: string;
  /** The same lengths in the scene's unit (to 0.1), or null when the scene uses the book's unit or no length unit. */
  scene: { values: number[]; text: string; unitKey: string } | null;
}

/** `values` in `rulesUnit` for a reader of a scene measured in `sceneUnits` (issue 14: the rules keep the book's unit). */
export function rangeReading(values: readonly number[], rulesUnit: LengthUnit, sceneUnits: string | null | undefined): RangeReading {
  const unit = lengthUnit(sceneUnits);
  const scene =
    unit && unit !== rulesUnit
      ? (() => {
          const converted = values.map((v) => Math.round(convertLength(v, rulesUnit, unit) * 10) / 10);
          return { values: converted, text: converted.join(" / "), unitKey: `OMNIBUS.Units.${unit}` };
        })()
      : null;
  return { unitKey: `OMNIBUS.Units.${rulesUnit}`, scene };
}

/** A distance a scene measured in `sceneUnits`, in `rulesUnit` (to 0.01); a scene without a length unit counts one unit as one `rulesUnit`. */
export function sceneToRules(distance: number, sceneUnits: string | null | undefined, rulesUnit: LengthUnit): number {
  const unit = lengthUnit(sceneUnits) ?? rulesUnit;
  return roundLength(convertLength(distance, unit, rulesUnit));
}
