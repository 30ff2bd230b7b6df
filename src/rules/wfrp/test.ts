/**
 * The core roll: Simple and Dramatic Tests, Success Levels, automatic results, the outcome table,
 * Fast SL, tests over 100 %, criticals and fumbles (003:L36-161, digest §2.2-2.9, §4).
 * A Simple Test reads only `success`; a Dramatic Test also reads `sl` and `outcome` (003:L124-130).
 */
import { requireObject } from "../../core/guards";
import { requireInt } from "../../core/errors";
import type { DiceSource } from "../../core/dice";
import { checkRoll, isDouble, rollD100, tens } from "./d100";
import { DEFAULT_DIFFICULTY, difficultyModifier, type Difficulty } from "./difficulty";
import { testOptions, type TestOptions } from "./options";

/** The eight bands of the outcome table (003:L146-155), best first; CLI and i18n spellings. */
export const OUTCOMES = [
  "astounding_success",
  "impressive_success",
  "success",
  "marginal_success",
  "marginal_failure",
  "failure",
  "impressive_failure",
  "astounding_failure",
] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** What is tested: a skill or characteristic value, the difficulty and any other modifiers. */
export interface TestSpec {
  /** The skill or characteristic value tested (before difficulty), 0…999. */
  value: number;
  /** The difficulty (003:L169); default Challenging (+0). It replaces, never stacks with, another difficulty (003:L171). */
  difficulty?: Difficulty;
  /** Every other modifier to the target, summed (assistance, Advantage, conditions, talents, range…). */
  modifier?: number;
  /** SL added after the roll on success and failure alike (roll dialog "SL bonus"); never changes success. */
  slBonus?: number;
  /** SL added only on a success (e.g. the Precise weapon quality). */
  successBonus?: number;
}

export interface TestResult {
  /** The d100 face, 1…100 (100 is "00"). */
  roll: number;
  /** The modified target: value + difficulty + modifier (003:L42, L130). */
  target: number;
  success: boolean;
  /** Success Levels; 0 is "+0" on a success and "−0" on a failure (003:L130) — read `success` for the sign. */
  sl: number;
  /** "+0", "-0", "+3", "-5": the SL as the table writes it. */
  slLabel: string;
  /** Whether the roll fell in the automatic-success or automatic-failure range (003:L60). */
  auto: "success" | "failure" | null;
  /** The roll is a double (11 … 99, "00"), whether or not criticals are on. */
  double: boolean;
  /** A success on a double, when doubles count (critsOnDoubles). */
  critical: boolean;
  /** A failure on a double, when doubles count (critsOnDoubles). */
  fumble: boolean;
  outcome: Outcome;
}

/** The modified target of a test spec, validating its parts. */
export function testTarget(spec: TestSpec): number {
  requireObject("test", spec);
  const value = requireInt("value", spec.value, 0, 999);
  const modifier = requireInt("modifier", spec.modifier ?? 0, -999, 999);
  return value + difficultyModifier(spec.difficulty ?? DEFAULT_DIFFICULTY) + modifier;
}

/**
 * The outcome band for a success flag and an SL (003:L146-155). A success with a negative SL or a
 * failure with a positive SL (possible through automatic results or bonuses) takes the Marginal
 * band of its actual result (digest §2.6).
 */
export function outcomeBand(success: boolean, sl: number): Outcome {
  requireInt("sl", sl);
  if (success) {
    if (sl <= 1) return "marginal_success";
    if (sl <= 3) return "success";
    if (sl <= 5) return "impressive_success";
    return "astounding_success";
  }
  if (sl >= -1) return "marginal_failure";
  if (sl >= -3) return "failure";
  if (sl >= -5) return "impressive_failure";
  return "astounding_failure";
}

/** "+0" / "-0" / "+3" / "-5" (003:L130). */
export function slLabel(success: boolean, sl: number): string {
  if (sl === 0) return success ? "+0" : "-0";
  return (sl > 0 ? "+" : "-") + Math.abs(sl);
}

/** Resolves a test against a given d100 face. */
export function resolveTest(spec: TestSpec, roll: number, options: Partial<TestOptions> = {}): TestResult {
  const target = testTarget(spec);
  return resolveRoll(target, roll, options, { slBonus: spec.slBonus, successBonus: spec.successBonus });
}

/**
 * Resolves a d100 face against an already-modified target (what the odds enumerate, and what a
 * Foundry roll that computed its own target passes). `bonuses` are the SL adjustments of `TestSpec`.
 */
export function resolveRoll(
  target: number,
  roll: number,
  options: Partial<TestOptions> = {},
  bonuses: { slBonus?: number; successBonus?: number } = {},
): TestResult {
  const o = testOptions(options);
  checkRoll(roll);
  requireInt("target", target, -2100, 2100);
  const slBonus = requireInt("slBonus", bonuses.slBonus ?? 0, -99, 99);
  const successBonus = requireInt("successBonus", bonuses.successBonus ?? 0, -99, 99);

  const autoFail = roll >= o.autoFailMin; // 003:L60
  const autoSuccess = !autoFail && roll <= o.autoSuccessMax; // 003:L60
  const success = autoFail ? false : autoSuccess ? true : roll <= target; // 003:L44-46
  const baseSL = tens(target) - tens(roll); // 003:L130

  let sl: number;
  if (success) {
    sl = o.fastSL ? tens(roll) : baseSL; // 003:L142: a success reads the roll's tens — a successful "00" is 100, +10 SL
    if (autoSuccess) sl = Math.max(sl, 1); // 003:L136
    if (o.testsOver100 && target > 100) sl += Math.floor((target - 100) / 10); // 003:L120
    sl += successBonus;
  } else {
    sl = baseSL; // 003:L142: Fast SL leaves failures alone
    if (autoFail) sl = o.autoFailSL === "min" ? Math.min(sl, -1) : Math.max(sl, -1); // 003:L138, digest §7 item 2
  }
  sl += slBonus;

  const double = isDouble(roll);
  const critical = o.critsOnDoubles && double && success; // 003:L161
  const fumble = o.critsOnDoubles && double && !success;
  let outcome = outcomeBand(success, sl);
  if (critical) outcome = "astounding_success";
  if (fumble) outcome = "astounding_failure";

  return {
    roll,
    target,
    success,
    sl,
    slLabel: slLabel(success, sl),
    auto: autoSuccess ? "success" : autoFail ? "failure" : null,
    double,
    critical,
    fumble,
    outcome,
  };
}

/** Rolls one d100 (one face in the dice order contract) and resolves the test. */
export function rollTest(dice: DiceSource, spec: TestSpec, options: Partial<TestOptions> = {}): TestResult {
  const o = testOptions(options);
  testTarget(spec); // reject bad input before a face is consumed
  return resolveTest(spec, rollD100(dice), o);
}
