/**
 * Weapon bookkeeping (digest §26–29): ammunition (001:L1), fire rate (001:L2–3, A-40), blast
 * zones (000:L549–557, A-21), and grenades: fuses, deviation (000:L575–583, A-39) and throwing
 * back (000:L593–599, A-23).
 */
import type { DiceSource } from "../../core/dice";
import { OmnibusError, requireInt, describeValue } from "../../core/errors";
import { parseDieCode, type DieCode } from "./dice-code";
import { checkRanges, type RangeBand, type WeaponRanges } from "./ranges";
import { requireObject } from "../../core/guards";
import { rollPlainDice } from "./roll";

// ---------------------------------------------------------------------------------------------
// Ammunition (§26)

/**
 * Spends `shots` from a weapon holding `ammo`: the weapon is empty at 0 and must be reloaded
 * (one action, 001:L1). Throws `outOfRange` when there is not enough left; changes nothing then.
 */
export function spendAmmo(ammo: number, shots = 1): number {
  requireInt("ammo", ammo, 0);
  requireInt("shots", shots, 1);
  if (shots > ammo) {
    throw new OmnibusError(
      "outOfRange",
      ammo === 0 ? "the weapon is empty: reload it (one action)" : `only ${ammo} shot(s) left, ${shots} asked`,
      { name: "shots", value: shots, max: ammo },
    );
  }
  return ammo - shots;
}

/** Reloading fills the weapon and takes one action (001:L1), counted in the multiple-action penalty (000:L1243). */
export function reload(capacity: number): { ammo: number; actions: 1 } {
  requireInt("capacity", capacity, 1);
  return { ammo: capacity, actions: 1 };
}

// ---------------------------------------------------------------------------------------------
// Fire rate (§27)

/** `null`: no limit (each shot is an action). Otherwise `shots` per `rounds`: 3 = {3, 1}, 1/2 = {1, 2}. */
export type FireRate = { shots: number; rounds: number } | null;

/**
 * Parses a fire rate: empty → no limit; `3` → 3 per round; `1/2` → once every two rounds. The
 * seed's "21" and "51" are 1/2 and 1/5 with the slash lost: write them with the slash.
 */
export function parseFireRate(text: string | number | null | undefined): FireRate {
  if (text === null || text === undefined || (typeof text === "string" && text.trim() === "")) return null;
  const s = (typeof text === "string" ? text : typeof text === "number" ? describeValue(text) : describeValue(text)).trim();
  let m = /^(\d{1,3})$/.exec(s);
  if (m && Number(m[1]) >= 1) return { shots: Number(m[1]), rounds: 1 };
  m = /^1\s*\/\s*(\d{1,3})$/.exec(s);
  if (m && Number(m[1]) >= 1) return { shots: 1, rounds: Number(m[1]) };
  throw new OmnibusError("badArgument", `fire rate "${s}" must be a whole number of shots per round or a fraction like 1/2`, {
    name: "fireRate",
    value: s,
  });
}

/**
 * Whether a weapon may fire now (001:L2–3). `shotsThisRound`: shots already fired this round;
 * `lastFiredRound`: the round it last fired (null: never). D-12: 1/2 fired in round 5 → round 7, not 6.
 */
export function canFire(rate: FireRate, state: { round: number; shotsThisRound: number; lastFiredRound: number | null }): boolean {
  requireObject("state", state);
  if (rate !== null) {
    requireObject("fire rate", rate);
    requireInt("fire rate shots", rate.shots, 1);
    requireInt("fire rate rounds", rate.rounds, 1);
  }
  requireInt("round", state.round);
  requireInt("shotsThisRound", state.shotsThisRound, 0);
  if (state.lastFiredRound !== null) requireInt("lastFiredRound", state.lastFiredRound);
  if (rate === null) return true;
  if (rate.rounds === 1) return state.shotsThisRound < rate.shots;
  if (state.shotsThisRound > 0) return false;
  return state.lastFiredRound === null || state.round - state.lastFiredRound >= rate.rounds;
}

// ---------------------------------------------------------------------------------------------
// Blast radius (§28)

export interface BlastZone {
  /** Outer edge of the zone in metres (inclusive). */
  radius: number;
  damage: DieCode;
}

/** Parses blast zones: radii `0-2/4/6/10` (or `5`) with damage `5D/4D/3D/2D` (or `4D`) (000:L555). */
export function parseBlastZones(radii: string, damage: string): BlastZone[] {
  const rs = (typeof radii === "string" ? radii : describeValue(radii))
    .trim()
    .replace(/^0\s*[-–]\s*/, "")
    .split("/")
    .map((x) => x.trim());
  const ds = (typeof damage === "string" ? damage : describeValue(damage))
    .trim()
    .split("/")
    .map((x) => x.trim());
  if (rs.length !== ds.length || rs.some((r) => !/^\d+(\.\d+)?$/.test(r))) {
    const shown = `${describeValue(radii)} ${describeValue(damage)}`;
    throw new OmnibusError(
      "badArgument",
      `blast radii "${describeValue(radii)}" and damage "${describeValue(damage)}" must list the same number of zones`,
      { name: "blast", value: shown },
    );
  }
  const zones = rs.map((r, i) => ({ radius: Number(r), damage: parseDieCode(ds[i]) }));
  checkBlastZones(zones);
  return zones;
}

function checkBlastZones(zones: readonly BlastZone[]): void {
  if (!Array.isArray(zones) || zones.length === 0)
    throw new OmnibusError("badArgument", "a blast needs at least one zone", { name: "zones" });
  let prev = -1;
  for (const z of zones) {
    if (typeof z?.radius !== "number" || !Number.isFinite(z.radius) || z.radius <= prev || z.radius < 0) {
      throw new OmnibusError("badArgument", "blast zone radii must increase", { name: "zones" });
    }
    prev = z.radius;
  }
}

/**
 * The zone a distance from the blast point falls in (A-21: zone i covers (previous edge, edge i],
 * the first from 0). `null` beyond the last edge. T-44: 5D/4D/3D/2D at 0-2/4/6/10 for 0, 2, 3, 4,
 * 5, 6, 7, 10, 11 m → 5D, 5D, 4D, 4D, 3D, 3D, 2D, 2D, none.
 */
export function blastZone(distance: number, zones: readonly BlastZone[]): { zone: number; damage: DieCode } | null {
  if (typeof distance !== "number" || !Number.isFinite(distance) || distance < 0) {
    throw new OmnibusError("badArgument", `distance must be a non-negative number of metres, got ${describeValue(distance)}`, {
      name: "distance",
      value: describeValue(distance),
    });
  }
  checkBlastZones(zones);
  const i = zones.findIndex((z) => distance <= z.radius);
  return i < 0 ? null : { zone: i, damage: zones[i].damage };
}

// ---------------------------------------------------------------------------------------------
// Grenades (§29)

/**
 * Grenade deviation directions (A-39 proposed default; the seed's diagram is missing and gives
 * only 4 = toward the thrower, 000:L583): 1 beyond, 2 beyond-right, 3 short-right, 4 short,
 * 5 short-left, 6 beyond-left — a hex around the target, clockwise, in 60° steps.
 */
export type DeviationDirection = "beyond" | "beyond_right" | "short_right" | "short" | "short_left" | "beyond_left";
export const DEVIATION_DIRECTIONS: readonly DeviationDirection[] = [
  "beyond",
  "beyond_right",
  "short_right",
  "short",
  "short_left",
  "beyond_left",
];

/** Deviation distance dice by range band (000:L579): point-blank or short 1D m, medium 2D, long 3D. */
export function deviationDice(band: RangeBand): number {
  switch (band) {
    case "point_blank":
    case "short":
      return 1;
    case "medium":
      return 2;
    case "long":
      return 3;
    default:
      throw new OmnibusError("outOfRange", "a throw out of range does not land near the target", {
        name: "band",
        value: describeValue(band),
      });
  }
}

export interface GrenadeDeviation {
  directionFace: number;
  direction: DeviationDirection;
  distanceFaces: number[];
  /** Metres from the target point. */
  deviation: number;
  /** Offset along the thrower→target line (positive: beyond) and across it (positive: right), metres. */
  forward: number;
  right: number;
  /** Distance of the landing point from the thrower, metres. */
  fromThrower: number;
}

/**
 * Rolls where a missed grenade lands (000:L575–583). Faces: 1D direction, then the distance dice.
 * T-46: target 20 m (medium), direction 4, 2D = 7 → lands 13 m from the thrower.
 */
export function rollGrenadeDeviation(targetDistance: number, band: RangeBand, dice: DiceSource): GrenadeDeviation {
  if (typeof targetDistance !== "number" || !Number.isFinite(targetDistance) || targetDistance < 0) {
    throw new OmnibusError("badArgument", `target distance must be a non-negative number, got ${describeValue(targetDistance)}`, {
      name: "targetDistance",
      value: describeValue(targetDistance),
    });
  }
  const n = deviationDice(band);
  const directionFace = dice.roll(6);
  const r = rollPlainDice(n, dice);
  const angle = ((directionFace - 1) * Math.PI) / 3;
  const round = (x: number): number => Math.round(x * 1000) / 1000;
  const forward = round(Math.cos(angle) * r.total);
  const right = round(Math.sin(angle) * r.total);
  const fromThrower = round(Math.hypot(targetDistance + forward, right));
  return {
    directionFace,
    direction: DEVIATION_DIRECTIONS[directionFace - 1],
    distanceFaces: r.faces,
    deviation: r.total,
    forward,
    right,
    fromThrower,
  };
}

/** Fuses (000:L573): a contact grenade explodes on impact; a timer under 5 s at the end of the round it was thrown; otherwise after the set time. */
export function grenadeExplodes(fuse: { contact: true } | { contact?: false; timerSeconds: number }): {
  when: "on_impact" | "end_of_round" | "after_timer";
  seconds: number;
} {
  requireObject("fuse", fuse);
  if (fuse.contact) return { when: "on_impact", seconds: 0 };
  const t = fuse.timerSeconds;
  if (typeof t !== "number" || !Number.isFinite(t) || t < 0)
    throw new OmnibusError("badArgument", `timer must be a non-negative number of seconds`, {
      name: "timerSeconds",
      value: describeValue(t),
    });
  return t < 5 ? { when: "end_of_round", seconds: t } : { when: "after_timer", seconds: t };
}

/**
 * Throwing a grenade "as far as possible" (000:L595): it flies the grenade (or Dexterity) total in
 * metres, capped at the long range by default. T-48: 13 → 13 m.
 */
export function throwDistance(total: number, ranges: WeaponRanges | null, opts: { capAtLong?: boolean } = {}): number {
  requireInt("total", total);
  const d = Math.max(0, total);
  if (ranges === null || ranges === undefined) return d;
  const r = checkRanges(ranges);
  return ((opts ?? {}).capAtLong ?? true) ? Math.min(d, r.long) : d;
}

/** Not seeing the landing point adds +5 to +10 to the difficulty (000:L569); the GM picks the value. */
export function unseenTargetModifier(value: number): number {
  return requireInt("unseen-target modifier", value, 5, 10);
}
