// @vitest-environment happy-dom
// A player's grenade that misses (issue 10): the GM reads the scatter from the card's own deviation
// dice, bounded by the rules — one d6 for the direction, then the band's dice for the metres
// (000:L599: a missed grenade lands off by a number of metres the thrower's range band gives; digest
// "Grenades") — and works out the zones around the landing point on its own scene. A card whose
// deviation dice do not fit (a face a d6 cannot show, the Roll dropped, another direction than the
// zones claimed) is refused and nothing on it applies. Numbers: T-46 (20 m is medium range,
// Moderate 13; 2D of deviation), T-44 (zones 5D/4D/3D/2D at 0-2/4/6/10 m).
import { beforeEach, describe, expect, it } from "vitest";
import { packDoc } from "./fixtures";
import { actorDoc, forceFaces, setUpTable, type Table } from "./table";
import { recordOf } from "../../../src/foundry/chat/record";
import { describeTargets } from "../../../src/foundry/targets";
import { sceneToken } from "../../support/scene-tokens";

/* eslint-disable @typescript-eslint/no-explicit-any */
let t: Table;
beforeEach(async () => {
  t = await setUpTable();
});

const grid = {
  units: "m",
  size: 100,
  distance: 1,
  measurePath: ([a, b]: Array<{ x: number; y: number }>) => ({ distance: Math.hypot(b.x - a.x, b.y - a.y) / 100 }),
};

/** Thannik (the player's) throws a fragmentation grenade at the trooper t0 20 m away; t1 stands at 23 m, t2 at 32 m. */
async function grenade(faces: number[]) {
  const thrower = actorDoc(t.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
  thrower.live = true;
  for (const n of ["t0", "t1", "t2"]) actorDoc(t.stand, packDoc("d6-characters", "Stormtrooper"), `Actor.${n}`, false);
  const me = sceneToken(t.stand, "thannik", "Actor.thannik", 0);
  (thrower as any).getActiveTokens = () => [me];
  const placed = [me, sceneToken(t.stand, "t0", "Actor.t0", 2000), sceneToken(t.stand, "t1", "Actor.t1", 2300)];
  placed.push(sceneToken(t.stand, "t2", "Actor.t2", 3200));
  (globalThis as any).canvas = { ready: true, grid, tokens: { controlled: [], placeables: placed } };
  const targets = describeTargets(grid, me as never, [placed[1]] as never);
  const itemId = (thrower as any).items.contents.find((i: any) => i.name === "Fragmentation grenade").id;
  const request = (await t.stand.asUser("player", () =>
    t.checks.d6Checks.build({ actor: thrower as never, kind: "attack", dataset: { itemId }, targets }),
  ))!;
  forceFaces(faces);
  await t.stand.asUser("player", () => t.checks.d6Checks.roll(request, request.values, { rollMode: "publicroll" }));
  await t.stand.settle();
  return { created: t.stand.recorded.messagesCreated.at(-1)!.data as Record<string, any>, message: t.stand.messages.at(-1)! as any };
}

/** A Roll as plain data with its dice (what the GM reads faces from), `change` applied to its faces. */
function plainRoll(roll: any, change: (faces: number[][]) => void = () => undefined) {
  const faces = roll.dice.map((d: any) => d.results.map((r: any) => r.result));
  change(faces);
  return {
    dice: roll.dice.map((d: any, i: number) => ({ faces: d.faces, results: faces[i].map((result: number) => ({ result, active: true })) })),
  };
}

/** The player posts the card again with its Rolls as `rolls` (the flags unchanged). */
async function repostWith(created: Record<string, any>, rolls: unknown[]) {
  return (await t.stand.asUser("player", () => (globalThis as any).ChatMessage.create({ ...created, rolls }))) as any;
}

// A miss (Dexterity 4D = 8 < 13): direction 1 (straight on), 2D = 3 + 4 → 7 m beyond the target.
const MISS = [2, 2, 2, 2, 1, 3, 4];
const zones = (f: Record<string, any>) => f.d6.attack.targets.map((x: any) => [x.actorUuid, x.damage]);

describe("a missed grenade's scatter, read by the GM from the card's dice", () => {
  it("the honest card's Rolls as plain dice hold: the landing point 27 m out, t1 4D, t2 3D, t0 2D", async () => {
    const { created } = await grenade(MISS);
    expect(zones(created.flags.omnibus)).toEqual([
      ["Actor.t1", "4D"],
      ["Actor.t2", "3D"],
      ["Actor.t0", "2D"],
    ]);
    const again = await repostWith(
      created,
      created.rolls.map((r: any) => plainRoll(r)),
    );
    expect(recordOf(again.id)?.tampered).toBeNull();
  });

  const forgeries: Array<[string, (rolls: any[]) => unknown[], string]> = [
    [
      "the direction die turned from 1 to 4 (back towards the thrower), the zones left as claimed",
      (rolls) => [plainRoll(rolls[0]), plainRoll(rolls[1], (f) => (f[0][0] = 4))],
      "Result",
    ],
    [
      "the metres' 2D shown as 6 and 6, the zones left as claimed",
      (rolls) => [plainRoll(rolls[0]), plainRoll(rolls[1], (f) => f[f.length - 1].splice(0, 2, 6, 6))],
      "Result",
    ],
    ["a 7 on a die of the deviation", (rolls) => [plainRoll(rolls[0]), plainRoll(rolls[1], (f) => (f[0][0] = 7))], "Dice"],
    ["the deviation Roll dropped", (rolls) => [plainRoll(rolls[0])], "Dice"],
    ["a third die of metres added", (rolls) => [plainRoll(rolls[0]), plainRoll(rolls[1], (f) => f[f.length - 1].push(1))], "Dice"],
  ];
  for (const [what, forge, reason] of forgeries) {
    it(`a missed grenade's card with ${what} is refused (${reason}) and nothing on it applies`, async () => {
      const { created } = await grenade(MISS);
      const forged = await repostWith(created, forge(created.rolls));
      await t.stand.settle();
      expect(recordOf(forged.id)?.tampered).toMatchObject({ by: "player", forged: reason });
    });
  }
});

describe("a missed grenade thrown at a point picked on the map", () => {
  /** Thannik throws at the point 20 m away (no token there); t1 stands at 21 m, t2 at 32 m. */
  async function throwAtPoint(faces: number[]) {
    const thrower = actorDoc(t.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    thrower.live = true;
    for (const n of ["t1", "t2"]) actorDoc(t.stand, packDoc("d6-characters", "Stormtrooper"), `Actor.${n}`, false);
    const me = sceneToken(t.stand, "thannik", "Actor.thannik", 0);
    (thrower as any).getActiveTokens = () => [me];
    const placed = [me, sceneToken(t.stand, "t1", "Actor.t1", 2100), sceneToken(t.stand, "t2", "Actor.t2", 3200)];
    let click: ((e: unknown) => void) | null = null;
    const stage = { on: (_e: string, fn: (e: unknown) => void) => (click = fn), off: () => (click = null) };
    (globalThis as any).canvas = { ready: true, scene: { uuid: "Scene.s" }, stage, grid, tokens: { controlled: [], placeables: placed } };
    const itemId = (thrower as any).items.contents.find((i: any) => i.name === "Fragmentation grenade").id;
    const building = t.stand.asUser("player", () =>
      t.checks.d6Checks.build({ actor: thrower as never, kind: "attack", dataset: { itemId }, targets: [] }),
    );
    await Promise.resolve();
    (click as unknown as (e: unknown) => void)({ button: 0, getLocalPosition: () => ({ x: me.center.x + 2000, y: me.center.y }) });
    const request = (await building)!;
    forceFaces(faces);
    await t.stand.asUser("player", () => t.checks.d6Checks.roll(request, request.values, { rollMode: "publicroll" }));
    await t.stand.settle();
    return { created: t.stand.recorded.messagesCreated.at(-1)!.data as Record<string, any>, message: t.stand.messages.at(-1)! as any };
  }

  it("a miss lands 7 m beyond the point (27 m out): t2 5 m away in 3D, t1 6 m away in 3D; recorded untouched; the direction forged is refused", async () => {
    const { created, message } = await throwAtPoint(MISS);
    expect(zones(created.flags.omnibus)).toEqual([
      ["Actor.t2", "3D"],
      ["Actor.t1", "3D"],
    ]);
    expect(recordOf(message.id)?.tampered).toBeNull();
    const forged = await repostWith(created, [plainRoll(created.rolls[0]), plainRoll(created.rolls[1], (f) => (f[0][0] = 4))]);
    expect(recordOf(forged.id)?.tampered).toMatchObject({ by: "player", forged: "Result" });
  });
});
