// D6 data: every compendium document validates against the data models' field specs (integers,
// ranges, choices) and has a unique 16-character _id and _key; English and Russian names; the
// migration of older shapes; the derived values through the pure rules.
import { describe, expect, it } from "vitest";
import { ACTOR_SPECS, ITEM_SPECS } from "../../../src/rules/d6/table/schema";
import { deriveActor } from "../../../src/rules/d6/table/derive";
import { migrateD6Source } from "../../../src/rules/d6/table/migrate";
import { validateAgainst } from "../../../src/rules/table/field-spec";
import { planDamage, woundStatuses } from "../../../src/rules/d6/table/cards";
import { attackCheck, resolveValues } from "../../../src/rules/d6/table/checks";
import { DEFAULT_SETTINGS } from "../../../src/rules/d6/table/settings";
import { D6_PACKS, packDocs, thannik } from "./fixtures";

const manifest = await import("../../../system.json", { with: { type: "json" } });

describe("compendium packs", () => {
  it("there are the issue's packs, each declared in system.json with system omnibus", () => {
    expect(D6_PACKS.sort()).toEqual([
      "d6-armor",
      "d6-characters",
      "d6-equipment",
      "d6-force-powers",
      "d6-journal",
      "d6-skills",
      "d6-tables",
      "d6-vehicles",
      "d6-weapons",
    ]);
    const declared = (manifest.default.packs as Array<{ name: string; system: string; type: string }>).filter((p) =>
      p.name.startsWith("d6-"),
    );
    expect(declared.map((p) => p.name).sort()).toEqual(D6_PACKS.sort());
    for (const p of declared) expect(p.system).toBe(p.type === "JournalEntry" || p.type === "RollTable" ? undefined : "omnibus");
    expect(declared.find((p) => p.name === "d6-tables")?.type).toBe("RollTable");
    expect(declared.find((p) => p.name === "d6-journal")?.type).toBe("JournalEntry");
  });

  // RollTable packs are checked by test/glue/shared/table-draws.test.ts.
  it.each(D6_PACKS.filter((p) => p !== "d6-journal" && p !== "d6-tables").map((p) => [p]))(
    "%s: every document (and embedded item) validates, with a unique 16-character _id and _key and a Russian name",
    (pack) => {
      const docs = packDocs(pack);
      expect(docs.length).toBeGreaterThan(0);
      const ids = new Set<string>();
      const keys = new Set<string>();
      const check = (doc: (typeof docs)[number], where: string, parent?: string) => {
        expect(doc._id, where).toMatch(/^[A-Za-z0-9]{16}$/);
        expect(ids.has(doc._id), `${where}: duplicate _id`).toBe(false);
        ids.add(doc._id);
        expect(keys.has(doc._key), `${where}: duplicate _key`).toBe(false);
        keys.add(doc._key);
        expect(doc._key).toBe(
          parent ? `!actors.items!${parent}.${doc._id}` : `!${doc.type in ACTOR_SPECS ? "actors" : "items"}!${doc._id}`,
        );
        const specs = ACTOR_SPECS[doc.type] ?? ITEM_SPECS[doc.type];
        expect(specs, `${where}: type ${doc.type}`).toBeDefined();
        expect(validateAgainst(specs, doc.system), where).toEqual([]);
        expect(doc.flags?.omnibus?.nameRu, `${where}: Russian name`).toMatch(/[А-Яа-яЁё]/);
      };
      for (const doc of docs) {
        check(doc, `${pack}/${doc.name}`);
        for (const item of doc.items ?? []) check(item, `${pack}/${doc.name}/${item.name}`, doc._id);
      }
    },
  );

  it("the validator is not a rubber stamp: it rejects out-of-range integers, unknown choices and unknown fields", () => {
    expect(
      validateAgainst(ACTOR_SPECS.d6_character, {
        woundLevel: "bleeding",
        characterPoints: -1,
        attributes: { dexterity: { dice: 4, pips: 3 } },
        hp: 3,
      }),
    ).toEqual([
      "system.hp: not in the schema",
      "system.attributes.dexterity.pips: 3 is above 2",
      'system.woundLevel: "bleeding" is not one of healthy, stunned, wounded, wounded_twice, incapacitated, mortally_wounded, killed',
      "system.characterPoints: -1 is below 0",
    ]);
  });
});

describe("migration of older data", () => {
  it("codes written as text or with 3+ pips, short attribute names, old wound names and text ranges are normalised", () => {
    const old = { attributes: { dex: "4D+2", strength: "3D+2", perception: { dice: 6, pips: 4 }, technical: 2 }, woundLevel: "wounded2" };
    const migrated = migrateD6Source("d6_character", old);
    expect(migrated.attributes).toEqual({
      dexterity: { dice: 4, pips: 2 },
      strength: { dice: 3, pips: 2 },
      perception: { dice: 7, pips: 1 },
      technical: { dice: 2, pips: 0 },
    });
    expect(migrated.woundLevel).toBe("wounded_twice");
    expect(validateAgainst(ACTOR_SPECS.d6_character, migrated)).toEqual([]);
    const weapon = migrateD6Source("d6_weapon", { ranges: "3-10/30/120", fireControl: "2D" });
    expect(weapon).toEqual({ ranges: { shortMin: 3, shortMax: 10, medium: 30, long: 120 }, fireControl: { dice: 2, pips: 0 } });
    // unreadable: removed (the schema's default applies) and noted, never turned into zeros silently
    const notes: unknown[] = [];
    expect(migrateD6Source("d6_skill", { code: "not a code" }, notes)).toEqual({});
    expect(notes).toEqual([{ path: "code", value: "not a code" }]);
    const current = { attributes: { dexterity: { dice: 3, pips: 1 } }, woundLevel: "wounded" };
    expect(migrateD6Source("d6_character", structuredClone(current))).toEqual(current); // idempotent
  });
});

describe("derived values and damage through the pure rules", () => {
  it("the wound level gives the penalty, whether the character can act, and the health bar", () => {
    expect(deriveActor({ woundLevel: "wounded_twice" })).toMatchObject({ woundPenalty: 2, canAct: true, health: { value: 3, max: 6 } });
    expect(deriveActor({ woundLevel: "incapacitated" })).toMatchObject({ woundPenalty: 0, canAct: false, health: { value: 2, max: 6 } });
    expect(deriveActor({ woundLevel: "nonsense" })).toMatchObject({ woundPenalty: 0, canAct: true, health: { value: 6, max: 6 } });
  });

  it("T-36 / T-37 / T-38: applying damage stacks wounds, stun knocks out, and the statuses follow the wound level", () => {
    expect(
      planDamage(
        { actorUuid: "a", name: "", img: "", damageTotal: 15, resistTotal: 11, stun: false, vehicle: false },
        { woundLevel: "wounded" },
        DEFAULT_SETTINGS,
      ).update,
    ).toEqual({ "system.woundLevel": "wounded_twice" });
    expect(
      planDamage(
        { actorUuid: "a", name: "", img: "", damageTotal: 19, resistTotal: 9, stun: false, vehicle: false },
        { woundLevel: "healthy" },
        DEFAULT_SETTINGS,
      ).update,
    ).toEqual({ "system.woundLevel": "incapacitated" });
    const stun = planDamage(
      { actorUuid: "a", name: "", img: "", damageTotal: 22, resistTotal: 11, stun: true, vehicle: false },
      { woundLevel: "healthy", stuns: 0 },
      DEFAULT_SETTINGS,
    );
    expect(stun.result).toBe("unconscious");
    expect(stun.update).toEqual({ "system.woundLevel": "stunned", "system.stuns": 1 });
    expect(stun.statuses).toMatchObject({ stunned: true, unconscious: true, wounded: false, dead: false });
    expect(woundStatuses("killed", false)).toMatchObject({ dead: true, prone: false, wounded: false });
    // T-51's object damage row for a vehicle: a margin of 13 → severely damaged.
    expect(
      planDamage(
        { actorUuid: "v", name: "", img: "", damageTotal: 20, resistTotal: 7, stun: false, vehicle: true },
        { damage: "lightly_damaged" },
        DEFAULT_SETTINGS,
      ).update,
    ).toEqual({ "system.damage": "severely_damaged" });
  });

  it("T-53: stormtrooper armor's −1D Dexterity reaches a Dexterity-based attack; T-65: a Force Point doubles the skill, not the fire control", () => {
    const t = thannik();
    t.items.push({
      id: "arm",
      name: "Stormtrooper armor",
      type: "d6_armor",
      system: { physical: { dice: 2, pips: 0 }, energy: { dice: 1, pips: 0 }, dexterityPenalty: { dice: 1, pips: 0 }, equipped: true },
    });
    t.items = t.items.filter((i) => i.name !== "“Blastmorth” armor");
    const pistol = t.items.find((i) => i.name === "Blaster pistol")!;
    const request = attackCheck(t, pistol, [], {}, DEFAULT_SETTINGS);
    expect(resolveValues(request, request.values, DEFAULT_SETTINGS).code).toEqual({ dice: 5, pips: 0 }); // blaster pistol 6D − 1D
    const plain = attackCheck(thannik(), pistol, [], {}, DEFAULT_SETTINGS);
    expect(resolveValues(plain, { ...plain.values, forcePoint: true }, DEFAULT_SETTINGS).code).toEqual({ dice: 12, pips: 0 });
  });
});
