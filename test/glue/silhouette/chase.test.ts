// @vitest-environment happy-dom
// Chases from the sheet (digest §6; seed 004:L44): opposed Athletics + speed, the winner moves the
// distance by the Degree of Success (E18), mishaps ±1d6 m, obstacles 2/4/6, the exact odds, and bad
// input refused before any die is rolled.
import { beforeEach, describe, expect, it } from "vitest";
import { installScene, lastMessage, makeActor, setUp, targetsOf, token, type ActorDoc, type Harness } from "./harness";
import { recordOf } from "../../../src/foundry/chat/record";

let h: Harness;
let runner: ActorDoc;
let pursuer: ActorDoc;
beforeEach(async () => {
  h = await setUp();
  // Athletics 1, FIT 0: sprint 25 + 5 × 1 = 30 m/round; the pursuer FIT −1, Athletics 1: sprint 25 (004:L30).
  runner = makeActor(h, { id: "r1", name: "Runner", owner: true, skills: [["Athletics", "athletics", 1, "none"]] });
  pursuer = makeActor(h, { id: "p1", name: "Cop", owner: true, attributes: { fit: -1 }, skills: [["Athletics", "athletics", 1, "none"]] });
});

const targetAt = (actor: ActorDoc, distance: number) => [
  { tokenUuid: `Scene.s.Token.${actor.id}`, actorUuid: actor.uuid, name: String(actor.name), img: "", distance, units: "m" },
];

async function chase(actor: ActorDoc, target: ActorDoc | null, values: Record<string, number | string>, faces: number[]) {
  const request = (await h.checks.silhouetteChecks.build({
    actor: actor as never,
    kind: "chase",
    dataset: {},
    targets: target ? targetAt(target, 10) : [],
  }))!;
  h.faces = [...faces];
  await h.checks.silhouetteChecks.roll(request, { ...request.values, ...values }, { rollMode: "publicroll" });
  expect(h.faces).toEqual([]);
  const data = h.stand.recorded.messagesCreated.at(-1)!.data;
  return { request, state: (data.flags as any).omnibus.silhouette, content: String(data.content), rolls: data.rolls as unknown[] };
}

describe("a chase exchange (004:L44)", () => {
  it("the dialog takes both runners from the sheet and the target: Athletics 1, sprint 30 vs sprint 25, 10 m apart", async () => {
    const request = (await h.checks.silhouetteChecks.build({
      actor: runner as never,
      kind: "chase",
      dataset: {},
      targets: targetAt(pursuer, 10),
    }))!;
    expect(request.fields.map((f) => f.name)).toEqual([
      "role",
      "distance",
      "dice",
      "modifier",
      "speed",
      "opponentDice",
      "opponentModifier",
      "opponentSpeed",
      "obstacle",
    ]);
    expect(request.values).toMatchObject({
      role: "fleeing",
      distance: 10,
      dice: 1,
      modifier: 0,
      speed: 30,
      opponentDice: 1,
      opponentModifier: 0,
      opponentSpeed: 25,
      obstacle: "none",
    });
  });

  it("E18: fleeing 30 + 5 = 35 vs pursuer 25 + 4 = 29 → fleeing wins, MoS 6 → 16 m", async () => {
    const { state, content, rolls } = await chase(runner, pursuer, {}, [5, 4]);
    expect(state.athletics.exchange).toMatchObject({
      fleeingTotal: 35,
      pursuerTotal: 29,
      winner: "fleeing",
      degreeOfSuccess: 6,
      distance: 16,
      caught: false,
      mishapDice: [],
    });
    expect(rolls).toHaveLength(2);
    expect(content).toContain("The fleeing runner gains 6 m");
    expect(content).toContain("now 16 m");
  });

  it("E18 with a pursuer's mishap, rolled by the pursuer: [5] vs [1] (all ones), +1d6 [3] → 10 + 9 + 3 = 22 m", async () => {
    const { state, content, rolls } = await chase(pursuer, runner, { role: "pursuer", speed: 25, opponentSpeed: 30 }, [5, 1, 3]);
    expect(state.athletics.exchange).toMatchObject({
      fleeingTotal: 35,
      pursuerTotal: 26,
      winner: "fleeing",
      mishapDice: [{ side: "pursuer", die: 3 }],
      distance: 22,
    });
    expect(rolls).toHaveLength(3);
    expect(content).toContain("the distance grows by 3 m");
  });

  it("a fleeing mishap closes 1d6 m more and the pursuer can catch: 4 m, [1] vs [6] → 31 vs 31 tie, −[5] → caught", async () => {
    const { state, content } = await chase(runner, pursuer, { distance: 4 }, [1, 6, 5]);
    expect(state.athletics.exchange).toMatchObject({
      winner: "none",
      degreeOfSuccess: 0,
      mishapDice: [{ side: "fleeing", die: 5 }],
      distance: 0,
      caught: true,
    });
    expect(content).toContain("Caught!");
  });

  it("an obstacle (bench, 4): fleeing 5 passes, pursuer 3 fails; the distance still moves by MoS (35 vs 28 → 17 m)", async () => {
    const { state, content } = await chase(runner, pursuer, { obstacle: "benchOrBins" }, [5, 3]);
    expect(state.athletics.exchange).toMatchObject({
      distance: 17,
      obstacle: { difficulty: 4, fleeingPassed: true, pursuerPassed: false },
    });
    expect(content).toContain("Obstacle 4: fleeing over, pursuer fails");
  });

  it("exact odds: one die + 30 vs one die + 25 ties only on 1 vs 6 → win 35/36, tie 1/36, own mishap 1/6; the pursuer never wins", async () => {
    const request = (await h.checks.silhouetteChecks.build({
      actor: runner as never,
      kind: "chase",
      dataset: {},
      targets: targetAt(pursuer, 10),
    }))!;
    const odds = h.checks.silhouetteChecks.odds!(request, request.values);
    expect(odds.map((o) => o.probability)).toEqual([expect.closeTo(35 / 36, 12), expect.closeTo(1 / 36, 12), expect.closeTo(1 / 6, 12)]);
    const asPursuer = h.checks.silhouetteChecks.odds!(request, { ...request.values, role: "pursuer", speed: 25, opponentSpeed: 30 });
    expect(asPursuer[0].probability).toBeCloseTo(0, 12);
  });

  it("bad input is refused and rolls nothing: a negative distance, an unknown obstacle, an unknown role", async () => {
    const request = (await h.checks.silhouetteChecks.build({ actor: runner as never, kind: "chase", dataset: {}, targets: [] }))!;
    expect(request.values).toMatchObject({ distance: 10, opponentDice: 0, opponentSpeed: 0 });
    h.faces = [3, 3];
    await expect(h.checks.silhouetteChecks.roll(request, { ...request.values, distance: -1 }, { rollMode: "publicroll" })).rejects.toThrow(
      /distance/,
    );
    await expect(
      h.checks.silhouetteChecks.roll(request, { ...request.values, obstacle: "wall" }, { rollMode: "publicroll" }),
    ).rejects.toThrow(/obstacle/);
    expect(() => h.checks.silhouetteChecks.odds!(request, { ...request.values, role: "bystander" })).toThrow(/role/);
    expect(h.faces).toEqual([3, 3]);
    expect(h.stand.recorded.messagesCreated).toHaveLength(0);
  });
});

describe("the active GM re-derives a player's chase card (004:L44)", () => {
  /** The runner's token at (0,0), the cop's 10 m east, on the GM's scene too. */
  function scene() {
    const me = token("me", 0, 0, runner);
    const cop = token("cop", 10, 0, pursuer);
    installScene([me, cop], [me], h.stand);
    return targetsOf(me, [cop]);
  }

  /** The runner flees honestly (`faces`), then posts the same card again with `change` made to it. */
  async function forge(
    values: Record<string, number | string>,
    faces: number[],
    change: (f: Record<string, any>, d: Record<string, any>) => void,
  ) {
    const request = (await h.checks.silhouetteChecks.build({ actor: runner as never, kind: "chase", dataset: {}, targets: scene() }))!;
    h.faces = [...faces];
    await h.checks.silhouetteChecks.roll(request, { ...request.values, ...values }, { rollMode: "publicroll" });
    expect(h.faces).toEqual([]);
    const honest = lastMessage(h);
    const sent = h.stand.recorded.messagesCreated.at(-1)!.data as Record<string, any>;
    const data = { ...sent, flags: structuredClone(sent.flags) as Record<string, any> };
    change(data.flags.omnibus, data);
    const Message = (globalThis as Record<string, any>).ChatMessage;
    await h.stand.asUser("player", () => Message.create(data));
    return { honest, forged: lastMessage(h) };
  }

  it("E18 honest: the card names the cop it was run against and holds; its distance (16 m) is what the dice give", async () => {
    const { honest, forged } = await forge({}, [5, 4], (f) => (f.silhouette.athletics.exchange.distance = 30));
    expect(honest.flags.omnibus.origin.targets).toMatchObject([{ name: "cop", distance: 10 }]);
    expect(recordOf(honest.id)!.tampered).toBeNull();
    expect(honest.flags.omnibus.silhouette.athletics.exchange).toMatchObject({ winner: "fleeing", distance: 16 });
    expect(recordOf(forged.id)!.tampered).toMatchObject({ by: "player", forged: "Result" });
  });

  const cases: Array<[string, Record<string, number | string>, number[], (f: any, d: any) => void, string]> = [
    ["the winner turned to the pursuer", {}, [5, 4], (f) => (f.silhouette.athletics.exchange.winner = "pursuer"), "Result"],
    ["the runner's total raised from 35 to 45", {}, [5, 4], (f) => (f.silhouette.athletics.fleeing.total = 45), "Result"],
    [
      "the cop said to be caught up",
      {},
      [5, 4],
      (f) => Object.assign(f.silhouette.athletics.exchange, { distance: 0, caught: true }),
      "Result",
    ],
    ["a speed of 40 for a runner whose sprint is 30", {}, [5, 4], (f) => (f.origin.choices.speed = "40"), "Choices"],
    [
      "the cop's speed lowered to 20 in the choices while the card keeps 25",
      {},
      [5, 4],
      (f) => (f.origin.choices.opponentSpeed = "20"),
      "Result",
    ],
    ["the cop's speed beyond his sprint of 25", {}, [5, 4], (f) => (f.origin.choices.opponentSpeed = "26"), "Choices"],
    ["two dice for the runner's one face", {}, [5, 4], (f) => (f.origin.choices.dice = "2"), "Dice"],
    ["the runner's own mishap d6 left off the card", { distance: 4 }, [1, 6, 5], (_f, d) => (d.rolls = d.rolls.slice(0, 2)), "Dice"],
    ["a mishap d6 that no mishap rolled", {}, [5, 4], (_f, d) => (d.rolls = [...d.rolls, d.rolls[0]]), "Dice"],
    ["no origin", {}, [5, 4], (f) => delete f.origin, "NoOrigin"],
  ];
  for (const [what, values, faces, change, reason] of cases) {
    it(`${what} → refused (${reason}); nothing on it counts`, async () => {
      const { honest, forged } = await forge(values, faces, change);
      expect(recordOf(honest.id)!.tampered).toBeNull();
      expect(recordOf(forged.id)!.tampered).toMatchObject({ by: "player", forged: reason });
      expect(recordOf(forged.id)!.amendments).toEqual([]);
    });
  }

  it("the dialog goes no higher than the runner's own sprint (30) and the targeted cop's (25)", async () => {
    const request = (await h.checks.silhouetteChecks.build({ actor: runner as never, kind: "chase", dataset: {}, targets: scene() }))!;
    const field = (name: string) => request.fields.find((f) => f.name === name)!;
    expect([field("speed").max, field("opponentSpeed").max]).toEqual([30, 25]);
  });
});
