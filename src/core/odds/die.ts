/**
 * Per-die distributions, memoised: one die with its explosions and re-roll, as the rulesets use it.
 * A pool is then a power (sum) or an order statistic (highest / lowest) of these.
 */
import { OmnibusError } from "../errors";
import { Distribution, mixture, sumBranches } from "./distribution";

/** Explosion chains are cut where the probability of going on is below this (per die). */
export const CHAIN_EPSILON = 1e-16;
/** Exact odds refuse dice that explode more often than this (a d30 exploding on 2+ would need ~1000 steps). */
export const MAX_EXPLODE_CHANCE = 0.75;

/**
 * The value of one die that explodes: roll; the face adds `value(face)`; if `explodes(face)`, roll
 * again and add, for as long as the faces explode (breadth-first or depth-first does not matter
 * for the distribution of one die's total). Cut once the chance of still going is < CHAIN_EPSILON.
 */
export function explodingChain(sides: number, value: (face: number) => number, explodes: (face: number) => boolean): Distribution {
  const go: Array<[number, number]> = [];
  const stop: Array<[number, number]> = [];
  for (let f = 1; f <= sides; f++) (explodes(f) ? go : stop).push([value(f), 1 / sides]);
  return chainFrom(sumBranches(go), sumBranches(stop));
}

/**
 * X = Σ_k goᵏ * stop: `go` holds the (sub-probability) values of the faces that explode, `stop`
 * what a non-exploding face contributes (a plain value, or, for a rote that re-rolls a failed last
 * die, a mixture that includes a fresh chain). Cut once the chance of still going is < CHAIN_EPSILON.
 */
export function chainFrom(go: Distribution, stop: Distribution): Distribution {
  if (go.p.length === 0) return stop;
  const pGo = go.total();
  if (pGo > MAX_EXPLODE_CHANCE) {
    throw new OmnibusError(
      "oddsTooLarge",
      `a die that explodes with chance ${pGo.toFixed(3)} goes on too long for exact odds (at most ${MAX_EXPLODE_CHANCE})`,
    );
  }
  const parts: Distribution[] = [];
  let cur = Distribution.point(0);
  for (let k = 0; k < 100_000; k++) {
    parts.push(cur.convolve(stop, 0));
    cur = cur.convolve(go, 0);
    const still = cur.total();
    if (still < CHAIN_EPSILON) {
      const m = mixture(parts);
      return new Distribution(m.offset, m.p, m.truncatedMass + still);
    }
  }
  throw new OmnibusError("outOfRange", "an explosion chain does not end (every face explodes)");
}

const memo = new Map<string, Distribution>();

/** Memoises a per-die distribution under `key` (the die's parameters). */
/** Forgets every memoised per-die distribution (for cold-start measurements). */
export function clearOddsMemo(): void {
  memo.clear();
}

export function memoDie(key: string, make: () => Distribution): Distribution {
  let d = memo.get(key);
  if (!d) {
    d = make();
    if (memo.size > 2000) memo.clear();
    memo.set(key, d);
  }
  return d;
}

/** Sum of a d`sides` exploding on faces ≥ `at` (e.g. a Wild Die / Character Point die: d6, at 6). */
export function explodingSum(sides: number, at: number): Distribution {
  return memoDie(`xsum:${sides}:${at}`, () =>
    explodingChain(
      sides,
      (f) => f,
      (f) => f >= at,
    ),
  );
}
