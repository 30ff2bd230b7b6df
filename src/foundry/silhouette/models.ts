/**
 * The Silhouette data models (TypeDataModel). Fields carry the rules' limits (integers, min/max,
 * choices) so bad sheet input is cleaned, not stored; derived traits come from the pure rules
 * through data.ts; `migrateData` normalises older, looser shapes (data.ts, tested on plain data).
 *
 * `foundry.data.fields` is read when a schema is defined (at registration), never at import.
 */
import {
  ATTRIBUTES,
  ATTRIBUTE_LIMITS,
  SKILL_ATTRIBUTE_CHOICES,
  SKILL_KEY_CHOICES,
  SKILL_LIMITS,
  WEAPON_CATEGORY_CHOICES,
  WEAPON_SKILL_CHOICES,
  deriveCharacter,
  healthFromWounds,
  migrateCharacterSource,
  migrateSkillSource,
  migrateWeaponSource,
  type CharacterDerived,
  type ItemLike,
} from "./data";
import { silhouetteOptions } from "./settings";

const f = () => foundry.data.fields;

function int(initial: number, min: number, max: number, label?: string) {
  return new (f().NumberField)({ required: true, nullable: false, integer: true, min, max, initial, label });
}
function metres(initial: number, label?: string) {
  return new (f().NumberField)({ required: true, nullable: false, min: 0, max: 100000, initial, label });
}
function html() {
  return new (f().HTMLField)({ required: false, blank: true, initial: "" });
}
function bool(initial: boolean, label?: string) {
  return new (f().BooleanField)({ initial, label });
}
function choice(choices: Record<string, string>, initial: string, label?: string) {
  return new (f().StringField)({ required: true, blank: false, choices, initial, label });
}

export function characterSchema() {
  const { SchemaField } = f();
  const attributeFields = Object.fromEntries(
    ATTRIBUTES.map((a) => [a, int(0, ATTRIBUTE_LIMITS[0], ATTRIBUTE_LIMITS[1], `OMNIBUS.Silhouette.Attribute.${a}`)]),
  ) as Record<(typeof ATTRIBUTES)[number], ReturnType<typeof int>>;
  return {
    attributes: new SchemaField(attributeFields),
    stamina: int(25, 1, 1000, "OMNIBUS.Silhouette.Stamina"),
    systemShock: int(0, 0, 1000, "OMNIBUS.Silhouette.SystemShock"),
    maxLoad: metres(0, "OMNIBUS.Silhouette.MaxLoad"),
    wounds: new SchemaField({
      light: int(0, 0, 99, "OMNIBUS.Silhouette.Wound.light"),
      heavy: int(0, 0, 99, "OMNIBUS.Silhouette.Wound.heavy"),
      dead: bool(false, "OMNIBUS.Silhouette.Wound.dead"),
    }),
    health: new SchemaField({ value: int(3, 0, 3), max: int(3, 3, 3) }),
    description: html(),
  };
}

export function skillSchema() {
  return {
    key: choice(SKILL_KEY_CHOICES, "other", "OMNIBUS.Silhouette.Skill.Key"),
    level: int(1, SKILL_LIMITS[0], SKILL_LIMITS[1], "OMNIBUS.Silhouette.Skill.Level"),
    attribute: choice(SKILL_ATTRIBUTE_CHOICES, "none", "OMNIBUS.Silhouette.Skill.Attribute"),
    description: html(),
  };
}

export function weaponSchema() {
  const { SchemaField } = f();
  return {
    category: choice(WEAPON_CATEGORY_CHOICES, "ranged", "OMNIBUS.Silhouette.Weapon.Category.Label"),
    skill: choice(WEAPON_SKILL_CHOICES, "firearms", "OMNIBUS.Silhouette.Weapon.Skill"),
    damageMultiplier: int(10, 0, 1000, "OMNIBUS.Silhouette.Weapon.DamageMultiplier"),
    accuracy: int(0, -10, 10, "OMNIBUS.Silhouette.Weapon.Accuracy"),
    rof: int(0, -20, 50, "OMNIBUS.Silhouette.Weapon.Rof"),
    ranges: new SchemaField({
      base: metres(0, "OMNIBUS.Silhouette.Range.base"),
      medium: metres(0, "OMNIBUS.Silhouette.Range.medium"),
      long: metres(0, "OMNIBUS.Silhouette.Range.long"),
      extreme: metres(0, "OMNIBUS.Silhouette.Range.extreme"),
    }),
    ammo: new SchemaField({ value: int(0, 0, 10000), max: int(0, 0, 10000) }),
    long: bool(false, "OMNIBUS.Silhouette.Weapon.Long"),
    /** A grenade's blast radius in metres (0 = not explosive; the seed gives no blast rules, 004:L113). */
    blastRadius: metres(0, "OMNIBUS.Silhouette.Weapon.BlastRadius"),
    weight: metres(0, "OMNIBUS.Silhouette.Weight"),
    carried: bool(true, "OMNIBUS.Silhouette.Carried"),
    description: html(),
  };
}

export function armourSchema() {
  return {
    rating: int(0, 0, 1000, "OMNIBUS.Silhouette.Armour.Rating"),
    heavy: bool(false, "OMNIBUS.Silhouette.Armour.Heavy"),
    worn: bool(true, "OMNIBUS.Silhouette.Armour.Worn"),
    weight: metres(0, "OMNIBUS.Silhouette.Weight"),
    description: html(),
  };
}

export function equipmentSchema() {
  return {
    quantity: int(1, 0, 100000, "OMNIBUS.Silhouette.Quantity"),
    weight: metres(0, "OMNIBUS.Silhouette.Weight"),
    unhandy: bool(false, "OMNIBUS.Silhouette.Equipment.Unhandy"),
    balancingHands: new (f().NumberField)({
      required: true,
      nullable: false,
      integer: true,
      initial: 0,
      choices: { 0: "OMNIBUS.Silhouette.Equipment.Hands0", 1: "OMNIBUS.Silhouette.Equipment.Hands1", 2: "OMNIBUS.Silhouette.Equipment.Hands2" },
      label: "OMNIBUS.Silhouette.Equipment.Balancing",
    }),
    carried: bool(true, "OMNIBUS.Silhouette.Carried"),
    description: html(),
  };
}

type AnyRecord = Record<string, unknown>;
type CharacterSchema = ReturnType<typeof characterSchema>;

/** A character or NPC (the same rules; NPC sheets are more compact). */
export class SilhouetteCharacterModel extends foundry.abstract.TypeDataModel<CharacterSchema, Actor.Implementation> {
  /** Computed by prepareDerivedData from the pure rules (not stored). */
  declare derived: CharacterDerived;

  static override defineSchema(): CharacterSchema {
    return characterSchema();
  }

  static override migrateData(source: AnyRecord): AnyRecord {
    return super.migrateData(migrateCharacterSource(source) as never) as AnyRecord;
  }

  override prepareDerivedData(): void {
    const self = this as unknown as Parameters<typeof deriveCharacter>[0] & { health: { value: number; max: number } };
    const actor = this.parent as unknown as { items?: { contents?: ItemLike[] } } | null;
    const items = actor?.items?.contents ?? [];
    const options = silhouetteOptions();
    this.derived = deriveCharacter(self, items, { rounding: options.movementRounding, lightWoundMax: options.lightWoundMax });
    const health = healthFromWounds(this.derived.worstWound);
    self.health.value = health.value;
    self.health.max = health.max;
  }
}

export class SilhouetteSkillModel extends foundry.abstract.TypeDataModel<ReturnType<typeof skillSchema>, Item.Implementation> {
  static override defineSchema() {
    return skillSchema();
  }
  static override migrateData(source: AnyRecord): AnyRecord {
    return super.migrateData(migrateSkillSource(source) as never) as AnyRecord;
  }
}

export class SilhouetteWeaponModel extends foundry.abstract.TypeDataModel<ReturnType<typeof weaponSchema>, Item.Implementation> {
  static override defineSchema() {
    return weaponSchema();
  }
  static override migrateData(source: AnyRecord): AnyRecord {
    return super.migrateData(migrateWeaponSource(source) as never) as AnyRecord;
  }
}

export class SilhouetteArmourModel extends foundry.abstract.TypeDataModel<ReturnType<typeof armourSchema>, Item.Implementation> {
  static override defineSchema() {
    return armourSchema();
  }
}

export class SilhouetteEquipmentModel extends foundry.abstract.TypeDataModel<ReturnType<typeof equipmentSchema>, Item.Implementation> {
  static override defineSchema() {
    return equipmentSchema();
  }
}
