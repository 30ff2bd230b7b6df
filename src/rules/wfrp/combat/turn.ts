/**
 * Rounds, turns and surprise (003:L255-335, digest §3.1-3.7, 3.10-3.11). A round runs: determine
 * surprise (usually round 1 only), round-start effects, turns in Initiative order, round-end effects,
 * repeat (003:L267-277). A turn is one Move and one Action in any order; either may be skipped but not
 * carried over (003:L333); Free Actions cost nothing (003:L357).
 */
import { requireArray, requireDice, requireObject } from "../../../core/guards";
import type { DiceSource } from "../../../core/dice";
import { describeValue, OmnibusError, requireInt } from "../../../core/errors";
import type { ConditionCounts } from "../conditions";
import { turnAllowance } from "../conditions";
import type { TestOptions } from "../options";
import { rollOpposed, type OpposedOptions, type OpposedResult } from "../opposed";
import { rollTest, type TestResult } from "../test";

export const ROUND_STEPS = ["surprise", "roundStart", "turns", "roundEnd"] as const;
export type RoundStep = (typeof ROUND_STEPS)[number];

/** The step after `step`; after the round's end comes the next round's start (003:L277). */
export function nextRoundStep(step: RoundStep): RoundStep {
  const i = ROUND_STEPS.indexOf(step);
  if (i < 0)
    throw new OmnibusError("badArgument", `unknown round step "${describeValue(step)}"`, { name: "step", value: describeValue(step) });
  return step === "roundEnd" ? "roundStart" : ROUND_STEPS[i + 1];
}

export interface TurnState {
  actionAvailable: boolean;
  moveAvailable: boolean;
  /** The skill chosen for On the Defensive, active until the start of this character's next turn. */
  onTheDefensive: string | null;
}

/** A new turn: Action and Move as the Conditions allow (Surprised, Stunned, Entangled …); On the Defensive ends. */
export function startTurn(conditions: ConditionCounts = {}): TurnState {
  const a = turnAllowance(conditions);
  return { actionAvailable: a.action, moveAvailable: a.move !== "none", onTheDefensive: null };
}

/** Spends the turn's Action; throws badArgument when it is already spent or not available. */
export function useAction(turn: TurnState): TurnState {
  requireObject("turn", turn);
  if (!turn.actionAvailable) throw new OmnibusError("badArgument", "no Action left this turn", { name: "action" });
  return { ...turn, actionAvailable: false };
}

/** Spends the turn's Move. */
export function useMove(turn: TurnState): TurnState {
  requireObject("turn", turn);
  if (!turn.moveAvailable) throw new OmnibusError("badArgument", "no Move left this turn", { name: "move" });
  return { ...turn, moveAvailable: false };
}

/** Bonus of On the Defensive to defensive tests with the chosen skill (003:L361). */
export const ON_THE_DEFENSIVE_BONUS = 20;

/** Option "On the Defensive" (003:L359-361): spend the Action to choose a skill; +20 to defensive tests with it. */
export function goOnTheDefensive(turn: TurnState, skill: string): TurnState {
  if (typeof skill !== "string" || skill === "") throw new OmnibusError("badArgument", "On the Defensive needs a skill", { name: "skill" });
  return { ...useAction(turn), onTheDefensive: skill };
}

/** The modifier a defensive test with `skill` gets from On the Defensive. */
export function onTheDefensiveModifier(turn: Pick<TurnState, "onTheDefensive">, skill: string): number {
  requireObject("turn", turn);
  return turn.onTheDefensive !== null && turn.onTheDefensive === skill ? ON_THE_DEFENSIVE_BONUS : 0;
}

export interface AmbushResult {
  /** The Stealth value that opposes every observer: the lowest among the ambushers (003:L315). */
  stealth: number;
  observers: { id: string; test: OpposedResult; surprised: boolean }[];
}

/**
 * An ambush that may be spotted (003:L315): the ambusher with the lowest Stealth opposes each
 * observer's Perception; each observer who loses is Surprised. Dice: per observer, the Stealth face
 * then the Perception face.
 */
export function rollAmbush(
  dice: DiceSource,
  ambusherStealth: readonly number[],
  observers: readonly { id: string; perception: number }[],
  options: Partial<TestOptions> = {},
  opposed: Partial<OpposedOptions> = {},
): AmbushResult {
  if (!Array.isArray(ambusherStealth) || ambusherStealth.length === 0)
    throw new OmnibusError("badArgument", "an ambush needs at least one ambusher", { name: "ambushers" });
  requireDice("dice", dice);
  requireArray("observers", observers);
  observers.forEach((o) => requireObject("observer", o));
  const stealth = Math.min(...ambusherStealth.map((s) => requireInt("stealth", s, 0, 999)));
  return {
    stealth,
    observers: observers.map((o) => {
      const test = rollOpposed(dice, { value: stealth }, { value: requireInt("perception", o.perception, 0, 999) }, options, opposed);
      return { id: o.id, test, surprised: test.winner === "attacker" };
    }),
  };
}

/**
 * Combat Aware (Бдительность, 003:L325): a Challenging (+0) Perception test to avoid being Surprised,
 * even when the GM rules the ambush undetectable. One d100.
 */
export function rollCombatAware(
  dice: DiceSource,
  perception: number,
  options: Partial<TestOptions> = {},
): { test: TestResult; surprised: boolean } {
  requireDice("dice", dice);
  const test = rollTest(dice, { value: requireInt("perception", perception, 0, 999), difficulty: "challenging" }, options);
  return { test, surprised: !test.success };
}

/** How one side tries to catch the other unawares (003:L303–313). */
export const SURPRISE_METHODS = ["ambush", "surroundings", "distraction", "unprepared", "other"] as const;
export type SurpriseMethod = (typeof SURPRISE_METHODS)[number];

/** Surprise is determined at the start of a combat's first round as a rule (003:L269). */
export function surpriseDeterminedIn(round: number): boolean {
  return requireInt("round", round, 1, 100000) === 1;
}

export interface SurpriseObserver {
  id: string;
  perception: number;
  /** Has a talent such as Combat Aware: a Challenging (+0) Perception test avoids Surprise (003:L321–325). */
  combatAware?: boolean;
}

export interface SurpriseRequest {
  method: SurpriseMethod;
  /** The ambushers' Stealth values: an ambush needs a successful Stealth test (003:L303), the lowest opposes all (003:L315). */
  ambusherStealth?: readonly number[];
  /**
   * The defenders may spot it (003:L303, L305: they are alert, or the GM allows it): an ambush becomes
   * an opposed Stealth against Perception test (003:L315); an attack from behind, in the dark, through
   * fog or from above a Perception test (003:L305). Off: the method surprises as it stands.
   */
  detectable?: boolean;
  observers: readonly SurpriseObserver[];
}

export interface SurpriseOutcome {
  /** The ambush's own Stealth test when nobody can spot it (003:L303); null otherwise. */
  stealthTest: TestResult | null;
  observers: Array<{
    id: string;
    /** The test that spotted (or failed to spot) the attack, if any. */
    spot: OpposedResult | TestResult | null;
    /** Combat Aware's test, when the observer would otherwise be Surprised (003:L325). */
    combatAware: TestResult | null;
    surprised: boolean;
  }>;
  /** Nobody is Surprised: fight as usual (003:L317). */
  nobodySurprised: boolean;
}

/**
 * Who is Surprised at the start of the fight (003:L301–325):
 * - ambush: undetectable, the lowest Stealth among the ambushers makes a Stealth test (one face;
 *   suitable cover is the GM's call) — success surprises every observer, failure none; detectable,
 *   that Stealth opposes each observer's Perception (Stealth face, then Perception face, per observer)
 *   and each loser is Surprised (003:L315);
 * - surroundings (behind, dark, fog, above): every observer is Surprised, or with `detectable` each
 *   makes a Challenging Perception test (one face each) and is Surprised on a failure (003:L305);
 * - distraction, unprepared defenders, other: the GM's call — every observer is Surprised (003:L307–313);
 * then each observer who would be Surprised and is Combat Aware tests Perception, Challenging (+0),
 * and avoids it on a success (003:L325; one face each, in observer order).
 */
export function resolveSurprise(
  dice: DiceSource,
  request: SurpriseRequest,
  options: Partial<TestOptions> = {},
  opposed: Partial<OpposedOptions> = {},
): SurpriseOutcome {
  requireDice("dice", dice);
  requireObject("surprise", request);
  if (!(SURPRISE_METHODS as readonly string[]).includes(request.method)) {
    throw new OmnibusError(
      "badArgument",
      `unknown surprise method "${describeValue(request.method)}" (one of ${SURPRISE_METHODS.join(", ")})`,
      { name: "method", value: describeValue(request.method) },
    );
  }
  requireArray("observers", request.observers);
  const ids = new Set<string>();
  for (const o of request.observers) {
    requireObject("observer", o);
    if (typeof o.id !== "string" || ids.has(o.id))
      throw new OmnibusError("badArgument", `observer ids must be distinct strings, got "${describeValue(o.id)}"`, { name: "id" });
    ids.add(o.id);
    requireInt("perception", o.perception, 0, 999);
    if (o.combatAware !== undefined && typeof o.combatAware !== "boolean")
      throw new OmnibusError("badArgument", "combatAware must be true or false", { name: "combatAware" });
  }
  if (request.detectable !== undefined && typeof request.detectable !== "boolean")
    throw new OmnibusError("badArgument", "detectable must be true or false", { name: "detectable" });
  const detectable = request.detectable === true;
  let stealth = 0;
  if (request.method === "ambush") {
    if (!Array.isArray(request.ambusherStealth) || request.ambusherStealth.length === 0)
      throw new OmnibusError("badArgument", "an ambush needs the ambushers' Stealth", { name: "ambusherStealth" });
    stealth = Math.min(...request.ambusherStealth.map((s) => requireInt("stealth", s, 0, 999)));
  }
  let stealthTest: TestResult | null = null;
  let everyone = true;
  if (request.method === "ambush" && !detectable) {
    stealthTest = rollTest(dice, { value: stealth }, options);
    everyone = stealthTest.success;
  }
  const first = request.observers.map((o) => {
    let spot: OpposedResult | TestResult | null = null;
    let surprised = everyone;
    if (request.method === "ambush" && detectable) {
      const test = rollOpposed(dice, { value: stealth }, { value: o.perception }, options, opposed);
      spot = test;
      surprised = test.winner === "attacker";
    } else if (request.method === "surroundings" && detectable) {
      const test = rollTest(dice, { value: o.perception, difficulty: "challenging" }, options);
      spot = test;
      surprised = !test.success;
    }
    return { o, spot, surprised };
  });
  const observers = first.map(({ o, spot, surprised }) => {
    if (!surprised || o.combatAware !== true) return { id: o.id, spot, combatAware: null, surprised };
    const aware = rollCombatAware(dice, o.perception, options);
    return { id: o.id, spot, combatAware: aware.test, surprised: aware.surprised };
  });
  return { stealthTest, observers, nobodySurprised: observers.every((o) => !o.surprised) };
}

/**
 * A Surprised character spends a Resolve point to lose the Condition (003:L319). Refused without a
 * Resolve point or when not Surprised; nothing changes then.
 */
export function spendResolveOnSurprise(state: { resolve: number; surprised: number }): { resolve: number; surprised: number } {
  requireObject("state", state);
  const resolve = requireInt("resolve", state.resolve, 0, 999);
  const surprised = requireInt("surprised", state.surprised, 0, 1);
  if (surprised === 0) throw new OmnibusError("badArgument", "the character is not Surprised", { name: "surprised", value: 0 });
  if (resolve < 1) throw new OmnibusError("outOfRange", "no Resolve point left", { name: "resolve", value: 0, min: 1, max: 999 });
  return { resolve: resolve - 1, surprised: 0 };
}
