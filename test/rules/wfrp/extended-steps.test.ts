// The GM's decision on an extended test's step card (issue 10), as plain data: V8 (003:L211-213,
// Molly's Pick Lock 58, Challenging, 5 SL within 3 rolls; 62, 11, 42 → totals 0, 4, 5, complete on
// the third roll). The totals come from the digest's worked example, not from the code's output.
import { describe, expect, it } from "vitest";
import { buildRequest, extendedTracker, type ExtendedTracker } from "../../../src/rules/wfrp/table/checks";
import { extendedCardProgress, extendedStepOf, trackerForStep } from "../../../src/rules/wfrp/table/rederive/cards";
import { extendedAfterRoll } from "../../../src/rules/wfrp/table/checks";
import { resolveTest } from "../../../src/rules/wfrp/index";
import { specFor } from "../../../src/rules/wfrp/table/checks";
import { DEFAULT_RULES } from "../../../src/rules/wfrp/table/settings";
import { actorViewOf, packDocs } from "../../gallery/samples/wfrp";

const V8: ExtendedTracker = {
  skill: "pickLock",
  characteristic: "dex",
  difficulty: "challenging",
  requiredSL: 5,
  accumulated: 0,
  rollsMade: 0,
  maxRolls: 3,
  status: "inProgress",
};
const ITEM = "Actor.molly.Item.ext";

function molly(tracker: ExtendedTracker) {
  const m = actorViewOf(packDocs("wfrp-examples").find((d) => d.name === "Molly")!);
  m.items.push({ id: "ext", name: "Pick the lock", type: "wfrp_extended", img: null, system: { ...tracker } });
  return m;
}

/** A d100 roll's JSON as a card carries it (tens and units die faces of one d100 term). */
const d100 = (face: number) => ({ dice: [{ faces: 100, results: [{ result: face, active: true }] }] });

/** The card an honest client posts for `face` on `tracker` (what `rollTest` writes). */
function honestCard(tracker: ExtendedTracker, face: number) {
  const request = buildRequest({
    actor: molly(tracker),
    kind: "extended",
    dataset: { itemId: "ext" },
    targets: [],
    rules: DEFAULT_RULES,
    t: (k) => k,
  });
  const result = resolveTest(specFor(request as never, request.values), face, DEFAULT_RULES.test);
  const step = extendedAfterRoll(tracker, result, false);
  const state = {
    test: { kind: "extended", skill: "pickLock", characteristic: "dex", result, extended: extendedCardProgress(tracker, step, ITEM) },
  };
  return { request, state, rolls: [d100(face)] };
}

const check = (tracker: ExtendedTracker, card: ReturnType<typeof honestCard>) =>
  extendedStepOf({
    request: buildRequest({
      actor: molly(tracker),
      kind: "extended",
      dataset: { itemId: "ext" },
      targets: [],
      rules: DEFAULT_RULES,
      t: (k) => k,
    }) as never,
    values: card.request.values,
    rolls: card.rolls,
    state: card.state,
    rules: DEFAULT_RULES,
    itemUuid: ITEM,
  });

describe("an extended test's step against the GM's record", () => {
  it("V8: three honest steps from the record give 0, 4, 5 and complete", () => {
    let tracker = V8;
    const totals: unknown[] = [];
    for (const face of [62, 11, 42]) {
      const step = check(tracker, honestCard(tracker, face));
      if ("refused" in step) throw new Error(step.refused);
      tracker = step.tracker;
      totals.push([tracker.accumulated, tracker.rollsMade, tracker.status]);
    }
    expect(totals).toEqual([
      [0, 1, "inProgress"],
      [4, 2, "inProgress"],
      [5, 3, "complete"],
    ]);
  });

  it("the card's total read from the item a player raised (4 more) is refused against the record", () => {
    const record = { ...V8, rollsMade: 1 };
    const card = honestCard({ ...record, accumulated: 4 }, 11);
    expect(card.state.test.extended.accumulated).toBe(8);
    expect(check(record, card)).toEqual({ refused: "StepTotal" });
  });

  it("a card of an earlier step (the record already has it) is refused as replayed; another tracker's as another test", () => {
    const card = honestCard(V8, 11);
    expect(check({ ...V8, accumulated: 4, rollsMade: 1 }, card)).toEqual({ refused: "StepReplayed" });
    const other = honestCard(V8, 11);
    other.state.test.extended.itemUuid = "Actor.ade.Item.ext";
    expect(check(V8, other)).toEqual({ refused: "StepOtherTest" });
  });

  it("a test over in the record takes no step; a record the GM lacks falls back to the item", () => {
    expect(trackerForStep({ actorUuid: "Actor.molly", tracker: { ...V8, status: "complete" } }, V8)).toEqual({ refused: "StepAfterEnd" });
    expect(
      trackerForStep(null, extendedTracker({ id: "ext", name: "", type: "wfrp_extended", system: { ...V8, accumulated: 2 } })),
    ).toMatchObject({
      tracker: { accumulated: 2 },
    });
  });
});
