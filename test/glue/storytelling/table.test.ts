// @vitest-environment happy-dom
// Storytelling at the table, with the Foundry stand-ins: Defense over a turn (earlier attacks, Dodge,
// the defender's Willpower), contested actions on one card, teamwork and advanced actions, initiative
// roll-offs, the rote chance die as two Rolls, and per-target cover. Numbers come from the digest.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { deletionUpdate, StandInDocument, type StandIns } from "../../support/foundry-stand-ins";
import { setUpStorytelling } from "./setup";
import type { CardContext } from "../../../src/rules/storytelling/table/cards";
import { sceneToken } from "../../support/scene-tokens";

let stand: StandIns;
let checks: typeof import("../../../src/foundry/storytelling/checks");
let actions: typeof import("../../../src/foundry/chat/actions");
let targets: typeof import("../../../src/foundry/targets");
let combat: typeof import("../../../src/foundry/storytelling/combat");
let defenseActions: typeof import("../../../src/foundry/storytelling/defense/actions");
let adapter: (typeof import("../../../src/foundry/storytelling/adapter"))["storytellingAdapter"];
/** Faces the next evaluated rolls produce, one list per roll (what Foundry's dice would have shown). */
let faceQueue: number[][];
/** The formulas of the rolls evaluated, in order. */
let evaluated: string[];

type ActorStandIn = StandInDocument & { system: Record<string, unknown>; statuses: Set<string>; items: unknown[] };

const attrs = (a: Record<string, number>) => ({
  intelligence: 2,
  wits: 2,
  resolve: 2,
  strength: 2,
  dexterity: 2,
  stamina: 2,
  presence: 2,
  manipulation: 2,
  composure: 2,
  ...a,
});
const g = globalThis as unknown as { game: Record<string, unknown> };

function actorDoc(
  id: string,
  isOwner: boolean,
  system: Record<string, unknown>,
  items: unknown[] = [],
  type = "storytelling_character",
): ActorStandIn {
  const doc = new StandInDocument(id, `Actor.${id}`, isOwner, {
    name: id,
    img: "icons/svg/mystery-man.svg",
    type,
    system,
    items,
    statuses: new Set<string>(),
  }) as ActorStandIn;
  // Status toggles take effect on the stand-in, as Foundry's would.
  doc.toggleStatusEffect = async (status: string, { active }: { active: boolean }) => {
    doc.statusToggles.push({ id: status, active });
    if (active) doc.statuses.add(status);
    else doc.statuses.delete(status);
  };
  stand.documents.set(`Actor.${id}`, doc);
  return doc;
}

/** Chat messages as documents (Foundry's ChatMessage.create returns one), authored by the current user. */
/** Created messages are documents already (the stand-ins' ChatMessage.create registers them). */
function messagesAsDocuments() {
  /* kept for the describe blocks that call it */
}

beforeEach(async () => {
  ({ stand, adapter, checks, actions, targets, combat, defenseActions, faceQueue, evaluated } = await setUpStorytelling());
});

const lastCard = () =>
  stand.recorded.rendered.filter((r) => r.path.endsWith("roll-card.hbs") || r.path.endsWith("contest-card.hbs")).at(-1)!
    .context as unknown as CardContext;
const grid = {
  units: "m",
  measurePath: ([a, b]: Array<{ x: number; y: number }>) => ({ distance: Math.hypot(b.x - a.x, b.y - a.y) / 100 }),
};
const token = (name: string, x: number) => sceneToken(stand, name, `Actor.${name}`, x) as never;
const club = {
  id: "w2",
  name: "Club",
  type: "storytelling_weapon",
  system: { attackKind: "melee", damage: 2, damageType: "bashing", strength: 2, again: "10" },
};
const pistol = {
  id: "w1",
  name: "Pistol, light",
  type: "storytelling_weapon",
  system: {
    attackKind: "firearms",
    damage: 2,
    damageType: "lethal",
    ranges: { short: 20, medium: 40, long: 80 },
    strength: 2,
    again: "10",
  },
};

describe("Defense over a turn: earlier attacks, Dodge, the defender's Willpower", () => {
  beforeEach(() => {
    stand.setUser("gm");
    stand.setActiveGM("gm");
    messagesAsDocuments();
    g.game.combat = { id: "c1", round: 2, started: true };
  });

  const attacker = () =>
    actorDoc(
      "stack",
      true,
      {
        attributes: attrs({ strength: 3, dexterity: 3 }),
        skills: { weaponry: { dots: 2, specialties: "" }, firearms: { dots: 3, specialties: "" } },
      },
      [club, pistol],
    );
  // Jefferson (digest E27, Y.9): Defense 2 (the lower of Wits 2 and Dexterity 3), Stamina 3.
  const jefferson = () =>
    actorDoc("jefferson", true, {
      attributes: attrs({ wits: 2, dexterity: 3, stamina: 3 }),
      willpower: { points: 3, spentThisTurn: false },
    });

  async function attack(
    who: ActorStandIn,
    weaponId: string,
    x: number,
    faces: number[],
    values: Record<string, string | number | boolean> = {},
  ) {
    const measured = targets.describeTargets(grid, token("stack", 0), [token("jefferson", x)]);
    const request = (await checks.storytellingChecks.build({
      actor: who as never,
      kind: "attack",
      dataset: { itemId: weaponId },
      targets: measured,
    }))!;
    faceQueue.push(faces);
    await checks.storytellingChecks.roll(request, { ...request.values, ...values }, { rollMode: "publicroll" });
    return { request, card: lastCard() };
  }

  it("digest E27: Jefferson spends Willpower against the next attack, Defense 2 → 4; the attack uses it up; the next attack faces 2 − 1", async () => {
    const stack = attacker();
    const jeff = jefferson();
    expect(await defenseActions.declareWillpowerForDefense(jeff as never)).toBe(true);
    expect(jeff.updates[0]).toEqual({
      "system.willpower.points": 2,
      "system.willpower.spentThisTurn": true,
      "flags.omnibus.stDefense": { turn: "c1:2", attacks: 0, willpower: true },
    });
    Object.assign(jeff.system, { willpower: { points: 2, spentThisTurn: true } });
    // A second Willpower point in the same turn is refused, nothing changes (002:L436, E29b).
    expect(await defenseActions.declareWillpowerForDefense(jeff as never)).toBe(false);
    expect(jeff.updates).toHaveLength(1);

    // Strength 3 + Weaponry 2 + club 2 = 7, − Defense 4 → 3 dice.
    const first = await attack(stack, "w2", 100, [8, 2, 3]);
    expect(first.card.rolls[0].pool).toBe(3);
    expect(first.card.rolls[0].defense).toEqual({ rating: 2, dodging: false, willpower: true, priorAttacks: 0, value: 4 });
    // The defender's turn state: one attack, the Willpower point used up.
    expect(jeff.flags.omnibus.stDefense).toEqual({ turn: "c1:2", attacks: 1, willpower: false });

    // The second attack this turn: Defense 2 − 1 = 1 → 7 − 1 = 6 dice.
    const second = await attack(stack, "w2", 100, [1, 2, 3, 4, 5, 6]);
    expect(second.card.rolls[0].pool).toBe(6);
    expect(second.card.rolls[0].defense).toMatchObject({ priorAttacks: 1, value: 1 });
    expect(jeff.flags.omnibus.stDefense).toEqual({ turn: "c1:2", attacks: 2, willpower: false });
  });

  it("Dodge doubles Defense; earlier attacks still count (WoD p.157): (2 × 2) − 2 = 2; a pistol at range faces no Defense and is not counted", async () => {
    const stack = attacker();
    const jeff = jefferson();
    jeff.flags.omnibus = { stDefense: { turn: "c1:2", attacks: 2, willpower: false } };
    expect(await defenseActions.toggleDodge(jeff as never)).toBe(true);
    expect(jeff.statuses.has("dodging")).toBe(true);
    const melee = await attack(stack, "w2", 100, [1, 2, 3, 4, 5]);
    expect(melee.card.rolls[0].defense).toEqual({ rating: 2, dodging: true, willpower: false, priorAttacks: 2, value: 2 });
    expect(melee.card.rolls[0].pool).toBe(5);
    expect(jeff.flags.omnibus.stDefense).toMatchObject({ attacks: 3 });
    // Dexterity 3 + Firearms 3 + pistol 2 = 8 at 10 m (short range): no Defense against Firearms (002:L428).
    const shot = await attack(stack, "w1", 1000, [1, 2, 3, 4, 5, 6, 7, 1]);
    expect(shot.card.rolls[0].pool).toBe(8);
    expect(shot.card.rolls[0].defense).toBeNull();
    expect(jeff.flags.omnibus.stDefense).toMatchObject({ attacks: 3 });
  });

  it("a state from an earlier round counts as empty; the round hook clears it, the once-per-turn Willpower mark and Dodge in one go", async () => {
    const stack = attacker();
    const jeff = jefferson();
    jeff.flags.omnibus = { stDefense: { turn: "c1:1", attacks: 4, willpower: true } };
    const fresh = await attack(stack, "w2", 100, [1, 2, 3, 4, 5]);
    expect(fresh.card.rolls[0].defense).toMatchObject({ priorAttacks: 0, willpower: false, value: 2 });
    jeff.statuses.add("dodging");
    Object.assign(jeff.system, { willpower: { points: 2, spentThisTurn: true } });
    const combatDoc = { combatants: { contents: [{ actor: jeff }] }, resetAll: async () => undefined, rollAll: async () => undefined };
    const before = jeff.updates.length;
    await combat.onCombatRound(combatDoc as never, { round: 3 }, false);
    expect(jeff.updates.slice(before)).toEqual([{ "system.willpower.spentThisTurn": false, ...deletionUpdate("flags.omnibus.stDefense") }]);
    expect(jeff.statuses.has("dodging")).toBe(false);
  });

  it("an all-out attack marks the attacker (no Defense this turn) and is refused once the attacker's Defense was used", async () => {
    const stack = attacker();
    jefferson();
    await attack(stack, "w2", 100, [1, 2, 3, 4, 5, 6, 7], { allOutAttack: true });
    // 7 + 2 (all-out) − Defense 2 = 7 dice.
    expect(lastCard().rolls[0].pool).toBe(7);
    expect(stack.statuses.has("allOutAttack")).toBe(true);
    stack.flags.omnibus = { stDefense: { turn: "c1:2", attacks: 1, willpower: false } };
    const measured = targets.describeTargets(grid, token("stack", 0), [token("jefferson", 100)]);
    const request = (await checks.storytellingChecks.build({
      actor: stack as never,
      kind: "attack",
      dataset: { itemId: "w2" },
      targets: measured,
    }))!;
    expect(() => checks.storytellingChecks.odds!(request, { ...request.values, allOutAttack: true })).toThrow(/all-out attack/);
  });

  it("a player's attack records the defender's turn through the GM, once; a card from an earlier turn records nothing", async () => {
    const stack = attacker();
    const jeff = jefferson();
    stand.setUser("player");
    jeff.isOwner = false;
    await attack(stack, "w2", 100, [8, 2, 3, 4, 5]);
    await stand.settle();
    // The request names the card, the action and the defended target's key; the GM reads who and which turn from its record.
    expect(stand.recorded.socketEmits[0]).toMatchObject({ from: "player", data: { action: "defendedAttack", target: "0" } });
    expect(Object.keys(stand.recorded.socketEmits[0].data as object).sort()).toEqual([
      "action",
      "messageId",
      "requestId",
      "target",
      "type",
    ]);
    expect(jeff.flags.omnibus?.stDefense).toEqual({ turn: "c1:2", attacks: 1, willpower: false });
    // The same request again (a double click, a replay) changes nothing.
    const msg = stand.messages.at(-1)!;
    await stand.deliver({ type: "chatAction", requestId: "r9", messageId: msg.id, action: "defendedAttack", target: "0" }, "player", "gm");
    expect(jeff.updates).toHaveLength(1);
    // The round moves on before the GM sees the next card's request: refused, nothing changes.
    const socket = g.game.socket as { emit(channel: string, data: unknown): void };
    const emit = socket.emit;
    socket.emit = (channel: string, data: unknown) => {
      g.game.combat = { id: "c1", round: 3, started: true };
      emit(channel, data);
    };
    // One more die: Defense was already applied once this turn (−1 Defense).
    await attack(stack, "w2", 100, [8, 2, 3, 4, 5, 6]);
    await stand.settle();
    socket.emit = emit;
    expect(jeff.updates).toHaveLength(1);
    expect(stand.recorded.socketEmits.at(-1)).toMatchObject({
      from: "gm",
      data: { ok: false, notice: { key: "OMNIBUS.Refused.TurnOver" } },
    });
  });
});

describe("the rote chance die: one Roll of the Storytelling die term (digest E33; 002:L478)", () => {
  async function roteChance(faces: number[]) {
    const actor = actorDoc("bomber", true, { attributes: attrs({ intelligence: 1 }), skills: {} });
    const request = (await checks.storytellingChecks.build({
      actor: actor as never,
      kind: "pool",
      dataset: { skill: "crafts", attribute: "intelligence" },
      targets: [],
    }))!;
    // Intelligence 1, Crafts 0 (Mental: −3) → −2: a chance roll, as a rote action.
    faceQueue.push(faces);
    await checks.storytellingChecks.roll(request, { ...request.values, rote: true }, { rollMode: "publicroll" });
    const { data } = stand.recorded.messagesCreated.at(-1)!;
    return {
      card: lastCard(),
      rolls: data.rolls as Array<{
        formula: string;
        terms: Array<{ results: Array<Record<string, unknown>> }>;
        options: Record<string, unknown>;
      }>,
    };
  }

  it("first chain 10 → 4 ends; the rote's one more chance die 10 → 9: 2 successes, every die in the one term", async () => {
    const { card, rolls } = await roteChance([10, 4, 10, 9]);
    expect(evaluated).toEqual(["1dscr"]);
    expect(rolls).toHaveLength(1);
    const results = rolls[0].terms[0].results;
    expect(results.map((r) => r.result)).toEqual([10, 4, 10, 9]);
    // The term marks what the rules did: 10s explode and count; the failed 4 is re-rolled by the rote.
    expect(results.map((r) => [r.success, r.exploded, r.rerolled])).toEqual([
      [true, true, false],
      [false, false, true],
      [true, true, false],
      [false, false, false],
    ]);
    expect(card.rolls[0]).toMatchObject({ chance: true, successes: 2, outcomeLabel: "OMNIBUS.Storytelling.Outcome.success" });
    expect(card.rolls[0].dice.map((d) => d.face)).toEqual([10, 4, 10, 9]);
    expect(rolls[0].options.outcome).toMatchObject({ successes: 2, dice: [10, 4, 10, 9] });
  });

  it("a first die of 1 is a dramatic failure and is never re-rolled: one die", async () => {
    const { card, rolls } = await roteChance([1]);
    expect(rolls[0].terms[0].results).toHaveLength(1);
    expect(rolls[0].terms[0].results[0]).toMatchObject({ result: 1, failure: true });
    expect(card.rolls[0]).toMatchObject({ chance: true, successes: 0, outcomeLabel: "OMNIBUS.Storytelling.Outcome.dramaticFailure" });
  });

  it("a first die of 5 gets one more chance die (digest A17): 3 → failure, not dramatic", async () => {
    const { card, rolls } = await roteChance([5, 3]);
    expect(rolls[0].terms[0].results.map((r) => r.result)).toEqual([5, 3]);
    expect(card.rolls[0]).toMatchObject({ successes: 0, outcomeLabel: "OMNIBUS.Storytelling.Outcome.failure" });
  });
});

describe("contested actions on one card (002:L337–L359)", () => {
  beforeEach(() => {
    stand.setActiveGM("gm");
    stand.recorded.settingsValues.set("omnibus.rollDialog", false);
    messagesAsDocuments();
  });
  /** An actor whose owner is `owner` (and the GM). */
  function owned(id: string, owner: string, system: Record<string, unknown>) {
    const doc = actorDoc(id, true, system) as ActorStandIn & {
      testUserPermission(u: { id: string; isGM: boolean }, level: string): boolean;
    };
    doc.testUserPermission = (u) => u.isGM || u.id === owner;
    return doc;
  }
  // Karen (E20–E21): Stamina 2 + Athletics 4, +2 (faster) −1 (shoes) → 7 dice; the robber rolls 5.
  const karen = () =>
    owned("karen", "player", { attributes: attrs({ stamina: 2, dexterity: 2 }), skills: { athletics: { dots: 4, specialties: "" } } });
  const robber = () => owned("robber", "gm", { attributes: attrs({ stamina: 2 }), skills: { athletics: { dots: 3, specialties: "" } } });
  const info = (id: string) => ({ tokenUuid: `Scene.s.Token.${id}`, actorUuid: `Actor.${id}`, name: id, img: "", distance: 3, units: "m" });
  const msgOf = () => [...stand.messages].reverse().find((m) => !(m.flags as any).omnibus?.response)!;
  // The contest as every client shows it: the GM's record of the card (never an edit of the message).
  const state = (m: StandInDocument) =>
    (globalThis as any).game.settings.get("omnibus", "cardRecords")[m.id].state.stContest as {
      winner: string | null;
      exceptional: boolean;
      totals: number[];
      sides: Array<{ name: string; rolls: Array<{ successes: number }> }>;
    };

  async function open(
    actor: ActorStandIn,
    opponent: string,
    faces: number[],
    contest: "instant" | "extended",
    modifier: number,
    contestTarget = 5,
  ) {
    const request = (await checks.storytellingChecks.build({
      actor: actor as never,
      kind: "pool",
      dataset: { skill: "athletics", attribute: "stamina" },
      targets: [info(opponent)],
    }))!;
    faceQueue.push(faces);
    await checks.storytellingChecks.roll(request, { ...request.values, contest, contestTarget, modifier }, { rollMode: "publicroll" });
    return msgOf();
  }

  it("digest E20: Karen 4 successes against the robber's 3 — Karen wins; the robber's owner (the GM) rolls on the same card", async () => {
    stand.setUser("player");
    const k = karen();
    robber();
    const msg = await open(k, "robber", [8, 8, 9, 9, 1, 2, 3], "instant", 1);
    expect(stand.recorded.messagesCreated).toHaveLength(1);
    expect(state(msg)).toMatchObject({
      winner: null,
      sides: [
        { name: "karen", rolls: [{ successes: 4 }] },
        { name: "robber", rolls: [] },
      ],
    });
    const view = async () => {
      const html = document.createElement("div");
      html.innerHTML = `<div class="omnibus-card"></div>`;
      await stand.fire("renderChatMessageHTML", msg, html, {});
      return stand.recorded.rendered.filter((r) => !r.path.includes("chat/card-record")).at(-1)!.context;
    };
    const opened = stand.recorded.rendered.at(-1)!.context as { sides: Array<{ button: unknown }>; resultLabel: string };
    expect(opened.resultLabel).toBe("OMNIBUS.Storytelling.Contest.Waiting");
    expect(opened.sides[1].button).toMatchObject({ action: "contestRoll", data: { target: "1" } });
    // The player may not roll the robber's side.
    expect(await actions.requestChatAction(msg as never, "contestRoll", "1")).toBe(false);
    stand.setUser("gm");
    faceQueue.push([8, 8, 9, 1, 2]);
    expect(await actions.requestChatAction(msg as never, "contestRoll", "1")).toBe(true);
    expect(state(msg)).toMatchObject({
      winner: "first",
      exceptional: false,
      sides: [{ rolls: [{ successes: 4 }] }, { rolls: [{ successes: 3 }] }],
    });
    // Karen's message is never edited: the robber's roll is the GM's own response message; the contest is amended in the record.
    expect(msg.updates).toEqual([]);
    expect((stand.messages.at(-1)!.flags as any).omnibus.response).toMatchObject({ to: msg.id, action: "recordContest", target: "1:1" });
    const decided = (await view()) as { resultLabel: string; winnerName: string; sides: Array<{ button: unknown }> };
    expect(decided).toMatchObject({ resultLabel: "OMNIBUS.Storytelling.Contest.Wins", winnerName: "karen" });
    expect(decided.sides.map((s) => s.button)).toEqual([null, null]);
    // A second record of the same side and stage changes nothing.
    expect(await actions.requestChatAction(msg as never, "contestRoll", "1")).toBe(false);
  });

  it("a tie (0–0 too) has no winner; a dramatic failure loses and the opponent's win is exceptional (digest A12)", async () => {
    stand.setUser("gm");
    const r = robber();
    karen();
    let msg = await open(r, "karen", [1, 2, 3, 4, 5], "instant", 0);
    faceQueue.push([1, 2, 3, 4, 5, 6]);
    await actions.requestChatAction(msg as never, "contestRoll", "1");
    expect(state(msg)).toMatchObject({ winner: "none" });
    // The robber at −5: a chance roll, [1] → dramatic failure; Karen's 1 success wins exceptionally.
    msg = await open(r, "karen", [1], "instant", -5);
    faceQueue.push([8, 1, 2, 3, 4, 5]);
    await actions.requestChatAction(msg as never, "contestRoll", "1");
    expect(state(msg)).toMatchObject({ winner: "second", exceptional: true });
  });

  it("an extended contest where both reach the target together is a tie; the GM lets it go on (002:L357) until one side pulls ahead", async () => {
    stand.setUser("gm");
    const r = robber();
    karen();
    // Target 3: robber (5 dice) 3 successes, Karen (6 dice) 3 → both at 3: no winner.
    const msg = await open(r, "karen", [8, 8, 8, 1, 2], "extended", 0, 3);
    faceQueue.push([8, 8, 8, 1, 2, 3]);
    await actions.requestChatAction(msg as never, "contestRoll", "1");
    expect(state(msg)).toMatchObject({ winner: "none", totals: [3, 3] });
    // A player may not; the GM may.
    stand.setUser("player");
    expect(await actions.requestChatAction(msg as never, "contestContinue", null)).toBe(false);
    stand.setUser("gm");
    expect(await actions.requestChatAction(msg as never, "contestContinue", null)).toBe(true);
    expect(state(msg)).toMatchObject({ winner: null, continueAfterTie: true });
    // Stage 2: robber 1, Karen 0 → 4 against 3: the robber is ahead and wins.
    faceQueue.push([8, 1, 2, 3, 4]);
    await actions.requestChatAction(msg as never, "contestRoll", "0");
    faceQueue.push([1, 2, 3, 4, 5, 6]);
    await actions.requestChatAction(msg as never, "contestRoll", "1");
    expect(stand.recorded.notifications.filter((n) => n.level !== "info").map((n) => n.message)).toEqual(["OMNIBUS.Chat.NotPermitted"]);
    expect(state(msg)).toMatchObject({ winner: "first", totals: [4, 3] });
    // Continuing a decided contest is refused.
    expect(await actions.requestChatAction(msg as never, "contestContinue", null)).toBe(false);
  });

  it("an opponent's advanced action (roll twice, keep the better) is re-resolved from both rolls' faces on the GM", async () => {
    stand.setUser("gm");
    const r = robber();
    const k = karen();
    const msg = await open(r, "karen", [8, 8, 1, 2, 3], "instant", 0);
    const request = (await checks.storytellingChecks.build({
      actor: k as never,
      kind: "contest",
      dataset: { messageId: msg.id, side: "1", stage: "1" },
      targets: [],
    }))!;
    expect(request.values).toMatchObject({ attribute: "stamina", second: "skill:athletics" });
    faceQueue.push([8, 1, 2, 3, 4, 5], [8, 9, 10, 1, 2, 3, 4]);
    await checks.storytellingChecks.roll(request, { ...request.values, advanced: true }, { rollMode: "publicroll" });
    // Karen keeps her second roll (3 successes, the 10 re-rolled as 4) and beats the robber's 2.
    expect(state(msg)).toMatchObject({ winner: "second", sides: [{ rolls: [{ successes: 2 }] }, { rolls: [{ successes: 3 }] }] });
  });

  it("digest E21: an extended contest to 6 — both accumulate each stage; the robber reaches 6 first on stage 3; Karen's rolls go through the GM", async () => {
    stand.setUser("gm");
    const r = robber();
    const k = karen();
    // The GM opens for the robber (side 0, 5 dice): stage 1 → 3 successes.
    const msg = await open(r, "karen", [8, 8, 8, 1, 2], "extended", 0, 6);
    // Karen's player rolls side 1; the message is the GM's, so the record goes to the GM over the socket.
    const karenRoll = async (faces: number[], stage: string) => {
      stand.setUser("player");
      faceQueue.push(faces);
      expect(await actions.requestChatAction(msg as never, "contestRoll", "1")).toBe(true);
      // Her roll is her own message naming the card, the action and the side's stage; the GM answers her over the socket.
      const response = stand.messages.at(-1)!;
      expect(response.author.id).toBe("player");
      expect((response.flags as any).omnibus.response).toMatchObject({ to: msg.id, action: "recordContest", target: `1:${stage}` });
      expect(stand.recorded.socketEmits.at(-1)).toMatchObject({ from: "gm", data: { to: "player", ok: true } });
      stand.setUser("gm");
    };
    const robberRoll = async (faces: number[], _stage: string) => {
      faceQueue.push(faces);
      expect(await actions.requestChatAction(msg as never, "contestRoll", "0")).toBe(true);
    };
    // Karen: Stamina 2 + Athletics 4 = 6 dice (the dialog is skipped, so without E21's +2 −1); her successes are E21's.
    await karenRoll([8, 1, 2, 3, 4, 5], "1");
    expect(state(msg).totals).toEqual([3, 1]);
    await robberRoll([1, 2, 3, 4, 5], "2");
    // The robber may not roll stage 3 before Karen's stage 2.
    expect(await actions.requestChatAction(msg as never, "contestRoll", "0")).toBe(false);
    await karenRoll([8, 9, 9, 1, 2, 3], "2");
    expect(state(msg).totals).toEqual([3, 4]);
    await robberRoll([9, 9, 8, 1, 2], "3");
    // Karen's stage-3 roll still completes the stage: she gets nothing, the robber reaches 6.
    await karenRoll([1, 2, 3, 4, 5, 6], "3");
    expect(state(msg)).toMatchObject({ winner: "first", totals: [6, 4] });
    expect(k.updates).toHaveLength(0);
  });
});

describe("teamwork and advanced actions as dialog options", () => {
  // Charles and Devon repair the car (digest E30): Charles Dexterity 2 + Crafts 4 = 6, darkness −3.
  async function charles() {
    const actor = actorDoc("charles", true, { attributes: attrs({ dexterity: 2 }), skills: { crafts: { dots: 4, specialties: "" } } });
    const request = (await checks.storytellingChecks.build({
      actor: actor as never,
      kind: "pool",
      dataset: { skill: "crafts", attribute: "dexterity" },
      targets: [],
    }))!;
    return { request, values: { ...request.values, situational: "-3" } };
  }

  it("digest E30: Devon's dramatic failure costs −4: 6 − 3 − 4 = −1, a chance roll; [6] is a failure, not dramatic", async () => {
    const { request, values } = await charles();
    const odds = checks.storytellingChecks.odds!(request, { ...values, helperDramaticFailures: 1 });
    expect(odds[0].label).toBe("OMNIBUS.Storytelling.Odds.ChanceSuccess");
    faceQueue.push([6]);
    await checks.storytellingChecks.roll(request, { ...values, helperDramaticFailures: 1 }, { rollMode: "publicroll" });
    const roll = lastCard().rolls[0];
    expect(roll).toMatchObject({ pool: -1, chance: true, successes: 0, outcomeLabel: "OMNIBUS.Storytelling.Outcome.failure" });
    expect(roll.parts).toEqual(expect.arrayContaining([{ label: "OMNIBUS.Storytelling.Part.teamworkDramaticFailure", value: "−4" }]));
  });

  it("digest E30 variant: Devon rolls 2 successes → 6 + 2 − 3 = 5 dice; two failed helpers cost −8, or −4 with the world setting", async () => {
    const { request, values } = await charles();
    faceQueue.push([8, 1, 2, 3, 4]);
    await checks.storytellingChecks.roll(request, { ...values, helperSuccesses: 2 }, { rollMode: "publicroll" });
    expect(lastCard().rolls[0]).toMatchObject({ pool: 5, successes: 1 });
    expect(lastCard().rolls[0].parts).toEqual(expect.arrayContaining([{ label: "OMNIBUS.Storytelling.Part.teamwork", value: "+2" }]));
    faceQueue.push([1]);
    await checks.storytellingChecks.roll(request, { ...values, situational: "0", helperDramaticFailures: 2 }, { rollMode: "publicroll" });
    expect(lastCard().rolls[0].pool).toBe(-2);
    stand.recorded.settingsValues.set("omnibus.storytelling_teamworkDramaticFailures", "once");
    const again = (await checks.storytellingChecks.build({
      actor: stand.documents.get("Actor.charles") as never,
      kind: "pool",
      dataset: { skill: "crafts", attribute: "dexterity" },
      targets: [],
    }))!;
    faceQueue.push([1, 2]);
    await checks.storytellingChecks.roll(again, { ...again.values, helperDramaticFailures: 2 }, { rollMode: "publicroll" });
    expect(lastCard().rolls[0].pool).toBe(2);
  });

  it("an advanced action (002:L480) rolls twice and keeps the better: [8,1,2] (1) and [8,9,3] (2) keep the second; both Rolls on the message; odds 1 − (0.7³)²", async () => {
    const actor = actorDoc("quick", true, { attributes: attrs({ wits: 2 }), skills: { athletics: { dots: 1, specialties: "" } } });
    const request = (await checks.storytellingChecks.build({
      actor: actor as never,
      kind: "pool",
      dataset: { skill: "athletics", attribute: "wits" },
      targets: [],
    }))!;
    const values = { ...request.values, advanced: true };
    expect(checks.storytellingChecks.odds!(request, values)[0].probability).toBeCloseTo(1 - (0.7 ** 3) ** 2, 12);
    faceQueue.push([8, 1, 2], [8, 9, 3]);
    await checks.storytellingChecks.roll(request, values, { rollMode: "publicroll" });
    expect((stand.recorded.messagesCreated.at(-1)!.data.rolls as unknown[]).length).toBe(2);
    const roll = lastCard().rolls[0];
    expect(roll.successes).toBe(2);
    expect(roll.dice.map((d) => d.face)).toEqual([8, 9, 3]);
    expect(roll.discarded).toMatchObject({ successes: 1 });
    expect(roll.discarded!.dice.map((d) => d.face)).toEqual([8, 1, 2]);
    // A tie keeps the first roll.
    faceQueue.push([8, 1, 2], [1, 9, 3]);
    await checks.storytellingChecks.roll(request, values, { rollMode: "publicroll" });
    expect(lastCard().rolls[0].dice.map((d) => d.face)).toEqual([8, 1, 2]);
  });
});

describe("initiative ties roll off by themselves (WoD p.152; digest §Z.4)", () => {
  const combatant = (id: string, initiative: number, dexterity: number, composure: number) => {
    const c = {
      id,
      name: id,
      initiative,
      flags: { omnibus: {} as Record<string, unknown> },
      actor: {
        system: { attributes: attrs({ dexterity, composure }) },
        statuses: new Set<string>(),
        update: async () => undefined,
        toggleStatusEffect: async () => undefined,
      },
      async setFlag(scope: string, key: string, value: unknown) {
        (c.flags as Record<string, Record<string, unknown>>)[scope][key] = value;
      },
    };
    return c;
  };

  it("when combat starts, the GM rolls off a tie on initiative and modifier until it breaks; a lower modifier needs no roll-off; later rounds keep it", async () => {
    stand.setUser("gm");
    stand.setActiveGM("gm");
    // a and b: 12 with Dexterity + Composure 5; c: 12 with 3 (the modifier decides); d: 9.
    const cs = [combatant("a", 12, 3, 2), combatant("b", 12, 2, 3), combatant("c", 12, 1, 2), combatant("d", 9, 2, 2)];
    const combatDoc = { id: "c1", combatants: { contents: cs }, resetAll: async () => undefined, rollAll: async () => undefined };
    // The first batch (4d10) ties twice (4–4, 1–1); the second breaks it (7–2).
    faceQueue.push([4, 4, 1, 1], [7, 2, 5, 5]);
    await stand.fire("combatStart", combatDoc, {});
    // The hook does not wait for the roll-off; it finishes a moment later.
    await vi.waitFor(() => expect(cs[1].flags.omnibus.rollOff).toBeDefined());
    expect(evaluated).toEqual(["4d10", "4d10"]);
    expect(cs[0].flags.omnibus.rollOff).toEqual({ initiative: 12, modifier: 5, faces: [4, 1, 7] });
    expect(cs[1].flags.omnibus.rollOff).toEqual({ initiative: 12, modifier: 5, faces: [4, 1, 2] });
    expect(cs[2].flags.omnibus.rollOff).toBeUndefined();
    expect(
      [...cs]
        .reverse()
        .sort(adapter.combat!.compare as never)
        .map((c) => c.id),
    ).toEqual(["a", "b", "c", "d"]);
    // A new round: the tie is settled, nothing is rolled (no faces are queued: a roll would throw).
    await combat.onCombatRound(combatDoc as never, { round: 2 }, false);
    expect(evaluated).toHaveLength(2);
    // A re-rolled initiative makes the old roll-off stale: b now ties d at 9 with no roll-off → they roll off.
    cs[1].initiative = 9;
    cs[3].actor.system.attributes = attrs({ dexterity: 3, composure: 2 });
    faceQueue.push([3, 8, 1, 1]);
    await combat.resolveTiesAsGM(combatDoc);
    expect(cs[1].flags.omnibus.rollOff).toEqual({ initiative: 9, modifier: 5, faces: [3] });
    expect(cs[3].flags.omnibus.rollOff).toEqual({ initiative: 9, modifier: 5, faces: [8] });
    expect([...cs].sort(adapter.combat!.compare as never).map((c) => c.id)).toEqual(["a", "c", "d", "b"]);
  });

  it("a GM whose chat is in blind mode is not asked to type the roll-off dice", async () => {
    stand.setUser("gm");
    stand.setActiveGM("gm");
    const cs = [combatant("a", 12, 3, 2), combatant("b", 12, 2, 3)];
    faceQueue.push([4, 4], [7, 2]);
    stand.setMessageMode("blindroll");
    const before = stand.recorded.evaluations.length;
    expect(await combat.rollOffTies({ combatants: { contents: cs } } as never)).toBe(2);
    expect(stand.recorded.evaluations.slice(before)).toEqual([{ allowInteractive: false }, { allowInteractive: false }]);
    expect(cs[0].flags.omnibus.rollOff).toEqual({ initiative: 12, modifier: 5, faces: [4, 7] });
  });

  it("a player's client rolls nothing", async () => {
    stand.setActiveGM("gm");
    const cs = [combatant("a", 12, 3, 2), combatant("b", 12, 2, 3)];
    await combat.resolveTiesAsGM({ id: "c1", combatants: { contents: cs } });
    expect(evaluated).toHaveLength(0);
    expect(cs[0].flags.omnibus.rollOff).toBeUndefined();
  });
});

describe("cover per target (WoD p.164; 002:L799–L803)", () => {
  beforeEach(() => {
    stand.setUser("gm");
    messagesAsDocuments();
  });
  const shooterDoc = () =>
    actorDoc(
      "shooter",
      true,
      {
        attributes: attrs({ strength: 3, dexterity: 3 }),
        skills: { firearms: { dots: 3, specialties: "" }, weaponry: { dots: 2, specialties: "" } },
      },
      [club, pistol],
    );
  // Vaughn: Defense 3 (Wits 3, Dexterity 3), armour 1/2 (general/ballistic).
  const vaughnDoc = (id: string) =>
    actorDoc(id, false, { attributes: attrs({ wits: 3, dexterity: 3 }) }, [
      { type: "storytelling_armor", system: { general: 1, ballistic: 2, defense: 0, equipped: true } },
    ]);

  it("each target has its own concealment: partially concealed −2 for one, none for the other; the odds name each target", async () => {
    const shooter = shooterDoc();
    vaughnDoc("v1");
    vaughnDoc("v2");
    const measured = targets.describeTargets(grid, token("shooter", 0), [token("v1", 100), token("v2", 150)]);
    const request = (await checks.storytellingChecks.build({
      actor: shooter as never,
      kind: "attack",
      dataset: { itemId: "w2" },
      targets: measured,
    }))!;
    expect(request.fields.filter((f) => f.name.startsWith("cover")).map((f) => [f.name, f.detail])).toEqual([
      ["cover0", "v1"],
      ["cover1", "v2"],
    ]);
    const values = { ...request.values, cover0: "partially" };
    const odds = checks.storytellingChecks.odds!(request, values);
    expect(odds.filter((o) => o.primary).map((o) => o.detail)).toEqual(["v1", "v2"]);
    // Strength 3 + Weaponry 2 + club 2 − Defense 3 − armour 1 = 3; partially concealed −2 → 1.
    expect(odds[0].probability).toBeCloseTo(0.3, 12);
    expect(odds.find((o) => o.primary && o.detail === "v2")!.probability).toBeCloseTo(1 - 0.7 ** 3, 12);
    faceQueue.push([8], [1, 2, 3]);
    await checks.storytellingChecks.roll(request, values, { rollMode: "publicroll" });
    expect(lastCard().rolls.map((r) => r.pool)).toEqual([1, 3]);
    expect(lastCard().rolls[0].parts).toEqual(expect.arrayContaining([{ label: "OMNIBUS.Storytelling.Part.concealment", value: "−2" }]));
    expect(() => checks.storytellingChecks.odds!(request, { ...request.values, cover1: "behind a cloud" })).toThrow(/concealment/);
  });

  it("full cover of Durability 2: 5 successes put 3 through, minus ballistic armour 2 → a new pool of 1; its 1 success is the damage", async () => {
    const shooter = shooterDoc();
    vaughnDoc("v1");
    const measured = targets.describeTargets(grid, token("shooter", 0), [token("v1", 1000)]);
    const request = (await checks.storytellingChecks.build({
      actor: shooter as never,
      kind: "attack",
      dataset: { itemId: "w1" },
      targets: measured,
    }))!;
    // Dexterity 3 + Firearms 3 + pistol 2 = 8 at short range; no Defense (Firearms), the armour waits for the second pool.
    const odds = checks.storytellingChecks.odds!(request, { ...request.values, cover0: "full2" }).filter((l) => !l.fact);
    expect(odds).toHaveLength(1);
    expect(odds[0]).toMatchObject({ label: "OMNIBUS.Storytelling.Odds.ThroughCover", detail: "v1 (3+)" });
    // P(at least 3 successes on 8 dice, 10-again): one die gives 0 (p 0.7), 1 on 8–9 (0.2), and 1 + another die's count on a 10 (0.1).
    const die = [0.7];
    for (let k = 1; k < 40; k++) die[k] = (k === 1 ? 0.2 : 0) + 0.1 * die[k - 1];
    let dist = [1];
    for (let n = 0; n < 8; n++)
      dist = Array.from({ length: dist.length + die.length - 1 }, (_, k) => die.reduce((sum, p, j) => sum + p * (dist[k - j] ?? 0), 0));
    expect(odds[0].probability).toBeCloseTo(1 - dist[0] - dist[1] - dist[2], 9);
    faceQueue.push([8, 8, 9, 9, 10, 1, 2, 3, 4], [8]);
    await checks.storytellingChecks.roll(request, { ...request.values, cover0: "full2" }, { rollMode: "publicroll" });
    const roll = lastCard().rolls[0];
    expect(roll).toMatchObject({ pool: 8, successes: 5 });
    expect(roll.cover).toMatchObject({ durability: 2, excess: 3, armor: 2, pool: 1, successes: 1 });
    expect(roll.damage).toEqual({ points: 1, typeLabel: "OMNIBUS.Storytelling.Damage.lethal" });
    expect(roll.buttons[0]).toMatchObject({ action: "applyDamage", data: { target: "0" } });
    expect((stand.messages.at(-1)!.flags as any).omnibus.damage["0"]).toMatchObject({ points: 1, type: "lethal" });
    expect((stand.recorded.messagesCreated.at(-1)!.data.rolls as unknown[]).length).toBe(2);
  });

  it("full cover stops an attack that does not beat its Durability: no second roll, no damage", async () => {
    const shooter = shooterDoc();
    vaughnDoc("v1");
    const measured = targets.describeTargets(grid, token("shooter", 0), [token("v1", 1000)]);
    const request = (await checks.storytellingChecks.build({
      actor: shooter as never,
      kind: "attack",
      dataset: { itemId: "w1" },
      targets: measured,
    }))!;
    faceQueue.push([8, 8, 1, 2, 3, 4, 5, 6]);
    await checks.storytellingChecks.roll(request, { ...request.values, cover0: "full3" }, { rollMode: "publicroll" });
    const roll = lastCard().rolls[0];
    expect(roll.cover).toMatchObject({ durability: 3, excess: 0, outcomeLabel: "OMNIBUS.Storytelling.Cover.Stopped" });
    expect(roll.buttons).toHaveLength(0);
    expect(evaluated).toHaveLength(1);
  });
});
