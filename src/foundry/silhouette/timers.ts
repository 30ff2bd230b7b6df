/**
 * The Silhouette timers at the table (src/rules/silhouette/timers.ts gives their lengths): an
 * initiative mishap's "only diving for cover" (004:L3) is an Active Effect carrying the status for
 * the round it was rolled in; the round's change ends it through src/foundry/durations.ts (the
 * effect, and with it the status, deleted once). A mishap again next round starts a new one beside
 * it, so no effect is ever deleted twice.
 */
import { diveForCoverLength, silhouetteTimerExpired, type SilhouetteTimerKind } from "../../rules/silhouette/timers";
import {
  startTimer,
  timerOf,
  timerStart,
  type TimerActor,
  type TimerCombat,
  type TimerEffectLike,
  type TimerOutcome,
  type TimerRules,
} from "../durations";
import { localize } from "../i18n";

export const DIVE_FOR_COVER = "diveForCover";

export const silhouetteTimerRules: TimerRules = {
  ruleset: "silhouette",
  expired: (kind, length, start, now) => silhouetteTimerExpired(kind as SilhouetteTimerKind, length, start, now),
  // Deleting the effect takes its status away; the new round's initiative card says the rest.
  onExpire: (kind): TimerOutcome | null => ((kind as SilhouetteTimerKind) === "diveForCover" ? { note: null } : null),
};

function effectsOf(actor: TimerActor): TimerEffectLike[] {
  const e = actor.effects;
  if (!e) return [];
  return Array.isArray(e) ? e : (e.contents ?? []);
}

/** Whether the actor's dive-for-cover status is kept by a timer (then the timer ends it). */
export function diveForCoverTimed(actor: TimerActor): boolean {
  return effectsOf(actor).some((e) => timerOf(e)?.ruleset === "silhouette" && timerOf(e)?.kind === "diveForCover");
}

/** After an initiative mishap in `combat`'s current round: only diving for cover, this round. */
export async function startDiveForCover(actor: TimerActor, combat: TimerCombat | null | undefined): Promise<void> {
  await startTimer(actor, {
    name: localize("OMNIBUS.Silhouette.Timer.DiveForCover"),
    img: "icons/svg/downgrade.svg",
    statuses: [DIVE_FOR_COVER],
    replace: false,
    flag: {
      ruleset: "silhouette",
      kind: "diveForCover",
      length: diveForCoverLength(),
      start: { ...timerStart(combat), combat: combat?.id ?? null },
    },
  });
}
