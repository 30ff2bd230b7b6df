/**
 * Which items an actor accepts. Item drops onto any Omnibus actor sheet go through Foundry's
 * `dropActorSheetData` hook (system.ts), which refuses — with a notification, creating nothing —
 * an item of another ruleset or one the adapter's `acceptsItem` rejects.
 */
import { notify } from "../i18n";
import { activeRuleset, rulesetOfType } from "../registry";

/** Whether `actor` may hold an item of `itemType` under the active ruleset. */
export function actorAcceptsItem(actor: Actor.Implementation, itemType: string): boolean {
  const adapter = activeRuleset();
  if (!adapter || !Object.hasOwn(adapter.itemTypes, itemType)) return false;
  return adapter.acceptsItem ? adapter.acceptsItem(actor, itemType) : true;
}

/**
 * The `dropActorSheetData` hook, `(actor, sheet, data)` in v13
 * (https://foundryvtt.com/api/functions/hookEvents.dropActorSheetData.html): false (refused) for an
 * item this actor may not hold; ActorSheetV2 then creates nothing.
 */
export function filterItemDrop(actor: Actor.Implementation, _sheet: unknown, data: { type?: string; uuid?: string }): boolean | void {
  if (data?.type !== "Item" || !rulesetOfType(actor.type)) return;
  const item = data.uuid ? (fromUuidSync(data.uuid as never) as { type?: string; name?: string } | null) : null;
  if (!item?.type) return;
  if (actorAcceptsItem(actor, item.type)) return;
  notify("warn", "OMNIBUS.Sheet.ItemRefused", { item: item.name ?? "", actor: actor.name ?? "" });
  return false;
}
