// @vitest-environment happy-dom
/**
 * Roll requests (issue 19) against the stand-ins: the GM asks three actors with three owners on one
 * card. Without hidden values each player rolls their own actor's check on their own client (their
 * dice, the card's faces), the card carries its link to the request, and the active GM gathers each
 * result once from the card it re-derived; a replayed card, a card rolled with other values, for
 * another actor or by a non-owner, amends nothing and tells the GM why. With a hidden difficulty the
 * owner's click asks the GM, who rolls the check itself (the difficulty read from the GMs' whisper);
 * the hidden value is in no data a player receives. A non-owner's click, a second click, a player's
 * request and bad input change nothing.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundryStandIns, StandInDocument, type StandInMessage, type StandIns } from "../../support/foundry-stand-ins";
import type { CheckValues, RulesetAdapter } from "../../../src/foundry/ruleset";
import { facesFromRoll } from "../../../src/rules/table/faces";
import { createHarness } from "../../support/handlebars";

const templates = createHarness({ language: "en" });

/* eslint-disable @typescript-eslint/no-explicit-any */
let stand: StandIns;
let requests: typeof import("../../../src/foundry/roll-requests");
let record: typeof import("../../../src/foundry/chat/record");
let cards: typeof import("../../../src/foundry/chat/cards");
let actions: typeof import("../../../src/foundry/chat/actions");
let checks: typeof import("../../../src/foundry/checks");
let rolled: Array<{ actor: string; values: CheckValues; rollMode: string; user: string; face: number }>;
let claim: Record<string, unknown> | null;

/**
 * A stand-in ruleset: a check is 1d20 + the actor's skill against the difficulty (the one dialog
 * field); its card claims the total, which the GM re-derives from the card's face.
 */
function adapter(): RulesetAdapter {
  return {
    id: "d6",
    label: "OMNIBUS.Ruleset.d6",
    actorTypes: { d6_character: { dataModel: class {} as never } },
    itemTypes: {},
    checks: {
      build(source) {
        const skill = Number((source.actor as any)?.system?.skill ?? 0);
        return {
          ruleset: "d6",
          kind: source.kind,
          // A dataset key the request did not name may change what is rolled (another item).
          title: source.dataset.item ? `Climb with ${source.dataset.item}` : "Climb",
          actorUuid: (source.actor as any)?.uuid ?? null,
          fields: [{ name: "difficulty", label: "OMNIBUS.Request.Difficulty", kind: "number", min: 1, max: 40 }],
          values: { difficulty: 10, skill },
          targets: [],
          data: { dataset: source.dataset },
          source: { kind: source.kind, dataset: { ...source.dataset } },
        };
      },
      async roll(request, values, { rollMode }) {
        const roll = new (globalThis as any).Roll("1d20");
        await roll.evaluate();
        const face = roll.dice[0].results[0].result;
        const total = face + Number(values.skill);
        // A player's client may claim any outcome on its Roll (`claim`): the GM must not take it.
        roll.options.outcome = claim ?? { total, success: total >= Number(values.difficulty) };
        rolled.push({ actor: String(request.actorUuid), values, rollMode, user: (globalThis as any).game.user.id, face });
        return cards.postCard({
          template: "systems/omnibus/templates/chat/check-card.hbs",
          context: { title: request.title },
          rolls: [roll],
          rollMode,
          flags: { testCheck: { total } },
          origin: cards.cardOrigin(request, values),
        });
      },
      rederive: {
        covers: (state) => Boolean(state.testCheck),
        check({ values, rolls, state }) {
          const faces = facesFromRoll(rolls[0] as never);
          if (faces.length !== 1 || faces[0].sides !== 20) throw new Error("not one d20");
          const total = faces[0].face + Number(values.skill);
          if ((state.testCheck as { total?: number }).total !== total) throw new Error("not its total");
          return { total, success: total >= Number(values.difficulty) };
        },
      },
    },
  };
}

const actors: Record<string, StandInDocument> = {};

beforeEach(async () => {
  vi.resetModules();
  rolled = [];
  claim = null;
  stand = installFoundryStandIns({ settings: { "omnibus.ruleset": "d6", "omnibus.rulesetChosen": true } });
  stand.makeUser("gm", true);
  for (const p of ["p1", "p2", "p3"]) stand.makeUser(p, false);
  stand.setActiveGM("gm");
  const system = await import("../../../src/foundry/system");
  // Real rendering of the request's results (the other templates are the stand-in's placeholder).
  const handlebars = (globalThis as any).foundry.applications.handlebars;
  const placeholder = handlebars.renderTemplate;
  handlebars.renderTemplate = async (path: string, context: Record<string, unknown>) =>
    path.endsWith("chat/request-results.hbs") ? templates.render(path, context) : placeholder(path, context);
  system.installOmnibus([adapter()]);
  await stand.fire("init");
  await stand.fire("ready");
  requests = await import("../../../src/foundry/roll-requests");
  record = await import("../../../src/foundry/chat/record");
  cards = await import("../../../src/foundry/chat/cards");
  actions = await import("../../../src/foundry/chat/actions");
  checks = await import("../../../src/foundry/checks");
  // Three actors, three owners; skills 12, 8, 3 (+ the d20's face).
  for (const [id, owner, skill] of [
    ["a1", "p1", 12],
    ["a2", "p2", 8],
    ["a3", "p3", 3],
  ] as const) {
    actors[id] = new StandInDocument(id, `Actor.${id}`, false, { name: `Hero ${id}`, owners: [owner], system: { skill } });
    stand.documents.set(`Actor.${id}`, actors[id]);
  }
});

async function ask(extra: Record<string, unknown> = {}): Promise<StandInMessage> {
  const card = await stand.asUser("gm", () =>
    requests.requestRoll({
      actors: ["Actor.a1", "Actor.a2", { uuid: "Actor.a3" }],
      kind: "skill",
      dataset: { skill: "climbing" },
      values: { difficulty: "15" },
      hidden: ["difficulty"],
      ...extra,
    } as never),
  );
  expect(card).toBeTruthy();
  return card as unknown as StandInMessage;
}
const click = (card: StandInMessage, target: string, from: string, id = `r${Math.random().toString(36).slice(2, 12)}`) =>
  stand.deliver({ type: "chatAction", requestId: id, messageId: card.id, action: "rollRequested", target }, from, "gm");
/** A click on the card's button on `user`'s own client (the card layer's dispatch). */
const press = async (card: StandInMessage, target: string, user: string) => {
  const done = await stand.asUser(user, () => actions.requestChatAction(card as never, "rollRequested", target));
  await stand.settle();
  return done;
};
const resultsOf = (card: StandInMessage) => (record.recordOf(card.id)!.state.rollRequest as any).results;
const answers = () => stand.recorded.socketEmits.filter((e) => e.from === "gm").map((e) => (e.data as any).notice?.key ?? "ok");
const notices = () => stand.recorded.notifications.map((n) => n.message);
/** A check `user` rolls and posts on their own client for `actor`, linked to the request's `index`. */
const ownCheck = (user: string, actor: string, index: number, card: StandInMessage, values: Record<string, string>, extra = {}) =>
  stand.asUser(user, async () => {
    const out = await checks.runCheck(
      { actor: actors[actor] as never, kind: "skill", dataset: { check: "skill", skill: "climbing", ...extra }, targets: [] },
      { skipDialog: true, values, rollMode: "publicroll", requestLink: { request: card.id, index } },
    );
    await stand.settle();
    return out as StandInMessage;
  });

describe("roll requests without hidden values: each player rolls their own", () => {
  it("three owners roll on their own clients with their own dice; each result is gathered once from the card", async () => {
    const card = await ask({ hidden: [] });
    // Faces 4, 9, 17: totals 16, 17, 20 against 15 — all three succeed.
    for (const [target, user, face] of [
      ["0", "p1", 4],
      ["1", "p2", 9],
      ["2", "p3", 17],
    ] as const) {
      stand.queueFaces(face);
      expect(await press(card, target, user)).toBe(true);
    }
    expect(stand.facesLeft).toEqual([]);
    expect(rolled.map((r) => [r.user, r.actor, r.face, r.values.difficulty, r.values.skill])).toEqual([
      ["p1", "Actor.a1", 4, 15, 12],
      ["p2", "Actor.a2", 9, 15, 8],
      ["p3", "Actor.a3", 17, 15, 3],
    ]);
    // Public cards by their players, each linked to the request next to its origin; nothing asked of the GM's socket.
    const own = stand.messages.filter((m) => (m.flags.omnibus as any)?.testCheck);
    expect(
      own.map((m) => [m.author.id, (m.flags.omnibus as any).requestLink, (m.flags.omnibus as any).origin.actorUuid, m.whisper]),
    ).toEqual([
      ["p1", { request: card.id, index: 0 }, "Actor.a1", []],
      ["p2", { request: card.id, index: 1 }, "Actor.a2", []],
      ["p3", { request: card.id, index: 2 }, "Actor.a3", []],
    ]);
    expect(stand.recorded.socketEmits.filter((e) => (e.data as any).type === "chatAction")).toEqual([]);
    expect(resultsOf(card)).toEqual({
      "0": { success: true, total: 16, by: "p1", messageId: own[0].id },
      "1": { success: true, total: 17, by: "p2", messageId: own[1].id },
      "2": { success: true, total: 20, by: "p3", messageId: own[2].id },
    });
    expect(record.recordOf(card.id)!.amendments.map((a) => [a.target, a.by])).toEqual([
      ["0", "p1"],
      ["1", "p2"],
      ["2", "p3"],
    ]);
    // A second press is refused on the player's client: nothing rolled, nothing posted.
    const before = stand.messages.length;
    expect(await press(card, "0", "p1")).toBe(false);
    expect(stand.messages.length).toBe(before);
    expect(notices().at(-1)).toContain("OMNIBUS.Refused.RequestRolled");
  });

  it("the result is the outcome the GM recomputed from the card's face, not the Roll's own claim", async () => {
    const card = await ask({ hidden: [] });
    // The Roll claims 40 and success; its face gives 1 + 3 = 4 against 15.
    claim = { total: 40, success: true };
    stand.queueFaces(1);
    expect(await press(card, "2", "p3")).toBe(true);
    const own = stand.messages.at(-1)!;
    expect((own.rolls[0] as any).options.outcome).toEqual({ total: 40, success: true });
    expect(record.recordOf(own.id)!.tampered).toBeNull();
    expect(resultsOf(card)["2"]).toEqual({ success: false, total: 4, by: "p3", messageId: own.id });
  });

  it("a card whose claim does not hold is recorded as forged and does not count", async () => {
    const card = await ask({ hidden: [] });
    stand.queueFaces(1);
    const own = await ownCheck("p3", "a3", 2, card, { difficulty: "15" });
    const flags = structuredClone(own.flags) as any;
    flags.omnibus.testCheck.total = 40;
    flags.omnibus.requestLink.index = 2;
    // Posted on a fresh request, so the index is free.
    const other = await ask({ hidden: [] });
    flags.omnibus.requestLink.request = other.id;
    const forged = await stand.asUser("p3", () => (globalThis as any).ChatMessage.create({ content: "", rolls: own.rolls, flags }));
    await stand.settle();
    expect(record.recordOf(forged.id)!.tampered).toMatchObject({ by: "p3", forged: expect.any(String) });
    expect(resultsOf(other)).toEqual({});
    expect(notices().at(-1)).toContain("OMNIBUS.Request.Why.Forged");
  });

  it("a replayed card, or a second card for the same actor, is not recorded twice", async () => {
    const card = await ask({ hidden: [] });
    stand.queueFaces(4);
    const first = await ownCheck("p1", "a1", 0, card, { difficulty: "15" });
    // The same card posted again (its data copied), and a fresh roll for the same index.
    const replay = await stand.asUser("p1", () =>
      (globalThis as any).ChatMessage.create({ content: first.content, rolls: first.rolls, flags: structuredClone(first.flags) }),
    );
    await stand.settle();
    stand.queueFaces(20);
    const second = await ownCheck("p1", "a1", 0, card, { difficulty: "15" });
    expect(record.recordOf(replay.id)!.tampered).toBeNull();
    expect(second).toBeTruthy();
    expect(resultsOf(card)).toEqual({ "0": { success: true, total: 16, by: "p1", messageId: first.id } });
    expect(record.recordOf(card.id)!.amendments).toHaveLength(1);
    expect(notices().filter((n) => n.startsWith("OMNIBUS.Request.NotCounted"))).toHaveLength(2);
    expect(notices().at(-1)).toContain("OMNIBUS.Request.Why.Rolled");
    // The GM's own click on that actor is refused as done.
    await click(card, "0", "gm");
    expect(answers().at(-1)).toBe("OMNIBUS.Chat.AlreadyApplied");
  });

  const refusedLinks: Array<[string, () => Promise<StandInMessage>, string]> = [
    ["rolled with another difficulty", () => ownCheck("p1", "a1", 0, (globalThis as any).__card, { difficulty: "5" }), "OtherValues"],
    ["another actor's slot", () => ownCheck("p1", "a1", 1, (globalThis as any).__card, { difficulty: "15" }), "OtherActor"],
    [
      "rolled by a player who does not own the actor",
      () => ownCheck("p2", "a1", 0, (globalThis as any).__card, { difficulty: "15" }),
      "Forged",
    ],
    ["another check", () => ownCheck("p1", "a1", 0, (globalThis as any).__card, { difficulty: "15" }, { skill: "swimming" }), "OtherCheck"],
    [
      "whose added dataset key changes the check",
      () => ownCheck("p1", "a1", 0, (globalThis as any).__card, { difficulty: "15" }, { item: "rope" }),
      "OtherCheck",
    ],
  ];
  for (const [what, post, why] of refusedLinks) {
    it(`a card ${what} stands as an ordinary roll; the request is not amended; the GM is told (${why})`, async () => {
      const card = await ask({ hidden: [] });
      (globalThis as any).__card = card;
      stand.queueFaces(10);
      const own = await post();
      expect(own).toBeTruthy();
      expect(record.recordOf(own.id)).toBeTruthy();
      expect(resultsOf(card)).toEqual({});
      expect(record.recordOf(card.id)!.amendments).toEqual([]);
      expect(notices().at(-1)).toMatch(new RegExp(`^OMNIBUS\\.Request\\.NotCounted.*OMNIBUS\\.Request\\.Why\\.${why}`));
      expect(record.readLog().at(-1)).toMatchObject({ kind: "refused", messageId: card.id, reason: `OMNIBUS.Request.Why.${why}` });
    });
  }

  it("the apply hooks see a player's result as a click's: a preApplyAction handler may cancel it", async () => {
    const card = await ask({ hidden: [] });
    const seen: any[] = [];
    (globalThis as any).Hooks.on("omnibus.applyAction", (p: any) => seen.push(p));
    let cancel = true;
    (globalThis as any).Hooks.on("omnibus.preApplyAction", () => !cancel);
    stand.queueFaces(4);
    await press(card, "0", "p1");
    expect(resultsOf(card)).toEqual({});
    expect(notices().at(-1)).toContain("OMNIBUS.Request.Why.Cancelled");
    cancel = false;
    stand.queueFaces(4);
    const own = await ownCheck("p1", "a1", 0, card, { difficulty: "15" });
    expect(resultsOf(card)["0"]).toMatchObject({ total: 16, messageId: own.id });
    expect(seen.map((p) => [p.action, p.target, p.userId, p.gmId, p.responseId, p.status])).toEqual([
      ["rollRequested", "0", "p1", "gm", own.id, "done"],
    ]);
  });

  it("a player's click sent to the GM for such a request is refused: the player rolls it", async () => {
    const card = await ask({ hidden: [] });
    await click(card, "0", "p1");
    expect(rolled).toEqual([]);
    expect(answers()).toEqual(["OMNIBUS.Refused.RollYourOwn"]);
  });
});

describe("roll requests with a hidden value: the GM rolls", () => {
  it("one card for three actors; each owner's press asks the GM, who rolls with the hidden difficulty; results gather on the card", async () => {
    const card = await ask();
    const requestCards = stand.messages.filter((m) => (m.flags.omnibus as any)?.rollRequest);
    expect(requestCards).toHaveLength(1);
    for (const [target, user, face] of [
      ["0", "p1", 4],
      ["1", "p2", 4],
      ["2", "p3", 4],
    ] as const) {
      stand.queueFaces(face);
      expect(await press(card, target, user)).toBe(true);
    }
    // Rolled on the GM's client: 16, 12, 7 against 15.
    expect(rolled.map((r) => [r.user, r.actor, r.values.difficulty, r.values.skill])).toEqual([
      ["gm", "Actor.a1", 15, 12],
      ["gm", "Actor.a2", 15, 8],
      ["gm", "Actor.a3", 15, 3],
    ]);
    // Hidden difficulty: the GM's own check cards are whispered to the GMs, and carry no origin or link.
    expect(rolled.every((r) => r.rollMode === (stand.generation >= 14 ? "gm" : "gmroll"))).toBe(true);
    const gmCards = stand.messages.filter((m) => (m.flags.omnibus as any)?.testCheck);
    expect(gmCards.map((m) => [m.author.id, m.whisper, (m.flags.omnibus as any).origin, (m.flags.omnibus as any).requestLink])).toEqual(
      gmCards.map(() => ["gm", ["gm"], undefined, undefined]),
    );
    expect(resultsOf(card)).toEqual({
      "0": { success: true, total: null, by: "p1", messageId: gmCards[0].id },
      "1": { success: false, total: null, by: "p2", messageId: gmCards[1].id },
      "2": { success: false, total: null, by: "p3", messageId: gmCards[2].id },
    });
  });

  it("the hidden difficulty is in no data a player receives: not the card, its record, the players' messages; only a whisper to the GMs", async () => {
    const card = await ask({ values: { difficulty: "17" } });
    stand.queueFaces(4);
    await press(card, "0", "p1");
    const forPlayers = stand.messages.filter((m) => m.whisper.length === 0 || m.whisper.some((id) => !stand.users.get(id)!.isGM));
    const visible = JSON.stringify({
      messages: forPlayers.map((m) => ({ flags: m.flags, content: m.content })),
      state: record.recordOf(card.id)!.state,
      rolls: record.recordOf(card.id)!.rolls,
    });
    expect(visible).not.toContain('"17"');
    expect(visible).not.toContain(":17");
    expect(visible).not.toMatch(/>\s*17\s*</);
    expect((card.flags.omnibus as any).rollRequest.values).toEqual({});
    const secret = stand.messages.find((m) => (m.flags.omnibus as any)?.secret?.for === card.id)!;
    expect(secret.whisper).toEqual(["gm"]);
    expect(JSON.stringify(secret.flags)).toContain('"17"');
    expect(rolled[0].values.difficulty).toBe(17);
  });

  it("a player's own card linked to a hidden request does not count (the GM rolls it)", async () => {
    const card = await ask();
    stand.queueFaces(10);
    const own = await ownCheck("p1", "a1", 0, card, {});
    expect(own).toBeTruthy();
    expect(resultsOf(card)).toEqual({});
    expect(notices().at(-1)).toContain("OMNIBUS.Request.Why.GMRolls");
  });

  it("a user who does not own the asked actor is refused; a second roll of the same actor is refused", async () => {
    const card = await ask();
    await click(card, "0", "p2");
    expect(rolled).toEqual([]);
    stand.queueFaces(4);
    await click(card, "0", "p1");
    await click(card, "0", "p1");
    await click(card, "3", "p1");
    expect(rolled).toHaveLength(1);
    expect(answers()).toEqual(["OMNIBUS.Chat.NotPermitted", "ok", "OMNIBUS.Chat.AlreadyApplied", "OMNIBUS.Chat.NoSuchTarget"]);
  });

  it("a forged secret from a player does not set the difficulty", async () => {
    const card = await ask({ values: { difficulty: "15" } });
    // p1 posts a message claiming to be the request's secret with difficulty 1.
    await stand.asUser("p1", () =>
      (globalThis as any).ChatMessage.create({
        content: "",
        flags: { omnibus: { secret: { for: card.id }, rollRequestSecret: { values: { difficulty: "1" } } } },
      }),
    );
    stand.queueFaces(4);
    await click(card, "0", "p1");
    expect(rolled[0].values.difficulty).toBe(15);
  });

  it("a GM's press rolls on the GM's side, on a request without hidden values too", async () => {
    const card = await ask({ hidden: [] });
    stand.queueFaces(4);
    expect(await press(card, "1", "gm")).toBe(true);
    expect(rolled.map((r) => [r.user, r.actor, r.rollMode])).toEqual([
      ["gm", "Actor.a2", stand.generation >= 14 ? "public" : "publicroll"],
    ]);
    expect(resultsOf(card)["1"]).toMatchObject({ success: false, total: 12, by: "gm" });
  });
});

describe("roll requests: asking and showing", () => {
  it("a player may not post a request; bad input posts nothing and says why", async () => {
    const before = stand.messages.length;
    expect(await requests.requestRoll({ actors: ["Actor.a1"], kind: "skill" })).toBeNull();
    expect(await stand.asUser("gm", () => requests.requestRoll({ actors: ["Actor.nope"], kind: "skill" }))).toBeNull();
    expect(
      await stand.asUser("gm", () =>
        requests.requestRoll({ actors: ["Actor.a1"], kind: "skill", values: { difficulty: "15" }, hidden: ["modifier"] }),
      ),
    ).toBeNull();
    expect(await stand.asUser("gm", () => requests.requestRoll({ actors: [], kind: "skill" }))).toBeNull();
    expect(stand.messages.length).toBe(before);
    expect(stand.recorded.notifications.map((n) => n.message.split(" ")[0])).toEqual([
      "OMNIBUS.Chat.NotPermitted",
      "OMNIBUS.Error.badArgument",
      "OMNIBUS.Error.badArgument",
      "OMNIBUS.Error.outOfRange",
    ]);
  });

  it("each owner sees only their actor's button; the GM sees the summary", async () => {
    const card = await ask({ hidden: [] });
    // p2 rolls 1 + 8 = 9 against 15.
    stand.queueFaces(1);
    await press(card, "1", "p2");
    const render = async (user: string) => {
      const html = document.createElement("div");
      // The card as check-card.hbs renders its buttons (the stand-in's renderTemplate is a placeholder).
      html.innerHTML = `<div class="omnibus-card">${["0", "1", "2"].map((t) => `<button data-action="rollRequested" data-target="${t}">Roll</button>`).join("")}</div>`;
      await stand.asUser(user, () => stand.fire("renderChatMessageHTML", card, html, {}));
      await new Promise((r) => setTimeout(r, 0));
      return html;
    };
    const p1 = await render("p1");
    expect(Array.from(p1.querySelectorAll("[data-action=rollRequested]")).map((b: any) => b.dataset.target)).toEqual(["0"]);
    expect(p1.querySelector(".omnibus-request-summary")).toBeNull();
    const gm = await render("gm");
    expect(gm.querySelectorAll("[data-action=rollRequested]")).toHaveLength(3);
    expect(Array.from(gm.querySelectorAll(".omnibus-request-results li")).map((li) => li.textContent)).toEqual([
      "Hero a1: awaiting",
      "Hero a2: failure (9)",
      "Hero a3: awaiting",
    ]);
    expect(gm.querySelector(".omnibus-request-summary")!.textContent).toBe("1 of 3 rolled, 0 succeeded.");
    // The rolled actor's button is shown as done.
    const p2 = await render("p2");
    expect(p2.querySelector<HTMLElement>("[data-target='1']")!.hasAttribute("disabled")).toBe(true);
  });
});

describe("the token controls' request tool (getSceneControlButtons)", () => {
  const controls = () => ({ tokens: { name: "tokens", tools: { select: { name: "select", order: 0 } } }, tiles: { tools: {} } });

  it("the hook gives the GM one button tool on the token controls, titled by a key both languages have", async () => {
    const shown = controls();
    await stand.asUser("gm", () => stand.fire("getSceneControlButtons", shown));
    const tool = (shown.tokens.tools as Record<string, any>).omnibusRequest;
    expect(tool).toMatchObject({ name: "omnibusRequest", button: true, visible: true, order: 1, title: "OMNIBUS.Request.Tool" });
    expect(typeof tool.onChange).toBe("function");
    expect(Object.keys(shown.tiles.tools)).toEqual([]);
  });

  it("a player gets no such tool; controls of another shape are left alone", async () => {
    const shown = controls();
    await stand.asUser("p1", () => stand.fire("getSceneControlButtons", shown));
    expect(Object.keys(shown.tokens.tools)).toEqual(["select"]);
    const list = [{ name: "tokens", tools: [] as unknown[] }];
    await stand.asUser("gm", () => stand.fire("getSceneControlButtons", list));
    expect(list[0].tools).toEqual([]);
  });
});
