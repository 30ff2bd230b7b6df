// @vitest-environment happy-dom
// Chases from the sheet (digest §6; seed 004:L44): opposed Athletics + speed, the winner moves the
// distance by the Degree of Success (E18), mishaps ±1d6 m, obstacles 2/4/6, the exact odds, and bad
// input refused before any die is rolled.
import { beforeEach, describe, expect, it } from "vitest";
import { makeActor, setUp, type ActorDoc, type Harness } from "./harness";

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
