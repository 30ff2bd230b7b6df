/**
 * Issue 12 (rules fidelity, round two): each D6 disagreement checked against the seed's own
 * numbers (seed 000, line cited per case).
 */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_GRENADE_RANGES,
  addCharacterPointDice,
  attackDifficulty,
  stunPenaltyInForce,
  woundPenaltyInRound,
  damagedWeapon,
  formatDamageCode,
  objectDamage,
  parseDamageCode,
  reduceDamageCode,
  failureDamage,
  forcePointInForce,
  forcePointRoundSpend,
  medpacDifficulty,
  movementFailure,
  rangeBand,
  unconsciousMinutes,
} from "../../../src/rules/d6";
import { OmnibusError } from "../../../src/core/errors";
import { forcedDice } from "../../../src/core/dice";
import { movementFailureOutcome } from "../../../src/rules/d6/table/movement/checks";
import {
  attackCheck,
  attributeCheck,
  resolveValues,
  skillCheck,
  targetDifficulty,
  weaponCondition,
  type D6AttackTarget,
} from "../../../src/rules/d6/table/checks";
import { DEFAULT_SETTINGS } from "../../../src/rules/d6/table/settings";

/** A Dexterity 3D character and the seed's blaster pistol (4D, 3-10/30/120, 000:L689–695), in a given condition. */
const shooter = (name: string) => ({
  name,
  type: "d6_character",
  system: { attributes: { dexterity: { dice: 3, pips: 0 } }, round: {} },
  items: [],
});
const blasterPistol = (condition?: string) => ({
  id: "w",
  name: "Blaster pistol",
  type: "d6_weapon",
  system: {
    skill: "blaster",
    attackType: "ranged",
    damage: "4D",
    ranges: { shortMin: 3, shortMax: 10, medium: 30, long: 120 },
    fireControl: { dice: 0, pips: 0 },
    ...(condition ? { condition } : {}),
  },
});

describe("a reaction replaces only the base difficulty (000:L1145, L605, L620)", () => {
  it("the seed's moonlit-night example: 13 + 2D rolled 5 = 18 (000:L611); a dodge of 15 replaces the 13 only → 20", () => {
    expect(attackDifficulty(13, "ranged", [], 5).difficulty).toBe(18);
    const dodged = attackDifficulty(13, "ranged", [{ skill: "dodge", total: 15, full: false }], 5);
    expect(dodged.base).toBe(15);
    expect(dodged.difficulty).toBe(20);
  });
  it("cover's dice still add after a dodge lower than the band number (000:L1145: even when lower)", () => {
    // 000:L617–619: medium 13, the night's 2D rolled 10, the bins' 2D rolled 7; a dodge of 8 replaces the 13 only.
    expect(attackDifficulty(13, "ranged", [{ skill: "dodge", total: 8, full: false }], 10 + 7).difficulty).toBe(25);
  });
  it("the table's target difficulty keeps the modifier on top of the reaction", () => {
    const target = {
      tokenUuid: "t",
      actorUuid: "a",
      name: "T",
      img: "",
      distance: 16,
      units: "m",
      band: "medium",
      level: "moderate",
      difficulty: 13,
      scaleAttack: 0,
      reactions: [{ skill: "dodge", total: 15, full: false }],
    } as D6AttackTarget;
    expect(targetDifficulty(target, "ranged", 5, DEFAULT_SETTINGS)).toBe(20);
    expect(targetDifficulty({ ...target, reactions: [] }, "ranged", 5, DEFAULT_SETTINGS)).toBe(18);
  });
});

describe("a failed move gives what the seed gives (000:L55–73, L269–273)", () => {
  it("11–15, minor fall: a quarter of the move, no actions this round or next, collision −3D (000:L63)", () => {
    expect(movementFailure(12)).toMatchObject({
      failure: "minor_fall",
      moveFraction: 0.25,
      penaltyThisRound: null,
      penaltyNextRound: null,
      collisionDice: -3,
    });
  });
  it("16–20, tumbling fall: only the normal collision damage — no distance, no lost actions (000:L67)", () => {
    const row = movementFailure(18);
    expect(row).toMatchObject({ failure: "tumbling_fall", moveFraction: null, penaltyThisRound: 0, penaltyNextRound: 0, collisionDice: 0 });
    expect(failureDamage(row, "high")).toEqual({ dice: 3, pips: 0 });
  });
  it("21+, serious fall: collision damage +2D (000:L71–73), nothing else", () => {
    expect(movementFailure(21)).toMatchObject({
      failure: "serious_fall",
      moveFraction: null,
      penaltyThisRound: 0,
      penaltyNextRound: 0,
      collisionDice: 2,
    });
  });
  it("the tumble variant (a setting, off by default) stops at a quarter and costs this round and the next", () => {
    expect(movementFailure(18, { tumble: true })).toMatchObject({
      moveFraction: 0.25,
      penaltyThisRound: null,
      penaltyNextRound: null,
      collisionDice: 0,
    });
    expect(movementFailure(12, { tumble: true })).toEqual(movementFailure(12));
  });
  it("at the table: a miss by 18 at high speed (20 m) names no distance unless the variant is on", () => {
    expect(movementFailureOutcome("character", 18, "high", 20)).toMatchObject({
      metres: null,
      penaltyThisRound: 0,
      penaltyNextRound: 0,
      damage: "3D",
    });
    expect(movementFailureOutcome("character", 18, "high", 20, { tumble: true })).toMatchObject({
      metres: 5,
      penaltyThisRound: null,
      penaltyNextRound: null,
    });
  });
});

describe("incapacitated: unconscious for 1D minutes (000:L409)", () => {
  it("by default one die decides the minutes; the published 10D is the variant", () => {
    const one = forcedDice([4, 6, 6]);
    expect(unconsciousMinutes("incapacitated", one)).toEqual({ faces: [4], minutes: 4 });
    expect(one.remaining).toBe(2);
    expect(unconsciousMinutes("incapacitated", forcedDice([1, 2, 3, 4, 5, 6, 1, 2, 3, 4]), { incapacitatedDice: 10 }).minutes).toBe(31);
  });
  it("stun damage still knocks out for 2D minutes (000:L431)", () => {
    expect(unconsciousMinutes("stun", forcedDice([3, 5])).minutes).toBe(8);
  });
});

describe("a medpac on a mortally wounded character (000:L411)", () => {
  it("is Moderate first aid, one level up per earlier use that day (000:L507)", () => {
    expect(medpacDifficulty("mortally_wounded")).toMatchObject({ level: "moderate" });
    expect(medpacDifficulty("mortally_wounded", 1)).toMatchObject({ level: "difficult" });
  });
});

describe("grenade range bands (000:L599)", () => {
  it("medium range for a grenade is 11–20 m: 10 m is short, 11, 13, 16 and 20 m medium, 21 m long", () => {
    expect([10, 11, 13, 16, 20, 21].map((m) => rangeBand(m, DEFAULT_GRENADE_RANGES))).toEqual([
      "short",
      "medium",
      "medium",
      "medium",
      "medium",
      "long",
    ]);
  });
  it("the packs' grenades use the same bands", async () => {
    const { readFileSync } = await import("node:fs");
    const { parse } = await import("yaml");
    const grenade = parse(readFileSync("packs/_source/d6-weapons/Fragmentation_grenade_WKJ3Ub0zjVX04Noc.yml", "utf8"));
    expect([10, 11, 20].map((m) => rangeBand(m, grenade.system.ranges))).toEqual(["short", "medium", "medium"]);
    const thannik = parse(readFileSync("packs/_source/d6-characters/Thannik_N9U3V2wMEPi0j15H.yml", "utf8"));
    const carried = thannik.items.find((i: { system: { skill?: string } }) => i.system.skill === "grenade");
    expect(rangeBand(11, carried.system.ranges)).toBe("medium");
  });
});

describe("a Force Point round (000:L831, L835)", () => {
  it("is in force only in the round it was spent in", () => {
    expect([forcePointInForce(3, 3), forcePointInForce(4, 3), forcePointInForce(3, null)]).toEqual([true, false, false]);
  });
  it("keeps codes doubled for the rest of the round even when a later roll does not ask for it", () => {
    expect(forcePointRoundSpend({ forcePointInForce: true, forcePoint: false, characterPoints: 0 })).toEqual({
      doubled: true,
      spendsForcePoint: false,
    });
    expect(forcePointRoundSpend({ forcePointInForce: false, forcePoint: true, characterPoints: 0 })).toEqual({
      doubled: true,
      spendsForcePoint: true,
    });
    expect(forcePointRoundSpend({ forcePointInForce: false, forcePoint: false, characterPoints: 2 })).toEqual({
      doubled: false,
      spendsForcePoint: false,
    });
  });
  it("refuses Character Points in that round", () => {
    expect(() => forcePointRoundSpend({ forcePointInForce: true, forcePoint: false, characterPoints: 1 })).toThrow(OmnibusError);
  });
  it("at the table: a second roll in the round keeps 6D doubled to 12D (000:L849) and offers no CP", () => {
    const actor = {
      name: "Thannik",
      type: "d6_character",
      system: {
        attributes: { dexterity: { dice: 6, pips: 0 } },
        characterPoints: 5,
        forcePoints: 1,
        round: { forcePoint: true, actions: 1 },
      },
      items: [],
    };
    const request = attributeCheck(actor, "dexterity", "Dexterity", DEFAULT_SETTINGS);
    expect(request.fields.map((f) => f.name)).not.toContain("characterPoints");
    expect(resolveValues(request, { ...request.values, forcePoint: false }, DEFAULT_SETTINGS).code).toEqual({ dice: 12, pips: 0 });
    expect(() => resolveValues(request, { ...request.values, characterPoints: 1 }, DEFAULT_SETTINGS)).toThrow(OmnibusError);
    const calm = attributeCheck(
      { ...actor, system: { ...actor.system, round: { forcePoint: false, actions: 1 } } },
      "dexterity",
      "Dexterity",
      DEFAULT_SETTINGS,
    );
    expect(calm.fields.map((f) => f.name)).toContain("characterPoints");
    expect(resolveValues(calm, { ...calm.values, forcePoint: false }, DEFAULT_SETTINGS).code).toEqual({ dice: 6, pips: 0 });
  });
});

describe("damaged weapons (000:L299–315)", () => {
  it("the seed's penalties: 4–8 light −1D damage (000:L311); 9–12 heavy +1 to all difficulties (000:L305, L313); 13–15 severe (−2D), unusable (000:L307, L315)", () => {
    expect(objectDamage(14, 10)).toMatchObject({ status: "lightly_damaged", weaponDamageLoss: 1, weaponDifficultyPlus: 0, usable: true });
    expect(objectDamage(19, 10)).toMatchObject({ status: "heavily_damaged", weaponDamageLoss: 0, weaponDifficultyPlus: 1, usable: true });
    expect(objectDamage(23, 10)).toMatchObject({ status: "severely_damaged", weaponDamageLoss: 2, usable: false, repairable: true });
    expect(damagedWeapon("heavily_damaged")).toEqual({ weaponDamageLoss: 0, weaponDifficultyPlus: 1, usable: true });
    expect(damagedWeapon("heavily_damaged", { weaponRule: "published" })).toEqual({
      weaponDamageLoss: 2,
      weaponDifficultyPlus: 10,
      usable: true,
    });
  });
  it("cover keeps its own chart whatever the weapon rule", () => {
    expect(objectDamage(19, 10).coverPassLoss).toBe(objectDamage(19, 10, { weaponRule: "published" }).coverPassLoss);
  });
  it("damage codes lose whole dice: 4D − 1D = 3D, STR+1D − 1D = STR, STR+1D+2 − 1D = STR+2, written back as codes the parser reads", () => {
    expect(formatDamageCode(reduceDamageCode(parseDamageCode("4D"), 1))).toBe("3D");
    expect(formatDamageCode(reduceDamageCode(parseDamageCode("STR+1D"), 1))).toBe("STR");
    expect(formatDamageCode(reduceDamageCode(parseDamageCode("STR+1D+2"), 1))).toBe("STR+2");
    expect(formatDamageCode(reduceDamageCode(parseDamageCode("STR+2D"), 3))).toBe("STR-1D");
    expect(formatDamageCode(reduceDamageCode(parseDamageCode("1D"), 2))).toBe("0D");
    for (const t of ["3D", "STR", "STR+2", "STR-1D"]) expect(formatDamageCode(parseDamageCode(t))).toBe(t);
  });
  it("at the table: a lightly damaged blaster pistol (4D) rolls 3D damage; a heavily damaged one adds 1 to Moderate 13; a severe one cannot be used", () => {
    const actor = shooter("Thannik");
    const pistol = blasterPistol;
    const light = attackCheck(actor, pistol("lightly_damaged"), [], {}, DEFAULT_SETTINGS);
    expect((light.data as { attack: { damage: string } }).attack.damage).toBe("3D");
    const heavy = attackCheck(actor, pistol("heavily_damaged"), [], {}, DEFAULT_SETTINGS);
    expect(resolveValues(heavy, { ...heavy.values, difficultyLevel: "moderate" }, DEFAULT_SETTINGS).difficulty).toBe(13 + 1);
    const published = attackCheck(actor, pistol("heavily_damaged"), [], {}, { ...DEFAULT_SETTINGS, damagedWeapons: "published" });
    expect(resolveValues(published, { ...published.values, difficultyLevel: "moderate" }, DEFAULT_SETTINGS).difficulty).toBe(13 + 10);
    expect((published.data as { attack: { damage: string } }).attack.damage).toBe("2D");
    expect(weaponCondition(pistol("severely_damaged"), DEFAULT_SETTINGS).usable).toBe(false);
    expect(weaponCondition(pistol("undamaged"), DEFAULT_SETTINGS)).toMatchObject({
      weaponDamageLoss: 0,
      weaponDifficultyPlus: 0,
      usable: true,
    });
  });
});

describe("Character Points after the roll (000:L795, L801–805) — the pure part", () => {
  it("the seed's haggling: Perception total 5, one CP rolls 6 then 4 → 15", () => {
    const r = addCharacterPointDice({ total: 5, characterPointsSpent: 0, kind: "attribute" }, 1, forcedDice([6, 4]));
    expect(r).toMatchObject({ cp: [[6, 4]], added: 10, total: 15, characterPointsSpent: 1 });
  });
  it("re-resolves every target: 12 + a CP 3 = 15 hits 13 and 15, misses 18; an out-of-range target stays missed", () => {
    const r = addCharacterPointDice({ total: 12, characterPointsSpent: 0, kind: "skill" }, 1, forcedDice([3]), [13, 15, 18, null]);
    expect(r.outcomes.map((o) => o.success)).toEqual([true, true, false, false]);
  });
  it("the cap counts CP spent before: two on a skill roll (000:L809); five on a dodge (000:L815)", () => {
    const src = forcedDice([1, 1]);
    expect(() => addCharacterPointDice({ total: 9, characterPointsSpent: 2, kind: "skill" }, 1, src)).toThrow(OmnibusError);
    expect(src.remaining).toBe(2);
    expect(addCharacterPointDice({ total: 9, characterPointsSpent: 4, kind: "reaction" }, 1, forcedDice([2])).total).toBe(11);
  });
  it("not in a Force Point round (000:L835)", () => {
    expect(() =>
      addCharacterPointDice({ total: 9, characterPointsSpent: 0, kind: "skill", forcePointInForce: true }, 1, forcedDice([2])),
    ).toThrow(OmnibusError);
  });
});

describe("a stun's −1D lasts this round and the next (000:L405) — the pure part", () => {
  it("stunned in round 3: −1D in rounds 3 and 4, none in 5", () => {
    expect([3, 4, 5].map((r) => stunPenaltyInForce(3, r))).toEqual([true, true, false]);
    expect([3, 4, 5].map((r) => woundPenaltyInRound("stunned", 3, r))).toEqual([1, 1, 0]);
  });
  it("a wound's −1D does not wear off by rounds (000:L407)", () => {
    expect(woundPenaltyInRound("wounded", 3, 9)).toBe(1);
    expect(woundPenaltyInRound("wounded_twice", null, 9)).toBe(2);
  });
});

describe("caught by surprise: no dodge or parry against the first action (000:L363)", () => {
  const settings = DEFAULT_SETTINGS;
  const dodge = {
    id: "s",
    name: "Dodge",
    type: "d6_skill",
    system: { attribute: "dexterity", code: { dice: 4, pips: 0 }, reaction: "dodge", specializations: [] },
  };
  const actor = (statuses: string[]) => ({
    name: "Kessa",
    type: "d6_character",
    system: { attributes: { dexterity: { dice: 3, pips: 0 } }, round: {} },
    items: [dodge],
    statuses,
  });

  it("a surprised character's dodge roll is refused with a reason; unsurprised it is a reaction roll", () => {
    expect(skillCheck(actor([]), dodge, null, settings).data.rollKind).toBe("reaction");
    try {
      skillCheck(actor(["surprised"]), dodge, null, settings);
      expect.unreachable("a surprised dodge was allowed");
    } catch (e) {
      expect(e).toBeInstanceOf(OmnibusError);
      expect((e as OmnibusError).data).toMatchObject({ key: "SurprisedNoReaction", name: "Kessa" });
    }
    // Any other skill still rolls.
    const sneak = { ...dodge, name: "Sneak", system: { ...dodge.system, reaction: "" } };
    expect(skillCheck(actor(["surprised"]), sneak, null, settings).data.rollKind).toBe("skill");
  });

  it("at the table: a target that dodged 18 before the ambush is hit against its short range's Easy number (6–10) while surprised", () => {
    const rodo = shooter("Rodo");
    const pistol = blasterPistol();
    const target = { tokenUuid: "t", actorUuid: "Actor.k", name: "Kessa", img: "", distance: 5, units: "m" };
    const dodged = { scale: "character" as const, reactions: [{ skill: "dodge" as const, total: 18, full: false }], isVehicle: false };
    const aware = attackCheck(rodo, pistol, [target], { "Actor.k": dodged }, settings);
    const caught = attackCheck(rodo, pistol, [target], { "Actor.k": { ...dodged, surprised: true } }, settings);
    const none = attackCheck(rodo, pistol, [target], { "Actor.k": { ...dodged, reactions: [] } }, settings);
    const difficulty = (r: typeof aware) =>
      targetDifficulty((r.data as { attack: { targets: D6AttackTarget[] } }).attack.targets[0], "ranged", 0, settings)!;
    // 5 m with a 3-10/30/120 pistol is short range, Easy (000:L697–699), 6–10; an aware dodge of 18 replaces it.
    expect(difficulty(caught)).toBe(difficulty(none));
    expect(difficulty(caught)).toBeGreaterThanOrEqual(6);
    expect(difficulty(caught)).toBeLessThanOrEqual(10);
    expect(difficulty(aware)).toBe(18);
  });
});
