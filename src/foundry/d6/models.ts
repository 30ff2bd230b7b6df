/**
 * The D6 data models: Foundry `TypeDataModel`s whose fields are built (data/build-fields.ts) from the
 * plain specs in src/rules/d6/table/schema.ts (integers with min/max, choices), so bad sheet input is cleaned rather than stored.
 * `migrateData` normalises older shapes (src/rules/d6/table/schema.ts `migrateD6Source`); `prepareDerivedData`
 * computes the wound penalty, health bar and code labels through the pure rules.
 */
import { ACTOR_SPECS, ITEM_SPECS, safeFormat, type SchemaSpec } from "../../rules/d6/table/schema";
import { deriveActor } from "../../rules/d6/table/derive";
import { migrateD6Source } from "../../rules/d6/table/migrate";
import { buildSchema } from "../data/build-fields";
import { VEHICLE_HEALTH } from "../../rules/d6/table/tokens";
import { parseDamageCode, formatRanges } from "../../rules/d6";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const Base = foundry.abstract.TypeDataModel as Any;

function modelFor(type: string, specs: SchemaSpec, derive?: (system: Any) => void): Any {
  const Model = class extends Base {
    static defineSchema() {
      return buildSchema(specs);
    }
    /** `notes` (world migration only): where the values it cannot read are listed (core/unreadable.ts). */
    static migrateData(source: Record<string, unknown>, notes?: unknown) {
      migrateD6Source(type, source, notes);
      return super.migrateData(source);
    }
    prepareDerivedData() {
      super.prepareDerivedData?.();
      derive?.(this);
    }
  };
  Object.defineProperty(Model, "name", { value: `D6${type.slice(3).replace(/^./, (c) => c.toUpperCase())}Model` });
  return Model;
}

function deriveLiving(system: Any): void {
  const d = deriveActor(system);
  system.woundPenalty = d.woundPenalty;
  system.canAct = d.canAct;
  system.health.value = d.health.value;
  system.health.max = d.health.max;
  system.codes = d.codes;
}

export const D6CharacterModel = modelFor("d6_character", ACTOR_SPECS.d6_character, deriveLiving);
export const D6NpcModel = modelFor("d6_npc", ACTOR_SPECS.d6_npc, deriveLiving);
export const D6VehicleModel = modelFor("d6_vehicle", ACTOR_SPECS.d6_vehicle, (s: Any) => {
  s.health.max = VEHICLE_HEALTH.length - 1;
  s.health.value = Math.max(0, VEHICLE_HEALTH.indexOf(s.damage as never));
  s.codes = { maneuverability: safeFormat(s.maneuverability), bodyStrength: safeFormat(s.bodyStrength) };
});
export const D6SkillModel = modelFor("d6_skill", ITEM_SPECS.d6_skill, (s: Any) => {
  s.label = safeFormat(s.code);
});
export const D6WeaponModel = modelFor("d6_weapon", ITEM_SPECS.d6_weapon, (s: Any) => {
  try {
    parseDamageCode(s.damage);
    s.damageValid = true;
  } catch {
    s.damageValid = false;
  }
  try {
    s.rangesLabel = s.attackType === "ranged" ? formatRanges(s.ranges) : "";
  } catch {
    s.rangesLabel = "";
  }
});
export const D6ArmorModel = modelFor("d6_armor", ITEM_SPECS.d6_armor);
export const D6EquipmentModel = modelFor("d6_equipment", ITEM_SPECS.d6_equipment);
export const D6ForcePowerModel = modelFor("d6_forcepower", ITEM_SPECS.d6_forcepower);
export const D6AbilityModel = modelFor("d6_ability", ITEM_SPECS.d6_ability);
