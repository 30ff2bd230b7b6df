/**
 * Exact odds of a D6 roll, through the dice-and-odds core (`src/core/odds`): the same code,
 * Wild Die rule and Character Point dice that `rollD6` resolves, so the roll dialog's odds and
 * the roll itself agree (a test enumerates faces through `rollD6` and compares).
 */
import { d6Odds, type D6Odds } from "../../core/odds";
import { OmnibusError, requireInt, describeValue } from "../../core/errors";
import { formatDieCode, normalizeCode, type DieCode } from "./dice-code";
import { canRollCode, checkCharacterPoints, WILD_ONE_RULES, type D6RollOptions } from "./roll";

export type { D6Odds };

/** Odds of `rollD6(code, …, opts)` against an optional difficulty: P(success), complication, expectations. */
export function rollOdds(code: DieCode, options: D6RollOptions & { difficulty?: number | null } = {}): D6Odds {
  const opts = options ?? {};
  const wildOne = opts.wildOne ?? "removeHighest";
  if (!WILD_ONE_RULES.includes(wildOne)) {
    throw new OmnibusError("badArgument", `wildOne must be one of ${WILD_ONE_RULES.join(", ")}, got "${describeValue(wildOne)}"`, {
      name: "wildOne",
      value: describeValue(wildOne),
    });
  }
  const cp = checkCharacterPoints(opts.characterPoints ?? 0, opts.kind ?? "skill");
  const n = normalizeCode(code);
  if (!canRollCode(n, opts)) {
    throw new OmnibusError("rollImpossible", `the code ${formatDieCode(n)} cannot be rolled: penalties leave no dice`, {
      code: formatDieCode(n),
    });
  }
  const difficulty = opts.difficulty ?? undefined;
  if (difficulty !== undefined) requireInt("difficulty", difficulty, 0);
  return d6Odds({ dice: n.dice, pips: n.pips, wildDie: opts.wildDie ?? true, wildOne, characterPointDice: cp, difficulty });
}
