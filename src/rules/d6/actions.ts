/**
 * The action economy and the code a roll is made with: multiple actions (§6), preparation and
 * hurry (§7.4–7.5), Force Point doubling (§9.1), combined actions (§10), and the roll pipeline of
 * digest §33 that turns a base code plus modifiers into the code to roll.
 */
import { OmnibusError, requireInt, describeValue } from "../../core/errors";
import { addCodes, codeToPips, doubleCode, halveCode, normalizeCode, pipsToCode, subtractCodes, type DieCode } from "./dice-code";
import { requireArray } from "../../core/guards";

/** −(N−1)D for N actions in a round (000:L1087–1091): 1 → 0D, 2 → 1D, 3 → 2D … (penalty dice, positive). */
export function multipleActionPenalty(actions: number): number {
  requireInt("actions", actions, 1, 100);
  return actions - 1;
}

/**
 * Whether a reaction added as an extra action (000:L1143, L1151) changes the count: the declared
 * actions plus any extra reactions give the penalty for the rest of the round.
 */
export function actionsThisRound(declared: number, extraReactions = 0): number {
  requireInt("declared", declared, 1, 100);
  requireInt("extraReactions", extraReactions, 0, 100);
  return declared + extraReactions;
}

/** When the Force Point doubles the code relative to penalties (digest §33 step 3; a design choice). */
export type ForcePointTiming = "afterPenalties" | "beforePenalties";

export interface CodeModifiers {
  /** Actions declared this round (plus extra reactions); −(N−1)D. Default 1. */
  actions?: number;
  /** Wound/stun penalty in dice (see `woundPenaltyDice`). Default 0. */
  woundPenalty?: number;
  /** Other penalties, each as a positive code to subtract (armor Dexterity penalty, movement-failure −1D, self-treatment −1D). */
  penalties?: readonly DieCode[];
  /** Took double the time: +1D (000:L1301). */
  preparation?: boolean;
  /** Did the task in half the time: half the dice (000:L1323), halved before other modifiers. */
  hurry?: boolean;
  /** A Force Point is active this round: the character's code is doubled (000:L831). */
  forcePoint?: boolean;
  /** Double after penalties (default, digest §33) or before. */
  forcePointTiming?: ForcePointTiming;
  /** Bonuses that are not the character's and so never doubled: fire control, scale, weapon dice, a combined-action bonus (000:L781, L833, L341). */
  bonuses?: readonly DieCode[];
}

/**
 * The code to roll (digest §33 roll pipeline): base → hurry (half) → +1D preparation →
 * − penalties (multiple actions, wounds, others) → Force Point doubling → + bonuses.
 * The result is normalised; it may be 0D or less (then `canRollCode` is false).
 * T-6/T-17: 4D with 2 actions → 3D. T-65: FP on 6D → 12D. T-73: 6D with 3 actions → 4D.
 */
export function effectiveCode(base: DieCode, modifiers: CodeModifiers = {}): DieCode {
  const mods: CodeModifiers = modifiers ?? {};
  const actions = mods.actions ?? 1;
  const wound = mods.woundPenalty ?? 0;
  requireInt("woundPenalty", wound, 0, 100);
  const timing = mods.forcePointTiming ?? "afterPenalties";
  if (timing !== "afterPenalties" && timing !== "beforePenalties") {
    throw new OmnibusError("badArgument", `forcePointTiming must be afterPenalties or beforePenalties, got "${describeValue(timing)}"`, {
      name: "forcePointTiming",
      value: describeValue(timing),
    });
  }
  let code = base;
  if (mods.hurry) code = halveCode(code);
  if (mods.preparation) code = addCodes(code, { dice: 1, pips: 0 });
  if (mods.forcePoint && timing === "beforePenalties") code = doubleCode(code);
  code = subtractCodes(code, { dice: multipleActionPenalty(actions) + wound, pips: 0 });
  for (const p of requireArray<DieCode>("penalties", mods.penalties ?? [])) code = subtractCodes(code, p);
  if (mods.forcePoint && timing === "afterPenalties") {
    // Doubling a penalised code below zero would deepen the penalty; a code at or below 0D stays as it is.
    if (codeToPips(code) > 0) code = doubleCode(code);
  }
  for (const b of requireArray<DieCode>("bonuses", mods.bonuses ?? [])) code = addCodes(code, b);
  return normalizeCode(code);
}

/** Preparation (000:L1301): double the time for +1D. Not allowed for dodge, parry, driving or piloting (000:L1307–1313). */
export const NO_PREPARATION_SKILLS: readonly string[] = [
  "dodge",
  "melee parry",
  "brawling parry",
  "lightsaber parry",
  "vehicle dodge",
  "starship dodge",
  "driving",
  "piloting",
];

export function preparation(normalMinutes: number): { minutes: number; bonus: DieCode } {
  if (typeof normalMinutes !== "number" || !Number.isFinite(normalMinutes) || normalMinutes <= 0) {
    throw new OmnibusError("badArgument", `normal time must be a positive number of minutes, got ${describeValue(normalMinutes)}`, {
      name: "normalMinutes",
      value: describeValue(normalMinutes),
    });
  }
  return { minutes: normalMinutes * 2, bonus: { dice: 1, pips: 0 } };
}

/**
 * Hurry (000:L1321–1323): half the time, half the dice. Only for tasks of two rounds or longer
 * (10 s): a one-round action cannot be hurried → `outOfRange`. T-77: 6D, 1 h → 3D, 30 min.
 */
export function hurry(code: DieCode, normalSeconds: number): { seconds: number; code: DieCode } {
  if (typeof normalSeconds !== "number" || !Number.isFinite(normalSeconds) || normalSeconds <= 0) {
    throw new OmnibusError("badArgument", `normal time must be a positive number of seconds, got ${describeValue(normalSeconds)}`, {
      name: "normalSeconds",
      value: describeValue(normalSeconds),
    });
  }
  if (normalSeconds < 2 * ROUND_SECONDS) {
    throw new OmnibusError("outOfRange", "only a task of two rounds or longer can be hurried (000:L1321)", {
      name: "normalSeconds",
      value: normalSeconds,
    });
  }
  return { seconds: normalSeconds / 2, code: halveCode(code) };
}

/** A round is 5 seconds (000:L1021). */
export const ROUND_SECONDS = 5;

/** Whole rounds in a span of time (T-78: 10 minutes → 120 rounds). */
export function roundsIn(seconds: number): number {
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0) {
    throw new OmnibusError("badArgument", `seconds must be a non-negative number, got ${describeValue(seconds)}`, {
      name: "seconds",
      value: describeValue(seconds),
    });
  }
  return Math.floor(seconds / ROUND_SECONDS);
}

// ---------------------------------------------------------------------------------------------
// Combined actions (§10, 000:L1375–1449)

/** The most characters a leader can coordinate: the dice of the command code (000:L1393: 8D+2 → 8). */
export function maxCoordinated(commandCode: DieCode): number {
  return Math.max(0, normalizeCode(commandCode).dice);
}

/** The leader's command code: −1D when the leader also takes part (two actions, 000:L1395). */
export function commandRollCode(commandCode: DieCode, leaderParticipates: boolean): DieCode {
  return normalizeCode(leaderParticipates ? subtractCodes(commandCode, { dice: 1, pips: 0 }) : commandCode);
}

/**
 * The combined-action bonus (000:L1433–1439): one pip per coordinated character (3 pips = 1D);
 * a failed command roll takes 1D off per point missed, never below 0D.
 * T-81: 8 → +2D+2. T-82: 8 with command 11/10/9 vs 12 → +1D+2 / +2 / 0. D-10.
 */
export function combinedActionBonus(coordinated: number, commandTotal?: number, commandDifficulty?: number): DieCode {
  requireInt("coordinated", coordinated, 0, 1000);
  let pips = coordinated;
  if (commandTotal !== undefined || commandDifficulty !== undefined) {
    requireInt("commandTotal", commandTotal);
    requireInt("commandDifficulty", commandDifficulty);
    const missedBy = Math.max(0, (commandDifficulty as number) - (commandTotal as number));
    pips = Math.max(0, pips - 3 * missedBy);
  }
  return pipsToCode(pips);
}

/**
 * Splits a combined bonus between attack and damage (000:L1445): `toAttack` goes to the attack, the
 * rest to damage. T-84: +2D+2 with +1D to attack → attack +1D, damage +1D+2.
 */
export function splitBonus(bonus: DieCode, toAttack: DieCode): { attack: DieCode; damage: DieCode } {
  const total = codeToPips(bonus);
  const a = codeToPips(toAttack);
  if (a < 0 || a > total) {
    throw new OmnibusError("outOfRange", `the attack share must be between 0 and the whole bonus`, {
      name: "toAttack",
      value: a,
      max: total,
    });
  }
  return { attack: pipsToCode(a), damage: pipsToCode(total - a) };
}
