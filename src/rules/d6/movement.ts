/**
 * Movement (digest §30–31): character and vehicle speeds, the terrain roll each speed needs,
 * partial moves, speed changes, movement failures, collisions and falls, long-distance stamina.
 */
import { OmnibusError, requireInt, describeValue } from "../../core/errors";
import { subtractCodes, addCodes, normalizeCode, codeToPips, requireCode, type DieCode } from "./dice-code";
import { requireObject } from "../../core/guards";
import { requireLevel, shiftLevel, type DifficultyLevel, type ShiftedDifficulty } from "./difficulty";

export type Speed = "cautious" | "cruising" | "high" | "all_out";
export const SPEEDS: readonly Speed[] = ["cautious", "cruising", "high", "all_out"];
/** The speed ladder used for acceleration (§30.4): stopped < cautious < cruising < high < all-out. */
export type SpeedStep = "stopped" | Speed;
export const SPEED_LADDER: readonly SpeedStep[] = ["stopped", "cautious", "cruising", "high", "all_out"];

export type Mover = "character" | "vehicle";

function requireSpeed(s: unknown): Speed {
  if (typeof s !== "string" || !(SPEEDS as readonly string[]).includes(s)) {
    throw new OmnibusError("badArgument", `speed must be one of ${SPEEDS.join(", ")}, got "${describeValue(s)}"`, {
      name: "speed",
      value: describeValue(s),
    });
  }
  return s as Speed;
}

/** Distance multiple of Move per speed (000:L101, L113, L121, L131; L179, L185, L231, L241). */
export const SPEED_MULTIPLIER: Readonly<Record<Speed, number>> = Object.freeze({ cautious: 0.5, cruising: 1, high: 2, all_out: 4 });

/**
 * Metres moved in a round at a speed (rounded down for odd Moves, A-2).
 * T-3: Move 200 cautious → 100. T-16: Move 10 cruising → 10. T-22: high → 20. D-7: 150 → 75/150/300/600.
 */
export function speedDistance(move: number, speed: Speed): number {
  requireInt("move", move, 0, 1_000_000);
  return Math.floor(move * SPEED_MULTIPLIER[requireSpeed(speed)]);
}

/** A partial move: anywhere from half to the full distance of the chosen speed (000:L193–197). T-19: Move 10 all-out → 20–40 m. */
export function partialMoveRange(move: number, speed: Speed): { min: number; max: number } {
  const max = speedDistance(move, speed);
  return { min: Math.floor(max / 2), max };
}

/** Swimming, climbing and other unusual movement: usually a third of Move (000:L157). */
export function unusualMove(move: number): number {
  requireInt("move", move, 0, 1_000_000);
  return Math.floor(move / 3);
}

const EASY_TERRAIN: readonly DifficultyLevel[] = ["very_easy", "easy", "moderate"];

export interface MovementCheck {
  /** Whether a roll is needed at all. */
  roll: boolean;
  /** The difficulty after the speed's shift (the terrain's own level when no roll is needed; a maneuver then still rolls against it). */
  difficulty: ShiftedDifficulty;
  /** Levels the terrain's difficulty was shifted by. */
  shift: number;
  /** Whether moving counts as an action (free only when cautious on VE/E/M, 000:L179, L103, A-28). */
  isAction: boolean;
  /** All-out: the only thing this round — no dodge, parry or firing (000:L133, L233). */
  soleAction: boolean;
}

/**
 * What moving at a speed over terrain of a level needs (§30.2, §31.2): cautious — no roll on
 * VE/E/M, −1 level above; cruising — automatic on VE/E/M, normal level above; high — always roll,
 * normal on VE/E/M, +1 level above (Heroic → Heroic+10); all-out — +1 level on VE/E/M, +2 above.
 * The same for characters and vehicles (vehicles add maneuverability to the roll, 000:L93).
 * T-5: VD cautious → Difficult. T-9: Difficult high → VD. T-10: Easy all-out → Moderate. T-11/T-26: Difficult all-out → Heroic.
 */
export function movementCheck(speed: Speed, terrain: DifficultyLevel): MovementCheck {
  requireSpeed(speed);
  requireLevel(terrain, "terrain");
  const easy = EASY_TERRAIN.includes(terrain);
  const out = (roll: boolean, shift: number, isAction: boolean, soleAction = false): MovementCheck => ({
    roll,
    difficulty: shiftLevel(terrain, shift),
    shift,
    isAction,
    soleAction,
  });
  switch (speed) {
    case "cautious":
      return easy ? out(false, 0, false) : out(true, -1, true);
    case "cruising":
      return easy ? out(false, 0, true) : out(true, 0, true);
    case "high":
      return out(true, easy ? 0 : 1, true);
    case "all_out":
      return out(true, easy ? 1 : 2, true, true);
  }
}

/**
 * The difficulty number of a movement roll: the GM's number for the (shifted) level, Heroic+10
 * steps, plus any maneuver modifier (000:L287, A-26). `null` when no roll is needed: a move that
 * needs none, without a maneuver, or a shift below Very Easy. A maneuver always needs a roll
 * (000:L263; T-27: cruising on Moderate 12 + 8 = 20).
 */
export function movementDifficultyNumber(check: MovementCheck, gmNumber: number, maneuverModifier = 0): number | null {
  requireObject("movement check", check);
  requireObject("movement check difficulty", check.difficulty);
  requireInt("gmNumber", gmNumber, 1);
  requireInt("maneuverModifier", maneuverModifier, 0, 100);
  if ((!check.roll && maneuverModifier === 0) || check.difficulty.automatic) return null;
  return gmNumber + check.difficulty.plus + maneuverModifier;
}

/**
 * Speeds allowed next round (§30.4, §31.4): characters change by up to two steps, vehicles by one.
 * T-12: vehicle cruising → cautious, cruising, high. T-13: vehicle all-out → high at least.
 * T-20: character cautious → stopped, cautious, cruising, high. T-21: all-out → cruising, high, all-out.
 */
export function allowedNextSpeeds(current: SpeedStep, mover: Mover): SpeedStep[] {
  const i = SPEED_LADDER.indexOf(current);
  if (i < 0)
    throw new OmnibusError("badArgument", `speed must be one of ${SPEED_LADDER.join(", ")}, got "${describeValue(current)}"`, {
      name: "speed",
      value: describeValue(current),
    });
  if (mover !== "character" && mover !== "vehicle")
    throw new OmnibusError("badArgument", `mover must be character or vehicle`, { name: "mover", value: describeValue(mover) });
  const step = mover === "character" ? 2 : 1;
  return SPEED_LADDER.filter((_, j) => Math.abs(j - i) <= step);
}

// ---------------------------------------------------------------------------------------------
// Movement failures (§30.8)

export type MovementFailure = "slight_slip" | "slip" | "fall" | "minor_fall" | "tumbling_fall" | "serious_fall";

export interface MovementFailureRow {
  minMiss: number;
  failure: MovementFailure;
  /** Fraction of the move completed; `null` = the seed does not say (the GM places the fall). */
  moveFraction: number | null;
  /** Penalty dice for the rest of this round (on top of multiple actions); `null` = no more actions this round. */
  penaltyThisRound: number | null;
  /** Penalty dice next round; `null` = no actions next round. */
  penaltyNextRound: number | null;
  /** Collision damage: dice added to the speed's collision damage (−3D, 0, +2D); `null` = none. */
  collisionDice: number | null;
}

/**
 * Character movement failures as the seed gives them (000:L269–273, L55–73). D-9. The tumbling
 * (16–20) and serious (21+) falls name only their collision damage (000:L67–73): no distance and
 * no lost actions.
 */
export const MOVEMENT_FAILURES: readonly MovementFailureRow[] = Object.freeze([
  { minMiss: 21, failure: "serious_fall", moveFraction: null, penaltyThisRound: 0, penaltyNextRound: 0, collisionDice: 2 },
  { minMiss: 16, failure: "tumbling_fall", moveFraction: null, penaltyThisRound: 0, penaltyNextRound: 0, collisionDice: 0 },
  { minMiss: 11, failure: "minor_fall", moveFraction: 0.25, penaltyThisRound: null, penaltyNextRound: null, collisionDice: -3 },
  { minMiss: 7, failure: "fall", moveFraction: 0.5, penaltyThisRound: null, penaltyNextRound: 2, collisionDice: null },
  { minMiss: 4, failure: "slip", moveFraction: 0.5, penaltyThisRound: 3, penaltyNextRound: 1, collisionDice: null },
  { minMiss: 1, failure: "slight_slip", moveFraction: 1, penaltyThisRound: 1, penaltyNextRound: 0, collisionDice: null },
]);

/**
 * The variant (a world setting, off): the tumbling and serious falls also stop after a quarter of
 * the move and cost the rest of this round and the next, like the minor fall (not in the seed).
 */
export const MOVEMENT_FAILURES_TUMBLE: readonly MovementFailureRow[] = Object.freeze(
  MOVEMENT_FAILURES.map((r) =>
    r.minMiss >= 16 ? Object.freeze({ ...r, moveFraction: 0.25, penaltyThisRound: null, penaltyNextRound: null }) : r,
  ),
);

/** The failure for a movement roll that missed by `missedBy` (≥ 1). T-2: 18 → tumbling fall. T-24: 12 → minor fall. */
export function movementFailure(missedBy: number, opts: { tumble?: boolean } = {}): MovementFailureRow {
  requireInt("missedBy", missedBy, 1);
  const table = opts?.tumble === true ? MOVEMENT_FAILURES_TUMBLE : MOVEMENT_FAILURES;
  return table.find((r) => missedBy >= r.minMiss) as MovementFailureRow;
}

/**
 * Character collision damage by speed (A-27 default, from memory, unverified; GM-editable):
 * cautious 1D, cruising 2D, high 3D (the seed's one data point, 000:L81), all-out 4D.
 */
export const CHARACTER_COLLISION_DAMAGE: Readonly<Record<Speed, DieCode>> = Object.freeze({
  cautious: { dice: 1, pips: 0 },
  cruising: { dice: 2, pips: 0 },
  high: { dice: 3, pips: 0 },
  all_out: { dice: 4, pips: 0 },
});

/**
 * Damage a movement failure does at a speed (§30.8–30.9, A-25): the speed's collision damage plus
 * the row's dice, floored at none. T-2: tumbling at high → 3D. T-24: minor fall at high → none.
 */
export function failureDamage(
  row: MovementFailureRow,
  speed: Speed,
  table: Readonly<Record<Speed, DieCode>> = CHARACTER_COLLISION_DAMAGE,
): DieCode | null {
  requireObject("failure", row);
  if (row.collisionDice === null) return null;
  requireInt("collisionDice", row.collisionDice, -100, 100);
  const base = requireCode(requireObject<Record<Speed, DieCode>>("collision table", table)[requireSpeed(speed)], "collision damage");
  const code = normalizeCode(
    row.collisionDice >= 0
      ? addCodes(base, { dice: row.collisionDice, pips: 0 })
      : subtractCodes(base, { dice: -row.collisionDice, pips: 0 }),
  );
  return codeToPips(code) > 0 ? code : null;
}

/** Falling damage by height (published, verified, GM screen): 3–6 m 2D; 7–12 3D; 13–18 4D; 19–30 5D; 31–50 7D; 51+ 9D; under 3 m none. */
export function fallingDamage(metres: number): DieCode | null {
  if (typeof metres !== "number" || !Number.isFinite(metres) || metres < 0) {
    throw new OmnibusError("badArgument", `height must be a non-negative number of metres, got ${describeValue(metres)}`, {
      name: "metres",
      value: describeValue(metres),
    });
  }
  const rows: [number, number][] = [
    [51, 9],
    [31, 7],
    [19, 5],
    [13, 4],
    [7, 3],
    [3, 2],
  ];
  for (const [min, dice] of rows) if (metres >= min) return { dice, pips: 0 };
  return null;
}

/**
 * Long-distance movement (000:L223–227): a stamina roll every minute at all-out, every 10 minutes
 * at high speed; the first Very Easy, each further one a level higher. Failing means resting twice
 * the time spent. `rollNumber` counts from 1.
 */
export function staminaCheck(speed: "high" | "all_out", rollNumber: number): { everyMinutes: number; difficulty: ShiftedDifficulty } {
  if (speed !== "high" && speed !== "all_out")
    throw new OmnibusError("badArgument", `only high speed and all-out need stamina rolls`, { name: "speed", value: describeValue(speed) });
  requireInt("rollNumber", rollNumber, 1, 100);
  return { everyMinutes: speed === "all_out" ? 1 : 10, difficulty: shiftLevel("very_easy", rollNumber - 1) };
}

/**
 * Vehicle movement failures (A-29, §31.6): NOT in the seeds; from memory, unverified — a
 * GM-editable default only. Same shape as the character table.
 */
export const VEHICLE_MOVEMENT_FAILURES_UNVERIFIED: readonly { minMiss: number; failure: string }[] = Object.freeze([
  { minMiss: 21, failure: "out_of_control" },
  { minMiss: 16, failure: "major_collision" },
  { minMiss: 13, failure: "minor_collision" },
  { minMiss: 9, failure: "spin" },
  { minMiss: 4, failure: "slip" },
  { minMiss: 1, failure: "slight_slip" },
]);

/** Vehicle collision damage by speed (A-29, from memory, unverified; GM-editable), at the vehicle's scale. */
export const VEHICLE_COLLISION_DAMAGE_UNVERIFIED: Readonly<Record<Speed, DieCode>> = Object.freeze({
  cautious: { dice: 2, pips: 0 },
  cruising: { dice: 4, pips: 0 },
  high: { dice: 6, pips: 0 },
  all_out: { dice: 10, pips: 0 },
});
