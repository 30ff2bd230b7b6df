/**
 * Range bands for ranged attacks (published 4e; the seed stops before attacks — digest §7 item 21):
 * Point Blank up to Range/10 is Easy (+40), Short up to Range/2 Average (+20), Normal up to Range
 * Challenging (+0), Long up to 2×Range Difficult (−10), Extreme up to 3×Range Very Hard (−30);
 * beyond that the target is out of range. Distances are in yards.
 */
import { requireInt } from "../../../core/errors";
import type { Difficulty } from "../difficulty";

export const RANGE_BANDS = ["point_blank", "short", "normal", "long", "extreme"] as const;
export type RangeBand = (typeof RANGE_BANDS)[number];

export const RANGE_BAND_DIFFICULTY: Readonly<Record<RangeBand, Difficulty>> = {
  point_blank: "easy",
  short: "average",
  normal: "challenging",
  long: "difficult",
  extreme: "very_hard",
};

/** The upper bound (yards, inclusive) of each band for a weapon of `range` yards, rounding up. */
export function rangeBandLimits(range: number): Record<RangeBand, number> {
  const r = requireInt("range", range, 1, 99999);
  return {
    point_blank: Math.ceil(r / 10),
    short: Math.ceil(r / 2),
    normal: r,
    long: r * 2,
    extreme: r * 3,
  };
}

/** The band a distance falls in, or null beyond Extreme range. `distance` may be fractional (measured). */
export function rangeBand(range: number, distance: number): RangeBand | null {
  if (typeof distance !== "number" || !Number.isFinite(distance) || distance < 0) {
    requireInt("distance", distance, 0); // throws with the standard message
  }
  const limits = rangeBandLimits(range);
  for (const band of RANGE_BANDS) if (distance <= limits[band]) return band;
  return null;
}
