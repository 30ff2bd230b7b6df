// The token ruler's label names the movement band a drag reaches (issue 15 §3), decided in the pure
// modules from each ruleset's own numbers: the seeds' for D6 and Silhouette, the published rules the
// digests give for WFRP and Storytelling. The numbers below are the rules', not the code's output.
import { describe, expect, it } from "vitest";
import { d6MovementBands } from "../../../src/rules/d6/table/tokens";
import { silhouetteMovementBands } from "../../../src/rules/silhouette/table/tokens";
import { wfrpMovementBands } from "../../../src/rules/wfrp/table/tokens";
import { storytellingMovementBands } from "../../../src/rules/storytelling/table/tokens";
import { BEYOND_LABEL, rulerLabelParts } from "../../../src/rules/table/tokens";
import { sceneToRules } from "../../../src/core/units";
import type { MovementBand } from "../../../src/rules/table/types";

const keyAt = (bands: MovementBand[], distance: number, toRules?: (d: number) => number) =>
  rulerLabelParts(bands, { distance, cost: distance }, toRules)?.key;

describe("the band a drag falls in, per ruleset", () => {
  it("D6 Move 10: cautious to 5 m, cruising to 10, high speed to 20, all-out to 40 (000:L177, L197, L241); beyond 40 too far", () => {
    const bands = d6MovementBands("d6_character", { move: 10, woundLevel: "healthy" });
    expect([3, 5, 5.5, 10, 12, 20, 20.5, 40].map((d) => keyAt(bands, d))).toEqual([
      "cautious",
      "cautious",
      "cruising",
      "cruising",
      "high",
      "high",
      "all_out",
      "all_out",
    ]);
    const far = rulerLabelParts(bands, { distance: 41, cost: 41 });
    expect(far).toMatchObject({ key: null, index: -1, band: BEYOND_LABEL });
  });

  it("D6 names a character's speeds as the character chapter does and a vehicle's as the vehicle chapter does", () => {
    expect(d6MovementBands("d6_character", { move: 10, woundLevel: "healthy" }).map((b) => b.label)).toEqual([
      "OMNIBUS.D6.MoveBand.character.cautious",
      "OMNIBUS.D6.MoveBand.character.cruising",
      "OMNIBUS.D6.MoveBand.character.high",
      "OMNIBUS.D6.MoveBand.character.all_out",
    ]);
    expect(d6MovementBands("d6_vehicle", { move: 200 }).map((b) => b.label)).toContain("OMNIBUS.D6.MoveBand.vehicle.all_out");
    // Move 200 at all-out covers 800 m (000:L137).
    expect(keyAt(d6MovementBands("d6_vehicle", { move: 200 }), 800)).toBe("all_out");
  });

  it("Silhouette FIT 1: Sprint 25 + 5 × 1 = 30 m, Run 20, Jog 15, Walk 10, Crawl 6 (004:L23-27); 12.5 m is a jog", () => {
    const system = { derived: { movement: { crawl: 6, walk: 10, jog: 15, run: 20, sprint: 30 }, maxSpeed: "sprint" } };
    const bands = silhouetteMovementBands("silhouette_character", system);
    expect([6, 8, 12.5, 15, 18, 25, 30].map((d) => keyAt(bands, d))).toEqual(["crawl", "walk", "jog", "jog", "run", "sprint", "sprint"]);
    expect(rulerLabelParts(bands, { distance: 12.5, cost: 12.5 })?.band).toBe("OMNIBUS.Silhouette.Speed.jog");
    // A light wound stops at jog (004:L42-43): 18 m is too far.
    const hurt = silhouetteMovementBands("silhouette_character", { derived: { ...system.derived, maxSpeed: "jog" } });
    expect(rulerLabelParts(hurt, { distance: 18, cost: 18 })?.band).toBe(BEYOND_LABEL);
  });

  it("WFRP Movement 4: Walk 8, Run 16 yards (2 × and 4 × Movement); 8 m on a metre grid is 8.7 yd, a run", () => {
    const bands = wfrpMovementBands("wfrp_character", { walk: 8, run: 16 });
    expect([8, 9, 16].map((d) => keyAt(bands, d))).toEqual(["walk", "run", "run"]);
    expect(keyAt(bands, 17)).toBeNull();
    expect(keyAt(bands, 8, (d) => sceneToRules(d, "m", "yd"))).toBe("run");
    expect(keyAt(bands, 7, (d) => sceneToRules(d, "m", "yd"))).toBe("walk");
  });

  it("Storytelling Speed 10 (Strength 2 + Dexterity 3 + 5): moving up to 10 yards, running up to 20, then too far", () => {
    const source = { attributes: { strength: 2, dexterity: 3, stamina: 2 } };
    const bands = storytellingMovementBands("storytelling_character", source);
    expect(bands.map((b) => [b.key, b.limit])).toEqual([
      ["speed", 10],
      ["run", 20],
    ]);
    expect([10, 11, 20, 21].map((d) => keyAt(bands, d))).toEqual(["speed", "run", "run", null]);
  });

  it("the band follows the cost where it is finite (difficult terrain), else the distance; no bands, no label", () => {
    const bands = d6MovementBands("d6_character", { move: 10, woundLevel: "healthy" });
    expect(rulerLabelParts(bands, { distance: 8, cost: 16 })).toMatchObject({ distance: 8, cost: 16, key: "high" });
    expect(rulerLabelParts(bands, { distance: 8, cost: Infinity })).toMatchObject({ distance: 8, cost: null, key: "cruising" });
    expect(rulerLabelParts([], { distance: 8, cost: 8 })).toBeNull();
    expect(rulerLabelParts(bands, undefined)).toBeNull();
  });
});
