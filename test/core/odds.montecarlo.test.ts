/**
 * Large pools: the exact odds agree with 10^6 seeded rolls of the pool primitives. Tolerance: for
 * every outcome, |empirical − exact| ≤ 5 standard errors, sqrt(p(1 − p)/n), plus 1e-6 (a fixed
 * seed makes the run reproducible; a correct model fails this with probability ~1e-6 per outcome).
 */
import { describe, expect, it } from "vitest";
import { seededDice } from "../../src/core/dice";
import { rollPool } from "../../src/core/pool";
import { d6Odds, silhouetteOdds, storytellingOdds, type Distribution } from "../../src/core/odds";

const N = 1_000_000;

function expectAgrees(exact: Distribution, counts: Map<number, number>, n: number): void {
  const keys = new Set<number>([...counts.keys(), ...exact.entries().map(([k]) => k)]);
  for (const k of keys) {
    const p = exact.prob(k);
    const emp = (counts.get(k) ?? 0) / n;
    const se = Math.sqrt((p * (1 - p)) / n);
    expect(Math.abs(emp - p), `outcome ${k}: empirical ${emp} vs exact ${p}`).toBeLessThanOrEqual(5 * se + 1e-6);
  }
}

function tally(n: number, one: () => number): Map<number, number> {
  const m = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const v = one();
    m.set(v, (m.get(v) ?? 0) + 1);
  }
  return m;
}

describe("exact odds vs 10^6 seeded rolls", () => {
  it("storytelling: 12 dice, 9-again, rote over the initial dice (10^6 rolls)", () => {
    const dice = seededDice(20240601);
    const counts = tally(N, () => rollPool({ count: 12, sides: 10, successAt: 8, explodeAt: 9, rerollBelow: 8 }, dice).successes!);
    expectAgrees(storytellingOdds({ pool: 12, again: 9, rote: true, roteScope: "initialDice" }).successes, counts, N);
  });
  it("D6: 8D+2 with the Wild Die (remove the highest on a 1) and 2 CP dice (2·10^5 rolls)", () => {
    const dice = seededDice(7);
    const n = 200_000;
    const counts = tally(n, () => {
      const regular = rollPool({ count: 7, sides: 6 }, dice);
      const wild = rollPool({ count: 1, sides: 6, explodeAt: 6 }, dice);
      const cp = rollPool({ count: 2, sides: 6, explodeAt: 6 }, dice);
      const highest = Math.max(...regular.faces);
      const base = wild.faces[0] === 1 ? regular.sum - highest : regular.sum + wild.sum;
      return base + cp.sum + 2;
    });
    expectAgrees(d6Odds({ dice: 8, pips: 2, characterPointDice: 2 }).total, counts, n);
  });
  it("Silhouette: 7 dice, highest + extra sixes (2·10^5 rolls)", () => {
    const dice = seededDice(99);
    const n = 200_000;
    const counts = tally(n, () => {
      const r = rollPool({ count: 7, sides: 6, keepHighest: 1 }, dice);
      const sixes = r.faces.filter((f) => f === 6).length;
      return r.sum + Math.max(0, sixes - 1);
    });
    expectAgrees(silhouetteOdds({ dice: 7 }).result, counts, n);
  });
});
