// @vitest-environment happy-dom
/**
 * The in-world self-test (src/foundry/self-test.ts), run in CI against the stand-ins for each
 * ruleset: the same steps a GM runs with `game.omnibus.selfTest()` or Quench. Only a run inside
 * Foundry proves the Foundry side; this proves the batch itself (its steps, its clean-up, its report).
 */
import { describe, expect, it, vi } from "vitest";
import { installFoundryStandIns, type StandIns } from "../support/foundry-stand-ins";
import { installDataFieldStandIns, prepareModel } from "../support/data-fields";

/* eslint-disable @typescript-eslint/no-explicit-any */
interface Made {
  scenes: any[];
  created: string[];
  deleted: string[];
  rendered: string[];
  closed: string[];
}

/**
 * Document creation as the public API describes it, for the few classes the self-test creates:
 * `Document.create(data)` resolves with the new document (its `system` the type's data model),
 * `delete()`, `sheet.render({force})` / `close()`, `Combat#createEmbeddedDocuments("Combatant")`
 * and `Combat#rollAll()` ("roll initiative for all combatants which have not already rolled",
 * through `rollInitiative`, which each combatant's `getInitiativeRoll` feeds).
 */
function documentCreation(stand: StandIns, made: Made, failOn: string | null = null) {
  const g = globalThis as any;
  let n = 0;
  const base = (kind: string, data: Record<string, any>) => {
    const id = `${kind.toLowerCase()}${++n}`;
    const doc: any = {
      id,
      uuid: `${kind}.${id}`,
      name: data.name ?? null,
      type: data.type,
      img: data.img ?? "icons/svg/mystery-man.svg",
      folder: data.folder ?? null,
      flags: {},
      isOwner: true,
      statuses: new Set(),
      async delete() {
        made.deleted.push(this.uuid);
        stand.documents.delete(this.uuid);
      },
      testUserPermission: () => true,
      getActiveTokens: () => [],
      async update() {
        return this;
      },
      async toggleStatusEffect(status: string, { active }: { active: boolean }) {
        if (active) this.statuses.add(status);
        else this.statuses.delete(status);
      },
    };
    doc.sheet = {
      render: async () => {
        if (failOn === `render:${doc.type}`) throw new Error(`cannot render ${doc.type}`);
        made.rendered.push(doc.uuid);
      },
      close: async () => void made.closed.push(doc.uuid),
    };
    made.created.push(doc.uuid);
    stand.documents.set(doc.uuid, doc);
    return doc;
  };
  /**
   * `Actor.create` / `Item.create`: `system` is the type's data model, prepared (base, then derived
   * data); `update(changes)` writes the dotted paths into the source and prepares again, as
   * Foundry does; an actor's `items` in the creation data become its embedded items.
   */
  const withSystem = (kind: "Actor" | "Item") => {
    const make = (data: Record<string, any>, parent: any = null) => {
      const doc = parent
        ? ({ id: `item${++n}`, name: data.name, type: data.type, img: "", flags: {}, isOwner: true, statuses: new Set() } as any)
        : base(kind, data);
      if (parent) {
        doc.uuid = `${parent.uuid}.Item.${doc.id}`;
        doc.parent = parent;
        stand.documents.set(doc.uuid, doc);
      }
      const Model = g.CONFIG[parent ? "Item" : kind].dataModels[data.type];
      const source = structuredClone(data.system ?? {});
      const prepare = () => (doc.system = prepareModel(new Model(structuredClone(source), { parent: doc })));
      prepare();
      doc.update = async (changes: Record<string, unknown>) => {
        if (failOn === `update:${doc.uuid.split(".")[0]}`) return doc; // a document that silently ignores updates
        for (const [path, value] of Object.entries(changes)) {
          if (!path.startsWith("system.")) continue;
          const parts = path.slice("system.".length).split(".");
          let node = source;
          for (const part of parts.slice(0, -1)) node = node[part] ??= {};
          node[parts.at(-1)!] = structuredClone(value);
        }
        prepare();
        return doc;
      };
      if (!parent && kind === "Actor") {
        const items: any[] = (data.items ?? []).map((i: Record<string, any>) => make(i, doc));
        doc.items = Object.assign(items, {
          contents: items,
          get: (id: string) => items.find((i) => i.id === id),
          filter: items.filter.bind(items),
        });
      }
      return doc;
    };
    return async (data: Record<string, any>) => make(data);
  };
  g.Folder = { create: async (data: Record<string, any>) => base("Folder", data) };
  g.Actor.create = withSystem("Actor");
  g.Item.create = withSystem("Item");
  // `Scene.create`, and its `createEmbeddedDocuments("Token")` (deleted with the scene).
  g.Scene = {
    create: async (data: Record<string, any>) => {
      const scene = base("Scene", data);
      Object.assign(scene, {
        active: data.active,
        navigation: data.navigation,
        ownership: data.ownership,
        grid: data.grid,
        tokens: [] as any[],
      });
      scene.createEmbeddedDocuments = async (_type: string, list: Array<Record<string, any>>) =>
        list.map((t, i) => {
          const token = { id: `t${i + 1}`, uuid: `${scene.uuid}.Token.t${i + 1}`, ...t, actor: stand.documents.get(`Actor.${t.actorId}`) };
          scene.tokens.push(token);
          return token;
        });
      made.scenes.push(scene);
      return scene;
    },
  };
  g.Combat = {
    create: async () => {
      const doc = base("Combat", {});
      const Cls = g.CONFIG.Combat.documentClass;
      const combat = Object.assign(new Cls(), doc, { combatants: [] as any[] });
      combat.createEmbeddedDocuments = async (_type: string, list: Array<Record<string, any>>) => {
        for (const c of list) {
          const Combatant = g.CONFIG.Combatant.documentClass;
          const actor = stand.documents.get(`Actor.${c.actorId}`) as any;
          const combatant = Object.assign(new Combatant(), {
            id: `c${combat.combatants.length + 1}`,
            uuid: `${combat.uuid}.Combatant.c${combat.combatants.length + 1}`,
            name: c.name,
            actor,
            token: null,
            initiative: null,
            flags: {},
            isOwner: true,
            updates: [] as unknown[],
          });
          combatant.update = async (u: Record<string, unknown>) => Object.assign(combatant, u);
          stand.documents.set(combatant.uuid, combatant);
          combat.combatants.push(combatant);
        }
      };
      combat.updateEmbeddedDocuments = async (_type: string, list: Array<Record<string, any>>) => {
        for (const u of list)
          Object.assign(
            combat.combatants.find((c: any) => c.id === u._id),
            { initiative: u.initiative },
          );
      };
      combat.rollAll = async () => combat.rollInitiative(combat.combatants.filter((c: any) => c.initiative === null).map((c: any) => c.id));
      stand.documents.set(combat.uuid, combat);
      return combat;
    },
  };
  // Core's Combat#rollInitiative, as documented: each combatant's initiative roll, evaluated, its total set.
  g.CONFIG.Combat.documentClass.prototype.rollInitiative = async function (this: any, ids: string[]) {
    for (const id of ids) {
      const c = this.combatants.find((x: any) => x.id === id);
      const roll = c.getInitiativeRoll();
      await roll.evaluate();
      c.initiative = roll.total ?? roll._total;
    }
    return this;
  };
}

async function boot(ruleset: string, failOn: string | null = null) {
  vi.resetModules();
  const stand = installFoundryStandIns({ settings: { "omnibus.ruleset": ruleset, "omnibus.rollDialog": false } });
  installDataFieldStandIns();
  const gm = stand.makeUser("gm", true);
  stand.setUser("gm");
  stand.setActiveGM("gm");
  (globalThis as any).game.users[Symbol.iterator] = function* () {
    yield gm;
  };
  (globalThis as any).game.time = { worldTime: 0 };
  const made: Made = { scenes: [], created: [], deleted: [], rendered: [], closed: [] };
  documentCreation(stand, made, failOn);
  const system = await import("../../src/foundry/system");
  const adapters = await Promise.all([
    import("../../src/foundry/d6/adapter").then((m) => m.d6Adapter),
    import("../../src/foundry/storytelling/adapter").then((m) => m.storytellingAdapter),
    import("../../src/foundry/wfrp/adapter").then((m) => m.wfrpAdapter),
    import("../../src/foundry/silhouette/adapter").then((m) => m.silhouetteAdapter),
  ]);
  system.installOmnibus(adapters);
  await stand.fire("init");
  await stand.fire("setup");
  // Plenty of middling faces (3 is a face of every die, and never explodes or re-rolls); for the
  // Storytelling pool an 8, the lowest success (a 3 would make every attack miss).
  stand.queueFaces(...Array.from({ length: 500 }, () => (ruleset === "storytelling" ? 8 : 3)));
  const selfTest = await import("../../src/foundry/self-test");
  const adapter = adapters.find((a) => a.id === ruleset)!;
  return { stand, made, selfTest, adapter };
}

describe("the self-test batch, against the stand-ins", () => {
  it.each(["d6", "storytelling", "wfrp", "silhouette"])(
    "%s: every step passes, everything it created is deleted, the GM gets the report",
    async (ruleset) => {
      const { stand, made, adapter, selfTest } = await boot(ruleset);
      const results = await (globalThis as any).game.omnibus.selfTest();
      const failed = results.filter((r: any) => r.status === "failed");
      expect(failed).toEqual([]);
      const pending = results.filter((r: any) => r.status === "pending").map((r: any) => r.step);
      expect(pending).toEqual(selfTest.ATTACK_SCRIPTS[ruleset] ? [] : [selfTest.ATTACK_STEP]);
      const types = [...Object.keys(adapter.actorTypes), ...Object.keys(adapter.itemTypes)];
      expect(made.rendered).toHaveLength(types.length);
      expect(made.closed).toEqual(made.rendered);
      // Everything created is deleted, newest first (the scene and its tokens too); the posted cards too; the report stays.
      expect([...made.deleted].sort()).toEqual([...made.created].sort());
      const report = stand.messages.at(-1)!;
      expect(stand.messages.slice(0, -1).filter((m) => !m.deleted)).toEqual([]);
      expect(report.deleted).toBe(false);
      expect(report.whisper).toEqual(["gm"]);
      expect(String(report.content)).toMatch(new RegExp(`0 failed, ${pending.length} pending`));
      expect(stand.messages.length).toBeGreaterThan(1); // at least one check card was posted
    },
  );

  it.each(["d6", "storytelling", "wfrp", "silhouette"])(
    "%s: the attack chain runs on a GM-only inactive scene with two hidden tokens; the target's health changes on apply and is back after undo",
    async (ruleset) => {
      const { stand, made, selfTest } = await boot(ruleset);
      const record = await import("../../src/foundry/chat/record");
      const results = await (globalThis as any).game.omnibus.selfTest();
      expect(results.find((r: any) => r.step === selfTest.ATTACK_STEP)).toEqual({ step: selfTest.ATTACK_STEP, status: "passed" });
      expect(made.scenes).toHaveLength(1);
      const scene = made.scenes[0];
      expect(scene).toMatchObject({ active: false, navigation: false, ownership: { default: 0 } });
      expect(scene.tokens.map((t: any) => t.hidden)).toEqual([true, true]);
      expect(made.deleted).toContain(scene.uuid);
      // The apply and the undo went through the card layer: a mark on the damage card, done then undone by the GM.
      const apply = { d6: "d6ApplyDamage", storytelling: "applyDamage", wfrp: "applyDamage", silhouette: "applyDamage" }[ruleset];
      const marks = stand.messages.flatMap((m) => Object.values(record.recordOf(m.id)?.marks ?? {})).filter((k) => k.action === apply);
      expect(marks).toHaveLength(1);
      const mark = marks[0];
      expect(mark).toMatchObject({ status: "undone", by: "gm", undoneBy: "gm" });
      const change = mark.changes[0];
      expect(change.uuid).toBe(scene.tokens[1].actor.uuid);
      const victim = scene.tokens[1].actor;
      expect(change.before).not.toEqual(change.after);
      expect(
        Object.entries(change.before).every(
          ([path, value]) => JSON.stringify(path.split(".").reduce((n: any, k) => n?.[k], victim)) === JSON.stringify(value),
        ),
      ).toBe(true);
      if (ruleset === "d6") {
        // 5D (all threes: 15) against Strength 1D (3): 12 over, incapacitated (R&E damage table: 9–12), from healthy.
        expect(change.before).toEqual({ "system.woundLevel": "healthy" });
        expect(change.after).toEqual({ "system.woundLevel": "incapacitated" });
      }
      // Every card of the chain was whispered to the GM (the chat's mode set to GM rolls for the run, and put back).
      expect(stand.recorded.settingsValues.get(stand.generation >= 14 ? "core.messageMode" : "core.rollMode")).toBe(
        stand.generation >= 14 ? "public" : "publicroll",
      );
      // WFRP and Silhouette defend with a roll of the defender's: a response the GM recorded as an amendment of the attack card.
      const defence = { wfrp: "recordDefence", silhouette: "recordDefense" }[ruleset as "wfrp"];
      if (defence) {
        const response = stand.messages.find((m) => (m.flags as any).omnibus?.response?.action === defence)!;
        expect(record.recordOf((response.flags as any).omnibus.response.to)!.amendments[0]).toMatchObject({ action: defence, by: "gm" });
      }
      // Every message the run posted — cards, the defender's responses, the report — was whispered to the GM alone.
      const responses = stand.messages.filter((m) => (m.flags as any).omnibus?.response);
      if (defence) expect(responses.length).toBeGreaterThan(0);
      expect(
        stand.messages.filter((m) => !(m.whisper.length > 0 && m.whisper.every((id) => id === "gm"))).map((m) => m.content.slice(0, 80)),
      ).toEqual([]);
    },
  );

  it.each([
    ["d6", ["attribute", "skill", "movement", "forcepower"]],
    ["storytelling", ["pool", "consciousness", "extended"]],
    ["wfrp", ["characteristic", "skill", "extended"]],
    ["silhouette", ["skill", "jump", "climb", "fall", "chase"]],
  ])("%s: a check of every kind the sheets roll, each posting its own whispered card", async (ruleset, kinds) => {
    const { stand, adapter } = await boot(ruleset);
    const built: string[] = [];
    const open: string[] = [];
    const roll = adapter.checks!.roll.bind(adapter.checks);
    adapter.checks!.roll = async (request: any, values: any, options: any) => {
      built.push(request.kind);
      const before = stand.messages.length;
      const posted = await roll(request, values, options);
      for (const m of stand.messages.slice(before)) if (!m.whisper.includes("gm")) open.push(request.kind);
      return posted;
    };
    const results = await (globalThis as any).game.omnibus.selfTest();
    expect(results.filter((r: any) => r.status === "failed")).toEqual([]);
    for (const kind of kinds) expect(results.find((r: any) => r.step.startsWith(`${kind} check`))).toMatchObject({ status: "passed" });
    expect(built.length).toBeGreaterThanOrEqual(kinds.length);
    expect(open).toEqual([]);
  });

  it("a check that posts no card is reported as failed, with the kind", async () => {
    const { adapter } = await boot("wfrp");
    const roll = adapter.checks!.roll.bind(adapter.checks);
    adapter.checks!.roll = async (request: any, values: any, options: any) =>
      request.kind === "skill" ? null : roll(request, values, options);
    const results = await (globalThis as any).game.omnibus.selfTest();
    expect(results.find((r: any) => r.step.startsWith("skill check"))).toEqual({
      step: "skill check, dialog skipped, card whispered to the GM",
      status: "failed",
      error: "the skill check posted no card",
    });
    expect(results.find((r: any) => r.step.startsWith("characteristic check"))).toMatchObject({ status: "passed" });
  });

  it("a damage that never reaches the target's health fails the attack step (after every attempt), and clean-up still deletes everything", async () => {
    const { made, selfTest } = await boot("d6", "update:Actor");
    const results = await (globalThis as any).game.omnibus.selfTest();
    expect(results.find((r: any) => r.step === selfTest.ATTACK_STEP)).toEqual({
      step: selfTest.ATTACK_STEP,
      status: "failed",
      error: expect.stringMatching(/no attack changed the target's health in 5 attempts/),
    });
    expect(made.created.every((uuid) => made.deleted.includes(uuid))).toBe(true);
  });

  it("a failing step is reported with its error, and clean-up still deletes everything", async () => {
    const { made } = await boot("d6", "render:d6_npc");
    const results = await (globalThis as any).game.omnibus.selfTest();
    expect(results.find((r: any) => r.status === "failed")).toEqual({
      step: "render and close the d6_npc sheet",
      status: "failed",
      error: "cannot render d6_npc",
    });
    expect(made.created.every((uuid) => made.deleted.includes(uuid))).toBe(true);
  });

  it("only a GM runs it", async () => {
    const { stand } = await boot("d6");
    stand.setUser("player");
    await expect((globalThis as any).game.omnibus.selfTest()).rejects.toThrow(/GM/);
  });

  it("the Quench batch: one test per step, registered at quenchReady, run once before them", async () => {
    const { stand, selfTest, adapter } = await boot("storytelling");
    const batches: Array<{ key: string; fn: (c: any) => void; options: any }> = [];
    await stand.fire("quenchReady", {
      registerBatch: (key: string, fn: (c: any) => void, options: any) => batches.push({ key, fn, options }),
    });
    expect(batches.map((b) => b.key)).toEqual(["omnibus.selfTest"]);
    const tests: Array<{ name: string; fn: (this: { skip(): void }) => unknown }> = [];
    let before: () => Promise<unknown> = async () => undefined;
    batches[0].fn({
      describe: (_n: string, fn: () => void) => fn(),
      it: (name: string, fn: any) => tests.push({ name, fn }),
      before: (fn: any) => (before = fn),
      assert: {
        fail: (m: string) => {
          throw new Error(m);
        },
        ok: (v: unknown, m?: string) => {
          if (!v) throw new Error(m ?? "not ok");
        },
      },
    });
    expect(tests.map((t) => t.name)).toEqual([
      ...selfTest.selfTestSteps(adapter).map((s: { name: string }) => s.name),
      "delete everything the self-test created",
    ]);
    await before();
    let skipped = 0;
    for (const t of tests) t.fn.call({ skip: () => void skipped++ });
    expect(skipped).toBe(tests.filter((t) => t.name === selfTest.ATTACK_STEP && !selfTest.ATTACK_SCRIPTS[adapter.id]).length);
  });
});
