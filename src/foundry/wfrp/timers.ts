/**
 * The WFRP timers at the table (src/rules/wfrp/timers.ts gives their lengths and ends): Surprised
 * lasts the first round of the fight (003:L269). The active GM starts the timer when a character
 * gains the Condition (`system.conditions.surprised`) or the Surprised status, whoever set it; it
 * ends through src/foundry/durations.ts, which clears the Condition and the status and tells the
 * table. Spending Resolve (003:L319) or Combat Aware (003:L321) end the Condition earlier; the
 * timer then finds nothing to clear.
 */
import { surprisedLength, wfrpSurpriseStarts, wfrpTimerExpired, type WfrpTimerKind } from "../../rules/wfrp/timers";
import {
  isActiveGM,
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
import { currentRules } from "./settings";

const NAME: Record<WfrpTimerKind, string> = { surprised: "OMNIBUS.WFRP.Timer.Surprised" };

export const wfrpTimerRules: TimerRules = {
  ruleset: "wfrp",
  expired: (kind, length, start, now) => wfrpTimerExpired(kind as WfrpTimerKind, length, start, now),
  onExpire(kind, actor): TimerOutcome | null {
    if ((kind as WfrpTimerKind) !== "surprised") return null;
    const stored = Number(((actor.system?.conditions ?? {}) as Record<string, unknown>).surprised ?? 0);
    const status = actor.statuses?.has("surprised") ?? false;
    // Already ended (Resolve spent, Combat Aware): nothing to clear, nothing to tell.
    if (!(stored > 0) && !status) return null;
    return {
      ...(stored > 0 ? { update: { "system.conditions.surprised": 0 } } : {}),
      statusesOff: ["surprised"],
      note: "OMNIBUS.WFRP.Timer.SurprisedOver",
    };
  },
};

function effectsOf(actor: TimerActor): TimerEffectLike[] {
  const e = actor.effects;
  if (!e) return [];
  return Array.isArray(e) ? e : (e.contents ?? []);
}

function running(actor: TimerActor): boolean {
  return effectsOf(actor).some((e) => timerOf(e)?.ruleset === "wfrp" && timerOf(e)?.kind === "surprised");
}

function currentCombat(): TimerCombat | null {
  return (globalThis as { game?: { combat?: TimerCombat | null } }).game?.combat ?? null;
}

function changedSurprise(changed: Record<string, unknown>): unknown {
  if ("system.conditions.surprised" in changed) return changed["system.conditions.surprised"];
  const system = changed.system as { conditions?: Record<string, unknown> } | undefined;
  return system?.conditions?.surprised;
}

async function startSurprised(actor: TimerActor): Promise<boolean> {
  // The world's "end of round" option covers Surprised too: off, the GM ends it by hand.
  if (!currentRules().endOfRound) return false;
  await startTimer(actor, {
    name: localize(NAME.surprised),
    img: "icons/svg/hazard.svg",
    flag: { ruleset: "wfrp", kind: "surprised", length: surprisedLength(), start: timerStart(currentCombat()) },
  });
  return true;
}

function isWfrpCharacter(actor: TimerActor | null | undefined): actor is TimerActor {
  return !!actor && String(actor.type ?? "").startsWith("wfrp_") && actor.type !== "wfrp_party";
}

/** The `updateActor` hook on the active GM: the Surprised Condition gained starts its timer. */
export async function onWfrpActorChange(actor: TimerActor, changed: Record<string, unknown>): Promise<boolean> {
  if (!isActiveGM() || !isWfrpCharacter(actor)) return false;
  if (!wfrpSurpriseStarts(changedSurprise(changed), running(actor))) return false;
  return startSurprised(actor);
}

/** The `createActiveEffect` hook on the active GM: the Surprised status switched on starts its timer. */
export async function onWfrpEffectCreated(
  effect: TimerEffectLike & { parent?: TimerActor | null; statuses?: Iterable<string> | null },
): Promise<boolean> {
  if (!isActiveGM() || timerOf(effect) || !isWfrpCharacter(effect.parent)) return false;
  const statuses = effect.statuses ? [...effect.statuses] : [];
  if (!wfrpSurpriseStarts(statuses.includes("surprised"), running(effect.parent))) return false;
  return startSurprised(effect.parent);
}
