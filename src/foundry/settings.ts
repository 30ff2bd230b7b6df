/**
 * The system's settings and the rulesets' rules options.
 *
 *  - `omnibus.ruleset` (world, GM): the ruleset this world plays; changing it requires a reload.
 *  - `omnibus.rulesetChosen` (world, hidden): whether a GM has confirmed the ruleset (new worlds ask
 *    once, at `ready`).
 *  - `omnibus.dataVersion` (world, hidden): per ruleset, the data version the world's documents were
 *    last migrated to (migrations.ts).
 *  - `omnibus.migrationRetry` (world, hidden): per ruleset, the documents that failed to migrate and
 *    the packs that were locked, with the version each is still at (migrations.ts retries them).
 *  - `omnibus.rollDialog` (client): whether a check opens the roll dialog (shift-click does the
 *    opposite: with the default, shift-click rolls with the defaults and no dialog).
 *  - every adapter's `SettingSpec` as `omnibus.<rulesetId>_<key>` (registered for all, so the values
 *    survive a switch). The options the adapter's `settingsMenu` lists are hidden (`config: false`)
 *    and edited in the active ruleset's menu (settings-menu.ts, issue 19); any other shows in the
 *    flat list only while that ruleset is active.
 *
 * game.settings is used through a small loose interface: the keys are built from the adapters at
 * run time, which fvtt-types' static SettingConfig cannot describe.
 */
import { RULESET_IDS, isRulesetId, type RulesetId } from "../rules/index";
import { menuKeys } from "../rules/table/settings-menu";
import { SYSTEM_ID, allRulesets } from "./registry";
import type { SettingSpec } from "./ruleset";

interface SettingsStore {
  register(namespace: string, key: string, data: Record<string, unknown>): void;
  registerMenu(namespace: string, key: string, data: Record<string, unknown>): void;
  get(namespace: string, key: string): unknown;
  set(namespace: string, key: string, value: unknown): Promise<unknown>;
}

export function settingsStore(): SettingsStore {
  return game.settings as unknown as SettingsStore;
}

export const SETTING = {
  ruleset: "ruleset",
  rulesetChosen: "rulesetChosen",
  rollDialog: "rollDialog",
  /** Per ruleset, the data version the world was last migrated to (migrations.ts). */
  dataVersion: "dataVersion",
  /** Per ruleset, the documents and packs a migration has not reached yet, with their version (migrations.ts). */
  migrationRetry: "migrationRetry",
} as const;

export const DEFAULT_RULESET: RulesetId = "d6";

/** The setting key of a ruleset option: `d6_wildDie`. */
export function rulesetSettingKey(ruleset: RulesetId, key: string): string {
  return `${ruleset}_${key}`;
}

const TYPE_CONSTRUCTORS = { boolean: Boolean, number: Number, string: String } as const;

/** Registers the system's own settings (before the active ruleset is known). */
export function registerSystemSettings(): void {
  const store = settingsStore();
  store.register(SYSTEM_ID, SETTING.ruleset, {
    name: "OMNIBUS.Setting.Ruleset.Name",
    hint: "OMNIBUS.Setting.Ruleset.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: Object.fromEntries(RULESET_IDS.map((id) => [id, `OMNIBUS.Ruleset.${id}`])),
    default: DEFAULT_RULESET,
    requiresReload: true,
  });
  store.register(SYSTEM_ID, SETTING.rulesetChosen, {
    scope: "world",
    config: false,
    type: Boolean,
    default: false,
  });
  store.register(SYSTEM_ID, SETTING.dataVersion, {
    scope: "world",
    config: false,
    type: Object,
    default: {},
  });
  store.register(SYSTEM_ID, SETTING.migrationRetry, {
    scope: "world",
    config: false,
    type: Object,
    default: {},
  });
  store.register(SYSTEM_ID, SETTING.rollDialog, {
    name: "OMNIBUS.Setting.RollDialog.Name",
    hint: "OMNIBUS.Setting.RollDialog.Hint",
    scope: "client",
    config: true,
    type: Boolean,
    default: true,
  });
}

/**
 * Registers every ruleset's options. An option of the ruleset's menu is hidden from the flat list
 * (the menu edits it); any other shows there only while its ruleset is active.
 */
export function registerRulesetSettings(active: RulesetId): void {
  for (const adapter of allRulesets()) {
    const inMenu = new Set(adapter.settingsMenu ? menuKeys(adapter.settingsMenu) : []);
    for (const spec of adapter.settings ?? []) registerRulesetSetting(adapter.id, spec, adapter.id === active && !inMenu.has(spec.key));
  }
}

function registerRulesetSetting(ruleset: RulesetId, spec: SettingSpec, shown: boolean): void {
  const data: Record<string, unknown> = {
    name: spec.name,
    scope: spec.scope ?? "world",
    config: shown,
    type: TYPE_CONSTRUCTORS[spec.type],
    default: spec.default,
    requiresReload: spec.requiresReload ?? false,
  };
  if (spec.hint) data.hint = spec.hint;
  if (spec.choices) data.choices = spec.choices;
  if (spec.range) data.range = spec.range;
  settingsStore().register(SYSTEM_ID, rulesetSettingKey(ruleset, spec.key), data);
}

/** The world's ruleset as stored; an unknown stored value falls back to the default. */
export function storedRuleset(): RulesetId {
  const value = settingsStore().get(SYSTEM_ID, SETTING.ruleset);
  return isRulesetId(value) ? value : DEFAULT_RULESET;
}

/** A ruleset option's current value. */
export function rulesetSetting<T extends boolean | number | string>(ruleset: RulesetId, key: string): T {
  return settingsStore().get(SYSTEM_ID, rulesetSettingKey(ruleset, key)) as T;
}

/**
 * A ruleset's options as stored, one entry per spec: a key that is unset or cannot be read yet
 * (before init) is left out, so the ruleset's pure reader (`…From(raw)`) gives it its default.
 */
export function readRulesetSettings(ruleset: RulesetId, specs: readonly SettingSpec[]): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const spec of specs) {
    try {
      const value: unknown = rulesetSetting(ruleset, spec.key);
      if (value !== undefined && value !== null) raw[spec.key] = value;
    } catch {
      /* unreadable: the default stands */
    }
  }
  return raw;
}

/** Whether a check opens the dialog, given the click's shift key. */
export function wantsRollDialog(shiftKey: boolean): boolean {
  const byDefault = settingsStore().get(SYSTEM_ID, SETTING.rollDialog) !== false;
  return shiftKey ? !byDefault : byDefault;
}
