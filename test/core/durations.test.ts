/**
 * Timers as durations (src/core/durations.ts) and the D6 timers (src/rules/d6/timers.ts), against
 * the seeds' numbers: a stun for this round and the next (000:L405), 1D minutes unconscious
 * (000:L409), a bacta tank's days (000:L533: 1D = 4 → four days), a Force Point for the rest of its
 * round (000:L831), five-second rounds (000:L660).
 */
import { describe, expect, it } from "vitest";
import { roundIsNew, timerExpired, timerRemaining, timerSeconds } from "../../src/core/durations";
import { bactaLength, bactaTime, d6TimerExpired, forcePointLength, stunLength, unconsciousLength } from "../../src/rules/d6";
import { forcedDice } from "../../src/core/dice";
import { d6KnockoutStarts } from "../../src/rules/d6";
import { surprisedLength, wfrpSurpriseStarts, wfrpTimerExpired } from "../../src/rules/wfrp";
import * as st from "../../src/rules/storytelling/timers";
import { diveForCoverLength, silhouetteTimerExpired } from "../../src/rules/silhouette/timers";

const at = (round: number | null, time = 0, turn: number | null = 0) => ({ round, turn, time, combat: "c1" });

describe("a timer in rounds", () => {
  it("a stun taken in round 3 is in force in rounds 3 and 4 and over when round 5 begins (000:L405)", () => {
    const start = at(3);
    expect(d6TimerExpired("stun", stunLength(), start, at(3))).toBe(false);
    expect(d6TimerExpired("stun", stunLength(), start, at(4))).toBe(false);
    expect(d6TimerExpired("stun", stunLength(), start, at(5))).toBe(true);
    // The general rule in rounds agrees with the stun's own rule.
    expect(timerExpired(stunLength(), start, at(4))).toBe(false);
    expect(timerExpired(stunLength(), start, at(5))).toBe(true);
  });
  it("a Force Point spent in round 2 lasts the rest of round 2 only (000:L831)", () => {
    expect(d6TimerExpired("forcePoint", forcePointLength(), at(2), at(2))).toBe(false);
    expect(d6TimerExpired("forcePoint", forcePointLength(), at(2), at(3))).toBe(true);
    expect(timerExpired(forcePointLength(), at(2), at(3))).toBe(true);
  });
  it("a round timer of another combat, or after the combat, has run out", () => {
    expect(timerExpired(stunLength(), at(3), { round: 3, turn: 0, time: 0, combat: "c2" })).toBe(true);
    expect(timerExpired(stunLength(), at(3), { round: null, turn: null, time: 0 })).toBe(true);
  });
  it("turns count across rounds", () => {
    const length = { value: 3, units: "turns" as const };
    expect(timerExpired(length, at(1, 0, 2), { round: 2, turn: 0, turnsPerRound: 4, time: 0 })).toBe(false);
    expect(timerExpired(length, at(1, 0, 2), { round: 2, turn: 1, turnsPerRound: 4, time: 0 })).toBe(true);
  });
});

describe("a timer in world time", () => {
  it("1D minutes unconscious (000:L409): a 4 is 240 s outside combat, 48 five-second rounds in it (000:L660)", () => {
    const out = unconsciousLength(4, false);
    expect(timerSeconds(out)).toBe(240);
    expect(timerExpired(out, at(null, 1000), { round: null, turn: null, time: 1239 })).toBe(false);
    expect(timerExpired(out, at(null, 1000), { round: null, turn: null, time: 1240 })).toBe(true);
    expect(unconsciousLength(4, true)).toEqual({ value: 48, units: "rounds" });
  });
  it("the seed's bacta example: mortally wounded, 1D rolled 4 → four days in the tank (000:L533)", () => {
    const t = bactaTime("mortally_wounded", forcedDice([4]));
    const length = bactaLength(t.amount, t.unit);
    expect(length).toEqual({ value: 4, units: "days" });
    expect(d6TimerExpired("bacta", length, at(null, 0), { round: null, turn: null, time: 4 * 86400 - 1 })).toBe(false);
    expect(d6TimerExpired("bacta", length, at(null, 0), { round: null, turn: null, time: 4 * 86400 })).toBe(true);
  });
  it("a timer without a length never runs out; a bad length is refused", () => {
    expect(timerExpired({ value: null, units: "seconds" }, at(null, 0), { round: null, turn: null, time: 1e9 })).toBe(false);
    expect(() => bactaLength(0, "days")).toThrow();
    expect(() => unconsciousLength(0, false)).toThrow();
  });
});

describe("once-per-round work", () => {
  it("a round is new only past every round already done (going back and forward again does nothing)", () => {
    expect(roundIsNew(null, 1)).toBe(true);
    expect(roundIsNew(2, 3)).toBe(true);
    expect(roundIsNew(3, 3)).toBe(false);
    expect(roundIsNew(3, 2)).toBe(false);
    expect(roundIsNew(0, 0)).toBe(false);
  });
});

describe("the other rulesets' timers (issue 15)", () => {
  const now = (round: number | null, combat: string | null = "c1", time = 0) => ({ round, turn: 0, time, combat });
  it("WFRP Surprised before the fight lasts round 1 (003:L269, L325); gained in round 3 it ends when round 4 begins", () => {
    const before = { round: null, turn: null, time: 0, combat: null };
    expect(wfrpTimerExpired("surprised", surprisedLength(), before, now(1))).toBe(false);
    expect(wfrpTimerExpired("surprised", surprisedLength(), before, now(2))).toBe(true);
    expect(wfrpTimerExpired("surprised", surprisedLength(), before, now(null, null, 1e6))).toBe(false);
    expect(wfrpTimerExpired("surprised", surprisedLength(), { ...before, round: 3, turn: 0, combat: "c1" }, now(3))).toBe(false);
    expect(wfrpTimerExpired("surprised", surprisedLength(), { ...before, round: 3, turn: 0, combat: "c1" }, now(4))).toBe(true);
    expect(wfrpSurpriseStarts(1, false)).toBe(true);
    expect(wfrpSurpriseStarts(0, false)).toBe(false);
    expect(wfrpSurpriseStarts(true, true)).toBe(false);
  });
  it("Storytelling: a turn is 3 s (002:L41): Willpower's mark one turn, a knockout of 4 damage 4 rounds or 12 s; pepper spray only at the scene's end (002:L719)", () => {
    expect(st.willpowerTurnLength(false)).toEqual({ value: 3, units: "seconds" });
    expect(st.willpowerTurnLength(true)).toEqual({ value: 1, units: "rounds" });
    expect(st.knockoutLength(4, true)).toEqual({ value: 4, units: "rounds" });
    expect(st.knockoutLength(4, false)).toEqual({ value: 12, units: "seconds" });
    expect(() => st.knockoutLength(0, true)).toThrow();
    const start = { round: 2, turn: 0, time: 0, combat: "c1" };
    expect(st.storytellingTimerExpired("pepperSpray", st.pepperSprayLength(), start, now(null, null, 1e6))).toBe(false);
    expect(st.storytellingTimerExpired("pepperSpray", st.pepperSprayLength(), start, { ...now(2), sceneOver: true })).toBe(true);
  });
  it("Storytelling bleeding out: a minute is 20 turns of 3 s (002:L41; p.174, one lethal a minute); minutes since the start, at least one", () => {
    expect(st.bleedOutLength(true)).toEqual({ value: 20, units: "rounds" });
    expect(st.bleedOutLength(false)).toEqual({ value: 60, units: "seconds" });
    expect(st.minutesBled({ round: 1, turn: 0, time: 0, combat: "c1" }, now(21))).toBe(1);
    expect(st.minutesBled({ round: 1, turn: 0, time: 0, combat: "c1" }, now(61))).toBe(3);
    expect(st.minutesBled({ round: null, turn: null, time: 100, combat: null }, now(null, null, 460))).toBe(6);
    expect(st.minutesBled({ round: null, turn: null, time: 100, combat: null }, now(null, null, 100))).toBe(1);
  });
  it("Silhouette: a mishap's dive for cover lasts its round (004:L2–L3); rolled at round 0 it ends with round 2 or its combat", () => {
    expect(silhouetteTimerExpired("diveForCover", diveForCoverLength(), { round: 2, turn: 0, time: 0, combat: "c1" }, now(2))).toBe(false);
    expect(silhouetteTimerExpired("diveForCover", diveForCoverLength(), { round: 2, turn: 0, time: 0, combat: "c1" }, now(3))).toBe(true);
    const early = { round: null, turn: null, time: 0, combat: "c1" };
    expect(silhouetteTimerExpired("diveForCover", diveForCoverLength(), early, now(1))).toBe(false);
    expect(silhouetteTimerExpired("diveForCover", diveForCoverLength(), early, now(2))).toBe(true);
    expect(silhouetteTimerExpired("diveForCover", diveForCoverLength(), early, now(null, null))).toBe(true);
  });
  it("D6: Unconscious switched on starts the 2D-minute knock-out (000:L431) only when the wound does not keep the character down", () => {
    expect(d6KnockoutStarts(["unconscious"], "stunned", false)).toBe(true);
    expect(d6KnockoutStarts(["unconscious"], "incapacitated", false)).toBe(false);
    expect(d6KnockoutStarts(["unconscious"], "healthy", true)).toBe(false);
    expect(d6KnockoutStarts(["prone"], "healthy", false)).toBe(false);
  });
});

describe('what is left of a timer (the sheet\'s "rounds left")', () => {
  it("a stun taken in round 3 (this round and the next, 000:L405): 2 rounds left in round 3, 1 in round 4, none in round 5", () => {
    expect(timerRemaining(stunLength(), at(3), at(3))).toEqual({ value: 2, units: "rounds" });
    expect(timerRemaining(stunLength(), at(3), at(4))).toEqual({ value: 1, units: "rounds" });
    expect(timerRemaining(stunLength(), at(3), at(5))).toBeNull();
  });
  it("Surprised gained before the fight (003:L269): its whole round is left until the fight has one", () => {
    expect(timerRemaining(surprisedLength(), at(null), at(null))).toEqual({ value: 1, units: "rounds" });
  });
  it("bacta for four days (000:L533): after a day and an hour, 3 days left (rounded up); none after four days", () => {
    const length = bactaLength(4, "days");
    expect(timerRemaining(length, at(null, 0), at(null, 86400 + 3600))).toEqual({ value: 3, units: "days" });
    expect(timerRemaining(length, at(null, 0), at(null, 4 * 86400))).toBeNull();
  });
  it("turns count across rounds; no length, nothing to show", () => {
    const now = { ...at(2, 0, 1), turnsPerRound: 3 };
    expect(timerRemaining({ value: 4, units: "turns" }, at(1, 0, 2), now)).toEqual({ value: 2, units: "turns" });
    expect(timerRemaining({ value: null, units: "rounds" }, at(1), at(1))).toBeNull();
  });
});
