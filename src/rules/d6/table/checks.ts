/**
 * D6 checks as plain functions (no Foundry globals): which code an actor rolls for a skill,
 * attribute or weapon, the roll dialog's request and odds, and the per-target outcome of an attack.
 * checks.ts feeds them document data; the gallery and the glue tests call them directly.
 */
import { type D6Settings } from "./settings";
import { Distribution } from "../../../core/odds";
import { checkEffectTotal, type CheckEffects, type PlainEffect } from "../../../core/effects";
import { OmnibusError, refused } from "../../../core/errors";
import {
  canFire,
  parseFireRate,
  spendAmmo,
  CHARACTER_POINT_CAPS,
  COVER_DICE,
  DIFFICULTY_LEVELS,
  calledShotDice,
  forcePointRoundSpend,
  codeToPips,
  damageCodeFor,
  difficultyBand,
  effectiveCode,
  formatDieCode,
  normalizeCode,
  parseDamageCode,
  pipsToCode,
  rangeDifficulty,
  attackDifficulty,
  rollOdds,
  scaleModifiers,
  woundPenaltyDice,
  damagedWeapon,
  formatDamageCode,
  reduceDamageCode,
  type ActiveReaction,
  type ObjectDamage,
  type Armor,
  type AttackType,
  type CoverCondition,
  type D6RollKind,
  type DieCode,
  type DifficultyLevel,
  type RangeBand,
  type Scale,
  type WoundLevel,
} from "..";
import type { CheckField, CheckValues, KindRequest, OddsLine, TargetInfo } from "../../table/types";
import { itemNamed as sharedItemNamed } from "../../table/names";
import { formatFixed, type NumberLanguage } from "../../table/format";
import { ATTRIBUTES, storedCode, type AttributeId } from "./schema";

/** Plain data of an actor and its items, as checks.ts reads it from documents. */
export interface D6ItemData {
  id: string;
  uuid?: string;
  name: string;
  /** The English name of an item created with its Russian name (flags.omnibus.nameEn, ../names.ts). */
  nameEn?: string;
  type: string;
  img?: string | null;
  system: Record<string, unknown>;
}
export interface D6ActorData {
  uuid?: string;
  name: string;
  type: string;
  img?: string | null;
  system: Record<string, unknown>;
  items: D6ItemData[];
  /** The Active Effects that apply to the actor (effects.ts `actorEffects`), as plain data. */
  effects?: PlainEffect[];
  /** The status ids the actor shows (e.g. "surprised", "stunned"). */
  statuses?: string[];
}

/** A skill's effect key: its English name in lower case, letters and digits only ("Blaster" → "blaster"). */
export function d6SkillKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/**
 * The effect keys a D6 check reads, in pips (3 a die; src/foundry/README.md "Effects"): a bonus to
 * an attribute counts on its rolls and on its skills' and attacks', `system.bonuses.attack` on
 * attacks, `system.bonuses.skill.<skill key>` on that skill's rolls and attacks with it.
 */
export function d6EffectKeys(attribute: string, attack: boolean, skill?: string | null): string[] {
  const key = skill ? d6SkillKey(skill) : "";
  return [
    `system.bonuses.attribute.${attribute}`,
    ...(key ? [`system.bonuses.skill.${key}`] : []),
    ...(attack ? ["system.bonuses.attack"] : []),
  ];
}

/** Effect keys read on the target's side: pips on its damage-resistance roll, a number added to the difficulty to hit it. */
export const D6_RESISTANCE_KEYS = ["system.bonuses.resistance"];
export const D6_DIFFICULTY_KEYS = ["system.bonuses.difficulty"];

/** The pips a character's effects add to its damage-resistance roll. */
export function resistanceEffectPips(effects: readonly PlainEffect[] | undefined): number {
  return checkEffectTotal({ effects: [...(effects ?? [])], keys: D6_RESISTANCE_KEYS, unit: "pips" });
}

/** What a target's effects add to the difficulty to hit it (after a reaction replaces the base, like cover). */
export function difficultyEffectBonus(effects: readonly PlainEffect[] | undefined): number {
  return Math.trunc(checkEffectTotal({ effects: [...(effects ?? [])], keys: D6_DIFFICULTY_KEYS, unit: "number" }));
}

function effectsFor(actor: D6ActorData, attribute: string, attack: boolean, skill?: string | null): CheckEffects {
  return { effects: actor.effects ?? [], keys: d6EffectKeys(attribute, attack, skill), unit: "pips" };
}

/** What the attack automation knows about a target's actor. */
export interface D6TargetData {
  scale: Scale;
  /** The target's active reactions this round (round.dodge / round.parry, fullReaction). */
  reactions: ActiveReaction[];
  isVehicle: boolean;
  /** Added to the difficulty to hit it by its effects (`system.bonuses.difficulty`). */
  difficultyBonus?: number;
  /** Caught by surprise: its reactions do not count against the ambushers' first action (000:L363). */
  surprised?: boolean;
}

/**
 * What the attack automation reads from a target's actor (its plain data): its scale, its
 * reactions this round (a dodge total is against every ranged attack, a parry total against melee,
 * 000:L759) and what its effects add to the difficulty to hit it.
 */
export function targetDataOf(target: {
  type: string;
  system: Record<string, unknown>;
  effects?: readonly PlainEffect[];
  /** Its status ids: a surprised target's reactions do not count (000:L363). */
  statuses?: readonly string[];
}): D6TargetData {
  const s = target.system;
  const round = (s.round ?? {}) as Record<string, unknown>;
  const reactions: ActiveReaction[] = [];
  const full = round.fullReaction === true;
  if (typeof round.dodge === "number") reactions.push({ skill: "dodge", total: round.dodge, full });
  if (typeof round.parry === "number") reactions.push({ skill: "melee_parry", total: round.parry, full });
  const difficultyBonus = difficultyEffectBonus(target.effects);
  return {
    scale: String(s.scale ?? "character") as Scale,
    reactions,
    isVehicle: target.type === "d6_vehicle",
    ...(difficultyBonus ? { difficultyBonus } : {}),
    ...(target.statuses?.includes("surprised") ? { surprised: true } : {}),
  };
}

const norm = (s: string) => s.trim().toLowerCase();

export function levelNumber(level: DifficultyLevel, pick: D6Settings["difficultyPick"]): number {
  const band = difficultyBand(level);
  if (pick === "lowest") return band.min;
  if (pick === "highest") return band.max ?? band.typical;
  return band.typical;
}

export function woundLevelOf(system: Record<string, unknown>): WoundLevel {
  const level = String(system.woundLevel ?? "healthy");
  return (
    ["healthy", "stunned", "wounded", "wounded_twice", "incapacitated", "mortally_wounded", "killed"].includes(level) ? level : "healthy"
  ) as WoundLevel;
}

export function equippedArmor(actor: D6ActorData): Armor | null {
  const worn = actor.items.find((i) => i.type === "d6_armor" && i.system.equipped !== false);
  if (!worn) return null;
  const s = worn.system;
  return {
    physical: storedCode(s.physical, "physical"),
    energy: storedCode(s.energy, "energy"),
    dexterityPenalty: storedCode(s.dexterityPenalty, "dexterityPenalty"),
  };
}

/** An actor's item of a type by name — its name or, for an item created with its Russian name, its English one (names.ts). */
export function itemNamed(actor: D6ActorData, type: string, name: string): D6ItemData | null {
  return sharedItemNamed(actor.items, type, name);
}

/** The code for a skill by name: the actor's skill item, else its attribute (000:L676 — an unimproved skill rolls the attribute). */
export function skillCode(
  actor: D6ActorData,
  skillName: string,
  fallback: AttributeId,
): { code: DieCode; attribute: AttributeId; skill: D6ItemData | null } {
  const skill = itemNamed(actor, "d6_skill", skillName);
  if (skill) return { code: storedCode(skill.system.code, skill.name), attribute: skill.system.attribute as AttributeId, skill };
  const attrs = actor.system.attributes as Record<string, unknown>;
  return { code: storedCode(attrs?.[fallback], fallback), attribute: fallback, skill: null };
}

/** The attribute a weapon's skill falls back to (digest §14.1, §15, C.7). */
export function weaponAttribute(weapon: D6ItemData): AttributeId {
  const type = String(weapon.system.attackType);
  if (type === "brawling") return "strength";
  return "dexterity";
}

// ---------------------------------------------------------------------------------------------
// The roll dialog's fields

export const DIFFICULTY_CHOICES: Record<string, string> = {
  none: "OMNIBUS.D6.Difficulty.none",
  ...Object.fromEntries(DIFFICULTY_LEVELS.map((l) => [l, `OMNIBUS.D6.Difficulty.${l}`])),
};
export const COVER_CHOICES: Record<string, string> = {
  none: "OMNIBUS.D6.Cover.none",
  ...Object.fromEntries(
    Object.keys(COVER_DICE)
      .filter((c) => COVER_DICE[c as CoverCondition] !== null)
      .map((c) => [c, `OMNIBUS.D6.Cover.${c}`]),
  ),
};
export const CALLED_SHOT_CHOICES: Record<string, string> = {
  none: "OMNIBUS.D6.CalledShot.none",
  "30": "OMNIBUS.D6.CalledShot.s30",
  "5": "OMNIBUS.D6.CalledShot.s5",
  "0.5": "OMNIBUS.D6.CalledShot.s05",
};

/**
 * The dialog's common fields. With a Force Point in force this round (`forcePointActive`) there is
 * no Character Point field and the Force Point box says it stays on (000:L831, L835).
 */
export function commonFields(kind: D6RollKind, showDifficulty: boolean, withTargets: boolean, forcePointActive = false): CheckField[] {
  const fields: CheckField[] = [];
  if (showDifficulty && !withTargets) {
    fields.push({ name: "difficultyLevel", label: "OMNIBUS.D6.Dialog.DifficultyLevel", kind: "select", choices: DIFFICULTY_CHOICES });
    fields.push({
      name: "difficulty",
      label: "OMNIBUS.D6.Dialog.DifficultyNumber",
      kind: "number",
      min: 0,
      max: 200,
      hint: "OMNIBUS.D6.Dialog.DifficultyNumberHint",
    });
  }
  fields.push({
    name: "actions",
    label: "OMNIBUS.D6.Dialog.Actions",
    kind: "number",
    min: 1,
    max: 20,
    hint: "OMNIBUS.D6.Dialog.ActionsHint",
  });
  fields.push({ name: "bonusDice", label: "OMNIBUS.D6.Dialog.BonusDice", kind: "number", min: -20, max: 20 });
  fields.push({ name: "bonusPips", label: "OMNIBUS.D6.Dialog.BonusPips", kind: "number", min: -2, max: 2 });
  const cap = CHARACTER_POINT_CAPS[kind];
  if (cap > 0 && !forcePointActive)
    fields.push({
      name: "characterPoints",
      label: "OMNIBUS.D6.Dialog.CharacterPoints",
      kind: "number",
      min: 0,
      max: cap,
      hint: "OMNIBUS.D6.Dialog.CharacterPointsHint",
    });
  if (kind !== "initiative")
    fields.push({
      name: "forcePoint",
      label: "OMNIBUS.D6.Dialog.ForcePoint",
      kind: "checkbox",
      hint: forcePointActive ? "OMNIBUS.D6.Dialog.ForcePointInForceHint" : "OMNIBUS.D6.Dialog.ForcePointHint",
    });
  return fields;
}

export interface D6CheckData {
  [key: string]: unknown;
  rollKind: D6RollKind;
  /** The base code before any modifier. */
  baseCode: DieCode;
  woundLevel: WoundLevel;
  /** Positive codes subtracted (armor's Dexterity penalty). */
  penalties: DieCode[];
  /** Codes added and never doubled (fire control, scale). */
  bonuses: DieCode[];
  /** Shown as "why" lines on the card: i18n key and a code text. */
  notes: Array<{ label: string; value: string }>;
  characterPointsAvailable: number;
  forcePointsAvailable: number;
  forcePointActive: boolean;
  attack?: D6AttackData;
}

export interface D6AttackTarget extends TargetInfo {
  band: RangeBand | null;
  level: DifficultyLevel | null;
  /** Difficulty before rolled cover / called-shot dice and reactions; null: cannot be hit. */
  difficulty: number | null;
  scaleAttack: number;
  reactions: ActiveReaction[];
  /** The target's effects on the difficulty to hit it (`system.bonuses.difficulty`). */
  difficultyBonus?: number;
}

export interface D6AttackData {
  weaponUuid: string;
  weaponName: string;
  attackType: AttackType;
  damage: string;
  damageType: "energy" | "physical";
  stun: boolean;
  scale: Scale;
  blast: { radii: string; damage: string } | null;
  deviates: boolean;
  ranges: { shortMin: number; shortMax: number; medium: number; long: number } | null;
  targets: D6AttackTarget[];
  /** Difficulty with no target (melee level, or the GM's pick). */
  meleeLevel: DifficultyLevel | null;
  /** Added to every difficulty of this attack by the weapon's damage (§24); 0 when intact. */
  weaponDifficultyPlus?: number;
  /** A blast weapon's impact point the attacker clicked on the map (scene coordinates); else the first target's token. */
  impactPoint?: { x: number; y: number } | null;
  /** That point's scene (a uuid) and scene Level (v14; null: the whole scene). */
  impactScene?: string | null;
  impactLevel?: string | null;
}

function baseData(actor: D6ActorData, rollKind: D6RollKind, baseCode: DieCode): D6CheckData {
  const round = (actor.system.round ?? {}) as Record<string, unknown>;
  return {
    rollKind,
    baseCode,
    woundLevel: woundLevelOf(actor.system),
    penalties: [],
    bonuses: [],
    notes: [],
    characterPointsAvailable: Number(actor.system.characterPoints ?? 0),
    forcePointsAvailable: Number(actor.system.forcePoints ?? 0),
    forcePointActive: round.forcePoint === true,
  };
}

function defaults(actor: D6ActorData, extra: CheckValues = {}): CheckValues {
  const round = (actor.system.round ?? {}) as Record<string, unknown>;
  return {
    actions: Number(round.actions ?? 1) || 1,
    bonusDice: 0,
    bonusPips: 0,
    characterPoints: 0,
    forcePoint: round.forcePoint === true,
    ...extra,
  };
}

export function applyArmorPenalty(actor: D6ActorData, data: D6CheckData, attribute: AttributeId): void {
  const armor = equippedArmor(actor);
  if (attribute === "dexterity" && armor?.dexterityPenalty && codeToPips(armor.dexterityPenalty) > 0) {
    data.penalties.push(armor.dexterityPenalty);
    data.notes.push({ label: "OMNIBUS.D6.Card.ArmorPenalty", value: `−${formatDieCode(armor.dexterityPenalty)}` });
  }
}

/** An attribute roll (a sheet's attribute button). */
export function attributeCheck(actor: D6ActorData, attribute: string, title: string, settings: D6Settings): KindRequest<D6CheckData> {
  if (!(ATTRIBUTES as readonly string[]).includes(attribute))
    throw new OmnibusError("badArgument", `unknown attribute ${attribute}`, { name: "attribute", value: attribute });
  const attrs = actor.system.attributes as Record<string, unknown>;
  const data = baseData(actor, "attribute", storedCode(attrs?.[attribute], attribute));
  applyArmorPenalty(actor, data, attribute as AttributeId);
  return {
    ruleset: "d6",
    kind: "attribute",
    title: `${title} (${formatDieCode(normalizeCode(data.baseCode))})`,
    subtitle: actor.name,
    actorUuid: actor.uuid ?? null,
    fields: commonFields("attribute", true, false, data.forcePointActive),
    values: defaults(actor, { difficultyLevel: "none", difficulty: 0 }),
    targets: [],
    data: { ...data, settingsHide: settings.hideDifficulty },
    effects: effectsFor(actor, attribute, false),
  };
}

/** A skill roll (or one of its specializations, `specialization` = its index). */
export function skillCheck(
  actor: D6ActorData,
  skill: D6ItemData,
  specialization: number | null,
  settings: D6Settings,
): KindRequest<D6CheckData> {
  const specs = (skill.system.specializations ?? []) as Array<{ name: string; code: unknown }>;
  const spec = specialization !== null ? specs[specialization] : undefined;
  if (specialization !== null && !spec)
    throw new OmnibusError("badArgument", `no specialization ${specialization}`, { name: "specialization", value: String(specialization) });
  const reaction = String(skill.system.reaction ?? "");
  // The surprised side cannot roll defensive skills to dodge or parry the first action (000:L363);
  // the status lasts the surprise round (combat.ts ends it as round 2 begins).
  if (reaction && actor.statuses?.includes("surprised"))
    throw refused("SurprisedNoReaction", "a surprised character cannot dodge or parry the ambushers' first action", {
      name: actor.name,
    });
  const rollKind: D6RollKind = reaction ? "reaction" : spec ? "specialization" : "skill";
  const code = spec ? storedCode(spec.code, spec.name) : storedCode(skill.system.code, skill.name);
  const data = baseData(actor, rollKind, code);
  data.reaction = reaction || null;
  data.skillName = skill.name;
  applyArmorPenalty(actor, data, skill.system.attribute as AttributeId);
  const fields = commonFields(rollKind, true, false, data.forcePointActive);
  if (reaction)
    fields.push({
      name: "fullReaction",
      label: "OMNIBUS.D6.Dialog.FullReaction",
      kind: "checkbox",
      hint: "OMNIBUS.D6.Dialog.FullReactionHint",
    });
  const name = spec ? `${skill.name}: ${spec.name}` : skill.name;
  return {
    ruleset: "d6",
    kind: "skill",
    title: `${name} (${formatDieCode(normalizeCode(code))})`,
    subtitle: actor.name,
    actorUuid: actor.uuid ?? null,
    itemUuid: skill.uuid ?? null,
    fields,
    values: defaults(actor, { difficultyLevel: "none", difficulty: 0, ...(reaction ? { fullReaction: false } : {}) }),
    targets: [],
    data: { ...data, settingsHide: settings.hideDifficulty },
    effects: effectsFor(actor, String(skill.system.attribute ?? ""), false, skill.nameEn ?? skill.name),
  };
}

/** Distances in metres from scene units. */
function metres(distance: number | null, settings: D6Settings): number | null {
  return distance === null ? null : distance * settings.metresPerUnit;
}

/**
 * What the weapon's recorded condition does to an attack (§24, 000:L303–315): dice off its damage,
 * a number on every difficulty, and whether it can be used (the sheet's condition field).
 */
export function weaponCondition(
  weapon: D6ItemData,
  settings: Pick<D6Settings, "damagedWeapons">,
): { condition: ObjectDamage; weaponDamageLoss: number; weaponDifficultyPlus: number; usable: boolean } {
  const condition = String(weapon.system.condition ?? "undamaged") as ObjectDamage;
  return { condition, ...damagedWeapon(condition, { weaponRule: settings.damagedWeapons === "published" ? "published" : "seed" }) };
}

/**
 * A weapon attack against the targeted tokens: each target's measured distance picks its range band
 * and difficulty (§14.2, A-11); melee and brawling use the weapon's level (§15); a target's
 * reactions this round replace or add to the difficulty (§16); scale adds attack dice (§22).
 */
export function attackCheck(
  actor: D6ActorData,
  weapon: D6ItemData,
  targets: TargetInfo[],
  targetData: Record<string, D6TargetData>,
  settings: D6Settings,
): KindRequest<D6CheckData> {
  const w = weapon.system;
  const attackType = (String(w.attackType) as AttackType) ?? "ranged";
  const isVehicle = actor.type === "d6_vehicle";
  const crew = (actor.system.crew ?? {}) as Record<string, unknown>;
  let base: DieCode;
  let attribute: AttributeId = weaponAttribute(weapon);
  if (isVehicle) base = storedCode(crew.gunneryCode, "gunneryCode");
  else {
    const spec = String(w.specialization ?? "");
    const found = skillCode(actor, String(w.skill), attribute);
    base = found.code;
    attribute = found.attribute;
    const specialized =
      spec && found.skill
        ? ((found.skill.system.specializations ?? []) as Array<{ name: string; code: unknown }>).find((s) => norm(s.name) === norm(spec))
        : undefined;
    if (specialized) base = storedCode(specialized.code, specialized.name);
  }
  const data = baseData(actor, "skill", base);
  if (!isVehicle) applyArmorPenalty(actor, data, attribute);
  const fireControl = storedCode(w.fireControl, "fireControl");
  if (codeToPips(fireControl) > 0) {
    data.bonuses.push(fireControl);
    data.notes.push({ label: "OMNIBUS.D6.Card.FireControl", value: `+${formatDieCode(fireControl)}` });
  }
  const scale = String(w.scale ?? actor.system.scale ?? "character") as Scale;
  const ranges = attackType === "ranged" ? (w.ranges as D6AttackData["ranges"]) : null;
  const meleeLevel: DifficultyLevel | null =
    attackType === "brawling" ? "very_easy" : attackType === "melee" ? (String(w.meleeDifficulty) as DifficultyLevel) : null;
  const attackTargets: D6AttackTarget[] = targets.map((t) => {
    const info = t.actorUuid ? targetData[t.actorUuid] : undefined;
    const m = metres(t.distance, settings);
    let band: RangeBand | null = null;
    let level: DifficultyLevel | null = meleeLevel;
    if (ranges && m !== null) {
      const r = rangeDifficulty(m, ranges);
      band = r.band;
      level = r.difficulty;
    } else if (ranges) level = null;
    const difficulty = level ? levelNumber(level, settings.difficultyPick) : null;
    const mods = info ? scaleModifiers(scale, info.scale) : { attack: 0 };
    return {
      ...t,
      band,
      level,
      difficulty,
      scaleAttack: mods.attack,
      // A surprised side cannot roll reactions against the first action (000:L363): none count.
      reactions: info?.surprised ? [] : (info?.reactions ?? []),
      ...(info?.difficultyBonus ? { difficultyBonus: info.difficultyBonus } : {}),
    };
  });
  const firstScale = attackTargets.find((t) => t.scaleAttack > 0)?.scaleAttack ?? 0;
  if (firstScale > 0) {
    data.bonuses.push({ dice: firstScale, pips: 0 });
    data.notes.push({ label: "OMNIBUS.D6.Card.ScaleBonus", value: `+${firstScale}D` });
  }
  const blastRadii = String((w.blast as Record<string, unknown> | undefined)?.radii ?? "").trim();
  const condition = weaponCondition(weapon, settings);
  let damage = String(w.damage);
  if (condition.weaponDamageLoss > 0) {
    damage = formatDamageCode(reduceDamageCode(parseDamageCode(damage), condition.weaponDamageLoss));
    data.notes.push({ label: "OMNIBUS.D6.Card.DamagedWeaponDamage", value: `−${condition.weaponDamageLoss}D` });
  }
  if (condition.weaponDifficultyPlus > 0)
    data.notes.push({ label: "OMNIBUS.D6.Card.DamagedWeaponDifficulty", value: `+${condition.weaponDifficultyPlus}` });
  data.attack = {
    weaponUuid: weapon.uuid ?? "",
    weaponName: weapon.name,
    attackType,
    damage,
    weaponDifficultyPlus: condition.weaponDifficultyPlus,
    damageType: w.damageType === "physical" ? "physical" : "energy",
    stun: w.stunCapable === true && w.setToStun === true,
    scale,
    blast: blastRadii ? { radii: blastRadii, damage: String((w.blast as Record<string, unknown>).damage ?? "") } : null,
    deviates: w.deviates === true,
    ranges,
    targets: attackTargets,
    meleeLevel,
  };
  const withTargets = targets.length > 0;
  const fields = commonFields("skill", true, withTargets, data.forcePointActive);
  if (attackType === "ranged") {
    fields.push({
      name: "cover",
      label: "OMNIBUS.D6.Dialog.Cover",
      kind: "select",
      choices: COVER_CHOICES,
      hint: "OMNIBUS.D6.Dialog.CoverHint",
    });
    fields.push({ name: "calledShot", label: "OMNIBUS.D6.Dialog.CalledShot", kind: "select", choices: CALLED_SHOT_CHOICES });
  }
  if (withTargets)
    fields.push({ name: "difficultyModifier", label: "OMNIBUS.D6.Dialog.DifficultyModifier", kind: "number", min: -50, max: 100 });
  const code = formatDieCode(normalizeCode(base));
  return {
    ruleset: "d6",
    kind: "attack",
    title: `${weapon.name} (${code})`,
    subtitle: actor.name,
    actorUuid: actor.uuid ?? null,
    itemUuid: weapon.uuid ?? null,
    fields,
    values: defaults(actor, {
      difficultyLevel: meleeLevel ?? "none",
      difficulty: 0,
      ...(attackType === "ranged" ? { cover: "none", calledShot: "none" } : {}),
      ...(withTargets ? { difficultyModifier: 0 } : {}),
    }),
    targets: attackTargets,
    data: { ...data, settingsHide: settings.hideDifficulty },
    ...(isVehicle ? {} : { effects: effectsFor(actor, attribute, true, String(w.skill ?? "")) }),
  };
}

// ---------------------------------------------------------------------------------------------
// From the dialog's values to the code, the difficulties and the odds

export interface ResolvedValues {
  code: DieCode;
  characterPoints: number;
  forcePoint: boolean;
  actions: number;
  /** A number the user typed or the level picked (no targets); null: no difficulty. */
  difficulty: number | null;
  /** Dice rolled and added to every target's difficulty (cover, called shot). */
  difficultyDice: number;
  difficultyModifier: number;
}

/**
 * What a roll spends of the actor's points (000:L795: Character Points; L831: a new Force Point,
 * then in force for the round), as an actor update from the points the request saw: empty when it
 * spends none. Who applies it: the roller's own client when it is a GM's roll or no GM is there to
 * check the card; otherwise the active GM, once the card's re-derivation holds (issue 10), so a
 * card cannot claim points its actor never had.
 */
export function pointsSpend(
  data: { characterPointsAvailable: number; forcePointsAvailable: number; forcePointActive?: boolean },
  spent: { characterPoints: number; forcePoint: boolean },
): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  if (spent.characterPoints > 0) update["system.characterPoints"] = data.characterPointsAvailable - spent.characterPoints;
  if (spent.forcePoint && !data.forcePointActive) {
    update["system.forcePoints"] = data.forcePointsAvailable - 1;
    update["system.round.forcePoint"] = true;
  }
  return update;
}

/**
 * Why the GM refuses what a player's card claims to spend (issue 10): an OMNIBUS.Chat.Forged key.
 * `CharacterPoints`: more CP than the actor has left (000:L795); `PointsInForceRound`: CP in a round
 * in which a Force Point is in force, or together with a new one (000:L831, L835, L1079);
 * `ForcePoint`: a new Force Point the actor does not have; `NoneLeft`: a medical item with none left
 * (§25: a medpac is used up); `PointsUnseen`: any spend on a card no GM saw created (no GM was there
 * to spend it, so nothing shows it was paid).
 */
export type SpendRefusal = "CharacterPoints" | "PointsInForceRound" | "ForcePoint" | "NoneLeft" | "PointsUnseen";

/** What a card claims to spend, read from its dialog choices (a malformed number is left to the choices' reader). */
export interface SpendClaim {
  characterPoints: number;
  forcePoint: boolean;
  /** Medical items the card uses up (a medpac: 1). */
  items: number;
}

/** The claim of a card's dialog choices: `characterPoints` and `forcePoint` as the dialog writes them (choices.ts). */
export function spendClaimOf(choices: Record<string, string> | undefined, items = 0): SpendClaim {
  const cp = /^[0-9]{1,4}$/.test(choices?.characterPoints ?? "") ? Number(choices!.characterPoints) : 0;
  return { characterPoints: cp, forcePoint: choices?.forcePoint === "true", items };
}

/**
 * The GM's decision on a claimed spend against the actor's current points (and the item's quantity):
 * null when it may be spent, else the refusal. Once the first card's spend is applied, a second
 * card (or the same card posted again) claiming the same points finds them gone.
 */
export function spendRefusal(
  have: { characterPointsAvailable: number; forcePointsAvailable: number; forcePointActive?: boolean; itemQuantity?: number },
  claim: SpendClaim,
  seenCreated: boolean,
): SpendRefusal | null {
  const spends = claim.characterPoints > 0 || (claim.forcePoint && !have.forcePointActive) || claim.items > 0;
  if (!seenCreated) return spends ? "PointsUnseen" : null;
  if (claim.characterPoints > 0 && (have.forcePointActive || claim.forcePoint)) return "PointsInForceRound";
  if (claim.characterPoints > Math.max(0, have.characterPointsAvailable)) return "CharacterPoints";
  if (claim.forcePoint && !have.forcePointActive && have.forcePointsAvailable < 1) return "ForcePoint";
  if (claim.items > Math.max(0, have.itemQuantity ?? 0)) return "NoneLeft";
  return null;
}

/**
 * `spendRefusal` from an actor's plain data as it is now (the points a Force Point round leaves,
 * 000:L831) and the quantity of the item the card uses up, if any.
 */
export function actorSpendRefusal(
  actor: D6ActorData,
  claim: SpendClaim,
  seenCreated: boolean,
  item?: { system: Record<string, unknown> } | null,
): SpendRefusal | null {
  const round = (actor.system.round ?? {}) as Record<string, unknown>;
  const have = {
    characterPointsAvailable: Number(actor.system.characterPoints ?? 0) || 0,
    forcePointsAvailable: Number(actor.system.forcePoints ?? 0) || 0,
    forcePointActive: round.forcePoint === true,
    itemQuantity: item ? Number(item.system.quantity ?? 0) || 0 : 0,
  };
  return spendRefusal(have, claim, seenCreated);
}

/*
 * Character Points after the roll (000:L795, L807–817) and on the Strength roll against damage: how
 * many the GM accepts, from the roll's cap, what it already spent and the actor's points now; none
 * in a Force Point round (000:L835). The GM reads a response's count against these and spends it.
 */
/** Whether a roll of this kind, with these CP already on it, may take more after the roll. */
export function cpAfterOffered(kind: D6RollKind, spent: number, forcePoint: boolean): boolean {
  return !forcePoint && spent < (CHARACTER_POINT_CAPS[kind] ?? 0);
}

/** How many CP the roller may add now: the roll's cap less what it spent, the actor's points; none in a Force Point round. */
export function cpAfterLimit(entry: { kind: D6RollKind; spent: number; forcePoint: boolean }, system: Record<string, unknown>): number {
  if (entry.forcePoint || ((system.round ?? {}) as Record<string, unknown>).forcePoint === true) return 0;
  const cap = (CHARACTER_POINT_CAPS[entry.kind] ?? 0) - entry.spent;
  return Math.max(0, Math.min(cap, Math.trunc(Number(system.characterPoints ?? 0))));
}

/** How many CP a target may spend on this Strength roll: the cap (5) and its points; none in a Force Point round. */
export function resistCPLimit(system: Record<string, unknown>): number {
  if (((system.round ?? {}) as Record<string, unknown>).forcePoint === true) return 0;
  return Math.max(0, Math.min(CHARACTER_POINT_CAPS.resistDamage, Math.trunc(Number(system.characterPoints ?? 0))));
}

export function checkData(request: KindRequest<D6CheckData>): D6CheckData {
  return request.data;
}

/** The code to roll and everything else the values decide. Throws an OmnibusError for values that cannot be rolled. */
export function resolveValues(request: KindRequest<D6CheckData>, values: CheckValues, settings: D6Settings): ResolvedValues {
  const data = checkData(request);
  const actions = Number(values.actions ?? 1);
  const characterPoints = Number(values.characterPoints ?? 0);
  // A Force Point in force this round keeps the code doubled and bars CP (000:L831, L835).
  const forcePoint = forcePointRoundSpend({
    forcePointInForce: data.forcePointActive === true,
    forcePoint: values.forcePoint === true,
    characterPoints,
  }).doubled;
  if (characterPoints > data.characterPointsAvailable) {
    throw new OmnibusError("outOfRange", `only ${data.characterPointsAvailable} Character Points left`, {
      name: "characterPoints",
      value: characterPoints,
      min: 0,
      max: data.characterPointsAvailable,
    });
  }
  if (forcePoint && !data.forcePointActive && data.forcePointsAvailable < 1) {
    throw new OmnibusError("outOfRange", "no Force Point left", { name: "forcePoint", value: 1, min: 0, max: 0 });
  }
  // Active Effects' pips count like the dialog's bonus: added after any doubling (src/core/effects.ts).
  const bonus = pipsToCode(Number(values.bonusDice ?? 0) * 3 + Number(values.bonusPips ?? 0) + checkEffectTotal(request.effects, values));
  const penalties = [...data.penalties];
  const bonuses = [...data.bonuses];
  if (codeToPips(bonus) < 0) penalties.push({ dice: -bonus.dice, pips: -bonus.pips });
  else if (codeToPips(bonus) > 0) bonuses.push(bonus);
  const woundPenalty = data.rollKind === "resistDamage" ? 0 : woundPenaltyDice(data.woundLevel);
  const code = effectiveCode(data.baseCode, {
    actions,
    woundPenalty,
    penalties,
    forcePoint,
    forcePointTiming: settings.forcePointTiming,
    bonuses,
  });
  let difficulty: number | null = null;
  const typed = Number(values.difficulty ?? 0);
  const level = String(values.difficultyLevel ?? "none");
  if (typed > 0) difficulty = typed;
  else if ((DIFFICULTY_LEVELS as readonly string[]).includes(level))
    difficulty = levelNumber(level as DifficultyLevel, settings.difficultyPick);
  const cover = String(values.cover ?? "none");
  const coverDice = cover !== "none" && Object.hasOwn(COVER_DICE, cover) ? (COVER_DICE[cover as CoverCondition] ?? 0) : 0;
  const called = String(values.calledShot ?? "none");
  const calledDice = called !== "none" ? calledShotDice(Number(called)) : 0;
  // A damaged weapon adds to every difficulty of its attack, on top of any reaction (000:L313).
  const weaponPlus = Math.max(0, Math.trunc(Number(data.attack?.weaponDifficultyPlus ?? 0)) || 0);
  if (difficulty !== null) difficulty += weaponPlus;
  return {
    code,
    characterPoints,
    forcePoint,
    actions,
    difficulty,
    difficultyDice: coverDice + calledDice,
    difficultyModifier: Number(values.difficultyModifier ?? 0) + weaponPlus,
  };
}

/**
 * A target's difficulty: its reactions replace its band's (or melee level's) number, and the
 * modifier (the GM's, cover's rolled dice, a damaged weapon's) adds on top (§16, 000:L1145, L605).
 */
export function targetDifficulty(target: D6AttackTarget, attackType: AttackType, modifier: number, settings: D6Settings): number | null {
  if (target.difficulty === null) return null;
  const added = Math.trunc(modifier) + Math.trunc(target.difficultyBonus ?? 0);
  return attackDifficulty(target.difficulty, attackType, target.reactions, added, {
    brawlingParryVsWeaponPenalty: settings.brawlingParryPenalty,
  }).difficulty;
}

/** P(total ≥ difficulty + the sum of `dice` plain d6) for a total distribution. */
export function pVersusRolled(total: Distribution, difficulty: number, dice: number): number {
  if (dice <= 0) return total.pAtLeast(difficulty);
  const extra = Distribution.uniform(1, 6).power(dice);
  let p = 0;
  for (const [x, w] of extra.entries()) p += w * total.pAtLeast(difficulty + x);
  return p;
}

/** Localizes a key with data; the default gives the key back (plain tests). */
export type Localize = (key: string, data?: Record<string, string | number>) => string;
const keyOnly: Localize = (key) => key;

/**
 * The make-up of a target's difficulty, as the dialog shows it (issue 14): the range band's (or
 * melee level's) number, a reaction that replaced it, the attacker's bonus against it, the
 * modifier, and the rolled cover / called-shot dice — e.g. "Medium 15 → Dodge 18 + 5 + 1D".
 */
export function difficultyMakeUp(
  target: D6AttackTarget,
  attackType: AttackType,
  modifier: number,
  dice: number,
  settings: D6Settings,
  t: Localize = keyOnly,
): string {
  if (target.difficulty === null) return "";
  const r = attackDifficulty(target.difficulty, attackType, target.reactions, Math.trunc(modifier), {
    brawlingParryVsWeaponPenalty: settings.brawlingParryPenalty,
  });
  const from = target.band ? t(`OMNIBUS.D6.Band.${target.band}`) : target.level ? t(`OMNIBUS.D6.Difficulty.${target.level}`) : "";
  const parts: string[] = [`${from ? `${from} ` : ""}${target.difficulty}`];
  if (r.reaction) parts.push(`→ ${t(`OMNIBUS.D6.Reaction.${r.reaction.skill}`)} ${r.base + r.attackerBonus}`);
  if (r.attackerBonus) parts.push(`− ${r.attackerBonus}`);
  const m = Math.trunc(modifier);
  if (m) parts.push(m > 0 ? `+ ${m}` : `− ${-m}`);
  if (dice) parts.push(`+ ${dice}D`);
  return parts.join(" ");
}

/** The roll dialog's odds: exact, from the core, for every value change. */
export function checkOdds(
  request: KindRequest<D6CheckData>,
  values: CheckValues,
  settings: D6Settings,
  canSeeDifficulty: boolean,
  t: Localize = keyOnly,
  lang?: NumberLanguage,
): OddsLine[] {
  const data = checkData(request);
  const v = resolveValues(request, values, settings);
  const odds = rollOdds(v.code, {
    characterPoints: v.characterPoints,
    kind: data.rollKind,
    wildOne: settings.wildOne,
    allowPipsOnly: settings.allowPipsOnly,
  });
  const lines: OddsLine[] = [];
  const attack = data.attack;
  if (attack && attack.targets.length > 0) {
    for (const t0 of attack.targets) {
      const d = targetDifficulty(t0, attack.attackType, v.difficultyModifier, settings);
      // Beyond the weapon's reach there are no odds to show: say so instead of "0 %".
      if (d === null) {
        lines.push({
          label: "OMNIBUS.D6.Odds.HitTarget",
          probability: 0,
          fact: true,
          detail: t0.name,
          valueKey: "OMNIBUS.D6.Card.OutOfRange",
        });
        continue;
      }
      lines.push({
        label: "OMNIBUS.D6.Odds.HitTarget",
        probability: pVersusRolled(odds.total, d, v.difficultyDice),
        primary: true,
        detail: canSeeDifficulty ? `${t0.name} (${d}${v.difficultyDice ? ` + ${v.difficultyDice}D` : ""})` : t0.name,
      });
      if (canSeeDifficulty)
        lines.push({
          label: "OMNIBUS.D6.Odds.DifficultyOf",
          probability: 0,
          fact: true,
          detail: t0.name,
          value: difficultyMakeUp(t0, attack.attackType, v.difficultyModifier, v.difficultyDice, settings, t),
        });
    }
  } else if (v.difficulty !== null && canSeeDifficulty) {
    lines.push({
      label: attack ? "OMNIBUS.D6.Odds.Hit" : "OMNIBUS.D6.Odds.Success",
      probability: pVersusRolled(odds.total, v.difficulty, v.difficultyDice),
      primary: true,
      detail: `${formatDieCode(v.code)} ≥ ${v.difficulty}`,
    });
  }
  if (odds.complication > 0) lines.push({ label: "OMNIBUS.D6.Odds.Complication", probability: odds.complication });
  lines.push(...codeMakeUp(request, values, settings));
  lines.push({
    label: "OMNIBUS.D6.Odds.Code",
    probability: 0,
    fact: true,
    value: `${formatDieCode(v.code)}${v.characterPoints ? ` + ${v.characterPoints} CP` : ""}`,
    detail: `≈ ${formatFixed(odds.expectedTotal, 1, lang)}`,
  });
  return lines;
}

/**
 * What turned the base code into the rolled one (issue 14), as fact lines: the base, multi-action,
 * the wound (or stun) penalty, the notes the request carries (armor), a Force Point's doubling.
 * None when nothing changed it.
 */
export function codeMakeUp(request: KindRequest<D6CheckData>, values: CheckValues, settings: D6Settings): OddsLine[] {
  const data = checkData(request);
  const v = resolveValues(request, values, settings);
  const lines: OddsLine[] = [];
  const wound = data.rollKind === "resistDamage" ? 0 : woundPenaltyDice(data.woundLevel);
  if (v.actions > 1) lines.push({ label: "OMNIBUS.D6.Card.Actions", probability: 0, fact: true, value: `−${v.actions - 1}D` });
  if (wound > 0) lines.push({ label: "OMNIBUS.D6.Card.WoundPenalty", probability: 0, fact: true, value: `−${wound}D` });
  for (const n of data.notes) lines.push({ label: n.label, probability: 0, fact: true, value: n.value });
  if (v.forcePoint) lines.push({ label: "OMNIBUS.D6.Card.ForcePoint", probability: 0, fact: true, value: "×2" });
  const bonus = Number(values.bonusDice ?? 0) * 3 + Number(values.bonusPips ?? 0) + checkEffectTotal(request.effects, values);
  if (bonus)
    lines.push({
      label: "OMNIBUS.D6.Odds.Bonus",
      probability: 0,
      fact: true,
      value: `${bonus > 0 ? "+" : "−"}${formatDieCode(pipsToCode(Math.abs(bonus)))}`,
    });
  if (lines.length > 0) lines.unshift({ label: "OMNIBUS.D6.Odds.Base", probability: 0, fact: true, value: formatDieCode(data.baseCode) });
  return lines;
}

/** The damage code of a weapon for a wielder (melee STR+XD with the Force Point doubling Strength only). */
export function weaponDamageCode(damage: string, strength: DieCode, forcePoint: boolean): DieCode {
  return normalizeCode(damageCodeFor(parseDamageCode(damage), strength, { forcePoint }));
}

/**
 * Fire rate and ammunition (§26-27): the weapon update one shot in combat round `round` makes (a
 * round of ammunition and the shots fired this round), or the refusal (an empty weapon, or no more
 * shots this round at its fire rate) as the notice's i18n key; nothing is rolled then.
 */
export function weaponUseOf(
  weapon: { name: string; system: Record<string, unknown> },
  round: number,
): { update: Record<string, unknown> } | { refused: string; data: Record<string, string> } {
  const s = weapon.system;
  const ammo = (s.ammo ?? {}) as { value?: number; max?: number };
  const update: Record<string, unknown> = {};
  if (Number(ammo.max ?? 0) > 0) {
    if (Number(ammo.value ?? 0) <= 0) return { refused: "OMNIBUS.D6.Notice.Empty", data: { weapon: weapon.name } };
    update["system.ammo.value"] = spendAmmo(Number(ammo.value), 1);
  }
  const rate = parseFireRate(String(s.fireRate ?? ""));
  const fired = (s.fired ?? {}) as { round?: number | null; shots?: number };
  const lastRound = typeof fired.round === "number" ? fired.round : null;
  const shotsThisRound = lastRound === round ? Number(fired.shots ?? 0) : 0;
  if (!canFire(rate, { round, shotsThisRound, lastFiredRound: lastRound }))
    return { refused: "OMNIBUS.D6.Notice.FireRate", data: { weapon: weapon.name, rate: String(s.fireRate) } };
  update["system.fired"] = { round, shots: shotsThisRound + 1 };
  return { update };
}
