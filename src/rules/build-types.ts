/**
 * Shared shapes of character creation and advancement (issue 16), for every ruleset.
 *
 * A character is given exactly as the sheet and the packs hold it: an actor's `type`, `system`
 * and its embedded `items` (each with `name`, `type`, `system`). Nothing here knows Foundry.
 */
import { OmnibusError, describeValue } from "../core/errors";

export interface ItemLike {
  name?: unknown;
  type?: unknown;
  system?: unknown;
  flags?: unknown;
}

export interface ActorLike {
  name?: unknown;
  type?: unknown;
  system?: unknown;
  items?: unknown;
}

/** One creation rule a character breaks: a stable `code` (an i18n key suffix) and the numbers. */
export interface Breach {
  code: string;
  /** Plain English for the CLI and logs; the sheet localizes `code` with `values`. */
  message: string;
  values: Record<string, number | string>;
}

export interface CreationReport {
  ruleset: string;
  /** True when no rule is broken. */
  ok: boolean;
  breaches: Breach[];
  /** What was counted (points spent per pool, derived traits…), for the reader. */
  totals: Record<string, unknown>;
  /** What could not be checked (e.g. a career the table does not list); not a breach. */
  unchecked: string[];
}

export interface CostStep {
  from: string | number;
  to: string | number;
  cost: number;
}

export interface Cost {
  cost: number;
  steps: CostStep[];
}

export function breach(code: string, message: string, values: Record<string, number | string> = {}): Breach {
  return { code, message, values };
}

export function report(ruleset: string, breaches: Breach[], totals: Record<string, unknown>, unchecked: string[] = []): CreationReport {
  return { ruleset, ok: breaches.length === 0, breaches, totals, unchecked };
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The actor's `system` and items, or a badArgument error naming what is wrong. */
export function actorParts(actor: unknown, types: readonly string[]): { type: string; system: Record<string, unknown>; items: ItemLike[] } {
  if (!isRecord(actor))
    throw new OmnibusError("badArgument", `a character must be an object with "system" and "items", got ${describeValue(actor)}`);
  const type = typeof actor.type === "string" ? actor.type : "";
  if (type && !types.includes(type)) {
    throw new OmnibusError("badArgument", `"${type}" is not a character type here (one of ${types.join(", ")})`, {
      name: "type",
      value: type,
    });
  }
  if (!isRecord(actor.system)) throw new OmnibusError("badArgument", `a character needs a "system" object`, { name: "system" });
  const items = actor.items === undefined ? [] : actor.items;
  if (!Array.isArray(items) || !items.every(isRecord))
    throw new OmnibusError("badArgument", `"items" must be a list of objects`, { name: "items" });
  return { type, system: actor.system, items: items as ItemLike[] };
}

/** A whole number from plain data, or a badArgument error naming the path. */
export function intAt(value: unknown, path: string, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new OmnibusError("badArgument", `${path} must be a whole number, got ${describeValue(value)}`, {
      name: path,
      value: describeValue(value),
    });
  }
  return value;
}

export function textAt(value: unknown, fallback = ""): string {
  return typeof value === "string" ? value : fallback;
}

/** Sums a list of step costs. */
export function costOf(steps: CostStep[]): Cost {
  return { cost: steps.reduce((a, s) => a + s.cost, 0), steps };
}

/** An advancement table a GM edited: every key of the default present with the default's type. */
export function requireTable<T extends Record<string, unknown>>(name: string, table: unknown, defaults: T): T {
  if (!isRecord(table)) throw new OmnibusError("badArgument", `${name} must be an object`, { name });
  for (const [k, d] of Object.entries(defaults)) {
    const v = table[k];
    const ok = Array.isArray(d)
      ? Array.isArray(v) && v.every((x) => typeof x === "number" && Number.isFinite(x) && x >= 0) && v.length > 0
      : typeof v === typeof d && (typeof v !== "number" || (Number.isFinite(v) && v >= 0));
    if (!ok)
      throw new OmnibusError("badArgument", `${name}.${k} must be like ${JSON.stringify(d)}, got ${describeValue(v)}`, {
        name: `${name}.${k}`,
        value: describeValue(v),
      });
  }
  return table as T;
}
