// D6 compendium content a GM can start a session with: premade characters legal by the Star Wars
// RPG 2nd edition Revised & Expanded creation rules (chapter "Character creation": 18D of attributes,
// a human's between 2D and 4D each; 7D of skill dice added, at most +2D to one skill; 5 Character
// Points; 1 Force Point, 2 for a Force-sensitive character; Force skills bought from 0D), opponents
// from minions to bosses, Force powers, and the starter journal in both languages. Legality is the
// shared creation check (src/rules/d6/creation.ts), the same one test/rules/premades-legal uses.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { ROOT } from "../../support/handlebars";
import { packDocs, type PackDoc } from "./fixtures";
import { validateCharacter } from "../../../src/rules/characters";

type Code = { dice: number; pips: number };
const FORCE_SKILLS = ["control", "sense", "alter"];

/**
 * Every rule of R&E character creation the premade breaks (empty: legal): the shared creation
 * check's breaches, plus what our premades add to it — humans only, and no specializations (the
 * premade budget in docs/sources.md).
 */
function creationProblems(doc: PackDoc): string[] {
  const problems = validateCharacter(doc).breaches.map((b) => b.message);
  for (const item of doc.items ?? []) {
    if (item.type === "d6_skill" && (item.system as { specializations: unknown[] }).specializations.length > 0)
      problems.push(`${item.name}: specializations are not budgeted here`);
  }
  if ((doc.system as { species: string }).species !== "Human") problems.push("not a human (the limits above are a human's)");
  return problems;
}

const actors = packDocs("d6-characters");
const premades = actors.filter((d) => d.type === "d6_character");
const npcs = actors.filter((d) => d.type === "d6_npc");
const desc = (d: PackDoc) => String((d.system as { description?: string }).description ?? "");
const ruDesc = (d: PackDoc) => String((d.flags?.omnibus as { descriptionRu?: string } | undefined)?.descriptionRu ?? "");
const itemPacks = ["d6-skills", "d6-weapons", "d6-armor", "d6-equipment", "d6-force-powers"].flatMap((p) => packDocs(p));

describe("premade characters", () => {
  it("at least four, each a different template, all legal by the R&E creation rules", () => {
    expect(premades.length).toBeGreaterThanOrEqual(4);
    const templates = premades.map((d) => (d.system as { template: string }).template);
    expect(new Set(templates).size, templates.join(", ")).toBe(premades.length);
    for (const d of premades) expect(creationProblems(d), d.name).toEqual([]);
  });

  it("the creation check is not a rubber stamp: one pip too many, a skill at +2D+1, a missing Force Point are caught", () => {
    const thannik = structuredClone(premades.find((d) => d.name === "Thannik")!);
    (thannik.system as { attributes: Record<string, Code> }).attributes.mechanical.pips += 1;
    (thannik.items!.find((i) => i.name === "dodge")!.system as { code: Code }).code.pips = 1;
    (thannik.system as { forcePoints: number }).forcePoints = 0;
    expect(creationProblems(thannik)).toEqual([
      "attributes total 18D+1, the species gets 18D",
      "dodge has 2D+1 over its attribute; at most 2D at creation",
      "skills and specializations use 7D+1 of skill dice; a starting character has 7D",
      "0 Force Points; a starting character has 1",
    ]);
  });

  it("full skills (at least five), a weapon, and a short description in English and in Russian", () => {
    for (const d of premades) {
      const items = d.items ?? [];
      expect(items.filter((i) => i.type === "d6_skill").length, d.name).toBeGreaterThanOrEqual(5);
      expect(
        items.some((i) => i.type === "d6_weapon"),
        d.name,
      ).toBe(true);
      expect(desc(d).length, d.name).toBeGreaterThan(60);
      expect(ruDesc(d), d.name).toMatch(/[А-Яа-яЁё]{4}/);
      expect(ruDesc(d), `${d.name}: Russian only`).not.toMatch(/\b(the|and|with)\b/);
    }
  });

  it("the Force-sensitive premade has Force skills and knows Force powers from the pack", () => {
    const jedi = premades.filter((d) => (d.system as { forceSensitive: boolean }).forceSensitive);
    expect(jedi.length).toBeGreaterThan(0);
    for (const d of jedi) {
      expect((d.items ?? []).filter((i) => FORCE_SKILLS.includes(i.name)).length, d.name).toBeGreaterThan(0);
      expect((d.items ?? []).filter((i) => i.type === "d6_forcepower").length, d.name).toBeGreaterThan(0);
    }
  });
});

describe("opponents", () => {
  it("at least ten NPCs, from minions (no Character Points) to bosses (Character Points, Force Points), armed", () => {
    expect(npcs.length).toBeGreaterThanOrEqual(10);
    const armed = npcs.filter((d) => (d.items ?? []).some((i) => i.type === "d6_weapon"));
    expect(armed.length).toBeGreaterThanOrEqual(10);
    expect(npcs.filter((d) => (d.system as { characterPoints: number }).characterPoints === 0).length).toBeGreaterThanOrEqual(5);
    expect(npcs.filter((d) => (d.system as { characterPoints: number }).characterPoints >= 10).length).toBeGreaterThanOrEqual(2);
    expect(npcs.some((d) => (d.items ?? []).some((i) => i.type === "d6_armor"))).toBe(true);
    for (const d of npcs) expect(ruDesc(d), d.name).toMatch(/[А-Яа-яЁё]{4}/);
  });
});

describe("gear comes from the packs", () => {
  it("every skill, weapon, armour, equipment and Force power on an actor is a pack item of the same name and type", () => {
    const known = new Set(itemPacks.map((d) => `${d.type}:${d.name}`));
    const strays = actors.flatMap((a) =>
      (a.items ?? [])
        .filter((i) => i.type !== "d6_ability" && !known.has(`${i.type}:${i.name}`))
        .map((i) => `${a.name}: ${i.type} ${i.name}`),
    );
    expect(strays).toEqual([]);
  });
});

describe("Force powers", () => {
  const powers = packDocs("d6-force-powers");
  it("each needs at least one Force skill, has a difficulty in English and Russian, and a description in both languages", () => {
    expect(powers.length).toBeGreaterThanOrEqual(12);
    for (const d of powers) {
      const s = d.system as { control: boolean; sense: boolean; alter: boolean; difficulty: string };
      expect(s.control || s.sense || s.alter, d.name).toBe(true);
      expect(s.difficulty.length, d.name).toBeGreaterThan(3);
      expect(String(((d.flags?.omnibus as Record<string, Record<string, unknown>>).systemRu ?? {}).difficulty), d.name).toMatch(
        /[А-Яа-яЁё]{4}/,
      );
      expect(ruDesc(d), d.name).toMatch(/[А-Яа-яЁё]{4}/);
    }
  });

  it("calling on the dark side uses control, Easy for the Force-sensitive and Moderate for others, +3 a later attempt", () => {
    const call = powers.find((d) => d.name === "Call on the Dark Side")!;
    expect(call.system).toMatchObject({ control: true, sense: false, alter: false });
    expect((call.system as { difficulty: string }).difficulty).toMatch(/Easy for a Force-sensitive.*Moderate.*\+3/);
  });
});

describe("the starter journal", () => {
  const journal = packDocs("d6-journal") as unknown as Array<{
    name: string;
    flags: { omnibus: { lang: string } };
    pages: Array<{ name: string; text: { content: string } }>;
  }>;
  it("one entry in English and one in Russian, each telling how to pick the ruleset, take a premade, target, roll, apply and undo", () => {
    const byLang = Object.fromEntries(journal.map((j) => [j.flags.omnibus.lang, j.pages.map((p) => p.text.content).join(" ")]));
    expect(Object.keys(byLang).sort()).toEqual(["en", "ru"]);
    for (const word of [/ruleset/i, /drag/i, /target/i, /roll/i, /apply/i, /undo/i]) expect(byLang.en, String(word)).toMatch(word);
    for (const word of [/правила/i, /перетащите/i, /цел/i, /брос/i, /примен/i, /отмен/i]) expect(byLang.ru, String(word)).toMatch(word);
    expect(byLang.ru).not.toMatch(/\b(the|and|with)\b/);
  });

  it("names only buttons the cards really have (their labels in lang/*.json)", () => {
    const text = (lang: string) =>
      journal
        .find((j) => j.flags.omnibus.lang === lang)!
        .pages.map((p) => p.text.content)
        .join(" ");
    for (const lang of ["en", "ru"]) {
      const card = JSON.parse(readFileSync(join(ROOT, "lang", `${lang}.json`), "utf8")).OMNIBUS.D6.Card as Record<string, string>;
      expect(text(lang)).toContain(`<strong>${card.RollDamage}</strong>`);
      expect(text(lang)).toContain(`<strong>${card.Apply}</strong>`);
    }
  });

  it("is declared in system.json as a JournalEntry pack", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as { packs: Array<{ name: string; type: string }> };
    expect(manifest.packs.find((p) => p.name === "d6-journal")?.type).toBe("JournalEntry");
    for (const entry of journal) for (const page of entry.pages) expect(parse(JSON.stringify(page))).toHaveProperty("text.content");
  });
});
