/**
 * The active ruleset's rules options in one window (issue 19), instead of a flat list in the
 * settings window: registered with `game.settings.registerMenu` (GM only, `restricted`), opened
 * from Game Settings → System Settings. The window (an ApplicationV2 form,
 * templates/dialog/settings-menu.hbs) shows the options by topic and, beside each, the exact odds
 * of the ruleset's reference checks for each of its values; the view and the checks of the input
 * are plain (src/rules/table/settings-menu.ts, the ruleset's table in src/rules/<id>/table/settings.ts).
 *
 * On save it reads every option from the form, refuses the whole form with a message naming the
 * option when one value is not one of its choices or outside its range (nothing is written), and
 * writes only the values that changed. Only a GM may save; the setting keys and defaults are the
 * options' own (settings.ts), so a world keeps its values.
 */
import type { RulesetId } from "../rules/index";
import {
  changedValues,
  readMenuInput,
  settingsMenuView,
  type SettingsMenuTable,
  type SettingsMenuView,
} from "../rules/table/settings-menu";
import { isCheckbox } from "./compat";
import { localize, notify, notifyError } from "./i18n";
import { SYSTEM_ID, activeRuleset, getRuleset } from "./registry";
import type { SettingSpec } from "./ruleset";
import { readRulesetSettings, rulesetSettingKey, settingsStore } from "./settings";
import { templatePath } from "./templates/helpers";

export const SETTINGS_MENU_TEMPLATE = templatePath("dialog/settings-menu");

/** The menu's key in the `omnibus` namespace: `d6_rulesMenu`. */
export function settingsMenuKey(ruleset: RulesetId): string {
  return rulesetSettingKey(ruleset, "rulesMenu");
}

const { HandlebarsApplicationMixin, ApplicationV2 } = foundry.applications.api;
const HbsApp = HandlebarsApplicationMixin(ApplicationV2) as unknown as typeof ApplicationV2 & {
  PARTS: Record<string, { template: string; scrollable?: string[] }>;
};

const isGM = (): boolean => (game as { user?: { isGM?: boolean } | null }).user?.isGM === true;

/**
 * The settings menu of one ruleset. Foundry opens a menu with `new type()`, so each ruleset gets
 * its own subclass (`settingsMenuClass`) that names the ruleset.
 */
export class RulesetSettingsMenu extends HbsApp {
  /** The ruleset this window edits (set by `settingsMenuClass`). */
  static ruleset: RulesetId | null = null;

  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["omnibus", "omnibus-settings-menu"],
    position: { width: 640, height: 720 },
    window: { resizable: true, icon: "fa-solid fa-sliders" },
    form: { handler: RulesetSettingsMenu.#onSubmit, submitOnChange: false, closeOnSubmit: false },
  } as never;

  static override PARTS = { form: { template: SETTINGS_MENU_TEMPLATE, scrollable: [".omnibus-settings-menu-groups"] } };

  readonly ruleset: RulesetId;
  /** What the form holds and is not saved yet (valid values only): the previews follow it. */
  #pending: Record<string, boolean | number | string> = {};
  /** The form survives re-renders: bind its change listener once. */
  #listening = false;

  constructor(options: Record<string, unknown> = {}) {
    const ruleset = (new.target as typeof RulesetSettingsMenu).ruleset ?? activeRuleset()?.id ?? "d6";
    super({ id: `omnibus-settings-menu-${ruleset}`, ...options } as never);
    this.ruleset = ruleset;
  }

  /** The ruleset's menu table and the options it lists. */
  get table(): SettingsMenuTable | null {
    return getRuleset(this.ruleset)?.settingsMenu ?? null;
  }

  get specs(): SettingSpec[] {
    const keys = new Set(this.table?.groups.flatMap((g) => g.keys) ?? []);
    return (getRuleset(this.ruleset)?.settings ?? []).filter((s) => keys.has(s.key));
  }

  override get title(): string {
    const table = this.table;
    return table ? localize(table.title) : "";
  }

  /** The view from the stored values (unset ones read as their defaults) and the form's unsaved ones. */
  view(): SettingsMenuView | null {
    const table = this.table;
    if (!table) return null;
    const stored = readRulesetSettings(this.ruleset, this.specs);
    return settingsMenuView(table, this.specs, { ...stored, ...this.#pending }, isGM(), stored);
  }

  /**
   * A value changed in the form: when every value reads well, the previews are computed again with
   * the form's values (nothing is saved); a bad value waits for the save, which names it.
   */
  preview(raw: Record<string, unknown>): boolean {
    const { values, errors } = readMenuInput(this.specs, raw);
    if (errors.length > 0) return false;
    this.#pending = values;
    return true;
  }

  override async _onRender(context: never, options: never): Promise<void> {
    await super._onRender(context, options);
    if (this.#listening) return;
    this.#listening = true;
    const form = this.element as HTMLFormElement;
    form.addEventListener("change", () => {
      if (this.preview(this.readForm(form))) void this.render();
    });
  }

  override async _prepareContext(): Promise<never> {
    return (this.view() ?? { title: "", groups: [], checks: [], canEdit: false }) as never;
  }

  /**
   * Saves what the form holds (`raw`: spec key → the form's value, a checkbox as true/false).
   * Refuses a non-GM and a form with any bad value (each named in a warning; nothing is written);
   * otherwise writes the changed values only. Resolves whether it saved.
   */
  async save(raw: Record<string, unknown>): Promise<boolean> {
    if (!isGM()) {
      notify("warn", "OMNIBUS.SettingsMenu.GMOnly");
      return false;
    }
    const specs = this.specs;
    const { values, errors } = readMenuInput(specs, raw);
    if (errors.length > 0) {
      for (const e of errors) notify("warn", e.message, { ...e.data, option: localize(String(e.data.option)) });
      return false;
    }
    const changed = changedValues(specs, readRulesetSettings(this.ruleset, specs), values);
    const keys = Object.keys(changed);
    try {
      for (const key of keys) await settingsStore().set(SYSTEM_ID, rulesetSettingKey(this.ruleset, key), changed[key]);
    } catch (e) {
      notifyError(e);
      return false;
    }
    this.#pending = {};
    if (keys.length === 0) notify("info", "OMNIBUS.SettingsMenu.NothingChanged");
    else notify("info", "OMNIBUS.SettingsMenu.Saved", { count: keys.length });
    if (specs.some((s) => s.requiresReload && keys.includes(s.key))) notify("warn", "OMNIBUS.SettingsMenu.ReloadNeeded");
    return true;
  }

  /** The form's values by spec key, as `save` takes them. */
  readForm(form: HTMLFormElement): Record<string, unknown> {
    const raw: Record<string, unknown> = {};
    for (const spec of this.specs) {
      const input = form.elements.namedItem(spec.key) as HTMLInputElement | HTMLSelectElement | null;
      if (!input) continue;
      // No `instanceof HTMLInputElement`: a popped-out window's elements belong to another window (v14).
      raw[spec.key] = isCheckbox(input) ? input.checked : input.value;
    }
    return raw;
  }

  static async #onSubmit(this: RulesetSettingsMenu, _event: Event, form: HTMLFormElement): Promise<void> {
    if (await this.save(this.readForm(form))) await this.close();
  }
}

/** The menu class of one ruleset (what `registerMenu`'s `type` takes: Foundry constructs it without arguments). */
export function settingsMenuClass(ruleset: RulesetId): typeof RulesetSettingsMenu {
  return class extends RulesetSettingsMenu {
    static override ruleset: RulesetId | null = ruleset;
  };
}

/** Registers the active ruleset's rules menu (GM only), when its adapter has one. */
export function registerSettingsMenu(active: RulesetId): void {
  const table = getRuleset(active)?.settingsMenu;
  if (!table) return;
  settingsStore().registerMenu(SYSTEM_ID, settingsMenuKey(active), {
    name: table.title,
    label: "OMNIBUS.SettingsMenu.Open",
    hint: table.hint,
    icon: "fa-solid fa-sliders",
    type: settingsMenuClass(active),
    restricted: true,
  });
}
