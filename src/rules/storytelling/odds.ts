/**
 * Exact odds of a Storytelling roll, from the core's distribution (src/core/odds), taking the same
 * options as `rollPool` so a roll dialog can show the odds of exactly the roll it will make.
 */
import { requireInt } from "../../core/errors";
import { storytellingOdds, STORYTELLING_MAX_POOL, type StorytellingOdds } from "../../core/odds";
import { type RollOptions } from "./roll";
import { optionsObject } from "../../core/guards";

export interface RollOddsOptions extends RollOptions {
  /** Successes needed (default 1); e.g. beating a recorded roll of 4 needs 5 (002:L343). */
  requiredSuccesses?: number;
  /** Advanced action: roll twice, keep the better (002:L480). */
  advanced?: boolean;
  /** Bonus successes added to a roll with at least one success (002:L468). */
  bonusSuccesses?: number;
}

/** The exact distribution of successes and P(success / failure / dramatic failure / exceptional). */
export function rollOdds(pool: number, options: RollOddsOptions = {}): StorytellingOdds {
  requireInt("pool", pool, -STORYTELLING_MAX_POOL, STORYTELLING_MAX_POOL);
  options = optionsObject("options", options);
  return storytellingOdds({
    pool,
    again: options.again,
    rote: options.rote,
    // A rote chance die follows the seed whatever the scope (002:L478, E33): one more chance roll
    // after a first die of 2–9 or after its 10-chain ends — the core's "allFailedDice" chance die.
    roteScope: pool <= 0 && options.rote ? "allFailedDice" : options.roteRerolls,
    chanceDieUsesAgain: options.chanceDieUsesAgainLevel,
    advanced: options.advanced,
    bonusSuccesses: options.bonusSuccesses,
    requiredSuccesses: options.requiredSuccesses,
  });
}
