/**
 * The D6 rules options as world settings (digest ambiguities; the recommended default first).
 */
import type { SettingSpec } from "../ruleset";
import { rulesetSetting } from "../settings";
import { DEFAULT_SETTINGS, type D6Settings } from "../../rules/d6/table/checks";

const S = (key: string) => ({ name: `OMNIBUS.D6.Setting.${key}.Name`, hint: `OMNIBUS.D6.Setting.${key}.Hint` });

export const D6_SETTINGS: SettingSpec[] = [
  {
    key: "wildOne",
    ...S("WildOne"),
    type: "string",
    default: DEFAULT_SETTINGS.wildOne,
    choices: { removeHighest: "OMNIBUS.D6.Setting.WildOne.removeHighest", complication: "OMNIBUS.D6.Setting.WildOne.complication", normal: "OMNIBUS.D6.Setting.WildOne.normal" },
  },
  { key: "wildDieDamage", ...S("WildDieDamage"), type: "boolean", default: DEFAULT_SETTINGS.wildDieDamage },
  { key: "wildDieResist", ...S("WildDieResist"), type: "boolean", default: DEFAULT_SETTINGS.wildDieResist },
  { key: "wildDieInitiative", ...S("WildDieInitiative"), type: "boolean", default: DEFAULT_SETTINGS.wildDieInitiative },
  {
    key: "forcePointTiming",
    ...S("ForcePointTiming"),
    type: "string",
    default: DEFAULT_SETTINGS.forcePointTiming,
    choices: { afterPenalties: "OMNIBUS.D6.Setting.ForcePointTiming.afterPenalties", beforePenalties: "OMNIBUS.D6.Setting.ForcePointTiming.beforePenalties" },
  },
  { key: "allowPipsOnly", ...S("AllowPipsOnly"), type: "boolean", default: DEFAULT_SETTINGS.allowPipsOnly },
  {
    key: "difficultyPick",
    ...S("DifficultyPick"),
    type: "string",
    default: DEFAULT_SETTINGS.difficultyPick,
    choices: { typical: "OMNIBUS.D6.Setting.DifficultyPick.typical", lowest: "OMNIBUS.D6.Setting.DifficultyPick.lowest", highest: "OMNIBUS.D6.Setting.DifficultyPick.highest" },
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
    choices: { killed: "OMNIBUS.D6.Setting.MortalPlusInjury.killed", mortally_wounded: "OMNIBUS.D6.Setting.MortalPlusInjury.mortally_wounded" },
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
  { key: "metresPerUnit", ...S("MetresPerUnit"), type: "number", default: DEFAULT_SETTINGS.metresPerUnit, range: { min: 0.1, max: 100, step: 0.1 } },
];

/** The current options (each falls back to its default if unreadable). */
export function readSettings(): D6Settings {
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const spec of D6_SETTINGS) {
    try {
      const value = rulesetSetting("d6", spec.key);
      if (value !== undefined && value !== null) out[spec.key] = value;
    } catch {
      /* keep the default */
    }
  }
  return out as unknown as D6Settings;
}
