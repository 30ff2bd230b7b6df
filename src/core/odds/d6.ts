/**
 * West End Games D6 totals: a die code XD+Y with one Wild Die (explodes on 6; a first-roll 1 is
 * treated per `wildOne`), Character Point dice (each explodes on 6), compared with a difficulty
 * number by "total ≥ difficulty" (digest d6.md §1, §8, A-3, A-4; issue 4).
 */
import { withOddsBudget } from "./budget";
import { OmnibusError, requireInt, describeValue } from "../errors";
import { Distribution, mixture } from "./distribution";
import { explodingSum, memoDie } from "./die";

/**
 * What a 1 on the Wild Die's first roll does (digest A-4; issue 4):
 *  - "removeHighest" (default): the 1 and the highest other (regular) die are removed from the
 *    total, and a complication is flagged;
 *  - "complication": the 1 counts normally and a complication is flagged;
 *  - "normal": the 1 counts normally, nothing else happens.
 */
export type WildOne = "removeHighest" | "complication" | "normal";

export interface D6Check {
  /** Dice in the code (the X of XD+Y), Wild Die included; 0 is a flat roll of the pips. */
  dice: number;
  /** Pips (the Y); may be negative after penalties. */
  pips?: number;
  /** Whether one of the dice is a Wild Die (default true; a world setting per roll type). */
  wildDie?: boolean;
  wildOne?: WildOne;
  /** Character Point dice: each an extra d6 that explodes on 6 and has no 1-rule (000:L793). */
  characterPointDice?: number;
  /** Difficulty number; success is total ≥ difficulty (000:L95; A-3). */
  difficulty?: number;
}

export interface D6Odds {
  total: Distribution;
  /** P(the Wild Die's first roll is 1 and the rule flags a complication). */
  complication: number;
  /** P(total ≥ difficulty), or null without a difficulty. */
  success: number | null;
  expectedTotal: number;
  /** E[total − difficulty], or null without a difficulty. */
  expectedMargin: number | null;
  truncatedMass: number;
}

export const D6_MAX_DICE = 1000;

/** Sum of n dice with faces 1…m, unpruned (so that A_m − A_{m−1} below subtracts exactly). */
function uniformSum(m: number, n: number): Distribution {
  return memoDie(`d6:u${m}:${n}`, () => Distribution.uniform(1, m).power(n, 0));
}

/** Sum of n plain d6 (the same memo entry as the m = 6 term below: computed once per n). */
function plainSum(n: number): Distribution {
  return uniformSum(6, n);
}

/** P(all n dice ≤ m) below this counts as 0 (it is ~1e−35 for m = 4 at 199 dice). */
const NEGLIGIBLE_BRANCH = 1e-30;

/** Sum of n plain d6 minus the highest of them (n ≥ 1): the "remove the highest other die" rule. */
function sumWithoutHighest(n: number): Distribution {
  return memoDie(`d6:sumNoHigh:${n}`, () => {
    if (n === 0) return Distribution.point(0);
    // A_m(s) = P(all ≤ m, sum = s) = (m/6)ⁿ · U_mⁿ(s); P(max = m, sum = s) = A_m − A_{m−1}.
    // An A_m below NEGLIGIBLE_BRANCH in all is taken as 0: its mass stays in the next branch (whose
    // "highest die" it then misreads by at most 1e−30 of probability), nothing is lost.
    const branches: Distribution[] = [];
    let prev: Distribution | null = null;
    for (let m = 1; m <= 6; m++) {
      const weight = Math.pow(m / 6, n);
      if (m < 6 && weight < NEGLIGIBLE_BRANCH) continue;
      const a = uniformSum(m, n).scale(weight);
      // max = m: A_m minus A_{m−1}, outcome by outcome, then remove the highest die (m).
      const q = new Float64Array(a.p);
      if (prev) for (const [s, w] of prev.entries()) q[s - a.offset] = Math.max(0, q[s - a.offset] - w);
      branches.push(new Distribution(a.offset - m, q));
      prev = a;
    }
    return mixture(branches);
  });
}

function wildOneOf(v: unknown): WildOne {
  if (v === undefined) return "removeHighest";
  if (v === "removeHighest" || v === "complication" || v === "normal") return v;
  throw new OmnibusError("badArgument", `wildOne must be removeHighest, complication or normal, got ${describeValue(v)}`);
}

/** Exact odds of a D6 roll. */
export function d6Odds(check: D6Check): D6Odds {
  return withOddsBudget(() => boundedD6Odds(check));
}

function boundedD6Odds(check: D6Check): D6Odds {
  if (typeof check !== "object" || check === null) throw new OmnibusError("badArgument", "a D6 check must be an object");
  const dice = requireInt("dice", check.dice, 0, 1_000_000);
  if (dice > D6_MAX_DICE)
    throw new OmnibusError("oddsTooLarge", `exact D6 odds are computed for at most ${D6_MAX_DICE}D`, { max: D6_MAX_DICE });
  const pips = requireInt("pips", check.pips ?? 0, -1000, 1000);
  const wild = check.wildDie ?? true;
  if (typeof wild !== "boolean") throw new OmnibusError("badArgument", `wildDie must be true or false, got ${describeValue(wild)}`);
  const wildOne = wildOneOf(check.wildOne);
  const cp = requireInt("characterPointDice", check.characterPointDice ?? 0, 0, 30);
  const difficulty = check.difficulty === undefined ? null : requireInt("difficulty", check.difficulty, -1000, 100_000);

  let total: Distribution;
  let complication = 0;
  if (!wild || dice === 0) {
    total = plainSum(dice);
  } else {
    const n = dice - 1; // regular dice beside the Wild Die
    const key = `d6:wild:${n}:${wildOne}`;
    total = memoDie(key, () => {
      const regular = plainSum(n);
      // First roll 2…5: counts; 6: 6 + another exploding d6 (later 1s are ordinary).
      const wildNotOne = mixture([
        Distribution.uniform(2, 5).scale(4 / 6),
        explodingSum(6, 6)
          .shift(6)
          .scale(1 / 6),
      ]);
      const one = wildOne === "removeHighest" ? sumWithoutHighest(n) : regular.shift(1);
      return mixture([regular.convolve(wildNotOne), one.scale(1 / 6)]);
    });
    complication = wildOne === "normal" ? 0 : 1 / 6;
  }
  if (cp > 0) total = total.convolve(memoDie(`d6:cp:${cp}`, () => explodingSum(6, 6).power(cp)));
  total = total.shift(pips);
  return {
    total,
    complication,
    success: difficulty === null ? null : total.pAtLeast(difficulty),
    expectedTotal: total.mean(),
    expectedMargin: difficulty === null ? null : total.expectedMargin(difficulty),
    truncatedMass: total.truncatedMass,
  };
}
