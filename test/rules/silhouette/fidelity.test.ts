/**
 * Issue 12 (rules fidelity, round two): the Silhouette disagreements checked against the seed's
 * own words (seed 004, line cited per case).
 */
import { describe, expect, it } from "vitest";
import { forcedDice } from "../../../src/core/dice";
import {
  CLIMB_DIFFICULTY,
  catchFallDifficulty,
  catchFallSlope,
  negativeRofReady,
  resolveAgainst,
  rollInitiative,
  rollScatter,
} from "../../../src/rules/silhouette";
import { optionsFrom } from "../../../src/rules/silhouette/table/settings";

describe("a mishap is a failure by default (004:L45, L112)", () => {
  it("a thrown object on a mishap misses and flies back towards the thrower, even when the total reached the difficulty (004:L110–112)", () => {
    // A mishap's result is 1; with +4 it reaches a difficulty of 1 + modifiers = 3, yet it fails.
    const landing = resolveAgainst(5, 3, { fumble: true });
    expect(landing.success).toBe(false);
    expect(rollScatter(landing.degreeOfFailure, true, forcedDice([]))).toMatchObject({ towardThrower: true, bearingDegrees: 180 });
  });
  it("the world setting 'a mishap may still succeed' (off by default) lets the total decide", () => {
    expect(optionsFrom({}).check.fumbleFails).toBe(true);
    expect(optionsFrom({ mishapMaySucceed: true }).check.fumbleFails).toBe(false);
    expect(resolveAgainst(5, 3, { fumble: true }, optionsFrom({ mishapMaySucceed: true }).check).success).toBe(true);
  });
});

describe("initiative: carrying on last round's action survives a mishap (004:L3)", () => {
  it("a mishap allows only diving for cover, but a character still healing a comrade from last round carries on", () => {
    expect(rollInitiative({ combatSense: 2 }, forcedDice([1, 1])).actions).toBe("diveForCoverOnly");
    const carrying = rollInitiative({ combatSense: 2, continuingAction: true }, forcedDice([1, 1]));
    expect(carrying).toMatchObject({ fumble: true, actions: "continuing" });
  });
});

describe('"catch yourself if you can!" (004:L50)', () => {
  it("a sheer brick wall (7) → 12; a steep slope (2) → 4", () => {
    expect(catchFallDifficulty(7, catchFallSlope("naturalRock"))).toBe(12);
    expect(catchFallDifficulty(CLIMB_DIFFICULTY.steepSlope, catchFallSlope("steepSlope"))).toBe(4);
  });
});

describe("reloading after a negative ROF (004:L100)", () => {
  it("a ROF −1 tank gun fired in round 3 reloads in round 4 and fires again in 5; ROF −2 waits two rounds", () => {
    expect([4, 5].map((r) => negativeRofReady(-1, 3, r).ready)).toEqual([false, true]);
    expect(negativeRofReady(-2, 3, 5)).toEqual({ ready: false, readyRound: 6 });
    expect(negativeRofReady(-1, null, 4).ready).toBe(true);
    expect(negativeRofReady(2, 3, 3).ready).toBe(true);
  });
});
