/**
 * The Silhouette documents' plain data: the choices the data models offer, the migrations of older
 * (looser) shapes, and the derived traits computed through the pure rules (src/rules/silhouette).
 *
 * No Foundry global here: the data models (models.ts) call these functions, and so do the tests and
 * the gallery, on plain objects.
 */
import { OmnibusError } from "../../../core/errors";
import { looseNumber } from "../../../core/units";
import {
  ATTRIBUTE_RANGE,
  SKILL_RANGE,
  maxSpeedForLoad,
  maxSpeedForWounds,
  movementRates,
  carriedWeight,
  reachCentimetres,
  slowerSpeed,
  staminaThresholds,
  throwingRanges,
  worstWound,
  type MovementRates,
  type MovementRounding,
  type RangeBands,
  type Speed,
  type WoundThresholds,
} from "../index";
import { derivedHealth, derivedStamina, derivedStrength } from "../build";

/**
 * The ten primary attributes of the Silhouette CORE Rules (Dream Pod 9, 2003), "Character
 * Creation" chapter, in the book's order: AGI, APP, BLD, CRE, FIT, INF, KNO, PER, PSY, WIL (the
 * seed names FIT, AGI, BLD and WILL, digest §15.1; `will` keeps the seed's spelling), then STR, the
 * secondary trait the seed's rules read (throwing range, 004:L109), stored and checked at creation
 * against (BLD + FIT) / 2 (../build.ts). HEA is derived, never stored (`CharacterDerived.health`).
 * Each is a zero-average rating, −3 … +3 for a human at creation (the creation table), −10 … +10 on
 * the sheet (ATTRIBUTE_RANGE, room for creatures and advancement).
 */
export const PRIMARY_ATTRIBUTES = ["agi", "app", "bld", "cre", "fit", "inf", "kno", "per", "psy", "will"] as const;
export const ATTRIBUTES = [...PRIMARY_ATTRIBUTES, "str"] as const;
export type AttributeKey = (typeof ATTRIBUTES)[number];
/** The six the sheet gained in data version 3 (older actors get them at 0, ../../../foundry/silhouette/adapter.ts). */
export const ADDED_ATTRIBUTES = ["app", "cre", "inf", "kno", "per", "psy"] as const;

/** Skills the rules look for by name (digest §15.1); any other skill is `other`. */
export const SKILL_KEYS = [
  "combatSense",
  "athletics",
  "defense",
  "handToHand",
  "melee",
  "firearms",
  "throwing",
  "stealth",
  "notice",
  "other",
] as const;
export type SkillKey = (typeof SKILL_KEYS)[number];

/** The attribute a skill adds: one of the eleven, or none (the seed pairs most skills with none, §16.5). */
export const SKILL_ATTRIBUTES = ["none", ...ATTRIBUTES] as const;
export type SkillAttribute = (typeof SKILL_ATTRIBUTES)[number];

export const WEAPON_CATEGORIES = ["melee", "ranged", "thrown"] as const;
export type WeaponCategory = (typeof WEAPON_CATEGORIES)[number];
/** The skills a weapon may use (004:L67, L91, L110). */
export const WEAPON_SKILLS = ["handToHand", "melee", "firearms", "throwing"] as const;
export type WeaponSkill = (typeof WEAPON_SKILLS)[number];

export const ATTRIBUTE_LIMITS = ATTRIBUTE_RANGE;
export const SKILL_LIMITS = SKILL_RANGE;

/** Choices for a select: value → i18n key. */
export function choices(values: readonly string[], prefix: string): Record<string, string> {
  return Object.fromEntries(values.map((v) => [v, `${prefix}${v}`]));
}
export const ATTRIBUTE_CHOICES = choices(ATTRIBUTES, "OMNIBUS.Silhouette.Attribute.");
export const SKILL_ATTRIBUTE_CHOICES = choices(SKILL_ATTRIBUTES, "OMNIBUS.Silhouette.Attribute.");
export const SKILL_KEY_CHOICES = choices(SKILL_KEYS, "OMNIBUS.Silhouette.Skill.");
export const WEAPON_CATEGORY_CHOICES = choices(WEAPON_CATEGORIES, "OMNIBUS.Silhouette.Weapon.Category.");
export const WEAPON_SKILL_CHOICES = choices(WEAPON_SKILLS, "OMNIBUS.Silhouette.Skill.");

// ---------------------------------------------------------------------------------------------
// Plain shapes of `system`

export interface CharacterSource {
  attributes: Record<AttributeKey, number>;
  /** Silhouette's Stamina: the wound thresholds (not in the seed; digest §12). */
  stamina: number;
  /** System Shock (Болевой шок), 0 = not used (004:L96). */
  systemShock: number;
  /** Maximum load in kg; 0 = encumbrance not tracked (the formula is not in the seed, §16.14). */
  maxLoad: number;
  wounds: { light: number; heavy: number; dead: boolean };
  health: { value: number; max: number };
  description: string;
}

export interface SkillSource {
  key: SkillKey;
  level: number;
  attribute: SkillAttribute;
  description: string;
}

export interface WeaponSource {
  category: WeaponCategory;
  skill: WeaponSkill;
  /** Damage multiplier: damage = margin × DM (digest §12). */
  damageMultiplier: number;
  /** Accuracy: a modifier to the attack roll. */
  accuracy: number;
  /** ROF (may be negative: rounds to reload, 004:L100). */
  rof: number;
  /** Range bands in metres (004:L109); 0 for melee. */
  ranges: RangeBands;
  ammo: { value: number; max: number };
  /** Longer than an arm: −1 in cramped quarters (004:L76). */
  long: boolean;
  /** A grenade's blast radius in metres; 0 = not explosive. */
  blastRadius: number;
  weight: number;
  carried: boolean;
  description: string;
}

export interface ArmourSource {
  /** Armour rating, subtracted from a hit's damage (Silhouette convention; a world setting). */
  rating: number;
  /** Heavy armour: −1 more underwater (004:L77). */
  heavy: boolean;
  worn: boolean;
  weight: number;
  description: string;
}

export interface EquipmentSource {
  quantity: number;
  weight: number;
  /** Not made for carrying: counts double (004:L40). */
  unhandy: boolean;
  /** Needs balancing: −1 one-handed, −2 two-handed to all actions (004:L41). */
  balancingHands: 0 | 1 | 2;
  carried: boolean;
  description: string;
}

// ---------------------------------------------------------------------------------------------
// Migrations: older or looser shapes → the current one. Each returns a NEW object (the input is
// left alone) and is idempotent.

export type Loose = Record<string, unknown>;

/** A number from a number or a numeric string ("+1", "−2", " 3 ", "5,5"); otherwise undefined (the shared reader, core/units.ts). */
export { looseNumber };

// ---------------------------------------------------------------------------------------------
// Derived traits

/** An embedded item as the derivation reads it. */
export interface ItemLike {
  id?: string | null;
  name: string;
  type: string;
  system: Record<string, unknown>;
}

export interface SkillRow {
  id: string;
  name: string;
  key: SkillKey;
  level: number;
  attribute: SkillAttribute;
  /** The attribute's value added to the roll (0 for "none"). */
  attributeModifier: number;
}

export interface CharacterDerived {
  skills: SkillRow[];
  /** Skill level by rules key (the highest if several items share a key); 0 = untrained. */
  skillLevels: Record<SkillKey, number>;
  movement: MovementRates;
  /** Fastest speed allowed by load and wounds (004:L39, L42-43); null when dead. */
  maxSpeed: Speed | null;
  /** Carried weight in kg (unhandy items double, 004:L40). */
  load: number;
  loadSpeed: Speed;
  woundThresholds: WoundThresholds;
  worstWound: "none" | "light" | "heavy" | "dead";
  /** Penalty to every action from balancing items (004:L41). */
  balancingPenalty: number;
  reachCm: number;
  throwingRanges: RangeBands;
  /** Total armour rating worn. */
  armour: number;
  heavyArmour: boolean;
  /** HEA, the secondary trait (FIT + PSY + WIL) / 3 rounded off (Silhouette CORE, "Secondary Traits"; ../build.ts). */
  health: number;
  /** STR as (BLD + FIT) / 2 toward zero gives it (the stored STR may differ: a creature, an old sheet). */
  strengthFromBuild: number;
  /** Stamina as 5 × (BLD + HEA) + 25 gives it (the stored Stamina is what the wound thresholds use). */
  staminaFromBuild: number;
}

export interface DeriveOptions {
  rounding?: MovementRounding;
  lightWoundMax?: "jog" | "run";
}

function int(value: unknown, fallback: number, min: number, max: number): number {
  const n = looseNumber(value);
  if (n === undefined) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}

/** The attribute value a skill adds. */
export function attributeModifier(attributes: Partial<Record<AttributeKey, number>>, attribute: SkillAttribute): number {
  if (attribute === "none") return 0;
  return int(attributes?.[attribute], 0, ...ATTRIBUTE_LIMITS);
}

/** The actor's skills as rows, sorted by name. */
export function skillRows(items: readonly ItemLike[], attributes: Partial<Record<AttributeKey, number>>): SkillRow[] {
  return items
    .filter((i) => i.type === "silhouette_skill")
    .map((i) => {
      const key = (SKILL_KEYS as readonly string[]).includes(String(i.system.key)) ? (i.system.key as SkillKey) : "other";
      const attribute = (SKILL_ATTRIBUTES as readonly string[]).includes(String(i.system.attribute))
        ? (i.system.attribute as SkillAttribute)
        : "none";
      return {
        id: i.id ?? "",
        name: i.name,
        key,
        level: int(i.system.level, 0, ...SKILL_LIMITS),
        attribute,
        attributeModifier: attributeModifier(attributes, attribute),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The best skill row for a rules key (highest level), or null when the actor lacks it (untrained). */
export function skillFor(rows: readonly SkillRow[], key: SkillKey): SkillRow | null {
  let best: SkillRow | null = null;
  for (const row of rows) if (row.key === key && (best === null || row.level > best.level)) best = row;
  return best;
}

/** Everything a character sheet shows that the rules compute. */
export function deriveCharacter(
  source: Pick<CharacterSource, "attributes" | "stamina" | "maxLoad" | "wounds">,
  items: readonly ItemLike[],
  options: DeriveOptions = {},
): CharacterDerived {
  const attributes = source.attributes ?? ({} as Record<AttributeKey, number>);
  const skills = skillRows(items, attributes);
  const skillLevels = Object.fromEntries(SKILL_KEYS.map((k) => [k, skillFor(skills, k)?.level ?? 0])) as Record<SkillKey, number>;
  const fit = int(attributes.fit, 0, ...ATTRIBUTE_LIMITS);
  const movement = movementRates(fit, skillLevels.athletics, options.rounding ?? "exact");

  let load = 0;
  let balancing = 0;
  let armour = 0;
  let heavyArmour = false;
  for (const item of items) {
    const s = item.system;
    const weight = Math.max(0, looseNumber(s.weight) ?? 0);
    if (item.type === "silhouette_equipment" && s.carried !== false) {
      load += carriedWeight(weight, s.unhandy === true) * Math.max(0, int(s.quantity, 1, 0, 100000));
      const hands = int(s.balancingHands, 0, 0, 2);
      balancing = Math.min(balancing, -hands);
    } else if (item.type === "silhouette_weapon" && s.carried !== false) load += weight;
    else if (item.type === "silhouette_armour" && s.worn !== false) {
      load += weight;
      armour += int(s.rating, 0, 0, 1000);
      heavyArmour ||= s.heavy === true;
    }
  }
  load = Math.round(load * 100) / 100;
  const maxLoad = Math.max(0, looseNumber(source.maxLoad) ?? 0);
  const loadSpeed: Speed = maxLoad > 0 ? maxSpeedForLoad(load, maxLoad) : "sprint";
  const wounds = {
    light: int(source.wounds?.light, 0, 0, 1000),
    heavy: int(source.wounds?.heavy, 0, 0, 1000),
    dead: source.wounds?.dead === true,
  };
  const worst = worstWound(wounds);
  const bld = int(attributes.bld, 0, ...ATTRIBUTE_LIMITS);
  const health = derivedHealth(fit, int(attributes.psy, 0, ...ATTRIBUTE_LIMITS), int(attributes.will, 0, ...ATTRIBUTE_LIMITS));
  const woundSpeed = maxSpeedForWounds(worst, options.lightWoundMax ?? "jog");
  return {
    skills,
    skillLevels,
    movement,
    maxSpeed: woundSpeed === null ? null : slowerSpeed(loadSpeed, woundSpeed),
    load,
    loadSpeed,
    woundThresholds: staminaThresholds(int(source.stamina, 25, 1, 1000)),
    worstWound: worst,
    balancingPenalty: balancing,
    reachCm: reachCentimetres(fit, bld),
    throwingRanges: throwingRanges(int(attributes.str, 0, ...ATTRIBUTE_LIMITS)),
    armour,
    heavyArmour,
    health,
    strengthFromBuild: derivedStrength(bld, fit),
    staminaFromBuild: derivedStamina(bld, health),
  };
}

/** Wound steps for the token bar: 3 healthy, 2 light, 1 heavy, 0 dead. */
export const HEALTH_STEPS = 3;
export function healthFromWounds(worst: CharacterDerived["worstWound"]): { value: number; max: number } {
  const value = { none: 3, light: 2, heavy: 1, dead: 0 }[worst];
  return { value, max: HEALTH_STEPS };
}

/** Throws `badArgument` naming the field when a value is not one of the choices. */
export function requireChoice<T extends string>(name: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    throw new OmnibusError("badArgument", `${name}: "${String(value)}" is not one of ${allowed.join(", ")}`, {
      name,
      value: String(value),
    });
  }
  return value as T;
}
