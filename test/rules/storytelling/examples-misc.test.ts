import { describe, expect, it } from "vitest";
import { buildPool, classifyOutcome, handlingBonus, meetsThreshold, SAMPLE_VEHICLES } from "../../../src/rules/storytelling";

// The remaining worked examples of digest §X that are plain arithmetic over pools.
const skill = (dots: number) => ({ dots, category: "physical" as const });

describe("worked examples: thresholds, equipment, listening, handling", () => {
  it("E2 (002:L59): Strength 4 against a crowbar's Strength 2 → success without a roll; Strength 1 → roll", () => {
    expect(meetsThreshold(4, 2)).toBe(true);
    expect(meetsThreshold(1, 2)).toBe(false);
  });
  it("E6 (002:L135): lockpicks (rating r) + damaged lock +1, two deadbolts −3 → net r + 1 − 3", () => {
    for (const r of [1, 2, 3]) {
      const p = buildPool({
        attribute: 3,
        skill: skill(2),
        equipment: [r],
        modifiers: [
          { label: "damaged lock", value: 1 },
          { label: "deadbolts", value: -3 },
        ],
      });
      expect(p.pool - p.base).toBe(r + 1 - 3);
    }
  });
  it("E13 (002:L276): 1–4 successes are successes, 5 exceptional", () => {
    expect([1, 2, 3, 4, 5].map((s) => classifyOutcome(s, false))).toEqual([
      "success",
      "success",
      "success",
      "success",
      "exceptionalSuccess",
    ]);
  });
  it("E46 (002:L643–L645): car break-in Dexterity + Larceny: no tools +0, crowbar +1, pro tool +3, coat hanger +0", () => {
    const base = buildPool({ attribute: 3, skill: skill(2) }).pool;
    expect([0, 1, 3, 0].map((r) => buildPool({ attribute: 3, skill: skill(2), equipment: [r] }).pool - base)).toEqual([0, 1, 3, 0]);
  });
  it("E47 (002:L647): violin +2, Stradivarius +5, old sedan +0, sports car +4", () => {
    const base = buildPool({ attribute: 2, skill: skill(3) }).pool;
    expect([2, 5, 0, 4].map((r) => buildPool({ attribute: 2, skill: skill(3), equipment: [r] }).pool - base)).toEqual([2, 5, 0, 4]);
  });
  it("E55 (002:L733): hearing a silenced shot: Wits + Composure − the silencer's rating", () => {
    expect(buildPool({ attribute: 3, secondAttribute: 2, modifiers: [{ label: "silencer", value: -2 }] }).pool).toBe(3);
  });
  it("E74 (002:L909): sports car Handling 4 → +4 to Drive, +0 to tailing", () => {
    expect(handlingBonus(SAMPLE_VEHICLES.sportsCar.handling, "drive")).toBe(4);
    expect(handlingBonus(SAMPLE_VEHICLES.sportsCar.handling, "other")).toBe(0);
  });
});
