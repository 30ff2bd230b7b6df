// @vitest-environment happy-dom
// A roll request answered by the player's own roll, with the D6 ruleset itself (issue 19): the GM
// asks Thannik (the player's) for Perception against 13; the player rolls 1, 2 and Wild 2 = 5
// (000:L801–805's example roll) on their own client; the GM re-derives the card and records 5 on
// the request. A card of the same request rolled against another difficulty is not counted.
import { beforeEach, describe, expect, it } from "vitest";
import { packDoc } from "./fixtures";
import { actorDoc, forceFaces, setUpTable, type Table } from "./table";

/* eslint-disable @typescript-eslint/no-explicit-any */
let t: Table;
let requests: typeof import("../../../src/foundry/roll-requests");
let record: typeof import("../../../src/foundry/chat/record");
beforeEach(async () => {
  t = await setUpTable();
  requests = await import("../../../src/foundry/roll-requests");
  record = await import("../../../src/foundry/chat/record");
  actorDoc(t.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
});

const ask = () =>
  t.stand.asUser("gm", () =>
    requests.requestRoll({
      actors: ["Actor.thannik"],
      kind: "attribute",
      dataset: { attribute: "perception" },
      values: { difficulty: "13" },
    }),
  ) as Promise<any>;

describe("a D6 roll request answered by the player's own roll", () => {
  it("Perception 3D: 1, 2, Wild 2 = 5 rolled by the player is recorded on the request once", async () => {
    const card = await ask();
    forceFaces([1, 2, 2]);
    expect(await t.stand.asUser("player", () => t.actions.requestChatAction(card, "rollRequested", "0"))).toBe(true);
    await t.stand.settle();
    const own = t.stand.messages.at(-1)! as any;
    expect(own.author.id).toBe("player");
    expect(own.flags.omnibus.requestLink).toEqual({ request: card.id, index: 0 });
    expect(own.flags.omnibus.origin.choices.difficulty).toBe("13");
    expect(record.recordOf(own.id)!.tampered).toBeNull();
    expect((record.recordOf(card.id)!.state.rollRequest as any).results).toEqual({
      "0": { success: null, total: 5, by: "player", messageId: own.id },
    });
  });

  it("a card of the request rolled against 5 instead of 13 holds as a roll but is not counted", async () => {
    const card = await ask();
    const actor = t.stand.documents.get("Actor.thannik") as any;
    forceFaces([1, 2, 2]);
    await t.stand.asUser("player", async () => {
      const { runCheck } = await import("../../../src/foundry/checks");
      return runCheck(
        { actor, kind: "attribute", dataset: { check: "attribute", attribute: "perception" }, targets: [] },
        { skipDialog: true, values: { difficulty: "5" }, rollMode: "publicroll", requestLink: { request: card.id, index: 0 } },
      );
    });
    await t.stand.settle();
    const own = t.stand.messages.at(-1)! as any;
    expect(own.flags.omnibus.requestLink).toEqual({ request: card.id, index: 0 });
    expect(record.recordOf(own.id)!.tampered).toBeNull();
    expect((record.recordOf(card.id)!.state.rollRequest as any).results).toEqual({});
    expect(String(t.stand.recorded.notifications.at(-1)?.message)).toContain("OMNIBUS.Request.Why.OtherValues");
  });
});
