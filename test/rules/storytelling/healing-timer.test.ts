// Natural healing as a timer (published World of Darkness rulebook pp.175–176, digest §Z.7): one
// bashing point heals in 15 minutes, one lethal in 2 days, one aggravated in a week, the rightmost
// (least severe) wound first. The minutes below are worked from that table by hand.
import { describe, expect, it } from "vitest";
import { healingLength, healingProgress, minutesSince, nextToHeal, storytellingTimerExpired } from "../../../src/rules/storytelling/timers";
import { parseTrack } from "../../../src/rules/storytelling";

const DAY = 24 * 60;

describe("natural healing timer (pp.175–176)", () => {
  it("the rightmost wound heals first: bashing before lethal before aggravated", () => {
    expect(nextToHeal(parseTrack("*X/....."))).toBe("bashing");
    expect(nextToHeal(parseTrack("*XX....."))).toBe("lethal");
    expect(nextToHeal(parseTrack("**......"))).toBe("aggravated");
    expect(nextToHeal(parseTrack("........"))).toBeNull();
  });

  it("the timer lasts the next wound's time: 15 minutes, 2 days, a week (7 days)", () => {
    expect(healingLength(parseTrack("X//....."))).toEqual({ value: 15, units: "minutes" });
    expect(healingLength(parseTrack("*X......"))).toEqual({ value: 2, units: "days" });
    expect(healingLength(parseTrack("*......."))).toEqual({ value: 7, units: "days" });
    expect(healingLength(parseTrack("........"))).toBeNull();
  });

  it("40 minutes on two bruises heal both; 25 minutes heal one and keep 10 towards the next", () => {
    expect(healingProgress(parseTrack("//......"), 40)).toEqual({
      track: parseTrack("........"),
      healed: 2,
      next: null,
      served: 0,
    });
    expect(healingProgress(parseTrack("//......"), 25)).toEqual({
      track: parseTrack("/......."),
      healed: 1,
      next: "bashing",
      served: 10,
    });
  });

  it("a GM who lets 3 days pass on X/: the bruise (15 min) and the cut (2 days) both heal at once", () => {
    const p = healingProgress(parseTrack("X/......"), 3 * DAY);
    expect(p.track).toEqual(parseTrack("........"));
    expect(p.healed).toBe(2);
  });

  it("a week and a day on *X: the cut heals in 2 days, 6 days served towards the aggravated wound's week", () => {
    const p = healingProgress(parseTrack("*X......"), 8 * DAY);
    expect(p.track).toEqual(parseTrack("*......."));
    expect(p.next).toBe("aggravated");
    expect(p.served).toBe(6 * DAY);
  });

  it("too short a rest heals nothing and serves all of it", () => {
    expect(healingProgress(parseTrack("X......."), DAY)).toEqual({ track: parseTrack("X......."), healed: 0, next: "lethal", served: DAY });
  });

  it("minutes since the start count world time, whole minutes, never negative", () => {
    const start = { round: null, turn: null, time: 100 };
    expect(minutesSince(start, { round: null, turn: null, time: 100 + 15 * 60 - 1 })).toBe(14);
    expect(minutesSince(start, { round: null, turn: null, time: 50 })).toBe(0);
  });

  it("a 15-minute healing timer runs out at 900 s of world time, rounds or not", () => {
    const start = { round: 1, turn: 0, time: 0, combat: "c" };
    const length = { value: 15, units: "minutes" as const };
    expect(storytellingTimerExpired("healing", length, start, { round: 299, turn: 0, time: 899, combat: "c" })).toBe(false);
    expect(storytellingTimerExpired("healing", length, start, { round: 300, turn: 0, time: 900, combat: "c" })).toBe(true);
  });
});
