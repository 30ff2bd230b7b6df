/**
 * The core roll of the Storytelling System (WoD 2004, seed 002): d10 pools, successes on 8+,
 * 10-again (or 9-/8-again, or none), rote actions, the chance die and dramatic failure,
 * exceptional success at five.
 *
 * Dice order contract (src/core/pool.ts): the initial dice left to right, then one rote
 * re-roll for each failed initial die in order, then every die rolled so far checked in turn:
 * an again-die ("explosion") is appended for each die at or above the again level, and (rote,
 * the default scope) a rote re-roll for each failed again-die, so a die appended later comes
 * after every earlier one. Foundry rolls it with the system's Storytelling die term (`Nds…`,
 * src/foundry/dice/terms.ts), which asks these rules for each next face.
 */
import type { DiceSource } from "../../core/dice";
import { forcedDice } from "../../core/dice";
import { rollPool as corePool } from "../../core/pool";
import { describeValue, OmnibusError, requireInt } from "../../core/errors";
import { optionalFlag, optionsObject, requireArray, requireDice, requireObject } from "../../core/guards";

/** The again threshold: a die showing this or more is rolled again. `"none"` turns 10-again off. */
export type AgainLevel = 10 | 9 | 8 | "none";
export const AGAIN_LEVELS: readonly AgainLevel[] = [10, 9, 8, "none"];

/** Every die counts a success at 8 or more (002:L182–L184). The chance die needs a 10 (002:L206). */
export const SUCCESS_FACE = 8;
export const CHANCE_SUCCESS_FACE = 10;
/** Five or more successes on one roll is an exceptional success (002:L242, L382). */
export const EXCEPTIONAL_SUCCESSES = 5;
/** The largest pool a roll accepts (a sanity bound, far beyond any table). */
export const MAX_POOL = 999;

export interface RollOptions {
  /** Again level for a normal pool; default 10-again (002:L192–L200, L464–L466). */
  again?: AgainLevel;
  /** Rote action: each failed die is re-rolled once (002:L474–L478). */
  rote?: boolean;
  /**
   * Which failed dice a rote action re-rolls.
   * - `"allFailedDice"` (default; the seed: "any failed die", re-rolled once, 002:L474, L478):
   *   failed again-dice are re-rolled too (once; a die that descends from a rote re-roll is never
   *   re-rolled), appended to the queue when checked.
   * - `"initialDice"` (a world setting; an earlier reading, digest §14.5): only the initial dice;
   *   failed again-dice are not re-rolled.
   * A chance die always follows the seed (002:L478): its one rote re-roll comes after a failed first
   *   die of 2–9, or after its 10-again chain ends; never after a first die of 1.
   */
  roteRerolls?: "initialDice" | "allFailedDice";
  /**
   * Whether 9-/8-again apply to a chance die (digest A5). Default false: a chance die succeeds and
   * is re-rolled only on a 10. (`again: "none"` always stops a chance die exploding.)
   */
  chanceDieUsesAgainLevel?: boolean;
}

export type DieKind = "initial" | "rote" | "again";

/** One die of a resolved roll, in the order it was rolled. */
export interface RolledDie {
  face: number;
  kind: DieKind;
  /** Counted a success (8+, or 10 on a chance roll). */
  success: boolean;
  /** Caused an again-die to be rolled. */
  rerolledAgain: boolean;
  /** Replaced by a rote re-roll (its face counted nothing). */
  rerolledRote: boolean;
}

export type RollOutcome = "dramaticFailure" | "failure" | "success" | "exceptionalSuccess";

export interface RollResult {
  /** The pool asked for (may be 0 or less: then a chance roll). */
  pool: number;
  /** Pool 0 or less: one chance die (002:L204–L212; digest A1). */
  chance: boolean;
  again: AgainLevel;
  rote: boolean;
  /** Every face in the order rolled (the dice order contract). */
  dice: number[];
  detail: RolledDie[];
  successes: number;
  /** Five or more successes (002:L242). */
  exceptional: boolean;
  /** Only on a chance roll whose first die shows 1 (002:L216–L222). */
  dramaticFailure: boolean;
  outcome: RollOutcome;
}

/** Classifies a success count (002:L244–L252). */
export function classifyOutcome(successes: number, dramaticFailure: boolean): RollOutcome {
  requireInt("successes", successes, 0);
  optionalFlag("dramaticFailure", dramaticFailure);
  if (dramaticFailure) return "dramaticFailure";
  if (successes >= EXCEPTIONAL_SUCCESSES) return "exceptionalSuccess";
  return successes >= 1 ? "success" : "failure";
}

export function parseAgainLevel(value: unknown): AgainLevel {
  if (value === "none" || value === 10 || value === 9 || value === 8) return value;
  if (value === "10" || value === "9" || value === "8") return Number(value) as AgainLevel;
  throw new OmnibusError("badArgument", `again must be one of 10, 9, 8, none, got "${describeValue(value)}"`, {
    name: "again",
    value: describeValue(value),
  });
}

interface QueuedDie {
  kind: DieKind;
  /** This die descends from a rote re-roll (then it is never re-rolled by the rote again). */
  fromRote: boolean;
}

/**
 * Rolls a Storytelling pool. A pool of 0 or less is a chance roll: one die that succeeds only on a
 * 10 (re-rolled on 10, and only 10s count on the re-rolls), with a dramatic failure when its first
 * face is 1. Faces come from `dice` in the dice order contract.
 */
export function rollPool(pool: number, dice: DiceSource, options: RollOptions = {}): RollResult {
  requireInt("pool", pool, -MAX_POOL, MAX_POOL);
  requireDice("dice", dice);
  options = optionsObject("options", options);
  optionalFlag("rote", options.rote);
  optionalFlag("chanceDieUsesAgainLevel", options.chanceDieUsesAgainLevel);
  const again = options.again === undefined ? 10 : parseAgainLevel(options.again);
  const rote = options.rote === true;
  const roteAll = options.roteRerolls !== "initialDice";
  if (options.roteRerolls !== undefined && options.roteRerolls !== "initialDice" && options.roteRerolls !== "allFailedDice") {
    throw new OmnibusError(
      "badArgument",
      `roteRerolls must be "initialDice" or "allFailedDice", got "${describeValue(options.roteRerolls)}"`,
    );
  }
  const chance = pool <= 0;
  const successFace = chance ? CHANCE_SUCCESS_FACE : SUCCESS_FACE;
  const againFace: number | null = again === "none" ? null : chance && !options.chanceDieUsesAgainLevel ? 10 : again;
  // The core's pool primitive covers every case but a rote chance die and the A17 rote scope.
  const detail =
    (chance && rote) || (rote && roteAll)
      ? rollByQueue(chance ? 1 : pool, dice, { chance, successFace, againFace, rote, roteAll })
      : rollWithCorePool(chance ? 1 : pool, dice, { successFace, againFace, rote });
  const dramaticFailure = chance && detail[0].face === 1;
  const successes = detail.filter((d) => d.success).length;
  return {
    pool,
    chance,
    again,
    rote,
    dice: detail.map((d) => d.face),
    detail,
    successes,
    exceptional: successes >= EXCEPTIONAL_SUCCESSES,
    dramaticFailure,
    outcome: classifyOutcome(successes, dramaticFailure),
  };
}

interface Resolution {
  successFace: number;
  againFace: number | null;
  rote: boolean;
}

/** Plain pools, 9/8-again, the rote and a chance die without rote: `rollPool` of src/core/pool.ts. */
function rollWithCorePool(count: number, dice: DiceSource, r: Resolution): RolledDie[] {
  const result = corePool(
    {
      count,
      sides: 10,
      successAt: r.successFace,
      explodeAt: r.againFace ?? undefined,
      rerollBelow: r.rote ? r.successFace : undefined,
    },
    dice,
  );
  const kind: Record<string, DieKind> = { initial: "initial", reroll: "rote", explosion: "again" };
  return result.dice.map((d) => ({
    face: d.face,
    kind: kind[d.role],
    success: d.success,
    rerolledAgain: d.exploded,
    rerolledRote: d.dropped === "rerolled",
  }));
}

/**
 * The same dice order as a queue, for what the core primitive does not cover: a rote chance die
 * (002:L478: its one re-roll comes after a first die of 2–9, or when its 10-chain ends; a first 1
 * is a dramatic failure and never re-rolled) and the digest's A17 rote scope (failed again-dice are
 * re-rolled too, once, appended when they are checked). Exported for the tests that check it
 * against the core primitive where both apply.
 */
export function rollByQueue(count: number, dice: DiceSource, r: Resolution & { chance: boolean; roteAll: boolean }): RolledDie[] {
  requireObject("resolution", r);
  requireInt("count", count, 0, MAX_POOL);
  requireDice("dice", dice);
  const { chance, successFace, againFace, rote, roteAll } = r;
  requireInt("successFace", successFace, 1, 10);
  if (againFace !== null) requireInt("againFace", againFace, 2, 10);
  const detail: RolledDie[] = [];
  const roll = (q: QueuedDie): RolledDie => {
    const face = dice.roll(10);
    const die: RolledDie = { face, kind: q.kind, success: face >= successFace, rerolledAgain: false, rerolledRote: false };
    detail.push(die);
    return die;
  };

  // 1. The initial dice, left to right.
  const initial: RolledDie[] = [];
  for (let i = 0; i < count; i++) initial.push(roll({ kind: "initial", fromRote: false }));
  const dramaticFailure = chance && initial[0].face === 1;

  if (!dramaticFailure) {
    const fromRote = new Map<RolledDie, boolean>();
    for (const d of initial) fromRote.set(d, false);
    let chanceRoteUsed = false;
    const roteEligible = (d: RolledDie): boolean => {
      // A die that adds an again-die carries on (only possible on a chance die with 9/8-again).
      if (!rote || d.success || fromRote.get(d) || (againFace !== null && d.face >= againFace)) return false;
      if (chance) return !chanceRoteUsed;
      return d.kind === "initial" || roteAll;
    };
    // 2. One rote re-roll for each failed initial die, in order.
    for (const d of initial) {
      if (roteEligible(d)) {
        d.rerolledRote = true;
        chanceRoteUsed = true;
        fromRote.set(roll({ kind: "rote", fromRote: true }), true);
      }
    }
    // 3. Again-dice: every die rolled so far, in order, then each appended die in turn.
    for (let i = 0; i < detail.length; i++) {
      const d = detail[i];
      if (d.rerolledRote) continue;
      if (againFace !== null && d.face >= againFace) {
        d.rerolledAgain = true;
        fromRote.set(roll({ kind: "again", fromRote: fromRote.get(d) ?? false }), fromRote.get(d) ?? false);
      } else if (d.kind === "again" && roteEligible(d)) {
        // The rote also re-rolls a failed again-die (chance die: the end of its 10-chain; 002:L478).
        d.rerolledRote = true;
        chanceRoteUsed = true;
        fromRote.set(roll({ kind: "rote", fromRote: true }), true);
      }
    }
  }
  return detail;
}

/**
 * Resolves a roll from faces already rolled (Foundry's evaluated dice terms, a test vector):
 * every face must be used, and no more faces than the rules ask for.
 */
export function resolvePool(pool: number, faces: readonly number[], options: RollOptions = {}): RollResult {
  const forced = forcedDice(requireArray("faces", faces));
  const result = rollPool(pool, forced, options);
  forced.assertExhausted();
  return result;
}

/**
 * Advanced action (002:L480): roll twice, keep the better result. The second roll's faces follow
 * the first's. "Better" = more successes; on a tie the one that is not a dramatic failure.
 */
export function rollAdvancedAction(
  pool: number,
  dice: DiceSource,
  options: RollOptions = {},
): { first: RollResult; second: RollResult; kept: RollResult } {
  const first = rollPool(pool, dice, options);
  const second = rollPool(pool, dice, options);
  const rank = (r: RollResult) => r.successes * 2 + (r.dramaticFailure ? 0 : 1);
  return { first, second, kept: rank(second) > rank(first) ? second : first };
}

/**
 * Bonus successes (002:L468): a rating added as successes, but only to a roll that already has at
 * least one success. A failed roll gains nothing.
 */
export function addBonusSuccesses(successes: number, rating: number): number {
  requireInt("successes", successes, 0);
  requireInt("rating", rating, 0, 99);
  return successes >= 1 ? successes + rating : successes;
}
