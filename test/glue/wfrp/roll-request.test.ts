// @vitest-environment happy-dom
// A WFRP roll request answered by the player's own roll (issue 19): the GM asks Salundra (the
// player's) for Intimidate (her skill item); her own client builds the test (its dataset gains the helpers the
// dialog offers, `allies`), rolls 04 (V6: Intimidate 47 → +4 SL) and posts it linked to the request;
// the GM re-derives the card and records it on the request once.
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { StandIns } from "../../support/foundry-stand-ins";
import { actorViewOf } from "../../gallery/samples/wfrp";
import { actorDoc, character, setUpWfrp, type WfrpGlue } from "./harness";

/* eslint-disable @typescript-eslint/no-explicit-any */
let stand: StandIns;
let faces: number[];
let actions: WfrpGlue["actions"];
let requests: typeof import("../../../src/foundry/roll-requests");
let record: typeof import("../../../src/foundry/chat/record");

beforeEach(async () => {
  vi.resetModules();
  ({ stand, faces, actions } = await setUpWfrp());
  requests = await import("../../../src/foundry/roll-requests");
  record = await import("../../../src/foundry/chat/record");
});

describe("a WFRP roll request answered by the player's own roll", () => {
  it("Salundra's Intimidate, 04: her card holds, names the request, and is recorded on it once", async () => {
    const salundra = actorDoc("sal", actorViewOf(character("Salundra von Drakenburg")), ["player"]);
    const item = salundra.items.contents.find((i: any) => i.system.key === "intimidate");
    const card = (await stand.asUser("gm", () =>
      requests.requestRoll({
        actors: ["Actor.sal"],
        kind: "skill",
        dataset: { itemId: item.id },
        values: { difficulty: "challenging" },
      }),
    )) as any;
    faces.push(4);
    expect(await stand.asUser("player", () => actions.requestChatAction(card, "rollRequested", "0"))).toBe(true);
    await stand.settle();
    const own = stand.messages.at(-1)! as any;
    expect(own.author.id).toBe("player");
    expect(own.flags.omnibus.test.result).toMatchObject({ roll: 4, target: 47, sl: 4, success: true });
    expect(own.flags.omnibus.origin.dataset).toMatchObject({ check: "skill", itemId: item.id, allies: "0" });
    expect(record.recordOf(own.id)!.tampered).toBeNull();
    const results = (record.recordOf(card.id)!.state.rollRequest as any).results;
    expect(Object.keys(results)).toEqual(["0"]);
    expect(results["0"]).toMatchObject({ by: "player", messageId: own.id });
    expect(record.recordOf(card.id)!.amendments).toHaveLength(1);
  });
});
