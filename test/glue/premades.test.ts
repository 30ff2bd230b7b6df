// The Storytelling and WFRP compendium content a GM starts a session with: premade characters legal
// by the published creation rules, adversaries from minions to bosses, the merits / trappings /
// talents they use, and the starter journals. The budgets below are the published ones (World of
// Darkness 2004 core, character creation; WFRP 4e core, chapters 2-3), written out here, not read
// from the code.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { ROOT } from "../support/handlebars";
import { deriveCharacter } from "../../src/foundry/storytelling/derived";

type Doc = { _id: string; name: string; type: string; system: Record<string, any>; items?: Doc[]; flags?: Record<string, any>; pages?: Array<{ name: string; text: { content: string }; flags?: Record<string, any> }> };
const docs = (pack: string): Doc[] => readdirSync(join(ROOT, "packs", "_source", pack)).filter((f) => f.endsWith(".yml")).map((f) => parse(readFileSync(join(ROOT, "packs", "_source", pack, f), "utf8")) as Doc);
const CYRILLIC = /[А-Яа-яЁё]/;

// ───────────────────────────── Storytelling ─────────────────────────────

const ST_ATTRIBUTES = { mental: ["intelligence", "wits", "resolve"], physical: ["strength", "dexterity", "stamina"], social: ["presence", "manipulation", "composure"] } as const;
const ST_SKILLS = {
  mental: ["academics", "computer", "crafts", "investigation", "medicine", "occult", "politics", "science"],
  physical: ["athletics", "brawl", "drive", "firearms", "larceny", "stealth", "survival", "weaponry"],
  social: ["animalKen", "empathy", "expression", "intimidation", "persuasion", "socialize", "streetwise", "subterfuge"],
} as const;
/** Dots bought at creation: the fifth dot of a trait costs two. */
const creationCost = (dots: number) => dots + (dots >= 5 ? 1 : 0);

describe("Storytelling premades: legal by the WoD 2004 creation rules", () => {
  const premades = docs("storytelling-characters");
  const gear = new Map([...docs("storytelling-weapons"), ...docs("storytelling-armor"), ...docs("storytelling-equipment")].map((d) => [d.name, d]));
  const merits = new Map(docs("storytelling-merits").map((d) => [d.name, d]));

  it("at least four, each a different concept, all of the character type", () => {
    expect(premades.length).toBeGreaterThanOrEqual(4);
    expect(premades.every((d) => d.type === "storytelling_character")).toBe(true);
    expect(new Set(premades.map((d) => d.system.concept)).size).toBe(premades.length);
  });

  it.each(premades.map((d) => [d.name, d] as const))("%s: 5/4/3 Attribute dots over the free dot, 11/7/4 Skill dots, 3 Specialties, 7 Merit dots", (_n, d) => {
    const a = d.system.attributes as Record<string, number>;
    const attrs = Object.values(ST_ATTRIBUTES).map((keys) => keys.reduce((sum, k) => sum + creationCost(a[k]) - 1, 0));
    expect(Object.values(a).every((v) => v >= 1 && v <= 5)).toBe(true);
    expect([...attrs].sort()).toEqual([3, 4, 5]);
    // The priorities the premade declares (primary, secondary, tertiary) get 5, 4 and 3 dots.
    const budget = d.flags!.omnibus.creation;
    const categories = Object.keys(ST_ATTRIBUTES);
    expect(budget.attributePriority.map((c: string) => attrs[categories.indexOf(c)])).toEqual([5, 4, 3]);
    const s = d.system.skills as Record<string, { dots: number; specialties: string }>;
    const skills = Object.values(ST_SKILLS).map((keys) => keys.reduce((sum, k) => sum + creationCost(s[k].dots), 0));
    expect([...skills].sort((x, y) => x - y)).toEqual([4, 7, 11]);
    expect(budget.skillPriority.map((c: string) => skills[categories.indexOf(c)])).toEqual([11, 7, 4]);
    const specialties = Object.values(s).flatMap((v) => v.specialties.split(",").map((x) => x.trim()).filter(Boolean));
    expect(specialties).toHaveLength(3);
    // A Specialty belongs to a Skill the character has.
    for (const [k, v] of Object.entries(s)) if (v.specialties) expect(v.dots, k).toBeGreaterThan(0);
    const meritItems = (d.items ?? []).filter((i) => i.type === "storytelling_merit");
    expect(meritItems.reduce((sum, m) => sum + creationCost(m.system.dots), 0)).toBe(7);
    for (const m of meritItems) expect(merits.has(m.name.replace(/ \(.*\)$/, "")), `${m.name} is in the merits pack`).toBe(true);
  });

  it.each(premades.map((d) => [d.name, d] as const))("%s: Health = Stamina + Size, Willpower = Resolve + Composure, Defense / Speed / Initiative by the rule", (_n, d) => {
    const a = d.system.attributes as Record<string, number>;
    expect(d.system.size).toBe(5);
    expect(d.system.health.max).toBe(a.stamina + 5);
    expect(d.system.willpower.points).toBe(a.resolve + a.composure);
    const derived = deriveCharacter(d.system, d.items ?? []);
    const armorDefense = Math.min(0, ...(d.items ?? []).filter((i) => i.type === "storytelling_armor").map((i) => i.system.defense as number));
    const armorSpeed = Math.min(0, ...(d.items ?? []).filter((i) => i.type === "storytelling_armor").map((i) => i.system.speed as number));
    expect(derived.health).toBe(a.stamina + 5);
    expect(derived.willpowerMax).toBe(a.resolve + a.composure);
    expect(derived.defense).toBe(Math.min(a.wits, a.dexterity) + armorDefense);
    expect(derived.speed).toBe(a.strength + a.dexterity + 5 + armorSpeed);
    expect(derived.initiative).toBe(a.dexterity + a.composure);
  });

  it.each(premades.map((d) => [d.name, d] as const))("%s: gear copied from the packs; a description in both languages", (_n, d) => {
    const owned = (d.items ?? []).filter((i) => ["storytelling_weapon", "storytelling_armor", "storytelling_equipment"].includes(i.type));
    expect(owned.length).toBeGreaterThan(0);
    for (const item of owned) expect(item.system, item.name).toEqual(gear.get(item.name)?.system);
    expect(d.system.description).toMatch(/<p>.{40,}/);
    expect(CYRILLIC.test(d.system.description)).toBe(false);
    expect(d.flags?.omnibus?.descriptionRu).toMatch(CYRILLIC);
    expect(d.flags?.omnibus?.systemRu?.concept).toMatch(CYRILLIC);
  });
});

describe("Storytelling adversaries and merits", () => {
  const npcs = docs("storytelling-adversaries");
  it("at least ten mortal NPCs, minions to bosses, each armed", () => {
    expect(npcs.length).toBeGreaterThanOrEqual(10);
    expect(npcs.every((d) => d.type === "storytelling_npc")).toBe(true);
    for (const d of npcs) expect((d.items ?? []).some((i) => i.type === "storytelling_weapon"), d.name).toBe(true);
    expect(npcs.filter((d) => (d.items ?? []).some((i) => i.type === "storytelling_armor")).length).toBeGreaterThanOrEqual(5);
    expect(npcs.filter((d) => d.system.concept === "Boss").length).toBeGreaterThanOrEqual(2);
    for (const d of npcs) expect(d.system.health.max, d.name).toBe(d.system.attributes.stamina + d.system.size);
  });

  it("every Merit the rules text names is in the pack, under its Russian name, plus the common ones", () => {
    const merits = docs("storytelling-merits");
    const ru = new Map(merits.map((m) => [m.name, m.flags?.omnibus?.nameRu]));
    expect(ru.get("Stunt Driver")).toBe("Рисковый водитель");
    expect(ru.get("Weaponry Dodge")).toBe("Уклонение в вооружённом бою");
    expect(ru.get("Resources")).toBe("Ресурсы");
    expect(ru.get("Status")).toBe("Статус");
    for (const name of ["Fast Reflexes", "Quick Draw", "Fresh Start", "Contacts", "Allies", "Danger Sense", "Iron Stamina", "Fleet of Foot"]) expect(ru.has(name), name).toBe(true);
    expect(merits.length).toBeGreaterThanOrEqual(30);
    for (const m of merits) expect(["mental", "physical", "social"], m.name).toContain(m.system.category);
  });
});

// ───────────────────────────── WFRP ─────────────────────────────

const CH = ["ws", "bs", "s", "t", "i", "ag", "dex", "int", "wp", "fel"] as const;
/** WFRP 4e core, chapter 2: characteristic bases (2d10 is added), Fate, Resilience, extra points, Movement, and the species skill and talent lists. */
const SPECIES: Record<string, { base: number[]; fate: number; resilience: number; extra: number; movement: number; size: string; skills: string[] }> = {
  human: { base: [20, 20, 20, 20, 20, 20, 20, 20, 20, 20], fate: 2, resilience: 1, extra: 3, movement: 4, size: "average", skills: ["Animal Care", "Charm", "Cool", "Evaluate", "Gossip", "Haggle", "Language (Bretonnian)", "Language (Wastelander)", "Leadership", "Lore (Reikland)", "Melee (Basic)", "Ranged (Bow)"] },
  halfling: { base: [10, 30, 10, 20, 20, 20, 30, 20, 30, 30], fate: 0, resilience: 2, extra: 3, movement: 3, size: "small", skills: ["Charm", "Consume Alcohol", "Dodge", "Gamble", "Haggle", "Intuition", "Language (Mootish)", "Lore (Reikland)", "Perception", "Sleight of Hand", "Stealth (Urban)", "Trade (Cook)"] },
  highElf: { base: [30, 30, 20, 20, 40, 30, 30, 30, 30, 20], fate: 0, resilience: 0, extra: 2, movement: 5, size: "average", skills: ["Cool", "Entertain (Sing)", "Evaluate", "Language (Eltharin)", "Leadership", "Melee (Basic)", "Navigation", "Perception", "Play (Lyre)", "Ranged (Bow)", "Sail", "Swim"] },
  dwarf: { base: [30, 20, 20, 30, 20, 10, 30, 20, 40, 10], fate: 0, resilience: 2, extra: 2, movement: 3, size: "average", skills: [] },
};
/** WFRP 4e core, chapter 3: each premade's career at its first level — skills and talents (one is taken at creation). */
const CAREERS: Record<string, { skills: string[]; talents: string[] }> = {
  "Soldier (Recruit)": { skills: ["Athletics", "Climb", "Cool", "Dodge", "Endurance", "Language (Battle)", "Melee (Basic)", "Play (Drum)"], talents: ["Diving Attack", "Drilled", "Shieldsman", "Strike Mighty Blow"] },
  "Thief (Prowler)": { skills: ["Athletics", "Climb", "Cool", "Dodge", "Endurance", "Intuition", "Perception", "Stealth (Urban)"], talents: ["Alley Cat", "Criminal", "Flee!", "Strike to Stun"] },
  "Rat Catcher (Rat Hunter)": { skills: ["Athletics", "Animal Training (Dog)", "Charm Animal", "Consume Alcohol", "Endurance", "Melee (Basic)", "Ranged (Sling)", "Stealth (Underground)"], talents: ["Night Vision", "Resistance (Disease)", "Strike Mighty Blow", "Strike to Stun"] },
  "Wizard (Wizard's Apprentice)": { skills: ["Channelling (Azyr)", "Dodge", "Intuition", "Language (Magick)", "Lore (Magic)", "Melee (Basic)", "Perception", "Research"], talents: ["Aethyric Attunement", "Petty Magic", "Read/Write", "Second Sight"] },
};

describe("WFRP premades: legal by the 4e creation rules", () => {
  const premades = docs("wfrp-characters");
  const packItems = new Map([...docs("wfrp-weapons"), ...docs("wfrp-armour"), ...docs("wfrp-trappings"), ...docs("wfrp-talents")].map((d) => [d.name, d]));

  it("at least four, each a different career, all with species and career", () => {
    expect(premades.length).toBeGreaterThanOrEqual(4);
    expect(new Set(premades.map((d) => d.system.career)).size).toBe(premades.length);
    for (const d of premades) expect([d.type, d.system.species !== "", d.system.career in CAREERS]).toEqual(["wfrp_character", true, true]);
  });

  it.each(premades.map((d) => [d.name, d] as const))("%s: characteristics 2d10 + species base, 5 career characteristic advances", (_n, d) => {
    const budget = d.flags!.omnibus.creation;
    const species = SPECIES[budget.species];
    expect(species, budget.species).toBeDefined();
    CH.forEach((c, i) => {
      const rolled = d.system.characteristics[c].initial - species.base[i];
      expect(rolled, `${c} rolled`).toBeGreaterThanOrEqual(2);
      expect(rolled, `${c} rolled`).toBeLessThanOrEqual(20);
      if (!budget.careerCharacteristics.includes(c)) expect(d.system.characteristics[c].advances, c).toBe(0);
    });
    expect(budget.careerCharacteristics).toHaveLength(3);
    expect(CH.reduce((sum, c) => sum + d.system.characteristics[c].advances, 0)).toBe(5);
    expect(d.system.movement).toBe(species.movement);
    expect(d.system.size).toBe(species.size);
    // Fate and Resilience: the species' values plus its extra points, spent between them; Fortune = Fate, Resolve = Resilience.
    const extraFate = d.system.fate - species.fate;
    const extraResilience = d.system.resilience - species.resilience;
    expect([extraFate >= 0, extraResilience >= 0, extraFate + extraResilience]).toEqual([true, true, species.extra]);
    expect([d.system.fortune, d.system.resolve]).toEqual([d.system.fate, d.system.resilience]);
  });

  it.each(premades.map((d) => [d.name, d] as const))("%s: species skills 3 × +5 and 3 × +3, then 40 career skill advances, at most 10 on a skill", (_n, d) => {
    const budget = d.flags!.omnibus.creation;
    const species = SPECIES[budget.species];
    const career = CAREERS[d.system.career];
    expect(budget.speciesSkills["+5"]).toHaveLength(3);
    expect(budget.speciesSkills["+3"]).toHaveLength(3);
    const speciesPart = new Map<string, number>();
    for (const s of budget.speciesSkills["+5"]) speciesPart.set(s, 5);
    for (const s of budget.speciesSkills["+3"]) speciesPart.set(s, (speciesPart.get(s) ?? 0) + 3);
    for (const s of speciesPart.keys()) expect(species.skills, `${s} is a ${budget.species} skill`).toContain(s);
    expect(speciesPart.size).toBe(6);
    let careerTotal = 0;
    const skills = (d.items ?? []).filter((i) => i.type === "wfrp_skill");
    for (const s of skills) {
      const careerPart = s.system.advances - (speciesPart.get(s.name) ?? 0);
      if (careerPart > 0) expect(career.skills, `${s.name} has career advances`).toContain(s.name);
      expect(careerPart, s.name).toBeGreaterThanOrEqual(0);
      expect(careerPart, s.name).toBeLessThanOrEqual(10);
      careerTotal += careerPart;
    }
    expect(careerTotal).toBe(40);
    for (const s of speciesPart.keys()) expect(skills.map((i) => i.name), s).toContain(s);
  });

  it.each(premades.map((d) => [d.name, d] as const))("%s: species talents plus one career talent; trappings, weapons and armour from the packs; Wounds by the formula", (_n, d) => {
    const budget = d.flags!.omnibus.creation;
    const talents = (d.items ?? []).filter((i) => i.type === "wfrp_talent").map((i) => i.name);
    expect(CAREERS[d.system.career].talents).toContain(budget.careerTalent);
    expect([...talents].sort()).toEqual([...budget.speciesTalents, budget.careerTalent].sort());
    for (const item of (d.items ?? []).filter((i) => ["wfrp_weapon", "wfrp_armour", "wfrp_trapping"].includes(i.type))) {
      const source = packItems.get(item.name);
      expect(source, `${item.name} is in a pack`).toBeDefined();
      expect({ ...item.system, quantity: undefined }, item.name).toEqual({ ...source!.system, quantity: undefined });
    }
    expect((d.items ?? []).some((i) => i.type === "wfrp_weapon")).toBe(true);
    expect((d.items ?? []).filter((i) => i.type === "wfrp_trapping").length).toBeGreaterThanOrEqual(3);
    // Wounds: SB + 2×TB + WPB (Small: 2×TB + WPB), +TB for Hardy; +5 talents raise the characteristic.
    const plus: Record<string, string> = { "Very Strong": "s", "Very Resilient": "t", Coolheaded: "wp" };
    const current = (c: string) => d.system.characteristics[c].initial + d.system.characteristics[c].advances + 5 * talents.filter((t) => plus[t] === c).length;
    const [sb, tb, wpb] = ["s", "t", "wp"].map((c) => Math.floor(current(c) / 10));
    const base = d.system.size === "small" ? 2 * tb + wpb : sb + 2 * tb + wpb;
    expect(d.system.health.max).toBe(base + (talents.includes("Hardy") ? tb : 0));
    expect(d.flags?.omnibus?.descriptionRu).toMatch(CYRILLIC);
    expect(d.flags?.omnibus?.systemRu?.career).toMatch(CYRILLIC);
  });
});

describe("WFRP adversaries, trappings and talents", () => {
  const foes = docs("wfrp-adversaries");
  it("at least ten, creatures among them, minions to bosses, each with a weapon; armour on most", () => {
    expect(foes.length).toBeGreaterThanOrEqual(10);
    expect(foes.filter((d) => d.type === "wfrp_creature").length).toBeGreaterThanOrEqual(5);
    expect(foes.filter((d) => d.type === "wfrp_npc").length).toBeGreaterThanOrEqual(3);
    for (const d of foes) expect((d.items ?? []).some((i) => i.type === "wfrp_weapon"), d.name).toBe(true);
    expect(foes.filter((d) => (d.items ?? []).some((i) => i.type === "wfrp_armour")).length).toBeGreaterThan(foes.length / 2);
    const wounds = foes.map((d) => d.system.health.max as number);
    expect(Math.max(...wounds)).toBeGreaterThanOrEqual(3 * Math.min(...wounds));
    expect(foes.some((d) => d.system.size === "large")).toBe(true);
  });

  it("trappings: at least twenty; every talent a premade holds is in the talents pack", () => {
    expect(docs("wfrp-trappings").length).toBeGreaterThanOrEqual(20);
    const talents = new Set(docs("wfrp-talents").map((d) => d.name));
    for (const d of [...docs("wfrp-characters"), ...foes]) for (const t of (d.items ?? []).filter((i) => i.type === "wfrp_talent")) expect(talents.has(t.name.replace(/ \(.*\)$/, "")), t.name).toBe(true);
  });
});

describe("starter journals", () => {
  it.each([["storytelling-journal"], ["wfrp-journal"]])("%s: an English and a Russian entry, each in one language, covering set-up, rolls, combat and undoing", (pack) => {
    const entries = docs(pack);
    expect(entries.map((e) => e.flags?.omnibus?.language).sort()).toEqual(["en", "ru"]);
    for (const e of entries) {
      const text = e.pages!.map((p) => p.name + p.text.content).join(" ");
      expect(e.pages!.length).toBeGreaterThanOrEqual(4);
      if (e.flags!.omnibus.language === "ru") {
        expect(CYRILLIC.test(e.name)).toBe(true);
        expect(text).toMatch(/Перетащите/);
        expect(text).toMatch(/цель/);
        expect(text).toMatch(/Нанести урон/);
      } else {
        expect(CYRILLIC.test(text)).toBe(false);
        for (const word of ["Drag", "target", "roll", "Apply damage", "Undoing"]) expect(text, word).toContain(word);
      }
    }
  });
});
