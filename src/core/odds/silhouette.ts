/**
 * Silhouette d6 pools: the highest die plus 1 for each extra six, untrained rolls (two dice, keep
 * the lowest), fumbles (digest silhouette.md §2, §13, §16 items 1–4; issue 7).
 */
import { withOddsBudget } from "./budget";
import { OmnibusError, requireInt, describeValue } from "../errors";
import { Distribution, mixture } from "./distribution";
import { explodingSum, memoDie } from "./die";
import { binomial } from "./math";

/**
 * How sixes "explode" (digest §2.1, §16 item 1):
 *  - "silhouettePlusOne" (default): result = highest die + 1 per six beyond the first;
 *  - "rerollAndAdd": every 6 is re-rolled and added (a die's total), result = the highest total.
 */
export type SixMode = "silhouettePlusOne" | "rerollAndAdd";

/**
 * When a roll is a fumble / mishap (digest §2.5, §16 item 2, not in the seed):
 *  - "allOnes" (default): every die shows 1 (untrained: the kept lowest die is 1);
 *  - "never": no fumbles.
 */
export type FumbleRule = "allOnes" | "never";

export interface SilhouetteCheck {
  /** Skill level = dice in the pool; 0 or less rolls untrained (004:L83). */
  dice: number;
  /** Attribute modifier plus every other modifier, added to the result. */
  modifier?: number;
  /** Fixed difficulty, or the opposing total. */
  threshold?: number;
  /** A tie with the threshold succeeds (default true: a fixed difficulty, §16 item 4); false for an attack against a defense roll (004:L91). */
  tieSucceeds?: boolean;
  /** Roll untrained even with dice > 0 (two dice, keep the lowest). */
  untrained?: boolean;
  sixMode?: SixMode;
  fumbleRule?: FumbleRule;
  /** Whether a fumble always fails (default false: the total decides; the seed does not say, §16 item 2). */
  fumbleFails?: boolean;
}

export interface SilhouetteOdds {
  untrained: boolean;
  /** The dice result (highest + extra sixes, or the untrained lowest die), before modifiers. */
  result: Distribution;
  /** result + modifier. */
  total: Distribution;
  fumble: number;
  /** P(success) against the threshold, or null without one. */
  success: number | null;
  /** E[total − threshold], or null without one. */
  expectedMargin: number | null;
  truncatedMass: number;
}

export const SILHOUETTE_MAX_DICE = 60;

/** Highest of n d6 + (number of sixes − 1) when any six shows. */
function plusOneResult(n: number): Distribution {
  return memoDie(`sil:plus1:${n}`, () => {
    const pairs: Distribution[] = [];
    for (let m = 1; m <= 5; m++) pairs.push(Distribution.point(m).scale(Math.pow(m / 6, n) - Math.pow((m - 1) / 6, n)));
    for (let k = 1; k <= n; k++) {
      pairs.push(Distribution.point(6 + k - 1).scale(binomial(n, k) * Math.pow(1 / 6, k) * Math.pow(5 / 6, n - k)));
    }
    return mixture(pairs);
  });
}

function untrainedResult(): Distribution {
  return Distribution.uniform(1, 6).minOf(2);
}

/** Exact odds of a Silhouette roll. */
export function silhouetteOdds(check: SilhouetteCheck): SilhouetteOdds {
  return withOddsBudget(() => boundedSilhouetteOdds(check));
}

function boundedSilhouetteOdds(check: SilhouetteCheck): SilhouetteOdds {
  if (typeof check !== "object" || check === null) throw new OmnibusError("badArgument", "a Silhouette check must be an object");
  const dice = requireInt("dice", check.dice, -1000, SILHOUETTE_MAX_DICE);
  const modifier = requireInt("modifier", check.modifier ?? 0, -1000, 1000);
  const threshold = check.threshold === undefined ? null : requireInt("threshold", check.threshold, -1000, 100_000);
  const tieSucceeds = check.tieSucceeds ?? true;
  const forceUntrained = check.untrained ?? false;
  const fumbleFails = check.fumbleFails ?? true; // a mishap fails unless told otherwise (004:L45, L112)
  for (const [name, v] of [
    ["tieSucceeds", tieSucceeds],
    ["untrained", forceUntrained],
    ["fumbleFails", fumbleFails],
  ] as const) {
    if (typeof v !== "boolean") throw new OmnibusError("badArgument", `${name} must be true or false, got ${describeValue(v)}`);
  }
  const sixMode = check.sixMode ?? "silhouettePlusOne";
  if (sixMode !== "silhouettePlusOne" && sixMode !== "rerollAndAdd")
    throw new OmnibusError("badArgument", `sixMode must be silhouettePlusOne or rerollAndAdd, got ${describeValue(sixMode)}`);
  const fumbleRule = check.fumbleRule ?? "allOnes";
  if (fumbleRule !== "allOnes" && fumbleRule !== "never")
    throw new OmnibusError("badArgument", `fumbleRule must be allOnes or never, got ${describeValue(fumbleRule)}`);

  const untrained = forceUntrained || dice <= 0;
  let result: Distribution;
  let fumble: number;
  if (untrained) {
    result = untrainedResult();
    fumble = 11 / 36; // the kept lowest of two dice is 1
  } else {
    result = sixMode === "silhouettePlusOne" ? plusOneResult(dice) : explodingSum(6, 6).maxOf(dice);
    fumble = Math.pow(1 / 6, dice);
  }
  if (fumbleRule === "never") fumble = 0;
  const total = result.shift(modifier);
  let success: number | null = null;
  if (threshold !== null) {
    success = tieSucceeds ? total.pAtLeast(threshold) : total.pGreater(threshold);
    // A fumble's result is always 1 (every die 1, or the kept lowest 1): remove it if it "succeeded".
    const fumbleTotal = 1 + modifier;
    if (fumbleFails && (tieSucceeds ? fumbleTotal >= threshold : fumbleTotal > threshold)) success -= fumble;
  }
  return {
    untrained,
    result,
    total,
    fumble,
    success,
    expectedMargin: threshold === null ? null : total.expectedMargin(threshold),
    truncatedMass: total.truncatedMass,
  };
}
