/**
 * Every distribution sums to 1 within 1e-9 (truncated mass included, and that mass ≤ 1e-12), and
 * every public function of the core, fed arbitrary sizes, thresholds and garbage, either answers or
 * throws OmnibusError — never anything else.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { OmnibusError, describeValue } from "../../src/core/errors";
import { forcedDice, parseFaces, seededDice } from "../../src/core/dice";
import { parseDiceCode, rollPool } from "../../src/core/pool";
import {
  compare,
  d6Odds,
  Distribution,
  poolOdds,
  silhouetteOdds,
  storytellingOdds,
  TRUNCATION_LIMIT,
  wfrpOdds,
  wfrpOpposedOdds,
} from "../../src/core/odds";
import { OUTCOMES, resolveRoll } from "../../src/rules/wfrp/test";

function expectComplete(d: Distribution): void {
  expect(Math.abs(d.total() + d.truncatedMass - 1)).toBeLessThanOrEqual(1e-9);
  expect(d.truncatedMass).toBeLessThanOrEqual(TRUNCATION_LIMIT);
  for (const [, p] of d.entries()) expect(p).toBeGreaterThanOrEqual(0);
}

describe("every distribution sums to 1 (truncated mass ≤ 1e-12 included)", () => {
  it("storytelling: pools −3…30 × again × rote × scope × advanced", () => {
    for (let pool = -3; pool <= 30; pool++)
      for (const again of [10, 9, 8, "none"] as const)
        for (const rote of [false, true])
          for (const roteScope of ["initialDice", "allFailedDice"] as const)
            for (const advanced of [false, true]) {
              const o = storytellingOdds({ pool, again, rote, roteScope, advanced });
              expectComplete(o.successes);
              expect(Math.abs(o.success + o.failure + o.truncatedMass - 1)).toBeLessThan(1e-9);
            }
    expectComplete(storytellingOdds({ pool: 100, again: 8, rote: true, roteScope: "allFailedDice" }).successes);
  });
  it("D6: 0D…30D × pips × Wild Die rules × CP dice 0…5", () => {
    for (let dice = 0; dice <= 30; dice++)
      for (const wildOne of ["removeHighest", "complication", "normal"] as const)
        for (const cp of [0, 1, 5]) {
          expectComplete(d6Odds({ dice, pips: 2, wildOne, characterPointDice: cp }).total);
          expectComplete(d6Odds({ dice, wildDie: false, characterPointDice: cp }).total);
        }
    expectComplete(d6Odds({ dice: 100, characterPointDice: 30 }).total);
  });
  it("Silhouette: 0…30 dice × six modes", () => {
    for (let dice = 0; dice <= 30; dice++)
      for (const sixMode of ["silhouettePlusOne", "rerollAndAdd"] as const) expectComplete(silhouetteOdds({ dice, sixMode }).total);
  });
  it("WFRP: targets −20…140 under every option", () => {
    for (let target = -20; target <= 140; target += 7)
      for (const fastSL of [false, true])
        for (const testsOver100 of [false, true]) {
          const o = wfrpOdds({ target }, (t, r) => resolveRoll(t, r, { fastSL, testsOver100, critsOnDoubles: true }), OUTCOMES);
          expectComplete(o.sl);
          expect(Math.abs(Object.values(o.bands).reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-12);
        }
  });
  it("generic pools", () => {
    for (const spec of [
      { count: 30, sides: 6, explodeAt: 6 },
      { count: 30, sides: 10, explodeAt: 8, successAt: 8, rerollBelow: 8 },
      { count: 20, sides: 6, keepHighest: 3 },
      { count: 20, sides: 20, keepLowest: 5, rerollBelow: 4 },
      { count: 200, sides: 2, explodeAt: 2 },
    ])
      expectComplete(poolOdds(spec));
  });
});

/** Runs f; passes if it returns or throws an OmnibusError. */
function answersOrOmnibusError(f: () => unknown): void {
  try {
    f();
  } catch (e) {
    if (!(e instanceof OmnibusError)) throw new Error(`threw ${String(e)} (${(e as Error)?.constructor?.name}) instead of an OmnibusError`);
  }
}

const garbage = fc.oneof(
  fc.integer({ min: -200, max: 200 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(NaN, Infinity, -Infinity, -0, 1e308, 2 ** 53, 0.5, -1),
  fc.string(),
  fc.constantFrom("10", "8", "none", "9", "true", "", "1e3"),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);
const small = fc.oneof(fc.integer({ min: -5, max: 40 }), garbage);
const anyOf = (...xs: unknown[]) => fc.oneof(fc.constantFrom(...xs), garbage);

describe("garbage in: an answer or an OmnibusError, nothing else", () => {
  const runs = { numRuns: 1000 };
  it("storytellingOdds", () => {
    fc.assert(
      fc.property(
        small,
        anyOf(10, 9, 8, "none"),
        anyOf(true, false),
        anyOf("initialDice", "allFailedDice"),
        anyOf(true, false),
        small,
        small,
        small,
        (pool, again, rote, roteScope, advanced, bonus, required, exc) =>
          answersOrOmnibusError(() =>
            storytellingOdds({
              pool,
              again,
              rote,
              roteScope,
              advanced,
              bonusSuccesses: bonus,
              requiredSuccesses: required,
              exceptionalAt: exc,
            } as never),
          ),
      ),
      runs,
    );
    answersOrOmnibusError(() => storytellingOdds(null as never));
    answersOrOmnibusError(() => storytellingOdds("7" as never));
  });
  it("d6Odds", () => {
    fc.assert(
      fc.property(
        small,
        small,
        anyOf(true, false),
        anyOf("removeHighest", "complication", "normal"),
        small,
        small,
        (dice, pips, wildDie, wildOne, cp, difficulty) =>
          answersOrOmnibusError(() => d6Odds({ dice, pips, wildDie, wildOne, characterPointDice: cp, difficulty } as never)),
      ),
      runs,
    );
  });
  it("silhouetteOdds", () => {
    fc.assert(
      fc.property(
        small,
        small,
        small,
        anyOf(true, false),
        anyOf(true, false),
        anyOf("silhouettePlusOne", "rerollAndAdd"),
        anyOf("allOnes", "never"),
        anyOf(true, false),
        (dice, modifier, threshold, tie, untrained, sixMode, fumbleRule, ff) =>
          answersOrOmnibusError(() =>
            silhouetteOdds({ dice, modifier, threshold, tieSucceeds: tie, untrained, sixMode, fumbleRule, fumbleFails: ff } as never),
          ),
      ),
      runs,
    );
  });
  it("wfrpOdds, resolveRoll, wfrpOpposedOdds", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -50, max: 200 }), garbage),
        small,
        small,
        anyOf(true, false),
        anyOf("min", "literalMax"),
        fc.oneof(fc.integer({ min: 0, max: 101 }), garbage),
        (target, asm, afm, flag, rule, roll) => {
          const options = {
            autoSuccessMax: asm,
            autoFailMin: afm,
            fastSL: flag,
            testsOver100: flag,
            critsOnDoubles: flag,
            autoFailSL: rule,
          };
          const resolve = (t: number, r: number) => resolveRoll(t, r, options as never);
          answersOrOmnibusError(() => wfrpOdds({ target } as never, resolve, OUTCOMES));
          answersOrOmnibusError(() => resolveRoll(target as never, roll as never, { fastSL: flag } as never));
          answersOrOmnibusError(() =>
            wfrpOpposedOdds({ target } as never, { target: roll, value: asm } as never, { attacker: resolve, defender: resolve }, OUTCOMES),
          );
        },
      ),
      runs,
    );
  });
  it("poolOdds, rollPool, parseDiceCode", () => {
    fc.assert(
      fc.property(
        small,
        fc.oneof(fc.integer({ min: -2, max: 30 }), garbage),
        small,
        small,
        small,
        small,
        small,
        fc.integer(),
        (count, sides, explodeAt, rerollBelow, successAt, kh, kl, seed) => {
          const spec = { count, sides, explodeAt, rerollBelow, successAt, keepHighest: kh, keepLowest: kl } as never;
          answersOrOmnibusError(() => poolOdds(spec));
          answersOrOmnibusError(() => rollPool(spec, seededDice(seed | 0)));
          const codeText = `${describeValue(count)}d${describeValue(sides)}`;
          answersOrOmnibusError(() => parseDiceCode(codeText));
          answersOrOmnibusError(() => parseDiceCode(count as never));
        },
      ),
      runs,
    );
  });
  it("Distribution factories and methods, compare", () => {
    fc.assert(
      fc.property(garbage, garbage, fc.array(fc.tuple(garbage, garbage), { maxLength: 4 }), (a, b, entries) => {
        answersOrOmnibusError(() => Distribution.point(a as never));
        answersOrOmnibusError(() => Distribution.uniform(a as never, b as never));
        answersOrOmnibusError(() => Distribution.fromEntries(entries as never, b as never));
        const d = Distribution.uniform(1, 6);
        answersOrOmnibusError(() => d.pAtLeast(a as never));
        answersOrOmnibusError(() => d.pGreater(a as never));
        answersOrOmnibusError(() => d.pAtMost(a as never));
        answersOrOmnibusError(() => d.pLess(a as never));
        answersOrOmnibusError(() => d.expectedMargin(a as never));
        answersOrOmnibusError(() => d.shift(a as never));
        answersOrOmnibusError(() => d.scale(a as never));
        answersOrOmnibusError(() => d.power(a as never));
        answersOrOmnibusError(() => d.maxOf(a as never));
        answersOrOmnibusError(() => d.minOf(b as never));
        answersOrOmnibusError(() => compare(d, d.shift(1)));
      }),
      runs,
    );
  });
  it("dice sources: seededDice, forcedDice, parseFaces", () => {
    fc.assert(
      fc.property(garbage, garbage, fc.array(garbage, { maxLength: 5 }), (seed, sides, faces) => {
        answersOrOmnibusError(() => seededDice(seed as never).roll(sides as never));
        answersOrOmnibusError(() => {
          const f = forcedDice(faces as never);
          f.roll(sides as never);
          f.assertExhausted();
        });
        answersOrOmnibusError(() => parseFaces(seed as never));
      }),
      runs,
    );
  });
});
