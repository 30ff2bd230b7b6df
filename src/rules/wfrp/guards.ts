/** Input guards shared by the wfrp rules: bad shapes become OmnibusErrors, never TypeErrors. */
import type { DiceSource } from "../../core/dice";
import { describeValue, OmnibusError, requireInt } from "../../core/errors";

export function requireObject<T>(name: string, value: T): T {
  if (typeof value !== "object" || value === null) {
    throw new OmnibusError("badArgument", `${name} must be an object, got ${value === null ? "null" : typeof value}`, { name });
  }
  return value;
}

export function requireArray<T>(name: string, value: readonly T[]): readonly T[] {
  if (!Array.isArray(value)) throw new OmnibusError("badArgument", `${name} must be a list`, { name });
  return value;
}

export function requireDice(dice: DiceSource): DiceSource {
  if (typeof dice !== "object" || dice === null || typeof (dice as { roll?: unknown }).roll !== "function") {
    throw new OmnibusError("badArgument", "a dice source is required", { name: "dice" });
  }
  return dice;
}

export function requireBoolean(name: string, value: unknown): boolean {
  if (typeof value !== "boolean") throw new OmnibusError("badArgument", `${name} must be true or false`, { name, value: String(value) });
  return value;
}

export function requireString(name: string, value: unknown): string {
  if (typeof value !== "string") throw new OmnibusError("badArgument", `${name} must be a string`, { name });
  return value;
}

/**
 * `requireInt` (src/core/errors) for any input: a non-number is refused here with a safe message,
 * because requireInt's own message calls String() on the value, which throws a TypeError for
 * objects whose toString is not callable.
 */
export function int(name: string, value: unknown, min = -Infinity, max = Infinity): number {
  if (typeof value !== "number") {
    throw new OmnibusError("badArgument", `${name} must be a whole number, got ${typeof value === "object" ? (value === null ? "null" : "an object") : describeValue(value)}`, { name });
  }
  return requireInt(name, value, min, max);
}
