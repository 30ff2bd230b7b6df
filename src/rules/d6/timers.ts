/**
 * The D6 timers the table keeps as Active Effect durations (src/core/durations.ts decides when a
 * length has run out): a stun's −1D for this round and the next (000:L405), unconsciousness for
 * minutes (000:L409; a stun knock-out 2D minutes, L431), time in a bacta tank (000:L533, published A-31), a Force Point for the
 * rest of its round (000:L831). Rounds are five seconds (000:L660), so minutes become rounds while
 * a combat runs.
 */
import type { TimerLength, TimerStart, TimerNow } from "../../core/durations";
import { timerExpired, requireTimerArgs } from "../../core/durations";
import { OmnibusError, describeValue, requireInt } from "../../core/errors";
import { stunPenaltyInForce } from "./damage";
import { forcePointInForce } from "./force";
import { ROUND_SECONDS } from "./actions";

export type D6TimerKind = "stun" | "unconscious" | "knockout" | "bacta" | "forcePoint";
export const D6_TIMER_KINDS: readonly D6TimerKind[] = ["stun", "unconscious", "knockout", "bacta", "forcePoint"];

/** A stun lasts to the end of this round and through the next: two rounds (000:L405). */
export function stunLength(): TimerLength {
  return { value: 2, units: "rounds" };
}

/** A Force Point doubles codes for the rest of the round it is spent in: one round (000:L831). */
export function forcePointLength(): TimerLength {
  return { value: 1, units: "rounds" };
}

/**
 * Unconscious for `minutes` (1D for the incapacitated, 000:L409; 2D for a stun knock-out, L431):
 * in rounds of five seconds while a combat runs (12 rounds a minute), in world minutes outside it.
 */
export function unconsciousLength(minutes: number, inCombat: boolean): TimerLength {
  requireInt("minutes", minutes, 1);
  return inCombat ? { value: (minutes * 60) / ROUND_SECONDS, units: "rounds" } : { value: minutes, units: "minutes" };
}

/** Time in the tank as `bactaTime` rolled it (hours or days of world time; 000:L533: 1D = 4 → four days). */
export function bactaLength(amount: number, unit: "hours" | "days"): TimerLength {
  requireInt("amount", amount, 1);
  if (unit !== "hours" && unit !== "days")
    throw new OmnibusError("badArgument", `bacta time unit must be hours or days, got ${describeValue(unit)}`, {
      name: "unit",
      value: describeValue(unit),
    });
  return { value: amount, units: unit };
}

/**
 * Has a D6 timer run out? The stun and the Force Point are read through their own rules
 * (`stunPenaltyInForce`, `forcePointInForce`), which agree with the length in rounds; the others
 * through their length.
 */
export function d6TimerExpired(kind: D6TimerKind, length: TimerLength, start: TimerStart, now: TimerNow): boolean {
  requireTimerArgs(length, start, now);
  const sameCombat = start.round !== null && now.round !== null && !(start.combat && now.combat && start.combat !== now.combat);
  if (kind === "stun" && sameCombat) return !stunPenaltyInForce(start.round!, now.round!);
  if (kind === "forcePoint" && sameCombat) return !forcePointInForce(now.round!, start.round!);
  if (!D6_TIMER_KINDS.includes(kind))
    throw new OmnibusError("badArgument", `unknown D6 timer ${describeValue(kind)}`, { name: "kind", value: describeValue(kind) });
  return timerExpired(length, start, now);
}

/**
 * Which timers an actor's change starts: a new stun (in combat: its rounds are combat rounds), an
 * incapacitating wound (unconscious for minutes, in combat or out), a Force Point spent in a combat
 * round. `changed` holds only what the change set.
 */
export function d6TimersToStart(changed: { woundLevel?: unknown; forcePoint?: unknown }, inCombat: boolean): D6TimerKind[] {
  if (typeof changed !== "object" || changed === null)
    throw new OmnibusError("badArgument", "changed must be an object", { name: "changed", value: describeValue(changed) });
  const out: D6TimerKind[] = [];
  if (changed.woundLevel === "stunned" && inCombat) out.push("stun");
  if (changed.woundLevel === "incapacitated") out.push("unconscious");
  if (changed.forcePoint === true && inCombat) out.push("forcePoint");
  return out;
}

/** Wound levels that keep a character unconscious by themselves (000:L409, L411): no knock-out timer. */
const DOWN_BY_WOUND = ["incapacitated", "mortally_wounded", "killed"];

/**
 * Does an Unconscious status switched on start the stun knock-out's 2D minutes (000:L431: a stun
 * weapon's result worse than stunned; published A-16: stuns reaching the Strength dice)? Only when
 * the wound level does not keep the character down by itself (incapacitated has its own 1D
 * minutes, mortally wounded never comes to by itself) and no knock-out is already counting.
 */
export function d6KnockoutStarts(statuses: readonly string[], woundLevel: string, running: boolean): boolean {
  if (!Array.isArray(statuses))
    throw new OmnibusError("badArgument", "statuses must be a list", { name: "statuses", value: describeValue(statuses) });
  return !running && statuses.includes("unconscious") && !DOWN_BY_WOUND.includes(String(woundLevel));
}
