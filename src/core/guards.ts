/**
 * Input guards for the public functions of src/core and src/rules: bad input becomes an
 * OmnibusError (`badArgument`, data `{ name, value }`), never a TypeError. One argument order for
 * all of them: the argument's name first, then its value, then any limits. Whole numbers are
 * `requireInt` (src/core/errors).
 */
import type { DiceSource } from "./dice";
import { describeValue, OmnibusError } from "./errors";

function refuse(name: string, what: string, value: unknown): never {
  throw new OmnibusError("badArgument", `${name} must be ${what}, got ${describeValue(value)}`, { name, value: describeValue(value) });
}

/** A required plain-data object (not null, not a list). */
export function requireObject<T extends object>(name: string, value: T): T;
export function requireObject<T extends object = Record<string, unknown>>(name: string, value: unknown): T;
export function requireObject(name: string, value: unknown): object {
  if (typeof value !== "object" || value === null || Array.isArray(value)) refuse(name, "an object", value);
  return value;
}

/** An options object that may be omitted: undefined or null → {} (all defaults); anything else must be an object. */
export function optionsObject<T extends object>(name: string, value: T | null | undefined): Partial<T> {
  return value === undefined || value === null ? {} : requireObject(name, value);
}

/** A required list; with `optional`, undefined → []. */
export function requireArray<T>(name: string, value: readonly T[] | undefined, optional?: boolean): readonly T[];
export function requireArray<T>(name: string, value: unknown, optional?: boolean): readonly T[];
export function requireArray(name: string, value: unknown, optional = false): readonly unknown[] {
  if (value === undefined && optional) return [];
  if (!Array.isArray(value)) refuse(name, "a list", value);
  return value;
}

export function requireString(name: string, value: unknown): string {
  if (typeof value !== "string") refuse(name, "text", value);
  return value;
}

export function requireBoolean(name: string, value: unknown): boolean {
  if (typeof value !== "boolean") refuse(name, "true or false", value);
  return value;
}

/** A true/false flag that may be absent (absent → false). */
export function optionalFlag(name: string, value: unknown): boolean {
  return value === undefined ? false : requireBoolean(name, value);
}

/** A finite number within [min, max] (decimals allowed). */
export function requireNumber(name: string, value: unknown, min = -Infinity, max = Infinity): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) {
    const what =
      min === 0 && max === Infinity
        ? "a non-negative number"
        : Number.isFinite(min) || Number.isFinite(max)
          ? `a number in ${min}…${max}`
          : "a finite number";
    refuse(name, what, value);
  }
  return value;
}

/** One of a fixed set of strings. */
export function oneOf<T extends string>(name: string, value: unknown, choices: readonly T[]): T {
  if (typeof value !== "string" || !(choices as readonly string[]).includes(value)) refuse(name, `one of ${choices.join(", ")}`, value);
  return value as T;
}

/** A key of a table (an own property name). */
export function keyOf<T extends object>(name: string, value: unknown, table: T): keyof T & string {
  return oneOf(name, value, Object.keys(table)) as keyof T & string;
}

/** A dice source (an object with `roll(sides)`). */
export function requireDice(name: string, value: DiceSource): DiceSource {
  if (typeof value !== "object" || value === null || typeof (value as Partial<DiceSource>).roll !== "function") {
    throw new OmnibusError("badArgument", `${name}: a dice source (with roll(sides)) is required`, { name });
  }
  return value;
}
