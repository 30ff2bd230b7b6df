/**
 * D6 die codes («код кубиков»): `XD+Y` = roll X six-sided dice and add Y pips (digest §1, 000:L1363).
 *
 * A code keeps dice and pips separately, exactly as the seed writes sums such as `6D+3`
 * (000:L1443) and doublings such as `6D+4` (000:L847). `normalizeCode` applies the published
 * 3 pips = 1D (digest A-1): 6D+3 → 7D, 6D+4 → 7D+1; a code is always rolled normalised.
 */
import { OmnibusError, requireInt, describeValue } from "../../core/errors";

export interface DieCode {
  /** Number of six-sided dice (may be negative in a penalty such as −1D). */
  readonly dice: number;
  /** Pips added to the total (may be 3 or more before normalising, or negative). */
  readonly pips: number;
}

/** Largest number of dice a code may carry: far above any code in play (Death Star scale is 24D). */
export const MAX_CODE_DICE = 200;
export const PIPS_PER_DIE = 3;

export const ZERO_CODE: DieCode = Object.freeze({ dice: 0, pips: 0 });

/** Builds a checked code. */
export function dieCode(count: number, pips = 0): DieCode {
  requireInt("dice", count, -MAX_CODE_DICE, MAX_CODE_DICE);
  requireInt("pips", pips, -3 * MAX_CODE_DICE, 3 * MAX_CODE_DICE);
  return { dice: count, pips };
}

const CODE_RE = /^\s*([+-])?\s*(\d{1,4})\s*[dDдД]\s*(?:([+-])\s*(\d{1,4}))?\s*$/;
const PIPS_ONLY_RE = /^\s*([+-])\s*(\d{1,4})\s*$/;

/**
 * Parses `4D`, `3D+2`, `4d-1`, `+1D`, `-2D`, `0D+2` (and the Cyrillic «Д»), or a bare pip count
 * with a sign (`+2`). Throws `badDiceCode` for anything else.
 */
export function parseDieCode(text: string): DieCode {
  if (typeof text !== "string")
    throw new OmnibusError("badDiceCode", `a die code must be text, got ${describeValue(text)}`, { code: describeValue(text) });
  const m = CODE_RE.exec(text);
  if (m) {
    const sign = m[1] === "-" ? -1 : 1;
    const dice = Number(m[2]);
    const pips = m[4] === undefined ? 0 : (m[3] === "-" ? -1 : 1) * Number(m[4]);
    if (dice > MAX_CODE_DICE || Math.abs(pips) > 3 * MAX_CODE_DICE) {
      throw new OmnibusError("badDiceCode", `die code "${text}" is too large (at most ${MAX_CODE_DICE}D)`, { code: text });
    }
    return { dice: sign * dice || 0, pips: sign * pips || 0 };
  }
  const p = PIPS_ONLY_RE.exec(text);
  if (p) {
    const pips = (p[1] === "-" ? -1 : 1) * Number(p[2]);
    if (Math.abs(pips) > 3 * MAX_CODE_DICE) throw new OmnibusError("badDiceCode", `die code "${text}" is too large`, { code: text });
    return { dice: 0, pips };
  }
  throw new OmnibusError("badDiceCode", `"${text}" is not a D6 die code (like 4D, 3D+2, 2D-1)`, { code: text });
}

/** Throws `badDiceCode` unless `code` is a `{dice, pips}` object of whole numbers in range. */
export function requireCode(code: unknown, name = "code"): DieCode {
  const c = code as DieCode | null;
  if (
    typeof c !== "object" ||
    c === null ||
    !Number.isInteger(c.dice) ||
    !Number.isInteger(c.pips) ||
    Math.abs(c.dice) > 10 * MAX_CODE_DICE ||
    Math.abs(c.pips) > 30 * MAX_CODE_DICE
  ) {
    throw new OmnibusError("badDiceCode", `${name} must be a die code {dice, pips} of whole numbers, got ${describeValue(code)}`, {
      name,
      code: describeValue(code),
    });
  }
  return c;
}

/** The code as a count of pips: 1D = 3 pips. */
export function codeToPips(code: DieCode): number {
  requireCode(code);
  return code.dice * PIPS_PER_DIE + code.pips;
}

/** Pips to a normalised code with 0–2 pips (negative totals mirror: −4 pips → −1D−1). */
export function pipsToCode(pips: number): DieCode {
  requireInt("pips", pips);
  const sign = pips < 0 ? -1 : 1;
  const abs = Math.abs(pips);
  return { dice: sign * Math.floor(abs / PIPS_PER_DIE) || 0, pips: sign * (abs % PIPS_PER_DIE) || 0 };
}

/** 3 pips = 1D (digest A-1): 6D+3 → 7D, 6D+4 → 7D+1. */
export function normalizeCode(code: DieCode): DieCode {
  return pipsToCode(codeToPips(code));
}

/** Adds codes dice to dice and pips to pips, without normalising (000:L1443: 4D+1 + 2D+2 = 6D+3). */
export function addCodes(...codes: DieCode[]): DieCode {
  let dice = 0;
  let pips = 0;
  for (const c of codes) {
    requireCode(c);
    dice += c.dice;
    pips += c.pips;
  }
  return { dice, pips };
}

/** a − b, dice from dice and pips from pips (000:L117: 3D − 1D = 2D). */
export function subtractCodes(a: DieCode, b: DieCode): DieCode {
  requireCode(a);
  requireCode(b);
  return { dice: a.dice - b.dice, pips: a.pips - b.pips };
}

/** Doubles dice and pips, as a Force Point does (000:L847: 3D+2 → 6D+4). Not normalised. */
export function doubleCode(code: DieCode): DieCode {
  requireCode(code);
  return { dice: code.dice * 2, pips: code.pips * 2 };
}

/**
 * Halves a code, as hurrying does (000:L1327: 6D → 3D). Odd codes (digest A-2): halve the total
 * pips and round down, so 5D → 2D+1 and 4D+2 → 2D+1. The result is normalised.
 */
export function halveCode(code: DieCode): DieCode {
  const pips = codeToPips(code);
  return pipsToCode(pips >= 0 ? Math.floor(pips / 2) : -Math.floor(-pips / 2));
}

/** `n` dice: shorthand for a penalty or bonus of whole dice. */
export function diceOnly(n: number): DieCode {
  return dieCode(n, 0);
}

/** Writes a code the way the books do: `4D`, `3D+2`, `2D-1`, `+2` for pips only, `0D` for nothing. */
export function formatDieCode(code: DieCode): string {
  const { dice, pips } = requireCode(code);
  if (dice === 0 && pips !== 0) return pips > 0 ? `+${pips}` : `${pips}`;
  const head = `${dice}D`;
  if (pips === 0) return head;
  return pips > 0 ? `${head}+${pips}` : `${head}${pips}`;
}

export function codesEqual(a: DieCode, b: DieCode): boolean {
  requireCode(a);
  requireCode(b);
  return a.dice === b.dice && a.pips === b.pips;
}

/** Compares codes by strength: dice first, then pips (digest A-8, for initiative attribute ties). */
export function compareCodes(a: DieCode, b: DieCode): number {
  const na = normalizeCode(a);
  const nb = normalizeCode(b);
  return na.dice !== nb.dice ? na.dice - nb.dice : na.pips - nb.pips;
}

/** Parses a code given either as text or as a plain `{dice, pips}` object (Foundry data). */
export function toDieCode(value: string | DieCode): DieCode {
  if (typeof value === "string") return parseDieCode(value);
  if (value && typeof value === "object") return dieCode(value.dice, value.pips ?? 0);
  throw new OmnibusError("badDiceCode", `not a die code: ${describeValue(value)}`, { code: describeValue(value) });
}

/**
 * A melee or natural weapon's damage code (digest §23.1): `STR`, `STR+2D`, `STR+1D+2`, a fixed code
 * like `5D`, with an optional cap ("максимум 6D", 000:L393). The seed's `STR−1D` at 000:L393
 * describes adding a die (digest A-14); a minus is parsed as written — a negative add is allowed.
 */
export interface DamageCode {
  /** Whether the wielder's Strength is part of the code. */
  readonly strength: boolean;
  /** Dice and pips added to Strength (or the whole code when `strength` is false). */
  readonly add: DieCode;
  /** Upper limit on the total code, when the weapon has one. */
  readonly max?: DieCode;
}

const MAX_SUFFIX_RE = /^(.*?)[\s,;(]*(?:max(?:imum)?|макс(?:имум)?)\.?\s*([^)]*?)\s*\)?\s*$/i;
const STRENGTH_RE = /^(?:STR|СИЛ)\s*(.*)$/i;

/** Parses `STR+2D`, `STR+1D+2`, `STR`, `5D`, `STR+3D max 6D` / `STR+3D (max 6D)`. */
export function parseDamageCode(text: string): DamageCode {
  if (typeof text !== "string")
    throw new OmnibusError("badDiceCode", `a damage code must be text, got ${describeValue(text)}`, { code: describeValue(text) });
  let body = text.trim();
  let max: DieCode | undefined;
  const mm = MAX_SUFFIX_RE.exec(body);
  if (mm) {
    body = mm[1].trim();
    max = parseDieCode(mm[2]);
  }
  const sm = STRENGTH_RE.exec(body);
  if (sm) {
    const rest = sm[1].trim();
    if (rest !== "" && !/^[+-]/.test(rest)) {
      throw new OmnibusError("badDiceCode", `"${text}" is not a damage code (like STR+2D or 5D)`, { code: text });
    }
    const add = rest === "" ? ZERO_CODE : parseDieCode(rest);
    return max ? { strength: true, add, max } : { strength: true, add };
  }
  const add = parseDieCode(body);
  return max ? { strength: false, add, max } : { strength: false, add };
}

/**
 * The code to roll for a damage code, given the wielder's Strength. With a Force Point, only the
 * wielder's Strength is doubled, never the weapon's dice (000:L845–847: 3D+2 doubled + 2D = 6D+4 + 2D).
 * The cap applies to the total (000:L393).
 */
export function damageCodeFor(damage: DamageCode, strength: DieCode, opts: { forcePoint?: boolean } = {}): DieCode {
  if (typeof damage !== "object" || damage === null)
    throw new OmnibusError("badDiceCode", `not a damage code: ${describeValue(damage)}`, { code: describeValue(damage) });
  requireCode(damage.add, "damage.add");
  if (damage.max !== undefined) requireCode(damage.max, "damage.max");
  requireCode(strength, "strength");
  opts = opts ?? {};
  const str = !damage.strength ? ZERO_CODE : opts.forcePoint ? doubleCode(strength) : strength;
  const total = addCodes(str, damage.add);
  if (damage.max && codeToPips(total) > codeToPips(damage.max)) return damage.max;
  return total;
}
