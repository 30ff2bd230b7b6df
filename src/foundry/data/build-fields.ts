/**
 * Builds Foundry data fields (`foundry.data.fields`) from the plain specs of field-spec.ts. Call it
 * from a data model's `defineSchema` (Foundry is loaded by then); this module reads no Foundry
 * global at import, so the glue tests load it under their stand-ins.
 */
import { allowsBlank, type Choices, type FieldSpec, type SchemaSpec } from "../../rules/table/field-spec";

// fvtt-types cannot describe a schema built at run time from data: fields are loosely typed here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = any;

/** Choices as Foundry takes them: a fresh array, or the value → label record. */
function choicesOption(choices: Choices | undefined): unknown {
  if (!choices) return undefined;
  return Array.isArray(choices) ? [...choices] : { ...choices };
}

/** One spec → one Foundry data field. */
export function buildField(spec: FieldSpec): AnyField {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const f = foundry.data.fields as any;
  const label = spec.label === undefined ? {} : { label: spec.label };
  switch (spec.kind) {
    case "integer":
      return new f.NumberField({
        required: true,
        nullable: Boolean(spec.nullable),
        integer: true,
        min: spec.min,
        max: spec.max,
        initial: spec.initial,
        ...(spec.choices ? { choices: choicesOption(spec.choices) } : {}),
        ...label,
      });
    case "number":
      return new f.NumberField({
        required: true,
        nullable: false,
        integer: false,
        min: spec.min,
        max: spec.max,
        initial: spec.initial,
        ...label,
      });
    case "string":
      return new f.StringField({
        required: true,
        nullable: false,
        blank: allowsBlank(spec.choices),
        initial: spec.initial,
        ...(spec.choices ? { choices: choicesOption(spec.choices) } : {}),
        ...label,
      });
    case "boolean":
      return new f.BooleanField({ initial: spec.initial, ...label });
    case "html":
      return new f.HTMLField({ required: Boolean(spec.required), blank: true, initial: "", ...label });
    case "schema":
      return new f.SchemaField(buildSchema(spec.fields), label);
    case "array":
      return new f.ArrayField(buildField(spec.element), label);
    case "stringSet":
      return new f.ArrayField(
        new f.StringField({ required: true, blank: false, ...(spec.choices ? { choices: choicesOption(spec.choices) } : {}) }),
        { initial: [], ...label },
      );
  }
}

/** A schema spec → the record of fields `defineSchema` returns. */
export function buildSchema(specs: SchemaSpec): Record<string, AnyField> {
  return Object.fromEntries(Object.entries(specs).map(([key, spec]) => [key, buildField(spec)]));
}
