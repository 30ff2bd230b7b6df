import { existsSync } from "node:fs";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundryStandIns, statusEffectIds, type StandIns } from "../support/foundry-stand-ins";
import { makeTestAdapters } from "../support/test-adapters";

async function boot(settings: Record<string, unknown> = {}) {
  vi.resetModules();
  const stand = installFoundryStandIns({ settings });
  const originalRoll = (globalThis as unknown as { Roll: unknown }).Roll;
  const adapters = await makeTestAdapters();
  const system = await import("../../src/foundry/system");
  const registry = await import("../../src/foundry/registry");
  system.installOmnibus([adapters.d6, adapters.wfrp]);
  await stand.fire("init");
  return { stand, adapters, system, registry, originalRoll };
}

const cfg = () => (globalThis as unknown as { CONFIG: Record<string, any> }).CONFIG; // eslint-disable-line @typescript-eslint/no-explicit-any
const game = () => (globalThis as unknown as { game: Record<string, any> }).game; // eslint-disable-line @typescript-eslint/no-explicit-any

describe("init registers every ruleset's types, and only the active ruleset's behaviour", () => {
  let ctx: Awaited<ReturnType<typeof boot>>;
  beforeEach(async () => {
    ctx = await boot();
  });

  it("registers the data models of ALL rulesets, so switching drops no data", () => {
    expect(cfg().Actor.dataModels.d6_hero).toBe(ctx.adapters.HeroModel);
    expect(cfg().Actor.dataModels.wfrp_character).toBe(ctx.adapters.WfrpCharModel);
    expect(cfg().Item.dataModels.d6_gear).toBe(ctx.adapters.GearModel);
  });

  it("registers a default sheet in the omnibus scope for every type", () => {
    const byType = Object.fromEntries(ctx.stand.recorded.sheets.map((s) => [(s.options.types as string[])[0], s]));
    expect(Object.keys(byType).sort()).toEqual(["d6_gear", "d6_hero", "wfrp_character"]);
    for (const s of ctx.stand.recorded.sheets) {
      expect(s.scope).toBe("omnibus");
      expect(s.options.makeDefault).toBe(true);
    }
    expect(byType.d6_hero.documentClass).toBe((globalThis as unknown as { Actor: unknown }).Actor);
    expect(byType.d6_gear.documentClass).toBe((globalThis as unknown as { Item: unknown }).Item);
  });

  it("pushes every ruleset's Roll classes onto CONFIG.Dice.rolls without replacing Foundry's", () => {
    const rolls = cfg().Dice.rolls;
    expect(rolls[0]).toBe(ctx.originalRoll);
    expect(rolls).toContain(ctx.adapters.HeroRoll);
    expect(rolls).toContain(ctx.adapters.WfrpTestRoll);
    expect(rolls).toHaveLength(3);
  });

  it("registers the ruleset setting (world, GM, reload) and every ruleset's options, showing only the active one's", () => {
    const reg = ctx.stand.recorded.settingsRegistered;
    const ruleset = reg.get("omnibus.ruleset")!;
    expect(ruleset.scope).toBe("world");
    expect(ruleset.requiresReload).toBe(true);
    expect(Object.keys(ruleset.choices as object)).toEqual(["d6", "storytelling", "wfrp", "silhouette"]);
    expect(reg.get("omnibus.rulesetChosen")?.config).toBe(false);
    expect(reg.get("omnibus.d6_wildDie")?.config).toBe(true);
    expect(reg.get("omnibus.wfrp_fastSL")?.config).toBe(false);
    expect(reg.get("omnibus.rollDialog")?.scope).toBe("client");
  });

  it("uses the active ruleset's status effects, keeping only core 'dead'", () => {
    expect(statusEffectIds()).toEqual(["dead", "stunned"]);
  });

  it("installs the active ruleset's combat: initiative formula and turn order", () => {
    expect(cfg().Combat.initiative).toEqual({ formula: "1d6", decimals: 0 });
    const Combat = cfg().Combat.documentClass;
    const combat = new Combat();
    expect(combat._sortCombatants({ order: 2 }, { order: 1 })).toBeGreaterThan(0);
  });

  it("exposes game.omnibus with the active ruleset's API", () => {
    expect(game().omnibus.ruleset).toBe("d6");
    expect(game().omnibus.api.hello()).toBe("d6");
    expect(typeof game().omnibus.rollItem).toBe("function");
  });

  it("preloads the shared templates (as partials by path), and each exists under templates/", () => {
    const loaded = ctx.stand.recorded.templatesLoaded;
    expect(loaded.length).toBeGreaterThan(5);
    for (const path of loaded) {
      expect(path.startsWith("systems/omnibus/templates/")).toBe(true);
      expect(existsSync(path.replace("systems/omnibus/", ""))).toBe(true);
    }
  });

  it("registers the Handlebars helpers on the global Handlebars", () => {
    const hbs = (globalThis as unknown as { Handlebars: { helpers: Record<string, unknown> } }).Handlebars;
    expect(hbs.helpers["omnibus-percent"]).toBeTypeOf("function");
  });

  it("the create dialogs offer only the active ruleset's types", async () => {
    await cfg().Actor.documentClass.createDialog({}, {}, {});
    await cfg().Item.documentClass.createDialog({}, {}, { types: ["d6_gear", "wfrp_trapping"] });
    const calls = ctx.stand.recorded.createDialogCalls;
    expect(calls[0].options.types).toEqual(["d6_hero"]);
    expect(calls[1].options.types).toEqual(["d6_gear"]);
  });
});

describe("the world setting picks the ruleset", () => {
  it("a world set to wfrp plays wfrp", async () => {
    const { registry, stand } = await boot({ "omnibus.ruleset": "wfrp" });
    expect(registry.activeRulesetId()).toBe("wfrp");
    expect(game().omnibus.ruleset).toBe("wfrp");
    expect(cfg().Actor.dataModels.d6_hero).toBeDefined();
    await cfg().Actor.documentClass.createDialog({}, {}, {});
    expect(stand.recorded.createDialogCalls[0].options.types).toEqual(["wfrp_character"]);
    expect(statusEffectIds()).toEqual(["dead"]);
  });

  it("an unknown stored value falls back to the default, d6", async () => {
    const { registry } = await boot({ "omnibus.ruleset": "gurps" });
    expect(registry.activeRulesetId()).toBe("d6");
  });

  it("refuses an adapter whose type does not carry its ruleset", async () => {
    vi.resetModules();
    installFoundryStandIns();
    const registry = await import("../../src/foundry/registry");
    expect(() =>
      registry.registerRuleset({ id: "d6", label: "x", actorTypes: { character: { dataModel: class {} as never } }, itemTypes: {} }),
    ).toThrow(/must start with "d6_"/);
  });
});

describe("ready: a new world's GM is asked once", () => {
  async function ready(stand: StandIns) {
    await stand.fire("ready");
    await new Promise((r) => setTimeout(r, 0));
  }

  it("asks the active GM, stores the choice and reloads when it changed", async () => {
    const { stand } = await boot();
    stand.makeUser("gm", true);
    stand.setUser("gm");
    stand.setActiveGM("gm");
    (globalThis as Record<string, unknown>).__dialogAnswer = "wfrp";
    await ready(stand);
    delete (globalThis as Record<string, unknown>).__dialogAnswer;
    expect(stand.recorded.dialogs).toHaveLength(1);
    expect(stand.recorded.settingsValues.get("omnibus.ruleset")).toBe("wfrp");
    expect(stand.recorded.settingsValues.get("omnibus.rulesetChosen")).toBe(true);
    expect(stand.recorded.reloads).toBe(1);
    // the other connected clients reload too (core's socket event, as the settings form sends it)
    expect(stand.recorded.socketEmits.map((e) => e.channel)).toEqual(["reload"]);
    expect(stand.recorded.socketListeners.has("system.omnibus")).toBe(true);
  });

  it("does not ask a player, nor a GM once chosen", async () => {
    const player = await boot();
    await ready(player.stand);
    expect(player.stand.recorded.dialogs).toHaveLength(0);
    const chosen = await boot({ "omnibus.rulesetChosen": true });
    chosen.stand.makeUser("gm", true);
    chosen.stand.setUser("gm");
    chosen.stand.setActiveGM("gm");
    await ready(chosen.stand);
    expect(chosen.stand.recorded.dialogs).toHaveLength(0);
  });

  it("a GM who closes the dialog changes nothing", async () => {
    const { stand } = await boot();
    stand.makeUser("gm", true);
    stand.setUser("gm");
    stand.setActiveGM("gm");
    await ready(stand);
    expect(stand.recorded.dialogs).toHaveLength(1);
    expect(stand.recorded.settingsValues.has("omnibus.rulesetChosen")).toBe(false);
    expect(stand.recorded.reloads).toBe(0);
    expect(stand.recorded.socketEmits).toEqual([]);
  });
});
