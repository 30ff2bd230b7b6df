/**
 * Numbers as the cards, sheets and dialogs print them: a signed modifier with a real minus sign, a
 * probability as a percentage that never claims a certainty the dice lack, and filled steps of a
 * track. Plain functions; the Handlebars helpers (src/foundry/templates/helpers.ts) call them.
 *
 * A number with a fraction is written as its reader writes it: a decimal comma for a Russian reader
 * ("12,5 м", "37,5 %"), a point for an English one ("12.5 m", "37.5%"). The reader's language is
 * passed in as plain data (the client's language code, "ru" or "en"); every fraction a player reads
 * goes through `formatDecimal` / `formatFixed` / `formatPercent` here, so this is the one place that
 * knows how.
 */

/** The sign a signed number is printed with: a real minus sign, as the rulebooks print "−1D". */
export const MINUS = "\u2212";

export function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** `+2`, `−1`, `0` (`+2,5` for a Russian reader); an empty string for something that is not a number. */
export function formatSigned(value: unknown, lang?: NumberLanguage): string {
  const n = toNumber(value);
  if (n === null) return "";
  if (n > 0) return `+${localizeDigits(String(n), lang)}`;
  if (n < 0) return `${MINUS}${localizeDigits(String(-n), lang)}`;
  return "0";
}

/** The reader's language, as the client names it ("en", "ru", "ru-RU"); anything else reads as English. */
export type NumberLanguage = string | null | undefined;

/** Whether a reader of `lang` writes a decimal comma (Russian) rather than a point. */
export function usesDecimalComma(lang: NumberLanguage): boolean {
  return typeof lang === "string" && lang.toLowerCase().startsWith("ru");
}

/** A number already written with a point ("12.5", "−0.25"), its decimal point as `lang` writes it. */
function localizeDigits(text: string, lang: NumberLanguage): string {
  return usesDecimalComma(lang) ? text.replace(".", ",") : text;
}

/** A number with a minus sign as the cards print one. */
function signless(n: number, text: (abs: number) => string): string {
  return n < 0 ? `${MINUS}${text(-n)}` : text(n);
}

/**
 * A number with at most `maxDecimals` places and no trailing zeros, as `lang` writes it: 12.5 →
 * "12,5" (ru) / "12.5" (en), 12 → "12", −0.5 → "−0,5". An empty string for something not a number.
 */
export function formatDecimal(value: unknown, lang?: NumberLanguage, maxDecimals = 2): string {
  const n = toNumber(value);
  if (n === null) return "";
  const d = Math.max(0, Math.min(6, Math.trunc(maxDecimals)));
  const rounded = Number(n.toFixed(d));
  if (rounded === 0) return "0";
  return signless(rounded, (abs) =>
    localizeDigits(
      abs
        .toFixed(d)
        .replace(/(\.\d*?)0+$/, "$1")
        .replace(/\.$/, ""),
      lang,
    ),
  );
}

/** A number with exactly `decimals` places, as `lang` writes it: 17.24 at 1 → "17,2" (ru) / "17.2" (en). */
export function formatFixed(value: unknown, decimals: number, lang?: NumberLanguage): string {
  const n = toNumber(value);
  if (n === null) return "";
  const d = Math.max(0, Math.min(6, Math.trunc(decimals)));
  const rounded = Number(n.toFixed(d));
  return signless(rounded === 0 ? 0 : rounded, (abs) => localizeDigits(abs.toFixed(d), lang));
}

/**
 * A probability (0…1) as a percentage with `decimals` places. A probability that is not exactly 0 or
 * 1 never prints as "0%" or "100%": it prints as "<0.1%" / ">99.9%" (at 1 decimal), so the odds never
 * claim a certainty the dice do not have. A Russian reader gets a decimal comma and the percent sign
 * after a no-break space, as Russian typography writes it: "37,5 %", "<0,1 %".
 */
export function formatPercent(value: unknown, decimals = 1, lang?: NumberLanguage): string {
  const p = toNumber(value);
  if (p === null) return "";
  const d = Math.max(0, Math.min(4, Math.trunc(decimals)));
  const clamped = Math.min(1, Math.max(0, p));
  const step = 10 ** -d;
  const pct = clamped * 100;
  const sign = usesDecimalComma(lang) ? "\u00a0%" : "%";
  const fixed = (x: number) => localizeDigits(x.toFixed(d), lang);
  if (clamped > 0 && pct < step / 2) return `<${fixed(step)}${sign}`;
  if (clamped < 1 && pct > 100 - step / 2) return `>${fixed(100 - step)}${sign}`;
  return `${fixed(pct)}${sign}`;
}

/** `max` steps, the first `value` of them filled — for Storytelling dots, health boxes, wound tracks. */
export function trackSteps(value: unknown, max: unknown): TrackStep[] {
  const m = toNumber(max);
  const v = toNumber(value) ?? 0;
  if (m === null || m <= 0) return [];
  const count = Math.min(Math.trunc(m), 100);
  return Array.from({ length: count }, (_, index) => ({ index, number: index + 1, filled: index < v }));
}

/** One step of a track (dots, health boxes, wound levels): `index` is 0-based, `number` 1-based. */
export interface TrackStep {
  index: number;
  number: number;
  filled: boolean;
}
