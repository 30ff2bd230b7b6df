/**
 * WFRP 4e d100 roll-under tests: Success Levels from tens digits, automatic results, Fast SL,
 * tests over 100 %, doubles as criticals / fumbles, the eight outcome bands with ±0 (digest wfrp.md
 * §2.2–§2.9, §4, §7 items 2 and 5). A d100 has only 100 faces, so the odds enumerate them exactly;
 * the resolver is a parameter, so the ruleset can pass its own and the odds can never disagree with it.
 */
import { OmnibusError, requireInt, describeValue } from "../errors";
import { Distribution, sumBranches } from "./distribution";

export type WfrpOutcome =
  | "astoundingSuccess"
  | "impressiveSuccess"
  | "success"
  | "marginalSuccess"
  | "marginalFailure"
  | "failure"
  | "impressiveFailure"
  | "astoundingFailure";

export const WFRP_OUTCOMES: readonly WfrpOutcome[] = [
  "astoundingSuccess",
  "impressiveSuccess",
  "success",
  "marginalSuccess",
  "marginalFailure",
  "failure",
  "impressiveFailure",
  "astoundingFailure",
];

export interface WfrpOptions {
  /** Rolls up to this always succeed (default 5; the common variant 1; 003:L60–L64). */
  autoSuccessMax?: number;
  /** Rolls from this up always fail (default 96; 003:L60). */
  autoFailMin?: number;
  /** Fast SL: a success's SL is the roll's tens digit (003:L140–L142). */
  fastSL?: boolean;
  /** +1 SL on success per full 10 of target over 100 (003:L116–L122). */
  testsOver100?: boolean;
  /** Doubles make every test a critical (success) / fumble (failure) with the Astounding label (003:L157–L161). */
  critsFumblesAllTests?: boolean;
  /** SL on 96–00: "min" = min(SL, −1) (default, published), "literalMax" = max(SL, −1) (the seed's words; §7 item 2). */
  autoFailSLRule?: "min" | "literalMax";
}

export interface WfrpCheck extends WfrpOptions {
  /** The modified target (skill or characteristic + difficulty + modifiers). */
  target: number;
}

export interface WfrpTestResult {
  roll: number;
  target: number;
  success: boolean;
  /** Success Levels; with `success` it tells +0 from −0. */
  sl: number;
  auto: "success" | "failure" | null;
  /** The roll is a double (11 … 99, 100) and the test succeeded. */
  critical: boolean;
  /** The roll is a double and the test failed. */
  fumble: boolean;
  outcome: WfrpOutcome;
}

export type WfrpResolver = (
  target: number,
  roll: number,
) => Pick<WfrpTestResult, "success" | "sl" | "critical" | "fumble" | "outcome"> & Partial<WfrpTestResult>;

export interface WfrpOdds {
  success: number;
  failure: number;
  autoSuccess: number;
  autoFailure: number;
  critical: number;
  fumble: number;
  /** P(each outcome band); they sum to 1. */
  bands: Record<WfrpOutcome, number>;
  /** SL of a success (sub-probability: sums to P(success)); SL 0 here is "+0". */
  successSL: Distribution;
  /** SL of a failure (sums to P(failure)); SL 0 here is "−0". */
  failureSL: Distribution;
  /** SL over both (a +0 and a −0 both count as 0). */
  sl: Distribution;
  expectedSL: number;
  truncatedMass: 0;
}

const tens = (x: number) => Math.floor(x / 10);
export const isDouble = (roll: number) => roll === 100 || (roll % 11 === 0 && roll >= 11 && roll <= 99);

function options(o: WfrpOptions) {
  const autoSuccessMax = requireInt("autoSuccessMax", o.autoSuccessMax ?? 5, 0, 100);
  const autoFailMin = requireInt("autoFailMin", o.autoFailMin ?? 96, 1, 101);
  if (autoFailMin <= autoSuccessMax)
    throw new OmnibusError("badArgument", `autoFailMin (${autoFailMin}) must be above autoSuccessMax (${autoSuccessMax})`);
  const flags = { fastSL: o.fastSL ?? false, testsOver100: o.testsOver100 ?? false, critsFumblesAllTests: o.critsFumblesAllTests ?? false };
  for (const [k, v] of Object.entries(flags))
    if (typeof v !== "boolean") throw new OmnibusError("badArgument", `${k} must be true or false, got ${describeValue(v)}`);
  const autoFailSLRule = o.autoFailSLRule ?? "min";
  if (autoFailSLRule !== "min" && autoFailSLRule !== "literalMax")
    throw new OmnibusError("badArgument", `autoFailSLRule must be min or literalMax, got ${describeValue(autoFailSLRule)}`);
  return { autoSuccessMax, autoFailMin, ...flags, autoFailSLRule };
}

/** The digest's reference resolution of one test (§4). `roll` is 1–100 (100 = "00"). */
export function wfrpResolve(target: number, roll: number, opts: WfrpOptions = {}): WfrpTestResult {
  const s = options(opts);
  requireInt("target", target, -1000, 1000);
  requireInt("roll", roll, 1, 100);
  let success: boolean;
  let auto: WfrpTestResult["auto"] = null;
  if (roll >= s.autoFailMin) {
    success = false;
    auto = "failure";
  } else if (roll <= s.autoSuccessMax) {
    success = true;
    auto = "success";
  } else success = roll <= target;
  const baseSL = tens(target) - tens(roll);
  let sl: number;
  if (success) {
    sl = s.fastSL ? tens(roll) : baseSL;
    if (auto === "success") sl = Math.max(sl, 1);
    if (s.testsOver100 && target > 100) sl += Math.floor((target - 100) / 10);
  } else {
    sl = baseSL;
    if (auto === "failure") sl = s.autoFailSLRule === "min" ? Math.min(sl, -1) : Math.max(sl, -1);
  }
  const a = Math.abs(sl);
  let outcome: WfrpOutcome = success
    ? sl < 0 || a <= 1
      ? "marginalSuccess"
      : a <= 3
        ? "success"
        : a <= 5
          ? "impressiveSuccess"
          : "astoundingSuccess"
    : sl > 0 || a <= 1
      ? "marginalFailure"
      : a <= 3
        ? "failure"
        : a <= 5
          ? "impressiveFailure"
          : "astoundingFailure";
  const double = isDouble(roll);
  const critical = double && success;
  const fumble = double && !success;
  if (s.critsFumblesAllTests && critical) outcome = "astoundingSuccess";
  if (s.critsFumblesAllTests && fumble) outcome = "astoundingFailure";
  return { roll, target, success, sl: sl === 0 ? 0 : sl, auto, critical, fumble, outcome };
}

/**
 * Exact odds of a test: every face 1…100 resolved by `resolve` (default: `wfrpResolve` with the
 * check's options), each with probability 1/100.
 */
export function wfrpOdds(check: WfrpCheck, resolve?: WfrpResolver): WfrpOdds {
  if (typeof check !== "object" || check === null) throw new OmnibusError("badArgument", "a WFRP check must be an object");
  const target = requireInt("target", check.target, -1000, 1000);
  const opts = options(check);
  const res: WfrpResolver = resolve ?? ((t, r) => wfrpResolve(t, r, opts));
  const bands = Object.fromEntries(WFRP_OUTCOMES.map((o) => [o, 0])) as Record<WfrpOutcome, number>;
  const succ: Array<[number, number]> = [];
  const fail: Array<[number, number]> = [];
  // Counted in whole faces, divided once: exact to the last bit.
  let success = 0;
  let autoSuccess = 0;
  let autoFailure = 0;
  let critical = 0;
  let fumble = 0;
  const bandCount = Object.fromEntries(WFRP_OUTCOMES.map((o) => [o, 0])) as Record<WfrpOutcome, number>;
  for (let roll = 1; roll <= 100; roll++) {
    const r = res(target, roll);
    if (!(r.outcome in bands) || !Number.isSafeInteger(r.sl))
      throw new OmnibusError("badArgument", `the resolver gave an invalid result for roll ${roll}`);
    bandCount[r.outcome]++;
    (r.success ? succ : fail).push([r.sl, 0.01]);
    if (r.success) success++;
    if (roll <= opts.autoSuccessMax && r.success) autoSuccess++;
    if (roll >= opts.autoFailMin && !r.success) autoFailure++;
    if (r.critical) critical++;
    if (r.fumble) fumble++;
  }
  for (const o of WFRP_OUTCOMES) bands[o] = bandCount[o] / 100;
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
export function wfrpOpposedOdds(
  attacker: WfrpCheck & { value?: number },
  defender: WfrpCheck & { value?: number },
  resolve?: { attacker?: WfrpResolver; defender?: WfrpResolver },
): WfrpOpposedOdds {
  const a = wfrpOdds(attacker, resolve?.attacker).sl;
  const d = wfrpOdds(defender, resolve?.defender).sl;
  const va = requireInt("attacker value", attacker.value ?? attacker.target, -1000, 1000);
  const vd = requireInt("defender value", defender.value ?? defender.target, -1000, 1000);
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
