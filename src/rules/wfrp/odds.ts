/**
 * Exact odds of a WFRP test, for the roll dialog and the CLI: the core's d100 enumeration
 * (`wfrpOdds` in src/core/odds) driven by this ruleset's own resolver, so odds and rolls can never
 * disagree.
 */
import { wfrpOdds, wfrpOpposedOdds, type WfrpOutcome, type WfrpResolver } from "../../core/odds";
import { testOptions, type TestOptions } from "./options";
import { OUTCOMES, resolveRoll, testTarget, type Outcome, type TestSpec } from "./test";
import { DEFAULT_OPPOSED_OPTIONS, type OpposedOptions } from "./opposed";

const CORE_OUTCOME: Readonly<Record<Outcome, WfrpOutcome>> = {
  astounding_success: "astoundingSuccess",
  impressive_success: "impressiveSuccess",
  success: "success",
  marginal_success: "marginalSuccess",
  marginal_failure: "marginalFailure",
  failure: "failure",
  impressive_failure: "impressiveFailure",
  astounding_failure: "astoundingFailure",
};

export interface TestOdds {
  /** The modified target. */
  target: number;
  success: number;
  failure: number;
  /** P(the roll is in the automatic-success / -failure range). */
  autoSuccess: number;
  autoFailure: number;
  /** P(critical) and P(fumble) — nonzero only when doubles count (critsOnDoubles). */
  critical: number;
  fumble: number;
  /** P(each outcome band), in table order; they sum to 1. */
  bands: Record<Outcome, number>;
  expectedSL: number;
}

function resolverFor(spec: TestSpec, o: TestOptions): WfrpResolver {
  return (target, roll) => {
    const r = resolveRoll(target, roll, o, { slBonus: spec.slBonus, successBonus: spec.successBonus });
    return { success: r.success, sl: r.sl, critical: r.critical, fumble: r.fumble, outcome: CORE_OUTCOME[r.outcome] };
  };
}

/** The exact probability of each outcome band (and more) for a test. */
export function testOdds(spec: TestSpec, options: Partial<TestOptions> = {}): TestOdds {
  const o = testOptions(options);
  const target = testTarget(spec);
  const odds = wfrpOdds(
    {
      target,
      autoSuccessMax: o.autoSuccessMax,
      autoFailMin: o.autoFailMin,
      fastSL: o.fastSL,
      testsOver100: o.testsOver100,
      critsFumblesAllTests: o.critsOnDoubles,
      autoFailSLRule: o.autoFailSL,
    },
    resolverFor(spec, o),
  );
  const bands = Object.fromEntries(OUTCOMES.map((b) => [b, odds.bands[CORE_OUTCOME[b]]])) as Record<Outcome, number>;
  return {
    target,
    success: odds.success,
    failure: odds.failure,
    autoSuccess: odds.autoSuccess,
    autoFailure: odds.autoFailure,
    critical: odds.critical,
    fumble: odds.fumble,
    bands,
    expectedSL: odds.expectedSL,
  };
}

/** Exact odds of an opposed test: P(attacker wins), P(defender wins), P(full tie: stalemate or re-roll). */
export function opposedOdds(
  attacker: TestSpec,
  defender: TestSpec,
  options: Partial<TestOptions> = {},
  opposed: Partial<OpposedOptions> = {},
): { attacker: number; defender: number; tie: number } {
  const o = testOptions(options);
  const oo = { ...DEFAULT_OPPOSED_OPTIONS, ...opposed };
  const at = testTarget(attacker);
  const dt = testTarget(defender);
  const r = wfrpOpposedOdds(
    { target: at, value: oo.tieBreak === "value" ? attacker.value : at },
    { target: dt, value: oo.tieBreak === "value" ? defender.value : dt },
    { attacker: resolverFor(attacker, o), defender: resolverFor(defender, o) },
  );
  return { attacker: r.attacker, defender: r.defender, tie: r.tie };
}
