// Knockout (published World of Darkness rulebook p.169, digest §Z.5 "Knockout" and "Specified
// targets"): a blow aimed at the head (−3) doing damage ≥ the target's Size → a Stamina roll, or
// unconscious for turns equal to the damage. The numbers are the digest's, not the code's.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { OmnibusError } from "../../../src/core/errors";
import { KNOCKOUT_DAMAGE_TYPES, SPECIFIED_TARGET, knockoutCheckDue, knockoutOutcome } from "../../../src/rules/storytelling";

const blow = (over: Partial<Parameters<typeof knockoutCheckDue>[0]> = {}) =>
  ({ specifiedTarget: "head", damage: 5, targetSize: 5, damageType: "bashing", ...over }) as Parameters<typeof knockoutCheckDue>[0];

describe("knockout check (p.169)", () => {
  it("the head is the −3 specified target", () => {
    expect(SPECIFIED_TARGET.head).toBe(-3);
  });
  it("Size 5, 5 bashing to the head → a Stamina roll; 4 → none; 6 → a roll", () => {
    expect(knockoutCheckDue(blow())).toBe(true);
    expect(knockoutCheckDue(blow({ damage: 4 }))).toBe(false);
    expect(knockoutCheckDue(blow({ damage: 6 }))).toBe(true);
  });
  it("a child (Size 3) goes down to 3 points; a body blow or any other target never", () => {
    expect(knockoutCheckDue(blow({ damage: 3, targetSize: 3 }))).toBe(true);
    expect(knockoutCheckDue(blow({ damage: 2, targetSize: 3 }))).toBe(false);
    for (const t of ["none", "torso", "limb", "hand", "eye"] as const)
      expect(knockoutCheckDue(blow({ specifiedTarget: t, damage: 9 }))).toBe(false);
  });
  it("the digest names no damage type: lethal and aggravated head blows qualify too (the table says so)", () => {
    expect(KNOCKOUT_DAMAGE_TYPES).toEqual({ bashing: true, lethal: true, aggravated: true });
    expect(knockoutCheckDue(blow({ damageType: "lethal" }))).toBe(true);
    expect(knockoutCheckDue(blow({ damageType: "aggravated" }))).toBe(true);
  });
  it("garbage is an OmnibusError", () => {
    expect(() => knockoutCheckDue(blow({ specifiedTarget: "nose" as never }))).toThrow(OmnibusError);
    expect(() => knockoutCheckDue(blow({ damageType: "fire" as never }))).toThrow(OmnibusError);
    expect(() => knockoutCheckDue(blow({ targetSize: 0 }))).toThrow(OmnibusError);
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (a, b) => {
        for (const f of [() => knockoutCheckDue(a as never), () => knockoutOutcome(a as never, b as never)]) {
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

describe("knockout Stamina roll (p.169)", () => {
  it("any success stays conscious; none → unconscious for turns equal to the damage", () => {
    expect(knockoutOutcome(1, 5)).toEqual({ conscious: true, turns: 0 });
    expect(knockoutOutcome(3, 7)).toEqual({ conscious: true, turns: 0 });
    expect(knockoutOutcome(0, 5)).toEqual({ conscious: false, turns: 5 });
    expect(knockoutOutcome(0, 7)).toEqual({ conscious: false, turns: 7 });
  });
});
