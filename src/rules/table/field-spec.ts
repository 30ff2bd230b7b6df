/**
 * Plain field specs: one description of a ruleset's document data (no Foundry global), used twice —
 * `build-fields.ts` turns it into the data model's fields in its `defineSchema`, and
 * `validateAgainst` checks plain data (pack documents, migrated sources) against the very same specs
 * in node, so packs and models cannot drift apart.
 *
 * Kinds: integer (optionally nullable, optionally with choices), number, string (optionally with
 * choices; "" is allowed exactly when it is a choice or there are no choices), boolean, html, a
 * nested schema, an array of one spec, and a set of strings (distinct, optionally from choices).
 * Choices are a list of values or a record value → i18n label (Foundry accepts both).
 */

/** Allowed values: a list, or a record of value → i18n label. */
export type Choices = readonly string[] | Readonly<Record<string, string>>;

interface Common {
  /** The field's i18n label (Foundry's `label` option). */
  label?: string;
}

export type FieldSpec =
  | ({ kind: "integer"; initial?: number | null; min?: number; max?: number; nullable?: boolean; choices?: Choices } & Common)
  | ({ kind: "number"; initial: number; min?: number; max?: number } & Common)
  | ({ kind: "string"; initial: string; choices?: Choices } & Common)
  | ({ kind: "boolean"; initial: boolean } & Common)
  | ({ kind: "html"; required?: boolean } & Common)
  | ({ kind: "schema"; fields: SchemaSpec } & Common)
  | ({ kind: "array"; element: FieldSpec } & Common)
  | ({ kind: "stringSet"; choices?: Choices } & Common);

export type SchemaSpec = Record<string, FieldSpec>;

export interface IntegerOptions extends Common {
  /** null is a value (e.g. "none yet"); the initial may then be null. */
  nullable?: boolean;
  choices?: Choices;
}

/** A whole number within min…max. */
export const int = (initial: number | null, min?: number, max?: number, options: IntegerOptions = {}): FieldSpec => ({
  kind: "integer",
  initial,
  min,
  max,
  nullable: Boolean(options.nullable),
  ...(options.choices ? { choices: options.choices } : {}),
  ...extra(options),
});
/** A whole number or null. */
export const nullableInt = (min?: number, max?: number, options: Common = {}): FieldSpec =>
  int(null, min, max, { ...options, nullable: true });
/** Any finite number within min…max (distances, weights). */
export const num = (initial: number, min?: number, max?: number, options: Common = {}): FieldSpec => ({
  kind: "number",
  initial,
  min,
  max,
  ...extra(options),
});
/** Text, optionally one of `choices`. */
export const str = (initial = "", choices?: Choices, options: Common = {}): FieldSpec => ({
  kind: "string",
  initial,
  choices,
  ...extra(options),
});
export const bool = (initial = false, options: Common = {}): FieldSpec => ({ kind: "boolean", initial, ...extra(options) });
/** Rich text (a sheet's description). `required` as Foundry's option (default false). */
export const html = (options: { required?: boolean } & Common = {}): FieldSpec => ({
  kind: "html",
  ...(options.required ? { required: true } : {}),
  ...extra(options),
});
export const schema = (fields: SchemaSpec, options: Common = {}): FieldSpec => ({ kind: "schema", fields, ...extra(options) });
export const array = (element: FieldSpec, options: Common = {}): FieldSpec => ({ kind: "array", element, ...extra(options) });
/** Distinct strings, optionally from `choices` (initially none). */
export const stringSet = (choices?: Choices, options: Common = {}): FieldSpec => ({ kind: "stringSet", choices, ...extra(options) });

function extra(options: Common): Common {
  return options.label === undefined ? {} : { label: options.label };
}

/** The allowed values of a choices option. */
export function choiceValues(choices: Choices): readonly string[] {
  return Array.isArray(choices) ? (choices as readonly string[]) : Object.keys(choices);
}

/** Whether a string field accepts "": when there are no choices, or "" is one of them. */
export function allowsBlank(choices: Choices | undefined): boolean {
  return !choices || choiceValues(choices).includes("");
}

/** The data a schema starts from (every field at its initial value), as the data model would create it. */
export function initialData(specs: SchemaSpec): Record<string, unknown> {
  return Object.fromEntries(Object.entries(specs).map(([key, spec]) => [key, initialValue(spec)]));
}

function initialValue(spec: FieldSpec): unknown {
  switch (spec.kind) {
    case "schema":
      return initialData(spec.fields);
    case "html":
      return "";
    case "array":
    case "stringSet":
      return [];
    case "integer":
      return spec.initial ?? null;
    default:
      return spec.initial;
  }
}

// ---------------------------------------------------------------------------------------------
// Validation (the pack tests; what Foundry's cleaning would change or reject)

/**
 * Problems of `value` against `specs`, as `path: problem` lines (empty: valid): unknown keys first,
 * then each field in the spec's order. Missing fields are fine (the model fills their initial value).
 */
export function validateAgainst(specs: SchemaSpec, value: unknown, path = "system"): string[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [`${path}: not an object`];
  const record = value as Record<string, unknown>;
  const errors: string[] = [];
  for (const key of Object.keys(record)) if (!Object.hasOwn(specs, key)) errors.push(`${path}.${key}: not in the schema`);
  for (const [key, spec] of Object.entries(specs)) {
    if (!Object.hasOwn(record, key)) continue;
    errors.push(...validateField(spec, record[key], `${path}.${key}`));
  }
  return errors;
}

/** Problems of one value against one field spec. */
export function validateField(spec: FieldSpec, value: unknown, path: string): string[] {
  switch (spec.kind) {
    case "integer":
      if (value === null && spec.nullable) return [];
      if (typeof value !== "number" || !Number.isFinite(value)) return [`${path}: ${JSON.stringify(value)} is not a number`];
      if (!Number.isInteger(value)) return [`${path}: ${value} is not a whole number`];
      if (spec.choices && !choiceValues(spec.choices).includes(String(value)))
        return [`${path}: ${value} is not one of ${choiceValues(spec.choices).join(", ")}`];
      return inRange(value, spec.min, spec.max, path);
    case "number":
      if (typeof value !== "number" || !Number.isFinite(value)) return [`${path}: ${JSON.stringify(value)} is not a number`];
      return inRange(value, spec.min, spec.max, path);
    case "string":
      if (typeof value !== "string") return [`${path}: ${JSON.stringify(value)} is not text`];
      if (spec.choices && !choiceValues(spec.choices).includes(value))
        return [`${path}: "${value}" is not one of ${choiceValues(spec.choices).join(", ")}`];
      return [];
    case "boolean":
      return typeof value === "boolean" ? [] : [`${path}: ${JSON.stringify(value)} is not true/false`];
    case "html":
      return typeof value === "string" ? [] : [`${path}: ${JSON.stringify(value)} is not text`];
    case "schema":
      return validateAgainst(spec.fields, value, path);
    case "array":
      if (!Array.isArray(value)) return [`${path}: not a list`];
      return value.flatMap((v, i) => validateField(spec.element, v, `${path}[${i}]`));
    case "stringSet": {
      if (!Array.isArray(value)) return [`${path}: not a list`];
      const allowed = spec.choices ? choiceValues(spec.choices) : null;
      const errors = value
        .filter((v) => typeof v !== "string" || (allowed !== null && !allowed.includes(v)))
        .map((v) => `${path}: "${String(v)}" is not allowed`);
      if (new Set(value).size !== value.length) errors.push(`${path}: duplicates`);
      return errors;
    }
  }
}

function inRange(value: number, min: number | undefined, max: number | undefined, path: string): string[] {
  if (min !== undefined && value < min) return [`${path}: ${value} is below ${min}`];
  if (max !== undefined && value > max) return [`${path}: ${value} is above ${max}`];
  return [];
}
