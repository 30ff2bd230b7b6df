/**
 * The Storytelling TypeDataModels. Their schemas are the plain descriptors of src/rules/storytelling/table/schema.ts, turned into
 * `foundry.data.fields` here (integer/min/max/choices, so bad sheet input is cleaned or refused, not
 * stored); `prepareDerivedData` computes the derived traits through the pure rules (src/rules/storytelling/table/derive.ts);
 * `migrateData` runs the pure migration steps of src/rules/storytelling/table/schema.ts.
 *
 * `foundry.data.fields` is read only inside `defineSchema` (never at import time), so the module
 * loads under the glue tests' stand-ins.
 */
import {
  ARMOR_SCHEMA,
  CHARACTER_SCHEMA,
  EQUIPMENT_SCHEMA,
  EXTENDED_SCHEMA,
  MERIT_SCHEMA,
  NPC_SCHEMA,
  OBJECT_SCHEMA,
  VEHICLE_SCHEMA,
  WEAPON_SCHEMA,
  type FieldSpec,
} from "../../rules/storytelling/table/schema";
import { migrateCharacterSource, migrateWeaponSource } from "../../rules/storytelling/table/migrate";
import { buildSchema } from "../data/build-fields";
import { deriveCharacter, deriveObject, deriveVehicle, type PlainItem } from "../../rules/storytelling/table/derive";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = any;

// fvtt-types' TypeDataModel generics cannot describe a schema built at run time: a loose base.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const Base = foundry.abstract.TypeDataModel as unknown as abstract new (...args: any[]) => { parent: any; [key: string]: any };
type Source = Record<string, unknown>;
/** Foundry's own migrateData after ours (absent under the test stand-ins). */
function baseMigrate(cls: unknown, source: Source): Source {
  const parent = (Base as unknown as { migrateData?: (s: Source) => Source }).migrateData;
  return typeof parent === "function" ? parent.call(cls, source) : source;
}

/** The items of the actor that owns this data (plain shape for src/rules/storytelling/table/derive.ts). */
function parentItems(model: { parent: unknown }): PlainItem[] {
  const actor = model.parent as { items?: { contents?: unknown[] } | unknown[] } | null;
  const list = Array.isArray(actor?.items) ? actor.items : ((actor?.items as { contents?: unknown[] } | undefined)?.contents ?? []);
  return (list as Array<{ id?: string; name?: string; type: string; system?: unknown }>).map((i) => ({
    id: i.id,
    name: i.name,
    type: i.type,
    system: i.system as Record<string, unknown>,
  }));
}

export class StorytellingCharacterModel extends Base {
  static SCHEMA = CHARACTER_SCHEMA;
  static defineSchema(): Record<string, AnyField> {
    return buildSchema(this.SCHEMA);
  }
  /** `notes` (world migration only): where the values it cannot read are listed (core/unreadable.ts). */
  static migrateData(source: Source, notes?: unknown): Source {
    migrateCharacterSource(source, notes);
    return baseMigrate(this, source);
  }
  prepareDerivedData(): void {
    const derived = deriveCharacter(this as unknown as Record<string, unknown>, parentItems(this));
    this.derived = derived;
    this.health.max = derived.health;
    this.health.value = derived.health - (derived.track.aggravated + derived.track.lethal + derived.track.bashing);
    this.willpower.max = derived.willpowerMax;
    // The token bar reads {value, max}; the points stay the stored field (src/rules/storytelling/table/tokens.ts writes them).
    (this.willpower as { value?: number }).value = Math.min(derived.willpowerPoints, derived.willpowerMax);
  }
}

export class StorytellingNpcModel extends StorytellingCharacterModel {
  static override SCHEMA = NPC_SCHEMA;
}

export class StorytellingVehicleModel extends Base {
  static defineSchema(): Record<string, AnyField> {
    return buildSchema(VEHICLE_SCHEMA);
  }
  prepareDerivedData(): void {
    const derived = deriveVehicle(this as unknown as Record<string, unknown>);
    this.derived = derived;
    this.health.max = derived.structure;
    this.health.value = Math.max(0, derived.structure - derived.damage);
  }
}

function itemModel(schema: Record<string, FieldSpec>, opts: { object?: boolean; migrate?: (s: Source, notes?: unknown) => Source } = {}) {
  return class extends Base {
    static defineSchema(): Record<string, AnyField> {
      return buildSchema(schema);
    }
    static migrateData(source: Source, notes?: unknown): Source {
      opts.migrate?.(source, notes);
      return baseMigrate(this, source);
    }
    prepareDerivedData(): void {
      if (opts.object) this.derived = deriveObject(this as unknown as Record<string, unknown>);
    }
  };
}

export const StorytellingMeritModel = itemModel(MERIT_SCHEMA);
export const StorytellingWeaponModel = itemModel(WEAPON_SCHEMA, { migrate: migrateWeaponSource });
export const StorytellingArmorModel = itemModel(ARMOR_SCHEMA);
export const StorytellingEquipmentModel = itemModel(EQUIPMENT_SCHEMA, { object: true });
export const StorytellingObjectModel = itemModel(OBJECT_SCHEMA, { object: true });
export const StorytellingExtendedModel = itemModel(EXTENDED_SCHEMA);
