/**
 * Exact odds for every kind of check the four rulesets roll — pure, Foundry-free, fast enough to
 * recompute on every keystroke of a roll dialog (under 1 ms median for any allowed check; see
 * `npm run bench`).
 *
 * The shape:
 *   - `Distribution`: an exact distribution over integer outcomes (totals, successes, SL), with
 *     `pAtLeast(t)` (P(success) against a difficulty or threshold), `pGreater`, `pAtMost`, `mean`,
 *     `expectedMargin(t)`, `convolve`, `power`, `maxOf`/`minOf`, `entries()`, `toJSON()`, and
 *     `truncatedMass`: the probability cut from the upper tail of unbounded explosions. Every
 *     answer below cuts less than `TRUNCATION_LIMIT` (1e-12) in all, and states it.
 *   - `compare(x, y)`: P(x > y), P(x = y), P(x < y) for opposed rolls.
 *   - One function per ruleset check, taking a plain parameter object whose defaults are the
 *     digests' recommended rules and whose other fields are the alternatives they list:
 *
 *     d6Odds({ dice, pips, wildDie, wildOne, characterPointDice, difficulty })
 *       → { total, complication, success, expectedTotal, expectedMargin, truncatedMass }
 *       Wild Die explodes on 6; a first-roll 1: "removeHighest" (default) | "complication" | "normal".
 *
 *     storytellingOdds({ pool, again, rote, roteScope, chanceDieUsesAgain, advanced,
 *                        bonusSuccesses, requiredSuccesses, exceptionalAt })
 *       → { chance, successes, success, failure, dramaticFailure, exceptional,
 *           expectedSuccesses, expectedMargin, truncatedMass }
 *       pool ≤ 0 is a chance roll; again 10 (default) | 9 | 8 | "none"; roteScope
 *       "allFailedDice" (default: any failed die once, the seed 002:L474) | "initialDice" (a setting).
 *
 *     wfrpOdds({ target }, resolve, outcomes)
 *       → { success, failure, autoSuccess, autoFailure, critical, fumble, bands (one per
 *           outcome), successSL, failureSL (+0 / −0 kept apart), sl, expectedSL }
 *       the d100 enumerated with the ruleset's one resolver (`resolveRoll`, src/rules/wfrp/test.ts).
 *       wfrpOpposedOdds(attacker, defender, { attacker, defender }, outcomes) for opposed tests.
 *
 *     silhouetteOdds({ dice, modifier, threshold, tieSucceeds, untrained, sixMode, fumbleRule,
 *                      fumbleFails })
 *       → { untrained, result, total, fumble, success, expectedMargin, truncatedMass }
 *       highest die + 1 per extra six (default) | "rerollAndAdd"; dice ≤ 0 rolls untrained
 *       (two dice, keep the lowest); fumble on all ones (default) | "never".
 *
 *     poolOdds(PoolSpec) → Distribution: the generic pool of `rollPool` (src/core/pool.ts):
 *       sum or successes, with explodeAt, rerollBelow, keepHighest/keepLowest.
 *
 * Bad input (NaN, non-integers, out-of-range sizes, unknown options, non-objects) throws an
 * OmnibusError and nothing else.
 */
export { Distribution, compare, mixture, TRUNCATION_LIMIT } from "./distribution";
export { d6Odds, D6_MAX_DICE, type D6Check, type D6Odds, type WildOne } from "./d6";
export {
  storytellingOdds,
  STORYTELLING_MAX_POOL,
  type Again,
  type RoteScope,
  type StorytellingCheck,
  type StorytellingOdds,
} from "./storytelling";
export {
  wfrpOdds,
  wfrpOpposedOdds,
  isDouble,
  type WfrpCheck,
  type WfrpFace,
  type WfrpOdds,
  type WfrpOpposedOdds,
  type WfrpResolver,
} from "./wfrp";
export {
  silhouetteOdds,
  SILHOUETTE_MAX_DICE,
  type FumbleRule,
  type SilhouetteCheck,
  type SilhouetteOdds,
  type SixMode,
} from "./silhouette";
export { poolOdds, POOL_ODDS_MAX_DICE } from "./pool";
export { clearOddsMemo } from "./die";
export { ODDS_WORK_BUDGET, withOddsBudget } from "./budget";
