// @vitest-environment happy-dom
// Issue 15 §2 at the wfrp table: Surprised (Ошеломление) is a timer kept as an Active Effect
// duration, for the first round of the fight (003:L269 "usually this only happens in the first
// round of combat"; 003:L325 Perdita is Surprised "in the first round"). The active GM alone starts
// it and ends it when round 2 begins, clearing the Condition, with a card; a Resolve point spent
// first (003:L319) leaves it nothing to clear. Runs as the v13 and the v14 project.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { assertMayModify, installFoundryStandIns, StandInDocument, type StandIns } from "../../support/foundry-stand-ins";
import { actorViewOf, packDocs } from "../../gallery/samples/wfrp";

/* eslint-disable @typescript-eslint/no-explicit-any */
let stand: StandIns;
const g = globalThis as any;

beforeEach(async () => {
  vi.resetModules();
  stand = installFoundryStandIns({ settings: { "omnibus.ruleset": "wfrp", "omnibus.rulesetChosen": true } });
  stand.makeUser("gm", true);
  stand.makeUser("gm2", true);
  stand.makeUser("player", false);
  stand.setUser("gm");
  stand.setActiveGM("gm");
  g.foundry.utils.getProperty = (o: any, path: string) => path.split(".").reduce((n, k) => n?.[k], o);
  const system = await import("../../../src/foundry/system");
  const wfrp = await import("../../../src/foundry/wfrp/adapter");
  system.installOmnibus([wfrp.wfrpAdapter]);
  await stand.fire("init");
  await stand.fire("ready");
});

const character = (name: string) => packDocs("wfrp-examples").find((d) => d.name === name)!;

type Effect = {
  id: string;
  name: string;
  statuses: string[];
  duration: Record<string, unknown>;
  flags: Record<string, Record<string, any>>;
};

function perdita(): StandInDocument & Record<string, any> {
  const v = actorViewOf(character("Salundra von Drakenburg"), { conditions: { surprised: 1 } });
  const a = new StandInDocument("per", "Actor.per", false, {
    name: "Perdita",
    img: v.img,
    type: v.type,
    system: v.system,
    items: { contents: v.items },
    statuses: new Set(["surprised"]),
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
  a.toggleStatusEffect = async (id: string, o: { active: boolean }) => {
    if (o.active) a.statuses.add(id);
    else a.statuses.delete(id);
  };
  return a;
}

describe("WFRP Surprised as a timer", () => {
  let actor: ReturnType<typeof perdita>;
  let combat: any;
  const timers = () => (actor.effects.contents as Effect[]).filter((e) => e.flags.omnibus?.timer);
  const everyone = async (hook: string, ...args: unknown[]) => {
    await stand.asUser("player", () => stand.fire(hook, ...args));
    await stand.asUser("gm2", () => stand.fire(hook, ...args));
    await stand.fire(hook, ...args);
  };
  const toRound = async (round: number) => {
    const prior = combat.round;
    combat.round = round;
    await everyone("combatTurnChange", combat, { round: prior, turn: 0 }, { round, turn: 0, combatantId: "p" });
    await everyone("updateCombat", combat, { round, turn: 0 }, { direction: 1 });
  };
  beforeEach(() => {
    actor = perdita();
    combat = {
      id: "c1",
      round: 0,
      turn: 0,
      started: false,
      turns: [{}],
      flags: {},
      combatants: { contents: [{ id: "p", name: "Perdita", initiative: 30, actor }] },
      async update(d: Record<string, unknown>) {
        for (const [k, val] of Object.entries(d))
          if (k.startsWith("flags.omnibus.roundsDone."))
            (combat.flags.omnibus ??= { roundsDone: {} }).roundsDone[k.split(".").pop()!] = val;
      },
    };
    g.game.combat = combat;
    g.game.actors = [actor];
  });

  it("Surprised in the ambush (before the fight): one one-round timer with three clients; still Surprised in round 1, gone when round 2 begins, with a card", async () => {
    await everyone("updateActor", actor, { system: { conditions: { surprised: 1 } } });
    expect(timers()).toHaveLength(1);
    const flag = timers()[0].flags.omnibus.timer;
    expect(flag).toMatchObject({ ruleset: "wfrp", kind: "surprised", length: { value: 1, units: "rounds" }, start: { round: null } });
    if (stand.generation >= 14) expect(timers()[0].duration).toEqual({ value: 1, units: "rounds", expiry: null });
    else expect(timers()[0].duration).toMatchObject({ rounds: 1 });
    combat.started = true;
    await toRound(1);
    expect(actor.system.conditions.surprised).toBe(1);
    expect(timers()).toHaveLength(1);
    const before = stand.recorded.rendered.length;
    await toRound(2);
    expect(timers()).toHaveLength(0);
    expect(actor.system.conditions.surprised ?? 0).toBe(0);
    expect(actor.statuses.has("surprised")).toBe(false);
    const cards = stand.recorded.rendered
      .slice(before)
      .map((r: any) => r.context)
      .filter((c: any) => c?.title === "OMNIBUS.Timers.Title");
    expect(cards).toHaveLength(1);
    expect(cards[0].lines).toEqual([{ name: "Perdita", value: "OMNIBUS.WFRP.Timer.SurprisedOver" }]);
  });

  it("the Surprised status set from the token in round 3 starts the timer; it ends when round 4 begins, not before", async () => {
    actor.statuses.delete("surprised");
    actor.system.conditions.surprised = 0;
    combat.started = true;
    combat.round = 3;
    actor.statuses.add("surprised");
    await everyone("createActiveEffect", { id: "s1", statuses: new Set(["surprised"]), flags: {}, parent: actor });
    expect(timers()).toHaveLength(1);
    expect(timers()[0].flags.omnibus.timer.start).toMatchObject({ round: 3, combat: "c1" });
    await everyone("updateCombat", combat, { turn: 0 }, { direction: 1 });
    expect(actor.statuses.has("surprised")).toBe(true);
    await toRound(4);
    expect(actor.statuses.has("surprised")).toBe(false);
    expect(timers()).toHaveLength(0);
  });

  it("a Resolve point spent in round 1 ends Surprised at once; round 2's timer end then clears nothing and tells nothing", async () => {
    await everyone("updateActor", actor, { system: { conditions: { surprised: 1 } } });
    combat.started = true;
    await toRound(1);
    actor.system.conditions.surprised = 0;
    actor.statuses.delete("surprised");
    const before = stand.recorded.rendered.length;
    await toRound(2);
    expect(timers()).toHaveLength(0);
    expect(stand.recorded.rendered.slice(before).filter((r: any) => r.context?.title === "OMNIBUS.Timers.Title")).toHaveLength(0);
  });
});
