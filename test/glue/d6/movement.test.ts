// @vitest-environment happy-dom
// Movement at the table (digest §30–31): the digest's worked examples (T-2…T-27) through the
// glue's request/difficulty/failure functions, and end to end: the sheet's move button → the roll
// → the card → the mover's speed recorded once through the chat-action plumbing.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_SETTINGS } from "../../../src/rules/d6/table/settings";
import { movementFailureOutcome, movementOdds, movementRequest, resolveMovement } from "../../../src/rules/d6/table/movement/checks";
import type { CheckValues } from "../../../src/foundry/ruleset";
import { asActor, asItem, packDoc } from "./fixtures";
import { actorDoc, forceFaces, lastCard, setUpTable, type Table } from "./table";

/** Rhea's airspeeder (T-4/T-5): repulsorlift 5D, maneuverability 1D+2, Move 200. */
function airspeeder(speed?: string) {
  const a = asActor(packDoc("d6-vehicles", "Airspeeder"));
  Object.assign(a.system, { move: 200, maneuverability: { dice: 1, pips: 2 } });
  (a.system.crew as Record<string, unknown>).pilotCode = { dice: 5, pips: 0 };
  return { ...a, flags: speed ? { omnibus: { d6: { speed } } } : {} };
}

function runner(speed?: string) {
  const a = asActor(packDoc("d6-characters", "Thannik"));
  Object.assign(a.system, { move: 10, woundLevel: "healthy" });
  a.items = a.items.filter((i) => i.name !== "running");
  return { ...a, flags: speed ? { omnibus: { d6: { speed } } } : {} };
}

const at = (request: ReturnType<typeof movementRequest>, values: CheckValues) =>
  resolveMovement(request, { ...request.values, ...values }, DEFAULT_SETTINGS);

describe("the difficulty and the distance (§30.2, §31.2)", () => {
  it("T-4: cautious on Easy terrain needs no roll and moves 100 m of Move 200; the move is free", () => {
    const r = at(movementRequest(airspeeder(), DEFAULT_SETTINGS, "Move"), { speed: "cautious", terrain: "easy" });
    expect(r.difficulty).toBeNull();
    expect(r.distance).toBe(100);
    expect(r.check.isAction).toBe(false);
  });

  it("T-5: a Very Difficult canyon at cautious is Difficult, the GM picks 19; the pilot rolls 5D + maneuverability 1D+2 = 6D+2", () => {
    const r = at(movementRequest(airspeeder(), DEFAULT_SETTINGS, "Move"), { speed: "cautious", terrain: "very_difficult", difficulty: 19 });
    expect(r.check.difficulty.level).toBe("difficult");
    expect(r.difficulty).toBe(19);
    expect(r.code).toEqual({ dice: 6, pips: 2 });
  });

  it("T-9 / T-26: Difficult terrain at high speed is Very Difficult (28), at all-out Heroic (34)", () => {
    const r9 = at(movementRequest(airspeeder("cruising"), DEFAULT_SETTINGS, "Move"), {
      speed: "high",
      terrain: "difficult",
      difficulty: 28,
    });
    expect([r9.check.difficulty.level, r9.difficulty, r9.distance]).toEqual(["very_difficult", 28, 400]);
    const r26 = at(movementRequest(runner("high"), DEFAULT_SETTINGS, "Move"), { speed: "all_out", terrain: "difficult", difficulty: 34 });
    expect([r26.check.difficulty.level, r26.difficulty, r26.distance, r26.check.soleAction]).toEqual(["heroic", 34, 40, true]);
  });

  it("T-27: a maneuver at cruising on Moderate (12) + 8 = 20 needs a roll although cruising on Moderate alone is automatic", () => {
    const request = movementRequest(runner(), DEFAULT_SETTINGS, "Move");
    expect(at(request, { speed: "cruising", terrain: "moderate", difficulty: 12 }).difficulty).toBeNull();
    expect(at(request, { speed: "cruising", terrain: "moderate", difficulty: 12, maneuver: 8 }).difficulty).toBe(20);
  });
});

describe("the code rolled", () => {
  it("T-15: an unimproved runner rolls Dexterity 3D; worn stormtrooper armor takes 1D (its Dexterity penalty), a wound another 1D", () => {
    const c = runner();
    c.items = c.items.filter((i) => i.type !== "d6_armor"); // Thannik's own armor has no Dexterity penalty
    (c.system.attributes as Record<string, unknown>).dexterity = { dice: 3, pips: 0 };
    const plain = movementRequest(c, DEFAULT_SETTINGS, "Move");
    expect(at(plain, { speed: "cautious", terrain: "very_difficult", difficulty: 17 })).toMatchObject({
      code: { dice: 3, pips: 0 },
      difficulty: 17,
    });
    c.items.push(asItem(packDoc("d6-armor", "Stormtrooper armor"), c.uuid));
    expect(at(movementRequest(c, DEFAULT_SETTINGS, "Move"), { speed: "cautious", terrain: "very_difficult" }).code).toEqual({
      dice: 2,
      pips: 0,
    });
    c.system.woundLevel = "wounded";
    expect(at(movementRequest(c, DEFAULT_SETTINGS, "Move"), { speed: "cautious", terrain: "very_difficult" }).code).toEqual({
      dice: 1,
      pips: 0,
    });
  });
});

describe("speed changes (§30.4, §31.4)", () => {
  it("T-12 / T-13: a cruising vehicle may go cautious, cruising or high, not all-out; from all-out at least high", () => {
    const cruising = movementRequest(airspeeder("cruising"), DEFAULT_SETTINGS, "Move");
    expect(Object.keys(cruising.fields.find((f) => f.name === "speed")!.choices!)).toEqual(["cautious", "cruising", "high"]);
    expect(() => at(cruising, { speed: "all_out", terrain: "easy" })).toThrow(/may only go/);
    const allOut = movementRequest(airspeeder("all_out"), DEFAULT_SETTINGS, "Move");
    expect(Object.keys(allOut.fields.find((f) => f.name === "speed")!.choices!)).toEqual(["high", "all_out"]);
  });

  it("T-20 / T-21: a cautious character may go up to high; an all-out one no lower than cruising", () => {
    expect(Object.keys(movementRequest(runner("cautious"), DEFAULT_SETTINGS, "Move").fields[0].choices!)).toEqual([
      "cautious",
      "cruising",
      "high",
    ]);
    expect(Object.keys(movementRequest(runner("all_out"), DEFAULT_SETTINGS, "Move").fields[0].choices!)).toEqual([
      "cruising",
      "high",
      "all_out",
    ]);
  });
});

describe("failures (§30.8) and odds", () => {
  it("T-24: a miss by 12 at high speed (Move 10) is a minor fall after 5 of 20 m, no actions this round or next, 3D − 3D = no damage", () => {
    expect(movementFailureOutcome("character", 12, "high", 20)).toEqual({
      failure: "OMNIBUS.D6.Movement.Failure.minor_fall",
      missedBy: 12,
      metres: 5,
      penaltyThisRound: null,
      penaltyNextRound: null,
      damage: null,
      unverified: false,
    });
  });

  it("T-2: a miss by 18 at high speed is a tumbling fall with the speed's collision damage, 3D; T-27: a miss by 2 is a slight slip, −1D this round", () => {
    expect(movementFailureOutcome("character", 18, "high", 20)).toMatchObject({
      failure: "OMNIBUS.D6.Movement.Failure.tumbling_fall",
      damage: "3D",
    });
    expect(movementFailureOutcome("character", 2, "cruising", 10)).toMatchObject({
      failure: "OMNIBUS.D6.Movement.Failure.slight_slip",
      metres: 10,
      penaltyThisRound: 1,
    });
    expect(movementFailureOutcome("vehicle", 1, "high", 400)).toMatchObject({
      failure: "OMNIBUS.D6.Movement.Failure.slight_slip",
      unverified: true,
    });
  });

  it("the odds: Dexterity 1D against 7 succeeds only when the Wild Die explodes, 1/6; an automatic move is certain", () => {
    const c = runner("cautious");
    (c.system.attributes as Record<string, unknown>).dexterity = { dice: 1, pips: 0 };
    const request = movementRequest(c, DEFAULT_SETTINGS, "Move");
    const odds = movementOdds(request, { ...request.values, speed: "high", terrain: "easy", difficulty: 7 }, DEFAULT_SETTINGS, true);
    expect(odds[0].probability).toBeCloseTo(1 / 6, 12);
    expect(movementOdds(request, { ...request.values, speed: "cautious", terrain: "easy" }, DEFAULT_SETTINGS, true)[0]).toMatchObject({
      label: "OMNIBUS.D6.Movement.NoRoll",
      probability: 1,
    });
    // The distance in the reader's word for metres and digits, not a built-in "m".
    const ru = movementOdds(request, { ...request.values, speed: "cautious", terrain: "easy" }, DEFAULT_SETTINGS, true, "ru", "м")[0];
    expect(ru.detail).toMatch(/^\d+(,\d+)? м$/);
  });
});

describe("at the table (glue)", () => {
  let t: Table;
  beforeEach(async () => {
    t = await setUpTable();
  });

  function speederDoc(speed?: string) {
    const doc = actorDoc(t.stand, packDoc("d6-vehicles", "Airspeeder"), "Actor.speeder", true);
    const a = airspeeder(speed);
    Object.assign((doc as any).system, a.system);
    (doc as any).flags = a.flags;
    return doc;
  }

  it("T-5 end to end: the move button, 6D+2 rolls 23 ≥ 19, the card, and the owner records the speed once", async () => {
    const doc = speederDoc();
    const request = await t.checks.d6Checks.build({ actor: doc as never, kind: "movement", dataset: {}, targets: [] });
    const values = { ...request!.values, speed: "cautious", terrain: "very_difficult", difficulty: 19 };
    forceFaces([4, 4, 3, 3, 2, 5]); // 21 + 2 pips = 23, the Wild Die last
    await t.checks.d6Checks.roll(request!, values, { rollMode: "publicroll" });
    const card = lastCard(t.stand);
    expect(card.total).toBe(23);
    expect(card.outcome).toEqual({ label: "OMNIBUS.D6.Card.Success", tone: "success" });
    expect(card.lines.find((l: any) => l.label === "OMNIBUS.D6.Movement.Moved").value).toContain("100");
    await vi.waitFor(() => expect(doc.updates).toHaveLength(1));
    expect(doc.updates[0]).toEqual({ "flags.omnibus.d6.speed": "cautious" });
    await t.actions.requestChatAction(t.messages[0] as never, "d6ApplySpeed", null);
    expect(doc.updates).toHaveLength(1);
  });

  it("T-9 end to end: high speed in dense traffic (28), a roll of 27 misses by 1 — the vehicle table's slight slip, marked unverified (A-29)", async () => {
    const doc = speederDoc("cruising");
    const request = await t.checks.d6Checks.build({ actor: doc as never, kind: "movement", dataset: {}, targets: [] });
    forceFaces([5, 5, 4, 4, 4, 3]); // 25 + 2 = 27
    await t.checks.d6Checks.roll(
      request!,
      { ...request!.values, speed: "high", terrain: "difficult", difficulty: 28 },
      { rollMode: "publicroll" },
    );
    const card = lastCard(t.stand);
    expect(card.outcome.tone).toBe("failure");
    expect(card.lines.find((l: any) => l.label === "OMNIBUS.D6.Movement.FailureLabel").value).toContain(
      "OMNIBUS.D6.Movement.Failure.slight_slip",
    );
    expect(card.lines.find((l: any) => l.label === "OMNIBUS.D6.Movement.FailureLabel").value).toContain("OMNIBUS.D6.Movement.Unverified");
  });

  it("a speed the rules do not allow (all-out from cruising) is refused: nothing rolled, posted or changed", async () => {
    const doc = speederDoc("cruising");
    const request = await t.checks.d6Checks.build({ actor: doc as never, kind: "movement", dataset: {}, targets: [] });
    await expect(
      t.checks.d6Checks.roll(request!, { ...request!.values, speed: "all_out", terrain: "easy" }, { rollMode: "publicroll" }),
    ).rejects.toThrow(/may only go/);
    expect(t.messages).toHaveLength(0);
    expect(doc.updates).toEqual([]);
  });
});
