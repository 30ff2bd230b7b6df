/** Small input guards shared by the d6 rules: junk in → an OmnibusError out, never a TypeError. */
import { OmnibusError, describeValue } from "../../core/errors";

/** Options objects: `undefined`/`null` mean "all defaults". */
export function optionsOf<T extends object>(opts: T | null | undefined): Partial<T> {
  return (opts ?? {}) as Partial<T>;
}

export function requireArray<T>(value: unknown, name: string): readonly T[] {
  if (!Array.isArray(value)) throw new OmnibusError("badArgument", `${name} must be a list, got ${describeValue(value)}`, { name, value: describeValue(value) });
  return value as readonly T[];
}

export function requireRecord<T extends object>(value: unknown, name: string): T {
  if (typeof value !== "object" || value === null) throw new OmnibusError("badArgument", `${name} must be an object, got ${describeValue(value)}`, { name, value: describeValue(value) });
  return value as T;
}

export function requireString(value: unknown, name: string): string {
  if (typeof value !== "string") throw new OmnibusError("badArgument", `${name} must be text, got ${describeValue(value)}`, { name, value: describeValue(value) });
  return value;
}

export function requireBoolean(value: unknown, name: string): boolean {
  if (typeof value !== "boolean") throw new OmnibusError("badArgument", `${name} must be true or false, got ${describeValue(value)}`, { name, value: describeValue(value) });
  return value;
}

/** A finite, non-negative number (distances, times). */
export function requireDistance(value: unknown, name: string): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new OmnibusError("badArgument", `${name} must be a non-negative number, got ${describeValue(value)}`, { name, value: describeValue(value) });
  }
  return value;
}
