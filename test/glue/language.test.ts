// One language at a time (src/foundry/language.ts): a reader sees the name and description of their
// client's language, for pack documents and for documents already owned (display time), edits go to
// that language's slots, and lists sort by the displayed name. The render checks use the real sheet
// templates through Handlebars.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { ROOT, createHarness } from "../support/handlebars";
import {
  applyDisplayLanguage,
  byDisplayName,
  displaySystemText,
  displayDescription,
  displayName,
  languageSubmit,
  splitDescription,
  type BilingualSource,
} from "../../src/foundry/language";
import { actorSheetContext, itemSheetContext } from "../../src/rules/table/sheet-context";
import { russianNameUpdate, hasName } from "../../src/foundry/names";
import { localizeIndexEntries, localizePackIndexes } from "../../src/foundry/pack-names";

const CYRILLIC = /[А-Яа-яЁё]/;
/** The plain-text sentences (of four words or more) of an HTML text. */
const sentences = (html: string) =>
  html
    .replace(/<[^>]*>/g, "\n")
    .split(/[\n.!?;:]+/)
    .map((s) => s.trim())
    .filter((s) => s.split(/\s+/).length >= 4);

const knife: BilingualSource = {
  name: "Knife",
  flags: { omnibus: { nameRu: "Нож", descriptionRu: "<p>Короткий клинок, который легко спрятать.</p>" } },
  system: { description: "<p>A short blade that is easy to hide.</p>" },
};
/** The older shape: the Russian paragraph inside the English description. */
const inline: BilingualSource = {
  name: "Rope",
  flags: { omnibus: { nameRu: "Верёвка" } },
  system: { description: '<p>Fifteen metres of rope.</p><p lang="ru">Пятнадцать метров верёвки.</p>' },
};
/** Created on a Russian client from pack data: the Russian name stored, the English one in the flag. */
const ownedInRussian: BilingualSource = {
  name: "Нож",
  flags: { omnibus: { nameRu: "Нож", nameEn: "Knife", descriptionRu: "<p>Короткий клинок.</p>" } },
  system: { description: "<p>A short blade.</p>" },
};
/** Made by a user: one language, shown as it is. */
const homemade: BilingualSource = { name: "Амулет бабушки", system: { description: "<p>Тёплый на ощупь.</p>" } };

describe("the displayed name", () => {
  it("is the Russian name on a Russian client and the English one elsewhere, whichever was stored", () => {
    expect(displayName(knife, "ru")).toBe("Нож");
    expect(displayName(knife, "en")).toBe("Knife");
    expect(displayName(ownedInRussian, "en")).toBe("Knife");
    expect(displayName(ownedInRussian, "ru")).toBe("Нож");
    expect(displayName(homemade, "en")).toBe("Амулет бабушки");
    expect(displayName({ name: "Plain" }, "ru")).toBe("Plain");
  });

  it("lookups by name still find an item whose shown name is Russian (stored English name)", () => {
    const shown = { name: "Нож", flags: knife.flags, _source: { name: "Knife" } };
    expect(hasName(shown, "knife")).toBe(true);
    expect(hasName(shown, "Нож")).toBe(true);
  });
});

describe("the displayed description", () => {
  it("a Russian client sees only the Russian text, an English client only the English (flag shape)", () => {
    expect(displayDescription(knife, "ru")).toBe("<p>Короткий клинок, который легко спрятать.</p>");
    expect(displayDescription(knife, "en")).toBe("<p>A short blade that is easy to hide.</p>");
  });

  it('the older <p lang="ru"> shape is split the same way (documents already owned)', () => {
    expect(splitDescription(inline.system!.description as string)).toEqual({
      en: "<p>Fifteen metres of rope.</p>",
      ru: "<p>Пятнадцать метров верёвки.</p>",
    });
    expect(displayDescription(inline, "ru")).toBe("<p>Пятнадцать метров верёвки.</p>");
    expect(displayDescription(inline, "en")).toBe("<p>Fifteen metres of rope.</p>");
  });

  it("a one-language document shows its text to every reader", () => {
    expect(displayDescription(homemade, "en")).toBe("<p>Тёплый на ощупь.</p>");
    expect(displayDescription({ system: { description: "<p>Notes.</p>" } }, "ru")).toBe("<p>Notes.</p>");
  });

  it("every pack document with a Russian description shows a Russian reader no English and an English reader no Russian", () => {
    const root = join(ROOT, "packs", "_source");
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) =>
        statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : /\.ya?ml$/.test(f) ? [join(dir, f)] : [],
      );
    let checked = 0;
    for (const file of files(root)) {
      const doc = parse(readFileSync(file, "utf8")) as BilingualSource & { items?: BilingualSource[]; pages?: unknown };
      for (const d of [doc, ...(doc.items ?? [])]) {
        if (
          !d.system ||
          typeof d.system.description !== "string" ||
          !(d.flags?.omnibus as { descriptionRu?: string } | undefined)?.descriptionRu
        )
          continue;
        checked++;
        const where = `${file.slice(root.length + 1)} ${d.name}`;
        const ru = displayDescription(d, "ru");
        expect(CYRILLIC.test(ru), `${where} (ru)`).toBe(true);
        // No English sentence of the document reaches the Russian reader (terms like "AGI" may).
        for (const sentence of sentences(splitDescription(d.system.description).en)) expect(ru, `${where} (ru)`).not.toContain(sentence);
        expect(CYRILLIC.test(displayDescription(d, "en")), `${where} (en)`).toBe(false);
        expect(CYRILLIC.test(displayName(d, "en")), `${where} name (en)`).toBe(false);
        expect(CYRILLIC.test(displayName(d, "ru")), `${where} name (ru)`).toBe(true);
      }
    }
    expect(checked, "pack documents with both languages").toBeGreaterThan(100);
  });
});

describe("rendered sheets", () => {
  const itemContext = (doc: BilingualSource, lang: string) =>
    itemSheetContext({
      ruleset: "storytelling",
      item: { id: "knife", name: displayName(doc, lang), type: "storytelling_weapon", system: doc.system ?? {} },
      editable: true,
      editMode: false,
      description: displayDescription(doc, lang),
      enrichedDescription: displayDescription(doc, lang),
    });

  it("a Russian-client item sheet shows no English name or description; an English one no Russian", () => {
    for (const doc of [knife, inline]) {
      const ru = createHarness({ language: "ru" });
      const ruHtml =
        ru.render("shared/item-header.hbs", itemContext(doc, "ru")) + ru.render("shared/item-description.hbs", itemContext(doc, "ru"));
      expect(ruHtml).toContain(displayName(doc, "ru"));
      expect(ruHtml).not.toContain(doc.name!);
      expect(ruHtml).not.toMatch(/Fifteen|short blade/);
      const en = createHarness({ language: "en" });
      const enHtml =
        en.render("shared/item-header.hbs", itemContext(doc, "en")) + en.render("shared/item-description.hbs", itemContext(doc, "en"));
      expect(CYRILLIC.test(enHtml), enHtml).toBe(false);
    }
  });

  it("the editor's value is the reader's language too (edit mode)", () => {
    const ctx = itemSheetContext({
      ruleset: "storytelling",
      item: { id: "k", name: "Нож", type: "storytelling_weapon", system: knife.system! },
      editable: true,
      editMode: true,
      description: displayDescription(knife, "ru"),
    });
    const html = createHarness({ language: "ru" }).render("shared/item-description.hbs", ctx);
    expect(html).toContain("Короткий клинок");
    expect(html).not.toContain("short blade");
  });

  it("an actor's item list is sorted by the displayed name, in the reader's language", () => {
    const items: Array<BilingualSource & { id: string; type: string }> = [
      { id: "a", type: "wfrp_trapping", name: "Backpack", flags: { omnibus: { nameRu: "Ранец" } } },
      { id: "b", type: "wfrp_trapping", name: "Rope", flags: { omnibus: { nameRu: "Верёвка" } } },
      { id: "c", type: "wfrp_trapping", name: "Lantern", flags: { omnibus: { nameRu: "Фонарь" } } },
    ];
    const rows = (lang: string) =>
      actorSheetContext({
        ruleset: "wfrp",
        actor: {
          id: "x",
          name: "X",
          type: "wfrp_character",
          system: {},
          items: items.map((i) => ({ id: i.id, type: i.type, name: displayName(i, lang) })),
        },
        editable: false,
        editMode: false,
        tabs: [],
      }).items.map((r) => r.name);
    expect(rows("ru")).toEqual(["Верёвка", "Ранец", "Фонарь"]);
    expect(rows("en")).toEqual(["Backpack", "Lantern", "Rope"]);
    expect(byDisplayName(items, "ru").map((i) => i.id)).toEqual(["b", "a", "c"]);
    expect(byDisplayName(items, "en").map((i) => i.id)).toEqual(["a", "c", "b"]);
  });
});

describe("the prepared document (display time, stored source untouched)", () => {
  it("puts the reader's name and description on the prepared copy of an owned item, whichever language created it", () => {
    for (const [source, lang, name, text] of [
      [knife, "ru", "Нож", "Короткий клинок"],
      [ownedInRussian, "en", "Knife", "A short blade."],
      [inline, "ru", "Верёвка", "Пятнадцать"],
    ] as const) {
      const doc = { _source: structuredClone(source), name: source.name, flags: source.flags, system: { ...source.system } };
      applyDisplayLanguage(doc, lang);
      expect(doc.name).toBe(name);
      expect(doc.system.description).toContain(text);
      expect(doc._source).toEqual(source);
    }
  });

  it("a name that writes through to the stored source is put back there: the display never rewrites the data", () => {
    const stored = { name: "Knife", flags: knife.flags, system: { ...knife.system } };
    const doc = Object.defineProperty(
      { _source: stored, flags: knife.flags, system: { _source: stored.system, ...knife.system } },
      "name",
      {
        get: () => stored.name,
        set: (v: string) => (stored.name = v),
        enumerable: true,
      },
    ) as BilingualSource & { _source: BilingualSource };
    applyDisplayLanguage(doc, "ru");
    expect(stored.name).toBe("Knife");
    expect(stored.system.description).toBe(knife.system!.description);
  });

  it("a read-only name is left alone without an error", () => {
    const doc = Object.defineProperty({ _source: knife, system: { ...knife.system } }, "name", {
      get: () => "Knife",
    }) as BilingualSource & { _source: BilingualSource };
    expect(() => applyDisplayLanguage(doc, "ru")).not.toThrow();
    expect((doc.system as { description: string }).description).toContain("Короткий");
  });
});

describe("short system texts (concept, Virtue, what a tool helps with)", () => {
  const dana: BilingualSource = {
    name: "Dana",
    flags: { omnibus: { nameRu: "Дана", systemRu: { concept: "Детектив", virtue: "Справедливость" } } },
    system: { concept: "Detective", virtue: "Justice", vice: "Pride", description: "" },
  };
  it("a Russian reader sees the Russian versions on the prepared copy; an English reader the stored ones", () => {
    const ru = { _source: structuredClone(dana), name: "Dana", flags: dana.flags, system: { ...dana.system } };
    applyDisplayLanguage(ru, "ru");
    expect(ru.system).toMatchObject({ concept: "Детектив", virtue: "Справедливость", vice: "Pride" });
    const en = { _source: structuredClone(dana), name: "Dana", flags: dana.flags, system: { ...dana.system } };
    applyDisplayLanguage(en, "en");
    expect(en.system).toMatchObject({ concept: "Detective", virtue: "Justice" });
    expect(displaySystemText(dana, "concept", "ru")).toBe("Детектив");
    expect(displaySystemText(dana, "vice", "ru")).toBe("Pride");
  });
  it("a Russian reader's edit of such a text goes to its Russian version", () => {
    expect(languageSubmit(dana, "ru", { system: { concept: "Сыщик", vice: "Гордыня" } })).toEqual({
      "flags.omnibus.systemRu.concept": "Сыщик",
      system: { vice: "Гордыня" },
    });
    expect(languageSubmit(dana, "en", { "system.concept": "Sleuth" })).toEqual({ "system.concept": "Sleuth" });
  });
});

describe("texts inside system objects (a skill's specialty)", () => {
  const system = {
    concept: "Detective",
    skills: { empathy: { dots: 2, specialties: "Lies" }, firearms: { dots: 2, specialties: "Pistol" } },
  };
  const source: BilingualSource = {
    name: "Dana",
    flags: { omnibus: { systemRu: { concept: "Детектив", skills: { empathy: { specialties: "Ложь" } } } } },
    system,
  };
  it("a Russian reader sees the nested Russian text on the prepared copy; the stored data is untouched", () => {
    const stored = structuredClone(source);
    const ru = { _source: stored, name: "Dana", flags: source.flags, system: structuredClone(system) };
    applyDisplayLanguage(ru, "ru");
    expect(ru.system.skills).toEqual({ empathy: { dots: 2, specialties: "Ложь" }, firearms: { dots: 2, specialties: "Pistol" } });
    expect((stored.system as { skills: { empathy: { specialties: string } } }).skills.empathy.specialties).toBe("Lies");
    const en = { _source: structuredClone(source), name: "Dana", flags: source.flags, system: structuredClone(system) };
    applyDisplayLanguage(en, "en");
    expect(en.system.skills.empathy.specialties).toBe("Lies");
    expect(displaySystemText(source, "skills.empathy.specialties", "ru")).toBe("Ложь");
    expect(displaySystemText(source, "skills.empathy.specialties", "en")).toBe("Lies");
  });
  it("a Russian reader's edit of it goes to the Russian slot, flat or nested, without changing the submitted object", () => {
    expect(languageSubmit(source, "ru", { "system.skills.empathy.specialties": "Враньё" })).toEqual({
      "flags.omnibus.systemRu.skills.empathy.specialties": "Враньё",
    });
    const submitted = { system: { skills: { empathy: { dots: 3, specialties: "Враньё" } } } };
    expect(languageSubmit(source, "ru", submitted)).toEqual({
      "flags.omnibus.systemRu.skills.empathy.specialties": "Враньё",
      system: { skills: { empathy: { dots: 3 } } },
    });
    expect(submitted.system.skills.empathy.specialties).toBe("Враньё");
    expect(languageSubmit(source, "en", { "system.skills.empathy.specialties": "Deceit" })).toEqual({
      "system.skills.empathy.specialties": "Deceit",
    });
  });
  it("a storytelling premade's specialties have Russian versions", () => {
    const dir = join(ROOT, "packs", "_source", "storytelling-characters");
    for (const f of readdirSync(dir).filter((x) => x.endsWith(".yml"))) {
      const doc = parse(readFileSync(join(dir, f), "utf8")) as BilingualSource & {
        system: { skills: Record<string, { specialties?: string }> };
      };
      for (const [skill, v] of Object.entries(doc.system.skills)) {
        if (!v.specialties) continue;
        const ru = displaySystemText(doc, `skills.${skill}.specialties`, "ru");
        expect(ru, `${f}: ${skill}`).not.toBe(v.specialties);
        expect(ru, `${f}: ${skill}`).toMatch(/[А-Яа-яЁё]/);
      }
    }
  });
});

describe("editing in the reader's language", () => {
  it("a Russian reader's edits of a bilingual document go to the Russian slots; the English stays", () => {
    const out = languageSubmit(knife, "ru", { name: "Нож мясника", system: { description: "<p>Тяжёлый нож.</p>", damage: 2 } });
    expect(out).toEqual({
      "flags.omnibus.nameRu": "Нож мясника",
      "flags.omnibus.descriptionRu": "<p>Тяжёлый нож.</p>",
      system: { damage: 2 },
    });
  });

  it("an English reader's edits of a document created in Russian go to the English name; the Russian name stays", () => {
    expect(languageSubmit(ownedInRussian, "en", { name: "Butcher knife" })).toEqual({ "flags.omnibus.nameEn": "Butcher knife" });
    // The stored name was the Russian one: a Russian edit renames it (and its slot).
    expect(languageSubmit(ownedInRussian, "ru", { name: "Тесак" })).toEqual({ name: "Тесак", "flags.omnibus.nameRu": "Тесак" });
  });

  it("an English edit of the older shape keeps the Russian paragraph (moved to its slot): nothing is lost", () => {
    const out = languageSubmit(inline, "en", { "system.description": "<p>Twenty metres of rope.</p>" });
    expect(out).toEqual({
      "system.description": "<p>Twenty metres of rope.</p>",
      "flags.omnibus.descriptionRu": "<p>Пятнадцать метров верёвки.</p>",
    });
  });

  it("a one-language document is edited as it is", () => {
    expect(languageSubmit(homemade, "ru", { name: "Амулет", system: { description: "<p>Холодный.</p>" } })).toEqual({
      name: "Амулет",
      system: { description: "<p>Холодный.</p>" },
    });
    expect(languageSubmit({ name: "Plain", system: { description: "" } }, "en", { name: "Plainer" })).toEqual({ name: "Plainer" });
  });

  it("creation on a Russian client still stores the Russian name and keeps the English one", () => {
    expect(russianNameUpdate({ name: "Knife", flags: { omnibus: { nameRu: "Нож" } } }, "ru")).toEqual({
      name: "Нож",
      "flags.omnibus.nameEn": "Knife",
    });
    // A premade's token, named after it, is renamed with it; a token with its own name keeps it.
    expect(
      russianNameUpdate({ name: "Dana Reyes", flags: { omnibus: { nameRu: "Дана Рейес" } }, prototypeToken: { name: "Dana Reyes" } }, "ru"),
    ).toEqual({ name: "Дана Рейес", "flags.omnibus.nameEn": "Dana Reyes", "prototypeToken.name": "Дана Рейес" });
    expect(
      russianNameUpdate({ name: "Bandit", flags: { omnibus: { nameRu: "Разбойник" } }, prototypeToken: { name: "Black Jack" } }, "ru"),
    ).toEqual({ name: "Разбойник", "flags.omnibus.nameEn": "Bandit" });
  });
});

describe("compendium lists in the reader's language", () => {
  it("a Russian client's index entries of this system's packs show the Russian names; other packs and English clients are left alone", async () => {
    const entries = () => [
      { _id: "a", name: "Knife", flags: { omnibus: { nameRu: "Нож" } } },
      { _id: "b", name: "Homemade" },
    ];
    const ours = entries();
    const theirs = entries();
    const asked: string[][] = [];
    const pack = (packageName: string, index: typeof ours) => ({
      metadata: { packageType: "system", packageName },
      documentName: "Item",
      getIndex: async (o: { fields: string[] }) => (asked.push(o.fields), index),
    });
    await localizePackIndexes([pack("omnibus", ours), pack("dnd5e", theirs)], "omnibus", "ru");
    expect(ours.map((e) => e.name)).toEqual(["Нож", "Homemade"]);
    expect(theirs.map((e) => e.name)).toEqual(["Knife", "Homemade"]);
    expect(asked).toEqual([["flags.omnibus.nameRu", "flags.omnibus.nameEn"]]);
    const english = entries();
    await localizePackIndexes([pack("omnibus", english)], "omnibus", "en");
    expect(english[0].name).toBe("Knife");
    expect(localizeIndexEntries([{ name: "Нож", flags: { omnibus: { nameRu: "Нож", nameEn: "Knife" } } }], "en")).toBe(1);
  });
});
