// Surprise at the start of a fight in the three pool/code rulesets (WFRP's resolveSurprise has its
// own cases in test/rules/wfrp/fidelity.test.ts): D6 000:L361–369, Storytelling WoD p.153 (a
// one-chance roll, 002:L400), Silhouette 004:L89–92.
import { describe, expect, it } from "vitest";
import { forcedDice } from "../../../src/core/dice";
import { resolveSurprise as d6Surprise } from "../../../src/rules/d6/combat";
import { rollPool } from "../../../src/rules/storytelling/roll";
import { resolveSurprise as stSurprise } from "../../../src/rules/storytelling/combat";
import { resolveSurprise as silSurprise } from "../../../src/rules/silhouette/combat";
import { surpriseAttack } from "../../../src/rules/silhouette/melee";
import { rollCheck } from "../../../src/rules/silhouette/pool";

describe("D6 surprise (000:L361–369)", () => {
  it("a search total equal to a sneak total notices that ambusher (000:L367): the side is not surprised", () => {
    const out = d6Surprise({
      ambushers: [
        { id: "a", sneak: 14 },
        { id: "b", sneak: 18 },
      ],
      observers: [
        { id: "luke", search: 14 },
        { id: "han", search: 9 },
      ],
    });
    expect(out.observers).toEqual([
      { id: "luke", noticed: ["a"], surprised: false },
      { id: "han", noticed: [], surprised: false },
    ]);
    expect(out.surprised).toBe(false);
  });
  it("nobody reaches any sneak total: every target is surprised (000:L369)", () => {
    const out = d6Surprise({
      ambushers: [{ id: "a", sneak: 14 }],
      observers: [
        { id: "luke", search: 13 },
        { id: "han", search: 2 },
      ],
    });
    expect(out.surprised).toBe(true);
    expect(out.observers.map((o) => o.surprised)).toEqual([true, true]);
  });
  it("refuses a surprise with no ambusher or a repeated id", () => {
    expect(() => d6Surprise({ ambushers: [], observers: [{ id: "x", search: 3 }] })).toThrow(/ambusher/);
    expect(() => d6Surprise({ ambushers: [{ id: "x", sneak: 3 }], observers: [{ id: "x", search: 3 }] })).toThrow(/distinct/);
  });
});

describe("Storytelling surprise: Wits + Composure, 0 successes (WoD p.153)", () => {
  it("five dice 7,3,2,5,1 give no success: surprised; one 8 among them is enough to act", () => {
    const none = rollPool(5, forcedDice([7, 3, 2, 5, 1])).successes;
    const one = rollPool(5, forcedDice([7, 3, 8, 5, 1])).successes;
    const out = stSurprise([
      { id: "anna", successes: none },
      { id: "boris", successes: one },
    ]);
    expect(out.observers).toEqual([
      { id: "anna", successes: 0, surprised: true },
      { id: "boris", successes: 1, surprised: false },
    ]);
    expect(out.nobodySurprised).toBe(false);
    expect(stSurprise([{ id: "boris", successes: 2 }]).nobodySurprised).toBe(true);
  });
  it("refuses a negative success count", () => {
    expect(() => stSurprise([{ id: "x", successes: -1 }])).toThrow();
  });
});

describe("Silhouette ambush: Notice against Stealth (004:L89–92)", () => {
  it("Notice must beat Stealth (a tie does not spot, 004:L91); an unaware victim is hit against difficulty 1 (004:L89)", () => {
    // Stealth 2 dice: 4,3 → 4; Notice 2 dice: 4,1 → 4 (tie, unaware); 5,2 → 5 (spots).
    const stealth = rollCheck({ dice: 2 }, forcedDice([4, 3])).total;
    const tie = rollCheck({ dice: 2 }, forcedDice([4, 1])).total;
    const beats = rollCheck({ dice: 2 }, forcedDice([5, 2])).total;
    const out = silSurprise({
      ambushers: [{ id: "amb", stealth }],
      observers: [
        { id: "v1", notice: tie },
        { id: "v2", notice: beats },
      ],
    });
    expect(out.observers).toEqual([
      { id: "v1", noticed: [], unaware: true },
      { id: "v2", noticed: ["amb"], unaware: false },
    ]);
    // Melee 3, Stealth 1, target walking: one die against difficulty 1 (digest E43, 004:L89).
    expect(surpriseAttack(3, 1, 0)).toEqual({ dice: 1, difficulty: 1 });
  });
  it("a Notice mishap spots nobody; a Stealth mishap is spotted by all", () => {
    const out = silSurprise({
      ambushers: [{ id: "a", stealth: 1, fumble: true }],
      observers: [
        { id: "v", notice: 0 },
        { id: "w", notice: 9, fumble: true },
      ],
    });
    expect(out.observers.map((o) => o.unaware)).toEqual([false, true]);
  });
});
