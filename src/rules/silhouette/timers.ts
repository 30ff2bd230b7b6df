/**
 * The Silhouette timers the table keeps as Active Effect durations (src/core/durations.ts): a
 * critical failure on the initiative roll leaves only diving for cover (004:L3) for that round —
 * every round begins with a new initiative roll (004:L2) — so the state lasts one round.
 */
import type { TimerLength, TimerNow, TimerStart } from "../../core/durations";
import { timerExpired, requireTimerArgs } from "../../core/durations";
import { OmnibusError, describeValue } from "../../core/errors";

export type SilhouetteTimerKind = "diveForCover";
export const SILHOUETTE_TIMER_KINDS: readonly SilhouetteTimerKind[] = ["diveForCover"];

/** Only diving for cover after an initiative mishap: the round it was rolled for (004:L2–L3). */
export function diveForCoverLength(): TimerLength {
  return { value: 1, units: "rounds" };
}

/**
 * Has a Silhouette timer run out? A mishap rolled before its combat's first round (round 0) was
 * for round 1: it ends when round 2 begins, or with that combat. Otherwise by its length.
 */
export function silhouetteTimerExpired(kind: SilhouetteTimerKind, length: TimerLength, start: TimerStart, now: TimerNow): boolean {
  requireTimerArgs(length, start, now);
  if (!SILHOUETTE_TIMER_KINDS.includes(kind))
    throw new OmnibusError("badArgument", `unknown Silhouette timer ${describeValue(kind)}`, { name: "kind", value: describeValue(kind) });
  if (start.round === null && start.combat) return now.combat !== start.combat || (now.round ?? 0) >= 2;
  return timerExpired(length, start, now);
}
