/**
 * The steps of a Silhouette roll, from its stored dice (004:L44–45, L112): the kept die, one more
 * per extra six, the modifier, the total against the threshold, a mishap.
 */
import { step, type ExplainStep } from "../../core/explain";
import type { CheckOutcome, CheckRoll } from "./pool";

/** What the steps read: a roll as resolved, or as a card stores it (its outcome's threshold, margin and success). */
export type ExplainedCheck = Omit<CheckRoll, "outcome"> & { outcome: Pick<CheckOutcome, "threshold" | "margin" | "success"> | null };

export function explainCheck(r: ExplainedCheck): ExplainStep[] {
  const faces = r.faces.slice(0, r.poolSize).join(", ");
  const steps: ExplainStep[] = [
    r.untrained ? step("silhouette.untrained", { faces, best: r.best }) : step("silhouette.highest", { faces, best: r.best }),
  ];
  if (r.extraSixes) steps.push(step("silhouette.extraSixes", { sixes: r.extraSixes, result: r.result }));
  if (r.modifier) steps.push(step("silhouette.modifier", { modifier: r.modifier, total: r.total }));
  if (r.fumble) steps.push(step("silhouette.mishap"));
  if (r.outcome)
    steps.push(
      step(r.outcome.success ? "silhouette.success" : "silhouette.failure", {
        total: r.total,
        threshold: r.outcome.threshold,
        margin: r.outcome.margin,
      }),
    );
  return steps;
}
