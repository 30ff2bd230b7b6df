/**
 * Timers kept as Active Effect durations, decided from plain data (no Foundry): when a timer that
 * started at some round/turn/world time has run out, and whether a round's once-only work (bleeding,
 * death rolls, condition ends) is still to do. The table's glue reads the combat and the world
 * clock, asks here, and deletes the effect or applies its consequence.
 */
import { OmnibusError, describeValue } from "./errors";

export type TimerUnits = "years" | "months" | "days" | "hours" | "minutes" | "seconds" | "rounds" | "turns";

/** A timer's length: `value` of `units` (null = no length, never runs out by itself). */
export interface TimerLength {
  value: number | null;
  units: TimerUnits;
}

/** When a timer started: the combat round and turn (null outside combat) and the world time in seconds. */
export interface TimerStart {
  round: number | null;
  turn: number | null;
  time: number | null;
  /** The combat the round count belongs to (a timer in rounds ends with its combat's rounds only). */
  combat?: string | null;
}

/** Now: the current combat's round and turn (null outside combat), its turns per round, the world time. */
export interface TimerNow {
  round: number | null;
  turn: number | null;
  turnsPerRound?: number;
  time: number;
  combat?: string | null;
  /** The GM has just ended the scene (rulesets whose effects last "to the end of the scene"). */
  sceneOver?: boolean;
}

const SECONDS: Partial<Record<TimerUnits, number>> = {
  seconds: 1,
  minutes: 60,
  hours: 3600,
  days: 86400,
  months: 30 * 86400,
  years: 365 * 86400,
};

/** A time length in seconds (null for rounds/turns or no length). */
export function timerSeconds(length: TimerLength): number | null {
  const factor = SECONDS[length.units];
  if (factor === undefined || length.value === null) return null;
  return length.value * factor;
}

/** Throws a badArgument error unless a timer's length, start and now are objects (a ruleset's timer check calls it first). */
export function requireTimerArgs(length: TimerLength, start: TimerStart, now: TimerNow): void {
  for (const [name, value] of [
    ["length", length],
    ["start", start],
    ["now", now],
  ] as const) {
    if (typeof value !== "object" || value === null)
      throw new OmnibusError("badArgument", `${name} must be an object`, { name, value: describeValue(value) });
  }
}

/**
 * Has a timer run out? Rounds: a timer of N rounds started in round r runs through rounds r … r+N−1
 * and is over once round r+N begins ("this round and the next" = 2 rounds). Turns: N turns counted
 * across rounds with `turnsPerRound`. Time units: the world time has moved on by the length. A
 * round timer of another combat, or with the combat over, has run out (its rounds are gone).
 */
export function timerExpired(length: TimerLength, start: TimerStart, now: TimerNow): boolean {
  if (length.value === null) return false;
  if (length.units === "rounds" || length.units === "turns") {
    if (start.round === null) return false;
    if (now.round === null) return true;
    if (start.combat && now.combat && start.combat !== now.combat) return true;
    if (length.units === "rounds") return now.round >= start.round + length.value;
    const perRound = Math.max(1, Math.trunc(now.turnsPerRound ?? 1));
    const elapsed = (now.round - start.round) * perRound + ((now.turn ?? 0) - (start.turn ?? 0));
    return elapsed >= length.value;
  }
  const seconds = timerSeconds(length);
  if (seconds === null || start.time === null) return false;
  return now.time - start.time >= seconds;
}

/**
 * What is left of a timer, in its own units rounded up, as the sheet shows it ("2 rounds left");
 * null when it has no length or has run out (timerExpired's reading). A round or turn timer started
 * outside a combat has not begun: all of it is left.
 */
export function timerRemaining(length: TimerLength, start: TimerStart, now: TimerNow): { value: number; units: TimerUnits } | null {
  requireTimerArgs(length, start, now);
  if (length.value === null || timerExpired(length, start, now)) return null;
  const units = length.units;
  if (units === "rounds" || units === "turns") {
    if (start.round === null || now.round === null) return { value: length.value, units };
    if (units === "rounds") return { value: start.round + length.value - now.round, units };
    const perRound = Math.max(1, Math.trunc(now.turnsPerRound ?? 1));
    const elapsed = (now.round - start.round) * perRound + ((now.turn ?? 0) - (start.turn ?? 0));
    return { value: length.value - elapsed, units };
  }
  const seconds = timerSeconds(length);
  const factor = SECONDS[units];
  if (seconds === null || factor === undefined) return null;
  const left = start.time === null ? seconds : seconds - (now.time - start.time);
  return { value: Math.ceil(left / factor), units };
}

/**
 * Is round `round` new work? Once-per-round automation remembers the last round it did
 * (`lastDone`); going back to a round and forward again must not bleed, roll or clear twice, so only
 * a round past every round already done is new.
 */
export function roundIsNew(lastDone: number | null | undefined, round: number): boolean {
  if (!Number.isFinite(round) || round < 1) return false;
  return round > (typeof lastDone === "number" && Number.isFinite(lastDone) ? lastDone : 0);
}
