// Silhouette creation and experience (issue 16): Heavy Gear 2nd ed. point-buy as our reading, with our conventions named.
import { describe, expect, it } from "vitest";
import { SILHOUETTE_ADVANCE_COSTS, SILHOUETTE_CREATION, attributePointCost, silhouetteAdvanceCost, validateSilhouetteCharacter } from "../../../src/rules/silhouette/build";

const actor = (attributes: Record<string, number>, levels: number[]) => ({
  type: "silhouette_character",
  system: { attributes },
  items: levels.map((level, i) => ({ name: `Skill ${i + 1}`, type: "silhouette_skill", system: { level } })),
});

describe("Silhouette creation (Heavy Gear 2nd ed. point-buy)", () => {
  it("Heavy Gear 2nd ed., Attributes: a rating costs its square, a negative one gives its square back", () => {
    expect([-3, -2, -1, 0, 1, 2, 3].map(attributePointCost)).toEqual([-9, -4, -1, 0, 1, 4, 9]);
  });
  it("Heavy Gear 2nd ed., Adventurous campaign: 40 Skill Points (levels 4, 3, 3, 2, 2, 1 cost 16 + 9 + 9 + 4 + 4 + 1 = 43, too many)", () => {
    const r = validateSilhouetteCharacter(actor({ agi: 1, bld: 0, fit: 1, str: 0, will: 1 }, [4, 3, 3, 2, 2, 1]));
    expect(r.breaches).toEqual([{ code: "skillPoints", message: expect.any(String), values: { spent: 43, allowed: 40 } }]);
    expect(r.totals).toEqual({ attributePoints: 3, skillPoints: 43 });
  });
  it("attributes stay in −3 … +3 at creation and within the five-attribute budget (our convention: 15)", () => {
    const r = validateSilhouetteCharacter(actor({ agi: 4, bld: 2, fit: -1, str: 0, will: 1 }, [3, 3]));
    expect(r.breaches.map((b) => [b.code, b.values])).toEqual([
      ["attributeRange", { attribute: "agi", value: 4, min: -3, max: 3 }],
      ["attributePoints", { spent: 16 + 4 - 1 + 1, allowed: 15 }],
    ]);
    expect(validateSilhouetteCharacter(actor({ agi: 2, bld: 2, fit: 2, str: 1, will: -1 }, [4, 4, 2])).ok).toBe(true);
    expect(validateSilhouetteCharacter(actor({}, [4]), { ...SILHOUETTE_CREATION, skillMaxAtCreation: 3 }).breaches.map((b) => b.code)).toEqual(["skillLevel"]);
  });
  it("experience (our convention): a skill level costs the new level squared; an attribute 5 × the new rating squared", () => {
    expect(silhouetteAdvanceCost("skill", 1, 3)).toEqual({ cost: 13, steps: [{ from: 1, to: 2, cost: 4 }, { from: 2, to: 3, cost: 9 }] });
    expect(silhouetteAdvanceCost("attribute", -1, 2).steps.map((s) => s.cost)).toEqual([5, 5, 20]);
    expect(silhouetteAdvanceCost("skill", 0, 1, { ...SILHOUETTE_ADVANCE_COSTS, skill: 2 }).cost).toBe(2);
    expect(() => silhouetteAdvanceCost("skill", 3, 2)).toThrow(/goes up/);
    expect(() => silhouetteAdvanceCost("perk" as never, 0, 1)).toThrow(/unknown trait kind/);
  });
});
