/**
 * D6 sheets on the shared base sheets: a character/NPC sheet (attributes with their skills, wound
 * selector with its penalty, points; a combat tab with one-click attacks, ammo and reload, armor
 * and the round's state), a vehicle sheet, and one item sheet for every D6 item type.
 */
import { OmnibusActorSheet, type HbsPart } from "../sheets/actor-sheet";
import { OmnibusItemSheet } from "../sheets/item-sheet";
import type { ActorSheetContext, ItemSheetContext, TabDefinition } from "../../rules/table/sheet-context";
import { templatePath } from "../templates/helpers";
import { reloadWeapon } from "./checks";
import { d6ActorContext, d6ItemContext } from "../../rules/d6/table/sheet-context";
import { currentSpeed } from "../../rules/d6/table/movement/checks";

/** The speed the actor moved at last (what its next move may change from, §30.4), as an i18n key. */
function speedLabel(doc: unknown): string {
  return `OMNIBUS.D6.Speed.${currentSpeed((doc as { flags?: Record<string, Record<string, unknown> | undefined> }).flags)}`;
}

export const D6_ACTOR_TEMPLATES = [
  "d6/actor/main",
  "d6/actor/combat",
  "d6/actor/vehicle",
  "d6/item/details",
  "d6/chat/check-card",
  "d6/chat/damage-card",
].map(templatePath);

type ItemDoc = { update(d: Record<string, unknown>): Promise<unknown>; system: Record<string, unknown>; name: string };

export class D6CharacterSheet extends OmnibusActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["d6"],
    position: { width: 720, height: 760 },
    actions: { reload: D6CharacterSheet.#onReload, toggleStun: D6CharacterSheet.#onToggleStun },
  } as never;

  static override PARTS: Record<string, HbsPart> = {
    ...OmnibusActorSheet.BASE_PARTS,
    main: { template: templatePath("d6/actor/main"), scrollable: [""] },
    combat: { template: templatePath("d6/actor/combat"), scrollable: [""] },
    items: { template: templatePath("shared/items-tab"), scrollable: [""] },
    notes: { template: templatePath("shared/notes-tab"), scrollable: [""] },
  };

  static override SHEET_TABS: TabDefinition[] = [
    { id: "main", label: "OMNIBUS.D6.Tab.Attributes", icon: "fa-solid fa-dice-d6" },
    { id: "combat", label: "OMNIBUS.D6.Tab.Combat", icon: "fa-solid fa-crosshairs" },
    { id: "items", label: "OMNIBUS.D6.Tab.Gear", icon: "fa-solid fa-suitcase" },
    { id: "notes", label: "OMNIBUS.Sheet.Tab.Notes", icon: "fa-solid fa-book" },
  ];

  static override ITEM_TYPES = ["d6_equipment", "d6_forcepower", "d6_ability"];

  protected override async prepareRulesetContext(context: ActorSheetContext): Promise<Record<string, unknown>> {
    return { ...d6ActorContext(context), currentSpeed: speedLabel(this.document) };
  }

  #weapon(target: HTMLElement): ItemDoc | undefined {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    return id ? (this.document.items.get(id) as unknown as ItemDoc) : undefined;
  }

  static async #onReload(this: D6CharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const weapon = this.#weapon(target);
    if (weapon && this.isEditable) await reloadWeapon(weapon as never);
  }

  static async #onToggleStun(this: D6CharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const weapon = this.#weapon(target);
    if (!weapon || !this.isEditable || weapon.system.stunCapable !== true) return;
    await weapon.update({ "system.setToStun": weapon.system.setToStun !== true });
  }
}

export class D6VehicleSheet extends OmnibusActorSheet {
  static override DEFAULT_OPTIONS = { classes: ["d6"], position: { width: 680, height: 640 } } as never;

  static override PARTS: Record<string, HbsPart> = {
    ...OmnibusActorSheet.BASE_PARTS,
    vehicle: { template: templatePath("d6/actor/vehicle"), scrollable: [""] },
    items: { template: templatePath("shared/items-tab"), scrollable: [""] },
    notes: { template: templatePath("shared/notes-tab"), scrollable: [""] },
  };

  static override SHEET_TABS: TabDefinition[] = [
    { id: "vehicle", label: "OMNIBUS.D6.Tab.Vehicle", icon: "fa-solid fa-shuttle-space" },
    { id: "items", label: "OMNIBUS.D6.Tab.Gear", icon: "fa-solid fa-suitcase" },
    { id: "notes", label: "OMNIBUS.Sheet.Tab.Notes", icon: "fa-solid fa-book" },
  ];

  static override ITEM_TYPES = ["d6_weapon", "d6_equipment"];

  protected override async prepareRulesetContext(context: ActorSheetContext): Promise<Record<string, unknown>> {
    return { ...d6ActorContext(context), currentSpeed: speedLabel(this.document) };
  }
}

export class D6ItemSheet extends OmnibusItemSheet {
  static override DEFAULT_OPTIONS = { classes: ["d6"], position: { width: 540, height: 600 } } as never;

  static override PARTS: Record<string, HbsPart> = {
    ...OmnibusItemSheet.BASE_PARTS,
    details: { template: templatePath("d6/item/details") },
    description: OmnibusItemSheet.DESCRIPTION_PART,
  };

  protected override async prepareRulesetContext(context: ItemSheetContext): Promise<Record<string, unknown>> {
    return d6ItemContext(context);
  }
}
