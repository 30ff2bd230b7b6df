/**
 * Assistance (Помощь, 003:L221-239, digest §2.14): +10 per helper; helpers need at least one Advance
 * in the tested skill (003:L231); no help on tests to resist disease, poison, fear or accidents
 * (003:L235); at most as many helpers as the tester's Bonus in the characteristic used (003:L237).
 */
import { describeValue, int } from "./guards";
import { OmnibusError } from "../../core/errors";
import { characteristicBonus } from "./characteristics";

/** Bonus per helper (003:L225). */
export const ASSISTANCE_PER_HELPER = 10;

/** Tests nobody may help with (003:L235). */
export const UNASSISTED_TESTS = ["disease", "poison", "fear", "accident"] as const;
export type UnassistedTest = (typeof UNASSISTED_TESTS)[number];

export interface Helper {
  /** Advances the helper has in the tested skill; a characteristic test counts the characteristic's. */
  advances: number;
}

export interface AssistanceResult {
  /** The modifier to add to the tester's target. */
  bonus: number;
  /** Helpers that count, after eligibility and the cap. */
  counted: number;
  /** Helpers with at least one Advance. */
  eligible: number;
  /** The cap: the tester's characteristic Bonus. */
  limit: number;
  /** Why some or all help is refused. */
  refused: "resistanceTest" | null;
}

/**
 * The assistance bonus for a tester whose tested characteristic is `testedCharacteristic` (its
 * current value), given the helpers. `resisting` names a test type that allows no help.
 */
export function assistance(testedCharacteristic: number, helpers: readonly Helper[], resisting?: UnassistedTest): AssistanceResult {
  const limit = characteristicBonus(testedCharacteristic);
  if (!Array.isArray(helpers)) throw new OmnibusError("badArgument", "helpers must be a list", { name: "helpers" });
  const eligible = helpers.filter((h) => int("helper advances", h?.advances, 0, 999) >= 1).length;
  if (resisting !== undefined) {
    if (!(UNASSISTED_TESTS as readonly string[]).includes(resisting)) {
      throw new OmnibusError("badArgument", `unknown resistance test "${describeValue(resisting)}"`, { name: "resisting", value: describeValue(resisting) });
    }
    return { bonus: 0, counted: 0, eligible, limit, refused: "resistanceTest" };
  }
  const counted = Math.min(eligible, limit);
  return { bonus: ASSISTANCE_PER_HELPER * counted, counted, eligible, limit, refused: null };
}
