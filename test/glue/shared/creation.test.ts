// Guided creation (issue 16) against the Foundry stand-ins: Finish refused while a rule is broken
// and allowed for a legal character; WFRP's random rolls made on the GM (never taken from the
// player), written to the character and recorded in a GM-only setting; the keeping bonus granted
// only for an untouched first roll; the window's template rendered with real Handlebars (en, ru).
// @vitest-environment happy-dom
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import { installFoundryStandIns, type StandIns } from "../../support/foundry-stand-ins";
import { createHarness, readLanguage } from "../../support/handlebars";

/* eslint-disable @typescript-eslint/no-explicit-any */
let stand: StandIns;
let creation: typeof import("../../../src/foundry/creation");
let cctx: typeof import("../../../src/foundry/creation-context");
let bt: typeof import("../../../src/rules/breach-text");

const ROOT = join(import.meta.dirname, "../../../packs/_source");
const premade = (pack: string, type: string) =>
  readdirSync(join(ROOT, pack))
    .filter((f) => f.endsWith(".yml"))
    .map((f) => parse(readFileSync(join(ROOT, pack, f), "utf8")))
    .find((d) => d.type === type);

beforeEach(async () => {
  vi.resetModules();
  stand = installFoundryStandIns({ settings: { "omnibus.ruleset": "wfrp", "omnibus.rulesetChosen": true } });
  stand.makeUser("gm", true);
  stand.makeUser("p1", false);
  stand.setActiveGM("gm");
  const system = await import("../../../src/foundry/system");
  const wfrp = await import("../../../src/foundry/wfrp/adapter");
  system.installOmnibus([wfrp.wfrpAdapter]);
  await stand.fire("init");
  creation = await import("../../../src/foundry/creation");
  cctx = await import("../../../src/foundry/creation-context");
  bt = await import("../../../src/rules/breach-text");
});

/** An actor over plain data (dotted-path updates), owned by `owner`; owner-or-GM writes only. */
function actor(id: string, doc: any, owner = "p1") {
  const data = structuredClone({ type: doc.type, system: doc.system, items: doc.items ?? [], flags: {} as any });
  const set = (obj: any, path: string, value: unknown) => {
    const parts = path.split(".");
    let node = obj;
    for (const p of parts.slice(0, -1)) node = node[p] ??= {};
    node[parts[parts.length - 1]] = structuredClone(value);
  };
  const a = {
    id,
    uuid: `Actor.${id}`,
    name: doc.name ?? id,
    type: doc.type,
    data,
    get isOwner() {
      const u = (globalThis as any).game.user;
      return Boolean(u?.isGM || u?.id === owner);
    },
    get system() {
      return data.system;
    },
    get flags() {
      return data.flags;
    },
    testUserPermission: (u: any) => Boolean(u?.isGM || u?.id === owner),
    updates: [] as unknown[],
    toObject: () => structuredClone(data),
    async update(patch: Record<string, unknown>) {
      if (!a.isOwner) throw new Error("not the owner");
      a.updates.push(patch);
      for (const [k, v] of Object.entries(patch)) set(data, k, v);
    },
    async updateEmbeddedDocuments() {},
  };
  stand.documents.set(a.uuid, a);
  return a;
}

describe("Finish", () => {
  it("refused while a rule is broken (a d6 character with 7 Character Points; R&E gives 5): nothing written", async () => {
    const doc = premade("d6-characters", "d6_character");
    doc.system.characterPoints = 7;
    const a = actor("d", doc);
    stand.setUser("p1");
    expect(await creation.finishCreation(a as never)).toBe(false);
    expect(a.updates).toEqual([]);
    expect(stand.recorded.notifications.at(-1)?.message).toBe('OMNIBUS.Creation.Refused {"count":"1","error":""}');
  });
  it("a legal premade is finished (the flag set) by its owner; another player may not", async () => {
    const a = actor("s", premade("storytelling-characters", "storytelling_character"));
    stand.setUser("gm");
    stand.makeUser("p2", false);
    stand.setUser("p2");
    expect(await creation.finishCreation(a as never)).toBe(false);
    stand.setUser("p1");
    expect(await creation.finishCreation(a as never)).toBe(true);
    expect(a.data.flags.omnibus.creation.finished).toMatch(/^\d{4}-/);
  });
  it("a mark a player's client writes without the window is checked by the GM: an illegal character is unmarked, a legal one kept", async () => {
    const doc = premade("d6-characters", "d6_character");
    doc.system.characterPoints = 7;
    const bad = actor("d", doc);
    const good = actor("s", premade("storytelling-characters", "storytelling_character"));
    stand.setUser("p1");
    for (const a of [bad, good]) await a.update({ "flags.omnibus.creation.finished": "2026-12-03T00:00:00.000Z" });
    stand.setUser("gm");
    await stand.fire("updateActor", bad, { flags: { omnibus: { creation: { finished: "2026-12-03T00:00:00.000Z" } } } }, {}, "p1");
    await stand.fire("updateActor", good, { "flags.omnibus.creation.finished": "2026-12-03T00:00:00.000Z" }, {}, "p1");
    expect(bad.data.flags.omnibus.creation.finished).toBeNull();
    expect(stand.recorded.notifications.at(-1)?.message).toMatch(/^OMNIBUS\.Creation\.Unmarked /);
    expect(good.data.flags.omnibus.creation.finished).toMatch(/^2026-/);
    // A GM's own mark is the GM's call.
    await bad.update({ "flags.omnibus.creation.finished": "2026-12-03T00:00:00.000Z" });
    await stand.fire("updateActor", bad, { "flags.omnibus.creation.finished": "2026-12-03T00:00:00.000Z" }, {}, "gm");
    expect(bad.data.flags.omnibus.creation.finished).toMatch(/^2026-/);
  });
});

describe("WFRP random rolls on the GM", () => {
  const blank = () => ({
    name: "Hans",
    type: "wfrp_character",
    system: {
      species: "Human",
      career: "",
      characteristics: Object.fromEntries(
        ["ws", "bs", "s", "t", "i", "ag", "dex", "int", "wp", "fel"].map((c) => [c, { initial: 0, advances: 0, modifier: 0 }]),
      ),
      experience: { total: 0, spent: 0 },
      ledger: [],
    },
    items: [],
  });
  const ctx = (a: any, user: string, messageId: string, kind = "characteristics") => ({
    message: { id: messageId } as any,
    user: stand.users.get(user) as any,
    target: null,
    authorId: user,
    state: { creationRoll: { kind, actorUuid: a.uuid } },
  });
  const plan = (name: string, c: any) => stand.asUser("gm", () => (creation.WFRP_CREATION_ACTIONS[name].plan as any)(c));

  it("WFRP 4e core, Species table (2d10 + 20 for a Human): the GM rolls 20 d10, posts them and records the faces", async () => {
    const a = actor("h", blank());
    const faces = [3, 9, 1, 1, 2, 2, 5, 5, 10, 10, 4, 6, 7, 3, 8, 8, 1, 2, 6, 6];
    stand.queueFaces(...faces);
    const before = stand.messages.length;
    const r: any = await plan("wfrpCreationRoll", ctx(a, "p1", "m1"));
    expect(r.changes[0].update["system.characteristics.ws.initial"]).toBe(32);
    expect(r.changes[0].update["system.characteristics.s.initial"]).toBe(24);
    expect(r.changes[0].update["system.characteristics.t.initial"]).toBe(30);
    expect(r.changes[0].update["system.characteristics.fel.initial"]).toBe(32);
    expect(stand.messages.length).toBe(before + 1);
    expect(stand.facesLeft).toEqual([]);
    const recorded = creation.creationRollsOf(a.uuid).characteristics!;
    expect(recorded).toMatchObject({ faces, species: "human", reroll: false, kept: false, messageId: "m1" });
  });
  it("a player who does not own the character cannot have it rolled; an unknown species is refused", async () => {
    stand.makeUser("p2", false);
    const a = actor("h", blank());
    await expect(plan("wfrpCreationRoll", ctx(a, "p2", "m1"))).rejects.toThrow(/owner/);
    const b = actor("o", { ...blank(), system: { ...blank().system, species: "Ogre" } });
    await expect(plan("wfrpCreationRoll", ctx(b, "p1", "m2"))).rejects.toThrow(/species/);
  });
  it("keeping the first roll as rolled: +50 XP once, re-derived from the recorded faces; a changed value or a re-roll earns nothing", async () => {
    const a = actor("h", blank());
    stand.queueFaces(...Array(20).fill(5));
    const r: any = await plan("wfrpCreationRoll", ctx(a, "p1", "m1"));
    await stand.asUser("gm", () => a.update(r.changes[0].update));
    // The player edits BS after the roll: no bonus.
    await stand.asUser("p1", () => a.update({ "system.characteristics.bs.initial": 40 }));
    await expect(plan("wfrpCreationKeep", ctx(a, "p1", "m1"))).rejects.toThrow(/no longer as rolled/);
    await stand.asUser("p1", () => a.update({ "system.characteristics.bs.initial": 30 }));
    const k: any = await plan("wfrpCreationKeep", ctx(a, "p1", "m1"));
    expect(k.changes[0].update["system.experience.total"]).toBe(50);
    expect(k.changes[0].update["system.ledger"][0]).toMatchObject({ type: "award", amount: 50 });
    await expect(plan("wfrpCreationKeep", ctx(a, "p1", "m1"))).rejects.toThrow(/already kept/);
    // A second character who re-rolls forfeits the bonus.
    const b = actor("b", blank());
    stand.queueFaces(...Array(40).fill(4));
    await plan("wfrpCreationRoll", ctx(b, "p1", "n1"));
    await plan("wfrpCreationRoll", ctx(b, "p1", "n2"));
    expect(creation.creationRollsOf(b.uuid).characteristics!.reroll).toBe(true);
    await expect(plan("wfrpCreationKeep", ctx(b, "p1", "n2"))).rejects.toThrow(/second roll/);
    // The older card is not the latest roll.
    await expect(plan("wfrpCreationKeep", ctx(b, "p1", "n1"))).rejects.toThrow(/latest roll/);
  });
  it("WFRP 4e core, chapter 2, Characteristics: the rolls rearranged earn +25 XP; a value not rolled is refused", async () => {
    const a = actor("r", blank());
    // WS rolls 2 (1+1), BS rolls 20 (10+10), the rest 10 (5+5); Human base 20 each.
    stand.queueFaces(1, 1, 10, 10, ...Array(16).fill(5));
    const r: any = await plan("wfrpCreationRoll", ctx(a, "p1", "m1"));
    await stand.asUser("gm", () => a.update(r.changes[0].update));
    const rearranged = (c: any) => ({ ...ctx(a, "p1", "m1"), target: "rearranged", ...c });
    // Swap WS and BS: WS 40, BS 22 — the same rolls.
    await stand.asUser("p1", () => a.update({ "system.characteristics.ws.initial": 40, "system.characteristics.bs.initial": 23 }));
    await expect(plan("wfrpCreationKeep", rearranged({}))).rejects.toThrow(/not the rolled results rearranged/);
    await stand.asUser("p1", () => a.update({ "system.characteristics.bs.initial": 22 }));
    await expect(plan("wfrpCreationKeep", ctx(a, "p1", "m1"))).rejects.toThrow(/no longer as rolled/);
    const k: any = await plan("wfrpCreationKeep", rearranged({}));
    expect(k.changes[0].update["system.experience.total"]).toBe(25);
    expect(creation.creationRollsOf(a.uuid).characteristics).toMatchObject({ kept: true, choice: "rearranged" });
    // Finish holds the kept choice against the stored values: a value moved off the rolls is refused.
    stand.setUser("p1");
    await a.update({ "system.characteristics.ws.initial": 41 });
    expect(await creation.finishCreation(a as never)).toBe(false);
    expect(stand.recorded.notifications.at(-1)?.message).toMatch(/OMNIBUS.Creation.(NotRearranged|Refused)/);
  });
  it("the record lives in a world setting only a GM may write", async () => {
    stand.setUser("p1");
    await expect((globalThis as any).game.settings.set("omnibus", creation.ROLLS_SETTING, { "Actor.h": {} })).rejects.toThrow();
  });
});

describe("the creation window's template", () => {
  for (const language of ["en", "ru"] as const) {
    it(`lists the broken rule in its step in the reader's language, Finish disabled (${language})`, () => {
      const doc = premade("d6-characters", "d6_character");
      doc.system.characterPoints = 7;
      const c = cctx.creationContext(
        { name: doc.name, type: doc.type, system: doc.system, items: doc.items, finished: false },
        bt.treeLocalizer(readLanguage(language)),
        { editable: true },
      );
      const root = document.createElement("div");
      root.innerHTML = createHarness({ language }).render("shared/creation.hbs", c);
      const step = root.querySelector('[data-step="points"]')!;
      expect(step.classList.contains("omnibus-step-broken")).toBe(true);
      expect(step.querySelector(".omnibus-creation-breaches")!.textContent!.trim()).toBe(
        language === "ru" ? "Очков персонажа: 7; у нового персонажа 5." : "7 Character Points; a new character has 5.",
      );
      expect(root.querySelector<HTMLButtonElement>('[data-action="finishCreation"]')!.disabled).toBe(true);
      expect(root.querySelector<HTMLInputElement>('input[name="system.characterPoints"]')!.value).toBe("7");
      expect(root.querySelectorAll('[data-step="skills"] [data-item-id]').length).toBeGreaterThan(0);
    });
  }
  it("a legal character can be finished", () => {
    const doc = premade("wfrp-characters", "wfrp_character");
    const c = cctx.creationContext(
      { name: doc.name, type: doc.type, system: doc.system, items: doc.items, finished: false },
      bt.treeLocalizer(readLanguage("en")),
      { editable: true, rolls: [] },
    );
    const root = document.createElement("div");
    root.innerHTML = createHarness().render("shared/creation.hbs", c);
    expect(root.querySelector<HTMLButtonElement>('[data-action="finishCreation"]')!.disabled).toBe(false);
  });
});
