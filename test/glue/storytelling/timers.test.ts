// @vitest-environment happy-dom
// Issue 15 §2 at the Storytelling table: timers kept as Active Effect durations by the active GM.
// A turn is three seconds (002:L41); Willpower once a turn (002:L420) — out of combat too, where
// the mark used to stay until the next fight; pepper spray's −5 to the end of the scene (002:L719),
// which a fight's end does not end (002:L45); a knockout for turns equal to the damage (published
// World of Darkness p.169). Runs as the v13 and the v14 project.
import { beforeEach, describe, expect, it } from "vitest";
import { assertMayModify, StandInDocument } from "../../support/foundry-stand-ins";
import { setUpStorytelling, type StorytellingTable } from "./setup";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Effect = {
  id: string;
  name: string;
  statuses: string[];
  duration: Record<string, unknown>;
  flags: Record<string, Record<string, any>>;
};
const g = globalThis as any;

function character(t: StorytellingTable): StandInDocument & Record<string, any> {
  const a = new StandInDocument("kar", "Actor.kar", false, {
    name: "Karen",
    img: "k.webp",
    type: "storytelling_character",
    system: { willpower: { points: 4, bonus: 0, spentThisTurn: false } },
    statuses: new Set<string>(),
  }) as StandInDocument & Record<string, any>;
  a.live = true;
  a.effects = { contents: [] as Effect[] };
  let n = 0;
  a.createEmbeddedDocuments = async (_t: string, data: Array<Record<string, unknown>>) => {
    assertMayModify(a, "create effects on");
    for (const d of data) a.effects.contents.push({ ...(structuredClone(d) as Effect), id: `e${++n}` });
  };
  a.deleteEmbeddedDocuments = async (_t: string, ids: string[]) => {
    assertMayModify(a, "delete effects of");
    a.effects.contents = a.effects.contents.filter((e: Effect) => !ids.includes(e.id));
  };
  void t;
  return a;
}

describe("Storytelling timers", () => {
  let t: StorytellingTable;
  let actor: ReturnType<typeof character>;
  const timers = (kind?: string) =>
    (actor.effects.contents as Effect[]).filter((e) => e.flags.omnibus?.timer && (!kind || e.flags.omnibus.timer.kind === kind));
  const everyGM = async (hook: string, ...args: unknown[]) => {
    await t.stand.asUser("gm2", () => t.stand.fire(hook, ...args));
    await t.stand.fire(hook, ...args);
  };
  const api = () => t.adapter.api as any;
  const timeCards = (from: number) =>
    t.stand.recorded.rendered
      .slice(from)
      .map((r: any) => r.context)
      .filter((c: any) => c?.title === "OMNIBUS.Timers.Title");
  const clock = async (seconds: number) => {
    g.game.time.worldTime = seconds;
    await everyGM("updateWorldTime", seconds);
  };
  beforeEach(async () => {
    t = await setUpStorytelling();
    t.stand.makeUser("gm2", true);
    t.stand.setUser("gm");
    actor = character(t);
    g.game.actors = [actor];
    g.game.combat = null;
    g.game.time = { worldTime: 0 };
  });

  it("Willpower spent out of combat is marked for one turn: 3 s of world time (002:L41, L420), then it may be spent again, quietly; one timer with two GMs", async () => {
    await actor.update({ "system.willpower.spentThisTurn": true, "system.willpower.points": 3 });
    await everyGM("updateActor", actor, { system: { willpower: { spentThisTurn: true, points: 3 } } });
    expect(timers("willpower")).toHaveLength(1);
    expect(timers("willpower")[0].flags.omnibus.timer.length).toEqual({ value: 3, units: "seconds" });
    const before = t.stand.recorded.rendered.length;
    await clock(2);
    expect(actor.system.willpower.spentThisTurn).toBe(true);
    await clock(3);
    expect(actor.system.willpower.spentThisTurn).toBe(false);
    expect(timers()).toHaveLength(0);
    expect(timeCards(before)).toHaveLength(0);
  });

  it("pepper spray lasts to the end of the scene (002:L719): not the fight's end (002:L45), but the GM's endScene() — with a card", async () => {
    const combat = { id: "c1", round: 2, turn: 0, started: true, turns: [{}], combatants: { contents: [{ actor }] }, flags: {} };
    g.game.combat = combat;
    actor.statuses.add("pepperSprayed");
    await everyGM("createActiveEffect", { id: "p1", statuses: new Set(["pepperSprayed"]), flags: {}, parent: actor });
    expect(timers("pepperSpray")).toHaveLength(1);
    expect(timers("pepperSpray")[0].flags.omnibus.timer.length).toEqual({ value: null, units: "rounds" });
    g.game.combat = null;
    await everyGM("deleteCombat", combat);
    await clock(3600);
    expect(actor.statuses.has("pepperSprayed")).toBe(true);
    const before = t.stand.recorded.rendered.length;
    await t.stand.asUser("gm2", () => api().endScene());
    expect(actor.statuses.has("pepperSprayed")).toBe(true);
    expect(await api().endScene()).toBe(1);
    expect(actor.statuses.has("pepperSprayed")).toBe(false);
    expect(timers()).toHaveLength(0);
    expect(timeCards(before).map((c: any) => c.lines)).toEqual([[{ name: "Karen", value: "OMNIBUS.Storytelling.Timer.PepperSprayOver" }]]);
  });

  it("activating another scene ends the scene's pepper spray too", async () => {
    actor.statuses.add("pepperSprayed");
    await everyGM("createActiveEffect", { id: "p1", statuses: new Set(["pepperSprayed"]), flags: {}, parent: actor });
    await everyGM("updateScene", { id: "s2" }, { active: false });
    expect(actor.statuses.has("pepperSprayed")).toBe(true);
    await everyGM("updateScene", { id: "s2" }, { active: true });
    expect(actor.statuses.has("pepperSprayed")).toBe(false);
  });

  it("a knockout for 4 damage in round 1 (p.169): Unconscious for 4 turns, comes to when round 5 begins; outside combat 4 turns are 12 s; 0 damage is refused", async () => {
    const combat: any = {
      id: "c1",
      round: 1,
      turn: 0,
      started: true,
      turns: [{}],
      combatants: { contents: [{ actor }] },
      flags: {},
      resetAll: async () => {},
      rollAll: async () => {},
      update: async () => {},
    };
    g.game.combat = combat;
    actor.statuses.add("unconscious");
    expect(await api().knockOut(actor, 4)).toEqual({ value: 4, units: "rounds" });
    expect(timers("knockout")[0].statuses).toEqual(["unconscious"]);
    combat.round = 4;
    await everyGM("updateCombat", combat, { round: 4 }, { direction: 1 });
    expect(actor.statuses.has("unconscious")).toBe(true);
    const before = t.stand.recorded.rendered.length;
    combat.round = 5;
    await everyGM("updateCombat", combat, { round: 5 }, { direction: 1 });
    expect(actor.statuses.has("unconscious")).toBe(false);
    expect(timeCards(before).map((c: any) => c.lines)).toEqual([[{ name: "Karen", value: "OMNIBUS.Storytelling.Timer.ComesTo" }]]);
    g.game.combat = null;
    expect(await api().knockOut(actor, 4)).toEqual({ value: 12, units: "seconds" });
    await expect(api().knockOut(actor, 0)).rejects.toThrow();
    expect(timers("knockout")).toHaveLength(1);
  });

  it("an open sheet showing a timer is drawn again as the round changes, on every client (its time left follows)", async () => {
    const combat: any = {
      id: "c1",
      round: 1,
      turn: 0,
      started: true,
      turns: [{}],
      combatants: { contents: [{ actor }] },
      flags: {},
      update: async () => {},
    };
    g.game.combat = combat;
    let drawn = 0;
    actor.sheet = { rendered: true, render: () => drawn++ };
    combat.round = 2;
    await everyGM("updateCombat", combat, { round: 2 }, { direction: 1 });
    expect(drawn).toBe(0);
    await api().knockOut(actor, 4);
    combat.round = 3;
    await everyGM("updateCombat", combat, { round: 3 }, { direction: 1 });
    expect(drawn).toBe(2);
    actor.sheet.rendered = false;
    combat.round = 4;
    await everyGM("updateCombat", combat, { round: 4 }, { direction: 1 });
    expect(drawn).toBe(2);
  });

  describe("bleeding out (published p.174: each minute without aid one lethal wound turns aggravated; all aggravated is death)", () => {
    // Health 7 (Stamina 2 + Size 5, p.173), every box lethal: the last box is lethal, so Dying.
    const dying = async () => {
      Object.assign(actor.system, { attributes: { stamina: 2 }, size: 5, healthTrack: { aggravated: 0, lethal: 7, bashing: 0 } });
      actor.statuses.add("dying");
      await everyGM("createActiveEffect", { id: "d1", statuses: new Set(["dying"]), flags: {}, parent: actor });
    };
    const track = () => ({ ...actor.system.healthTrack });

    it("out of combat: a minute of world time turns one lethal aggravated and starts over; six more minutes at once, death — one timer with two GMs", async () => {
      await dying();
      expect(timers("bleedOut")).toHaveLength(1);
      expect(timers("bleedOut")[0].flags.omnibus.timer.length).toEqual({ value: 60, units: "seconds" });
      await clock(59);
      expect(track()).toEqual({ aggravated: 0, lethal: 7, bashing: 0 });
      const before = t.stand.recorded.rendered.length;
      await clock(60);
      expect(track()).toEqual({ aggravated: 1, lethal: 6, bashing: 0 });
      expect(timeCards(before).map((c: any) => c.lines)).toEqual([[{ name: "Karen", value: "OMNIBUS.Storytelling.Timer.Bleeds" }]]);
      expect(timers("bleedOut")).toHaveLength(1);
      expect(timers("bleedOut")[0].flags.omnibus.timer.start.time).toBe(60);
      // The GM lets three minutes pass: three wounds.
      await clock(240);
      expect(track()).toEqual({ aggravated: 4, lethal: 3, bashing: 0 });
      const last = t.stand.recorded.rendered.length;
      await clock(600);
      expect(track()).toEqual({ aggravated: 7, lethal: 0, bashing: 0 });
      expect(actor.statuses.has("dying")).toBe(false);
      expect(actor.statuses.has("dead")).toBe(true);
      expect(timeCards(last).map((c: any) => c.lines)).toEqual([[{ name: "Karen", value: "OMNIBUS.Storytelling.Timer.BledToDeath" }]]);
      expect(timers("bleedOut")).toHaveLength(0);
    });

    it("in a fight a minute is twenty turns: round 1 to round 21 turns one lethal aggravated", async () => {
      const combat: any = {
        id: "c1",
        round: 1,
        turn: 0,
        started: true,
        turns: [{}],
        combatants: { contents: [{ actor }] },
        flags: {},
        update: async () => {},
      };
      g.game.combat = combat;
      await dying();
      expect(timers("bleedOut")[0].flags.omnibus.timer.length).toEqual({ value: 20, units: "rounds" });
      combat.round = 20;
      await everyGM("updateCombat", combat, { round: 20 }, { direction: 1 });
      expect(track()).toEqual({ aggravated: 0, lethal: 7, bashing: 0 });
      combat.round = 21;
      await everyGM("updateCombat", combat, { round: 21 }, { direction: 1 });
      expect(track()).toEqual({ aggravated: 1, lethal: 6, bashing: 0 });
      expect(timers("bleedOut")[0].flags.omnibus.timer.start.round).toBe(21);
    });

    it("stabilised (the GM deletes the timer) or no longer dying: the minutes pass and nothing bleeds", async () => {
      await dying();
      actor.effects.contents = actor.effects.contents.filter((e: Effect) => e.flags.omnibus?.timer?.kind !== "bleedOut");
      await clock(600);
      expect(track()).toEqual({ aggravated: 0, lethal: 7, bashing: 0 });
      // Healed to a lethal-free last box before the minute is up: the timer ends quietly.
      await dying();
      actor.system.healthTrack = { aggravated: 0, lethal: 5, bashing: 0 };
      const before = t.stand.recorded.rendered.length;
      await clock(1200);
      expect(track()).toEqual({ aggravated: 0, lethal: 5, bashing: 0 });
      expect(timeCards(before)).toEqual([]);
      expect(timers("bleedOut")).toHaveLength(0);
    });
  });

  describe("healing (published pp.175–176: a bashing wound heals in 15 minutes, lethal in 2 days, aggravated in a week, the rightmost first)", () => {
    const DAY = 24 * 3600;
    const wound = async (healthTrack: Record<string, number>) => {
      Object.assign(actor.system, { attributes: { stamina: 2 }, size: 5 });
      await actor.update({ "system.healthTrack": healthTrack });
      await everyGM("updateActor", actor, { system: { healthTrack } });
    };
    const track = () => ({ ...actor.system.healthTrack });
    const flag = () => timers("healing")[0]?.flags.omnibus.timer;

    it("X// out of combat: a bruise heals at 15 minutes, then the next; a GM who lets 2 days pass heals the cut too — one timer with two GMs", async () => {
      await wound({ aggravated: 0, lethal: 1, bashing: 2 });
      expect(timers("healing")).toHaveLength(1);
      expect(flag().length).toEqual({ value: 15, units: "minutes" });
      expect(flag().data).toEqual({ wound: "bashing" });
      await clock(899);
      expect(track()).toEqual({ aggravated: 0, lethal: 1, bashing: 2 });
      const before = t.stand.recorded.rendered.length;
      await clock(900);
      expect(track()).toEqual({ aggravated: 0, lethal: 1, bashing: 1 });
      expect(timeCards(before).map((c: any) => c.lines)).toEqual([[{ name: "Karen", value: "OMNIBUS.Storytelling.Timer.Heals" }]]);
      expect(timers("healing")).toHaveLength(1);
      expect(flag().start.time).toBe(900);
      // 15 minutes for the second bruise and 2 days for the cut, let pass at once.
      const last = t.stand.recorded.rendered.length;
      await clock(900 + 900 + 2 * DAY);
      expect(track()).toEqual({ aggravated: 0, lethal: 0, bashing: 0 });
      expect(timeCards(last).map((c: any) => c.lines)).toEqual([[{ name: "Karen", value: "OMNIBUS.Storytelling.Timer.Healed" }]]);
      expect(timers("healing")).toHaveLength(0);
    });

    it("the time left over counts: 20 minutes on two bruises heal one and the second needs only 10 more", async () => {
      await wound({ aggravated: 0, lethal: 0, bashing: 2 });
      await clock(1200);
      expect(track()).toEqual({ aggravated: 0, lethal: 0, bashing: 1 });
      expect(flag().start.time).toBe(900);
      await clock(1799);
      expect(track()).toEqual({ aggravated: 0, lethal: 0, bashing: 1 });
      await clock(1800);
      expect(track()).toEqual({ aggravated: 0, lethal: 0, bashing: 0 });
    });

    it("a fresh bruise over a healing cut heals first: the timer moves to the 15 minutes; healed by hand, the timer goes", async () => {
      await wound({ aggravated: 0, lethal: 1, bashing: 0 });
      expect(flag().length).toEqual({ value: 2, units: "days" });
      await clock(3600);
      await wound({ aggravated: 0, lethal: 1, bashing: 1 });
      expect(timers("healing")).toHaveLength(1);
      expect(flag()).toMatchObject({ length: { value: 15, units: "minutes" }, data: { wound: "bashing" } });
      expect(flag().start.time).toBe(3600);
      // A heavier wound added to the left leaves the bruise rightmost: the timer runs on.
      const id = timers("healing")[0].id;
      await wound({ aggravated: 1, lethal: 1, bashing: 1 });
      expect(timers("healing")[0].id).toBe(id);
      await wound({ aggravated: 0, lethal: 0, bashing: 0 });
      expect(timers("healing")).toHaveLength(0);
    });

    it("dying heals nothing until stabilised: the GM deleting the bleeding timer starts the 2 days, and a healed cut ends the dying", async () => {
      Object.assign(actor.system, { attributes: { stamina: 2 }, size: 5 });
      await wound({ aggravated: 0, lethal: 7, bashing: 0 });
      expect(timers("healing")).toHaveLength(0);
      actor.statuses.add("dying");
      await everyGM("createActiveEffect", { id: "d1", statuses: new Set(["dying"]), flags: {}, parent: actor });
      const bleeding = timers("bleedOut")[0];
      actor.effects.contents = actor.effects.contents.filter((e: Effect) => e !== bleeding);
      await everyGM("deleteActiveEffect", { ...bleeding, parent: actor });
      expect(timers("healing")).toHaveLength(1);
      expect(flag()).toMatchObject({ length: { value: 2, units: "days" }, data: { wound: "lethal", stabilised: true } });
      await clock(2 * DAY);
      expect(track()).toEqual({ aggravated: 0, lethal: 6, bashing: 0 });
      expect(flag().data).toEqual({ wound: "lethal" });
    });

    it("a timer's own heal is marked as such: the track's change it makes starts no second healing timer (v14 core deletes the run-out one first)", async () => {
      await wound({ aggravated: 0, lethal: 0, bashing: 2 });
      await clock(900);
      expect(actor.updateOptions.at(-1)).toEqual({ omnibusTimer: true });
      expect(timers("healing")).toHaveLength(1);
      // As in v14: the run-out timer already gone when the heal's updateActor arrives.
      actor.effects.contents = [];
      await everyGM("updateActor", actor, { system: { healthTrack: { aggravated: 0, lethal: 0, bashing: 1 } } }, { omnibusTimer: true });
      expect(timers("healing")).toHaveLength(0);
      await everyGM("updateActor", actor, { system: { healthTrack: { aggravated: 0, lethal: 0, bashing: 1 } } }, {});
      expect(timers("healing")).toHaveLength(1);
    });

    it("a bleeding timer that ran out is not a stabilisation; an update while a healing timer has run out waits for its expiry", async () => {
      await wound({ aggravated: 0, lethal: 0, bashing: 1 });
      const id = timers("healing")[0].id;
      g.game.time.worldTime = 900;
      await everyGM("updateActor", actor, { system: { healthTrack: { aggravated: 0, lethal: 0, bashing: 1 } } });
      expect(timers("healing").map((e) => e.id)).toEqual([id]);
      const ranOut = {
        id: "b9",
        flags: {
          omnibus: {
            timer: {
              ruleset: "storytelling",
              kind: "bleedOut",
              length: { value: 60, units: "seconds" },
              start: { round: null, turn: null, time: 0 },
            },
          },
        },
        parent: actor,
      };
      actor.system.healthTrack = { aggravated: 0, lethal: 7, bashing: 0 };
      actor.effects.contents = [];
      await everyGM("deleteActiveEffect", ranOut);
      expect(timers("healing")).toHaveLength(0);
    });
  });
});
