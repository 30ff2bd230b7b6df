// The Storytelling and WFRP compendium content a GM starts a session with: premade characters legal
// by the published creation rules, adversaries from minions to bosses, the merits / trappings /
// talents they use, and the starter journals. Legality (World of Darkness 2004 core, character
// creation; WFRP 4e core, chapters 2-3) is the shared creation validator's, tested against the
// books' numbers in test/rules and applied to every premade in test/rules/premades-legal.test.ts;
// here it is the same check, with what the packs add (flags, gear, derived values on the sheet).
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { ROOT } from "../support/handlebars";
import { deriveCharacter } from "../../src/rules/storytelling/table/derive";
import { validateCharacter } from "../../src/rules/characters";
import { WFRP_CAREERS } from "../../src/rules/wfrp/creation";

type Doc = {
  _id: string;
  name: string;
  type: string;
  system: Record<string, any>;
  items?: Doc[];
  flags?: Record<string, any>;
  pages?: Array<{ name: string; text: { content: string }; flags?: Record<string, any> }>;
};
const docs = (pack: string): Doc[] =>
  readdirSync(join(ROOT, "packs", "_source", pack))
    .filter((f) => f.endsWith(".yml"))
    .map((f) => parse(readFileSync(join(ROOT, "packs", "_source", pack, f), "utf8")) as Doc);
const CYRILLIC = /[А-Яа-яЁё]/;

// ───────────────────────────── Storytelling ─────────────────────────────

describe("Storytelling premades: legal by the WoD 2004 creation rules", () => {
  const premades = docs("storytelling-characters");
  const gear = new Map(
    [...docs("storytelling-weapons"), ...docs("storytelling-armor"), ...docs("storytelling-equipment")].map((d) => [d.name, d]),
  );
  const merits = new Map(docs("storytelling-merits").map((d) => [d.name, d]));

  it("at least four, each a different concept, all of the character type", () => {
    expect(premades.length).toBeGreaterThanOrEqual(4);
    expect(premades.every((d) => d.type === "storytelling_character")).toBe(true);
    expect(new Set(premades.map((d) => d.system.concept)).size).toBe(premades.length);
  });

  it.each(premades.map((d) => [d.name, d] as const))(
    "%s: legal by the shared creation check; the declared priorities are the ones spent; Merits from the pack",
    (_n, d) => {
      const r = validateCharacter(d);
      expect(r.breaches).toEqual([]);
      // The priorities the premade declares (primary, secondary, tertiary) get 5/4/3 Attribute and 11/7/4 Skill dots.
      const budget = d.flags!.omnibus.creation;
      const totals = r.totals as { attributeDots: Record<string, number>; skillDots: Record<string, number> };
      expect(budget.attributePriority.map((c: string) => totals.attributeDots[c])).toEqual([5, 4, 3]);
      expect(budget.skillPriority.map((c: string) => totals.skillDots[c])).toEqual([11, 7, 4]);
      for (const m of (d.items ?? []).filter((i) => i.type === "storytelling_merit"))
        expect(merits.has(m.name.replace(/ \(.*\)$/, "")), `${m.name} is in the merits pack`).toBe(true);
    },
  );

  it.each(premades.map((d) => [d.name, d] as const))(
    "%s: Health = Stamina + Size, Willpower = Resolve + Composure, Defense / Speed / Initiative by the rule",
    (_n, d) => {
      const a = d.system.attributes as Record<string, number>;
      expect(d.system.size).toBe(5);
      expect(d.system.health.max).toBe(a.stamina + 5);
      expect(d.system.willpower.points).toBe(a.resolve + a.composure);
      const derived = deriveCharacter(d.system, d.items ?? []);
      const armorDefense = Math.min(
        0,
        ...(d.items ?? []).filter((i) => i.type === "storytelling_armor").map((i) => i.system.defense as number),
      );
      const armorSpeed = Math.min(
        0,
        ...(d.items ?? []).filter((i) => i.type === "storytelling_armor").map((i) => i.system.speed as number),
      );
      expect(derived.health).toBe(a.stamina + 5);
      expect(derived.willpowerMax).toBe(a.resolve + a.composure);
      expect(derived.defense).toBe(Math.min(a.wits, a.dexterity) + armorDefense);
      expect(derived.speed).toBe(a.strength + a.dexterity + 5 + armorSpeed);
      expect(derived.initiative).toBe(a.dexterity + a.composure);
    },
  );

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
    for (const d of npcs)
      expect(
        (d.items ?? []).some((i) => i.type === "storytelling_weapon"),
        d.name,
      ).toBe(true);
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
    for (const name of [
      "Fast Reflexes",
      "Quick Draw",
      "Fresh Start",
      "Contacts",
      "Allies",
      "Danger Sense",
      "Iron Stamina",
      "Fleet of Foot",
    ])
      expect(ru.has(name), name).toBe(true);
    expect(merits.length).toBeGreaterThanOrEqual(30);
    for (const m of merits) expect(["mental", "physical", "social"], m.name).toContain(m.system.category);
  });
});

// ───────────────────────────── WFRP ─────────────────────────────

/** WFRP 4e core, chapter 2: each species' size (the creation check does not hold it). */
const SIZE: Record<string, string> = { human: "average", halfling: "small", highElf: "average", dwarf: "average", woodElf: "average" };
/** The career-table row the shared creation check matched, or undefined. */
const careerOf = (d: Doc) => {
  const id = String(validateCharacter(d).totals.career);
  return Object.hasOwn(WFRP_CAREERS, id) ? WFRP_CAREERS[id] : undefined;
};

describe("WFRP premades: legal by the 4e creation rules", () => {
  const premades = docs("wfrp-characters");
  const packItems = new Map(
    [...docs("wfrp-weapons"), ...docs("wfrp-armour"), ...docs("wfrp-trappings"), ...docs("wfrp-talents")].map((d) => [d.name, d]),
  );

  it("at least four, each a different career, all with species and career", () => {
    expect(premades.length).toBeGreaterThanOrEqual(4);
    expect(new Set(premades.map((d) => d.system.career)).size).toBe(premades.length);
    for (const d of premades)
      expect([d.type, d.system.species !== "", careerOf(d) !== undefined], d.name).toEqual(["wfrp_character", true, true]);
  });

  it.each(premades.map((d) => [d.name, d] as const))(
    "%s: legal by the shared creation check; the declared career characteristics are the career's",
    (_n, d) => {
      const r = validateCharacter(d);
      expect(r.breaches).toEqual([]);
      const budget = d.flags!.omnibus.creation;
      const career = careerOf(d)!;
      if (career.characteristics) expect([...budget.careerCharacteristics].sort()).toEqual([...career.characteristics].sort());
      expect(r.totals).toMatchObject({ species: budget.species, characteristicAdvances: 5 });
      expect(d.system.size).toBe(SIZE[budget.species]);
    },
  );

  it.each(premades.map((d) => [d.name, d] as const))(
    "%s: species talents plus one career talent; trappings, weapons and armour from the packs; Wounds by the formula",
    (_n, d) => {
      const budget = d.flags!.omnibus.creation;
      const talents = (d.items ?? []).filter((i) => i.type === "wfrp_talent").map((i) => i.name);
      expect(careerOf(d)!.talents).toContain(budget.careerTalent);
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
      const current = (c: string) =>
        d.system.characteristics[c].initial + d.system.characteristics[c].advances + 5 * talents.filter((t) => plus[t] === c).length;
      const [sb, tb, wpb] = ["s", "t", "wp"].map((c) => Math.floor(current(c) / 10));
      const base = d.system.size === "small" ? 2 * tb + wpb : sb + 2 * tb + wpb;
      expect(d.system.health.max).toBe(base + (talents.includes("Hardy") ? tb : 0));
      expect(d.flags?.omnibus?.descriptionRu).toMatch(CYRILLIC);
      expect(d.flags?.omnibus?.systemRu?.career).toMatch(CYRILLIC);
    },
  );
});

describe("WFRP adversaries, trappings and talents", () => {
  const foes = docs("wfrp-adversaries");
  it("at least ten, creatures among them, minions to bosses, each with a weapon; armour on most", () => {
    expect(foes.length).toBeGreaterThanOrEqual(10);
    expect(foes.filter((d) => d.type === "wfrp_creature").length).toBeGreaterThanOrEqual(5);
    expect(foes.filter((d) => d.type === "wfrp_npc").length).toBeGreaterThanOrEqual(3);
    for (const d of foes)
      expect(
        (d.items ?? []).some((i) => i.type === "wfrp_weapon"),
        d.name,
      ).toBe(true);
    expect(foes.filter((d) => (d.items ?? []).some((i) => i.type === "wfrp_armour")).length).toBeGreaterThan(foes.length / 2);
    const wounds = foes.map((d) => d.system.health.max as number);
    expect(Math.max(...wounds)).toBeGreaterThanOrEqual(3 * Math.min(...wounds));
    expect(foes.some((d) => d.system.size === "large")).toBe(true);
  });

  it("trappings: at least twenty; every talent a premade holds is in the talents pack", () => {
    expect(docs("wfrp-trappings").length).toBeGreaterThanOrEqual(20);
    const talents = new Set(docs("wfrp-talents").map((d) => d.name));
    for (const d of [...docs("wfrp-characters"), ...foes])
      for (const t of (d.items ?? []).filter((i) => i.type === "wfrp_talent"))
        expect(talents.has(t.name.replace(/ \(.*\)$/, "")), t.name).toBe(true);
  });
});

describe("starter journals", () => {
  it("wfrp-rules: how the rules play, one entry per language (not a two-language glossary), with the published numbers", () => {
    const entries = docs("wfrp-rules");
    expect(entries.map((e) => e.flags?.omnibus?.language).sort()).toEqual(["en", "ru"]);
    for (const e of entries) {
      const ru = e.flags!.omnibus.language === "ru";
      const text = e.pages!.map((p) => `${p.name} ${p.text.content}`).join(" ");
      const plain = text.replace(/<[^>]*>/g, " ");
      expect(e.pages!.length, e.name).toBeGreaterThanOrEqual(6);
      // One language: no Cyrillic in English; in Russian no English word of three letters or more.
      if (ru) expect(plain.match(/\b[A-Za-z]{3,}\b/g) ?? [], e.name).toEqual([]);
      else expect(CYRILLIC.test(plain), e.name).toBe(false);
      // Prose, not a glossary: most of the text is outside tables.
      const outsideTables = text.replace(/<table[\s\S]*?<\/table>/g, "").replace(/<[^>]*>/g, " ");
      expect(outsideTables.length / plain.length, e.name).toBeGreaterThan(0.6);
      // WFRP 4e core: the difficulty ladder, the SL outcome bands, the hit locations, the range bands, 01–05 / 96–00.
      for (const n of [
        "+60",
        "+40",
        "+20",
        "+0",
        "−10",
        "−20",
        "−30",
        "01–05",
        "96–00",
        "01–09",
        "10–24",
        "25–44",
        "45–79",
        "80–89",
        "90–00",
      ])
        expect(text, `${e.name}: ${n}`).toContain(n);
      expect(text).toMatch(ru ? /Нанести урон/ : /Apply damage/);
    }
  });

  it.each([["storytelling-journal"], ["wfrp-journal"]])(
    "%s: an English and a Russian entry, each in one language, covering set-up, rolls, combat and undoing",
    (pack) => {
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
    },
  );
});
