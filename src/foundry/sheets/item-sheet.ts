/**
 * The base item sheet every ruleset's item sheet extends: header (image, name, type), optional
 * tabs, the ruleset's body parts, and the description (ProseMirror) — with the same edit/view
 * toggle as the actor sheet.
 *
 *   export class D6WeaponSheet extends OmnibusItemSheet {
 *     static override PARTS = { ...OmnibusItemSheet.BASE_PARTS, details: { template: templatePath("d6/item/weapon") }, description: OmnibusItemSheet.DESCRIPTION_PART };
 *   }
 */
import { rollItem } from "../checks";
import { clickRollOptions } from "../keybindings";
import { itemEffectRowInput } from "../effects";
import { localize } from "../i18n";
import { postItem } from "../post-item";
import { activeRulesetId, rulesetOfType } from "../registry";
import { templatePath } from "../templates/helpers";
import type { HbsPart } from "./actor-sheet";
import { enrichDescription, readerDescription, readerName, readerSubmit } from "./description";
import { itemSheetContext, weaponRangeReading, type ItemSheetContext, type TabDefinition } from "../../rules/table/sheet-context";

/** The distance unit of the scene on the canvas (`""` or null when none is viewed). */
export function viewedSceneUnits(): string | null {
  return (globalThis as { canvas?: { scene?: { grid?: { units?: string } } | null } }).canvas?.scene?.grid?.units ?? null;
}

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ItemSheetV2 } = foundry.applications.sheets;

// The cast avoids fvtt-types' TS2589 trap on HandlebarsApplicationMixin(ItemSheetV2) (toolchain.md §2).
const HbsItemSheet = HandlebarsApplicationMixin(ItemSheetV2) as unknown as typeof ItemSheetV2 & {
  PARTS: Record<string, HbsPart>;
};
type RenderOptions = Parameters<InstanceType<typeof ItemSheetV2>["_prepareContext"]>[0];

export class OmnibusItemSheet extends HbsItemSheet {
  static override DEFAULT_OPTIONS: (typeof ItemSheetV2)["DEFAULT_OPTIONS"] = {
    classes: ["omnibus", "sheet", "item"],
    position: { width: 520, height: 560 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      toggleMode: OmnibusItemSheet.#onToggleMode,
      itemRoll: OmnibusItemSheet.#onRoll,
      itemPost: OmnibusItemSheet.#onPost,
      effectCreate: OmnibusItemSheet.#onEffectCreate,
      effectEdit: OmnibusItemSheet.#onEffectEdit,
      effectToggle: OmnibusItemSheet.#onEffectToggle,
      effectDelete: OmnibusItemSheet.#onEffectDelete,
    },
  };

  static BASE_PARTS: Record<string, HbsPart> = {
    header: { template: templatePath("shared/item-header") },
  };

  static DESCRIPTION_PART: HbsPart = { template: templatePath("shared/item-description"), scrollable: [""] };

  static override PARTS: Record<string, HbsPart> = {
    ...OmnibusItemSheet.BASE_PARTS,
    description: OmnibusItemSheet.DESCRIPTION_PART,
  };

  /** Tabs (group "primary"); none by default: the parts stack. */
  static SHEET_TABS: TabDefinition[] = [];

  editMode = false;

  constructor(...args: ConstructorParameters<typeof ItemSheetV2>) {
    super(...args);
    (this.options.classes as string[]).push(`omnibus-${this.ruleset}`);
  }

  get ruleset(): string {
    return rulesetOfType(this.document.type) ?? activeRulesetId();
  }

  override async _prepareContext(options: RenderOptions): Promise<never> {
    const base = await super._prepareContext(options);
    const ctor = this.constructor as typeof OmnibusItemSheet;
    const tabGroups = (this as unknown as { tabGroups: Record<string, string | null> }).tabGroups;
    const item = this.document;
    const system = item.system as unknown as Record<string, unknown>;
    const enrichedDescription = await enrichDescription(item);
    const context = itemSheetContext({
      ruleset: this.ruleset,
      item: { id: item.id ?? "", uuid: item.uuid, name: readerName(item), img: item.img, type: item.type, system },
      editable: this.isEditable,
      editMode: this.editMode,
      tabs: ctor.SHEET_TABS,
      activeTab: tabGroups.primary,
      enrichedDescription,
      description: readerDescription(item),
      effects: itemEffectRowInput(item as never),
    });
    if (context.tab) tabGroups.primary = context.tab;
    // Ranges in the book's unit, and in the viewed scene's unit when it measures in another one.
    const rangeReading = weaponRangeReading(this.ruleset, system, viewedSceneUnits(), game.i18n?.lang);
    return { ...base, ...context, rangeReading, ...(await this.prepareRulesetContext(context)) } as never;
  }

  /**
   * The name and description a reader edits are those of their language (language.ts): the submit
   * sends them to that language's slots, so a Russian reader never overwrites the English text.
   */
  override _prepareSubmitData(
    ...args: Parameters<InstanceType<typeof ItemSheetV2>["_prepareSubmitData"]>
  ): ReturnType<InstanceType<typeof ItemSheetV2>["_prepareSubmitData"]> {
    const data = super._prepareSubmitData(...args) as unknown as Record<string, unknown>;
    return readerSubmit(this.document, data) as never;
  }

  /** A ruleset's item sheet adds its own context here. */
  protected async prepareRulesetContext(_context: ItemSheetContext): Promise<Record<string, unknown>> {
    return {};
  }

  static async #onToggleMode(this: OmnibusItemSheet): Promise<void> {
    if (!this.isEditable) return;
    this.editMode = !this.editMode;
    await this.render();
  }

  static async #onRoll(this: OmnibusItemSheet): Promise<void> {
    await rollItem(this.document, clickRollOptions());
  }

  static async #onPost(this: OmnibusItemSheet): Promise<void> {
    await postItem(this.document);
  }

  /** The item's own effect a row names. */
  #effect(target: HTMLElement): ActiveEffect.Implementation | undefined {
    const id = target.closest<HTMLElement>("[data-effect-id]")?.dataset.effectId;
    if (!id) return undefined;
    return (this.document.effects as unknown as { get(id: string): ActiveEffect.Implementation | undefined } | undefined)?.get(id);
  }

  /** A new effect on the item transfers to its owner (the usual reason to put one on an item). */
  static async #onEffectCreate(this: OmnibusItemSheet): Promise<void> {
    if (!this.isEditable) return;
    const name = localize("OMNIBUS.Effects.New");
    const created = (await this.document.createEmbeddedDocuments("ActiveEffect", [
      { name, img: "icons/svg/aura.svg", origin: this.document.uuid, transfer: true } as never,
    ])) as unknown as Array<{ sheet?: unknown }>;
    const sheet = created?.[0]?.sheet as { render(options: { force: boolean }): Promise<unknown> } | null | undefined;
    await sheet?.render({ force: true });
  }

  static async #onEffectEdit(this: OmnibusItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const sheet = this.#effect(target)?.sheet as unknown as { render(options: { force: boolean }): Promise<unknown> } | null | undefined;
    await sheet?.render({ force: true });
  }

  static async #onEffectToggle(this: OmnibusItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (!this.isEditable) return;
    const effect = this.#effect(target);
    if (effect) await effect.update({ disabled: !effect.disabled } as never);
  }

  static async #onEffectDelete(this: OmnibusItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (!this.isEditable) return;
    await this.#effect(target)?.deleteDialog();
  }
}
