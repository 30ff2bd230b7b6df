// The party actor (issue 16) against the Foundry stand-ins: members join by a drop and leave, the GM
// awards experience to all (each or split), players may not, items are refused; the sheet's
// template rendered with real Handlebars in en and ru.
// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundryStandIns, StandInCollection, type StandIns } from "../../support/foundry-stand-ins";
import { createHarness } from "../../support/handlebars";

/* eslint-disable @typescript-eslint/no-explicit-any */
let stand: StandIns;
let party: typeof import("../../../src/foundry/party");
let ctx: typeof import("../../../src/foundry/party-context");

beforeEach(async () => {
  vi.resetModules();
  stand = installFoundryStandIns({ settings: { "omnibus.ruleset": "d6", "omnibus.rulesetChosen": true } });
  party = await import("../../../src/foundry/party");
  ctx = await import("../../../src/foundry/party-context");
});

/** A document over plain data that applies its updates (dotted paths) and checks owner-or-GM as Foundry does. */
function doc(id: string, type: string, system: Record<string, any>, isOwner = true) {
  const data = { type, system: structuredClone(system), items: [] as any[] };
  const set = (obj: any, path: string, value: unknown) => {
    const parts = path.split(".");
    let node = obj;
    for (const p of parts.slice(0, -1)) node = node[p] ??= {};
    node[parts[parts.length - 1]] = structuredClone(value);
  };
  return {
    id,
    uuid: `Actor.${id}`,
    name: `${id} name`,
    type,
    isOwner,
    data,
    img: "icons/svg/mystery-man.svg",
    get system() {
      return data.system;
    },
    items: { contents: [] as any[] },
    updates: [] as unknown[],
    toObject: () => structuredClone(data),
    async update(patch: Record<string, unknown>) {
      const user = (globalThis as any).game.user;
      if (!user?.isGM && !this.isOwner) throw new Error("not the owner");
      this.updates.push(patch);
      for (const [k, v] of Object.entries(patch)) set(data, k, v);
    },
    async updateEmbeddedDocuments() {},
  };
}

const hero = (id: string, cp = 5) =>
  doc(id, "d6_character", {
    characterPoints: cp,
    ledger: [],
    health: { value: 5, max: 5 },
    attributes: { dexterity: { dice: 3, pips: 0 } },
  });

function world(...actors: any[]) {
  (globalThis as any).game.actors = new StandInCollection(actors);
  for (const a of actors) stand.documents.set(a.uuid, a);
}

describe("members", () => {
  it("an actor dropped on the party's sheet joins; a vehicle, another ruleset's actor and a second drop are refused", async () => {
    const p = doc("p", "d6_party", { members: [], awardMode: "each" });
    const a = hero("a");
    const v = doc("v", "d6_vehicle", {});
    const w = doc("w", "wfrp_character", {});
    world(p, a, v, w);
    expect(party.partyDrop(p, null, { type: "Actor", uuid: a.uuid })).toBe(false);
    await vi.waitFor(() => expect(p.data.system.members).toEqual(["a"]));
    for (const other of [v, w, a]) expect(await party.addPartyMember(p as never, other)).toBe(false);
    expect(p.data.system.members).toEqual(["a"]);
    expect(stand.recorded.notifications.map((n: any) => n.message.split(" ")[0])).toEqual([
      "OMNIBUS.Party.Refused.notAMemberType",
      "OMNIBUS.Party.Refused.notAMemberType",
      "OMNIBUS.Party.Refused.alreadyMember",
    ]);
  });
  it("an item dropped on a party is refused and nothing is created; drops on other actors are left alone", () => {
    const p = doc("p", "d6_party", { members: [] });
    expect(party.partyDrop(p, null, { type: "Item", uuid: "Item.x" })).toBe(false);
    expect(party.partyDrop(hero("a"), null, { type: "Item", uuid: "Item.x" })).toBeUndefined();
  });
  it("a member leaves; a player who does not own the party can change nothing", async () => {
    const p = doc("p", "d6_party", { members: ["a", "b"] });
    expect(await party.removePartyMember(p as never, "a")).toBe(true);
    expect(p.data.system.members).toEqual(["b"]);
    const theirs = doc("q", "d6_party", { members: ["a"] }, false);
    expect(await party.removePartyMember(theirs as never, "a")).toBe(false);
    expect(await party.addPartyMember(theirs as never, hero("c"))).toBe(false);
    expect(theirs.updates).toEqual([]);
  });
});

describe("the GM's award to the party", () => {
  it("each member gets the amount with one ledger entry; a player may not award", async () => {
    const a = hero("a", 0);
    const b = hero("b", 0);
    const p = doc("p", "d6_party", { members: ["a", "b", "gone"] });
    world(p, a, b);
    expect(await party.awardParty(p as never, 5, "Session 4", "each")).toBe(0);
    expect(a.updates).toEqual([]);
    stand.makeUser("gm", true);
    stand.setUser("gm");
    expect(await party.awardParty(p as never, 5, "Session 4", "each")).toBe(2);
    expect(a.data.system.characterPoints).toBe(5);
    expect(b.data.system.ledger[0]).toMatchObject({ type: "award", amount: 5, reason: "Session 4" });
  });
  it("split: 10 between 3 members is 3 each and the GM is told 1 was not awarded", async () => {
    const ms = ["a", "b", "c"].map((id) => hero(id, 0));
    const p = doc("p", "d6_party", { members: ["a", "b", "c"] });
    world(p, ...ms);
    stand.makeUser("gm", true);
    stand.setUser("gm");
    const n = await party.awardParty(p as never, 10, "Boss", "split");
    expect(n).toBe(3);
    expect(ms.map((m) => m.data.system.characterPoints)).toEqual([3, 3, 3]);
    expect(stand.recorded.notifications.some((n: any) => n.message === 'OMNIBUS.Party.SplitRemainder {"each":"3","remainder":"1"}')).toBe(
      true,
    );
    // Too little to split in whole points: nothing is awarded.
    expect(await party.awardParty(p as never, 2, "Boss", "split")).toBe(0);
    expect(ms.map((m) => m.data.system.ledger.length)).toEqual([1, 1, 1]);
  });
  it("an empty party or a bad amount awards nothing", async () => {
    stand.makeUser("gm", true);
    stand.setUser("gm");
    const p = doc("p", "d6_party", { members: [] });
    world(p);
    expect(await party.awardParty(p as never, 5, "", "each")).toBe(0);
    expect(await party.awardParty(p as never, 1.5, "", "each")).toBe(0);
  });
});

describe("the GM asks the whole party for a check (roll requests)", () => {
  it("one request names every member still in the world; the difficulty hidden when asked", () => {
    const p = doc("p", "d6_party", { members: ["a", "b", "gone"] });
    world(p, hero("a"), hero("b"));
    expect(party.partyRequestOptions(p as never, { kind: "skill", check: " climbing ", difficulty: "15", hidden: true })).toEqual({
      actors: [{ uuid: "Actor.a" }, { uuid: "Actor.b" }],
      kind: "skill",
      dataset: { skill: "climbing" },
      values: { difficulty: "15" },
      hidden: ["difficulty"],
    });
    expect(party.partyRequestOptions(p as never, { kind: "attribute", check: "", difficulty: "", hidden: true })).toMatchObject({
      dataset: {},
      values: {},
      hidden: [],
    });
    const empty = doc("e", "d6_party", { members: ["gone"] });
    world(empty);
    expect(party.partyRequestOptions(empty as never, { kind: "skill", check: "x", difficulty: "", hidden: false })).toBeNull();
    expect(stand.recorded.notifications.map((n: any) => n.message)).toEqual(["OMNIBUS.Party.NoMembers"]);
  });

  it("the sheet's button hands those options to the roll request (one card)", async () => {
    vi.resetModules();
    const asked: unknown[] = [];
    vi.doMock("../../../src/foundry/roll-requests", async (original) => ({
      ...(await original<object>()),
      requestRoll: async (o: unknown) => (asked.push(o), { id: "card" }),
    }));
    const fresh = await import("../../../src/foundry/party");
    const p = doc("p", "d6_party", { members: ["a", "b"] });
    world(p, hero("a"), hero("b"));
    expect(await fresh.askParty(p as never, { kind: "skill", check: "climbing", difficulty: "15", hidden: true })).toEqual({ id: "card" });
    expect(asked).toEqual([fresh.partyRequestOptions(p as never, { kind: "skill", check: "climbing", difficulty: "15", hidden: true })]);
    vi.doUnmock("../../../src/foundry/roll-requests");
  });
});

describe("the party sheet's template", () => {
  const members: Record<string, any> = {
    a: {
      id: "a",
      name: "Rhea",
      img: "a.svg",
      type: "d6_character",
      system: { health: { value: 4, max: 5 }, characterPoints: 5, attributes: { dexterity: { dice: 3, pips: 1 } } },
      items: [{ name: "blaster", type: "d6_skill", system: { code: { dice: 5, pips: 1 } } }],
    },
  };
  for (const language of ["en", "ru"] as const) {
    it(`renders each member's numbers, the missing member and the GM's award form (${language})`, () => {
      const c = ctx.partyContext("d6", ["a", "gone"], (id) => members[id] ?? null, { isGM: true, editable: true, awardMode: "split" });
      const html = createHarness({ language }).render("shared/party.hbs", { ...c, actor: { name: "Rogue", img: "p.svg" } });
      const root = document.createElement("div");
      root.innerHTML = html;
      const row = root.querySelector('[data-member-id="a"]')!;
      expect(row.querySelector(".omnibus-party-health")!.textContent).toBe("4/5");
      expect(row.textContent).toContain("blaster 5D+1");
      expect(row.textContent).toContain(language === "ru" ? "Очки персонажа 5" : "Character Points 5");
      expect(root.querySelector('.omnibus-party-missing [data-member-id="gone"]')).not.toBeNull();
      expect(root.querySelector<HTMLInputElement>('input[name="system.awardMode"][value="split"]')!.checked).toBe(true);
      expect(root.querySelector('[data-action="awardParty"]')).not.toBeNull();
      expect(root.querySelector(".omnibus-party-ask legend")!.textContent).toBe(
        language === "ru" ? "Запросить проверку у всех" : "Ask them all for a check",
      );
      expect(root.querySelector('[data-action="askParty"]')).not.toBeNull();
    });
  }
  it("a player sees no award form", () => {
    const c = ctx.partyContext("d6", ["a"], (id) => members[id] ?? null, { isGM: false, editable: false });
    const html = createHarness().render("shared/party.hbs", { ...c, actor: { name: "Rogue", img: "p.svg" } });
    expect(html).not.toContain("awardParty");
    expect(html).not.toContain("askParty");
  });
});
