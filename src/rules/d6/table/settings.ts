/**
 * The D6 rules options as world settings (stored as `omnibus.d6_<key>`): each ambiguity of the
 * rules with the recommended reading first, and the options the checks read from them.
 */
import type { SettingSpec } from "../../table/types";
import type { SettingsMenuTable } from "../../table/settings-menu";
import { compare } from "../../../core/odds";
import { difficultyBand } from "../difficulty";
import { rollOdds } from "../odds";
import { type DamagedWeaponRule, type ForcePointTiming, type WildOneRule } from "..";

/** The rules options (world settings, adapter.ts), with the digest's recommended defaults. */
export interface D6Settings {
  wildOne: WildOneRule;
  wildDieDamage: boolean;
  wildDieResist: boolean;
  wildDieInitiative: boolean;
  forcePointTiming: ForcePointTiming;
  allowPipsOnly: boolean;
  /** Which number of a difficulty level the automation uses (the GM may type another in the dialog). */
  difficultyPick: "typical" | "lowest" | "highest";
  hideDifficulty: boolean;
  blastRolls: "perZone" | "perTarget";
  mortalPlusInjury: "killed" | "mortally_wounded";
  brawlingParryPenalty: boolean;
  /** Stuns affecting a character knock it out at its Strength dice (published, A-16). */
  stunKnockout: boolean;
  /** Mortally wounded characters make the death roll at the end of each combat round. */
  deathRolls: boolean;
  /** Initiative per side (the digest, 000:L1037–1041) or per combatant (variant). */
  initiativeMode: "perSide" | "perCombatant";
  /** Metres per scene unit (A-11: 1 when the scene measures in metres). */
  metresPerUnit: number;
  /** Variant, off: tumbling and serious falls also stop at a quarter of the move and cost this round and the next (not in the seed, 000:L67–73). */
  fallTumble: boolean;
  /** A damaged weapon's penalties: the seed's (heavy +1 difficulty) or the published (heavy −2D, +10) (000:L305–313, A-18). */
  damagedWeapons: DamagedWeaponRule;
}

export const DEFAULT_SETTINGS: D6Settings = {
  wildOne: "removeHighest",
  wildDieDamage: true,
  wildDieResist: true,
  wildDieInitiative: true,
  forcePointTiming: "afterPenalties",
  allowPipsOnly: true,
  difficultyPick: "typical",
  hideDifficulty: false,
  blastRolls: "perZone",
  mortalPlusInjury: "killed",
  brawlingParryPenalty: false,
  stunKnockout: true,
  deathRolls: true,
  initiativeMode: "perSide",
  metresPerUnit: 1,
  fallTumble: false,
  damagedWeapons: "seed",
};

const S = (key: string) => ({ name: `OMNIBUS.D6.Setting.${key}.Name`, hint: `OMNIBUS.D6.Setting.${key}.Hint` });

export const D6_SETTINGS: SettingSpec[] = [
  {
    key: "wildOne",
    ...S("WildOne"),
    type: "string",
    default: DEFAULT_SETTINGS.wildOne,
    choices: {
      removeHighest: "OMNIBUS.D6.Setting.WildOne.removeHighest",
      complication: "OMNIBUS.D6.Setting.WildOne.complication",
      normal: "OMNIBUS.D6.Setting.WildOne.normal",
    },
  },
  { key: "wildDieDamage", ...S("WildDieDamage"), type: "boolean", default: DEFAULT_SETTINGS.wildDieDamage },
  { key: "wildDieResist", ...S("WildDieResist"), type: "boolean", default: DEFAULT_SETTINGS.wildDieResist },
  { key: "wildDieInitiative", ...S("WildDieInitiative"), type: "boolean", default: DEFAULT_SETTINGS.wildDieInitiative },
  {
    key: "forcePointTiming",
    ...S("ForcePointTiming"),
    type: "string",
    default: DEFAULT_SETTINGS.forcePointTiming,
    choices: {
      afterPenalties: "OMNIBUS.D6.Setting.ForcePointTiming.afterPenalties",
      beforePenalties: "OMNIBUS.D6.Setting.ForcePointTiming.beforePenalties",
    },
  },
  { key: "allowPipsOnly", ...S("AllowPipsOnly"), type: "boolean", default: DEFAULT_SETTINGS.allowPipsOnly },
  {
    key: "difficultyPick",
    ...S("DifficultyPick"),
    type: "string",
    default: DEFAULT_SETTINGS.difficultyPick,
    choices: {
      typical: "OMNIBUS.D6.Setting.DifficultyPick.typical",
      lowest: "OMNIBUS.D6.Setting.DifficultyPick.lowest",
      highest: "OMNIBUS.D6.Setting.DifficultyPick.highest",
    },
  },
  { key: "hideDifficulty", ...S("HideDifficulty"), type: "boolean", default: DEFAULT_SETTINGS.hideDifficulty },
  {
    key: "blastRolls",
    ...S("BlastRolls"),
    type: "string",
    default: DEFAULT_SETTINGS.blastRolls,
    choices: { perZone: "OMNIBUS.D6.Setting.BlastRolls.perZone", perTarget: "OMNIBUS.D6.Setting.BlastRolls.perTarget" },
  },
  {
    key: "mortalPlusInjury",
    ...S("MortalPlusInjury"),
    type: "string",
    default: DEFAULT_SETTINGS.mortalPlusInjury,
    choices: {
      killed: "OMNIBUS.D6.Setting.MortalPlusInjury.killed",
      mortally_wounded: "OMNIBUS.D6.Setting.MortalPlusInjury.mortally_wounded",
    },
  },
  { key: "brawlingParryPenalty", ...S("BrawlingParryPenalty"), type: "boolean", default: DEFAULT_SETTINGS.brawlingParryPenalty },
  { key: "stunKnockout", ...S("StunKnockout"), type: "boolean", default: DEFAULT_SETTINGS.stunKnockout },
  { key: "deathRolls", ...S("DeathRolls"), type: "boolean", default: DEFAULT_SETTINGS.deathRolls },
  {
    key: "initiativeMode",
    ...S("InitiativeMode"),
    type: "string",
    default: DEFAULT_SETTINGS.initiativeMode,
    choices: { perSide: "OMNIBUS.D6.Setting.InitiativeMode.perSide", perCombatant: "OMNIBUS.D6.Setting.InitiativeMode.perCombatant" },
  },
  { key: "fallTumble", ...S("FallTumble"), type: "boolean", default: DEFAULT_SETTINGS.fallTumble },
  {
    key: "damagedWeapons",
    ...S("DamagedWeapons"),
    type: "string",
    default: DEFAULT_SETTINGS.damagedWeapons,
    choices: { seed: "OMNIBUS.D6.Setting.DamagedWeapons.seed", published: "OMNIBUS.D6.Setting.DamagedWeapons.published" },
  },
  {
    key: "metresPerUnit",
    ...S("MetresPerUnit"),
    type: "number",
    default: DEFAULT_SETTINGS.metresPerUnit,
    range: { min: 0.1, max: 100, step: 0.1 },
  },
];

/** The options from stored values (`readRulesetSettings`): each key given replaces its default. */
export function settingsFrom(raw: Record<string, unknown>): D6Settings {
  return { ...DEFAULT_SETTINGS, ...raw } as D6Settings;
}

const M = "OMNIBUS.D6.SettingsMenu.";

/** The number a Moderate difficulty gets under the "Number for a difficulty level" option (as the checks pick it). */
function moderateNumber(pick: D6Settings["difficultyPick"]): number {
  const band = difficultyBand("moderate");
  return pick === "lowest" ? band.min : pick === "highest" ? (band.max ?? band.typical) : band.typical;
}

/**
 * The D6 settings menu: the options by topic and three reference checks, each computed by the
 * same odds code the roll dialog uses (`rollOdds`) with the options as the checks read them
 * (`settingsFrom`): a skill roll of 4D against 15 (the top of Moderate), 3D+2 against a Moderate
 * difficulty at the number the world picks for it, and 5D damage against a 3D Strength roll
 * (at least stunned: damage ≥ Strength, the Character Damage Table's first row).
 */
export const D6_SETTINGS_MENU: SettingsMenuTable = {
  title: `${M}Title`,
  hint: `${M}Hint`,
  groups: [
    {
      id: "dice",
      label: `${M}Group.dice`,
      keys: ["wildOne", "wildDieDamage", "wildDieResist", "wildDieInitiative", "allowPipsOnly", "forcePointTiming"],
    },
    { id: "difficulty", label: `${M}Group.difficulty`, keys: ["difficultyPick", "hideDifficulty"] },
    { id: "combat", label: `${M}Group.combat`, keys: ["initiativeMode", "blastRolls", "brawlingParryPenalty", "damagedWeapons"] },
    { id: "wounds", label: `${M}Group.wounds`, keys: ["mortalPlusInjury", "stunKnockout", "deathRolls"] },
    { id: "movement", label: `${M}Group.movement`, keys: ["metresPerUnit", "fallTumble"] },
  ],
  checks: [
    {
      id: "skill4D",
      label: `${M}Check.skill4D`,
      probability: (raw) => rollOdds({ dice: 4, pips: 0 }, { wildOne: settingsFrom(raw).wildOne, difficulty: 15 }).success ?? 0,
    },
    {
      id: "moderate",
      label: `${M}Check.moderate`,
      probability: (raw) => {
        const s = settingsFrom(raw);
        return rollOdds({ dice: 3, pips: 2 }, { wildOne: s.wildOne, difficulty: moderateNumber(s.difficultyPick) }).success ?? 0;
      },
    },
    {
      id: "damage",
      label: `${M}Check.damage`,
      probability: (raw) => {
        const s = settingsFrom(raw);
        const damage = rollOdds({ dice: 5, pips: 0 }, { kind: "damage", wildDie: s.wildDieDamage, wildOne: s.wildOne });
        const strength = rollOdds({ dice: 3, pips: 0 }, { kind: "resistDamage", wildDie: s.wildDieResist, wildOne: s.wildOne });
        const c = compare(damage.total, strength.total);
        return c.greater + c.equal;
      },
    },
  ],
};
