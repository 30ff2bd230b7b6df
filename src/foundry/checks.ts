/**
 * Running a check: adapter builds the request → roll dialog (or not, with shift-click) → adapter
 * rolls and posts the card. Used by the sheets, the hotbar macros and `game.omnibus.check`.
 */
import { currentRollMode } from "./chat/cards";
import { promptCheck } from "./dialogs/roll-dialog";
import { notify, notifyError } from "./i18n";
import { activeRuleset } from "./registry";
import type { CheckSource } from "./ruleset";
import { wantsRollDialog } from "./settings";
import { currentTargets } from "./targets";

export interface RunCheckOptions {
  /** The click's shift key (inverts the roll-dialog setting). */
  shiftKey?: boolean;
  /** Skip the dialog outright (macros). */
  skipDialog?: boolean;
}

/** Runs a check end to end. Resolves with the adapter's roll result, or null when nothing was rolled. */
export async function runCheck(source: CheckSource, options: RunCheckOptions = {}): Promise<unknown> {
  const checks = activeRuleset()?.checks;
  if (!checks) {
    notify("warn", "OMNIBUS.Check.Unavailable");
    return null;
  }
  try {
    const request = await checks.build(source);
    if (!request) return null;
    let values = { ...request.values };
    let rollMode = currentRollMode();
    const dialog = options.skipDialog ? false : wantsRollDialog(Boolean(options.shiftKey));
    if (dialog) {
      const chosen = await promptCheck(request, checks.odds?.bind(checks), rollMode);
      if (!chosen) return null;
      values = chosen.values;
      rollMode = chosen.rollMode;
    }
    return await checks.roll(request, values, { rollMode });
  } catch (error) {
    notifyError(error);
    return null;
  }
}

/** Rolls an item: the adapter's `rollItem`, else a check of kind "item". */
export async function rollItem(item: Item.Implementation, options: RunCheckOptions = {}): Promise<unknown> {
  const adapter = activeRuleset();
  const skipDialog = options.skipDialog ?? !wantsRollDialog(Boolean(options.shiftKey));
  if (adapter?.rollItem) {
    try {
      return await adapter.rollItem(item, { skipDialog });
    } catch (error) {
      notifyError(error);
      return null;
    }
  }
  const actor = (item.parent ?? null) as Actor.Implementation | null;
  return runCheck({ actor, item, kind: "item", dataset: { itemId: item.id ?? "" }, targets: currentTargets(actor) }, { skipDialog });
}
