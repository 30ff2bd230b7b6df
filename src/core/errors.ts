/**
 * The rules core's one error type. Every public function in src/core and src/rules either answers
 * or throws an OmnibusError — never anything else. `code` is stable and is the i18n key suffix the
 * Foundry side localizes (`OMNIBUS.Error.<code>`), with `data` as the format arguments; `message`
 * is plain English for the CLI.
 */
export type OmnibusErrorCode =
  | "badDiceCode"
  | "badArgument"
  | "faceOutOfRange"
  | "facesExhausted"
  | "facesUnused"
  | "unknownRuleset"
  | "unknownCommand"
  | "outOfRange"
  /** A roll that cannot be attempted, e.g. a die code reduced to 0D or less by penalties. */
  | "rollImpossible"
  /** Foundry side: the rolled dice do not match what the resolver asked for (wrong sides or count). */
  | "diceMismatch"
  /** Exact odds would take too long for this input (src/core/odds/budget.ts); the roll itself is fine. */
  | "oddsTooLarge"
  /**
   * A thing that is not allowed (not a malformed value): `data.key` names why, localized by the
   * Foundry side as `OMNIBUS.Refused.<key>` with the rest of `data`. Made by `refused()`.
   */
  | "refused";

export class OmnibusError extends Error {
  override readonly name = "OmnibusError";
  constructor(
    readonly code: OmnibusErrorCode,
    message: string,
    readonly data: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

/**
 * The error for a refusal: `key` is the `OMNIBUS.Refused.<key>` the player reads (with `data` as its
 * format arguments), `message` the plain English the CLI prints. `throw refused("RollKept", "this roll was already
 * kept")`.
 */
export function refused(key: string, message: string, data: Record<string, string | number> = {}): OmnibusError {
  return new OmnibusError("refused", message, { ...data, key });
}

/** Throws a badArgument error unless `value` is an integer within [min, max]. */
export function requireInt(name: string, value: unknown, min = -Infinity, max = Infinity): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    const range = `${Number.isFinite(min) ? min : "−∞"}…${Number.isFinite(max) ? max : "∞"}`;
    throw new OmnibusError("badArgument", `${name} must be a whole number in ${range}, got ${describeValue(value)}`, {
      name,
      value: describeValue(value),
      min: String(min),
      max: String(max),
    });
  }
  return value;
}

/** A value as text for an error message; never throws (junk input may have a broken toString). */
export function describeValue(value: unknown): string {
  try {
    if (typeof value === "string") return value;
    if (typeof value === "object" && value !== null) return JSON.stringify(value) ?? Object.prototype.toString.call(value);
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** How many unused faces an error message names; the rest are only counted. */
export const UNUSED_FACES_SHOWN = 5;

/**
 * The `facesUnused` error for faces a resolver did not consume: it says how many, and names at
 * most the first few (a 29,000-face list would otherwise make one 58 KB line).
 */
export function facesUnusedError(left: readonly unknown[]): OmnibusError {
  const n = left.length;
  const shown = left.slice(0, UNUSED_FACES_SHOWN).map(describeValue).join(",");
  const rest = n > UNUSED_FACES_SHOWN ? `,… (the first ${UNUSED_FACES_SHOWN} of ${n})` : "";
  return new OmnibusError("facesUnused", `${n} face(s) left unused: ${shown}${rest}`, { count: n, first: shown });
}
