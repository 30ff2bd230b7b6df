/**
 * The Silhouette documents' fields as plain specs (src/rules/table/field-spec.ts, no Foundry global):
 * models.ts builds its `defineSchema` from these (integers with min/max, choices with their i18n
 * labels, so bad sheet input is cleaned, not stored), and the pack test validates every compendium
 * document against the same specs in node.
 */
import { ledgerField } from "../../table/ledger-spec";
import { bool, html, int, num, schema, str, type SchemaSpec } from "../../table/field-spec";
import {
  ATTRIBUTES,
  ATTRIBUTE_LIMITS,
  SKILL_ATTRIBUTE_CHOICES,
  SKILL_KEY_CHOICES,
  SKILL_KEYS,
  SKILL_LIMITS,
  WEAPON_CATEGORY_CHOICES,
  WEAPON_SKILL_CHOICES,
} from "./derive";

/** A whole number with its label. */
const integer = (initial: number, min: number, max: number, label?: string) => int(initial, min, max, { label });
/** Metres or kilograms: any number from 0. */
const metres = (initial: number, label?: string) => num(initial, 0, 100000, { label });
const choice = (choices: Record<string, string>, initial: string, label?: string) => str(initial, choices, { label });

export const CHARACTER_SPEC: SchemaSpec = {
  attributes: schema(
    Object.fromEntries(
      ATTRIBUTES.map((a) => [a, integer(0, ATTRIBUTE_LIMITS[0], ATTRIBUTE_LIMITS[1], `OMNIBUS.Silhouette.Attribute.${a}`)]),
    ),
  ),
  stamina: integer(25, 1, 1000, "OMNIBUS.Silhouette.Stamina"),
  systemShock: integer(0, 0, 1000, "OMNIBUS.Silhouette.SystemShock"),
  maxLoad: metres(0, "OMNIBUS.Silhouette.MaxLoad"),
  wounds: schema({
    light: integer(0, 0, 99, "OMNIBUS.Silhouette.Wound.light"),
    heavy: integer(0, 0, 99, "OMNIBUS.Silhouette.Wound.heavy"),
    dead: bool(false, { label: "OMNIBUS.Silhouette.Wound.dead" }),
  }),
  health: schema({ value: integer(3, 0, 3), max: integer(3, 3, 3) }),
  /** Experience awards and spends; Silhouette keeps no other pool (issue 16). */
  ledger: ledgerField(),
  /** Sums Active Effects add to (src/foundry/README.md "Effects"): a roll modifier to a skill's checks, attacks, defense rolls. */
  bonuses: schema({
    skill: schema(Object.fromEntries(SKILL_KEYS.map((k) => [k, int(0, -20, 20)]))),
    attack: int(0, -20, 20),
    defense: int(0, -20, 20),
  }),
  description: html(),
};

export const SKILL_SPEC: SchemaSpec = {
  key: choice(SKILL_KEY_CHOICES, "other", "OMNIBUS.Silhouette.Skill.Key"),
  level: integer(1, SKILL_LIMITS[0], SKILL_LIMITS[1], "OMNIBUS.Silhouette.Skill.Level"),
  attribute: choice(SKILL_ATTRIBUTE_CHOICES, "none", "OMNIBUS.Silhouette.Skill.Attribute"),
  description: html(),
};

export const WEAPON_SPEC: SchemaSpec = {
  category: choice(WEAPON_CATEGORY_CHOICES, "ranged", "OMNIBUS.Silhouette.Weapon.Category.Label"),
  skill: choice(WEAPON_SKILL_CHOICES, "firearms", "OMNIBUS.Silhouette.Weapon.Skill"),
  damageMultiplier: integer(10, 0, 1000, "OMNIBUS.Silhouette.Weapon.DamageMultiplier"),
  accuracy: integer(0, -10, 10, "OMNIBUS.Silhouette.Weapon.Accuracy"),
  rof: integer(0, -20, 50, "OMNIBUS.Silhouette.Weapon.Rof"),
  ranges: schema({
    base: metres(0, "OMNIBUS.Silhouette.Range.base"),
    medium: metres(0, "OMNIBUS.Silhouette.Range.medium"),
    long: metres(0, "OMNIBUS.Silhouette.Range.long"),
    extreme: metres(0, "OMNIBUS.Silhouette.Range.extreme"),
  }),
  ammo: schema({ value: integer(0, 0, 10000), max: integer(0, 0, 10000) }),
  long: bool(false, { label: "OMNIBUS.Silhouette.Weapon.Long" }),
  /** A grenade's blast radius in metres (0 = not explosive; the seed gives no blast rules, 004:L113). */
  blastRadius: metres(0, "OMNIBUS.Silhouette.Weapon.BlastRadius"),
  weight: metres(0, "OMNIBUS.Silhouette.Weight"),
  carried: bool(true, { label: "OMNIBUS.Silhouette.Carried" }),
  description: html(),
};

export const ARMOUR_SPEC: SchemaSpec = {
  rating: integer(0, 0, 1000, "OMNIBUS.Silhouette.Armour.Rating"),
  heavy: bool(false, { label: "OMNIBUS.Silhouette.Armour.Heavy" }),
  worn: bool(true, { label: "OMNIBUS.Silhouette.Armour.Worn" }),
  weight: metres(0, "OMNIBUS.Silhouette.Weight"),
  description: html(),
};

export const EQUIPMENT_SPEC: SchemaSpec = {
  quantity: integer(1, 0, 100000, "OMNIBUS.Silhouette.Quantity"),
  weight: metres(0, "OMNIBUS.Silhouette.Weight"),
  unhandy: bool(false, { label: "OMNIBUS.Silhouette.Equipment.Unhandy" }),
  /** Needs balancing with 0, 1 or 2 hands (004:L41). */
  balancingHands: int(0, undefined, undefined, {
    choices: {
      0: "OMNIBUS.Silhouette.Equipment.Hands0",
      1: "OMNIBUS.Silhouette.Equipment.Hands1",
      2: "OMNIBUS.Silhouette.Equipment.Hands2",
    },
    label: "OMNIBUS.Silhouette.Equipment.Balancing",
  }),
  carried: bool(true, { label: "OMNIBUS.Silhouette.Carried" }),
  description: html(),
};

/** The spec of every Silhouette type (an NPC is a character with a more compact sheet). */
export const SPECS: Record<string, SchemaSpec> = {
  silhouette_character: CHARACTER_SPEC,
  silhouette_npc: CHARACTER_SPEC,
  silhouette_skill: SKILL_SPEC,
  silhouette_weapon: WEAPON_SPEC,
  silhouette_armour: ARMOUR_SPEC,
  silhouette_equipment: EQUIPMENT_SPEC,
};
