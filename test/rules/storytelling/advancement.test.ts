// Storytelling creation and experience costs against the World of Darkness rulebook (2004) (issue 16).
import { describe, expect, it } from "vitest";
import { STORYTELLING_ADVANCE_COSTS, storytellingAdvanceCost } from "../../../src/rules/storytelling/advancement";
import { STORYTELLING_CREATION, creationDots, validateStorytellingCharacter } from "../../../src/rules/storytelling/creation";
import { SKILLS } from "../../../src/rules/storytelling/traits";

describe("Storytelling experience (WoD 2004, Experience Costs table)", () => {
  it("WoD 2004 Experience Costs: Attribute new dots × 5 — 2 → 3 costs 15, 2 → 4 costs 15 + 20", () => {
    expect(storytellingAdvanceCost("attribute", 2, 3)).toEqual({ cost: 15, steps: [{ from: 2, to: 3, cost: 15 }] });
    expect(storytellingAdvanceCost("attribute", 2, 4).steps.map((s) => s.cost)).toEqual([15, 20]);
  });
  it("WoD 2004 Experience Costs: Skill new dots × 3 — 0 → 3 costs 3 + 6 + 9 = 18", () => {
    expect(storytellingAdvanceCost("skill", 0, 3).cost).toBe(18);
  });
  it("WoD 2004 Experience Costs: Specialty 3 each, Merit new dots × 2, Morality new dots × 3", () => {
    expect(storytellingAdvanceCost("specialty", 3, 5).cost).toBe(6);
    expect(storytellingAdvanceCost("merit", 1, 3).cost).toBe(4 + 6);
    expect(storytellingAdvanceCost("morality", 6, 7).cost).toBe(21);
  });
  it("a GM-edited table is used; bad input is refused", () => {
    expect(storytellingAdvanceCost("attribute", 1, 2, { ...STORYTELLING_ADVANCE_COSTS, attribute: 4 }).cost).toBe(8);
    expect(() => storytellingAdvanceCost("attribute", 3, 2)).toThrow(/goes up/);
    expect(() => storytellingAdvanceCost("attribute", 1.5, 2)).toThrow(/whole number/);
    expect(() => storytellingAdvanceCost("virtue" as never, 1, 2)).toThrow(/unknown trait kind/);
  });
});

type Sheet = {
  attributes: Record<string, number>;
  skills: Record<string, { dots: number; specialties: string }>;
  willpower?: unknown;
  morality?: number;
};

/** A legal starting character: Mental 5, Physical 4, Social 3 over the free dots; skills 11/7/4; 3 specialties; 7 merit dots. */
function legal(): { type: string; system: Sheet; items: unknown[] } {
  const attributes = {
    intelligence: 3,
    wits: 3,
    resolve: 2,
    strength: 2,
    dexterity: 3,
    stamina: 2,
    presence: 2,
    manipulation: 2,
    composure: 2,
  };
  const skills: Sheet["skills"] = Object.fromEntries(SKILLS.map((s) => [s, { dots: 0, specialties: "" }]));
  // Mental 11: Academics 3, Computer 2, Investigation 3, Medicine 2, Occult 1.
  Object.assign(skills, {
    academics: { dots: 3, specialties: "History" },
    computer: { dots: 2, specialties: "" },
    investigation: { dots: 3, specialties: "Crime Scenes, Riddles" },
    medicine: { dots: 2, specialties: "" },
    occult: { dots: 1, specialties: "" },
  });
  // Physical 7: Athletics 2, Drive 2, Firearms 3. Social 4: Empathy 2, Persuasion 2.
  Object.assign(skills, {
    athletics: { dots: 2, specialties: "" },
    drive: { dots: 2, specialties: "" },
    firearms: { dots: 3, specialties: "" },
    empathy: { dots: 2, specialties: "" },
    persuasion: { dots: 2, specialties: "" },
  });
  return {
    type: "storytelling_character",
    system: { attributes, skills, willpower: { points: 4, bonus: 0 }, morality: 7 },
    items: [
      { name: "Language", type: "storytelling_merit", system: { dots: 1 } },
      { name: "Resources", type: "storytelling_merit", system: { dots: 3 } },
      { name: "Contacts", type: "storytelling_merit", system: { dots: 3 } },
    ],
  };
}

describe("Storytelling creation (WoD 2004, Character Creation)", () => {
  it("WoD 2004 Character Creation: 5/4/3 Attributes, 11/7/4 Skills, 3 Specialties, 7 Merit dots is legal; derived traits", () => {
    const r = validateStorytellingCharacter(legal());
    expect(r.breaches).toEqual([]);
    expect(r.totals.derived).toEqual({ health: 7, willpower: 4, defense: 3, speed: 10, initiative: 5 });
  });
  it("WoD 2004 Character Creation: priorities in any order (Social 5, Mental 3) are legal", () => {
    const ch = legal();
    Object.assign(ch.system.attributes, { intelligence: 2, wits: 2, resolve: 2, presence: 3, manipulation: 3, composure: 2 });
    ch.system.willpower = { points: 4, bonus: 0 };
    expect(validateStorytellingCharacter(ch).breaches).toEqual([]);
  });
  it("WoD 2004 Character Creation: the fifth dot costs two (Intelligence 5 uses 5 of the Mental 5 — so Mental 6 breaks)", () => {
    expect(creationDots(5)).toBe(6);
    expect(creationDots(4)).toBe(4);
    const ch = legal();
    Object.assign(ch.system.attributes, { intelligence: 5, wits: 1, resolve: 2 });
    const r = validateStorytellingCharacter(ch);
    expect(r.breaches.map((b) => b.code)).toEqual(["attributeDots"]);
    expect(r.breaches[0].values).toMatchObject({ mental: 6, physical: 4, social: 3, allowed: "5/4/3" });
  });
  it("WoD 2004 Character Creation: lists every broken rule with its numbers", () => {
    const ch = legal();
    ch.system.skills.occult = { dots: 0, specialties: "Vampires" };
    ch.system.skills.brawl = { dots: 6, specialties: "" };
    ch.system.morality = 8;
    ch.system.willpower = { points: 2, bonus: 0 };
    ch.items.push({ name: "Fame", type: "storytelling_merit", system: { dots: 1 } });
    const r = validateStorytellingCharacter(ch);
    const by = Object.fromEntries(r.breaches.map((b) => [b.code, b.values]));
    expect(Object.keys(by).sort()).toEqual([
      "derivedWillpower",
      "meritDots",
      "morality",
      "skillAboveFive",
      "skillDots",
      "specialties",
      "specialtyWithoutSkill",
    ]);
    // Brawl 6: dots 5 and 6 count two each → 8, so Physical 7 + 8.
    expect(by.skillDots).toMatchObject({ mental: 10, physical: 15, social: 4 });
    expect(by.specialties).toEqual({ count: 4, allowed: 3 });
    expect(by.meritDots).toEqual({ spent: 8, allowed: 7 });
    expect(by.derivedWillpower).toEqual({ value: 2, expected: 4 });
  });
  it("a GM-edited budget applies; junk is refused", () => {
    expect(validateStorytellingCharacter(legal(), { ...STORYTELLING_CREATION, meritDots: 10 }).breaches.map((b) => b.code)).toEqual([
      "meritDots",
    ]);
    const bad = legal();
    (bad.system.attributes as Record<string, unknown>).wits = "3";
    expect(() => validateStorytellingCharacter(bad)).toThrow(/attributes.wits must be a whole number/);
  });
});
