// @vitest-environment happy-dom
/**
 * `omnibus.preApplyAction` (may cancel) and `omnibus.applyAction` on the card layer's apply path
 * (issue 19), against the stand-ins: the payloads, a cancel that changes nothing, and that a
 * handler changing its copy cannot change what is applied.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundryStandIns, StandInDocument, type StandInMessage, type StandIns } from "../../support/foundry-stand-ins";
import { makeTestAdapters } from "../../support/test-adapters";

/* eslint-disable @typescript-eslint/no-explicit-any */
let stand: StandIns;
let actions: typeof import("../../../src/foundry/chat/actions");
let record: typeof import("../../../src/foundry/chat/record");
let cards: typeof import("../../../src/foundry/chat/cards");
let target: StandInDocument;
const hooks = () => (globalThis as any).Hooks;

beforeEach(async () => {
  vi.resetModules();
  stand = installFoundryStandIns();
  stand.makeUser("gm", true);
  stand.setActiveGM("gm");
  const adapters = await makeTestAdapters();
  const system = await import("../../../src/foundry/system");
  system.installOmnibus([adapters.d6, adapters.wfrp]);
  await stand.fire("init");
  await stand.fire("ready");
  actions = await import("../../../src/foundry/chat/actions");
  record = await import("../../../src/foundry/chat/record");
  cards = await import("../../../src/foundry/chat/cards");
  target = new StandInDocument("t1", "Actor.t1", false, { name: "Thug", system: { wounds: 1 }, statuses: new Set<string>() });
  target.live = true;
  stand.documents.set("Actor.t1", target);
});

async function postDamageCard(amount = 2): Promise<StandInMessage> {
  await cards.postCard({
    template: "systems/omnibus/templates/chat/check-card.hbs",
    context: {},
    flags: { damage: { targets: [{ actor: "Actor.t1", amount }] } },
  });
  return stand.messages.at(-1)!;
}

describe("omnibus.preApplyAction / omnibus.applyAction", () => {
  it("pre gets the planned change before anything is stored; after gets what was applied, with before and after", async () => {
    const pre: any[] = [];
    const after: any[] = [];
    hooks().on("omnibus.preApplyAction", (p: any) => {
      pre.push(structuredClone(p));
      expect(target.updates).toEqual([]);
      expect(record.recordOf(p.messageId)!.marks).toEqual({});
    });
    hooks().on("omnibus.applyAction", (p: any) => after.push(p));
    const card = await postDamageCard();
    expect(await actions.requestChatAction(card as never, "applyDamage", "0")).toBe(true);
    const base = {
      ruleset: "d6",
      messageId: card.id,
      action: "applyDamage",
      target: "0",
      userId: "player",
      gmId: "gm",
      changes: [{ uuid: "Actor.t1", update: { "system.wounds": 3 }, statuses: { stunned: true } }],
      summary: null,
      override: null,
      responseId: null,
    };
    expect(pre).toEqual([base]);
    expect(after).toEqual([
      { ...base, status: "done", applied: [{ uuid: "Actor.t1", before: { "system.wounds": 1 }, after: { "system.wounds": 3 } }] },
    ]);
  });

  it("a handler returning false cancels: nothing is changed or marked, the asker is told, the log says why", async () => {
    const after: any[] = [];
    hooks().on("omnibus.preApplyAction", (p: any) => (p.action === "applyDamage" ? false : undefined));
    hooks().on("omnibus.applyAction", (p: any) => after.push(p));
    const card = await postDamageCard();
    expect(await actions.requestChatAction(card as never, "applyDamage", "0")).toBe(false);
    expect(target.updates).toEqual([]);
    expect(record.recordOf(card.id)!.marks).toEqual({});
    expect(after).toEqual([]);
    expect(stand.recorded.notifications.map((n) => n.message)).toContain("OMNIBUS.Chat.Cancelled");
    expect(record.readLog().map((e) => `${e.kind}:${e.reason ?? ""}`)).toEqual(["refused:OMNIBUS.Chat.Cancelled"]);
  });

  it("a handler changing its payload changes nothing applied (the payload is a copy)", async () => {
    hooks().on("omnibus.preApplyAction", (p: any) => {
      p.changes[0].update["system.wounds"] = 99;
      p.changes.push({ uuid: "Actor.t1", update: { "system.wounds": 50 } });
    });
    const card = await postDamageCard();
    expect(await actions.requestChatAction(card as never, "applyDamage", "0")).toBe(true);
    expect(target.updates).toEqual([{ "system.wounds": 3 }]);
  });

  it("the GM's override reaches the payload", async () => {
    const pre: any[] = [];
    hooks().on("omnibus.preApplyAction", (p: any) => pre.push(p));
    const card = await postDamageCard(4);
    await stand.asUser("gm", () => actions.requestChatAction(card as never, "applyDamage", "0", { factor: 0.5 }));
    expect(pre[0]).toMatchObject({ userId: "gm", override: { factor: 0.5 }, changes: [{ update: { "system.wounds": 3 } }] });
  });
});
