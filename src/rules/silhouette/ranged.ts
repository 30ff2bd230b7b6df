/**
 * Ranged combat: shooting and throwing (digest §11; seed 004:L91-113).
 */
import type { DiceSource } from "../../core/dice";
import { OmnibusError, requireInt } from "../../core/errors";
import { optionsObject, requireDice } from "../../core/guards";
import { MAX_POOL } from "./pool";
import { ATTRIBUTE_RANGE } from "./movement";

/**
 * Aiming (Прицеливание, 004:L94): +1 die per round spent aiming, up to double the skill (the pool
 * is capped at 2 × skill, §16.27). The aimer cannot move; its mishaps are ignored (004:L95).
 */
export function aimedPool(skill: number, roundsAimed: number): number {
  requireInt("skill", skill, 0, MAX_POOL / 2);
  requireInt("roundsAimed", roundsAimed, 0, 100);
  return Math.min(skill + roundsAimed, 2 * skill);
}

/**
 * Called-shot targets by size and the dice they cost (004:L95), with the two body parts the wound
 * rules name (004:L96): an arm (limb-sized, −2) and the lower abdomen (its size is not given; read as
 * limb-sized, −2).
 */
export type CalledShot = "none" | "torso" | "lowerAbdomen" | "limb" | "arm" | "head" | "finger";
export const CALLED_SHOT_DICE: Readonly<Record<CalledShot, number>> = {
  none: 0,
  torso: 1,
  lowerAbdomen: 2,
  limb: 2,
  arm: 2,
  head: 3,
  finger: 4,
};

/**
 * What a called shot does to the wound it causes (004:L96): the head and the lower abdomen halve
 * the damage needed for a wound; an arm hit cannot kill outright unless System Shock is exceeded.
 * Unknown or no called shot: neither.
 */
export function calledShotWound(calledShot: string): { halved: boolean; armHit: boolean } {
  return { halved: calledShot === "head" || calledShot === "lowerAbdomen", armHit: calledShot === "arm" };
}

/** What a shot's pool and rules become after aiming and a called shot. */
export interface ShotPool {
  /** Dice to roll; 0 = untrained (two dice, keep the lowest, 004:L83). */
  dice: number;
  untrained: boolean;
  /** Aiming makes mishaps be ignored (004:L95): roll with `fumbleRule: "never"`. */
  ignoreMishap: boolean;
  /** A hit on the head or lower abdomen halves the damage needed for a wound (004:L96). */
  halvedWoundThresholds: boolean;
  /** Arm hits cannot kill outright unless System Shock is exceeded (004:L96). */
  noInstantDeathUnlessSystemShock: boolean;
}

/**
 * The pool of an aimed and/or called shot (004:L94-96): aim first (cap 2 × skill), then remove the
 * called shot's dice. Bursts cannot be called at body parts or small objects (004:L94).
 * `location` refines a limb or torso hit for the wound rules (lower abdomen, arm).
 */
export function shotPool(
  skill: number,
  opts: { roundsAimed?: number; calledShot?: CalledShot; burst?: boolean; location?: "arm" | "leg" | "lowerAbdomen" | "other" } = {},
): ShotPool {
  opts = optionsObject("opts", opts);
  const called = opts.calledShot ?? "none";
  if (!(called in CALLED_SHOT_DICE))
    throw new OmnibusError("badArgument", `unknown called shot "${String(called)}"`, { name: "calledShot", value: String(called) });
  if (opts.burst === true && called !== "none")
    throw new OmnibusError("badArgument", "a burst cannot be called at a body part or a small object", {
      name: "calledShot",
      value: called,
    });
  const rounds = opts.roundsAimed ?? 0;
  const aimed = aimedPool(skill, rounds);
  const dice = Math.max(0, aimed - CALLED_SHOT_DICE[called]);
  const location = opts.location ?? "other";
  return {
    dice,
    untrained: dice === 0,
    ignoreMishap: rounds > 0,
    halvedWoundThresholds: calledShotWound(called).halved || location === "lowerAbdomen",
    noInstantDeathUnlessSystemShock: calledShotWound(called).armHit || location === "arm",
  };
}

/** A burst (Стрельба очередью, 004:L98-99). */
export interface Burst {
  rof: number;
  /** 5 rounds per +1 ROF used (004:L98). */
  ammo: number;
  /** −1 to the skill roll per +2 ROF (floor, §16.30) (004:L98). */
  skillModifier: number;
  /** Added to the Degree of Success on a hit (004:L99). */
  marginBonus: number;
}

/**
 * A burst at `rof` (declared before the attack, 004:L99), with a weapon whose ROF is `weaponRof`
 * (≥ 1 to fire bursts, 004:L98).
 */
export function burst(rof: number, weaponRof = rof): Burst {
  requireInt("weaponRof", weaponRof, -20, 50);
  if (weaponRof < 1)
    throw new OmnibusError("badArgument", `a weapon with ROF ${weaponRof} cannot fire bursts (needs +1 or more)`, {
      name: "weaponRof",
      value: weaponRof,
    });
  requireInt("rof", rof, 1, weaponRof);
  return { rof, ammo: 5 * rof, skillModifier: 0 - Math.floor(rof / 2), marginBonus: rof };
}

/** Rounds between shots of a negative-ROF weapon (a tank gun): |ROF| (004:L100, §16.30). */
export function reloadRounds(weaponRof: number): number {
  requireInt("weaponRof", weaponRof, -20, 50);
  return weaponRof < 0 ? -weaponRof : 0;
}

/**
 * Whether a negative-ROF weapon fired in round `firedRound` may fire again in round `round`: it
 * spends |ROF| rounds reloading after the shot (004:L100), so the next shot comes |ROF| + 1 rounds
 * later (ROF −1 fired in round 3 → reloads in 4 → fires in 5). A weapon with ROF ≥ 0, or one not
 * fired yet (`null`), is ready. `readyRound` is the first round it may fire.
 */
export function negativeRofReady(weaponRof: number, firedRound: number | null, round: number): { ready: boolean; readyRound: number } {
  const wait = reloadRounds(weaponRof);
  requireInt("round", round, 0, 1_000_000);
  if (firedRound === null || wait === 0) return { ready: true, readyRound: round };
  requireInt("firedRound", firedRound, 0, 1_000_000);
  const readyRound = firedRound + wait + 1;
  return { ready: round >= readyRound || round < firedRound, readyRound };
}

/** A walking-fire declaration checked against the rules (004:L101-102). */
export interface WalkingFire {
  rof: number;
  /** Declared targets. */
  targets: number;
  /** Targets counted: declared + one per whole metre of gap beyond 1 m between neighbours (004:L101). */
  countedTargets: number;
  /** ROF + 1 (004:L101). */
  maxTargets: number;
  allowed: boolean;
  /** ROF added to the margin for damage on each target: ROF − (targets − 1), at least 0 (§16.31). */
  damageRof: number;
  /** Bystanders in the fire zone defend against ROF + 1 (004:L102). */
  bystanderDifficulty: number;
  /** Rounds fired (as for a burst, 5 per ROF); the hits cannot exceed it (004:L102). */
  ammo: number;
}

/**
 * Walking fire (беглый огонь): `gapsMetres` are the distances between neighbouring declared
 * targets (targets − 1 of them). Every metre of gap beyond the first counts as one more target
 * (E48: 3 m apart → 2 more). `damageRofReading` `perAdditionalTarget` (default) reduces the ROF by
 * one per target after the first; `perTarget` by one per target.
 */
export function walkingFire(
  rof: number,
  gapsMetres: readonly number[],
  damageRofReading: "perAdditionalTarget" | "perTarget" = "perAdditionalTarget",
): WalkingFire {
  requireInt("rof", rof, 1, 50);
  if (!Array.isArray(gapsMetres)) throw new OmnibusError("badArgument", "gaps must be a list of metres", { name: "gapsMetres" });
  for (const g of gapsMetres) {
    if (typeof g !== "number" || !Number.isFinite(g) || g < 0)
      throw new OmnibusError("badArgument", `a gap must be ≥ 0 m, got ${String(g)}`, { name: "gapsMetres" });
  }
  if (damageRofReading !== "perAdditionalTarget" && damageRofReading !== "perTarget")
    throw new OmnibusError("badArgument", "unknown walking-fire reading", { name: "damageRofReading" });
  const targets = gapsMetres.length + 1;
  const extra = gapsMetres.reduce((sum, g) => sum + Math.max(0, Math.ceil(g - 1 - 1e-9)), 0);
  const countedTargets = targets + extra;
  const maxTargets = rof + 1;
  const reduction = damageRofReading === "perAdditionalTarget" ? countedTargets - 1 : countedTargets;
  return {
    rof,
    targets,
    countedTargets,
    maxTargets,
    allowed: countedTargets <= maxTargets,
    damageRof: Math.max(0, rof - reduction),
    bystanderDifficulty: rof + 1,
    ammo: 5 * rof,
  };
}

/** Suppressive fire (Подавляющий огонь, 004:L103-107). */
export interface Suppression {
  /** Suppression Effectiveness: roll total + ROF; halved, rounded up, for the doubled zone. */
  effectiveness: number;
  zoneWidthMetres: 5 | 10;
  /** 20 rounds per ROF used (004:L107, "не 5, а 20"). */
  ammo: number;
  /** WILL test difficulty for someone already in the zone to move: 2 + ROF (004:L105). */
  willDifficulty: number;
}

export function suppressiveFire(attackTotal: number, rof: number, doubledZone = false): Suppression {
  requireInt("attackTotal", attackTotal, -100, 200);
  requireInt("rof", rof, 1, 50);
  const raw = attackTotal + rof;
  return {
    effectiveness: doubledZone ? Math.ceil(raw / 2) : raw,
    zoneWidthMetres: doubledZone ? 10 : 5,
    ammo: 20 * rof,
    willDifficulty: 2 + rof,
  };
}

/**
 * Damage to someone in a suppression zone (004:L104): it defends against the Effectiveness; the
 * Degree of Failure × the weapon's damage multiplier. A defense equal to the Effectiveness is safe.
 */
export function suppressionDamage(defenseTotal: number, effectiveness: number, damageMultiplier: number): number {
  requireInt("defenseTotal", defenseTotal, -100, 200);
  requireInt("effectiveness", effectiveness, -100, 300);
  requireInt("damageMultiplier", damageMultiplier, 0, 1000);
  return Math.max(0, effectiveness - defenseTotal) * damageMultiplier;
}

/** Range bands of the seed (004:L109: базовая, средняя, дальняя, экстремальная). */
export type RangeBand = "base" | "medium" | "long" | "extreme";
export const RANGE_BANDS: readonly RangeBand[] = ["base", "medium", "long", "extreme"];
export type RangeBands = Record<RangeBand, number>;

/**
 * Throwing ranges for an object of 1 kg or less (004:L109): base = STR + 5 m, each further band
 * double the previous (×2, ×4, ×8). The mass table is missing from the seed. Never below 0.
 */
export function throwingRanges(strength: number): RangeBands {
  requireInt("strength", strength, ...ATTRIBUTE_RANGE);
  const base = Math.max(0, strength + 5);
  return { base, medium: 2 * base, long: 4 * base, extreme: 8 * base };
}

/** The band a distance falls in (≤ the band's limit), or `beyond`. */
export function rangeBandOf(distanceMetres: number, bands: RangeBands): RangeBand | "beyond" {
  if (typeof distanceMetres !== "number" || !Number.isFinite(distanceMetres) || distanceMetres < 0) {
    throw new OmnibusError("badArgument", `distance must be ≥ 0 m, got ${String(distanceMetres)}`, { name: "distanceMetres" });
  }
  let last = 0;
  for (const b of RANGE_BANDS) {
    const limit = bands?.[b];
    if (typeof limit !== "number" || !Number.isFinite(limit) || limit < last)
      throw new OmnibusError("badArgument", `range band ${b} must be a distance not below the previous band`, { name: b });
    last = limit;
    if (distanceMetres <= limit + 1e-9) return b;
  }
  return "beyond";
}

/**
 * Range modifiers — NOT in the seed (digest §11.1): third-party Heavy Gear candidates, offered as
 * a default the world may replace. Point-blank is within the shooter's reach.
 */
export const CANDIDATE_RANGE_MODIFIERS: Readonly<Record<RangeBand | "pointBlank", number>> = {
  pointBlank: 1,
  base: 0,
  medium: -1,
  long: -2,
  extreme: -3,
};
/** Visibility modifiers — NOT in the seed (digest §11.1): third-party candidates. */
export const CANDIDATE_VISIBILITY_MODIFIERS = { clear: 0, poorlyLit: -1, veryDim: -2, barelyLit: -3, darkness: -4 } as const;

/** Hands needed to throw an object: two if it weighs more than 1/4 of the thrower (004:L109). */
export function throwingHands(objectKg: number, throwerKg: number): 1 | 2 {
  for (const [name, v] of [
    ["objectKg", objectKg],
    ["throwerKg", throwerKg],
  ] as const) {
    if (typeof v !== "number" || !Number.isFinite(v) || v <= 0) throw new OmnibusError("badArgument", `${name} must be > 0`, { name });
  }
  return objectKg > throwerKg / 4 ? 2 : 1;
}

/** Difficulty to land a thrown object on a spot on the ground: 1 + modifiers (004:L110). */
export function groundTargetDifficulty(modifiers = 0): number {
  requireInt("modifiers", modifiers, -100, 100);
  return 1 + modifiers;
}

/** Where a missed throw lands. */
export interface Scatter {
  /** Metres off target = the Degree of Failure (004:L111). */
  distanceMetres: number;
  /** The direction die (1–6), or `null` on a critical failure. */
  directionDie: number | null;
  /** Clockwise from "straight away from the thrower": (die − 1) × 60° (004:L111); 180 on a critical failure. */
  bearingDegrees: number;
  /** A critical failure: the object flies toward the thrower (004:L112). */
  towardThrower: boolean;
}

/** The bearing of a scatter die: 1 = straight away, each step 60° clockwise (004:L111). */
export function scatterBearing(directionDie: number): number {
  requireInt("directionDie", directionDie, 1, 6);
  return (directionDie - 1) * 60;
}

/**
 * A missed throw (004:L111-112): rolls the direction d6 from `source` unless it was a critical
 * failure (then it flies toward the thrower; no die; the distance is not given, so the Degree of
 * Failure is used).
 */
export function rollScatter(degreeOfFailure: number, fumble: boolean, source: DiceSource): Scatter {
  requireInt("degreeOfFailure", degreeOfFailure, 0, 1000);
  if (fumble !== true && fumble !== false) throw new OmnibusError("badArgument", "fumble must be true or false", { name: "fumble" });
  requireDice("source", source);
  if (fumble) return { distanceMetres: degreeOfFailure, directionDie: null, bearingDegrees: 180, towardThrower: true };
  const die = source.roll(6);
  const bearing = scatterBearing(die);
  return { distanceMetres: degreeOfFailure, directionDie: die, bearingDegrees: bearing, towardThrower: bearing === 180 };
}
