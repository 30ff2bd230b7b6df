// One language at a time for the d6 and silhouette pack texts: a Russian reader sees the Russian
// description (flags.omnibus.descriptionRu) and, for a D6 Force power, the Russian difficulty
// (flags.omnibus.systemRu.difficulty) — embedded items too — an English reader the English;
// nothing shows both languages (language.ts chooses at display time).
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { ROOT } from "./../support/handlebars";
import { russianNameUpdate } from "../../src/foundry/names";
import { displayDescription, displayName, displaySystemText } from "../../src/foundry/language";

type Doc = { name: string; type: string; system: Record<string, unknown>; flags?: { omnibus?: Record<string, unknown> }; items?: Doc[] };
const docs = (pack: string): Doc[] =>
  readdirSync(join(ROOT, "packs", "_source", pack))
    .filter((f) => f.endsWith(".yml"))
    .map((f) => parse(readFileSync(join(ROOT, "packs", "_source", pack, f), "utf8")) as Doc);
const named = (pack: string, name: string) => docs(pack).find((d) => d.name === name)!;

describe("Russian texts on a Russian client (chosen at display time)", () => {
  it("a pack item shows its Russian description to a Russian reader and the English one to an English reader", () => {
    const pistol = named("silhouette-weapons", "Pistol");
    expect(displayDescription(pistol as never, "ru")).toMatch(/^<p>Полуавтоматический пистолет/);
    expect(displayDescription(pistol as never, "en")).toBe(pistol.system.description);
    // Creation on a Russian client renames only; the stored description stays English.
    const update = russianNameUpdate(structuredClone(pistol) as never, "ru");
    expect(update?.["system.description"]).toBeUndefined();
  });

  it("a Force power shows its Russian difficulty to a Russian reader", () => {
    const tk = named("d6-force-powers", "Telekinesis");
    expect(displayName(tk as never, "ru")).toBe("Телекинез");
    expect(displaySystemText(tk as never, "difficulty", "ru")).toMatch(/^Очень лёгкая до 1 кг/);
    expect(displaySystemText(tk as never, "difficulty", "en")).toBe(tk.system.difficulty);
  });

  it("an actor's own description and every embedded item's are Russian for a Russian reader", () => {
    const medic = named("silhouette-actors", "Field medic");
    expect(displayDescription(medic as never, "ru")).toMatch(/травматолог/);
    for (const item of medic.items!) {
      const ru = displayDescription(item as never, "ru");
      expect(ru, item.name).toBe(item.flags!.omnibus!.descriptionRu);
      expect(ru, item.name).not.toMatch(/\b(the|and|with|is)\b/);
      expect(displayDescription(item as never, "en"), item.name).toBe(item.system.description);
    }
  });

  it("a document without Russian texts shows what it holds to everyone", () => {
    const custom = { name: "Custom", system: { description: "<p>Mine</p>" } };
    expect(displayDescription(custom, "ru")).toBe("<p>Mine</p>");
    expect(displayName(custom, "ru")).toBe("Custom");
  });

  it.each(["d6-", "silhouette-"])(
    "every %s pack document (and embedded item) has a Russian description with no English sentence in it",
    (prefix) => {
      const packs = readdirSync(join(ROOT, "packs", "_source")).filter(
        (p) => p.startsWith(prefix) && !p.endsWith("-journal") && !p.endsWith("-tables"),
      );
      const all = packs.flatMap(docs).flatMap((d) => [d, ...(d.items ?? [])]);
      expect(all.length).toBeGreaterThan(50);
      const missing = all.filter((d) => !/[А-Яа-яЁё]{3}/.test(String(d.flags?.omnibus?.descriptionRu ?? ""))).map((d) => d.name);
      expect(missing).toEqual([]);
      const mixed = all
        .filter(
          (d) =>
            /lang="ru"/.test(String(d.system.description)) ||
            /[А-Яа-яЁё]{4}/.test(String(d.system.description).replace(/«[^»]*»|\([^)]*\)/g, "")),
        )
        .map((d) => d.name);
      expect(mixed).toEqual([]);
    },
  );
});
