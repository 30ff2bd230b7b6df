/**
 * The Silhouette `migrateData` steps over a document's `system` source: older (looser) shapes of
 * characters, skills and weapons read into today's; a value that cannot be read is noted, not zeroed.
 */
import { looseNumber, readLength } from "../../../core/units";
import { noteUnreadable, notesOf } from "../../../core/unreadable";
import type { MigrationContext } from "../../table/types";
import { ATTRIBUTES, type AttributeKey, type Loose } from "./derive";

const ATTRIBUTE_ALIASES: Record<string, AttributeKey> = {
  agi: "agi",
  agility: "agi",
  app: "app",
  appearance: "app",
  bld: "bld",
  build: "bld",
  cre: "cre",
  creativity: "cre",
  fit: "fit",
  fitness: "fit",
  inf: "inf",
  influence: "inf",
  kno: "kno",
  knowledge: "kno",
  per: "per",
  perception: "per",
  psy: "psy",
  psyche: "psy",
  str: "str",
  strength: "str",
  will: "will",
  wil: "will",
  willpower: "will",
};

/**
 * An actor's `system` from an older shape: attributes under upper-case or long names ("FIT",
 * "Fitness") or as numeric strings; `wounds` as a single number (counted as light wounds); a
 * top-level `fit`/`agi`… Unknown keys are kept for the schema to drop. An attribute or wound count
 * it cannot read is removed (the default applies) and noted in `notes` (kept in
 * `flags.omnibus.unmigrated` by the world migration).
 */
export function migrateCharacterSource(source: Loose, notesArg?: unknown): Loose {
  const notes = notesOf(notesArg);
  if (!isObject(source)) return source;
  const out: Loose = { ...source };
  const attributes: Loose = isObject(source.attributes) ? { ...source.attributes } : {};
  const moveAttribute = (from: Loose, key: string) => {
    const target = ATTRIBUTE_ALIASES[key.toLowerCase()];
    if (!target) return;
    const raw = from[key];
    const n = looseNumber(isObject(raw) ? raw.value : raw);
    if (n !== undefined) attributes[target] = Math.trunc(n);
    else if (raw !== undefined && raw !== null) {
      noteUnreadable(notes, from === attributes ? `attributes.${key}` : key, raw);
      if (from === attributes) delete attributes[key];
    }
    if (key !== target) delete attributes[key];
  };
  for (const key of Object.keys(attributes)) moveAttribute(attributes, key);
  for (const key of Object.keys(source)) {
    if (ATTRIBUTE_ALIASES[key.toLowerCase()]) {
      moveAttribute(source, key);
      delete out[key];
    }
  }
  if (Object.keys(attributes).length > 0 || isObject(source.attributes)) out.attributes = attributes;
  const wounds = source.wounds;
  const woundCount = looseNumber(wounds);
  if (woundCount !== undefined) out.wounds = { light: Math.max(0, Math.trunc(woundCount)), heavy: 0, dead: false };
  else if (isObject(wounds)) {
    const w: Loose = { ...wounds };
    for (const k of ["light", "heavy"]) {
      const n = looseNumber(w[k]);
      if (n !== undefined) w[k] = Math.max(0, Math.trunc(n));
      else if (w[k] !== undefined && w[k] !== null) {
        noteUnreadable(notes, `wounds.${k}`, w[k]);
        delete w[k];
      }
    }
    out.wounds = w;
  } else if (wounds !== undefined && wounds !== null) {
    noteUnreadable(notes, "wounds", wounds);
    delete out.wounds;
  }
  for (const k of ["stamina", "systemShock", "maxLoad"]) {
    const n = looseNumber(source[k]);
    if (n !== undefined) out[k] = k === "maxLoad" ? Math.max(0, n) : Math.trunc(n);
    else if (source[k] !== undefined && source[k] !== null) {
      noteUnreadable(notes, k, source[k]);
      delete out[k];
    }
  }
  return out;
}

/**
 * Data version 3 (the ten attributes of the Silhouette CORE Rules): a character or NPC stored before
 * it gets every attribute it lacks at 0, APP, CRE, INF, KNO, PER and PSY above all. A value already
 * there is never touched (an unreadable one was noted and removed by `migrateCharacterSource`, so
 * its 0 here is the default, and the old value is kept in `flags.omnibus.unmigrated`). Returns a new
 * object; idempotent. Not for a partial source (a token's delta holds only what it overrides).
 */
export function fillAttributes(source: Loose): Loose {
  if (!isObject(source)) return source;
  const attributes: Loose = isObject(source.attributes) ? { ...source.attributes } : {};
  for (const key of ATTRIBUTES) if (attributes[key] === undefined || attributes[key] === null) attributes[key] = 0;
  return { ...source, attributes };
}

/** The data version that brought the ten attributes. */
export const TEN_ATTRIBUTES_VERSION = 3;

/**
 * The world migration step of the Silhouette adapter (`migration.migrateSystem`): from a version
 * below 3, a stored character's or NPC's `system` (already through `migrateData`) gets the
 * attributes it lacks at 0, in place. A token's partial delta is left alone.
 */
export function migrateSilhouetteSystem(system: Loose, context: Pick<MigrationContext, "kind" | "type" | "fromVersion" | "partial">): void {
  if (context.kind !== "Actor" || context.partial || context.fromVersion >= TEN_ATTRIBUTES_VERSION) return;
  if (context.type !== "silhouette_character" && context.type !== "silhouette_npc") return;
  system.attributes = fillAttributes(system).attributes;
}

/** A skill item's `system` from an older shape: `rating`/`dice` for the level, `attr` for the attribute, upper-case attributes. */
export function migrateSkillSource(source: Loose, notesArg?: unknown): Loose {
  const notes = notesOf(notesArg);
  if (!isObject(source)) return source;
  const out: Loose = { ...source };
  for (const old of ["rating", "dice"]) {
    if (out.level === undefined && source[old] !== undefined) out.level = source[old];
    delete out[old];
  }
  const level = looseNumber(out.level);
  if (level !== undefined) out.level = Math.trunc(level);
  else if (out.level !== undefined && out.level !== null) {
    noteUnreadable(notes, "level", out.level);
    delete out.level;
  }
  if (out.attribute === undefined && source.attr !== undefined) out.attribute = source.attr;
  delete out.attr;
  if (typeof out.attribute === "string")
    out.attribute =
      ATTRIBUTE_ALIASES[out.attribute.toLowerCase()] ??
      (out.attribute.toLowerCase() === "none" || out.attribute === "" ? "none" : out.attribute);
  return out;
}

/**
 * A weapon's `system` from an older shape: `damage`/`dm` for the multiplier, a single `range`
 * (a number or a length such as "25 m") for the base band, `blast`/`radius` (or a length such as
 * "5 metres", "5,5 m", "6 yd" — converted to metres) for the blast radius. A value it cannot read
 * is removed (the default applies) and noted in `notes` (kept in `flags.omnibus.unmigrated`).
 */
export function migrateWeaponSource(source: Loose, notesArg?: unknown): Loose {
  const notes = notesOf(notesArg);
  if (!isObject(source)) return source;
  const out: Loose = { ...source };
  for (const old of ["blast", "radius"]) {
    if (out.blastRadius === undefined && source[old] !== undefined) out.blastRadius = source[old];
    delete out[old];
  }
  if (typeof out.blastRadius === "string") {
    const n = readLength(out.blastRadius, "m");
    if (n !== null) out.blastRadius = Math.max(0, n);
    else {
      noteUnreadable(notes, "blastRadius", out.blastRadius);
      delete out.blastRadius;
    }
  }
  for (const old of ["damage", "dm"]) {
    if (out.damageMultiplier === undefined && source[old] !== undefined) out.damageMultiplier = source[old];
    delete out[old];
  }
  const range = source.range === undefined || source.range === null ? null : readLength(source.range, "m");
  if (range !== null && !isObject(source.ranges)) {
    out.ranges = { base: range, medium: 2 * range, long: 4 * range, extreme: 8 * range };
  } else if (range === null && source.range !== undefined && source.range !== null && !isObject(source.ranges))
    noteUnreadable(notes, "range", source.range);
  delete out.range;
  for (const k of ["rof", "accuracy", "damageMultiplier"]) {
    if (out[k] === undefined || out[k] === null) continue;
    const n = looseNumber(out[k]);
    if (n !== undefined) out[k] = Math.trunc(n);
    else {
      noteUnreadable(notes, k, out[k]);
      delete out[k];
    }
  }
  return out;
}

function isObject(value: unknown): value is Loose {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
