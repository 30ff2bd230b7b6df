/**
 * A responder's dialog values as they cross to the GM (plain, no Foundry global): `choicesOf`
 * turns the values into short strings; `valuesFromChoices` reads them back on the GM against the
 * dialog's own fields (rebuilt there from the responder's actor), so a value outside a field's range
 * or choices, an unknown field or a malformed number is refused — the GM never takes a number the
 * dialog could not have produced.
 */
import { OmnibusError } from "../../core/errors";
import type { CheckField, CheckValues } from "../ruleset";

/** The dialog's values of its fields as strings (what a response message carries). */
export function choicesOf(values: CheckValues, fields: CheckField[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) if (Object.hasOwn(values, f.name)) out[f.name] = String(values[f.name]);
  return out;
}

const INTEGER = /^-?(0|[1-9][0-9]{0,3})$/;
/** A number field whose step is a fraction (a fall's height in half metres, gravity in thousandths of g) takes decimals. */
const DECIMAL = /^-?(0|[1-9][0-9]{0,4})(\.[0-9]{1,6})?$/;

/** The values for `fields` from `choices` (defaults for the ones not given); throws an OmnibusError on anything the dialog could not produce. */
export function valuesFromChoices(fields: CheckField[], defaults: CheckValues, choices: Record<string, string>): CheckValues {
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const key of Object.keys(choices))
    if (!byName.has(key)) throw new OmnibusError("badArgument", `the dialog has no field ${key}`, { name: key, value: "" });
  const values: CheckValues = { ...defaults };
  for (const field of fields) {
    if (!Object.hasOwn(choices, field.name)) continue;
    const raw = choices[field.name];
    if (field.kind === "checkbox") {
      if (raw !== "true" && raw !== "false")
        throw new OmnibusError("badArgument", `${field.name} is yes or no`, { name: field.name, value: raw });
      values[field.name] = raw === "true";
    } else if (field.kind === "select") {
      if (!field.choices || !Object.hasOwn(field.choices, raw))
        throw new OmnibusError("badArgument", `${field.name} has no choice ${raw}`, { name: field.name, value: raw });
      values[field.name] = raw;
    } else {
      const n = Number(raw);
      const min = field.min ?? -999;
      const max = field.max ?? 999;
      const decimal = field.step !== undefined && !Number.isInteger(field.step);
      if (!(decimal ? DECIMAL : INTEGER).test(raw) || n < min || n > max)
        throw new OmnibusError("outOfRange", `${field.name} must be a ${decimal ? "number" : "whole number"} in ${min}…${max}`, {
          name: field.name,
          value: raw,
          min: String(min),
          max: String(max),
        });
      values[field.name] = n;
    }
  }
  return values;
}

/** Every face of a response's Rolls (the plumbing's one face re-reader over Roll objects or their JSON). */
export { facesFromRoll } from "../../rules/table/faces";
