// Storytelling glue, pure side: schemas vs. pack sources, migrateData on old data, derived traits
// against the digest's numbers (WoD 2004 p.152–173; seed 002), sheet interactions.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { ACTOR_SCHEMAS, ITEM_SCHEMAS, CHARACTER_SCHEMA } from "../../../src/rules/storytelling/table/schema";
import { migrateCharacterSource, migrateWeaponSource } from "../../../src/rules/storytelling/table/migrate";
import { validateAgainst, initialData } from "../../../src/rules/table/field-spec";
import { cycleHealthBox, deriveCharacter, deriveObject, deriveVehicle, dotClick } from "../../../src/rules/storytelling/table/derive";
import { ROOT } from "../../support/handlebars";

const PACKS = ["storytelling-weapons", "storytelling-armor", "storytelling-equipment", "storytelling-objects", "storytelling-vehicles"];
const docs = PACKS.flatMap((pack) =>
  readdirSync(join(ROOT, "packs", "_source", pack)).map((f) => ({
    pack,
    file: f,
    doc: parse(readFileSync(join(ROOT, "packs", "_source", pack, f), "utf8")),
  })),
);
const byName = (name: string) => docs.find((d) => d.doc.name === name)!.doc;

describe("storytelling compendium sources", () => {
  it("every pack named in system.json has sources, with system omnibus", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8"));
    for (const pack of PACKS) {
      const entry = manifest.packs.find((p: { name: string }) => p.name === pack);
      expect(entry, pack).toMatchObject({ system: "omnibus", path: `packs/${pack}` });
      expect(
        docs.some((d) => d.pack === pack),
        pack,
      ).toBe(true);
    }
  });

  it.each(docs.map((d) => [`${d.pack}/${d.file}`, d]))("%s validates against its data model's schema", (_n, { doc, pack }) => {
    const schemas = { ...ACTOR_SCHEMAS, ...ITEM_SCHEMAS } as Record<string, Parameters<typeof validateAgainst>[0]>;
    expect(Object.keys(schemas)).toContain(doc.type);
    expect(pack === "storytelling-vehicles" ? "Actor" : "Item").toBe(doc.type in ACTOR_SCHEMAS ? "Actor" : "Item");
    expect(validateAgainst(schemas[doc.type], doc.system)).toEqual([]);
    expect(doc._id).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(doc._key).toBe(`!${doc.type in ACTOR_SCHEMAS ? "actors" : "items"}!${doc._id}`);
    expect(doc.flags?.omnibus?.nameRu, "Russian name").toMatch(/[А-Яа-яЁё]/);
  });

  it("ids and keys are unique across the packs", () => {
    const ids = docs.map((d) => d.doc._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(docs.map((d) => d.doc._key)).size).toBe(ids.length);
  });

  it("the schema check catches what the data model would clean or refuse", () => {
    expect(validateAgainst(ITEM_SCHEMAS.storytelling_weapon, { damage: 2.5 })).toHaveLength(1);
    expect(validateAgainst(ITEM_SCHEMAS.storytelling_weapon, { damage: 11 })).toHaveLength(1);
    expect(validateAgainst(ITEM_SCHEMAS.storytelling_weapon, { again: "7" })).toHaveLength(1);
    expect(validateAgainst(ITEM_SCHEMAS.storytelling_weapon, { speed: 1 })).toEqual(["system.speed: not in the schema"]);
    expect(validateAgainst(CHARACTER_SCHEMA, initialData(CHARACTER_SCHEMA))).toEqual([]);
  });

  it("objects carry the seed's numbers: Structure = Durability + Size, Damage = the lower (002:L527, L571; digest Y.2, A19, A20)", () => {
    expect(deriveObject(byName("Wooden door, exterior").system)).toMatchObject({ structure: 7, damageRating: 2 });
    expect(deriveObject(byName("Coffin").system)).toMatchObject({ structure: 7, damageRating: 1 });
    expect(deriveObject(byName("Baseball bat, weighted").system)).toMatchObject({ structure: 4, damageRating: 2 });
    expect(deriveObject(byName("Bank vault door, armored").system)).toMatchObject({ structure: 18, damageRating: 8 });
    // E35: the chainsaw (Durability 2, Size 3, Structure 5): 3 damage → −1, 5 → destroyed.
    expect(deriveObject({ ...byName("Chainsaw").system, damageTaken: 2 })).toMatchObject({ state: "ok", penalty: 0 });
    expect(deriveObject({ ...byName("Chainsaw").system, damageTaken: 3 })).toMatchObject({ state: "impaired", penalty: -1 });
    expect(deriveObject({ ...byName("Chainsaw").system, damageTaken: 5 }).state).toBe("destroyed");
  });

  it("vehicles carry the seed's table (002:L911–L934) and damage penalties (E57, E59)", () => {
    const compact = byName("Compact car").system;
    expect(compact).toMatchObject({ durability: 3, size: 9, acceleration: 15, safeSpeed: 103, maxSpeed: 191, handling: 3 });
    expect(deriveVehicle(compact).structure).toBe(12);
    expect(deriveVehicle(byName("Bus").system).structure).toBe(24);
    expect(deriveVehicle({ ...compact, damage: 4 }).drivePenalty).toBe(-1);
    expect(deriveVehicle({ ...compact, damage: 3 }).drivePenalty).toBe(0);
    expect(deriveVehicle({ ...compact, flatTyres: 2 })).toMatchObject({ tyrePenalty: -4, safeSpeed: 25 });
  });

  it("weapons and armour carry the tables (digest §Z.5): heavy pistol 3 (30/60/120), great axe 5L 9-again, flak jacket 2/3", () => {
    expect(byName("Pistol, heavy").system).toMatchObject({
      damage: 3,
      ranges: { short: 30, medium: 60, long: 120 },
      attackKind: "firearms",
    });
    expect(byName("Great axe").system).toMatchObject({ damage: 5, damageType: "lethal", again: "9" });
    expect(byName("Flak jacket").system).toMatchObject({ general: 2, ballistic: 3, defense: -1, bulletproof: true });
  });
});

describe("migrateData (older, looser shapes)", () => {
  it("character: {value} attributes, numeric skills and specialty lists, a track string, Willpower as a number", () => {
    const old = {
      attributes: { strength: { value: 3 }, dexterity: "2", stamina: 2 },
      skills: { athletics: 2, firearms: { value: 3, specialties: ["Pistols", "Rifles"] }, crafts: { dots: 4, specialties: "Engines" } },
      healthTrack: "*XX/...",
      willpower: 4,
    };
    const migrated = migrateCharacterSource(old as never);
    expect(migrated).toMatchObject({
      attributes: { strength: 3, dexterity: 2, stamina: 2 },
      skills: {
        athletics: { dots: 2, specialties: "" },
        firearms: { dots: 3, specialties: "Pistols, Rifles" },
        crafts: { dots: 4, specialties: "Engines" },
      },
      healthTrack: { aggravated: 1, lethal: 2, bashing: 1 },
      willpower: { points: 4, bonus: 0, spentThisTurn: false },
    });
    expect(validateAgainst(CHARACTER_SCHEMA, migrated)).toEqual([]);
  });

  it("weapon: a numeric again and a '20/40/80' range string", () => {
    const migrated = migrateWeaponSource({ again: 9, range: "20/40/80" });
    expect(migrated).toEqual({ again: "9", ranges: { short: 20, medium: 40, long: 80 } });
    expect(validateAgainst(ITEM_SCHEMAS.storytelling_weapon, migrated)).toEqual([]);
  });
});

const human = (attrs: Record<string, number>, extra: Record<string, unknown> = {}) => ({
  attributes: {
    intelligence: 2,
    wits: 2,
    resolve: 2,
    strength: 2,
    dexterity: 2,
    stamina: 2,
    presence: 2,
    manipulation: 2,
    composure: 2,
    ...attrs,
  },
  size: 5,
  ...extra,
});

describe("derived traits (digest §Z.4, §Z.6)", () => {
  it("an average human: Health 7 (Stamina 2 + Size 5), Willpower Resolve + Composure, Defense the lower of Wits/Dexterity, Initiative Dex + Composure, Speed Str + Dex + 5", () => {
    const d = deriveCharacter(human({ wits: 3, dexterity: 2, composure: 3, resolve: 2, strength: 3 }));
    expect(d).toMatchObject({
      health: 7,
      willpowerMax: 5,
      defense: 2,
      initiative: 5,
      speed: 10,
      size: 5,
      woundPenalty: 0,
      healthStatus: "ok",
    });
  });

  it("wound penalties −1/−2/−3 as the last three boxes fill, and the last box decides the status", () => {
    const at = (track: Record<string, number>) => deriveCharacter(human({}, { healthTrack: track }));
    expect(at({ bashing: 4 }).woundPenalty).toBe(0);
    expect(at({ bashing: 5 }).woundPenalty).toBe(-1);
    expect(at({ lethal: 6 }).woundPenalty).toBe(-2);
    expect(at({ lethal: 6, bashing: 1 })).toMatchObject({ woundPenalty: -3, healthStatus: "unconscious_risk" });
    expect(at({ lethal: 7 }).healthStatus).toBe("dying");
    expect(at({ aggravated: 7 }).healthStatus).toBe("dead");
    // The wound penalty slows Speed too (WoD p.173): 2 + 2 + 5 − 2.
    expect(at({ lethal: 6 }).speed).toBe(7);
  });

  it("worn armour: its Defense and Speed penalties apply, the best rating counts; extras may have 4 Health", () => {
    const flak = { type: "storytelling_armor", system: { general: 2, ballistic: 3, defense: -1, speed: 0, equipped: true } };
    const d = deriveCharacter(human({ wits: 3, dexterity: 3 }), [flak]);
    expect(d.defense).toBe(2);
    expect(d.armor).toMatchObject({ general: 2, ballistic: 3 });
    expect(deriveCharacter(human({}, { healthOverride: 4 })).health).toBe(4);
  });

  it("a Health box cycles empty → bashing → lethal → aggravated → empty, wounds sorted most severe first", () => {
    let t = { health: 7, aggravated: 0, lethal: 0, bashing: 0 };
    t = cycleHealthBox(t, 0);
    expect(t).toMatchObject({ bashing: 1 });
    t = cycleHealthBox(t, 0);
    expect(t).toMatchObject({ lethal: 1, bashing: 0 });
    t = cycleHealthBox(t, 0);
    expect(t).toMatchObject({ aggravated: 1, lethal: 0 });
    t = cycleHealthBox(t, 0);
    expect(t).toMatchObject({ aggravated: 0, lethal: 0, bashing: 0 });
    expect(cycleHealthBox(t, 99)).toEqual(t);
  });

  it("clicking the current dot clears it; attributes never go below 1", () => {
    expect(dotClick(3, 5)).toBe(5);
    expect(dotClick(3, 3)).toBe(2);
    expect(dotClick(1, 1, 1)).toBe(1);
  });
});
