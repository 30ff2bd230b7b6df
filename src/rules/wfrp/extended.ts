/**
 * Extended Tests (Длительные проверки, 003:L205-219, digest §2.13): Dramatic Tests whose SLs are
 * summed until a required total; a total below 0 restarts from 0 (003:L209). Option "Extended Tests
 * and 0 SL" (003:L215-219): a success adds at least +1 and a failure at least −1.
 */
import { requireObject } from "../../core/guards";
import { OmnibusError, requireInt } from "../../core/errors";

export interface ExtendedOptions {
  /** The "Extended Tests and 0 SL" option (003:L219); off by default. */
  zeroSLCounts: boolean;
}

/** One step: the new running total after a result (digest §4 `extendedStep`). */
export function extendedStep(total: number, result: { success: boolean; sl: number }, options: Partial<ExtendedOptions> = {}): number {
  requireInt("total", total, 0);
  requireInt("sl", requireObject("result", result).sl);
  if (typeof result.success !== "boolean")
    throw new OmnibusError("badArgument", "result.success must be true or false", { name: "success" });
  if (typeof options !== "object" || options === null)
    throw new OmnibusError("badArgument", "options must be an object", { name: "options" });
  let sl = result.sl;
  if (options.zeroSLCounts) sl = result.success ? Math.max(sl, 1) : Math.min(sl, -1);
  return Math.max(0, total + sl);
}

export interface ExtendedProgress {
  /** The running total after each roll. */
  totals: number[];
  /** 1-based roll on which the total first reached `requiredSL`, or null. */
  completedOnRoll: number | null;
  /** "complete" once reached; "failed" when the roll limit passed without it; else "inProgress". */
  status: "complete" | "failed" | "inProgress";
}

/**
 * Runs an extended test over the results so far. `requiredSL` ≥ 1; `maxRolls` (the GM's time or roll
 * limit, 003:L211) is optional. Results after completion are ignored.
 */
export function extendedTest(
  results: readonly { success: boolean; sl: number }[],
  requiredSL: number,
  options: Partial<ExtendedOptions> & { maxRolls?: number } = {},
): ExtendedProgress {
  requireInt("requiredSL", requiredSL, 1, 999);
  requireObject("options", options);
  if (options.maxRolls !== undefined) requireInt("maxRolls", options.maxRolls, 1, 999);
  if (!Array.isArray(results)) throw new OmnibusError("badArgument", "results must be a list", { name: "results" });
  const totals: number[] = [];
  let total = 0;
  for (const r of results) {
    if (options.maxRolls !== undefined && totals.length >= options.maxRolls) break;
    total = extendedStep(total, r, options);
    totals.push(total);
    if (total >= requiredSL) return { totals, completedOnRoll: totals.length, status: "complete" };
  }
  const outOfRolls = options.maxRolls !== undefined && totals.length >= options.maxRolls;
  return { totals, completedOnRoll: null, status: outOfRolls ? "failed" : "inProgress" };
}
