/**
 * Difficulty levels and numbers (digest §2, 000:L91, L159–171), shifting levels, rolled
 * difficulties (published option), guideline modifiers (000:L975–981) and how to read a margin
 * (§12, 000:L1205–1215).
 */
import type { DiceSource } from "../../core/dice";
import { OmnibusError, requireInt, describeValue } from "../../core/errors";
import { rollD6 } from "./roll";

export type DifficultyLevel = "very_easy" | "easy" | "moderate" | "difficult" | "very_difficult" | "heroic";
export const DIFFICULTY_LEVELS: readonly DifficultyLevel[] = ["very_easy", "easy", "moderate", "difficult", "very_difficult", "heroic"];

export interface DifficultyBand {
  level: DifficultyLevel;
  /** Lowest number of the level. */
  min: number;
  /** Highest number of the level; `null` for Heroic (31+). */
  max: number | null;
  /** A number to use when the GM picks none: the middle of the band (seed picks: Easy 8, Moderate 13, 000:L759, L769). */
  typical: number;
}

/** The standard difficulty table (000:L91, L161–171). */
export const DIFFICULTY_TABLE: readonly DifficultyBand[] = Object.freeze([
  { level: "very_easy", min: 1, max: 5, typical: 3 },
  { level: "easy", min: 6, max: 10, typical: 8 },
  { level: "moderate", min: 11, max: 15, typical: 13 },
  { level: "difficult", min: 16, max: 20, typical: 18 },
  { level: "very_difficult", min: 21, max: 30, typical: 25 },
  { level: "heroic", min: 31, max: null, typical: 35 },
]);

export function isDifficultyLevel(value: unknown): value is DifficultyLevel {
  return typeof value === "string" && (DIFFICULTY_LEVELS as readonly string[]).includes(value);
}

export function requireLevel(value: unknown, name = "level"): DifficultyLevel {
  if (!isDifficultyLevel(value)) {
    throw new OmnibusError("badArgument", `${name} must be one of ${DIFFICULTY_LEVELS.join(", ")}, got "${describeValue(value)}"`, {
      name,
      value: describeValue(value),
    });
  }
  return value;
}

export function difficultyBand(level: DifficultyLevel): DifficultyBand {
  return DIFFICULTY_TABLE[DIFFICULTY_LEVELS.indexOf(requireLevel(level))];
}

/** The level a difficulty number belongs to (1–5 Very Easy … 31+ Heroic). Numbers below 1 count as Very Easy. */
export function levelOfNumber(difficulty: number): DifficultyLevel {
  requireInt("difficulty", difficulty);
  for (const band of DIFFICULTY_TABLE) if (band.max !== null && difficulty <= band.max) return band.level;
  return "heroic";
}

/** Whether a GM-picked number lies inside its level's range (000:L91, L159). */
export function numberFitsLevel(difficulty: number, level: DifficultyLevel): boolean {
  const band = difficultyBand(level);
  requireInt("difficulty", difficulty);
  return difficulty >= band.min && (band.max === null || difficulty <= band.max);
}

/**
 * A level after shifting it by `steps` (movement, medpacs): one step above Heroic is "Heroic+10"
 * (000:L125), each further step another +10; below Very Easy the task succeeds automatically.
 */
export type ShiftedDifficulty =
  | { automatic: false; level: DifficultyLevel; /** Added to the GM's Heroic number (10 per step above Heroic). */ plus: number }
  | { automatic: true; level: null; plus: 0 };

export function shiftLevel(level: DifficultyLevel, steps: number): ShiftedDifficulty {
  requireLevel(level);
  requireInt("steps", steps, -20, 20);
  const index = DIFFICULTY_LEVELS.indexOf(level) + steps;
  if (index < 0) return { automatic: true, level: null, plus: 0 };
  const top = DIFFICULTY_LEVELS.length - 1;
  if (index > top) return { automatic: false, level: "heroic", plus: 10 * (index - top) };
  return { automatic: false, level: DIFFICULTY_LEVELS[index], plus: 0 };
}

/**
 * A shifted difficulty as a number: the GM's pick for the new level (or its typical number) plus
 * any Heroic+10 steps; `null` when the shift makes the task automatic.
 * D-8: Heroic terrain (GM 32) at high speed → 42.
 */
export function shiftedNumber(shifted: ShiftedDifficulty, gmNumber?: number): number | null {
  if (typeof shifted !== "object" || shifted === null)
    throw new OmnibusError("badArgument", `not a shifted difficulty: ${describeValue(shifted)}`, {
      name: "shifted",
      value: describeValue(shifted),
    });
  if (shifted.automatic) return null;
  requireInt("plus", shifted.plus, 0);
  const base = gmNumber ?? difficultyBand(shifted.level).typical;
  requireInt("gmNumber", base, 1);
  return base + shifted.plus;
}

/**
 * Dice for a rolled difficulty (published option, R&E GM screen): Very Easy 1D, Easy 2D,
 * Moderate 3–4D, Difficult 5–6D, Very Difficult 7–8D, Heroic 9D or more.
 */
export const ROLLED_DIFFICULTY_DICE: Readonly<Record<DifficultyLevel, readonly [number, number | null]>> = Object.freeze({
  very_easy: [1, 1],
  easy: [2, 2],
  moderate: [3, 4],
  difficult: [5, 6],
  very_difficult: [7, 8],
  heroic: [9, null],
});

/**
 * Rolls a difficulty for a level. `diceCount` defaults to the level's lowest; the roll uses no Wild
 * Die unless asked. Faces: the dice left to right (then the Wild Die's rolls if `wildDie`).
 */
export function rollDifficulty(
  level: DifficultyLevel,
  dice: DiceSource,
  opts: { diceCount?: number; wildDie?: boolean } = {},
): { level: DifficultyLevel; diceCount: number; faces: number[]; difficulty: number } {
  const [lo, hi] = ROLLED_DIFFICULTY_DICE[requireLevel(level)];
  opts = opts ?? {};
  const n = opts.diceCount ?? lo;
  requireInt("diceCount", n, lo, hi ?? 60);
  const r = rollD6({ dice: n, pips: 0 }, dice, { wildDie: opts.wildDie ?? false, wildOne: "normal" });
  return { level, diceCount: n, faces: [...r.dice, ...r.wild], difficulty: r.total };
}

/** Guideline size of a bonus modifier (000:L975–981). */
export type ModifierGuideline = "none" | "slight" | "good" | "decisive" | "overwhelming";

export function modifierGuideline(modifier: number): ModifierGuideline {
  requireInt("modifier", modifier);
  const m = Math.abs(modifier);
  if (m === 0) return "none";
  if (m <= 5) return "slight";
  if (m <= 10) return "good";
  if (m <= 15) return "decisive";
  return "overwhelming";
}

/** How well a roll went (§12, 000:L1205–1215): the chat card's optional label for a margin. */
export type RollQuality = "spectacular_success" | "success" | "barely_succeeded" | "nearly_succeeded" | "failure" | "spectacular_failure";

export function interpretMargin(margin: number): RollQuality {
  requireInt("margin", margin);
  if (margin >= 15) return "spectacular_success";
  if (margin >= 5) return "success";
  if (margin >= 0) return "barely_succeeded";
  if (margin >= -5) return "nearly_succeeded";
  if (margin > -15) return "failure";
  return "spectacular_failure";
}
