/**
 * The WFRP timers the table keeps as Active Effect durations (src/core/durations.ts): Surprised
 * (Ошеломление) lasts the first round of the fight it was gained for (003:L269: "usually this only
 * happens in the first round of combat"; 003:L325: only in the first round is Perdita Surprised).
 * Gained before the combat starts, it ends when round 2 begins; gained during a round (the GM's
 * decision, 003:L313), when the next round begins. A Resolve point ends it at once (003:L319), the
 * sheet's button does that.
 */
import type { TimerLength, TimerNow, TimerStart } from "../../core/durations";
import { timerExpired, requireTimerArgs } from "../../core/durations";
import { OmnibusError, describeValue } from "../../core/errors";

export type WfrpTimerKind = "surprised";
export const WFRP_TIMER_KINDS: readonly WfrpTimerKind[] = ["surprised"];

/** Surprised lasts one round: the first of the fight, or the round it was gained in (003:L269). */
export function surprisedLength(): TimerLength {
  return { value: 1, units: "rounds" };
}

/**
 * Has a WFRP timer run out? Surprised gained outside a combat belongs to the first round of the
 * next one: it ends once round 2 of a running combat begins. Gained in round r of a combat, it
 * ends when round r + 1 begins, or with that combat.
 */
export function wfrpTimerExpired(kind: WfrpTimerKind, length: TimerLength, start: TimerStart, now: TimerNow): boolean {
  requireTimerArgs(length, start, now);
  if (!WFRP_TIMER_KINDS.includes(kind))
    throw new OmnibusError("badArgument", `unknown WFRP timer ${describeValue(kind)}`, { name: "kind", value: describeValue(kind) });
  if (start.round === null) return now.round !== null && now.round >= 1 + (length.value ?? 1);
  return timerExpired(length, start, now);
}

/**
 * Does an actor's change start the Surprised timer? `surprised` is the Condition's new value from
 * the change (`system.conditions.surprised`), or true when the Surprised status was switched on;
 * `running` whether a Surprised timer is already kept for it.
 */
export function wfrpSurpriseStarts(surprised: unknown, running: boolean): boolean {
  if (running) return false;
  return surprised === true || (typeof surprised === "number" && Number.isFinite(surprised) && surprised > 0);
}
