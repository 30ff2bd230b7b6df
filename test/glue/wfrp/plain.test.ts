// The wfrp glue's plain functions (no Foundry): migrations on old data, derived traits from the
// packs' example characters against the digest's numbers, every pack document against the data
// model's schema, the roll dialog's specs and odds, the attack card's resolution and damage plan.
import { describe, expect, it } from "vitest";
import { migrateActorSystem, migrateArmourSystem, migrateWeaponSystem } from "../../../src/rules/wfrp/table/migrate";
import { deriveActor, skillRows } from "../../../src/rules/wfrp/table/derive";
import { ACTOR_SCHEMAS, ITEM_SCHEMAS, type SchemaSpec } from "../../../src/rules/wfrp/table/schema";
import { validateAgainst } from "../../../src/rules/table/field-spec";
import { buildRequest, oddsLines, specFor, toYards, withWeapon } from "../../../src/rules/wfrp/table/checks";
import { attackCardContext, planDamage, resolveTarget, type AttackState } from "../../../src/rules/wfrp/table/cards";
import { DEFAULT_RULES, rulesFrom } from "../../../src/rules/wfrp/table/settings";
import { actorViewOf, packDocs } from "../../gallery/samples/wfrp";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../support/handlebars";

const t = (key: string, data: Record<string, string | number> = {}) => `${key}${JSON.stringify(data)}`;
const PACKS = [
  "wfrp-skills",
  "wfrp-talents",
  "wfrp-conditions",
  "wfrp-weapons",
  "wfrp-armour",
  "wfrp-trappings",
  "wfrp-characters",
  "wfrp-adversaries",
  "wfrp-rules",
  "wfrp-journal",
];
const character = (name: string) => packDocs("wfrp-examples").find((d) => d.name === name)!;
const skill = (name: string, key: string, spec?: string) =>
  skillRows(deriveActor(actorViewOf(character(name)).system, actorViewOf(character(name)).items), actorViewOf(character(name)).items).find(
    (r) => r.key === key && (!spec || (r.name ?? "").includes(spec)),
  );

describe("migrateData steps (old shapes → current)", () => {
  it("actor: bare-number characteristics, wounds → health, a list of Conditions → counts, negatives → 0", () => {
    const old = {
      characteristics: { ws: 35, bs: "28", t: { initial: 30, advances: 5 } },
      wounds: { value: 9, max: 12 },
      conditions: ["prone", "bleeding", "bleeding", "nonsense"],
      fortune: -2,
    };
    const out = migrateActorSystem(structuredClone(old));
    expect(out.characteristics).toEqual({
      ws: { initial: 35, advances: 0, modifier: 0 },
      bs: { initial: 28, advances: 0, modifier: 0 },
      t: { initial: 30, advances: 5 },
    });
    expect(out.health).toEqual({ value: 9, max: 12 });
    expect(out.wounds).toBeUndefined();
    expect(out.conditions).toEqual({ prone: 1, bleeding: 2 });
    expect(out.fortune).toBe(0);
    expect(validateAgainst(ACTOR_SCHEMAS.wfrp_character, out)).toEqual([]);
    // Idempotent on current data.
    expect(migrateActorSystem(structuredClone(out))).toEqual(out);
  });

  it('weapon: "+SB+4" damage and comma-separated qualities; armour: ap and a single location', () => {
    expect(migrateWeaponSystem({ damage: "+SB+4", qualities: "Defensive, Impale", flaws: "Slow" })).toEqual({
      damage: 4,
      addsStrengthBonus: true,
      qualities: ["defensive", "impale"],
      flaws: ["slow"],
    });
    expect(migrateWeaponSystem({ damage: "+9" })).toEqual({ damage: 9, addsStrengthBonus: false });
    expect(migrateArmourSystem({ ap: 2, location: "arms" })).toEqual({ armourPoints: 2, locations: ["leftArm", "rightArm"] });
    expect(validateAgainst(ITEM_SCHEMAS.wfrp_armour, migrateArmourSystem({ ap: 1, locations: ["legs", "body"] }))).toEqual([]);
  });
});

describe("derived traits of the digest's example characters (§6.5)", () => {
  it("skill totals are characteristic + Advances: Salundra Intimidate 47, Endurance 46, Perform (Dance) 53, Fellowship 43 (003:L195, L203, L247)", () => {
    expect(skill("Salundra von Drakenburg", "intimidate")?.value).toBe(47);
    expect(skill("Salundra von Drakenburg", "endurance")?.value).toBe(46);
    expect(skill("Salundra von Drakenburg", "perform", "Dance")?.value).toBe(53);
    expect(deriveActor(actorViewOf(character("Salundra von Drakenburg")).system, []).characteristics.fel.current).toBe(43);
    // Entertain (Sing) is untrained: tested against Fellowship 43 (003:L247).
    expect(skill("Salundra von Drakenburg", "entertain")).toMatchObject({ value: 43, trained: false, itemId: "" });
  });

  it("the rest of §6.5: Molly 42/58, Tollich I 38 / Perception 41, Ademar 59, Eichengard 49/39, Valentin 41, Tom 63, officer 46, cultist I 35, Perdita I 33", () => {
    expect(skill("Molly", "athletics")?.value).toBe(42);
    expect(skill("Molly", "pickLock")?.value).toBe(58);
    expect(skill("Tollich", "perception")?.value).toBe(41);
    expect(skill("Ademar", "perception")?.value).toBe(59);
    expect(skill("Eichengard", "ride", "Horse")?.value).toBe(49);
    expect(skill("Eichengard", "perception")?.value).toBe(39);
    expect(skill("Valentin, Jade Magister", "track")?.value).toBe(41);
    expect(skill("Fat Tom Brandysnap", "endurance")?.value).toBe(63);
    expect(skill("Guard Officer", "leadership")?.value).toBe(46);
    const i = (n: string) => deriveActor(character(n).system, []).characteristics.i.current;
    expect([i("Tollich"), i("Cultist of the Blood God"), i("Perdita")]).toEqual([38, 35, 33]);
  });

  it("an advanced skill without Advances cannot be tested; basic ones fall back to the characteristic", () => {
    const rows = skillRows(deriveActor(character("Molly").system, []), []);
    expect(rows.find((r) => r.key === "pickLock")).toBeUndefined(); // advanced, not held: not listed
    expect(rows.find((r) => r.key === "dodge")?.value).toBe(32); // Ag 32
  });

  it("Wounds from the Size formula: Average SB + 2×TB + WPB; Small (halfling) 2×TB + WPB; Hardy +TB; armour by location from worn items", () => {
    const salundra = actorViewOf(character("Salundra von Drakenburg"));
    const d = deriveActor(salundra.system, salundra.items);
    expect(d.maxWounds).toBe(3 + 2 * 3 + 3);
    expect(d.armour).toEqual({ head: 0, leftArm: 1, rightArm: 1, body: 1, leftLeg: 0, rightLeg: 0 });
    expect(deriveActor(character("Fat Tom Brandysnap").system, []).maxWounds).toBe(2 * 4 + 3);
    const hardy = [{ id: "h", name: "Hardy", type: "wfrp_talent", system: { key: "hardy", timesTaken: 2 } }];
    expect(deriveActor(salundra.system, hardy).maxWounds).toBe(12 + 2 * 3);
    const warriorBorn = [{ id: "w", name: "Warrior Born", type: "wfrp_talent", system: { key: "warriorBorn", timesTaken: 1 } }];
    expect(deriveActor(salundra.system, warriorBorn).characteristics.ws.current).toBe(46);
  });

  it("a token status effect counts as at least one of that Condition", () => {
    expect(deriveActor({ conditions: { bleeding: 2 } }, [], ["prone", "bleeding"]).conditions).toMatchObject({ prone: 1, bleeding: 2 });
  });
});

describe("compendium packs", () => {
  const schemaOf = (kind: "Actor" | "Item", type: string): SchemaSpec | undefined =>
    (kind === "Actor" ? (ACTOR_SCHEMAS as Record<string, SchemaSpec>) : (ITEM_SCHEMAS as Record<string, SchemaSpec>))[type];
  const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as {
    packs: Array<{ name: string; type: string; system?: string }>;
  };

  it("every wfrp pack is declared in system.json (system omnibus for Actor/Item packs)", () => {
    for (const name of PACKS) {
      const pack = manifest.packs.find((p) => p.name === name);
      expect(pack, name).toBeDefined();
      if (pack!.type === "Actor" || pack!.type === "Item") expect(pack!.system).toBe("omnibus");
    }
  });

  it("every document (and embedded item) validates against its data model's schema, has a 16-character _id, a matching _key, and a Russian name", () => {
    const problems: string[] = [];
    const ids = new Set<string>();
    const keys = new Set<string>();
    for (const name of PACKS) {
      const kind = manifest.packs.find((p) => p.name === name)!.type;
      for (const doc of packDocs(name) as Array<Record<string, any>>) {
        const check = (d: Record<string, any>, k: string, key: string) => {
          if (!/^[A-Za-z0-9]{16}$/.test(d._id)) problems.push(`${d.name}: _id ${d._id}`);
          if (d._key !== key) problems.push(`${d.name}: _key ${d._key} ≠ ${key}`);
          if (ids.has(d._id)) problems.push(`${d.name}: duplicate _id`);
          if (keys.has(d._key)) problems.push(`${d.name}: duplicate _key`);
          ids.add(d._id);
          keys.add(d._key);
          // A single-language document (a journal written in one language) declares it instead.
          if (!d.flags?.omnibus?.language && (typeof d.flags?.omnibus?.nameRu !== "string" || !d.flags.omnibus.nameRu))
            problems.push(`${d.name}: no flags.omnibus.nameRu`);
          if (k === "JournalEntry" || k === "JournalEntryPage") return;
          const schema = schemaOf(k as "Actor" | "Item", d.type);
          if (!schema) problems.push(`${d.name}: type ${d.type} is not a wfrp ${k} type`);
          else problems.push(...validateAgainst(schema, d.system, `${d.name}.system`));
        };
        const top = kind === "Actor" ? "actors" : kind === "Item" ? "items" : "journal";
        check(doc, kind, `!${top}!${doc._id}`);
        for (const item of doc.items ?? []) check(item, "Item", `!actors.items!${doc._id}.${item._id}`);
        for (const page of doc.pages ?? []) check(page, "JournalEntryPage", `!journal.pages!${doc._id}.${page._id}`);
      }
    }
    expect(problems).toEqual([]);
    expect(ids.size).toBeGreaterThan(100);
  });

  it("the validator refuses what the data model would not store", () => {
    expect(validateAgainst(ITEM_SCHEMAS.wfrp_weapon, { damage: 4.5, kind: "laser", qualities: ["sharp"], extra: 1 })).toEqual([
      "system.extra: not in the schema",
      'system.kind: "laser" is not one of melee, ranged',
      "system.damage: 4.5 is not a whole number",
      'system.qualities: "sharp" is not allowed',
    ]);
    expect(validateAgainst(ACTOR_SCHEMAS.wfrp_npc, { conditions: { prone: 2 } })).toEqual(["system.conditions.prone: 2 is above 1"]);
  });
});

describe("roll dialog requests and odds", () => {
  it("V5: Valentin's Track 41, Very Hard → target 11; the odds of success are 11 % (rolls 01–11)", () => {
    const valentin = actorViewOf(character("Valentin, Jade Magister"));
    const trackId = valentin.items.find((i) => i.system.key === "track")!.id;
    const request = buildRequest({ actor: valentin, kind: "skill", dataset: { itemId: trackId }, targets: [], rules: DEFAULT_RULES, t });
    const values = { ...request.values, difficulty: "very_hard" };
    expect(specFor(request, values)).toMatchObject({ value: 41, difficulty: "very_hard", modifier: 0 });
    const odds = oddsLines(request, values, DEFAULT_RULES);
    expect(odds[0]).toMatchObject({ label: "OMNIBUS.WFRP.Odds.Success", probability: 0.11 });
    // Eight bands sum to 1; no critical lines outside combat with the default options.
    const bands = odds.filter((l) => l.label.startsWith("OMNIBUS.WFRP.Outcome."));
    expect(bands).toHaveLength(8);
    expect(bands.reduce((a, l) => a + l.probability, 0)).toBeCloseTo(1, 12);
    expect(odds.some((l) => l.label === "OMNIBUS.WFRP.Odds.Critical")).toBe(false);
  });

  it("V9: Ademar's Perception 59, Difficult, +20 assistance as a modifier → target 69", () => {
    const ademar = actorViewOf(character("Ademar"));
    const request = buildRequest({
      actor: ademar,
      kind: "skill",
      dataset: { itemId: ademar.items.find((i) => i.system.key === "perception")!.id },
      targets: [],
      rules: DEFAULT_RULES,
      t,
    });
    const spec = specFor(request, { ...request.values, difficulty: "difficult", modifier: 20 });
    expect(spec.value + -10 + (spec.modifier ?? 0)).toBe(69);
  });

  it("an untrained basic skill tests the characteristic; an untrained advanced one is refused", () => {
    const salundra = actorViewOf(character("Salundra von Drakenburg"));
    expect(
      buildRequest({ actor: salundra, kind: "skill", dataset: { skill: "entertain" }, targets: [], rules: DEFAULT_RULES, t }).data,
    ).toMatchObject({ value: 43, characteristic: "fel" });
    expect(() =>
      buildRequest({ actor: salundra, kind: "skill", dataset: { skill: "pickLock" }, targets: [], rules: DEFAULT_RULES, t }),
    ).toThrow(/unknown skill/);
  });

  it("ranged: a measured distance gives the range band (Range 50: 20 yd short → Average; 120 yd extreme → Very Hard; 160 yd out of range); metres convert to yards (45 m = 49.2 yd normal, 46 m = 50.3 yd long)", () => {
    const perdita = actorViewOf(character("Perdita"));
    const bow = perdita.items.find((i) => i.type === "wfrp_weapon")!;
    const target = (distance: number, units = "yd") => ({
      tokenUuid: `T${distance}`,
      actorUuid: null,
      name: "x",
      img: "",
      distance,
      units,
      actor: null,
    });
    const request = buildRequest({
      actor: perdita,
      kind: "attack",
      dataset: { itemId: bow.id },
      targets: [target(20), target(120), target(160), target(45, "m"), target(46, "m")],
      rules: DEFAULT_RULES,
      t,
    });
    const data = request.data as { targets: Array<{ band: string | null; outOfRange: boolean; yards: number }> };
    expect(data.targets.map((x) => x.band)).toEqual(["short", "extreme", null, "normal", "long"]);
    expect(data.targets[2].outOfRange).toBe(true);
    expect(toYards(46, "m")).toBeCloseTo(50.31, 2);
    expect(request.values.difficulty).toBe("range");
    expect(specFor(request, request.values, 0).difficulty).toBe("average");
    expect(specFor(request, request.values, 1).difficulty).toBe("very_hard");
  });

  it("combat tests: Advantage +10 each, Conditions' worst penalty (or the sum with the house rule), the target's Prone +20 in melee", () => {
    const salundra = actorViewOf(character("Salundra von Drakenburg"), { advantage: 2, conditions: { fatigued: 1, stunned: 2 } });
    const cultist = actorViewOf(character("Cultist of the Blood God"), { conditions: { prone: 1 } });
    const weapon = salundra.items.find((i) => i.type === "wfrp_weapon")!;
    const tgt = { tokenUuid: "T", actorUuid: cultist.uuid, name: cultist.name, img: "", distance: 1, units: "yd", actor: cultist };
    const request = buildRequest({
      actor: salundra,
      kind: "attack",
      dataset: { itemId: weapon.id },
      targets: [tgt],
      rules: DEFAULT_RULES,
      t,
    });
    expect(request.values).toMatchObject({ advantage: 2, conditions: -20, difficulty: "challenging", charging: false });
    expect(specFor(request, request.values, 0)).toMatchObject({ value: 51, modifier: 20 - 20 + 20 });
    const stacked = buildRequest({
      actor: salundra,
      kind: "attack",
      dataset: { itemId: weapon.id },
      targets: [tgt],
      rules: rulesFrom((k) => (k === "conditionsStack" ? true : undefined)),
      t,
    });
    expect(stacked.values.conditions).toBe(-30);
    expect(oddsLines(request, request.values, DEFAULT_RULES).map((l) => l.label)).toContain("OMNIBUS.WFRP.Odds.Critical");
  });
});

describe("attack resolution and damage (digest §7 items 18, 21)", () => {
  const state = (attackRoll: number, defence: AttackState["targets"][0]["defence"]): AttackState => ({
    version: 1,
    attacker: { uuid: "Actor.a", name: "A", img: "", strengthBonus: 3 },
    weapon: { name: "Hand Weapon", kind: "melee", damage: 4, addsStrengthBonus: true, qualities: [], flaws: [] },
    roll: attackRoll,
    charging: false,
    spec: { value: 45 },
    options: DEFAULT_RULES.combat,
    opposed: DEFAULT_RULES.opposed,
    targets: [
      {
        tokenUuid: "T",
        actorUuid: "Actor.d",
        name: "D",
        img: "",
        distance: 1,
        units: "yd",
        yards: 1,
        band: null,
        outOfRange: false,
        spec: { value: 45 },
        opposed: true,
        defence,
        applied: null,
      },
    ],
  });
  const defender = {
    system: { characteristics: { t: { initial: 30, advances: 0 } }, health: { value: 12 }, advantage: 2, criticalWounds: 0 },
    items: [
      {
        id: "j",
        name: "Leather Jack",
        type: "wfrp_armour",
        system: { locations: ["leftArm", "rightArm", "body"], armourPoints: 1, worn: true },
      },
    ],
  };

  it("WS 45 rolls 13 (+3) vs Melee 40 rolls 27 (+2): hit by 1, right arm (reversed 31), Damage SB 3 + 4 + 1 = 8; −(TB 3 + AP 1) = 4 Wounds", () => {
    expect(resolveTarget(state(13, null), 0)).toBeNull(); // waiting for the defence
    const s = state(13, { skill: "melee", spec: { value: 40 }, roll: 27, defensiveWeapon: false });
    expect(resolveTarget(s, 0)).toMatchObject({ hit: true, margin: 1, location: "rightArm", damage: 8 });
    const plan = planDamage(s, 0, defender);
    expect(plan.update).toEqual({ "system.health.value": 8, "system.advantage": 0 });
    expect(plan).toMatchObject({ armourPoints: 1, toughnessBonus: 3, statuses: {} });
  });

  it("a hit that takes the target to 0 Wounds: Prone, a Critical Wound, Advantage lost — all in one update", () => {
    const s = state(13, { skill: "none", spec: null, roll: null, defensiveWeapon: false });
    const plan = planDamage(s, 0, { ...defender, system: { ...defender.system, health: { value: 3 } } });
    expect(plan.update).toEqual({
      "system.health.value": 0,
      "system.advantage": 0,
      "system.criticalWounds": 1,
      "system.conditions.prone": 1,
    });
    expect(plan.statuses).toEqual({ prone: true });
  });

  it("a miss cannot be applied; the card context offers the defence buttons only while waiting and the damage button only on a hit", () => {
    const miss = state(80, { skill: "dodge", spec: { value: 40 }, roll: 10, defensiveWeapon: false });
    expect(() => planDamage(miss, 0, defender)).toThrow(/missed/);
    const waiting = attackCardContext(state(13, null)) as { targets: Array<{ defendButtons: unknown[]; damageButton: unknown }> };
    expect(waiting.targets[0].defendButtons).toHaveLength(3);
    expect(waiting.targets[0].damageButton).toBeNull();
    const hit = attackCardContext(state(13, { skill: "melee", spec: { value: 40 }, roll: 27, defensiveWeapon: false })) as {
      targets: Array<{ defendButtons: unknown[]; damageButton: { data: unknown } }>;
    };
    expect(hit.targets[0].defendButtons).toHaveLength(0);
    expect(hit.targets[0].damageButton.data).toEqual({ target: "0" });
  });

  it("the Roll's specs carry the weapon's own adjustments (Accurate +10) that the attack resolver adds", () => {
    expect(
      withWeapon({ value: 40, modifier: 5 }, { kind: "melee", damage: 4, addsStrengthBonus: true, qualities: ["accurate", "precise"] }),
    ).toMatchObject({ modifier: 15, successBonus: 1 });
  });
});
