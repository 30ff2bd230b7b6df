// Russian: every string is translated (a value equal to its English one is an untranslated string unless
// it is a name or an abbreviation on the allow-list below), and each concept has one term, the seeds' own
// (00N:Lnnn below are seed lines). The term checks cover lang/ru.json and the Russian text of the d6 and
// silhouette packs (names and descriptions a Russian client shows).
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { ROOT, createHarness, loadTranslations } from "./support/handlebars";
import { actorSheetContext } from "../src/rules/table/sheet-context";
import { ACTOR_TABS, ITEMS_TAB_TYPES, weaponGroup, wfrpActorContext } from "../src/rules/wfrp/table/sheet-context";
import { WEAPON_GROUPS } from "../src/rules/wfrp/index";

const en = loadTranslations("en");
const ru = loadTranslations("ru");
const ruText = (key: string) => {
  const v = ru.get(key);
  if (typeof v !== "string") throw new Error(`lang/ru.json has no ${key}`);
  return v;
};

/**
 * Russian values that may equal the English ones, each with its reason. Anything else identical to its
 * English value is a string nobody translated.
 */
const SAME_IN_BOTH: Record<string, string> = {
  // A publisher's product name, written in Latin letters in Russian too (as "Star Wars RPG" in the hint).
  "OMNIBUS.Ruleset.d6": "West End Games D6",
  // The game system's name: kept in Latin like the other rulesets' names (WFRP, D6), everywhere.
  "OMNIBUS.Ruleset.silhouette": "Silhouette",
  // Attribute abbreviations: the Silhouette seed writes them in Latin letters (004: "характеристикой FIT").
  "OMNIBUS.Silhouette.AttributeAbbr.agi": "AGI",
  "OMNIBUS.Silhouette.AttributeAbbr.bld": "BLD",
  "OMNIBUS.Silhouette.AttributeAbbr.fit": "FIT",
  "OMNIBUS.Silhouette.AttributeAbbr.str": "STR",
  "OMNIBUS.Silhouette.AttributeAbbr.will": "WILL",
  // The six the seed does not name and HEA: the Silhouette CORE abbreviations, in Latin letters like the seed's.
  "OMNIBUS.Silhouette.AttributeAbbr.app": "APP",
  "OMNIBUS.Silhouette.AttributeAbbr.cre": "CRE",
  "OMNIBUS.Silhouette.AttributeAbbr.inf": "INF",
  "OMNIBUS.Silhouette.AttributeAbbr.kno": "KNO",
  "OMNIBUS.Silhouette.AttributeAbbr.per": "PER",
  "OMNIBUS.Silhouette.AttributeAbbr.psy": "PSY",
  "OMNIBUS.Silhouette.AttributeAbbr.hea": "HEA",
  // Rate of fire: the seed's own abbreviation (004 uses ROF throughout).
  "OMNIBUS.Silhouette.Weapon.Rof": "ROF",
  // A product name (the Heavy Gear game) and its numbers.
  "OMNIBUS.Silhouette.Setting.RangeModifiers.candidate": "Heavy Gear (+1/0/−1/−2/−3)",
};

/** No letters at all (a dash, a bare placeholder such as "{damage}"): nothing to translate. */
const hasLetters = (s: string) => /\p{L}/u.test(s.replace(/\{[^{}]+\}/g, ""));

describe("every Russian string is translated", () => {
  it("no ru value equals its en value, except the allow-listed names and abbreviations", () => {
    const untranslated = [...en]
      .filter(([k, v]) => typeof v === "string" && v === ru.get(k) && hasLetters(v) && SAME_IN_BOTH[k] !== v)
      .map(([k, v]) => `${k}: ${String(v)}`);
    expect(untranslated).toEqual([]);
  });

  it("the allow-list is not stale: each entry still exists and is still the same in both languages", () => {
    const stale = Object.entries(SAME_IN_BOTH).filter(([k, v]) => en.get(k) !== v || ru.get(k) !== v);
    expect(stale).toEqual([]);
  });
});

/** Russian text a player reads from the d6 and silhouette packs: every nameRu and descriptionRu (read once). */
let packCache: { where: string; text: string }[] | null = null;
function packRussian(): { where: string; text: string }[] {
  if (packCache) return packCache;
  const out: { where: string; text: string }[] = [];
  const dir = join(ROOT, "packs", "_source");
  const walk = (node: unknown, where: string) => {
    if (Array.isArray(node)) node.forEach((n, i) => walk(n, `${where}[${i}]`));
    else if (node && typeof node === "object") {
      for (const [k, v] of Object.entries(node)) {
        if ((k === "nameRu" || k === "descriptionRu") && typeof v === "string") out.push({ where: `${where}.${k}`, text: v });
        else walk(v, `${where}.${k}`);
      }
    }
  };
  for (const pack of readdirSync(dir).filter((p) => p.startsWith("d6-") || p.startsWith("silhouette-"))) {
    for (const file of readdirSync(join(dir, pack)).filter((f) => f.endsWith(".yml")))
      walk(parse(readFileSync(join(dir, pack, file), "utf8")), `${pack}/${file}`);
  }
  packCache = out;
  return out;
}

/** One concept, one term: a variant that must not come back, why, and where it is banned. */
const BANNED: { pattern: RegExp; why: string; keys?: RegExp; packs?: boolean }[] = [
  { pattern: /\\/, why: "a backslash (Замечать\\Узнавать is Замечать/Узнавать)", packs: true },
  { pattern: /НПС/, why: "NPC is НИП (002, 003)", packs: true },
  { pattern: /Силуэт/, why: "the ruleset is named Silhouette everywhere", packs: true },
  { pattern: /10 снова|«10 снова»/i, why: "10-again is снова-десять (002:L192)", packs: true },
  { pattern: /(^|[^а-яё])(дикая|дикой|дикую) кост/i, why: "the Wild Die is the дикий кубик (000:L801)", packs: true },
  { pattern: /(^|[^а-яё])кост(ь|и|ей|ям|ями|ях)([^а-яё]|$)/i, why: "dice are кубики (000, 004) or дайсы (002), not кости", packs: true },
  { pattern: /Спрашивается только Мастер/, why: "not Russian: the question is asked of the GM" },
  { pattern: /Бросок попадания/, why: "the reversed roll gives the hit zone, not a hit roll" },
  { pattern: /в драке/i, why: "the D6 brawling parry is парирование в рукопашном бою (000)", packs: true },
  { pattern: /Рукопашный бой/, why: "WFRP Melee is Ближний бой (003:L341)", keys: /^OMNIBUS\.WFRP\./ },
  { pattern: /Вне (дистанции|дальности)/, why: "out of range is Вне досягаемости in every ruleset", packs: true },
  { pattern: /Ничья: равные УУ/, why: "the WFRP stalemate is Пат, as its setting says" },
  { pattern: /прицельной точки/, why: "a called shot is a прицельный выстрел" },
  { pattern: /\+SB|\bSB\b/, why: "the Strength Bonus is БС in Russian (as TB is БВ)" },
];

describe("one Russian term per concept", () => {
  for (const rule of BANNED) {
    it(`lang/ru.json has no ${rule.pattern} (${rule.why})`, () => {
      const hits = [...ru]
        .filter(([k, v]) => typeof v === "string" && (!rule.keys || rule.keys.test(k)) && rule.pattern.test(v))
        .map(([k, v]) => `${k}: ${String(v)}`);
      expect(hits).toEqual([]);
    });
    if (rule.packs) {
      it(`the d6 and silhouette packs' Russian has no ${rule.pattern}`, () => {
        expect(
          packRussian()
            .filter((p) => rule.pattern.test(p.text))
            .map((p) => `${p.where}: ${p.text.slice(0, 80)}`),
        ).toEqual([]);
      });
    }
  }

  it("D6 difficulty levels are the seed's adjectives (Очень лёгкая … Героическая, 001:L91)", () => {
    const levels = ["very_easy", "easy", "moderate", "difficult", "very_difficult", "heroic"].map((l) =>
      ruText(`OMNIBUS.D6.Difficulty.${l}`),
    );
    expect(levels).toEqual(["Очень лёгкая", "Лёгкая", "Умеренная", "Трудная", "Очень трудная", "Героическая"]);
  });

  it("WFRP Melee is Ближний бой, its parry names the same skill, and the WS characteristic is a different term", () => {
    const melee = ruText("OMNIBUS.WFRP.Skill.melee");
    expect(melee).toBe("Ближний бой");
    expect(ruText("OMNIBUS.WFRP.Defence.melee")).toContain(`(${melee})`);
    expect(ruText("OMNIBUS.WFRP.Char.ws")).not.toBe(melee);
  });

  it("the view and edit modes are a pair of nouns, not Закрыто/Правка", () => {
    expect([ruText("OMNIBUS.Sheet.EditMode"), ruText("OMNIBUS.Sheet.ViewMode")]).toEqual(["Редактирование", "Просмотр"]);
  });

  it("every Storytelling again option says снова-… like 10-again", () => {
    expect(["8", "9", "10"].map((n) => ruText(`OMNIBUS.Storytelling.Again.${n}`))).toEqual([
      "Снова-восемь",
      "Снова-девять",
      "Снова-десять",
    ]);
  });

  it("document type labels are singular (one document of that type)", () => {
    const plural = [...en]
      .filter(([k, v]) => k.startsWith("TYPES.Item.") && typeof v === "string" && /s$/.test(v))
      .map(([k, v]) => `${k}: ${String(v)}`);
    expect(plural).toEqual([]);
    expect(["d6_weapon", "d6_forcepower", "d6_ability"].map((t) => ruText(`TYPES.Item.${t}`))).toEqual([
      "Оружие",
      "Способность Силы",
      "Особая способность",
    ]);
  });

  it("no word is spelt both with ё and with е (one spelling per word)", () => {
    const words = new Map<string, Set<string>>();
    const add = (text: string, where: string) => {
      for (const w of text.toLowerCase().match(/[а-яё]+/g) ?? []) (words.get(w) ?? words.set(w, new Set()).get(w)!).add(where);
    };
    for (const [k, v] of ru) if (typeof v === "string") add(v, k);
    // Words whose е and ё spellings are different words.
    const distinct = new Set(["все", "всё"]);
    const both = [...words.keys()]
      .filter((w) => w.includes("ё") && !distinct.has(w) && words.has(w.replace(/ё/g, "е")))
      .map((w) => `${w} / ${w.replace(/ё/g, "е")}: ${[...words.get(w.replace(/ё/g, "е"))!].slice(0, 3).join(", ")}`);
    expect(both).toEqual([]);
  });

  it("Silhouette skill names in the packs are the sheet's names", () => {
    const dir = join(ROOT, "packs", "_source", "silhouette-skills");
    const wrong = readdirSync(dir)
      .filter((f) => f.endsWith(".yml"))
      .map(
        (f) =>
          parse(readFileSync(join(dir, f), "utf8")) as {
            name: string;
            system: { key?: string };
            flags?: { omnibus?: { nameRu?: string } };
          },
      )
      .filter(
        (d) => d.system.key && d.system.key !== "other" && d.flags?.omnibus?.nameRu !== ruText(`OMNIBUS.Silhouette.Skill.${d.system.key}`),
      )
      .map((d) => `${d.name}: ${String(d.flags?.omnibus?.nameRu)}`);
    expect(wrong).toEqual([]);
  });
});

describe("WFRP labels built in code speak Russian", () => {
  type Doc = { _id: string; name: string; type: string; img?: string; system: Record<string, unknown>; items?: Doc[] };
  const packDoc = (pack: string, name: string): Doc => {
    // The rules' worked-example characters are test fixtures, not a pack.
    const dir = pack === "wfrp-examples" ? join(ROOT, "test", "fixtures", "wfrp-examples") : join(ROOT, "packs", "_source", pack);
    const doc = readdirSync(dir)
      .filter((f) => f.endsWith(".yml"))
      .map((f) => parse(readFileSync(join(dir, f), "utf8")) as Doc)
      .find((d) => d.name === name);
    if (!doc) throw new Error(`${pack}: no ${name}`);
    return doc;
  };

  /** The combat tab of a character holding a halberd (polearm, +SB+4) and a bow (bow, +SB+3), rendered in Russian. */
  function renderCombat(language: "ru" | "en"): string {
    const actor = packDoc("wfrp-examples", "Cultist of the Blood God");
    const items = [...(actor.items ?? []), packDoc("wfrp-weapons", "Halberd"), packDoc("wfrp-weapons", "Bow")];
    const base = actorSheetContext({
      ruleset: "wfrp",
      actor: {
        id: actor._id,
        name: actor.name,
        img: actor.img,
        type: actor.type,
        system: actor.system,
        items: items.map((i) => ({ id: i._id, name: i.name, type: i.type, img: i.img ?? null, system: i.system })),
      },
      editable: true,
      editMode: false,
      tabs: ACTOR_TABS,
      activeTab: "combat",
      itemTypes: ITEMS_TAB_TYPES,
      enrichedDescription: "",
    });
    return createHarness({ language }).render("wfrp/actor/combat.hbs", { ...base, ...wfrpActorContext(base) });
  }

  it("the damage label says БС for the Strength Bonus, and weapon groups are named, not ids", () => {
    const html = renderCombat("ru");
    const sb =
      Number(
        (
          packDoc("wfrp-examples", "Cultist of the Blood God").system.characteristics as Record<
            string,
            { initial: number; advances?: number }
          >
        ).s.initial,
      ) / 10;
    expect(html).toContain(`+БС+4 (${Math.floor(sb) + 4})`);
    expect(html).toContain("(Древковое)");
    expect(html).toContain("(Лук)");
    expect(html).not.toMatch(/\+SB|\(polearm\)|\(bow\)|\(basic\)/);
  });

  it("in English the same label reads +SB+4 and the groups read as published", () => {
    const html = renderCombat("en");
    expect(html).toContain("+SB+4");
    expect(html).toContain("(Polearm)");
  });

  it("every published weapon group has a name in both languages; a GM's own group shows as typed", () => {
    const missing = [...WEAPON_GROUPS.melee, ...WEAPON_GROUPS.ranged].flatMap((g) =>
      [en, ru].filter((t) => typeof t.get(`OMNIBUS.WFRP.WeaponGroup.${g}`) !== "string").map(() => g),
    );
    expect(missing).toEqual([]);
    expect(weaponGroup("Two-Handed")).toEqual({ key: "OMNIBUS.WFRP.WeaponGroup.twohanded", text: "Two-Handed" });
    expect(weaponGroup("Goblin sticks")).toEqual({ key: null, text: "Goblin sticks" });
    expect(weaponGroup("")).toBeNull();
  });
});
