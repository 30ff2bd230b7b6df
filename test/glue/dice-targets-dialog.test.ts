import { describe, expect, it, vi } from "vitest";
import { OmnibusError } from "../../src/core/errors";
import { diceFromRoll, facesFromRoll } from "../../src/rules/table/faces";
import { applyFieldInputs, parseFieldInput, rollDialogContext } from "../../src/foundry/dialogs/roll-dialog-context";
import type { CheckRequest } from "../../src/foundry/ruleset";
import { describeTargets } from "../../src/foundry/targets";
import { actorSheetContext, buildTabs } from "../../src/rules/table/sheet-context";
import { giveActiveTokens, installFoundryStandIns } from "../support/foundry-stand-ins";
import { makeTestAdapters } from "../support/test-adapters";

describe("faces from evaluated Foundry dice terms (the third dice source)", () => {
  // "2d6 + 1d6x6": two normal dice, then the Wild Die which rolled 6 and exploded into a 4.
  const evaluated = {
    dice: [
      { faces: 6, results: [{ result: 3 }, { result: 5 }] },
      { faces: 6, results: [{ result: 6 }, { result: 4 }] },
    ],
  };

  it("reads faces term after term, result after result (initial dice, then explosions)", () => {
    expect(facesFromRoll(evaluated).map((f) => f.face)).toEqual([3, 5, 6, 4]);
  });

  it("an OmnibusRoll resolves the same faces the CLI's --faces would: 3D → 3 + 5 + (6 + 4) = 18", async () => {
    vi.resetModules();
    installFoundryStandIns();
    const { HeroRoll } = await makeTestAdapters();
    const roll = new HeroRoll("2d6 + 1d6x6", {}, { dice: 3 } as never);
    roll.terms = evaluated.dice as never;
    await roll.evaluate();
    expect(roll.outcome).toEqual({ total: 18, wild: [6, 4] });
    expect((roll.options as { outcome?: unknown }).outcome).toEqual(roll.outcome);
  });

  it("refuses dice that disagree with what the rules ask for, and unused faces", () => {
    const dice = diceFromRoll({ dice: [{ faces: 10, results: [{ result: 7 }] }] });
    expect(() => dice.roll(6)).toThrow(OmnibusError);
    try {
      diceFromRoll({ dice: [{ faces: 10, results: [{ result: 7 }] }] }).roll(6);
    } catch (e) {
      expect((e as OmnibusError).code).toBe("diceMismatch");
    }
    const extra = diceFromRoll({ dice: [{ faces: 6, results: [{ result: 2 }, { result: 3 }] }] });
    extra.roll(6);
    expect(() => extra.assertExhausted()).toThrow(/left unused/);
    const short = diceFromRoll({ dice: [] });
    expect(() => short.roll(6)).toThrow(/too few faces/);
    expect(() => facesFromRoll({ dice: [{ faces: null, results: [] }] })).toThrow(OmnibusError);
  });
});

describe("targets and distances", () => {
  const token = (name: string, x: number, y: number) => ({
    name,
    center: { x, y },
    document: { uuid: `Scene.s.Token.${name}`, texture: { src: `${name}.png` } },
    actor: { uuid: `Actor.${name}` },
  });

  it("measures each target from the acting token with canvas.grid.measurePath, in the scene's units", () => {
    const calls: unknown[] = [];
    const grid = {
      units: "m",
      measurePath: (w: Array<{ x: number; y: number }>) => (
        calls.push(w),
        { distance: (Math.hypot(w[1].x - w[0].x, w[1].y - w[0].y) / 100) * 2 }
      ),
    };
    const list = describeTargets(grid, token("me", 100, 100), [token("orc", 400, 500), token("elf", 100, 300)]);
    expect(calls).toEqual([
      [
        { x: 100, y: 100 },
        { x: 400, y: 500 },
      ],
      [
        { x: 100, y: 100 },
        { x: 100, y: 300 },
      ],
    ]);
    expect(list.map((t) => [t.name, t.distance, t.units])).toEqual([
      ["orc", 10, "m"],
      ["elf", 4, "m"],
    ]);
    expect(list[0]).toMatchObject({ tokenUuid: "Scene.s.Token.orc", actorUuid: "Actor.orc", img: "orc.png" });
  });

  it("an unlinked token's actor measures from its own token (getActiveTokens(true) finds only linked tokens)", async () => {
    vi.resetModules();
    installFoundryStandIns();
    const { actingToken, tokensOfActor } = await import("../../src/foundry/targets");
    (globalThis as { canvas?: unknown }).canvas = {
      ready: true,
      grid: { units: "m", measurePath: () => ({ distance: 1 }) },
      tokens: { controlled: [] },
    };
    const goblinToken = { ...token("goblin", 300, 300), actorLink: false };
    const synthetic = giveActiveTokens({}, [], { token: { actorLink: false, object: goblinToken } });
    expect(actingToken(synthetic as never)).toBe(goblinToken);
    expect(tokensOfActor(synthetic, true)).toEqual([{ actorLink: false, object: goblinToken }]);
    // A world actor stands for its linked tokens only; an unlinked copy of it is another actor.
    const heroToken = { ...token("hero", 100, 100), actorLink: true };
    const world = giveActiveTokens({}, [heroToken, { ...token("copy", 0, 0), actorLink: false }]);
    expect(actingToken(world as never)).toBe(heroToken);
    expect(actingToken(giveActiveTokens({}, [{ ...token("copy", 0, 0), actorLink: false }]) as never)).toBeNull();
  });

  it("without an acting token the distance is unknown (null), not 0", () => {
    const grid = { units: "yd", measurePath: () => ({ distance: 99 }) };
    expect(describeTargets(grid, null, [token("orc", 1, 1)])[0].distance).toBeNull();
  });
});

describe("roll dialog context", () => {
  const request: CheckRequest = {
    ruleset: "d6",
    kind: "skill",
    title: "Blaster 4D+1",
    fields: [
      { name: "modifier", label: "OMNIBUS.D6.Modifier", kind: "number", min: -10, max: 10 },
      { name: "difficulty", label: "OMNIBUS.D6.Difficulty", kind: "select", choices: { "10": "Easy", "15": "Moderate" } },
      { name: "wild", label: "OMNIBUS.D6.WildDie", kind: "checkbox" },
    ],
    values: { modifier: 0, difficulty: "10", wild: true },
    targets: [],
  };
  const modes = { publicroll: { label: "CHAT.RollPublic" }, blindroll: { label: "CHAT.RollBlind" } };
  // P(2d6 >= 10 - modifier), exact: a stand-in for the adapter's pure odds.
  const odds = (_r: CheckRequest, v: Record<string, unknown>) => {
    const need = Number(v.difficulty) - Number(v.modifier);
    if (need > 40) throw new OmnibusError("rollImpossible", "x");
    let hits = 0;
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b >= need) hits++;
    return [{ label: "OMNIBUS.Odds.Success", probability: hits / 36, primary: true }];
  };

  it("shows fields with their values and the odds for those values", () => {
    const ctx = rollDialogContext(request, { modifier: 2, difficulty: "10", wild: true }, odds, "blindroll", modes);
    expect(ctx.odds[0].probability).toBeCloseTo(15 / 36, 12); // 2d6 >= 8: 5+4+3+2+1 = 15 of 36
    expect(ctx.fields[1].options.find((o) => o.selected)?.value).toBe("10");
    expect(ctx.fields[2].checked).toBe(true);
    expect(ctx.rollModes.find((m) => m.selected)?.value).toBe("blindroll");
    expect(ctx.canRoll).toBe(true);
  });

  it("values the odds cannot take disable the roll instead of throwing", () => {
    const ctx = rollDialogContext(request, { modifier: -40, difficulty: "15" }, odds, "publicroll", modes);
    expect(ctx.canRoll).toBe(false);
    expect(ctx.oddsError?.key).toBe("OMNIBUS.Error.rollImpossible");
  });

  it("refuses bad input and keeps the previous value; never mutates the request's defaults", () => {
    expect(parseFieldInput(request.fields[0], "11").ok).toBe(false);
    expect(parseFieldInput(request.fields[0], "1.5").ok).toBe(false);
    expect(parseFieldInput(request.fields[0], "\u22123")).toEqual({ ok: true, value: -3 });
    expect(parseFieldInput(request.fields[1], "99").ok).toBe(false);
    const { values, errors } = applyFieldInputs(request.fields, request.values, { modifier: "abc", difficulty: "15", wild: false });
    expect(values).toEqual({ modifier: 0, difficulty: "15", wild: false });
    expect(errors.map((e) => e.code)).toEqual(["outOfRange"]);
    expect(request.values).toEqual({ modifier: 0, difficulty: "10", wild: true });
  });
});

describe("sheet context", () => {
  it("tabs fall back to the first, view mode locks inputs, items group by the ruleset's types", () => {
    expect(
      buildTabs(
        [
          { id: "a", label: "A" },
          { id: "b", label: "B" },
        ],
        "zzz",
      ).map((t) => t.active),
    ).toEqual([true, false]);
    const ctx = actorSheetContext({
      ruleset: "d6",
      actor: {
        id: "a1",
        name: "Han",
        type: "d6_hero",
        system: {},
        items: [
          { id: "i2", name: "Vest", type: "d6_armor", sort: 2 },
          { id: "i1", name: "Blaster", type: "d6_gear", sort: 1 },
        ],
      },
      editable: true,
      editMode: false,
      tabs: [{ id: "items", label: "OMNIBUS.Sheet.Tab.Items" }],
      itemTypes: ["d6_gear", "d6_armor", "d6_force"],
    });
    expect(ctx.locked).toBe(true);
    expect(ctx.tab).toBe("items");
    expect(ctx.items.map((i) => i.name)).toEqual(["Blaster", "Vest"]);
    expect(ctx.itemGroups.map((g) => [g.type, g.items.length])).toEqual([
      ["d6_gear", 1],
      ["d6_armor", 1],
      ["d6_force", 0],
    ]);
    expect(ctx.document.typeLabel).toBe("TYPES.Actor.d6_hero");
    const notEditable = actorSheetContext({
      ruleset: "d6",
      actor: { id: "a", name: "x", type: "d6_hero", system: {} },
      editable: false,
      editMode: true,
      tabs: [],
    });
    expect(notEditable.editMode).toBe(false);
  });
});

describe("hotbar macros", () => {
  it("dropping an Omnibus item makes a macro that rolls it; other drops are left to Foundry", async () => {
    vi.resetModules();
    const stand = installFoundryStandIns();
    const hotbar = await import("../../src/foundry/hotbar");
    stand.documents.set("Actor.a.Item.i", { type: "d6_gear", name: "Blaster", img: "b.png" });
    stand.documents.set("Item.x", { type: "weapon", name: "Other system's" });
    expect(hotbar.onHotbarDrop(null, { type: "Item", uuid: "Actor.a.Item.i" }, 3)).toBe(false);
    await vi.waitFor(() => expect(stand.recorded.hotbar).toHaveLength(1));
    expect(stand.recorded.macrosCreated[0]).toMatchObject({
      type: "script",
      name: "Blaster",
      command: 'game.omnibus.rollItem("Actor.a.Item.i");',
    });
    expect(stand.recorded.hotbar[0].slot).toBe(3);
    expect(hotbar.onHotbarDrop(null, { type: "Item", uuid: "Item.x" }, 4)).toBeUndefined();
    expect(hotbar.onHotbarDrop(null, { type: "Macro", uuid: "Macro.m" }, 4)).toBeUndefined();
    await hotbar.rollItemByUuid("Item.gone");
    expect(stand.recorded.notifications.map((n) => n.message)).toEqual(["OMNIBUS.Macro.ItemMissing"]);
  });
});
