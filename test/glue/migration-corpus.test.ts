// Every ruleset's real migrations (the data models' migrateData and the world migration of
// src/foundry/migrations.ts) over a corpus of older, hand-typed and junk sources:
// - the examples of issue 20 that used to become zeros now read right (d6 "3-10/30/120 m",
//   Storytelling "20/40/80 yards", Silhouette "5 metres");
// - what cannot be read is kept in flags.omnibus.unmigrated, reported, and the field is left to its
//   default, never silently turned into a number;
// - migrating twice equals migrating once: per model (the corpus, every pack document, random junk)
//   and for the whole world (a second pass over the migrated world writes nothing).
import { afterEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { ROOT } from "../support/handlebars";
import { installFoundryStandIns, StandInCollection, StandInDocument } from "../support/foundry-stand-ins";
import { deepClone, installDataFieldStandIns } from "../support/data-fields";

type Dict = Record<string, unknown>;
type Model = { migrateData(source: Dict, notes?: unknown): Dict };

const stand = installFoundryStandIns();
installDataFieldStandIns();

interface AdapterLike {
  id: string;
  actorTypes: Record<string, { dataModel: unknown }>;
  itemTypes: Record<string, { dataModel: unknown }>;
}
const isAdapter = (v: unknown): v is AdapterLike =>
  typeof v === "object" && v !== null && typeof (v as AdapterLike).id === "string" && typeof (v as AdapterLike).actorTypes === "object";
const adapters: AdapterLike[] = [];
for (const dir of readdirSync(join(ROOT, "src", "foundry")).filter((d) => existsSync(join(ROOT, "src", "foundry", d, "adapter.ts")))) {
  const mod = (await import(/* @vite-ignore */ join(ROOT, "src", "foundry", dir, "adapter.ts"))) as Dict;
  const adapter = Object.values(mod).find(isAdapter);
  if (adapter) adapters.push(adapter);
}
const registry = await import("../../src/foundry/registry");
const { registerSystemSettings } = await import("../../src/foundry/settings");
const migrations = await import("../../src/foundry/migrations");
for (const adapter of adapters) registry.registerRuleset(adapter as never);
registerSystemSettings();

const MODELS = new Map<string, { kind: "Actor" | "Item"; Model: Model }>();
for (const a of adapters) {
  for (const [type, spec] of Object.entries(a.actorTypes)) MODELS.set(type, { kind: "Actor", Model: spec.dataModel as Model });
  for (const [type, spec] of Object.entries(a.itemTypes)) MODELS.set(type, { kind: "Item", Model: spec.dataModel as Model });
}

/** Older, hand-typed sources: [type, system, what must come out (a partial match), the paths that must be noted]. */
const CORPUS: Array<[string, Dict, Dict, string[]]> = [
  // issue 20's examples, now read
  ["d6_weapon", { ranges: "3-10/30/120 m" }, { ranges: { shortMin: 3, shortMax: 10, medium: 30, long: 120 } }, []],
  ["storytelling_weapon", { range: "20/40/80 yards" }, { ranges: { short: 20, medium: 40, long: 80 } }, []],
  ["silhouette_weapon", { blastRadius: "5 metres" }, { blastRadius: 5 }, []],
  // more spellings
  ["d6_weapon", { ranges: "3–10/30/120" }, { ranges: { shortMin: 3, shortMax: 10, medium: 30, long: 120 } }, []],
  ["d6_weapon", { ranges: "0,5-2,5/5/10 м" }, { ranges: { shortMin: 0.5, shortMax: 2.5, medium: 5, long: 10 } }, []],
  ["storytelling_weapon", { again: 9, range: "20 / 40 / 80 yd" }, { again: "9", ranges: { short: 20, medium: 40, long: 80 } }, []],
  ["storytelling_weapon", { range: "20/40/80 m" }, { ranges: { short: 22, medium: 44, long: 87 } }, []],
  [
    "silhouette_weapon",
    { blast: "5,5 m", damage: "12", range: "25 m" },
    { blastRadius: 5.5, damageMultiplier: 12, ranges: { base: 25, medium: 50, long: 100, extreme: 200 } },
    [],
  ],
  [
    "wfrp_character",
    { characteristics: { ws: "35", bs: 31 } },
    { characteristics: { ws: { initial: 35, advances: 0, modifier: 0 }, bs: { initial: 31, advances: 0, modifier: 0 } } },
    [],
  ],
  ["wfrp_armour", { ap: "2", location: "arms" }, { armourPoints: 2, locations: ["leftArm", "rightArm"] }, []],
  // unreadable: kept and reported
  ["d6_weapon", { ranges: "3-10/30/far" }, {}, ["ranges"]],
  ["d6_weapon", { ranges: "30-10/3/1" }, {}, ["ranges"]],
  ["d6_skill", { code: "lots" }, {}, ["code"]],
  [
    "d6_character",
    { attributes: { dex: "4D+2", str: "strong" } },
    { attributes: { dexterity: { dice: 4, pips: 2 } } },
    ["attributes.strength"],
  ],
  ["storytelling_weapon", { range: "near/far/very far" }, {}, ["range"]],
  [
    "storytelling_character",
    { attributes: { wits: "sharp", strength: { value: "3" } }, skills: { brawl: "some", athletics: 2 } },
    { attributes: { strength: 3 }, skills: { athletics: { dots: 2, specialties: "" }, brawl: { dots: 0, specialties: "" } } },
    ["attributes.wits", "skills.brawl"],
  ],
  ["silhouette_weapon", { blastRadius: "huge" }, {}, ["blastRadius"]],
  ["silhouette_weapon", { dm: "x3", range: "far" }, {}, ["damageMultiplier", "range"]],
  ["silhouette_character", { FIT: "high", attributes: { AGI: "2" }, wounds: "many" }, { attributes: { agi: 2 } }, ["FIT", "wounds"]],
  ["silhouette_skill", { rating: "expert", attr: "FIT" }, { attribute: "fit" }, ["level"]],
  ["wfrp_character", { characteristics: { ws: "thirty" } }, {}, ["characteristics.ws"]],
  ["wfrp_weapon", { damage: "+SB+d10", qualities: "Fast, Impale" }, { qualities: ["fast", "impale"] }, ["damage"]],
  ["wfrp_armour", { ap: "two" }, {}, ["ap"]],
];

function migrate(type: string, source: Dict): { out: Dict; notes: Array<{ path: string; value: unknown }> } {
  const notes: Array<{ path: string; value: unknown }> = [];
  const { Model } = MODELS.get(type)!;
  return { out: Model.migrateData.call(Model, deepClone(source), notes) ?? source, notes };
}

describe("the corpus through each data model's migrateData", () => {
  it.each(CORPUS)("%s %j", (type, system, expected, noted) => {
    const { out, notes } = migrate(type, system);
    expect(out).toMatchObject(expected);
    expect(notes.map((n) => n.path).sort()).toEqual([...noted].sort());
    for (const note of notes) {
      // the noted value is the one that was stored, and the field no longer holds it (it takes its default)
      expect(JSON.stringify(system)).toContain(JSON.stringify(note.value));
      expect(note.path.split(".").reduce<unknown>((node, k) => (node as Dict | undefined)?.[k], out)).not.toEqual(note.value);
    }
    // twice equals once, and the second pass finds nothing more to note
    const again = migrate(type, out);
    expect(again.out).toEqual(out);
    expect(again.notes).toEqual([]);
  });
});

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return yamlFiles(p);
    return /\.ya?ml$/.test(f) ? [p] : [];
  });
}
const PACK_SOURCES: Array<{ type: string; system: Dict }> = [];
for (const file of yamlFiles(join(ROOT, "packs", "_source"))) {
  const doc = parse(readFileSync(file, "utf8")) as { type?: string; system?: Dict; items?: Array<{ type?: string; system?: Dict }> };
  for (const d of [doc, ...(doc.items ?? [])])
    if (d.type && MODELS.has(d.type)) PACK_SOURCES.push({ type: d.type, system: d.system ?? {} });
}

const SPELLINGS = [
  "3-10/30/120 m",
  "3–10/30/120",
  "20/40/80 yards",
  "5 metres",
  "5,5 m",
  "huge",
  "",
  " ",
  "4D+2",
  "thirty",
  "+SB+4",
  "−2",
  "1 000",
  "arms",
  "Fast, Impale",
  "XX/",
];
const KEYS = [
  "ranges",
  "range",
  "blast",
  "radius",
  "blastRadius",
  "damage",
  "dm",
  "damageMultiplier",
  "rof",
  "accuracy",
  "code",
  "attributes",
  "skills",
  "characteristics",
  "wounds",
  "health",
  "healthTrack",
  "willpower",
  "level",
  "rating",
  "dice",
  "attr",
  "attribute",
  "ap",
  "location",
  "locations",
  "qualities",
  "flaws",
  "again",
  "FIT",
  "agi",
  "stamina",
  "woundLevel",
  "fireControl",
];
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...SPELLINGS),
  fc.integer({ min: -5, max: 300 }),
  fc.double({ noNaN: false }),
  fc.anything({ maxDepth: 2 }),
  fc.dictionary(
    fc.constantFrom("dex", "str", "wits", "ws", "value", "dice", "pips", "short", "light", "dots"),
    fc.oneof(fc.constantFrom(...SPELLINGS), fc.integer({ min: -3, max: 12 })),
    { maxKeys: 4 },
  ),
);
const junkSource = fc.dictionary(fc.constantFrom(...KEYS), junkValue, { maxKeys: 6 });

describe("twice equals once, for every model", () => {
  it(`over every pack document (${PACK_SOURCES.length}), and none has a value the migration cannot read`, () => {
    expect(PACK_SOURCES.length).toBeGreaterThan(50);
    for (const { type, system } of PACK_SOURCES) {
      const once = migrate(type, system);
      expect(once.notes, type).toEqual([]);
      expect(migrate(type, once.out).out, type).toEqual(once.out);
    }
  });

  it.each([...MODELS.keys()])("%s over random junk shapes", (type) => {
    fc.assert(
      fc.property(junkSource, (source) => {
        const once = migrate(type, source);
        const twice = migrate(type, once.out);
        expect(twice.out).toEqual(once.out);
        expect(twice.notes).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The whole world, twice

type Doc = StandInDocument & { type: string; name: string; items: StandInCollection<Doc> };

function worldOf(entries: Array<{ id: string; type: string; system: Dict; flags?: Dict }>) {
  const raw = { actors: [] as Dict[], items: [] as Dict[], scenes: [] as Dict[] };
  const docs = new Map<string, Doc>();
  const actors: Doc[] = [];
  const items: Doc[] = [];
  for (const e of entries) {
    const kind = MODELS.get(e.type)!.kind;
    const stored = { _id: e.id, type: e.type, name: e.id, system: deepClone(e.system), flags: deepClone(e.flags ?? {}), items: [] };
    const doc = new StandInDocument(e.id, `${kind}.${e.id}`, true, { type: e.type, name: e.id, items: new StandInCollection([]) }) as Doc;
    doc.flags = deepClone(e.flags ?? {}) as Doc["flags"];
    docs.set(e.id, doc);
    (kind === "Actor" ? raw.actors : raw.items).push(stored);
    (kind === "Actor" ? actors : items).push(doc);
  }
  Object.assign((globalThis as unknown as { game: Dict }).game, {
    data: raw,
    actors: new StandInCollection(actors),
    items: new StandInCollection(items),
    scenes: new StandInCollection([]),
    packs: [],
  });
  return { raw, docs };
}

/** The stored data after the run: each written system replaced, each flag write applied. */
function storedAfter(raw: { actors: Dict[]; items: Dict[] }, docs: Map<string, Doc>) {
  return [...raw.actors, ...raw.items].map((stored) => {
    const doc = docs.get(String(stored._id))!;
    let system = stored.system as Dict;
    for (const u of doc.updates) if (u.system) system = u.system as Dict;
    return { id: String(stored._id), type: String(stored.type), system, flags: doc.flags as Dict };
  });
}

afterEach(() => vi.restoreAllMocks());

describe("the world migration over the corpus", () => {
  it("keeps every unreadable value in flags.omnibus.unmigrated and reports it; a second pass writes nothing", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "table").mockImplementation(() => {});
    stand.makeUser("gm", true);
    stand.setUser("gm");
    stand.setActiveGM("gm");
    const entries = CORPUS.map(([type, system], i) => ({ id: `d${i}`, type, system, flags: { omnibus: { nameRu: `Документ ${i}` } } }));
    const first = worldOf(entries);
    stand.recorded.settingsValues.set("omnibus.dataVersion", {});
    const report = await migrations.migrateWorldIfNeeded();
    expect(report?.failed).toEqual([]);

    const expectedNotes = CORPUS.flatMap(([, system, , noted], i) =>
      noted.map((path) => ({ uuid: `${MODELS.get(CORPUS[i][0])!.kind}.d${i}`, path, system })),
    );
    expect(report?.unreadable.map((u) => `${u.uuid} ${u.path}`).sort()).toEqual(expectedNotes.map((n) => `${n.uuid} ${n.path}`).sort());
    for (const [i, [, system, , noted]] of CORPUS.entries()) {
      const doc = first.docs.get(`d${i}`)!;
      const kept = (doc.flags.omnibus?.unmigrated ?? []) as Array<{ path: string; value: unknown }>;
      expect(kept.map((k) => k.path).sort(), `d${i}`).toEqual([...noted].sort());
      for (const k of kept) expect(JSON.stringify(system)).toContain(JSON.stringify(k.value));
      expect(doc.flags.omnibus?.nameRu).toBe(`Документ ${i}`); // the other flags are kept
      if (noted.length > 0) expect(Object.keys(doc.updates[0])).toEqual(["flags.omnibus.unmigrated"]); // the old value first
    }
    const listed = String(stand.recorded.messagesCreated.at(-1)?.data.content);
    for (const n of expectedNotes) expect(listed).toContain(n.uuid);

    // every migration once more over what the first pass stored: nothing to write, nothing more to keep
    const second = worldOf(storedAfter(first.raw, first.docs));
    stand.recorded.settingsValues.set("omnibus.dataVersion", {});
    const again = await migrations.migrateWorldIfNeeded();
    expect(again?.updated).toBe(0);
    expect(again?.unreadable).toEqual([]);
    for (const doc of second.docs.values()) expect(doc.updates).toEqual([]);
  });
});

describe("Silhouette data version 3: the ten attributes of Silhouette CORE", () => {
  const TEN_AND_STR = ["agi", "app", "bld", "cre", "fit", "inf", "kno", "per", "psy", "will", "str"];
  it("an old character or NPC gets APP, CRE, INF, KNO, PER and PSY at 0; its own values stay; what cannot be read is kept", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "table").mockImplementation(() => {});
    stand.makeUser("gm", true);
    stand.setUser("gm");
    stand.setActiveGM("gm");
    // Stored by data version 2: the five attributes of the seed; one hand-typed PER it could not hold, one KNO under its long name.
    const old = [
      { id: "s1", type: "silhouette_character", system: { attributes: { agi: 1, bld: 0, fit: 2, str: 1, will: -1 }, stamina: 30 } },
      { id: "s2", type: "silhouette_npc", system: { attributes: { agi: 0, PER: "sharp", Knowledge: "+2" } } },
      { id: "s3", type: "silhouette_npc", system: { stamina: 25 } },
    ];
    const first = worldOf(old);
    stand.recorded.settingsValues.set("omnibus.dataVersion", { d6: 2, storytelling: 2, wfrp: 2, silhouette: 2 });
    const report = await migrations.migrateWorldIfNeeded();
    expect(report?.failed).toEqual([]);
    const after = new Map(storedAfter(first.raw, first.docs).map((d) => [d.id, d]));
    expect(after.get("s1")!.system.attributes).toEqual({
      agi: 1,
      app: 0,
      bld: 0,
      cre: 0,
      fit: 2,
      inf: 0,
      kno: 0,
      per: 0,
      psy: 0,
      will: -1,
      str: 1,
    });
    expect(after.get("s1")!.system.stamina).toBe(30);
    const s2 = after.get("s2")!;
    expect(s2.system.attributes).toMatchObject({ agi: 0, kno: 2, per: 0 });
    expect(Object.keys(s2.system.attributes as Dict).sort()).toEqual([...TEN_AND_STR].sort());
    expect((s2.flags.omnibus as Dict | undefined)?.unmigrated).toEqual([
      expect.objectContaining({ path: "attributes.PER", value: "sharp", version: 2 }),
    ]);
    expect(report?.unreadable.map((u) => `${u.uuid} ${u.path}`)).toEqual(["Actor.s2 attributes.PER"]);
    expect(Object.keys(after.get("s3")!.system.attributes as Dict).sort()).toEqual([...TEN_AND_STR].sort());

    // once more from version 2 over what was stored: nothing to write
    const second = worldOf(storedAfter(first.raw, first.docs));
    stand.recorded.settingsValues.set("omnibus.dataVersion", { d6: 2, storytelling: 2, wfrp: 2, silhouette: 2 });
    const again = await migrations.migrateWorldIfNeeded();
    expect(again?.updated).toBe(0);
    for (const doc of second.docs.values()) expect(doc.updates).toEqual([]);
  });

  it("a world already at version 3 is left alone, and a token's partial delta is never filled", async () => {
    stand.makeUser("gm", true);
    stand.setUser("gm");
    stand.setActiveGM("gm");
    const world = worldOf([{ id: "s4", type: "silhouette_character", system: { attributes: { agi: 1 } } }]);
    stand.recorded.settingsValues.set("omnibus.dataVersion", { d6: 2, storytelling: 2, wfrp: 2, silhouette: 3 });
    await migrations.migrateWorldIfNeeded();
    for (const doc of world.docs.values()) expect(doc.updates).toEqual([]);
    const delta = migrations.migrateSystemSource("Actor", "silhouette_npc", { attributes: { agi: 2 } }, 2, {
      name: "t",
      uuid: "Scene.x.Token.y.ActorDelta.z",
      partial: true,
    });
    expect(delta.system).toBeNull();
  });
});
