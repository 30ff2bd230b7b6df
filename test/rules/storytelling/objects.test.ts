import { describe, expect, it } from "vitest";
import {
  bendBars,
  damageToObject,
  effectiveDurability,
  fallingDamage,
  fallingObjectCollision,
  holdDoor,
  improvisedWeaponModifier,
  kickDoor,
  objectDamageRating,
  objectState,
  objectStructure,
  repairObject,
  strikeObject,
  MATERIAL_DURABILITY,
} from "../../../src/rules/storytelling";

// Digest §15 and §X E34–E45; seed 002 lines cited.
describe("object traits (002:L492–L533)", () => {
  it("Durability by material (002:L500–L509)", () => {
    expect([MATERIAL_DURABILITY.wood, MATERIAL_DURABILITY.stone, MATERIAL_DURABILITY.steel]).toEqual([1, 2, 3]);
  });
  it("Structure = Durability + Size; Damage = lower of the two (002:L527, L571); sample objects (§Y.2)", () => {
    // [durability, size, structure, damage] from the seed's table (002:L535–L569), rule-consistent rows
    const rows: [number, number, number, number][] = [
      [1, 3, 4, 1],
      [1, 4, 5, 1],
      [1, 6, 7, 1],
      [2, 5, 7, 2],
      [1, 5, 6, 1],
      [3, 5, 8, 3],
      [2, 4, 6, 2],
      [3, 6, 9, 3],
      [3, 8, 11, 3],
      [3, 3, 6, 3],
      [3, 2, 5, 2],
      [1, 3, 4, 1],
      [10, 8, 18, 8],
      [2, 2, 4, 2],
    ];
    for (const [d, s, st, dmg] of rows) {
      expect(objectStructure(d, s)).toBe(st);
      expect(objectDamageRating(d, s)).toBe(dmg);
    }
  });
  it("E34 (002:L494, L585): Durability 1 → S − 1 damage when S > 1", () => {
    const door = { durability: 1, size: 5 };
    expect([0, 1, 2, 5].map((s) => damageToObject(s, door))).toEqual([0, 0, 1, 4]);
  });
  it("E35 (002:L527): chainsaw D2 S3 St5: 1–2 OK, 3–4 −1, 5 non-functional", () => {
    const saw = { durability: 2, size: 3 };
    expect([1, 2, 3, 4, 5].map((d) => objectState(saw, d))).toEqual([
      { state: "ok", penalty: 0 },
      { state: "ok", penalty: 0 },
      { state: "impaired", penalty: -1 },
      { state: "impaired", penalty: -1 },
      { state: "destroyed", penalty: 0 },
    ]);
    expect(repairObject(4, 2)).toBe(2); // each repair success restores 1 (002:L531); 2 ≤ Durability → OK again (A21)
    expect(objectState(saw, repairObject(4, 2)).state).toBe("ok");
  });
  it("aggravated damage ignores a mundane object's Durability (002:L496, L529), not a supernatural one's", () => {
    expect(effectiveDurability({ durability: 3, size: 2 }, { damageType: "aggravated" })).toBe(0);
    expect(effectiveDurability({ durability: 3, size: 2, supernatural: true }, { damageType: "aggravated" })).toBe(3);
  });
  it("E44 (002:L627): vault door Durability 10, diamond drill 3 → effective 7; successes must exceed 7", () => {
    const vault = { durability: 10, size: 8 };
    expect(effectiveDurability(vault, { piercing: 3 })).toBe(7);
    expect(damageToObject(7, vault, { piercing: 3 })).toBe(0);
    expect(damageToObject(8, vault, { piercing: 3 })).toBe(1);
  });
});

describe("improvised weapons (002:L571–L579)", () => {
  it("E36: Strength 2 with a Size-3 object → −1 (Strength) −1 (improvised) = −2 besides its Damage", () => {
    const m = improvisedWeaponModifier({ durability: 1, size: 3 }, 2);
    expect(m.strength + m.improvised).toBe(-2);
    expect(m.damage).toBe(1);
  });
  it("E37 (002:L577): a bottle with Damage 1 nets 0", () => {
    expect(improvisedWeaponModifier({ durability: 1, size: 1 }, 2).total).toBe(0);
  });
});

describe("breaking things (002:L581–L617)", () => {
  it("E38 (002:L599): bars D3 St10, 7 successes → 4 damage, bent; a Size ≤ 3 character squeezes through", () => {
    const bars = { durability: 3, size: 7, structure: 10 };
    expect(bendBars(bars, 7, 3)).toEqual({ damage: 4, result: "bent", canSqueezeThrough: true });
    expect(bendBars(bars, 7, 5).canSqueezeThrough).toBe(false);
  });
  it("E39 (002:L593): door D1, holder 2 S → effective 3; attacker 5 S → door 2, holder 1", () => {
    expect(holdDoor({ durability: 1, size: 5 }, 2, 5)).toEqual({ effectiveDurability: 3, doorDamage: 2, holderDamage: 1, result: "opens" });
  });
  it("E40 (002:L591): damage < Structure breaks the lock; ≥ Structure smashes the door", () => {
    const door = { durability: 2, size: 5 }; // exterior wooden door, Structure 7
    expect(kickDoor(door, 2).result).toBe("holds");
    expect(kickDoor(door, 4).result).toBe("lockBroken");
    expect(kickDoor(door, 9)).toEqual({ damage: 7, totalDamage: 7, result: "smashed" });
    expect(kickDoor(door, 5, 4).result).toBe("smashed"); // damage accumulates (002:L587)
  });
  it("E41 (002:L607–L609): Stack's bat (D2 St4) on a D3 door: 3 S → door 0, bat 1; 1–2 S → nothing", () => {
    const door = { durability: 3, size: 5 };
    const bat = { durability: 2, size: 2 };
    expect(strikeObject(door, bat, 3)).toEqual({ targetDamage: 0, strikerDamage: 1 });
    expect(strikeObject(door, bat, 2)).toEqual({ targetDamage: 0, strikerDamage: 0 });
    expect(strikeObject(door, bat, 1)).toEqual({ targetDamage: 0, strikerDamage: 0 });
    expect(objectState(bat, 1).state).toBe("ok");
    expect(objectState(bat, 3)).toEqual({ state: "impaired", penalty: -1 }); // cracked, −1
    expect(objectState(bat, 4).state).toBe("destroyed");
    // A26: the striker is checked only when the blow does not beat the target; "always" as an option.
    expect(strikeObject(door, bat, 4)).toEqual({ targetDamage: 1, strikerDamage: 0 });
    expect(strikeObject(door, bat, 4, "always")).toEqual({ targetDamage: 1, strikerDamage: 2 });
  });
  it("falling: 1 bashing per 3 yards (002:L839); 30 yards → 10 lethal", () => {
    expect(fallingDamage(9)).toEqual({ damage: 3, type: "bashing" });
    expect(fallingDamage(29)).toEqual({ damage: 9, type: "bashing" });
    expect(fallingDamage(30)).toEqual({ damage: 10, type: "lethal" });
  });
  it("E42 (002:L615): chair (Damage 1) on a statue (Damage 2): chair F + 2, statue F + 1, each less its Durability", () => {
    const chair = { durability: 1, size: 4 };
    const statue = { durability: 2, size: 6, damage: 2 };
    expect(fallingObjectCollision(chair, statue, 3)).toEqual({ fallingObjectDamage: 3 + 2 - 1, struckDamage: 3 + 1 - 2 });
  });
  it("E43 (002:L617): chair falls 9 yards on a human (Size 5, Armor 0): human 4, chair 3 − Durability 1 = 2", () => {
    const chair = { durability: 1, size: 4 };
    expect(fallingObjectCollision(chair, { living: true, size: 5, armor: 0 }, fallingDamage(9).damage)).toEqual({
      fallingObjectDamage: 2,
      struckDamage: 4,
    });
  });
});
