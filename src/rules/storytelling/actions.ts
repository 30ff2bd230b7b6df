/**
 * Action types (digest §9–§13): extended actions, contested actions (instant, against a prior roll,
 * extended), exceptional success and overshoot, and the Willpower once-per-turn rule.
 * State is plain data; every update returns a new object.
 */
import { describeValue, OmnibusError, requireInt } from "../../core/errors";
import { oneOf, optionalFlag, optionsObject, requireArray, requireNumber, requireObject } from "../../core/guards";
import { EXCEPTIONAL_SUCCESSES } from "./roll";

/** Time per roll of an extended action (002:L306–L315), in minutes where it is fixed. */
export const EXTENDED_PACE = [
  { key: "quick", minutes: 0.05 }, // one turn, 3 seconds
  { key: "short", minutes: 10 },
  { key: "long", minutes: 30 },
  { key: "lengthy", minutes: 60 },
  { key: "consuming", minutes: 60 * 24 },
  { key: "exhausting", minutes: 60 * 24 * 7 }, // a week (or a month)
] as const;

/** Target successes for extended actions (002:L327–L335). */
export const EXTENDED_TARGETS = [
  { key: "simple", successes: 5 },
  { key: "involved", successes: 10 },
  { key: "elaborate", successes: 15 },
  { key: "ornate", successes: 20 },
  { key: "intricate", successes: 25 },
] as const;

/** Action types (002:L232–L378). Only a reflexive action leaves the character's turn unused (002:L361–L367). */
export type ActionType = "instant" | "extended" | "contested" | "extendedContested" | "reflexive";
export const ACTION_TYPES: readonly ActionType[] = ["instant", "extended", "contested", "extendedContested", "reflexive"];

/** Whether taking an action of this type uses up the character's action for the turn. */
export function usesTurnAction(type: ActionType): boolean {
  return oneOf("action type", type, ACTION_TYPES) !== "reflexive";
}

/** A roll's tally, as far as the action rules care. */
export interface RollTally {
  successes: number;
  dramaticFailure?: boolean;
}

export type ExtendedStatus = "inProgress" | "complete" | "failed";

export interface ExtendedAction {
  /** Successes required (002:L258). */
  target: number;
  accumulated: number;
  rollsMade: number;
  /** Roll limit (time or Attribute + Skill, 002:L288–L290), or null for none (002:L304). */
  maxRolls: number | null;
  /** Attempt number: every roll of attempt n is at −(n − 1) (002:L294). */
  attempt: number;
  /** Indexes (1-based) of rolls with five or more successes (002:L388). */
  exceptionalRolls: number[];
  /** Rolls that were dramatic failures, which erased the total (002:L262). */
  dramaticFailures: number[];
  status: ExtendedStatus;
  /** Completed with five or more successes beyond the target (002:L390). */
  overshoot: boolean;
}

function tally(t: RollTally): RollTally {
  requireObject("roll", t);
  requireInt("successes", t.successes, 0, 9999);
  optionalFlag("dramaticFailure", t.dramaticFailure);
  return t;
}

function checkExtended(state: ExtendedAction): void {
  requireObject("extended action", state);
  requireInt("target", state.target, 1, 9999);
  requireInt("accumulated", state.accumulated, 0, 999999);
  requireInt("rollsMade", state.rollsMade, 0, 999999);
  if (state.maxRolls !== null) requireInt("maxRolls", state.maxRolls, 1, 9999);
  requireInt("attempt", state.attempt, 1, 999);
  requireArray("exceptionalRolls", state.exceptionalRolls);
  requireArray("dramaticFailures", state.dramaticFailures);
  oneOf("status", state.status, ["inProgress", "complete", "failed"]);
}

/**
 * Success without a roll (002:L59): when a trait meets the task's threshold and the situation is
 * not dramatic, the Storyteller may simply grant success (e.g. Strength 4 against a crowbar's 2).
 */
export function meetsThreshold(traitDots: number, threshold: number): boolean {
  return requireInt("traitDots", traitDots, 0, 10) >= requireInt("threshold", threshold, 0, 10);
}

/** Starts an extended action. */
export function startExtendedAction(opts: { target: number; maxRolls?: number | null; attempt?: number }): ExtendedAction {
  requireObject("options", opts);
  requireInt("target", opts.target, 1, 9999);
  const maxRolls = opts.maxRolls ?? null;
  if (maxRolls !== null) requireInt("maxRolls", maxRolls, 1, 9999);
  return {
    target: opts.target,
    accumulated: 0,
    rollsMade: 0,
    maxRolls,
    attempt: requireInt("attempt", opts.attempt ?? 1, 1, 999),
    exceptionalRolls: [],
    dramaticFailures: [],
    status: "inProgress",
    overshoot: false,
  };
}

/**
 * Records one roll of an extended action (002:L258–L262, L286, L388–L390): successes accumulate;
 * a dramatic failure erases everything accumulated (the Storyteller decides whether it goes on);
 * the action completes as soon as the total meets the target, and fails when the roll limit is
 * used up short of it.
 */
export function recordExtendedRoll(state: ExtendedAction, roll: RollTally): ExtendedAction {
  checkExtended(state);
  if (state.status !== "inProgress") {
    throw new OmnibusError("badArgument", `this extended action is already ${state.status}`);
  }
  tally(roll);
  const n = state.rollsMade + 1;
  const accumulated = roll.dramaticFailure ? 0 : state.accumulated + roll.successes;
  const complete = accumulated >= state.target;
  const failed = !complete && state.maxRolls !== null && n >= state.maxRolls;
  return {
    ...state,
    accumulated,
    rollsMade: n,
    exceptionalRolls: roll.successes >= EXCEPTIONAL_SUCCESSES ? [...state.exceptionalRolls, n] : state.exceptionalRolls,
    dramaticFailures: roll.dramaticFailure ? [...state.dramaticFailures, n] : state.dramaticFailures,
    status: complete ? "complete" : failed ? "failed" : "inProgress",
    overshoot: complete && accumulated - state.target >= EXCEPTIONAL_SUCCESSES,
  };
}

/** A new attempt after a failed one (002:L292–L294): the total resets, the attempt number rises. */
export function retryExtendedAction(state: ExtendedAction): ExtendedAction {
  checkExtended(state);
  return startExtendedAction({ target: state.target, maxRolls: state.maxRolls, attempt: state.attempt + 1 });
}

/** Time limit (002:L288): how many rolls fit in the time available (same units as the interval). */
export function rollsWithinTime(timeAvailable: number, timePerRoll: number): number {
  requireNumber("timeAvailable", timeAvailable, 0, 1e12);
  requireNumber("timePerRoll", timePerRoll, 1e-9, 1e12);
  return Math.floor(timeAvailable / timePerRoll + 1e-9);
}

/** Ability limit (002:L290, digest A6): Attribute + Skill dots, without equipment or Specialty. */
export function abilityRollLimit(attribute: number, skill: number): number {
  return requireInt("attribute", attribute, 0, 10) + requireInt("skill", skill, 0, 10);
}

export type ContestWinner = "first" | "second" | "none";

export interface ContestResult {
  winner: ContestWinner;
  /** The winner rolled more than the loser and at least five successes (002:L341, L386). */
  exceptional: boolean;
}

/**
 * An instant contest (002:L341–L349): more successes wins, a tie (0–0 included) has no winner.
 * A dramatic failure (002:L341, digest A12): by default the side that failed loses, and the
 * opponent's win is exceptional if the opponent rolled at least one success
 * (`dramaticFailure: "opponentExceptional"`); `"loses"` only makes the failer lose.
 */
export function resolveContest(
  first: RollTally,
  second: RollTally,
  opts: { dramaticFailure?: "opponentExceptional" | "loses" } = {},
): ContestResult {
  tally(first);
  tally(second);
  const mode = optionsObject("options", opts).dramaticFailure ?? "opponentExceptional";
  oneOf("dramaticFailure", mode, ["opponentExceptional", "loses"]);
  const df1 = first.dramaticFailure === true;
  const df2 = second.dramaticFailure === true;
  if (df1 && df2) return { winner: "none", exceptional: false };
  if (df1 || df2) {
    const other = df1 ? second : first;
    return { winner: df1 ? "second" : "first", exceptional: mode === "opponentExceptional" && other.successes >= 1 };
  }
  if (first.successes === second.successes) return { winner: "none", exceptional: false };
  const winner = first.successes > second.successes ? "first" : "second";
  const w = winner === "first" ? first : second;
  return { winner, exceptional: w.successes >= EXCEPTIONAL_SUCCESSES };
}

/** A roll against a recorded earlier roll (002:L343): it must get more successes than were recorded. */
export function beatsPriorRoll(successes: number, recorded: number): boolean {
  return requireInt("successes", successes, 0) > requireInt("recorded", recorded, 0);
}

export interface ExtendedContest {
  target: number;
  totals: [number, number];
  rounds: number;
  /** "first"/"second" once one side reaches the target alone; "tie" when both reach it together. */
  result: "inProgress" | "first" | "second" | "tie";
}

export function startExtendedContest(target: number): ExtendedContest {
  return { target: requireInt("target", target, 1, 9999), totals: [0, 0], rounds: 0, result: "inProgress" };
}

/**
 * One round of an extended contest (002:L351–L359, digest A11): both sides add their successes;
 * the first to reach the target wins; both at once is a tie (the Storyteller may call more rounds
 * with `continueAfterTie`, and then the side further ahead when one leads wins).
 */
export function recordContestRound(
  state: ExtendedContest,
  first: RollTally,
  second: RollTally,
  opts: { continueAfterTie?: boolean } = {},
): ExtendedContest {
  requireObject("contest", state);
  requireInt("target", state.target, 1, 9999);
  const totals0 = requireArray("totals", state.totals);
  requireInt("totals[0]", totals0[0], 0, 999999);
  requireInt("totals[1]", totals0[1], 0, 999999);
  requireInt("rounds", state.rounds, 0, 999999);
  oneOf("result", state.result, ["inProgress", "first", "second", "tie"]);
  const continuing = state.result === "tie" && optionalFlag("continueAfterTie", optionsObject("options", opts).continueAfterTie);
  if (state.result !== "inProgress" && !continuing)
    throw new OmnibusError("badArgument", `this contest is already decided (${state.result})`);
  tally(first);
  tally(second);
  const totals: [number, number] = [
    first.dramaticFailure ? 0 : state.totals[0] + first.successes,
    second.dramaticFailure ? 0 : state.totals[1] + second.successes,
  ];
  const a = totals[0] >= state.target;
  const b = totals[1] >= state.target;
  let result: ExtendedContest["result"] = "inProgress";
  if (a && b) result = totals[0] === totals[1] || !continuing ? "tie" : totals[0] > totals[1] ? "first" : "second";
  else if (a) result = "first";
  else if (b) result = "second";
  return { target: state.target, totals, rounds: state.rounds + 1, result };
}

export type WillpowerUse = "dice" | "defense" | "resistance";

export interface WillpowerState {
  /** Willpower points left. */
  points: number;
  /** A point was already spent this turn (002:L420, L436). */
  spentThisTurn: boolean;
}

/**
 * Spends one Willpower point (002:L406–L436): +3 dice to one roll, +2 Defense against one attack,
 * or +2 to one resistance trait (Stamina, Resolve, Composure) against one effect. At most one point
 * per turn, for any purpose; it must be declared before the roll.
 */
export function spendWillpower(
  state: WillpowerState,
  use: WillpowerUse,
): {
  state: WillpowerState;
  poolBonus: number;
  traitBonus: number;
} {
  requireObject("Willpower", state);
  requireInt("points", state.points, 0, 99);
  optionalFlag("spentThisTurn", state.spentThisTurn);
  if (use !== "dice" && use !== "defense" && use !== "resistance") {
    throw new OmnibusError("badArgument", `Willpower use must be dice, defense or resistance, got "${describeValue(use)}"`);
  }
  if (state.spentThisTurn) throw new OmnibusError("badArgument", "only one Willpower point may be spent per turn (002:L420, L436)");
  if (state.points < 1) throw new OmnibusError("outOfRange", "no Willpower points left");
  return {
    state: { points: state.points - 1, spentThisTurn: true },
    poolBonus: use === "dice" ? 3 : 0,
    traitBonus: use === "dice" ? 0 : 2,
  };
}
