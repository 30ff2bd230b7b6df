/**
 * Storytelling sheets on the shared base sheets: the character/NPC sheet (dots, Health box track,
 * Willpower, derived traits, attacks), the vehicle sheet and one item sheet for every item type.
 * Their contexts come from src/rules/storytelling/table/sheet-context.ts (plain functions the gallery renders too).
 */
import { cycleHealthBox, deriveCharacter, dotClick, intOr } from "../../rules/storytelling/table/derive";
import { OmnibusActorSheet } from "../sheets/actor-sheet";
import { OmnibusItemSheet } from "../sheets/item-sheet";
import { readerName } from "../sheets/description";
import type { ActorSheetContext, ItemSheetContext } from "../../rules/table/sheet-context";
import { templatePath } from "../templates/helpers";
import { characterSheetContext, itemSheetDetails, vehicleSheetContext } from "../../rules/storytelling/table/sheet-context";
import { KEY } from "../../rules/storytelling/table/settings";
import { currentTurn } from "./checks";
import { worldOptions } from "./settings";
import { DEFENSE_FLAG, readDefenseTurn } from "../../rules/storytelling/table/defense/combat";
import { declareWillpowerForDefense, toggleDodge } from "./defense/actions";

export const STORYTELLING_TEMPLATES = [
  "storytelling/actor/vitals",
  "storytelling/actor/traits",
  "storytelling/actor/combat",
  "storytelling/actor/vehicle",
  "storytelling/item/details",
  "storytelling/chat/roll-card",
  "storytelling/chat/contest-card",
].map(templatePath);

type Doc = {
  flags?: Record<string, Record<string, unknown> | undefined>;
  system: Record<string, unknown>;
  items: { contents: Array<{ id: string | null; name: string; img: string | null; type: string; system: unknown }> };
  statuses?: Set<string>;
  update(d: Record<string, unknown>): Promise<unknown>;
  isOwner: boolean;
};

export class StorytellingCharacterSheet extends OmnibusActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["omnibus", "sheet", "actor", "storytelling"],
    position: { width: 760, height: 780 },
    actions: {
      setDots: StorytellingCharacterSheet.#onSetDots,
      cycleHealth: StorytellingCharacterSheet.#onCycleHealth,
      setWillpower: StorytellingCharacterSheet.#onSetWillpower,
      rollInitiative: StorytellingCharacterSheet.#onRollInitiative,
      dodge: StorytellingCharacterSheet.#onDodge,
      willpowerDefense: StorytellingCharacterSheet.#onWillpowerDefense,
    },
  } as never;

  static override PARTS = {
    header: OmnibusActorSheet.BASE_PARTS.header,
    vitals: { template: templatePath("storytelling/actor/vitals") },
    tabs: OmnibusActorSheet.BASE_PARTS.tabs,
    traits: { template: templatePath("storytelling/actor/traits"), scrollable: [""] },
    combat: { template: templatePath("storytelling/actor/combat"), scrollable: [""] },
    items: { template: templatePath("shared/items-tab"), scrollable: [""] },
    notes: { template: templatePath("shared/notes-tab"), scrollable: [""] },
  };

  static override SHEET_TABS = [
    { id: "traits", label: `${KEY}.Tab.Traits`, icon: "fa-solid fa-circle-dot" },
    { id: "combat", label: `${KEY}.Tab.Combat`, icon: "fa-solid fa-hand-fist" },
    { id: "items", label: "OMNIBUS.Sheet.Tab.Items", icon: "fa-solid fa-suitcase" },
    { id: "notes", label: "OMNIBUS.Sheet.Tab.Notes", icon: "fa-solid fa-book" },
  ];

  static override ITEM_TYPES = [
    "storytelling_merit",
    "storytelling_weapon",
    "storytelling_armor",
    "storytelling_equipment",
    "storytelling_object",
    "storytelling_extended",
  ];

  protected override async prepareRulesetContext(context: ActorSheetContext): Promise<Record<string, unknown>> {
    const doc = this.document as unknown as Doc;
    return characterSheetContext({
      system: context.system,
      items: doc.items.contents.map((i) => ({
        id: i.id ?? "",
        name: readerName(i),
        img: i.img,
        type: i.type,
        system: i.system as Record<string, unknown>,
      })),
      statuses: doc.statuses ? [...doc.statuses] : [],
      defenseTurn: readDefenseTurn(doc.flags?.omnibus?.[DEFENSE_FLAG], currentTurn()),
      willpowerBeforeDodge: worldOptions().willpowerBeforeDodge,
    });
  }

  static async #onSetDots(this: StorytellingCharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const doc = this.document as unknown as Doc;
    const path = target.dataset.path ?? "";
    if (!this.isEditable || !this.editMode || !/^system\.(attributes\.[a-z]+|skills\.[A-Za-z]+\.dots|morality)$/.test(path)) return;
    const current = intOr(foundry.utils.getProperty(doc as object, path), 0);
    const min = path.startsWith("system.attributes.") ? 1 : 0;
    await doc.update({ [path]: dotClick(current, intOr(target.dataset.value, 0, 0, 10), min) });
  }

  static async #onCycleHealth(this: StorytellingCharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (!this.isEditable) return;
    const doc = this.document as unknown as Doc;
    const d = deriveCharacter(
      doc.system,
      doc.items.contents.map((i) => ({ type: i.type, system: i.system as Record<string, unknown> })),
    );
    const after = cycleHealthBox(d.track, intOr(target.dataset.index, -1));
    await doc.update({ "system.healthTrack": { aggravated: after.aggravated, lethal: after.lethal, bashing: after.bashing } });
  }

  static async #onSetWillpower(this: StorytellingCharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (!this.isEditable) return;
    const doc = this.document as unknown as Doc;
    const current = intOr((doc.system.willpower as Record<string, unknown> | undefined)?.points, 0);
    await doc.update({ "system.willpower.points": dotClick(current, intOr(target.dataset.value, 0, 0, 20)) });
  }

  /** Dodge (WoD p.157): a declared action, Defense doubled for the rest of the turn; the round hook ends it. */
  static async #onDodge(this: StorytellingCharacterSheet): Promise<void> {
    if (!this.isEditable) return;
    await toggleDodge(this.document as unknown as Doc);
  }

  /** Willpower for +2 Defense against the next attack (002:L428), once per turn. */
  static async #onWillpowerDefense(this: StorytellingCharacterSheet): Promise<void> {
    if (!this.isEditable) return;
    await declareWillpowerForDefense(this.document as unknown as Doc);
  }

  static async #onRollInitiative(this: StorytellingCharacterSheet): Promise<void> {
    await (this.document as unknown as { rollInitiative(o: Record<string, unknown>): Promise<unknown> }).rollInitiative({
      createCombatants: true,
    });
  }
}

export class StorytellingVehicleSheet extends OmnibusActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["omnibus", "sheet", "actor", "storytelling"],
    position: { width: 600, height: 620 },
    actions: { setDamage: StorytellingVehicleSheet.#onSetDamage },
  } as never;

  static override PARTS = {
    ...OmnibusActorSheet.BASE_PARTS,
    vehicle: { template: templatePath("storytelling/actor/vehicle"), scrollable: [""] },
    notes: { template: templatePath("shared/notes-tab"), scrollable: [""] },
  };

  static override SHEET_TABS = [
    { id: "vehicle", label: `${KEY}.Tab.Vehicle`, icon: "fa-solid fa-car" },
    { id: "notes", label: "OMNIBUS.Sheet.Tab.Notes", icon: "fa-solid fa-book" },
  ];

  protected override async prepareRulesetContext(context: ActorSheetContext): Promise<Record<string, unknown>> {
    return vehicleSheetContext(context.system);
  }

  static async #onSetDamage(this: StorytellingVehicleSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (!this.isEditable) return;
    const doc = this.document as unknown as Doc;
    await doc.update({ "system.damage": dotClick(intOr(doc.system.damage, 0), intOr(target.dataset.value, 0, 0, 100)) });
  }
}

export class StorytellingItemSheet extends OmnibusItemSheet {
  static override DEFAULT_OPTIONS = { classes: ["omnibus", "sheet", "item", "storytelling"] } as never;

  static override PARTS = {
    ...OmnibusItemSheet.BASE_PARTS,
    details: { template: templatePath("storytelling/item/details") },
    description: OmnibusItemSheet.DESCRIPTION_PART,
  };

  protected override async prepareRulesetContext(context: ItemSheetContext): Promise<Record<string, unknown>> {
    return itemSheetDetails(context.document.type, context.system);
  }
}
