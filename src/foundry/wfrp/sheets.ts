/**
 * The `wfrp` sheets on the shared base sheets. Actor: Main (characteristics row — initial, advances,
 * current, bonus — Wounds from the formula, Advantage, Fate/Fortune, Resilience/Resolve, movement,
 * Conditions), Skills (totals, roll buttons), Combat (weapons with attack buttons, armour by
 * location, On the Defensive), Items (talents, trappings), Notes. Item: one details part per type.
 *
 * Counters (Wounds, Advantage, Fortune, Resolve, Conditions) have +/− buttons that work in view mode
 * (`data-action="adjust" data-path="system.advantage" data-delta="1"`); the data model's bounds
 * clean the result. A Condition item dropped on the sheet adds one of that Condition instead of an item.
 */
import { spendResolve } from "./resolve/actions";
import { notify } from "../i18n";
import { OmnibusActorSheet, type HbsPart } from "../sheets/actor-sheet";
import type { ActorSheetContext, ItemSheetContext } from "../../rules/table/sheet-context";
import { OmnibusItemSheet, viewedSceneUnits } from "../sheets/item-sheet";
import { templatePath } from "../templates/helpers";
import { ACTOR_TABS, ITEMS_TAB_TYPES, wfrpActorContext, wfrpItemContext } from "../../rules/wfrp/table/sheet-context";
import { CONDITIONS, NON_STACKING_CONDITIONS } from "../../rules/wfrp/index";

export const ACTOR_PARTS: Record<string, HbsPart> = {
  ...OmnibusActorSheet.BASE_PARTS,
  main: { template: templatePath("wfrp/actor/main"), scrollable: [""] },
  skills: { template: templatePath("wfrp/actor/skills"), scrollable: [""] },
  combat: { template: templatePath("wfrp/actor/combat"), scrollable: [""] },
  items: { template: templatePath("shared/items-tab"), scrollable: [""] },
  notes: { template: templatePath("shared/notes-tab"), scrollable: [""] },
};

/** Paths the +/− buttons may change, with their bounds (mirroring the schema). */
const ADJUSTABLE: Record<string, [number, number]> = {
  "system.health.value": [0, 9999],
  "system.advantage": [0, 999],
  "system.fortune": [0, 99],
  "system.resolve": [0, 99],
  "system.criticalWounds": [0, 99],
  ...Object.fromEntries(
    CONDITIONS.map((c) => [`system.conditions.${c}`, [0, NON_STACKING_CONDITIONS.includes(c) ? 1 : 99] as [number, number]]),
  ),
};

export class WfrpActorSheet extends OmnibusActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["omnibus", "sheet", "actor", "wfrp"],
    position: { width: 760, height: 760 },
    actions: { adjust: WfrpActorSheet.#onAdjust, spendResolve: WfrpActorSheet.#onSpendResolve },
  };

  static override PARTS = ACTOR_PARTS;
  static override SHEET_TABS = ACTOR_TABS;
  static override ITEM_TYPES = ITEMS_TAB_TYPES;

  protected override async prepareRulesetContext(context: ActorSheetContext): Promise<Record<string, unknown>> {
    const statuses = [...((this.document as unknown as { statuses?: Set<string> }).statuses ?? [])];
    // Walk and run in the viewed scene's unit (a metre grid reads metres).
    return wfrpActorContext(context, statuses, viewedSceneUnits());
  }

  static async #onAdjust(this: WfrpActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (!this.isEditable) return;
    const path = target.dataset.path ?? "";
    const delta = Number(target.dataset.delta);
    const bounds = Object.hasOwn(ADJUSTABLE, path) ? ADJUSTABLE[path] : undefined;
    if (!bounds || !Number.isInteger(delta)) return;
    const current = Number(foundry.utils.getProperty(this.document, path) ?? 0);
    const next = Math.min(bounds[1], Math.max(bounds[0], current + delta));
    if (next !== current) await this.document.update({ [path]: next } as never);
  }

  /** Spends a Resolve point to end Surprised (003:L319). */
  static async #onSpendResolve(this: WfrpActorSheet): Promise<void> {
    if (this.isEditable) await spendResolve(this.document as never);
  }

  /** A Condition item dropped here adds one of that Condition (no item is created). */
  async _onDropItem(event: DragEvent, item: Item.Implementation): Promise<unknown> {
    if ((item.type as string) === "wfrp_condition") {
      const key = String((item.system as unknown as { key?: string }).key ?? "");
      const path = `system.conditions.${key}`;
      if (!this.isEditable || !Object.hasOwn(ADJUSTABLE, path)) {
        notify("warn", "OMNIBUS.WFRP.Sheet.ConditionRefused");
        return null;
      }
      const current = Number(foundry.utils.getProperty(this.document, path) ?? 0);
      return this.document.update({ [path]: Math.min(ADJUSTABLE[path][1], current + 1) } as never);
    }
    const parent = Object.getPrototypeOf(WfrpActorSheet.prototype) as {
      _onDropItem?: (e: DragEvent, i: Item.Implementation) => Promise<unknown>;
    };
    return parent._onDropItem?.call(this, event, item) ?? null;
  }
}

export const ITEM_PARTS: Record<string, HbsPart> = {
  ...OmnibusItemSheet.BASE_PARTS,
  details: { template: templatePath("wfrp/item/details"), scrollable: [""] },
  description: OmnibusItemSheet.DESCRIPTION_PART,
};

export class WfrpItemSheet extends OmnibusItemSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["omnibus", "sheet", "item", "wfrp"],
    position: { width: 560, height: 660 },
  };

  static override PARTS = ITEM_PARTS;

  protected override async prepareRulesetContext(context: ItemSheetContext): Promise<Record<string, unknown>> {
    // An extended test's tracker is the GM's to write (extended/checks.ts): a player sees it, read-only.
    return { ...wfrpItemContext(context), playerTracker: !game.user?.isGM };
  }
}
