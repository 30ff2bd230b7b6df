/**
 * Assistance (Помощь, 003:L221-239, digest §2.14): +10 per helper; helpers need at least one Advance
 * in the tested skill (003:L231) and must be near the tester (003:L233); no help on tests to resist
 * disease, poison, fear or accidents (003:L235); at most as many helpers as the tester's Bonus in the
 * characteristic used (003:L237); the character with the best chance rolls (003:L223).
 */
import { describeValue, OmnibusError, requireInt } from "../../core/errors";
import { characteristicBonus } from "./characteristics";

/** Bonus per helper (003:L225). */
export const ASSISTANCE_PER_HELPER = 10;

/** Tests nobody may help with (003:L235). */
export const UNASSISTED_TESTS = ["disease", "poison", "fear", "accident"] as const;
export type UnassistedTest = (typeof UNASSISTED_TESTS)[number];

export interface Helper {
  /** Advances the helper has in the tested skill; a characteristic test counts the characteristic's. */
  advances: number;
  /** The helper is near the tester (003:L233); default true (the GM's call). */
  near?: boolean;
  /** The helper's own value in the tested skill or characteristic, to tell whether it should roll instead (003:L223). */
  value?: number;
}

export interface AssistanceResult {
  /** The modifier to add to the tester's target. */
  bonus: number;
  /** Helpers that count, after eligibility and the cap. */
  counted: number;
  /** Helpers with at least one Advance who are near the tester. */
  eligible: number;
  /** The cap: the tester's characteristic Bonus. */
  limit: number;
  /** Why some or all help is refused. */
  refused: "resistanceTest" | null;
  /** Each helper in input order: counted, or why not ("noAdvance", "notNear", "overLimit", "resistanceTest"). */
  helpers: Array<"counted" | "noAdvance" | "notNear" | "overLimit" | "resistanceTest">;
  /** A helper has a better value than the tester: the one with the best chance rolls (003:L223). */
  betterHelper: boolean;
}

/**
 * The assistance bonus for a tester whose tested characteristic is `testedCharacteristic` (its
 * current value), given the helpers (003:L221–237): each helper counts only with at least one
 * Advance in the tested skill (003:L231) and near the tester (003:L233); none on a test to resist
 * disease, poison, fear or accidents (003:L235); at most the tester's Bonus in the characteristic
 * used (003:L237), the first eligible helpers first. `testerValue` (the tester's value before
 * modifiers) tells whether a helper should roll instead (003:L223).
 */
export function assistance(
  testedCharacteristic: number,
  helpers: readonly Helper[],
  resisting?: UnassistedTest,
  opts: { testerValue?: number } = {},
): AssistanceResult {
  const limit = characteristicBonus(testedCharacteristic);
  if (!Array.isArray(helpers)) throw new OmnibusError("badArgument", "helpers must be a list", { name: "helpers" });
  const testerValue = opts?.testerValue === undefined ? undefined : requireInt("testerValue", opts.testerValue, 0, 999);
  const checked = helpers.map((h) => {
    const advances = requireInt("helper advances", h?.advances, 0, 999);
    if (h.near !== undefined && typeof h.near !== "boolean")
      throw new OmnibusError("badArgument", "a helper's near must be true or false", { name: "near", value: describeValue(h.near) });
    const value = h.value === undefined ? undefined : requireInt("helper value", h.value, 0, 999);
    return { advances, near: h.near !== false, value };
  });
  const betterHelper = testerValue !== undefined && checked.some((h) => h.value !== undefined && h.value > testerValue);
  const eligible = checked.filter((h) => h.advances >= 1 && h.near).length;
  if (resisting !== undefined) {
    if (!(UNASSISTED_TESTS as readonly string[]).includes(resisting)) {
      throw new OmnibusError("badArgument", `unknown resistance test "${describeValue(resisting)}"`, {
        name: "resisting",
        value: describeValue(resisting),
      });
    }
    return { bonus: 0, counted: 0, eligible, limit, refused: "resistanceTest", helpers: checked.map(() => "resistanceTest"), betterHelper };
  }
  let counted = 0;
  const status = checked.map((h) => {
    if (h.advances < 1) return "noAdvance" as const;
    if (!h.near) return "notNear" as const;
    if (counted >= limit) return "overLimit" as const;
    counted++;
    return "counted" as const;
  });
  return { bonus: ASSISTANCE_PER_HELPER * counted, counted, eligible, limit, refused: null, helpers: status, betterHelper };
}
