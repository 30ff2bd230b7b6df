// Silhouette compendium content a GM can start a session with: premade characters built on the
// Silhouette CORE Rules creation budget for an adventurous player character (30 Character Points for
// the ten attributes at (rating + 1)² each, −1 → 0, −2 → 1 back, −3 → 4 back, humans −3…+3; 40 Skill
// Points at level² per skill, complexity 1 free; Character Points left over become Skill Points one
// for one; STR = (BLD + FIT) / 2, HEA = (FIT + PSY + WIL) / 3, Stamina = 5 × (BLD + HEA) + 25), with
// all ten attributes on the sheet; opponents from minions to a boss; the starter journal in both
// languages.
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { ROOT } from "../../support/handlebars";
import { validateCharacter } from "../../../src/rules/characters";

interface Doc {
  name: string;
  type: string;
  system: Record<string, any>;
  items?: Doc[];
  flags?: { omnibus?: Record<string, any> };
  pages?: Array<{ text: { content: string } }>;
}
const packDocs = (pack: string): Doc[] =>
  readdirSync(join(ROOT, "packs", "_source", pack))
    .filter((f) => f.endsWith(".yml"))
    .map((f) => parse(readFileSync(join(ROOT, "packs", "_source", pack, f), "utf8")) as Doc);

/**
 * Every creation rule the premade breaks (empty: legal): the shared creation check
 * (src/rules/silhouette/build.ts), which test/rules/premades-legal.test.ts applies to every premade,
 * plus what our premades add: the whole budget spent (40 Skill Points + every left-over Character
 * Point; the sheet holds no Emergency Dice).
 */
function creationProblems(doc: Doc): string[] {
  const r = validateCharacter(doc);
  const problems = r.breaches.map((b) => b.message);
  const t = r.totals as { skillPoints: number; skillBudget: number };
  if (problems.length === 0 && t.skillPoints !== t.skillBudget)
    problems.push(`skills cost ${t.skillPoints} SP, not the ${t.skillBudget} the budget gives`);
  return problems;
}

const actors = packDocs("silhouette-actors");
const premades = actors.filter((d) => d.type === "silhouette_character");
const npcs = actors.filter((d) => d.type === "silhouette_npc");
const ru = (d: Doc) => String(d.flags?.omnibus?.descriptionRu ?? "");

describe("premade characters", () => {
  it("at least four different ones, each spending exactly the adventurous player-character budget", () => {
    expect(premades.length).toBeGreaterThanOrEqual(4);
    expect(new Set(premades.map((d) => d.name)).size).toBe(premades.length);
    for (const d of premades) expect(creationProblems(d), d.name).toEqual([]);
  });

  it("the budget check is not a rubber stamp: a raised attribute, a skill level too many, a wrong Stamina are caught", () => {
    const merc = structuredClone(premades.find((d) => d.name === "Veteran mercenary")!);
    merc.system.attributes.agi = 2;
    expect(creationProblems(merc)).toEqual([
      "skills cost 48 Skill Points; a starting character has 40 + 3 left-over Character Points = 43",
    ]);
    merc.system.attributes.agi = 4;
    expect(creationProblems(merc)).toEqual([
      "AGI 4: at creation -3 … +3",
      "attributes cost 43 Character Points; a starting character has 30",
      "skills cost 48 Skill Points; a starting character has 40 + 0 left-over Character Points = 40",
    ]);
    const medic = structuredClone(premades.find((d) => d.name === "Field medic")!);
    medic.system.stamina = 25;
    expect(creationProblems(medic)).toEqual(["Stamina 25; 5 × (BLD + HEA) + 25 gives 30"]);
    medic.system.stamina = 30;
    medic.items = medic.items!.filter((i) => i.name !== "Survival");
    expect(creationProblems(medic)).toEqual(["skills cost 48 SP, not the 49 the budget gives"]);
  });

  it("full skills (the combat five and more), a weapon, armour, and a description in English and in Russian", () => {
    for (const d of premades) {
      const keys = (d.items ?? []).filter((i) => i.type === "silhouette_skill").map((i) => i.system.key);
      for (const k of ["combatSense", "defense", "firearms", "athletics"]) expect(keys, `${d.name}: ${k}`).toContain(k);
      expect(keys.length, d.name).toBeGreaterThanOrEqual(7);
      expect(
        (d.items ?? []).some((i) => i.type === "silhouette_weapon"),
        d.name,
      ).toBe(true);
      expect(
        (d.items ?? []).some((i) => i.type === "silhouette_armour"),
        d.name,
      ).toBe(true);
      expect(String(d.system.description).length, d.name).toBeGreaterThan(60);
      expect(ru(d), d.name).toMatch(/[А-Яа-яЁё]{4}/);
    }
  });
});

describe("the ten attributes (Silhouette CORE)", () => {
  it("every actor of the pack holds the ten and STR, STR = (BLD + FIT) / 2 and Stamina = 5 × (BLD + HEA) + 25", () => {
    const ten = ["agi", "app", "bld", "cre", "fit", "inf", "kno", "per", "psy", "will"];
    for (const d of actors) {
      const a = d.system.attributes as Record<string, number>;
      expect(Object.keys(a).sort(), d.name).toEqual([...ten, "str"].sort());
      const hea = Math.round((a.fit + a.psy + a.will) / 3);
      expect(a.str, d.name).toBe(Math.trunc((a.bld + a.fit) / 2));
      expect(d.system.stamina, d.name).toBe(5 * (a.bld + hea) + 25);
    }
    // the six new ones are not all left at 0: the premades have their character
    for (const d of premades)
      expect(
        ["app", "cre", "inf", "kno", "per", "psy"].some((k) => d.system.attributes[k] !== 0),
        d.name,
      ).toBe(true);
  });
  it("every skill of the pack and of every actor adds an attribute (the pack's own link)", () => {
    const skills = [
      ...packDocs("silhouette-skills"),
      ...actors.flatMap((a) => (a.items ?? []).filter((i) => i.type === "silhouette_skill")),
    ];
    const link = new Map(packDocs("silhouette-skills").map((d) => [d.name, d.system.attribute]));
    for (const s of skills) {
      expect(s.system.attribute, s.name).not.toBe("none");
      expect(s.system.attribute, s.name).toBe(link.get(s.name));
    }
    expect(link.get("Notice")).toBe("per");
    expect(link.get("Medicine")).toBe("kno");
  });
});

describe("opponents", () => {
  it("at least ten, armed, from a minion with one-level skills to a boss with level 4", () => {
    expect(npcs.length).toBeGreaterThanOrEqual(10);
    for (const d of npcs) {
      expect(
        (d.items ?? []).some((i) => i.type === "silhouette_weapon"),
        d.name,
      ).toBe(true);
      expect(ru(d), d.name).toMatch(/[А-Яа-яЁё]{4}/);
    }
    const best = (d: Doc) => Math.max(...(d.items ?? []).filter((i) => i.type === "silhouette_skill").map((i) => i.system.level));
    expect(npcs.some((d) => best(d) === 1)).toBe(true);
    expect(npcs.some((d) => best(d) >= 4)).toBe(true);
    expect(npcs.filter((d) => (d.items ?? []).some((i) => i.type === "silhouette_armour")).length).toBeGreaterThanOrEqual(5);
  });
});

describe("items", () => {
  const packs = ["silhouette-skills", "silhouette-weapons", "silhouette-armour", "silhouette-equipment"];
  const items = packs.flatMap(packDocs);
  it("every item an actor carries is a pack item of the same name and type", () => {
    const known = new Set(items.map((d) => `${d.type}:${d.name}`));
    expect(
      actors.flatMap((a) => (a.items ?? []).filter((i) => !known.has(`${i.type}:${i.name}`)).map((i) => `${a.name}: ${i.name}`)),
    ).toEqual([]);
  });

  it("armour and equipment enough to kit a party (5+ armours, 15+ pieces of equipment), each described in both languages", () => {
    expect(packDocs("silhouette-armour").length).toBeGreaterThanOrEqual(5);
    expect(packDocs("silhouette-equipment").length).toBeGreaterThanOrEqual(15);
    for (const d of items) {
      expect(String(d.system.description), d.name).not.toMatch(/lang="ru"/);
      expect(ru(d), d.name).toMatch(/[А-Яа-яЁё]{3}/);
    }
  });

  it("weapon and armour values that are our own convention say so", () => {
    for (const d of [...packDocs("silhouette-weapons"), ...packDocs("silhouette-armour")]) {
      expect(String(d.system.description), d.name).toMatch(/house value/);
      expect(ru(d), d.name).toMatch(/по домашнему правилу/);
    }
  });
});

describe("the starter journal", () => {
  const journal = packDocs("silhouette-journal");
  it("one entry in English and one in Russian: pick the ruleset, take a premade, target, roll, apply, undo", () => {
    const byLang = Object.fromEntries(journal.map((j) => [j.flags!.omnibus!.lang, j.pages!.map((p) => p.text.content).join(" ")]));
    expect(Object.keys(byLang).sort()).toEqual(["en", "ru"]);
    for (const word of [/ruleset/i, /drag/i, /target/i, /roll/i, /apply/i, /undo/i]) expect(byLang.en, String(word)).toMatch(word);
    for (const word of [/правила/i, /перетащите/i, /цел/i, /брос/i, /урон/i, /отмен/i]) expect(byLang.ru, String(word)).toMatch(word);
  });

  it("names only buttons the sheets and cards really have (their labels in lang/*.json)", () => {
    const en = JSON.parse(readFileSync(join(ROOT, "lang", "en.json"), "utf8")).OMNIBUS.Silhouette.Card;
    const ruLang = JSON.parse(readFileSync(join(ROOT, "lang", "ru.json"), "utf8")).OMNIBUS.Silhouette.Card;
    const text = (lang: string) =>
      journal
        .find((j) => j.flags!.omnibus!.lang === lang)!
        .pages!.map((p) => p.text.content)
        .join(" ");
    expect(text("en")).toContain(`<strong>${en.Defend}</strong>`);
    expect(text("en")).toContain(`<strong>${en.ApplyDamage}</strong>`);
    expect(text("ru")).toContain(`<strong>${ruLang.Defend}</strong>`);
    expect(text("ru")).toContain(`<strong>${ruLang.ApplyDamage}</strong>`);
  });
});
