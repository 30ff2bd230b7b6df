/**
 * The Silhouette rules options as world settings (digest §16: the seed's gaps, each with the
 * digest's recommended default). Stored as `omnibus.silhouette_<key>`.
 */
import type { SettingSpec } from "../../table/types";
import type { MenuValues, SettingsMenuTable } from "../../table/settings-menu";
import { compare, silhouetteOdds } from "../../../core/odds";
import type { CheckOptions, MovementRounding, MultiActionReading } from "../index";

const K = "OMNIBUS.Silhouette.Setting.";

export const SILHOUETTE_SETTINGS: SettingSpec[] = [
  {
    key: "sixMode",
    name: `${K}SixMode.Name`,
    hint: `${K}SixMode.Hint`,
    type: "string",
    default: "silhouettePlusOne",
    choices: { silhouettePlusOne: `${K}SixMode.silhouettePlusOne`, rerollAndAdd: `${K}SixMode.rerollAndAdd` },
  },
  {
    key: "fumbleRule",
    name: `${K}FumbleRule.Name`,
    hint: `${K}FumbleRule.Hint`,
    type: "string",
    default: "allOnes",
    choices: { allOnes: `${K}FumbleRule.allOnes`, never: `${K}FumbleRule.never` },
  },
  { key: "mishapMaySucceed", name: `${K}MishapMaySucceed.Name`, hint: `${K}MishapMaySucceed.Hint`, type: "boolean", default: false },
  {
    key: "fixedTie",
    name: `${K}FixedTie.Name`,
    hint: `${K}FixedTie.Hint`,
    type: "string",
    default: "success",
    choices: { success: `${K}Tie.success`, failure: `${K}Tie.failure` },
  },
  {
    key: "opposedTie",
    name: `${K}OpposedTie.Name`,
    hint: `${K}OpposedTie.Hint`,
    type: "string",
    default: "failure",
    choices: { failure: `${K}Tie.failure`, success: `${K}Tie.success` },
  },
  {
    key: "multiAction",
    name: `${K}MultiAction.Name`,
    hint: `${K}MultiAction.Hint`,
    type: "string",
    default: "allRolls",
    choices: { allRolls: `${K}MultiAction.allRolls`, progressive: `${K}MultiAction.progressive` },
  },
  {
    key: "movementRounding",
    name: `${K}MovementRounding.Name`,
    hint: `${K}MovementRounding.Hint`,
    type: "string",
    default: "exact",
    choices: { exact: `${K}MovementRounding.exact`, halfMetre: `${K}MovementRounding.halfMetre` },
  },
  {
    key: "lightWoundMax",
    name: `${K}LightWoundMax.Name`,
    hint: `${K}LightWoundMax.Hint`,
    type: "string",
    default: "jog",
    choices: { jog: "OMNIBUS.Silhouette.Speed.jog", run: "OMNIBUS.Silhouette.Speed.run" },
  },
  {
    key: "rangeModifiers",
    name: `${K}RangeModifiers.Name`,
    hint: `${K}RangeModifiers.Hint`,
    type: "string",
    default: "candidate",
    choices: { candidate: `${K}RangeModifiers.candidate`, none: `${K}RangeModifiers.none` },
  },
  {
    key: "initiativeAttribute",
    name: `${K}InitiativeAttribute.Name`,
    hint: `${K}InitiativeAttribute.Hint`,
    type: "boolean",
    default: false,
  },
  { key: "armourAbsorbs", name: `${K}ArmourAbsorbs.Name`, hint: `${K}ArmourAbsorbs.Hint`, type: "boolean", default: true },
  { key: "autoMovement", name: `${K}AutoMovement.Name`, hint: `${K}AutoMovement.Hint`, type: "boolean", default: true },
  {
    key: "grenadeHighFuse",
    name: `${K}GrenadeHighFuse.Name`,
    hint: `${K}GrenadeHighFuse.Hint`,
    type: "number",
    default: 6,
    range: { min: 1, max: 20, step: 1 },
  },
  {
    key: "walkingFireDamage",
    name: `${K}WalkingFireDamage.Name`,
    hint: `${K}WalkingFireDamage.Hint`,
    type: "string",
    default: "perAdditionalTarget",
    choices: { perAdditionalTarget: `${K}WalkingFireDamage.perAdditionalTarget`, perTarget: `${K}WalkingFireDamage.perTarget` },
  },
  {
    key: "severalAttackersReading",
    name: `${K}SeveralAttackersReading.Name`,
    hint: `${K}SeveralAttackersReading.Hint`,
    type: "string",
    default: "perAdditionalAttacker",
    choices: {
      perAdditionalAttacker: `${K}SeveralAttackersReading.perAdditionalAttacker`,
      perAttacker: `${K}SeveralAttackersReading.perAttacker`,
    },
  },
];

/** The options in effect, as plain data (what the pure rules take). */
export interface SilhouetteOptions {
  check: CheckOptions;
  multiAction: MultiActionReading;
  movementRounding: MovementRounding;
  lightWoundMax: "jog" | "run";
  rangeModifiers: "candidate" | "none";
  initiativeAttribute: boolean;
  armourAbsorbs: boolean;
  autoMovement: boolean;
  /** A grenade's fuse total at or above this explodes almost on impact (004:L113 gives no number). */
  grenadeHighFuse: number;
  /** Walking fire's damage ROF: one less per additional target (default) or per target (digest §16.31). */
  walkingFireDamage: "perAdditionalTarget" | "perTarget";
  /** Defending against several attackers: one die per additional attacker (default, E42) or per attacker (§16.24). */
  severalAttackersReading: "perAdditionalAttacker" | "perAttacker";
}

export const DEFAULT_OPTIONS: SilhouetteOptions = optionsFrom({});

/** Options from raw setting values (unknown or missing values fall back to the defaults). */
export function optionsFrom(raw: Record<string, unknown>): SilhouetteOptions {
  const pick = <T extends string>(key: string, allowed: readonly T[], fallback: T): T =>
    (allowed as readonly unknown[]).includes(raw[key]) ? (raw[key] as T) : fallback;
  const flag = (key: string, fallback: boolean) => (typeof raw[key] === "boolean" ? (raw[key] as boolean) : fallback);
  return {
    check: {
      sixMode: pick("sixMode", ["silhouettePlusOne", "rerollAndAdd"] as const, "silhouettePlusOne"),
      fumbleRule: pick("fumbleRule", ["allOnes", "never"] as const, "allOnes"),
      // A mishap fails (004:L45, L112) unless the world lets it still succeed.
      fumbleFails: !flag("mishapMaySucceed", false),
      fixedTie: pick("fixedTie", ["success", "failure"] as const, "success"),
      opposedTie: pick("opposedTie", ["failure", "success"] as const, "failure"),
    },
    multiAction: pick("multiAction", ["allRolls", "progressive"] as const, "allRolls"),
    movementRounding: pick("movementRounding", ["exact", "halfMetre"] as const, "exact"),
    lightWoundMax: pick("lightWoundMax", ["jog", "run"] as const, "jog"),
    rangeModifiers: pick("rangeModifiers", ["candidate", "none"] as const, "candidate"),
    initiativeAttribute: flag("initiativeAttribute", false),
    armourAbsorbs: flag("armourAbsorbs", true),
    autoMovement: flag("autoMovement", true),
    grenadeHighFuse:
      typeof raw.grenadeHighFuse === "number" &&
      Number.isInteger(raw.grenadeHighFuse) &&
      raw.grenadeHighFuse >= 1 &&
      raw.grenadeHighFuse <= 20
        ? raw.grenadeHighFuse
        : 6,
    walkingFireDamage: pick("walkingFireDamage", ["perAdditionalTarget", "perTarget"] as const, "perAdditionalTarget"),
    severalAttackersReading: pick("severalAttackersReading", ["perAdditionalAttacker", "perAttacker"] as const, "perAdditionalAttacker"),
  };
}

const M = "OMNIBUS.Silhouette.SettingsMenu.";

/** P(success) of a roll of `dice` + `modifier` against a fixed difficulty, the options as the checks read them. */
function againstDifficulty(raw: MenuValues, dice: number, modifier: number, difficulty: number): number {
  const o = optionsFrom(raw).check;
  return (
    silhouetteOdds({
      dice,
      modifier,
      threshold: difficulty,
      tieSucceeds: o.fixedTie === "success",
      sixMode: o.sixMode,
      fumbleRule: o.fumbleRule,
      fumbleFails: o.fumbleFails,
    }).success ?? 0
  );
}

/**
 * P(an attack of `attackDice` beats a defense roll of `defenseDice`), no modifiers: the attack
 * total against the defense total, a tie as the option says, a mishap failing when it must (as the
 * attack dialog's odds count a hit).
 */
function attackHits(raw: MenuValues, attackDice: number, defenseDice: number): number {
  const o = optionsFrom(raw).check;
  const dice = { sixMode: o.sixMode, fumbleRule: o.fumbleRule };
  const attack = silhouetteOdds({ dice: attackDice, ...dice });
  const defense = silhouetteOdds({ dice: defenseDice, ...dice });
  const c = compare(attack.total, defense.total);
  const tieHits = o.opposedTie === "success";
  let hit = c.greater + (tieHits ? c.equal : 0);
  // A mishap's total is 1 (no modifier): take away the hits it would otherwise score.
  if (o.fumbleFails && attack.fumble > 0) hit -= attack.fumble * (tieHits ? defense.total.pAtMost(1) : defense.total.pAtMost(0));
  return Math.min(1, Math.max(0, hit));
}

/**
 * The Silhouette settings menu: the options by topic and three typical checks, computed by the
 * roll dialog's odds code (the core's `silhouetteOdds`) with the options as the checks read them
 * (`optionsFrom`): skill 2 with +3 against difficulty 4 (a mishap's total ties it), skill 3 against
 * difficulty 7 (only extra sixes reach it), and a skill-2 attack against a skill-2 defense.
 */
export const SILHOUETTE_SETTINGS_MENU: SettingsMenuTable = {
  title: `${M}Title`,
  hint: `${M}Hint`,
  groups: [
    { id: "dice", label: `${M}Group.dice`, keys: ["sixMode", "fumbleRule", "mishapMaySucceed", "fixedTie", "opposedTie"] },
    {
      id: "combat",
      label: `${M}Group.combat`,
      keys: ["multiAction", "initiativeAttribute", "rangeModifiers", "walkingFireDamage", "severalAttackersReading", "grenadeHighFuse"],
    },
    { id: "damage", label: `${M}Group.damage`, keys: ["armourAbsorbs", "lightWoundMax"] },
    { id: "movement", label: `${M}Group.movement`, keys: ["movementRounding", "autoMovement"] },
  ],
  checks: [
    { id: "typical", label: `${M}Check.typical`, probability: (raw) => againstDifficulty(raw, 2, 3, 4) },
    { id: "hard", label: `${M}Check.hard`, probability: (raw) => againstDifficulty(raw, 3, 0, 7) },
    { id: "attack", label: `${M}Check.attack`, probability: (raw) => attackHits(raw, 2, 2) },
  ],
};
