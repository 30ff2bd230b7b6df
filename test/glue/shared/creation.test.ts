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
    async createEmbeddedDocuments(_name: string, docs: any[]) {
      if (!a.isOwner) throw new Error("not the owner");
      for (const d of docs) data.items.push({ _id: `i${data.items.length}`, ...structuredClone(d) });
    },
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

describe("WFRP random career on the GM (core rulebook, chapter 2, Random Career table)", () => {
  const human = (career = "") => ({
    name: "Hans",
    type: "wfrp_character",
    system: {
      species: "Human",
      career,
      characteristics: Object.fromEntries(
        ["ws", "bs", "s", "t", "i", "ag", "dex", "int", "wp", "fel"].map((c) => [c, { initial: 30, advances: 0, modifier: 0 }]),
      ),
      experience: { total: 0, spent: 0 },
      ledger: [],
    },
    items: [] as any[],
  });
  const ctx = (a: any, messageId: string, target: string | null = null, user = "p1") => ({
    message: { id: messageId } as any,
    user: stand.users.get(user) as any,
    target,
    authorId: user,
    state: { creationRoll: { kind: "career", actorUuid: a.uuid } },
  });
  const plan = (name: string, c: any) => stand.asUser("gm", () => (creation.WFRP_CREATION_ACTIONS[name].plan as any)(c));
  const apply = async (a: any, r: any) => {
    for (const ch of r.changes) await stand.asUser("gm", () => a.update(ch.update));
  };

  it("one d100 on the GM, posted as a Roll; kept as first rolled: +50 XP and the career the faces give (Human 22 = Rat Catcher)", async () => {
    const a = actor("h", human());
    stand.queueFaces(22);
    const before = stand.messages.length;
    const r: any = await plan("wfrpCreationRoll", ctx(a, "m1"));
    expect(r.changes).toEqual([]);
    expect(stand.messages.length).toBe(before + 1);
    expect(stand.messages.at(-1)!.rolls.length).toBe(1);
    expect(creation.creationRollsOf(a.uuid).career).toMatchObject({
      faces: [22],
      species: "human",
      careers: ["ratCatcher"],
      reroll: false,
    });
    // A forged claim: the faces give a Rat Catcher, not a Soldier.
    await expect(plan("wfrpCreationKeep", ctx(a, "m1", "firstRoll:soldier"))).rejects.toThrow(/do not give that career/);
    await expect(plan("wfrpCreationKeep", ctx(a, "m1", "soldier"))).rejects.toThrow(/which rolled career/);
    const k: any = await plan("wfrpCreationKeep", ctx(a, "m1", "firstRoll:ratCatcher"));
    expect(k.changes[0].update["system.experience.total"]).toBe(50);
    expect(k.changes[0].update["system.career"]).toBe("OMNIBUS.Creation.Career.ratCatcher");
    await apply(a, k);
    await expect(plan("wfrpCreationKeep", ctx(a, "m1", "firstRoll:ratCatcher"))).rejects.toThrow(/already kept/);
    await expect(plan("wfrpCreationRoll", ctx(a, "m2"))).rejects.toThrow(/already kept/);
  });
  it("three rolls and one chosen: +25 XP; no first-roll bonus after a second roll; a fourth roll and a career not rolled are refused", async () => {
    const a = actor("t", human());
    stand.queueFaces(22, 96, 60);
    await plan("wfrpCreationRoll", ctx(a, "m1"));
    await plan("wfrpCreationRoll", ctx(a, "m2"));
    await plan("wfrpCreationRoll", ctx(a, "m3"));
    expect(creation.creationRollsOf(a.uuid).career).toMatchObject({
      faces: [22, 96, 60],
      careers: ["ratCatcher", "soldier", "witchHunter"],
    });
    await expect(plan("wfrpCreationRoll", ctx(a, "m4"))).rejects.toThrow(/career rolls were made/);
    await expect(plan("wfrpCreationKeep", ctx(a, "m3", "firstRoll:ratCatcher"))).rejects.toThrow(/first roll's bonus is gone/);
    await expect(plan("wfrpCreationKeep", ctx(a, "m3", "ofThree:knight"))).rejects.toThrow(/do not give that career/);
    await expect(plan("wfrpCreationKeep", ctx(a, "m1", "ofThree:soldier"))).rejects.toThrow(/latest roll/);
    const k: any = await plan("wfrpCreationKeep", ctx(a, "m3", "ofThree:witchHunter"));
    expect(k.changes[0].update["system.experience.total"]).toBe(25);
    expect(k.changes[0].update["system.career"]).toBe("OMNIBUS.Creation.Career.witchHunter");
  });
  it("career dice stay with the species they were rolled for: a changed species cannot re-read them in another column", async () => {
    const a = actor("sp", human());
    stand.queueFaces(22);
    await plan("wfrpCreationRoll", ctx(a, "m1"));
    // Human 22 is a Rat Catcher; the same d100 in another column would be another career.
    await stand.asUser("gm", () => a.update({ "system.species": "Dwarf" }));
    await expect(plan("wfrpCreationKeep", ctx(a, "m1", "firstRoll:ratCatcher"))).rejects.toThrow(/another species/);
    await expect(plan("wfrpCreationRoll", ctx(a, "m2"))).rejects.toThrow(/another species/);
    expect(creation.rollOffers(a.uuid, "Dwarf", true).find((o) => o.kind === "career")!.choices).toEqual([]);
    expect(creation.creationRollsOf(a.uuid).career).toMatchObject({ faces: [22], species: "human" });
    await stand.asUser("gm", () => a.update({ "system.species": "Human" }));
    const k: any = await plan("wfrpCreationKeep", ctx(a, "m1", "firstRoll:ratCatcher"));
    expect(k.changes[0].update["system.experience.total"]).toBe(50);
  });
  it("the window offers the rolled careers with their bonus; picking freely needs no roll and earns nothing", async () => {
    const a = actor("w", human());
    stand.queueFaces(63, 97);
    await plan("wfrpCreationRoll", ctx(a, "m1"));
    const first = creation.rollOffers(a.uuid, "Human", true).find((o) => o.kind === "career")!;
    expect(first.choices).toEqual([
      { career: "huffer", choice: "firstRoll", label: "OMNIBUS.Creation.Career.huffer", bonus: "OMNIBUS.Creation.Bonus.careerFirst" },
    ]);
    expect(first.canRoll).toBe(true);
    await plan("wfrpCreationRoll", ctx(a, "m2"));
    const second = creation.rollOffers(a.uuid, "Human", true).find((o) => o.kind === "career")!;
    expect(second.choices!.map((c) => [c.career, c.choice])).toEqual([
      ["huffer", "ofThree"],
      ["soldier", "ofThree"],
    ]);
    // No roll recorded: nothing to take, no bonus; the career is typed in its step.
    expect(creation.rollOffers("Actor.none", "Human", true).find((o) => o.kind === "career")!.choices).toEqual([]);
  });
  it("a rolled career the first-level career table lacks is still taken; the creation check says it is not checked", async () => {
    const { validateWfrpCharacter } = await import("../../../src/rules/wfrp/creation");
    const a = actor("u", human());
    stand.queueFaces(63); // Human 63 = Huffer
    await plan("wfrpCreationRoll", ctx(a, "m1"));
    const k: any = await plan("wfrpCreationKeep", ctx(a, "m1", "firstRoll:huffer"));
    await apply(a, k);
    expect(a.data.system.career).toBe("OMNIBUS.Creation.Career.huffer");
    expect(validateWfrpCharacter({ ...a.toObject(), system: { ...a.data.system, career: "Huffer" } }).unchecked.join(" ")).toMatch(
      /career "Huffer" is not in the career table: career characteristics, skills, talents and trappings not checked/,
    );
  });
  it("a GM's table from the settings is rolled on; an unreadable one falls back to the book's, with a warning", async () => {
    const a = actor("g", human());
    const own = JSON.stringify([["soldier", 100, 100, 100, 100, 100]]);
    await stand.asUser("gm", () => (globalThis as any).game.settings.set("omnibus", `wfrp_${creation.RANDOM_CAREERS_SETTING}`, own));
    stand.queueFaces(22);
    await plan("wfrpCreationRoll", ctx(a, "m1"));
    expect(creation.creationRollsOf(a.uuid).career!.careers).toEqual(["soldier"]);
    const b = actor("b", human());
    const gap = JSON.stringify([["soldier", 50, 100, 100, 100, 100]]);
    await stand.asUser("gm", () => (globalThis as any).game.settings.set("omnibus", `wfrp_${creation.RANDOM_CAREERS_SETTING}`, gap));
    stand.queueFaces(22);
    await plan("wfrpCreationRoll", ctx(b, "n1"));
    expect(creation.creationRollsOf(b.uuid).career!.careers).toEqual(["ratCatcher"]);
    expect(stand.recorded.notifications.at(-1)?.message).toMatch(
      /OMNIBUS\.Creation\.CareerTable\.Unreadable .*human: the column ends at 50/,
    );
  });
});

describe("items from the compendiums by either name", () => {
  const packItems = (pack: string) =>
    readdirSync(join(ROOT, pack))
      .filter((f) => f.endsWith(".yml"))
      .map((f) => parse(readFileSync(join(ROOT, pack, f), "utf8")));
  beforeEach(() => {
    for (const id of creation.CREATION_ITEM_PACKS) {
      const docs = packItems(id);
      stand.documents.set(`pack:omnibus.${id}`, { getDocuments: async () => structuredClone(docs) } as never);
    }
  });
  const names = (a: any) => a.data.items.map((i: any) => i.name);

  it("a Human Rat Catcher named in English: species and career skills, Doomed and the career's trappings from the packs", async () => {
    const a = actor("r", { name: "Hans", type: "wfrp_character", system: { species: "Human", career: "Rat Catcher" }, items: [] });
    stand.setUser("p1");
    const added = await creation.addCreationItems(a as never);
    expect(names(a)).toEqual(
      expect.arrayContaining([
        "Doomed",
        "Sling",
        "Sack",
        "Small but Vicious Dog",
        "Melee (Basic)",
        "Language (Bretonnian)",
        "Stealth (Urban)",
      ]),
    );
    // "Savvy or Suave" is the player's choice, and the career's talents are one of four: none added.
    expect(names(a)).not.toContain("Savvy");
    expect(names(a)).not.toContain("Night Vision");
    const melee = a.data.items.find((i: any) => i.name === "Melee (Basic)");
    expect(melee).toMatchObject({ type: "wfrp_skill", system: { key: "melee", specialisation: "Basic" } });
    expect(melee.flags.omnibus.nameRu).toBe("Ближний бой (Basic)");
    // Again: nothing twice.
    expect(await creation.addCreationItems(a as never)).toBe(0);
    expect(a.data.items.length).toBe(added);
  });
  it("a Human Rat Catcher named in Russian, holding a Russian-named Doomed and sling: found by the Russian names, no duplicates", async () => {
    const held = [
      { _id: "d", name: "Обречённый", type: "wfrp_talent", system: {}, flags: { omnibus: { nameEn: "Doomed" } } },
      { _id: "s", name: "Праща", type: "wfrp_weapon", system: {}, flags: {} },
    ];
    const a = actor("q", { name: "Ганс", type: "wfrp_character", system: { species: "Человек", career: "Крысолов" }, items: held });
    stand.setUser("p1");
    await creation.addCreationItems(a as never);
    expect(names(a).filter((n: string) => n === "Doomed" || n === "Обречённый")).toEqual(["Обречённый"]);
    expect(names(a).filter((n: string) => n === "Sling" || n === "Праща")).toEqual(["Праща"]);
    expect(names(a)).toEqual(expect.arrayContaining(["Sack", "Small but Vicious Dog", "Animal Training (Dog)"]));
  });
  it("a wanted item named in Russian is found in the packs by its Russian name", async () => {
    const { itemsToAdd } = await import("../../../src/rules/wfrp/creation-items");
    const pack = packItems("wfrp-trappings");
    const { add, missing } = itemsToAdd(
      [
        { kind: "trapping", name: "Мешок" },
        { kind: "trapping", name: "Small but Vicious Dog" },
        { kind: "trapping", name: "Nothing Such" },
      ],
      [],
      pack,
    );
    expect(add.map((x) => x.from.name)).toEqual(["Sack", "Small but Vicious Dog"]);
    expect(missing.map((m) => m.name)).toEqual(["Nothing Such"]);
  });
  it("another player cannot add items to a character not theirs", async () => {
    stand.makeUser("p2", false);
    const a = actor("o", { name: "Hans", type: "wfrp_character", system: { species: "Human", career: "Soldier" }, items: [] });
    stand.setUser("p2");
    expect(await creation.addCreationItems(a as never)).toBe(0);
    expect(a.data.items).toEqual([]);
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
  it("offers each rolled career with its bonus, and the button that adds the given items (ru)", () => {
    const doc = premade("wfrp-characters", "wfrp_character");
    const rolls = [
      {
        kind: "career" as const,
        label: "OMNIBUS.Creation.Roll.careerAgain",
        result: "Крысолов, Солдат",
        canRoll: true,
        canKeep: false,
        kept: false,
        bonus: "OMNIBUS.Creation.Bonus.career",
        choices: [
          { career: "ratCatcher", choice: "ofThree" as const, label: "Крысолов", bonus: "OMNIBUS.Creation.Bonus.careerOfThree" },
          { career: "soldier", choice: "ofThree" as const, label: "Солдат", bonus: "OMNIBUS.Creation.Bonus.careerOfThree" },
        ],
      },
    ];
    const c = cctx.creationContext(
      { name: doc.name, type: doc.type, system: doc.system, items: doc.items, finished: false },
      bt.treeLocalizer(readLanguage("ru")),
      { editable: true, rolls },
    );
    const root = document.createElement("div");
    root.innerHTML = createHarness({ language: "ru" }).render("shared/creation.hbs", c);
    const buttons = [...root.querySelectorAll<HTMLButtonElement>('[data-kind="career"][data-action="creationKeep"]')];
    expect(buttons.map((b) => [b.dataset.choice, b.dataset.career, b.textContent!.trim()])).toEqual([
      ["ofThree", "ratCatcher", "Выбрать: Крысолов, +25 очков опыта"],
      ["ofThree", "soldier", "Выбрать: Солдат, +25 очков опыта"],
    ]);
    expect(root.querySelector('[data-action="creationItems"]')).not.toBeNull();
  });
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
