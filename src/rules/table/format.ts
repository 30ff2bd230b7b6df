/**
 * Numbers as the cards, sheets and dialogs print them: a signed modifier with a real minus sign, a
 * probability as a percentage that never claims a certainty the dice lack, and filled steps of a
 * track. Plain functions; the Handlebars helpers (src/foundry/templates/helpers.ts) call them.
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

/** `+2`, `−1`, `0`; an empty string for something that is not a number. */
export function formatSigned(value: unknown): string {
  const n = toNumber(value);
  if (n === null) return "";
  if (n > 0) return `+${n}`;
  if (n < 0) return `${MINUS}${-n}`;
  return "0";
}

/**
 * A probability (0…1) as a percentage with `decimals` places. A probability that is not exactly 0 or
 * 1 never prints as "0%" or "100%": it prints as "<0.1%" / ">99.9%" (at 1 decimal), so the odds never
 * claim a certainty the dice do not have.
 */
export function formatPercent(value: unknown, decimals = 1): string {
  const p = toNumber(value);
  if (p === null) return "";
  const d = Math.max(0, Math.min(4, Math.trunc(decimals)));
  const clamped = Math.min(1, Math.max(0, p));
  const step = 10 ** -d;
  const pct = clamped * 100;
  if (clamped > 0 && pct < step / 2) return `<${step.toFixed(d)}%`;
  if (clamped < 1 && pct > 100 - step / 2) return `>${(100 - step).toFixed(d)}%`;
  return `${pct.toFixed(d)}%`;
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
