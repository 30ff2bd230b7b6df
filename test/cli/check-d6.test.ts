// `omnibus d6 check <attack|…>` (issue 12): the request built from the sheet's plain data (the
// compendium's Thannik, as the glue reads a document), resolved through the CLI's main entry with
// fixed faces, compared with the table's own pure functions on the same faces and with the seed's
// numbers (cited per test).
import { describe, expect, it } from "vitest";
import { forcedDice } from "../../src/core/dice";
import { initiativeWinner, rollD6, rollGrenadeDeviation, rollPlainDice } from "../../src/rules/d6";
import {
  attackOutcomes,
  attackerStrength,
  blastHits,
  damagePlan,
  planDamage,
  strengthOf,
  targetResistCode,
} from "../../src/rules/d6/table/cards";
import { attackCheck, itemNamed, resolveValues, targetDataOf, woundLevelOf } from "../../src/rules/d6/table/checks";
import { DEFAULT_SETTINGS } from "../../src/rules/d6/table/settings";
import { initiativeCodeOf } from "../../src/rules/d6/table/combat";
import type { TargetInfo } from "../../src/rules/table/types";
import { movementFailureOutcome, movementRequest, resolveMovement } from "../../src/rules/d6/table/movement/checks";
import { healingResultOf, isRefusal, naturalHealingCheck, planHealing, resolveHealing } from "../../src/rules/d6/table/healing/checks";
import { runCli as run } from "../support/cli";
import { thannik } from "../glue/d6/fixtures";

function json(kind: string, request: unknown, faces: string) {
  const r = run("d6", "check", kind, "--request", JSON.stringify(request), "--faces", faces, "--json");
  expect(r.err).toEqual([]);
  expect(r.status).toBe(0);
  return JSON.parse(r.out);
}
const faces = (s: string) => forcedDice(s.split(",").map(Number));
const target = (name: string, distance: number | null, i: number): TargetInfo => ({
  tokenUuid: `token${i}`,
  actorUuid: `target${i}`,
  name,
  img: "",
  distance,
  units: "",
});

describe("d6 check attack: blasts, ammunition and fire rate", () => {
  const grenade = (targets: unknown[], area: unknown[]) => ({ actor: thannik(), weapon: "Fragmentation grenade", targets, area });

  it("T-46 (000:L581-585): 20 m is medium (13); 11 misses; direction 4 → short, 2D = 7: lands 13 m from Thannik; troopers 7 m off take 2D, Thannik 13 m off none", () => {
    const request = grenade(
      [{ name: "troopers", distance: 20 }],
      [
        { name: "trooper", distance: 7 },
        { name: "Thannik", distance: 13 },
      ],
    );
    const cli = json("attack", request, "3,3,3,2,4,3,4");
    // The table's reading of the same faces: rollD6, then rollGrenadeDeviation, then blastHits.
    const d = rollGrenadeDeviation(20, "medium", faces("4,3,4"));
    const table = blastHits("0-2/4/6/10", "5D/4D/3D/2D", [{ tokenUuid: "a", actorUuid: null, name: "trooper", img: "", distance: 7 }]);
    expect(cli).toMatchObject({ total: 11, hits: [] });
    expect(cli.blast).toMatchObject({ lands: "deviated", deviation: { direction: "short", deviation: 7, fromThrower: 13 } });
    expect(cli.blast.deviation).toEqual(d);
    expect(cli.blast.hits).toEqual([{ name: "trooper", distance: 7, zone: table[0].zone, damage: "2D" }]);
    // One grenade thrown (ammunition 1 → 0) and the shot counted this round (§26-27).
    expect(cli.shots).toBe(1);
    expect(cli.changes).toEqual([
      { target: "Thannik", item: "Fragmentation grenade", update: { "system.ammo.value": 0, "system.fired": { round: 0, shots: 1 } } },
    ]);
    const text = run("d6", "check", "attack", "--request", JSON.stringify(request), "--faces", "3,3,3,2,4,3,4");
    expect(text.out).toBe("4D: 11 · troopers: 13 miss · lands 7 m short, 13 m from the thrower · blast: trooper 2D");
  });

  it("T-44 (000:L555): a hit lands on the target; 0, 2, 3, 4, 5, 6, 7, 10, 11 m → 5D, 5D, 4D, 4D, 3D, 3D, 2D, 2D, none", () => {
    const metres = [0, 2, 3, 4, 5, 6, 7, 10, 11];
    const cli = json(
      "attack",
      grenade(
        [{ name: "trooper", distance: 8 }],
        metres.map((m) => ({ name: `${m} m`, distance: m })),
      ),
      "5,5,5,5",
    );
    expect(cli.hits).toEqual(["trooper"]);
    expect(cli.blast.lands).toBe("target");
    expect(cli.blast.hits.map((h: { name: string; damage: string }) => `${h.name} ${h.damage}`)).toEqual([
      "0 m 5D",
      "2 m 5D",
      "3 m 4D",
      "4 m 4D",
      "5 m 3D",
      "6 m 3D",
      "7 m 2D",
      "10 m 2D",
    ]);
  });

  it("an empty weapon, or a fire rate spent this round (001:L2-3, D-12), exits 2 with the table's notice; nothing is rolled", () => {
    const empty = thannik();
    const g = empty.items.find((i) => i.name === "Fragmentation grenade")!;
    g.system = { ...g.system, ammo: { value: 0, max: 1 } };
    const slow = thannik();
    const p = slow.items.find((i) => i.name === "Blaster pistol")!;
    p.system = { ...p.system, fireRate: "1/2", fired: { round: 5, shots: 1 } };
    for (const [req, message] of [
      [
        { actor: empty, weapon: "Fragmentation grenade", targets: [{ name: "t", distance: 5 }] },
        /^omnibus: Fragmentation grenade is empty/,
      ],
      [{ actor: slow, weapon: "Blaster pistol", round: 6 }, /^omnibus: Blaster pistol cannot fire again yet \(fire rate 1\/2\)/],
      [{ actor: thannik(), weapon: "Fragmentation grenade", targets: [], area: [{ name: "x" }] }, /"area\[0\]\.distance" is missing/],
    ] as Array<[unknown, RegExp]>) {
      const r = run("d6", "check", "attack", "--request", JSON.stringify(req), "--faces", "4,4,4,4");
      expect(r.status).toBe(2);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(message);
    }
    // Round 7 is two rounds on: it fires, and the shot is recorded.
    const cli = json("attack", { actor: slow, weapon: "Blaster pistol", round: 7 }, "4,4,4,4,4,4");
    expect(cli.changes[0].update).toMatchObject({ "system.fired": { round: 7, shots: 1 } });
  });
});

describe("d6 check attack", () => {
  // T-55 (000:L691–695): the blaster pistol's 3-10/30/120 — 5 m short (Easy 8), 11 m medium
  // (Moderate 13), 121 m out of range. T-58 (000:L759): a dodge of 27 replaces the short range's 8.
  // T-50 (000:L611–616): half cover adds 2D, rolled 7, so Moderate 13 becomes 20.
  const trooper = { round: { dodge: 27 } };
  const request = {
    actor: thannik(),
    weapon: "Blaster pistol",
    targets: [
      { name: "dodging trooper", distance: 5, system: trooper },
      { name: "trooper", distance: 11, system: {} },
      { name: "far trooper", distance: 121, system: {} },
    ],
    values: { cover: "half_cover" },
  };
  const rolled = "4,4,4,4,4,2,3,4"; // 6D: five dice and the Wild Die = 22, then the cover's 2D = 7

  it("the CLI's answer is the table's: attackCheck → resolveValues → rollD6 → rollPlainDice → attackOutcomes", () => {
    const actor = thannik();
    const targets = request.targets.map((t, i) => target(t.name, t.distance, i));
    const data = Object.fromEntries(
      request.targets.map((t, i) => [`target${i}`, targetDataOf({ type: "d6_character", system: t.system })]),
    );
    const built = attackCheck(actor, itemNamed(actor, "d6_weapon", "Blaster pistol")!, targets, data, DEFAULT_SETTINGS);
    const v = resolveValues(built, { ...built.values, cover: "half_cover" }, DEFAULT_SETTINGS);
    const dice = faces(rolled);
    const main = rollD6(v.code, dice, { wildDie: true, wildOne: "removeHighest", kind: "skill" });
    const extra = rollPlainDice(v.difficultyDice, dice);
    const table = attackOutcomes(
      built.data.attack!.targets,
      "ranged",
      main.total,
      v.difficultyModifier + extra.total,
      DEFAULT_SETTINGS,
      true,
    );
    const cli = json("attack", request, rolled);
    expect(cli.total).toBe(main.total);
    expect(cli.targets.map((t: { difficulty: number | null }) => t.difficulty)).toEqual(table.outcomes.map((o) => o.difficulty));
    expect(cli.hits).toEqual(table.hits.map((t) => t.name));
  });

  it("the seed's numbers: 22 misses the dodge 27 + 7 (T-58), hits medium 13 + half cover 7 = 20 (T-50), 121 m is out of range (T-55)", () => {
    const cli = json("attack", request, rolled);
    expect(cli).toMatchObject({ code: "6D", total: 22, difficultyDice: { faces: [3, 4], total: 7 }, hits: ["trooper"], damage: "4D" });
    expect(cli.targets).toEqual([
      { name: "dodging trooper", distance: 5, band: "short", level: "easy", difficulty: 34, hit: false },
      { name: "trooper", distance: 11, band: "medium", level: "moderate", difficulty: 20, hit: true },
      { name: "far trooper", distance: 121, band: "out_of_range", level: null, difficulty: null, hit: false },
    ]);
  });

  it("no target: the GM's number for a melee weapon; 4D rolling 12 against the GM's 14 misses (T-56, 000:L721–723)", () => {
    const axe = json("attack", { actor: thannik(), weapon: "Vibroaxe", values: { difficulty: 14 } }, "3,3,3,3");
    expect(axe).toMatchObject({ code: "4D", total: 12, difficulty: 14, success: false, margin: -2 });
  });

  it("a bad request names the field as typed and exits 2", () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ ...request, weapon: "Blaster rifle" }, /"weapon" names no weapon/],
      [{ ...request, targets: [{ name: "x", distance: "far" }] }, /"targets\[0\]\.distance" must be a number/],
      [{ ...request, values: { covr: "half_cover" } }, /"values\.covr" is not one of the dialog's/],
      [{ ...request, settings: { metresPerUnit: "2" } }, /"settings\.metresPerUnit" must be a number/],
      [{ ...request, actor: "Thannik" }, /"actor" must be an object/],
    ];
    for (const [req, message] of cases) {
      const r = run("d6", "check", "attack", "--request", JSON.stringify(req), "--faces", rolled);
      expect(r.status).toBe(2);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(message);
    }
  });
});

describe("d6 check damage", () => {
  // T-35 (000:L419): the Vibroaxe's STR+2D on Thannik's Strength 3D+2 is 5D+2. T-52 (000:L640):
  // Strength 3D+2 with armor +1D resists with 4D+2. T-36 (000:L421): damage 15 against a Strength
  // roll of 11 is a difference of 4, Wounded; a wounded character wounded again is Wounded twice.
  const wounded = () => {
    const t = thannik();
    t.system.woundLevel = "wounded";
    return t;
  };
  const request = { actor: thannik(), weapon: "Vibroaxe", targets: [wounded()] };
  const rolled = "3,3,3,2,2,2,2,2,3"; // 5D+2: four dice and the Wild Die + 2 = 15; then 4D+2 = 11

  it("the CLI's answer is the table's: attackerStrength → damagePlan → rollD6 → targetResistCode → planDamage", () => {
    const actor = thannik();
    const attack = attackCheck(actor, itemNamed(actor, "d6_weapon", "Vibroaxe")!, [], {}, DEFAULT_SETTINGS).data.attack!;
    const target = wounded();
    const { groups, plan } = damagePlan(
      { damage: attack.damage, scale: attack.scale, forcePoint: false, targets: [{ zone: null, damage: null }] },
      [undefined],
      attackerStrength(actor),
      "perZone",
    );
    const dice = faces(rolled);
    const damage = rollD6(groups[0].code, dice, { kind: "damage" });
    const resist = rollD6(targetResistCode(target, attack.damageType, plan[0].resistBonus), dice, { kind: "resistDamage" });
    const planned = planDamage(
      { actorUuid: "t", name: "", img: "", damageTotal: damage.total, resistTotal: resist.total, stun: false, vehicle: false },
      { woundLevel: woundLevelOf(target.system), stuns: 0, damage: "", strength: strengthOf(target.system) },
      DEFAULT_SETTINGS,
    );
    const cli = json("damage", request, rolled);
    expect(cli.rolls.map((g: { total: number }) => g.total)).toEqual([damage.total]);
    expect(cli.targets[0]).toMatchObject({ damage: damage.total, result: planned.result, state: planned.state, margin: planned.margin });
    expect(cli.changes[0].update).toEqual(planned.update);
  });

  it("the seed's numbers: 5D+2 (T-35) rolls 15 against 4D+2 (T-52) rolling 11 → Wounded, now Wounded twice (T-36)", () => {
    const cli = json("damage", request, rolled);
    expect(cli.rolls).toMatchObject([{ code: "5D+2", total: 15 }]);
    expect(cli.targets).toMatchObject([
      { name: "Thannik", damage: 15, resistCode: "4D+2", margin: 4, result: "wounded", state: "wounded_twice" },
    ]);
    expect(cli.changes).toMatchObject([{ target: "Thannik", update: { "system.woundLevel": "wounded_twice" }, statuses: { prone: true } }]);
  });

  it("a bad target names the field as typed and exits 2", () => {
    for (const [req, message] of [
      [{ ...request, targets: [{ name: "x", system: 3 }] }, /"targets\[0\]\.system" must be an object/],
      [{ ...request, forcePoint: "yes" }, /"forcePoint" must be a boolean/],
      [{ ...request, weapon: "Vibroblade" }, /"weapon" names no weapon/],
    ] as Array<[unknown, RegExp]>) {
      const r = run("d6", "check", "damage", "--request", JSON.stringify(req), "--faces", rolled);
      expect(r.status).toBe(2);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(message);
    }
  });
});

describe("d6 check healing", () => {
  const incapacitated = () => {
    const t = thannik();
    t.system.woundLevel = "incapacitated";
    return t;
  };
  const withItems = (...items: Array<{ name: string; type: string; system: Record<string, unknown> }>) => {
    const t = thannik();
    t.items.push(...items.map((item, i) => ({ id: `extra${i}`, ...item })));
    return t;
  };
  const medpac = { name: "Medpac", type: "d6_equipment", system: { quantity: 2, medical: "medpac" } };
  const patient = (healing?: Record<string, unknown>) => {
    const p = thannik();
    p.name = "Perdita";
    p.system.woundLevel = "wounded_twice";
    if (healing) p.system.healing = healing;
    return p;
  };

  it("natural healing: the CLI's answer is the table's (naturalHealingCheck → resolveHealing → rollD6 → healingResultOf → planHealing)", () => {
    const actor = { ...incapacitated(), uuid: "Actor.healer" };
    const built = naturalHealingCheck(actor, 0, false, "");
    if (isRefusal(built)) throw new Error("refused");
    const v = resolveHealing(built, built.values, DEFAULT_SETTINGS);
    const roll = rollD6(v.code, faces("3,3,2"), { kind: "attribute" });
    const result = healingResultOf(built.data.healing, { total: roll.total, difficulty: 0, patientLevel: "incapacitated", tankTime: null });
    const planned = planHealing(built.data.healing, result, actor.system, false);
    const cli = json("healing", { actor: incapacitated() }, "3,3,2");
    expect(cli.result).toEqual(result);
    expect(cli.changes[0].update).toEqual(planned.update);
  });

  it("natural healing: incapacitated, a Strength 3D+2 roll of 10 → Wounded twice, the next roll in 3 days (T-39, 000:L441)", () => {
    const cli = json("healing", { actor: incapacitated(), now: 1_209_600 }, "3,3,2");
    expect(cli).toMatchObject({ kind: "natural", code: "3D+2", total: 10, result: { state: "wounded_twice", nextRestDays: 3 } });
    expect(cli.changes[0].update).toMatchObject({
      "system.woundLevel": "wounded_twice",
      "system.healing.nextNaturalRoll": 1_209_600 + 3 * 86_400,
    });
  });

  it("medpac on a wounded-twice patient: Easy 8; the second the same day Moderate 13 (T-40, 000:L511)", () => {
    const first = json("healing", { actor: withItems(medpac), item: "Medpac", patient: patient() }, "4,4");
    expect(first).toMatchObject({ kind: "medpac", code: "2D", total: 8, difficulty: 8, result: { success: true, state: "wounded" } });
    expect(first.changes[0].update).toMatchObject({ "system.healing.medpacUses": 1 });
    const second = json("healing", { actor: withItems(medpac), item: "Medpac", patient: patient({ medpacDay: 0, medpacUses: 1 }) }, "4,4");
    expect(second).toMatchObject({ difficulty: 13, result: { success: false } });
  });

  it("bacta tank: a mortally wounded patient, medicine against Very Easy, the GM's 1D of 4 → 4 days, fully healed (T-42, 000:L533)", () => {
    const operator = withItems(
      { name: "medicine", type: "d6_skill", system: { code: { dice: 3, pips: 0 }, attribute: "technical" } },
      { name: "Bacta tank", type: "d6_equipment", system: { quantity: 1, medical: "bacta_tank" } },
    );
    const p = patient();
    p.system.woundLevel = "mortally_wounded";
    const cli = json("healing", { actor: operator, item: "Bacta tank", patient: p }, "3,3,3,4");
    expect(cli).toMatchObject({
      kind: "bacta",
      total: 9,
      tankTime: { amount: 4, unit: "days" },
      result: { success: true, state: "healthy" },
    });
  });

  it("refusals and bad fields exit 2 with one line: wounded twice treating himself, Technical 2D − 3D (T-41, 000:L517)", () => {
    const self = withItems(medpac);
    self.system.woundLevel = "wounded_twice";
    for (const [req, message] of [
      [{ actor: self, item: "Medpac" }, /cannot do it/],
      [{ actor: withItems(medpac), item: "Bandage" }, /"item" names no medpac or bacta tank/],
      [{ actor: thannik() }, /nothing this can heal/],
      [{ actor: incapacitated(), values: { worked: "yes", restDays: 2 } }, /"values\.restDays" is not one of the dialog's/],
      [{ actor: incapacitated(), now: 1.5 }, /"now" must be a whole number/],
    ] as Array<[unknown, RegExp]>) {
      const r = run("d6", "check", "healing", "--request", JSON.stringify(req), "--faces", "3,3,2");
      expect(r.status).toBe(2);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(message);
    }
  });
});

describe("d6 check movement", () => {
  const at = (speed: string) => ({ ...thannik(), flags: { omnibus: { d6: { speed } } } });
  // T-24 (000:L239): high speed over a cratered field, Difficult shifted to Very Difficult 24; a
  // roll of 12 misses by 12 → Minor fall after a quarter of the move (5 of 20 m), no actions this
  // round or the next, and no collision damage at high speed.
  const request = { actor: at("cruising"), values: { speed: "high", terrain: "difficult", difficulty: 24 } };

  it("the CLI's answer is the table's: movementRequest → resolveMovement → rollD6 → movementFailureOutcome", () => {
    const built = movementRequest(at("cruising"), DEFAULT_SETTINGS, "");
    const m = resolveMovement(built, { ...built.values, ...request.values }, DEFAULT_SETTINGS);
    const roll = rollD6(m.code, faces("3,3,3,3"), { kind: "skill" });
    const failure = movementFailureOutcome("character", m.difficulty! - roll.total, m.speed, m.distance);
    const cli = json("movement", request, "3,3,3,3");
    expect(cli).toMatchObject({ difficulty: m.difficulty, total: roll.total, distance: m.distance });
    expect(cli.failure).toEqual({ ...failure, failure: "minor_fall" });
  });

  it("the seed's numbers: Very Difficult 24, 12 misses by 12 → Minor fall at 5 of 20 m, no damage (T-24)", () => {
    expect(json("movement", request, "3,3,3,3")).toMatchObject({
      speed: "high",
      difficulty: 24,
      total: 12,
      success: false,
      distance: 20,
      failure: { failure: "minor_fall", missedBy: 12, metres: 5, penaltyThisRound: null, penaltyNextRound: null, damage: null },
      changes: [{ path: "flags.omnibus.d6.speed", value: "high" }],
    });
  });

  it("cautious over Easy ground is automatic: 5 m for a Move of 10, no dice (T-14, 000:L181)", () => {
    const r = run(
      "d6",
      "check",
      "movement",
      "--request",
      JSON.stringify({ actor: thannik(), values: { speed: "cautious", terrain: "easy" } }),
      "--json",
    );
    expect(r.status).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ difficulty: null, roll: null, success: true, distance: 5 });
  });

  it("from cautious a character may not go all-out (T-20, 000:L203–213); a bad value names its field: exit 2", () => {
    for (const [req, message] of [
      [{ actor: at("cautious"), values: { speed: "all_out", terrain: "easy" } }, /not "all_out"/],
      [{ actor: thannik(), values: { sped: "high" } }, /"values\.sped" is not one of the dialog's/],
      [{ actor: thannik(), setings: {} }, /"setings" is not one of movement's/],
    ] as Array<[unknown, RegExp]>) {
      const r = run("d6", "check", "movement", "--request", JSON.stringify(req), "--faces", "3,3,3,3");
      expect(r.status).toBe(2);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(message);
    }
  });
});

describe("d6 check initiative", () => {
  // T-70 (000:L1051–1055): Sev's Perception 3D+2 rolls 14, the tall man's 4D rolls 15: he goes first.
  const withPerception = (name: string, dice: number, pips: number) => {
    const a = thannik();
    a.name = name;
    a.system.attributes = { ...(a.system.attributes as object), perception: { dice, pips } };
    return a;
  };
  const request = {
    combatants: [
      { name: "Sev", actor: withPerception("Sev", 3, 2) },
      { name: "tall man", actor: withPerception("tall man", 4, 0) },
    ],
  };

  it("the CLI's answer is the table's (initiativeCodeOf → rollD6) and T-70's: 14 and 15, the tall man first", () => {
    const dice = faces("4,4,4,4,4,4,3");
    const table = request.combatants.map((c) => rollD6(initiativeCodeOf(c.actor), dice, { kind: "initiative" }).total);
    const cli = json("initiative", request, "4,4,4,4,4,4,3");
    expect(cli.combatants.map((c: { total: number }) => c.total)).toEqual(table);
    expect(cli.combatants.map((c: { code: string; total: number }) => [c.code, c.total])).toEqual([
      ["3D+2", 14],
      ["4D", 15],
    ]);
    expect(cli.order).toEqual(["tall man", "Sev"]);
  });

  it("a wounded combatant rolls Perception less the wound's die; a bad combatant exits 2 naming it", () => {
    const hurt = withPerception("Sev", 3, 2);
    hurt.system.woundLevel = "wounded";
    expect(json("initiative", { combatants: [{ name: "Sev", actor: hurt }] }, "4,4").combatants[0].code).toBe("2D+2");
    const r = run("d6", "check", "initiative", "--request", JSON.stringify({ combatants: [{ name: "x", actor: 5 }] }), "--faces", "4,4");
    expect(r.status).toBe(2);
    expect(r.err[0]).toMatch(/"combatants\[0\]\.actor" must be an actor's plain data object/);
  });
});

describe("d6 check initiative by side", () => {
  const withPerception = (name: string, dice: number, pips: number) => {
    const a = thannik();
    a.name = name;
    a.system.attributes = { ...(a.system.attributes as object), perception: { dice, pips } };
    return a;
  };
  // T-70 (000:L1051-1055): Sev's side rolls his Perception 3D+2 (the highest of his side, 000:L1039),
  // 14; the tall man's 4D rolls 15: the GM's side wins and acts first (the card may switch it to last).
  const request = {
    sides: true,
    combatants: [
      { name: "Kyle", actor: withPerception("Kyle", 2, 0), playerOwned: true },
      { name: "Sev", actor: withPerception("Sev", 3, 2), side: 1 },
      { name: "tall man", actor: withPerception("tall man", 4, 0), side: -1 },
    ],
  };

  it("T-70: one roll per side by its highest Perception; 15 beats 14; the winner's side first, then Perception within a side", () => {
    const cli = json("initiative", request, "4,4,4,4,4,4,3");
    // The table's functions on the same faces: rollD6 per roller in side order, initiativeWinner.
    const dice = faces("4,4,4,4,4,4,3");
    const sev = rollD6(initiativeCodeOf(request.combatants[1].actor), dice, { kind: "initiative", allowPipsOnly: true }).total;
    const tall = rollD6(initiativeCodeOf(request.combatants[2].actor), dice, { kind: "initiative", allowPipsOnly: true }).total;
    expect(
      initiativeWinner([
        { side: "1", total: sev },
        { side: "-1", total: tall },
      ]).winner,
    ).toBe(cli.winner);
    expect(cli.sides).toEqual([
      { side: "1", name: "friendly", roller: "Sev", code: "3D+2", totals: [14] },
      { side: "-1", name: "hostile", roller: "tall man", code: "4D", totals: [15] },
    ]);
    expect(cli.order).toEqual(["-1", "1"]);
    expect(cli.turns.map((t: { name: string }) => t.name)).toEqual(["tall man", "Sev", "Kyle"]);
    // Every combatant's initiative is its side's roll; the rank orders the tracker.
    expect(cli.changes).toEqual([
      { target: "Kyle", update: { initiative: 14, "flags.omnibus.d6.sideRank": 1 } },
      { target: "Sev", update: { initiative: 14, "flags.omnibus.d6.sideRank": 1 } },
      { target: "tall man", update: { initiative: 15, "flags.omnibus.d6.sideRank": 0 } },
    ]);
    const text = run("d6", "check", "initiative", "--request", JSON.stringify(request), "--faces", "4,4,4,4,4,4,3");
    expect(text.out).toBe("friendly (Sev): 14 · hostile (tall man): 15 · tall man → Sev, Kyle");
  });

  it("ties between the top sides are rolled again (000:L1041): 14 and 14, then 12 and 16", () => {
    const cli = json("initiative", request, "4,4,4,4,4,3,3,4,3,3,4,4,4,4");
    expect(cli.sides.map((x: { totals: number[] }) => x.totals)).toEqual([
      [14, 12],
      [14, 16],
    ]);
    expect(cli.winner).toBe("-1");
  });

  it("a bad side exits 2 naming it", () => {
    const bad = { sides: true, combatants: [{ name: "x", actor: withPerception("x", 2, 0), side: "red" }] };
    const r = run("d6", "check", "initiative", "--request", JSON.stringify(bad), "--faces", "4,4");
    expect(r.status).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/"combatants\[0\]\.side" must be a whole number/);
  });
});
