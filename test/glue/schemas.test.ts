// Every ruleset's data models, RUN (not just type-checked) against small stand-ins for
// foundry.data.fields written from the public API docs (test/support/data-fields.ts):
// - defineSchema() builds; no field has an option the docs do not know (a typo Foundry would ignore);
// - every field's initial value satisfies its own constraints; a document created from {} is valid;
// - every compendium document of the type (packs/_source/<ruleset>-*, embedded items too) builds
//   strictly, loses no data to cleaning, and prepares without NaN/undefined in its derived values;
// - migrateData is idempotent on every pack document and leaves current (initial) data alone;
// - sheet-like bad input (a string in a number field, a value past min/max, a fraction in an integer
//   field, an unknown choice) is cleaned or refused, never stored as-is, and a refusal changes nothing;
//   plus a few cases whose limits come from the rules digests, not from the code.
// Models are discovered through the adapters (src/foundry/<id>/adapter.ts), so a ruleset's new model
// is covered when it exists.
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { ROOT } from "../support/handlebars";
import { installFoundryStandIns } from "../support/foundry-stand-ins";
import {
  ArrayField,
  BooleanField,
  DataField,
  HTMLField,
  NumberField,
  SchemaField,
  StandInTypeDataModel,
  StandInValidationError,
  StringField,
  deepClone,
  getPath,
  installDataFieldStandIns,
  prepareModel,
} from "../support/data-fields";

type Dict = Record<string, unknown>;
type ModelClass = typeof StandInTypeDataModel;

// ---------------------------------------------------------------------------------------------
// Stand-ins first (the models extend foundry.abstract.TypeDataModel at import time), then discovery.

const stand = installFoundryStandIns();
installDataFieldStandIns();

interface AdapterLike {
  id: string;
  actorTypes: Record<string, { dataModel: unknown }>;
  itemTypes: Record<string, { dataModel: unknown }>;
  settings?: Array<{ key: string; default: unknown }>;
}
const isAdapter = (v: unknown): v is AdapterLike =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as AdapterLike).id === "string" &&
  typeof (v as AdapterLike).actorTypes === "object" &&
  typeof (v as AdapterLike).itemTypes === "object";

const RULESET_DIRS = readdirSync(join(ROOT, "src", "foundry")).filter((d) => existsSync(join(ROOT, "src", "foundry", d, "adapter.ts")));
const adapters: AdapterLike[] = [];
for (const dir of RULESET_DIRS) {
  const mod = (await import(/* @vite-ignore */ join(ROOT, "src", "foundry", dir, "adapter.ts"))) as Dict;
  const adapter = Object.values(mod).find(isAdapter);
  if (adapter) adapters.push(adapter);
}
const { rulesetSettingKey } = await import("../../src/foundry/settings");
const { SYSTEM_ID } = await import("../../src/foundry/registry");
// The world's settings at their defaults (what a fresh world reads in prepareDerivedData).
for (const adapter of adapters) {
  for (const spec of adapter.settings ?? [])
    stand.recorded.settingsValues.set(`${SYSTEM_ID}.${rulesetSettingKey(adapter.id as never, spec.key)}`, spec.default);
}

interface ModelEntry {
  ruleset: string;
  kind: "Actor" | "Item";
  type: string;
  Model: ModelClass;
}
const MODELS: ModelEntry[] = adapters.flatMap((a) => [
  ...Object.entries(a.actorTypes).map(([type, spec]) => ({
    ruleset: a.id,
    kind: "Actor" as const,
    type,
    Model: spec.dataModel as ModelClass,
  })),
  ...Object.entries(a.itemTypes).map(([type, spec]) => ({
    ruleset: a.id,
    kind: "Item" as const,
    type,
    Model: spec.dataModel as ModelClass,
  })),
]);
const MODEL_BY_TYPE = new Map(MODELS.map((m) => [m.type, m]));

// ---------------------------------------------------------------------------------------------
// Pack sources

interface PackDoc {
  _id: string;
  name: string;
  type?: string;
  img?: string;
  system?: Dict;
  items?: PackDoc[];
}
interface PackEntry {
  where: string;
  doc: PackDoc;
  /** The actor this item is embedded in. */
  owner?: PackDoc;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return yamlFiles(p);
    return /\.ya?ml$/.test(f) ? [p] : [];
  });
}
const PACK_ROOT = join(ROOT, "packs", "_source");
const PACK_ENTRIES: PackEntry[] = [];
for (const adapter of adapters) {
  for (const pack of readdirSync(PACK_ROOT).filter((p) => p.startsWith(`${adapter.id}-`))) {
    for (const file of yamlFiles(join(PACK_ROOT, pack))) {
      const doc = parse(readFileSync(file, "utf8")) as PackDoc;
      const where = `${file.slice(PACK_ROOT.length + 1)}`;
      if (doc.type && MODEL_BY_TYPE.has(doc.type)) PACK_ENTRIES.push({ where, doc });
      for (const item of doc.items ?? [])
        if (item.type && MODEL_BY_TYPE.has(item.type)) PACK_ENTRIES.push({ where: `${where} > ${item.name}`, doc: item, owner: doc });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers

/** Leaf-ish fields worth checking one by one (not the elements of arrays, which have no initial of their own). */
function fieldsOf(Model: ModelClass): Array<[string, DataField]> {
  return [...Model.schema.walk("")].filter(([path]) => path !== "" && !path.includes("[]") && !path.includes(".*"));
}

/** A stand-in document around a model: what `this.parent` is for a TypeDataModel. */
interface DocLike {
  id: string;
  name: string;
  type: string;
  img?: string;
  system: StandInTypeDataModel;
  _source: { system: Dict };
  statuses: Set<string>;
  items?: { contents: DocLike[]; size: number; get(id: string): DocLike | undefined; [Symbol.iterator](): Iterator<DocLike> };
}

function makeDoc(entry: ModelEntry, doc: PackDoc, items: DocLike[] | null): DocLike {
  const model = new entry.Model(deepClone(doc.system ?? {}));
  const document: DocLike = {
    id: doc._id,
    name: doc.name,
    type: entry.type,
    img: doc.img,
    system: model,
    _source: { system: model._source },
    statuses: new Set(),
  };
  if (items) {
    document.items = {
      contents: items,
      size: items.length,
      get: (id: string) => items.find((i) => i.id === id),
      [Symbol.iterator]: () => items[Symbol.iterator](),
    };
  }
  model.parent = document;
  return document;
}

/** Builds and prepares a document as Foundry does: actor base data, its items, then actor derived data. */
function buildPrepared(entry: ModelEntry, doc: PackDoc): DocLike {
  if (entry.kind === "Item") return prepared(makeDoc(entry, doc, null));
  const items = (doc.items ?? [])
    .filter((i) => i.type && MODEL_BY_TYPE.get(i.type)?.kind === "Item")
    .map((i) => makeDoc(MODEL_BY_TYPE.get(i.type!)!, i, null));
  const actor = makeDoc(entry, doc, items);
  actor.system.prepareBaseData();
  for (const item of items) prepareModel(item.system);
  actor.system.prepareDerivedData();
  return actor;
}
function prepared(doc: DocLike): DocLike {
  prepareModel(doc.system);
  return doc;
}

/** Paths of NaN, ±Infinity or undefined values anywhere in the prepared model (its `_source` and `parent` aside). */
function badValues(model: StandInTypeDataModel): string[] {
  const bad: string[] = [];
  const seen = new WeakSet<object>();
  const visit = (value: unknown, path: string) => {
    if (value === undefined) bad.push(`${path}: undefined`);
    else if (typeof value === "number" && !Number.isFinite(value)) bad.push(`${path}: ${value}`);
    else if (Array.isArray(value) || (typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype)) {
      if (seen.has(value as object)) return;
      seen.add(value as object);
      for (const [k, v] of Object.entries(value as Dict)) visit(v, path ? `${path}.${k}` : k);
    }
  };
  for (const [k, v] of Object.entries(model)) if (k !== "_source" && k !== "parent") visit(v, k);
  return bad;
}

/** Keys present in `before` but missing after cleaning (data the schema would silently drop). */
function droppedKeys(before: unknown, after: unknown, path = ""): string[] {
  if (typeof before !== "object" || before === null || Array.isArray(before)) return [];
  if (typeof after !== "object" || after === null) return [path || "(root)"];
  return Object.entries(before as Dict).flatMap(([k, v]) => {
    const at = path ? `${path}.${k}` : k;
    return k in (after as Dict) ? droppedKeys(v, (after as Dict)[k], at) : [at];
  });
}

/** Sheet-like bad values for one field, from the field's own declared constraints. */
function badInputsFor(field: DataField): Array<{ label: string; value: unknown }> {
  const out: Array<{ label: string; value: unknown }> = [];
  if (field instanceof NumberField) {
    out.push({ label: "a word in a number field", value: "abc" });
    if (field.max !== undefined) out.push({ label: `above max ${field.max}`, value: field.max + 1 });
    if (field.min !== undefined) out.push({ label: `below min ${field.min}`, value: field.min - 1 });
    if (field.integer) out.push({ label: "a fraction in an integer field", value: (field.min ?? 0) + 0.5 });
    if (field.choices) out.push({ label: "a number outside the choices", value: 987654 });
  } else if (field instanceof StringField && field.choices) {
    out.push({ label: "an unknown choice", value: "no-such-choice" });
  } else if (field instanceof BooleanField) {
    out.push({ label: "a word in a boolean field", value: "perhaps" });
  }
  return out;
}

/** Applies a sheet-like change; returns what the model kept (or "refused" when it threw and changed nothing). */
function submit(model: StandInTypeDataModel, path: string, value: unknown): { refused: true } | { refused: false; stored: unknown } {
  const before = deepClone(model._source);
  try {
    model.updateSource({ [path]: value });
  } catch (error) {
    expect(error, `${path}: only a validation failure may refuse the input`).toBeInstanceOf(StandInValidationError);
    expect(model._source, `${path}: a refused input changes nothing`).toEqual(before);
    return { refused: true };
  }
  return { refused: false, stored: getPath(model._source, path) };
}

// ---------------------------------------------------------------------------------------------

describe("discovery", () => {
  it("finds every ruleset's adapter and its data models (the four rulesets)", () => {
    expect(adapters.map((a) => a.id).sort()).toEqual(["d6", "silhouette", "storytelling", "wfrp"]);
    for (const adapter of adapters) {
      expect(Object.keys(adapter.actorTypes).length, `${adapter.id} actor types`).toBeGreaterThan(0);
      expect(Object.keys(adapter.itemTypes).length, `${adapter.id} item types`).toBeGreaterThan(0);
    }
    for (const { type, Model } of MODELS) {
      expect(type.split("_")[0], type).toBe(MODEL_BY_TYPE.get(type)!.ruleset);
      expect(Model.prototype, `${type} extends foundry.abstract.TypeDataModel`).toBeInstanceOf(StandInTypeDataModel);
    }
  });

  it("finds pack documents for every ruleset (top-level and embedded)", () => {
    for (const adapter of adapters)
      expect(PACK_ENTRIES.filter((e) => MODEL_BY_TYPE.get(e.doc.type!)!.ruleset === adapter.id).length, adapter.id).toBeGreaterThan(0);
    expect(PACK_ENTRIES.some((e) => e.owner)).toBe(true);
  });
});

describe.each(MODELS.map((m) => [`${m.type} (${m.kind})`, m] as const))("%s", (_label, entry) => {
  const { Model, type } = entry;
  const packEntries = PACK_ENTRIES.filter((e) => e.doc.type === type);

  it("defineSchema() runs and returns data fields whose options are all documented and consistent", () => {
    const fields = Model.defineSchema();
    expect(Object.keys(fields).length).toBeGreaterThan(0);
    for (const [name, field] of Object.entries(fields)) expect(field, name).toBeInstanceOf(DataField);
    const problems = [...Model.schema.walk("")].flatMap(([path, field]) => field.optionProblems().map((p) => `${path}: ${p}`));
    expect(problems).toEqual([]);
  });

  it("no top-level field is named like a DataModel/TypeDataModel member (it would shadow it on the instance)", () => {
    // Members listed on https://foundryvtt.com/api/classes/foundry.abstract.DataModel.html and .TypeDataModel.html
    const reserved = [
      "_source",
      "parent",
      "schema",
      "invalid",
      "validationFailures",
      "reset",
      "clone",
      "validate",
      "updateSource",
      "toObject",
      "toJSON",
      "prepareBaseData",
      "prepareDerivedData",
      "modelProvider",
    ];
    expect(Object.keys(Model.defineSchema()).filter((k) => reserved.includes(k))).toEqual([]);
  });

  it("its HTML fields are exactly the manifest's htmlFields for the type (so Foundry's server sanitises them)", () => {
    // https://foundryvtt.com/article/system-data-models/: "If your System stores and renders user-provided HTML content, it must include an htmlFields definition"
    const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as {
      documentTypes: Record<string, Record<string, { htmlFields?: string[] }>>;
    };
    const declared = manifest.documentTypes[entry.kind]?.[type];
    expect(declared, `system.json documentTypes.${entry.kind}.${type}`).toBeDefined();
    const htmlPaths = fieldsOf(Model)
      .filter(([, f]) => f instanceof HTMLField)
      .map(([p]) => p);
    expect([...(declared!.htmlFields ?? [])].sort()).toEqual(htmlPaths.sort());
  });

  it("every field's initial value satisfies its own constraints (type, integer, min/max, choices, blank, nullable)", () => {
    const failures = fieldsOf(Model).flatMap(([path, field]) => field.validate(field.getInitialValue(), path));
    expect(failures).toEqual([]);
  });

  it("a document created from {} gets a valid, complete system that prepares without NaN/undefined", () => {
    const model = new Model({});
    expect(model._source).toEqual(Model.schema.getInitialValue());
    expect(Model.schema.validate(model._source, "")).toEqual([]);
    const doc = buildPrepared(entry, { _id: "aaaaaaaaaaaaaaaa", name: "New", type, system: {}, items: [] });
    expect(badValues(doc.system)).toEqual([]);
  });

  it.runIf(entry.kind === "Actor")(
    "an actor owning one item of every item type of its ruleset (all at defaults) prepares without NaN/undefined",
    () => {
      const items = MODELS.filter((m) => m.ruleset === entry.ruleset && m.kind === "Item").map((m, i) => ({
        _id: `item${String(i).padStart(12, "0")}`,
        name: m.type,
        type: m.type,
        system: {},
      }));
      expect(items.length).toBeGreaterThan(0);
      const doc = buildPrepared(entry, { _id: "aaaaaaaaaaaaaaaa", name: "Owner", type, system: {}, items });
      expect(doc.items!.size).toBe(items.length);
      expect(badValues(doc.system)).toEqual([]);
      for (const item of doc.items!) expect(badValues(item.system), item.type).toEqual([]);
    },
  );

  it("every declared choice of every field can be stored from a sheet", () => {
    for (const [path, field] of fieldsOf(Model)) {
      const choices = field instanceof StringField || field instanceof NumberField ? field.choices : null;
      for (const choice of choices ?? []) {
        const value = field instanceof NumberField ? Number(choice) : choice;
        const model = new Model({});
        const result = submit(model, path, value);
        expect(result, `${path} ← ${JSON.stringify(value)} is a declared choice`).toEqual({ refused: false, stored: value });
      }
    }
  });

  it("migrateData leaves current data (the initial system) unchanged", () => {
    const initial = Model.schema.getInitialValue() as Dict;
    expect(Model.migrateData(deepClone(initial))).toEqual(initial);
  });

  it.runIf(packEntries.length > 0)(
    `every pack document of this type builds strictly, loses nothing to cleaning and prepares cleanly (${packEntries.length})`,
    () => {
      for (const { where, doc, owner } of packEntries) {
        const migrated = Model.migrateData(deepClone(doc.system ?? {}));
        const cleaned = Model.cleanData(deepClone(migrated));
        expect(Model.schema.validate(cleaned, ""), where).toEqual([]);
        expect(droppedKeys(migrated, cleaned), `${where}: data the schema drops`).toEqual([]);
        const built = owner ? buildPrepared(MODEL_BY_TYPE.get(owner.type!)!, owner).items!.get(doc._id)! : buildPrepared(entry, doc);
        expect(badValues(built.system), where).toEqual([]);
      }
    },
  );

  it.runIf(packEntries.length > 0)("migrateData is idempotent on every pack document (twice equals once)", () => {
    for (const { where, doc } of packEntries) {
      const once = Model.migrateData(deepClone(doc.system ?? {}));
      const twice = Model.migrateData(deepClone(once));
      expect(twice, where).toEqual(once);
    }
  });

  it("sheet-like bad input in any field is cleaned or refused, never stored as-is", () => {
    let probes = 0;
    for (const [path, field] of fieldsOf(Model)) {
      for (const { label, value } of badInputsFor(field)) {
        const model = new Model({});
        const result = submit(model, path, value);
        probes++;
        if (!result.refused) {
          expect(result.stored, `${path} ← ${label}: stored as-is`).not.toEqual(value);
          expect(field.validate(result.stored, path), `${path} ← ${label}: stored an invalid value`).toEqual([]);
        }
      }
    }
    expect(probes, "fields with constraints to probe").toBeGreaterThan(0);
  });

  it("a good sheet value is kept (a numeric string in a number field becomes the number)", () => {
    const numberField = fieldsOf(Model).find(([, f]) => f instanceof NumberField && !(f as NumberField).choices);
    if (!numberField) return;
    const [path, field] = numberField as [string, NumberField];
    const value = field.min ?? (field.max !== undefined ? Math.min(0, field.max) : 0);
    const model = new Model({});
    model.updateSource({ [path]: String(value) });
    expect(getPath(model._source, path)).toBe(value);
  });
});

// A sheet input whose name is not a field of the ruleset's models would be pruned by Foundry's cleaning:
// the player's entry silently vanishes. Every static `name="system.…"` in templates/<ruleset>/ must
// name a field ({{…}} segments match any key).
describe("sheet inputs name real fields", () => {
  const templateFiles = (dir: string): string[] =>
    existsSync(dir)
      ? readdirSync(dir).flatMap((f) =>
          statSync(join(dir, f)).isDirectory() ? templateFiles(join(dir, f)) : f.endsWith(".hbs") ? [join(dir, f)] : [],
        )
      : [];
  it.each(adapters.map((a) => [a.id]))("%s: every system.* input in its templates is a field of one of its models", (id) => {
    const fieldPaths = MODELS.filter((m) => m.ruleset === id).flatMap((m) => [...m.Model.schema.walk("")].map(([p]) => p.split(".")));
    const files = templateFiles(join(ROOT, "templates", id));
    const unknown: string[] = [];
    let inputs = 0;
    for (const file of files) {
      for (const match of readFileSync(file, "utf8").matchAll(/name="system\.([^"]+)"/g)) {
        inputs++;
        const segments = match[1].split(".");
        const known = fieldPaths.some(
          (fp) => fp.length === segments.length && fp.every((s, i) => segments[i].includes("{{") || segments[i] === s),
        );
        if (!known) unknown.push(`${file.slice(ROOT.length + 1)}: system.${match[1]}`);
      }
    }
    expect(inputs, `${id} templates with system inputs`).toBeGreaterThan(0);
    expect(unknown).toEqual([]);
  });
});

// Limits taken from the rules digests (/work/shared/rules/*.md), not from the code: sheet input the
// rules do not allow must not be stored. A case runs when its document type exists.
const RULE_CASES: Array<{ type: string; path: string; value: unknown; rule: string }> = [
  {
    type: "d6_character",
    path: "attributes.dexterity.pips",
    value: 3,
    rule: "d6.md §1: a die code's pips are 0, 1 or 2 (000:L1363); 3 pips = 1D (A-1)",
  },
  { type: "d6_character", path: "attributes.strength.dice", value: -1, rule: "d6.md §1: a die code rolls X six-sided dice, X ≥ 0" },
  { type: "d6_character", path: "woundLevel", value: "bleeding", rule: "d6.md: the wound levels are a fixed ladder (healthy … killed)" },
  { type: "d6_skill", path: "code.pips", value: 5, rule: "d6.md §1: pips 0–2" },
  {
    type: "storytelling_character",
    path: "attributes.strength",
    value: "three",
    rule: "storytelling.md §4: Attributes are dots, rated 1–5 for humans (002:L67)",
  },
  {
    type: "storytelling_character",
    path: "healthTrack.lethal",
    value: -1,
    rule: "storytelling.md: the Health track counts wounds; no negative count",
  },
  { type: "storytelling_weapon", path: "damageType", value: "fire", rule: "storytelling.md: damage is bashing, lethal or aggravated" },
  { type: "wfrp_character", path: "conditions.surprised", value: 2, rule: "wfrp.md §16: Surprised does not stack" },
  {
    type: "wfrp_character",
    path: "characteristics.ws.initial",
    value: 12.5,
    rule: "wfrp.md: characteristics are whole numbers (bonus = the tens digit)",
  },
  { type: "wfrp_weapon", path: "kind", value: "siege", rule: "wfrp.md: a weapon is a melee or a ranged weapon" },
  { type: "silhouette_skill", path: "level", value: "many", rule: "silhouette.md §2: the skill level is the number of dice (004:L1, L4)" },
  { type: "silhouette_character", path: "wounds.light", value: -1, rule: "silhouette.md §12: wounds are counted; no negative count" },
];

describe("sheet input the rules forbid is not stored", () => {
  const cases = RULE_CASES.filter((c) => MODEL_BY_TYPE.has(c.type));
  it.each(cases.map((c) => [`${c.type} ${c.path} ← ${JSON.stringify(c.value)}`, c] as const))("%s", (_label, c) => {
    const { Model } = MODEL_BY_TYPE.get(c.type)!;
    const field = fieldsOf(Model).find(([p]) => p === c.path)?.[1];
    expect(field, `${c.type} has a field ${c.path}`).toBeDefined();
    const model = new Model({});
    const result = submit(model, c.path, c.value);
    if (!result.refused) {
      expect(result.stored, c.rule).not.toEqual(c.value);
      expect(field!.validate(result.stored, c.path), c.rule).toEqual([]);
    }
  });
});

// The stand-ins themselves: they implement what the docs say, so a wrong option really fails.
describe("the field stand-ins", () => {
  it("record options the docs do not list for the class (a typo Foundry would silently ignore)", () => {
    expect(new NumberField({ integr: true, min: 0 }).optionProblems()).toEqual(['unknown option "integr"']);
    expect(new StringField({ blank: false, choices: ["a"], initial: "a" }).optionProblems()).toEqual([]);
    expect(new NumberField({ min: 5, max: 1 }).optionProblems()).toEqual(["min 5 is above max 1"]);
  });

  it("validate integer, min/max, choices (array or object), blank and nullable as documented", () => {
    const n = new NumberField({ required: true, nullable: false, integer: true, min: 0, max: 6, initial: 0 });
    expect(n.validate(3, "x")).toEqual([]);
    expect(n.validate(7, "x").map((f) => f.message)).toEqual(["7 is above the maximum 6"]);
    expect(n.validate(1.5, "x").map((f) => f.message)).toEqual(["1.5 is not an integer"]);
    expect(n.validate(null, "x").map((f) => f.message)).toEqual(["may not be null"]);
    expect(new NumberField({}).validate(null, "x")).toEqual([]); // NumberField is nullable by default
    expect(new NumberField({ choices: { 0: "zero", 2: "two" } }).validate(1, "x").length).toBe(1);
    const s = new StringField({ required: true, blank: false, choices: { a: "A", b: "B" }, initial: "a" });
    expect(s.validate("b", "x")).toEqual([]);
    expect(s.validate("c", "x").length).toBe(1);
    expect(s.validate("", "x").map((f) => f.message)).toEqual(["may not be a blank string"]);
    expect(new StringField({ blank: true, choices: ["a"] }).validate("", "x")).toEqual([]);
  });

  it("clean coerces types: numeric strings, empty number inputs, checkbox text, trimming, missing keys and unknown keys", () => {
    const schema = new SchemaField({
      n: new NumberField({ required: true, nullable: false, initial: 4 }),
      s: new StringField({ initial: "x" }),
      b: new BooleanField(),
      list: new ArrayField(new NumberField({ integer: true })),
    });
    expect(schema.clean({ n: " 12 ", s: "  hi ", b: "true", extra: 1 })).toEqual({ n: 12, s: "hi", b: true, list: [] });
    expect(schema.clean({ n: "" })).toMatchObject({ n: null });
    expect(schema.clean({ s: "y" }, { partial: true })).toEqual({ s: "y" });
  });

  it("a TypeDataModel migrates, cleans and validates its source, refuses a bad update without changing anything", () => {
    class Thing extends StandInTypeDataModel {
      static override defineSchema() {
        return { pips: new NumberField({ required: true, nullable: false, integer: true, min: 0, max: 2, initial: 0 }) };
      }
      static override migrateData(source: Dict) {
        if (typeof source.pips === "number" && source.pips > 2) source.pips = 2;
        return source;
      }
      override prepareDerivedData() {
        this.label = `+${String(this.pips)}`;
      }
    }
    const thing = prepareModel(new Thing({ pips: 7 }));
    expect(thing._source).toEqual({ pips: 2 });
    expect(thing.label).toBe("+2");
    expect(() => thing.updateSource({ pips: 3 })).toThrow(StandInValidationError);
    expect(thing._source).toEqual({ pips: 2 });
    thing.updateSource({ pips: "1" });
    expect(thing._source).toEqual({ pips: 1 });
    expect(() => new Thing({ pips: "x" })).toThrow(StandInValidationError);
  });
});
