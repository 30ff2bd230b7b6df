/**
 * The work budget of one exact-odds computation. Every public odds entry point runs inside
 * `withOddsBudget`; the heavy operations (convolutions, the keep-highest DP, mixtures) charge the
 * multiply-adds they are about to do BEFORE doing them, so an input that would take too long is
 * refused within the budget's time with an `oddsTooLarge` OmnibusError, and an accepted input
 * never costs more than the budget (bench/run.ts times the largest accepted inputs).
 *
 * The budget is counted in multiply-adds, not milliseconds, so the answer to "is this accepted?"
 * is the same on every machine. 2·10⁶ keeps the largest accepted inputs within 50 ms on this
 * machine's 2 shared cores even under a load of ~14 (measured 10–25 ns per charged multiply-add
 * there, allocations included; a few ns unloaded): see the "largest accepted" rows of `npm run bench`.
 */
import { OmnibusError } from "../errors";

/** Multiply-adds one exact-odds computation may spend. */
export const ODDS_WORK_BUDGET = 2_000_000;

let spent = 0;
let limit = Infinity;

/** Charges `work` multiply-adds to the running computation; throws `oddsTooLarge` past the budget. */
export function chargeWork(work: number): void {
  spent += work;
  if (spent > limit) {
    throw new OmnibusError(
      "oddsTooLarge",
      `exact odds for this roll would take too long (over ${limit.toExponential(0)} steps); it can still be rolled`,
      { budget: limit },
    );
  }
}

/**
 * Runs one exact-odds computation under the budget. Nested calls (an entry point that calls
 * another) share the outermost budget.
 */
export function withOddsBudget<T>(fn: () => T, budget = ODDS_WORK_BUDGET): T {
  if (limit !== Infinity) return fn();
  spent = 0;
  limit = budget;
  try {
    return fn();
  } finally {
    limit = Infinity;
    spent = 0;
  }
}

/** Work spent so far by the running computation (for the bench and tests). */
export function workSpent(): number {
  return spent;
}
