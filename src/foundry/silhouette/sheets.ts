/**
 * The Silhouette sheets on the shared base sheets. The actor sheet: attributes, movement rates per
 * mode (from FIT and Athletics, 004:L23-27), wounds; skills with roll buttons; weapons (attack
 * buttons) and armour; the shared items and notes tabs. One item sheet for the four item types.
 */
import { OmnibusActorSheet, type HbsPart } from "../sheets/actor-sheet";
import { OmnibusItemSheet } from "../sheets/item-sheet";
import type { ActorSheetContext, ItemSheetContext } from "../../rules/table/sheet-context";
import { templatePath } from "../templates/helpers";
import { ACTOR_TABS, ITEM_TYPES, silhouetteActorContext, silhouetteItemContext } from "../../rules/silhouette/table/sheet-context";
import type { ItemLike } from "../../rules/silhouette/table/derive";
import { silhouetteOptions } from "./settings";

export const ACTOR_PARTS: Record<string, HbsPart> = {
  ...OmnibusActorSheet.BASE_PARTS,
  main: { template: templatePath("silhouette/actor/main"), scrollable: [""] },
  skills: { template: templatePath("silhouette/actor/skills"), scrollable: [""] },
  combat: { template: templatePath("silhouette/actor/combat"), scrollable: [""] },
  items: { template: templatePath("shared/items-tab"), scrollable: [""] },
  notes: { template: templatePath("shared/notes-tab"), scrollable: [""] },
};

export class SilhouetteActorSheet extends OmnibusActorSheet {
  static override DEFAULT_OPTIONS = {
    ...OmnibusActorSheet.DEFAULT_OPTIONS,
    classes: ["omnibus", "sheet", "actor", "silhouette"],
    position: { width: 720, height: 740 },
  };
  static override PARTS = ACTOR_PARTS;
  static override SHEET_TABS = ACTOR_TABS;
  static override ITEM_TYPES = ITEM_TYPES;

  protected override async prepareRulesetContext(context: ActorSheetContext): Promise<Record<string, unknown>> {
    const items = this.document.items.contents.map((i) => ({
      id: i.id,
      name: i.name ?? "",
      type: i.type,
      system: i.system as unknown as Record<string, unknown>,
    })) as ItemLike[];
    const options = silhouetteOptions();
    return {
      silhouette: silhouetteActorContext(
        context,
        items,
        { rounding: options.movementRounding, lightWoundMax: options.lightWoundMax },
        game.i18n?.lang,
      ),
    };
  }
}

export class SilhouetteItemSheet extends OmnibusItemSheet {
  static override DEFAULT_OPTIONS = {
    ...OmnibusItemSheet.DEFAULT_OPTIONS,
    classes: ["omnibus", "sheet", "item", "silhouette"],
    position: { width: 540, height: 600 },
  };
  static override PARTS = {
    ...OmnibusItemSheet.BASE_PARTS,
    details: { template: templatePath("silhouette/item/details") },
    description: OmnibusItemSheet.DESCRIPTION_PART,
  };

  protected override async prepareRulesetContext(context: ItemSheetContext): Promise<Record<string, unknown>> {
    return { silhouette: silhouetteItemContext(context) };
  }
}
