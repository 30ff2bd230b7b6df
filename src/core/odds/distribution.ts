/**
 * Exact discrete distributions over integer outcomes (a total, a count of successes, a Success
 * Level), with explicit truncation bookkeeping.
 *
 * Storage: the probabilities of the outcomes `offset … offset + p.length − 1` in a Float64Array.
 * Only that window is stored, zero entries are skipped by every operation and `entries()` lists
 * only the outcomes that can happen, so the type behaves as a sparse map from outcome to
 * probability while convolution stays a tight loop over typed arrays.
 *
 * Truncation: unbounded explosions (a 6 that re-rolls and adds, a 10 that adds a die) are cut
 * where the remaining probability is negligible. The probability that was cut is `truncatedMass`;
 * it always lies *above* `max` (only upper tails are ever cut), so for any threshold t the true
 * P(X ≥ t) is in [pAtLeast(t), pAtLeast(t) + truncatedMass] and `total() + truncatedMass` is 1.
 */
import { OmnibusError, describeValue } from "../errors";
import { chargeWork } from "./budget";

/** No check the core answers cuts more than this much probability in all. */
export const TRUNCATION_LIMIT = 1e-12;
/** Per-operation cut used internally, so that a whole check stays far below TRUNCATION_LIMIT. */
export const PRUNE_EPSILON = 1e-17;
/** Bounds that keep every exact computation small: copies of a die, and the span of outcomes. */
export const MAX_COPIES = 10_000;
export const MAX_SPAN = 1_000_000;

export class Distribution {
  /** The outcome whose probability is `p[0]`. */
  readonly offset: number;
  /** Probabilities of offset, offset+1, …; never mutated after construction. */
  readonly p: Float64Array;
  /** Probability cut from the upper tail (see the module comment). */
  readonly truncatedMass: number;

  /** Internal: use the factories (`point`, `uniform`, `fromEntries`) from outside the core. */
  constructor(offset: number, p: Float64Array, truncatedMass = 0) {
    // Trim zero entries at both ends so min/max are real outcomes.
    let lo = 0;
    let hi = p.length - 1;
    while (lo <= hi && p[lo] === 0) lo++;
    while (hi >= lo && p[hi] === 0) hi--;
    if (lo > hi) {
      this.offset = 0;
      this.p = new Float64Array(0);
    } else {
      this.offset = offset + lo;
      this.p = lo === 0 && hi === p.length - 1 ? p : p.slice(lo, hi + 1);
    }
    this.truncatedMass = truncatedMass;
  }

  /** A certain outcome. */
  static point(value: number): Distribution {
    if (!Number.isSafeInteger(value)) throw badOutcome(value);
    return new Distribution(value, Float64Array.of(1));
  }

  /** Each of from…to with equal probability (one die: `uniform(1, sides)`). */
  static uniform(from: number, to: number): Distribution {
    if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || to < from || to - from > 1_000_000) {
      throw new OmnibusError(
        "badArgument",
        `a uniform distribution needs whole numbers from ≤ to, got ${describeValue(from)}…${describeValue(to)}`,
      );
    }
    return new Distribution(from, new Float64Array(to - from + 1).fill(1 / (to - from + 1)));
  }

  /**
   * From (outcome, probability) pairs; repeated outcomes add up. Probabilities must be finite and
   * non-negative and, with `truncatedMass`, sum to 1 within 1e-9.
   */
  static fromEntries(entries: Iterable<readonly [number, number]>, truncatedMass = 0): Distribution {
    const list = [...entries];
    if (list.length === 0) throw new OmnibusError("badArgument", "a distribution needs at least one outcome");
    let lo = Infinity;
    let hi = -Infinity;
    for (const e of list) {
      if (!Array.isArray(e) || e.length !== 2)
        throw new OmnibusError("badArgument", "a distribution entry is an [outcome, probability] pair");
      const [x, q] = e;
      if (!Number.isSafeInteger(x)) throw badOutcome(x);
      if (typeof q !== "number" || !Number.isFinite(q) || q < 0) {
        throw new OmnibusError("badArgument", `a probability must be a finite number ≥ 0, got ${describeValue(q)}`);
      }
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
    }
    if (hi - lo > 10_000_000) throw new OmnibusError("outOfRange", "a distribution's outcomes may span at most 10,000,000");
    if (typeof truncatedMass !== "number" || !Number.isFinite(truncatedMass) || truncatedMass < 0 || truncatedMass > 1) {
      throw new OmnibusError("badArgument", `truncatedMass must be in 0…1, got ${describeValue(truncatedMass)}`);
    }
    const p = new Float64Array(hi - lo + 1);
    let sum = 0;
    for (const [x, q] of list) {
      p[x - lo] += q;
      sum += q;
    }
    if (Math.abs(sum + truncatedMass - 1) > 1e-9) {
      throw new OmnibusError("badArgument", `probabilities must sum to 1 (with the truncated mass), got ${sum + truncatedMass}`);
    }
    return new Distribution(lo, p, truncatedMass);
  }

  /** Smallest possible outcome (NaN for an empty distribution, which only a caller's own mixing can make). */
  get min(): number {
    return this.p.length ? this.offset : NaN;
  }
  /** Largest outcome kept (NaN if empty). */
  get max(): number {
    return this.p.length ? this.offset + this.p.length - 1 : NaN;
  }

  /** P(X = x). */
  prob(x: number): number {
    const i = x - this.offset;
    return Number.isInteger(i) && i >= 0 && i < this.p.length ? this.p[i] : 0;
  }

  /** The outcomes that can happen, ascending, with their probabilities. */
  entries(): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    for (let i = 0; i < this.p.length; i++) if (this.p[i] > 0) out.push([this.offset + i, this.p[i]]);
    return out;
  }

  /** Σ P over the kept outcomes (1 − truncatedMass, up to rounding). */
  total(): number {
    let s = 0;
    for (let i = 0; i < this.p.length; i++) s += this.p[i];
    return s;
  }

  /** E[X] over the kept outcomes (the truncated tail is left out; it is below 1e-12). */
  mean(): number {
    let s = 0;
    for (let i = 0; i < this.p.length; i++) s += (this.offset + i) * this.p[i];
    return s;
  }

  /** Standard deviation over the kept outcomes. */
  stdDev(): number {
    const m = this.mean();
    let s = 0;
    for (let i = 0; i < this.p.length; i++) s += (this.offset + i - m) ** 2 * this.p[i];
    return Math.sqrt(s);
  }

  /** P(X ≥ t): the chance to meet a difficulty or threshold t (a lower bound; add truncatedMass for the upper). */
  pAtLeast(t: number): number {
    requireFinite("threshold", t);
    const start = Math.max(0, Math.ceil(t) - this.offset);
    let s = 0;
    for (let i = start; i < this.p.length; i++) s += this.p[i];
    return s;
  }
  /** P(X > t). */
  pGreater(t: number): number {
    requireFinite("threshold", t);
    return this.pAtLeast(Math.floor(t) + 1);
  }
  /** P(X ≤ t). */
  pAtMost(t: number): number {
    requireFinite("threshold", t);
    const end = Math.min(this.p.length - 1, Math.floor(t) - this.offset);
    let s = 0;
    for (let i = 0; i <= end; i++) s += this.p[i];
    return s;
  }
  /** P(X < t). */
  pLess(t: number): number {
    requireFinite("threshold", t);
    return this.pAtMost(Math.ceil(t) - 1);
  }

  /** E[X − t]: the expected margin over a difficulty (negative: expected shortfall). */
  expectedMargin(t: number): number {
    requireFinite("difficulty", t);
    return this.mean() - t * this.total();
  }

  /** X + k. */
  shift(k: number): Distribution {
    if (!Number.isSafeInteger(k)) throw badOutcome(k);
    return new Distribution(this.offset + k, this.p, this.truncatedMass);
  }

  /** Scales every probability by w (0 ≤ w ≤ 1): a branch of a mixture. Its truncatedMass scales too. */
  scale(w: number): Distribution {
    if (typeof w !== "number" || !(w >= 0 && w <= 1))
      throw new OmnibusError("badArgument", `a weight must be in 0…1, got ${describeValue(w)}`);
    const q = new Float64Array(this.p.length);
    for (let i = 0; i < q.length; i++) q[i] = this.p[i] * w;
    return new Distribution(this.offset, q, this.truncatedMass * w);
  }

  /** f(X) for an integer-valued f (e.g. max(0, X − 3)). Outcomes mapping to the same value add up. */
  map(f: (x: number) => number): Distribution {
    const pairs: Array<[number, number]> = [];
    for (let i = 0; i < this.p.length; i++) if (this.p[i] > 0) pairs.push([f(this.offset + i), this.p[i]]);
    return sumBranches(pairs, this.truncatedMass);
  }

  /** X + Y for independent X (this) and Y. */
  convolve(other: Distribution, prune = PRUNE_EPSILON): Distribution {
    const a = this.p;
    const b = other.p;
    // Both operands may be sub-probability branches: the product of their full masses minus the
    // product of their kept masses is what the cut tails account for.
    const ta = this.truncatedMass;
    const tb = other.truncatedMass;
    const trunc =
      ta === 0 && tb === 0
        ? 0
        : (() => {
            const ma = this.total();
            const mb = other.total();
            return Math.max(0, (ma + ta) * (mb + tb) - ma * mb);
          })();
    if (a.length === 0 || b.length === 0) return new Distribution(0, new Float64Array(0), trunc);
    const out = new Float64Array(a.length + b.length - 1);
    // Iterate the shorter array in the outer loop, skipping zeros (sparse inputs stay cheap).
    const [outer, inner] = a.length <= b.length ? [a, b] : [b, a];
    const n = inner.length;
    let live = 0;
    for (let i = 0; i < outer.length; i++) if (outer[i] !== 0) live++;
    chargeWork(live * n);
    for (let i = 0; i < outer.length; i++) {
      const w = outer[i];
      if (w === 0) continue;
      for (let j = 0; j < n; j++) out[i + j] += w * inner[j];
    }
    return pruneUpperTail(this.offset + other.offset, out, trunc, prune);
  }

  /** X₁ + … + Xₙ for n independent copies (n ≥ 0), by repeated squaring. */
  power(n: number, prune = PRUNE_EPSILON): Distribution {
    if (!Number.isSafeInteger(n) || n < 0)
      throw new OmnibusError("badArgument", `a power must be a whole number ≥ 0, got ${describeValue(n)}`);
    if (n > MAX_COPIES || (this.p.length - 1) * n > MAX_SPAN) {
      throw new OmnibusError("oddsTooLarge", `too many dice for exact odds: ${n} copies of a ${this.p.length}-outcome distribution`);
    }
    return Distribution.repeatedSquaring(this, n, prune);
  }

  private static repeatedSquaring(of: Distribution, n: number, prune: number): Distribution {
    let result = Distribution.point(0);
    let base = of;
    let k = n;
    while (k > 0) {
      if (k & 1) result = result.convolve(base, prune);
      k >>= 1;
      if (k > 0) base = base.convolve(base, prune);
    }
    return result;
  }

  /** max(X₁ … Xₙ) for n ≥ 1 independent copies (highest die of a pool). */
  maxOf(n: number): Distribution {
    return orderExtreme(this, n, "max");
  }
  /** min(X₁ … Xₙ) for n ≥ 1 independent copies (lowest die). */
  minOf(n: number): Distribution {
    return orderExtreme(this, n, "min");
  }

  /** Plain JSON: `{ "outcome": probability }` for the outcomes that can happen, plus the truncated mass. */
  toJSON(): { distribution: Record<string, number>; truncatedMass: number } {
    const distribution: Record<string, number> = {};
    for (const [x, q] of this.entries()) distribution[describeValue(x)] = q;
    return { distribution, truncatedMass: this.truncatedMass };
  }
}

/** Σ of weighted branches (a mixture): each branch already scaled by its weight. */
export function mixture(branches: readonly Distribution[]): Distribution {
  const live = branches.filter((d) => d.p.length > 0);
  const trunc = branches.reduce((s, d) => s + d.truncatedMass, 0);
  if (live.length === 0) return new Distribution(0, new Float64Array(0), trunc);
  const lo = Math.min(...live.map((d) => d.offset));
  const hi = Math.max(...live.map((d) => d.offset + d.p.length - 1));
  chargeWork(hi - lo + 1 + live.reduce((s, d) => s + d.p.length, 0));
  const out = new Float64Array(hi - lo + 1);
  for (const d of live) {
    const at = d.offset - lo;
    for (let i = 0; i < d.p.length; i++) out[at + i] += d.p[i];
  }
  return new Distribution(lo, out, trunc);
}

/** From (outcome, probability) pairs with no normalisation check (internal). */
export function sumBranches(pairs: ReadonlyArray<readonly [number, number]>, truncatedMass = 0): Distribution {
  if (pairs.length === 0) return new Distribution(0, new Float64Array(0), truncatedMass);
  let lo = Infinity;
  let hi = -Infinity;
  for (const [x] of pairs) {
    if (!Number.isSafeInteger(x)) throw badOutcome(x);
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  const p = new Float64Array(hi - lo + 1);
  for (const [x, q] of pairs) p[x - lo] += q;
  return new Distribution(lo, p, truncatedMass);
}

/** P(X > Y), P(X = Y), P(X < Y) for independent X and Y: opposed rolls. */
export function compare(x: Distribution, y: Distribution): { greater: number; equal: number; less: number } {
  // Walk x's outcomes against y's cumulative sums.
  let greater = 0;
  let equal = 0;
  let less = 0;
  const yTotal = y.total();
  // cum[i] = Σ_{j<i} y.p[j]
  const cum = new Float64Array(y.p.length + 1);
  for (let j = 0; j < y.p.length; j++) cum[j + 1] = cum[j] + y.p[j];
  for (let i = 0; i < x.p.length; i++) {
    const w = x.p[i];
    if (w === 0) continue;
    const v = x.offset + i;
    const k = v - y.offset; // index of v in y
    const below = k <= 0 ? 0 : k >= y.p.length ? yTotal : cum[k];
    const eq = k >= 0 && k < y.p.length ? y.p[k] : 0;
    greater += w * below;
    equal += w * eq;
    less += w * Math.max(0, yTotal - below - eq);
  }
  return { greater, equal, less };
}

function orderExtreme(d: Distribution, n: number, which: "max" | "min"): Distribution {
  if (!Number.isSafeInteger(n) || n < 1) throw new OmnibusError("badArgument", `a pool needs at least one die, got ${describeValue(n)}`);
  if (n > MAX_COPIES) throw new OmnibusError("oddsTooLarge", `too many dice for exact odds: ${n}`);
  const len = d.p.length;
  const out = new Float64Array(len);
  // CDF^n for the max, survival^n for the min. The truncated tail lies above max, so for the max
  // the kept CDF is exact and the cut mass becomes 1 − (1 − t)^n; for the min it is (t)^n-ish: the
  // min exceeds every kept outcome only if all n dice fall in the tail.
  if (which === "max") {
    let cdf = 0;
    let prev = 0;
    for (let i = 0; i < len; i++) {
      cdf += d.p[i];
      const now = Math.pow(cdf, n);
      out[i] = now - prev;
      prev = now;
    }
    return new Distribution(d.offset, out, Math.max(0, 1 - prev));
  }
  let surv = d.total() + d.truncatedMass; // P(X ≥ offset) = 1
  let prev = Math.pow(surv, n);
  for (let i = 0; i < len; i++) {
    surv -= d.p[i];
    const now = Math.pow(Math.max(0, surv), n);
    out[i] = prev - now;
    prev = now;
  }
  return new Distribution(d.offset, out, Math.max(0, prev));
}

/** Cuts the upper tail whose total is below `prune`, adding it to the truncated mass. */
export function pruneUpperTail(offset: number, p: Float64Array, trunc: number, prune: number): Distribution {
  let hi = p.length - 1;
  let tail = 0;
  while (hi > 0 && tail + p[hi] < prune) {
    tail += p[hi];
    hi--;
  }
  return new Distribution(offset, hi === p.length - 1 ? p : p.subarray(0, hi + 1), trunc + tail);
}

function badOutcome(x: unknown): OmnibusError {
  return new OmnibusError("badArgument", `an outcome must be a whole number, got ${describeValue(x)}`);
}

function requireFinite(name: string, t: unknown): void {
  if (typeof t !== "number" || !Number.isFinite(t) || Math.abs(t) > 1e9) {
    throw new OmnibusError("badArgument", `${name} must be a finite number, got ${describeValue(t)}`, { name, value: describeValue(t) });
  }
}
