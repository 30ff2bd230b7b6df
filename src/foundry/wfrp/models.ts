/**
 * The `wfrp` TypeDataModels. Schemas are built from the plain specs in src/rules/wfrp/table/schema.ts (integer fields with
 * min/max, string fields with choices, so bad sheet input is cleaned, not stored); derived traits come
 * from src/rules/wfrp/table/derive.ts (the pure rules); `migrateData` runs the steps in src/rules/wfrp/table/migrate.ts.
 *
 * Derived values land on the model as plain properties: `characteristics.<id>.current/.bonus`,
 * `health.max` (Wounds from the Size formula), `walk`, `run`, `armour.<location>`, `effectiveConditions`,
 * and `derived` (the whole `DerivedActor`).
 */
import { ACTOR_SCHEMAS, ITEM_SCHEMAS, type SchemaSpec } from "../../rules/wfrp/table/schema";
import { buildSchema } from "../data/build-fields";
import { deriveActor, type PlainItem } from "../../rules/wfrp/table/derive";
import { migrateActorSystem, migrateArmourSystem, migrateWeaponSystem } from "../../rules/wfrp/table/migrate";
import { CHARACTERISTICS } from "../../rules/wfrp/index";

/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyField = any;

/** The parent class's migrateData (Foundry's), called with the model class as `this`. */
function superMigrate(cls: unknown, source: Record<string, unknown>): Record<string, unknown> {
  const base = (foundry.abstract.TypeDataModel as any).migrateData as ((s: unknown) => Record<string, unknown>) | undefined;
  return base ? base.call(cls, source) : source;
}

const TypeDataModel = foundry.abstract.TypeDataModel as any as new (...args: any[]) => foundry.abstract.TypeDataModel<any, any>;

/** The plain items of an owning actor (during its data preparation, embedded items are prepared first). */
function plainItems(parent: unknown): PlainItem[] {
  const items = (parent as { items?: { contents?: unknown[] } } | null)?.items?.contents ?? [];
  return items.map((i) => {
    const item = i as { id?: string; name?: string; type?: string; img?: string; system?: unknown; _source?: { system?: unknown } };
    return {
      id: item.id ?? "",
      name: item.name ?? "",
      type: item.type ?? "",
      img: item.img,
      system: ((item._source?.system ?? item.system) as Record<string, unknown>) ?? {},
    };
  });
}

export abstract class WfrpActorModel extends TypeDataModel {
  static SCHEMA: SchemaSpec = ACTOR_SCHEMAS.wfrp_npc;

  static defineSchema(): Record<string, AnyField> {
    return buildSchema(this.SCHEMA);
  }

  static migrateData(source: Record<string, unknown>, notes?: unknown): Record<string, unknown> {
    migrateActorSystem(source, notes);
    return superMigrate(this, source);
  }

  override prepareDerivedData(): void {
    const self = this as any;
    const parent = (this as any).parent as { statuses?: Set<string> } | null;
    const derived = deriveActor(self, plainItems(parent), parent?.statuses ?? []);
    for (const id of CHARACTERISTICS) {
      self.characteristics[id].current = derived.characteristics[id].current;
      self.characteristics[id].bonus = derived.characteristics[id].bonus;
      self.characteristics[id].totalModifier = derived.characteristics[id].modifier;
    }
    self.health.max = derived.maxWounds;
    self.walk = derived.walk;
    self.run = derived.run;
    self.armour = derived.armour;
    self.effectiveConditions = derived.conditions;
    self.derived = derived;
  }
}

export class WfrpCharacterModel extends WfrpActorModel {
  static override SCHEMA = ACTOR_SCHEMAS.wfrp_character;
}
export class WfrpNpcModel extends WfrpActorModel {
  static override SCHEMA = ACTOR_SCHEMAS.wfrp_npc;
}
export class WfrpCreatureModel extends WfrpActorModel {
  static override SCHEMA = ACTOR_SCHEMAS.wfrp_creature;
}

abstract class WfrpItemModel extends TypeDataModel {
  static SCHEMA: SchemaSpec = {};
  static defineSchema(): Record<string, AnyField> {
    return buildSchema(this.SCHEMA);
  }
}

export class WfrpSkillModel extends WfrpItemModel {
  static override SCHEMA = ITEM_SCHEMAS.wfrp_skill;
}
export class WfrpTalentModel extends WfrpItemModel {
  static override SCHEMA = ITEM_SCHEMAS.wfrp_talent;
}
export class WfrpWeaponModel extends WfrpItemModel {
  static override SCHEMA = ITEM_SCHEMAS.wfrp_weapon;
  static migrateData(source: Record<string, unknown>, notes?: unknown): Record<string, unknown> {
    migrateWeaponSystem(source, notes);
    return superMigrate(this, source);
  }
}
export class WfrpArmourModel extends WfrpItemModel {
  static override SCHEMA = ITEM_SCHEMAS.wfrp_armour;
  static migrateData(source: Record<string, unknown>, notes?: unknown): Record<string, unknown> {
    migrateArmourSystem(source, notes);
    return superMigrate(this, source);
  }
}
export class WfrpTrappingModel extends WfrpItemModel {
  static override SCHEMA = ITEM_SCHEMAS.wfrp_trapping;
}
export class WfrpExtendedModel extends WfrpItemModel {
  static override SCHEMA = ITEM_SCHEMAS.wfrp_extended;
}
export class WfrpConditionModel extends WfrpItemModel {
  static override SCHEMA = ITEM_SCHEMAS.wfrp_condition;
}
