// @vitest-environment happy-dom
// A thrown grenade's scatter (004:L110-113; digest §11) as the active GM reads it from a player's
// card: the fuse Roll is the Throwing pool again, the scatter d6 is there exactly on a miss that is
// no mishap, the landing (Degree of Failure metres in the die's direction, toward the thrower on a
// mishap) and who the blast catches are worked out on the GM's own scene. A card whose landing,
// catch list, fuse verdict or Rolls differ is refused and nothing on it counts.
import { beforeEach, describe, expect, it } from "vitest";
import { recordOf } from "../../../src/foundry/chat/record";
import { installScene, lastMessage, makeActor, setUp, targetsOf, token, type ActorDoc, type Harness } from "./harness";

const GRENADE = {
  name: "Grenade",
  category: "thrown",
  skill: "throwing",
  damageMultiplier: 25,
  accuracy: 0,
  rof: 0,
  ranges: { base: 5, medium: 10, long: 20, extreme: 40 },
  ammo: { value: 0, max: 0 },
  weight: 0.5,
  blastRadius: 5,
};

let h: Harness;
let thrower: ActorDoc;
beforeEach(async () => {
  h = await setUp();
  thrower = makeActor(h, { id: "g1", name: "Grenadier", owner: true, skills: [["Throwing", "throwing", 2, "none"]], weapons: [GRENADE] });
});

/** The thrower at (0,0), the victim's token 4 m east, one more 3 m south of the thrower, one 20 m east. */
function scene() {
  const me = token("me", 0, 0, thrower);
  const spot = token("spot", 4, 0, makeActor(h, { id: "v1", name: "Victim", owner: false }));
  installScene([me, spot, token("near", 0, 3, null), token("far", 20, 0, null)], [me], h.stand);
  return targetsOf(me, [spot]);
}

/** The player throws honestly (`faces`), then posts the same card again with `change` made to it. */
async function throwAndForge(
  targets: ReturnType<typeof scene> | [],
  values: Record<string, string | number | boolean>,
  faces: number[],
  change: (flags: Record<string, any>, data: Record<string, any>) => void,
) {
  const request = (await h.checks.silhouetteChecks.build({ actor: thrower as never, kind: "item", dataset: { itemId: "g1w0" }, targets }))!;
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

// E53 at the table: accuracy [1,2] −2 → 0 misses difficulty 1 by 1; fuse [6,6] → 5; d6 4 → 1 m back toward the thrower.
const MISS = { values: { movement: "walking", modifier: -1 }, faces: [1, 2, 6, 6, 4] };

describe("the GM re-derives a grenade's scatter (004:L110-113)", () => {
  it("the honest card holds, the catch list as the GM's scene measures it; the same card with another landing is refused", async () => {
    const { honest, forged } = await throwAndForge(scene(), MISS.values, MISS.faces, (f) => {
      f.silhouette.attack.grenade.landed = { onTarget: true, distance: 0, directionDie: 4, bearing: 180, towardThrower: false };
    });
    expect(recordOf(honest.id)!.tampered).toBeNull();
    expect(honest.flags.omnibus.silhouette.attack.grenade.caught.map((c: any) => [c.name, c.distance])).toEqual([
      ["spot", 1],
      ["me", 3],
      ["near", 4.24],
    ]);
    expect(recordOf(forged.id)!.tampered).toMatchObject({ by: "player", forged: "Result" });
  });

  const cases: Array<[string, (f: any, d: any) => void, string]> = [
    ["the landing moved 1 m further (2 m back)", (f) => (f.silhouette.attack.grenade.landed.distance = 2), "Result"],
    [
      "the direction said to be die 1 (away) for the d6's 4",
      (f) => Object.assign(f.silhouette.attack.grenade.landed, { directionDie: 1, bearing: 0, towardThrower: false }),
      "Result",
    ],
    [
      "the thrower left out of the blast",
      (f) => (f.silhouette.attack.grenade.caught = f.silhouette.attack.grenade.caught.filter((c: any) => c.name !== "me")),
      "Result",
    ],
    [
      "a token 20 m away said to be caught",
      (f) => f.silhouette.attack.grenade.caught.push({ name: "far", img: "t.png", distance: 4, units: "m" }),
      "Result",
    ],
    ["a caught token said to be further than measured", (f) => (f.silhouette.attack.grenade.caught[0].distance = 4.9), "Result"],
    ["the fuse said to explode on impact", (f) => (f.silhouette.attack.grenade.explodesOnImpact = true), "Result"],
    ["the scatter die's Roll left off", (_f, d) => (d.rolls = d.rolls.slice(0, 2)), "Dice"],
    ["one Roll more than the throw rolls", (_f, d) => (d.rolls = [...d.rolls, d.rolls[2]]), "Dice"],
    ["the landing taken off the card", (f) => delete f.silhouette.attack.grenade, "Result"],
  ];
  for (const [what, change, reason] of cases) {
    it(`${what} → refused (${reason}); nothing on it counts`, async () => {
      const { honest, forged } = await throwAndForge(scene(), MISS.values, MISS.faces, change);
      expect(recordOf(honest.id)!.tampered).toBeNull();
      expect(recordOf(forged.id)!.tampered).toMatchObject({ by: "player", forged: reason });
      expect(recordOf(forged.id)!.amendments).toEqual([]);
    });
  }

  it("a hit rolls no scatter die: a card that adds one is refused; a mishap flies back at the thrower without one, and saying otherwise is refused", async () => {
    // Accuracy [3,2] → 3 vs 1, on target; fuse [6,2] → 6: explodes on impact.
    const hit = await throwAndForge([], {}, [3, 2, 6, 2], (_f, d) => (d.rolls = [...d.rolls, d.rolls[1]]));
    expect(recordOf(hit.honest.id)!.tampered).toBeNull();
    expect(recordOf(hit.forged.id)!.tampered).toMatchObject({ forged: "Dice" });
    // Accuracy [1,1] −1: a mishap, back toward the thrower by 1 m, no die (fuse [1,1]); the forged copy says it flew on.
    const mishap = await throwAndForge([], { modifier: -1 }, [1, 1, 1, 1], (f) =>
      Object.assign(f.silhouette.attack.grenade.landed, { towardThrower: false, bearing: 0 }),
    );
    expect(recordOf(mishap.honest.id)!.tampered).toBeNull();
    expect(mishap.honest.flags.omnibus.silhouette.attack.grenade.landed).toMatchObject({ towardThrower: true, directionDie: null });
    expect(recordOf(mishap.forged.id)!.tampered).toMatchObject({ forged: "Result" });
  });

  it("the catch list is the GM's scene's: a token moved into the blast after the throw makes the card's list differ", async () => {
    const targets = scene();
    const request = (await h.checks.silhouetteChecks.build({
      actor: thrower as never,
      kind: "item",
      dataset: { itemId: "g1w0" },
      targets,
    }))!;
    // The player's map shows "far" at 20 m; the GM's scene has it beside the landing point (4 m east of the thrower).
    h.stand.placeToken("Scene.s.Token.far", null, { x: 3.5, y: -0.5 }, { name: "far", img: "t.png" });
    h.faces = [...MISS.faces];
    await h.checks.silhouetteChecks.roll(request, { ...request.values, ...MISS.values }, { rollMode: "publicroll" });
    expect(recordOf(lastMessage(h).id)!.tampered).toMatchObject({ forged: "Result" });
  });
});
