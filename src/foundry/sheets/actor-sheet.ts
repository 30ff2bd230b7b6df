/**
 * The base actor sheet every ruleset's sheet extends: ApplicationV2 + Handlebars parts, tabs,
 * `data-action` buttons, drag-and-drop of items (ActorSheetV2's own; drops are filtered to the
 * ruleset's item types by the `dropActorSheetData` hook, see drop.ts), and an edit/view mode toggle (view mode by default: inputs locked,
 * buttons roll).
 *
 * A ruleset's sheet:
 *
 *   export class D6CharacterSheet extends OmnibusActorSheet {
 *     static override PARTS = { ...OmnibusActorSheet.BASE_PARTS, attributes: { template: templatePath("d6/actor/attributes") } };
 *     static override SHEET_TABS = [{ id: "attributes", label: "OMNIBUS.D6.Tab.Attributes" }, …];
 *     protected override async prepareRulesetContext(context) { return { skills: d6SkillRows(context.system) }; }
 *   }
 *
 * Each tab part's template is a `<section class="tab {{#if (eq tab "<id>")}}active{{/if}}"
 * data-group="primary" data-tab="<id>">`; `data-action="roll"` buttons (with `data-check` and any
 * data-* the adapter's `checks.build` reads) run a check; `data-action="itemRoll|itemPost|itemEdit|
 * itemDelete"` work on the row's `data-item-id`; `data-action="itemCreate" data-type="<type>"`
 * creates one.
 */
import { rollItem, runCheck } from "../checks";
import { clickRollOptions } from "../keybindings";
import { postItem } from "../post-item";
import { advanceTable, advanceTrait, askSpecialtyName, undoLastAdvance } from "../experience";
import { CREATION_TYPES, openCreationWindow } from "../creation";
import { isRulesetId } from "../../rules/index";
import { localize, notify } from "../i18n";
import { enrichDescription, readerDescription, readerName, readerSubmit } from "./description";
import { actorAcceptsItem } from "./drop";
import { effectRowInput } from "../effects";
import { timerNow } from "../durations";
import { activeRuleset, activeRulesetId, rulesetOfType } from "../registry";
import { currentTargets } from "../targets";
import { templatePath } from "../templates/helpers";
import { actorSheetContext, type ActorSheetContext, type TabDefinition } from "../../rules/table/sheet-context";

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ActorSheetV2 } = foundry.applications.sheets;

export interface HbsPart {
  template: string;
  templates?: string[];
  classes?: string[];
  scrollable?: string[];
  root?: boolean;
  id?: string;
}

// The cast avoids fvtt-types' TS2589 trap on HandlebarsApplicationMixin(ActorSheetV2) (toolchain.md §2).
const HbsActorSheet = HandlebarsApplicationMixin(ActorSheetV2) as unknown as typeof ActorSheetV2 & {
  PARTS: Record<string, HbsPart>;
};
type RenderOptions = Parameters<InstanceType<typeof ActorSheetV2>["_prepareContext"]>[0];

export class OmnibusActorSheet extends HbsActorSheet {
  static override DEFAULT_OPTIONS: (typeof ActorSheetV2)["DEFAULT_OPTIONS"] = {
    classes: ["omnibus", "sheet", "actor"],
    position: { width: 680, height: 720 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      toggleMode: OmnibusActorSheet.#onToggleMode,
      roll: OmnibusActorSheet.#onRoll,
      itemRoll: OmnibusActorSheet.#onItemRoll,
      itemPost: OmnibusActorSheet.#onItemPost,
      itemCreate: OmnibusActorSheet.#onItemCreate,
      itemEdit: OmnibusActorSheet.#onItemEdit,
      itemDelete: OmnibusActorSheet.#onItemDelete,
      advance: OmnibusActorSheet.#onAdvance,
      openCreation: OmnibusActorSheet.#onOpenCreation,
      undoAdvance: OmnibusActorSheet.#onUndoAdvance,
      effectCreate: OmnibusActorSheet.#onEffectCreate,
      effectEdit: OmnibusActorSheet.#onEffectEdit,
      effectToggle: OmnibusActorSheet.#onEffectToggle,
      effectDelete: OmnibusActorSheet.#onEffectDelete,
    },
  };

  /** Header and tab navigation: keep these first in a subclass's PARTS. */
  static BASE_PARTS: Record<string, HbsPart> = {
    header: { template: templatePath("shared/actor-header") },
    tabs: { template: templatePath("shared/tabs") },
  };

  static override PARTS: Record<string, HbsPart> = {
    ...OmnibusActorSheet.BASE_PARTS,
    items: { template: templatePath("shared/items-tab"), scrollable: [""] },
    notes: { template: templatePath("shared/notes-tab"), scrollable: [""] },
  };

  /** The sheet's tabs (group "primary"), one per tab part. */
  static SHEET_TABS: TabDefinition[] = [
    { id: "items", label: "OMNIBUS.Sheet.Tab.Items", icon: "fa-solid fa-suitcase" },
    { id: "notes", label: "OMNIBUS.Sheet.Tab.Notes", icon: "fa-solid fa-book" },
  ];

  /** Item types shown on the items tab, in order (default: the active ruleset's item types). */
  static ITEM_TYPES: string[] | null = null;

  /** Edit mode: inputs unlocked. Starts in view mode; not remembered across sheet openings. */
  editMode = false;

  get ruleset(): string {
    return rulesetOfType(this.document.type) ?? activeRulesetId();
  }

  override async _prepareContext(options: RenderOptions): Promise<never> {
    const base = await super._prepareContext(options);
    const ctor = this.constructor as typeof OmnibusActorSheet;
    const tabGroups = (this as unknown as { tabGroups: Record<string, string | null> }).tabGroups;
    const actor = this.document;
    const system = actor.system as unknown as Record<string, unknown>;
    const enrichedDescription = await enrichDescription(actor);
    const context = actorSheetContext({
      ruleset: this.ruleset,
      actor: {
        id: actor.id ?? "",
        uuid: actor.uuid,
        name: readerName(actor),
        img: actor.img,
        type: actor.type,
        system,
        items: actor.items.contents.map((i) => ({
          id: i.id ?? "",
          name: readerName(i),
          img: i.img,
          type: i.type,
          sort: i.sort,
          system: i.system as unknown as Record<string, unknown>,
        })),
      },
      editable: this.isEditable,
      editMode: this.editMode,
      tabs: ctor.SHEET_TABS,
      activeTab: tabGroups.primary,
      itemTypes: ctor.ITEM_TYPES ?? Object.keys(activeRuleset()?.itemTypes ?? {}),
      enrichedDescription,
      advanceTable: isRulesetId(this.ruleset) ? advanceTable(this.ruleset) : undefined,
      description: readerDescription(actor),
      // A running timer shows what is left of it now (the sheet redraws when the actor changes).
      effects: effectRowInput(actor as never, timerNow(game.combat as never)),
    });
    tabGroups.primary = context.tab;
    const canCreate =
      this.isEditable &&
      CREATION_TYPES.includes(actor.type) &&
      !(actor.flags as { omnibus?: { creation?: { finished?: unknown } } } | undefined)?.omnibus?.creation?.finished;
    return { ...base, ...context, canCreate, ...(await this.prepareRulesetContext(context)) } as never;
  }

  /**
   * The name and description a reader edits are those of their language (language.ts): the submit
   * sends them to that language's slots, so a Russian reader never overwrites the English text.
   */
  override _prepareSubmitData(
    ...args: Parameters<InstanceType<typeof ActorSheetV2>["_prepareSubmitData"]>
  ): ReturnType<InstanceType<typeof ActorSheetV2>["_prepareSubmitData"]> {
    const data = super._prepareSubmitData(...args) as unknown as Record<string, unknown>;
    return readerSubmit(this.document, data) as never;
  }

  /** A ruleset's sheet adds its own context here (plain functions of `context.system` preferred). */
  protected async prepareRulesetContext(_context: ActorSheetContext): Promise<Record<string, unknown>> {
    return {};
  }

  constructor(...args: ConstructorParameters<typeof ActorSheetV2>) {
    super(...args);
    (this.options.classes as string[]).push(`omnibus-${this.ruleset}`);
  }

  /**
   * Every item row (any element with `data-item-id`, in any ruleset's tabs) gets a context menu
   * with "Post to chat" (v13 `foundry.applications.ux.ContextMenu.implementation`, `{jQuery: false}`:
   * entries `{name, icon, callback(target)}`), so the rulesets' own rows need no extra button.
   */
  override async _onFirstRender(...args: Parameters<InstanceType<typeof ActorSheetV2>["_onFirstRender"]>): Promise<void> {
    await super._onFirstRender(...args);
    const Menu = (foundry.applications.ux as unknown as { ContextMenu?: { implementation: new (...a: unknown[]) => unknown } }).ContextMenu
      ?.implementation;
    if (!Menu) return;
    new Menu(
      this.element,
      "[data-item-id]",
      [
        {
          name: "OMNIBUS.PostItem.Post",
          icon: '<i class="fa-solid fa-comment"></i>',
          callback: (target: HTMLElement) => {
            const item = this.#item(target);
            if (item) void postItem(item);
          },
        },
      ],
      { jQuery: false },
    );
  }

  #item(target: HTMLElement): Item.Implementation | undefined {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    return id ? this.document.items.get(id) : undefined;
  }

  static async #onToggleMode(this: OmnibusActorSheet): Promise<void> {
    if (!this.isEditable) return;
    this.editMode = !this.editMode;
    await this.render();
  }

  static async #onRoll(this: OmnibusActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const dataset = { ...target.dataset } as Record<string, string>;
    await runCheck(
      { actor: this.document, kind: dataset.check ?? "check", dataset, targets: currentTargets(this.document) },
      clickRollOptions(),
    );
  }

  static async #onItemRoll(this: OmnibusActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.#item(target);
    if (item) await rollItem(item, clickRollOptions());
  }

  static async #onItemPost(this: OmnibusActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.#item(target);
    if (item) await postItem(item);
  }

  static async #onItemCreate(this: OmnibusActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const type = target.dataset.type ?? "";
    if (!this.isEditable || !actorAcceptsItem(this.document, type)) {
      notify("warn", "OMNIBUS.Sheet.ItemRefused", { item: localize(`TYPES.Item.${type}`), actor: this.document.name ?? "" });
      return;
    }
    const name = localize("OMNIBUS.Sheet.NewItem", { type: localize(`TYPES.Item.${type}`) });
    await this.document.createEmbeddedDocuments("Item", [{ name, type } as never]);
  }

  static async #onItemEdit(this: OmnibusActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    // ApplicationV2: `render(true)` is deprecated; fvtt-types 13.345 still types Item#sheet's render as V1's.
    const sheet = this.#item(target)?.sheet as unknown as { render(options: { force: boolean }): Promise<unknown> } | null | undefined;
    await sheet?.render({ force: true });
  }

  /** An Advance button: `data-advance-kind`, `-key`, `-item`, `-index` name the trait. */
  static async #onAdvance(this: OmnibusActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    if (!this.isEditable) return;
    const d = target.dataset;
    const index = d.advanceIndex ? Number(d.advanceIndex) : undefined;
    let name: string | undefined;
    if (d.advanceKind === "specialty") {
      name = (await askSpecialtyName()) ?? undefined;
      if (!name) return;
    }
    await advanceTrait(
      this.document as never,
      {
        ...(name ? { name } : {}),
        kind: d.advanceKind ?? "",
        ...(d.advanceKey ? { key: d.advanceKey } : {}),
        ...(d.advanceItem ? { itemId: d.advanceItem } : {}),
        ...(index !== undefined && Number.isInteger(index) ? { index } : {}),
      },
      { outOfCareer: event.shiftKey },
    );
  }

  static async #onOpenCreation(this: OmnibusActorSheet): Promise<void> {
    await openCreationWindow(this.document as never);
  }

  static async #onUndoAdvance(this: OmnibusActorSheet): Promise<void> {
    if (!this.isEditable) return;
    await undoLastAdvance(this.document as never);
  }

  static async #onItemDelete(this: OmnibusActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (!this.isEditable) return;
    await this.#item(target)?.deleteDialog();
  }

  /** The effect a row names: the actor's own, or one on the row's item (`data-item-id`). */
  #effect(target: HTMLElement): ActiveEffect.Implementation | undefined {
    const row = target.closest<HTMLElement>("[data-effect-id]");
    const id = row?.dataset.effectId;
    if (!id) return undefined;
    const itemId = row?.dataset.itemId;
    const owner = itemId ? this.document.items.get(itemId) : this.document;
    return (owner?.effects as unknown as { get(id: string): ActiveEffect.Implementation | undefined } | undefined)?.get(id);
  }

  static async #onEffectCreate(this: OmnibusActorSheet): Promise<void> {
    if (!this.isEditable) return;
    const name = localize("OMNIBUS.Effects.New");
    const created = (await this.document.createEmbeddedDocuments("ActiveEffect", [
      { name, img: "icons/svg/aura.svg", origin: this.document.uuid } as never,
    ])) as unknown as Array<{ sheet?: unknown }>;
    const sheet = created?.[0]?.sheet as { render(options: { force: boolean }): Promise<unknown> } | null | undefined;
    await sheet?.render({ force: true });
  }

  static async #onEffectEdit(this: OmnibusActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const sheet = this.#effect(target)?.sheet as unknown as { render(options: { force: boolean }): Promise<unknown> } | null | undefined;
    await sheet?.render({ force: true });
  }

  static async #onEffectToggle(this: OmnibusActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (!this.isEditable) return;
    const effect = this.#effect(target);
    if (effect) await effect.update({ disabled: !effect.disabled } as never);
  }

  static async #onEffectDelete(this: OmnibusActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (!this.isEditable) return;
    await this.#effect(target)?.deleteDialog();
  }
}
