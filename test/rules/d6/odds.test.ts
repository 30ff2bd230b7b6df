/**
 * Rules and odds agree: every face combination of small rolls is fed through the d6 resolver
 * (`rollD6`, forced faces in the dice order contract) and the frequencies of its totals are
 * compared with the core's exact distribution (`rollOdds` → `src/core/odds`).
 *
 * Exploding dice (the Wild Die, CP dice) are enumerated up to MAX_SIXES sixes in a row; the mass
 * left out is at most (number of exploding dice) · 6^−MAX_SIXES, the comparison's tolerance.
 */
import { describe, expect, it } from "vitest";
import { forcedDice } from "../../../src/core/dice";
import { rollD6, rollOdds, WILD_ONE_RULES, type D6RollOptions, type DieCode } from "../../../src/rules/d6";

const MAX_SIXES = 7;

/** Every face sequence of one exploding d6 with at most MAX_SIXES sixes. */
function explodingSequences(): number[][] {
  const out: number[][] = [];
  for (let sixes = 0; sixes <= MAX_SIXES; sixes++) for (let last = 1; last <= 5; last++) out.push([...Array(sixes).fill(6), last]);
  return out;
}

function product<T>(lists: T[][]): T[][] {
  return lists.reduce<T[][]>((acc, list) => acc.flatMap((a) => list.map((x) => [...a, x])), [[]]);
}

/** Distribution of rollD6's total by enumeration: total → probability. */
function enumerate(code: DieCode, opts: D6RollOptions): { dist: Map<number, number>; mass: number; complication: number } {
  const wild = opts.wildDie ?? true;
  const regular = wild ? code.dice - 1 : code.dice;
  const plain = [1, 2, 3, 4, 5, 6].map((f) => [f]);
  const parts: number[][][] = [...Array(regular).fill(plain)];
  if (wild && code.dice > 0) parts.push(explodingSequences());
  for (let i = 0; i < (opts.characterPoints ?? 0); i++) parts.push(explodingSequences());
  const dist = new Map<number, number>();
  let mass = 0;
  let complication = 0;
  for (const combo of product(parts)) {
    const faces = combo.flat();
    const src = forcedDice(faces);
    const r = rollD6(code, src, opts);
    src.assertExhausted(); // the resolver consumed exactly these faces, in this order
    const p = Math.pow(6, -faces.length);
    dist.set(r.total, (dist.get(r.total) ?? 0) + p);
    mass += p;
    if (r.complication) complication += p;
  }
  return { dist, mass, complication };
}

const cases: [string, DieCode, D6RollOptions][] = [];
for (const wildOne of WILD_ONE_RULES) {
  for (const dice of [1, 2, 3]) cases.push([`${dice}D ${wildOne}`, { dice, pips: 0 }, { wildOne }]);
  cases.push([`2D+2, 1 CP, ${wildOne}`, { dice: 2, pips: 2 }, { wildOne, characterPoints: 1 }]);
}
cases.push(["3D no Wild Die", { dice: 3, pips: 0 }, { wildDie: false }]);
cases.push(["2D+1 no Wild Die, 2 CP", { dice: 2, pips: 1 }, { wildDie: false, characterPoints: 2 }]);
cases.push(["4D removeHighest", { dice: 4, pips: 0 }, {}]);

describe("the resolver's face-by-face frequencies equal the core's exact odds", () => {
  for (const [name, code, opts] of cases) {
    it(name, () => {
      const exploding = ((opts.wildDie ?? true) ? 1 : 0) + (opts.characterPoints ?? 0);
      const tol = exploding * Math.pow(6, -MAX_SIXES) + 1e-12;
      const { dist, mass, complication } = enumerate(code, opts);
      expect(1 - mass).toBeLessThanOrEqual(tol);
      const odds = rollOdds(code, opts);
      for (const [total, p] of dist) expect(Math.abs(odds.total.prob(total) - p), `P(total = ${total})`).toBeLessThanOrEqual(tol);
      for (const [total, q] of odds.total.entries())
        if (!dist.has(total)) expect(q, `P(total = ${total}) beyond the enumeration`).toBeLessThanOrEqual(tol);
      expect(Math.abs(odds.complication - complication)).toBeLessThanOrEqual(tol);
      // P(success) against a few difficulties, from the same enumeration.
      for (const difficulty of [1, 5, 8, 10, 12, 15]) {
        const enumerated = [...dist].filter(([t]) => t >= difficulty).reduce((a, [, p]) => a + p, 0);
        expect(Math.abs(rollOdds(code, { ...opts, difficulty }).success! - enumerated)).toBeLessThanOrEqual(tol);
      }
    });
  }
  it("odds refuse what the roll refuses", () => {
    expect(() => rollOdds({ dice: 1, pips: -3 })).toThrowError(expect.objectContaining({ code: "rollImpossible" }));
    expect(() => rollOdds({ dice: 3, pips: 0 }, { characterPoints: 3 })).toThrowError(expect.objectContaining({ code: "outOfRange" }));
  });
});
