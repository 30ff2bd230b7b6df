// `omnibus wfrp check <extended|…>` (issue 12): the request built from the sheet's plain data (the
// compendium's example characters as the sheet's actor view), resolved through the CLI's main entry
// with fixed faces, compared with the table's own pure functions on the same faces and with the
// digest's worked examples (cited per test).
import { describe, expect, it } from "vitest";
import { forcedDice } from "../../src/core/dice";
import { extendedTest, resolveTest, rollInitiative } from "../../src/rules/wfrp/index";
import {
  buildRequest,
  defenceSpecFor,
  extendedAfterRoll,
  extendedTracker,
  initiativeCharacteristics,
  specFor,
} from "../../src/rules/wfrp/table/checks";
import { attackStateFrom, planDamage, resolveTarget, withDefenceFaces } from "../../src/rules/wfrp/table/cards";
import { DEFAULT_RULES } from "../../src/rules/wfrp/table/settings";
import { actorViewOf, packDocs } from "../gallery/samples/wfrp";
import { runCli as run } from "../support/cli";

const character = (name: string, patch: Record<string, unknown> = {}) =>
  actorViewOf(
    packDocs("wfrp-examples").find((d) => d.name === name)!,
    patch,
  );

function json(kind: string, request: unknown, faces: string) {
  const r = run("wfrp", "check", kind, "--request", JSON.stringify(request), "--faces", faces, "--json");
  expect(r.err).toEqual([]);
  expect(r.status).toBe(0);
  return JSON.parse(r.out);
}

describe("wfrp check extended", () => {
  // V8 (003:L211-213): Molly's Pick Lock 58, Challenging, 5 SL within 3 rolls; 62, 11, 42 →
  // totals 0 (never below 0), 4, 5: complete on the third and last roll.
  const tracker = {
    skill: "pickLock",
    characteristic: "dex",
    difficulty: "challenging",
    requiredSL: 5,
    accumulated: 0,
    rollsMade: 0,
    maxRolls: 3,
    status: "inProgress",
  };
  const molly = (system: Record<string, unknown> = tracker) => {
    const m = character("Molly");
    m.items.push({ id: "ext", name: "Pick the lock", type: "wfrp_extended", img: null, system });
    return m;
  };

  it("each roll's answer is the table's: buildRequest → specFor → resolveTest → extendedAfterRoll, and the three make V8's 0, 4, 5", () => {
    let system: Record<string, unknown> = { ...tracker };
    const totals: number[] = [];
    const results: Array<{ success: boolean; sl: number }> = [];
    for (const face of [62, 11, 42]) {
      const actor = molly(system);
      const request = buildRequest({ actor, kind: "extended", dataset: { itemId: "ext" }, targets: [], rules: DEFAULT_RULES, t: (k) => k });
      const result = resolveTest(specFor(request, request.values), face, DEFAULT_RULES.test);
      const step = extendedAfterRoll(extendedTracker(actor.items.at(-1)!), result, false);
      const cli = json("extended", { actor, extended: "Pick the lock" }, String(face));
      expect(cli).toMatchObject({ roll: face, target: 58, sl: result.sl, accumulated: step.accumulated, status: step.status });
      results.push(result);
      totals.push(cli.accumulated);
      // The GM's one update of the tracker, as the card makes it.
      system = { ...system, ...Object.fromEntries(cli.changes.map((c: { path: string; value: unknown }) => [c.path.slice(7), c.value])) };
    }
    expect(totals).toEqual([0, 4, 5]);
    expect(system.status).toBe("complete");
    expect(extendedTest(results, 5, { maxRolls: 3 })).toEqual({ totals: [0, 4, 5], completedOnRoll: 3, status: "complete" });
  });

  it("'Extended Tests and 0 SL' (003:L219): 40 against Int 40 adds +1 instead of +0 (V27)", () => {
    const m = character("Molly", {
      characteristics: { ...(character("Molly").system.characteristics as object), int: { initial: 40, advances: 0, modifier: 0 } },
    });
    m.items.push({
      id: "ext",
      name: "Study",
      type: "wfrp_extended",
      img: null,
      system: { ...tracker, skill: "", characteristic: "int", requiredSL: 9 },
    });
    expect(json("extended", { actor: m, extended: "Study" }, "40")).toMatchObject({ sl: 0, accumulated: 0 });
    expect(json("extended", { actor: m, extended: "Study", rules: { extendedZeroSL: true } }, "40")).toMatchObject({
      sl: 0,
      accumulated: 1,
      added: 1,
    });
  });

  it("a finished test, an unknown tracker, a bad value or rule: exit 2 with one line naming it", () => {
    for (const [req, message] of [
      [{ actor: molly({ ...tracker, status: "complete" }), extended: "Pick the lock" }, /over/],
      [{ actor: molly(), extended: "Climb" }, /"extended" names no extended item/],
      [
        { actor: molly(), extended: "Pick the lock", values: { difficulty: "hard", bonus: 10 } },
        /"values\.bonus" is not one of the dialog's/,
      ],
      [{ actor: molly(), extended: "Pick the lock", rules: { extendedZeroSl: true } }, /"rules\.extendedZeroSl" is not a setting/],
    ] as Array<[unknown, RegExp]>) {
      const r = run("wfrp", "check", "extended", "--request", JSON.stringify(req), "--faces", "42");
      expect(r.status).toBe(2);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(message);
    }
  });
});

describe("wfrp check attack", () => {
  const byName = (prefix: string) => actorViewOf(packDocs("wfrp-examples").find((d) => d.name.startsWith(prefix))!);
  const request = {
    actor: byName("Salundra"),
    weapon: "Hand Weapon",
    targets: [{ name: "Tollich", distance: 1, actor: byName("Tollich") }],
  };

  it("the CLI's answer is the table's: buildRequest → attackStateFrom → defenceSpecFor → withDefenceFaces → resolveTarget → planDamage", () => {
    const attacker = byName("Salundra");
    const tollich = { ...byName("Tollich"), uuid: "Actor.target0" };
    const weapon = attacker.items.find((i) => i.name === "Hand Weapon")!;
    const target = { tokenUuid: "token0", actorUuid: "Actor.target0", name: "Tollich", img: "", distance: 1, units: "yd", actor: tollich };
    const built = buildRequest({
      actor: attacker,
      kind: "attack",
      dataset: { itemId: weapon.id },
      targets: [target],
      rules: DEFAULT_RULES,
      t: (k) => k,
    });
    const state0 = attackStateFrom(built, built.values, DEFAULT_RULES, 58, { uuid: attacker.uuid, name: attacker.name, img: "" });
    const { spec, defensiveWeapon } = defenceSpecFor(tollich, "melee", DEFAULT_RULES);
    const state = withDefenceFaces(state0, 0, { skill: "melee", spec, defensiveWeapon }, [91]);
    const result = resolveTarget(state, 0)!;
    const plan = planDamage(state, 0, tollich);
    const cli = json("attack", request, "58,91");
    expect(cli.targets[0]).toMatchObject({
      hit: result.hit,
      margin: result.margin,
      location: result.location,
      damage: result.damage,
      woundsLost: plan.damage.woundsLost,
      armourPoints: plan.armourPoints,
    });
    expect(cli.changes[0].update).toEqual(plan.update);
  });

  it("58 reverses to 85 for the hit location (V14, 003:L74): the left leg; −0 SL against the defence's −4 wins by 4 (margin as 003:L199)", () => {
    const cli = json("attack", request, "58,91");
    expect(cli.targets[0]).toMatchObject({
      opposed: true,
      attack: { roll: 58, sl: 0, success: false },
      defence: { roll: 91, sl: -4 },
      winner: "attacker",
      margin: 4,
      location: "leftLeg",
      // Hand Weapon 4 + Strength Bonus 3 + margin 4; Wounds lost = 11 − Toughness Bonus 3 − 0 AP on the leg.
      damage: 11,
      toughnessBonus: 3,
      armourPoints: 0,
      woundsLost: 8,
    });
  });

  it("77 stays 77 reversed (V14): the body, where Tollich's Mail Shirt gives 2 AP", () => {
    expect(json("attack", request, "77,91").targets[0]).toMatchObject({ location: "body", armourPoints: 2 });
  });

  it("a bad defence, weapon or target field exits 2 naming it", () => {
    for (const [req, message] of [
      [{ ...request, targets: [{ ...request.targets[0], defence: "parry" }] }, /"targets\[0\]\.defence" must be melee, dodge or none/],
      [{ ...request, weapon: "Halberd" }, /"weapon" names no weapon item/],
      [{ ...request, targets: [{ ...request.targets[0], distance: "near" }] }, /"targets\[0\]\.distance" must be a number/],
      [{ ...request, targets: [{ ...request.targets[0], actor: [] }] }, /"targets\[0\]\.actor" must be an actor's plain data object/],
    ] as Array<[unknown, RegExp]>) {
      const r = run("wfrp", "check", "attack", "--request", JSON.stringify(req), "--faces", "58,91");
      expect(r.status).toBe(2);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(message);
    }
  });
});

describe("wfrp check initiative", () => {
  const byName = (prefix: string) => actorViewOf(packDocs("wfrp-examples").find((d) => d.name.startsWith(prefix))!);
  const combatants = () => [
    { name: "Perdita", actor: byName("Perdita") },
    { name: "Cultist", actor: byName("Cultist") },
    { name: "Tollich", actor: byName("Tollich") },
  ];

  it("fixed (the default): Tollich 38 → the cultist 35 → Perdita 33, no roll (V11, 003:L283)", () => {
    const r = run("wfrp", "check", "initiative", "--request", JSON.stringify({ combatants: combatants() }), "--json");
    expect(r.status).toBe(0);
    const order = JSON.parse(r.out).order;
    expect(order.map((e: { name: string; score: number }) => [e.name, e.score])).toEqual([
      ["Tollich", 38],
      ["Cultist", 35],
      ["Perdita", 33],
    ]);
  });

  it("d10 + bonuses: 7 + Agility 34's 3 + Initiative 41's 4 = 14 (V26, 003:L293); the CLI's answer is initiativeCharacteristics → rollInitiative", () => {
    const tollich = byName("Tollich");
    const chars = tollich.system.characteristics as Record<string, object>;
    tollich.system.characteristics = {
      ...chars,
      i: { initial: 41, advances: 0, modifier: 0 },
      ag: { initial: 34, advances: 0, modifier: 0 },
    };
    const rules = { ...DEFAULT_RULES, initiativeMode: "d10_plus_bonuses" as const };
    const table = rollInitiative(forcedDice([7]), [{ id: "0", ...initiativeCharacteristics(tollich) }], rules.initiativeMode, rules.test);
    const cli = json(
      "initiative",
      { combatants: [{ name: "Tollich", actor: tollich }], rules: { initiativeMode: "d10_plus_bonuses" } },
      "7",
    );
    expect(cli.order[0]).toMatchObject({ name: "Tollich", score: 14, roll: 7 });
    expect(cli.order[0].score).toBe(table[0].score);
  });

  it("a bad combatant or mode exits 2 naming it", () => {
    for (const [req, message] of [
      [{ combatants: [{ name: "x", actor: 3 }] }, /"combatants\[0\]\.actor" must be an actor's plain data object/],
      [{ combatants: [], rules: { initiativeMode: 3 } }, /"rules\.initiativeMode" must be a string/],
      [{ combatant: [] }, /"combatant" is not one of initiative's/],
    ] as Array<[unknown, RegExp]>) {
      const r = run("wfrp", "check", "initiative", "--request", JSON.stringify(req));
      expect(r.status).toBe(2);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(message);
    }
  });
});
