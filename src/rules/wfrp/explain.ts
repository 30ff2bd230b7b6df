/**
 * The steps of a WFRP test, from its stored d100 (003:L42–46, L60, L130–142): the target and what
 * it is made of, the roll against it, the Success Levels, automatic results, criticals.
 */
import { step, type ExplainStep } from "../../core/explain";
import { tens } from "./d100";
import { DIFFICULTY_MODIFIERS } from "./difficulty";
import type { TestResult, TestSpec } from "./test";

export function explainTest(r: TestResult, spec: TestSpec): ExplainStep[] {
  const difficulty = spec.difficulty ? DIFFICULTY_MODIFIERS[spec.difficulty] : 0;
  const modifier = spec.modifier ?? 0;
  const steps: ExplainStep[] = [];
  if (difficulty || modifier) steps.push(step("wfrp.target", { value: spec.value, difficulty, modifier, target: r.target }));
  if (r.auto) steps.push(step(r.auto === "success" ? "wfrp.autoSuccess" : "wfrp.autoFailure", { roll: r.roll }));
  else steps.push(step(r.success ? "wfrp.rollUnder" : "wfrp.rollOver", { roll: r.roll, target: r.target }));
  const base = tens(r.target) - tens(r.roll);
  if (base === r.sl) steps.push(step("wfrp.sl", { targetTens: tens(r.target), rollTens: tens(r.roll), sl: r.slLabel }));
  else steps.push(step("wfrp.slAdjusted", { base, sl: r.slLabel }));
  if (r.critical) steps.push(step("wfrp.critical", { roll: r.roll }));
  if (r.fumble) steps.push(step("wfrp.fumble", { roll: r.roll }));
  return steps;
}
