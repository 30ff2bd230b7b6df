/**
 * Issue 14, units: weapon ranges stay in the book's unit (WFRP and Storytelling yards, D6 and
 * Silhouette metres), the item sheet says which, and on a scene measured in another unit it also
 * shows the same ranges in the scene's unit; the token ruler converts a drag to the book's unit
 * before colouring it by movement band.
 */
import { describe, expect, it } from "vitest";
import { rangeReading, rulesetLengthUnit, sceneToRules } from "../../src/core/units";
import { weaponRangeReading } from "../../src/rules/table/sheet-context";
import { wfrpItemContext } from "../../src/rules/wfrp/table/sheet-context";
import { waypointColor } from "../../src/foundry/ruler";
import { BAND_PALETTE } from "../../src/rules/table/tokens";
import { createHarness } from "../support/handlebars";

describe("ranges in the book's unit, read on the scene's", () => {
  it("each ruleset's book unit: WFRP and Storytelling yards, D6 and Silhouette metres", () => {
    expect(["wfrp", "storytelling", "d6", "silhouette"].map(rulesetLengthUnit)).toEqual(["yd", "yd", "m", "m"]);
  });

  it("WFRP longbow, range 100 yards: 91.4 m on a metre scene; nothing extra on a yard scene or a grid of squares", () => {
    expect(weaponRangeReading("wfrp", { kind: "ranged", range: 100 }, "m")).toEqual({
      unitKey: "OMNIBUS.Units.yd",
      scene: { values: [91.4], text: "91.4", unitKey: "OMNIBUS.Units.m" },
    });
    expect(weaponRangeReading("wfrp", { kind: "ranged", range: 100 }, "yards")?.scene).toBeNull();
    expect(weaponRangeReading("wfrp", { kind: "ranged", range: 100 }, "squares")?.scene).toBeNull();
    expect(weaponRangeReading("wfrp", { kind: "melee", range: 0 }, "m")).toBeNull();
  });

  it("D6 blaster pistol 3-10/30/120 m (the rules' example): 3.3 / 10.9 / 32.8 / 131.2 yd on a yard scene", () => {
    const r = weaponRangeReading("d6", { ranges: { shortMin: 3, shortMax: 10, medium: 30, long: 120 } }, "yd");
    expect(r?.unitKey).toBe("OMNIBUS.Units.m");
    expect(r?.scene?.values).toEqual([3.3, 10.9, 32.8, 131.2]);
    expect(weaponRangeReading("d6", { ranges: { shortMin: 3, shortMax: 10, medium: 30, long: 120 } }, "m")?.scene).toBeNull();
  });

  it("Storytelling ranges in yards (20/40/80): 18.3 / 36.6 / 73.2 m on a metre scene; a weapon without ranges shows none", () => {
    const r = weaponRangeReading("storytelling", { ranges: { short: 20, medium: 40, long: 80 } }, "метры");
    expect(r?.unitKey).toBe("OMNIBUS.Units.yd");
    expect(r?.scene?.text).toBe("18.3 / 36.6 / 73.2");
    expect(weaponRangeReading("storytelling", { ranges: { short: 20, medium: 40, long: 80 } }, "m", "ru")?.scene?.text).toBe(
      "18,3 / 36,6 / 73,2",
    );
    expect(weaponRangeReading("storytelling", { ranges: { short: 0, medium: 0, long: 0 } }, "m")).toBeNull();
  });

  it("Silhouette metres on a feet scene: 100 m is 328.1 ft", () => {
    expect(rangeReading([100], "m", "ft").scene?.values).toEqual([328.1]);
  });

  it("a scene distance in the book's unit: 10 m is 10.94 yd; a grid without a length unit counts one unit as one", () => {
    expect(sceneToRules(10, "m", "yd")).toBe(10.94);
    expect(sceneToRules(10, "", "yd")).toBe(10);
    expect(sceneToRules(10, "ft", "m")).toBe(3.05);
  });
});

describe("the item sheet names the unit", () => {
  const system = { kind: "ranged", range: 100, damage: 4, group: "bow", qualities: [], flaws: [] };
  const context = (scene: string | null, lang = "en") => ({
    system,
    locked: true,
    editMode: false,
    ...wfrpItemContext({ system, document: { type: "wfrp_weapon" } } as never),
    rangeReading: weaponRangeReading("wfrp", system, scene, lang),
  });

  it("WFRP bow on a metre scene: English yards and metres, Russian ярд. and м with a decimal comma", () => {
    const en = createHarness({ language: "en", strict: false }).render("wfrp/item/details.hbs", context("m"));
    expect(en).toContain("Ranges in yd");
    expect(en).toContain("On this scene: 91.4 m.");
    const ru = createHarness({ language: "ru", strict: false }).render("wfrp/item/details.hbs", context("m", "ru"));
    expect(ru).toContain("Дальность, ярд.");
    expect(ru).toContain("На этой сцене: 91,4 м.");
    expect(ru).not.toMatch(/\d\.\d/);
  });

  it("on a yard scene only the book's unit", () => {
    const en = createHarness({ language: "en", strict: false }).render("wfrp/item/details.hbs", context("yd"));
    expect(en).toContain("Ranges in yd");
    expect(en).not.toContain("On this scene");
  });
});

describe("the token ruler bands a drag in the book's unit", () => {
  // WFRP Movement 4: Walk 8 yards, Run 16 yards.
  const adapter = {
    id: "wfrp",
    movementBands: () => [
      { key: "walk", limit: 8 },
      { key: "run", limit: 16 },
    ],
  } as never;
  const actor = { type: "wfrp_character", system: {} };
  const at = (distance: number) => ({ measurement: { distance } });

  it("7.5 m on a metre scene is 8.2 yd: past Walk; 7.5 on a yard scene is within Walk", () => {
    const walk = BAND_PALETTE[0];
    expect(waypointColor(adapter, actor, at(7.5), "yd")).toBe(walk);
    expect(waypointColor(adapter, actor, at(7.5), "m")).not.toBe(walk);
    expect(waypointColor(adapter, actor, at(7.5), null)).toBe(walk);
  });
});
