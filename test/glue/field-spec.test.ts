// The shared plain field specs (src/foundry/data): the Foundry options each kind builds (the options
// the four rulesets' own builders passed before they were merged), and the node validator.
import { beforeAll, describe, expect, it } from "vitest";
import { installFoundryStandIns } from "../support/foundry-stand-ins";
import { ArrayField, HTMLField, NumberField, SchemaField, StringField, installDataFieldStandIns } from "../support/data-fields";
import {
  array,
  bool,
  html,
  initialData,
  int,
  nullableInt,
  num,
  schema,
  str,
  stringSet,
  validateAgainst,
} from "../../src/rules/table/field-spec";

let buildField: typeof import("../../src/foundry/data/build-fields").buildField;
beforeAll(async () => {
  installFoundryStandIns();
  installDataFieldStandIns();
  ({ buildField } = await import("../../src/foundry/data/build-fields"));
});

describe("building Foundry fields", () => {
  it("integers are required whole numbers; nullable ones accept null; choices (value → label) are kept", () => {
    const f = buildField(int(3, 0, 6)) as NumberField;
    expect(f).toBeInstanceOf(NumberField);
    expect(f.givenOptions).toMatchObject({ required: true, nullable: false, integer: true, min: 0, max: 6, initial: 3 });
    expect(f.unknownOptions).toEqual([]);
    expect((buildField(nullableInt(0, 10)) as NumberField).validate(null)).toEqual([]);
    const hands = buildField(int(0, undefined, undefined, { choices: { 0: "a", 1: "b" }, label: "L" })) as NumberField;
    expect(hands.givenOptions).toMatchObject({ choices: { 0: "a", 1: "b" }, label: "L" });
    expect(hands.validate(2)).toHaveLength(1);
    expect((buildField(num(1.5, 0)) as NumberField).givenOptions).toMatchObject({ integer: false, min: 0 });
  });

  it('a string with choices is blank only when "" is a choice; without choices it may be blank', () => {
    expect((buildField(str("a", ["a", "b"])) as StringField).validate("")).toHaveLength(1);
    expect((buildField(str("", ["", "a"])) as StringField).validate("")).toEqual([]);
    expect((buildField(str("")) as StringField).givenOptions).toMatchObject({ blank: true });
    expect((buildField(str("x", ["x"])) as StringField).validate("y")).toHaveLength(1);
  });

  it("html (required only when asked), nested schemas, arrays and string sets", () => {
    expect((buildField(html()) as HTMLField).givenOptions).toMatchObject({ required: false, blank: true, initial: "" });
    expect((buildField(html({ required: true })) as HTMLField).givenOptions).toMatchObject({ required: true });
    const s = buildField(schema({ a: int(1, 0, 2), b: bool(true) })) as SchemaField;
    expect(Object.keys(s.fields)).toEqual(["a", "b"]);
    expect((buildField(array(int(0, 1))) as ArrayField).validate([1, 0])).toHaveLength(1);
    const set = buildField(stringSet(["x", "y"])) as ArrayField;
    expect(set.givenOptions).toMatchObject({ initial: [] });
    expect(set.validate(["x", "z"])).toHaveLength(1);
  });
});

describe("validateAgainst and initialData", () => {
  const spec = {
    n: int(1, 0, 5),
    maybe: nullableInt(1, 9),
    kind: str("a", ["a", "b"]),
    tags: stringSet(["p", "q"]),
    list: array(schema({ x: num(0, 0) })),
    notes: html(),
  };

  it("the initial data is valid; every kind of problem is reported with its path", () => {
    expect(initialData(spec)).toEqual({ n: 1, maybe: null, kind: "a", tags: [], list: [], notes: "" });
    expect(validateAgainst(spec, initialData(spec))).toEqual([]);
    expect(validateAgainst(spec, { extra: 1, n: 6, maybe: 2.5, kind: "c", tags: ["p", "p", "r"], list: [{ x: -1 }], notes: 3 })).toEqual([
      "system.extra: not in the schema",
      "system.n: 6 is above 5",
      "system.maybe: 2.5 is not a whole number",
      'system.kind: "c" is not one of a, b',
      'system.tags: "r" is not allowed',
      "system.tags: duplicates",
      "system.list[0].x: -1 is below 0",
      "system.notes: 3 is not text",
    ]);
    expect(validateAgainst(spec, [])).toEqual(["system: not an object"]);
  });
});
