/**
 * The steps of a d6 roll, from its stored dice (digest §1, A-1; 000:L517, L795–805): regular dice,
 * the Wild Die and its explosions, Character Point dice, pips, a Wild Die 1, the total, the
 * difficulty.
 */
import { step, sumOf, type ExplainStep } from "../../core/explain";
import { formatDieCode } from "./dice-code";
import type { D6CheckResult } from "./roll";

export function explainD6Check(r: D6CheckResult): ExplainStep[] {
  const steps: ExplainStep[] = [step("d6.code", { code: formatDieCode(r.code) })];
  if (r.dice.length) steps.push(step("d6.regularDice", { faces: r.dice.join(", "), sum: sumOf(r.dice) }));
  if (r.wild.length === 1) steps.push(step("d6.wildDie", { face: r.wild[0] }));
  if (r.wild.length > 1) steps.push(step("d6.wildDieExploded", { faces: r.wild.join(", "), sixes: r.wild.length - 1, sum: sumOf(r.wild) }));
  r.cp.forEach((faces, i) => steps.push(step("d6.characterPointDie", { index: i + 1, faces: faces.join(", "), sum: sumOf(faces) })));
  if (r.pips) steps.push(step("d6.pips", { pips: r.pips }));
  if (r.wildOne) {
    if (r.removed.length) steps.push(step("d6.wildOneRemoved", { removed: r.removed.join(", "), minus: sumOf(r.removed) }));
    else if (r.complication) steps.push(step("d6.wildOneComplication"));
    else steps.push(step("d6.wildOneCounts"));
  }
  steps.push(step("d6.total", { total: r.total }));
  if (r.difficulty !== null && r.margin !== null) {
    steps.push(step(r.success ? "d6.success" : "d6.failure", { total: r.total, difficulty: r.difficulty, margin: r.margin }));
  }
  return steps;
}
