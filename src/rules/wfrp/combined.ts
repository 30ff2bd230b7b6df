/**
 * Option: Combined skills (комбинированные умения, 003:L241-247, digest §2.15): one roll compared with
 * each skill, each with its own SL; both succeed → success, one → partial (GM reads the context),
 * none → failure.
 */
import { OmnibusError } from "../../core/errors";
import type { DiceSource } from "../../core/dice";
import { checkRoll, rollD100 } from "./d100";
import type { TestOptions } from "./options";
import { resolveTest, testTarget, type TestResult, type TestSpec } from "./test";

export interface CombinedResult {
  results: TestResult[];
  overall: "success" | "partial" | "failure";
}

export function resolveCombined(specs: readonly TestSpec[], roll: number, options: Partial<TestOptions> = {}): CombinedResult {
  if (!Array.isArray(specs) || specs.length < 2) {
    throw new OmnibusError("badArgument", "a combined test needs at least two skills", { name: "specs" });
  }
  checkRoll(roll);
  const results = specs.map((s) => resolveTest(s, roll, options));
  const successes = results.filter((r) => r.success).length;
  return { results, overall: successes === results.length ? "success" : successes === 0 ? "failure" : "partial" };
}

/** Rolls the one d100 of a combined test. */
export function rollCombined(dice: DiceSource, specs: readonly TestSpec[], options: Partial<TestOptions> = {}): CombinedResult {
  if (Array.isArray(specs)) specs.forEach((s) => testTarget(s));
  if (!Array.isArray(specs) || specs.length < 2) return resolveCombined(specs, 1, options);
  return resolveCombined(specs, rollD100(dice), options);
}
