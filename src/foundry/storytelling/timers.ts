/**
 * The Storytelling timers at the table (src/rules/storytelling/timers.ts gives their lengths and
 * ends), ended through src/foundry/durations.ts by the active GM:
 *  - the once-a-turn Willpower mark (002:L420) starts when a point is spent (`updateActor`) and is
 *    lifted when the turn is over — a round in combat, three seconds of world time outside it, so
 *    a spend out of combat no longer locks Willpower until the next fight;
 *  - pepper spray's −5 (the status, 002:L719) lasts until the GM ends the scene
 *    (`game.omnibus.api.endScene()` or activating another scene);
 *  - a knockout (`game.omnibus.api.knockOut(actor, damage)`): unconscious for turns equal to the
 *    damage (published p.169), then the character comes to unless dying;
 *  - bleeding out: the Dying status switched on (the last box lethal) starts a minute's timer; each
 *    run-out minute turns one lethal wound aggravated (`bleedOut`, published p.174) and starts
 *    over while the character is still dying; every box aggravated is death. Medical aid that
 *    stabilises: the GM deletes the timer's effect (a new Dying status starts a new one);
 *  - healing (published pp.175–176): a wounded character's rightmost wound heals in its own time
 *    (`healingLength`); the timer starts when the track changes (`updateActor`), follows the wound
 *    that heals next, heals it when it runs out and starts on the next with the time left over. A
 *    dying character heals only once stabilised (the bleeding timer deleted before it ran out).
 */
import { OmnibusError } from "../../core/errors";
import type { TimerLength } from "../../core/durations";
import {
  bleedOutLength,
  healingLength,
  healingProgress,
  knockoutLength,
  minutesBled,
  minutesSince,
  nextToHeal,
  pepperSprayLength,
  storytellingTimerExpired,
  willpowerTurnLength,
  type StorytellingTimerKind,
} from "../../rules/storytelling/timers";
import {
  endScene,
  isActiveGM,
  startTimer,
  timerNow,
  timerOf,
  timerStart,
  isExpired,
  TIMER_UPDATE,
  type TimerActor,
  type TimerCombat,
  type TimerEffectLike,
  type TimerFlag,
  type TimerOutcome,
  type TimerRules,
} from "../durations";
import { localize } from "../i18n";
import { bleedOut, healthStatus, type HealthTrack } from "../../rules/storytelling";
import { deriveCharacter } from "../../rules/storytelling/table/derive";
import { snapshot } from "./checks";

const T = "OMNIBUS.Storytelling.Timer.";
const IMG: Record<StorytellingTimerKind, string> = {
  willpower: "icons/svg/upgrade.svg",
  pepperSpray: "icons/svg/poison.svg",
  knockout: "icons/svg/unconscious.svg",
  bleedOut: "icons/svg/blood.svg",
  healing: "icons/svg/regen.svg",
};
/** The status a timer shows itself (the pepper spray's status stays the one the GM set). */
const STATUSES: Record<StorytellingTimerKind, string[]> = {
  willpower: [],
  pepperSpray: [],
  knockout: ["unconscious"],
  bleedOut: [],
  healing: [],
};

export const storytellingTimerRules: TimerRules = {
  ruleset: "storytelling",
  expired: (kind, length, start, now) => storytellingTimerExpired(kind as StorytellingTimerKind, length, start, now),
  onExpire(kind, actor, flag, now): TimerOutcome | null {
    switch (kind as StorytellingTimerKind) {
      case "bleedOut":
        return bleedingOutcome(actor, minutesBled(flag.start, now));
      case "healing":
        return healingOutcome(actor, flag, minutesSince(flag.start, now));
      case "willpower":
        // A new turn: Willpower may be spent again (002:L420). Quiet: it happens every turn.
        return ((actor.system?.willpower ?? {}) as Record<string, unknown>).spentThisTurn === true
          ? { update: { "system.willpower.spentThisTurn": false }, note: null }
          : null;
      case "pepperSpray":
        return actor.statuses?.has("pepperSprayed") ? { statusesOff: ["pepperSprayed"], note: `${T}PepperSprayOver` } : null;
      case "knockout":
        // Dying or dead keeps the character down (the wound's own status).
        return actor.statuses?.has("dying") || actor.statuses?.has("dead") ? null : { statusesOff: ["unconscious"], note: `${T}ComesTo` };
      default:
        return null;
    }
  },
};

/**
 * A dying character's minutes without aid (published p.174): each turns the leftmost lethal wound
 * aggravated; still dying, the timer starts over; every box aggravated, Dying gives way to Dead.
 * Nothing once the character is no longer dying (healed, or the track changed).
 */
export function bleedingOutcome(actor: TimerActor, minutes: number): TimerOutcome | null {
  if (!isCharacter(actor)) return null;
  const plain = snapshot(actor as never);
  const track = deriveCharacter(plain.system, plain.items).track;
  if (healthStatus(track) !== "dying") return null;
  const after = bleedOut(track, minutes);
  const dead = healthStatus(after) === "dead";
  return {
    update: {
      "system.healthTrack.aggravated": after.aggravated,
      "system.healthTrack.lethal": after.lethal,
      "system.healthTrack.bashing": after.bashing,
    },
    ...(dead ? { statusesOff: ["dying"], statusesOn: ["dead"] } : {}),
    note: dead ? `${T}BledToDeath` : `${T}Bleeds`,
    again: !dead,
  };
}

function trackOf(actor: TimerActor): HealthTrack {
  const plain = snapshot(actor as never);
  return deriveCharacter(plain.system, plain.items).track;
}

/** May this track heal by itself? Not dead; not dying unless stabilised (published p.174). */
function mayHeal(track: HealthTrack, stabilised: boolean): boolean {
  const status = healthStatus(track);
  return nextToHeal(track) !== null && status !== "dead" && (status !== "dying" || stabilised);
}

/**
 * A healing timer run out after `minutes` of rest (published pp.175–176): the wounds those minutes
 * heal, rightmost first; wounds left, the next timer starts with the minutes already served.
 */
export function healingOutcome(actor: TimerActor, flag: TimerFlag, minutes: number): TimerOutcome | null {
  if (!isCharacter(actor)) return null;
  const track = trackOf(actor);
  const stabilised = flag.data?.stabilised === true;
  if (!mayHeal(track, stabilised)) return null;
  const done = healingProgress(track, minutes);
  const length = healingLength(done.track);
  const still = done.next !== null && length !== null && healthStatus(done.track) === "dying";
  return {
    ...(done.healed > 0
      ? {
          update: {
            "system.healthTrack.aggravated": done.track.aggravated,
            "system.healthTrack.lethal": done.track.lethal,
            "system.healthTrack.bashing": done.track.bashing,
          },
        }
      : {}),
    note: done.healed === 0 ? null : done.next === null ? `${T}Healed` : `${T}Heals`,
    again:
      done.next !== null && length !== null
        ? { length, data: { wound: done.next, ...(still && stabilised ? { stabilised: true } : {}) }, served: done.served * 60 }
        : false,
  };
}

function effectsOf(actor: TimerActor): TimerEffectLike[] {
  const e = actor.effects;
  if (!e) return [];
  return Array.isArray(e) ? e : (e.contents ?? []);
}

function running(actor: TimerActor, kind: StorytellingTimerKind): boolean {
  return effectsOf(actor).some((e) => timerOf(e)?.ruleset === "storytelling" && timerOf(e)?.kind === kind);
}

function activeCombat(): TimerCombat | null {
  const combat = (globalThis as { game?: { combat?: TimerCombat | null } }).game?.combat ?? null;
  return combat && combat.started !== false && Number(combat.round ?? 0) > 0 ? combat : null;
}

function isCharacter(actor: TimerActor | null | undefined): actor is TimerActor {
  return !!actor && String(actor.type ?? "").startsWith("storytelling_") && actor.type !== "storytelling_party";
}

async function start(
  actor: TimerActor,
  kind: StorytellingTimerKind,
  length: TimerLength,
  combat: TimerCombat | null,
  data?: Record<string, unknown>,
): Promise<void> {
  await startTimer(actor, {
    name: localize(`${T}${kind}`),
    img: IMG[kind],
    statuses: STATUSES[kind],
    flag: { ruleset: "storytelling", kind, length, start: timerStart(combat), ...(data ? { data } : {}) },
  });
}

function changedSpend(changed: Record<string, unknown>): unknown {
  if ("system.willpower.spentThisTurn" in changed) return changed["system.willpower.spentThisTurn"];
  return ((changed.system as { willpower?: Record<string, unknown> } | undefined)?.willpower ?? {}).spentThisTurn;
}

function changedTrack(changed: Record<string, unknown>): boolean {
  if (Object.keys(changed).some((k) => k.startsWith("system.healthTrack"))) return true;
  return (changed.system as Record<string, unknown> | undefined)?.healthTrack !== undefined;
}

/**
 * The `updateActor` hook on the active GM: a Willpower point spent starts the turn's mark; a
 * changed Health track starts, follows or ends the healing timer.
 */
export async function onStorytellingActorChange(
  actor: TimerActor,
  changed: Record<string, unknown>,
  options: Record<string, unknown> = {},
): Promise<StorytellingTimerKind[]> {
  if (!isActiveGM() || !isCharacter(actor)) return [];
  const started: StorytellingTimerKind[] = [];
  const combat = activeCombat();
  if (changedSpend(changed) === true) {
    await start(actor, "willpower", willpowerTurnLength(combat !== null), combat);
    started.push("willpower");
  }
  // A timer's own consequence (healing, bleeding) restarts its timer itself (durations.ts `again`).
  if (changedTrack(changed) && options[TIMER_UPDATE] !== true && (await followHealing(actor, combat))) started.push("healing");
  return started;
}

function healingTimers(actor: TimerActor): Array<{ effect: TimerEffectLike; flag: TimerFlag }> {
  return effectsOf(actor)
    .map((effect) => ({ effect, flag: timerOf(effect) }))
    .filter((e): e is { effect: TimerEffectLike; flag: TimerFlag } => e.flag?.ruleset === "storytelling" && e.flag.kind === "healing");
}

/**
 * The healing timer follows the track (active GM): none while nothing may heal (a clean track,
 * dead, dying and not stabilised); one on the wound that heals next, started anew when that wound
 * changes (a fresh bruise heals before the knife wound under it). A timer already run out is left
 * to the expiry under way, which heals and starts the next itself. Returns whether one started.
 */
export async function followHealing(actor: TimerActor, combat: TimerCombat | null, stabilised?: boolean): Promise<boolean> {
  const running = healingTimers(actor);
  const now = timerNow(combat);
  if (running.some((r) => isExpired(r.flag, now))) return false;
  const track = trackOf(actor);
  const steady = stabilised ?? running.some((r) => r.flag.data?.stabilised === true);
  const keepsSteady = steady && healthStatus(track) === "dying";
  if (!mayHeal(track, keepsSteady)) {
    if (running.length > 0)
      await actor.deleteEmbeddedDocuments(
        "ActiveEffect",
        running.map((r) => String(r.effect.id)),
      );
    return false;
  }
  const next = nextToHeal(track);
  const length = healingLength(track);
  if (!next || !length) return false;
  if (running.length === 1 && running[0].flag.data?.wound === next && running[0].flag.data?.stabilised === (keepsSteady || undefined))
    return false;
  await start(actor, "healing", length, combat, { wound: next, ...(keepsSteady ? { stabilised: true } : {}) });
  return true;
}

/**
 * The `deleteActiveEffect` hook on the active GM: a bleeding timer the GM deleted before it ran out
 * (medical aid stabilised the character, published p.174) lets the wounds heal.
 */
export async function onStorytellingEffectDeleted(effect: TimerEffectLike & { parent?: TimerActor | null }): Promise<boolean> {
  const actor = effect.parent;
  const flag = timerOf(effect);
  if (!isActiveGM() || !flag || flag.ruleset !== "storytelling" || flag.kind !== "bleedOut" || !isCharacter(actor)) return false;
  const combat = activeCombat();
  if (isExpired(flag, timerNow(combat))) return false;
  return followHealing(actor, combat, true);
}

/**
 * The `createActiveEffect` hook on the active GM: the pepper-spray status starts its scene timer,
 * the Dying status the bleeding one.
 */
export async function onStorytellingEffectCreated(
  effect: TimerEffectLike & { parent?: TimerActor | null; statuses?: Iterable<string> | null },
): Promise<boolean> {
  const actor = effect.parent;
  if (!isActiveGM() || timerOf(effect) || !isCharacter(actor)) return false;
  const statuses = effect.statuses ? [...effect.statuses] : [];
  const combat = activeCombat();
  let started = false;
  if (statuses.includes("pepperSprayed") && !running(actor, "pepperSpray")) {
    await start(actor, "pepperSpray", pepperSprayLength(), combat);
    started = true;
  }
  if (statuses.includes("dying") && !running(actor, "bleedOut")) {
    await start(actor, "bleedOut", bleedOutLength(combat !== null), combat);
    started = true;
  }
  return started;
}

/**
 * A knockout (published p.169): the GM knocks a character out for as many turns as the blow's
 * damage; it shows Unconscious until then. Refused for a non-character or a damage below 1.
 */
export async function knockOut(actor: TimerActor, damage: number): Promise<TimerLength> {
  if (!isCharacter(actor))
    throw new OmnibusError("badArgument", "only a Storytelling character can be knocked out", {
      name: "actor",
      value: String((actor as TimerActor | null)?.name ?? ""),
    });
  const combat = activeCombat();
  const length = knockoutLength(damage, combat !== null);
  await start(actor, "knockout", length, combat, { damage });
  return length;
}

export { endScene };
