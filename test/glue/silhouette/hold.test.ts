// @vitest-environment happy-dom
// Readied actions and delay in the combat tracker (004:L13-16, digest §4.3-4.4): a combatant
// readies (stating its trigger) or delays on its own turn, the tracker marks it, and when it is
// triggered the round's order follows triggerSequence — the readied one acts before the combatant
// whose action is the trigger, the delayed one right after it — and the mark is cleared. Only the
// owner or a GM; a player's request reaches the active GM over the socket, the sender being
// Foundry's. A readied action is held across rounds until used (004:L14) and ends with its fight;
// a delay lapses when the next round begins (only the readied action carries over, 004:L2, L14, L16).
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeActor, setUp, type ActorDoc, type Harness } from "./harness";

let h: Harness;
beforeEach(async () => {
  h = await setUp();
});

interface Effect {
  id: string;
  statuses: string[];
  flags: Record<string, Record<string, any>>;
}

/** An actor whose Active Effects carry statuses, as Foundry derives `actor.statuses` from them. */
function fighter(id: string, owner: boolean): ActorDoc {
  const actor = makeActor(h, { id, name: id.toUpperCase(), owner, skills: [["Combat Sense", "combatSense", 2, "none"]] });
  const effects: Effect[] = [];
  let next = 0;
  Object.assign(actor, {
    effects: { contents: effects },
    createEmbeddedDocuments: async (_type: string, data: Array<Record<string, any>>) => {
      for (const d of data) {
        effects.push({ ...(d as Effect), id: `${id}e${next++}` });
        for (const s of d.statuses ?? []) actor.statuses.add(s);
      }
    },
    deleteEmbeddedDocuments: async (_type: string, ids: string[]) => {
      for (const gone of effects.filter((e) => ids.includes(e.id))) {
        effects.splice(effects.indexOf(gone), 1);
        for (const s of gone.statuses) if (!effects.some((e) => e.statuses.includes(s))) actor.statuses.delete(s);
      }
    },
  });
  return actor;
}

interface CombatDoc {
  id: string;
  round: number;
  turn: number | null;
  started: boolean;
  turns: any[];
  combatants: { contents: any[]; get(id: string): any };
  flags: Record<string, Record<string, any>>;
  updates: Array<Record<string, unknown>>;
  update(data: Record<string, unknown>): Promise<unknown>;
  updateEmbeddedDocuments(type: string, updates: Array<Record<string, unknown>>): Promise<unknown>;
  nextTurn(): Promise<unknown>;
  resetAll(): Promise<unknown>;
  rollAll(): Promise<unknown>;
}

/** A running combat: its turns sorted by the Silhouette compare, as Foundry's `setupTurns` does. */
function combatOf(entries: Array<[ActorDoc, number]>, turn: number): CombatDoc {
  const combat = {
    id: "cb1",
    round: 1,
    turn,
    started: true,
    turns: [] as any[],
    flags: {} as Record<string, Record<string, any>>,
    updates: [] as Array<Record<string, unknown>>,
  } as CombatDoc;
  const contents = entries.map(([actor, initiative]) => {
    const flags: Record<string, Record<string, unknown>> = {};
    return {
      id: actor.id,
      name: actor.name,
      actor,
      initiative,
      combat,
      flags,
      getFlag: (scope: string, key: string) => flags[scope]?.[key],
    };
  });
  const sort = () => (combat.turns = [...contents].sort((a, b) => h.combat.compareCombatants(a as never, b as never)));
  combat.combatants = { contents, get: (id: string) => contents.find((c) => c.id === id) };
  combat.update = async (data) => {
    combat.updates.push(data);
    for (const [path, value] of Object.entries(data)) {
      if (path === "turn") combat.turn = value as number;
      else if (path === "round") combat.round = value as number;
      else if (path.startsWith("flags.omnibus.")) (combat.flags.omnibus ??= {})[path.slice(14)] = value;
    }
  };
  combat.updateEmbeddedDocuments = async (_type, updates) => {
    for (const u of updates) {
      const c = contents.find((x) => x.id === u._id)!;
      for (const [path, value] of Object.entries(u))
        if (path.startsWith("flags.omnibus.")) (c.flags.omnibus ??= {})[path.slice(14)] = value;
    }
    sort();
  };
  combat.nextTurn = async () => combat.update({ turn: (combat.turn ?? 0) + 1 });
  combat.resetAll = async () => undefined;
  combat.rollAll = async () => undefined;
  sort();
  (globalThis as any).game.combats = { get: (id: string) => (id === combat.id ? combat : undefined) };
  return combat;
}

const order = (combat: CombatDoc) => combat.turns.map((c) => c.id);
const current = (combat: CombatDoc) => combat.turns[combat.turn!].id;
const timerOf = (actor: ActorDoc) => actor.effects.contents.map((e: Effect) => e.flags.omnibus.timer);

function trackerHtml(combat: CombatDoc): HTMLElement {
  const html = document.createElement("ol");
  html.innerHTML = combat.turns.map((c) => `<li data-combatant-id="${c.id}"><span class="token-name">${c.id}</span></li>`).join("");
  return html;
}

describe("a readied action", () => {
  it("readied on the player's turn (the turn passes, the tracker marks it), it goes off before the trigger's actor and the mark is cleared", async () => {
    const [a, p, b, c] = [fighter("a", false), fighter("p", true), fighter("b", false), fighter("c", false)];
    const combat = combatOf(
      [
        [a, 9],
        [p, 7],
        [b, 5],
        [c, 3],
      ],
      1,
    );
    expect(order(combat)).toEqual(["a", "p", "b", "c"]);
    // The player's client asks; the active GM applies (the socket's sender is the player).
    expect(await h.combat.askHold("cb1", "p", "ready", "  the first one   through the door ")).toBe(true);
    await h.stand.settle();
    expect(h.stand.recorded.socketEmits[0]).toMatchObject({ from: "player", data: { type: "silhouetteHold", action: "ready" } });
    expect(p.statuses.has("readied")).toBe(true);
    expect(timerOf(p)).toEqual([
      expect.objectContaining({
        kind: "readied",
        length: { value: null, units: "rounds" },
        data: { trigger: "the first one through the door" },
      }),
    ]);
    expect(current(combat)).toBe("b");

    const html = trackerHtml(combat);
    await h.combat.holdTracker(combat as never, html, (globalThis as any).game.user);
    const mark = html.querySelector<HTMLElement>('[data-combatant-id="p"] .omnibus-silhouette-hold .omnibus-silhouette-mark')!;
    expect(mark.dataset.tooltip).toContain("the first one through the door");
    const buttons = [...html.querySelectorAll<HTMLElement>('[data-combatant-id="p"] button')].map((el) => el.dataset.holdAction);
    expect(buttons).toEqual(["trigger", "drop"]);
    // Not the player's: no controls on the NPCs' rows.
    expect(html.querySelectorAll('[data-combatant-id="b"] button')).toHaveLength(0);

    await combat.nextTurn(); // c's turn: c's action is the trigger
    expect(current(combat)).toBe("c");
    expect(await h.combat.askHold("cb1", "p", "trigger")).toBe(true);
    await h.stand.settle();
    // triggerSequence: p before c; a and b keep their places.
    expect(order(combat)).toEqual(["a", "b", "p", "c"]);
    expect(current(combat)).toBe("p");
    expect(p.statuses.has("readied")).toBe(false);
    expect(p.effects.contents).toHaveLength(0);
    await combat.nextTurn();
    expect(current(combat)).toBe("c");
  });

  it("a trigger text that is empty or too long is refused and nothing changes", async () => {
    const p = fighter("p", true);
    const combat = combatOf([[p, 7]], 0);
    h.stand.setUser("gm");
    expect(await h.combat.askHold("cb1", "p", "ready", "   ")).toBe(false);
    expect(await h.combat.askHold("cb1", "p", "ready", "x".repeat(121))).toBe(false);
    expect(h.stand.recorded.notifications.map((n) => n.message)).toEqual([
      expect.stringContaining("OMNIBUS.Refused.HoldTriggerText"),
      expect.stringContaining("OMNIBUS.Refused.HoldTriggerText"),
    ]);
    expect(p.effects.contents).toHaveLength(0);
    expect(combat.turn).toBe(0);
  });
});

describe("two readied actions on one trigger", () => {
  it("asked at the same moment, both go off before the trigger, in the order asked", async () => {
    const [p, q, a, c] = [fighter("p", true), fighter("q", true), fighter("a", false), fighter("c", false)];
    const combat = combatOf(
      [
        [p, 9],
        [q, 8],
        [a, 7],
        [c, 5],
      ],
      0,
    );
    h.stand.setUser("gm");
    await h.combat.askHold("cb1", "p", "ready", "the door opens");
    await h.combat.askHold("cb1", "q", "ready", "the door opens");
    await combat.nextTurn(); // c's turn: c opens the door
    expect(current(combat)).toBe("c");
    expect(await Promise.all([h.combat.askHold("cb1", "p", "trigger"), h.combat.askHold("cb1", "q", "trigger")])).toEqual([true, true]);
    expect(order(combat)).toEqual(["a", "p", "q", "c"]);
    expect(current(combat)).toBe("p");
    expect(combat.flags.omnibus.silhouetteMoment).toEqual({ round: 1, trigger: "c", readied: ["p", "q"], delayed: [] });
  });
});

describe("the stated trigger in the tracker", () => {
  it("is shown as the player typed it, never as markup (Foundry's tooltips read HTML)", async () => {
    const [p, a] = [fighter("p", true), fighter("a", false)];
    const combat = combatOf(
      [
        [p, 9],
        [a, 7],
      ],
      0,
    );
    expect(await h.combat.askHold("cb1", "p", "ready", '<img src=x onerror="alert(1)"> opens')).toBe(true);
    await h.stand.settle();
    const html = trackerHtml(combat);
    await h.combat.holdTracker(combat as never, html, (globalThis as any).game.user);
    const mark = html.querySelector<HTMLElement>('[data-combatant-id="p"] .omnibus-silhouette-readied')!;
    expect(mark.dataset.tooltip).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; opens");
    expect(html.querySelector("img")).toBeNull();
  });
});

describe("dropping a readied action", () => {
  it("the owner drops it on a later turn: the mark goes, the order stays, and every tracker is drawn again", async () => {
    const [p, a] = [fighter("p", true), fighter("a", false)];
    const combat = combatOf(
      [
        [p, 9],
        [a, 7],
      ],
      0,
    );
    const render = vi.fn();
    (globalThis as any).ui.combat = { render };
    expect(await h.combat.askHold("cb1", "p", "ready", "the door opens")).toBe(true);
    await h.stand.settle();
    // The effect's creation hook on this client draws the tracker again.
    await h.stand.fire("createActiveEffect", p.effects.contents[0]);
    expect(render).toHaveBeenCalledTimes(1);
    const effect = p.effects.contents[0];
    expect(await h.combat.askHold("cb1", "p", "drop")).toBe(true);
    await h.stand.settle();
    await h.stand.fire("deleteActiveEffect", effect);
    expect(render).toHaveBeenCalledTimes(2);
    expect(p.statuses.has("readied")).toBe(false);
    expect([order(combat), current(combat)]).toEqual([["p", "a"], "a"]);
    // An effect of another status leaves the tracker alone.
    await h.stand.fire("deleteActiveEffect", { statuses: new Set(["prone"]) });
    expect(render).toHaveBeenCalledTimes(2);
  });
});

describe("a delay", () => {
  it("delayed on its turn, it steps in at another's action and acts right after it", async () => {
    const [p, a, b, c] = [fighter("p", true), fighter("a", false), fighter("b", false), fighter("c", false)];
    const combat = combatOf(
      [
        [p, 9],
        [a, 7],
        [b, 5],
        [c, 3],
      ],
      0,
    );
    expect(await h.combat.askHold("cb1", "p", "delay")).toBe(true);
    await h.stand.settle();
    expect(p.statuses.has("delayed")).toBe(true);
    expect(timerOf(p)).toEqual([expect.objectContaining({ kind: "delayed", length: { value: 1, units: "rounds" } })]);
    expect(current(combat)).toBe("a");
    await combat.nextTurn(); // b acts: p steps in after it
    expect(await h.combat.askHold("cb1", "p", "trigger")).toBe(true);
    await h.stand.settle();
    expect(order(combat)).toEqual(["a", "b", "p", "c"]);
    expect(current(combat)).toBe("b"); // b finishes first: the delayed cannot act faster than the trigger
    expect(p.statuses.has("delayed")).toBe(false);
    await combat.nextTurn();
    expect(current(combat)).toBe("p");
  });
});

describe("who may", () => {
  it("a player cannot ready, delay or trigger a combatant it does not own; nothing changes", async () => {
    const [n, p] = [fighter("n", false), fighter("p", true)];
    const combat = combatOf(
      [
        [n, 9],
        [p, 7],
      ],
      0,
    );
    expect(await h.combat.askHold("cb1", "n", "ready", "anyone at the door")).toBe(false);
    expect(await h.combat.askHold("cb1", "n", "delay")).toBe(false);
    await h.stand.settle();
    expect(n.effects.contents).toHaveLength(0);
    expect(combat.turn).toBe(0);
    expect(h.stand.recorded.notifications.map((x) => x.message)).toEqual([
      expect.stringContaining("OMNIBUS.Refused.NotYourCharacter"),
      expect.stringContaining("OMNIBUS.Refused.NotYourCharacter"),
    ]);
    // The NPC's row shows the player no controls.
    const html = trackerHtml(combat);
    await h.combat.holdTracker(combat as never, html, (globalThis as any).game.user);
    expect(html.querySelectorAll("button")).toHaveLength(0);
  });

  it("a payload naming another user is not read: the request is malformed, the sender stays the player", async () => {
    const n = fighter("n", false);
    combatOf([[n, 9]], 0);
    await h.stand.deliver(
      { type: "silhouetteHold", requestId: "r1", combatId: "cb1", combatantId: "n", action: "delay", userId: "gm" },
      "player",
      "gm",
    );
    await h.stand.deliver({ type: "silhouetteHold", requestId: "r2", combatId: "cb1", combatantId: "n", action: "delay" }, "player", "gm");
    const answers = h.stand.recorded.socketEmits.filter((e) => e.from === "gm").map((e) => e.data as Record<string, any>);
    expect(answers).toEqual([
      expect.objectContaining({ requestId: "r1", to: "player", ok: false, notice: { key: "OMNIBUS.Chat.Malformed" } }),
      expect.objectContaining({
        requestId: "r2",
        to: "player",
        ok: false,
        notice: expect.objectContaining({ key: "OMNIBUS.Refused.NotYourCharacter" }),
      }),
    ]);
    expect(n.effects.contents).toHaveLength(0);
  });

  it("only on the combatant's own turn", async () => {
    const [n, p] = [fighter("n", false), fighter("p", true)];
    combatOf(
      [
        [n, 9],
        [p, 7],
      ],
      0,
    );
    expect(await h.combat.askHold("cb1", "p", "delay")).toBe(false);
    await h.stand.settle();
    expect(h.stand.recorded.notifications.at(-1)!.message).toContain("OMNIBUS.Refused.HoldNotYourTurn");
    expect(p.effects.contents).toHaveLength(0);
  });
});

describe("how long it lasts", () => {
  it("a delay lapses when the next round begins; a readied action is held on through the rounds and ends with its combat", async () => {
    const [r, d] = [fighter("r", true), fighter("d", true)];
    const combat = combatOf(
      [
        [r, 9],
        [d, 7],
      ],
      0,
    );
    h.stand.setUser("gm");
    expect(await h.combat.askHold("cb1", "r", "ready", "the door opens")).toBe(true);
    expect(await h.combat.askHold("cb1", "d", "delay")).toBe(true);
    expect([r.statuses.has("readied"), d.statuses.has("delayed")]).toEqual([true, true]);
    for (const round of [2, 3]) {
      await combat.update({ round, turn: 0 });
      await h.stand.fire("updateCombat", combat, { round, turn: 0 }, { direction: 1 });
      expect(d.statuses.has("delayed")).toBe(false);
      expect(r.statuses.has("readied")).toBe(true);
    }
    await h.stand.fire("deleteCombat", combat, {}, "gm");
    expect(r.statuses.has("readied")).toBe(false);
    expect(r.effects.contents).toHaveLength(0);
  });
});
