/**
 * Athletics at the table: falling, jumping, climbing and chases (digest §6-9; seed 004:L44-66).
 */
import type { DiceSource } from "../../core/dice";
import { OmnibusError, requireInt } from "../../core/errors";
import { optionsObject, requireDice } from "../../core/guards";
import { MAX_POOL, rollPool, type PoolOptions, type PoolReading } from "./pool";
import { movementDefenseModifier, type MovementMode } from "./movement";

// ─── Falling (004:L62-65) ──────────────────────────────────────────────────────────────────────

/** Landing surfaces and the factor on the fall height used for damage (004:L65). */
export type FallSurface = "soft" | "hard" | "sandOrShallowWater" | "deepWater" | "rescueGear";
export const FALL_SURFACE_FACTORS: Readonly<Record<FallSurface, number>> = {
  soft: 1,
  hard: 2,
  sandOrShallowWater: 0.5,
  deepWater: 0.25,
  rescueGear: 0.1,
};
/** Extra damage for landing head-first, or after a mishap on the softening roll (004:L63-64). */
export const HEAD_FIRST_DAMAGE = 10;
/** Lunar gravity in g (004:L62). */
export const MOON_GRAVITY = 0.167;

/**
 * Effective fall height for damage (digest §8 suggested order): (height − softening Athletics
 * result) × surface factor; 0 when the softening result reaches the height (a harmless landing).
 */
export function effectiveFallHeight(heightMetres: number, surface: FallSurface = "soft", softeningResult = 0): number {
  if (typeof heightMetres !== "number" || !Number.isFinite(heightMetres) || heightMetres < 0 || heightMetres > 10000) {
    throw new OmnibusError("badArgument", `fall height must be 0–10000 m, got ${String(heightMetres)}`, { name: "heightMetres" });
  }
  if (!(surface in FALL_SURFACE_FACTORS))
    throw new OmnibusError("badArgument", `unknown surface "${String(surface)}"`, { name: "surface", value: String(surface) });
  requireInt("softeningResult", softeningResult, -100, 1000);
  const h = heightMetres - Math.max(0, softeningResult);
  if (h <= 0) return 0;
  return h * FALL_SURFACE_FACTORS[surface];
}

/** Dice for a fall: the effective height rounded to the nearest metre, at least 1 (§16.18). */
export function fallDice(effectiveHeight: number): number {
  if (typeof effectiveHeight !== "number" || !Number.isFinite(effectiveHeight) || effectiveHeight < 0)
    throw new OmnibusError("badArgument", "effective height must be ≥ 0", { name: "effectiveHeight" });
  if (effectiveHeight === 0) return 0;
  return Math.min(MAX_POOL, Math.max(1, Math.round(effectiveHeight)));
}

export interface FallRequest {
  heightMetres: number;
  surface?: FallSurface;
  /** Gravity in g (1 on Earth, 0.167 on the Moon). Default 1. */
  gravity?: number;
  /** Pushed or landing head-first: +10 (004:L63). */
  headFirst?: boolean;
  /** A softening Athletics roll (004:L64): its pool and modifier. Rolled first. */
  softening?: { dice: number; modifier?: number } | null;
}

export interface FallResult {
  softening: (PoolReading & { total: number }) | null;
  effectiveHeight: number;
  dice: number;
  /** The damage roll (highest + extra sixes), or `null` for a harmless landing. */
  roll: PoolReading | null;
  /** Landed on the head (head-first, or a mishap on the softening roll): +10. */
  headFirst: boolean;
  /** roll result × effective height × gravity (+10 head-first). Not rounded (the seed gives no rounding, E28). */
  damage: number;
}

/**
 * A fall (004:L62-65): damage = (a pool of as many dice as metres, read as highest + extra sixes)
 * × metres × gravity, +10 head-first. Dice order: the softening roll's dice first, then the
 * damage dice.
 */
export function rollFall(request: FallRequest, source: DiceSource, options: PoolOptions = {}): FallResult {
  if (typeof request !== "object" || request === null) throw new OmnibusError("badArgument", "a fall needs a request", { name: "request" });
  requireDice("source", source);
  options = optionsObject("options", options);
  const gravity = request.gravity ?? 1;
  if (typeof gravity !== "number" || !Number.isFinite(gravity) || gravity < 0 || gravity > 100)
    throw new OmnibusError("badArgument", `gravity must be 0–100 g, got ${String(gravity)}`, { name: "gravity" });
  let softening: FallResult["softening"] = null;
  let headFirst = request.headFirst === true;
  if (request.softening !== undefined && request.softening !== null && typeof request.softening !== "object")
    throw new OmnibusError("badArgument", "softening must be an object", { name: "softening" });
  if (request.softening) {
    const modifier = requireInt("modifier", request.softening.modifier ?? 0, -100, 100);
    const roll = rollPool(requireInt("dice", request.softening.dice, 0, MAX_POOL), source, options);
    softening = { ...roll, total: roll.result + modifier };
    if (roll.fumble) headFirst = true;
  }
  const effectiveHeight = effectiveFallHeight(request.heightMetres, request.surface ?? "soft", softening ? softening.total : 0);
  const dice = fallDice(effectiveHeight);
  if (dice === 0) {
    return { softening, effectiveHeight, dice, roll: null, headFirst, damage: headFirst ? HEAD_FIRST_DAMAGE : 0 };
  }
  const roll = rollPool(dice, source, { ...options, fumbleRule: "never" });
  const damage = roll.result * effectiveHeight * gravity + (headFirst ? HEAD_FIRST_DAMAGE : 0);
  return { softening, effectiveHeight, dice, roll, headFirst, damage };
}

// ─── Jumping (004:L66) ─────────────────────────────────────────────────────────────────────────

/** Run-up surface and its difficulty step (004:L66). */
export type JumpSurface = "firm" | "loose" | "slippery" | "crumbling";
export const JUMP_SURFACE_STEP: Readonly<Record<JumpSurface, number>> = { firm: 0, loose: 3, slippery: 6, crumbling: 9 };
export const JUMP_BASE_DIFFICULTY = 3;

export interface JumpResult {
  total: number;
  difficulty: number;
  margin: number;
  success: boolean;
  /** Long jump: Degree of Success × 0.75 m. */
  longMetres: number;
  /** High jump: Degree of Success × 0.25 m. */
  highMetres: number;
}

/**
 * A jump (004:L66): the Athletics dice result + FIT + the *melee* defense modifier of the current
 * movement mode, against 3 + the run-up surface. Distances from the Degree of Success.
 */
export function jump(
  athleticsResult: number,
  fit: number,
  mode: MovementMode,
  surface: JumpSurface = "firm",
  otherModifiers = 0,
): JumpResult {
  requireInt("athleticsResult", athleticsResult, 0, 1000);
  requireInt("fit", fit, -10, 10);
  requireInt("otherModifiers", otherModifiers, -100, 100);
  if (!(surface in JUMP_SURFACE_STEP))
    throw new OmnibusError("badArgument", `unknown run-up surface "${String(surface)}"`, { name: "surface" });
  const total = athleticsResult + fit + movementDefenseModifier(mode, "melee") + otherModifiers;
  const difficulty = JUMP_BASE_DIFFICULTY + JUMP_SURFACE_STEP[surface];
  const margin = total - difficulty;
  const success = margin >= 0;
  const mos = success ? margin : 0;
  return { total, difficulty, margin, success, longMetres: mos * 0.75, highMetres: mos * 0.25 };
}

// ─── Climbing (004:L45-61) ─────────────────────────────────────────────────────────────────────

/** Surface difficulties (004:L51-59). */
export type ClimbSurface =
  "steepSlope" | "knottedRope" | "manyHolds" | "someHolds" | "narrowHolds" | "naturalRock" | "overhang" | "smoothWall";
export const CLIMB_DIFFICULTY: Readonly<Record<ClimbSurface, number>> = {
  steepSlope: 2,
  knottedRope: 3,
  manyHolds: 4,
  someHolds: 5,
  narrowHolds: 6,
  naturalRock: 7,
  overhang: 8,
  smoothWall: 12,
};
/** Chimneying −2; a wet surface +2 (004:L60-61). Anchors make the difficulty 5 (004:L49). */
export const CHIMNEY_MODIFIER = -2;
export const WET_MODIFIER = 2;
export const ANCHORED_DIFFICULTY = 5;

/**
 * A climbing test's difficulty: the surface (a table entry or a number), −2 chimneying, +2 wet;
 * anchors every metre set it to 5 — read as "at most 5", since anchors never make a climb harder
 * (§16.17).
 */
export function climbDifficulty(
  surface: ClimbSurface | number,
  opts: { chimney?: boolean; wet?: boolean; anchors?: boolean } = {},
): number {
  opts = optionsObject("opts", opts);
  if (typeof surface !== "number" && !Object.prototype.hasOwnProperty.call(CLIMB_DIFFICULTY, surface as string))
    throw new OmnibusError("badArgument", `unknown climbing surface "${typeof surface === "string" ? surface : typeof surface}"`, {
      name: "surface",
    });
  const base = typeof surface === "number" ? requireInt("surface", surface, 0, 100) : CLIMB_DIFFICULTY[surface];
  if (base === undefined)
    throw new OmnibusError("badArgument", `unknown climbing surface "${String(surface)}"`, { name: "surface", value: String(surface) });
  let d = base + (opts.chimney ? CHIMNEY_MODIFIER : 0) + (opts.wet ? WET_MODIFIER : 0);
  if (opts.anchors) d = Math.min(d, ANCHORED_DIFFICULTY);
  return d;
}

/** A steep slope is a slope; every other climbing surface (ropes, walls, rock) is a sheer face for catching a fall (004:L50). */
export function catchFallSlope(surface: ClimbSurface): "sheer" | "steep" {
  if (!Object.prototype.hasOwnProperty.call(CLIMB_DIFFICULTY, surface as string))
    throw new OmnibusError("badArgument", `unknown climbing surface "${typeof surface === "string" ? surface : typeof surface}"`, {
      name: "surface",
    });
  return surface === "steepSlope" ? "steep" : "sheer";
}

/** "Catch yourself if you can!": surface difficulty +5 on a sheer face, +2 on a steep slope (004:L50). */
export function catchFallDifficulty(surfaceDifficulty: number, slope: "sheer" | "steep"): number {
  requireInt("surfaceDifficulty", surfaceDifficulty, 0, 100);
  if (slope === "sheer") return surfaceDifficulty + 5;
  if (slope === "steep") return surfaceDifficulty + 2;
  throw new OmnibusError("badArgument", `slope must be sheer or steep, got "${String(slope)}"`, { name: "slope" });
}

/**
 * Metres climbed on a success (004:L45, L48): a Standard action → ¼ of walking speed; the whole
 * round → ½; accelerated climbing (two tests at −2) → ½ per success.
 */
export function climbProgress(walkMetres: number, effort: "standard" | "round" | "accelerated", successes = 1): number {
  if (typeof walkMetres !== "number" || !Number.isFinite(walkMetres) || walkMetres < 0)
    throw new OmnibusError("badArgument", "walking speed must be ≥ 0", { name: "walkMetres" });
  if (effort === "standard" || effort === "round") {
    requireInt("successes", successes, 0, 1);
    return successes * walkMetres * (effort === "standard" ? 0.25 : 0.5);
  }
  if (effort === "accelerated") return requireInt("successes", successes, 0, 2) * walkMetres * 0.5;
  throw new OmnibusError("badArgument", `unknown climbing effort "${String(effort)}"`, { name: "effort" });
}
/** Accelerated climbing: two Athletics tests, each at −2 (004:L48). */
export const ACCELERATED_CLIMB = { tests: 2, modifier: -2 } as const;

/** The grip of a climber. */
export interface GripState {
  /** Losing grip (теряет хватку): the next round goes to a recovery Athletics test (004:L45). */
  losingGrip: boolean;
  /** The cumulative modifier from failed recovery tests (0 or negative) (004:L45-46). */
  penalty: number;
}
export const FIRM_GRIP: Readonly<GripState> = { losingGrip: false, penalty: 0 };

/**
 * Applies one climbing or recovery test to the grip (004:L45-46). While holding on: a failure by
 * 4 or more, or a mishap, starts losing grip; a lesser failure just makes no progress. While losing
 * grip: a failure adds −1; a success removes one −1, and when none is left the climb goes on.
 * `canClimb` says whether this test's success moved the climber.
 */
export function gripAfterTest(
  state: GripState,
  margin: number,
  fumble: boolean,
  success = margin >= 0 && !fumble,
): { grip: GripState; canClimb: boolean } {
  if (typeof state !== "object" || state === null)
    throw new OmnibusError("badArgument", "a grip state must be an object", { name: "state" });
  requireInt("penalty", state?.penalty, -100, 0);
  requireInt("margin", margin, -1000, 1000);
  if (!state.losingGrip) {
    if (success) return { grip: { losingGrip: false, penalty: 0 }, canClimb: true };
    if (fumble || margin <= -4) return { grip: { losingGrip: true, penalty: 0 }, canClimb: false };
    return { grip: { losingGrip: false, penalty: 0 }, canClimb: false };
  }
  if (!success) return { grip: { losingGrip: true, penalty: state.penalty - 1 }, canClimb: false };
  if (state.penalty === 0) return { grip: { losingGrip: false, penalty: 0 }, canClimb: false };
  const penalty = state.penalty + 1;
  return { grip: { losingGrip: penalty < 0, penalty }, canClimb: false };
}

/**
 * The climber falls when the test can no longer succeed (004:L45; digest §7's suggested
 * definition): the highest total its pool can reach (all sixes: 6 + pool − 1; untrained: 6)
 * plus modifiers and the grip penalty is below the difficulty.
 */
export function gripLost(pool: number, modifier: number, grip: GripState, difficulty: number): boolean {
  requireInt("pool", pool, 0, MAX_POOL);
  requireInt("modifier", modifier, -100, 100);
  requireInt("difficulty", difficulty, -100, 200);
  const best = pool === 0 ? 6 : 6 + pool - 1;
  return best + modifier + grip.penalty < difficulty;
}

// ─── Chases (004:L44) ──────────────────────────────────────────────────────────────────────────

/** Obstacle difficulties (004:L44). */
export const CHASE_OBSTACLES = { lowFence: 2, benchOrBins: 4, highFence: 6 } as const;
export type ChaseObstacle = keyof typeof CHASE_OBSTACLES;

export interface ChaseSide {
  /** Speed in m/round added to the roll (004:L44). */
  speed: number;
  /** Athletics total (dice result + modifiers, e.g. surface). */
  athleticsTotal: number;
  fumble?: boolean;
}

export interface ChaseExchange {
  fleeingTotal: number;
  pursuerTotal: number;
  winner: "fleeing" | "pursuer" | "none";
  degreeOfSuccess: number;
  /** Mishap dice (1d6 m each): the fleeing side's first, then the pursuer's (dice order). */
  mishapDice: { side: "fleeing" | "pursuer"; die: number }[];
  /** The new distance; never below 0. */
  distance: number;
  caught: boolean;
  /** With an obstacle: each side's test against it (`null` without one). */
  obstacle: { difficulty: number; fleeingPassed: boolean; pursuerPassed: boolean } | null;
}

/**
 * One chase exchange (004:L44): opposed Athletics, each side adds its speed; the higher total moves
 * the distance by the Degree of Success (the fleeing side away, the pursuer closer). A fleeing
 * mishap closes 1d6 m more; a pursuer mishap opens 1d6 m. Ties change nothing. With an obstacle
 * (2/4/6) both must also pass it; the extra change for a side failing it is the GM's (not given).
 * Meeting the difficulty passes (the fixed-threshold tie rule).
 */
export function chaseExchange(
  distance: number,
  fleeing: ChaseSide,
  pursuer: ChaseSide,
  source: DiceSource,
  obstacle: ChaseObstacle | number | null = null,
): ChaseExchange {
  if (typeof distance !== "number" || !Number.isFinite(distance) || distance < 0)
    throw new OmnibusError("badArgument", "distance must be ≥ 0 m", { name: "distance" });
  requireDice("source", source);
  const sides = { fleeing, pursuer };
  for (const [name, s] of Object.entries(sides)) {
    if (typeof s !== "object" || s === null) throw new OmnibusError("badArgument", `${name} side missing`, { name });
    if (typeof s.speed !== "number" || !Number.isFinite(s.speed) || s.speed < 0)
      throw new OmnibusError("badArgument", `${name} speed must be ≥ 0`, { name });
    requireInt(`${name}.athleticsTotal`, s.athleticsTotal, -100, 200);
  }
  const fleeingTotal = fleeing.speed + fleeing.athleticsTotal;
  const pursuerTotal = pursuer.speed + pursuer.athleticsTotal;
  const margin = fleeingTotal - pursuerTotal;
  const winner = margin > 0 ? "fleeing" : margin < 0 ? "pursuer" : "none";
  let d = distance + margin; // fleeing wins → +MoS, pursuer wins → −MoS
  const mishapDice: ChaseExchange["mishapDice"] = [];
  if (fleeing.fumble) {
    const die = source.roll(6);
    mishapDice.push({ side: "fleeing", die });
    d -= die;
  }
  if (pursuer.fumble) {
    const die = source.roll(6);
    mishapDice.push({ side: "pursuer", die });
    d += die;
  }
  let obstacleResult: ChaseExchange["obstacle"] = null;
  if (obstacle !== null) {
    const difficulty = typeof obstacle === "number" ? requireInt("obstacle", obstacle, 0, 100) : CHASE_OBSTACLES[obstacle];
    if (difficulty === undefined) throw new OmnibusError("badArgument", `unknown obstacle "${String(obstacle)}"`, { name: "obstacle" });
    obstacleResult = {
      difficulty,
      fleeingPassed: fleeing.athleticsTotal >= difficulty && !fleeing.fumble,
      pursuerPassed: pursuer.athleticsTotal >= difficulty && !pursuer.fumble,
    };
  }
  const newDistance = Math.max(0, d);
  return {
    fleeingTotal,
    pursuerTotal,
    winner,
    degreeOfSuccess: Math.abs(margin),
    mishapDice,
    distance: newDistance,
    caught: newDistance === 0,
    obstacle: obstacleResult,
  };
}
