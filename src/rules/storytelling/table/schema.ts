/**
 * The Storytelling data models' schemas as plain field specs (src/rules/table/field-spec.ts, no Foundry
 * global): `src/foundry/storytelling/models.ts` turns them into the data model's fields at `defineSchema` time, and the tests validate the compendium
 * sources against the very same descriptors (integer, min/max, choices), so a pack document that the
 * data model would clean or reject fails a test here.
 *
 * Also the `migrateData` steps, as pure functions over a source object (tested on old data).
 */
import { ATTRIBUTES, SKILLS, EXTENDED_PACE, SKILL_CATEGORIES } from "..";
import { ledgerField } from "../../table/ledger-spec";
import { array, bool, html as htmlField, int, nullableInt, schema, str, type FieldSpec } from "../../table/field-spec";

export type { FieldSpec } from "../../table/field-spec";

const html = htmlField();
const object = schema;

export const DAMAGE_TYPE_CHOICES = ["bashing", "lethal", "aggravated"] as const;
export const ATTACK_KIND_CHOICES = ["unarmed", "melee", "thrown", "firearms", "bow"] as const;
export const AGAIN_CHOICES = ["10", "9", "8", "none"] as const;
export const MERIT_CATEGORY_CHOICES = ["mental", "physical", "social"] as const;
export const PACE_CHOICES = EXTENDED_PACE.map((p) => p.key);
export const EXTENDED_STATUS_CHOICES = ["inProgress", "complete", "failed"] as const;
/** Attribute keys plus "" (none) for a tracker's or check's second trait. */
export const SKILL_CHOICES = ["", ...SKILLS] as const;

/** The Health track as wound counts (the pure `HealthTrack` without its length, which is derived). */
const healthTrack = object({ aggravated: int(0, 0, 50), lethal: int(0, 0, 50), bashing: int(0, 0, 50) });

/** Characters and NPCs (ephemeral beings, extras). */
export const CHARACTER_SCHEMA: Record<string, FieldSpec> = {
  attributes: object(Object.fromEntries(ATTRIBUTES.map((a) => [a, int(1, 0, 10)]))),
  skills: object(Object.fromEntries(SKILLS.map((s) => [s, object({ dots: int(0, 0, 10), specialties: str() })]))),
  size: int(5, 0, 30),
  speciesFactor: int(5, 0, 30),
  /** Shown on tokens (manifest primaryTokenAttribute); recomputed from the track in prepareDerivedData. */
  health: object({ value: int(7, 0, 60), max: int(7, 0, 60) }),
  /** Extra Health boxes beyond Stamina + Size (Merits, powers); an NPC extra may be set to 4 boxes by `healthOverride`. */
  healthBonus: int(0, -10, 20),
  healthOverride: nullableInt(1, 50),
  healthTrack,
  willpower: object({ points: int(2, 0, 20), bonus: int(0, -10, 10), spentThisTurn: bool() }),
  morality: int(7, 0, 10),
  virtue: str(),
  vice: str(),
  concept: str(),
  experience: int(0, 0, 9999),
  /** Experience awards and spends (issue 16). */
  ledger: ledgerField(),
  /** Sums Active Effects add to (src/foundry/README.md "Effects"): dice to a trait's pools and attacks, and to Defense. */
  bonuses: object({
    attribute: object(Object.fromEntries(ATTRIBUTES.map((a) => [a, int(0, -20, 20)]))),
    skill: object(Object.fromEntries(SKILLS.map((s) => [s, int(0, -20, 20)]))),
    attack: int(0, -20, 20),
    defense: int(0, -20, 20),
  }),
  description: html,
};

export const NPC_SCHEMA: Record<string, FieldSpec> = { ...CHARACTER_SCHEMA };

export const VEHICLE_SCHEMA: Record<string, FieldSpec> = {
  durability: int(3, 0, 20),
  size: int(9, 1, 60),
  acceleration: int(15, 0, 100),
  safeSpeed: int(100, 0, 400),
  maxSpeed: int(180, 0, 400),
  handling: int(0, -5, 10),
  /** Structure damage taken (the vehicle's own track; parts are separate, 002:L769). */
  damage: int(0, 0, 100),
  flatTyres: int(0, 0, 8),
  speed: int(0, 0, 400),
  health: object({ value: int(12, 0, 100), max: int(12, 0, 100) }),
  description: html,
};

const objectTraits = { durability: int(1, 0, 20), size: int(1, 0, 60), damageTaken: int(0, 0, 100) };

export const MERIT_SCHEMA: Record<string, FieldSpec> = {
  dots: int(1, 0, 5),
  category: str("mental", MERIT_CATEGORY_CHOICES),
  description: html,
};

export const WEAPON_SCHEMA: Record<string, FieldSpec> = {
  attackKind: str("melee", ATTACK_KIND_CHOICES),
  damage: int(1, 0, 10),
  damageType: str("lethal", DAMAGE_TYPE_CHOICES),
  ranges: object({ short: int(0, 0, 2000), medium: int(0, 0, 4000), long: int(0, 0, 8000) }),
  clip: int(0, 0, 200),
  strength: int(1, 0, 10),
  size: int(1, 0, 10),
  cost: int(0, 0, 10),
  again: str("10", AGAIN_CHOICES),
  armorPiercing: int(0, 0, 10),
  improvised: bool(),
  autofire: bool(),
  twoHanded: bool(),
  laserSight: bool(),
  scope: bool(),
  equipped: bool(true),
  description: html,
};

export const ARMOR_SCHEMA: Record<string, FieldSpec> = {
  general: int(1, 0, 10),
  ballistic: int(0, 0, 10),
  strength: int(1, 0, 10),
  defense: int(0, -5, 0),
  speed: int(0, -5, 0),
  cost: int(0, 0, 10),
  bulletproof: bool(),
  equipped: bool(true),
  description: html,
};

export const EQUIPMENT_SCHEMA: Record<string, FieldSpec> = {
  rating: int(1, 0, 10),
  cost: int(0, 0, 10),
  ...objectTraits,
  /** What the bonus applies to, e.g. "Dexterity + Larceny" (free text, shown on the sheet). */
  appliesTo: str(),
  /** Limited uses (pepper spray: 3); null when unlimited. */
  uses: nullableInt(0, 99),
  illegal: bool(),
  description: html,
};

export const OBJECT_SCHEMA: Record<string, FieldSpec> = {
  ...objectTraits,
  supernatural: bool(),
  description: html,
};

export const EXTENDED_SCHEMA: Record<string, FieldSpec> = {
  target: int(10, 1, 999),
  accumulated: int(0, 0, 9999),
  rollsMade: int(0, 0, 999),
  maxRolls: nullableInt(1, 999),
  attempt: int(1, 1, 99),
  pace: str("short", PACE_CHOICES),
  attribute: str("intelligence", ATTRIBUTES),
  skill: str("crafts", SKILL_CHOICES),
  equipment: int(0, 0, 10),
  modifier: int(0, -10, 10),
  status: str("inProgress", EXTENDED_STATUS_CHOICES),
  exceptionalRolls: array({ kind: "integer", min: 1 }),
  dramaticFailures: array({ kind: "integer", min: 1 }),
  overshoot: bool(),
  description: html,
};

export const ACTOR_SCHEMAS = {
  storytelling_character: CHARACTER_SCHEMA,
  storytelling_npc: NPC_SCHEMA,
  storytelling_vehicle: VEHICLE_SCHEMA,
} as const;

export const ITEM_SCHEMAS = {
  storytelling_merit: MERIT_SCHEMA,
  storytelling_weapon: WEAPON_SCHEMA,
  storytelling_armor: ARMOR_SCHEMA,
  storytelling_equipment: EQUIPMENT_SCHEMA,
  storytelling_object: OBJECT_SCHEMA,
  storytelling_extended: EXTENDED_SCHEMA,
} as const;

export type ActorType = keyof typeof ACTOR_SCHEMAS;
export type ItemType = keyof typeof ITEM_SCHEMAS;

/** Every skill with its category (mental / physical / social), in the published order. */
export const SKILLS_BY_CATEGORY = (["mental", "physical", "social"] as const).map((category) => ({
  category,
  skills: SKILLS.filter((s) => SKILL_CATEGORIES[s] === category),
}));
