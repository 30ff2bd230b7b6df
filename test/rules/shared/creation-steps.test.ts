// Issue 16, the guided creation window's steps: every rule the validators know is shown in exactly
// one step, budgets read the published numbers, and Finish waits for a legal character.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { BREACH_CODES } from "../../../src/rules/breach-text";
import { CREATION_STEPS, claimedCodes, creationView } from "../../../src/rules/creation-steps";
import { RULESET_IDS } from "../../../src/rules/index";
import {
  characteristicsFromFaces,
  differsFromRoll,
  careerChoiceXp,
  characteristicsChoiceBreach,
  characteristicsChoiceXp,
  isRearrangement,
  speciesFromD100,
  speciesKey,
  CREATION_XP,
} from "../../../src/rules/wfrp/creation-rolls";

const ROOT = join(import.meta.dirname, "../../../packs/_source");
const premade = (pack: string, type: string) =>
  readdirSync(join(ROOT, pack))
    .filter((f) => f.endsWith(".yml"))
    .map((f) => parse(readFileSync(join(ROOT, pack, f), "utf8")))
    .find((d) => d.type === type);

describe("steps", () => {
  for (const id of RULESET_IDS) {
    it(`${id}: each breach code belongs to exactly one step`, () => {
      const claimed = claimedCodes(id);
      expect([...claimed].sort()).toEqual([...BREACH_CODES[id]].sort());
      expect(new Set(claimed).size).toBe(claimed.length);
      expect(CREATION_STEPS[id].length).toBeGreaterThanOrEqual(3);
    });
  }
  it("a premade of each ruleset may be finished; one broken value blocks Finish and shows in its step", () => {
    for (const [pack, type, step, path, value] of [
      ["d6-characters", "d6_character", "points", "characterPoints", 7],
      ["storytelling-characters", "storytelling_character", "derived", "morality", 5],
      ["wfrp-characters", "wfrp_character", "fate", "fate", 9],
      ["silhouette-actors", "silhouette_character", "attributes", "attributes.agi", 3],
    ] as const) {
      const doc = premade(pack, type);
      const ruleset = type.split("_")[0] as (typeof RULESET_IDS)[number];
      expect(creationView(ruleset, doc).canFinish, pack).toBe(true);
      const broken = structuredClone(doc);
      const parts = path.split(".");
      let node = broken.system;
      for (const k of parts.slice(0, -1)) node = node[k];
      node[parts[parts.length - 1]] = value;
      const v = creationView(ruleset, broken);
      expect(v.canFinish, pack).toBe(false);
      expect(v.steps.find((s) => s.id === step)!.breaches.length, pack).toBeGreaterThan(0);
    }
  });
});

describe("budgets", () => {
  const d6 = (dex: number) => ({
    type: "d6_character",
    system: {
      species: "Human",
      characterPoints: 5,
      forcePoints: 1,
      attributes: Object.fromEntries(
        ["dexterity", "knowledge", "mechanical", "perception", "strength", "technical"].map((a, i) => [
          a,
          { dice: i === 0 ? dex : 3, pips: 0 },
        ]),
      ),
    },
    items: [
      { name: "blaster", type: "d6_skill", system: { attribute: "dexterity", code: { dice: dex + 2, pips: 0 }, specializations: [] } },
    ],
  });
  it("Star Wars RPG R&E, Character Creation (18D of attributes, 7D of skills): 19D shows 19D of 18D and a breach", () => {
    const v = creationView("d6", d6(4));
    const attrs = v.steps.find((s) => s.id === "attributes")!;
    expect(attrs.budgets[0]).toMatchObject({ spent: "19D", allowed: "18D", done: false });
    expect(attrs.breaches.map((b) => b.code)).toEqual(["attributeDice"]);
    expect(v.steps.find((s) => s.id === "skills")!.budgets[0]).toMatchObject({ spent: "2D", allowed: "7D", done: false });
    expect(creationView("d6", d6(3)).steps.find((s) => s.id === "attributes")!.budgets[0]).toMatchObject({ spent: "18D", done: true });
  });
  it("WoD 2004, Character Creation: 5/4/3 attribute dots in any order count as done (Mental 3, Physical 5, Social 4)", () => {
    const a = { intelligence: 2, wits: 2, resolve: 2, strength: 3, dexterity: 3, stamina: 2, presence: 2, manipulation: 3, composure: 2 };
    const v = creationView("storytelling", { type: "storytelling_character", system: { attributes: a, skills: {} }, items: [] });
    expect(v.steps[0].budgets[0]).toMatchObject({ spent: "3/5/4", allowed: "5/4/3", done: true });
    expect(v.steps[0].breaches).toEqual([]);
  });
  it("Silhouette CORE, point-buy: 30 Character Points on attributes", () => {
    const v = creationView("silhouette", { type: "silhouette_character", system: { attributes: {} }, items: [] });
    expect(v.steps[0].budgets[0]).toMatchObject({ allowed: "30" });
  });
});

describe("WFRP 4e random creation rolls (core rulebook, Random Species and Species tables)", () => {
  it("d100 species: 01–90 Human, 91–94 Halfling, 95–98 Dwarf, 99 High Elf, 00 Wood Elf", () => {
    expect([1, 90, 91, 94, 95, 98, 99, 100].map(speciesFromD100)).toEqual([
      "human",
      "human",
      "halfling",
      "halfling",
      "dwarf",
      "dwarf",
      "highElf",
      "woodElf",
    ]);
    expect(() => speciesFromD100(0)).toThrow(/1–100/);
    expect(() => speciesFromD100(101)).toThrow(/1–100/);
  });
  it("each characteristic is 2d10 + the species base (Human 20: faces 3 and 9 give 32; Dwarf Toughness 30 + 2 + 2 = 34)", () => {
    const faces = [3, 9, ...Array(18).fill(1)];
    expect(characteristicsFromFaces("human", faces).ws).toBe(32);
    expect(characteristicsFromFaces("human", faces).fel).toBe(22);
    const dwarf = characteristicsFromFaces("dwarf", [1, 1, 1, 1, 1, 1, 2, 2, ...Array(12).fill(1)]);
    expect(dwarf.t).toBe(34);
    expect(() => characteristicsFromFaces("human", faces.slice(1))).toThrow(/20 d10 faces/);
    expect(() => characteristicsFromFaces("human", [11, ...faces.slice(1)])).toThrow(/20 d10 faces/);
  });
  it("a character whose values were changed after the roll is told which ones differ", () => {
    const faces = Array(20).fill(5);
    const rec = { kind: "characteristics" as const, faces, species: "human", reroll: false };
    const chars = Object.fromEntries(["ws", "bs", "s", "t", "i", "ag", "dex", "int", "wp", "fel"].map((c) => [c, { initial: 30 }]));
    expect(differsFromRoll(rec, chars)).toEqual([]);
    chars.bs.initial = 40;
    expect(differsFromRoll(rec, chars)).toEqual(["bs"]);
  });
  it("species names in either language; the keeping bonus is 20 XP (species) and 50 XP (characteristics)", () => {
    expect(speciesKey("Высший эльф")).toBe("highElf");
    expect(speciesKey("Human")).toBe("human");
    expect(speciesKey("Ogre")).toBeNull();
    expect(CREATION_XP).toMatchObject({ randomSpecies: 20, characteristicsAsRolled: 50 });
  });
});

describe("WFRP 4e core rulebook, chapter 2: the choices the random rolls give", () => {
  const C = ["ws", "bs", "s", "t", "i", "ag", "dex", "int", "wp", "fel"];
  const of = (values: number[]) => Object.fromEntries(C.map((c, i) => [c, { initial: values[i] }]));
  // A Dwarf (Species table: WS 30, BS 20, S 20, T 30, I 20, Ag 10, Dex 30, Int 20, WP 40, Fel 10).
  const faces = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5];
  const rec = { kind: "characteristics" as const, faces, species: "dwarf", reroll: false };
  const rolled = [33, 27, 31, 45, 39, 12, 34, 26, 48, 20];
  it("Class and Career: the first career rolled +50 XP, one of three rolls +25 XP, picked 0", () => {
    expect([careerChoiceXp("firstRoll"), careerChoiceXp("ofThree"), careerChoiceXp("picked")]).toEqual([50, 25, 0]);
  });
  it("Characteristics: kept as rolled +50 XP, the rolls rearranged +25 XP", () => {
    expect([characteristicsChoiceXp("asRolled"), characteristicsChoiceXp("rearranged")]).toEqual([50, 25]);
  });
  it("Characteristics, rearranging: the 2d10 results move, each characteristic keeps its species base", () => {
    expect(isRearrangement(rec, of(rolled))).toBe(true);
    // WS takes the Toughness roll (15) and Toughness the WS roll (3): 30+15, 30+3.
    const swapped = [45, 27, 31, 33, 39, 12, 34, 26, 48, 20];
    expect(isRearrangement(rec, of(swapped))).toBe(true);
    expect(characteristicsChoiceBreach(rec, "rearranged", of(swapped))).toBeNull();
    expect(characteristicsChoiceBreach(rec, "asRolled", of(swapped))).toBe("notAsRolled");
    // Moving the totals with their bases is not the book's swap: WP 20 would need a roll of −20.
    const totals = [33, 27, 31, 45, 39, 12, 34, 26, 20, 48];
    expect(isRearrangement(rec, of(totals))).toBe(false);
    expect(characteristicsChoiceBreach(rec, "rearranged", of(totals))).toBe("notRearranged");
    // One value raised by a point: not the rolled values any more.
    expect(isRearrangement(rec, of([34, ...rolled.slice(1)]))).toBe(false);
    expect(characteristicsChoiceBreach(rec, "asRolled", of(rolled))).toBeNull();
  });
});
