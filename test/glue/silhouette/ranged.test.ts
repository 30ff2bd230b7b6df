// @vitest-environment happy-dom
// Ranged options at the table (digest §11; seed 004:L91-113): the odds for every target, walking
// fire (E47, E48: who counts, bystanders by measured distance, ammo), suppressive fire (E49, E50:
// effectiveness, zone, ammo, damage), throwing ranges (E51) and grenades (two tests, E53 scatter,
// the blast radius measured around where it landed). Numbers are the digest's, counted by hand.
import { beforeEach, describe, expect, it } from "vitest";
import {
  sweepOf,
  walkingFireBystanders,
  suppressionZone,
  thrownRanges,
  landingPoint,
  tokensWithin,
  type AreaToken,
} from "../../../src/rules/silhouette/table/areas";
import { attackRequest, checkOdds, planPool, type ActorFacts, type WeaponFacts } from "../../../src/rules/silhouette/table/checks";
import { attackCardState, withDefense, type DefenseSummary } from "../../../src/rules/silhouette/table/cards";
import { DEFAULT_OPTIONS, optionsFrom } from "../../../src/rules/silhouette/table/settings";
import { readCheckFaces } from "../../../src/rules/silhouette/index";
import { migrateWeaponSource } from "../../../src/rules/silhouette/table/migrate";
import { installScene, lastMessage, makeActor, setUp, targetsOf, token, type Harness } from "./harness";

const measure = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(b.x - a.x, b.y - a.y) / 100;
const at = (name: string, x: number, y: number): AreaToken => ({
  tokenUuid: name,
  actorUuid: `Actor.${name}`,
  name,
  img: "",
  center: { x: x * 100, y: y * 100 },
});

const RIFLE: WeaponFacts = {
  uuid: "w",
  name: "Assault rifle",
  img: "",
  category: "ranged",
  skill: "firearms",
  damageMultiplier: 10,
  accuracy: 0,
  rof: 3,
  ranges: { base: 25, medium: 50, long: 100, extreme: 200 },
};
const shooter = (firearms = 4): ActorFacts => ({
  uuid: "Actor.s",
  name: "S",
  img: "",
  skills: [{ id: "f", name: "Firearms", key: "firearms", level: firearms, attribute: "none", attributeModifier: 0 }],
  movement: { sprint: 25, run: 50 / 3, jog: 12.5, walk: 25 / 3, crawl: 5 },
  maxSpeed: "sprint",
  movedThisRound: null,
  prone: false,
  balancing: 0,
});
const info = (name: string, distance: number) => ({ tokenUuid: name, actorUuid: `Actor.${name}`, name, img: "", distance, units: "m" });
/** Exact P(X > Y) for two small pools by enumerating every face combination (highest + extra sixes). */
function enumerate(dice: number): Map<number, number> {
  const out = new Map<number, number>();
  const total = 6 ** dice;
  for (let n = 0; n < total; n++) {
    const faces = Array.from({ length: dice }, (_, i) => (Math.floor(n / 6 ** i) % 6) + 1);
    const sixes = faces.filter((f) => f === 6).length;
    const result = Math.max(...faces) + Math.max(0, sixes - 1);
    out.set(result, (out.get(result) ?? 0) + 1 / total);
  }
  return out;
}
function pGreater(a: Map<number, number>, aMod: number, d: Map<number, number>, dMod: number): number {
  let p = 0;
  for (const [x, px] of a) for (const [y, py] of d) if (x + aMod > y + dMod) p += px * py;
  return p;
}

describe("the attack odds for every target", () => {
  it("one line per target with its name and distance; each the hand-counted P(attack > defense)", () => {
    const request = attackRequest(
      shooter(1),
      { ...RIFLE, rof: 0 },
      [info("Near", 10), info("Far", 30)],
      [
        { defenseDice: 1, defenseAttribute: 0, movement: "stationary" },
        { defenseDice: 2, defenseAttribute: 0, movement: "walking" },
      ],
      "Rifle",
    );
    const lines = checkOdds(request, request.values, DEFAULT_OPTIONS);
    const hits = lines.filter((l) => l.label === "OMNIBUS.Silhouette.Odds.Hit");
    expect(hits.map((l) => l.detail)).toEqual(["Near (10 m)", "Far (30 m)"]);
    // Near: base band (0); 1 die vs 1 die, stationary −1 → 21/36, less the attack's mishap (a 1) against a 1: 20/36 (004:L45, L112).
    expect(hits[0].probability).toBeCloseTo(20 / 36, 12);
    // Far: medium band −1; 1 die − 1 vs 2 dice walking (0).
    expect(hits[1].probability).toBeCloseTo(pGreater(enumerate(1), -1, enumerate(2), 0), 12);
    expect(hits[1].probability).toBeLessThan(hits[0].probability);
    expect(hits[0].primary).toBe(true);
  });
});

describe("walking fire (004:L101-102)", () => {
  it("E48: two targets 3 m apart count as 4 — too many for ROF 2 (max 3), allowed at ROF 3; E47: bystanders defend vs ROF + 1", () => {
    const sweep = sweepOf(
      { x: 0, y: 0 },
      [
        { x: 1000, y: 0 },
        { x: 1000, y: 300 },
      ],
      measure,
    );
    expect(sweep.gaps).toEqual([3]);
    const targets = [info("A", 10), info("B", 10.44)];
    const facts = [null, null];
    const request = attackRequest(shooter(), RIFLE, targets, facts, "Rifle", { sweep, bystanders: [], zone: null });
    expect(() => planPool(request, { ...request.values, fireMode: "walking", burst: 2 }, DEFAULT_OPTIONS)).toThrow(
      /reaches 3 targets; these count as 4/,
    );
    const plan = planPool(request, { ...request.values, fireMode: "walking", burst: 3 }, DEFAULT_OPTIONS);
    // ROF 3 over 4 counted targets: 3 − (4 − 1) = 0 added to the Degree of Success; 15 rounds; recoil −1.
    expect(plan).toMatchObject({ walkingDamageRof: 0, ammo: 15 });
    expect(plan.lines).toContainEqual({ label: "OMNIBUS.Silhouette.Card.Recoil", value: -1 });
    expect(() => planPool(request, { ...request.values, fireMode: "walking", burst: 0 }, DEFAULT_OPTIONS)).toThrow(/ROF/);
  });

  it("the sweep runs across the targets by bearing; bystanders are those on it or up to 1 m behind a target", () => {
    const shooterAt = { x: 0, y: 0 };
    const targets = [at("C", 10, 2), at("A", 10, 0), at("B", 10, 1)];
    const sweep = sweepOf(
      shooterAt,
      targets.map((t) => t.center),
      measure,
    );
    expect(sweep.order.map((i) => targets[i].name)).toEqual(["A", "B", "C"]);
    expect(sweep.gaps).toEqual([1, 1]);
    const others = [at("between", 10, 0.5), at("behind", 10.9, 0), at("aside", 10, 4), at("front", 5, 0)];
    const by = walkingFireBystanders(shooterAt, null, targets, sweep, [...targets, ...others], 100);
    expect(by.map((t) => t.name)).toEqual(["between", "behind"]);
  });

  // Foundry v14 scene levels: a bystander on another Level of the scene is not in the fire zone.
  it("scene levels: a passer-by between the targets but on another Level is no bystander on v14 (one Level per scene on v13)", async () => {
    const h = await setUp();
    const s = makeActor(h, {
      id: "p1",
      name: "Merc",
      owner: true,
      attributes: { agi: 1 },
      skills: [["Firearms", "firearms", 4, "agi"]],
      weapons: [
        {
          name: "Assault rifle",
          category: "ranged",
          skill: "firearms",
          damageMultiplier: 15,
          accuracy: 0,
          rof: 2,
          ranges: { base: 25, medium: 50, long: 100, extreme: 200 },
          ammo: { value: 30, max: 30 },
        },
      ],
    });
    const a = makeActor(h, { id: "n1", name: "A", owner: false });
    const b = makeActor(h, { id: "n2", name: "B", owner: false });
    const c = makeActor(h, { id: "n3", name: "Passer-by", owner: false });
    const onLevel = <T extends { document: object }>(t: T, level: string) => (Object.assign(t.document, { level }), t);
    const me = onLevel(token("merc", 0, 0, s), "ground");
    const ta = onLevel(token("a", 10, 0, a), "ground");
    const tb = onLevel(token("b", 10, 2, b), "ground");
    const tc = onLevel(token("c", 10, 1, c), "upstairs");
    installScene([me, ta, tb, tc], [me], h.stand);
    (globalThis as unknown as { canvas: Record<string, unknown> }).canvas.level = { id: "upstairs" }; // the shooter's Level decides, not the viewed one
    const request = (await h.checks.silhouetteChecks.build({
      actor: s as never,
      kind: "item",
      dataset: { itemId: "p1w0" },
      targets: targetsOf(me, [ta, tb]),
    }))!;
    const names = (request.data as any).fire.bystanders.map((t: { name: string }) => t.name);
    expect(names).toEqual(h.stand.generation >= 14 ? [] : ["c"]);
  });

  it("a walking-fire attack at the table: two targets 2 m apart and a bystander between them; ROF 2 → 10 rounds; the bystander fails its defense vs 3", async () => {
    const h = await setUp();
    const s = makeActor(h, {
      id: "p1",
      name: "Merc",
      owner: true,
      attributes: { agi: 1 },
      skills: [["Firearms", "firearms", 4, "agi"]],
      weapons: [
        {
          name: "Assault rifle",
          category: "ranged",
          skill: "firearms",
          damageMultiplier: 15,
          accuracy: 0,
          rof: 2,
          ranges: { base: 25, medium: 50, long: 100, extreme: 200 },
          ammo: { value: 30, max: 30 },
        },
      ],
    });
    const a = makeActor(h, { id: "n1", name: "A", owner: false, skills: [["Defense", "defense", 2, "none"]] });
    const b = makeActor(h, { id: "n2", name: "B", owner: false });
    const c = makeActor(h, { id: "n3", name: "Passer-by", owner: false, skills: [["Defense", "defense", 2, "none"]] });
    const me = token("merc", 0, 0, s);
    const ta = token("a", 10, 0, a);
    const tb = token("b", 10, 2, b);
    const tc = token("c", 10, 1, c);
    installScene([me, ta, tb, tc], [me], h.stand);
    const request = (await h.checks.silhouetteChecks.build({
      actor: s as never,
      kind: "item",
      dataset: { itemId: "p1w0" },
      targets: targetsOf(me, [ta, tb]),
    }))!;
    const fire = (request.data as any).fire;
    expect(fire.sweep.gaps).toEqual([2]);
    expect(fire.bystanders.map((t: { name: string }) => t.name)).toEqual(["c"]);
    // Firearms 4 [6,6,3,2] → 7, AGI +1, recoil −1 (ROF 2) → 7; 10 m is the base band (0).
    h.faces = [6, 6, 3, 2];
    await h.checks.silhouetteChecks.roll(request, { ...request.values, fireMode: "walking", burst: 2 }, { rollMode: "publicroll" });
    expect((s.items as any).get("p1w0").system.ammo.value).toBe(20);
    const message = lastMessage(h);
    const targets = message.flags.omnibus.silhouette.attack.targets;
    expect(targets.map((t: any) => [t.name, t.role, t.strikes[0].attackTotal, t.damageRof])).toEqual([
      ["a", "target", 7, 0],
      ["b", "target", 7, 0],
      ["c", "bystander", 3, 0],
    ]);
    expect(String(message.content)).toContain("Bystanders in the fire zone defend against 3.");
    h.stand.setUser("gm");
    h.stand.setActiveGM("gm");
    // The passer-by's Defense 2 [2,1] → 2, stationary vs ranged −1, no multiple-attacker penalty → 1 < 3: hit by 2 → 2 × 15 = 30.
    h.faces = [2, 1];
    await h.actions.requestChatAction(message as never, "defend", "b0s0");
    expect(message.flags.omnibus.silhouette.attack.targets[2].strikes[0].outcome).toMatchObject({ margin: 2, hit: true, damage: 30 });
    expect(c.getFlag("omnibus", "silhouetteDefended")).toBeUndefined();
  });
});

describe("suppressive fire (004:L103-107)", () => {
  it("E49: roll total 5, ROF 2 → effectiveness 7, 40 rounds, WILL vs 4; doubled zone → 4; E50: defense 4 → MoF 3 × 10 = 30", () => {
    const zone = [info("X", 20), info("Y", 21)];
    const request = attackRequest(shooter(2), RIFLE, [info("X", 20)], [null], "Rifle", {
      sweep: null,
      bystanders: [],
      zone: { distance: 20, normal: zone, doubled: zone },
    });
    const values = { ...request.values, fireMode: "suppressive", burst: 2, range: "base" };
    const plan = planPool(request, values, DEFAULT_OPTIONS);
    expect(plan.ammo).toBe(40);
    expect(plan.lines.some((l) => l.label.endsWith("Recoil"))).toBe(false);
    const roll = readCheckFaces({ dice: plan.dice, modifier: plan.modifier }, [5, 2], DEFAULT_OPTIONS.check);
    const state = attackCardState(request, values, plan, roll, "", DEFAULT_OPTIONS, { area: zone });
    expect(state.attack!.suppression).toEqual({ effectiveness: 7, zoneWidthMetres: 5, willDifficulty: 4 });
    expect(state.attack!.targets.map((t) => [t.name, t.role, t.strikes[0].attackTotal])).toEqual([
      ["X", "zone", 7],
      ["Y", "zone", 7],
    ]);
    const defense: DefenseSummary = {
      faces: [4],
      poolSize: 1,
      untrained: false,
      best: 4,
      extraSixes: 0,
      result: 4,
      fumble: false,
      modifier: 0,
      total: 4,
      skill: "defense",
      lines: [],
      defenderName: "X",
    };
    expect(withDefense(state, "z0s0", defense, DEFAULT_OPTIONS).attack!.targets[0].strikes[0].outcome).toMatchObject({
      margin: 3,
      hit: true,
      damage: 30,
    });
    // A defense equal to the effectiveness is safe, whatever the opposed-tie setting.
    expect(
      withDefense(state, "z0s0", { ...defense, total: 7 }, optionsFrom({ opposedTie: "success" })).attack!.targets[0].strikes[0].outcome,
    ).toMatchObject({ hit: false, damage: 0 });
    const doubled = attackCardState(
      request,
      { ...values, doubledZone: true },
      planPool(request, { ...values, doubledZone: true }, DEFAULT_OPTIONS),
      roll,
      "",
      DEFAULT_OPTIONS,
      { area: zone },
    );
    expect(doubled.attack!.suppression).toEqual({ effectiveness: 4, zoneWidthMetres: 10, willDifficulty: 4 });
  });

  it("the zone: everyone within 2.5 m (5 m zone) or 5 m (doubled) of its centre, not the shooter; beyond Medium range it is refused", () => {
    const tokens = [at("shooter", 0, 0), at("centre", 30, 0), at("edge", 32.5, 0), at("out", 33, 0), at("far", 35, 0)];
    expect(suppressionZone(tokens[1].center, false, 30, RIFLE.ranges, tokens, measure, "shooter").caught.map((t) => t.name)).toEqual([
      "centre",
      "edge",
    ]);
    expect(suppressionZone(tokens[1].center, true, 30, RIFLE.ranges, tokens, measure, "shooter").caught.map((t) => t.name)).toEqual([
      "centre",
      "edge",
      "out",
      "far",
    ]);
    expect(() => suppressionZone(tokens[1].center, false, 51, RIFLE.ranges, tokens, measure, "shooter")).toThrow(/Medium range/);
    const request = attackRequest(shooter(2), RIFLE, [info("Far", 60)], [null], "Rifle");
    expect(() => checkOdds(request, { ...request.values, fireMode: "suppressive", burst: 1 }, DEFAULT_OPTIONS)).toThrow(/Medium/);
  });

  it("the odds of a zone member being hit: P(effectiveness > defense), counted by hand", () => {
    const request = attackRequest(
      shooter(1),
      RIFLE,
      [info("X", 10)],
      [{ defenseDice: 2, defenseAttribute: 0, movement: "walking" }],
      "Rifle",
    );
    const line = checkOdds(request, { ...request.values, fireMode: "suppressive", burst: 2 }, DEFAULT_OPTIONS)[0];
    expect(line.label).toBe("OMNIBUS.Silhouette.Odds.Suppressed");
    // effectiveness = 1 die + ROF 2 (base band 0), against 2 dice walking (0).
    expect(line.probability).toBeCloseTo(pGreater(enumerate(1), 2, enumerate(2), 0), 12);
  });
});

describe("throwing and grenades (004:L108-113)", () => {
  it("E51: a 1 kg stone flies STR + 5 m, each band double: STR 0 → 5/10/20/40, +2 → 7/14/28/56, −1 → 4/8/16/32", () => {
    const stone = { category: "thrown", weight: 1, ranges: { base: 0, medium: 0, long: 0, extreme: 0 } };
    expect(thrownRanges(stone, 0)).toEqual({ base: 5, medium: 10, long: 20, extreme: 40 });
    expect(thrownRanges(stone, 2)).toEqual({ base: 7, medium: 14, long: 28, extreme: 56 });
    expect(thrownRanges(stone, -1)).toEqual({ base: 4, medium: 8, long: 16, extreme: 32 });
    // Heavier than 1 kg with its own ranges: the mass table is missing, the weapon's ranges stand.
    expect(thrownRanges({ category: "thrown", weight: 3, ranges: { base: 3, medium: 6, long: 12, extreme: 24 } }, 2).base).toBe(3);
    expect(thrownRanges({ category: "ranged", weight: 0, ranges: RIFLE.ranges }, 2)).toBe(RIFLE.ranges);
  });

  it("E53: a miss by 1 with direction die 4 lands 1 m back toward the thrower (180°); the blast catches who is within its radius", () => {
    const landed = landingPoint({ x: 0, y: 0 }, { x: 1000, y: 0 }, 1, 180, 100);
    expect(landed.x).toBeCloseTo(900, 9);
    expect(landed.y).toBeCloseTo(0, 9);
    const side = landingPoint({ x: 0, y: 0 }, { x: 1000, y: 0 }, 2, 90, 100);
    expect(side.x).toBeCloseTo(1000, 9);
    expect(side.y).toBeCloseTo(200, 9); // 90° clockwise from "away" (east) is south on screen
    expect(tokensWithin(landed, 5, [at("a", 9, 0), at("b", 14, 0), at("c", 15, 0)], measure).map((t) => [t.name, t.distance])).toEqual([
      ["a", 0],
      ["b", 5],
    ]);
  });

  it("a grenade at the table: accuracy [1,2] −2 → 0 misses difficulty 1 by 1; fuse [6,6] → 7 −2 = 5 (below 6: a short delay); d6 4 → 1 m back; caught within 5 m", async () => {
    const h = await setUp();
    const thrower = makeActor(h, {
      id: "g1",
      name: "Grenadier",
      owner: true,
      skills: [["Throwing", "throwing", 2, "none"]],
      weapons: [
        {
          name: "Grenade",
          category: "thrown",
          skill: "throwing",
          damageMultiplier: 25,
          accuracy: 0,
          rof: 0,
          ranges: { base: 5, medium: 10, long: 20, extreme: 40 },
          ammo: { value: 1, max: 1 },
          weight: 0.5,
          blastRadius: 5,
        },
      ],
    });
    const victim = makeActor(h, { id: "v1", name: "Victim", owner: false });
    const me = token("me", 0, 0, thrower);
    const spot = token("spot", 4, 0, victim);
    const near = token("near", 0, 3, null);
    const far = token("far", 20, 0, null);
    installScene([me, spot, near, far], [me], h.stand);
    const request = (await h.checks.silhouetteChecks.build({
      actor: thrower as never,
      kind: "item",
      dataset: { itemId: "g1w0" },
      targets: targetsOf(me, [spot]),
    }))!;
    expect(request.fields.map((f) => f.name)).not.toContain("unaware");
    // STR 0: the grenade's ranges are STR + 5 = 5 m base; 4 m is the base band (0). Walking −1, modifier −1.
    const values = { ...request.values, movement: "walking", modifier: -1 };
    const odds = checkOdds(request as never, values, DEFAULT_OPTIONS)[0];
    expect(odds.label).toBe("OMNIBUS.Silhouette.Odds.LandsOnTarget");
    // 2 dice − 2 ≥ 1 ⇔ result ≥ 3: 1 − P(both ≤ 2) = 1 − 4/36.
    expect(odds.probability).toBeCloseTo(32 / 36, 12);
    h.faces = [1, 2, 6, 6, 4];
    await h.checks.silhouetteChecks.roll(request, values, { rollMode: "publicroll" });
    expect(h.faces).toEqual([]);
    const created = h.stand.recorded.messagesCreated.at(-1)!.data;
    expect((created.rolls as unknown[]).length).toBe(3);
    const grenade = (created.flags as any).omnibus.silhouette.attack.grenade;
    // The fuse test is the same Throwing roll with the same modifiers (walking −1, other −1).
    expect(grenade.fuse).toMatchObject({ faces: [6, 6], result: 7, total: 5 });
    expect(grenade).toMatchObject({
      explodesOnImpact: false,
      mayExplodeInHand: false,
      landed: { onTarget: false, distance: 1, directionDie: 4, bearing: 180, towardThrower: true },
      blastRadius: 5,
    });
    // Landed at 3 m from the thrower: the thrower (3 m), "spot" (1 m) and "near" (√18 ≈ 4.24 m) are within 5 m; "far" is not.
    expect(grenade.caught.map((c: any) => [c.name, c.distance])).toEqual([
      ["spot", 1],
      ["me", 3],
      ["near", 4.24],
    ]);
    expect(String(created.content)).toContain("Flies back 1 m toward the thrower");
    expect(String(created.content)).toContain("It explodes after a short delay.");
    expect((thrower.items as any).get("g1w0").system.ammo.value).toBe(0);
  });

  it("a blind throw: the accuracy, fuse and direction dice are all rolled blind (no typed dice), on a blind card", async () => {
    const h = await setUp();
    const thrower = makeActor(h, {
      id: "g4",
      name: "Grenadier",
      owner: true,
      skills: [["Throwing", "throwing", 2, "none"]],
      weapons: [
        {
          name: "Grenade",
          category: "thrown",
          skill: "throwing",
          damageMultiplier: 25,
          accuracy: 0,
          rof: 0,
          ranges: { base: 5, medium: 10, long: 20, extreme: 40 },
          ammo: { value: 1, max: 1 },
          weight: 0.5,
          blastRadius: 5,
        },
      ],
    });
    const me = token("me", 0, 0, thrower);
    const spot = token("spot", 4, 0, makeActor(h, { id: "v4", name: "Victim", owner: false }));
    installScene([me, spot], [me], h.stand);
    const request = (await h.checks.silhouetteChecks.build({
      actor: thrower as never,
      kind: "item",
      dataset: { itemId: "g4w0" },
      targets: targetsOf(me, [spot]),
    }))!;
    const before = h.stand.recorded.evaluations.length;
    // As above: accuracy [1,2] −2 misses, fuse [6,6], direction die 4.
    h.faces = [1, 2, 6, 6, 4];
    await h.checks.silhouetteChecks.roll(request, { ...request.values, movement: "walking", modifier: -1 }, { rollMode: "blindroll" });
    const seen = h.stand.recorded.evaluations.slice(before);
    expect(h.faces).toEqual([]);
    const created = h.stand.recorded.messagesCreated.at(-1)!.data as any;
    expect(created.flags.omnibus.silhouette.attack.grenade.fuse).toMatchObject({ faces: [6, 6] });
    expect(seen).toEqual([{ allowInteractive: false }, { allowInteractive: false }, { allowInteractive: false }]);
    expect(created).toMatchObject({ whisper: ["gm"], blind: true });
  });

  it("a grenade fuse mishap may explode in the hand; an accuracy mishap flies toward the thrower without a direction die", async () => {
    const h = await setUp();
    const thrower = makeActor(h, {
      id: "g2",
      name: "G",
      owner: true,
      skills: [["Throwing", "throwing", 1, "none"]],
      weapons: [
        {
          name: "Grenade",
          category: "thrown",
          skill: "throwing",
          damageMultiplier: 25,
          accuracy: 0,
          rof: 0,
          ranges: { base: 5, medium: 10, long: 20, extreme: 40 },
          ammo: { value: 0, max: 0 },
          blastRadius: 5,
        },
      ],
    });
    const request = (await h.checks.silhouetteChecks.build({
      actor: thrower as never,
      kind: "item",
      dataset: { itemId: "g2w0" },
      targets: [],
    }))!;
    expect(request.values).toMatchObject({ thresholdKind: "difficulty", threshold: 1 });
    h.faces = [1, 1];
    await h.checks.silhouetteChecks.roll(request, { ...request.values, modifier: -1 }, { rollMode: "publicroll" });
    const grenade = (h.stand.recorded.messagesCreated.at(-1)!.data.flags as any).omnibus.silhouette.attack.grenade;
    // Accuracy 1 − 1 = 0 vs 1 and a mishap: toward the thrower by the Degree of Failure 1; fuse [1] a mishap.
    expect(grenade).toMatchObject({
      mayExplodeInHand: true,
      explodesOnImpact: false,
      landed: { onTarget: false, distance: 1, directionDie: null, towardThrower: true },
      caught: null,
    });
  });

  it("a high fuse result (the setting, default 6) explodes almost on impact; on target no direction die is rolled", async () => {
    const h = await setUp();
    const thrower = makeActor(h, {
      id: "g3",
      name: "G",
      owner: true,
      skills: [["Throwing", "throwing", 2, "none"]],
      weapons: [
        {
          name: "Grenade",
          category: "thrown",
          skill: "throwing",
          damageMultiplier: 25,
          accuracy: 0,
          rof: 0,
          ranges: { base: 5, medium: 10, long: 20, extreme: 40 },
          ammo: { value: 0, max: 0 },
          blastRadius: 5,
        },
      ],
    });
    const request = (await h.checks.silhouetteChecks.build({
      actor: thrower as never,
      kind: "item",
      dataset: { itemId: "g3w0" },
      targets: [],
    }))!;
    h.faces = [3, 2, 6, 2];
    await h.checks.silhouetteChecks.roll(request, request.values, { rollMode: "publicroll" });
    expect(h.faces).toEqual([]);
    const data = h.stand.recorded.messagesCreated.at(-1)!.data;
    expect((data.flags as any).omnibus.silhouette.attack.grenade).toMatchObject({
      explodesOnImpact: true,
      landed: { onTarget: true, distance: 0 },
    });
    expect(String(data.content)).toContain("High fuse result");
    expect((data.rolls as unknown[]).length).toBe(2);
  });
});

describe("the weapon's blast radius (a new field) on older data", () => {
  it('`blast` / `radius` (numbers or "5 m") become blastRadius; a weapon without one keeps none (the schema\'s 0); unreadable text is noted; idempotent', () => {
    expect(migrateWeaponSource({ blast: "5 m", damage: 25 })).toEqual({ blastRadius: 5, damageMultiplier: 25 });
    expect(migrateWeaponSource({ radius: 3 })).toEqual({ blastRadius: 3 });
    const notes: unknown[] = [];
    expect(migrateWeaponSource({ blastRadius: "junk" }, notes)).toEqual({}); // the schema's 0, and the text noted
    expect(notes).toEqual([{ path: "blastRadius", value: "junk" }]);
    expect("blastRadius" in migrateWeaponSource({ damageMultiplier: 10 })).toBe(false);
    const once = migrateWeaponSource({ blast: 4 });
    expect(migrateWeaponSource(once)).toEqual(once);
  });
});

describe("bad input changes nothing", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await setUp();
  });
  it("walking fire with too many counted targets is refused before any die is rolled or ammunition spent", async () => {
    const s = makeActor(h, {
      id: "p9",
      name: "Merc",
      owner: true,
      skills: [["Firearms", "firearms", 3, "none"]],
      weapons: [
        {
          name: "Rifle",
          category: "ranged",
          skill: "firearms",
          damageMultiplier: 10,
          accuracy: 0,
          rof: 1,
          ranges: { base: 25, medium: 50, long: 100, extreme: 200 },
          ammo: { value: 30, max: 30 },
        },
      ],
    });
    const me = token("me", 0, 0, s);
    const t1 = token("t1", 10, 0, null);
    const t2 = token("t2", 10, 3, null);
    installScene([me, t1, t2], [me], h.stand);
    const request = (await h.checks.silhouetteChecks.build({
      actor: s as never,
      kind: "item",
      dataset: { itemId: "p9w0" },
      targets: targetsOf(me, [t1, t2]),
    }))!;
    h.faces = [4, 4, 4];
    await expect(
      h.checks.silhouetteChecks.roll(request, { ...request.values, fireMode: "walking", burst: 1 }, { rollMode: "publicroll" }),
    ).rejects.toThrow(/count as 4/);
    expect(h.faces).toEqual([4, 4, 4]);
    expect((s.items as any).get("p9w0").update).not.toHaveBeenCalled();
    expect(h.stand.recorded.messagesCreated).toHaveLength(0);
  });
});
