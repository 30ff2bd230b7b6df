// @vitest-environment happy-dom
// An extended test's steps under the GM (issue 10): a player rolls each step of their character's
// extended test; the active GM re-derives the card (the die against the test the actor's numbers
// give, its SL, the running total from the GM's own record of the earlier steps) and only then
// writes the step, once, to its record and the tracker. A forged total, a step continuing another
// character's test, a step posted again and a step after the test is over are refused with their
// reason, and nothing changes. Numbers: V8 (Molly's Pick Lock 58, 5 SL needed within 3 rolls:
// 62 → 0, 11 → +4, 42 → +1: totals 0, 4, 5, complete on the third roll; 003:L205-213).
import { beforeEach, describe, expect, it, vi } from "vitest";
import { StandInDocument, type StandIns } from "../../support/foundry-stand-ins";
import { actorViewOf } from "../../gallery/samples/wfrp";
import { recordOf } from "../../../src/foundry/chat/record";
import { setUpWfrp, actorDoc, character, type WfrpGlue } from "./harness";
import { createHarness } from "../../support/handlebars";
import { itemSheetContext } from "../../../src/rules/table/sheet-context";

/* eslint-disable @typescript-eslint/no-explicit-any */
let stand: StandIns;
let faces: number[];
let wfrp: WfrpGlue["wfrp"];
const g = globalThis as any;

beforeEach(async () => {
  vi.resetModules();
  ({ stand, faces, wfrp } = await setUpWfrp());
});

const V8 = {
  skill: "pickLock",
  characteristic: "dex",
  difficulty: "challenging",
  requiredSL: 5,
  accumulated: 0,
  rollsMade: 0,
  maxRolls: 3,
  status: "inProgress",
  description: "",
};

/** A character (owned by the player unless `owners` says otherwise) with a tracker item that applies its updates. */
function withTracker(actorId: string, owners = ["player"], tracker: Record<string, unknown> = V8, itemId = "ext") {
  const view = actorViewOf(character("Molly"));
  const item = new StandInDocument(itemId, `Actor.${actorId}.Item.${itemId}`, true, {
    name: "Pick the lock",
    type: "wfrp_extended",
    img: "",
    system: { ...tracker },
  }) as StandInDocument & Record<string, any>;
  item.live = true;
  const items = [...view.items, item];
  const doc = actorDoc(actorId, { ...view, items: items as any }, owners);
  doc.items = { contents: items, get: (id: string) => items.find((i: any) => i.id === id) };
  item.parent = doc;
  return { doc, item };
}

/** The player rolls one step with the die showing `face`; answers the card as created and the message. */
async function step(doc: any, face: number) {
  const checks = wfrp.wfrpAdapter.checks!;
  const request = (await stand.asUser("player", () =>
    checks.build({ actor: doc, kind: "item", dataset: { itemId: "ext" }, targets: [] }),
  ))!;
  faces.push(face);
  await stand.asUser("player", () => checks.roll(request, request.values, { rollMode: "publicroll" }));
  await stand.settle();
  return { created: stand.recorded.messagesCreated.at(-1)!.data as Record<string, any>, message: stand.messages.at(-1)! as any };
}

/** The player rolls a step whose card is not posted (what a forged card is made from); answers its data. */
async function unposted(doc: any, face: number): Promise<Record<string, any>> {
  const checks = wfrp.wfrpAdapter.checks!;
  const request = (await stand.asUser("player", () =>
    checks.build({ actor: doc, kind: "item", dataset: { itemId: "ext" }, targets: [] }),
  ))!;
  faces.push(face);
  const sent: Record<string, any>[] = [];
  const create = g.ChatMessage.create;
  g.ChatMessage.create = async (data: Record<string, any>) => void sent.push(data);
  try {
    await stand.asUser("player", () => checks.roll(request, request.values, { rollMode: "publicroll" }));
  } finally {
    g.ChatMessage.create = create;
  }
  return sent[0]!;
}

/** The player posts a card again with `change` applied to its flags. */
async function repost(created: Record<string, any>, change: (f: Record<string, any>) => void = () => undefined) {
  const flags = structuredClone(created.flags) as Record<string, any>;
  change(flags.omnibus);
  const message = await stand.asUser("player", () => g.ChatMessage.create({ ...created, flags }));
  await stand.settle();
  return message as StandInDocument & { id: string };
}

const records = () => (g.game.settings.get("omnibus", "wfrp_extendedTests") ?? {}) as Record<string, any>;
const progress = (item: any) => [item.system.accumulated, item.system.rollsMade, item.system.status];

describe("a player's extended test: the GM re-derives and records each step", () => {
  it("V8 honestly: three steps, each card recorded untouched and written once by the GM (0, 4, 5, complete)", async () => {
    const { doc, item } = withTracker("molly");
    const totals: unknown[] = [];
    for (const face of [62, 11, 42]) {
      const { created, message } = await step(doc, face);
      expect(recordOf(message.id)?.tampered).toBeNull();
      totals.push([created.flags.omnibus.test.extended.accumulated, progress(item)]);
    }
    expect(totals).toEqual([
      [0, [0, 1, "inProgress"]],
      [4, [4, 2, "inProgress"]],
      [5, [5, 3, "complete"]],
    ]);
    // One update per step, each by the GM; the player's client wrote nothing.
    expect(item.updaters).toEqual(["gm", "gm", "gm"]);
    expect(records()["Actor.molly.Item.ext"]).toMatchObject({
      actorUuid: "Actor.molly",
      tracker: { accumulated: 5, rollsMade: 3, status: "complete", requiredSL: 5 },
    });
  });

  it("a forged total: the player raised the tracker to 4 SL on their own, then rolled 11 (+4): the card's 8 is refused (StepTotal), nothing changes", async () => {
    const { doc, item } = withTracker("molly");
    await step(doc, 62); // 0 SL: the GM records 0 after 1 roll
    await stand.asUser("player", () => item.update({ "system.accumulated": 4 }));
    const before = item.updates.length;
    const { created, message } = await step(doc, 11);
    expect(created.flags.omnibus.test.extended.accumulated).toBe(8);
    expect(recordOf(message.id)?.tampered).toMatchObject({ by: "player", forged: "StepTotal" });
    expect(item.updates).toHaveLength(before);
    expect(records()["Actor.molly.Item.ext"].tracker).toMatchObject({ accumulated: 0, rollsMade: 1 });
  });

  const forgeries: Array<[string, (f: Record<string, any>) => void, string]> = [
    [
      "the card's total raised from 4 to 5 and the test called complete",
      (f) =>
        Object.assign(f.test.extended, {
          accumulated: 5,
          percent: 100,
          status: "complete",
          statusKey: "OMNIBUS.WFRP.Extended.Status.complete",
        }),
      "StepTotal",
    ],
    ["+4 SL claimed as +9", (f) => Object.assign(f.test.result, { sl: 9 }), "Result"],
    ["the step said to continue Ademar's tracker", (f) => (f.test.extended.itemUuid = "Actor.ade.Item.ext"), "StepOtherTest"],
    ["the origin naming a tracker the character does not have", (f) => (f.origin.dataset.itemId = "ext-ade"), "StepOtherTest"],
  ];
  for (const [what, change, reason] of forgeries) {
    it(`a step forged at creation (${what}) is refused (${reason}); the tracker and the GM's record stay`, async () => {
      const { doc, item } = withTracker("molly");
      // Ademar's own tracker, which the GM made and records.
      const ademars = withTracker("ade", [], V8, "ext-ade");
      await stand.asUser("gm", () => stand.fire("createItem", ademars.item, {}, "gm"));
      await step(doc, 62);
      // The honest second step (11 → +4), not posted: the forged copy is the one the GM sees next.
      const honest = await unposted(doc, 11);
      const before = item.updates.length;
      const forged = await repost(honest, change);
      expect(recordOf(forged.id)?.tampered).toMatchObject({ by: "player", forged: reason });
      expect(item.updates).toHaveLength(before);
      expect(progress(item)).toEqual([0, 1, "inProgress"]);
      // The same card unchanged still holds: nothing of the forgery was counted.
      const again = await repost(honest);
      expect(recordOf(again.id)?.tampered).toBeNull();
      expect(progress(item)).toEqual([4, 2, "inProgress"]);
    });
  }

  it("a step posted again is refused (StepReplayed): counted once", async () => {
    const { doc, item } = withTracker("molly");
    await step(doc, 62);
    const { created } = await step(doc, 11);
    const replay = await repost(created);
    expect(recordOf(replay.id)?.tampered).toMatchObject({ by: "player", forged: "StepReplayed" });
    expect(progress(item)).toEqual([4, 2, "inProgress"]);
    expect(item.updaters).toEqual(["gm", "gm"]);
  });

  it("a step after the test is over is refused (StepAfterEnd), even claimed as the fourth roll", async () => {
    const { doc, item } = withTracker("molly");
    let last: Record<string, any> = {};
    for (const face of [62, 11, 42]) last = (await step(doc, face)).created;
    const late = await repost(last, (f) => Object.assign(f.test.extended, { rollsMade: 4 }));
    expect(recordOf(late.id)?.tampered).toMatchObject({ by: "player", forged: "StepAfterEnd" });
    expect(progress(item)).toEqual([5, 3, "complete"]);
    expect(item.updates).toHaveLength(3);
  });

  it("without an active GM the player's client rolls nothing (the GM keeps the count)", async () => {
    const { doc, item } = withTracker("molly");
    stand.setActiveGM(null);
    const checks = wfrp.wfrpAdapter.checks!;
    const request = (await stand.asUser("player", () =>
      checks.build({ actor: doc as any, kind: "item", dataset: { itemId: "ext" }, targets: [] }),
    ))!;
    faces.push(11);
    await expect(stand.asUser("player", () => checks.roll(request, request.values, { rollMode: "publicroll" }))).rejects.toMatchObject({
      data: { key: "ExtendedNeedsGM" },
    });
    expect(stand.recorded.messagesCreated).toHaveLength(0);
    expect(item.updates).toEqual([]);
  });
});

describe("the GM is the one writer of a tracker", () => {
  it("a player's edit of the tracker is put back from the GM's record; a GM's edit becomes the record", async () => {
    const { doc, item } = withTracker("molly");
    await step(doc, 11); // +4 after 1 roll
    await stand.asUser("player", () => item.update({ "system.accumulated": 5, "system.status": "complete" }));
    await stand.asUser("gm", () => stand.fire("updateItem", item, { system: { accumulated: 5, status: "complete" } }, {}, "player"));
    expect(progress(item)).toEqual([4, 1, "inProgress"]);
    expect(item.updaters.at(-1)).toBe("gm");
    await stand.asUser("gm", () => item.update({ "system.requiredSL": 3 }));
    await stand.asUser("gm", () => stand.fire("updateItem", item, { system: { requiredSL: 3 } }, {}, "gm"));
    expect(records()["Actor.molly.Item.ext"].tracker).toMatchObject({ requiredSL: 3, accumulated: 4 });
  });

  it("a tracker a player creates starts at 0 SL, no rolls, in progress", async () => {
    const { item } = withTracker("molly", ["player"], { ...V8, accumulated: 4, rollsMade: 2 });
    await stand.asUser("gm", () => stand.fire("createItem", item, {}, "player"));
    expect(progress(item)).toEqual([0, 0, "inProgress"]);
    expect(records()["Actor.molly.Item.ext"].tracker).toMatchObject({ accumulated: 0, rollsMade: 0 });
  });
});

describe("the tracker on its sheet", () => {
  it("in edit mode a player sees the tracker's fields read-only; the GM may change them", async () => {
    const { WfrpItemSheet } = await import("../../../src/foundry/wfrp/sheets");
    const base = itemSheetContext({
      ruleset: "wfrp",
      item: { id: "ext", name: "Pick the lock", img: null, type: "wfrp_extended", system: { ...V8 } },
      editable: true,
      editMode: true,
      enrichedDescription: "",
    });
    const sheet = Object.create(WfrpItemSheet.prototype) as { prepareRulesetContext(c: unknown): Promise<Record<string, unknown>> };
    const html = async (user: string) => {
      const context = { ...base, ...(await stand.asUser(user, () => sheet.prepareRulesetContext(base))) };
      const div = document.createElement("div");
      div.innerHTML = createHarness({ language: "en" }).render("wfrp/item/details.hbs", context);
      return div;
    };
    const player = await html("player");
    expect(player.querySelector<HTMLInputElement>('input[name="system.accumulated"]')!.disabled).toBe(true);
    expect(player.querySelector('select[name="system.status"]')).toBeNull();
    const gm = await html("gm");
    expect(gm.querySelector<HTMLInputElement>('input[name="system.accumulated"]')!.disabled).toBe(false);
    expect(gm.querySelector('select[name="system.status"]')).not.toBeNull();
  });
});
