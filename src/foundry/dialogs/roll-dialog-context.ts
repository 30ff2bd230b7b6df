/**
 * The roll dialog's context as a plain function (no Foundry globals), so the gallery can render the
 * dialog from a sample CheckRequest, and the field parsing the dialog applies to user input.
 */
import { effectContributions, formatContribution } from "../../core/effects";
import { OmnibusError } from "../../core/errors";
import { errorNotice, isOmnibusError } from "../i18n";
import type { CheckField, CheckRequest, CheckValue, CheckValues, OddsLine } from "../ruleset";

export interface DialogOption {
  value: string;
  label: string;
  selected: boolean;
}

export interface DialogField extends CheckField {
  value: CheckValue;
  checked: boolean;
  options: DialogOption[];
  isNumber: boolean;
  isSelect: boolean;
  isCheckbox: boolean;
  /** A rare option set away from its default (counted on the "More options" disclosure). */
  isSet: boolean;
}

export interface RollDialogContext {
  ruleset: string;
  title: string;
  subtitle: string;
  /** The common fields, in view. */
  fields: DialogField[];
  /** The rarely used ones (CheckField.rare), behind a disclosure; `rareSet` of them are set. */
  rareFields: DialogField[];
  rareSet: number;
  odds: OddsLine[];
  /** Why no odds can be shown (invalid values): an i18n key and its data. */
  oddsError: { key: string; data: Record<string, string | number> } | null;
  /** The values can be rolled but exact odds are not computed for a roll this large (`oddsTooLarge`). */
  oddsTooLarge: boolean;
  hasOdds: boolean;
  canRoll: boolean;
  rollModes: DialogOption[];
  targets: CheckRequest["targets"];
  /** Each Active Effect's contribution to this check (already in the odds): its name and a signed value. */
  effects: Array<{ name: string; value: string }>;
}

/** The modes offered (compat.ts `messageModes()`: v13 CONFIG.Dice.rollModes, v14 CONFIG.ChatMessage.modes): mode → { label, icon }. */
export type RollModes = Record<string, { label: string; icon?: string }>;

export function rollDialogContext<R extends CheckRequest>(
  request: R,
  values: CheckValues,
  odds: ((request: R, values: CheckValues) => OddsLine[]) | undefined,
  rollMode: string,
  rollModes: RollModes,
): RollDialogContext {
  const all: DialogField[] = request.fields.map((field) => {
    const value = values[field.name] ?? request.values[field.name] ?? "";
    const initial = request.values[field.name] ?? (field.kind === "checkbox" ? false : "");
    return {
      isSet: String(value) !== String(initial),
      ...field,
      value,
      checked: value === true,
      options: Object.entries(field.choices ?? {}).map(([v, label]) => ({ value: v, label, selected: String(value) === v })),
      isNumber: field.kind === "number",
      isSelect: field.kind === "select",
      isCheckbox: field.kind === "checkbox",
    };
  });
  const fields = all.filter((f) => !f.rare);
  const rareFields = all.filter((f) => f.rare);
  let lines: OddsLine[] = [];
  let oddsError: RollDialogContext["oddsError"] = null;
  let oddsTooLarge = false;
  if (odds) {
    try {
      lines = odds(request, values);
    } catch (error) {
      if (!isOmnibusError(error)) throw error;
      // Too large for exact odds is not a bad value: the roll itself works (say so, keep Roll enabled).
      if (error.code === "oddsTooLarge") oddsTooLarge = true;
      else oddsError = errorNotice(error);
    }
  }
  return {
    ruleset: request.ruleset,
    title: request.title,
    subtitle: request.subtitle ?? "",
    fields,
    rareFields,
    rareSet: rareFields.filter((f) => f.isSet).length,
    odds: lines,
    oddsError,
    oddsTooLarge,
    hasOdds: Boolean(odds),
    canRoll: oddsError === null,
    rollModes: Object.entries(rollModes).map(([value, mode]) => ({ value, label: mode.label, selected: value === rollMode })),
    targets: request.targets,
    effects: request.effects
      ? effectContributions(request.effects.effects, request.effects.keys, values).map((c) => ({
          name: c.name,
          value: formatContribution(c.value, request.effects!.unit),
        }))
      : [],
  };
}

export type ParsedField = { ok: true; value: CheckValue } | { ok: false; error: OmnibusError };

/** Parses one field's raw form value; a number out of its range or not a whole number is refused. */
export function parseFieldInput(field: CheckField, raw: unknown): ParsedField {
  if (field.kind === "checkbox") return { ok: true, value: raw === true || raw === "on" || raw === "true" };
  if (field.kind === "select") {
    const value = String(raw ?? "");
    if (field.choices && !Object.hasOwn(field.choices, value)) {
      return {
        ok: false,
        error: new OmnibusError("badArgument", `${field.name}: "${value}" is not a choice`, { name: field.name, value }),
      };
    }
    return { ok: true, value };
  }
  const text = String(raw ?? "")
    .trim()
    .replace("\u2212", "-");
  const n = text === "" ? NaN : Number(text);
  const step = field.step ?? 1;
  const integral = Number.isInteger(step);
  const min = field.min ?? -Infinity;
  const max = field.max ?? Infinity;
  if (!Number.isFinite(n) || (integral && !Number.isInteger(n)) || n < min || n > max) {
    return {
      ok: false,
      error: new OmnibusError("outOfRange", `${field.name} must be ${integral ? "a whole number " : ""}in ${min}…${max}, got "${text}"`, {
        name: field.name,
        value: text,
        min: Number.isFinite(min) ? String(min) : "−∞",
        max: Number.isFinite(max) ? String(max) : "∞",
      }),
    };
  }
  return { ok: true, value: n };
}

/**
 * Applies the form's raw values to `current`: valid fields change, invalid ones keep their previous
 * value and are reported. Returns the new values (a fresh object) and the errors.
 */
export function applyFieldInputs(
  fields: CheckField[],
  current: CheckValues,
  raw: Record<string, unknown>,
): { values: CheckValues; errors: OmnibusError[] } {
  const values: CheckValues = { ...current };
  const errors: OmnibusError[] = [];
  for (const field of fields) {
    const input = field.kind === "checkbox" ? (raw[field.name] ?? false) : raw[field.name];
    if (input === undefined) continue;
    const parsed = parseFieldInput(field, input);
    if (parsed.ok) values[field.name] = parsed.value;
    else errors.push(parsed.error);
  }
  return { values, errors };
}

/**
 * What a key pressed in the dialog does: Enter rolls from any field (not from a button, which clicks
 * itself, nor from a multi-line text box), Escape cancels; anything else is left to the browser.
 */
export function dialogKeyAction(key: string, target: { tagName?: string; type?: string } | null): "roll" | "cancel" | null {
  if (key === "Escape") return "cancel";
  if (key !== "Enter") return null;
  const tag = (target?.tagName ?? "").toUpperCase();
  if (tag === "BUTTON" || tag === "TEXTAREA" || tag === "SUMMARY" || tag === "A") return null;
  if (tag === "INPUT" && ["button", "submit", "reset"].includes(String(target?.type ?? "").toLowerCase())) return null;
  return "roll";
}
