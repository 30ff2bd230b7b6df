// @vitest-environment happy-dom
/**
 * The card layer's plumbing against every attack of issue 10, with the stand-ins playing Foundry's
 * part (the socket's sender argument, who may update a message, the hooks' user ids). The test
 * adapter's `applyDamage` adds a card's recorded amount to a target's wounds.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  createOptionsFor,
  installFoundryStandIns,
  modeName,
  StandInDocument,
  type StandInMessage,
  type StandIns,
} from "../support/foundry-stand-ins";
import { makeTestAdapters } from "../support/test-adapters";
import { createHarness } from "../support/handlebars";

const templates = createHarness({ language: "en" });

let stand: StandIns;
let actions: typeof import("../../src/foundry/chat/actions");
let record: typeof import("../../src/foundry/chat/record");
let cards: typeof import("../../src/foundry/chat/cards");
let adapters: Awaited<ReturnType<typeof makeTestAdapters>>;
let target: StandInDocument;
let bystander: StandInDocument;

beforeEach(async () => {
  vi.resetModules();
  stand = installFoundryStandIns();
  stand.makeUser("gm", true);
  stand.makeUser("gm2", true);
  stand.makeUser("other", false);
  stand.setActiveGM("gm");
  // Real rendering of the card-record part (the other templates are the stand-in's placeholder).
  const handlebars = (globalThis as any).foundry.applications.handlebars;
  const placeholder = handlebars.renderTemplate;
  handlebars.renderTemplate = async (path: string, context: Record<string, unknown>) =>
    path.endsWith("chat/card-record.hbs") ? templates.render(path, context) : placeholder(path, context);
  adapters = await makeTestAdapters();
  const system = await import("../../src/foundry/system");
  system.installOmnibus([adapters.d6, adapters.wfrp]);
  await stand.fire("init");
  await stand.fire("ready");
  actions = await import("../../src/foundry/chat/actions");
  record = await import("../../src/foundry/chat/record");
  cards = await import("../../src/foundry/chat/cards");
  target = new StandInDocument("t1", "Actor.t1", false, { name: "Thug", system: { wounds: 0 }, statuses: new Set<string>() });
  target.live = true;
  bystander = new StandInDocument("b1", "Actor.b1", false, { name: "Bystander", system: { wounds: 0 }, statuses: new Set<string>() });
  bystander.live = true;
  stand.documents.set("Actor.t1", target);
  stand.documents.set("Actor.b1", bystander);
});

/** The player posts a card offering 2 damage to the thug (the GM records it from its createChatMessage hook). */
async function postDamageCard(amount = 2): Promise<StandInMessage> {
  await cards.postCard({
    template: "systems/omnibus/templates/chat/check-card.hbs",
    context: {},
    flags: { damage: { targets: [{ actor: "Actor.t1", amount }] } },
  });
  return stand.messages.at(-1)!;
}
const notices = () => stand.recorded.notifications.map((n) => n.message);
const logKinds = () => record.readLog().map((e) => `${e.kind}:${e.reason ?? ""}`);
/** What the GM answered the player, for the last request. */
const lastAnswer = () => stand.recorded.socketEmits.filter((e) => e.from === "gm").at(-1)?.data as Record<string, any>;

describe("the GM's record", () => {
  it("records a card at creation with the author the server reported, in a world setting a player cannot write", async () => {
    const card = await postDamageCard();
    const r = record.recordOf(card.id)!;
    expect(r).toMatchObject({
      authorId: "player",
      ruleset: "d6",
      tampered: null,
      state: { damage: { targets: [{ actor: "Actor.t1", amount: 2 }] } },
    });
    // A player writing the record directly is refused by the server (the stand-in's settings rule).
    await expect((game.settings as any).set("omnibus", "cardRecords", {})).rejects.toThrow(/lacks permission/);
  });

  it("a player's click is applied once by the active GM from the record; the card shows who applied what", async () => {
    const card = await postDamageCard();
    expect(await actions.requestChatAction(card as never, "applyDamage", "0")).toBe(true);
    expect(target.updates).toEqual([{ "system.wounds": 2 }]);
    const mark = record.recordOf(card.id)!.marks["applyDamage:0"];
    expect(mark).toMatchObject({
      status: "done",
      by: "player",
      appliedBy: "gm",
      changes: [{ uuid: "Actor.t1", before: { "system.wounds": 0 }, after: { "system.wounds": 2 } }],
    });
    expect(stand.recorded.socketEmits[0].data).toEqual({
      type: "chatAction",
      requestId: expect.any(String),
      messageId: card.id,
      action: "applyDamage",
      target: "0",
    });
    const html = document.createElement("div");
    html.innerHTML = `<div class="omnibus-card"><button data-action="applyDamage" data-target="0">A</button></div>`;
    await stand.fire("renderChatMessageHTML", card, html, {});
    expect(html.querySelector("[data-action=applyDamage]")!.hasAttribute("disabled")).toBe(true);
    expect(html.querySelector(".omnibus-applied")!.textContent).toMatch(/^Applied — Thug\. Asked by player, applied by gm at /);
    expect(logKinds()).toEqual(["applied:"]);
  });

  it("an edit of the card by its author after creation marks it tampered; its actions are refused and the edit changes nothing", async () => {
    const card = await postDamageCard(1);
    // The player turns 1 damage on the thug into 9 on a bystander.
    await card.update({ "flags.omnibus.damage": { targets: [{ actor: "Actor.b1", amount: 9 }] } });
    expect(record.recordOf(card.id)!.tampered).toMatchObject({ by: "player" });
    expect(await actions.requestChatAction(card as never, "applyDamage", "0")).toBe(false);
    expect(notices()).toContain("OMNIBUS.Chat.Tampered");
    expect(target.updates).toEqual([]);
    expect(bystander.updates).toEqual([]);
    expect(logKinds()).toEqual(["tampered:", "refused:OMNIBUS.Chat.Tampered"]);
  });

  it("a GM's own edit is not tampering, and no one but the author or a GM may edit (the server refuses)", async () => {
    const card = await postDamageCard();
    await stand.asUser("gm", () => card.update({ content: "fixed typo" }));
    expect(record.recordOf(card.id)!.tampered).toBeNull();
    await expect(stand.asUser("other", () => card.update({ content: "x" }))).rejects.toThrow(/lacks permission/);
  });

  it("a deleted card applies nothing", async () => {
    const card = await postDamageCard();
    await card.delete();
    await stand.asUser("gm", () =>
      actions.handleSocketMessage(
        { type: "chatAction", requestId: "r1", messageId: card.id, action: "applyDamage", target: "0" },
        "player",
      ),
    );
    expect(target.updates).toEqual([]);
    expect(lastAnswer()).toMatchObject({ ok: false, notice: { key: "OMNIBUS.Chat.Unknown" } });
  });
});

describe("requests name, never state", () => {
  it("a user id in the payload is ignored: the GM takes the sender Foundry supplies", async () => {
    const card = await postDamageCard();
    // "other" claims to be the card's author (and the GM) in the data; Foundry says it is "other".
    await stand.deliver(
      { type: "chatAction", requestId: "r1", messageId: card.id, action: "applyDamage", target: "0", userId: "player" },
      "other",
      "gm",
    );
    expect(target.updates).toEqual([]);
    expect(lastAnswer()).toMatchObject({ to: "other", ok: false, notice: { key: "OMNIBUS.Chat.Malformed" } });
    await stand.deliver({ type: "chatAction", requestId: "r2", messageId: card.id, action: "applyDamage", target: "0" }, "other", "gm");
    expect(target.updates).toEqual([]);
    expect(lastAnswer()).toMatchObject({ to: "other", ok: false, notice: { key: "OMNIBUS.Chat.NotPermitted" } });
  });

  it("forged amounts, targets or keys are refused: a request carries only the message, the action and an offered target", async () => {
    const card = await postDamageCard();
    const send = (data: Record<string, unknown>) =>
      stand.deliver({ type: "chatAction", requestId: "r1", messageId: card.id, action: "applyDamage", ...data }, "player", "gm");
    await send({ target: "0", amount: 99 });
    await send({ target: "0", payload: { key: "fresh" } });
    await send({ target: "Actor.b1" });
    await send({ target: "1" });
    await send({ target: null });
    expect(target.updates).toEqual([]);
    expect(bystander.updates).toEqual([]);
    expect(stand.recorded.socketEmits.filter((e) => e.from === "gm").map((e) => (e.data as any).notice.key)).toEqual([
      "OMNIBUS.Chat.Malformed",
      "OMNIBUS.Chat.Malformed",
      "OMNIBUS.Chat.Malformed",
      "OMNIBUS.Chat.NoSuchTarget",
      "OMNIBUS.Chat.NoSuchTarget",
    ]);
  });

  it("an action the card does not offer, or a message with no record, is refused", async () => {
    const card = await postDamageCard();
    await stand.deliver({ type: "chatAction", requestId: "r1", messageId: card.id, action: "rollDamage", target: null }, "player", "gm");
    await stand.deliver({ type: "chatAction", requestId: "r2", messageId: card.id, action: "constructor", target: null }, "player", "gm");
    const plain = new StandInDocument("zz", "ChatMessage.zz", true, { author: { id: "player" } });
    stand.documents.set("ChatMessage.zz", plain);
    await stand.deliver({ type: "chatAction", requestId: "r3", messageId: "zz", action: "applyDamage", target: "0" }, "player", "gm");
    expect(target.updates).toEqual([]);
    expect(stand.recorded.socketEmits.filter((e) => e.from === "gm").map((e) => (e.data as any).notice.key)).toEqual([
      "OMNIBUS.Chat.Unknown",
      "OMNIBUS.Chat.Unknown",
      "OMNIBUS.Chat.NotRecorded",
    ]);
  });

  it("malformed requests get one clear refusal inside the handler and change nothing", async () => {
    const card = await postDamageCard();
    const bad: unknown[] = [
      null,
      "chatAction",
      42,
      [],
      { type: "chatAction" },
      { type: "chatAction", requestId: 16, messageId: card.id, action: "applyDamage", target: "0" },
      { type: "chatAction", requestId: "r", messageId: card.id, action: "applyDamage", target: 0 },
      { type: "chatAction", requestId: "r", messageId: card.id, action: "applyDamage", target: "x".repeat(500) },
      JSON.parse(
        `{"type":"chatAction","requestId":"r","messageId":"${card.id}","action":"applyDamage","target":"0","__proto__":{"isGM":true}}`,
      ),
      { type: "chatAction", requestId: "r", messageId: card.id, action: "applyDamage", target: "0", override: { amount: 1e308 } },
    ];
    for (const data of bad) await stand.deliver(data, "player", "gm");
    expect(target.updates).toEqual([]);
    const answers = stand.recorded.socketEmits.filter((e) => e.from === "gm").map((e) => e.data as any);
    expect(answers).toHaveLength(bad.length);
    expect(answers.every((a) => a.ok === false && a.to === "player" && a.notice.key === "OMNIBUS.Chat.Malformed")).toBe(true);
  });

  it('"0x10" is not index 16, and " 0" is not index 0', async () => {
    const { parseIndex } = await import("../../src/foundry/chat/requests");
    expect(parseIndex("0x10")).toBeNull();
    expect(parseIndex(" 0")).toBeNull();
    expect(parseIndex("1e1")).toBeNull();
    expect(parseIndex("16")).toBe(16);
  });

  it("only the active GM handles requests; another GM's client ignores them", async () => {
    const card = await postDamageCard();
    await stand.deliver({ type: "chatAction", requestId: "r1", messageId: card.id, action: "applyDamage", target: "0" }, "player", "gm2");
    expect(target.updates).toEqual([]);
    expect(stand.recorded.socketEmits).toHaveLength(0);
  });

  it("a flooding user is slowed down: past the limit their requests are refused, other users are served", async () => {
    const card = await postDamageCard();
    for (let i = 0; i < 15; i++)
      await stand.deliver(
        { type: "chatAction", requestId: `r${i}`, messageId: card.id, action: "applyDamage", target: "9" },
        "player",
        "gm",
      );
    const keys = stand.recorded.socketEmits.filter((e) => e.from === "gm").map((e) => (e.data as any).notice.key);
    expect(keys.slice(0, 12).every((k) => k === "OMNIBUS.Chat.NoSuchTarget")).toBe(true);
    expect(keys.slice(12)).toEqual(["OMNIBUS.Chat.SlowDown", "OMNIBUS.Chat.SlowDown", "OMNIBUS.Chat.SlowDown"]);
    await stand.deliver({ type: "chatAction", requestId: "g1", messageId: card.id, action: "applyDamage", target: "9" }, "other", "gm");
    expect(lastAnswer().notice.key).toBe("OMNIBUS.Chat.NoSuchTarget");
  });
});

describe("exactly once", () => {
  it("replaying a request, or a GM click and a player request at once, applies once", async () => {
    const card = await postDamageCard();
    const request = { type: "chatAction", requestId: "r1", messageId: card.id, action: "applyDamage", target: "0" };
    const [a, b] = await Promise.all([
      stand.asUser("gm", () => actions.requestChatAction(card as never, "applyDamage", "0")),
      stand.deliver(request, "player", "gm"),
    ]);
    await stand.deliver({ ...request, requestId: "r2" }, "player", "gm");
    void a;
    void b;
    expect(target.updates).toEqual([{ "system.wounds": 2 }]);
    expect(logKinds().filter((k) => k.startsWith("applied"))).toHaveLength(1);
  });

  it("a GM who is not the active GM goes through the active GM (one lock)", async () => {
    const card = await postDamageCard();
    await stand.asUser("gm2", () => actions.requestChatAction(card as never, "applyDamage", "0"));
    await stand.settle();
    await stand.asUser("gm", () => actions.requestChatAction(card as never, "applyDamage", "0"));
    expect(target.updates).toEqual([{ "system.wounds": 2 }]);
    expect(record.recordOf(card.id)!.marks["applyDamage:0"]).toMatchObject({ by: "gm2", appliedBy: "gm" });
  });

  it("when the pending mark cannot be stored, nothing is applied", async () => {
    const card = await postDamageCard();
    const settings = game.settings as any;
    const set = settings.set;
    settings.set = async () => {
      throw new Error("the server is gone");
    };
    await stand.asUser("gm", () => actions.requestChatAction(card as never, "applyDamage", "0"));
    settings.set = set;
    expect(target.updates).toEqual([]);
    expect(record.recordOf(card.id)!.marks).toEqual({});
  });

  it("a late answer after the timeout applies nothing twice: the player is told, the GM's application stays the one", async () => {
    vi.useFakeTimers();
    try {
      const card = await postDamageCard();
      stand.setActiveGM("gm");
      // The GM does not answer in time: the request is held back.
      const socket = (game as any).socket;
      const emit = socket.emit;
      const held: unknown[] = [];
      socket.emit = (_c: string, data: unknown) => held.push(data);
      const pending = actions.requestChatAction(card as never, "applyDamage", "0");
      await vi.advanceTimersByTimeAsync(actions.ANSWER_TIMEOUT_MS + 1);
      expect(await pending).toBe(false);
      expect(notices()).toContain("OMNIBUS.Chat.NoAnswer");
      socket.emit = emit;
      await stand.deliver(held[0], "player", "gm");
      await stand.deliver(held[0], "player", "gm");
      expect(target.updates).toEqual([{ "system.wounds": 2 }]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the GM's hand", () => {
  it("undo reverses the application as a delta, after a later change to the same actor", async () => {
    const card = await postDamageCard(2);
    await actions.requestChatAction(card as never, "applyDamage", "0");
    // Later, something else (the GM, who may write the thug) adds 3 wounds.
    await stand.asUser("gm", () => target.update({ "system.wounds": 5 }));
    await stand.asUser("gm", () => actions.undoMark(card as never, "applyDamage:0", stand.users.get("gm") as never));
    expect((target as any).system.wounds).toBe(3);
    expect(record.recordOf(card.id)!.marks["applyDamage:0"]).toMatchObject({ status: "undone", undoneBy: "gm" });
    expect(logKinds()).toContain("undone:");
    // A player may not undo.
    await expect(actions.undoMark(card as never, "applyDamage:0", stand.users.get("player") as never)).rejects.toThrow();
  });

  it("undo never goes beyond the range the value has had", async () => {
    const { undoUpdate } = actions;
    // 12 wounds left, lost 7 (→ 5), healed to 12: undoing the loss stays at 12.
    expect(
      undoUpdate({ uuid: "a", name: "a", before: { w: 12 }, after: { w: 5 }, statusesBefore: {}, statuses: {} }, { w: 12 }, {}).update,
    ).toEqual({ w: 12 });
    // A string changed since is left alone and reported.
    expect(
      undoUpdate(
        { uuid: "a", name: "a", before: { s: "healthy" }, after: { s: "wounded" }, statusesBefore: {}, statuses: {} },
        { s: "incapacitated" },
        {},
      ).skipped,
    ).toEqual(["s"]);
  });

  it("the GM applies half, double, a custom amount, or to the selected tokens; a player may not override", async () => {
    const card = await postDamageCard(4);
    await stand.asUser("gm", () => actions.requestChatAction(card as never, "applyDamage", "0", { factor: 0.5 }));
    expect(target.updates).toEqual([{ "system.wounds": 2 }]);
    const second = await postDamageCard(4);
    await stand.asUser("gm", () => actions.requestChatAction(second as never, "applyDamage", "0", { actors: ["Actor.b1"] }));
    expect(bystander.updates).toEqual([{ "system.wounds": 4 }]);
    const third = await postDamageCard(4);
    await stand.deliver(
      { type: "chatAction", requestId: "r1", messageId: third.id, action: "applyDamage", target: "0", override: { amount: 50 } },
      "player",
      "gm",
    );
    expect(lastAnswer().notice.key).toBe("OMNIBUS.Chat.NotPermitted");
    expect(target.updates).toHaveLength(1);
  });

  it("the GM's card shows Undo and override controls; a player's does not", async () => {
    const card = await postDamageCard();
    const html = () => {
      const div = document.createElement("div");
      div.innerHTML = `<div class="omnibus-card"><button data-action="applyDamage" data-target="0">A</button></div>`;
      return div;
    };
    const gmView = html();
    await stand.asUser("gm", () => stand.fire("renderChatMessageHTML", card, gmView, {}));
    expect(gmView.querySelectorAll("[data-omnibus=override]")).toHaveLength(4);
    await actions.requestChatAction(card as never, "applyDamage", "0");
    const after = html();
    await stand.asUser("gm", () => stand.fire("renderChatMessageHTML", card, after, {}));
    expect(after.querySelector("[data-omnibus=undo]")).not.toBeNull();
    const playerView = html();
    await stand.fire("renderChatMessageHTML", card, playerView, {});
    expect(playerView.querySelector("[data-omnibus]")).toBeNull();
  });
});

describe("who may apply", () => {
  it("with approval required, a player's request waits in the GM's queue until approved; rejection applies nothing", async () => {
    await (game.settings as any)
      .set("omnibus", "whoMayApply", "approval")
      .catch(async () => stand.asUser("gm", () => (game.settings as any).set("omnibus", "whoMayApply", "approval")));
    const card = await postDamageCard();
    expect(await actions.requestChatAction(card as never, "applyDamage", "0")).toBe(false);
    expect(notices()).toContain("OMNIBUS.Chat.Queued");
    expect(target.updates).toEqual([]);
    const [queued] = record.recordOf(card.id)!.queue;
    expect(queued).toMatchObject({ action: "applyDamage", target: "0", userId: "player" });
    const gmView = document.createElement("div");
    gmView.innerHTML = `<div class="omnibus-card"></div>`;
    await stand.asUser("gm", () => stand.fire("renderChatMessageHTML", card, gmView, {}));
    expect(gmView.querySelector("[data-omnibus=approve]")).not.toBeNull();
    await stand.asUser("gm", () => actions.settleQueued(card as never, queued.id, true, stand.users.get("gm") as never));
    expect(target.updates).toEqual([{ "system.wounds": 2 }]);
    expect(record.recordOf(card.id)!.marks["applyDamage:0"]).toMatchObject({ by: "player", appliedBy: "gm" });

    const other = await postDamageCard();
    await actions.requestChatAction(other as never, "applyDamage", "0");
    const [q2] = record.recordOf(other.id)!.queue;
    await stand.asUser("gm", () => actions.settleQueued(other as never, q2.id, false, stand.users.get("gm") as never));
    expect(target.updates).toHaveLength(1);
    expect(logKinds()).toContain("rejected:");
  });

  it("with approval required, a player's second roll waits in the queue too; approved it applies, edited since it is refused", async () => {
    await stand.asUser("gm", () => (game.settings as any).set("omnibus", "whoMayApply", "approval"));
    const card = await postDamageCard();
    const respond = (total: number) =>
      (globalThis as any).ChatMessage.create({
        content: "",
        rolls: [{ total, toJSON: () => ({ total }) }],
        flags: { omnibus: { ruleset: "d6", response: { to: card.id, action: "addRolled", target: "0", choices: { note: "x" } } } },
      });
    const answer = await respond(3);
    await stand.settle();
    expect(target.updates).toEqual([]);
    const [queued] = record.recordOf(card.id)!.queue;
    expect(queued).toMatchObject({
      action: "addRolled",
      target: "0",
      userId: "player",
      response: { messageId: answer.id, choices: { note: "x" } },
    });
    expect(await stand.asUser("gm", () => actions.settleQueued(card as never, queued.id, true, stand.users.get("gm") as never))).toBe(true);
    expect(target.updates).toEqual([{ "system.wounds": 3 }]);

    // A second card: the responder edits their roll after it was queued; the approval is refused.
    const other = await postDamageCard();
    const edited = await (globalThis as any).ChatMessage.create({
      content: "",
      rolls: [{ total: 1, toJSON: () => ({ total: 1 }) }],
      flags: { omnibus: { ruleset: "d6", response: { to: other.id, action: "addRolled", target: "0", choices: {} } } },
    });
    await stand.settle();
    const [q2] = record.recordOf(other.id)!.queue;
    (edited as any)._source.rolls = [JSON.stringify({ total: 6 })];
    (edited as any).rolls = [{ total: 6, toJSON: () => ({ total: 6 }) }];
    await expect(
      stand.asUser("gm", () => actions.settleQueued(other as never, q2.id, true, stand.users.get("gm") as never)),
    ).rejects.toThrow("OMNIBUS.Chat.Tampered");
    expect(target.updates).toHaveLength(1);
  });

  it("a GM who is not the active GM undoes and approves through the active GM; a player asking the same is refused", async () => {
    const card = await postDamageCard();
    await stand.asUser("gm", () => actions.requestChatAction(card as never, "applyDamage", "0"));
    expect(await stand.asUser("gm2", () => actions.gmControl(card as never, "undo", "applyDamage:0"))).toBe(true);
    expect(target.updates).toEqual([{ "system.wounds": 2 }, { "system.wounds": 0 }]);
    expect(record.recordOf(card.id)!.marks["applyDamage:0"]).toMatchObject({ status: "undone", undoneBy: "gm2" });

    await stand.asUser("gm", () => (game.settings as any).set("omnibus", "whoMayApply", "approval"));
    const other = await postDamageCard();
    await actions.requestChatAction(other as never, "applyDamage", "0");
    const [queued] = record.recordOf(other.id)!.queue;
    // A player forges the GM control over the socket: Foundry names the sender, and a player is no GM.
    await stand.deliver({ type: "gmControl", requestId: "r9", messageId: other.id, kind: "approve", id: queued.id }, "player", "gm");
    expect(lastAnswer()).toMatchObject({ ok: false, to: "player", notice: { key: "OMNIBUS.Chat.NotPermitted" } });
    expect(record.recordOf(other.id)!.queue).toHaveLength(1);
    // Malformed: an unknown kind or an extra key changes nothing.
    await stand.deliver({ type: "gmControl", requestId: "r8", messageId: other.id, kind: "apply", id: queued.id }, "gm2", "gm");
    await stand.deliver({ type: "gmControl", requestId: "r7", messageId: other.id, kind: "approve", id: queued.id, x: 1 }, "gm2", "gm");
    expect(record.recordOf(other.id)!.queue).toHaveLength(1);
    expect(await stand.asUser("gm2", () => actions.gmControl(other as never, "approve", queued.id))).toBe(true);
    expect(target.updates.at(-1)).toEqual({ "system.wounds": 2 });
    expect(record.recordOf(other.id)!.queue).toHaveLength(0);
  });

  it("with GM only, a player's request is refused; the GM's click applies", async () => {
    await stand.asUser("gm", () => (game.settings as any).set("omnibus", "whoMayApply", "gm"));
    const card = await postDamageCard();
    expect(await actions.requestChatAction(card as never, "applyDamage", "0")).toBe(false);
    expect(notices()).toContain("OMNIBUS.Chat.GMOnly");
    expect(await stand.asUser("gm", () => actions.requestChatAction(card as never, "applyDamage", "0"))).toBe(true);
    expect(target.updates).toHaveLength(1);
  });
});

describe("the GM's log", () => {
  it("keeps applications, refusals, tamper marks and undos with who and when in a world setting (kept across reloads); only a GM may open it", async () => {
    const card = await postDamageCard();
    await actions.requestChatAction(card as never, "applyDamage", "0");
    await actions.requestChatAction(card as never, "applyDamage", "0");
    await stand.asUser("gm", () => actions.undoMark(card as never, "applyDamage:0", stand.users.get("gm") as never));
    await card.update({ content: "edited" });
    const stored = stand.recorded.settingsValues.get("omnibus.cardLog") as Array<Record<string, unknown>>;
    expect(stored.map((e) => [e.kind, e.userId])).toEqual([
      ["applied", "player"],
      ["refused", "player"],
      ["undone", "gm"],
      ["tampered", "player"],
    ]);
    expect(stored.every((e) => typeof e.at === "number")).toBe(true);
    expect(stand.recorded.settingsRegistered.get("omnibus.cardLog")).toMatchObject({ scope: "world", config: false });
    await actions.showCardLog();
    expect(notices()).toContain("OMNIBUS.Chat.NotPermitted");
    expect(stand.recorded.dialogs).toHaveLength(0);
    await stand.asUser("gm", () => actions.showCardLog());
    expect(stand.recorded.dialogs).toHaveLength(1);
  });
});

describe("chat cards", () => {
  it("ChatMessage.create receives the rendered card, the rolls, the speaker and the ruleset flag; the chosen roll mode goes to create", async () => {
    const roll = new adapters.HeroRoll("2d6 + 1d6x6", {}, { dice: 3 } as never);
    await cards.postCard({
      template: "systems/omnibus/templates/chat/check-card.hbs",
      context: { title: "Blaster" },
      actor: { id: "a1" } as never,
      rolls: [roll as never],
      rollMode: "blindroll",
      flags: { check: "skill" },
    });
    const [{ data, options }] = stand.recorded.messagesCreated;
    expect(data.rolls).toEqual([roll]);
    expect(data.speaker).toMatchObject({ actor: "a1" });
    expect(data.flags).toEqual({ omnibus: { ruleset: "d6", check: "skill" } });
    expect(data.sound).toBe("sounds/dice.wav");
    // The mode goes to create in the generation's option, and onto the data through compat.
    expect(options).toEqual(createOptionsFor("blindroll"));
    // Whispered to every GM (this suite has two).
    expect(data).toMatchObject({ whisper: ["gm", "gm2"], blind: true });
  });

  it("without a chosen roll mode, the user's current one (core.rollMode on v13, core.messageMode on v14) is used", async () => {
    stand.setMessageMode("gmroll");
    await cards.postCard({ template: "systems/omnibus/templates/chat/check-card.hbs", context: {} });
    expect(stand.recorded.messagesCreated[0].options).toEqual(createOptionsFor("gmroll"));
    expect(stand.recorded.messagesCreated[0].data.rolls).toEqual([]);
  });

  // Issue 11 item 3: create's mode option only acts on roll messages (the stand-in's rule), so a
  // roll-less card must apply the mode to its own data.
  it("a private card without rolls is private: the mode is applied to the message data itself", async () => {
    await cards.postCard({ template: "systems/omnibus/templates/chat/check-card.hbs", context: {}, rollMode: "gmroll" });
    const [{ data }] = stand.recorded.messagesCreated;
    expect(data.rolls).toEqual([]);
    expect(data.whisper).toEqual(["gm", "gm2"]);
    expect(stand.recorded.rollModesApplied).toEqual([modeName("gmroll")]);
    stand.recorded.messagesCreated.length = 0;
    await cards.postCard({ template: "systems/omnibus/templates/chat/check-card.hbs", context: {}, rollMode: "selfroll" });
    expect(stand.recorded.messagesCreated[0].data.whisper).toEqual(["player"]);
  });

  it("the stand-in's rule: create's option alone leaves a roll-less card public (what the old postCard did)", async () => {
    const data: Record<string, unknown> = { content: "x", rolls: [] };
    await (globalThis as unknown as { ChatMessage: { create(d: unknown, o: unknown): Promise<unknown> } }).ChatMessage.create(
      data,
      createOptionsFor("gmroll"),
    );
    expect(data.whisper).toBeUndefined();
  });

  it("a mode of the other generation's spelling is translated (a v14 'gm' on v13, a v13 'gmroll' on v14)", async () => {
    await cards.postCard({
      template: "systems/omnibus/templates/chat/check-card.hbs",
      context: {},
      rollMode: stand.generation >= 14 ? "gmroll" : "gm",
    });
    expect(stand.recorded.messagesCreated[0].options).toEqual(createOptionsFor("gmroll"));
    expect(stand.recorded.messagesCreated[0].data.whisper).toEqual(["gm", "gm2"]);
  });

  it("posting cards uses no deprecated name of this generation", async () => {
    stand.setMessageMode("blindroll");
    const roll = new adapters.HeroRoll("2d6 + 1d6x6", {}, { dice: 3 } as never);
    await cards.postCard({ template: "systems/omnibus/templates/chat/check-card.hbs", context: {}, rolls: [roll as never] });
    await cards.postCard({ template: "systems/omnibus/templates/chat/check-card.hbs", context: {} });
    expect(stand.recorded.messagesCreated.map((m) => m.data.blind)).toEqual([true, true]);
    expect(stand.recorded.deprecations).toEqual([]);
  });

  it("a local action runs on the clicking client", async () => {
    const card = await postDamageCard();
    expect(await actions.requestChatAction(card as never, "rollDamage", null)).toBe(true);
    expect(adapters.applied).toEqual([{ user: "player", payload: { target: "null" } }]);
  });

  it("with no GM connected a change is refused with a notification", async () => {
    const card = await postDamageCard();
    stand.setActiveGM(null);
    expect(await actions.requestChatAction(card as never, "applyDamage", "0")).toBe(false);
    expect(notices()).toContain("OMNIBUS.Chat.NoGM");
  });
});
