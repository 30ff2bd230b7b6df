/**
 * Force Points and Dark Side Points (digest §9, 000:L825–965).
 */
import type { DiceSource } from "../../core/dice";
import { OmnibusError, requireInt, describeValue } from "../../core/errors";
import { shiftLevel, type ShiftedDifficulty } from "./difficulty";
import { requireBoolean, requireObject } from "../../core/guards";

/** Most Force Points a character may hold: 5 unless Force-sensitive (000:L839–841, A-38). */
export function forcePointCap(forceSensitive: boolean): number {
  return forceSensitive ? Infinity : 5;
}

/**
 * Character Points and a Force Point cannot be used in the same round (000:L1079), nor CP in a round
 * or scene in which the Dark Side was called on (000:L797). Throws `badArgument` when both are asked.
 */
export function checkPointSpend(opts: { characterPoints: number; forcePoint: boolean; calledDarkSide?: boolean }): void {
  requireObject("spend", opts);
  requireInt("characterPoints", opts.characterPoints, 0);
  if (opts.characterPoints > 0 && (opts.forcePoint || opts.calledDarkSide)) {
    throw new OmnibusError(
      "badArgument",
      "Character Points cannot be spent in a round in which a Force Point is used or the Dark Side is called on",
      { name: "characterPoints", value: opts.characterPoints },
    );
  }
}

/**
 * Whether a Force Point spent in round `forcePointRound` is in force in round `round`: a Force
 * Point doubles codes for the rest of the round it is spent in (000:L831), so only that round.
 * `null` = none spent.
 */
export function forcePointInForce(round: number, forcePointRound: number | null): boolean {
  requireInt("round", round, 0);
  if (forcePointRound === null) return false;
  requireInt("forcePointRound", forcePointRound, 0);
  return forcePointRound === round;
}

/**
 * A roll made in a round (000:L831, L835): once a Force Point is in force, codes stay doubled for
 * the rest of the round whatever the roll asks, and no Character Points may be spent; a new Force
 * Point is spent only when none is in force. Throws when CP are asked together with a Force Point
 * (new or in force). Returns whether the code is doubled and whether a Force Point is spent now.
 */
export function forcePointRoundSpend(opts: { forcePointInForce: boolean; forcePoint: boolean; characterPoints: number }): {
  doubled: boolean;
  spendsForcePoint: boolean;
} {
  requireObject("spend", opts);
  requireBoolean("forcePointInForce", opts.forcePointInForce);
  requireBoolean("forcePoint", opts.forcePoint);
  requireInt("characterPoints", opts.characterPoints, 0);
  if (opts.forcePointInForce && opts.characterPoints > 0) {
    throw new OmnibusError("outOfRange", "no Character Points may be spent in a round in which a Force Point is in force", {
      name: "characterPoints",
      value: opts.characterPoints,
      min: 0,
      max: 0,
    });
  }
  checkPointSpend({ characterPoints: opts.characterPoints, forcePoint: opts.forcePoint });
  return { doubled: opts.forcePointInForce || opts.forcePoint, spendsForcePoint: opts.forcePoint && !opts.forcePointInForce };
}

/** How a Force Point was spent decides its fate at the end of the adventure (000:L855–921). */
export type ForcePointUse = "evil" | "unheroic" | "heroic" | "heroic_dramatic";

export function forcePointReturn(use: ForcePointUse): { returned: number; darkSidePoints: number } {
  switch (use) {
    case "evil":
      return { returned: 0, darkSidePoints: 1 };
    case "unheroic":
      return { returned: 0, darkSidePoints: 0 };
    case "heroic":
      return { returned: 1, darkSidePoints: 0 };
    case "heroic_dramatic":
      return { returned: 2, darkSidePoints: 0 };
    default:
      throw new OmnibusError("badArgument", `unknown Force Point use "${describeValue(use)}"`, { name: "use", value: describeValue(use) });
  }
}

/**
 * Each time a Dark Side Point is gained, roll 1D: below the new DSP total, the character turns to
 * the Dark Side (000:L927). D-11: total 3, roll 2 → turns; roll 3 → does not.
 */
export function darkSideRoll(darkSidePoints: number, dice: DiceSource): { face: number; turns: boolean } {
  requireInt("darkSidePoints", darkSidePoints, 1);
  const face = dice.roll(6);
  return { face, turns: face < darkSidePoints };
}

/**
 * Calling on the Dark Side (000:L949–951): Easy if Force-sensitive, Moderate if not; +2 levels if
 * the purpose is not to harm; +3 to the number for each earlier attempt this adventure.
 * The DSP is gained whatever the outcome (000:L947).
 */
export function callDarkSideDifficulty(opts: { forceSensitive: boolean; toHarm: boolean; earlierAttempts?: number }): {
  difficulty: ShiftedDifficulty;
  plusNumber: number;
} {
  requireObject("options", opts);
  requireBoolean("forceSensitive", opts.forceSensitive);
  requireBoolean("toHarm", opts.toHarm);
  const earlier = requireInt("earlierAttempts", opts.earlierAttempts ?? 0, 0, 100);
  const base = opts.forceSensitive ? "easy" : "moderate";
  return { difficulty: shiftLevel(base, opts.toHarm ? 0 : 2), plusNumber: 3 * earlier };
}
