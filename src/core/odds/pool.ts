/**
 * Exact odds of a generic pool (the same PoolSpec as `rollPool`): the distribution of the sum of
 * the kept dice, or of the number of successes when `successAt` is given.
 */
import { OmnibusError } from "../errors";
import { checkPoolSpec, type PoolSpec } from "../pool";
import { Distribution, mixture, sumBranches } from "./distribution";
import { chainFrom, memoDie } from "./die";
import { binomial } from "./math";
import { chargeWork, withOddsBudget } from "./budget";

/** Largest pools the odds answer (dice × sides, to keep the keep-highest DP bounded). */
export const POOL_ODDS_MAX_DICE = 200;
export const POOL_ODDS_MAX_SIDES = 1000;
export const POOL_ODDS_MAX_KEEP_WORK = 4000;

/**
 * Distribution of a pool's result: successes (with successAt) or the sum of the kept dice.
 * Bounded: an input whose exact odds would exceed the work budget (budget.ts) is refused with
 * `oddsTooLarge` before the heavy work starts (e.g. 200d1000 summed, 200d20 keep 199).
 */
export function poolOdds(spec: PoolSpec): Distribution {
  return withOddsBudget(() => boundedPoolOdds(spec));
}

function boundedPoolOdds(spec: PoolSpec): Distribution {
  const s = checkPoolSpec(spec);
  if (s.count > POOL_ODDS_MAX_DICE) throw new OmnibusError("oddsTooLarge", `odds are computed for at most ${POOL_ODDS_MAX_DICE} dice`);
  const keep = s.keepHighest ?? s.keepLowest;
  if (keep !== undefined && s.explodeAt !== undefined) {
    throw new OmnibusError("badArgument", "odds of exploding pools with keep-highest/lowest are not supported");
  }
  if (s.count === 0) return Distribution.point(0);
  const value = (f: number) => (s.successAt !== undefined ? (f >= s.successAt ? 1 : 0) : f);
  const key = `pool:${s.sides}:${s.explodeAt}:${s.rerollBelow}:${s.successAt}`;
  if (keep === undefined) {
    const die = memoDie(key, () => oneDie(s.sides, value, s.explodeAt, s.rerollBelow));
    return die.power(s.count);
  }
  if (s.count * s.sides > POOL_ODDS_MAX_KEEP_WORK) {
    throw new OmnibusError("oddsTooLarge", `odds with keep-highest/lowest are computed for dice × sides ≤ ${POOL_ODDS_MAX_KEEP_WORK}`);
  }
  // No explosions: each die's live face (after a possible re-roll) has distribution q, independently.
  const q = new Float64Array(s.sides + 1);
  const R = s.rerollBelow ?? 1;
  const pLow = (R - 1) / s.sides;
  for (let f = 1; f <= s.sides; f++) q[f] = (f >= R ? 1 / s.sides : 0) + pLow / s.sides;
  return keepDistribution(q, s.count, Math.min(keep, s.count), s.keepHighest !== undefined, value);
}

/** One initial die: re-rolled once if below R, then exploding on ≥ at; value per face. */
function oneDie(sides: number, value: (f: number) => number, at: number | undefined, R: number | undefined): Distribution {
  const go: Array<[number, number]> = [];
  const stop: Array<[number, number]> = [];
  for (let f = 1; f <= sides; f++) (at !== undefined && f >= at ? go : stop).push([value(f), 1 / sides]);
  const goD = sumBranches(go);
  const X = chainFrom(goD, sumBranches(stop));
  if (R === undefined) return X;
  // Faces < R are replaced by a fresh chain; faces ≥ R keep their value and explode as usual.
  const branches: Distribution[] = [X.scale((R - 1) / sides)];
  for (let f = R; f <= sides; f++) {
    const v = Distribution.point(value(f)).scale(1 / sides);
    branches.push(at !== undefined && f >= at ? v.convolve(X, 0) : v);
  }
  return mixture(branches);
}

/**
 * Sum of the values of the k highest (or lowest) of n i.i.d. dice with face distribution q[1…S].
 * DP over faces from best to worst: how many dice show this face (a binomial split of the dice not
 * yet placed), how many of them are kept, and the kept total so far.
 */
function keepDistribution(q: Float64Array, n: number, k: number, highest: boolean, value: (f: number) => number): Distribution {
  const S = q.length - 1;
  const faces: number[] = [];
  for (let i = 1; i <= S; i++) faces.push(highest ? S + 1 - i : i);
  let maxV = 0;
  let minV = 0;
  for (let f = 1; f <= S; f++) {
    maxV = Math.max(maxV, value(f));
    minV = Math.min(minV, value(f));
  }
  if (minV < 0) throw new OmnibusError("badArgument", "face values must be ≥ 0");
  const width = k * maxV + 1;
  // Charged up front (an upper bound: per face, the rows allocated and every (placed, shown) pair).
  chargeWork(S * (n + 1 + ((n + 1) * (n + 2)) / 2) * width);
  // dp[j][v]: j dice placed (j < n), kept total v. Once all k are kept, the rest only need placing.
  let dp: Float64Array[] = Array.from({ length: n + 1 }, () => new Float64Array(width));
  dp[0][0] = 1;
  const result = new Float64Array(width);
  let remaining = 1; // P(face is one of the faces not yet processed), for the early exit
  for (const f of faces) {
    const qf = q[f];
    const vf = value(f);
    remaining -= qf;
    const next: Float64Array[] = Array.from({ length: n + 1 }, () => new Float64Array(width));
    for (let j = 0; j <= n; j++) {
      const row = dp[j];
      let any = false;
      for (let v = 0; v < width; v++)
        if (row[v] !== 0) {
          any = true;
          break;
        }
      if (!any) continue;
      if (j >= k) {
        // All kept dice are chosen: the other n − j dice fall on the remaining faces, any way.
        const w = Math.pow(qf + Math.max(0, remaining), n - j);
        for (let v = 0; v < width; v++) result[v] += row[v] * w;
        continue;
      }
      for (let c = 0; c <= n - j; c++) {
        const w = binomial(n - j, c) * Math.pow(qf, c);
        if (w === 0) continue;
        const add = Math.min(c, k - j) * vf;
        const dst = next[j + c];
        for (let v = 0; v + add < width; v++) if (row[v] !== 0) dst[v + add] += row[v] * w;
      }
    }
    dp = next;
  }
  for (let v = 0; v < width; v++) result[v] += dp[n][v];
  return new Distribution(0, result);
}
