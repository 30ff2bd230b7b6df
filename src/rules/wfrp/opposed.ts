/**
 * Opposed Tests (Встречные проверки, 003:L185-199, digest §2.12): both sides make a Dramatic Test;
 * the higher SL wins; on equal SL the higher tested skill or characteristic wins; still tied, the GM's
 * choice of stalemate or re-roll. The margin is the winner's SL minus the loser's (003:L199).
 */
import { requireObject } from "../../core/guards";
import type { DiceSource } from "../../core/dice";
import { OmnibusError, requireInt } from "../../core/errors";
import { resolveTest, rollTest, testTarget, type TestResult, type TestSpec } from "./test";
import { testOptions, type TestOptions } from "./options";

export interface OpposedOptions {
  /**
   * What breaks an SL tie (003:L191): "value" = the tested skill or characteristic before difficulty
   * (the book's wording, default; digest §7 item 8); "target" = the modified target (Foundry's choice).
   */
  tieBreak: "value" | "target";
  /** A tie that survives the tie-break (003:L191): "stalemate" (nobody wins, default) or "reroll" (both roll again). */
  finalTie: "stalemate" | "reroll";
}

export const DEFAULT_OPPOSED_OPTIONS: Readonly<OpposedOptions> = Object.freeze({ tieBreak: "value", finalTie: "stalemate" });

export type OpposedWinner = "attacker" | "defender" | null;

export interface OpposedOutcome {
  winner: OpposedWinner;
  /** The winner's SL minus the loser's (003:L199); 0 when nobody wins. */
  margin: number;
  /** What decided it: the SLs, the tie-break, or nothing (a full tie). */
  decidedBy: "sl" | "tieBreak" | "tie";
}

export interface OpposedResult extends OpposedOutcome {
  attacker: TestResult;
  defender: TestResult;
  /** How many times both sides re-rolled a full tie (finalTie "reroll"). */
  rerolls: number;
}

function opposedOptions(partial: Partial<OpposedOptions>): OpposedOptions {
  const o = { ...DEFAULT_OPPOSED_OPTIONS, ...requireObject("opposed options", partial) };
  if (o.tieBreak !== "value" && o.tieBreak !== "target")
    throw new OmnibusError("badArgument", `tieBreak must be "value" or "target"`, { name: "tieBreak" });
  if (o.finalTie !== "stalemate" && o.finalTie !== "reroll")
    throw new OmnibusError("badArgument", `finalTie must be "stalemate" or "reroll"`, { name: "finalTie" });
  return o;
}

/**
 * Compares two resolved sides. `attackerTieValue`/`defenderTieValue` are the values compared on an
 * SL tie (the tested value or the modified target, per `tieBreak`).
 */
export function compareOpposed(
  attacker: TestResult,
  defender: TestResult,
  attackerTieValue: number,
  defenderTieValue: number,
): OpposedOutcome {
  requireInt("attacker SL", requireObject("attacker", attacker).sl);
  requireInt("defender SL", requireObject("defender", defender).sl);
  requireInt("attacker tie value", attackerTieValue);
  requireInt("defender tie value", defenderTieValue);
  if (attacker.sl !== defender.sl) {
    const attackerWins = attacker.sl > defender.sl;
    return { winner: attackerWins ? "attacker" : "defender", margin: Math.abs(attacker.sl - defender.sl), decidedBy: "sl" };
  }
  if (attackerTieValue !== defenderTieValue) {
    return { winner: attackerTieValue > defenderTieValue ? "attacker" : "defender", margin: 0, decidedBy: "tieBreak" };
  }
  return { winner: null, margin: 0, decidedBy: "tie" };
}

function tieValue(spec: TestSpec, result: TestResult, o: OpposedOptions): number {
  return o.tieBreak === "value" ? spec.value : result.target;
}

/** Resolves an opposed test from both faces (no re-roll: a full tie is reported as winner null). */
export function resolveOpposed(
  attacker: TestSpec,
  attackerRoll: number,
  defender: TestSpec,
  defenderRoll: number,
  options: Partial<TestOptions> = {},
  opposed: Partial<OpposedOptions> = {},
): OpposedResult {
  const o = opposedOptions(opposed);
  testTarget(attacker);
  testTarget(defender);
  const a = resolveTest(attacker, attackerRoll, options);
  const d = resolveTest(defender, defenderRoll, options);
  return { attacker: a, defender: d, rerolls: 0, ...compareOpposed(a, d, tieValue(attacker, a, o), tieValue(defender, d, o)) };
}

/** Re-rolls at most this many full ties before giving up with a stalemate (a guard; a tie repeats rarely). */
export const MAX_OPPOSED_REROLLS = 100;

/**
 * Rolls an opposed test: the attacker's face, then the defender's (the dice order contract). With
 * finalTie "reroll", a full tie rolls both again, attacker first, in the same order.
 */
export function rollOpposed(
  dice: DiceSource,
  attacker: TestSpec,
  defender: TestSpec,
  options: Partial<TestOptions> = {},
  opposed: Partial<OpposedOptions> = {},
): OpposedResult {
  const o = opposedOptions(opposed);
  const t = testOptions(options);
  testTarget(attacker);
  testTarget(defender);
  for (let rerolls = 0; ; rerolls++) {
    const a = rollTest(dice, attacker, t);
    const d = rollTest(dice, defender, t);
    const outcome = compareOpposed(a, d, tieValue(attacker, a, o), tieValue(defender, d, o));
    if (outcome.winner !== null || o.finalTie === "stalemate" || rerolls >= MAX_OPPOSED_REROLLS) {
      return { attacker: a, defender: d, rerolls, ...outcome };
    }
  }
}

/**
 * A test opposed by a fixed SL instead of a roll (003:L353: bystanders make opposed Dodge tests
 * against "+3 SL"). The roller wins with a higher SL; a tie goes to the side with the fixed SL by
 * default (digest §7 item 10), or to the roller with `tieGoesTo: "roller"`.
 */
export function opposeFixedSL(
  result: TestResult,
  fixedSL: number,
  tieGoesTo: "fixed" | "roller" = "fixed",
): { rollerWins: boolean; margin: number } {
  requireInt("fixedSL", fixedSL, -99, 99);
  requireInt("sl", requireObject("result", result).sl);
  if (result.sl !== fixedSL) return { rollerWins: result.sl > fixedSL, margin: Math.abs(result.sl - fixedSL) };
  return { rollerWins: tieGoesTo === "roller", margin: 0 };
}
