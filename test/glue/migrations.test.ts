/**
 * World migrations (src/foundry/migrations.ts) against Foundry stand-ins: which documents are written,
 * with what, how often, in what order relative to the stored version, and who runs it.
 *
 * The test ruleset "d6" is at data version 3. Its data models' migrateData: actors turn a bare
 * `wounds: n` into `health: { value: n, max: 5 }` (and throw on `explode`, to stand for a document
 * whose migration fails, until a test fixes it), drop a `rank` they cannot read (noting it);
 * gear turns a string `cost` into a number. Its `migrateSystem` step (new in
 * version 3) renames `notes` to `description` for worlds coming from a version below 3.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundryStandIns, StandInCollection, StandInDocument, type StandIns } from "../support/foundry-stand-ins";
import type { MigrationContext, RulesetAdapter } from "../../src/foundry/ruleset";

type Source = Record<string, unknown>;
type Doc = StandInDocument & { type: string; name: string; items?: StandInCollection<Doc> };

/** Set by a test to make `explode` documents migrate (a model fixed between two starts). */
let explodeFixed = false;

class HeroModel {
  static migrateData(source: Source, notes?: Array<{ path: string; value: unknown }>): Source {
    if (source.explode && !explodeFixed) throw new Error("this hero cannot be migrated");
    delete source.explode;
    // a value the step cannot read: removed (the schema's default applies) and noted
    if (typeof source.rank === "string" && !/^\d+$/.test(source.rank)) {
      notes?.push({ path: "rank", value: source.rank });
      delete source.rank;
    }
    if (typeof source.wounds === "number") {
      source.health = { value: source.wounds, max: 5 };
      delete source.wounds;
    }
    return source;
  }
}
class GearModel {
  static migrateData(source: Source): Source {
    if (typeof source.cost === "string") source.cost = Number(source.cost);
    return source;
  }
}
class WfrpCharModel {
  static migrateData(source: Source): Source {
    source.touched = true; // would show up as a change if wfrp (not pending) were migrated
    return source;
  }
}

const contexts: MigrationContext[] = [];

function adapters(): RulesetAdapter[] {
  return [
    {
      id: "d6",
      label: "OMNIBUS.Ruleset.d6",
      actorTypes: { d6_hero: { dataModel: HeroModel as never } },
      itemTypes: { d6_gear: { dataModel: GearModel as never } },
      migration: {
        version: 3,
        migrateSystem(system, context) {
          contexts.push(context);
          if (context.fromVersion < 3 && typeof system.notes === "string") {
            system.description = system.notes;
            delete system.notes;
          }
        },
      },
    },
    { id: "wfrp", label: "OMNIBUS.Ruleset.wfrp", actorTypes: { wfrp_character: { dataModel: WfrpCharModel as never } }, itemTypes: {} },
  ];
}

let stand: StandIns;
let migrations: typeof import("../../src/foundry/migrations");
const g = () => (globalThis as unknown as { game: Record<string, unknown> }).game;

function makeDoc(uuid: string, stored: Source, items: Doc[] = []): Doc {
  const id = String(stored._id);
  return new StandInDocument(id, uuid, true, { type: stored.type, name: stored.name ?? id, items: new StandInCollection(items) }) as Doc;
}

/** The stored (raw) world data, deep-copied so a test can compare against it afterwards. */
function rawWorld() {
  return structuredClone({
    actors: [
      {
        _id: "a1",
        type: "d6_hero",
        name: "Han",
        system: { wounds: 3, notes: "smuggler" },
        items: [
          { _id: "i1", type: "d6_gear", name: "Blaster", system: { cost: "12" } },
          { _id: "i2", type: "d6_gear", name: "Comlink", system: { cost: 5 } },
        ],
      },
      { _id: "a2", type: "d6_hero", name: "Leia", system: { health: { value: 1, max: 5 } }, items: [] },
      { _id: "a3", type: "wfrp_character", name: "Gunther", system: { wounds: 2 }, items: [] },
      { _id: "a4", type: "d6_hero", name: "Broken", system: { explode: true, wounds: 1 }, items: [] },
      { _id: "a5", type: "d6_hero", name: "Invalid", system: { wounds: 4 }, items: [] },
    ],
    items: [
      { _id: "w1", type: "d6_gear", name: "Medpac", system: { cost: "7" } },
      { _id: "w2", type: "d6_gear", name: "Rope", system: { cost: 1 } },
    ],
    scenes: [
      {
        _id: "s1",
        tokens: [
          {
            _id: "t1",
            actorId: "a2",
            actorLink: false,
            delta: { system: { wounds: 2 }, items: [{ _id: "di1", type: "d6_gear", name: "Thermal detonator", system: { cost: "3" } }] },
          },
          { _id: "t2", actorId: "a1", actorLink: true, delta: { system: { wounds: 9 } } },
          { _id: "t3", actorId: "a2", actorLink: false, delta: { system: {} } },
        ],
      },
    ],
  });
}

interface World {
  docs: Record<string, Doc>;
  packFields: string[][];
  packLoads: string[];
  packs: Array<{ collection: string; locked: boolean }>;
}

/** Installs the live documents (built from the raw data) and the packs on the stand-in game. */
function installWorld(raw = rawWorld()): World {
  const docs: Record<string, Doc> = {};
  const actors: Doc[] = [];
  const invalid: Doc[] = [];
  for (const a of raw.actors) {
    const items = (a.items as Source[]).map((i) => (docs[`${a._id}.${i._id}`] = makeDoc(`Actor.${a._id}.Item.${i._id}`, i)));
    const doc = (docs[a._id] = makeDoc(`Actor.${a._id}`, a, items));
    (a._id === "a5" ? invalid : actors).push(doc);
  }
  const items = raw.items.map((i) => (docs[i._id] = makeDoc(`Item.${i._id}`, i)));
  const tokens = raw.scenes[0].tokens.map((t) => {
    const base = raw.actors.find((a) => a._id === t.actorId)!;
    const deltaItems = ((t.delta.items ?? []) as Source[]).map(
      (i) => (docs[`${t._id}.${i._id}`] = makeDoc(`Scene.s1.Token.${t._id}.Actor.${base._id}.Item.${i._id}`, i)),
    );
    const actor = (docs[`${t._id}.actor`] = makeDoc(`Scene.s1.Token.${t._id}.Actor.${base._id}`, base, deltaItems));
    const delta = (docs[`${t._id}.delta`] = makeDoc(`Scene.s1.Token.${t._id}.ActorDelta.${t._id}`, { _id: t._id, type: base.type }));
    return { id: t._id, actorLink: t.actorLink, actor, delta };
  });
  const scene = { id: "s1", tokens: new StandInCollection(tokens) };

  const world: World = { docs, packFields: [], packLoads: [], packs: [] };
  const packGear = [
    { _id: "pi1", type: "d6_gear", name: "Vibroblade", system: { cost: "4" } },
    { _id: "pi2", type: "d6_gear", name: "Glow rod", system: { cost: 4 } },
  ];
  const packHeroes = [{ _id: "ph1", type: "d6_hero", name: "Wedge", system: { wounds: 1 } }];
  for (const e of packGear) docs[`pack.${e._id}`] = makeDoc(`Compendium.world.gear.Item.${e._id}`, e);
  for (const e of packHeroes) docs[`pack.${e._id}`] = makeDoc(`Compendium.world.heroes.Actor.${e._id}`, e);
  const pack = (collection: string, documentName: string, locked: boolean, system: string, entries: Source[]) => {
    const p = {
      collection,
      documentName,
      locked,
      metadata: { label: collection, packageType: "world", system },
      index: { size: entries.length },
      async getIndex({ fields }: { fields: string[] }) {
        if (system !== "omnibus" || p.locked) throw new Error(`pack ${collection} must not be read`);
        world.packFields.push(fields);
        return structuredClone(entries);
      },
      async getDocument(id: string) {
        world.packLoads.push(id);
        return docs[`pack.${id}`];
      },
    };
    world.packs.push(p);
    return p;
  };

  Object.assign(g(), {
    data: raw,
    actors: new StandInCollection(actors, invalid),
    items: new StandInCollection(items),
    scenes: new StandInCollection([scene]),
    packs: [
      pack("world.gear", "Item", false, "omnibus", packGear),
      pack("world.heroes", "Actor", true, "omnibus", packHeroes),
      pack("world.other", "Item", false, "dnd5e", [{ _id: "x1", type: "d6_gear", system: { cost: "1" } }]),
    ],
  });
  return world;
}

async function boot(settings: Record<string, unknown>) {
  vi.resetModules();
  contexts.length = 0;
  explodeFixed = false;
  stand = installFoundryStandIns({ settings });
  const system = await import("../../src/foundry/system");
  system.installOmnibus(adapters());
  await stand.fire("init");
  migrations = await import("../../src/foundry/migrations");
  stand.makeUser("gm", true);
  stand.setUser("gm");
  stand.setActiveGM("gm");
}

const OPTIONS = { diff: false, recursive: false, render: false, omnibusMigration: true };
/** Silences the console (failures are logged there, and listed as a table). */
const quiet = () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "table").mockImplementation(() => {});
};
const notices = () => stand.recorded.notifications.map((n) => n.message);
const written = (world: World) =>
  Object.entries(world.docs)
    .filter(([, d]) => d.updates.length > 0)
    .map(([k]) => k)
    .sort();

afterEach(() => vi.restoreAllMocks());

describe("world migration of an old-version world", () => {
  let world: World;
  let setCallsSeen: Array<{ value: unknown; updatesSoFar: number }>;

  beforeEach(async () => {
    quiet();
    await boot({ "omnibus.dataVersion": { d6: 2, wfrp: 1 } });
    world = installWorld();
    setCallsSeen = [];
    const settings = g().settings as { set(n: string, k: string, v: unknown): Promise<unknown> };
    const set = settings.set.bind(settings);
    settings.set = async (n, k, v) => {
      const updatesSoFar = Object.values(world.docs).reduce((sum, d) => sum + d.updates.length, 0);
      if (`${n}.${k}` === "omnibus.dataVersion") setCallsSeen.push({ value: v, updatesSoFar });
      return set(n, k, v);
    };
  });

  it("writes exactly the documents whose stored source changes, once each, with the migrated system", async () => {
    const report = await migrations.migrateWorldIfNeeded();
    expect(written(world)).toEqual(["a1", "a1.i1", "a5", "pack.pi1", "t1.delta", "t1.di1", "w1"]);
    for (const key of written(world)) {
      expect(world.docs[key].updates).toHaveLength(1);
      expect(world.docs[key].updateOptions[0]).toEqual(OPTIONS);
    }
    // data model step + version-3 step (notes → description)
    expect(world.docs.a1.updates[0]).toEqual({ system: { health: { value: 3, max: 5 }, description: "smuggler" } });
    expect(world.docs["a1.i1"].updates[0]).toEqual({ system: { cost: 12 } });
    expect(world.docs.a5.updates[0]).toEqual({ system: { health: { value: 4, max: 5 } } });
    expect(world.docs.w1.updates[0]).toEqual({ system: { cost: 7 } });
    // an unlinked token: only the fields its delta overrides, written into the delta
    expect(world.docs["t1.delta"].updates[0]).toEqual({ system: { health: { value: 2, max: 5 } } });
    expect(world.docs["t1.actor"].updates).toEqual([]);
    expect(world.docs["t1.di1"].updates[0]).toEqual({ system: { cost: 3 } });
    expect(world.docs["pack.pi1"].updates[0]).toEqual({ system: { cost: 4 } });
    expect(report?.updated).toBe(7);
  });

  it("leaves current documents, linked tokens, empty deltas and other rulesets' documents untouched", async () => {
    await migrations.migrateWorldIfNeeded();
    for (const key of ["a2", "a3", "a1.i2", "w2", "t2.delta", "t3.delta", "t2.actor", "t3.actor", "pack.pi2"]) {
      expect(world.docs[key].updates, key).toEqual([]);
    }
    // wfrp is already at its version: its data model is not even consulted
    expect(contexts.every((c) => c.type.startsWith("d6_"))).toBe(true);
  });

  it("reads packs through their index and loads only the documents it writes; locked and foreign packs are left alone and the locked ones are named", async () => {
    await migrations.migrateWorldIfNeeded();
    expect(world.packFields).toEqual([["system", "flags.omnibus.unmigrated"]]);
    expect(world.packLoads).toEqual(["pi1"]);
    expect(world.docs["pack.ph1"].updates).toEqual([]);
    expect(notices()).toContain(`OMNIBUS.Migration.LockedPacks ${JSON.stringify({ packs: "world.heroes" })}`);
  });

  it("reports a failing document, leaves it unchanged, records it (and the locked pack) for the next start, and still migrates the others", async () => {
    quiet();
    const report = await migrations.migrateWorldIfNeeded();
    expect(world.docs.a4.updates).toEqual([]);
    expect(report?.failed.map((f) => f.uuid)).toEqual(["Actor.a4"]);
    expect(world.docs.a5.updates).toHaveLength(1); // migrated after the failure
    // no notification per document: one summary (the progress' last message), and a list for the GM
    expect(stand.recorded.notifications.filter((n) => n.level === "error")).toEqual([]);
    expect(stand.recorded.settingsValues.get("omnibus.migrationRetry")).toEqual({
      d6: { documents: { "Actor.a4": 2 }, packs: { "world.heroes": 2 } },
    });
    const [list] = stand.recorded.messagesCreated;
    expect(stand.recorded.messagesCreated).toHaveLength(1);
    expect(list.data.whisper).toEqual(["gm"]);
    expect(list.data.content).toContain("@UUID[Actor.a4]{Broken}");
    expect(list.data.content).toContain("this hero cannot be migrated");
  });

  it("stores the new versions once, after every document was written", async () => {
    await migrations.migrateWorldIfNeeded();
    expect(setCallsSeen).toEqual([{ value: { d6: 3, wfrp: 1 }, updatesSoFar: 7 }]);
    expect(stand.recorded.settingsValues.get("omnibus.dataVersion")).toEqual({ d6: 3, wfrp: 1 });
  });

  it("passes the version the world came from, and marks token deltas as partial", async () => {
    await migrations.migrateWorldIfNeeded();
    expect(new Set(contexts.map((c) => c.fromVersion))).toEqual(new Set([2]));
    const partial = contexts.filter((c) => c.partial);
    expect(partial.map((c) => [c.kind, c.type, c.uuid])).toEqual([["Actor", "d6_hero", "Scene.s1.Token.t1.Actor.a2"]]);
  });

  it("tells the GM to keep a backup first, then shows one progress notification that ends at 100% with the summary", async () => {
    quiet();
    await migrations.migrateWorldIfNeeded();
    expect(stand.recorded.notifications[0]).toEqual({
      level: "warn",
      message: `OMNIBUS.Migration.BackupHint ${JSON.stringify({ versions: "d6 3" })}`,
    });
    expect(stand.recorded.progress).toHaveLength(1);
    const [progress] = stand.recorded.progress;
    expect(progress.message).toMatch(/^OMNIBUS\.Migration\.Begin /);
    const pcts = progress.updates.map((u) => u.pct ?? 0);
    expect(pcts).toEqual([...pcts].sort((a, b) => a - b));
    expect(progress.updates.at(-1)).toEqual({
      pct: 1,
      message: `OMNIBUS.Migration.CompleteWithProblems ${JSON.stringify({ versions: "d6 3", updated: "7", failed: "1", unreadable: "0" })}`,
    });
  });

  it("a second run writes nothing again: it only retries the failed document (from its own version)", async () => {
    quiet();
    await migrations.migrateWorldIfNeeded();
    const report = await migrations.migrateWorldIfNeeded();
    expect(report?.updated).toBe(0);
    expect(report?.failed.map((f) => f.uuid)).toEqual(["Actor.a4"]);
    expect(world.docs.a1.updates).toHaveLength(1);
    expect(stand.recorded.progress.at(-1)?.message).toBe("OMNIBUS.Migration.RetryBegin");
    // the locked pack is named once, not at every start
    expect(notices().filter((n) => n.startsWith("OMNIBUS.Migration.LockedPacks"))).toHaveLength(1);
  });

  it("runs at ready on the active GM", async () => {
    await stand.fire("ready");
    await vi.waitFor(() => expect(stand.recorded.settingsValues.get("omnibus.dataVersion")).toEqual({ d6: 3, wfrp: 1 }));
    expect(world.docs.a1.updates).toHaveLength(1);
  });
});

describe("retries: what failed or was locked is migrated later", () => {
  it("a document that fails once migrates at the next start, from the version it was at; nothing else is visited again", async () => {
    quiet();
    await boot({ "omnibus.dataVersion": { d6: 2, wfrp: 1 } });
    installWorld();
    await migrations.migrateWorldIfNeeded();
    const saved = Object.fromEntries(stand.recorded.settingsValues);
    expect(saved["omnibus.dataVersion"]).toEqual({ d6: 3, wfrp: 1 });

    // next start: the model was fixed meanwhile; the world data is as stored (a4 still old)
    await boot(saved);
    const world = installWorld();
    explodeFixed = true;
    const report = await migrations.migrateWorldIfNeeded();
    expect(written(world)).toEqual(["a4"]);
    expect(world.docs.a4.updates).toEqual([{ system: { health: { value: 1, max: 5 } } }]);
    expect(contexts.map((c) => [c.uuid, c.fromVersion])).toEqual([["Actor.a4", 2]]);
    expect(report?.failed).toEqual([]);
    // a4 is done; the locked pack is still behind
    expect(stand.recorded.settingsValues.get("omnibus.migrationRetry")).toEqual({ d6: { documents: {}, packs: { "world.heroes": 2 } } });
    // and nothing is left for a third start (the pack is still locked)
    await boot(Object.fromEntries(stand.recorded.settingsValues));
    installWorld();
    expect(await migrations.migrateWorldIfNeeded()).toBeNull();
  });

  it("a locked pack is migrated as soon as it is unlocked (the compendium configuration changes)", async () => {
    quiet();
    await boot({ "omnibus.dataVersion": { d6: 2, wfrp: 1 } });
    const world = installWorld();
    await migrations.migrateWorldIfNeeded();
    expect(world.docs["pack.ph1"].updates).toEqual([]);

    await stand.fire("updateSetting", { key: "core.rollMode" }); // another setting: nothing happens
    world.packs.find((p) => p.collection === "world.heroes")!.locked = false;
    await stand.fire("updateSetting", { key: "core.compendiumConfiguration" });
    await vi.waitFor(() => expect(world.docs["pack.ph1"].updates).toEqual([{ system: { health: { value: 1, max: 5 } } }]));
    await vi.waitFor(() =>
      expect(stand.recorded.settingsValues.get("omnibus.migrationRetry")).toEqual({ d6: { documents: { "Actor.a4": 2 }, packs: {} } }),
    );
    expect(contexts.filter((c) => c.uuid === "Compendium.world.heroes.Actor.ph1").map((c) => c.fromVersion)).toEqual([2]);
    // only the unlocked pack was visited: the world documents were not written again
    expect(world.docs.a1.updates).toHaveLength(1);
    expect(world.docs["pack.pi1"].updates).toHaveLength(1);
  });

  it("a recorded document that no longer exists is dropped from the retries", async () => {
    await boot({
      "omnibus.dataVersion": { d6: 3, wfrp: 1 },
      "omnibus.migrationRetry": { d6: { documents: { "Actor.gone": 1, "Actor.a5": 2 }, packs: {} } },
    });
    const world = installWorld();
    const report = await migrations.migrateWorldIfNeeded();
    expect(written(world)).toEqual(["a5"]);
    expect(report?.failed).toEqual([]);
    expect(stand.recorded.settingsValues.get("omnibus.migrationRetry")).toEqual({});
  });
});

describe("values a migration cannot read", () => {
  it("are kept in flags.omnibus.unmigrated (written first), the field takes its default, and the GM gets them listed", async () => {
    quiet();
    await boot({ "omnibus.dataVersion": { d6: 2, wfrp: 1 } });
    const raw = rawWorld();
    (raw.actors[1].system as Source).rank = "veteran <b>";
    const world = installWorld(raw);
    world.docs.a2.flags = { omnibus: { nameRu: "Лея", unmigrated: [{ path: "title", value: "Princess", version: 1 }] } };
    const report = await migrations.migrateWorldIfNeeded();
    expect(world.docs.a2.updates).toEqual([
      {
        "flags.omnibus.unmigrated": [
          { path: "title", value: "Princess", version: 1 },
          { path: "rank", value: "veteran <b>", version: 2 },
        ],
      },
      { system: { health: { value: 1, max: 5 } } },
    ]);
    expect(world.docs.a2.updateOptions[0]).toEqual({ render: false, omnibusMigration: true });
    expect(report?.unreadable).toEqual([{ uuid: "Actor.a2", name: "Leia", path: "rank", value: "veteran <b>" }]);
    expect(stand.recorded.progress[0].updates.at(-1)?.message).toContain(`"unreadable":"1"`);
    const content = String(stand.recorded.messagesCreated[0].data.content);
    expect(content).toContain("@UUID[Actor.a2]{Leia}");
    expect(content).toContain("veteran &lt;b&gt;"); // escaped
    expect(content).not.toContain("veteran <b>");
  });
});

describe("when the world migration does nothing", () => {
  it("a player (not a GM) migrates nothing and stores nothing", async () => {
    await boot({ "omnibus.dataVersion": { d6: 2, wfrp: 1 } });
    const world = installWorld();
    stand.setUser("player");
    expect(await migrations.migrateWorldIfNeeded()).toBeNull();
    expect(written(world)).toEqual([]);
    expect(stand.recorded.settingsValues.get("omnibus.dataVersion")).toEqual({ d6: 2, wfrp: 1 });
  });

  it("a GM who is not the active GM migrates nothing", async () => {
    await boot({ "omnibus.dataVersion": { d6: 2, wfrp: 1 } });
    const world = installWorld();
    stand.makeUser("gm2", true);
    stand.setUser("gm2");
    expect(await migrations.migrateWorldIfNeeded()).toBeNull();
    expect(written(world)).toEqual([]);
  });

  it("a new world (nothing recorded, no documents) only records the current versions", async () => {
    await boot({});
    Object.assign(g(), {
      data: { actors: [], items: [], scenes: [] },
      actors: new StandInCollection(),
      items: new StandInCollection(),
      scenes: new StandInCollection(),
      packs: [],
    });
    expect(await migrations.migrateWorldIfNeeded()).toBeNull();
    expect(stand.recorded.settingsValues.get("omnibus.dataVersion")).toEqual({ d6: 3, wfrp: 1 });
    expect(stand.recorded.progress).toEqual([]);
    expect(contexts).toEqual([]);
  });

  it("a world already at the current versions is left alone", async () => {
    await boot({ "omnibus.dataVersion": { d6: 3, wfrp: 1 } });
    const world = installWorld();
    expect(await migrations.migrateWorldIfNeeded()).toBeNull();
    expect(written(world)).toEqual([]);
    expect(stand.recorded.progress).toEqual([]);
  });
});

describe("a world with documents but no recorded version", () => {
  it("migrates from version 0 (every step applies)", async () => {
    await boot({});
    const world = installWorld();
    vi.spyOn(console, "error").mockImplementation(() => {});
    await migrations.migrateWorldIfNeeded();
    vi.mocked(console.error).mockRestore();
    expect(new Set(contexts.map((c) => c.fromVersion))).toEqual(new Set([0]));
    expect(world.docs.a1.updates).toEqual([{ system: { health: { value: 3, max: 5 }, description: "smuggler" } }]);
    // wfrp had no recorded version either: its model runs (and changes a3)
    expect(world.docs.a3.updates).toEqual([{ system: { wounds: 2, touched: true } }]);
    expect(stand.recorded.settingsValues.get("omnibus.dataVersion")).toEqual({ d6: 3, wfrp: 1 });
  });
});

describe("sameData and pendingMigrations", () => {
  it("compares nested data regardless of key order", async () => {
    await boot({});
    expect(migrations.sameData({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(migrations.sameData({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(migrations.sameData({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(migrations.sameData({ a: "1" }, { a: 1 })).toBe(false);
  });

  it("lists the rulesets below their version, from the recorded one", async () => {
    await boot({});
    expect([...migrations.pendingMigrations({ d6: 1 }, { d6: 3, storytelling: 1, wfrp: 1, silhouette: 2 })]).toEqual([
      ["d6", 1],
      ["storytelling", 0],
      ["wfrp", 0],
      ["silhouette", 0],
    ]);
    expect(migrations.pendingMigrations({ d6: 3 }, { d6: 3 } as never).size).toBe(0);
  });
});
