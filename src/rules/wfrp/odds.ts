/**
 * Exact odds of a WFRP test, for the roll dialog and the CLI: the core's d100 enumeration
 * (`wfrpOdds` in src/core/odds) driven by this ruleset's one resolver (`resolveRoll`), so odds and
 * rolls can never disagree.
 */
import { wfrpOdds, wfrpOpposedOdds, type WfrpResolver } from "../../core/odds";
import { testOptions, type TestOptions } from "./options";
import { OUTCOMES, resolveRoll, testTarget, type Outcome, type TestSpec } from "./test";
import { DEFAULT_OPPOSED_OPTIONS, type OpposedOptions } from "./opposed";

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

function resolverFor(spec: TestSpec, o: TestOptions): WfrpResolver<Outcome> {
  return (target, roll) => resolveRoll(target, roll, o, { slBonus: spec.slBonus, successBonus: spec.successBonus });
}

/** The exact probability of each outcome band (and more) for a test. */
export function testOdds(spec: TestSpec, options: Partial<TestOptions> = {}): TestOdds {
  const o = testOptions(options);
  const target = testTarget(spec);
  const odds = wfrpOdds({ target }, resolverFor(spec, o), OUTCOMES);
  return {
    target,
    success: odds.success,
    failure: odds.failure,
    autoSuccess: odds.autoSuccess,
    autoFailure: odds.autoFailure,
    critical: odds.critical,
    fumble: odds.fumble,
    bands: odds.bands,
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
    OUTCOMES,
  );
  return { attacker: r.attacker, defender: r.defender, tie: r.tie };
}
