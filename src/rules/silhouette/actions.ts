/**
 * Actions in a turn (digest §4; seed 004:L5-19).
 */
import { OmnibusError, requireInt } from "../../core/errors";

/**
 * Action types (004:L6-11). The seed's list calls the third type "Ordinary" (Обычное) and its
 * description "Simple" (Простое): they are one type, `simple` (digest §16.6).
 */
export type ActionType = "automatic" | "simple" | "standard" | "impossible";
export const ACTION_TYPES: readonly ActionType[] = ["automatic", "simple", "standard", "impossible"];

/**
 * How the multi-action penalty is spread (004:L5, digest §16.8). `allRolls` (default): with N
 * roll-requiring actions every roll gets −(N−1) (the pistol example: both shots at −1).
 * `progressive`: the k-th action gets −(k−1).
 */
export type MultiActionReading = "allRolls" | "progressive";

/**
 * The multi-action penalty for `rollActions` roll-requiring actions in a turn (004:L5), for the
 * action at 1-based `index` (only matters for `progressive`). Free strikes are not counted (004:L19).
 */
export function multiActionPenalty(rollActions: number, index = rollActions, reading: MultiActionReading = "allRolls"): number {
  requireInt("rollActions", rollActions, 0, 100);
  if (rollActions === 0) return 0;
  requireInt("index", index, 1, rollActions);
  if (reading === "allRolls") return 1 - rollActions;
  if (reading === "progressive") return 1 - index;
  throw new OmnibusError("badArgument", `unknown multi-action reading "${String(reading)}"`, { name: "reading", value: String(reading) });
}

/** One planned action in a turn. */
export interface PlannedAction {
  type: ActionType;
  /** A free strike (Свободный удар): does not count toward the multi-action penalty (004:L19). */
  freeStrike?: boolean;
}

/** What the planner decided for one action. */
export interface ActionPlan {
  type: ActionType;
  /** `roll`: a test is needed; `automatic`: succeeds, no roll; `free`: a Simple action done at no cost; `fails`: impossible. */
  resolution: "roll" | "automatic" | "free" | "fails";
  /** The modifier on this action's roll (0 when not rolled). */
  modifier: number;
  /**
   * For Simple actions that pair into a Standard action (004:L9): the 0-based pair number shared
   * by both actions of the pair (one roll for the pair); `null` otherwise.
   */
  pair: number | null;
  freeStrike: boolean;
}

export interface TurnPlan {
  actions: ActionPlan[];
  /** Roll-requiring actions counted for the multi-action penalty (a Simple pair counts once). */
  rolledActions: number;
  /** The penalty every rolled action takes under `allRolls` (0 or negative). */
  penalty: number;
}

export interface TurnOptions {
  reading?: MultiActionReading;
  /** Fighting underwater without a swimming device: one action is always spent afloat → −1 more (004:L77). */
  underwater?: boolean;
}

/**
 * Plans a turn (004:L5-11): one Simple action is free; two Simple actions become a Standard action
 * (004:L9). On its own such a pair needs no roll ("all fine", 004:L10); alongside another Standard
 * action the pair becomes a rolled action and every rolled action takes the multi-action penalty
 * (004:L10: load at −1, shoot at −1). Automatic actions succeed without a roll; impossible ones fail.
 * A third Simple action starts a new pair; an unpaired Simple action stays free.
 */
export function planTurn(actions: readonly PlannedAction[], options: TurnOptions = {}): TurnPlan {
  if (!Array.isArray(actions)) throw new OmnibusError("badArgument", "a turn is a list of actions", { name: "actions" });
  if (actions.length > 50) throw new OmnibusError("outOfRange", "too many actions in one turn", { name: "actions" });
  for (const a of actions) {
    if (typeof a !== "object" || a === null || !ACTION_TYPES.includes(a.type)) {
      throw new OmnibusError("badArgument", `unknown action type "${String(a?.type)}"`, { name: "type", value: String(a?.type) });
    }
    if (a.freeStrike === true && a.type !== "standard")
      throw new OmnibusError("badArgument", "a free strike is a Standard (rolled) action", { name: "freeStrike" });
  }
  const reading = options.reading ?? "allRolls";
  const simpleIdx = actions.map((a, i) => (a.type === "simple" ? i : -1)).filter((i) => i >= 0);
  const pairOf = new Map<number, number>();
  for (let p = 0; p + 1 < simpleIdx.length; p += 2) {
    pairOf.set(simpleIdx[p], p / 2);
    pairOf.set(simpleIdx[p + 1], p / 2);
  }
  const pairs = Math.floor(simpleIdx.length / 2);
  const standards = actions.filter((a) => a.type === "standard" && a.freeStrike !== true).length;
  const standardSlots = standards + pairs;
  const pairsRolled = standardSlots >= 2;
  const rolledActions = standards + (pairsRolled ? pairs : 0);
  const underwater = options.underwater === true ? -1 : 0;
  // the k-th rolled action, for the progressive reading; a pair's index is its first action's
  const order = new Map<string, number>();
  let k = 0;
  actions.forEach((a, i) => {
    if (a.type === "standard" && a.freeStrike !== true) order.set(`a${i}`, ++k);
    else if (a.type === "simple" && pairsRolled && pairOf.has(i)) {
      const key = `p${pairOf.get(i)}`;
      if (!order.has(key)) order.set(key, ++k);
    }
  });
  const plans: ActionPlan[] = actions.map((a, i) => {
    const freeStrike = a.freeStrike === true;
    const pair = pairOf.get(i) ?? null;
    if (a.type === "automatic") return { type: a.type, resolution: "automatic", modifier: 0, pair: null, freeStrike };
    if (a.type === "impossible") return { type: a.type, resolution: "fails", modifier: 0, pair: null, freeStrike };
    if (a.type === "simple" && (pair === null || !pairsRolled)) return { type: a.type, resolution: "free", modifier: 0, pair, freeStrike };
    if (freeStrike) return { type: a.type, resolution: "roll", modifier: underwater, pair: null, freeStrike };
    const index = a.type === "simple" ? (order.get(`p${pair}`) as number) : (order.get(`a${i}`) as number);
    return { type: a.type, resolution: "roll", modifier: multiActionPenalty(rolledActions, index, reading) + underwater, pair, freeStrike };
  });
  return { actions: plans, rolledActions, penalty: multiActionPenalty(rolledActions) + underwater };
}

/** What provokes a free strike (004:L19). */
export type FreeStrikeTrigger =
  | "mishapDefendingInMelee"
  | "drawOrStowWeapon"
  | "rangedAttack"
  | "useOrPickUpItem"
  | "reload"
  | "takeControlOfVehicle"
  | "otherDistraction";
export const FREE_STRIKE_TRIGGERS: readonly FreeStrikeTrigger[] = [
  "mishapDefendingInMelee",
  "drawOrStowWeapon",
  "rangedAttack",
  "useOrPickUpItem",
  "reload",
  "takeControlOfVehicle",
  "otherDistraction",
];
/** Free strikes a character may make per round (004:L19). */
export const FREE_STRIKES_PER_ROUND = 1;

/**
 * Whether a character may make a free strike now: the enemy's action is a trigger, the enemy is
 * within reach (the zone is presumably reach, digest §16.12), and the character has not yet used
 * its one free strike this round (004:L19).
 */
export function mayFreeStrike(trigger: FreeStrikeTrigger, freeStrikesUsedThisRound: number, withinReach = true): boolean {
  if (!FREE_STRIKE_TRIGGERS.includes(trigger))
    throw new OmnibusError("badArgument", `unknown free-strike trigger "${String(trigger)}"`, { name: "trigger", value: String(trigger) });
  requireInt("freeStrikesUsedThisRound", freeStrikesUsedThisRound, 0, 100);
  return withinReach === true && freeStrikesUsedThisRound < FREE_STRIKES_PER_ROUND;
}
