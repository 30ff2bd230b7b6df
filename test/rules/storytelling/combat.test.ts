import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { forcedDice } from "../../../src/core/dice";
import { OmnibusError } from "../../../src/core/errors";
import {
  aimingBonus,
  armorAgainst,
  attackPool,
  defenseRating,
  effectiveDefense,
  healthRating,
  initiativeModifier,
  initiativeOrder,
  killingBlowDamage,
  knockoutThreatened,
  rangeBand,
  rangePenalty,
  rollInitiative,
  speedRating,
  surprised,
  thrownRanges,
  willpowerRating,
  experienceCost,
} from "../../../src/rules/storytelling";

describe("derived traits (digest §Z.4)", () => {
  it("Defense = lower of Wits and Dexterity; Initiative = Dexterity + Composure", () => {
    expect(defenseRating({ wits: 2, dexterity: 3 })).toBe(2);
    expect(defenseRating({ wits: 4, dexterity: 3 })).toBe(3);
    expect(initiativeModifier({ dexterity: 3, composure: 2 })).toBe(5);
  });
  it("Health = Stamina + Size (7 for Stamina 2, Size 5); Willpower = Resolve + Composure; Speed = Str + Dex + 5", () => {
    expect(healthRating({ stamina: 2, size: 5 })).toBe(7);
    expect(willpowerRating({ resolve: 2, composure: 3 })).toBe(5);
    expect(speedRating({ strength: 2, dexterity: 3 })).toBe(10);
    expect(speedRating({ strength: 2, dexterity: 3, woundPenalty: -2 })).toBe(8); // wound penalties reduce Speed (§Z.6)
  });
  it("experience (§Z.11): Firearms 2 → 3 costs 9; Attribute 2 → 4 costs 35; Specialty 3; Merit 0 → 2 costs 6", () => {
    expect(experienceCost("skill", 2, 3)).toBe(9);
    expect(experienceCost("attribute", 2, 4)).toBe(35);
    expect(experienceCost("specialty", 0, 0)).toBe(3);
    expect(experienceCost("merit", 0, 2)).toBe(6);
    expect(() => experienceCost("skill", 3, 2)).toThrow(OmnibusError);
  });
});

describe("initiative (WoD p.152)", () => {
  it("d10 + modifier", () => expect(rollInitiative(5, forcedDice([7]))).toEqual({ roll: 7, total: 12 }));
  it("higher total first; ties to the higher modifier; then a roll-off", () => {
    const order = initiativeOrder([
      { id: "a", modifier: 4, roll: 6 }, // 10
      { id: "b", modifier: 6, roll: 4 }, // 10, higher modifier
      { id: "c", modifier: 3, roll: 9 }, // 12
      { id: "d", modifier: 5, roll: 5 }, // 10, modifier 5
    ]);
    expect(order.map((r) => r.id)).toEqual(["c", "b", "d", "a"]);
    expect(order.every((r) => !r.tiedWithNext)).toBe(true);
  });
  it("a full tie is flagged, or rolled off with dice (again until no tie)", () => {
    const tied = [
      { id: "x", modifier: 4, roll: 5 },
      { id: "y", modifier: 4, roll: 5 },
    ];
    expect(initiativeOrder(tied)[0].tiedWithNext).toBe(true);
    const rolled = initiativeOrder(tied, forcedDice([3, 3, 2, 8]));
    expect(rolled.map((r) => r.id)).toEqual(["y", "x"]);
    expect(rolled[0].rollOffs).toEqual([3, 8]);
    expect(rolled[0].tiedWithNext).toBe(false);
  });
  it("bad entries are OmnibusErrors", () => {
    expect(() => initiativeOrder([{ id: "a", modifier: 1, roll: 11 }])).toThrow(OmnibusError);
    expect(() =>
      initiativeOrder([
        { id: "a", modifier: 1, roll: 1 },
        { id: "a", modifier: 1, roll: 2 },
      ]),
    ).toThrow(OmnibusError);
  });
});

describe("Defense (002:L428; WoD pp.156–157)", () => {
  it("E27 (002:L432): Defense 2 + Willpower → 4", () => {
    expect(effectiveDefense({ defense: 2, attackKind: "unarmed", willpower: true })).toBe(4);
  });
  it("no Defense against Firearms or bows (002:L428), unless the shooter is in close combat", () => {
    expect(effectiveDefense({ defense: 3, attackKind: "firearms" })).toBe(0);
    expect(effectiveDefense({ defense: 3, attackKind: "bow", willpower: true })).toBe(0);
    expect(effectiveDefense({ defense: 3, attackKind: "firearms", shooterInCloseCombat: true })).toBe(3);
  });
  it("Dodge doubles; Willpower +2 after doubling by default (A14), before as an option", () => {
    expect(effectiveDefense({ defense: 2, attackKind: "melee", dodge: true })).toBe(4);
    expect(effectiveDefense({ defense: 2, attackKind: "melee", dodge: true, willpower: true })).toBe(6);
    expect(effectiveDefense({ defense: 2, attackKind: "melee", dodge: true, willpower: true, willpowerBeforeDodge: true })).toBe(8);
  });
  it("each further attack in a turn −1; surprised / all-out → 0", () => {
    expect([0, 1, 2, 3, 4].map((n) => effectiveDefense({ defense: 3, attackKind: "melee", priorAttacksThisTurn: n }))).toEqual([
      3, 2, 1, 0, 0,
    ]);
    expect(effectiveDefense({ defense: 3, attackKind: "melee", noDefense: true })).toBe(0);
    expect(surprised(0)).toBe(true);
    expect(surprised(1)).toBe(false);
  });
});

describe("ranges and sights (002:L745, L751; WoD p.162)", () => {
  it("bands for a light pistol 20/40/80", () => {
    expect([0, 20, 21, 40, 41, 80, 81].map((d) => rangeBand(d, [20, 40, 80]))).toEqual([
      "short",
      "short",
      "medium",
      "medium",
      "long",
      "long",
      "outOfRange",
    ]);
  });
  it("E54: medium −2 with a laser sight → 0; long −4 with a laser → −4; long with a scope → −2; short/medium with a scope unchanged", () => {
    expect(rangePenalty("medium")).toBe(-2);
    expect(rangePenalty("medium", { laserSight: true })).toBe(0);
    expect(rangePenalty("long", { laserSight: true })).toBe(-4);
    expect(rangePenalty("long", { scope: true })).toBe(-2);
    expect(rangePenalty("short", { scope: true })).toBe(0);
    expect(rangePenalty("medium", { scope: true })).toBe(-2);
    expect(rangePenalty("medium", { laserSight: true, autofire: true })).toBe(-2); // A31
    expect(rangePenalty("outOfRange")).toBeNull();
  });
  it("E53 (002:L719): pepper spray reaches 1 yard: 2 yards is out of range", () => {
    expect(rangeBand(1, [1, 1, 1])).toBe("short");
    expect(rangeBand(2, [1, 1, 1])).toBe("outOfRange");
  });
  it("thrown ranges: Str + Dex + Athletics, minus Size if not aerodynamic, doubling", () => {
    expect(thrownRanges({ strength: 3, dexterity: 3, athletics: 2, aerodynamic: true })).toEqual([8, 16, 32]);
    expect(thrownRanges({ strength: 3, dexterity: 3, athletics: 2, objectSize: 2 })).toEqual([6, 12, 24]);
  });
  it("aiming +1 per turn, at most +3", () => expect([0, 1, 3, 5].map(aimingBonus)).toEqual([0, 1, 3, 3]));
});

describe("armour and attack pools (002:L623–L631; WoD pp.153–171)", () => {
  it("E45 (002:L629): AP 2 vs armour 3 → 1; vs no armour → 0", () => {
    expect(armorAgainst({ general: 3, ballistic: 3 }, "melee", 2)).toBe(1);
    expect(armorAgainst({ general: 0, ballistic: 0 }, "firearms", 2)).toBe(0);
    expect(armorAgainst(undefined, "firearms", 2)).toBe(0);
  });
  it("general rating against blows, ballistic against Firearms and bows", () => {
    const flak = { general: 2, ballistic: 3 };
    expect(armorAgainst(flak, "melee")).toBe(2);
    expect(armorAgainst(flak, "firearms")).toBe(3);
    expect(armorAgainst(flak, "bow")).toBe(3);
  });
  it("melee: Strength 3 + Weaponry 2 + knife 1 (lethal) − Defense 2 − armour 1 → 3 dice of lethal", () => {
    const p = attackPool({
      attackKind: "melee",
      attribute: 3,
      skill: 2,
      weapon: { damage: 1, damageType: "lethal" },
      targetDefense: effectiveDefense({ defense: 2, attackKind: "melee" }),
      targetArmor: { general: 1, ballistic: 0 },
    });
    expect(p.pool).toBe(3);
    expect(p.damageType).toBe("lethal");
  });
  it("E50 (002:L691): pistol 3 + Dexterity 2 + Firearms 3 − 4 darkness → 4", () => {
    expect(
      attackPool({
        attackKind: "firearms",
        attribute: 2,
        skill: 3,
        weapon: { damage: 3, damageType: "lethal" },
        modifiers: [{ label: "darkness", value: -4 }],
      }).pool,
    ).toBe(4);
  });
  it("bulletproof armour turns firearm lethal into bashing; range and autofire apply", () => {
    const p = attackPool({
      attackKind: "firearms",
      attribute: 3,
      skill: 3,
      weapon: { damage: 2, damageType: "lethal" },
      targetArmor: { general: 1, ballistic: 2, bulletproof: true },
      range: { band: "medium" },
      autofire: "medium",
      autofireTargets: 3,
    });
    expect(p.pool).toBe(3 + 3 + 2 - 2 - 2 + 2 - 3);
    expect(p.damageType).toBe("bashing");
  });
  it("unarmed is bashing; all-out +2; specified target head −3; concealment −2", () => {
    const p = attackPool({
      attackKind: "unarmed",
      attribute: 2,
      skill: 2,
      allOutAttack: true,
      specifiedTarget: "head",
      concealment: "partially",
    });
    expect(p.pool).toBe(2 + 2 + 2 - 3 - 2);
    expect(p.damageType).toBe("bashing");
  });
  it("E36 (002:L579): Strength 2 with an improvised Size-3 object → −1 −1; per-point option", () => {
    const w = { damage: 1, damageType: "bashing" as const, improvised: true, strengthRequired: 3 };
    expect(attackPool({ attackKind: "melee", attribute: 2, skill: 0, weapon: w }).pool).toBe(2 + 0 - 1 + 1 - 1 - 1);
    expect(attackPool({ attackKind: "melee", attribute: 1, skill: 2, weapon: w, strengthShortfall: "perPoint" }).pool).toBe(
      1 + 2 + 1 - 1 - 2,
    );
  });
  it("an out-of-range target is an OmnibusError", () => {
    expect(() => attackPool({ attackKind: "firearms", attribute: 3, skill: 3, range: { band: "outOfRange" } })).toThrow(OmnibusError);
  });
  it("killing blow: full pool minus armour; knockout when damage ≥ Size", () => {
    expect(killingBlowDamage(7, 2)).toBe(5);
    expect(knockoutThreatened(5, 5)).toBe(true);
    expect(knockoutThreatened(4, 5)).toBe(false);
  });
  it("garbage: answer or OmnibusError", () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (a, b) => {
        for (const f of [
          () => attackPool(a as never),
          () => effectiveDefense(a as never),
          () => initiativeOrder(a as never),
          () => rangeBand(a as never, b as never),
        ]) {
          try {
            f();
          } catch (e) {
            expect(e).toBeInstanceOf(OmnibusError);
          }
        }
      }),
    );
  });
});
