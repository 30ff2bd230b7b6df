/**
 * Skills (умения): a skill's value is its characteristic plus its Advances (implied by 003:L122:
 * 80 + 35 = 115). Basic skills may be tested untrained against the bare characteristic; advanced
 * skills may not, and the GM picks a characteristic test instead (003:L163-165, example 003:L247).
 * The list, characteristics and grouping are published 4e (the seed names only some skills,
 * digest §6.4).
 */
import { describeValue, OmnibusError, requireInt } from "../../core/errors";
import type { CharacteristicId } from "./characteristics";

export interface SkillDefinition {
  id: string;
  characteristic: CharacteristicId;
  /** Advanced skills cannot be tested without at least one Advance. */
  advanced: boolean;
  /** Grouped skills are taken per specialisation, e.g. "ride" → Ride (Horse). */
  grouped: boolean;
}

const basic = (id: string, characteristic: CharacteristicId, grouped = false): SkillDefinition => ({
  id,
  characteristic,
  advanced: false,
  grouped,
});
const advanced = (id: string, characteristic: CharacteristicId, grouped = false): SkillDefinition => ({
  id,
  characteristic,
  advanced: true,
  grouped,
});

/** The published 4e core skills (ids are the i18n key suffixes). */
export const SKILLS: readonly SkillDefinition[] = [
  basic("art", "dex", true),
  basic("athletics", "ag"),
  basic("bribery", "fel"),
  basic("charm", "fel"),
  basic("charmAnimal", "wp"),
  basic("climb", "s"),
  basic("cool", "wp"),
  basic("consumeAlcohol", "t"),
  basic("dodge", "ag"),
  basic("drive", "ag"),
  basic("endurance", "t"),
  basic("entertain", "fel", true),
  basic("gamble", "int"),
  basic("gossip", "fel"),
  basic("haggle", "fel"),
  basic("intimidate", "s"),
  basic("intuition", "i"),
  basic("leadership", "fel"),
  basic("melee", "ws", true),
  basic("navigation", "i"),
  basic("outdoorSurvival", "int"),
  basic("perception", "i"),
  basic("ride", "ag", true),
  basic("row", "s"),
  basic("stealth", "ag", true),
  advanced("animalCare", "int"),
  advanced("animalTraining", "int", true),
  advanced("channelling", "wp", true),
  advanced("evaluate", "int"),
  advanced("heal", "int"),
  advanced("language", "int", true),
  advanced("lore", "int", true),
  advanced("perform", "ag", true),
  advanced("pickLock", "dex"),
  advanced("play", "dex", true),
  advanced("pray", "fel"),
  advanced("ranged", "bs", true),
  advanced("research", "int"),
  advanced("sail", "ag", true),
  advanced("secretSigns", "int", true),
  advanced("setTrap", "dex"),
  advanced("sleightOfHand", "dex"),
  advanced("swim", "s"),
  advanced("track", "i"),
  advanced("trade", "dex", true),
];

export function skillDefinition(id: string): SkillDefinition {
  const s = SKILLS.find((k) => k.id === id);
  if (!s) throw new OmnibusError("badArgument", `unknown skill "${describeValue(id)}"`, { name: "skill", value: describeValue(id) });
  return s;
}

export interface SkillValue {
  /** The value to test against, or null when the skill cannot be tested (advanced, untrained). */
  value: number | null;
  trained: boolean;
  /** True when an untrained basic skill falls back to the bare characteristic (003:L247). */
  untrainedBasic: boolean;
}

/**
 * A skill's value from its characteristic's current value and its Advances. `advanced` is the skill's
 * kind (pass a SkillDefinition's `advanced`, or a custom skill's).
 */
export function skillValue(characteristicValue: number, advances: number, advancedSkill: boolean): SkillValue {
  const c = requireInt("characteristicValue", characteristicValue, 0, 999);
  const a = requireInt("advances", advances, 0, 999);
  if (a > 0) return { value: c + a, trained: true, untrainedBasic: false };
  if (advancedSkill) return { value: null, trained: false, untrainedBasic: false };
  return { value: c, trained: false, untrainedBasic: true };
}
