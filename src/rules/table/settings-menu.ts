/**
 * A ruleset's settings menu as plain data (issue 19): its rules options grouped by topic, each with
 * its input and, where the option changes them, the exact odds of the ruleset's reference checks
 * for the option's current value and each alternative value. Each ruleset gives its table
 * (`src/rules/<id>/table/settings.ts`: the groups, the reference checks, how the stored values
 * change them); this module builds the menu's view from it and validates what the form sends back.
 * The Foundry window (src/foundry/settings-menu.ts) only reads the stored values and writes the
 * changed ones.
 *
 * The preview finds by itself which reference checks an option changes: it computes every check
 * for every value of the option (the others as they are) and keeps the checks whose odds differ.
 */
import type { SettingSpec } from "./types";

/** The stored values of a ruleset's options, by spec key (as `readRulesetSettings` gives them). */
export type MenuValues = Readonly<Record<string, unknown>>;

/** One check every preview is computed for (e.g. D6 "4D against Moderate (15)"). */
export interface ReferenceCheck {
  id: string;
  /** i18n key of the check's name. */
  label: string;
  /** The exact probability the check names, with the options as `values` give them (missing keys read as their defaults). */
  probability(values: MenuValues): number;
}

export interface SettingsMenuGroup {
  id: string;
  /** i18n key of the topic's heading. */
  label: string;
  /** The options of the topic, in the order shown (spec keys). */
  keys: readonly string[];
}

/** What a ruleset tells the menu. */
export interface SettingsMenuTable {
  /** i18n key of the menu's title (also the menu's name in the settings window). */
  title: string;
  /** i18n key of the line under the menu's button in the settings window. */
  hint: string;
  groups: readonly SettingsMenuGroup[];
  checks: readonly ReferenceCheck[];
  /** A number option's values to compare (its current value is always among them); a number option without samples shows no preview. */
  samples?: Readonly<Record<string, readonly number[]>>;
}

/** One value of an option as the menu names it: an i18n key, or a number written as it is. */
export interface MenuValueLabel {
  labelKey: string | null;
  number: number | null;
}

export interface PreviewRow extends MenuValueLabel {
  current: boolean;
  /** One probability per column of the preview (the checks this option changes). */
  cells: number[];
}

export interface OptionPreview {
  /** i18n keys of the checks this option changes. */
  checks: string[];
  rows: PreviewRow[];
}

export interface MenuChoice {
  value: string;
  label: string;
  selected: boolean;
}

export interface OptionRow {
  key: string;
  /** The form field's name. */
  name: string;
  /** The input's element id (its label's `for`). */
  id: string;
  label: string;
  hint: string | null;
  kind: "checkbox" | "select" | "number" | "text";
  checked: boolean;
  value: string;
  choices: MenuChoice[];
  min: number | null;
  max: number | null;
  step: number | null;
  preview: OptionPreview | null;
  /** The form holds another value than the stored one (not saved yet). */
  unsaved: boolean;
}

export interface MenuGroupView {
  id: string;
  label: string;
  options: OptionRow[];
}

export interface SettingsMenuView {
  title: string;
  groups: MenuGroupView[];
  /** The reference checks, for the menu's legend (i18n keys). */
  checks: string[];
  canEdit: boolean;
}

/** Two probabilities this close are the same (the odds are exact; this only absorbs rounding). */
const SAME = 1e-12;

const BOOLEAN_LABELS = { true: "OMNIBUS.SettingsMenu.On", false: "OMNIBUS.SettingsMenu.Off" } as const;

/** A spec's value as stored, or its default when unset or of the wrong type. */
export function currentValue(spec: SettingSpec, values: MenuValues): boolean | number | string {
  const v = values[spec.key];
  if (spec.type === "boolean") return typeof v === "boolean" ? v : spec.default;
  if (spec.type === "number") return typeof v === "number" && Number.isFinite(v) ? v : spec.default;
  return typeof v === "string" ? v : spec.default;
}

/** Every value the menu compares for an option: the current one first, then the others in the table's order. */
export function candidateValues(
  spec: SettingSpec,
  current: boolean | number | string,
  samples?: readonly number[],
): Array<boolean | number | string> {
  let all: Array<boolean | number | string>;
  if (spec.type === "boolean") all = [true, false];
  else if (spec.choices) all = Object.keys(spec.choices);
  else if (spec.type === "number") all = [...(samples ?? [])];
  else all = [];
  return [current, ...all.filter((v) => v !== current)];
}

function valueLabel(spec: SettingSpec, value: boolean | number | string): MenuValueLabel {
  if (typeof value === "boolean") return { labelKey: BOOLEAN_LABELS[String(value) as "true" | "false"], number: null };
  if (typeof value === "number") return { labelKey: null, number: value };
  return { labelKey: spec.choices?.[value] ?? null, number: null };
}

/**
 * The preview of one option: a row per value (the current one first and marked), a column per
 * reference check whose odds the option changes; null when it changes none of them.
 */
export function optionPreview(
  spec: SettingSpec,
  values: MenuValues,
  checks: readonly ReferenceCheck[],
  samples?: readonly number[],
): OptionPreview | null {
  const current = currentValue(spec, values);
  const candidates = candidateValues(spec, current, samples);
  if (candidates.length < 2 || checks.length === 0) return null;
  const grid = candidates.map((value) => checks.map((check) => check.probability({ ...values, [spec.key]: value })));
  const changed = checks.map((_, c) => grid.some((row) => Math.abs(row[c]! - grid[0]![c]!) > SAME));
  if (!changed.includes(true)) return null;
  return {
    checks: checks.filter((_, c) => changed[c]).map((check) => check.label),
    rows: candidates.map((value, r) => ({
      ...valueLabel(spec, value),
      current: r === 0,
      cells: grid[r]!.filter((_, c) => changed[c]),
    })),
  };
}

function optionRow(spec: SettingSpec, values: MenuValues, stored: MenuValues, table: SettingsMenuTable): OptionRow {
  const current = currentValue(spec, values);
  const kind = spec.type === "boolean" ? "checkbox" : spec.choices ? "select" : spec.type === "number" ? "number" : "text";
  return {
    key: spec.key,
    name: spec.key,
    id: `omnibus-settings-${spec.key}`,
    label: spec.name,
    hint: spec.hint ?? null,
    kind,
    checked: current === true,
    value: String(current),
    choices: Object.entries(spec.choices ?? {}).map(([value, label]) => ({ value, label, selected: value === String(current) })),
    min: spec.range?.min ?? null,
    max: spec.range?.max ?? null,
    step: spec.range?.step ?? null,
    preview: optionPreview(spec, values, table.checks, table.samples?.[spec.key]),
    unsaved: current !== currentValue(spec, stored),
  };
}

/**
 * The menu's view: the table's groups with each option's input and preview, from `values` (the
 * stored values, or what the form holds before it is saved: then each option whose value differs
 * from `stored` is marked unsaved).
 */
export function settingsMenuView(
  table: SettingsMenuTable,
  specs: readonly SettingSpec[],
  values: MenuValues,
  canEdit: boolean,
  stored: MenuValues = values,
): SettingsMenuView {
  const byKey = new Map(specs.map((s) => [s.key, s]));
  return {
    title: table.title,
    groups: table.groups.map((group) => ({
      id: group.id,
      label: group.label,
      options: group.keys.flatMap((key) => {
        const spec = byKey.get(key);
        return spec ? [optionRow(spec, values, stored, table)] : [];
      }),
    })),
    checks: table.checks.map((c) => c.label),
    canEdit,
  };
}

/** The spec keys a table's groups list (each option is in one group). */
export function menuKeys(table: SettingsMenuTable): string[] {
  return table.groups.flatMap((g) => [...g.keys]);
}

/** A refused value: the option's name and the reason, as i18n keys and their data. */
export interface MenuInputError {
  key: string;
  message: string;
  data: Record<string, string | number>;
}

/** What the form sends back, read against the specs. */
export interface MenuInput {
  /** Every option the form sent, as it will be stored. */
  values: Record<string, boolean | number | string>;
  errors: MenuInputError[];
}

function readOne(spec: SettingSpec, raw: unknown): { value: boolean | number | string } | { error: MenuInputError } {
  const refuse = (message: string, data: Record<string, string | number> = {}) => ({
    error: { key: spec.key, message, data: { option: spec.name, ...data } },
  });
  if (spec.type === "boolean") {
    if (typeof raw === "boolean") return { value: raw };
    if (raw === "true" || raw === "false") return { value: raw === "true" };
    return refuse("OMNIBUS.SettingsMenu.Error.NotOnOff");
  }
  if (spec.choices) {
    const text = typeof raw === "number" ? String(raw) : raw;
    if (typeof text === "string" && Object.hasOwn(spec.choices, text)) return { value: spec.type === "number" ? Number(text) : text };
    return refuse("OMNIBUS.SettingsMenu.Error.NotAChoice");
  }
  if (spec.type === "number") {
    const n = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw.trim().replace(",", ".")) : NaN;
    if (!Number.isFinite(n)) return refuse("OMNIBUS.SettingsMenu.Error.NotANumber");
    const range = spec.range;
    if (range) {
      if (n < range.min || n > range.max) return refuse("OMNIBUS.SettingsMenu.Error.OutOfRange", { min: range.min, max: range.max });
      const steps = (n - range.min) / range.step;
      if (Math.abs(steps - Math.round(steps)) > 1e-9) return refuse("OMNIBUS.SettingsMenu.Error.OffStep", { step: range.step });
      // Stored on the step's grid, without a binary fraction's tail (0.30000000000000004).
      const decimals = Math.max(0, (String(range.step).split(".")[1] ?? "").length, (String(range.min).split(".")[1] ?? "").length);
      return { value: Number((range.min + Math.round(steps) * range.step).toFixed(decimals)) };
    }
    return { value: n };
  }
  if (typeof raw === "string") return { value: raw };
  return refuse("OMNIBUS.SettingsMenu.Error.NotAChoice");
}

/**
 * Reads the form's values against the specs: a checkbox must be on or off, a select one of its
 * choices, a number a number within its range and on its step. An option the form did not send is
 * left out (it keeps its stored value); an option of another ruleset is ignored.
 */
export function readMenuInput(specs: readonly SettingSpec[], raw: Readonly<Record<string, unknown>>): MenuInput {
  const values: Record<string, boolean | number | string> = {};
  const errors: MenuInputError[] = [];
  for (const spec of specs) {
    if (!Object.hasOwn(raw, spec.key)) continue;
    const r = readOne(spec, raw[spec.key]);
    if ("error" in r) errors.push(r.error);
    else values[spec.key] = r.value;
  }
  return { values, errors };
}

/** The options whose value differs from the stored one (an unset option compares as its default). */
export function changedValues(
  specs: readonly SettingSpec[],
  stored: MenuValues,
  next: Readonly<Record<string, boolean | number | string>>,
): Record<string, boolean | number | string> {
  const changed: Record<string, boolean | number | string> = {};
  for (const spec of specs) {
    if (!Object.hasOwn(next, spec.key)) continue;
    if (next[spec.key] !== currentValue(spec, stored)) changed[spec.key] = next[spec.key]!;
  }
  return changed;
}
