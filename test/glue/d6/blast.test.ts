// @vitest-environment happy-dom
// Grenades at the table: with no targeted token the attacker clicks the impact point on the map
// (a one-shot canvas click, src/foundry/pick-point.ts); its measured distance picks the band
// (grenade 3-7/20/40, T-46: 20 m is medium); on a hit every token within the blast radius of that
// point is in its zone (T-44: 5D/4D/3D/2D at 0-2/4/6/10 m) and gets its own Strength roll.
import { beforeEach, describe, expect, it } from "vitest";
import { pickCanvasPoint } from "../../../src/foundry/pick-point";
import { packDoc } from "./fixtures";
import { actorDoc, forceFaces, lastCard, setUpTable, type Table } from "./table";

type Handler = (e: unknown) => void;
function fakeStage() {
  const handlers = new Set<Handler>();
  return {
    handlers,
    on: (_e: string, fn: Handler) => handlers.add(fn),
    off: (_e: string, fn: Handler) => handlers.delete(fn),
    click(x: number, y: number, button = 0) {
      for (const fn of [...handlers]) fn({ button, getLocalPosition: () => ({ x, y }) });
    },
  };
}

describe("pickCanvasPoint", () => {
  it("resolves with the clicked point and stops listening; a right click or Escape cancels; no canvas → null", async () => {
    const stage = fakeStage();
    (globalThis as any).canvas = { ready: true, stage };
    const picked = pickCanvasPoint();
    stage.click(120, 340);
    expect(await picked).toEqual({ x: 120, y: 340 });
    expect(stage.handlers.size).toBe(0);
    const cancelled = pickCanvasPoint();
    stage.click(1, 1, 2);
    expect(await cancelled).toBeNull();
    const escaped = pickCanvasPoint();
    globalThis.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(await escaped).toBeNull();
    expect(stage.handlers.size).toBe(0);
    (globalThis as any).canvas = { ready: false };
    expect(await pickCanvasPoint()).toBeNull();
  });
});

describe("pickCanvasPoint: Escape cancels the pick and goes no further", () => {
  it("a keydown listener like Foundry's (which closes the open sheet on Escape) does not see the Escape that cancelled a pick; later ones it does", async () => {
    const stage = fakeStage();
    (globalThis as any).canvas = { ready: true, stage };
    const seen: string[] = [];
    const foundryKeys = (e: KeyboardEvent) => seen.push(e.key);
    globalThis.addEventListener("keydown", foundryKeys);
    try {
      const escaped = pickCanvasPoint();
      const event = new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true });
      document.body.dispatchEvent(event);
      expect(await escaped).toBeNull();
      expect(seen).toEqual([]);
      expect(event.defaultPrevented).toBe(true);
      // The pick is over: the next Escape reaches Foundry as usual.
      document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
      expect(seen).toEqual(["Escape"]);
      // Other keys during a pick are not swallowed.
      const picking = pickCanvasPoint();
      document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "a", bubbles: true }));
      expect(seen).toEqual(["Escape", "a"]);
      stage.click(1, 1, 2);
      expect(await picking).toBeNull();
    } finally {
      globalThis.removeEventListener("keydown", foundryKeys);
    }
  });
});

describe("a grenade thrown at a point on the map", () => {
  let t: Table;
  beforeEach(async () => {
    t = await setUpTable();
  });

  it("20 m away is medium (Moderate 13); a 20 hits; troopers 1 m and 7 m from the point are in the 5D and 2D zones, one 12 m away is not; damage targets carry their zone's code", async () => {
    const thrower = actorDoc(t.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    const token = (name: string, x: number) => ({
      center: { x, y: 0 },
      name,
      document: { uuid: `Scene.s.Token.${name}` },
      actor: { uuid: `Actor.${name}` },
    });
    const throwerToken = token("thannik", 0);
    (thrower as any).getActiveTokens = () => [throwerToken];
    for (const n of ["t1", "t2", "t3"]) actorDoc(t.stand, packDoc("d6-characters", "Stormtrooper"), `Actor.${n}`, false);
    const stage = fakeStage();
    (globalThis as any).canvas = {
      ready: true,
      scene: { uuid: "Scene.s" },
      stage,
      grid: {
        units: "m",
        size: 100,
        distance: 1,
        measurePath: ([a, b]: Array<{ x: number; y: number }>) => ({ distance: Math.hypot(b.x - a.x, b.y - a.y) / 100 }),
      },
      tokens: { controlled: [], placeables: [throwerToken, token("t1", 2100), token("t2", 2700), token("t3", 3200)] },
    };
    const grenade = (thrower as any).items.contents.find((i: any) => i.name === "Fragmentation grenade");
    const building = t.checks.d6Checks.build({ actor: thrower as never, kind: "attack", dataset: { itemId: grenade.id }, targets: [] });
    await Promise.resolve();
    expect(t.stand.recorded.notifications.at(-1)!.message).toContain("OMNIBUS.D6.Blast.PickPoint");
    stage.click(2000, 0);
    const request = (await building)!;
    const attack = (request.data as any).attack;
    expect(attack.impactPoint).toEqual({ x: 2000, y: 0 });
    expect(attack.targets.map((x: any) => [x.distance, x.band, x.difficulty])).toEqual([[20, "medium", 13]]);
    forceFaces([5, 5, 5, 5]); // Dexterity 4D (grenade unimproved, T-46) = 20 ≥ 13
    await t.checks.d6Checks.roll(request, request.values, { rollMode: "publicroll" });
    const card = lastCard(t.stand);
    expect(card.outcomes.map((o: any) => [o.name, o.bandDetail ?? null, o.result])).toEqual([
      ["OMNIBUS.D6.Blast.ImpactPoint", null, "OMNIBUS.D6.Card.Hit"],
      ["t1", "5D", "OMNIBUS.D6.Card.InBlast"],
      ["t2", "2D", "OMNIBUS.D6.Card.InBlast"],
    ]);
    const flags = t.stand.recorded.messagesCreated.at(-1)!.data.flags as any;
    expect(flags.omnibus.d6.attack.targets.map((x: any) => [x.actorUuid, x.damage])).toEqual([
      ["Actor.t1", "5D"],
      ["Actor.t2", "2D"],
    ]);
  });

  // Foundry v14 scene levels: the blast stays on the viewed Level (v13 scenes have one).
  it("scene levels: a trooper on another Level of the scene is not caught by the blast on v14", async () => {
    const thrower = actorDoc(t.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    const token = (name: string, x: number, level: string) => ({
      center: { x, y: 0 },
      name,
      document: { uuid: `Scene.s.Token.${name}`, level },
      actor: { uuid: `Actor.${name}` },
    });
    const throwerToken = token("thannik", 0, "ground");
    (thrower as any).getActiveTokens = () => [throwerToken];
    for (const n of ["t1", "t2"]) actorDoc(t.stand, packDoc("d6-characters", "Stormtrooper"), `Actor.${n}`, false);
    const stage = fakeStage();
    (globalThis as any).canvas = {
      ready: true,
      scene: { uuid: "Scene.s" },
      stage,
      level: { id: "ground" },
      grid: {
        units: "m",
        size: 100,
        distance: 1,
        measurePath: ([a, b]: Array<{ x: number; y: number }>) => ({ distance: Math.hypot(b.x - a.x, b.y - a.y) / 100 }),
      },
      tokens: { controlled: [], placeables: [throwerToken, token("t1", 2100, "upstairs"), token("t2", 2700, "ground")] },
    };
    const grenade = (thrower as any).items.contents.find((i: any) => i.name === "Fragmentation grenade");
    const building = t.checks.d6Checks.build({ actor: thrower as never, kind: "attack", dataset: { itemId: grenade.id }, targets: [] });
    await Promise.resolve();
    stage.click(2000, 0);
    const request = (await building)!;
    forceFaces([5, 5, 5, 5]);
    await t.checks.d6Checks.roll(request, request.values, { rollMode: "publicroll" });
    const caught = lastCard(t.stand)
      .outcomes.slice(1)
      .map((o: any) => o.name);
    expect(caught).toEqual(t.stand.generation >= 14 ? ["t2"] : ["t1", "t2"]);
  });

  it("a blind throw that misses: the deviation dice are rolled blind too (no typed dice), on the blind card", async () => {
    const thrower = actorDoc(t.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    const token = (name: string, x: number) => ({
      center: { x, y: 0 },
      name,
      document: { uuid: `Scene.s.Token.${name}` },
      actor: { uuid: `Actor.${name}` },
    });
    const throwerToken = token("thannik", 0);
    (thrower as any).getActiveTokens = () => [throwerToken];
    const stage = fakeStage();
    (globalThis as any).canvas = {
      ready: true,
      scene: { uuid: "Scene.s" },
      stage,
      grid: {
        units: "m",
        size: 100,
        distance: 1,
        measurePath: ([a, b]: Array<{ x: number; y: number }>) => ({ distance: Math.hypot(b.x - a.x, b.y - a.y) / 100 }),
      },
      tokens: { controlled: [], placeables: [throwerToken] },
    };
    const grenade = (thrower as any).items.contents.find((i: any) => i.name === "Fragmentation grenade");
    const building = t.checks.d6Checks.build({ actor: thrower as never, kind: "attack", dataset: { itemId: grenade.id }, targets: [] });
    await Promise.resolve();
    stage.click(2000, 0);
    const request = (await building)!;
    const before = t.stand.recorded.evaluations.length;
    forceFaces([2, 2, 2, 2, ...Array.from({ length: 12 }, () => 3)]); // Dexterity 4D = 8 < Moderate 13: a miss, so it deviates
    await t.checks.d6Checks.roll(request, request.values, { rollMode: "blindroll" });
    const created = t.stand.recorded.messagesCreated.at(-1)!.data as any;
    expect(created.rolls.map((r: any) => r.constructor.name)).toContain("D6DeviationRoll");
    expect(t.stand.recorded.evaluations.slice(before)).toEqual(created.rolls.map(() => ({ allowInteractive: false })));
    expect(created).toMatchObject({ whisper: ["gm"], blind: true });
  });

  it("cancelling the pick rolls nothing", async () => {
    const thrower = actorDoc(t.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    (thrower as any).getActiveTokens = () => [{ center: { x: 0, y: 0 } }];
    const stage = fakeStage();
    (globalThis as any).canvas = {
      ready: true,
      scene: { uuid: "Scene.s" },
      stage,
      grid: { units: "m", measurePath: () => ({ distance: 1 }) },
      tokens: { controlled: [], placeables: [] },
    };
    const grenade = (thrower as any).items.contents.find((i: any) => i.name === "Fragmentation grenade");
    const building = t.checks.d6Checks.build({ actor: thrower as never, kind: "attack", dataset: { itemId: grenade.id }, targets: [] });
    await Promise.resolve();
    stage.click(0, 0, 2);
    expect(await building).toBeNull();
    expect(t.stand.recorded.messagesCreated).toHaveLength(0);
  });
});
