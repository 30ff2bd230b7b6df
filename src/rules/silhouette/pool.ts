/**
 * The Silhouette dice pool (digest §2, seed 004:L1, L62-63, L83).
 *
 * A pool is as many d6 as the skill level. Its reading ("dice result") is the highest die plus
 * one for each additional six ("exploding" sixes, 004:L62; verified by the fall average at
 * 004:L63). The total adds the attribute modifier and other modifiers (004:L1). A pool of 0 dice
 * (an untrained skill, or a pool reduced to nothing by a feint, 004:L83) rolls two dice and keeps
 * the lowest (Silhouette convention, digest §16.3). The mishap ("Несчастный случай") trigger is
 * not in the seed; the default is Silhouette's "every die shows 1" (digest §2.5, §16.2).
 *
 * Dice order contract: the pool's dice left to right; with `sixMode: "rerollAndAdd"` each six's
 * extra die is appended at the end, and appended dice are themselves checked later (as Foundry's
 * `x` modifier does).
 */
import { optionsObject, requireDice } from "../../core/guards";
import type { DiceSource } from "../../core/dice";
import { rollPool as rollCorePool } from "../../core/pool";
import { OmnibusError, facesUnusedError, requireInt } from "../../core/errors";

/**
 * How "exploding" sixes are read. `silhouettePlusOne` (default): +1 per six beyond the first.
 * `rerollAndAdd`: every six is re-rolled and added to its die (the alternative reading, §16.1).
 */
export type SixMode = "silhouettePlusOne" | "rerollAndAdd";
export const SIX_MODES: readonly SixMode[] = ["silhouettePlusOne", "rerollAndAdd"];

/**
 * When a roll is a mishap (fumble). `allOnes` (default): every die of the pool shows 1; for an
 * untrained roll, the kept (lowest) die is 1. `never`: mishaps are not used.
 */
export type FumbleRule = "allOnes" | "never";
export const FUMBLE_RULES: readonly FumbleRule[] = ["allOnes", "never"];

/** The largest pool the rules accept (aiming can double a skill, 004:L94). */
export const MAX_POOL = 40;
/** An untrained roll's dice: two, keep the lowest (digest §2.4, §16.3). */
export const UNTRAINED_DICE = 2;

export interface PoolOptions {
  /** Default `silhouettePlusOne`. */
  sixMode?: SixMode;
  /** Default `allOnes`. */
  fumbleRule?: FumbleRule;
}

/** A pool roll read from its faces, before modifiers. */
export interface PoolReading {
  /** Every face consumed, in the dice order contract. */
  faces: number[];
  /** Number of pool dice rolled first (2 for an untrained roll). */
  poolSize: number;
  /** Rolled as an untrained skill: two dice, keep the lowest. */
  untrained: boolean;
  /**
   * The kept die: the highest (trained), the lowest (untrained), or with `rerollAndAdd` the
   * highest die's running sum.
   */
  best: number;
  /** Sixes beyond the first among the pool's dice (0 when untrained or in `rerollAndAdd`). */
  extraSixes: number;
  /** The dice result: `best + extraSixes`. */
  result: number;
  /** A mishap (Несчастный случай) under the fumble rule. */
  fumble: boolean;
}

function checkFace(face: number, index: number): void {
  if (typeof face !== "number" || !Number.isInteger(face) || face < 1 || face > 6) {
    throw new OmnibusError("faceOutOfRange", `face #${index + 1} is ${String(face)}, not a face of a d6 (1–6)`, {
      index: index + 1,
      face: String(face),
      sides: 6,
    });
  }
}

function sixMode(options: PoolOptions): SixMode {
  const mode = options.sixMode ?? "silhouettePlusOne";
  if (!SIX_MODES.includes(mode))
    throw new OmnibusError("badArgument", `unknown six mode "${String(mode)}"`, { name: "sixMode", value: String(mode) });
  return mode;
}

function fumbleRule(options: PoolOptions): FumbleRule {
  const rule = options.fumbleRule ?? "allOnes";
  if (!FUMBLE_RULES.includes(rule))
    throw new OmnibusError("badArgument", `unknown fumble rule "${String(rule)}"`, { name: "fumbleRule", value: String(rule) });
  return rule;
}

/**
 * Reads the faces of a pool roll (the Foundry side hands in the faces of its evaluated dice).
 * `dice` is the pool size; 0 means an untrained roll (two faces, keep the lowest).
 * Throws `badArgument`/`faceOutOfRange`/`facesExhausted`/`facesUnused` when the faces do not fit.
 */
export function readPool(dice: number, faces: readonly number[], options: PoolOptions = {}): PoolReading {
  requireInt("dice", dice, 0, MAX_POOL);
  options = optionsObject("options", options);
  const mode = sixMode(options);
  const rule = fumbleRule(options);
  if (!Array.isArray(faces)) throw new OmnibusError("badArgument", "faces must be a list of d6 faces", { name: "faces" });
  faces.forEach(checkFace);
  const untrained = dice === 0;
  const poolSize = untrained ? UNTRAINED_DICE : dice;
  if (faces.length < poolSize) {
    throw new OmnibusError("facesExhausted", `too few faces: die #${faces.length + 1} (a d6) has no face`, {
      index: faces.length + 1,
      sides: 6,
    });
  }
  const pool = faces.slice(0, poolSize);
  if (untrained || mode === "silhouettePlusOne") {
    if (faces.length > poolSize) {
      throw facesUnusedError(faces.slice(poolSize));
    }
    if (untrained) {
      const best = Math.min(...pool);
      return { faces: [...faces], poolSize, untrained, best, extraSixes: 0, result: best, fumble: rule === "allOnes" && best === 1 };
    }
    const best = Math.max(...pool);
    const sixes = pool.filter((f) => f === 6).length;
    const extraSixes = Math.max(0, sixes - 1);
    return {
      faces: [...faces],
      poolSize,
      untrained,
      best,
      extraSixes,
      result: best + extraSixes,
      fumble: rule === "allOnes" && pool.every((f) => f === 1),
    };
  }
  // rerollAndAdd: walk the appended explosions in order; each belongs to the die whose six made it.
  const owner: number[] = pool.map((_, i) => i);
  const sums = [...pool];
  let checked = 0;
  let next = poolSize;
  while (checked < owner.length) {
    if (faces[checked] === 6) {
      if (next >= faces.length) {
        throw new OmnibusError("facesExhausted", `too few faces: die #${next + 1} (a d6, an exploded six) has no face`, {
          index: next + 1,
          sides: 6,
        });
      }
      owner.push(owner[checked]);
      sums[owner[checked]] += faces[next];
      next++;
    }
    checked++;
  }
  if (next < faces.length) {
    throw facesUnusedError(faces.slice(next));
  }
  const best = Math.max(...sums);
  return {
    faces: [...faces],
    poolSize,
    untrained,
    best,
    extraSixes: 0,
    result: best,
    fumble: rule === "allOnes" && pool.every((f) => f === 1),
  };
}

/**
 * Rolls a pool of `dice` d6 (0 = untrained: two dice, keep the lowest) from `source`, in the dice
 * order contract, and reads it.
 */
export function rollPool(dice: number, source: DiceSource, options: PoolOptions = {}): PoolReading {
  requireInt("dice", dice, 0, MAX_POOL);
  options = optionsObject("options", options);
  requireDice("source", source);
  const mode = sixMode(options);
  fumbleRule(options);
  // The core's pool primitive consumes the faces in the dice order contract (explosions
  // breadth-first, as Foundry's `x`); the Silhouette reading is done from the faces.
  const { faces } = rollCorePool(
    dice === 0
      ? { count: UNTRAINED_DICE, sides: 6 }
      : mode === "rerollAndAdd"
        ? { count: dice, sides: 6, explodeAt: 6 }
        : { count: dice, sides: 6 },
    source,
  );
  return readPool(dice, faces, options);
}

/** What decides success on a tie (margin 0). */
export type TieRule = "success" | "failure";
export const TIE_RULES: readonly TieRule[] = ["success", "failure"];

export interface CheckOptions extends PoolOptions {
  /** A tie against a fixed difficulty. Default `success` with MoS 0 (digest §16.4). */
  fixedTie?: TieRule;
  /** A tie against an opposing roll (an attack vs a defense). Default `failure` (004:L91, §16.4). */
  opposedTie?: TieRule;
  /**
   * A mishap always fails, whatever the margin. Default `true`: where the seed says anything it
   * treats a mishap as a failure (a thrown object flies back towards the thrower, 004:L112; climbing
   * lists it with a failure by 4 or more, 004:L45). `false` is the variant "a mishap may still
   * succeed" (the total decides).
   */
  fumbleFails?: boolean;
}

/** The outcome of a total against a threshold (a fixed difficulty or an opposing total). */
export interface CheckOutcome {
  threshold: number;
  /** Whether the threshold is an opposing roll's total (ties follow `opposedTie`). */
  opposed: boolean;
  /** `total − threshold`: > 0 a degree of success, < 0 minus a degree of failure (digest §2.3). */
  margin: number;
  success: boolean;
  /** Степень успеха: `max(margin, 0)` on a success, else 0. */
  degreeOfSuccess: number;
  /** Степень провала: `max(−margin, 0)`; a failed tie counts as 0. */
  degreeOfFailure: number;
}

function tieRule(name: string, value: TieRule | undefined, fallback: TieRule): TieRule {
  const rule = value ?? fallback;
  if (!TIE_RULES.includes(rule))
    throw new OmnibusError("badArgument", `${name} must be success or failure, got "${String(rule)}"`, { name, value: String(rule) });
  return rule;
}

/**
 * Compares a total with a threshold (digest §2.2-2.3). Against a fixed difficulty a tie succeeds
 * with MoS 0 by default; against an opposing roll (the attack must be *greater*, 004:L91) it fails.
 */
export function resolveAgainst(
  total: number,
  threshold: number,
  opts: { opposed?: boolean; fumble?: boolean } = {},
  options: CheckOptions = {},
): CheckOutcome {
  requireInt("total", total, -1000, 1000);
  requireInt("threshold", threshold, -1000, 1000);
  opts = optionsObject("opts", opts);
  options = optionsObject("options", options);
  const opposed = opts.opposed === true;
  const tie = opposed ? tieRule("opposedTie", options.opposedTie, "failure") : tieRule("fixedTie", options.fixedTie, "success");
  const margin = total - threshold;
  let success = margin > 0 || (margin === 0 && tie === "success");
  if (opts.fumble === true && (options.fumbleFails ?? true) === true) success = false;
  return {
    threshold,
    opposed,
    margin,
    success,
    degreeOfSuccess: success ? Math.max(margin, 0) : 0,
    degreeOfFailure: Math.max(-margin, 0),
  };
}

/** A rolled check: the pool, its modifier and total, and (with a threshold) the outcome. */
export interface CheckRoll extends PoolReading {
  /** Attribute modifier + other modifiers (multi-action, movement, range…), summed. */
  modifier: number;
  /** `result + modifier`. */
  total: number;
  /** The outcome against the threshold, or `null` when none was given. */
  outcome: CheckOutcome | null;
}

export interface CheckRequest {
  /** Pool size: the skill level after dice changes (aiming, called shots, feints). 0 = untrained. */
  dice: number;
  /** Force the untrained procedure (two dice, keep the lowest) whatever `dice` says. */
  untrained?: boolean;
  /** Attribute modifier + other modifiers. Default 0. */
  modifier?: number;
  /** A fixed difficulty, or the opposing total when `opposed`. */
  threshold?: number | null;
  opposed?: boolean;
}

/** Rolls a check (skill pool + modifiers), optionally against a threshold. */
export function rollCheck(request: CheckRequest, source: DiceSource, options: CheckOptions = {}): CheckRoll {
  return readCheck(request, null, source, options);
}

/** Reads a check from known faces (the Foundry side's evaluated dice). */
export function readCheckFaces(request: CheckRequest, faces: readonly number[], options: CheckOptions = {}): CheckRoll {
  return readCheck(request, faces, null, options);
}

function readCheck(request: CheckRequest, faces: readonly number[] | null, source: DiceSource | null, options: CheckOptions): CheckRoll {
  if (typeof request !== "object" || request === null)
    throw new OmnibusError("badArgument", "a check needs a request object", { name: "request" });
  options = optionsObject("options", options);
  const dice = request.untrained === true ? 0 : requireInt("dice", request.dice, 0, MAX_POOL);
  const modifier = requireInt("modifier", request.modifier ?? 0, -100, 100);
  const threshold = request.threshold ?? null;
  if (threshold !== null) requireInt("threshold", threshold, -100, 200);
  const pool = faces !== null ? readPool(dice, faces, options) : rollPool(dice, source as DiceSource, options);
  const total = pool.result + modifier;
  const outcome =
    threshold === null ? null : resolveAgainst(total, threshold, { opposed: request.opposed === true, fumble: pool.fumble }, options);
  return { ...pool, modifier, total, outcome };
}

/**
 * An opposed exchange between two totals (an attack and its defense, a chase's Athletics tests).
 * `margin` is the first side's total minus the second's; with `tie: "failure"` (default, 004:L91)
 * the first side must be strictly greater to win; with `"noWinner"` a tie has no winner (chases).
 */
export function resolveOpposed(
  firstTotal: number,
  secondTotal: number,
  tie: "failure" | "success" | "noWinner" = "failure",
): { margin: number; winner: "first" | "second" | "none"; degree: number } {
  requireInt("firstTotal", firstTotal, -1000, 1000);
  requireInt("secondTotal", secondTotal, -1000, 1000);
  if (!["failure", "success", "noWinner"].includes(tie))
    throw new OmnibusError("badArgument", `unknown tie rule "${String(tie)}"`, { name: "tie" });
  const margin = firstTotal - secondTotal;
  if (margin > 0) return { margin, winner: "first", degree: margin };
  if (margin < 0) return { margin, winner: "second", degree: -margin };
  return { margin, winner: tie === "success" ? "first" : tie === "failure" ? "second" : "none", degree: 0 };
}
