/**
 * Storytelling System (WoD 2004) d10 pools: successes on 8+, 10/9/8-again, rote, the chance die,
 * dramatic failure, exceptional success (digest storytelling.md §6–§8, §10, §14).
 */
import { withOddsBudget } from "./budget";
import { OmnibusError, requireInt, describeValue } from "../errors";
import { Distribution, mixture } from "./distribution";
import { chainFrom, memoDie } from "./die";

/** Which faces add a die: 10-again (default, 002:L192), 9-again (L464), 8-again (L466), or none. */
export type Again = 10 | 9 | 8 | "none";

/**
 * Which failed dice a rote action re-rolls once (002:L474–L478):
 *  - "initialDice" (default): one re-roll per failed *initial* die, before any explosions — the face
 *    order of issue 5 and the dice order contract (initial, re-rolls, explosions);
 *  - "allFailedDice": the digest's reading (Z.1 A17): every die that did not succeed, including a
 *    failed last die of a 10-again chain, is re-rolled once; re-rolls explode, their dice are not
 *    re-rolled again. On a chance die this is "one more chance roll when the chain ends" (§14, E33).
 */
export type RoteScope = "initialDice" | "allFailedDice";

export interface StorytellingCheck {
  /** Dice after all bonuses and penalties; 0 or less is a chance roll (002:L95, L204; Z.1 A1). */
  pool: number;
  again?: Again;
  rote?: boolean;
  roteScope?: RoteScope;
  /**
   * Whether 9-again / 8-again also make a chance die explode (its 9s/8s still never succeed).
   * Default false: a chance die succeeds and explodes only on 10 (digest Z.1 A5, Z.13 item 2).
   */
  chanceDieUsesAgain?: boolean;
  /** Advanced action (002:L480): roll twice, keep the better result. */
  advanced?: boolean;
  /** Bonus successes (002:L468): added only when the roll has at least one success. */
  bonusSuccesses?: number;
  /** Successes needed for success (default 1). */
  requiredSuccesses?: number;
  /** Successes for an exceptional success (default 5, 002:L382). */
  exceptionalAt?: number;
}

export interface StorytellingOdds {
  /** True when the pool was 0 or less: one chance die. */
  chance: boolean;
  /** Distribution of successes on the roll (a dramatic failure counts 0). */
  successes: Distribution;
  /** P(successes ≥ requiredSuccesses). */
  success: number;
  /** P(not a success), dramatic failures included. */
  failure: number;
  /** P(dramatic failure): a chance roll whose first die is 1 (002:L216). */
  dramaticFailure: number;
  /** P(successes ≥ exceptionalAt). */
  exceptional: number;
  expectedSuccesses: number;
  /** E[successes − requiredSuccesses]. */
  expectedMargin: number;
  /** Probability cut from the upper tail of explosion chains (≤ 1e-12). */
  truncatedMass: number;
}

export const STORYTELLING_MAX_POOL = 100;

function againOf(v: unknown): 10 | 9 | 8 | null {
  if (v === undefined || v === 10) return 10;
  if (v === 9 || v === 8) return v;
  if (v === "none") return null;
  throw new OmnibusError("badArgument", `again must be 10, 9, 8 or "none", got ${describeValue(v)}`, {
    name: "again",
    value: describeValue(v),
  });
}

function boolOf(name: string, v: unknown, dflt: boolean): boolean {
  if (v === undefined) return dflt;
  if (typeof v !== "boolean")
    throw new OmnibusError("badArgument", `${name} must be true or false, got ${describeValue(v)}`, { name, value: describeValue(v) });
  return v;
}

/** Faces of a d10 as (value, explodes) branches with probability 1/10 each. */
function faceBranches(successAt: number, againAt: number | null) {
  const go: Array<[number, number]> = [];
  const stopOk: Array<[number, number]> = [];
  let pFail = 0;
  for (let f = 1; f <= 10; f++) {
    const v = f >= successAt ? 1 : 0;
    if (againAt !== null && f >= againAt) go.push([v, 0.1]);
    else if (v > 0) stopOk.push([v, 0.1]);
    else pFail += 0.1;
  }
  return { go: fromPairs(go), stopOk: fromPairs(stopOk), pFail };
}

function fromPairs(pairs: Array<[number, number]>): Distribution {
  if (pairs.length === 0) return new Distribution(0, new Float64Array(0));
  return mixture(pairs.map(([v, q]) => Distribution.point(v).scale(q)));
}

/** Successes from one d10 chain (no rote): success at `successAt`, a die added at `againAt`. */
function plainChain(successAt: number, againAt: number | null): Distribution {
  return memoDie(`st:chain:${successAt}:${againAt}`, () => {
    const { go, stopOk, pFail } = faceBranches(successAt, againAt);
    return chainFrom(go, mixture([stopOk, Distribution.point(0).scale(pFail)]));
  });
}

/** Successes from one initial die, rote and explosions included. */
function oneDie(successAt: number, againAt: number | null, rote: boolean, scope: RoteScope): Distribution {
  return memoDie(`st:die:${successAt}:${againAt}:${rote}:${scope}`, () => {
    const X = plainChain(successAt, againAt);
    if (!rote) return X;
    const { go, stopOk, pFail } = faceBranches(successAt, againAt);
    if (scope === "allFailedDice") {
      // The last die of the chain, if it failed, is re-rolled once (a fresh chain, not re-rolled again).
      return chainFrom(go, mixture([stopOk, X.scale(pFail)]));
    }
    // initialDice: a failed initial die is replaced by a re-roll, which then explodes like any die.
    // A successful initial die keeps its value and, if it explodes, adds a chain (never re-rolled).
    return mixture([X.scale(pFail), stopOk, go.convolve(X, 0)]);
  });
}

/** Successes of a chance roll and P(dramatic failure) = P(first die is 1) = 1/10. */
function chanceDie(againAt: number | null, usesAgain: boolean, rote: boolean, scope: RoteScope): Distribution {
  const explodeAt = usesAgain ? againAt : againAt === null ? null : 10;
  return memoDie(`st:chance:${explodeAt}:${rote}:${scope}`, () => {
    // After the first die, a chance chain: only 10s succeed; faces ≥ explodeAt add a die.
    const Xc = plainChain(10, explodeAt);
    // The first die: 1 is a dramatic failure, never re-rolled (002:L478); a 10 that does not explode
    // (again "none") is one success; faces that explode add a chance chain; the rest fail, and a
    // rote re-rolls them once (one more chance roll).
    const g = faceBranches(10, explodeAt);
    const first1 = Distribution.point(0).scale(0.1);
    const pMiddleFail = g.pFail - 0.1;
    const middle = rote ? Xc.scale(pMiddleFail) : Distribution.point(0).scale(pMiddleFail);
    // allFailedDice: once a chain ends on a failed die, one more chance roll (not re-rolled again).
    const after = rote && scope === "allFailedDice" ? chainFrom(g.go, mixture([g.stopOk, Xc.scale(g.pFail)])) : Xc;
    return mixture([first1, middle, g.stopOk, g.go.convolve(after, 0)]);
  });
}

/** Exact odds of a Storytelling roll. */
export function storytellingOdds(check: StorytellingCheck): StorytellingOdds {
  return withOddsBudget(() => boundedStorytellingOdds(check));
}

function boundedStorytellingOdds(check: StorytellingCheck): StorytellingOdds {
  if (typeof check !== "object" || check === null) throw new OmnibusError("badArgument", "a storytelling check must be an object");
  const pool = requireInt("pool", check.pool, -1000, STORYTELLING_MAX_POOL);
  const againAt = againOf(check.again);
  const rote = boolOf("rote", check.rote, false);
  const scope = check.roteScope ?? "allFailedDice";
  if (scope !== "initialDice" && scope !== "allFailedDice") {
    throw new OmnibusError("badArgument", `roteScope must be "initialDice" or "allFailedDice", got ${describeValue(scope)}`);
  }
  const usesAgain = boolOf("chanceDieUsesAgain", check.chanceDieUsesAgain, false);
  const advanced = boolOf("advanced", check.advanced, false);
  const bonus = requireInt("bonusSuccesses", check.bonusSuccesses ?? 0, 0, 100);
  const required = requireInt("requiredSuccesses", check.requiredSuccesses ?? 1, 0, 1000);
  const exceptionalAt = requireInt("exceptionalAt", check.exceptionalAt ?? 5, 1, 1000);

  const chance = pool <= 0;
  // Rank: −1 = dramatic failure, else the number of successes. "Better" = higher rank.
  let rank: Distribution;
  if (chance) {
    const c = chanceDie(againAt, usesAgain, rote, scope);
    // The 0-success mass of c includes the dramatic failure (0.1); move that to rank −1.
    const q = new Float64Array(c.p.length + 1);
    q.set(c.p, c.offset + 1); // c.offset is 0
    q[1] = Math.max(0, q[1] - 0.1);
    q[0] = 0.1;
    rank = new Distribution(-1, q, c.truncatedMass);
  } else {
    rank = oneDie(8, againAt, rote, scope).power(pool);
  }
  if (advanced) rank = rank.maxOf(2);
  if (bonus > 0) rank = rank.map((k) => (k >= 1 ? k + bonus : k));
  const dramaticFailure = rank.prob(-1);
  const successes = rank.map((k) => Math.max(0, k));
  const success = successes.pAtLeast(required);
  return {
    chance,
    successes,
    success,
    failure: Math.max(0, successes.total() - success),
    dramaticFailure,
    exceptional: successes.pAtLeast(exceptionalAt),
    expectedSuccesses: successes.mean(),
    expectedMargin: successes.expectedMargin(required),
    truncatedMass: successes.truncatedMass,
  };
}
