import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { OmnibusError } from "../../../src/core/errors";
import {
  buildPool,
  damageEquipment,
  equipmentCost,
  extendedRetryPenalty,
  resolvePool,
  skillCategory,
  successiveAttemptPenalty,
  unskilledPenalty,
  SITUATIONAL_MODIFIERS,
} from "../../../src/rules/storytelling";

const physical = (dots: number) => ({ dots, category: "physical" as const });
const mental = (dots: number) => ({ dots, category: "mental" as const });

describe("dice pools (digest §4, §X E1–E7)", () => {
  it("E1 (002:L69): Strength 3 + Athletics 2 → 5", () => {
    expect(buildPool({ attribute: 3, skill: physical(2) }).pool).toBe(5);
  });
  it("E3 (002:L83): lifting Strength 2 + Stamina 2 → 4; holding breath Stamina 3 → 3", () => {
    expect(buildPool({ attribute: 2, secondAttribute: 2 }).pool).toBe(4);
    expect(buildPool({ attribute: 3 }).pool).toBe(3);
  });
  it("E4 (002:L89): no Medicine (Mental) → Dexterity − 3; no Athletics (Physical) → Strength − 1", () => {
    for (const d of [1, 2, 3, 4, 5]) {
      expect(buildPool({ attribute: d, skill: { dots: 0, category: skillCategory("medicine") } }).pool).toBe(d - 3);
      expect(buildPool({ attribute: d, skill: { dots: 0, category: skillCategory("athletics") } }).pool).toBe(d - 1);
    }
    expect(unskilledPenalty("social")).toBe(1);
    expect(skillCategory("science")).toBe("mental"); // 002:L414
  });
  it("E5 (002:L117): Dexterity 3 + Drive 3, +3 car, −4 darkness and weather → 5", () => {
    const p = buildPool({ attribute: 3, skill: physical(3), equipment: [3], modifiers: [{ label: "darkness and weather", value: -4 }] });
    expect([p.base, p.bonus, p.penalty, p.pool]).toEqual([6, 3, 4, 5]);
  });
  it("E7 (002:L186): Intelligence + Crafts 6, Specialty +1, worn part −1 → 6 dice, [2,3,5,7,8,9] → 2 S", () => {
    const p = buildPool({ attribute: 3, skill: mental(3), specialty: true, modifiers: [{ label: "worn part", value: -1 }] });
    expect(p.pool).toBe(6);
    expect(resolvePool(p.pool, [2, 3, 5, 7, 8, 9]).successes).toBe(2);
  });
  it("E11 (002:L254): Travis Dexterity 3 + Athletics 1, furniture −3 → 1 die", () => {
    expect(buildPool({ attribute: 3, skill: physical(1), modifiers: [{ label: "furniture", value: -3 }] }).pool).toBe(1);
  });
  it("E12 (002:L270): Wits + Crafts 7 + 3 workshop parts → 10", () => {
    expect(buildPool({ attribute: 3, skill: mental(4), equipment: [3] }).pool).toBe(10);
  });
  it("E16 (002:L296): Intelligence + Crafts 6 + tools 1 → 7; second attempt −1 → 6", () => {
    expect(buildPool({ attribute: 2, skill: mental(4), equipment: [1] }).pool).toBe(7);
    expect(buildPool({ attribute: 2, skill: mental(4), equipment: [1], attemptPenalty: extendedRetryPenalty(2) }).pool).toBe(6);
    expect(extendedRetryPenalty(3)).toBe(2);
  });
  it("E21 (002:L355): Karen Stamina 2 + Athletics 4, +2 −1 → 7", () => {
    expect(
      buildPool({
        attribute: 2,
        skill: physical(4),
        modifiers: [
          { label: "speed", value: 2 },
          { label: "shoes", value: -1 },
        ],
      }).pool,
    ).toBe(7);
  });
  it("E24 (002:L402): Laura Intelligence + Composure 5, successive attempt −1 → 4; E24b −2 flat", () => {
    expect(buildPool({ attribute: 3, secondAttribute: 2, attemptPenalty: successiveAttemptPenalty(2) }).pool).toBe(4);
    expect(successiveAttemptPenalty(3)).toBe(2);
    expect([2, 3, 4].map((n) => successiveAttemptPenalty(n, { step: 2 }))).toEqual([2, 2, 2]);
    expect(successiveAttemptPenalty(3, { step: 2, cumulative: true })).toBe(4);
    expect(successiveAttemptPenalty(1, { step: 2 })).toBe(0);
  });
  it("E25 (002:L412): Intelligence + Science 3, Willpower +3, darkness −3 → 3", () => {
    expect(buildPool({ attribute: 2, skill: mental(1), willpower: true, modifiers: [{ label: "darkness", value: -3 }] }).pool).toBe(3);
  });
  it("E26 (002:L414): Intelligence 2, Science 0, Willpower +3, unskilled −3, darkness −3 → −1 → chance roll", () => {
    const p = buildPool({ attribute: 2, skill: mental(0), willpower: true, modifiers: [{ label: "darkness", value: -3 }] });
    expect(p.pool).toBe(-1);
    expect(p.chance).toBe(true);
  });
  it("E30 (002:L448–L452): Devon 3 − 3 → chance; Charles 6 − 3 − 4 → −1 chance; with Devon's 2 S → 5", () => {
    const dark = [{ label: "darkness", value: -3 }];
    const devon = buildPool({ attribute: 2, skill: mental(1), equipment: [0], modifiers: dark });
    expect(devon.chance).toBe(true);
    const devonRoll = resolvePool(devon.pool, [1]);
    expect(devonRoll.dramaticFailure).toBe(true);
    const charles = buildPool({ attribute: 2, skill: mental(4), modifiers: dark, helpers: [devonRoll] });
    expect(charles.pool).toBe(-1);
    const charlesRoll = resolvePool(charles.pool, [6]);
    expect(charlesRoll.outcome).toBe("failure");
    expect(buildPool({ attribute: 2, skill: mental(4), modifiers: dark, helpers: [{ successes: 2, dramaticFailure: false }] }).pool).toBe(
      5,
    );
  });
  it("A16: two helpers' dramatic failures cost −4 each by default, −4 once as an option", () => {
    const helpers = [
      { successes: 0, dramaticFailure: true },
      { successes: 0, dramaticFailure: true },
    ];
    expect(buildPool({ attribute: 5, skill: mental(5), helpers }).pool).toBe(2);
    expect(buildPool({ attribute: 5, skill: mental(5), helpers, options: { teamworkDramaticFailures: "once" } }).pool).toBe(6);
  });
  it("E50 (002:L691): pistol 3 + Dexterity 2 + Firearms 3 − 4 darkness → 4", () => {
    expect(
      buildPool({
        attribute: 2,
        skill: physical(3),
        modifiers: [
          { label: "pistol", value: 3 },
          { label: "darkness", value: -4 },
        ],
      }).pool,
    ).toBe(4);
  });
  it("A2: a single modifier over 5 is a warning, not a cap (002:L139)", () => {
    const p = buildPool({
      attribute: 3,
      skill: physical(3),
      modifiers: [
        { label: "monsoon", value: -5 },
        { label: "dark", value: -3 },
      ],
    });
    expect(p.pool).toBe(-2);
    expect(p.warnings).toEqual([]);
    expect(buildPool({ attribute: 3, modifiers: [{ label: "x", value: -6 }] }).warnings).toEqual(["modifierOverFive"]);
  });
  it("never three traits or a Specialty without a Skill (002:L89)", () => {
    expect(() => buildPool({ attribute: 3, skill: physical(2), secondAttribute: 2 })).toThrow(OmnibusError);
    expect(() => buildPool({ attribute: 3, specialty: true })).toThrow(OmnibusError);
    expect(buildPool({ attribute: 3, skill: physical(2), extraTalent: 2 }).pool).toBe(7); // 002:L482
  });
  it("the general modifier table (002:L143–L168) runs +5 … −5", () => {
    expect(SITUATIONAL_MODIFIERS.map((m) => m.value)).toEqual([5, 4, 3, 2, 1, -1, -2, -3, -4, -5]);
  });
  it("bad input is an OmnibusError", () => {
    fc.assert(
      fc.property(fc.anything(), (x) => {
        try {
          buildPool(x as never);
        } catch (e) {
          expect(e).toBeInstanceOf(OmnibusError);
        }
      }),
    );
  });
  it("property: pool = base + bonus − penalty, chance iff pool ≤ 0", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
        fc.array(fc.integer({ min: -5, max: 5 })),
        fc.boolean(),
        (a, s, mods, wp) => {
          const p = buildPool({ attribute: a, skill: physical(s), willpower: wp, modifiers: mods.map((value) => ({ label: "m", value })) });
          const expected = a + s + (s === 0 ? -1 : 0) + (wp ? 3 : 0) + mods.reduce((x, y) => x + y, 0);
          expect(p.pool).toBe(expected);
          expect(p.pool).toBe(p.base + p.bonus - p.penalty);
          expect(p.chance).toBe(expected <= 0);
        },
      ),
    );
  });
});

describe("equipment (digest §16, E48, E49, E52)", () => {
  it("E48 (002:L649): lockpicks Cost 3 at +4 → 4; +5 → base + 2", () => {
    expect(equipmentCost(3, 4)).toBe(4);
    expect(equipmentCost(3, 5)).toBe(5);
    expect(equipmentCost(3, 2)).toBe(3);
  });
  it("E49 (002:L651): universal lockpick +5 Cost 5 (base 3 + 2)", () => expect(equipmentCost(3, 5)).toBe(5));
  it("illegal goods cost at least one more dot (002:L661)", () => expect(equipmentCost(2, 1, { illegal: true })).toBe(3));
  it("E52 (002:L659): damaged lockpicks +3 Cost 3 → rating 2, Cost 2", () => {
    expect(damageEquipment({ rating: 3, cost: 3 })).toEqual({ rating: 2, cost: 2 });
  });
});
