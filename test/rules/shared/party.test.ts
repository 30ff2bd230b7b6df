// Issue 16, the party: who may join, each member's key numbers, and the shared award's split.
import { describe, expect, it } from "vitest";
import { MEMBER_TYPES, PARTY_TYPES, joinParty, leaveParty, partyRow, splitAward } from "../../../src/rules/party";

describe("joining and leaving", () => {
  it("characters and NPCs of the party's ruleset join once; vehicles and other rulesets are refused", () => {
    expect(joinParty("d6", [], { id: "a", type: "d6_character" })).toEqual({ ok: true, members: ["a"] });
    expect(joinParty("d6", ["a"], { id: "b", type: "d6_npc" })).toEqual({ ok: true, members: ["a", "b"] });
    expect(joinParty("d6", ["a"], { id: "a", type: "d6_character" })).toEqual({ ok: false, reason: "alreadyMember" });
    expect(joinParty("d6", [], { id: "v", type: "d6_vehicle" })).toEqual({ ok: false, reason: "notAMemberType" });
    expect(joinParty("d6", [], { id: "w", type: "wfrp_character" })).toEqual({ ok: false, reason: "notAMemberType" });
    expect(joinParty("wfrp", [], { id: "p", type: "wfrp_party" })).toEqual({ ok: false, reason: "notAMemberType" });
    expect(PARTY_TYPES).toEqual(["d6_party", "storytelling_party", "wfrp_party", "silhouette_party"]);
    for (const types of Object.values(MEMBER_TYPES)) expect(types.some((t) => PARTY_TYPES.includes(t))).toBe(false);
  });
  it("leaving keeps the order and drops ids whose actor is gone", () => {
    expect(leaveParty(["a", "b", "c"], "b")).toEqual(["a", "c"]);
    expect(leaveParty(["a", "b", "c"], null, (id) => id !== "c")).toEqual(["a", "b"]);
  });
});

describe("a shared award split between the members", () => {
  it("whole points each; what does not divide is not awarded (10 among 3: 3 each, 1 left)", () => {
    expect(splitAward(10, 3)).toEqual({ each: 3, remainder: 1 });
    expect(splitAward(12, 4)).toEqual({ each: 3, remainder: 0 });
    expect(splitAward(2, 3)).toEqual({ each: 0, remainder: 2 });
    expect(splitAward(5, 0)).toEqual({ each: 0, remainder: 5 });
    expect(splitAward(-5, 2).each).toBe(0);
  });
});

describe("each member's key numbers", () => {
  it("d6: the dodge reaction skill is the defence against shots (000:L769), the best three skills by code", () => {
    const skill = (name: string, dice: number, pips: number, reaction = "") => ({
      name,
      type: "d6_skill",
      system: { code: { dice, pips }, reaction },
    });
    const row = partyRow("d6", {
      id: "a",
      name: "Rhea",
      img: "x.svg",
      type: "d6_character",
      system: { health: { value: 4, max: 5 }, characterPoints: 5, attributes: { dexterity: { dice: 3, pips: 1 } } },
      items: [
        skill("Уклонение", 4, 1, "dodge"),
        skill("blaster", 5, 1),
        skill("con", 3, 2),
        skill("space transports", 5, 0),
        skill("sneak", 4, 2),
      ],
    });
    expect(row.health).toEqual({ value: 4, max: 5 });
    expect(row.numbers[0]).toEqual({ label: "Уклонение", localize: false, value: "4D+1" });
    expect(row.numbers[1]).toEqual({ label: "OMNIBUS.Party.CharacterPoints", localize: true, value: "5" });
    expect(row.skills.map((s) => `${s.label} ${s.value}`)).toEqual(["blaster 5D+1", "space transports 5D", "sneak 4D+2"]);
    // Without a dodge skill the defence shown is Dexterity.
    expect(
      partyRow("d6", {
        id: "b",
        name: "B",
        img: "",
        type: "d6_npc",
        system: { attributes: { dexterity: { dice: 2, pips: 2 } } },
        items: [],
      }).numbers[0],
    ).toEqual({ label: "OMNIBUS.D6.Attribute.dexterity", localize: true, value: "2D+2" });
  });
  it("storytelling: Defense and Willpower from the prepared data, skills with dots by their lang key", () => {
    const row = partyRow("storytelling", {
      id: "s",
      name: "S",
      img: "",
      type: "storytelling_character",
      system: {
        health: { value: 7, max: 8 },
        willpower: { value: 3, max: 4 },
        derived: { defense: 2 },
        skills: { firearms: { dots: 3 }, brawl: { dots: 1 }, stealth: { dots: 2 }, science: { dots: 0 } },
      },
      items: [],
    });
    expect(row.numbers).toEqual([
      { label: "OMNIBUS.Party.Defense", localize: true, value: "2" },
      { label: "OMNIBUS.Party.Willpower", localize: true, value: "3/4" },
    ]);
    expect(row.skills.map((s) => s.label)).toEqual([
      "OMNIBUS.Storytelling.Skill.firearms",
      "OMNIBUS.Storytelling.Skill.stealth",
      "OMNIBUS.Storytelling.Skill.brawl",
    ]);
  });
  it("wfrp: a skill's total is its characteristic plus its advances (Melee 30 + 15 = 45)", () => {
    const row = partyRow("wfrp", {
      id: "w",
      name: "W",
      img: "",
      type: "wfrp_character",
      system: {
        health: { value: 12, max: 12 },
        fate: 2,
        fortune: 1,
        resilience: 1,
        resolve: 1,
        characteristics: { ws: { initial: 30, advances: 0, modifier: 0 }, i: { current: 35 } },
      },
      items: [
        { name: "Melee (Basic)", type: "wfrp_skill", system: { characteristic: "ws", advances: 15 } },
        { name: "Perception", type: "wfrp_skill", system: { characteristic: "i", advances: 5 } },
      ],
    });
    expect(row.numbers.map((n) => n.value)).toEqual(["2/1", "1/1"]);
    expect(row.skills.map((s) => `${s.label} ${s.value}`)).toEqual(["Melee (Basic) 45", "Perception 40"]);
  });
  it("silhouette: the Defense skill's level and the best skills by level", () => {
    const skill = (name: string, key: string, level: number) => ({ name, type: "silhouette_skill", system: { key, level } });
    const row = partyRow("silhouette", {
      id: "x",
      name: "X",
      img: "",
      type: "silhouette_character",
      system: {},
      items: [skill("Defense", "defense", 2), skill("Firearms", "firearms", 3), skill("Notice", "notice", 1)],
    });
    expect(row.health).toBeNull();
    expect(row.numbers[0].value).toBe("2");
    expect(row.skills.map((s) => s.label)).toEqual(["Firearms", "Defense", "Notice"]);
  });
});
