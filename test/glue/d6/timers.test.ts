// @vitest-environment happy-dom
// Issue 15 §2: the D6 timers kept as Active Effect durations, ended by the active GM alone — a stun
// for this round and the next (000:L405), 1D minutes unconscious (000:L409) in five-second rounds
// (000:L660), a stun knock-out's 2D minutes (000:L431), four days in a bacta tank on a 1D of 4 (000:L533), a Force Point for the rest of its
// round (000:L831) — and the end of a round done once even when the tracker goes back and forth.
// Runs as the v13 and the v14 project (the duration's stored shape differs).
import { beforeEach, describe, expect, it } from "vitest";
import { assertMayModify, type StandInDocument } from "../../support/foundry-stand-ins";
import { packDoc } from "./fixtures";
import { actorDoc, forceFaces, lastCard, setUpTable, type Table } from "./table";

type Effect = {
  id: string;
  name: string;
  statuses: string[];
  duration: Record<string, unknown>;
  flags: Record<string, Record<string, unknown>>;
};

/** An actor that keeps its Active Effects (create/delete as Foundry's embedded collection, owner-or-GM). */
function withEffects(actor: StandInDocument): StandInDocument & { effects: { contents: Effect[] } } {
  const a = actor as StandInDocument & {
    effects: { contents: Effect[] };
    createEmbeddedDocuments: unknown;
    deleteEmbeddedDocuments: unknown;
  };
  a.live = true;
  a.effects = { contents: [] };
  let n = 0;
  a.createEmbeddedDocuments = async (_type: string, data: Array<Record<string, unknown>>) => {
    assertMayModify(a, "create effects on");
    for (const d of data) a.effects.contents.push({ ...(structuredClone(d) as Effect), id: `e${++n}` });
  };
  a.deleteEmbeddedDocuments = async (_type: string, ids: string[]) => {
    assertMayModify(a, "delete effects of");
    a.effects.contents = a.effects.contents.filter((e) => !ids.includes(e.id));
  };
  return a;
}

describe("D6 timers at the table", () => {
  let t: Table;
  let combat: Record<string, any>;
  let actor: ReturnType<typeof withEffects>;
  const g = () => globalThis as Record<string, any>;
  beforeEach(async () => {
    t = await setUpTable();
    t.stand.makeUser("gm2", true);
    t.stand.setUser("gm");
    t.stand.setActiveGM("gm");
    actor = withEffects(actorDoc(t.stand, packDoc("d6-characters", "Stormtrooper"), "Actor.trooper", false));
    combat = {
      id: "c1",
      round: 3,
      turn: 0,
      started: true,
      turns: [{}, {}],
      combatants: [{ actor }],
      flags: {},
      async update(d: Record<string, unknown>) {
        for (const [k, v] of Object.entries(d))
          if (k.startsWith("flags.omnibus.roundsDone.")) (combat.flags.omnibus ??= { roundsDone: {} }).roundsDone[k.split(".").pop()!] = v;
      },
    };
    g().game.combat = combat;
    g().game.actors = [actor];
  });
  /** A hook as every connected GM's client sees it: the other GM first, then the active one. */
  const everyGM = async (hook: string, ...args: unknown[]) => {
    await t.stand.asUser("gm2", () => t.stand.fire(hook, ...args));
    await t.stand.fire(hook, ...args);
  };
  const nextRound = async (round: number, direction = 1) => {
    combat.round = round;
    await everyGM("updateCombat", combat, { round }, { direction });
  };
  const timers = () => actor.effects.contents.filter((e) => e.flags.omnibus?.timer);

  it("a stun taken in round 3 is kept as a two-round effect (one, with two GMs) and recovered when round 5 begins, with a card", async () => {
    await actor.update({ "system.woundLevel": "stunned" });
    await everyGM("updateActor", actor, { system: { woundLevel: "stunned" } });
    expect(timers()).toHaveLength(1);
    const effect = timers()[0];
    expect((effect.flags.omnibus.timer as any).start).toMatchObject({ round: 3, combat: "c1" });
    if (t.stand.generation >= 14) expect(effect.duration).toEqual({ value: 2, units: "rounds", expiry: null });
    else expect(effect.duration).toMatchObject({ rounds: 2, startRound: 3, startTurn: 0, combat: "c1" });
    await nextRound(4);
    expect(timers()).toHaveLength(1);
    expect((actor as any).system.woundLevel).toBe("stunned");
    const before = t.stand.recorded.rendered.length;
    await nextRound(5);
    expect(timers()).toHaveLength(0);
    expect((actor as any).system.woundLevel).toBe("healthy");
    expect(t.stand.recorded.rendered.length).toBe(before + 1);
    expect(lastCard(t.stand).lines).toEqual([{ name: "Stormtrooper", value: "OMNIBUS.D6.Timer.StunOver" }]);
  });

  it("a player's client and a second GM start nothing; a worse wound since the stun is not healed by its end", async () => {
    t.stand.makeUser("player", false);
    await t.stand.asUser("player", () => t.stand.fire("updateActor", actor, { system: { woundLevel: "stunned" } }));
    await t.stand.asUser("gm2", () => t.stand.fire("updateActor", actor, { system: { woundLevel: "stunned" } }));
    expect(timers()).toHaveLength(0);
    await t.stand.fire("updateActor", actor, { system: { woundLevel: "stunned" } });
    await actor.update({ "system.woundLevel": "wounded" });
    await nextRound(5);
    expect(timers()).toHaveLength(0);
    expect((actor as any).system.woundLevel).toBe("wounded");
  });

  it("incapacitated in combat: 1D minutes (a 4) is 48 five-second rounds unconscious; it comes to when they have passed", async () => {
    forceFaces([4]);
    await actor.update({ "system.woundLevel": "incapacitated" });
    await everyGM("updateActor", actor, { "system.woundLevel": "incapacitated" });
    expect(timers()).toHaveLength(1);
    expect((timers()[0].flags.omnibus.timer as any).length).toEqual({ value: 48, units: "rounds" });
    expect(timers()[0].statuses).toEqual(["unconscious"]);
    await nextRound(50);
    expect(timers()).toHaveLength(1);
    await nextRound(51);
    expect(timers()).toHaveLength(0);
  });

  it("a stun weapon's knock-out (000:L431): the Unconscious status on a stunned character rolls 2D minutes (3 + 4 = 7: 84 five-second rounds), once with two GMs; it comes to when round 87 begins", async () => {
    await actor.update({ "system.woundLevel": "stunned" });
    (actor as any).statuses.add("unconscious");
    forceFaces([3, 4]);
    await everyGM("createActiveEffect", { id: "u1", statuses: new Set(["unconscious"]), flags: {}, parent: actor });
    const knockout = timers().filter((e) => (e.flags.omnibus.timer as any).kind === "knockout");
    expect(knockout).toHaveLength(1);
    expect((knockout[0].flags.omnibus.timer as any).length).toEqual({ value: 84, units: "rounds" });
    expect((knockout[0].flags.omnibus.timer as any).data).toEqual({ minutes: 7 });
    await nextRound(86);
    expect((actor as any).statuses.has("unconscious")).toBe(true);
    await nextRound(87);
    expect((actor as any).statuses.has("unconscious")).toBe(false);
    expect(timers().filter((e) => (e.flags.omnibus.timer as any).kind === "knockout")).toHaveLength(0);
  });

  it("a knock-out outside combat is 2D minutes of world time (2 + 6 = 8: 480 s); an incapacitated character's Unconscious starts no knock-out", async () => {
    g().game.combat = null;
    await actor.update({ "system.woundLevel": "stunned" });
    (actor as any).statuses.add("unconscious");
    forceFaces([2, 6]);
    await everyGM("createActiveEffect", { id: "u1", statuses: new Set(["unconscious"]), flags: {}, parent: actor });
    expect((timers()[0].flags.omnibus.timer as any).length).toEqual({ value: 8, units: "minutes" });
    g().game.time.worldTime = 479;
    await everyGM("updateWorldTime", 479);
    expect((actor as any).statuses.has("unconscious")).toBe(true);
    g().game.time.worldTime = 480;
    await everyGM("updateWorldTime", 480);
    expect((actor as any).statuses.has("unconscious")).toBe(false);
    await actor.update({ "system.woundLevel": "incapacitated" });
    await everyGM("createActiveEffect", { id: "u2", statuses: new Set(["unconscious"]), flags: {}, parent: actor });
    expect(timers().filter((e) => (e.flags.omnibus.timer as any).kind === "knockout")).toHaveLength(0);
  });

  it("a Force Point spent in round 3 is an effect for round 3 only: in round 4 it is gone and the round's mark cleared", async () => {
    await actor.update({ "system.round.forcePoint": true });
    await everyGM("updateActor", actor, { system: { round: { forcePoint: true } } });
    expect(timers().map((e) => e.statuses)).toEqual([["forcePoint"]]);
    await everyGM("updateCombat", combat, { turn: 1 });
    expect(timers()).toHaveLength(1);
    await nextRound(4);
    expect(timers()).toHaveLength(0);
    expect((actor as any).system.round.forcePoint).toBe(false);
  });

  it("bacta: mortally wounded, 1D rolled 4 → four days of world time, then healed (000:L533); a healthy character is refused", async () => {
    g().game.combat = null;
    const { startBacta } = await import("../../../src/foundry/d6/timers");
    (actor as any).system.woundLevel = "mortally_wounded";
    forceFaces([4]);
    expect(await startBacta(actor as never)).toEqual({ value: 4, units: "days" });
    const stored = timers()[0].duration;
    if (t.stand.generation >= 14) expect(stored).toEqual({ value: 4, units: "days", expiry: null });
    else expect(stored).toMatchObject({ seconds: 4 * 86400, startTime: 0 });
    g().game.time.worldTime = 4 * 86400 - 1;
    await everyGM("updateWorldTime", g().game.time.worldTime);
    expect((actor as any).system.woundLevel).toBe("mortally_wounded");
    g().game.time.worldTime = 4 * 86400;
    await everyGM("updateWorldTime", g().game.time.worldTime);
    expect((actor as any).system.woundLevel).toBe("healthy");
    expect(timers()).toHaveLength(0);
    await expect(startBacta(actor as never)).rejects.toThrow(/needs no bacta tank/);
    expect(timers()).toHaveLength(0);
  });

  it("the end of a round is done once: back to round 3 and forward to 4 again rolls no second death roll", async () => {
    Object.assign((actor as any).system, { woundLevel: "mortally_wounded", roundsMortallyWounded: 0 });
    forceFaces([3, 3]);
    await nextRound(4);
    expect((actor as any).system.roundsMortallyWounded).toBe(1);
    await nextRound(3, -1);
    forceFaces([3, 3]);
    await nextRound(4);
    expect((actor as any).system.roundsMortallyWounded).toBe(1);
    expect(combat.flags.omnibus.roundsDone.d6EndOfRound).toBe(4);
    forceFaces([3, 3]);
    await nextRound(5);
    expect((actor as any).system.roundsMortallyWounded).toBe(2);
  });
});
