// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createOptionsFor, installFoundryStandIns, modeName, StandInDocument, type StandIns } from "../support/foundry-stand-ins";
import { makeTestAdapters } from "../support/test-adapters";

let stand: StandIns;
let actions: typeof import("../../src/foundry/chat/actions");
let cards: typeof import("../../src/foundry/chat/cards");
let adapters: Awaited<ReturnType<typeof makeTestAdapters>>;
let target: StandInDocument;
let message: StandInDocument;

function makeMessage(author: string, isOwner: boolean): StandInDocument {
  const m = new StandInDocument("m1", "ChatMessage.m1", isOwner, { author: { id: author } });
  stand.documents.set("ChatMessage.m1", m);
  return m;
}

beforeEach(async () => {
  vi.resetModules();
  stand = installFoundryStandIns();
  stand.makeUser("gm", true);
  adapters = await makeTestAdapters();
  const system = await import("../../src/foundry/system");
  system.installOmnibus([adapters.d6, adapters.wfrp]);
  await stand.fire("init");
  await stand.fire("ready");
  actions = await import("../../src/foundry/chat/actions");
  cards = await import("../../src/foundry/chat/cards");
  target = new StandInDocument("t1", "Actor.t1", false);
  stand.documents.set("Actor.t1", target);
  message = makeMessage("player", true);
});

const msg = () => message as never;
const notices = () => stand.recorded.notifications.map((n) => n.message);

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
    expect(data.content).toContain("systems/omnibus/templates/chat/check-card.hbs");
    expect(data.speaker).toMatchObject({ actor: "a1" });
    expect(data.flags).toEqual({ omnibus: { ruleset: "d6", check: "skill" } });
    expect(data.sound).toBe("sounds/dice.wav");
    // The mode goes to create in the generation's option, and onto the data through compat.
    expect(options).toEqual(createOptionsFor("blindroll"));
    expect(data).toMatchObject({ whisper: ["gm"], blind: true });
    expect(stand.recorded.rendered[0].context).toMatchObject({ title: "Blaster", ruleset: "d6" });
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
    expect(data.whisper).toEqual(["gm"]);
    expect(stand.recorded.rollModesApplied).toEqual([modeName("gmroll")]);
    stand.recorded.messagesCreated.length = 0;
    await cards.postCard({ template: "systems/omnibus/templates/chat/check-card.hbs", context: {}, rollMode: "selfroll" });
    expect(stand.recorded.messagesCreated[0].data.whisper).toEqual(["player"]);
  });

  it("the stand-in's rule: create's option alone leaves a roll-less card public (what the old postCard did)", async () => {
    const data: Record<string, unknown> = { content: "x", rolls: [] };
    await (globalThis as unknown as { ChatMessage: { create(d: unknown, o: unknown): Promise<unknown> } }).ChatMessage.create(data, createOptionsFor("gmroll"));
    expect(data.whisper).toBeUndefined();
  });

  it("a mode of the other generation's spelling is translated (a v14 'gm' on v13, a v13 'gmroll' on v14)", async () => {
    await cards.postCard({ template: "systems/omnibus/templates/chat/check-card.hbs", context: {}, rollMode: stand.generation >= 14 ? "gmroll" : "gm" });
    expect(stand.recorded.messagesCreated[0].options).toEqual(createOptionsFor("gmroll"));
    expect(stand.recorded.messagesCreated[0].data.whisper).toEqual(["gm"]);
  });

  it("posting cards uses no deprecated name of this generation", async () => {
    stand.setMessageMode("blindroll");
    const roll = new adapters.HeroRoll("2d6 + 1d6x6", {}, { dice: 3 } as never);
    await cards.postCard({ template: "systems/omnibus/templates/chat/check-card.hbs", context: {}, rolls: [roll as never] });
    await cards.postCard({ template: "systems/omnibus/templates/chat/check-card.hbs", context: {} });
    expect(stand.recorded.messagesCreated.map((m) => m.data.blind)).toEqual([true, true]);
    expect(stand.recorded.deprecations).toEqual([]);
  });
});

describe("chat actions", () => {
  it("a GM's click applies the change locally in one update, toggles statuses and records it on the message", async () => {
    stand.setUser("gm");
    stand.setActiveGM("gm");
    const ok = await actions.requestChatAction(msg(), "applyDamage", { target: "Actor.t1", amount: "3" });
    expect(ok).toBe(true);
    expect(target.updates).toEqual([{ "system.wounds": 3 }]);
    expect(target.statusToggles).toEqual([{ id: "stunned", active: true }]);
    expect(stand.recorded.socketEmits).toHaveLength(0);
    expect(actions.isApplied(msg(), "applyDamage")).toBe(true);
  });

  it("a player who owns the message and the target applies it locally", async () => {
    target.isOwner = true;
    expect(await actions.requestChatAction(msg(), "applyDamage", { target: "Actor.t1", amount: "1" })).toBe(true);
    expect(target.updates).toEqual([{ "system.wounds": 1 }]);
    expect(stand.recorded.socketEmits).toHaveLength(0);
  });

  it("a change to a document the player does not own goes to the active GM, who re-checks and applies it", async () => {
    stand.setActiveGM("gm");
    const pending = actions.requestChatAction(msg(), "applyDamage", { target: "Actor.t1", amount: "2", key: "t1" });
    await vi.waitFor(() => expect(stand.recorded.socketEmits).toHaveLength(1));
    const { channel, data } = stand.recorded.socketEmits[0];
    expect(channel).toBe("system.omnibus");
    expect(data).toMatchObject({ type: "chatAction", userId: "player", messageId: "m1", action: "applyDamage", payload: { target: "Actor.t1", amount: "2", key: "t1" } });
    expect(target.updates).toEqual([]);

    // On the GM's client.
    stand.setUser("gm");
    await actions.handleSocketMessage(data as never);
    expect(target.updates).toEqual([{ "system.wounds": 2 }]);
    expect(actions.isApplied(msg(), "applyDamage-t1")).toBe(true);
    const answer = stand.recorded.socketEmits[1].data;
    expect(answer).toMatchObject({ type: "chatActionAnswer", userId: "player", ok: true });

    // Back on the player's client.
    stand.setUser("player");
    await actions.handleSocketMessage(answer as never);
    expect(await pending).toBe(true);
  });

  it("with no GM connected the request is refused with a notification and nothing changes", async () => {
    stand.setActiveGM(null);
    expect(await actions.requestChatAction(msg(), "applyDamage", { target: "Actor.t1", amount: "2" })).toBe(false);
    expect(notices()).toEqual(["OMNIBUS.Chat.NoGM"]);
    expect(stand.recorded.socketEmits).toHaveLength(0);
    expect(target.updates).toEqual([]);
  });

  it("the GM refuses a request from a user who may not use the button, and answers why", async () => {
    stand.makeUser("other", false);
    stand.setUser("gm");
    stand.setActiveGM("gm");
    await actions.handleSocketMessage({ type: "chatAction", requestId: "r1", userId: "other", messageId: "m1", action: "applyDamage", payload: { target: "Actor.t1", amount: "2" } });
    expect(target.updates).toEqual([]);
    expect(stand.recorded.socketEmits[0].data).toMatchObject({ ok: false, userId: "other", notice: { key: "OMNIBUS.Chat.NotPermitted" } });
  });

  it("a player who may not use the button is refused locally with a notification", async () => {
    message = makeMessage("someoneElse", false);
    expect(await actions.requestChatAction(msg(), "applyDamage", { target: "Actor.t1", amount: "2" })).toBe(false);
    expect(notices()).toEqual(["OMNIBUS.Chat.NotPermitted"]);
  });

  it("the action's own validation refuses bad input with a localized notification, changing nothing", async () => {
    stand.setUser("gm");
    stand.setActiveGM("gm");
    expect(await actions.requestChatAction(msg(), "applyDamage", { target: "Actor.t1", amount: "-4" })).toBe(false);
    expect(notices()[0]).toMatch(/^OMNIBUS\.Error\.badArgument/);
    expect(target.updates).toEqual([]);
    expect(message.updates).toEqual([]);
  });

  it("the GM re-runs the validation too", async () => {
    stand.setUser("gm");
    stand.setActiveGM("gm");
    await actions.handleSocketMessage({ type: "chatAction", requestId: "r2", userId: "player", messageId: "m1", action: "applyDamage", payload: { target: "Actor.t1", amount: "x" } });
    expect(target.updates).toEqual([]);
    expect(stand.recorded.socketEmits[0].data).toMatchObject({ ok: false, notice: { key: "OMNIBUS.Error.badArgument" } });
  });

  it("a second click on an applied action does nothing, and a double click applies once", async () => {
    stand.setUser("gm");
    stand.setActiveGM("gm");
    const [a, b] = await Promise.all([
      actions.requestChatAction(msg(), "applyDamage", { target: "Actor.t1", amount: "1" }),
      actions.requestChatAction(msg(), "applyDamage", { target: "Actor.t1", amount: "1" }),
    ]);
    expect([a, b].sort()).toEqual([false, true]);
    expect(await actions.requestChatAction(msg(), "applyDamage", { target: "Actor.t1", amount: "1" })).toBe(false);
    expect(target.updates).toHaveLength(1);
    // and the GM ignores a late request for it
    await actions.handleSocketMessage({ type: "chatAction", requestId: "r3", userId: "player", messageId: "m1", action: "applyDamage", payload: { target: "Actor.t1", amount: "1" } });
    expect(target.updates).toHaveLength(1);
  });

  it("a local action runs on the clicking client with its payload", async () => {
    expect(await actions.requestChatAction(msg(), "rollDamage", { weapon: "blaster" })).toBe(true);
    expect(adapters.applied).toEqual([{ user: "player", payload: { weapon: "blaster" } }]);
    expect(stand.recorded.socketEmits).toHaveLength(0);
  });

  it("renderChatMessageHTML binds the card's buttons: hidden from others, disabled once applied", async () => {
    const html = document.createElement("div");
    html.innerHTML = `<div class="omnibus-card"><button data-action="applyDamage" data-target="Actor.t1" data-amount="1">A</button><button data-action="unknownThing">B</button></div>`;
    await stand.fire("renderChatMessageHTML", message, html, {});
    const button = html.querySelector<HTMLButtonElement>("[data-action=applyDamage]")!;
    expect(button.hasAttribute("disabled")).toBe(false);

    message.flags = { omnibus: { applied: { applyDamage: { userId: "gm" } } } };
    const again = document.createElement("div");
    again.innerHTML = html.innerHTML;
    await stand.fire("renderChatMessageHTML", message, again, {});
    expect(again.querySelector("[data-action=applyDamage]")!.hasAttribute("disabled")).toBe(true);

    stand.makeUser("watcher", false);
    stand.setUser("watcher");
    const theirs = document.createElement("div");
    theirs.innerHTML = html.innerHTML;
    await stand.fire("renderChatMessageHTML", message, theirs, {});
    expect(theirs.querySelector("[data-action=applyDamage]")).toBeNull();
    expect(theirs.querySelector("[data-action=unknownThing]")).not.toBeNull();
  });

  it("a click on a bound button sends the button's data-* as the payload", async () => {
    stand.setUser("gm");
    stand.setActiveGM("gm");
    const html = document.createElement("div");
    html.innerHTML = `<div class="omnibus-card"><button data-action="applyDamage" data-target="Actor.t1" data-amount="2">A</button></div>`;
    await stand.fire("renderChatMessageHTML", message, html, {});
    html.querySelector<HTMLButtonElement>("button")!.click();
    await vi.waitFor(() => expect(target.updates).toEqual([{ "system.wounds": 2 }]));
  });
});
