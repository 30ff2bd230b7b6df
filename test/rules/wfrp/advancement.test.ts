// WFRP 4e creation and experience costs against the published core rulebook tables (issue 16).
import { describe, expect, it } from "vitest";
import { WFRP_ADVANCE_COSTS, wfrpAdvanceCost } from "../../../src/rules/wfrp/advancement";
import { WFRP_CREATION, validateWfrpCharacter } from "../../../src/rules/wfrp/creation";

describe("WFRP 4e experience (core rulebook, Advance costs table)", () => {
  it("WFRP 4e core, Advance costs table: characteristic 0→5 costs 5 × 25; 0→10 costs 5 × 25 + 5 × 30 = 275", () => {
    expect(wfrpAdvanceCost("characteristic", 0, 5)).toEqual({
      cost: 125,
      steps: [0, 1, 2, 3, 4].map((n) => ({ from: n, to: n + 1, cost: 25 })),
    });
    expect(wfrpAdvanceCost("characteristic", 0, 10).cost).toBe(275);
    expect(wfrpAdvanceCost("characteristic", 5, 6).cost).toBe(30);
  });
  it("WFRP 4e core, Advance costs table: skill advances 10, 15, 20, 30 per band of five (0→20 = 50 + 75 + 100 + 150)", () => {
    expect(wfrpAdvanceCost("skill", 0, 20).cost).toBe(375);
    expect(wfrpAdvanceCost("skill", 10, 11).cost).toBe(20);
  });
  it("WFRP 4e core, Advance costs table: beyond the table the last price holds (characteristic 80→81 costs 520, skill 440)", () => {
    expect(wfrpAdvanceCost("characteristic", 80, 81).cost).toBe(520);
    expect(wfrpAdvanceCost("skill", 80, 81).cost).toBe(440);
  });
  it("WFRP 4e core, Advance costs: out of career doubles (skill 0→5 = 100); talents 100 × times taken, ×2 out of career", () => {
    expect(wfrpAdvanceCost("skill", 0, 5, WFRP_ADVANCE_COSTS, { outOfCareer: true }).cost).toBe(100);
    expect(wfrpAdvanceCost("talent", 0, 1).cost).toBe(100);
    expect(wfrpAdvanceCost("talent", 1, 3).steps.map((s) => s.cost)).toEqual([200, 300]);
    expect(wfrpAdvanceCost("talent", 0, 1, WFRP_ADVANCE_COSTS, { outOfCareer: true }).cost).toBe(200);
  });
  it("the other reading of the bands (advances already held 0–5) keeps the 6th advance at 25", () => {
    expect(wfrpAdvanceCost("characteristic", 0, 6, { ...WFRP_ADVANCE_COSTS, bandsByCurrentAdvances: true }).cost).toBe(150);
    expect(wfrpAdvanceCost("characteristic", 6, 7, { ...WFRP_ADVANCE_COSTS, bandsByCurrentAdvances: true }).cost).toBe(30);
  });
  it("refuses bad input and a broken table", () => {
    expect(() => wfrpAdvanceCost("characteristic", 5, 4)).toThrow(/goes up/);
    expect(() => wfrpAdvanceCost("spell" as never, 0, 1)).toThrow(/unknown trait kind/);
    expect(() => wfrpAdvanceCost("skill", 0, 1, { ...WFRP_ADVANCE_COSTS, skill: [] })).toThrow(/skill/);
  });
});

const skill = (name: string, key: string, advances: number, specialisation = "") => ({
  name,
  type: "wfrp_skill",
  system: { key, specialisation, advances, characteristic: "ws" },
});
const talent = (name: string, key = "") => ({ name, type: "wfrp_talent", system: { key, timesTaken: 1 } });

/** A human soldier built by the core rulebook's steps. */
function soldier() {
  const initial = { ws: 31, bs: 28, s: 33, t: 35, i: 29, ag: 30, dex: 24, int: 27, wp: 30, fel: 22 };
  const adv: Record<string, number> = { ws: 2, t: 2, wp: 1 };
  return {
    type: "wfrp_character",
    system: {
      species: "Human",
      career: "Soldier",
      characteristics: Object.fromEntries(Object.entries(initial).map(([k, v]) => [k, { initial: v, advances: adv[k] ?? 0, modifier: 0 }])),
      fate: 4,
      fortune: 4,
      resilience: 2,
      resolve: 2,
      movement: 4,
    },
    items: [
      // species: 5 in Charm, Cool, Gossip; 3 in Haggle, Leadership, Melee (Basic)
      skill("Charm", "charm", 5),
      skill("Gossip", "gossip", 5),
      skill("Haggle", "haggle", 3),
      skill("Leadership", "leadership", 3),
      // career: 40 advances over the 8 first-level skills (Cool and Melee share with the species)
      skill("Cool", "cool", 10),
      skill("Melee (Basic)", "melee", 8, "Basic"),
      skill("Athletics", "athletics", 5),
      skill("Climb", "climb", 5),
      skill("Dodge", "dodge", 5),
      skill("Endurance", "endurance", 5),
      skill("Language (Battle)", "language", 5, "Battle"),
      skill("Play (Drum)", "play", 5, "Drum"),
      talent("Doomed"),
      talent("Savvy", "savvy"),
      talent("Hardy", "hardy"),
      talent("Sharp", "sharp"),
      talent("Luck"),
      talent("Warrior Born", "warriorBorn"),
      { name: "Dagger", type: "wfrp_weapon", system: {} },
      { name: "Leather Breastplate", type: "wfrp_armour", system: {} },
      { name: "Uniform", type: "wfrp_trapping", system: {} },
    ],
  };
}

describe("WFRP 4e creation (core rulebook, Chapter 2)", () => {
  it("WFRP 4e core, Character creation: a human Soldier by the steps is legal", () => {
    const r = validateWfrpCharacter(soldier());
    expect(r.breaches).toEqual([]);
    expect(r.totals).toMatchObject({ characteristicAdvances: 5, skillAdvances: 64, talents: 6 });
  });
  it("WFRP 4e core, Character creation: the same Soldier made on a Russian client (Russian names, the English in flags) is legal", () => {
    const ru: Record<string, string> = {
      Doomed: "Обречённый",
      Luck: "Удача",
      Dagger: "Кинжал",
      "Leather Breastplate": "Кожаный нагрудник",
      Uniform: "Мундир",
    };
    const ch = soldier();
    const bare = soldier();
    for (const [c, flagged] of [
      [ch, true],
      [bare, false],
    ] as const)
      c.items = c.items.map((i) =>
        ru[i.name] ? { ...i, name: ru[i.name], ...(flagged ? { flags: { omnibus: { nameEn: i.name } } } : {}) } : i,
      );
    expect(validateWfrpCharacter(ch).breaches).toEqual([]);
    // Without the English kept, the talents and trappings are not found: the names are what counts.
    expect(validateWfrpCharacter(bare).breaches.map((b) => b.code)).toEqual(
      expect.arrayContaining(["speciesTalentMissing", "trappingMissing"]),
    );
  });
  it("WFRP 4e core, Species table: Human characteristics are 2d10 + 20 (22–40); a Dwarf's Willpower 2d10 + 40", () => {
    const ch = soldier();
    (ch.system.characteristics as Record<string, { initial: number }>).bs.initial = 41;
    (ch.system.characteristics as Record<string, { initial: number }>).dex.initial = 21;
    const r = validateWfrpCharacter(ch);
    expect(r.breaches.map((b) => b.values)).toEqual([
      { characteristic: "bs", value: 41, min: 22, max: 40 },
      { characteristic: "dex", value: 21, min: 22, max: 40 },
    ]);
    expect(WFRP_CREATION.species.dwarf.base.wp).toBe(40);
  });
  it("WFRP 4e core, Species table: Human Fate 2, Resilience 1 and 3 extra points; Fortune and Resolve start full", () => {
    const ch = soldier();
    Object.assign(ch.system, { fate: 3, fortune: 2, resilience: 1, resolve: 1 });
    const codes = validateWfrpCharacter(ch).breaches.map((b) => b.code);
    expect(codes).toEqual(["fateResilience", "fortuneNotFull"]);
  });
  it("WFRP 4e core, Careers: 5 characteristic advances only in the first level's characteristics (Soldier: WS, T, WP)", () => {
    const ch = soldier();
    (ch.system.characteristics as Record<string, { advances: number }>).ag.advances = 1;
    const r = validateWfrpCharacter(ch);
    expect(r.breaches.map((b) => b.code)).toEqual(["characteristicAdvanceOutOfCareer", "characteristicAdvances"]);
    expect(r.breaches[1].values).toEqual({ advances: 6, allowed: 5 });
  });
  it("WFRP 4e core, Skills: a skill outside the species and career lists, and advances that do not split, are breaches", () => {
    const ch = soldier();
    ch.items.push(skill("Ride (Horse)", "ride", 5, "Horse"));
    expect(validateWfrpCharacter(ch).breaches.map((b) => b.code)).toEqual(["skillNotAvailable"]);
    const ch2 = soldier();
    (ch2.items[6].system as { advances: number }).advances = 11; // Cool 11: 5 species + 6 career = 41 career advances
    expect(validateWfrpCharacter(ch2).breaches.map((b) => b.code)).toEqual(["skillAdvances"]);
  });
  it("WFRP 4e core, Talents and trappings: species talents (Savvy or Suave), one career talent, the count, the career trappings", () => {
    const ch = soldier();
    ch.items = ch.items.filter((i) => !["Savvy", "Warrior Born", "Uniform"].includes(i.name));
    const r = validateWfrpCharacter(ch);
    expect(r.breaches.map((b) => [b.code, b.values])).toEqual([
      ["speciesTalentMissing", { talent: "Savvy / Suave" }],
      ["careerTalentMissing", { talents: "Diceman, Marksman, Strong Back, Warrior Born" }],
      ["talentCount", { count: 4, allowed: 6 }],
      ["trappingMissing", { trapping: "Uniform" }],
    ]);
  });
  it('WFRP 4e core, Careers: a career written as "Career (Level)" is the career (Soldier (Recruit) is checked, not skipped)', () => {
    const ch = soldier();
    ch.system.career = "Soldier (Recruit)";
    expect(validateWfrpCharacter(ch)).toMatchObject({ ok: true, unchecked: [], totals: { career: "soldier" } });
    ch.items = ch.items.filter((i) => i.name !== "Leather Breastplate");
    expect(validateWfrpCharacter(ch).breaches.map((b) => [b.code, b.values])).toEqual([
      ["trappingMissing", { trapping: "Leather Breastplate" }],
    ]);
  });
  it("WFRP 4e core, Rat Catcher (Rat Hunter): WS, BS, WP; Ranged (Sling) is a career skill, Melee (Fencing) is not; Strike to Stun is a career talent", () => {
    const ch = soldier();
    ch.system.career = "Rat Catcher (Rat Hunter)";
    const r = validateWfrpCharacter(ch);
    const codes = r.breaches.map((b) => b.code);
    expect(codes).toContain("characteristicAdvanceOutOfCareer"); // T has advances; the Rat Hunter's are WS, BS, WP
    expect(r.breaches.find((b) => b.code === "characteristicAdvanceOutOfCareer")?.values).toEqual({
      characteristic: "t",
      advances: 2,
      career: "ws, bs, wp",
    });
    expect(codes).toContain("skillNotAvailable"); // Climb, Dodge… are Soldier skills
    expect(codes).toContain("careerTalentMissing");
    expect(r.breaches.filter((b) => b.code === "trappingMissing").map((b) => b.values.trapping)).toEqual([
      "Sling",
      "Sack",
      "Small but Vicious Dog",
    ]);
  });
  it("WFRP 4e core, Wizard (Wizard's Apprentice): Channelling of any colour is a career skill; Grimoire and Quarterstaff are its trappings", () => {
    const ch = soldier();
    ch.system.career = "Wizard (Wizard's Apprentice)";
    const r = validateWfrpCharacter(ch);
    expect(r.totals).toMatchObject({ career: "wizard" });
    expect(r.unchecked).toEqual([]);
    expect(r.breaches.filter((b) => b.code === "trappingMissing").map((b) => b.values.trapping)).toEqual(["Grimoire", "Quarterstaff"]);
  });
  it("WFRP 4e core, Thief (Prowler): I, Ag, WP take the starting advances (Soldier's WS and T do not)", () => {
    const ch = soldier();
    ch.system.career = "Thief (Prowler)";
    const r = validateWfrpCharacter(ch);
    expect(r.unchecked).toEqual([]);
    const out = r.breaches.filter((b) => b.code === "characteristicAdvanceOutOfCareer").map((b) => b.values);
    expect(out.map((v) => v.career)).toEqual(out.map(() => "i, ag, wp"));
    expect(out.map((v) => v.characteristic)).toEqual(expect.arrayContaining(["t"]));
  });
  it("WFRP 4e core, first-level characteristics: Noble WS I Dex, Witch Hunter WS T WP, Knight S I Ag, Scholar T Int WP", () => {
    for (const [career, chars] of [
      ["Noble (Scion)", "ws, i, dex"],
      ["Witch Hunter (Interrogator)", "ws, t, wp"],
      ["Knight (Squire)", "s, i, ag"],
      ["Scholar (Student)", "t, int, wp"],
    ] as const) {
      const ch = soldier();
      ch.system.career = career;
      const r = validateWfrpCharacter(ch);
      expect(
        r.unchecked.filter((u) => u.includes("characteristics")),
        career,
      ).toEqual([]);
      for (const b of r.breaches.filter((x) => x.code === "characteristicAdvanceOutOfCareer")) expect(b.values.career, career).toBe(chars);
    }
  });
  it("WFRP 4e core, Wizard's Apprentice skills: Melee (Polearm) is a career skill, Research is not", () => {
    const ch = soldier();
    ch.system.career = "Wizard (Wizard's Apprentice)";
    const skill = ch.items.find((i) => i.type === "wfrp_skill" && (i.system as { key?: string }).key === "climb")!;
    const mutable = skill.system as { key: string; specialisation: string; characteristic: string };
    const skipped = (key: string, spec: string) => {
      Object.assign(mutable, { key, specialisation: spec });
      skill.name = spec ? `${key} (${spec})` : key;
      return validateWfrpCharacter(ch).breaches.some(
        (b) => b.code === "skillNotAvailable" && JSON.stringify(b.values).toLowerCase().includes(key.toLowerCase()),
      );
    };
    expect(skipped("research", ""), "Research").toBe(true);
    expect(skipped("melee", "Polearm"), "Melee (Polearm)").toBe(false);
  });
  it("a career the table does not list is reported unchecked, not broken; junk is refused", () => {
    const ch = soldier();
    ch.system.career = "Boatman";
    const r = validateWfrpCharacter(ch);
    expect(r.unchecked.some((u) => u.includes("Boatman"))).toBe(true);
    expect(r.breaches).toEqual([]);
    expect(() => validateWfrpCharacter({ type: "wfrp_creature", system: {} })).toThrow(/not a character type/);
  });
});
