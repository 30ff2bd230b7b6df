/**
 * The Silhouette data models (TypeDataModel). Fields carry the rules' limits (integers, min/max,
 * choices) so bad sheet input is cleaned, not stored; derived traits come from the pure rules
 * through src/rules/silhouette/table/derive.ts; `migrateData` normalises older, looser shapes (src/rules/silhouette/table/derive.ts, tested on plain data).
 *
 * The fields come from the plain specs of src/rules/silhouette/table/schema.ts; `foundry.data.fields` is read when a schema is
 * defined (at registration), never at import.
 */
import { deriveCharacter, healthFromWounds, type CharacterDerived, type ItemLike } from "../../rules/silhouette/table/derive";
import { migrateCharacterSource, migrateSkillSource, migrateWeaponSource } from "../../rules/silhouette/table/migrate";
import { ARMOUR_SPEC, CHARACTER_SPEC, EQUIPMENT_SPEC, SKILL_SPEC, WEAPON_SPEC } from "../../rules/silhouette/table/schema";
import { buildSchema } from "../data/build-fields";
import { silhouetteOptions } from "./settings";

// The fields are built from the plain specs of src/rules/silhouette/table/schema.ts (shared builder, ../data/build-fields.ts).
export const characterSchema = () => buildSchema(CHARACTER_SPEC);
export const skillSchema = () => buildSchema(SKILL_SPEC);
export const weaponSchema = () => buildSchema(WEAPON_SPEC);
export const armourSchema = () => buildSchema(ARMOUR_SPEC);
export const equipmentSchema = () => buildSchema(EQUIPMENT_SPEC);

type AnyRecord = Record<string, unknown>;
type CharacterSchema = ReturnType<typeof characterSchema>;

/** A character or NPC (the same rules; NPC sheets are more compact). */
export class SilhouetteCharacterModel extends foundry.abstract.TypeDataModel<CharacterSchema, Actor.Implementation> {
  /** Computed by prepareDerivedData from the pure rules (not stored). */
  declare derived: CharacterDerived;

  static override defineSchema(): CharacterSchema {
    return characterSchema();
  }

  static override migrateData(source: AnyRecord, notes?: unknown): AnyRecord {
    return super.migrateData(migrateCharacterSource(source, notes) as never) as AnyRecord;
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
  static override migrateData(source: AnyRecord, notes?: unknown): AnyRecord {
    return super.migrateData(migrateSkillSource(source, notes) as never) as AnyRecord;
  }
}

export class SilhouetteWeaponModel extends foundry.abstract.TypeDataModel<ReturnType<typeof weaponSchema>, Item.Implementation> {
  static override defineSchema() {
    return weaponSchema();
  }
  static override migrateData(source: AnyRecord, notes?: unknown): AnyRecord {
    return super.migrateData(migrateWeaponSource(source, notes) as never) as AnyRecord;
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
