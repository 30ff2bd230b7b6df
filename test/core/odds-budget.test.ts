// Bounded exact odds (src/core/odds/budget.ts): every entry point refuses, with an `oddsTooLarge`
// OmnibusError and before doing the heavy work, any input over the work budget; what it accepts
// stays within the budget. (Times are the bench's business: bench/run.ts "largest accepted" rows.)
import { describe, expect, it } from "vitest";
import { OmnibusError } from "../../src/core/errors";
import { ODDS_WORK_BUDGET, clearOddsMemo, d6Odds, poolOdds, silhouetteOdds, storytellingOdds, withOddsBudget } from "../../src/core/odds";
import { workSpent } from "../../src/core/odds/budget";

/** The work an odds call spends (cold), measured under a budget too large to refuse anything. */
function workOf(f: () => unknown): number {
  clearOddsMemo();
  return withOddsBudget(() => {
    f();
    return workSpent();
  }, 1e15);
}

const tooLarge = expect.objectContaining({ code: "oddsTooLarge" });

describe("inputs over the budget are refused with oddsTooLarge", () => {
  it.each([
    ["200d1000 summed", () => poolOdds({ count: 200, sides: 1000 })],
    ["200d20 keep the highest 199", () => poolOdds({ count: 200, sides: 20, keepHighest: 199 })],
    ["100d1000 exploding on 1000", () => poolOdds({ count: 100, sides: 1000, explodeAt: 1000 })],
    ["a d1000 exploding on 251+ (75 %)", () => poolOdds({ count: 10, sides: 1000, explodeAt: 251 })],
    ["d6 1000D", () => d6Odds({ dice: 1000, characterPointDice: 30 })],
    ["d6 800D", () => d6Odds({ dice: 800 })],
    ["d6 1001D (past the cap)", () => d6Odds({ dice: 1001 })],
  ])("%s", (_name, f) => {
    clearOddsMemo();
    expect(f).toThrowError(tooLarge);
    expect(() => f()).toThrowError(OmnibusError);
  });

  it("a refusal is reached before the work is done: it spends no more than the budget", () => {
    clearOddsMemo();
    // the same computation with twice the budget still refuses: the cost is charged up front
    expect(() => withOddsBudget(() => poolOdds({ count: 200, sides: 1000 }), 2 * ODDS_WORK_BUDGET)).toThrowError(tooLarge);
  });

  it("outside a computation nothing is charged, and nested entry points share the outer budget", () => {
    expect(workSpent()).toBe(0);
    clearOddsMemo();
    expect(() =>
      withOddsBudget(
        () => [poolOdds({ count: 100, sides: 20 }), poolOdds({ count: 101, sides: 20 }), poolOdds({ count: 102, sides: 20 })],
        1_500_000,
      ),
    ).toThrowError(tooLarge);
    clearOddsMemo();
    expect(() => withOddsBudget(() => poolOdds({ count: 100, sides: 20 }), 1_500_000)).not.toThrow();
  });
});

describe("what is accepted stays within the budget", () => {
  it.each([
    ["d6 200D (the data model's largest code)", () => d6Odds({ dice: 200, characterPointDice: 30, difficulty: 700 })],
    [
      "storytelling 100 dice, 8-again, rote on all failed dice, advanced",
      () => storytellingOdds({ pool: 100, again: 8, rote: true, roteScope: "allFailedDice", advanced: true }),
    ],
    ["silhouette 60 dice, sixes re-rolled and added", () => silhouetteOdds({ dice: 60, threshold: 8, sixMode: "rerollAndAdd" })],
    [
      "pool 200d10 exploding on 8, successes on 8, rote",
      () => poolOdds({ count: 200, sides: 10, explodeAt: 8, successAt: 8, rerollBelow: 8 }),
    ],
    ["pool 200d12 summed", () => poolOdds({ count: 200, sides: 12 })],
    ["pool 20d20 keep the highest 19", () => poolOdds({ count: 20, sides: 20, keepHighest: 19 })],
  ])("%s", (_name, f) => {
    const work = workOf(f);
    expect(work).toBeGreaterThan(0);
    expect(work).toBeLessThanOrEqual(ODDS_WORK_BUDGET);
    clearOddsMemo();
    expect(f).not.toThrow();
  });

  it("a 150D d6 attribute (the schema accepts 200D) gets exact odds: 150D ≥ 525 is the mean, about even", () => {
    const odds = d6Odds({ dice: 150, difficulty: 525, wildOne: "normal" });
    // 149 plain d6 + one exploding Wild Die: mean 149·3.5 + 4.2 = 525.7
    expect(odds.expectedTotal).toBeCloseTo(149 * 3.5 + 4.2, 6);
    expect(odds.success!).toBeGreaterThan(0.45);
    expect(odds.success!).toBeLessThan(0.6);
  });
});
