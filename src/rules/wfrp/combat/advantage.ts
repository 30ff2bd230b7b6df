/**
 * Advantage (Преимущество). The seed gives only the charge: +1 Advantage (003:L341). The rest is the
 * published core 4e rule (digest §7 item 18): +10 per point to combat tests; +1 for winning an
 * opposed test in combat or charging; all lost on losing an opposed test, suffering a Wound or
 * gaining a Condition; cleared when combat ends. The option "cap at Initiative Bonus" is a parameter.
 */
import { requireObject } from "../../../core/guards";
import { describeValue, OmnibusError, requireInt } from "../../../core/errors";
import type { OpposedWinner } from "../opposed";

/** Test modifier per point of Advantage. */
export const ADVANTAGE_STEP = 10;

/** The combat-test modifier for an Advantage total. */
export function advantageModifier(advantage: number): number {
  return ADVANTAGE_STEP * requireInt("advantage", advantage, 0, 999);
}

export const ADVANTAGE_EVENTS = [
  "charge",
  "wonOpposed",
  "surpriseAttack",
  "lostOpposed",
  "sufferedWound",
  "gainedCondition",
  "combatEnded",
] as const;
export type AdvantageEvent = (typeof ADVANTAGE_EVENTS)[number];

/**
 * The new Advantage after an event. `cap` (e.g. the Initiative Bonus, a common option) limits gains;
 * omitted = no cap.
 */
export function advantageAfter(advantage: number, event: AdvantageEvent, cap?: number): number {
  const current = requireInt("advantage", advantage, 0, 999);
  const limit = cap === undefined ? Infinity : requireInt("cap", cap, 0, 999);
  switch (event) {
    case "charge": // 003:L341
    case "wonOpposed":
    case "surpriseAttack":
      return Math.min(current + 1, Math.max(limit, 0));
    case "lostOpposed":
    case "sufferedWound":
    case "gainedCondition":
    case "combatEnded":
      return 0;
    default:
      throw new OmnibusError("badArgument", `unknown Advantage event "${describeValue(event)}" (one of ${ADVANTAGE_EVENTS.join(", ")})`, {
        name: "event",
        value: describeValue(event),
      });
  }
}

/** Both sides' Advantage after an opposed combat test: the winner gains 1, the loser loses all. */
export function advantageAfterOpposed(
  attacker: number,
  defender: number,
  winner: "attacker" | "defender" | null,
  caps: { attacker?: number; defender?: number } = {},
): { attacker: number; defender: number } {
  requireObject("caps", caps);
  if (winner !== null && winner !== "attacker" && winner !== "defender")
    throw new OmnibusError("badArgument", "winner must be attacker, defender or null", { name: "winner" });
  if (winner === null) return { attacker: requireInt("advantage", attacker, 0, 999), defender: requireInt("advantage", defender, 0, 999) };
  return {
    attacker: advantageAfter(attacker, winner === "attacker" ? "wonOpposed" : "lostOpposed", caps.attacker),
    defender: advantageAfter(defender, winner === "defender" ? "wonOpposed" : "lostOpposed", caps.defender),
  };
}

/**
 * Both sides' Advantage when a re-roll (a Fortune point, 003:L72) changes who won an opposed combat
 * test already decided: the old result's gain and loss are taken back and the new one's given, from
 * the Advantage each side had before the test (`before`). Whatever either side's Advantage did since
 * (`current`) is kept: the difference between the two results is added to it, within 0 and the cap.
 * Null when the winner is the same (nothing changes).
 */
export function advantageAfterRedecided(
  before: { attacker: number; defender: number },
  was: OpposedWinner,
  now: OpposedWinner,
  current: { attacker: number; defender: number },
  caps: { attacker?: number; defender?: number } = {},
): { attacker: number; defender: number } | null {
  requireObject("before", before);
  requireObject("current", current);
  if (was === now) return null;
  const old = advantageAfterOpposed(before.attacker, before.defender, was, caps);
  const next = advantageAfterOpposed(before.attacker, before.defender, now, caps);
  const side = (key: "attacker" | "defender") => {
    const value = requireInt("advantage", current[key], 0, 999) + next[key] - old[key];
    const cap = caps[key];
    return Math.max(0, cap === undefined ? value : Math.min(value, cap));
  };
  return { attacker: side("attacker"), defender: side("defender") };
}
