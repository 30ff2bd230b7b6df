/**
 * The one-time question on a new world: at `ready`, the active GM is asked which ruleset the world
 * plays (until a GM has answered once). Choosing stores the setting and reloads if it changed.
 */
import { RULESET_IDS, isRulesetId } from "../../rules/index";
import { localize } from "../i18n";
import { SYSTEM_ID } from "../registry";
import { SETTING, settingsStore, storedRuleset } from "../settings";
import { templatePath } from "../templates/helpers";

/** The dialog's context (plain data). */
export function chooseRulesetContext(current: string): { rulesets: Array<{ id: string; label: string; hint: string; checked: boolean }> } {
  return {
    rulesets: RULESET_IDS.map((id) => ({
      id,
      label: `OMNIBUS.Ruleset.${id}`,
      hint: `OMNIBUS.Ruleset.Hint.${id}`,
      checked: id === current,
    })),
  };
}

export function shouldAskRuleset(): boolean {
  const user = game.user;
  if (!user?.isGM || game.users?.activeGM?.id !== user.id) return false;
  return settingsStore().get(SYSTEM_ID, SETTING.rulesetChosen) !== true;
}

export async function askRuleset(): Promise<void> {
  const current = storedRuleset();
  const content = await foundry.applications.handlebars.renderTemplate(
    templatePath("dialog/choose-ruleset"),
    chooseRulesetContext(current),
  );
  const DialogV2 = foundry.applications.api.DialogV2 as unknown as {
    wait(config: Record<string, unknown>): Promise<unknown>;
  };
  const choice = await DialogV2.wait({
    window: { title: localize("OMNIBUS.ChooseRuleset.Title") },
    classes: ["omnibus", "omnibus-choose-ruleset"],
    content,
    rejectClose: false,
    buttons: [
      {
        action: "choose",
        label: localize("OMNIBUS.ChooseRuleset.Confirm"),
        icon: "fa-solid fa-check",
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) => {
          const checked = button.form?.querySelector<HTMLInputElement>("input[name=ruleset]:checked");
          return checked?.value ?? null;
        },
      },
    ],
  });
  if (!isRulesetId(choice)) return;
  const store = settingsStore();
  await store.set(SYSTEM_ID, SETTING.rulesetChosen, true);
  if (choice !== current) {
    await store.set(SYSTEM_ID, SETTING.ruleset, choice);
    // Every connected client must reload too, as core's settings form does for a world setting
    // with requiresReload (the core socket event "reload").
    (game.socket as unknown as { emit(event: string): void } | null)?.emit("reload");
    foundry.utils.debouncedReload();
  }
}
