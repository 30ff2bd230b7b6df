/**
 * Every distribution equals brute-force enumeration over every face combination, for small pools.
 * Without explosions the enumeration is complete and must agree within 1e-12. With explosions the
 * enumeration abandons face sequences rarer than a cut; each enumerated probability is then a lower
 * bound short by at most the abandoned mass, and the exact value must lie in that window.
 */
import { describe, expect, it } from "vitest";
import { d6Odds, poolOdds, silhouetteOdds, storytellingOdds, wfrpOdds, type Distribution } from "../../src/core/odds";
import { enumerate, type Enumeration } from "./enumerate";
import { d6Ref, silhouetteRef, storytellingRef, wfrpRef } from "./reference";
import { OUTCOMES, resolveRoll } from "../../src/rules/wfrp/test";

/** Checks exact P(X = k) against an enumeration keyed by k (a number). */
function expectMatches(exact: Distribution, e: Enumeration<number>, extra = 1e-10): void {
  const keys = new Set<number>([...e.probs.keys(), ...exact.entries().map(([k]) => k)]);
  for (const k of keys) {
    const got = exact.prob(k);
    const lower = e.probs.get(k) ?? 0;
    expect(got, `P(${k})`).toBeGreaterThanOrEqual(lower - extra);
    expect(got, `P(${k})`).toBeLessThanOrEqual(lower + e.cutMass + extra);
  }
  // The exact distribution (with its own truncated mass) is complete.
  expect(Math.abs(exact.total() + exact.truncatedMass - 1)).toBeLessThan(1e-9);
}

/** Splits "a|b|…" keys: the marginal of field i, and the probability of a predicate. */
function marginal(e: Enumeration<string>, i: number): Enumeration<number> {
  const probs = new Map<number, number>();
  for (const [k, p] of e.probs) {
    const v = Number(k.split("|")[i]);
    probs.set(v, (probs.get(v) ?? 0) + p);
  }
  return { probs, cutMass: e.cutMass, leaves: e.leaves };
}
function pWhere(e: Enumeration<string>, pred: (fields: string[]) => boolean): number {
  let s = 0;
  for (const [k, p] of e.probs) if (pred(k.split("|"))) s += p;
  return s;
}

describe("storytelling odds = brute force", () => {
  const cases: Array<{
    pool: number;
    again: 10 | 9 | 8 | "none";
    rote: boolean;
    scope: "initialDice" | "allFailedDice";
    cut: number;
    chanceUsesAgain?: boolean;
  }> = [];
  // The largest pools whose every face sequence down to the cut enumerates in well under a second.
  const maxPool = { 10: [3, 2], 9: [2, 1], 8: [1, 1], none: [3, 2] } as const; // [rote off, rote on]
  for (const again of [10, 9, 8, "none"] as const)
    for (const rote of [false, true])
      for (const scope of ["initialDice", "allFailedDice"] as const) {
        if (!rote && scope === "allFailedDice") continue;
        for (let pool = 0; pool <= maxPool[again][rote ? 1 : 0]; pool++) {
          cases.push({ pool, again, rote, scope, cut: again === 10 || again === "none" ? 1e-8 : 1e-7 });
        }
      }
  cases.push({ pool: -2, again: 9, rote: true, scope: "initialDice", cut: 1e-8, chanceUsesAgain: true });
  cases.push({ pool: 0, again: 8, rote: true, scope: "allFailedDice", cut: 1e-7, chanceUsesAgain: true });
  for (const c of cases) {
    it(`pool ${c.pool}, ${c.again}-again, rote ${c.rote ? c.scope : "off"}${c.chanceUsesAgain ? ", chance die uses again" : ""}`, () => {
      const e = enumerate(storytellingRef(c), c.cut);
      const odds = storytellingOdds({
        pool: c.pool,
        again: c.again,
        rote: c.rote,
        roteScope: c.scope,
        chanceDieUsesAgain: c.chanceUsesAgain,
      });
      // rank: −1 = dramatic failure.
      const df = e.probs.get(-1) ?? 0;
      expect(odds.dramaticFailure).toBeCloseTo(df, 12);
      const succ = new Map<number, number>();
      for (const [k, p] of e.probs) succ.set(Math.max(0, k), (succ.get(Math.max(0, k)) ?? 0) + p);
      expectMatches(odds.successes, { probs: succ, cutMass: e.cutMass, leaves: e.leaves });
      expect(e.cutMass).toBeLessThan(5e-3); // the window is narrow enough to mean something
    });
  }
  it("advanced action (better of two) and bonus successes = brute force over both rolls", () => {
    const one = storytellingRef({ pool: 0, again: 10, rote: false, scope: "initialDice" });
    // Two chance rolls, keep the better (a dramatic failure is the worst), +2 successes if ≥ 1.
    const e = enumerate((roll) => {
      const a = one(roll);
      const b = one(roll);
      const best = Math.max(a, b);
      return best >= 1 ? best + 2 : best;
    }, 1e-12);
    const odds = storytellingOdds({ pool: 0, advanced: true, bonusSuccesses: 2 });
    expect(odds.dramaticFailure).toBeCloseTo(e.probs.get(-1) ?? 0, 12);
    const succ = new Map<number, number>();
    for (const [k, p] of e.probs) succ.set(Math.max(0, k), (succ.get(Math.max(0, k)) ?? 0) + p);
    expectMatches(odds.successes, { probs: succ, cutMass: e.cutMass, leaves: e.leaves });
  });
});

describe("D6 odds = brute force", () => {
  for (const wildOne of ["removeHighest", "complication", "normal"] as const)
    for (const [dice, cp] of [
      [1, 0],
      [2, 0],
      [3, 0],
      [3, 1],
      [0, 1],
    ] as const) {
      it(`${dice}D+1, ${cp} CP, wild 1 → ${wildOne}`, () => {
        const e = enumerate(d6Ref({ dice, pips: 1, wild: true, wildOne, cp }), 1e-9);
        const odds = d6Odds({ dice, pips: 1, wildOne, characterPointDice: cp, difficulty: 10 });
        expectMatches(odds.total, marginal(e, 0));
        const pComplication = pWhere(e, (f) => f[1] === "true");
        expect(odds.complication).toBeGreaterThanOrEqual(pComplication - 1e-12);
        expect(odds.complication).toBeLessThanOrEqual(pComplication + e.cutMass + 1e-12);
        const pSuccess = pWhere(e, (f) => Number(f[0]) >= 10);
        expect(odds.success!).toBeGreaterThanOrEqual(pSuccess - 1e-12);
        expect(odds.success!).toBeLessThanOrEqual(pSuccess + e.cutMass + 1e-12);
      });
    }
  it("4D without a Wild Die: a plain 4d6 sum, complete enumeration", () => {
    const e = enumerate(d6Ref({ dice: 4, pips: -2, wild: false, wildOne: "removeHighest", cp: 0 }));
    expect(e.cutMass).toBe(0);
    expectMatches(d6Odds({ dice: 4, pips: -2, wildDie: false }).total, marginal(e, 0));
  });
});

describe("Silhouette odds = brute force", () => {
  for (const dice of [0, 1, 2, 3, 4, 5]) {
    it(`${dice} dice, highest + extra sixes (complete)`, () => {
      const e = enumerate(silhouetteRef({ dice, sixMode: "silhouettePlusOne" }));
      const odds = silhouetteOdds({ dice, modifier: 2, threshold: 7 });
      expectMatches(odds.result, marginal(e, 0));
      expect(odds.fumble).toBeCloseTo(
        pWhere(e, (f) => f[1] === "true"),
        12,
      );
      expect(odds.success!).toBeCloseTo(
        pWhere(e, (f) => Number(f[0]) + 2 >= 7),
        12,
      );
      const opposed = silhouetteOdds({ dice, modifier: 2, threshold: 7, tieSucceeds: false });
      expect(opposed.success!).toBeCloseTo(
        pWhere(e, (f) => Number(f[0]) + 2 > 7),
        12,
      );
    });
  }
  for (const dice of [1, 2, 3]) {
    it(`${dice} dice, sixes re-rolled and added`, () => {
      const e = enumerate(silhouetteRef({ dice, sixMode: "rerollAndAdd" }), 1e-10);
      expectMatches(silhouetteOdds({ dice, sixMode: "rerollAndAdd" }).result, marginal(e, 0));
    });
  }
});

describe("WFRP odds = enumeration of the d100 with a reference resolver", () => {
  const settings = [
    {},
    { fastSL: true },
    { over100: true },
    { allCrits: true },
    { literalMax: true },
    { autoSuccessMax: 1 },
    { autoSuccessMax: 1, autoFailMin: 100, fastSL: true, over100: true, allCrits: true },
  ];
  for (const s of settings)
    for (const target of [-15, 3, 40, 45, 99, 115, 135]) {
      it(`target ${target}, ${JSON.stringify(s)}`, () => {
        const e = enumerate(wfrpRef(target, s));
        const options = {
          autoSuccessMax: s.autoSuccessMax ?? 5,
          autoFailMin: s.autoFailMin ?? 96,
          fastSL: s.fastSL ?? false,
          testsOver100: s.over100 ?? false,
          critsOnDoubles: s.allCrits ?? false,
          autoFailSL: s.literalMax ? ("literalMax" as const) : ("min" as const),
        };
        // The ruleset's one resolver, enumerated by the core, against the reference written apart.
        const odds = wfrpOdds({ target }, (t, r) => resolveRoll(t, r, options), OUTCOMES);
        expect(odds.success).toBeCloseTo(
          pWhere(e, (f) => f[0] === "true"),
          12,
        );
        expect(odds.critical).toBeCloseTo(
          pWhere(e, (f) => f[3] === "true" && options.critsOnDoubles),
          12,
        );
        expect(odds.fumble).toBeCloseTo(
          pWhere(e, (f) => f[4] === "true" && options.critsOnDoubles),
          12,
        );
        for (const band of Object.keys(odds.bands)) {
          expect(odds.bands[band as keyof typeof odds.bands], band).toBeCloseTo(
            pWhere(e, (f) => f[2] === band),
            12,
          );
        }
        const sSL = new Map<number, number>();
        const fSL = new Map<number, number>();
        for (const [k, p] of e.probs) {
          const f = k.split("|");
          const m = f[0] === "true" ? sSL : fSL;
          m.set(Number(f[1]), (m.get(Number(f[1])) ?? 0) + p);
        }
        for (const [sl, p] of sSL) expect(odds.successSL.prob(sl)).toBeCloseTo(p, 12);
        for (const [sl, p] of fSL) expect(odds.failureSL.prob(sl)).toBeCloseTo(p, 12);
      });
    }
});

describe("generic pool odds = brute force", () => {
  const cases = [
    { count: 3, sides: 6 },
    { count: 4, sides: 6, keepHighest: 3 },
    { count: 4, sides: 6, keepLowest: 2 },
    { count: 3, sides: 10, successAt: 8, keepHighest: 2 },
    { count: 3, sides: 8, rerollBelow: 3 },
    { count: 3, sides: 6, rerollBelow: 3, keepHighest: 1 },
    { count: 2, sides: 6, explodeAt: 6 },
    { count: 2, sides: 6, explodeAt: 5, rerollBelow: 2 },
    { count: 2, sides: 10, explodeAt: 10, successAt: 8, rerollBelow: 8 },
    { count: 2, sides: 4, explodeAt: 3, successAt: 3 },
  ];
  for (const spec of cases) {
    it(JSON.stringify(spec), () => {
      // The reference: initial dice, re-rolls in order, explosions breadth-first, keep, count/sum.
      const e = enumerate((roll) => {
        const dice = Array.from({ length: spec.count }, () => roll(spec.sides));
        if (spec.rerollBelow !== undefined) for (let i = 0; i < spec.count; i++) if (dice[i] < spec.rerollBelow) dice[i] = roll(spec.sides);
        if (spec.explodeAt !== undefined) for (let i = 0; i < dice.length; i++) if (dice[i] >= spec.explodeAt) dice.push(roll(spec.sides));
        let kept = dice;
        if (spec.keepHighest !== undefined) kept = [...dice].sort((a, b) => b - a).slice(0, spec.keepHighest);
        if (spec.keepLowest !== undefined) kept = [...dice].sort((a, b) => a - b).slice(0, spec.keepLowest);
        return spec.successAt !== undefined ? kept.filter((d) => d >= spec.successAt!).length : kept.reduce((a, b) => a + b, 0);
      }, 1e-7);
      expectMatches(poolOdds(spec), e);
      expect(e.cutMass).toBeLessThan(1e-2);
    });
  }
});
