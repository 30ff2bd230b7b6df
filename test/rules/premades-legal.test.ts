// One definition of a legal premade: every player character in the packs passes the shared creation
// validator (src/rules/characters.ts) with no breach and nothing left unchecked but what the
// validator's tables say they leave open. The per-ruleset content tests use the same validator.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { validateCharacter } from "../../src/rules/characters";

const ROOT = join(import.meta.dirname, "../../packs/_source");
/** The pack holding each ruleset's premade player characters, and the actor type that marks one. */
const PACKS = [
  ["d6-characters", "d6_character"],
  ["storytelling-characters", "storytelling_character"],
  ["wfrp-characters", "wfrp_character"],
  ["silhouette-actors", "silhouette_character"],
] as const;

type Doc = {
  name: string;
  type: string;
  system: Record<string, any>;
  items?: Array<{ name: string; type: string; system: Record<string, any> }>;
};
const premades = PACKS.flatMap(([pack, type]) =>
  readdirSync(join(ROOT, pack))
    .filter((f) => f.endsWith(".yml"))
    .map((f) => parse(readFileSync(join(ROOT, pack, f), "utf8")) as Doc)
    .filter((d) => d.type === type)
    .map((d) => [`${pack}: ${d.name}`, d] as const),
);

/** What the validator's tables leave open on purpose (reported, not a breach). */
const KNOWN_UNCHECKED: RegExp[] = [];

describe("every premade player character is a legal starting character", () => {
  it("four or more per ruleset", () => {
    for (const [pack] of PACKS) expect(premades.filter(([n]) => n.startsWith(`${pack}:`)).length, pack).toBeGreaterThanOrEqual(4);
  });

  it.each(premades)("%s", (_name, doc) => {
    const r = validateCharacter(doc);
    expect(r.breaches).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.unchecked.filter((u) => !KNOWN_UNCHECKED.some((k) => k.test(u)))).toEqual([]);
  });
});

describe("the legality check is not a rubber stamp", () => {
  const find = (name: string) => structuredClone(premades.find(([n]) => n.endsWith(`: ${name}`))![1]);

  it("D6: Thannik with Mechanical one pip higher breaks the 18D of attributes (R&E, Character Creation)", () => {
    const d = find("Thannik");
    d.system.attributes.mechanical.pips += 1;
    expect(validateCharacter(d).breaches.map((b) => [b.code, b.values])).toEqual([["attributeDice", { total: "18D+1", allowed: "18D" }]]);
  });

  it("D6: Kessa Rhun with one Force Point is short of a Force-sensitive character's two (R&E, Character Creation)", () => {
    const d = find("Kessa Rhun");
    d.system.forcePoints = 1;
    expect(validateCharacter(d).breaches.map((b) => [b.code, b.values])).toEqual([["forcePoints", { value: 1, expected: 2 }]]);
  });

  it("Storytelling: Dana Reyes with one more Intelligence dot breaks the 5/4/3 Attributes (WoD 2004, Character Creation)", () => {
    const d = find("Dana Reyes");
    d.system.attributes.intelligence += 1;
    expect(validateCharacter(d).breaches.map((b) => b.code)).toContain("attributeDots");
  });

  it("WFRP: Greta Haussmann with a Ballistic Skill advance breaks the Recruit's WS, T, WP (WFRP 4e core, Soldier)", () => {
    const d = find("Greta Haussmann");
    d.system.characteristics.bs.advances = 1;
    d.system.characteristics.ws.advances -= 1;
    expect(validateCharacter(d).breaches.map((b) => [b.code, b.values])).toEqual([
      ["characteristicAdvanceOutOfCareer", { characteristic: "bs", advances: 1, career: "ws, t, wp" }],
    ]);
  });

  it("Silhouette: the veteran mercenary with AGI +2 spends 5 more Character Points, so 48 Skill Points are 5 over 40 + 3 (Silhouette CORE)", () => {
    const d = find("Veteran mercenary");
    d.system.attributes.agi = 2;
    expect(validateCharacter(d).breaches.map((b) => [b.code, b.values])).toEqual([["skillPoints", { spent: 48, allowed: 43 }]]);
  });
});
