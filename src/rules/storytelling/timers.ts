/**
 * The Storytelling timers the table keeps as Active Effect durations (src/core/durations.ts): the
 * turn (раунд) is three seconds (002:L41), so a length in turns is combat rounds while a fight runs
 * and three seconds of world time each outside one.
 *  - Willpower: one point a turn, whatever it buys (002:L420, L436) — the mark lasts one turn.
 *  - Pepper spray: −5 to all the victim's actions until the end of the scene (002:L719). The
 *    Storyteller decides where a scene ends (002:L45) and a fight does not end it (002:L45: the
 *    scene goes on after the shooting), so it ends when the Storyteller ends the scene.
 *  - Knockout: a blow to the head doing damage of at least the target's Size, failed Stamina:
 *    unconscious for as many turns as the damage (published World of Darkness rulebook p.169,
 *    digest §Z.5 "Knockout").
 *  - Bleeding out: a character whose last Health box holds lethal damage is dying; each minute
 *    without medical aid one lethal wound becomes aggravated, and every box aggravated is death
 *    (published p.174, digest §Z.6). A minute is twenty turns of three seconds (002:L41).
 *  - Healing: wounds heal by themselves, the rightmost (least severe) first — a bashing wound in
 *    15 minutes, a lethal one in 2 days, an aggravated one in a week (published pp.175–176, digest
 *    §Z.7). The clock is world time, in a fight too (its rounds advance the world's clock). A dying
 *    character heals only once stabilised (p.174: "needs ongoing care until one box heals").
 */
import type { TimerLength, TimerNow, TimerStart } from "../../core/durations";
import { timerExpired, requireTimerArgs } from "../../core/durations";
import { OmnibusError, describeValue, requireInt } from "../../core/errors";
import { HEALING_MINUTES, healOverTime, type DamageType, type HealthTrack } from "./health";

export type StorytellingTimerKind = "willpower" | "pepperSpray" | "knockout" | "bleedOut" | "healing";
export const STORYTELLING_TIMER_KINDS: readonly StorytellingTimerKind[] = ["willpower", "pepperSpray", "knockout", "bleedOut", "healing"];

/** A turn lasts three seconds (002:L41). */
export const TURN_SECONDS = 3;

/** `turns` turns: rounds while a combat runs, three seconds of world time each outside one. */
export function turnsLength(turns: number, inCombat: boolean): TimerLength {
  requireInt("turns", turns, 1, 100000);
  return inCombat ? { value: turns, units: "rounds" } : { value: turns * TURN_SECONDS, units: "seconds" };
}

/** The once-a-turn Willpower mark lasts the turn it was spent in (002:L420). */
export function willpowerTurnLength(inCombat: boolean): TimerLength {
  return turnsLength(1, inCombat);
}

/** Unconscious for as many turns as the knockout blow's damage (published p.169). */
export function knockoutLength(damage: number, inCombat: boolean): TimerLength {
  requireInt("damage", damage, 1, 100);
  return turnsLength(damage, inCombat);
}

/** Turns in a minute: a turn is three seconds (002:L41). */
export const TURNS_PER_MINUTE = 60 / TURN_SECONDS;

/** A dying character bleeds one lethal wound into an aggravated one each minute (published p.174). */
export function bleedOutLength(inCombat: boolean): TimerLength {
  return turnsLength(TURNS_PER_MINUTE, inCombat);
}

/**
 * Whole minutes a run-out bleeding timer stands for (at least one): rounds since it started in a
 * fight (twenty a minute), else world time. The GM may let an hour pass at once: each of its
 * minutes bleeds.
 */
export function minutesBled(start: TimerStart, now: TimerNow): number {
  const byRounds = start.round !== null && now.round !== null && start.combat === now.combat;
  const minutes = byRounds
    ? Math.floor((now.round! - start.round!) / TURNS_PER_MINUTE)
    : Math.floor((now.time - (start.time ?? now.time)) / 60);
  return Math.max(1, Math.min(9999, minutes));
}

/** The wound that heals next: the rightmost, least severe one (published p.175); null on a clean track. */
export function nextToHeal(track: HealthTrack): DamageType | null {
  if (track.bashing > 0) return "bashing";
  if (track.lethal > 0) return "lethal";
  return track.aggravated > 0 ? "aggravated" : null;
}

/**
 * The time the next wound takes to heal (15 minutes, 2 days, 7 days), in its largest whole unit so
 * the sheet reads "2 days left"; null on a clean track.
 */
export function healingLength(track: HealthTrack): TimerLength | null {
  const next = nextToHeal(track);
  if (!next) return null;
  const minutes = HEALING_MINUTES[next];
  if (minutes % (24 * 60) === 0) return { value: minutes / (24 * 60), units: "days" };
  if (minutes % 60 === 0) return { value: minutes / 60, units: "hours" };
  return { value: minutes, units: "minutes" };
}

/** Whole minutes of world time since a timer started (never below 0). */
export function minutesSince(start: TimerStart, now: TimerNow): number {
  return Math.max(0, Math.floor((now.time - (start.time ?? now.time)) / 60));
}

/** What `minutes` of rest did to a track: the track after, the wounds healed, and the minutes already served towards the next wound. */
export interface HealingProgress {
  track: HealthTrack;
  healed: number;
  next: DamageType | null;
  served: number;
}

/**
 * `minutes` of natural healing (published pp.175–176): wounds heal one at a time from the right,
 * each in its own time; what is left over counts towards the next wound, so a GM who lets a week
 * pass at once heals as much as one who lets it pass a day at a time.
 */
export function healingProgress(track: HealthTrack, minutes: number): HealingProgress {
  const after = healOverTime(track, minutes);
  let used = 0;
  let healed = 0;
  for (const type of ["bashing", "lethal", "aggravated"] as const) {
    healed += track[type] - after[type];
    used += (track[type] - after[type]) * HEALING_MINUTES[type];
  }
  const next = nextToHeal(after);
  return { track: after, healed, next, served: next ? Math.floor(minutes) - used : 0 };
}

/** Pepper spray lasts to the end of the scene (002:L719): no length, the scene's end ends it. */
export function pepperSprayLength(): TimerLength {
  return { value: null, units: "rounds" };
}

/**
 * Has a Storytelling timer run out? Pepper spray once the Storyteller has ended the scene
 * (`now.sceneOver`); the others by their length in turns (src/core/durations.ts).
 */
export function storytellingTimerExpired(kind: StorytellingTimerKind, length: TimerLength, start: TimerStart, now: TimerNow): boolean {
  requireTimerArgs(length, start, now);
  if (!STORYTELLING_TIMER_KINDS.includes(kind))
    throw new OmnibusError("badArgument", `unknown Storytelling timer ${describeValue(kind)}`, {
      name: "kind",
      value: describeValue(kind),
    });
  if (kind === "pepperSpray") return now.sceneOver === true;
  return timerExpired(length, start, now);
}
