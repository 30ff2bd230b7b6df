// One language at a time for pack texts: a pack document created on a Russian client takes its
// Russian description (flags.omnibus.descriptionRu) and, for a D6 Force power, its Russian difficulty
// (flags.omnibus.difficultyRu) — embedded items too — and keeps the English in flags; an English
// client keeps the English; nothing shows both languages.
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { ROOT } from "./../support/handlebars";
import { russianNameUpdate } from "../../src/foundry/names";

type Doc = { name: string; type: string; system: Record<string, unknown>; flags?: { omnibus?: Record<string, unknown> }; items?: Doc[] };
const docs = (pack: string): Doc[] =>
  readdirSync(join(ROOT, "packs", "_source", pack))
    .filter((f) => f.endsWith(".yml"))
    .map((f) => parse(readFileSync(join(ROOT, "packs", "_source", pack, f), "utf8")) as Doc);
const named = (pack: string, name: string) => docs(pack).find((d) => d.name === name)!;

describe("Russian texts on a Russian client", () => {
  it("a pack item takes its Russian description and keeps the English one", () => {
    const pistol = named("silhouette-weapons", "Pistol");
    const update = russianNameUpdate(structuredClone(pistol) as never, "ru")!;
    expect(update["system.description"]).toMatch(/^<p>Полуавтоматический пистолет/);
    expect(update["flags.omnibus.descriptionEn"]).toBe(pistol.system.description);
    expect(russianNameUpdate(structuredClone(pistol) as never, "en")).toBeNull();
  });

  it("a Force power takes its Russian difficulty too", () => {
    const tk = named("d6-force-powers", "Telekinesis");
    const update = russianNameUpdate(structuredClone(tk) as never, "ru")!;
    expect(update).toMatchObject({ name: "Телекинез", "system.difficulty": expect.stringMatching(/^Очень лёгкая до 1 кг/), "flags.omnibus.difficultyEn": tk.system.difficulty });
  });

  it("an actor's own description and every embedded item's are Russian, with the English kept on each", () => {
    const medic = named("silhouette-actors", "Field medic");
    const update = russianNameUpdate(structuredClone(medic) as never, "ru")!;
    expect(update["system.description"]).toMatch(/травматолог/);
    const items = update.items as Doc[];
    expect(items).toHaveLength(medic.items!.length);
    for (const [i, item] of items.entries()) {
      expect(item.system.description, item.name).toBe(medic.items![i].flags!.omnibus!.descriptionRu);
      expect(item.flags!.omnibus!.descriptionEn, item.name).toBe(medic.items![i].system.description);
      expect(String(item.system.description), item.name).not.toMatch(/\b(the|and|with|is)\b/);
    }
  });

  it("a document without Russian texts, or already in Russian, is left alone", () => {
    expect(russianNameUpdate({ name: "Custom", system: { description: "<p>Mine</p>" } }, "ru")).toBeNull();
    const same = { name: "Нож", system: { description: "<p>Нож</p>" }, flags: { omnibus: { nameRu: "Нож", descriptionRu: "<p>Нож</p>" } } };
    expect(russianNameUpdate(same, "ru")).toBeNull();
  });

  it.each(["d6-", "silhouette-"])("every %s pack document (and embedded item) has a Russian description with no English sentence in it", (prefix) => {
    const packs = readdirSync(join(ROOT, "packs", "_source")).filter((p) => p.startsWith(prefix) && !p.endsWith("-journal"));
    const all = packs.flatMap(docs).flatMap((d) => [d, ...(d.items ?? [])]);
    expect(all.length).toBeGreaterThan(50);
    const missing = all.filter((d) => !/[А-Яа-яЁё]{3}/.test(String(d.flags?.omnibus?.descriptionRu ?? ""))).map((d) => d.name);
    expect(missing).toEqual([]);
    const mixed = all.filter((d) => /lang="ru"/.test(String(d.system.description)) || /[А-Яа-яЁё]{4}/.test(String(d.system.description).replace(/«[^»]*»|\([^)]*\)/g, ""))).map((d) => d.name);
    expect(mixed).toEqual([]);
  });
});
