import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { forcedDice, seededDice } from "../../../src/core/dice";
import { OmnibusError } from "../../../src/core/errors";
import { rollByQueue, rollOdds, rollPool, type AgainLevel, type RollOptions } from "../../../src/rules/storytelling";

/**
 * Enumerates every face sequence the resolver can ask for (each d10 face 1–10 at every step), up to
 * `maxDice` dice, and tallies P(successes) and P(dramatic failure). Sequences longer than `maxDice`
 * (only possible through again-dice) are cut and their probability is returned as `cut`.
 */
function enumerate(pool: number, options: RollOptions, maxDice: number) {
  const successes = new Map<number, number>();
  let dramaticFailure = 0;
  let cut = 0;
  let leaves = 0;
  const visit = (prefix: number[]) => {
    const p = 10 ** -prefix.length;
    try {
      const r = rollPool(pool, forcedDice(prefix), options);
      leaves++;
      successes.set(r.successes, (successes.get(r.successes) ?? 0) + p);
      if (r.dramaticFailure) dramaticFailure += p;
    } catch (e) {
      if (!(e instanceof OmnibusError) || e.code !== "facesExhausted") throw e;
      if (prefix.length >= maxDice) {
        cut += p;
        return;
      }
      for (let f = 1; f <= 10; f++) visit([...prefix, f]);
    }
  };
  visit([]);
  return { successes, dramaticFailure, cut, leaves };
}

// [pool, options, maxDice]: sizes kept small enough that all of them enumerate in a few seconds.
const cases: [number, RollOptions, number][] = [];
for (const again of [10, 9, 8, "none"] as AgainLevel[]) {
  const depth = again === 8 ? 4 : 3; // extra again-dice levels enumerated before cutting
  for (const pool of [-1, 0, 1, 2]) cases.push([pool, { again }, Math.max(1, pool) + depth]);
  cases.push([3, { again }, 3 + 2]);
  for (const pool of [0, 1]) {
    cases.push([pool, { again, rote: true }, 2 + depth]); // the default scope: any failed die (002:L474)
    cases.push([pool, { again, rote: true, roteRerolls: "initialDice" }, 2 + depth]);
  }
  cases.push([2, { again, rote: true, roteRerolls: "initialDice" }, 4 + 1]);
}
cases.push([0, { again: 9, chanceDieUsesAgainLevel: true }, 6]);
cases.push([0, { again: 8, rote: true, chanceDieUsesAgainLevel: true }, 6]);

describe("the resolver and the core's exact odds agree (every face combination)", () => {
  it.each(cases)("pool %s %o", (pool, options, maxDice) => {
    const e = enumerate(pool, options, maxDice);
    const odds = rollOdds(pool, options);
    const tol = e.cut + 1e-12;
    const keys = new Set([...e.successes.keys(), ...odds.successes.entries().map(([k]) => k)]);
    for (const k of keys) {
      const enumerated = e.successes.get(k) ?? 0;
      const exact = odds.successes.prob(k);
      // Enumeration only ever misses the cut sequences: exact − cut ≤ enumerated ≤ exact.
      expect(enumerated).toBeLessThanOrEqual(exact + 1e-12);
      expect(enumerated).toBeGreaterThanOrEqual(exact - tol);
    }
    expect(e.dramaticFailure).toBeCloseTo(odds.dramaticFailure, 12);
    expect(e.cut).toBeLessThan(0.25); // the bound above is exact whatever the cut
  });
  it("known values: one die succeeds 3/10; a chance die 1/10 (+ its chain) with dramatic failure 1/10", () => {
    expect(rollOdds(1).successes.prob(0)).toBeCloseTo(0.7, 12);
    expect(rollOdds(0).success).toBeCloseTo(0.1, 12);
    expect(rollOdds(0).dramaticFailure).toBeCloseTo(0.1, 12);
    expect(rollOdds(1, { again: "none" }).success).toBeCloseTo(0.3, 12);
  });
});

describe("the queue resolver and the core pool primitive agree where both apply", () => {
  it("same faces → same dice, kinds and successes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.constantFrom<AgainLevel>(10, 9, 8, "none"),
        fc.boolean(),
        fc.integer(),
        (pool, again, rote, seed) => {
          const chance = pool === 0;
          if (chance && rote) return;
          const viaCore = rollPool(pool, seededDice(seed), { again, rote, roteRerolls: "initialDice" });
          const againFace = again === "none" ? null : chance ? 10 : again;
          const viaQueue = rollByQueue(chance ? 1 : pool, forcedDice(viaCore.dice), {
            chance,
            successFace: chance ? 10 : 8,
            againFace,
            rote,
            roteAll: false,
          });
          expect(viaQueue).toEqual(viaCore.detail);
        },
      ),
    );
  });
});

describe("Monte Carlo: larger pools through the resolver match the exact odds", () => {
  it.each([
    [8, {}],
    [10, { again: 9, rote: true }],
    [6, { again: 8, rote: true, roteRerolls: "allFailedDice" }],
  ] as [number, RollOptions][])("pool %s %o", (pool, options) => {
    const n = 20000;
    const dice = seededDice(20261130);
    const counts = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const s = rollPool(pool, dice, options).successes;
      counts.set(s, (counts.get(s) ?? 0) + 1);
    }
    const exact = rollOdds(pool, options).successes;
    for (let k = 1; k <= 8; k++) {
      const p = exact.pAtLeast(k);
      const observed = [...counts].filter(([s]) => s >= k).reduce((a, [, c]) => a + c, 0) / n;
      const sigma = Math.sqrt((p * (1 - p)) / n) + 1e-9;
      expect(Math.abs(observed - p)).toBeLessThan(5 * sigma + 1e-4);
    }
  });
});
