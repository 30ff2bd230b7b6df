/** The difficulty table (Сложность, 003:L167-183, digest §2.11). */
import { describeValue, OmnibusError } from "../../core/errors";

/** The seven difficulties, easiest first; the spellings are the CLI's and the i18n key suffixes'. */
export const DIFFICULTIES = ["very_easy", "easy", "average", "challenging", "difficult", "hard", "very_hard"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Test modifier per difficulty (003:L176-183): Very Easy +60 … Challenging +0 … Very Hard −30. */
export const DIFFICULTY_MODIFIERS: Readonly<Record<Difficulty, number>> = {
  very_easy: 60,
  easy: 40,
  average: 20,
  challenging: 0,
  difficult: -10,
  hard: -20,
  very_hard: -30,
};

/** The default difficulty when none is given, e.g. for opposed tests (003:L197): Challenging (+0). */
export const DEFAULT_DIFFICULTY: Difficulty = "challenging";

export function isDifficulty(value: unknown): value is Difficulty {
  return typeof value === "string" && (DIFFICULTIES as readonly string[]).includes(value);
}

/** The modifier of a difficulty; throws badArgument for an unknown name. */
export function difficultyModifier(difficulty: Difficulty): number {
  if (!isDifficulty(difficulty)) {
    throw new OmnibusError("badArgument", `unknown difficulty "${describeValue(difficulty)}" (one of ${DIFFICULTIES.join(", ")})`, {
      name: "difficulty",
      value: describeValue(difficulty),
    });
  }
  return DIFFICULTY_MODIFIERS[difficulty];
}
