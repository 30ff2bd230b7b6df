// Silhouette creation and experience (issue 16): the Silhouette CORE Rules point-buy; experience costs are our convention, named.
import { describe, expect, it } from "vitest";
import {
  SILHOUETTE_ADVANCE_COSTS,
  SILHOUETTE_CREATION,
  attributePointCost,
  silhouetteAdvanceCost,
  validateSilhouetteCharacter,
} from "../../../src/rules/silhouette/build";

const actor = (attributes: Record<string, number>, levels: number[]) => ({
  type: "silhouette_character",
  system: { attributes },
  items: levels.map((level, i) => ({ name: `Skill ${i + 1}`, type: "silhouette_skill", system: { level } })),
});

describe("Silhouette creation (Silhouette CORE Rules point-buy, adventurous player character)", () => {
  it("Silhouette CORE, Attribute Costs table: (rating + 1)² — +3 16, +2 9, +1 4, 0 1, −1 0, −2 gives 1, −3 gives 4", () => {
    expect([3, 2, 1, 0, -1, -2, -3].map(attributePointCost)).toEqual([16, 9, 4, 1, 0, -1, -4]);
  });
  it("Silhouette CORE, Character Points: 30 for all ten attributes (ten at 0 cost 10; AGI +3, FIT +2, WIL +2 cost 16 + 9 + 9 + 7 = 41, too many)", () => {
    expect(validateSilhouetteCharacter(actor({}, [])).totals).toMatchObject({ attributePoints: 10, skillBudget: 60 });
    const r = validateSilhouetteCharacter(actor({ agi: 3, fit: 2, will: 2 }, []));
    expect(r.breaches).toEqual([{ code: "attributePoints", message: expect.any(String), values: { spent: 41, allowed: 30 } }]);
  });
  it("Silhouette CORE, Skill Costs table: level² against 40 Skill Points + the Character Points left (one for one)", () => {
    // AGI +1, BLD +1, FIT +1, WIL +1 and six at 0: 16 + 6 = 22 CP, 8 left, 48 SP.
    const four = { agi: 1, bld: 1, fit: 1, will: 1 };
    expect(validateSilhouetteCharacter(actor(four, [4, 3, 3, 2, 2, 2, 1, 1])).totals).toMatchObject({
      attributePoints: 22,
      skillPoints: 48,
      skillBudget: 48,
    });
    expect(validateSilhouetteCharacter(actor(four, [4, 3, 3, 2, 2, 2, 1, 1])).ok).toBe(true);
    const r = validateSilhouetteCharacter(actor(four, [4, 3, 3, 2, 2, 2, 2, 1]));
    expect(r.breaches).toEqual([{ code: "skillPoints", message: expect.any(String), values: { spent: 51, allowed: 48 } }]);
  });
  it("Silhouette CORE: a human's attributes stay in −3 … +3; an off-sheet attribute counts when present; a GM cap on skill level applies", () => {
    const r = validateSilhouetteCharacter(actor({ agi: 4, psy: -1 }, [3, 3]));
    // AGI +4 costs 25, PSY −1 costs 0, the eight others at 0 cost 8: 33 of 30.
    expect(r.breaches.map((b) => [b.code, b.values])).toEqual([
      ["attributeRange", { attribute: "agi", value: 4, min: -3, max: 3 }],
      ["attributePoints", { spent: 33, allowed: 30 }],
    ]);
    expect(
      validateSilhouetteCharacter(actor({}, [4]), { ...SILHOUETTE_CREATION, skillMaxAtCreation: 3 }).breaches.map((b) => b.code),
    ).toEqual(["skillLevel"]);
  });
  it("Silhouette CORE, derived traits: STR = (BLD + FIT) / 2 toward zero, Stamina = 5 × (BLD + HEA) + 25 with HEA = (FIT + PSY + WIL) / 3", () => {
    const a = actor({ bld: 1, fit: 2, will: 1, str: 1 }, []);
    (a.system as Record<string, unknown>).stamina = 5 * (1 + 1) + 25;
    expect(validateSilhouetteCharacter(a).breaches).toEqual([]);
    a.system.attributes.str = 2;
    (a.system as Record<string, unknown>).stamina = 30;
    expect(validateSilhouetteCharacter(a).breaches.map((b) => [b.code, b.values])).toEqual([
      ["derivedStrength", { value: 2, expected: 1 }],
      ["derivedStamina", { value: 30, expected: 35 }],
    ]);
  });
  it("Silhouette CORE, Secondary Traits: HEA = (FIT + PSY + WIL) / 3 rounded off, so PSY changes Stamina", () => {
    // FIT 2, PSY 1, WIL 2: 5 / 3 → 2; BLD 0: Stamina 5 × 2 + 25 = 35
    expect(validateSilhouetteCharacter(actor({ fit: 2, psy: 1, will: 2 }, [])).totals).toMatchObject({
      derived: { strength: 1, health: 2, stamina: 35 },
    });
    // FIT −2, PSY −2, WIL 0: −4 / 3 → −1; BLD −1: STR (−1 − 2) / 2 = −1.5 → −1; Stamina 5 × (−2) + 25 = 15
    expect(validateSilhouetteCharacter(actor({ bld: -1, fit: -2, psy: -2 }, [])).totals).toMatchObject({
      derived: { strength: -1, health: -1, stamina: 15 },
    });
    // FIT 1, PSY 0, WIL 0: 1 / 3 → 0 (not 1)
    expect(validateSilhouetteCharacter(actor({ fit: 1 }, [])).totals).toMatchObject({ derived: { health: 0, stamina: 25 } });
    // every one of the ten counts: APP, CRE, INF, KNO, PER at +1 cost 4 each (20) + the five others at 0 (5) = 25
    expect(validateSilhouetteCharacter(actor({ app: 1, cre: 1, inf: 1, kno: 1, per: 1 }, [])).totals).toMatchObject({
      attributePoints: 25,
    });
  });
  it("experience (our convention): a skill level costs the new level squared; an attribute 5 × the new rating squared", () => {
    expect(silhouetteAdvanceCost("skill", 1, 3)).toEqual({
      cost: 13,
      steps: [
        { from: 1, to: 2, cost: 4 },
        { from: 2, to: 3, cost: 9 },
      ],
    });
    expect(silhouetteAdvanceCost("attribute", -1, 2).steps.map((s) => s.cost)).toEqual([5, 5, 20]);
    expect(silhouetteAdvanceCost("skill", 0, 1, { ...SILHOUETTE_ADVANCE_COSTS, skill: 2 }).cost).toBe(2);
    expect(() => silhouetteAdvanceCost("skill", 3, 2)).toThrow(/goes up/);
    expect(() => silhouetteAdvanceCost("perk" as never, 0, 1)).toThrow(/unknown trait kind/);
  });
});
