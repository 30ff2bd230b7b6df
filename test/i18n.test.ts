// i18n: lang/en.json and lang/ru.json are complete and agree, and every key the code and templates
// use exists. New keys, templates and document types are picked up automatically.
import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, loadTranslations, readLanguage, type Translations } from "./support/handlebars";
import { keysInHandlebars, keysInTypeScript, resolves, scanKeyUses } from "./support/i18n-scan";

const en = loadTranslations("en");
const ru = loadTranslations("ru");
const languages: [string, Translations][] = [
  ["en", en],
  ["ru", ru],
];

/** `{name}` placeholders game.i18n.format fills. */
const placeholders = (text: string) => [...text.matchAll(/\{([^{}\s]+)\}/g)].map((m) => m[1]).sort();

describe("lang files", () => {
  it("parse as JSON objects of strings (nested keys)", () => {
    for (const [lang] of languages) {
      const tree = readLanguage(lang as "en" | "ru");
      expect(tree, lang).toBeTypeOf("object");
    }
    const nonStrings = languages.flatMap(([lang, t]) => [...t].filter(([, v]) => typeof v !== "string").map(([k]) => `${lang}: ${k}`));
    expect(nonStrings, "values that are not strings").toEqual([]);
  });

  it("en.json and ru.json have exactly the same keys", () => {
    const onlyEn = [...en.keys()].filter((k) => !ru.has(k));
    const onlyRu = [...ru.keys()].filter((k) => !en.has(k));
    expect({ missingFromRu: onlyEn, missingFromEn: onlyRu }).toEqual({ missingFromRu: [], missingFromEn: [] });
  });

  it("every key lives under OMNIBUS or TYPES (the system's namespaces)", () => {
    const stray = [...en.keys(), ...ru.keys()].filter((k) => !/^(OMNIBUS|TYPES)\./.test(k));
    expect([...new Set(stray)]).toEqual([]);
  });

  it("no value is empty or only whitespace", () => {
    const empty = languages.flatMap(([lang, t]) =>
      [...t].filter(([, v]) => typeof v === "string" && v.trim() === "").map(([k]) => `${lang}: ${k}`),
    );
    expect(empty).toEqual([]);
  });

  it("no value is its own key (an untranslated placeholder)", () => {
    const echoes = languages.flatMap(([lang, t]) => [...t].filter(([k, v]) => v === k).map(([k]) => `${lang}: ${k}`));
    expect(echoes).toEqual([]);
  });

  it("en and ru values take the same {placeholders}", () => {
    const mismatched = [...en]
      .filter(([k, v]) => typeof v === "string" && typeof ru.get(k) === "string")
      .filter(([k, v]) => placeholders(v as string).join() !== placeholders(ru.get(k) as string).join())
      .map(([k, v]) => `${k}: en {${placeholders(v as string).join(",")}} ru {${placeholders(ru.get(k) as string).join(",")}}`);
    expect(mismatched).toEqual([]);
  });
});

describe("keys used in code and templates", () => {
  const uses = scanKeyUses();
  const enKeys = new Set(en.keys());

  it("the scanner finds keys in TypeScript literals, template literals and templates (self-check)", () => {
    const ts = keysInTypeScript(
      [
        `// "OMNIBUS.InAComment" does not count`,
        `const a = "OMNIBUS.Settings.Ruleset.Name";`,
        "const b = `OMNIBUS.D6.Attribute.${id}`;",
        `const c = 'TYPES.Actor.' + type;`,
      ].join("\n"),
      "probe.ts",
    );
    expect(ts.map((u) => [u.key, u.prefix])).toEqual([
      ["OMNIBUS.Settings.Ruleset.Name", false],
      ["OMNIBUS.D6.Attribute.", true],
      ["TYPES.Actor.", true],
    ]);
    const hbs = keysInHandlebars(
      `<a data-tooltip="OMNIBUS.Sheet.Edit">{{localize "OMNIBUS.Sheet.Name"}}</a>{{localize (concat "OMNIBUS.D6.Skill." key)}}{{selectOptions c blank="OMNIBUS.None"}}`,
      "probe.hbs",
    );
    expect(hbs.map((u) => [u.key, u.prefix])).toEqual([
      ["OMNIBUS.Sheet.Edit", false],
      ["OMNIBUS.Sheet.Name", false],
      ["OMNIBUS.D6.Skill.", true],
      ["OMNIBUS.None", false],
    ]);
    // The resolver: a missing leaf fails; a prefix needs some key under it; a template may not name a branch.
    const keys = new Set(["OMNIBUS.D6.Skill.blaster", "OMNIBUS.Title"]);
    expect(resolves({ key: "OMNIBUS.Missing", prefix: false, where: "", branchOk: true }, keys)).toBe(false);
    expect(resolves({ key: "OMNIBUS.D6.Skill.", prefix: true, where: "", branchOk: false }, keys)).toBe(true);
    expect(resolves({ key: "OMNIBUS.D6.Attribute.", prefix: true, where: "", branchOk: true }, keys)).toBe(false);
    expect(resolves({ key: "OMNIBUS.D6.Skill", prefix: false, where: "", branchOk: false }, keys)).toBe(false);
    expect(resolves({ key: "OMNIBUS.D6.Skill", prefix: false, where: "", branchOk: true }, keys)).toBe(true);
  });

  it("every OMNIBUS./TYPES. key used in src/**/*.ts and templates/**/*.hbs exists in en.json", () => {
    const missing = uses.filter((u) => !resolves(u, enKeys)).map((u) => `${u.where}: ${u.key}${u.prefix ? "… (prefix)" : ""}`);
    expect(missing).toEqual([]);
  });
});

describe("document type labels", () => {
  it("system.json exists", () => {
    expect(existsSync(join(ROOT, "system.json"))).toBe(true);
  });

  it("every type in system.json documentTypes has a TYPES.<Document>.<type> label (en and ru)", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as {
      documentTypes?: Record<string, Record<string, unknown>>;
    };
    const wanted = Object.entries(manifest.documentTypes ?? {}).flatMap(([doc, types]) =>
      Object.keys(types).map((t) => `TYPES.${doc}.${t}`),
    );
    expect(wanted.length, "documentTypes declares no types").toBeGreaterThan(0);
    const missing = languages.flatMap(([lang, t]) => wanted.filter((k) => typeof t.get(k) !== "string").map((k) => `${lang}: ${k}`));
    expect(missing).toEqual([]);
  });
});
