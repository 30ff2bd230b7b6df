// @vitest-environment happy-dom
// The D6 round at the table: the death roll of mortally wounded characters (D-3, A-36), stun
// knock-out, and initiative by side (§5, T-70: ties re-rolled, the winner acts first or last,
// within a side by Perception), with the per-combatant variant as a setting.
import { beforeEach, describe, expect, it } from "vitest";
import { assertMayModify, StandInDocument } from "../../support/foundry-stand-ins";
import { planDamage, planDeathRoll } from "../../../src/rules/d6/table/cards";
import { DEFAULT_SETTINGS } from "../../../src/rules/d6/table/settings";
import { compareBySide, orderFor, sideInitiativeUpdates, sideRollers, type SideMember } from "../../../src/rules/d6/table/combat";
import { asActor, packDoc } from "./fixtures";
import { actorDoc, forceFaces, lastCard, setUpTable, type Table } from "./table";

describe("the death roll (D-3, A-36)", () => {
  it("the count of rounds goes up by one; a 2D total below it kills", () => {
    expect(planDeathRoll(2, 2)).toMatchObject({
      rounds: 3,
      dies: true,
      update: { "system.roundsMortallyWounded": 3, "system.woundLevel": "killed" },
    });
    expect(planDeathRoll(2, 3)).toMatchObject({ rounds: 3, dies: false, update: { "system.roundsMortallyWounded": 3 }, statuses: null });
    expect(planDeathRoll(0, 2)).toMatchObject({ rounds: 1, dies: false }); // a 2D total is never below 2: the earliest death is at the end of round 3
  });

  it("a new mortal wound starts the count at 0", () => {
    const p = planDamage(
      { actorUuid: "a", name: "", img: "", damageTotal: 20, resistTotal: 6, stun: false, vehicle: false },
      { woundLevel: "healthy" },
      DEFAULT_SETTINGS,
    );
    expect(p.update).toEqual({ "system.woundLevel": "mortally_wounded", "system.roundsMortallyWounded": 0 });
  });
});

describe("stun knock-out (A-16)", () => {
  const stunned = (stuns: number, settings = DEFAULT_SETTINGS) =>
    planDamage(
      { actorUuid: "a", name: "", img: "", damageTotal: 12, resistTotal: 10, stun: false, vehicle: false },
      { woundLevel: "healthy", stuns, strength: { dice: 3, pips: 2 } },
      settings,
    );
  it("a third stun on Strength 3D+2 knocks the character out; the second does not; the setting turns it off", () => {
    expect(stunned(1)).toMatchObject({ result: "stunned", knockedOut: false, update: { "system.stuns": 2 } });
    expect(stunned(1).statuses.unconscious).toBe(false);
    expect(stunned(2)).toMatchObject({
      result: "stunned",
      knockedOut: true,
      update: { "system.stuns": 3, "system.woundLevel": "stunned" },
    });
    expect(stunned(2).statuses).toMatchObject({ unconscious: true, stunned: true });
    expect(stunned(2, { ...DEFAULT_SETTINGS, stunKnockout: false }).knockedOut).toBe(false);
  });
});

describe("initiative by side (pure)", () => {
  const m = (id: string, side: string, dice: number, pips = 0): SideMember => ({
    id,
    name: id,
    side,
    perception: { dice, pips },
    code: { dice, pips },
  });
  it("each side's highest Perception rolls (the first of equals); the winner first or last; within a side by Perception", () => {
    const members = [m("sev", "1", 3, 2), m("tan", "1", 2, 1), m("thug", "-1", 2), m("boss", "-1", 4), m("thug2", "-1", 4)];
    const rollers = sideRollers(members);
    expect(rollers.get("1")!.id).toBe("sev");
    expect(rollers.get("-1")!.id).toBe("boss");
    expect(orderFor(["1", "-1"], "-1", "first")).toEqual(["-1", "1"]);
    expect(orderFor(["1", "-1"], "-1", "last")).toEqual(["1", "-1"]);
    const updates = sideInitiativeUpdates(
      members,
      new Map([
        ["1", 14],
        ["-1", 15],
      ]),
      ["-1", "1"],
    );
    expect(updates.find((u) => u._id === "sev")).toEqual({ _id: "sev", initiative: 14, "flags.omnibus.d6.sideRank": 1 });
    expect(updates.find((u) => u._id === "thug")).toEqual({ _id: "thug", initiative: 15, "flags.omnibus.d6.sideRank": 0 });
    const sorted = members
      .map((x) => ({ ...x, rank: x.side === "-1" ? 0 : 1 }))
      .sort(compareBySide)
      .map((x) => x.id);
    expect(sorted).toEqual(["boss", "thug2", "thug", "sev", "tan"]);
  });
});

describe("at the table (glue)", () => {
  let t: Table;
  beforeEach(async () => {
    t = await setUpTable();
    t.stand.setUser("gm");
    t.stand.setActiveGM("gm");
  });
  const gm = { id: "gm", isGM: true };

  it("end of a round: a mortally wounded combatant rolls 2D against its rounds — one update with the round reset, the dead status, a card; a stabilized one and a rewind do not roll", async () => {
    const { onCombatRound, roundResetUpdate } = await import("../../../src/foundry/d6/combat");
    const dying = actorDoc(t.stand, packDoc("d6-characters", "Stormtrooper"), "Actor.dying", true);
    Object.assign((dying as any).system, { woundLevel: "mortally_wounded", roundsMortallyWounded: 2 });
    const steady = actorDoc(t.stand, packDoc("d6-characters", "Thug"), "Actor.steady", true);
    Object.assign((steady as any).system, { woundLevel: "mortally_wounded", roundsMortallyWounded: 5, healing: { stabilized: true } });
    const combat = { combatants: [{ actor: dying }, { actor: steady }] };
    forceFaces([1, 1]);
    expect(await onCombatRound(combat as never, { round: 4 }, gm, gm)).toBe(2);
    expect(dying.updates).toEqual([{ ...roundResetUpdate(), "system.roundsMortallyWounded": 3, "system.woundLevel": "killed" }]);
    expect(dying.statusToggles.filter((s) => s.active).map((s) => s.id)).toEqual(["dead"]);
    expect(lastCard(t.stand)).toMatchObject({ total: 2, outcome: { label: "OMNIBUS.D6.DeathRoll.Dies", tone: "failure" } });
    expect(steady.updates).toEqual([roundResetUpdate()]);
    (dying as any).system.woundLevel = "mortally_wounded";
    forceFaces([]);
    await onCombatRound(combat as never, { round: 3 }, gm, gm, { direction: -1 });
    await onCombatRound(combat as never, { round: 1 }, gm, gm);
    expect(dying.updates.slice(1)).toEqual([roundResetUpdate(), roundResetUpdate()]);
  });

  it("a GM in blind mode: the death roll asks for no typed dice and its card is blind", async () => {
    const { onCombatRound } = await import("../../../src/foundry/d6/combat");
    const dying = actorDoc(t.stand, packDoc("d6-characters", "Stormtrooper"), "Actor.dying", true);
    Object.assign((dying as any).system, { woundLevel: "mortally_wounded", roundsMortallyWounded: 0 });
    t.stand.setMessageMode("blindroll");
    const before = t.stand.recorded.evaluations.length;
    forceFaces([3, 4]);
    expect(await onCombatRound({ combatants: [{ actor: dying }] } as never, { round: 2 }, gm, gm)).toBe(1);
    expect(t.stand.recorded.evaluations.slice(before)).toEqual([{ allowInteractive: false }]);
    expect(t.messages.at(-1)).toMatchObject({ whisper: ["gm"], blind: true });
  });

  function combatWith(members: Array<{ id: string; doc: string; disposition: number; owner?: boolean }>) {
    const updates: Array<Array<Record<string, unknown>>> = [];
    const combatants = members.map((m) => {
      const actor = actorDoc(t.stand, packDoc("d6-characters", m.doc), `Actor.${m.id}`, m.owner ?? false);
      (actor as any).testUserPermission = (user: { id: string }) => user.id === "gm" || Boolean(m.owner);
      const c = new StandInDocument(m.id, `Combat.c1.Combatant.${m.id}`, false, {
        name: m.doc,
        token: { disposition: m.disposition },
        actor,
        initiative: null,
      });
      t.stand.documents.set(c.uuid, c);
      return c;
    });
    const combat = {
      uuid: "Combat.c1",
      combatants,
      async updateEmbeddedDocuments(_type: string, u: Array<Record<string, unknown>>) {
        updates.push(u);
        for (const x of u)
          Object.assign(
            combatants.find((c) => c.id === x._id)!,
            { initiative: x.initiative, flags: { omnibus: { d6: { sideRank: x["flags.omnibus.d6.sideRank"] } } } },
          );
      },
    };
    t.stand.documents.set("Combat.c1", combat);
    return { combat, combatants, updates };
  }

  it("T-70: the friendly side's Sev (3D+2) rolls 14, the tall man (4D) 15 — after a tie at 10 re-rolled — so the hostile side acts first; one update of all combatants; the card offers 'act last'", async () => {
    const { rollSideInitiative, compareCombatants } = await import("../../../src/foundry/d6/combat");
    const { combat, combatants, updates } = combatWith([
      { id: "sev", doc: "Sev", disposition: 1, owner: true },
      { id: "thannik", doc: "Thannik", disposition: 1, owner: true },
      { id: "boss", doc: "Tall man in a long cloak", disposition: -1 },
      { id: "thug", doc: "Thug", disposition: -1 },
    ]);
    // Sev 3D+2: 4, 2, Wild 2 (+2) = 10; boss 4D: 3, 2, 3, Wild 2 = 10 → tie, re-roll: Sev 5, 4, Wild 3 (+2) = 14; boss 4, 4, 4, Wild 3 = 15.
    const left = forceFaces([4, 2, 2, 3, 2, 3, 2, 5, 4, 3, 4, 4, 4, 3]);
    const result = await rollSideInitiative(combat as never);
    expect(left).toEqual([]);
    expect(result).toEqual({ winner: "-1", order: ["-1", "1"] });
    expect(updates).toHaveLength(1);
    expect(updates[0]).toEqual(
      expect.arrayContaining([
        { _id: "sev", initiative: 14, "flags.omnibus.d6.sideRank": 1 },
        { _id: "thannik", initiative: 14, "flags.omnibus.d6.sideRank": 1 },
        { _id: "boss", initiative: 15, "flags.omnibus.d6.sideRank": 0 },
        { _id: "thug", initiative: 15, "flags.omnibus.d6.sideRank": 0 },
      ]),
    );
    // Within a side by Perception: the boss (4D) before the thug; Sev (3D+2) before Thannik (3D).
    expect([...combatants].sort(compareCombatants as never).map((c) => c.id)).toEqual(["boss", "thug", "sev", "thannik"]);
    const card = lastCard(t.stand);
    expect(card.lines.map((l: { label: string; value: string }) => [l.label, l.value])).toEqual([
      ["OMNIBUS.D6.Initiative.Side.1", "Sev (3D+2): 10 → 14"],
      ["OMNIBUS.D6.Initiative.Side.m1", "Tall man in a long cloak (4D): 10 → 15"],
      ["OMNIBUS.D6.Initiative.Order", "1. OMNIBUS.D6.Initiative.Side.m1, 2. OMNIBUS.D6.Initiative.Side.1"],
    ]);
    expect(card.buttons.map((b: { action: string }) => b.action)).toEqual(["d6ActLast"]);
    const message = t.messages.at(-1)!;
    expect(t.stand.recorded.messagesCreated.at(-1)!.data.rolls).toHaveLength(4);

    // "Act last": the player owning Sev may not (the hostile side won); the GM may — every combatant's rank is flipped, once.
    t.stand.setUser("player");
    expect(await t.actions.requestChatAction(message as never, "d6ActLast", null)).toBe(false);
    t.stand.setUser("gm");
    expect(await t.actions.requestChatAction(message as never, "d6ActLast", null)).toBe(true);
    expect(combatants.map((c) => c.updates)).toEqual([
      [{ "flags.omnibus.d6.sideRank": 0 }],
      [{ "flags.omnibus.d6.sideRank": 0 }],
      [{ "flags.omnibus.d6.sideRank": 1 }],
      [{ "flags.omnibus.d6.sideRank": 1 }],
    ]);
    expect(await t.actions.requestChatAction(message as never, "d6ActLast", null)).toBe(false);
  });

  it("side initiative in the roller's blind mode: no typed dice, and the card is blind too", async () => {
    const { rollSideInitiative } = await import("../../../src/foundry/d6/combat");
    const { combat } = combatWith([
      { id: "sev", doc: "Sev", disposition: 1, owner: true },
      { id: "boss", doc: "Tall man in a long cloak", disposition: -1 },
    ]);
    t.stand.setMessageMode("blindroll");
    const before = t.stand.recorded.evaluations.length;
    forceFaces([5, 4, 3, 4, 4, 4, 3]);
    expect(await rollSideInitiative(combat as never)).toEqual({ winner: "-1", order: ["-1", "1"] });
    expect(t.stand.recorded.evaluations.slice(before)).toEqual([{ allowInteractive: false }, { allowInteractive: false }]);
    const card = t.messages.at(-1)! as any;
    expect(card.whisper).toEqual(["gm"]);
    expect(card.blind).toBe(true);
  });

  it("a player clicks the tracker's die: their client writes no combatant it does not own; the active GM sets every side's initiative from the card", async () => {
    const { rollSideInitiative } = await import("../../../src/foundry/d6/combat");
    const { combat, combatants, updates } = combatWith([
      { id: "sev", doc: "Sev", disposition: 1, owner: true },
      { id: "boss", doc: "Tall man in a long cloak", disposition: -1 },
      { id: "thug", doc: "Thug", disposition: -1 },
    ]);
    combatants[0].isOwner = true; // the player's own combatant
    // Foundry refuses an embedded update of documents the user does not own (owner or GM).
    const original = combat.updateEmbeddedDocuments;
    combat.updateEmbeddedDocuments = async (type: string, u: Array<Record<string, unknown>>) => {
      for (const x of u)
        assertMayModify(
          combatants.find((c) => c.id === x._id)!,
          "update",
        );
      return original(type, u);
    };
    t.stand.setUser("player");
    // Sev 3D+2: 5, 4, Wild 3 (+2) = 14; the boss 4D: 4, 4, 4, Wild 3 = 15.
    forceFaces([5, 4, 3, 4, 4, 4, 3]);
    // The player's client rolls and posts the card, then asks the active GM (the stand-ins deliver it
    // with the server's sender id); a write from the player's client would be refused (assertMayModify).
    expect(await rollSideInitiative(combat as never)).toEqual({ winner: "-1", order: ["-1", "1"] });
    await t.stand.settle();
    expect(updates).toEqual([]);
    const request = t.stand.recorded.socketEmits.find((e) => (e.data as { action?: string }).action === "d6SideInitiative")!;
    expect(request.data).toMatchObject({ type: "chatAction", action: "d6SideInitiative" });
    expect(request.data).not.toHaveProperty("userId");
    expect(combatants.map((c) => c.updates)).toEqual([
      [{ initiative: 14, "flags.omnibus.d6.sideRank": 1 }],
      [{ initiative: 15, "flags.omnibus.d6.sideRank": 0 }],
      [{ initiative: 15, "flags.omnibus.d6.sideRank": 0 }],
    ]);
  });

  it("the GM refuses a side-initiative request from a player with no combatant in that combat, and a forged card", async () => {
    const { maySetSideInitiative, planSideInitiative } = await import("../../../src/foundry/d6/combat");
    combatWith([
      { id: "boss", doc: "Tall man in a long cloak", disposition: -1 },
      { id: "sev", doc: "Sev", disposition: 1 },
    ]);
    const player = t.stand.users.get("player")!;
    const info = { combatUuid: "Combat.c1", sides: ["-1", "1"], winner: "-1", totals: { "-1": 12, "1": 9 } };
    // The card as the GM recorded it (`state`) and its author as the server reported it (`authorId`).
    expect(maySetSideInitiative({ state: { d6: { initiative: info } }, authorId: "player", user: player } as never)).toBe(false);
    expect(maySetSideInitiative({ state: { d6: { initiative: info } }, authorId: "other", user: player } as never)).toBe(false);
    const forged = { d6: { initiative: { ...info, totals: { "-1": 12, "1": "999" } } } };
    await expect(planSideInitiative({ state: forged, authorId: "player", user: player } as never)).rejects.toThrow(/no whole total/);
    const missingSide = { d6: { initiative: { ...info, sides: ["-1"], totals: { "-1": 12 } } } };
    await expect(planSideInitiative({ state: missingSide, authorId: "player", user: player } as never)).rejects.toThrow(/was not rolled/);
  });

  it("the tracker's roll button rolls by side in the default mode and falls through to each combatant in the variant", async () => {
    const CONFIG = (globalThis as any).CONFIG;
    let superCalls = 0;
    const Parent = class {
      async rollInitiative() {
        superCalls++;
        return this;
      }
    };
    const { sideInitiativeCombatClass } = await import("../../../src/foundry/d6/combat");
    const Wrapped = sideInitiativeCombatClass(Parent as never) as any;
    const { combat } = combatWith([{ id: "sev", doc: "Sev", disposition: 1 }]);
    const instance = Object.assign(new Wrapped(), combat);
    forceFaces([4, 2, 2]);
    await instance.rollInitiative(["sev"]);
    expect(superCalls).toBe(0);
    expect(instance.combatants[0].initiative).toBe(10);
    t.stand.recorded.settingsValues.set("omnibus.d6_initiativeMode", "perCombatant");
    await instance.rollInitiative(["sev"]);
    expect(superCalls).toBe(1);
    expect(CONFIG.Combat.documentClass.name).toBe("OmnibusCombat");
    void asActor;
  });
});
