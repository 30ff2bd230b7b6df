/**
 * The request fields of a `check` kind and their checks (issue 12): shared by every ruleset's kinds.
 */
import { OmnibusError } from "../../core/errors";
import en from "../../../lang/en.json";
import type { DiceSource } from "../../core/dice";
import type { PlainEffect } from "../../core/effects";

export type Req = Record<string, unknown>;
export type Field = { type: "int" | "number" | "string" | "boolean" | "object" | "list"; required?: boolean; about: string };

/** One kind: its request fields (for --help and the checks) and the function the table calls. */
export interface CheckKind {
  summary: string;
  /** The table code that builds the same request and the pure function both call. */
  table: string;
  fields: Record<string, Field>;
  run(request: Req, dice: DiceSource): { json: Record<string, unknown>; text: string };
}

const isType = (v: unknown, t: Field["type"]): boolean =>
  t === "int"
    ? Number.isInteger(v)
    : t === "number"
      ? typeof v === "number" && Number.isFinite(v)
      : t === "list"
        ? Array.isArray(v)
        : t === "object"
          ? typeof v === "object" && v !== null && !Array.isArray(v)
          : typeof v === t;

/** Checks a request against a kind's fields: one clear error naming the first bad field. */
export function checkRequestFields(kind: string, fields: Record<string, Field>, request: unknown): Req {
  if (typeof request !== "object" || request === null || Array.isArray(request))
    throw new OmnibusError("badArgument", `the ${kind} request must be a JSON object`, { name: "request" });
  const r = request as Req;
  for (const key of Object.keys(r)) {
    if (!Object.hasOwn(fields, key))
      throw new OmnibusError("badArgument", `request field "${key}" is not one of ${kind}'s (${Object.keys(fields).join(", ")})`, {
        name: key,
      });
  }
  for (const [key, f] of Object.entries(fields)) {
    if (!Object.hasOwn(r, key) || r[key] === undefined) {
      if (f.required) throw new OmnibusError("badArgument", `request field "${key}" is missing (${f.about})`, { name: key });
      continue;
    }
    if (r[key] === null && !f.required) continue;
    if (!isType(r[key], f.type))
      throw new OmnibusError(
        "badArgument",
        `request field "${key}" must be ${f.type === "int" ? "a whole number" : f.type === "object" ? "an object" : `a ${f.type}`}`,
        {
          name: key,
        },
      );
  }
  return r;
}

/** The `{id, …}` entries of a surprise request's list field, each an object with a string id. */
export function entries(r: Req, name: string): Array<Record<string, unknown> & { id: string }> {
  const list = (r[name] ?? []) as unknown[];
  return list.map((e, i) => {
    if (typeof e !== "object" || e === null || typeof (e as { id?: unknown }).id !== "string")
      throw new OmnibusError("badArgument", `request field "${name}[${i}]" must be an object with a string id`, { name });
    return e as Record<string, unknown> & { id: string };
  });
}

const bad = (name: string, message: string) => new OmnibusError("badArgument", `request field "${name}" ${message}`, { name });

/**
 * A request's `settings` over the world's defaults: every key one of the defaults' and of the same
 * type, so a misspelt setting is an error and not a silent default.
 */
export function settingsOver<T extends object>(value: unknown, defaults: T, name = "settings"): T {
  if (value === undefined || value === null) return { ...defaults };
  if (typeof value !== "object" || Array.isArray(value)) throw bad(name, "must be an object");
  const out: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [key, v] of Object.entries(value)) {
    if (!Object.hasOwn(defaults, key)) throw bad(`${name}.${key}`, `is not a setting (${Object.keys(defaults).join(", ")})`);
    const d = (defaults as Record<string, unknown>)[key];
    if (typeof v !== typeof d) throw bad(`${name}.${key}`, `must be a ${typeof d}`);
    out[key] = v;
  }
  return out as T;
}

/** Plain actor data as the sheet builds it (`{name, type, system, items?, effects?}`). */
export interface PlainActor {
  uuid?: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
  items: Array<{ id: string; name: string; type: string; system: Record<string, unknown> }>;
  effects?: PlainEffect[];
}

/** Reads an actor's plain data from a request field; `type` defaults to `fallbackType`. */
export function plainActor(value: unknown, name: string, fallbackType: string): PlainActor {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw bad(name, "must be an actor's plain data object");
  const a = value as Record<string, unknown>;
  const system = a.system ?? {};
  if (typeof system !== "object" || system === null || Array.isArray(system)) throw bad(`${name}.system`, "must be an object");
  const items = a.items ?? [];
  if (!Array.isArray(items)) throw bad(`${name}.items`, "must be a list");
  items.forEach((item: unknown, i) => {
    const it = item as Record<string, unknown> | null;
    if (typeof it !== "object" || it === null || typeof it.name !== "string" || typeof it.type !== "string")
      throw bad(`${name}.items[${i}]`, "must be an object with a string name and type");
    if (it.system !== undefined && (typeof it.system !== "object" || it.system === null))
      throw bad(`${name}.items[${i}].system`, "must be an object");
  });
  if (a.effects !== undefined && !Array.isArray(a.effects)) throw bad(`${name}.effects`, "must be a list");
  return {
    ...(a as object),
    name: typeof a.name === "string" ? a.name : name,
    type: typeof a.type === "string" ? a.type : fallbackType,
    system: system as Record<string, unknown>,
    items: (items as Array<Record<string, unknown>>).map((it, i) => ({
      ...it,
      id: typeof it.id === "string" ? it.id : `item${i}`,
      name: it.name as string,
      type: it.type as string,
      system: (it.system ?? {}) as Record<string, unknown>,
    })),
  } as PlainActor;
}

/**
 * An actor's plain data as a sheet's view of it (the shape the WFRP `actorView` and the Storytelling
 * snapshot share): its uuid (`Actor.<name>` when none is given), no images, its items, and its
 * `statuses` when given (a list, or a bad field).
 */
export function sheetView(value: unknown, name: string, fallbackType: string) {
  const a = plainActor(value, name, fallbackType);
  const raw = value as Req;
  if (raw.statuses !== undefined && !Array.isArray(raw.statuses)) throw bad(`${name}.statuses`, "must be a list");
  return {
    view: {
      uuid: typeof raw.uuid === "string" ? raw.uuid : `Actor.${name}`,
      name: a.name,
      img: "",
      type: a.type,
      system: a.system,
      items: a.items.map((i) => ({ id: i.id, name: i.name, type: i.type, img: null, system: i.system })),
    },
    statuses: raw.statuses as string[] | undefined,
    actor: a,
    raw,
  };
}

/** The object entries of a list field (each must be an object). */
export function objects(r: Req, name: string): Array<Record<string, unknown>> {
  const list = (r[name] ?? []) as unknown[];
  return list.map((e, i) => {
    if (typeof e !== "object" || e === null || Array.isArray(e)) throw bad(`${name}[${i}]`, "must be an object");
    return e as Record<string, unknown>;
  });
}

/** An optional whole-number or number sub-field. */
export function numberAt(e: Record<string, unknown>, key: string, where: string, int = false): number | undefined {
  const v = e[key];
  if (v === undefined || v === null) return undefined;
  if (int ? !Number.isInteger(v) : typeof v !== "number" || !Number.isFinite(v))
    throw bad(`${where}.${key}`, int ? "must be a whole number" : "must be a number");
  return v as number;
}

export { bad as badField };

/** A table refusal (an i18n key and its data) as the English sentence a player reads; exits 2. */
export function refusal(r: { refused: string; data?: Record<string, string | number> }): OmnibusError {
  let node: unknown = en;
  for (const part of r.refused.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  const text = typeof node === "string" ? node.replace(/\{(\w+)\}/g, (_, k: string) => String(r.data?.[k] ?? "")) : r.refused;
  return new OmnibusError("outOfRange", text, {});
}
