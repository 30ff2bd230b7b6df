// @vitest-environment happy-dom
// Issue 15 §1: the D6 effect keys beyond attributes and attacks — a bonus to one skill, to the
// target's damage resistance, and to the difficulty to hit the target — reach the check. The
// difficulty bonus adds on top after a dodge replaces the base number, as cover does (000:L1145,
// the seed's moonlit-night example 000:L611: 13 + 5, a dodge of 15 → 20).
import { beforeEach, describe, expect, it } from "vitest";
import { packDoc } from "./fixtures";
import { actorDoc, setUpTable, type Table } from "./table";

const effect = (key: string, value: string, name = "Effect") => ({ name, disabled: false, changes: [{ key, type: "add", value }] });

describe("D6 effect keys", () => {
  let t: Table;
  beforeEach(async () => {
    t = await setUpTable();
    t.stand.setUser("gm");
  });

  it("a skill's own key counts on that skill only (Blaster +1D = 3 pips), the attribute's on all its skills", async () => {
    const { d6EffectKeys, d6SkillKey } = await import("../../../src/rules/d6/table/checks");
    const { effectContributions } = await import("../../../src/core/effects");
    expect(d6SkillKey("Blaster")).toBe("blaster");
    expect(d6SkillKey("Starship Gunnery")).toBe("starship_gunnery");
    const effects = [
      effect("system.bonuses.skill.blaster", "3", "Targeting scope"),
      effect("system.bonuses.attribute.dexterity", "1", "Stim"),
    ];
    expect(effectContributions(effects, d6EffectKeys("dexterity", true, "Blaster"))).toEqual([
      { name: "Targeting scope", value: 3 },
      { name: "Stim", value: 1 },
    ]);
    expect(effectContributions(effects, d6EffectKeys("dexterity", false, "Dodge"))).toEqual([{ name: "Stim", value: 1 }]);
  });

  it("the target's resistance bonus adds pips to its Strength roll: 2D Strength + 1D+1 → 3D+1; a penalty never goes below 0D", async () => {
    const { actorData } = await import("../../../src/foundry/d6/checks");
    const { targetResistCode } = await import("../../../src/foundry/d6/actions");
    const doc = actorDoc(t.stand, packDoc("d6-characters", "Stormtrooper"), "Actor.st", false) as any;
    doc.system.attributes.strength = { dice: 2, pips: 0 };
    doc.items.contents.splice(0); // no armour
    const plain = actorData(doc);
    expect(targetResistCode(plain, "energy", 0)).toEqual({ dice: 2, pips: 0 });
    expect(targetResistCode({ ...plain, effects: [effect("system.bonuses.resistance", "4")] }, "energy", 0)).toEqual({ dice: 3, pips: 1 });
    expect(targetResistCode({ ...plain, effects: [effect("system.bonuses.resistance", "-30")] }, "energy", 0)).toEqual({
      dice: 0,
      pips: 0,
    });
  });

  it("the difficulty to hit: the target's +3 adds to the band's number and still adds after a dodge replaces it (000:L611, L1145)", async () => {
    const { targetDifficulty, difficultyEffectBonus } = await import("../../../src/rules/d6/table/checks");
    const { DEFAULT_SETTINGS } = await import("../../../src/rules/d6/table/settings");
    const bonus = difficultyEffectBonus([effect("system.bonuses.difficulty", "3", "Cloak")]);
    expect(bonus).toBe(3);
    const target = {
      tokenUuid: "t",
      actorUuid: "a",
      name: "T",
      img: "",
      distance: 30,
      units: "m",
      band: "medium" as const,
      level: "moderate" as const,
      difficulty: 13,
      scaleAttack: 0,
      reactions: [] as any[],
    };
    expect(targetDifficulty(target, "ranged", 5, DEFAULT_SETTINGS)).toBe(18);
    expect(targetDifficulty({ ...target, difficultyBonus: bonus }, "ranged", 5, DEFAULT_SETTINGS)).toBe(21);
    const dodged = { ...target, reactions: [{ skill: "dodge" as const, total: 15, full: false }] };
    expect(targetDifficulty(dodged, "ranged", 5, DEFAULT_SETTINGS)).toBe(20);
    expect(targetDifficulty({ ...dodged, difficultyBonus: bonus }, "ranged", 5, DEFAULT_SETTINGS)).toBe(23);
  });
});
