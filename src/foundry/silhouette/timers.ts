/**
 * The Silhouette timers at the table (src/rules/silhouette/timers.ts gives their lengths): an
 * initiative mishap's "only diving for cover" (004:L3) is an Active Effect carrying the status for
 * the round it was rolled in; the round's change ends it through src/foundry/durations.ts (the
 * effect, and with it the status, deleted once). A mishap again next round starts a new one beside
 * it, so no effect is ever deleted twice.
 */
import {
  delayedLength,
  diveForCoverLength,
  readiedLength,
  silhouetteTimerExpired,
  type SilhouetteTimerKind,
} from "../../rules/silhouette/timers";
import type { HoldKind } from "../../rules/silhouette/table/combat";
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
const SILHOUETTE_QUIET: readonly SilhouetteTimerKind[] = ["diveForCover", "readied", "delayed"];

export const silhouetteTimerRules: TimerRules = {
  ruleset: "silhouette",
  expired: (kind, length, start, now) => silhouetteTimerExpired(kind as SilhouetteTimerKind, length, start, now),
  // Deleting the effect takes its status away; the new round's initiative card says the rest.
  // A delay lapsing with its round and a readied action with its fight end quietly too.
  onExpire: (kind): TimerOutcome | null => (SILHOUETTE_QUIET.includes(kind as SilhouetteTimerKind) ? { note: null } : null),
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

const HOLD_IMAGES: Record<HoldKind, string> = { readied: "icons/svg/sword.svg", delayed: "icons/svg/sleep.svg" };

/**
 * A readied action (its stated trigger kept in the timer's data) or a delay, from now: the timer
 * effect carries the status, so the token and the tracker show it; a readied action lasts until it
 * goes off, is dropped or its combat ends, a delay to the end of this round (rules/silhouette/timers.ts).
 */
export async function startHold(
  actor: TimerActor,
  kind: HoldKind,
  combat: TimerCombat | null | undefined,
  trigger: string | null,
): Promise<void> {
  await startTimer(actor, {
    name: localize(`OMNIBUS.Silhouette.Status.${kind}`),
    img: HOLD_IMAGES[kind],
    statuses: [kind],
    flag: {
      ruleset: "silhouette",
      kind,
      length: kind === "readied" ? readiedLength() : delayedLength(),
      start: { ...timerStart(combat), combat: combat?.id ?? null },
      ...(trigger ? { data: { trigger } } : {}),
    },
  });
}

/** The trigger a readied action waits for, as its owner stated it ("" when the status was set by hand). */
export function holdTrigger(actor: TimerActor | null | undefined): string {
  if (!actor) return "";
  const flag = effectsOf(actor)
    .map(timerOf)
    .find((f) => f?.ruleset === "silhouette" && f.kind === "readied");
  const text = flag?.data?.trigger;
  return typeof text === "string" ? text : "";
}

/** Ends a readied action or a delay: its timer effects deleted (and the status, if it was set by hand). */
export async function clearHold(actor: TimerActor, kind: HoldKind): Promise<void> {
  const ids = effectsOf(actor)
    .filter((e) => timerOf(e)?.ruleset === "silhouette" && timerOf(e)?.kind === kind)
    .map((e) => String(e.id));
  if (ids.length > 0) await actor.deleteEmbeddedDocuments("ActiveEffect", ids);
  if (actor.statuses?.has(kind)) await actor.toggleStatusEffect?.(kind, { active: false });
}
