/**
 * Rounds, turns and surprise (003:L255-335, digest §3.1-3.7, 3.10-3.11). A round runs: determine
 * surprise (usually round 1 only), round-start effects, turns in Initiative order, round-end effects,
 * repeat (003:L267-277). A turn is one Move and one Action in any order; either may be skipped but not
 * carried over (003:L333); Free Actions cost nothing (003:L357).
 */
import { describeValue, int, requireArray, requireDice, requireObject } from "../guards";
import type { DiceSource } from "../../../core/dice";
import { OmnibusError } from "../../../core/errors";
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
  if (i < 0) throw new OmnibusError("badArgument", `unknown round step "${describeValue(step)}"`, { name: "step", value: describeValue(step) });
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
  if (!Array.isArray(ambusherStealth) || ambusherStealth.length === 0) throw new OmnibusError("badArgument", "an ambush needs at least one ambusher", { name: "ambushers" });
  requireDice(dice);
  requireArray("observers", observers);
  observers.forEach((o) => requireObject("observer", o));
  const stealth = Math.min(...ambusherStealth.map((s) => int("stealth", s, 0, 999)));
  return {
    stealth,
    observers: observers.map((o) => {
      const test = rollOpposed(dice, { value: stealth }, { value: int("perception", o.perception, 0, 999) }, options, opposed);
      return { id: o.id, test, surprised: test.winner === "attacker" };
    }),
  };
}

/**
 * Combat Aware (Бдительность, 003:L325): a Challenging (+0) Perception test to avoid being Surprised,
 * even when the GM rules the ambush undetectable. One d100.
 */
export function rollCombatAware(dice: DiceSource, perception: number, options: Partial<TestOptions> = {}): { test: TestResult; surprised: boolean } {
  requireDice(dice);
  const test = rollTest(dice, { value: int("perception", perception, 0, 999), difficulty: "challenging" }, options);
  return { test, surprised: !test.success };
}
