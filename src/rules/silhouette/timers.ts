/**
 * The Silhouette timers the table keeps as Active Effect durations (src/core/durations.ts): a
 * critical failure on the initiative roll leaves only diving for cover (004:L3) for that round —
 * every round begins with a new initiative roll (004:L2) — so the state lasts one round. A readied
 * action (004:L14) may be held as long as the character likes, across rounds, until it goes off or
 * is dropped: it has no length and ends only with its combat. A delay (004:L16) lasts until its
 * trigger; only the readied action is said to carry over, so a delay not used lapses when the next
 * round begins (its new initiative roll, 004:L2).
 */
import type { TimerLength, TimerNow, TimerStart } from "../../core/durations";
import { timerExpired, requireTimerArgs } from "../../core/durations";
import { OmnibusError, describeValue } from "../../core/errors";

export type SilhouetteTimerKind = "diveForCover" | "readied" | "delayed";
export const SILHOUETTE_TIMER_KINDS: readonly SilhouetteTimerKind[] = ["diveForCover", "readied", "delayed"];

/** Only diving for cover after an initiative mishap: the round it was rolled for (004:L2–L3). */
export function diveForCoverLength(): TimerLength {
  return { value: 1, units: "rounds" };
}

/** A readied action: held until it goes off or is dropped, however many rounds (004:L14). */
export function readiedLength(): TimerLength {
  return { value: null, units: "rounds" };
}

/** A delay: to the end of the round it was declared in (004:L16, L2). */
export function delayedLength(): TimerLength {
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
  // A readied action outlasts rounds, not its fight: no running combat (it ended) ends it.
  if (kind === "readied") return now.round === null;
  if (start.round === null && start.combat) return now.combat !== start.combat || (now.round ?? 0) >= 2;
  return timerExpired(length, start, now);
}
