/**
 * WFRP 4e d100 roll-under tests: exact odds by enumerating the 100 faces. The resolver (Success
 * Levels, automatic results, Fast SL, tests over 100 %, doubles, the outcome bands) is the ruleset's
 * own (`resolveRoll` in src/rules/wfrp/test.ts), passed in, so there is one resolver and the odds
 * can never disagree with the rolls.
 */
import { OmnibusError, requireInt } from "../errors";
import { Distribution, sumBranches } from "./distribution";

export interface WfrpCheck {
  /** The modified target (skill or characteristic + difficulty + modifiers). */
  target: number;
}

/** What the odds read of one resolved face; `outcome` is one of the bands passed to `wfrpOdds`. */
export interface WfrpFace<O extends string = string> {
  success: boolean;
  /** Success Levels; with `success` it tells +0 from −0. */
  sl: number;
  /** Whether the face fell in the automatic-success or automatic-failure range. */
  auto: "success" | "failure" | null;
  critical: boolean;
  fumble: boolean;
  outcome: O;
}

export type WfrpResolver<O extends string = string> = (target: number, roll: number) => WfrpFace<O>;

export interface WfrpOdds<O extends string = string> {
  success: number;
  failure: number;
  autoSuccess: number;
  autoFailure: number;
  critical: number;
  fumble: number;
  /** P(each outcome band), in the order given; they sum to 1. */
  bands: Record<O, number>;
  /** SL of a success (sub-probability: sums to P(success)); SL 0 here is "+0". */
  successSL: Distribution;
  /** SL of a failure (sums to P(failure)); SL 0 here is "−0". */
  failureSL: Distribution;
  /** SL over both (a +0 and a −0 both count as 0). */
  sl: Distribution;
  expectedSL: number;
  truncatedMass: 0;
}

export const isDouble = (roll: number) => roll === 100 || (roll % 11 === 0 && roll >= 11 && roll <= 99);

/**
 * Exact odds of a test: every face 1…100 resolved by `resolve`, each with probability 1/100.
 * `outcomes` lists the resolver's bands (a band it never gives has probability 0).
 */
export function wfrpOdds<O extends string>(check: WfrpCheck, resolve: WfrpResolver<O>, outcomes: readonly O[]): WfrpOdds<O> {
  if (typeof check !== "object" || check === null) throw new OmnibusError("badArgument", "a WFRP check must be an object");
  if (typeof resolve !== "function") throw new OmnibusError("badArgument", "a WFRP check needs a resolver");
  if (!Array.isArray(outcomes) || outcomes.length === 0) throw new OmnibusError("badArgument", "a WFRP check needs its outcome bands");
  const target = requireInt("target", check.target, -2100, 2100);
  const bandCount = Object.fromEntries(outcomes.map((o) => [o, 0])) as Record<O, number>;
  const succ: Array<[number, number]> = [];
  const fail: Array<[number, number]> = [];
  // Counted in whole faces, divided once: exact to the last bit.
  let success = 0;
  let autoSuccess = 0;
  let autoFailure = 0;
  let critical = 0;
  let fumble = 0;
  for (let roll = 1; roll <= 100; roll++) {
    const r = resolve(target, roll);
    if (!Object.hasOwn(bandCount, r.outcome) || !Number.isSafeInteger(r.sl))
      throw new OmnibusError("badArgument", `the resolver gave an invalid result for roll ${roll}`);
    bandCount[r.outcome]++;
    (r.success ? succ : fail).push([r.sl, 0.01]);
    if (r.success) success++;
    if (r.auto === "success" && r.success) autoSuccess++;
    if (r.auto === "failure" && !r.success) autoFailure++;
    if (r.critical) critical++;
    if (r.fumble) fumble++;
  }
  const bands = Object.fromEntries(outcomes.map((o: O) => [o, bandCount[o] / 100])) as Record<O, number>;
  const successSL = sumBranches(succ);
  const failureSL = sumBranches(fail);
  const sl = sumBranches([...succ, ...fail]);
  return {
    success: success / 100,
    failure: (100 - success) / 100,
    autoSuccess: autoSuccess / 100,
    autoFailure: autoFailure / 100,
    critical: critical / 100,
    fumble: fumble / 100,
    bands,
    successSL,
    failureSL,
    sl,
    expectedSL: sl.mean(),
    truncatedMass: 0,
  };
}

export interface WfrpOpposedOdds {
  /** P(the attacker wins): higher SL, or equal SL and the higher tested value (003:L191). */
  attacker: number;
  defender: number;
  /** P(equal SL and equal tested values): the GM's stalemate / re-roll setting decides. */
  tie: number;
  /** P(margin = winner's SL − loser's SL) for the attacker's side: attacker SL − defender SL. */
  slDifference: Distribution;
}

/**
 * Opposed test odds (003:L185–L199). `attackerValue` / `defenderValue` break SL ties (default:
 * each side's target; the digest's default is the unmodified skill, which the caller passes).
 */
export function wfrpOpposedOdds<O extends string>(
  attacker: WfrpCheck & { value?: number },
  defender: WfrpCheck & { value?: number },
  resolve: { attacker: WfrpResolver<O>; defender: WfrpResolver<O> },
  outcomes: readonly O[],
): WfrpOpposedOdds {
  if (typeof resolve !== "object" || resolve === null) throw new OmnibusError("badArgument", "an opposed WFRP check needs two resolvers");
  const a = wfrpOdds(attacker, resolve.attacker, outcomes).sl;
  const d = wfrpOdds(defender, resolve.defender, outcomes).sl;
  const va = requireInt("attacker value", attacker.value ?? attacker.target, -2100, 2100);
  const vd = requireInt("defender value", defender.value ?? defender.target, -2100, 2100);
  const diff = a.convolve(
    d.map((x) => -x),
    0,
  );
  const up = diff.pGreater(0);
  const eq = diff.prob(0);
  const down = diff.pLess(0);
  return {
    attacker: up + (va > vd ? eq : 0),
    defender: down + (vd > va ? eq : 0),
    tie: va === vd ? eq : 0,
    slDifference: diff,
  };
}
