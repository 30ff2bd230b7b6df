/** Pool primitives in the dice order contract, dice sources, and the digests' dice vectors. */
import { describe, expect, it } from "vitest";
import { forcedDice, seededDice } from "../../src/core/dice";
import { OmnibusError } from "../../src/core/errors";
import { parseDiceCode, rollPool } from "../../src/core/pool";
import { Distribution, compare, silhouetteOdds, d6Odds, storytellingOdds } from "../../src/core/odds";
import { resolveRoll } from "../../src/rules/wfrp/test";

const storyPool = (count: number, faces: number[], rote = false) =>
  rollPool({ count, sides: 10, successAt: 8, explodeAt: 10, ...(rote ? { rerollBelow: 8 } : {}) }, forcedDice(faces));

describe("pool primitives: the dice order contract", () => {
  it("storytelling E7 (002:L186): [2,3,5,7,8,9] → 2 successes", () => {
    expect(storyPool(6, [2, 3, 5, 7, 8, 9]).successes).toBe(2);
  });
  it("storytelling E8 (002:L196): [2,4,4,7,8,9,10] then the 10's die: 5 → 3, 8 → 4, 10 then 3 → 4 + a further die", () => {
    expect(storyPool(7, [2, 4, 4, 7, 8, 9, 10, 5]).successes).toBe(3);
    expect(storyPool(7, [2, 4, 4, 7, 8, 9, 10, 8]).successes).toBe(4);
    const r = storyPool(7, [2, 4, 4, 7, 8, 9, 10, 10, 9]);
    expect(r.successes).toBe(5);
    expect(r.dice.map((d) => d.role)).toEqual([...Array(7).fill("initial"), "explosion", "explosion"]);
    expect(r.dice[7].from).toBe(6);
    expect(r.dice[8].from).toBe(7);
  });
  it("chance roll E9 (002:L208): [10,10,8] with only 10s counting → 2 successes", () => {
    expect(rollPool({ count: 1, sides: 10, successAt: 10, explodeAt: 10 }, forcedDice([10, 10, 8])).successes).toBe(2);
  });
  it("explosions are breadth-first: every initial die's explosion before the explosions' explosions", () => {
    const r = rollPool({ count: 3, sides: 6, explodeAt: 6 }, forcedDice([6, 2, 6, 6, 3, 1]));
    // initial 6 2 6; explosions of die 0 and die 2 (6, 3); then the explosion of die 3 (1).
    expect(r.dice.map((d) => [d.face, d.role, d.from])).toEqual([
      [6, "initial", null],
      [2, "initial", null],
      [6, "initial", null],
      [6, "explosion", 0],
      [3, "explosion", 2],
      [1, "explosion", 3],
    ]);
    expect(r.sum).toBe(24);
  });
  it("rote: one re-roll per failed initial die, in order, before explosions; re-rolls explode", () => {
    const r = storyPool(4, [3, 8, 1, 10, /* re-rolls of dice 0 and 2 */ 10, 4, /* explosions: die 3, die 4 */ 2, 9], true);
    expect(r.dice.map((d) => d.role)).toEqual(["initial", "initial", "initial", "initial", "reroll", "reroll", "explosion", "explosion"]);
    expect(r.dice[0].dropped).toBe("rerolled");
    expect(r.dice[4].from).toBe(0);
    expect(r.dice[5].from).toBe(2);
    expect(r.dice[6].from).toBe(3);
    expect(r.dice[7].from).toBe(4);
    expect(r.successes).toBe(4); // 8, 10, 10, 9
    expect(r.faces).toEqual([3, 8, 1, 10, 10, 4, 2, 9]);
  });
  it("keep highest / lowest drop the others (Silhouette E55 [6,6,1]: highest 6; untrained [4,1] keeps 1)", () => {
    const kh = rollPool({ count: 3, sides: 6, keepHighest: 1 }, forcedDice([6, 6, 1]));
    expect(kh.sum).toBe(6);
    expect(kh.dice.map((d) => d.kept)).toEqual([true, false, false]);
    const kl = rollPool({ count: 2, sides: 6, keepLowest: 1 }, forcedDice([4, 1]));
    expect(kl.sum).toBe(1);
    expect(kl.dice[0].dropped).toBe("keep");
  });
  it("forced faces: too few, out of range and unused faces are OmnibusErrors", () => {
    expect(() => rollPool({ count: 3, sides: 6 }, forcedDice([1, 2]))).toThrowError(expect.objectContaining({ code: "facesExhausted" }));
    expect(() => rollPool({ count: 2, sides: 6 }, forcedDice([1, 7]))).toThrowError(expect.objectContaining({ code: "faceOutOfRange" }));
    const f = forcedDice([1, 2, 3]);
    rollPool({ count: 2, sides: 6 }, f);
    expect(f.remaining).toBe(1);
    expect(() => f.assertExhausted()).toThrowError(expect.objectContaining({ code: "facesUnused" }));
  });
  it("bad specs throw OmnibusError", () => {
    const d = seededDice(1);
    for (const bad of [
      { count: -1, sides: 6 },
      { count: 2, sides: 1 },
      { count: 2, sides: 6, explodeAt: 1 },
      { count: 2, sides: 6, keepHighest: 1, keepLowest: 1 },
      { count: 1.5, sides: 6 },
    ]) {
      expect(() => rollPool(bad, d)).toThrow(OmnibusError);
    }
    expect(() => parseDiceCode("3x6")).toThrow(OmnibusError);
    expect(parseDiceCode("d10")).toEqual({ count: 1, sides: 10 });
  });
});

describe("dice sources", () => {
  it("a seeded source is reproducible and seeds differ", () => {
    const seq = (seed: number) =>
      Array.from(
        { length: 50 },
        (
          (d) => () =>
            d.roll(6)
        )(seededDice(seed)),
      );
    expect(seq(42)).toEqual(seq(42));
    expect(seq(42)).not.toEqual(seq(43));
    for (const f of seq(5)) expect(f >= 1 && f <= 6 && Number.isInteger(f)).toBe(true);
  });
  it("a seeded pool replays exactly through forced faces", () => {
    const a = rollPool({ count: 10, sides: 10, successAt: 8, explodeAt: 8, rerollBelow: 8 }, seededDice(9));
    const b = rollPool({ count: 10, sides: 10, successAt: 8, explodeAt: 8, rerollBelow: 8 }, forcedDice(a.faces));
    expect(b).toEqual(a);
  });
});

describe("the digests' numbers", () => {
  it("Silhouette pool statistics table (silhouette.md §14): mean and P(all 1s) for 1–6 dice", () => {
    const table = [
      [1, 3.5, 0.1667],
      [2, 4.5, 0.0278],
      [3, 5.037, 0.0046],
      [4, 5.3935, 0.00077],
      [5, 5.6662, 0.00013],
      [6, 5.8952, 0.00002],
    ];
    for (const [n, mean, allOnes] of table) {
      const o = silhouetteOdds({ dice: n });
      expect(o.result.mean()).toBeCloseTo(mean, 3);
      expect(Math.abs(o.fumble - allOnes)).toBeLessThan(allOnes * 0.02 + 5e-6);
    }
  });
  it("Silhouette E29: 4 m fall — highest-plus-sixes mean × 4 = 21.57; plain highest-of-4 = 20.98; real exploding dice ≈ 30.6", () => {
    expect(silhouetteOdds({ dice: 4 }).result.mean() * 4).toBeCloseTo(21.57, 2);
    expect(Distribution.uniform(1, 6).maxOf(4).mean() * 4).toBeCloseTo(20.98, 2);
    expect(Math.abs(silhouetteOdds({ dice: 4, sixMode: "rerollAndAdd" }).result.mean() * 4 - 30.6)).toBeLessThan(0.05);
  });
  it("Silhouette untrained: two dice keep the lowest; fumble when it is 1 (11/36)", () => {
    const o = silhouetteOdds({ dice: 0 });
    expect(o.untrained).toBe(true);
    expect(o.fumble).toBeCloseTo(11 / 36, 12);
    expect(o.result.prob(6)).toBeCloseTo(1 / 36, 12);
  });
  it("D6 A-1: 6D+3 averages 24, 7D averages 24.5 (no Wild Die)", () => {
    expect(d6Odds({ dice: 6, pips: 3, wildDie: false }).expectedTotal).toBeCloseTo(24, 10);
    expect(d6Odds({ dice: 7, wildDie: false }).expectedTotal).toBeCloseTo(24.5, 10);
  });
  it("D6 Wild Die: a 1 on the first roll is a complication 1/6 of the time, unless the rule is 'normal'", () => {
    expect(d6Odds({ dice: 4 }).complication).toBeCloseTo(1 / 6, 12);
    expect(d6Odds({ dice: 4, wildOne: "normal" }).complication).toBe(0);
    // 1D with the remove rule: a first 1 leaves 0 (+pips); a first 6 is 6 + an exploding d6 (≥ 7).
    const one = d6Odds({ dice: 1 }).total;
    expect(one.prob(0)).toBeCloseTo(1 / 6, 12);
    expect(one.prob(6)).toBe(0);
    expect(one.prob(7)).toBeCloseTo(1 / 36, 12);
  });
  it("storytelling: a die with 10-again averages 1/3 success; chance roll: P(success) = 1/10, P(dramatic failure) = 1/10", () => {
    expect(storytellingOdds({ pool: 1 }).expectedSuccesses).toBeCloseTo(1 / 3, 12);
    const c = storytellingOdds({ pool: 0 });
    expect(c.chance).toBe(true);
    expect(c.success).toBeCloseTo(0.1, 12);
    expect(c.dramaticFailure).toBeCloseTo(0.1, 12);
    // 8-again (002:L466): one extra die per success: mean successes per die = 0.3 / 0.7.
    expect(storytellingOdds({ pool: 1, again: 8 }).expectedSuccesses).toBeCloseTo(3 / 7, 12);
    // Rote on a 1-die pool: fails only if the die and its re-roll both fail: 0.7².
    expect(storytellingOdds({ pool: 1, rote: true }).failure).toBeCloseTo(0.49, 12);
    expect(storytellingOdds({ pool: 5 }).exceptional).toBeGreaterThan(0);
  });
  it("WFRP worked examples (wfrp.md §5)", () => {
    const t = (target: number, roll: number, o = {}) => resolveRoll(target, roll, o);
    expect(t(42, 17).success).toBe(true); // V1
    expect(t(115, 50, { testsOver100: true }).sl).toBe(7); // V2
    expect(t(115, 97, { testsOver100: true })).toMatchObject({ success: false, sl: -1 });
    expect(t(49, 29)).toMatchObject({ success: true, sl: 2, outcome: "success" }); // V3a
    expect(t(39, 89)).toMatchObject({ success: false, sl: -5, outcome: "impressive_failure" }); // V3b
    expect(t(45, 36, { fastSL: true }).sl).toBe(3); // V4
    expect(t(11, 35)).toMatchObject({ success: false, sl: -2 }); // V5
    expect(t(47, 4).sl).toBe(4); // V6
    expect(t(63, 91).sl).toBe(-3); // V7 (the digest's correction)
    expect(t(69, 74)).toMatchObject({ success: false, sl: -1, outcome: "marginal_failure" }); // V9
    expect(t(120, 97)).toMatchObject({ success: false, sl: -1 }); // V16
    expect(t(-5, 3)).toMatchObject({ success: true, sl: 1 }); // V17
    expect(t(45, 5).sl).toBe(4); // V18
    expect(t(3, 5).sl).toBe(1); // V19
    expect(t(99, 97).sl).toBe(-1); // V20
    expect(t(99, 97, { autoFailSL: "literalMax" }).sl).toBe(0);
    expect(t(40, 40)).toMatchObject({ success: true, sl: 0, outcome: "marginal_success" }); // V21
    expect(t(40, 41)).toMatchObject({ success: false, sl: 0, outcome: "marginal_failure" });
    expect(t(45, 44, { critsOnDoubles: true })).toMatchObject({ critical: true, outcome: "astounding_success" }); // V22
    expect(t(45, 55, { critsOnDoubles: true })).toMatchObject({ fumble: true, sl: -1, outcome: "astounding_failure" });
    expect(t(45, 100)).toMatchObject({ success: false, sl: -6, double: true, fumble: false }); // V23
    expect(t(45, 100, { critsOnDoubles: true })).toMatchObject({ success: false, sl: -6, fumble: true });
  });
  it("compare: 1d6 vs 1d6 ties 1/6 and wins 5/12", () => {
    const d = Distribution.uniform(1, 6);
    const c = compare(d, d);
    expect(c.equal).toBeCloseTo(1 / 6, 12);
    expect(c.greater).toBeCloseTo(5 / 12, 12);
    expect(c.less).toBeCloseTo(5 / 12, 12);
    expect(d.power(2).prob(7)).toBeCloseTo(6 / 36, 12);
  });
});
