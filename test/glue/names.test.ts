// Russian names as shared plumbing (src/foundry/names.ts): a document of ANY ruleset created from pack
// data on a Russian client takes flags.omnibus.nameRu (an actor's embedded items too) and keeps its
// English name in flags.omnibus.nameEn; lookups by name accept either name. One lookup per ruleset
// on a Russian-named item (D6's own are in test/glue/d6/names.test.ts).
import { beforeAll, describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { ROOT } from "../support/handlebars";
import { installFoundryStandIns, type StandIns } from "../support/foundry-stand-ins";
import { installDataFieldStandIns } from "../support/data-fields";
import { hasName, itemNamed, itemNames, russianNameUpdate } from "../../src/foundry/names";
import { deriveCharacter } from "../../src/rules/silhouette/table/derive";
import { buildRequest } from "../../src/rules/wfrp/table/checks";
import { itemViews } from "../../src/foundry/wfrp/documents";
import { DEFAULT_RULES } from "../../src/rules/wfrp/table/settings";

type Doc = {
  _id: string;
  name: string;
  type: string;
  img?: string;
  system: Record<string, unknown>;
  flags?: Record<string, any>;
  items?: Doc[];
};
const pack = (file: string): Doc => parse(readFileSync(join(ROOT, "packs", "_source", file), "utf8")) as Doc;
const fixture = (file: string): Doc => parse(readFileSync(join(ROOT, "test", "fixtures", file), "utf8")) as Doc;

/** A pack document as it is created on a Russian client: russianNameUpdate applied as updateSource would. */
function createdInRussian(doc: Doc): Doc {
  const update = russianNameUpdate(structuredClone(doc) as never, "ru");
  expect(update, `${doc.name} has a Russian name`).not.toBeNull();
  const out = structuredClone(doc);
  out.name = update!.name as string;
  out.flags = { ...(out.flags ?? {}), omnibus: { ...(out.flags?.omnibus ?? {}), nameEn: update!["flags.omnibus.nameEn"] } };
  if (update!.items) out.items = update!.items as Doc[];
  return out;
}

describe("either name", () => {
  it("an item answers to its own name and to the English name it was created with (flags or a plain view's nameEn)", () => {
    const renamed = { type: "x_skill", name: "Атлетика", flags: { omnibus: { nameEn: "Athletics", nameRu: "Атлетика" } } };
    expect(itemNames(renamed)).toEqual(["Атлетика", "Athletics"]);
    expect(hasName(renamed, " athletics ")).toBe(true);
    expect(hasName({ name: "Уклонение", nameEn: "Dodge" }, "dodge")).toBe(true);
    expect(hasName(renamed, "Melee")).toBe(false);
    expect(itemNamed([{ type: "x_weapon", name: "Athletics" }, renamed], "x_skill", "Athletics")).toBe(renamed);
    expect(itemNamed([renamed], "x_weapon", "Athletics")).toBeNull();
  });
});

describe("the preCreate hooks, once for every ruleset", () => {
  let stand: StandIns;
  beforeAll(async () => {
    vi.resetModules();
    stand = installFoundryStandIns();
    installDataFieldStandIns();
    const adapters = await Promise.all([
      import("../../src/foundry/d6/adapter").then((m) => m.d6Adapter),
      import("../../src/foundry/storytelling/adapter").then((m) => m.storytellingAdapter),
      import("../../src/foundry/wfrp/adapter").then((m) => m.wfrpAdapter),
      import("../../src/foundry/silhouette/adapter").then((m) => m.silhouetteAdapter),
    ]);
    const system = await import("../../src/foundry/system");
    system.installOmnibus(adapters);
  });

  async function create(hook: string, doc: Doc, lang: string): Promise<Array<Record<string, unknown>>> {
    (globalThis as any).game.i18n.lang = lang;
    const calls: Array<Record<string, unknown>> = [];
    await stand.fire(
      hook,
      { type: doc.type, updateSource: (d: Record<string, unknown>) => calls.push(d) },
      structuredClone(doc),
      {},
      "player",
    );
    return calls;
  }

  it("a Storytelling weapon, a WFRP character with its skills and a Silhouette actor with its skills take their Russian names on a Russian client", async () => {
    const knife = pack("storytelling-weapons/knife.yml");
    expect(await create("preCreateItem", knife, "ru")).toEqual([{ name: knife.flags!.omnibus.nameRu, "flags.omnibus.nameEn": knife.name }]);
    const perdita = fixture("wfrp-examples/perdita_rzuY1b8Q6GkDRVQo.yml");
    const [wfrpUpdate] = await create("preCreateActor", perdita, "ru");
    expect(wfrpUpdate.name).toBe("Пердита");
    expect((wfrpUpdate.items as Doc[]).find((i) => i.flags!.omnibus.nameEn === "Ranged (Bow)")!.name).toBe("Стрельба (Лук)");
    const mercenary = pack("silhouette-actors/veteran-mercenary.yml");
    const [silUpdate] = await create("preCreateActor", mercenary, "ru");
    expect((silUpdate.items as Doc[]).every((i) => i.name === i.flags!.omnibus.nameRu && i.flags!.omnibus.nameEn)).toBe(true);
  });

  it("an English client, and a type no registered ruleset declares, are left alone", async () => {
    const knife = pack("storytelling-weapons/knife.yml");
    expect(await create("preCreateItem", knife, "en")).toEqual([]);
    expect(await create("preCreateItem", { ...knife, type: "storytelling_spaceship" }, "ru")).toEqual([]);
    expect(await create("preCreateItem", { ...knife, type: "base" }, "ru")).toEqual([]);
  });
});

describe("lookups on Russian-named items", () => {
  it("WFRP: a bow attack still finds the Ranged (Bow) specialisation by its English name — BS 38 + 10 Advances = 48, not the bare BS 38", () => {
    const perdita = createdInRussian(fixture("wfrp-examples/perdita_rzuY1b8Q6GkDRVQo.yml"));
    const actor = {
      uuid: "Actor.p",
      name: perdita.name,
      img: "",
      type: perdita.type,
      system: perdita.system,
      items: itemViews({
        uuid: "Actor.p",
        type: perdita.type,
        system: perdita.system,
        items: perdita.items!.map((i) => ({ ...i, id: i._id })),
      }),
    };
    expect(actor.items.find((i) => i.nameEn === "Ranged (Bow)")!.name).toBe("Стрельба (Лук)");
    const bow = actor.items.find((i) => i.type === "wfrp_weapon")!;
    const t = (key: string) => key;
    const attack = (a: typeof actor) =>
      (
        buildRequest({ actor: a, kind: "attack", dataset: { itemId: bow.id }, targets: [], rules: DEFAULT_RULES, t }).data as {
          value: number;
        }
      ).value;
    expect(attack(actor)).toBe(48);
    // Without the English name the Russian one alone does not say "bow": the lookup would fall back to the bare BS.
    expect(attack({ ...actor, items: actor.items.map(({ nameEn: _drop, ...i }) => i) })).toBe(38);
  });

  it("Silhouette: skills are found by their rules key, so a Russian-named mercenary keeps Athletics 2 (E34), Combat Sense 2 (E5), Melee 3 (E43), Firearms 4 (E45)", () => {
    const mercenary = createdInRussian(pack("silhouette-actors/veteran-mercenary.yml"));
    expect(mercenary.items!.some((i) => i.name === "Атлетика" || /[А-Яа-яЁё]/.test(i.name))).toBe(true);
    const derived = deriveCharacter(
      mercenary.system as never,
      mercenary.items!.map((i) => ({ id: i._id, name: i.name, type: i.type, system: i.system })),
    );
    expect(derived.skillLevels).toMatchObject({ athletics: 2, combatSense: 2, melee: 3, firearms: 4 });
  });

  it("Storytelling: skills are traits of the actor, not items; a Russian-named weapon still answers to its English name", () => {
    const knife = createdInRussian(pack("storytelling-weapons/knife.yml"));
    expect(knife.name).not.toBe("Knife");
    expect(itemNamed([knife], "storytelling_weapon", "knife")).toBe(knife);
  });
});
