/**
 * Rounds and initiative (digest §3, §4.6; seed 004:L2-4, L17-18).
 *
 * Every round starts with an initiative roll: everyone rolls Combat Sense (Боевое чутье); actions
 * go from the highest total to the lowest (004:L3). Ties go to the higher Combat Sense level; equal
 * levels act simultaneously (004:L4). A mishap on the initiative roll allows only diving for cover
 * this round — except for a character carrying on an action from last round, who carries on (004:L3). A character who spent the last round pulling itself together (Взять себя в
 * руки) gets initiative 4 + Combat Sense level without rolling (004:L18).
 */
import type { DiceSource } from "../../core/dice";
import { OmnibusError, requireInt } from "../../core/errors";
import { MAX_POOL, rollPool, type PoolOptions, type PoolReading } from "./pool";

/** Seconds in a round (004:L1). */
export const ROUND_SECONDS = 6;
/** The fixed part of the initiative after pulling oneself together (004:L18). */
export const PULL_TOGETHER_BASE = 4;

/** What a character may do this round, from its initiative. */
export type InitiativeActions = "all" | "diveForCoverOnly" | "continuing";

export interface InitiativeResult {
  /** The initiative total (dice result + modifier, or 4 + Combat Sense). */
  total: number;
  /** Combat Sense level: the tie-breaker (004:L4). */
  combatSense: number;
  /** The roll, or `null` when the initiative was fixed (pulled together). */
  roll: PoolReading | null;
  /** A mishap on the initiative roll (004:L3). */
  fumble: boolean;
  /** `diveForCoverOnly` after a mishap; `continuing` for an action carried on from last round (004:L3). */
  actions: InitiativeActions;
}

export interface InitiativeRequest {
  /** Combat Sense skill level (the pool; 0 = untrained). */
  combatSense: number;
  /** Modifiers to the roll (the attribute, if the table adds one: the seed does not say, §16.10). Default 0. */
  modifier?: number;
  /** The character spent last round pulling itself together: 4 + Combat Sense, no roll (004:L18). */
  pulledTogether?: boolean;
  /** Carrying on an action begun last round (e.g. healing a comrade) (004:L3). */
  continuingAction?: boolean;
}

/**
 * Initiative for one character this round. Rolls Combat Sense from `source` unless the character
 * pulled itself together last round (then no die is consumed).
 */
export function rollInitiative(request: InitiativeRequest, source: DiceSource, options: PoolOptions = {}): InitiativeResult {
  if (typeof request !== "object" || request === null)
    throw new OmnibusError("badArgument", "an initiative roll needs a request", { name: "request" });
  const combatSense = requireInt("combatSense", request.combatSense, 0, MAX_POOL);
  const modifier = requireInt("modifier", request.modifier ?? 0, -100, 100);
  if (request.pulledTogether === true) {
    return {
      total: pullTogetherInitiative(combatSense),
      combatSense,
      roll: null,
      fumble: false,
      actions: request.continuingAction ? "continuing" : "all",
    };
  }
  const roll = rollPool(combatSense, source, options);
  // A character carrying on last round's action carries on even after a mishap (004:L3, "Однако…").
  const actions: InitiativeActions = request.continuingAction === true ? "continuing" : roll.fumble ? "diveForCoverOnly" : "all";
  return { total: roll.result + modifier, combatSense, roll, fumble: roll.fumble, actions };
}

/**
 * "Pull yourself together": next round's initiative is 4 + Combat Sense (004:L18), read as the
 * Combat Sense skill level (digest §16.9). The round spent gives no move and no other action.
 */
export function pullTogetherInitiative(combatSense: number): number {
  return PULL_TOGETHER_BASE + requireInt("combatSense", combatSense, 0, MAX_POOL);
}

/** One combatant's entry for ordering. */
export interface InitiativeEntry {
  id: string;
  total: number;
  combatSense: number;
}

/**
 * Compares two entries for acting order: negative when `a` acts first. Higher total first; tie →
 * higher Combat Sense level first; both equal → 0 (simultaneous) (004:L3-4).
 */
export function compareInitiative(
  a: Pick<InitiativeEntry, "total" | "combatSense">,
  b: Pick<InitiativeEntry, "total" | "combatSense">,
): number {
  for (const e of [a, b]) {
    if (typeof e !== "object" || e === null)
      throw new OmnibusError("badArgument", "an initiative entry must be an object", { name: "entry" });
    requireInt("total", e.total, -1000, 1000);
    requireInt("combatSense", e.combatSense, 0, MAX_POOL);
  }
  if (a.total !== b.total) return b.total - a.total;
  return b.combatSense - a.combatSense;
}

/** A slot in the round: one or more combatants who act simultaneously. */
export interface InitiativeSlot {
  total: number;
  combatSense: number;
  /** Ids acting in this slot, in input order; more than one = simultaneous (004:L4). */
  ids: string[];
}

/** Orders the round's combatants into slots, highest first, simultaneous ties grouped (004:L3-4). */
export function initiativeOrder(entries: readonly InitiativeEntry[]): InitiativeSlot[] {
  if (!Array.isArray(entries)) throw new OmnibusError("badArgument", "initiative entries must be a list", { name: "entries" });
  const seen = new Set<string>();
  for (const e of entries) {
    if (typeof e !== "object" || e === null || typeof e.id !== "string")
      throw new OmnibusError("badArgument", "an initiative entry needs an id", { name: "id" });
    if (seen.has(e.id)) throw new OmnibusError("badArgument", `initiative entry "${e.id}" given twice`, { name: "id", value: e.id });
    seen.add(e.id);
    requireInt("total", e.total, -1000, 1000);
    requireInt("combatSense", e.combatSense, 0, MAX_POOL);
  }
  const sorted = entries.map((e, i) => ({ e, i })).sort((x, y) => compareInitiative(x.e, y.e) || x.i - y.i);
  const slots: InitiativeSlot[] = [];
  for (const { e } of sorted) {
    const last = slots[slots.length - 1];
    if (last && last.total === e.total && last.combatSense === e.combatSense) last.ids.push(e.id);
    else slots.push({ total: e.total, combatSense: e.combatSense, ids: [e.id] });
  }
  return slots;
}

/**
 * Where readied and delayed characters act when a trigger happens (004:L13-16): a readied action
 * goes off at the trigger, before the triggering character acts; a delayed character acts after it
 * (it "cannot act faster than the trigger"). Returns the acting sequence.
 */
export function triggerSequence(
  triggerId: string,
  readied: readonly string[] = [],
  delayed: readonly string[] = [],
): { id: string; when: "readied" | "trigger" | "delayed" }[] {
  if (typeof triggerId !== "string" || triggerId === "")
    throw new OmnibusError("badArgument", "a trigger needs the triggering character's id", { name: "triggerId" });
  for (const list of [readied, delayed]) {
    if (!Array.isArray(list) || list.some((id) => typeof id !== "string" || id === ""))
      throw new OmnibusError("badArgument", "readied and delayed are lists of ids", { name: "readied" });
  }
  const all = [...readied, ...delayed];
  if (all.includes(triggerId) || new Set(all).size !== all.length) {
    throw new OmnibusError("badArgument", "a character is either readied, delayed or the trigger, once", { name: "triggerId" });
  }
  return [
    ...readied.map((id) => ({ id, when: "readied" as const })),
    { id: triggerId, when: "trigger" as const },
    ...delayed.map((id) => ({ id, when: "delayed" as const })),
  ];
}
