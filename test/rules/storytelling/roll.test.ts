import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { OmnibusError } from "../../../src/core/errors";
import { forcedDice, seededDice } from "../../../src/core/dice";
import {
  addBonusSuccesses,
  classifyOutcome,
  resolvePool,
  rollAdvancedAction,
  rollPool,
  type AgainLevel,
} from "../../../src/rules/storytelling";

// Digest rules/storytelling.md §X "Worked examples as test vectors"; seed 002 line numbers cited.

describe("successes on 8+ (digest §6)", () => {
  it("E7 (002:L186–L188): [2,3,5,7,8,9] → 2 successes, a success", () => {
    const r = resolvePool(6, [2, 3, 5, 7, 8, 9]);
    expect(r.successes).toBe(2);
    expect(r.outcome).toBe("success");
    expect(r.chance).toBe(false);
  });
  it("E11 (002:L254): Travis rolls one die, [2] → failure", () => {
    const r = resolvePool(1, [2]);
    expect(r.successes).toBe(0);
    expect(r.outcome).toBe("failure");
    expect(r.dramaticFailure).toBe(false);
  });
  it("E10b (002:L222): a normal pool of 1 rolling [1] is a failure, not a dramatic failure", () => {
    const r = resolvePool(1, [1]);
    expect(r.outcome).toBe("failure");
    expect(r.dramaticFailure).toBe(false);
  });
  it("A50 (002:L216–L222): all ones on a normal pool is no dramatic failure", () => {
    expect(resolvePool(5, [1, 1, 1, 1, 1]).dramaticFailure).toBe(false);
  });
});

describe("10-again (digest §7, E8, 002:L196)", () => {
  const base = [2, 4, 4, 7, 8, 9, 10];
  it("re-roll 5 → 3 successes", () => expect(resolvePool(7, [...base, 5]).successes).toBe(3));
  it("re-roll 8 or 9 → 4 successes", () => {
    expect(resolvePool(7, [...base, 8]).successes).toBe(4);
    expect(resolvePool(7, [...base, 9]).successes).toBe(4);
  });
  it("re-roll 10 → 4 successes and roll again; a further 8+ adds more", () => {
    expect(resolvePool(7, [...base, 10, 3]).successes).toBe(4);
    expect(resolvePool(7, [...base, 10, 8]).successes).toBe(5);
  });
  it("too few faces for the again-die is an OmnibusError (the rules ask for it)", () => {
    expect(() => resolvePool(7, base)).toThrow(OmnibusError);
  });
  it("each of several 10s explodes separately; explosions are appended in order (002:L194)", () => {
    // [10,10] → again-dice for die 1 and die 2 come next, then the again-die of the first again-die.
    const r = resolvePool(2, [10, 10, 10, 2, 9]);
    expect(r.detail.map((d) => d.kind)).toEqual(["initial", "initial", "again", "again", "again"]);
    expect(r.successes).toBe(4);
  });
  it("9-again re-rolls 9s and 10s (002:L464); 8-again every success (002:L466); none re-rolls nothing", () => {
    expect(resolvePool(3, [9, 8, 2, 3], { again: 9 }).successes).toBe(2);
    expect(resolvePool(3, [9, 8, 2, 8, 3, 2], { again: 8 }).successes).toBe(3);
    expect(resolvePool(2, [10, 9], { again: "none" }).successes).toBe(2);
  });
});

describe("the chance die (digest §8, E9, E10)", () => {
  it("E9 (002:L208–L212): [10,10,8] → 2 successes; the 8 counts nothing on a chance roll", () => {
    const r = resolvePool(0, [10, 10, 8]);
    expect(r.chance).toBe(true);
    expect(r.successes).toBe(2);
    expect(r.outcome).toBe("success");
  });
  it("E10 (002:L218): [1] → dramatic failure", () => {
    const r = resolvePool(0, [1]);
    expect(r.dramaticFailure).toBe(true);
    expect(r.outcome).toBe("dramaticFailure");
  });
  it("E10 (002:L220): [10,1] → 1 success, no dramatic failure", () => {
    const r = resolvePool(0, [10, 1]);
    expect(r.successes).toBe(1);
    expect(r.dramaticFailure).toBe(false);
  });
  it("a chance die of 8 or 9 fails (002:L206)", () => {
    expect(resolvePool(0, [9]).outcome).toBe("failure");
    expect(resolvePool(0, [8]).outcome).toBe("failure");
  });
  it("A1 (002:L414): a negative pool is a chance roll", () => {
    expect(resolvePool(-1, [10, 3]).chance).toBe(true);
    expect(resolvePool(-7, [1]).dramaticFailure).toBe(true);
  });
  it("A5: 9-again does not make a chance die of 9 explode (default), but can (option)", () => {
    expect(resolvePool(0, [9], { again: 9 }).dice).toEqual([9]);
    expect(resolvePool(0, [9, 10, 2], { again: 9, chanceDieUsesAgainLevel: true }).successes).toBe(1);
  });
});

describe("rote actions (digest §14.5, E32, E33)", () => {
  it("E32 (002:L476): 3 successes, the other dice re-rolled once and their successes added", () => {
    // 6 dice: 3 successes, 3 failures re-rolled as [8, 2, 9] → 5 successes.
    const r = resolvePool(6, [8, 1, 9, 3, 8, 5, 8, 2, 9], { rote: true });
    expect(r.successes).toBe(5);
    expect(r.detail.filter((d) => d.kind === "rote")).toHaveLength(3);
  });
  it("a rote re-roll is made once: a failed re-roll stays failed", () => {
    expect(resolvePool(2, [1, 2, 3, 4], { rote: true }).successes).toBe(0);
  });
  it("issue order: rote re-rolls come before again-dice, and a rote 10 explodes", () => {
    const r = resolvePool(2, [10, 3, 10, 8, 2], { rote: true });
    // initial 10, 3 → rote for the 3 = 10 → again for die 1 = 8, again for the rote die = 2
    expect(r.detail.map((d) => d.kind)).toEqual(["initial", "initial", "rote", "again", "again"]);
    expect(r.successes).toBe(3);
  });
  it("default (002:L474: any failed die, once): a failed again-die is re-rolled too; the initialDice setting does not", () => {
    expect(resolvePool(1, [10, 3, 9], { rote: true }).successes).toBe(2);
    expect(resolvePool(1, [10, 3, 9], { rote: true }).detail.map((d) => d.kind)).toEqual(["initial", "again", "rote"]);
    expect(resolvePool(1, [10, 3], { rote: true, roteRerolls: "initialDice" }).successes).toBe(1);
    // A die that came from a rote re-roll is never re-rolled again (once, 002:L474): 3 → 10 → 2 stops.
    expect(resolvePool(1, [3, 10, 2], { rote: true }).successes).toBe(1);
  });
  it("E33 (002:L478): chance die of 1 → dramatic failure, no re-roll", () => {
    const r = resolvePool(0, [1], { rote: true });
    expect(r.dramaticFailure).toBe(true);
    expect(r.dice).toEqual([1]);
  });
  it("E33: chance die 10 explodes until a non-10, then one more chance roll, which explodes on 10", () => {
    const r = resolvePool(0, [10, 10, 4, 10, 7], { rote: true });
    expect(r.successes).toBe(3);
    expect(r.detail.map((d) => d.kind)).toEqual(["initial", "again", "again", "rote", "again"]);
    expect(r.dramaticFailure).toBe(false);
  });
  it("A17: a chance die of 2–9 gets one rote re-roll; a 1 on it is no dramatic failure", () => {
    expect(resolvePool(0, [5, 10, 2], { rote: true }).successes).toBe(1);
    const r = resolvePool(0, [5, 1], { rote: true });
    expect(r.dramaticFailure).toBe(false);
    expect(r.outcome).toBe("failure");
  });
});

describe("outcomes and variants", () => {
  it("exceptional success at five successes (002:L242, L382)", () => {
    expect(resolvePool(5, [8, 8, 8, 8, 9]).exceptional).toBe(true);
    expect(resolvePool(5, [8, 8, 8, 8, 2]).exceptional).toBe(false);
    expect(classifyOutcome(5, false)).toBe("exceptionalSuccess");
  });
  it("E31 (002:L468): bonus successes 4 → +4 to a roll with ≥1 success, nothing to a failure", () => {
    expect(addBonusSuccesses(1, 4)).toBe(5);
    expect(addBonusSuccesses(0, 4)).toBe(0);
  });
  it("advanced action (002:L480): roll twice, keep the better", () => {
    const r = rollAdvancedAction(2, forcedDice([1, 2, 8, 9]));
    expect(r.first.successes).toBe(0);
    expect(r.kept.successes).toBe(2);
  });
});

describe("properties", () => {
  const again = fc.constantFrom<AgainLevel>(10, 9, 8, "none");
  it("successes = dice ≥ 8 (≥ 10 on a chance roll); one die per pool die plus one per again face", () => {
    fc.assert(
      fc.property(fc.integer({ min: -3, max: 30 }), again, fc.boolean(), fc.integer(), (pool, a, rote, seed) => {
        const r = rollPool(pool, seededDice(seed), { again: a, rote });
        const threshold = r.chance ? 10 : 8;
        expect(r.successes).toBe(r.detail.filter((d) => d.face >= threshold).length);
        const againFace = a === "none" ? 11 : r.chance ? 10 : a;
        const againDice = r.detail.filter((d) => d.kind === "again").length;
        expect(againDice).toBe(r.detail.filter((d) => d.face >= againFace && !d.rerolledRote).length);
        if (!rote) expect(r.dice.length).toBe((r.chance ? 1 : pool) + againDice);
        expect(r.exceptional).toBe(r.successes >= 5);
        expect(r.dramaticFailure).toBe(r.chance && r.dice[0] === 1);
        // Resolving the same faces again gives the same result (the dice order contract is closed).
        expect(resolvePool(pool, r.dice, { again: a, rote })).toEqual(r);
      }),
    );
  });
  it("rote never lowers successes (same initial faces)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer(), (pool, seed) => {
        const plain = rollPool(pool, seededDice(seed), { again: "none" });
        const extra = rollPool(pool, seededDice(seed + 1), { again: "none" }).dice;
        const faces = [...plain.dice, ...extra.slice(0, plain.detail.filter((d) => !d.success).length)];
        if (faces.length < plain.dice.length + plain.detail.filter((d) => !d.success).length) return;
        expect(resolvePool(pool, faces, { again: "none", rote: true }).successes).toBeGreaterThanOrEqual(plain.successes);
      }),
    );
  });
  it("garbage in: an answer or an OmnibusError, never anything else", () => {
    fc.assert(
      fc.property(fc.anything(), fc.array(fc.anything(), { maxLength: 12 }), fc.anything(), (pool, faces, a) => {
        try {
          resolvePool(pool as number, faces as number[], { again: a as 10 });
        } catch (e) {
          expect(e).toBeInstanceOf(OmnibusError);
        }
      }),
    );
  });
  it("faces out of range and unused faces are OmnibusErrors", () => {
    expect(() => resolvePool(1, [11])).toThrow(OmnibusError);
    expect(() => resolvePool(1, [0])).toThrow(OmnibusError);
    expect(() => resolvePool(1, [3, 4])).toThrow(OmnibusError);
    expect(() => resolvePool(1.5, [3])).toThrow(OmnibusError);
  });
});
