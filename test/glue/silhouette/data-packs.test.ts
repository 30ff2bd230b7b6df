// Silhouette documents without Foundry: derived traits against the digest's numbers, migrations of
// older shapes, the roll dialog's odds against hand-counted probabilities, the data models' field
// constraints, and every compendium document validated against them.
import { beforeAll, describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { ROOT } from "../../support/handlebars";
import { validateAgainst } from "../../../src/rules/table/field-spec";
import { SPECS } from "../../../src/rules/silhouette/table/schema";
import { deriveCharacter, type ItemLike } from "../../../src/rules/silhouette/table/derive";
import { migrateCharacterSource, migrateSkillSource, migrateWeaponSource } from "../../../src/rules/silhouette/table/migrate";
import {
  attackRequest,
  checkOdds,
  planPool,
  skillRequest,
  type ActorFacts,
  type WeaponFacts,
} from "../../../src/rules/silhouette/table/checks";
import { DEFAULT_OPTIONS, optionsFrom } from "../../../src/rules/silhouette/table/settings";
import { diceView, summarize } from "../../../src/rules/silhouette/table/cards";
import { readCheckFaces } from "../../../src/rules/silhouette/index";
import { silhouetteActorContext } from "../../../src/rules/silhouette/table/sheet-context";

const skill = (name: string, key: string, level: number, attribute = "none"): ItemLike => ({
  id: key,
  name,
  type: "silhouette_skill",
  system: { key, level, attribute },
});
const character = (attributes: Record<string, number>, extra: Record<string, unknown> = {}) => ({
  attributes: { agi: 0, bld: 0, fit: 0, str: 0, will: 0, ...attributes } as never,
  stamina: 25,
  maxLoad: 0,
  wounds: { light: 0, heavy: 0, dead: false },
  ...extra,
});

describe("derived traits (digest §14)", () => {
  it.each([
    [0, 0, [25, 16.67, 12.5, 8.33, 5]],
    [0, 1, [30, 20, 15, 10, 6]],
    [1, 2, [40, 26.67, 20, 13.33, 8]],
    [-1, 0, [20, 13.33, 10, 6.67, 4]],
    [2, 3, [50, 33.33, 25, 16.67, 10]],
  ])("E8–E12: FIT %i, Athletics %i → sprint/run/jog/walk/crawl %j", (fit, athletics, expected) => {
    const d = deriveCharacter(character({ fit }), athletics ? [skill("Athletics", "athletics", athletics, "fit")] : []);
    const m = d.movement;
    expect([m.sprint, m.run, m.jog, m.walk, m.crawl].map((v) => Math.round(v * 100) / 100)).toEqual(expected);
  });

  it("movement rounded down to half metres when the world says so", () => {
    const m = deriveCharacter(character({ fit: 0 }), [], { rounding: "halfMetre" }).movement;
    expect([m.run, m.walk]).toEqual([16.5, 8]);
  });

  it("E15/E16: max load 40 kg — 20 kg any speed, 25 kg jog at most, a 10 kg smooth box counts 20 kg", () => {
    const gear = (weight: number, unhandy = false): ItemLike => ({
      name: "g",
      type: "silhouette_equipment",
      system: { weight, quantity: 1, unhandy, carried: true },
    });
    expect(deriveCharacter(character({}, { maxLoad: 40 }), [gear(20)]).maxSpeed).toBe("sprint");
    expect(deriveCharacter(character({}, { maxLoad: 40 }), [gear(25)]).maxSpeed).toBe("jog");
    expect(deriveCharacter(character({}, { maxLoad: 40 }), [gear(35)]).maxSpeed).toBe("walk");
    const box = deriveCharacter(character({}, { maxLoad: 40 }), [gear(10, true), gear(5)]);
    expect(box.load).toBe(25);
    expect(box.maxSpeed).toBe("jog");
  });

  it("E17: a light wound allows a jog at most (run with the alternative setting), a heavy wound only a crawl", () => {
    expect(deriveCharacter(character({}, { wounds: { light: 1, heavy: 0, dead: false } }), []).maxSpeed).toBe("jog");
    expect(deriveCharacter(character({}, { wounds: { light: 1, heavy: 0, dead: false } }), [], { lightWoundMax: "run" }).maxSpeed).toBe(
      "run",
    );
    expect(deriveCharacter(character({}, { wounds: { light: 0, heavy: 1, dead: false } }), []).maxSpeed).toBe("crawl");
  });

  it("E37 reach 50/80/20 cm; E51 throwing ranges for STR 0/+2/−1; Stamina 25 thresholds 13/25/50", () => {
    expect([
      deriveCharacter(character({}), []).reachCm,
      deriveCharacter(character({ fit: 2, bld: 1 }), []).reachCm,
      deriveCharacter(character({ fit: -1, bld: -2 }), []).reachCm,
    ]).toEqual([50, 80, 20]);
    expect(deriveCharacter(character({ str: 2 }), []).throwingRanges).toEqual({ base: 7, medium: 14, long: 28, extreme: 56 });
    expect(deriveCharacter(character({ str: -1 }), []).throwingRanges).toEqual({ base: 4, medium: 8, long: 16, extreme: 32 });
    expect(deriveCharacter(character({}), []).woundThresholds).toEqual({ light: 13, heavy: 25, death: 50 });
  });
  it("Silhouette CORE, Secondary Traits: HEA = (FIT + PSY + WIL) / 3 rounded off, shown beside what BLD and FIT give for STR", () => {
    // FIT 2, PSY 1, WIL 2 → 5 / 3 → 2; BLD 1: STR (1 + 2) / 2 → 1, Stamina 5 × (1 + 2) + 25 = 40
    const d = deriveCharacter(character({ fit: 2, psy: 1, will: 2, bld: 1 } as never), []);
    expect([d.health, d.strengthFromBuild, d.staminaFromBuild]).toEqual([2, 1, 40]);
    // an old actor without PSY reads it as 0: FIT 1, WIL 0 → 1 / 3 → 0
    expect(deriveCharacter(character({ fit: 1 }), []).health).toBe(0);
    const sheet = silhouetteActorContext({ system: { ...character({ fit: -2, will: -2 }) }, items: [] } as never, []);
    expect([sheet.health, sheet.attributes.map((a) => a.key)]).toEqual([
      "\u22121",
      ["agi", "app", "bld", "cre", "fit", "inf", "kno", "per", "psy", "will", "str"],
    ]);
  });
});

describe("migrations of older shapes", () => {
  it("a character with upper-case/long attribute names, string numbers and a wound count", () => {
    const old = { FIT: "+1", attributes: { Agility: "2", WILL: { value: -1 } }, wounds: "2", stamina: "30" };
    const migrated = migrateCharacterSource(old);
    expect(migrated).toEqual({ attributes: { agi: 2, will: -1, fit: 1 }, wounds: { light: 2, heavy: 0, dead: false }, stamina: 30 });
    expect(old).toEqual({ FIT: "+1", attributes: { Agility: "2", WILL: { value: -1 } }, wounds: "2", stamina: "30" });
    expect(migrateCharacterSource(migrated)).toEqual(migrated);
  });

  it("a skill with `rating` and `attr`, a weapon with `damage` and a single `range`", () => {
    expect(migrateSkillSource({ rating: "3", attr: "FIT", key: "athletics" })).toEqual({ level: 3, attribute: "fit", key: "athletics" });
    expect(migrateWeaponSource({ damage: "12", range: 10, rof: "2" })).toEqual({
      damageMultiplier: 12,
      rof: 2,
      ranges: { base: 10, medium: 20, long: 40, extreme: 80 },
    });
  });
});

describe("the roll dialog's odds (exact, from src/core)", () => {
  const facts = (skills: ItemLike[], moved: number | null = null): ActorFacts => {
    const d = deriveCharacter(character({}), skills);
    return {
      uuid: "Actor.x",
      name: "X",
      img: "",
      skills: d.skills,
      movement: d.movement,
      maxSpeed: d.maxSpeed,
      movedThisRound: moved,
      prone: false,
      balancing: 0,
    };
  };

  it("one die against difficulty 4 succeeds 3 times in 6; a mishap (every die 1) is 1 in 6", () => {
    const request = skillRequest(facts([skill("Notice", "notice", 1)]), facts([skill("Notice", "notice", 1)]).skills[0], [], "Notice");
    const lines = checkOdds(request, { ...request.values, thresholdKind: "difficulty", threshold: 4 }, DEFAULT_OPTIONS);
    expect(lines[0].probability).toBeCloseTo(3 / 6, 12);
    expect(lines[1].probability).toBeCloseTo(1 / 6, 12);
  });

  it("two dice against 7 (needs two sixes): 1/36; against an opposing 7 the tie fails: 0", () => {
    const f = facts([skill("Melee", "melee", 2)]);
    const request = skillRequest(f, f.skills[0], [], "Melee");
    expect(
      checkOdds(request, { ...request.values, thresholdKind: "difficulty", threshold: 7 }, DEFAULT_OPTIONS)[0].probability,
    ).toBeCloseTo(1 / 36, 12);
    expect(checkOdds(request, { ...request.values, thresholdKind: "opposed", threshold: 7 }, DEFAULT_OPTIONS)[0].probability).toBe(0);
    expect(
      checkOdds(request, { ...request.values, thresholdKind: "opposed", threshold: 7 }, optionsFrom({ opposedTie: "success" }))[0]
        .probability,
    ).toBeCloseTo(1 / 36, 12);
  });

  it("an attack against a target: P(1 die > 1 die − 1 stationary) counted by hand = 21/36, less the attack's mishap that would have hit: 20/36", () => {
    const f = facts([skill("Firearms", "firearms", 1)]);
    const weapon: WeaponFacts = {
      uuid: "w",
      name: "Pistol",
      img: "",
      category: "ranged",
      skill: "firearms",
      damageMultiplier: 10,
      accuracy: 0,
      rof: 0,
      ranges: { base: 10, medium: 20, long: 40, extreme: 80 },
    };
    const target = { tokenUuid: "t", actorUuid: "a", name: "T", img: "", distance: 5, units: "m" };
    const request = attackRequest(f, weapon, [target], [{ defenseDice: 1, defenseAttribute: 0, movement: "stationary" }], "Pistol");
    // attack a (1–6) must beat defense d − 1: a > d − 1 ⇔ a ≥ d: 21 of 36 pairs; but a = 1 is a
    // mishap and fails (004:L45, L112), which takes away the pair (1, 1): 20 of 36.
    expect(checkOdds(request, request.values, DEFAULT_OPTIONS)[0].probability).toBeCloseTo(20 / 36, 12);
  });

  it("E44/E45: aiming and called shots change the pool; E46: burst ROF 3 → −1", () => {
    const f = facts([skill("Firearms", "firearms", 4)]);
    const weapon: WeaponFacts = {
      uuid: "w",
      name: "Rifle",
      img: "",
      category: "ranged",
      skill: "firearms",
      damageMultiplier: 10,
      accuracy: 0,
      rof: 3,
      ranges: { base: 25, medium: 50, long: 100, extreme: 200 },
    };
    const request = attackRequest(f, weapon, [], [], "Rifle");
    expect(planPool(request, { ...request.values, calledShot: "head" }, DEFAULT_OPTIONS).dice).toBe(1);
    expect(planPool(request, { ...request.values, aim: 3, calledShot: "head" }, DEFAULT_OPTIONS).dice).toBe(4);
    expect(planPool(request, { ...request.values, aim: 9 }, DEFAULT_OPTIONS).dice).toBe(8);
    expect(planPool(request, { ...request.values, burst: 3 }, DEFAULT_OPTIONS).lines).toContainEqual({
      label: "OMNIBUS.Silhouette.Card.Recoil",
      value: -1,
    });
    expect(() => planPool(request, { ...request.values, burst: 2, calledShot: "head" }, DEFAULT_OPTIONS)).toThrow(/burst/);
  });

  it("the card marks the kept die, the bonus sixes and an untrained roll's discarded die", () => {
    expect(diceView(summarize(readCheckFaces({ dice: 3 }, [6, 6, 1]))).map((d) => d.classes)).toEqual(["kept", "six bonus", ""]);
    expect(diceView(summarize(readCheckFaces({ dice: 0 }, [5, 2]))).map((d) => d.classes)).toEqual(["discarded", "kept"]);
  });
});

// ---------------------------------------------------------------------------------------------
// Data models and packs

interface FieldSpec {
  kind: string;
  options: Record<string, any>;
  fields?: Record<string, FieldSpec>;
}
let schemas: Record<string, Record<string, FieldSpec>>;
let models: typeof import("../../../src/foundry/silhouette/models");

beforeAll(async () => {
  const make = (kind: string) =>
    class {
      kind = kind;
      constructor(public options: Record<string, unknown> = {}) {}
    };
  class SchemaField {
    kind = "SchemaField";
    constructor(
      public fields: Record<string, unknown>,
      public options: Record<string, unknown> = {},
    ) {}
  }
  class ArrayField {
    kind = "ArrayField";
    constructor(
      public element: unknown,
      public options: Record<string, unknown> = {},
    ) {}
  }
  (globalThis as Record<string, unknown>).foundry = {
    data: {
      fields: {
        NumberField: make("NumberField"),
        StringField: make("StringField"),
        BooleanField: make("BooleanField"),
        HTMLField: make("HTMLField"),
        SchemaField,
        ArrayField,
      },
    },
    abstract: {
      TypeDataModel: class {
        static migrateData(source: unknown) {
          return source;
        }
      },
    },
  };
  models = await import("../../../src/foundry/silhouette/models");
  schemas = {
    silhouette_character: models.characterSchema() as never,
    silhouette_npc: models.characterSchema() as never,
    silhouette_skill: models.skillSchema() as never,
    silhouette_weapon: models.weaponSchema() as never,
    silhouette_armour: models.armourSchema() as never,
    silhouette_equipment: models.equipmentSchema() as never,
  };
});

function validate(fields: Record<string, FieldSpec>, value: unknown, path: string, errors: string[]): void {
  if (typeof value !== "object" || value === null) {
    errors.push(`${path}: not an object`);
    return;
  }
  for (const key of Object.keys(value)) if (!(key in fields)) errors.push(`${path}.${key}: not in the schema`);
  for (const [key, field] of Object.entries(fields)) {
    const v = (value as Record<string, unknown>)[key];
    const at = `${path}.${key}`;
    const o = field.options;
    if (v === undefined) {
      if (o.required && o.initial === undefined) errors.push(`${at}: missing`);
      continue;
    }
    if (field.kind === "SchemaField") validate(field.fields!, v, at, errors);
    else if (field.kind === "ArrayField") {
      if (!Array.isArray(v)) errors.push(`${at}: not a list`);
    } else if (field.kind === "NumberField") {
      if (typeof v !== "number" || !Number.isFinite(v)) errors.push(`${at}: ${String(v)} is not a number`);
      else {
        if (o.integer && !Number.isInteger(v)) errors.push(`${at}: ${v} is not an integer`);
        if (o.min !== undefined && v < o.min) errors.push(`${at}: ${v} < ${o.min}`);
        if (o.max !== undefined && v > o.max) errors.push(`${at}: ${v} > ${o.max}`);
        if (o.choices && !(String(v) in o.choices)) errors.push(`${at}: ${v} is not a choice`);
      }
    } else if (field.kind === "StringField") {
      if (typeof v !== "string") errors.push(`${at}: not a string`);
      else if (o.choices && !(v in o.choices)) errors.push(`${at}: "${v}" is not a choice`);
    } else if (field.kind === "BooleanField") {
      if (typeof v !== "boolean") errors.push(`${at}: not a boolean`);
    } else if (field.kind === "HTMLField" && typeof v !== "string") errors.push(`${at}: not HTML text`);
  }
}

describe("data models", () => {
  it("the fields carry the rules' limits: integer attributes −10…10, skill level 0…20, choices for keys and attributes", () => {
    const attr = (schemas.silhouette_character.attributes.fields as Record<string, FieldSpec>).fit.options;
    expect(attr).toMatchObject({ integer: true, min: -10, max: 10, initial: 0 });
    expect(schemas.silhouette_skill.level.options).toMatchObject({ integer: true, min: 0, max: 20 });
    // the ten primary attributes of the Silhouette CORE Rules (book order) and STR, on the character and the NPC
    const ten = ["agi", "app", "bld", "cre", "fit", "inf", "kno", "per", "psy", "will"];
    for (const type of ["silhouette_character", "silhouette_npc"]) {
      const fields = schemas[type].attributes.fields as Record<string, FieldSpec>;
      expect(Object.keys(fields), type).toEqual([...ten, "str"]);
      for (const a of ten) expect(fields[a].options, `${type} ${a}`).toMatchObject({ integer: true, min: -10, max: 10, initial: 0 });
    }
    expect(Object.keys(schemas.silhouette_skill.attribute.options.choices)).toEqual(["none", ...ten, "str"]);
    expect(Object.keys(schemas.silhouette_weapon.skill.options.choices)).toEqual(["handToHand", "melee", "firearms", "throwing"]);
    expect(schemas.silhouette_weapon.rof.options).toMatchObject({ integer: true, min: -20, max: 50 });
    expect(schemas.silhouette_character.health.fields!.value.options).toMatchObject({ min: 0, max: 3 });
  });

  it("migrateData runs the migration (a v0 weapon becomes valid)", () => {
    const migrated = models.SilhouetteWeaponModel.migrateData({ damage: 10, range: 25 }) as Record<string, unknown>;
    const errors: string[] = [];
    validate(schemas.silhouette_weapon, { ...migrated }, "weapon", errors);
    expect(errors).toEqual([]);
    expect(migrated).toMatchObject({ damageMultiplier: 10, ranges: { base: 25, medium: 50, long: 100, extreme: 200 } });
  });

  it("prepareDerivedData computes movement and the wound bar through the rules", () => {
    const model = Object.create(models.SilhouetteCharacterModel.prototype) as Record<string, any>;
    Object.assign(model, character({ fit: 1 }, { wounds: { light: 1, heavy: 0, dead: false }, health: { value: 3, max: 3 } }));
    model.parent = { items: { contents: [skill("Athletics", "athletics", 2, "fit")] } };
    model.prepareDerivedData();
    expect(model.derived.movement.sprint).toBe(40);
    expect(model.derived.maxSpeed).toBe("jog");
    expect(model.health).toEqual({ value: 2, max: 3 });
  });
});

describe("compendium packs (packs/_source/silhouette-*)", () => {
  const packDirs = readdirSync(join(ROOT, "packs", "_source")).filter((d) => d.startsWith("silhouette-"));
  // The starter journal holds JournalEntry documents, not data models (tested in content.test.ts).
  // RollTable packs are checked by test/glue/shared/table-draws.test.ts (coverage, Russian names).
  const docs = packDirs
    .filter((pack) => pack !== "silhouette-journal" && pack !== "silhouette-tables")
    .flatMap((pack) =>
      readdirSync(join(ROOT, "packs", "_source", pack))
        .filter((f) => f.endsWith(".yml"))
        .map((f) => ({ pack, file: f, doc: parse(readFileSync(join(ROOT, "packs", "_source", pack, f), "utf8")) as Record<string, any> })),
    );
  const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as {
    packs: Array<{ name: string; type: string; system?: string }>;
  };

  it("are listed in system.json with system omnibus and the right document type", () => {
    expect(packDirs.sort()).toEqual([
      "silhouette-actors",
      "silhouette-armour",
      "silhouette-equipment",
      "silhouette-journal",
      "silhouette-skills",
      "silhouette-tables",
      "silhouette-weapons",
    ]);
    for (const pack of packDirs) {
      const entry = manifest.packs.find((p) => p.name === pack);
      if (pack === "silhouette-journal") expect(entry, pack).toMatchObject({ type: "JournalEntry" });
      else if (pack === "silhouette-tables") expect(entry, pack).toMatchObject({ type: "RollTable" });
      else expect(entry, pack).toMatchObject({ system: "omnibus", type: pack === "silhouette-actors" ? "Actor" : "Item" });
    }
  });

  it("every document (and embedded item) validates against its data model's fields", () => {
    const errors: string[] = [];
    for (const { pack, file, doc } of docs) {
      expect(Object.keys(schemas), `${pack}/${file}: type`).toContain(doc.type);
      validate(schemas[doc.type], doc.system, `${pack}/${file}`, errors);
      for (const item of doc.items ?? []) validate(schemas[item.type], item.system, `${pack}/${file}:${item.name}`, errors);
    }
    expect(errors).toEqual([]);
  });

  it("every document (and embedded item) also validates against the plain specs the fields are built from (shared validateAgainst)", () => {
    const problems: string[] = [];
    for (const { pack, file, doc } of docs) {
      expect(SPECS[doc.type], `${pack}/${file}: type`).toBeDefined();
      problems.push(...validateAgainst(SPECS[doc.type], doc.system, `${pack}/${file}`));
      for (const item of doc.items ?? []) problems.push(...validateAgainst(SPECS[item.type], item.system, `${pack}/${file}:${item.name}`));
    }
    expect(problems).toEqual([]);
    // Not a rubber stamp: a skill level past 20, an unknown attribute, a fraction of a hand.
    expect(validateAgainst(SPECS.silhouette_skill, { level: 21, attribute: "luck" })).toHaveLength(2);
    expect(validateAgainst(SPECS.silhouette_equipment, { balancingHands: 3 })).toEqual(["system.balancingHands: 3 is not one of 0, 1, 2"]);
  });

  it("every _id is 16 letters/digits and unique, every _key matches it, and every document has a Russian name", () => {
    const ids = new Set<string>();
    for (const { pack, file, doc } of docs) {
      const where = `${pack}/${file}`;
      const kind = pack === "silhouette-actors" ? "actors" : "items";
      expect(doc._id, where).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(doc._key, where).toBe(`!${kind}!${doc._id}`);
      expect(ids.has(doc._id), `${where}: duplicate _id`).toBe(false);
      ids.add(doc._id);
      expect(doc.flags?.omnibus?.nameRu, where).toMatch(/[А-Яа-яЁё]/);
      for (const item of doc.items ?? []) {
        expect(item._id).toMatch(/^[A-Za-z0-9]{16}$/);
        expect(item._key).toBe(`!actors.items!${doc._id}.${item._id}`);
        expect(ids.has(item._id), `${where}: duplicate embedded _id`).toBe(false);
        ids.add(item._id);
      }
    }
    expect(ids.size).toBeGreaterThan(30);
  });

  it("the veteran mercenary keeps the digest's example data: Athletics 2 with FIT +1 (E34), Combat Sense 2 (E5), Melee 3 / Stealth 1 (E43), Firearms 4 (E45)", () => {
    const merc = docs.find((d) => d.doc.name === "Veteran mercenary")!.doc;
    const level = (name: string) => merc.items.find((i: { name: string }) => i.name === name).system.level;
    expect(merc.system.attributes.fit).toBe(1);
    expect([level("Athletics"), level("Combat Sense"), level("Melee"), level("Stealth"), level("Firearms")]).toEqual([2, 2, 3, 1, 4]);
  });
});
