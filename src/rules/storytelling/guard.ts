/** Input guards shared by the ruleset's public functions: bad input becomes an OmnibusError. */
import type { DiceSource } from "../../core/dice";
import { describeValue, OmnibusError } from "../../core/errors";

/** A required plain-data object. */
export function obj<T extends object>(name: string, value: T): T {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new OmnibusError("badArgument", `${name} must be an object, got ${describeValue(value)}`, { name, value: describeValue(value) });
  }
  return value;
}

/** An optional options object: undefined → {}. */
export function opt<T extends object>(name: string, value: T | undefined): Partial<T> {
  return value === undefined ? {} : obj(name, value);
}

/** A required array. */
export function list<T>(name: string, value: readonly T[] | undefined, optional = false): readonly T[] {
  if (value === undefined && optional) return [];
  if (!Array.isArray(value)) throw new OmnibusError("badArgument", `${name} must be a list, got ${describeValue(value)}`, { name, value: describeValue(value) });
  return value;
}

/** A finite number within [min, max] (decimals allowed). */
export function num(name: string, value: number, min = 0, max = 100000): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) {
    throw new OmnibusError("badArgument", `${name} must be a number in ${min}…${max}, got ${describeValue(value)}`, { name, value: describeValue(value) });
  }
  return value;
}

/** One of a fixed set of strings. */
export function oneOf<T extends string>(name: string, value: unknown, choices: readonly T[]): T {
  if (typeof value !== "string" || !(choices as readonly string[]).includes(value)) {
    throw new OmnibusError("badArgument", `${name} must be one of ${choices.join(", ")}, got ${describeValue(value)}`, { name, value: describeValue(value) });
  }
  return value as T;
}

/** A key of a table (own property, string). */
export function keyOf<T extends object>(name: string, value: unknown, table: T): keyof T & string {
  return oneOf(name, value, Object.keys(table)) as keyof T & string;
}

/** A dice source. */
export function diceSource(value: DiceSource): DiceSource {
  if (typeof value !== "object" || value === null || typeof (value as DiceSource).roll !== "function") {
    throw new OmnibusError("badArgument", "a dice source (with roll(sides)) is required");
  }
  return value;
}

/** A boolean flag that may be absent. */
export function flag(name: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== "boolean") throw new OmnibusError("badArgument", `${name} must be true or false, got ${describeValue(value)}`, { name, value: describeValue(value) });
  return value;
}
