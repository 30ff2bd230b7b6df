// The one settings reader (src/foundry/settings.ts readRulesetSettings) that every ruleset's
// settings.ts now calls with its specs, and the pure readers that give the defaults.
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFoundryStandIns } from "../../support/foundry-stand-ins";
import { DEFAULT_OPTIONS as ST_DEFAULTS, optionsFrom, STORYTELLING_SETTINGS } from "../../../src/rules/storytelling/table/settings";
import { DEFAULT_SETTINGS as D6_DEFAULTS, D6_SETTINGS, settingsFrom } from "../../../src/rules/d6/table/settings";

afterEach(() => {
  vi.resetModules();
  delete (globalThis as any).game;
});

describe("pure readers: stored values over the defaults", () => {
  it("Storytelling: known values taken, unknown or missing ones read as the default", () => {
    expect(optionsFrom({})).toEqual(ST_DEFAULTS);
    const o = optionsFrom({
      successiveStep: "2",
      strengthShortfall: "perPoint",
      chanceDieUsesAgain: true,
      roteScope: "initialDice",
      contestDramaticFailure: "?",
    });
    expect(o).toMatchObject({
      successiveStep: 2,
      strengthShortfall: "perPoint",
      chanceDieUsesAgain: true,
      roteScope: "initialDice",
      contestDramaticFailure: "opponentExceptional",
    });
    expect(optionsFrom({ willpowerBeforeDodge: "yes" }).willpowerBeforeDodge).toBe(false);
  });
  it("D6: each stored key replaces its default", () => {
    expect(settingsFrom({})).toEqual(D6_DEFAULTS);
    expect(settingsFrom({ metresPerUnit: 2 }).metresPerUnit).toBe(2);
  });
});

describe("readRulesetSettings", () => {
  it("before init (no game) reads nothing, so every ruleset falls back to its defaults", async () => {
    const { readRulesetSettings } = await import("../../../src/foundry/settings");
    expect(readRulesetSettings("storytelling", STORYTELLING_SETTINGS)).toEqual({});
    const { worldOptions } = await import("../../../src/foundry/storytelling/settings");
    expect(worldOptions()).toEqual(ST_DEFAULTS);
    const { readSettings } = await import("../../../src/foundry/d6/settings");
    expect(readSettings()).toEqual(D6_DEFAULTS);
  });
  it("reads each spec's key as omnibus.<ruleset>_<key>, leaving unset keys out", async () => {
    const stand = installFoundryStandIns({
      settings: { "omnibus.storytelling_successiveStep": "2", "omnibus.d6_metresPerUnit": 3, "omnibus.d6_notASpec": 9 },
    });
    stand.makeUser("gm", true);
    const { readRulesetSettings } = await import("../../../src/foundry/settings");
    expect(readRulesetSettings("storytelling", STORYTELLING_SETTINGS).successiveStep).toBe("2");
    const d6 = readRulesetSettings("d6", D6_SETTINGS);
    expect(d6.metresPerUnit).toBe(3);
    expect("notASpec" in d6).toBe(false);
    const { worldOptions } = await import("../../../src/foundry/storytelling/settings");
    expect(worldOptions().successiveStep).toBe(2);
    const { readSettings } = await import("../../../src/foundry/d6/settings");
    expect(readSettings()).toEqual({ ...D6_DEFAULTS, metresPerUnit: 3 });
  });
});
