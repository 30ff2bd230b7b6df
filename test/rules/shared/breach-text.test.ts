// Issue 16: every creation breach has words in both languages (lang/en.json, lang/ru.json), and the
// words are filled from the breach's own numbers.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import en from "../../../lang/en.json";
import ru from "../../../lang/ru.json";
import { BREACH_CODES, breachKey, breachText, langString, readerLanguage, treeLocalizer } from "../../../src/rules/breach-text";
import { validateCharacter } from "../../../src/rules/characters";
import { RULESET_IDS } from "../../../src/rules/index";

const SOURCES = {
  d6: "d6/creation.ts",
  storytelling: "storytelling/creation.ts",
  wfrp: "wfrp/creation.ts",
  silhouette: "silhouette/build.ts",
} as const;
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("breach codes and their lang keys", () => {
  for (const id of RULESET_IDS) {
    it(`${id}: the code list is exactly the codes its validator's source reports`, () => {
      const src = readFileSync(join(import.meta.dirname, "../../../src/rules", SOURCES[id]), "utf8");
      const found = [...new Set([...src.matchAll(/breach\(\s*"(\w+)"/g)].map((m) => m[1]))].sort();
      expect([...BREACH_CODES[id]].sort()).toEqual(found);
    });
    it(`${id}: every code has an en and a ru text with the same placeholders, and they differ`, () => {
      for (const code of BREACH_CODES[id]) {
        const e = langString(en, breachKey(id, code));
        const r = langString(ru, breachKey(id, code));
        expect(e, `${code} en`).toBeTypeOf("string");
        expect(r, `${code} ru`).toBeTypeOf("string");
        expect(placeholders(r!), code).toEqual(placeholders(e!));
        expect(r).not.toBe(e);
      }
    });
  }
});

describe("breach words from the breach's numbers", () => {
  // WFRP 4e core, Species table: a human's characteristics are 2d10 + 20, so 22–40; BS 45 is out.
  const soldier = {
    type: "wfrp_character",
    system: {
      species: "Human",
      career: "Soldier",
      characteristics: Object.fromEntries(
        ["ws", "bs", "s", "t", "i", "ag", "dex", "int", "wp", "fel"].map((c) => [
          c,
          { initial: c === "bs" ? 45 : 30, advances: 0, modifier: 0 },
        ]),
      ),
      fate: 2,
      fortune: 2,
      resilience: 1,
      resolve: 1,
      movement: 4,
    },
    items: [],
  };
  it("WFRP 4e core, Species table: BS 45 reads 22–40 in both languages, every placeholder filled", () => {
    const r = validateCharacter(soldier);
    const range = r.breaches.find((b) => b.code === "characteristicRange")!;
    expect(breachText("wfrp", range, treeLocalizer(en))).toBe("bs 45: the species roll gives 22–40.");
    expect(breachText("wfrp", range, treeLocalizer(ru))).toBe("bs 45: бросок расы даёт 22–40.");
    for (const b of r.breaches) for (const tree of [en, ru]) expect(breachText("wfrp", b, treeLocalizer(tree))).not.toMatch(/\{\w+\}/);
  });
  it("WoD 2004, Character Creation: 7 Merit dots — 9 dots reads the numbers in Russian", () => {
    const text = breachText("storytelling", { code: "meritDots", message: "x", values: { spent: 9, allowed: 7 } }, treeLocalizer(ru));
    expect(text).toBe("Преимущества занимают 9 точек; у нового персонажа 7.");
  });
  it("a language without the key falls back to the English message", () => {
    expect(breachText("d6", { code: "nope", message: "plain English", values: {} }, treeLocalizer(ru))).toBe("plain English");
  });
  it("the reader's language: --lang first, then LC_ALL, LC_MESSAGES, LANG; English otherwise", () => {
    expect(readerLanguage("ru", { LANG: "en_US.UTF-8" })).toBe("ru");
    expect(readerLanguage(undefined, { LANG: "ru_RU.UTF-8" })).toBe("ru");
    expect(readerLanguage(undefined, { LC_ALL: "en_GB.UTF-8", LANG: "ru_RU.UTF-8" })).toBe("en");
    expect(readerLanguage(undefined, { LC_MESSAGES: "ru_UA", LANG: "C" })).toBe("ru");
    expect(readerLanguage(undefined, { LANG: "de_DE" })).toBe("en");
    expect(readerLanguage(undefined, {})).toBe("en");
  });
});
