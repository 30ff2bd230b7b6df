/**
 * Small stand-ins for `foundry.data.fields` and `foundry.abstract.TypeDataModel`, so the glue tests
 * can call a ruleset's `defineSchema()`, build documents from source data and feed them sheet-like
 * input. Written from Foundry's PUBLIC API documentation only (never from Foundry's source or from
 * fvtt-types' declarations):
 *
 * - DataFieldOptions (required, nullable, initial, validate, validationError, label, hint, gmOnly,
 *   readonly, persisted, placeholder):
 *   https://foundryvtt.com/api/interfaces/foundry.data.types.DataFieldOptions.html
 * - NumberFieldOptions (integer, min, max, step, positive, choices) and NumberField's defaults
 *   (`nullable: true`, `integer: false`, `positive: false`; listed on the IntegerSortField page):
 *   https://foundryvtt.com/api/interfaces/foundry.data.types.NumberFieldOptions.html,
 *   https://foundryvtt.com/api/classes/foundry.data.fields.IntegerSortField.html
 * - StringFieldOptions (blank, trim, choices, textSearch):
 *   https://foundryvtt.com/api/interfaces/foundry.data.types.StringFieldOptions.html
 * - ArrayFieldOptions (min, max: number of elements) and the Array/Set defaults (`required: true`,
 *   `nullable: false`): https://foundryvtt.com/api/interfaces/foundry.data.types._ArrayFieldOptions.html,
 *   https://foundryvtt.com/api/classes/foundry.data.fields.SetField.html
 * - TypedObjectFieldOptions (validateKey, expandKeys):
 *   https://foundryvtt.com/api/interfaces/foundry.data.types._TypedObjectFieldOptions.html
 * - DataField#clean: "Coerce source data to ensure that it conforms to the correct data type for
 *   the field"; DataModelCleaningOptions: `partial` ("if partial is false, values for keys missing in
 *   the input data will be imputed"), `prune` ("remove keys which do not belong to the defined data
 *   schema"): https://foundryvtt.com/api/interfaces/foundry.data.types.DataModelCleaningOptions.html
 * - foundry.data module overview: "If a field is required, not nullable, and does not have an initial
 *   value, attempting to construct the data model will throw an error":
 *   https://foundryvtt.com/api/modules/foundry.data.html
 * - DataModel construction validates strictly by default (`strict=true`):
 *   https://foundryvtt.com/api/classes/foundry.abstract.DataModel.html
 *
 * SIMPLIFICATIONS (each makes the stand-in stricter than Foundry, never looser, except where noted):
 * - Cleaning only coerces TYPES (a numeric string to a number, "" to null in a number field, "true"/
 *   "false" to a boolean, a number to a string, whitespace trimmed). Range, integer, step and choice
 *   constraints are only VALIDATED: a value outside them is rejected (the model throws, or
 *   `updateSource` throws and changes nothing). Foundry may instead round or clamp some of these while
 *   cleaning; either way a bad value is never stored as-is, which is what the tests check.
 * - No fallback to initial values on invalid data (`fallback`), no `dropInvalidElements`.
 * - A blank string with `blank: true` is valid even when `choices` are given (blank = "allowed to be
 *   empty"); a blank string with `blank: false` is rejected even if "" is among the choices.
 * - Options the API docs do not list for a field class are recorded in `unknownOptions` (Foundry
 *   silently ignores them, which is how a typo like `integr: true` goes unnoticed there).
 * - No HTML sanitising (HTMLField is a StringField), no `initialize()` of document references,
 *   no ActiveEffect application, no `_source` sealing, no joint validation.
 */

type Dict = Record<string, unknown>;

/** One failed constraint: where (dot path) and why. */
export interface FieldFailure {
  path: string;
  message: string;
}

/** What a strict construction or a refused `updateSource` throws (like Foundry's DataModelValidationError). */
export class StandInValidationError extends Error {
  constructor(readonly failures: FieldFailure[]) {
    super(`validation failed: ${failures.map((f) => `${f.path}: ${f.message}`).join("; ")}`);
    this.name = "StandInValidationError";
  }
}

export interface CleanOptions {
  /** Only clean the keys present (an update); missing keys are not imputed. */
  partial?: boolean;
}

export function deepClone<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => deepClone(v)) as T;
  if (value instanceof Set) return new Set([...value].map((v) => deepClone(v))) as T;
  if (value && typeof value === "object") {
    const out: Dict = {};
    for (const [k, v] of Object.entries(value as Dict)) out[k] = deepClone(v);
    return out as T;
  }
  return value;
}

function isPlainObject(value: unknown): value is Dict {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Set);
}

/** The allowed values of a `choices` option: an array of values, an object of value → label, or a function returning either. */
function choiceValues(choices: unknown): unknown[] | null {
  if (choices === undefined || choices === null) return null;
  const resolved = typeof choices === "function" ? (choices as () => unknown)() : choices;
  if (Array.isArray(resolved)) return resolved;
  if (isPlainObject(resolved)) return Object.keys(resolved);
  return [];
}

/** Options every DataField takes (DataFieldOptions plus the v13/v14 `readonly`, `persisted`, `placeholder`). */
const BASE_OPTIONS = [
  "required",
  "nullable",
  "initial",
  "validate",
  "validationError",
  "label",
  "hint",
  "gmOnly",
  "readonly",
  "persisted",
  "placeholder",
];

export class DataField {
  /** Option names the API docs list for this field class. */
  static knownOptions: readonly string[] = BASE_OPTIONS;
  static get defaults(): Dict {
    return { required: false, nullable: false, initial: undefined };
  }

  /** The options as given to the constructor (what the ruleset code passed). */
  readonly givenOptions: Dict;
  /** Given options the docs do not list for this class (a typo or a misplaced option). */
  readonly unknownOptions: string[];
  readonly options: Dict;

  constructor(options: Dict = {}) {
    const cls = this.constructor as typeof DataField;
    this.givenOptions = { ...options };
    this.unknownOptions = Object.keys(options).filter((k) => !cls.knownOptions.includes(k));
    const merged = { ...cls.defaults };
    // An option passed as `undefined` keeps the default (`{ choices: undefined }` means no choices).
    for (const [k, v] of Object.entries(options)) if (v !== undefined) merged[k] = v;
    this.options = merged;
  }

  get required(): boolean {
    return Boolean(this.options.required);
  }
  get nullable(): boolean {
    return Boolean(this.options.nullable);
  }

  /** The documented `initial`: a value (copied) or a function of the source data. */
  getInitialValue(data?: unknown): unknown {
    const initial = this.options.initial;
    return typeof initial === "function" ? (initial as (d: unknown) => unknown)(data) : deepClone(initial);
  }

  /** Type coercion of a candidate value (missing → initial unless partial). */
  clean(value: unknown, options: CleanOptions = {}): unknown {
    if (value === undefined) return options.partial ? undefined : this.getInitialValue();
    if (value === null) return null;
    return this.cleanType(this.cast(value), options);
  }

  protected cast(value: unknown): unknown {
    return value;
  }
  protected cleanType(value: unknown, _options: CleanOptions): unknown {
    return value;
  }

  /** Every failed constraint of `value` (empty: valid). */
  validate(value: unknown, path = "", options: CleanOptions = {}): FieldFailure[] {
    if (value === undefined) {
      if (options.partial || !this.required) return [];
      return [{ path, message: "is required" }];
    }
    if (value === null) return this.nullable ? [] : [{ path, message: "may not be null" }];
    const typeProblem = this.validateType(value, path, options);
    if (typeProblem.length) return typeProblem;
    const custom = this.options.validate;
    if (typeof custom === "function") {
      try {
        if ((custom as (v: unknown) => unknown)(value) === false)
          return [{ path, message: String(this.options.validationError ?? "is not a valid value") }];
      } catch (error) {
        return [{ path, message: error instanceof Error ? error.message : String(error) }];
      }
    }
    return [];
  }

  protected validateType(_value: unknown, _path: string, _options: CleanOptions): FieldFailure[] {
    return [];
  }

  /** Problems with the options themselves (not with any value). */
  optionProblems(): string[] {
    return this.unknownOptions.map((k) => `unknown option "${k}"`);
  }

  /** This field and every field inside it, with their paths (array elements as `path[]`). */
  *walk(path: string): Generator<[string, DataField]> {
    yield [path, this];
  }
}

export class NumberField extends DataField {
  static override knownOptions = [...BASE_OPTIONS, "integer", "min", "max", "step", "positive", "choices"];
  static override get defaults(): Dict {
    return { ...super.defaults, nullable: true, integer: false, positive: false };
  }

  get min(): number | undefined {
    return typeof this.options.min === "number" ? this.options.min : undefined;
  }
  get max(): number | undefined {
    return typeof this.options.max === "number" ? this.options.max : undefined;
  }
  get integer(): boolean {
    return Boolean(this.options.integer);
  }
  get choices(): unknown[] | null {
    return choiceValues(this.options.choices);
  }

  /** A form's empty number input is "" → null; a numeric string → its number; anything else stays for validation to refuse. */
  protected override cast(value: unknown): unknown {
    if (typeof value === "string") return value.trim() === "" ? null : Number(value);
    return value;
  }

  protected override validateType(value: unknown, path: string): FieldFailure[] {
    if (typeof value !== "number") return [{ path, message: `${JSON.stringify(value)} is not a number` }];
    if (!Number.isFinite(value)) return [{ path, message: `${value} is not a finite number` }];
    const failures: FieldFailure[] = [];
    if (this.integer && !Number.isInteger(value)) failures.push({ path, message: `${value} is not an integer` });
    if (this.min !== undefined && value < this.min) failures.push({ path, message: `${value} is below the minimum ${this.min}` });
    if (this.max !== undefined && value > this.max) failures.push({ path, message: `${value} is above the maximum ${this.max}` });
    if (this.options.positive && value <= 0) failures.push({ path, message: `${value} is not positive` });
    const step = this.options.step;
    if (typeof step === "number" && step > 0) {
      const steps = (value - (this.min ?? 0)) / step;
      if (Math.abs(steps - Math.round(steps)) > 1e-9) failures.push({ path, message: `${value} is not a multiple of the step ${step}` });
    }
    const choices = this.choices;
    if (choices && !choices.some((c) => String(c) === String(value)))
      failures.push({ path, message: `${value} is not one of the choices ${choices.join(", ")}` });
    return failures;
  }

  override optionProblems(): string[] {
    const problems = super.optionProblems();
    for (const k of ["min", "max", "step"]) {
      const v = this.givenOptions[k];
      if (v !== undefined && (typeof v !== "number" || Number.isNaN(v))) problems.push(`option ${k} is ${JSON.stringify(v)}, not a number`);
    }
    if (this.min !== undefined && this.max !== undefined && this.min > this.max) problems.push(`min ${this.min} is above max ${this.max}`);
    const choices = this.choices;
    if (choices && choices.length === 0) problems.push("choices is empty");
    return problems;
  }
}

export class StringField extends DataField {
  static override knownOptions = [...BASE_OPTIONS, "blank", "trim", "choices", "textSearch"];
  static override get defaults(): Dict {
    return { ...super.defaults, blank: true, trim: true, nullable: false };
  }

  get choices(): unknown[] | null {
    return choiceValues(this.options.choices);
  }

  protected override cast(value: unknown): unknown {
    if (typeof value === "number" || typeof value === "boolean") return String(value);
    return value;
  }
  protected override cleanType(value: unknown): unknown {
    return typeof value === "string" && this.options.trim ? value.trim() : value;
  }

  protected override validateType(value: unknown, path: string): FieldFailure[] {
    if (typeof value !== "string") return [{ path, message: `${JSON.stringify(value)} is not a string` }];
    if (value === "") return this.options.blank ? [] : [{ path, message: "may not be a blank string" }];
    const choices = this.choices;
    if (choices && !choices.includes(value)) return [{ path, message: `"${value}" is not one of the choices ${choices.join(", ")}` }];
    return [];
  }

  override optionProblems(): string[] {
    const problems = super.optionProblems();
    const choices = this.choices;
    if (choices && choices.length === 0) problems.push("choices is empty");
    if (choices && choices.some((c) => typeof c !== "string")) problems.push("a choice is not a string");
    return problems;
  }
}

/** A StringField holding HTML (the stand-in does not sanitise). */
export class HTMLField extends StringField {
  static override get defaults(): Dict {
    return { ...super.defaults, required: true, blank: true };
  }
}

export class BooleanField extends DataField {
  static override get defaults(): Dict {
    return { ...super.defaults, required: true, nullable: false, initial: false };
  }
  /** A checkbox value as text ("true"/"false") becomes a boolean; anything else stays for validation to refuse. */
  protected override cast(value: unknown): unknown {
    if (value === "true") return true;
    if (value === "false") return false;
    return value;
  }
  protected override validateType(value: unknown, path: string): FieldFailure[] {
    return typeof value === "boolean" ? [] : [{ path, message: `${JSON.stringify(value)} is not a boolean` }];
  }
}

export class ObjectField extends DataField {
  static override get defaults(): Dict {
    return { ...super.defaults, required: true, nullable: false, initial: () => ({}) };
  }
  protected override validateType(value: unknown, path: string): FieldFailure[] {
    return isPlainObject(value) ? [] : [{ path, message: `${JSON.stringify(value)} is not an object` }];
  }
}

export class SchemaField extends DataField {
  static override get defaults(): Dict {
    return { ...super.defaults, required: true, nullable: false };
  }
  readonly fields: Record<string, DataField>;

  constructor(fields: Record<string, DataField>, options: Dict = {}) {
    super(options);
    if (!isPlainObject(fields)) throw new TypeError("SchemaField needs an object of fields");
    for (const [name, field] of Object.entries(fields)) {
      if (!(field instanceof DataField)) throw new TypeError(`SchemaField: "${name}" is not a DataField (${String(field)})`);
    }
    this.fields = fields;
  }

  override getInitialValue(data?: unknown): unknown {
    if (this.options.initial !== undefined) return super.getInitialValue(data);
    return Object.fromEntries(Object.entries(this.fields).map(([k, f]) => [k, f.getInitialValue(data)]));
  }

  /** Cleans each known key; drops unknown keys (`prune`); fills missing keys unless partial. */
  protected override cleanType(value: unknown, options: CleanOptions): unknown {
    if (!isPlainObject(value)) return value;
    const out: Dict = {};
    for (const [name, field] of Object.entries(this.fields)) {
      if (name in value) out[name] = field.clean(value[name], options);
      else if (!options.partial) out[name] = field.clean(undefined, options);
    }
    return out;
  }

  protected override validateType(value: unknown, path: string, options: CleanOptions): FieldFailure[] {
    if (!isPlainObject(value)) return [{ path, message: `${JSON.stringify(value)} is not an object` }];
    const failures: FieldFailure[] = [];
    for (const [name, field] of Object.entries(this.fields)) {
      if (options.partial && !(name in value)) continue;
      failures.push(...field.validate(value[name], path ? `${path}.${name}` : name, options));
    }
    for (const key of Object.keys(value))
      if (!(key in this.fields)) failures.push({ path: path ? `${path}.${key}` : key, message: "is not in the schema" });
    return failures;
  }

  override *walk(path: string): Generator<[string, DataField]> {
    yield [path, this];
    for (const [name, field] of Object.entries(this.fields)) yield* field.walk(path ? `${path}.${name}` : name);
  }
}

export class ArrayField extends DataField {
  static override knownOptions = [...BASE_OPTIONS, "min", "max"];
  static override get defaults(): Dict {
    return { ...super.defaults, required: true, nullable: false, initial: () => [] };
  }
  readonly element: DataField;

  constructor(element: DataField, options: Dict = {}) {
    super(options);
    if (!(element instanceof DataField))
      throw new TypeError(`${this.constructor.name}: the element is not a DataField (${String(element)})`);
    this.element = element;
  }

  protected override cast(value: unknown): unknown {
    return value instanceof Set ? [...value] : value;
  }
  protected override cleanType(value: unknown): unknown {
    return Array.isArray(value) ? value.map((v) => this.element.clean(v, {})) : value;
  }

  protected override validateType(value: unknown, path: string): FieldFailure[] {
    if (!Array.isArray(value)) return [{ path, message: `${JSON.stringify(value)} is not an array` }];
    const failures: FieldFailure[] = [];
    const { min, max } = this.options as { min?: number; max?: number };
    if (typeof min === "number" && value.length < min) failures.push({ path, message: `has ${value.length} elements, fewer than ${min}` });
    if (typeof max === "number" && value.length > max) failures.push({ path, message: `has ${value.length} elements, more than ${max}` });
    value.forEach((v, i) => failures.push(...this.element.validate(v, `${path}[${i}]`)));
    return failures;
  }

  override *walk(path: string): Generator<[string, DataField]> {
    yield [path, this];
    yield* this.element.walk(`${path}[]`);
  }
}

/** An ArrayField whose elements are distinct. */
export class SetField extends ArrayField {
  protected override validateType(value: unknown, path: string): FieldFailure[] {
    const failures = super.validateType(value, path);
    if (Array.isArray(value) && new Set(value.map((v) => JSON.stringify(v))).size !== value.length)
      failures.push({ path, message: "has duplicate elements" });
    return failures;
  }
}

/** A record of string keys to values of one field type. */
export class TypedObjectField extends DataField {
  static override knownOptions = [...BASE_OPTIONS, "validateKey", "expandKeys"];
  static override get defaults(): Dict {
    return { ...super.defaults, required: true, nullable: false, initial: () => ({}) };
  }
  readonly element: DataField;
  constructor(element: DataField, options: Dict = {}) {
    super(options);
    if (!(element instanceof DataField)) throw new TypeError(`TypedObjectField: the element is not a DataField (${String(element)})`);
    this.element = element;
  }
  protected override cleanType(value: unknown, options: CleanOptions): unknown {
    if (!isPlainObject(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.element.clean(v, options)]));
  }
  protected override validateType(value: unknown, path: string): FieldFailure[] {
    if (!isPlainObject(value)) return [{ path, message: `${JSON.stringify(value)} is not an object` }];
    const validateKey = this.options.validateKey as ((k: string) => boolean) | undefined;
    const failures: FieldFailure[] = [];
    for (const [k, v] of Object.entries(value)) {
      if (validateKey && !validateKey(k)) failures.push({ path: `${path}.${k}`, message: "is not a valid key" });
      failures.push(...this.element.validate(v, `${path}.${k}`));
    }
    return failures;
  }
  override *walk(path: string): Generator<[string, DataField]> {
    yield [path, this];
    yield* this.element.walk(`${path}.*`);
  }
}

/** A nested DataModel's schema stored as an object. */
export class EmbeddedDataField extends SchemaField {
  readonly model: { defineSchema(): Record<string, DataField> };
  constructor(model: { defineSchema(): Record<string, DataField> }, options: Dict = {}) {
    super(model.defineSchema(), options);
    this.model = model;
  }
}

// -------------------------------------------------------------------------------------------------
// TypeDataModel

const schemas = new WeakMap<object, SchemaField>();

/** Expands `{"a.b": 1}` into `{a: {b: 1}}` (how sheet form data arrives). */
export function expandObject(flat: Dict): Dict {
  const out: Dict = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split(".");
    let node = out;
    for (const part of parts.slice(0, -1)) node = (isPlainObject(node[part]) ? node[part] : (node[part] = {})) as Dict;
    const last = parts[parts.length - 1];
    node[last] = isPlainObject(value) && isPlainObject(node[last]) ? { ...(node[last] as Dict), ...value } : value;
  }
  return out;
}

function mergeInto(target: Dict, changes: Dict): Dict {
  for (const [k, v] of Object.entries(changes)) {
    if (isPlainObject(v) && isPlainObject(target[k])) mergeInto(target[k] as Dict, v);
    else target[k] = deepClone(v);
  }
  return target;
}

/** Reads a dot path from plain data. */
export function getPath(data: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((node, part) => (isPlainObject(node) ? node[part] : undefined), data);
}

/**
 * A minimal `foundry.abstract.TypeDataModel`: the constructor runs `migrateData` on a copy of the
 * source, cleans it through the schema and validates it (strict by default: invalid data throws),
 * then copies the source onto the instance as the model's properties. `prepareBaseData` and
 * `prepareDerivedData` are no-ops a subclass overrides; the owning document calls them (see
 * `prepareModel`). `updateSource` applies sheet-like changes: cleaned, validated, and on failure
 * nothing changes.
 */
export class StandInTypeDataModel {
  /** Subclasses return their fields. */
  static defineSchema(): Record<string, DataField> {
    return {};
  }
  /** The schema, built once per class. */
  static get schema(): SchemaField {
    let schema = schemas.get(this);
    if (!schema) {
      schema = new SchemaField(this.defineSchema());
      schemas.set(this, schema);
    }
    return schema;
  }
  /** Foundry's base migration leaves the source as it is. */
  static migrateData(source: Dict): Dict {
    return source;
  }
  static cleanData(source: Dict = {}, options: CleanOptions = {}): Dict {
    return this.schema.clean(source, options) as Dict;
  }

  _source: Dict;
  parent: unknown;
  [key: string]: unknown;

  constructor(data: Dict = {}, { parent = null, strict = true }: { parent?: unknown; strict?: boolean } = {}) {
    const cls = this.constructor as typeof StandInTypeDataModel;
    const migrated = cls.migrateData(deepClone(data)) ?? data;
    const source = cls.cleanData(migrated);
    const failures = cls.schema.validate(source, "");
    if (failures.length && strict) throw new StandInValidationError(failures);
    this._source = source;
    this.parent = parent;
    this.initializeFromSource();
  }

  /** Copies the source onto the instance (what Foundry's field initialisation yields for plain data). */
  protected initializeFromSource(): void {
    for (const [k, v] of Object.entries(deepClone(this._source))) this[k] = v;
  }

  prepareBaseData(): void {}
  prepareDerivedData(): void {}

  toObject(): Dict {
    return deepClone(this._source);
  }

  /** Applies changes (dot keys allowed) as a sheet submit would; throws and changes nothing when they are invalid. */
  updateSource(changes: Dict): Dict {
    const cls = this.constructor as typeof StandInTypeDataModel;
    const expanded = expandObject(changes);
    const cleaned = cls.schema.clean(expanded, { partial: true }) as Dict;
    const candidate = mergeInto(deepClone(this._source), cleaned);
    const failures = cls.schema.validate(candidate, "");
    if (failures.length) throw new StandInValidationError(failures);
    this._source = candidate;
    this.initializeFromSource();
    return cleaned;
  }
}

/** What a document's data preparation does for its `system`: base, then derived data. */
export function prepareModel<T extends StandInTypeDataModel>(model: T): T {
  model.prepareBaseData();
  model.prepareDerivedData();
  return model;
}

export const dataFieldStandIns = {
  DataField,
  NumberField,
  StringField,
  HTMLField,
  BooleanField,
  ObjectField,
  SchemaField,
  ArrayField,
  SetField,
  TypedObjectField,
  EmbeddedDataField,
};

/**
 * Puts the stand-ins into `globalThis.foundry` (after `installFoundryStandIns`, before importing any
 * module that extends `foundry.abstract.TypeDataModel`).
 */
export function installDataFieldStandIns(): void {
  const g = globalThis as { foundry?: { data?: Dict; abstract?: Dict } };
  if (!g.foundry) throw new Error("install the Foundry stand-ins first");
  g.foundry.data = { ...(g.foundry.data ?? {}), fields: { ...dataFieldStandIns } };
  g.foundry.abstract = { ...(g.foundry.abstract ?? {}), TypeDataModel: StandInTypeDataModel };
}
