/**
 * Ranged-weapon range bands (digest §14.2, 000:L689–713, A-11) and three-dimensional range
 * (000:L45–53).
 */
import { OmnibusError, describeValue } from "../../core/errors";
import { readLengthList } from "../../core/units";
import type { DifficultyLevel } from "./difficulty";

/** A weapon's ranges, written `S-M/L/X` in the books: short from `shortMin` to `shortMax`, medium to `medium`, long to `long` (metres). */
export interface WeaponRanges {
  shortMin: number;
  shortMax: number;
  medium: number;
  long: number;
}

export type RangeBand = "point_blank" | "short" | "medium" | "long" | "out_of_range";
export const RANGE_BANDS: readonly RangeBand[] = ["point_blank", "short", "medium", "long", "out_of_range"];

/** Difficulty of each band (000:L697–699, L707–713; R&E GM screen): PB Very Easy, short Easy, medium Moderate, long Difficult. */
export const RANGE_BAND_DIFFICULTY: Readonly<Record<RangeBand, DifficultyLevel | null>> = Object.freeze({
  point_blank: "very_easy",
  short: "easy",
  medium: "moderate",
  long: "difficult",
  out_of_range: null,
});

function badRanges(text: string, why: string): OmnibusError {
  return new OmnibusError("badArgument", `ranges "${text}" ${why} (write them like 3-10/30/120)`, { name: "ranges", value: text });
}

/** Checks plain range data (e.g. from an item): 0 ≤ shortMin ≤ shortMax ≤ medium ≤ long, all finite. */
export function checkRanges(r: WeaponRanges): WeaponRanges {
  const vals = [r?.shortMin, r?.shortMax, r?.medium, r?.long];
  const text = vals.join("/");
  if (vals.some((v) => typeof v !== "number" || !Number.isFinite(v) || v < 0)) throw badRanges(text, "must be four non-negative numbers");
  if (!(r.shortMin <= r.shortMax && r.shortMax <= r.medium && r.medium <= r.long)) throw badRanges(text, "must not decrease");
  return { shortMin: r.shortMin, shortMax: r.shortMax, medium: r.medium, long: r.long };
}

/**
 * Parses `3-10/30/120` (000:L691) as users type it (the shared reader, core/units.ts): any dash,
 * spaces, decimal commas, and a unit (`3–10/30/120 m`; yards, feet or km are converted to metres).
 */
export function parseRanges(text: string): WeaponRanges {
  if (typeof text !== "string") throw badRanges(describeValue(text), "are not text");
  const m = readLengthList(text, "-//", "m");
  if (!m) throw badRanges(text, "are malformed");
  try {
    return checkRanges({ shortMin: m[0], shortMax: m[1], medium: m[2], long: m[3] });
  } catch {
    throw badRanges(text, "must not decrease");
  }
}

export function formatRanges(r: WeaponRanges): string {
  checkRanges(r);
  return `${r.shortMin}-${r.shortMax}/${r.medium}/${r.long}`;
}

/**
 * The band a distance falls in: d < shortMin point-blank; shortMin ≤ d ≤ shortMax short;
 * ≤ medium medium; ≤ long long; beyond long out of range (cannot hit).
 * T-55: 3-10/30/120 at 2, 3, 10, 11, 30, 31, 120, 121 m → PB, short, short, medium, medium, long, long, out.
 */
export function rangeBand(distance: number, ranges: WeaponRanges): RangeBand {
  if (typeof distance !== "number" || !Number.isFinite(distance) || distance < 0) {
    throw new OmnibusError("badArgument", `distance must be a non-negative number of metres, got ${describeValue(distance)}`, {
      name: "distance",
      value: describeValue(distance),
    });
  }
  const r = checkRanges(ranges);
  if (distance < r.shortMin) return "point_blank";
  if (distance <= r.shortMax) return "short";
  if (distance <= r.medium) return "medium";
  if (distance <= r.long) return "long";
  return "out_of_range";
}

/** Band and difficulty level together; `difficulty` is null out of range. */
export function rangeDifficulty(distance: number, ranges: WeaponRanges): { band: RangeBand; difficulty: DifficultyLevel | null } {
  const band = rangeBand(distance, ranges);
  return { band, difficulty: RANGE_BAND_DIFFICULTY[band] };
}

/**
 * Three-dimensional range (000:L45–53): the longer of horizontal and vertical distance plus half
 * the shorter. T-1: 150 m across, 30 m up → 165 m.
 */
export function range3d(horizontal: number, vertical: number): number {
  for (const [name, v] of [
    ["horizontal", horizontal],
    ["vertical", vertical],
  ] as const) {
    if (typeof v !== "number" || !Number.isFinite(v)) {
      throw new OmnibusError("badArgument", `${name} distance must be a number, got ${describeValue(v)}`, {
        name,
        value: describeValue(v),
      });
    }
  }
  const h = Math.abs(horizontal);
  const v = Math.abs(vertical);
  return Math.max(h, v) + Math.min(h, v) / 2;
}

/** Miniatures: 1 inch = 2 metres (000:L43). */
export const METRES_PER_INCH = 2;

/**
 * Default grenade ranges 3-10/20/40 (editable per weapon): the seed gives medium range for a grenade
 * as 11–20 m (000:L599; 16 m and 20 m are medium, 000:L581, L589), so short ends at 10 m. The
 * point-blank edge (3) and long (40) are not in the seed (A-23, the published figures).
 */
export const DEFAULT_GRENADE_RANGES: WeaponRanges = Object.freeze({ shortMin: 3, shortMax: 10, medium: 20, long: 40 });

/** Blaster pistol ranges (000:L691). */
export const BLASTER_PISTOL_RANGES: WeaponRanges = Object.freeze({ shortMin: 3, shortMax: 10, medium: 30, long: 120 });
