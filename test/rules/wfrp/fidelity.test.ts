/**
 * Issue 12 (rules fidelity, round two): the WFRP disagreements checked against the seed's own
 * numbers (seed 003, line cited per case).
 */
import { describe, expect, it } from "vitest";
import {
  assistance,
  breakInitiativeTie,
  rerollOpposed,
  rerollTest,
  chooseTieOrder,
  resolveSurprise,
  spendResolveOnSurprise,
  surpriseDeterminedIn,
  orderInitiative,
  rankInitiativeTie,
  resolveRoll,
} from "../../../src/rules/wfrp";
import { forcedDice } from "../../../src/core/dice";
import { OmnibusError } from "../../../src/core/errors";

describe("Fast SL on a successful 00 (003:L142)", () => {
  it("with automatic failure off, a 00 that succeeds reads the tens of 100: +10 SL", () => {
    const noAuto = { fastSL: true, autoFailMin: 101, testsOver100: false };
    expect(resolveRoll(100, 100, noAuto)).toMatchObject({ success: true, sl: 10 });
    // the same option reads 36 as +3 (003:L142's own example)
    expect(resolveRoll(100, 36, noAuto).sl).toBe(3);
  });
});

describe("a full initiative tie: an opposed Agility test, the winner chooses (003:L281)", () => {
  it("equal Initiative: the higher Agility acts first, no test (003:L281)", () => {
    const order = orderInitiative([
      { id: "a", score: 35, roll: null, initiative: 35, agility: 30 },
      { id: "b", score: 35, roll: null, initiative: 35, agility: 41 },
    ]);
    expect(order.map((e) => [e.id, e.tieGroup])).toEqual([
      ["b", 0],
      ["a", 0],
    ]);
  });
  it("equal Agility too: both test Agility 35; 23 (+1 SL) beats 34 (+0 SL), and the winner may go first or let the other", () => {
    const tied = [
      { id: "cultist1", agility: 35 },
      { id: "cultist2", agility: 35 },
    ];
    const r = breakInitiativeTie(forcedDice([34, 23]), tied);
    expect(r.rounds[0].map((x) => x.sl)).toEqual([0, 1]);
    expect(r.order).toEqual(["cultist2", "cultist1"]);
    expect(r.winner).toBe("cultist2");
    expect(chooseTieOrder(r.order, "cultist1")).toEqual(["cultist1", "cultist2"]);
  });
  it("a level result tests again among those still level; three tied, one clear winner, two re-test", () => {
    const tied = [
      { id: "a", agility: 40 },
      { id: "b", agility: 40 },
      { id: "c", agility: 40 },
    ];
    // round 1: a 15 (+3), b 25 (+2), c 22 (+2) → a first, b and c level; round 2: b 60 (−2), c 38 (+1)
    const r = breakInitiativeTie(forcedDice([15, 25, 22, 60, 38]), tied);
    expect(r.order).toEqual(["a", "c", "b"]);
    expect(r.rounds).toHaveLength(2);
    expect(rankInitiativeTie(tied, [15, 25, 22]).groups).toEqual([["a"], ["b", "c"]]);
  });
  it("bad input rolls nothing", () => {
    const src = forcedDice([1, 2]);
    expect(() =>
      breakInitiativeTie(src, [
        { id: "a", agility: 30 },
        { id: "a", agility: 30 },
      ]),
    ).toThrow(OmnibusError);
    expect(src.remaining).toBe(2);
  });
});

describe("assistance counts only the helpers the seed allows (003:L221–237)", () => {
  it("the seed's search: Ademar (Perception 59) helped by Perdita and Valentin, both with the skill: +20 → 59 − 10 + 20 = 69 (003:L239)", () => {
    const r = assistance(
      45,
      [
        { advances: 5, value: 41 },
        { advances: 3, value: 38 },
      ],
      undefined,
      { testerValue: 59 },
    );
    expect(r).toMatchObject({ bonus: 20, counted: 2, betterHelper: false });
    expect(59 - 10 + r.bonus).toBe(69);
  });
  it("a helper without an Advance in the skill does not count (003:L231); nor one who is not near (003:L233)", () => {
    const r = assistance(45, [{ advances: 0 }, { advances: 2, near: false }, { advances: 1 }]);
    expect(r).toMatchObject({ bonus: 10, counted: 1, eligible: 1 });
    expect(r.helpers).toEqual(["noAdvance", "notNear", "counted"]);
  });
  it("no more helpers than the tester's Bonus in the characteristic used (003:L237): Bonus 2, three able helpers → +20", () => {
    expect(assistance(29, [{ advances: 1 }, { advances: 1 }, { advances: 1 }]).helpers).toEqual(["counted", "counted", "overLimit"]);
  });
  it("none when resisting poison (003:L235)", () => {
    expect(assistance(45, [{ advances: 4 }], "poison")).toMatchObject({ bonus: 0, refused: "resistanceTest" });
  });
  it("the one with the best chance rolls (003:L223): a helper at 60 beats a tester at 59", () => {
    expect(assistance(45, [{ advances: 4, value: 60 }], undefined, { testerValue: 59 }).betterHelper).toBe(true);
  });
});

describe("surprise is determined and resolved as the seed describes (003:L269, L301–325)", () => {
  const observers = [
    { id: "tollich", perception: 41, combatAware: true },
    { id: "perdita", perception: 33 },
  ];
  it("it is determined in the first round (003:L269)", () => {
    expect([1, 2].map(surpriseDeterminedIn)).toEqual([true, false]);
  });
  it("the seed's example: unprepared defenders are Surprised; Tollich's Combat Aware, Challenging Perception 41, rolls 23 and is not; Perdita is (003:L325)", () => {
    const r = resolveSurprise(forcedDice([23]), { method: "unprepared", observers });
    expect(r.observers.map((o) => [o.id, o.surprised])).toEqual([
      ["tollich", false],
      ["perdita", true],
    ]);
    expect(r.observers[0].combatAware).toMatchObject({ roll: 23, success: true, sl: 2 });
  });
  it("a detectable ambush: the lowest Stealth opposes each observer's Perception; losers are Surprised (003:L315)", () => {
    // Stealth 30 (the lower of 30 and 45) vs Perdita 33: 25 (+1) vs 40 (−1) → Surprised; vs Tollich: 25 vs 11 (+3) → not
    const r = resolveSurprise(forcedDice([25, 11, 25, 40]), { method: "ambush", ambusherStealth: [45, 30], detectable: true, observers });
    expect(r.observers.map((o) => o.surprised)).toEqual([false, true]);
    expect(r.nobodySurprised).toBe(false);
  });
  it("an ambush nobody can spot: one Stealth test; a failure surprises nobody, fight as usual (003:L303, L317)", () => {
    const r = resolveSurprise(forcedDice([60]), {
      method: "ambush",
      ambusherStealth: [45],
      observers: [{ id: "perdita", perception: 33 }],
    });
    expect(r).toMatchObject({ nobodySurprised: true, stealthTest: { success: false } });
  });
  it("a Surprised character may spend a Resolve point to lose the Condition (003:L319)", () => {
    expect(spendResolveOnSurprise({ resolve: 2, surprised: 1 })).toEqual({ resolve: 1, surprised: 0 });
    expect(() => spendResolveOnSurprise({ resolve: 0, surprised: 1 })).toThrow(OmnibusError);
  });
});

describe("a re-roll ignores the result and rolls again; it is final (003:L72) — the pure part", () => {
  it("a failed 74 against the search's 69 (003:L239) re-rolled as 52 succeeds", () => {
    const r = rerollTest({ spec: { value: 59, difficulty: "difficult", modifier: 20 }, roll: 74, rerolls: 0 }, 52);
    expect(r.previous).toMatchObject({ target: 69, success: false });
    expect(r.result).toMatchObject({ roll: 52, success: true, sl: 1 });
    expect(r.rerolls).toBe(1);
  });
  it("a re-rolled result is final in normal circumstances", () => {
    expect(() => rerollTest({ spec: { value: 59 }, roll: 52, rerolls: 1 }, 10)).toThrow(OmnibusError);
    expect(rerollTest({ spec: { value: 59 }, roll: 52, rerolls: 1 }, 10, {}, { allowAnother: true }).rerolls).toBe(2);
  });
  it("the seed's opposed Endurance test, Salundra 46 rolls 21 (+2), Fat Tom 63 rolls 91 (003:L203): Tom re-rolls 33 (+3) and now wins by 1", () => {
    const salundra = { spec: { value: 46 }, roll: 21, rerolls: 0 };
    const tom = { spec: { value: 63 }, roll: 91, rerolls: 0 };
    const r = rerollOpposed(salundra, tom, "defender", 33);
    expect([r.attacker.sl, r.defender.sl]).toEqual([2, 3]);
    expect(r).toMatchObject({ winner: "defender", margin: 1, decidedBy: "sl" });
  });
});
