/**
 * `migrateData` steps of the `wfrp` data models as plain functions over a document's `system` source
 * (no Foundry global; the models call them, the tests call them on old data). Each step normalises an
 * older or looser shape in place and is idempotent: running it on current data changes nothing.
 *
 *  - Actors: a characteristic stored as a bare number (`ws: 35`) becomes `{ initial: 35, advances: 0 }`;
 *    `wounds: { value, max }` (the pre-`health` name) becomes `health`; Conditions stored as a list of
 *    ids (`["prone", "bleeding", "bleeding"]`) become counts; `fortune`/`resolve` above their maximum
 *    Fate/Resilience stay (the sheet shows them), but negative numbers become 0.
 *  - Weapons: `qualities`/`flaws` as a comma-separated string become lists (lower-case ids);
 *    `damage` as "+SB+4" becomes `{ damage: 4, addsStrengthBonus: true }`.
 *  - Armour: `ap` becomes `armourPoints`; a single `location` string becomes `locations: [location]`;
 *    "arms"/"legs" expand to both sides.
 *
 * A value a step cannot read (a characteristic "thirty", damage "+SB+d10") is removed, so the field
 * takes its default, and noted in `notes` (the world migration keeps it in `flags.omnibus.unmigrated`).
 */
import { CHARACTERISTICS, CONDITIONS } from "../index";
import { looseNumber } from "../../../core/units";
import { noteUnreadable, notesOf } from "../../../core/unreadable";

type Source = Record<string, unknown>;

const isRecord = (v: unknown): v is Source => typeof v === "object" && v !== null && !Array.isArray(v);

export function migrateActorSystem(source: Source, notesArg?: unknown): Source {
  const notes = notesOf(notesArg);
  if (!isRecord(source)) return source;
  const characteristics = source.characteristics;
  if (isRecord(characteristics)) {
    for (const id of CHARACTERISTICS) {
      const value = characteristics[id];
      if (typeof value === "number") characteristics[id] = { initial: value, advances: 0, modifier: 0 };
      else if (typeof value === "string") {
        const n = looseNumber(value);
        if (n !== undefined) characteristics[id] = { initial: Math.trunc(n), advances: 0, modifier: 0 };
        else {
          noteUnreadable(notes, `characteristics.${id}`, value);
          delete characteristics[id];
        }
      }
    }
  }
  if (isRecord(source.wounds) && !isRecord(source.health)) {
    source.health = { value: source.wounds.value, max: source.wounds.max };
    delete source.wounds;
  }
  if (Array.isArray(source.conditions)) {
    const counts: Record<string, number> = {};
    for (const id of source.conditions)
      if (typeof id === "string" && (CONDITIONS as readonly string[]).includes(id)) counts[id] = (counts[id] ?? 0) + 1;
    source.conditions = counts;
  }
  for (const key of ["fate", "fortune", "resilience", "resolve", "advantage", "criticalWounds"]) {
    if (typeof source[key] === "number" && (source[key] as number) < 0) source[key] = 0;
  }
  return source;
}

const splitList = (v: string) =>
  v
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => s.charAt(0).toLowerCase() + s.slice(1).replace(/\s+(\w)/g, (_, c: string) => c.toUpperCase()));

export function migrateWeaponSystem(source: Source, notesArg?: unknown): Source {
  const notes = notesOf(notesArg);
  if (!isRecord(source)) return source;
  for (const key of ["qualities", "flaws"]) if (typeof source[key] === "string") source[key] = splitList(source[key] as string);
  if (typeof source.damage === "string") {
    const match = /^\s*(\+?\s*SB\s*)?([+\-\u2212]?\s*\d+)\s*$/i.exec(source.damage);
    if (match) {
      source.addsStrengthBonus = Boolean(match[1]);
      source.damage = Number(match[2].replace(/\s+/g, "").replace("\u2212", "-"));
    } else {
      noteUnreadable(notes, "damage", source.damage);
      delete source.damage;
    }
  }
  return source;
}

const LOCATION_ALIASES: Record<string, string[]> = {
  arms: ["leftArm", "rightArm"],
  legs: ["leftLeg", "rightLeg"],
  head: ["head"],
  body: ["body"],
};

export function migrateArmourSystem(source: Source, notesArg?: unknown): Source {
  const notes = notesOf(notesArg);
  if (!isRecord(source)) return source;
  if (source.ap !== undefined && source.ap !== null && source.armourPoints === undefined) {
    const ap = looseNumber(source.ap);
    if (ap !== undefined) source.armourPoints = ap;
    else noteUnreadable(notes, "ap", source.ap);
    delete source.ap;
  }
  if (typeof source.location === "string" && source.locations === undefined) {
    source.locations = LOCATION_ALIASES[source.location] ?? [source.location];
    delete source.location;
  }
  if (Array.isArray(source.locations)) {
    source.locations = [
      ...new Set((source.locations as unknown[]).flatMap((l) => (typeof l === "string" ? (LOCATION_ALIASES[l] ?? [l]) : []))),
    ];
  }
  return source;
}
