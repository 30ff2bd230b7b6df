/**
 * The steps of a Storytelling roll, from its stored dice (002:L204–252): the pool or chance die,
 * each again-die and rote re-roll, the successes, the outcome.
 */
import { step, type ExplainStep } from "../../core/explain";
import type { RollResult } from "./roll";

export function explainPool(r: RollResult): ExplainStep[] {
  const steps: ExplainStep[] = [r.chance ? step("storytelling.chanceDie") : step("storytelling.pool", { dice: r.pool })];
  for (const d of r.detail) {
    if (d.rerolledAgain) steps.push(step("storytelling.again", { face: d.face, again: r.chance ? 10 : String(r.again) }));
    if (d.rerolledRote) steps.push(step("storytelling.rote", { face: d.face }));
  }
  const hits = r.detail.filter((d) => d.success).map((d) => d.face);
  steps.push(step("storytelling.successes", { faces: hits.join(", "), count: hits.length, from: r.chance ? 10 : 8 }));
  if (r.dramaticFailure) steps.push(step("storytelling.dramaticFailure"));
  else if (r.exceptional) steps.push(step("storytelling.exceptional", { count: r.successes }));
  return steps;
}
