// D6 creation and advancement against the published Star Wars RPG 2nd ed. R&E rules (issue 16).
import { describe, expect, it } from "vitest";
import { D6_ADVANCE_COSTS, d6AdvanceCost } from "../../../src/rules/d6/advancement";
import { D6_CREATION, validateD6Character } from "../../../src/rules/d6/creation";

const c = (dice: number, pips = 0) => ({ dice, pips });

describe("D6 advancement (R&E, Improving Skills / Attributes)", () => {
  it("R&E Improving Skills: 4D → 4D+1 costs 4 (the number before the D)", () => {
    expect(d6AdvanceCost("skill", "4D", "4D+1")).toEqual({ cost: 4, steps: [{ from: "4D", to: "4D+1", cost: 4 }] });
  });
  it("R&E Improving Skills: 3D+1 → 4D+1 costs 3 + 3 + 4 (3D+2 → 4D is one pip)", () => {
    const r = d6AdvanceCost("skill", "3D+1", "4D+1");
    expect(r.steps.map((s) => s.cost)).toEqual([3, 3, 4]);
    expect(r.cost).toBe(10);
    expect(r.steps[1]).toEqual({ from: "3D+2", to: "4D", cost: 3 });
  });
  it("R&E Learning New Skills: a new skill at Dexterity 2D+1 costs 2 for 2D+2", () => {
    expect(d6AdvanceCost("skill", c(2, 1), c(2, 2)).cost).toBe(2);
  });
  it("R&E Specializations: half the dice rounded up — 5D+2 → 6D costs 3, 4D → 4D+1 costs 2", () => {
    expect(d6AdvanceCost("specialization", "5D+2", "6D").cost).toBe(3);
    expect(d6AdvanceCost("specialization", "4D", "4D+1").cost).toBe(2);
  });
  it("R&E Advanced Skills: twice the dice — 3D → 3D+1 costs 6", () => {
    expect(d6AdvanceCost("advancedSkill", "3D", "3D+1").cost).toBe(6);
  });
  it("R&E Improving Attributes: ten times the dice — 2D+2 → 3D costs 20, 3D → 3D+1 costs 30", () => {
    expect(d6AdvanceCost("attribute", "2D+2", "3D").cost).toBe(20);
    expect(d6AdvanceCost("attribute", "2D+2", "3D+1").cost).toBe(50);
  });
  it("a Force skill trained without a teacher costs double; a GM-edited table is used", () => {
    expect(d6AdvanceCost("skill", "2D", "2D+1", D6_ADVANCE_COSTS, { forceWithoutTeacher: true }).cost).toBe(4);
    expect(d6AdvanceCost("attribute", "3D", "3D+1", { ...D6_ADVANCE_COSTS, attribute: 5 }).cost).toBe(15);
  });
  it("refuses a downward advance, a bad code, an unknown kind and a broken table", () => {
    expect(() => d6AdvanceCost("skill", "4D", "3D")).toThrow(/goes up/);
    expect(() => d6AdvanceCost("skill", "4X", "5D")).toThrow(/not a D6 die code/);
    expect(() => d6AdvanceCost("force" as never, "4D", "5D")).toThrow(/unknown trait kind/);
    expect(() => d6AdvanceCost("skill", "4D", "5D", { ...D6_ADVANCE_COSTS, skill: -1 })).toThrow(/skill/);
  });
});

/** A human with the given attributes and skills (codes in dice/pips), as the sheet holds it. */
function human(
  attrs: Partial<Record<string, [number, number]>>,
  skills: { name: string; attribute: string; code: [number, number]; specs?: [string, number, number][] }[] = [],
) {
  const base = {
    dexterity: [3, 0],
    knowledge: [3, 0],
    mechanical: [3, 0],
    perception: [3, 0],
    strength: [3, 0],
    technical: [3, 0],
    ...attrs,
  } as Record<string, [number, number]>;
  return {
    type: "d6_character",
    system: { species: "Human", attributes: Object.fromEntries(Object.entries(base).map(([k, [d, p]]) => [k, c(d, p)])) },
    items: skills.map((s) => ({
      name: s.name,
      type: "d6_skill",
      system: {
        attribute: s.attribute,
        code: c(...s.code),
        advanced: false,
        specializations: (s.specs ?? []).map(([name, d, p]) => ({ name, code: c(d, p) })),
      },
    })),
  };
}

describe("D6 creation (R&E, Character Creation: 18D attributes, 7D skills)", () => {
  it("R&E: 18D of attributes at 3D each and 7D of skills (2D+2D+2D+1D) is legal", () => {
    const r = validateD6Character(
      human({}, [
        { name: "blaster", attribute: "dexterity", code: [5, 0] },
        { name: "dodge", attribute: "dexterity", code: [5, 0] },
        { name: "sneak", attribute: "perception", code: [5, 0] },
        { name: "bargain", attribute: "perception", code: [4, 0] },
      ]),
    );
    expect(r.breaches).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.totals).toMatchObject({ attributeDice: "18D", skillDiceSpent: "7D" });
  });
  it("R&E: attributes must total 18D (17D+2 is short) and stay within human 2D–4D", () => {
    const r = validateD6Character(
      human({ dexterity: [4, 1], knowledge: [1, 2], strength: [3, 2] }, [
        { name: "blaster", attribute: "dexterity", code: [6, 1] },
        { name: "dodge", attribute: "dexterity", code: [9, 1] },
      ]),
    );
    const codes = r.breaches.map((b) => b.code);
    expect(codes).toContain("attributeAboveMaximum");
    expect(codes).toContain("attributeBelowMinimum");
    expect(r.breaches.find((b) => b.code === "attributeAboveMaximum")?.values).toEqual({
      attribute: "dexterity",
      value: "4D+1",
      max: "4D",
    });
    expect(r.breaches.find((b) => b.code === "attributeBelowMinimum")?.values).toEqual({
      attribute: "knowledge",
      value: "1D+2",
      min: "2D",
    });
    // 4D+1 + 1D+2 + 3D+2 + 3D×3 = 18D+2: one pip of the 18D too many.
    expect(r.breaches.find((b) => b.code === "attributeDice")?.values).toEqual({ total: "18D+2", allowed: "18D" });
  });
  it("R&E: a skill gets at most 2D over its attribute at creation (Dexterity 3D, blaster 5D+1 is 2D+1 over)", () => {
    const r = validateD6Character(
      human({}, [
        { name: "blaster", attribute: "dexterity", code: [5, 1] },
        { name: "dodge", attribute: "dexterity", code: [7, 2] },
      ]),
    );
    const over = r.breaches.filter((b) => b.code === "skillTooHigh").map((b) => b.values.over);
    expect(over).toEqual(["2D+1", "4D+2"]);
  });
  it("R&E Specializations: 1D of skill dice buys 3D of specializations (6D of skills + blaster pistol 3D over = 7D)", () => {
    const r = validateD6Character(
      human({}, [
        { name: "blaster", attribute: "dexterity", code: [5, 0], specs: [["blaster pistol", 8, 0]] },
        { name: "dodge", attribute: "dexterity", code: [5, 0] },
        { name: "sneak", attribute: "perception", code: [5, 0] },
      ]),
    );
    expect(r.breaches).toEqual([]);
    expect(r.totals).toMatchObject({ skillDice: "6D", specializationDice: "3D", skillDiceSpent: "7D" });
  });
  it("R&E: skill dice must total 7D (6D spent is short, and a skill below its attribute is refused)", () => {
    const r = validateD6Character(
      human({}, [
        { name: "blaster", attribute: "dexterity", code: [5, 0] },
        { name: "dodge", attribute: "dexterity", code: [5, 0] },
        { name: "sneak", attribute: "perception", code: [5, 0] },
        { name: "bargain", attribute: "perception", code: [2, 0] },
      ]),
    );
    expect(r.breaches.map((b) => b.code).sort()).toEqual(["skillBelowAttribute", "skillDice"]);
    expect(r.breaches.find((b) => b.code === "skillDice")?.values).toEqual({ spent: "6D", allowed: "7D" });
  });
  it("an unknown species is not checked against limits (a GM adds it to the table), and a table edit applies", () => {
    const alien = human({}, []);
    (alien.system as Record<string, unknown>).species = "Wookiee";
    const r = validateD6Character(alien);
    expect(r.unchecked.length).toBe(1);
    expect(r.breaches.map((b) => b.code)).toEqual(["skillDice"]);
    expect(validateD6Character(human({}, []), { ...D6_CREATION, skillDice: 0 }).ok).toBe(true);
  });
  it("R&E, The Force: Force skills start from 0D (control 1D is 1D of skill dice) and need a Force-sensitive character", () => {
    const jedi = human({}, [
      { name: "blaster", attribute: "dexterity", code: [5, 0] },
      { name: "dodge", attribute: "dexterity", code: [5, 0] },
      { name: "sneak", attribute: "perception", code: [5, 0] },
      { name: "control", attribute: "perception", code: [1, 0] },
    ]);
    Object.assign(jedi.system, { forceSensitive: true, characterPoints: 5, forcePoints: 2 });
    expect(validateD6Character(jedi).breaches).toEqual([]);
    (jedi.system as Record<string, unknown>).forceSensitive = false;
    expect(validateD6Character(jedi).breaches.map((b) => [b.code, b.values])).toEqual([
      ["forceSkillNotSensitive", { skill: "control" }],
      ["forcePoints", { value: 2, expected: 1 }],
    ]);
  });
  it("R&E Character Creation: 5 Character Points; 1 Force Point, 2 for a Force-sensitive character", () => {
    const skills = [
      ["blaster", 5],
      ["dodge", 5],
      ["sneak", 5],
      ["bargain", 4],
    ].map(([name, d]) => ({
      name: name as string,
      attribute: name === "blaster" || name === "dodge" ? "dexterity" : "perception",
      code: [d as number, 0] as [number, number],
    }));
    const pc = human({}, skills);
    Object.assign(pc.system, { characterPoints: 5, forcePoints: 1 });
    expect(validateD6Character(pc).ok).toBe(true);
    Object.assign(pc.system, { characterPoints: 6, forcePoints: 2 });
    expect(validateD6Character(pc).breaches.map((b) => [b.code, b.values])).toEqual([
      ["characterPoints", { value: 6, expected: 5 }],
      ["forcePoints", { value: 2, expected: 1 }],
    ]);
    Object.assign(pc.system, { characterPoints: 5, forcePoints: 1, forceSensitive: true });
    expect(validateD6Character(pc).breaches.map((b) => [b.code, b.values])).toEqual([["forcePoints", { value: 1, expected: 2 }]]);
  });
  it("refuses what is not a character", () => {
    expect(() => validateD6Character(null as never)).toThrow(/must be an object/);
    expect(() => validateD6Character({ type: "d6_vehicle", system: {} })).toThrow(/not a character type/);
    expect(() => validateD6Character({ type: "d6_character" })).toThrow(/system/);
  });
});
