// @vitest-environment happy-dom
// Active Effects reaching checks (issue 15 §1), for each ruleset, through the stand-ins of the
// running generation (the vitest projects v13 and v14): an item's transferred effect and an
// actor's own effect are listed by name in the roll dialog and counted in the exact odds; a
// disabled effect and an item effect that does not transfer count for nothing; a derived value
// (Storytelling Defense) changes through its bonus field. Changes are stored in the generation's
// own shape (compat.ts `writeChange`: v13 `mode`, v14 `type`/`phase`).
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundryStandIns, StandInDocument, type StandIns } from "../../support/foundry-stand-ins";
import { setUpStorytelling } from "../storytelling/setup";
import { setUp as setUpSilhouette, makeActor as silhouetteActor } from "../silhouette/harness";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Compat = typeof import("../../../src/foundry/compat");
type DialogCtx = typeof import("../../../src/foundry/dialogs/roll-dialog-context");
const MODES = { publicroll: { label: "CHAT.RollPublic" }, public: { label: "CHAT.RollPublic" } };

/** An effect as stored by the running generation: `add` changes of `key` by each value. */
function effect(compat: Compat, id: string, name: string, changes: Array<[string, number]>, extra: Record<string, unknown> = {}) {
  return {
    id,
    name,
    img: "icons/svg/aura.svg",
    disabled: false,
    changes: changes.map(([key, n]) => compat.writeChange({ key, type: "add", value: String(n), phase: "initial", priority: null })),
    ...extra,
  };
}

/** The four effects every ruleset's test gives its actor: on the actor, on an item (transferred / not), disabled. */
function effectsFor(compat: Compat, key: string, [actorN, itemN]: [number, number]) {
  return {
    own: [effect(compat, "e1", "Blessing", [[key, actorN]]), effect(compat, "e2", "Old curse", [[key, 100]], { disabled: true })],
    item: [
      effect(compat, "e3", "Keen edge", [[key, itemN]], { transfer: true }),
      effect(compat, "e4", "Only the item", [[key, 100]], { transfer: false }),
    ],
  };
}

describe("D6: effects on an attribute check", () => {
  let stand: StandIns;
  beforeEach(async () => {
    vi.resetModules();
    stand = installFoundryStandIns();
    stand.makeUser("gm", true);
    const { d6Adapter } = await import("../../../src/foundry/d6/adapter");
    (await import("../../../src/foundry/system")).installOmnibus([d6Adapter]);
    await stand.fire("init");
  });

  it("Perception 3D + Blessing 1D (actor) + Keen edge +1 (item) = 4D+1; the disabled and the item-only ones do not count", async () => {
    const compat = await import("../../../src/foundry/compat");
    const { rollDialogContext } = (await import("../../../src/foundry/dialogs/roll-dialog-context")) as DialogCtx;
    const checks = await import("../../../src/foundry/d6/checks");
    const fx = effectsFor(compat, "system.bonuses.attribute.perception", [3, 1]);
    const item = new StandInDocument("i1", "Actor.a.Item.i1", true, {
      name: "Macrobinoculars",
      type: "d6_equipment",
      system: {},
      effects: fx.item,
    });
    const actor = new StandInDocument("a", "Actor.a", true, {
      name: "Thannik",
      type: "d6_character",
      system: { attributes: { perception: { dice: 3, pips: 0 } }, characterPoints: 0, forcePoints: 0, woundLevel: "healthy", round: {} },
      items: { contents: [item] },
      effects: fx.own,
    });
    const request = (await checks.d6Checks.build({
      actor: actor as never,
      kind: "attribute",
      dataset: { attribute: "perception" },
      targets: [],
    }))!;
    const ctx = rollDialogContext(request, request.values, checks.d6Checks.odds!.bind(checks.d6Checks), "publicroll", MODES);
    expect(ctx.effects).toEqual([
      { name: "Blessing", value: "+1D" },
      { name: "Keen edge", value: "+1" },
    ]);
    // The code line of the odds: 3D + 1D + 1 pip, and the chance against 10 with that code.
    expect(ctx.odds.find((l) => l.label === "OMNIBUS.D6.Odds.Code")!.value).toBe("4D+1");
    const withTen = checks.d6Checks.odds!(request, { ...request.values, difficulty: 10 });
    const plain = checks.d6Checks.odds!({ ...request, effects: undefined }, { ...request.values, difficulty: 10 });
    expect(withTen[0].detail).toBe("4D+1 ≥ 10");
    expect(plain[0].detail).toBe("3D ≥ 10");
    expect(withTen[0].probability).toBeGreaterThan(plain[0].probability);
  });
});

describe("Storytelling: effects on a pool and on Defense", () => {
  it("Strength 2 + Athletics 1 + Blessing 1 + Keen edge 1 = 5 dice: P(≥ 1 success) = 1 − 0.7^5; changing the skill drops the skill's effect", async () => {
    const t = await setUpStorytelling();
    const compat = await import("../../../src/foundry/compat");
    const { rollDialogContext } = (await import("../../../src/foundry/dialogs/roll-dialog-context")) as DialogCtx;
    const fx = effectsFor(compat, "system.bonuses.skill.athletics", [1, 1]);
    const attributes = {
      intelligence: 1,
      wits: 1,
      resolve: 1,
      strength: 2,
      dexterity: 1,
      stamina: 1,
      presence: 1,
      manipulation: 1,
      composure: 1,
    };
    const actor = new StandInDocument("s", "Actor.s", true, {
      name: "Marcus",
      img: "",
      type: "storytelling_character",
      system: { attributes, skills: { athletics: { dots: 1, specialties: "" } } },
      items: [{ id: "i1", name: "Running shoes", type: "storytelling_equipment", system: {}, effects: fx.item }],
      effects: fx.own,
      statuses: new Set<string>(),
    });
    const checks = t.checks.storytellingChecks;
    const request = (await checks.build({
      actor: actor as never,
      kind: "pool",
      dataset: { attribute: "strength", skill: "athletics" },
      targets: [],
    }))!;
    const ctx = rollDialogContext(request, request.values, checks.odds!.bind(checks), "publicroll", MODES);
    expect(ctx.effects).toEqual([
      { name: "Blessing", value: "+1" },
      { name: "Keen edge", value: "+1" },
    ]);
    expect(ctx.odds[0].probability).toBeCloseTo(1 - 0.7 ** 5, 12);
    // Strength + Stamina instead: the Athletics effects no longer apply.
    const other = rollDialogContext(
      request,
      { ...request.values, second: "attribute:stamina" },
      checks.odds!.bind(checks),
      "publicroll",
      MODES,
    );
    expect(other.effects).toEqual([]);
    // Strength 2 + Stamina 1 = 3 dice.
    expect(other.odds[0].probability).toBeCloseTo(1 - 0.7 ** 3, 12);
  });

  it("Defense (lower of Wits and Dexterity) reads system.bonuses.defense, where an effect's change lands", async () => {
    await setUpStorytelling();
    const { deriveCharacter } = await import("../../../src/rules/storytelling/table/derive");
    const attributes = {
      intelligence: 1,
      wits: 3,
      resolve: 1,
      strength: 1,
      dexterity: 2,
      stamina: 1,
      presence: 1,
      manipulation: 1,
      composure: 1,
    };
    expect(deriveCharacter({ attributes }, []).defense).toBe(2);
    // Foundry applies the effect's `add 2` to the source's 0 before prepareDerivedData.
    expect(deriveCharacter({ attributes, bonuses: { defense: 2 } }, []).defense).toBe(4);
    expect(deriveCharacter({ attributes, bonuses: { defense: -5 } }, []).defense).toBe(0);
  });
});

describe("WFRP: effects on a characteristic test", () => {
  let stand: StandIns;
  beforeEach(async () => {
    vi.resetModules();
    stand = installFoundryStandIns({ settings: { "omnibus.ruleset": "wfrp", "omnibus.rulesetChosen": true } });
    stand.makeUser("gm", true);
    const { wfrpAdapter } = await import("../../../src/foundry/wfrp/adapter");
    (await import("../../../src/foundry/system")).installOmnibus([wfrpAdapter]);
    await stand.fire("init");
    await stand.fire("ready");
  });

  it("WS 35 at Challenging + Blessing +5 + Keen edge +5 → 45: P(success) = 45/100", async () => {
    const compat = await import("../../../src/foundry/compat");
    const { rollDialogContext } = (await import("../../../src/foundry/dialogs/roll-dialog-context")) as DialogCtx;
    const { initialData } = await import("../../../src/rules/table/field-spec");
    const { ACTOR_SCHEMAS } = await import("../../../src/rules/wfrp/table/schema");
    const { wfrpAdapter } = await import("../../../src/foundry/wfrp/adapter");
    const system = initialData(ACTOR_SCHEMAS.wfrp_character) as Record<string, any>;
    system.characteristics.ws = { initial: 35, advances: 0, modifier: 0 };
    const fx = effectsFor(compat, "system.bonuses.characteristic.ws", [5, 5]);
    const item = { id: "i1", name: "Sword", type: "wfrp_trapping", system: {}, effects: fx.item };
    const actor = new StandInDocument("w", "Actor.w", true, {
      name: "Salundra",
      img: "",
      type: "wfrp_character",
      system,
      items: { contents: [item] },
      effects: fx.own,
      statuses: new Set(),
    });
    const checks = wfrpAdapter.checks!;
    const request = (await checks.build({
      actor: actor as never,
      kind: "characteristic",
      dataset: { characteristic: "ws" },
      targets: [],
    }))!;
    const ctx = rollDialogContext(request, request.values, checks.odds!.bind(checks), "publicroll", MODES);
    expect(ctx.effects).toEqual([
      { name: "Blessing", value: "+5" },
      { name: "Keen edge", value: "+5" },
    ]);
    // Challenging (+0): 01–45 succeed.
    expect(ctx.odds[0].probability).toBeCloseTo(0.45, 12);
  });
});

describe("Silhouette: effects on a skill check", () => {
  it("Notice 2 dice, Blessing +1 and Keen edge +1 reach the card's modifier and the odds", async () => {
    const h = await setUpSilhouette();
    const compat = await import("../../../src/foundry/compat");
    const { rollDialogContext } = (await import("../../../src/foundry/dialogs/roll-dialog-context")) as DialogCtx;
    const actor = silhouetteActor(h, { id: "q", name: "Quinn", owner: true, skills: [["Notice", "notice", 2, "none"]] });
    const fx = effectsFor(compat, "system.bonuses.skill.notice", [1, 1]);
    (actor as any).effects = fx.own;
    (actor as any).items.contents[0].effects = fx.item;
    const checks = h.checks.silhouetteChecks;
    const request = (await checks.build({ actor: actor as never, kind: "skill", dataset: { skill: "notice" }, targets: [] }))!;
    const ctx = rollDialogContext(
      request,
      { ...request.values, threshold: 5, thresholdKind: "fixed" },
      checks.odds!.bind(checks),
      "publicroll",
      MODES,
    );
    expect(ctx.effects).toEqual([
      { name: "Blessing", value: "+1" },
      { name: "Keen edge", value: "+1" },
    ]);
    const { planPool } = await import("../../../src/rules/silhouette/table/checks");
    const { silhouetteOptions } = await import("../../../src/foundry/silhouette/settings");
    const plan = planPool(request as never, request.values, silhouetteOptions());
    expect(plan.lines).toContainEqual({ label: "OMNIBUS.Silhouette.Card.Effects", value: 2 });
  });
});
