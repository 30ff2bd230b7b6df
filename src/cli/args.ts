import { OmnibusError } from "../core/errors";
import type { CliArgs } from "./types";

/** Reads a declared integer flag; `undefined` when absent. */
export function intFlag(args: CliArgs, name: string, expected = "a whole number"): number | undefined {
  const v = args.flags[name];
  if (v === undefined) return undefined;
  if (typeof v !== "string" || !/^[+-]?\d+$/.test(v)) {
    throw new OmnibusError("badArgument", `--${name} must be ${expected}, got "${String(v)}"`, { name, value: String(v) });
  }
  return Number(v);
}

/** Reads a declared number flag (decimals allowed); `undefined` when absent. */
export function numberFlag(args: CliArgs, name: string): number | undefined {
  const v = args.flags[name];
  if (v === undefined) return undefined;
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  if (!Number.isFinite(n)) {
    throw new OmnibusError("badArgument", `--${name} must be a number, got "${String(v)}"`, { name, value: String(v) });
  }
  return n;
}

export function stringFlag(args: CliArgs, name: string): string | undefined {
  const v = args.flags[name];
  return typeof v === "string" ? v : undefined;
}

export function boolFlag(args: CliArgs, name: string): boolean {
  return args.flags[name] === true;
}

/** Reads a string flag that must be one of `choices`. */
export function choiceFlag<T extends string>(args: CliArgs, name: string, choices: readonly T[]): T | undefined {
  const v = stringFlag(args, name);
  if (v === undefined) return undefined;
  if (!(choices as readonly string[]).includes(v)) {
    throw new OmnibusError("badArgument", `--${name} must be one of ${choices.join(", ")}, got "${v}"`, { name, value: v });
  }
  return v as T;
}

/** A required flag: throws when absent. */
export function required<T>(name: string, value: T | undefined): T {
  if (value === undefined) throw new OmnibusError("badArgument", `--${name} is required`, { name });
  return value;
}
