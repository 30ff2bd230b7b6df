import { describe, expect, it } from "vitest";
import {
  accelerate,
  consciousnessPool,
  ELECTROCUTION,
  fatiguePenalty,
  fireDamage,
  holdBreath,
  ramHits,
  survivalGear,
} from "../../../src/rules/storytelling";

// Digest §Z.8 (published WoD 2004; not in the seed) and §16 / §17 seed rules.
describe("environment (digest §Z.8)", () => {
  it("fire: size + heat, lethal per turn; a torch-sized bonfire of chemicals → 2 + 3", () => {
    expect(fireDamage("torch", "candle")).toBe(1);
    expect(fireDamage("bonfire", "chemical")).toBe(5);
    expect(fireDamage("inferno", "bunsenBurner")).toBe(5);
  });
  it("fire: armour blocks up to its rating for as many turns as its rating", () => {
    expect([1, 2, 3].map((turn) => fireDamage("bonfire", "torch", { armor: 2, turn }))).toEqual([1, 1, 3]);
  });
  it("electrocution: 4 / 6 / 8 / 10 bashing per turn", () => {
    expect(Object.values(ELECTROCUTION)).toEqual([4, 6, 8, 10]);
  });
  it("holding breath: Stamina 1 → 30 s, 3 → 2 min, 5 → 8 min, 7 → 30 min; in combat 1 turn per dot", () => {
    expect([1, 3, 5, 7].map((s) => holdBreath(s).seconds)).toEqual([30, 120, 480, 1800]);
    expect(holdBreath(3, true)).toEqual({ seconds: 9, turns: 3 });
  });
  it("fatigue: −1 per full 6 hours beyond 24", () => {
    expect([24, 29, 30, 36, 48].map(fatiguePenalty)).toEqual([0, 0, -1, -2, -4]);
  });
  it("E51 (002:L757): survival gear 2 → 2 hours, 2 dice, 2 days", () => {
    expect(survivalGear(2)).toEqual({ hoursProtected: 2, daysOfSupplies: 2, exposureRollBonus: 2 });
  });
  it("consciousness: Stamina alone, no wound penalty", () => expect(consciousnessPool(2)).toBe(2));
});

describe("vehicles: acceleration and ramming (002:L807, L875–L889)", () => {
  it("each turn adds Acceleration, up to Max Speed", () => {
    expect(accelerate(0, 15)).toBe(15);
    expect(accelerate(180, 15, 191)).toBe(191);
  });
  it("E67/E68: 4 vs 3 → the ram hits; a tie misses and the rammer rolls to keep control", () => {
    expect(ramHits(4, 3)).toEqual({ hit: true, controlRollNeeded: false });
    expect(ramHits(3, 3)).toEqual({ hit: false, controlRollNeeded: true });
  });
});
