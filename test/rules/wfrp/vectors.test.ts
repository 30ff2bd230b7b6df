// Every worked example of the digest's "Worked examples as test vectors" (rules/wfrp.md §5, V1–V27),
// each citing its digest vector and seed line. Expected numbers are the digest's, never the code's.
import { describe, expect, it } from "vitest";
import { forcedDice } from "../../../src/core/dice";
import {
  assistance,
  characteristicBonus,
  characteristicValue,
  extendedTest,
  isDouble,
  opposeFixedSL,
  orderInitiative,
  resolveCombined,
  resolveOpposed,
  resolveRoll,
  resolveTest,
  reverseRoll,
  rollCombatAware,
  rollInitiative,
  rollOpposed,
  skillValue,
  testTarget,
} from "../../../src/rules/wfrp";

describe("V1 — simple Athletics test, Molly 42, roll 17 (003:L50)", () => {
  it("17 ≤ 42 succeeds; as a Dramatic Test +3 SL (4−1)", () => {
    const r = resolveTest({ value: 42 }, 17);
    expect(r.success).toBe(true);
    expect(r.sl).toBe(3);
  });
  it("any roll 43–95 fails", () => {
    for (let roll = 43; roll <= 95; roll++) expect(resolveTest({ value: 42 }, roll).success).toBe(false);
  });
});

describe("V2 — Charm 115 = Fellowship 80 + 35 Advances, tests over 100 % (003:L122)", () => {
  it("the skill value is 80 + 35 = 115", () => {
    expect(skillValue(characteristicValue({ initial: 80, advances: 0 }), 35, false).value).toBe(115);
  });
  it("roll 50 succeeds with base 11−5 = +6 plus +1 = +7 SL", () => {
    const r = resolveTest({ value: 115 }, 50, { testsOver100: true });
    expect(r).toMatchObject({ success: true, sl: 7 });
  });
  it("without the option the same roll gives +6", () => {
    expect(resolveTest({ value: 115 }, 50).sl).toBe(6);
  });
  it("roll 97 is an automatic failure with −1 SL", () => {
    const r = resolveTest({ value: 115 }, 97, { testsOver100: true });
    expect(r).toMatchObject({ success: false, sl: -1, auto: "failure" });
  });
});

describe("V3 — Dramatic tests (003:L132)", () => {
  it("V3a: Ride (Horse) 49, roll 29 → +2 SL, Success band", () => {
    expect(resolveTest({ value: 49 }, 29)).toMatchObject({ success: true, sl: 2, outcome: "success" });
  });
  it("V3b: Perception 39, roll 89 → −5 SL, Impressive Failure band", () => {
    expect(resolveTest({ value: 39 }, 89)).toMatchObject({ success: false, sl: -5, outcome: "impressive_failure" });
  });
});

describe("V4 — Fast SL (003:L142)", () => {
  it("a success with 36 gives +3 SL for any target ≥ 36", () => {
    for (const value of [36, 45, 70, 99]) expect(resolveTest({ value }, 36, { fastSL: true })).toMatchObject({ success: true, sl: 3 });
  });
  it("target 45, roll 36: normal SL +1, Fast SL +3", () => {
    expect(resolveTest({ value: 45 }, 36).sl).toBe(1);
    expect(resolveTest({ value: 45 }, 36, { fastSL: true }).sl).toBe(3);
  });
  it("a failure keeps the normal SL (003:L142): target 45, roll 70 → −3", () => {
    expect(resolveTest({ value: 45 }, 70, { fastSL: true })).toMatchObject({ success: false, sl: -3 });
  });
});

describe("V5 — Track 41, Very Hard replaces Average (003:L171)", () => {
  it("Average would make the target 61; roll 35 would succeed with +3", () => {
    expect(testTarget({ value: 41, difficulty: "average" })).toBe(61);
    expect(resolveTest({ value: 41, difficulty: "average" }, 35)).toMatchObject({ success: true, sl: 3 });
  });
  it("Very Hard (−30): target 11, roll 35 fails with SL 1−3 = −2", () => {
    const r = resolveTest({ value: 41, difficulty: "very_hard" }, 35);
    expect(r).toMatchObject({ target: 11, success: false, sl: -2 });
  });
});

describe("V6 — opposed Intimidate 47 (roll 04) vs Leadership 46 (roll 16) (003:L195)", () => {
  it("Salundra +4 SL (04 is also automatic: max(4, 1)), the officer +3; Salundra wins by 1", () => {
    const r = resolveOpposed({ value: 47 }, 4, { value: 46 }, 16);
    expect(r.attacker).toMatchObject({ sl: 4, success: true, auto: "success" });
    expect(r.defender).toMatchObject({ sl: 3, success: true });
    expect(r.winner).toBe("attacker");
    expect(r.margin).toBe(1);
  });
});

describe("V7 — opposed Endurance 46 (roll 21) vs Fat Tom 63 (roll 91) (003:L201-203)", () => {
  it("Salundra +2, Tom −3 (6−9; the seed's −2 is an arithmetic error), margin 5", () => {
    const r = resolveOpposed({ value: 46 }, 21, { value: 63 }, 91);
    expect(r.attacker.sl).toBe(2);
    expect(r.defender.sl).toBe(-3);
    expect(r.winner).toBe("attacker");
    expect(r.margin).toBe(5);
  });
});

describe("V8 — extended Pick Lock 58, need 5 SL in 3 rolls: 62, 11, 42 (003:L211-213)", () => {
  const results = [62, 11, 42].map((roll) => resolveTest({ value: 58, difficulty: "challenging" }, roll));
  it("the rolls give −1, +4, +1", () => {
    expect(results.map((r) => r.sl)).toEqual([-1, 4, 1]);
  });
  it("totals 0 (floored), 4, 5: success on the third, last roll", () => {
    expect(extendedTest(results, 5, { maxRolls: 3 })).toEqual({ totals: [0, 4, 5], completedOnRoll: 3, status: "complete" });
  });
  it("the 0 SL option gives the same result", () => {
    expect(extendedTest(results, 5, { maxRolls: 3, zeroSLCounts: true }).totals).toEqual([0, 4, 5]);
  });
});

describe("V9 — Ademar Perception 59, Difficult, 2 helpers, roll 74 (003:L239)", () => {
  it("two helpers with Advances give +20 (his tested characteristic's Bonus must be ≥ 2)", () => {
    expect(assistance(35, [{ advances: 5 }, { advances: 3 }]).bonus).toBe(20);
  });
  it("target 59 − 10 + 20 = 69; roll 74 fails with 6−7 = −1, Marginal Failure", () => {
    const r = resolveTest({ value: 59, difficulty: "difficult", modifier: 20 }, 74);
    expect(r).toMatchObject({ target: 69, success: false, sl: -1, outcome: "marginal_failure" });
  });
});

describe("V10 — combined Perform (Dance) 53 and Entertain (Sing) untrained → Fellowship 43, roll 46 (003:L247)", () => {
  it("Entertain is a basic skill: untrained it tests the bare Fellowship 43", () => {
    expect(skillValue(43, 0, false)).toEqual({ value: 43, trained: false, untrainedBasic: true });
  });
  it("Dance +1 SL success, Sing −0 failure → partial", () => {
    const c = resolveCombined([{ value: 53 }, { value: 43 }], 46);
    expect(c.results[0]).toMatchObject({ success: true, sl: 1, slLabel: "+1" });
    expect(c.results[1]).toMatchObject({ success: false, sl: 0, slLabel: "-0" });
    expect(c.overall).toBe("partial");
  });
});

describe("V11 — initiative Tollich 38, cultists 35, Perdita 33 (003:L283)", () => {
  it("order Tollich → cultists → Perdita, no dice", () => {
    const dice = forcedDice([]);
    const order = rollInitiative(
      dice,
      [
        { id: "perdita", initiative: 33, agility: 40 },
        { id: "cultist1", initiative: 35, agility: 30 },
        { id: "tollich", initiative: 38, agility: 25 },
        { id: "cultist2", initiative: 35, agility: 31 },
      ],
      "fixed",
    );
    expect(order.map((e) => e.id)).toEqual(["tollich", "cultist2", "cultist1", "perdita"]);
    dice.assertExhausted();
  });
});

describe("V12 — Tollich Combat Aware, Perception 41, Challenging, roll 23 (003:L325)", () => {
  it("success +2 SL: not Surprised", () => {
    const r = rollCombatAware(forcedDice([23]), 41);
    expect(r.test).toMatchObject({ success: true, sl: 2 });
    expect(r.surprised).toBe(false);
  });
});

describe("V13 — Molly Athletics 34, Average, roll 21; bystanders oppose +3 SL (003:L353)", () => {
  it("target 54, success +3 SL (5−2)", () => {
    expect(resolveTest({ value: 34, difficulty: "average" }, 21)).toMatchObject({ target: 54, success: true, sl: 3 });
  });
  it("a Dodge that beats +3 SL wins; one that only ties or falls short loses (tie to the fixed SL, digest §7 item 10)", () => {
    expect(opposeFixedSL(resolveTest({ value: 60 }, 15), 3).rollerWins).toBe(true); // +5
    expect(opposeFixedSL(resolveTest({ value: 45 }, 10), 3).rollerWins).toBe(false); // +3, tie
    expect(opposeFixedSL(resolveTest({ value: 40 }, 30), 3).rollerWins).toBe(false); // +1
  });
});

describe("V14 — reversal (003:L74)", () => {
  it("58 → 85, 41 → 14, 77 → 77; derived 07 → 70, 10 → 01, 00 → 00", () => {
    expect([58, 41, 77, 7, 10, 100].map(reverseRoll)).toEqual([85, 14, 77, 70, 1, 100]);
  });
});

describe("V15 — doubles (003:L70)", () => {
  it("11, 22, 33, 44, 99 and 00 are doubles; 12 is not", () => {
    for (const r of [11, 22, 33, 44, 99, 100]) expect(isDouble(r)).toBe(true);
    expect(isDouble(12)).toBe(false);
  });
});

describe("V16–V20 — automatic results (003:L60, L136, L138)", () => {
  it("V16: target 120, roll 97 → failure, base +3 → −1 by the min rule", () => {
    expect(resolveRoll(120, 97)).toMatchObject({ success: false, sl: -1 });
  });
  it("V17: target −5, roll 03 → success, SL max(−1 − 0, 1) = +1", () => {
    const r = resolveTest({ value: 25, difficulty: "very_hard" }, 3);
    expect(r).toMatchObject({ target: -5, success: true, sl: 1 });
  });
  it("V18: target 45, roll 05 → success +4", () => {
    expect(resolveTest({ value: 45 }, 5)).toMatchObject({ success: true, sl: 4 });
  });
  it("V19: target 3, roll 05 → success +1", () => {
    expect(resolveTest({ value: 3 }, 5)).toMatchObject({ success: true, sl: 1 });
  });
  it("V20: target 99, roll 97 → failure −1; −0 under the literal 'greater' reading", () => {
    expect(resolveTest({ value: 99 }, 97)).toMatchObject({ success: false, sl: -1 });
    expect(resolveTest({ value: 99 }, 97, { autoFailSL: "literalMax" })).toMatchObject({ success: false, sl: 0, slLabel: "-0" });
  });
});

describe("V21 — ±0 (003:L130)", () => {
  it("target 40, roll 40 → +0 Marginal Success; roll 41 → −0 Marginal Failure", () => {
    expect(resolveTest({ value: 40 }, 40)).toMatchObject({ success: true, sl: 0, slLabel: "+0", outcome: "marginal_success" });
    expect(resolveTest({ value: 40 }, 41)).toMatchObject({ success: false, sl: 0, slLabel: "-0", outcome: "marginal_failure" });
  });
});

describe("V22 — criticals and fumbles option (003:L161)", () => {
  it("target 45, roll 44: +0, Critical, Astounding Success", () => {
    expect(resolveTest({ value: 45 }, 44, { critsOnDoubles: true })).toMatchObject({
      success: true,
      sl: 0,
      critical: true,
      fumble: false,
      outcome: "astounding_success",
    });
  });
  it("roll 55: −1, Fumble, Astounding Failure", () => {
    expect(resolveTest({ value: 45 }, 55, { critsOnDoubles: true })).toMatchObject({
      success: false,
      sl: -1,
      critical: false,
      fumble: true,
      outcome: "astounding_failure",
    });
  });
  it("without the option the labels stay Marginal", () => {
    expect(resolveTest({ value: 45 }, 44)).toMatchObject({ critical: false, outcome: "marginal_success", double: true });
  });
});

describe("V23 — target 45, roll 00 (003:L60, L130)", () => {
  it("failure, SL 4−10 = −6, a double (fumble with the option)", () => {
    expect(resolveTest({ value: 45 }, 100, { critsOnDoubles: true })).toMatchObject({ success: false, sl: -6, double: true, fumble: true });
  });
});

describe("V24 — opposed, both +2 SL, tested values 45 vs 50 (003:L191)", () => {
  it("the 50 wins, margin 0", () => {
    const r = resolveOpposed({ value: 45 }, 25, { value: 50 }, 30);
    expect([r.attacker.sl, r.defender.sl]).toEqual([2, 2]);
    expect(r).toMatchObject({ winner: "defender", margin: 0, decidedBy: "tieBreak" });
  });
  it("both 50: stalemate by default, or a re-roll (two more faces) with the option", () => {
    expect(resolveOpposed({ value: 50 }, 25, { value: 50 }, 25)).toMatchObject({ winner: null, margin: 0 });
    const dice = forcedDice([25, 25, 10, 40]);
    const r = rollOpposed(dice, { value: 50 }, { value: 50 }, {}, { finalTie: "reroll" });
    expect(r).toMatchObject({ winner: "attacker", margin: 3, rerolls: 1 }); // 5−1 = +4 vs 5−4 = +1
    dice.assertExhausted();
  });
});

describe("V25 — assistance cap (003:L237)", () => {
  it("characteristic 38 → Bonus 3; 4 willing helpers → only 3 help → +30", () => {
    expect(characteristicBonus(38)).toBe(3);
    expect(
      assistance(
        38,
        [1, 2, 3, 4].map(() => ({ advances: 1 })),
      ),
    ).toMatchObject({ bonus: 30, counted: 3, limit: 3 });
  });
});

describe("V26 — 1d10 + Agility Bonus + Initiative Bonus (003:L293)", () => {
  it("d10 7, Agility 34, Initiative 41 → 7 + 3 + 4 = 14", () => {
    const [e] = rollInitiative(forcedDice([7]), [{ id: "a", initiative: 41, agility: 34 }], "d10_plus_bonuses");
    expect(e.score).toBe(14);
  });
});

describe("V27 — extended test with the 0 SL option (003:L219)", () => {
  const results = [
    { success: true, sl: 0 },
    { success: false, sl: 0 },
    { success: true, sl: 2 },
  ];
  it("with the option the totals are 1, 0, 2", () => {
    expect(extendedTest(results, 10, { zeroSLCounts: true }).totals).toEqual([1, 0, 2]);
  });
  it("without it 0, 0, 2", () => {
    expect(extendedTest(results, 10).totals).toEqual([0, 0, 2]);
  });
});

describe("orderInitiative — ties (003:L281)", () => {
  it("equal Initiative and Agility are flagged for an opposed Agility test", () => {
    const o = orderInitiative([
      { id: "x", score: 35, roll: null, initiative: 35, agility: 30 },
      { id: "y", score: 35, roll: null, initiative: 35, agility: 30 },
    ]);
    expect(o.map((e) => e.tieGroup)).toEqual([1, 1]);
  });
});
