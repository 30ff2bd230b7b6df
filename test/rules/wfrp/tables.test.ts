// Tables checked against the digest's numbers (rules/wfrp.md §2.3, §2.6, §2.11, §6.1).
import { describe, expect, it } from "vitest";
import {
  DIFFICULTIES,
  DIFFICULTY_MODIFIERS,
  OUTCOMES,
  outcomeBand,
  resolveTest,
  testTarget,
  SKILLS,
  skillDefinition,
  skillValue,
  characteristicRow,
  talentCharacteristicModifiers,
  collectModifiers,
} from "../../../src/rules/wfrp";

describe("difficulty table (003:L175-183, digest §2.11)", () => {
  it("Very Easy +60, Easy +40, Average +20, Challenging +0, Difficult −10, Hard −20, Very Hard −30", () => {
    expect(DIFFICULTIES.map((d) => DIFFICULTY_MODIFIERS[d])).toEqual([60, 40, 20, 0, -10, -20, -30]);
  });
  it("the default difficulty is Challenging (+0) (003:L197)", () => {
    expect(testTarget({ value: 47 })).toBe(47);
  });
  it('"Hard (−20) Research Test" (003:L169): Research 50 → target 30', () => {
    expect(testTarget({ value: 50, difficulty: "hard" })).toBe(30);
  });
});

describe("outcome table (003:L146-155, digest §2.6)", () => {
  const rows: [boolean, number, string][] = [
    [true, 6, "astounding_success"],
    [true, 9, "astounding_success"],
    [true, 5, "impressive_success"],
    [true, 4, "impressive_success"],
    [true, 3, "success"],
    [true, 2, "success"],
    [true, 1, "marginal_success"],
    [true, 0, "marginal_success"],
    [false, 0, "marginal_failure"],
    [false, -1, "marginal_failure"],
    [false, -2, "failure"],
    [false, -3, "failure"],
    [false, -4, "impressive_failure"],
    [false, -5, "impressive_failure"],
    [false, -6, "astounding_failure"],
    [false, -12, "astounding_failure"],
  ];
  for (const [success, sl, band] of rows) {
    it(`${success ? "success" : "failure"} ${sl} → ${band}`, () => expect(outcomeBand(success, sl)).toBe(band));
  }
  it("a success with a negative SL or a failure with a positive one is Marginal (digest §2.6)", () => {
    expect(outcomeBand(true, -2)).toBe("marginal_success");
    expect(outcomeBand(false, 3)).toBe("marginal_failure");
  });
  it("eight bands in table order", () => {
    expect(OUTCOMES).toHaveLength(8);
  });
});

describe("automatic results (003:L60, L64, digest §2.3)", () => {
  it("01–05 always succeed, even against target 0", () => {
    for (let r = 1; r <= 5; r++) expect(resolveTest({ value: 0 }, r)).toMatchObject({ success: true, auto: "success" });
    expect(resolveTest({ value: 0 }, 6).success).toBe(false);
  });
  it("96–00 always fail, even against target 150", () => {
    for (let r = 96; r <= 100; r++) expect(resolveTest({ value: 150 }, r)).toMatchObject({ success: false, auto: "failure" });
    expect(resolveTest({ value: 150 }, 95).success).toBe(true);
  });
  it("variant: only 01 succeeds automatically (003:L64)", () => {
    expect(resolveTest({ value: 0 }, 1, { autoSuccessMax: 1 }).success).toBe(true);
    expect(resolveTest({ value: 0 }, 2, { autoSuccessMax: 1 })).toMatchObject({ success: false, auto: null });
  });
});

describe("characteristics and skills (digest §6.3-6.4; published list)", () => {
  it("the sheet row: initial 31 + 5 advances = 36, Bonus 3", () => {
    expect(characteristicRow({ initial: 31, advances: 5 })).toEqual({ initial: 31, advances: 5, current: 36, bonus: 3 });
  });
  it("the seed's skills exist with their governing characteristic (Athletics Ag, Perception I, Charm Fel, Pick Lock Dex, Endurance T)", () => {
    expect(skillDefinition("athletics").characteristic).toBe("ag");
    expect(skillDefinition("perception").characteristic).toBe("i");
    expect(skillDefinition("charm").characteristic).toBe("fel");
    expect(skillDefinition("pickLock")).toMatchObject({ characteristic: "dex", advanced: true });
    expect(skillDefinition("endurance")).toMatchObject({ characteristic: "t", advanced: false });
  });
  it("ids are distinct", () => {
    expect(new Set(SKILLS.map((s) => s.id)).size).toBe(SKILLS.length);
  });
  it("an untrained advanced skill cannot be tested; a trained one is characteristic + advances", () => {
    expect(skillValue(30, 0, true).value).toBeNull();
    expect(skillValue(30, 10, true).value).toBe(40);
  });
  it("talents: Savvy twice → +10 Int; modifiers filter by skill, characteristic or tag", () => {
    expect(talentCharacteristicModifiers({ savvy: 2, unknownTalent: 1 })).toEqual({ int: 10 });
    const m = collectModifiers(
      [
        { source: "a", modifier: 10, appliesTo: { skills: ["perception"] } },
        { source: "b", modifier: 20, appliesTo: { tags: ["combat"] } },
        { source: "c", slBonus: 1 },
      ],
      { skill: "perception", characteristic: "i" },
    );
    expect(m).toEqual({ modifier: 10, slBonus: 1, successBonus: 0, applied: ["a", "c"] });
  });
});
