/**
 * Every worked example of the digest's "Worked examples as test vectors" section (rules/d6.md §T),
 * by ID, with its seed line. Where the seed's arithmetic is wrong, the digest's correction is the
 * test (T-34, T-50). Expected values are the digest's numbers, never the code's own output.
 */
import { describe, expect, it } from "vitest";
import { forcedDice } from "../../../src/core/dice";
import {
  actionSequence,
  adjustedScaleModifier,
  allowedNextSpeeds,
  armoredDexterityCode,
  attackHits,
  bactaTime,
  blastZone,
  BLASTER_PISTOL_RANGES,
  canFire,
  canRollCode,
  checkCharacterPoints,
  combinedActionBonus,
  commandRollCode,
  damageCodeFor,
  damageResultForMargin,
  damageThroughCover,
  deathRoll,
  difficultyBand,
  effectiveCode,
  failureDamage,
  formatDieCode,
  grenadeDodged,
  hurry,
  initiativeWinner,
  levelOfNumber,
  maxCoordinated,
  medpacCode,
  medpacDifficulty,
  modifierGuideline,
  movementCheck,
  movementDifficultyNumber,
  movementFailure,
  naturalHealing,
  normalizeCode,
  parseBlastZones,
  parseDamageCode,
  parseDieCode,
  parseFireRate,
  partialMoveRange,
  preparation,
  range3d,
  rangeBand,
  rangeDifficulty,
  reactionDifficulty,
  resistCode,
  resolveDamage,
  rollCheck,
  rollD6,
  rollGrenadeDeviation,
  rollModifier,
  roundsIn,
  scaleModifiers,
  shiftedNumber,
  shiftLevel,
  shotThroughCover,
  sideOrder,
  speedDistance,
  splitBonus,
  stackWound,
  STORMTROOPER_ARMOR,
  throwDistance,
  addCodes,
  darkSideRoll,
  checkPointSpend,
  type Combatant,
  type DieCode,
} from "../../../src/rules/d6";

const c = parseDieCode;
const fmt = (code: DieCode): string => formatDieCode(normalizeCode(code));
const GRENADE = parseBlastZones("0-2/4/6/10", "5D/4D/3D/2D");
/** The grenade's medium band per the seed (000:L599: 11–20 m = medium). */
const SEED_GRENADE_RANGES = { shortMin: 3, shortMax: 10, medium: 20, long: 40 };

describe("T.1 geometry and movement", () => {
  it("T-1 (000:L53) 3-D range: 150 m across, 30 m up → 165 m", () => {
    expect(range3d(150, 30)).toBe(165);
    expect(range3d(30, 150)).toBe(165);
  });
  it("T-2 (000:L81) high speed, missed by 18 → tumbling fall, collision damage 3D", () => {
    const row = movementFailure(18);
    expect(row.failure).toBe("tumbling_fall");
    expect(fmt(failureDamage(row, "high")!)).toBe("3D");
  });
  it("T-3 (000:L101) vehicle Move 200 cautious → up to 100 m", () => {
    expect(speedDistance(200, "cautious")).toBe(100);
  });
  it("T-4 (000:L109) cautious on Easy terrain: no roll, 100 m, free — gunnery stays the full Dexterity 3D", () => {
    const m = movementCheck("cautious", "easy");
    expect(m.roll).toBe(false);
    expect(m.isAction).toBe(false);
    expect(speedDistance(200, "cautious")).toBe(100);
    // Moving is free, so firing is the only action: no multiple-action penalty.
    expect(fmt(effectiveCode(c("3D"), { actions: m.isAction ? 2 : 1 }))).toBe("3D");
  });
  it("T-5 (000:L111) Very Difficult canyon cautious → Difficult, GM 19; 5D + 1D+2 rolls 23 → success", () => {
    const m = movementCheck("cautious", "very_difficult");
    expect(m.difficulty).toEqual({ automatic: false, level: "difficult", plus: 0 });
    const dn = movementDifficultyNumber(m, 19)!;
    expect(dn).toBe(19);
    expect(fmt(addCodes(c("5D"), c("1D+2")))).toBe("6D+2");
    expect(attackHits(23, dn)).toBe(true);
  });
  it("T-6 (000:L117) Easy lane cruising: automatic 200 m, an action → autocannon 3D − 1D = 2D", () => {
    const m = movementCheck("cruising", "easy");
    expect(m.roll).toBe(false);
    expect(m.isAction).toBe(true);
    expect(speedDistance(200, "cruising")).toBe(200);
    expect(fmt(effectiveCode(c("3D"), { actions: 2 }))).toBe("2D");
  });
  it("T-7 (000:L119) Difficult 17 cruising: roll needed at the normal level; 21 → success", () => {
    const m = movementCheck("cruising", "difficult");
    expect(m.roll).toBe(true);
    expect(m.difficulty).toEqual({ automatic: false, level: "difficult", plus: 0 });
    expect(attackHits(21, movementDifficultyNumber(m, 17)!)).toBe(true);
  });
  it("T-8 (000:L127) high speed on Easy 7: roll 18 → success, 400 m", () => {
    const m = movementCheck("high", "easy");
    expect(m.roll).toBe(true);
    expect(m.difficulty?.level).toBe("easy");
    expect(attackHits(18, movementDifficultyNumber(m, 7)!)).toBe(true);
    expect(speedDistance(200, "high")).toBe(400);
  });
  it("T-9 (000:L129) high speed, Difficult traffic → Very Difficult 28; 27 fails by 1", () => {
    const m = movementCheck("high", "difficult");
    expect(m.difficulty?.level).toBe("very_difficult");
    const dn = movementDifficultyNumber(m, 28)!;
    expect(attackHits(27, dn)).toBe(false);
    expect(dn - 27).toBe(1);
  });
  it("T-10 (000:L137) all-out on Easy → Moderate 12; 15 → success, 800 m", () => {
    const m = movementCheck("all_out", "easy");
    expect(m.difficulty?.level).toBe("moderate");
    expect(attackHits(15, movementDifficultyNumber(m, 12)!)).toBe(true);
    expect(speedDistance(200, "all_out")).toBe(800);
  });
  it("T-11 (000:L139) all-out, Difficult forest → Heroic 38; 24 fails by 14", () => {
    const m = movementCheck("all_out", "difficult");
    expect(m.difficulty?.level).toBe("heroic");
    expect(m.difficulty?.plus).toBe(0);
    expect(movementDifficultyNumber(m, 38)! - 24).toBe(14);
  });
  it("T-12 (000:L145) vehicle cruising → cautious, cruising or high next round, not all-out", () => {
    expect(allowedNextSpeeds("cruising", "vehicle").sort()).toEqual(["cautious", "cruising", "high"].sort());
  });
  it("T-13 (000:L147) vehicle all-out → at least high speed next round", () => {
    expect(allowedNextSpeeds("all_out", "vehicle").sort()).toEqual(["all_out", "high"].sort());
  });
  it("T-14 (000:L181) Rhen cautious on Easy: automatic 5 m, fires with the full blaster 4D (not 'shuttle piloting')", () => {
    const m = movementCheck("cautious", "easy");
    expect(m.roll).toBe(false);
    expect(speedDistance(10, "cautious")).toBe(5);
    expect(fmt(effectiveCode(c("4D"), { actions: m.isAction ? 2 : 1 }))).toBe("4D");
  });
  it("T-15 (000:L183) Very Difficult river cautious → Difficult 17; 17 → success (a tie succeeds)", () => {
    const m = movementCheck("cautious", "very_difficult");
    expect(m.difficulty?.level).toBe("difficult");
    expect(attackHits(17, movementDifficultyNumber(m, 17)!)).toBe(true);
  });
  it("T-16 (000:L185) Move 10 cruising → 10 m", () => {
    expect(speedDistance(10, "cruising")).toBe(10);
  });
  it("T-17 (000:L189) cruising on Moderate while shooting: 10 m automatic, blaster 4D − 1D = 3D", () => {
    const m = movementCheck("cruising", "moderate");
    expect(m.roll).toBe(false);
    expect(m.isAction).toBe(true);
    expect(fmt(effectiveCode(c("4D"), { actions: 2 }))).toBe("3D");
  });
  it("T-18 (000:L191) Difficult 16 hill cruising; 16 → success", () => {
    expect(attackHits(16, movementDifficultyNumber(movementCheck("cruising", "difficult"), 16)!)).toBe(true);
  });
  it("T-19 (000:L197) Move 10 all-out partial move → 20–40 m", () => {
    expect(partialMoveRange(10, "all_out")).toEqual({ min: 20, max: 40 });
  });
  it("T-20 (000:L203–213) character cautious → stop, cautious, cruising or high; not all-out", () => {
    expect(allowedNextSpeeds("cautious", "character").sort()).toEqual(["cautious", "cruising", "high", "stopped"].sort());
  });
  it("T-21 (000:L215–221) character all-out → all-out, high or cruising; not cautious or stop", () => {
    expect(allowedNextSpeeds("all_out", "character").sort()).toEqual(["all_out", "cruising", "high"].sort());
  });
  it("T-22 (000:L231) Move 10 high speed → 20 m", () => {
    expect(speedDistance(10, "high")).toBe(20);
  });
  it("T-23 (000:L237) high speed on Easy 8; 16 → success", () => {
    const m = movementCheck("high", "easy");
    expect(m.roll).toBe(true);
    expect(attackHits(16, movementDifficultyNumber(m, 8)!)).toBe(true);
  });
  it("T-24 (000:L239) high speed, Difficult → Very Difficult 24; 12 misses by 12 → minor fall, ¼ move, no damage", () => {
    const m = movementCheck("high", "difficult");
    expect(m.difficulty?.level).toBe("very_difficult");
    const miss = movementDifficultyNumber(m, 24)! - 12;
    expect(miss).toBe(12);
    const row = movementFailure(miss);
    expect(row.failure).toBe("minor_fall");
    expect(row.moveFraction! * speedDistance(10, "high")).toBe(5);
    expect(row.penaltyThisRound).toBeNull();
    expect(row.penaltyNextRound).toBeNull();
    expect(failureDamage(row, "high")).toBeNull(); // 3D − 3D = 0D
  });
  it("T-25 (000:L241) all-out, Easy 10 → Moderate 11; 12 → success, 40 m, no dodge", () => {
    const m = movementCheck("all_out", "easy");
    expect(m.difficulty?.level).toBe("moderate");
    expect(attackHits(12, movementDifficultyNumber(m, 11)!)).toBe(true);
    expect(speedDistance(10, "all_out")).toBe(40);
    expect(m.soleAction).toBe(true);
  });
  it("T-26 (000:L243) all-out, Difficult forest → Heroic, 34", () => {
    const m = movementCheck("all_out", "difficult");
    expect(m.difficulty?.level).toBe("heroic");
    expect(movementDifficultyNumber(m, 34)).toBe(34);
  });
  it("T-27 (000:L277) cruising on Moderate 12 + maneuver 8 = 20; 18 misses by 2 → slight slip −1D", () => {
    const m = movementCheck("cruising", "moderate");
    expect(m.roll).toBe(false); // plain cruising on Moderate is automatic; the maneuver needs the roll
    expect(movementDifficultyNumber(m, 12)).toBeNull();
    const dn = movementDifficultyNumber(m, 12, 8)!;
    expect(dn).toBe(20);
    const row = movementFailure(dn - 18);
    expect(row.failure).toBe("slight_slip");
    expect(row.penaltyThisRound).toBe(1);
    expect(row.moveFraction).toBe(1);
  });
  it("T-28 (000:L279, AMBIG) cautious on Difficult: by the rule one level lower (Moderate); the jump 9 vs 14 misses by 5", () => {
    expect(movementCheck("cautious", "difficult").difficulty?.level).toBe("moderate");
    expect(attackHits(9, 14)).toBe(false);
    expect(14 - 9).toBe(5);
  });
  it("T-29 (000:L281, AMBIG) all-out between beams: the table says a miss by 7 is a Fall; all-out on Easy is Moderate", () => {
    expect(movementCheck("all_out", "easy").difficulty?.level).toBe("moderate");
    const row = movementFailure(22 - 15);
    expect(row.failure).toBe("fall");
    expect(row.penaltyThisRound).toBeNull();
    expect(row.penaltyNextRound).toBe(2);
  });
  it("T-30 (000:L283, AMBIG) 8 + 10 = 18, 16 misses by 2 → slight slip; stopping from all-out is impossible", () => {
    expect(movementFailure(18 - 16).failure).toBe("slight_slip");
    expect(allowedNextSpeeds("all_out", "character")).not.toContain("stopped");
  });
});

describe("T.2 scale, damage, stun, healing", () => {
  it("T-31 (000:L339) speeder vs walker → adjusted modifier 2D", () => {
    expect(adjustedScaleModifier("speeder", "walker")).toBe(2);
  });
  it("T-32 (000:L349–351) speeder cannon vs walker: attack +2D, damage 3D+1 unchanged, walker resists 8D, dodges with 0D", () => {
    const s = scaleModifiers("speeder", "walker");
    expect(s).toEqual({ attack: 2, dodge: 0, damage: 0, resist: 2 });
    expect(fmt(effectiveCode(c("3D+1"), { bonuses: [{ dice: s.damage, pips: 0 }] }))).toBe("3D+1");
    expect(fmt(resistCode(c("6D"), { scaleBonus: s.resist }))).toBe("8D");
    expect(fmt(effectiveCode(c("0D"), { bonuses: [{ dice: s.dodge, pips: 0 }] }))).toBe("0D");
  });
  it("T-33 (000:L417a) damage 9 vs Strength 11 → no effect", () => {
    expect(resolveDamage(9, 11).result).toBe("none");
  });
  it("T-34 (000:L417b, ERROR) the seed's 16 − 4 is 12 → incapacitated; the published 16 vs 12 → wounded", () => {
    expect(resolveDamage(16, 4).result).toBe("incapacitated");
    expect(resolveDamage(16, 12).result).toBe("wounded");
  });
  it("T-35 (000:L419) vibroaxe STR+2D with Strength 3D+2 → 5D+2", () => {
    expect(fmt(damageCodeFor(parseDamageCode("STR+2D"), c("3D+2")))).toBe("5D+2");
  });
  it("T-36 (000:L421) 15 vs 11 → wounded (−1D, rest of round lost); again → wounded twice; again → incapacitated", () => {
    const first = resolveDamage(15, 11);
    expect(first.margin).toBe(4);
    expect(first.state).toBe("wounded");
    expect(stackWound("wounded", "wounded")).toBe("wounded_twice");
    expect(stackWound("wounded_twice", "wounded")).toBe("incapacitated");
  });
  it("T-37 (000:L423) 19 vs 9 → difference 10 → incapacitated", () => {
    const o = resolveDamage(19, 9);
    expect(o.margin).toBe(10);
    expect(o.result).toBe("incapacitated");
  });
  it("T-38 (000:L433) stun 22 vs 11: would be incapacitated → unconscious 2D minutes", () => {
    expect(damageResultForMargin(11)).toBe("incapacitated");
    const o = resolveDamage(22, 11, "healthy", { stun: true });
    expect(o.result).toBe("unconscious");
    expect(o.unconscious).toBe(true);
  });
  it("T-39 (000:L441) incapacitated, after two weeks Strength 10 → wounded twice; next roll after 3 days", () => {
    const h = naturalHealing("incapacitated", 10);
    expect(h.state).toBe("wounded_twice");
    expect(h.nextRestDays).toBe(3);
  });
  it("T-40 (000:L511) wounded twice: first medpac Easy, second the same day Moderate", () => {
    expect(medpacDifficulty("wounded_twice", 0)).toEqual({ automatic: false, level: "easy", plus: 0 });
    expect(medpacDifficulty("wounded_twice", 1)).toEqual({ automatic: false, level: "moderate", plus: 0 });
  });
  it("T-41 (000:L517) wounded twice treating himself: Technical 2D − 3D → cannot attempt", () => {
    const code = medpacCode(c("2D"), "wounded_twice", true);
    expect(canRollCode(code)).toBe(false);
    expect(() => rollD6(code, forcedDice([]))).toThrowError(expect.objectContaining({ code: "rollImpossible" }));
  });
  it("T-42 (000:L533) mortally wounded in bacta, 1D = 4 → 4 days, fully healed", () => {
    expect(bactaTime("mortally_wounded", forcedDice([4]))).toMatchObject({ amount: 4, unit: "days", state: "healthy" });
  });
});

describe("T.3 weapons, blasts, grenades, cover, armor", () => {
  it("T-43 (000:L551 = 001:L5) blaster cannon 4D, 5 m radius: within 5 m → 4D", () => {
    const zones = parseBlastZones("5", "4D");
    expect(fmt(blastZone(5, zones)!.damage)).toBe("4D");
    expect(fmt(blastZone(0, zones)!.damage)).toBe("4D");
    expect(blastZone(5.5, zones)).toBeNull();
  });
  it("T-44 (000:L555 = 001:L7) frag grenade zones at 0, 2, 3, 4, 5, 6, 7, 10, 11 m", () => {
    const got = [0, 2, 3, 4, 5, 6, 7, 10, 11].map((d) => {
      const z = blastZone(d, GRENADE);
      return z ? fmt(z.damage) : "none";
    });
    expect(got).toEqual(["5D", "5D", "4D", "4D", "3D", "3D", "2D", "2D", "none"]);
  });
  it("T-45 (000:L563 = 001:L11) called shot at a 30 cm blaster, medium 12, +1D rolled 4 → 16", () => {
    const m = rollModifier({ dice: 1, pips: 0 }, forcedDice([4]));
    expect(12 + m.total).toBe(16);
  });
  it("T-46 (000:L581–585 = 001:L20–22) grenade at 20 m (medium, Moderate 14), Dexterity 11 misses; 4 → toward the thrower, 2D = 7 → lands at 13 m; troopers ~7 m away take 2D, Thannik unharmed", () => {
    const band = rangeBand(20, SEED_GRENADE_RANGES);
    expect(band).toBe("medium");
    expect(attackHits(11, 14)).toBe(false);
    const dev = rollGrenadeDeviation(20, band, forcedDice([4, 3, 4]));
    expect(dev.direction).toBe("short");
    expect(dev.deviation).toBe(7);
    expect(dev.fromThrower).toBe(13);
    expect(fmt(blastZone(7, GRENADE)!.damage)).toBe("2D");
    expect(blastZone(13, GRENADE)).toBeNull();
  });
  it("T-47 (000:L589–591 = 001:L24–25) grenade at 16 m (medium 13), roll 17 lands; dodge 18 dives clear, 17 is hit; < 3 m → 5D", () => {
    expect(rangeBand(16, SEED_GRENADE_RANGES)).toBe("medium");
    expect(attackHits(17, 13)).toBe(true);
    expect(grenadeDodged(18, 17)).toBe(true);
    expect(grenadeDodged(17, 17)).toBe(false);
    expect(fmt(blastZone(2, GRENADE)!.damage)).toBe("5D");
  });
  it("T-48 (000:L597–599 = 001:L28–29) thrown back as far as possible: 13 → 13 m, outside the 10 m blast", () => {
    const d = throwDistance(13, SEED_GRENADE_RANGES);
    expect(d).toBe(13);
    expect(blastZone(d, GRENADE)).toBeNull();
  });
  it("T-49 (000:L607 = 001:L33) medium 13 + moonlit night 2D rolled 5 → 18; attack 5 misses", () => {
    const m = rollModifier({ dice: 2, pips: 0 }, forcedDice([2, 3]));
    expect(13 + m.total).toBe(18);
    expect(attackHits(5, 18)).toBe(false);
  });
  it("T-50 (000:L611–616 = 001:L35–38, ERROR) 13 + night 10 = 23 (not the seed's 15) + half cover 7 = 30", () => {
    const night = rollModifier({ dice: 2, pips: 0 }, forcedDice([4, 6])).total;
    const bins = rollModifier({ dice: 2, pips: 0 }, forcedDice([3, 4])).total;
    expect(13 + night).toBe(23);
    expect(13 + night + bins).toBe(30);
  });
  it("T-51 (000:L630–634 = 001:L45–47) attack 26 vs base 23 / full 30 → hits the bins; 20 vs 7 = 13 → severely damaged → 4D; ≥ 30 direct, ≤ 22 miss", () => {
    expect(shotThroughCover(26, 23, 7)).toBe("hits_cover");
    expect(shotThroughCover(30, 23, 7)).toBe("direct_hit");
    expect(shotThroughCover(29, 23, 7)).toBe("hits_cover");
    expect(shotThroughCover(22, 23, 7)).toBe("miss");
    const t = damageThroughCover(c("5D"), 20, 7);
    expect(t.margin).toBe(13);
    expect(t.coverState).toBe("severely_damaged");
    expect(fmt(t.passes!)).toBe("4D");
  });
  it("T-52 (000:L640 = 001:L50) Strength 3D+2 + armor 1D → resists with 4D+2; lifting stays 3D+2", () => {
    const armor = { physical: c("1D"), energy: c("1D") };
    expect(fmt(resistCode(c("3D+2"), { armor, damageType: "physical" }))).toBe("4D+2");
    expect(fmt(effectiveCode(c("3D+2")))).toBe("3D+2");
  });
  it("T-53 (000:L646–648 = 001:L53–54) stormtrooper armor: vs blaster 4D+2, vs vibroblade 5D+2, dodge 6D → 5D", () => {
    expect(fmt(resistCode(c("3D+2"), { armor: STORMTROOPER_ARMOR, damageType: "energy" }))).toBe("4D+2");
    expect(fmt(resistCode(c("3D+2"), { armor: STORMTROOPER_ARMOR, damageType: "physical" }))).toBe("5D+2");
    expect(fmt(armoredDexterityCode(c("6D"), STORMTROOPER_ARMOR))).toBe("5D");
  });
  it("T-54 (001:L3) fire rates: 3 per round; 1/2 once every 2 rounds; 1/5 once every 5 rounds", () => {
    const three = parseFireRate("3");
    expect(canFire(three, { round: 1, shotsThisRound: 2, lastFiredRound: 1 })).toBe(true);
    expect(canFire(three, { round: 1, shotsThisRound: 3, lastFiredRound: 1 })).toBe(false);
    const half = parseFireRate("1/2");
    expect(canFire(half, { round: 2, shotsThisRound: 0, lastFiredRound: 1 })).toBe(false);
    expect(canFire(half, { round: 3, shotsThisRound: 0, lastFiredRound: 1 })).toBe(true);
    const fifth = parseFireRate("1/5");
    expect(canFire(fifth, { round: 5, shotsThisRound: 0, lastFiredRound: 1 })).toBe(false);
    expect(canFire(fifth, { round: 6, shotsThisRound: 0, lastFiredRound: 1 })).toBe(true);
  });
  it("T-55 (000:L691–695) blaster pistol 3-10/30/120 at 2, 3, 10, 11, 30, 31, 120, 121 m", () => {
    const got = [2, 3, 10, 11, 30, 31, 120, 121].map((d) => rangeDifficulty(d, BLASTER_PISTOL_RANGES));
    expect(got.map((g) => g.band)).toEqual(["point_blank", "short", "short", "medium", "medium", "long", "long", "out_of_range"]);
    expect(got.map((g) => g.difficulty)).toEqual(["very_easy", "easy", "easy", "moderate", "moderate", "difficult", "difficult", null]);
  });
});

describe("T.4 melee, reactions, modifiers", () => {
  it("T-56 (000:L721–723) vibroblade Moderate, GM 14; Dexterity 4D rolls 12 → miss", () => {
    expect(levelOfNumber(14)).toBe("moderate");
    expect(attackHits(12, 14)).toBe(false);
  });
  it("T-57 (000:L729–735) brawling Very Easy 5; Strength 3D+2 rolls 9 → hit", () => {
    expect(levelOfNumber(5)).toBe("very_easy");
    expect(attackHits(9, 5)).toBe(true);
  });
  it("T-58 (000:L759) dodge 27 against Easy 8: ranged attacks need 27; melee still the Very Easy 5", () => {
    const dodge = [{ skill: "dodge" as const, total: 27, full: false }];
    expect(reactionDifficulty(8, "ranged", dodge).difficulty).toBe(27);
    expect(reactionDifficulty(5, "melee", dodge).difficulty).toBe(5);
  });
  it("T-59 (000:L761) difficulties 6, 8, 17 with dodge 14 → all 14 (replaced even when lower)", () => {
    const dodge = [{ skill: "dodge" as const, total: 14, full: false }];
    expect([6, 8, 17].map((d) => reactionDifficulty(d, "ranged", dodge).difficulty)).toEqual([14, 14, 14]);
  });
  it("T-60 (000:L769–771) full dodge 27: 13, 13, 8 → 40, 40, 35; vibroaxe Moderate 12 unaffected", () => {
    const full = [{ skill: "dodge" as const, total: 27, full: true }];
    expect([13, 13, 8].map((d) => reactionDifficulty(d, "ranged", full).difficulty)).toEqual([40, 40, 35]);
    expect(reactionDifficulty(12, "melee", full).difficulty).toBe(12);
  });
  it("T-61 (000:L777–779) drawing a weapon or switching to stun is an action → −1D on the other", () => {
    expect(fmt(effectiveCode(c("4D"), { actions: 2 }))).toBe("3D");
  });
  it("T-62 (000:L783) Dexterity 4D + fire control 2D → 6D", () => {
    expect(fmt(effectiveCode(c("4D"), { bonuses: [c("2D")] }))).toBe("6D");
  });
});

describe("T.5 Character Points, Force Points, initiative, round flow", () => {
  it("T-63 (000:L801–805) Perception 3D: 1, 2, Wild Die 2 → 5; a CP die 6 then 4 → 15", () => {
    const r = rollD6(c("3D"), forcedDice([1, 2, 2, 6, 4]), { characterPoints: 1 });
    expect(r.dice).toEqual([1, 2]);
    expect(r.wild).toEqual([2]);
    expect(r.cp).toEqual([[6, 4]]);
    expect(r.total).toBe(15);
    expect(rollD6(c("3D"), forcedDice([1, 2, 2])).total).toBe(5);
  });
  it("T-64 (000:L823) CP on a repair roll: a skill roll takes at most 2 CP", () => {
    expect(checkCharacterPoints(2, "skill")).toBe(2);
    expect(() => checkCharacterPoints(3, "skill")).toThrowError(expect.objectContaining({ code: "outOfRange" }));
  });
  it("T-65 (000:L837) FP: blaster pistol 6D → 12D; damage 4D stays 4D", () => {
    expect(fmt(effectiveCode(c("6D"), { forcePoint: true }))).toBe("12D");
    expect(fmt(damageCodeFor(parseDamageCode("4D"), c("3D+2"), { forcePoint: true }))).toBe("4D");
  });
  it("T-66 (000:L847) FP: Strength 3D+2 with a vibroaxe STR+2D → 6D+4 + 2D = 8D+4 = 9D+1", () => {
    const code = damageCodeFor(parseDamageCode("STR+2D"), c("3D+2"), { forcePoint: true });
    expect(code).toEqual({ dice: 8, pips: 4 });
    expect(fmt(code)).toBe("9D+1");
  });
  it("T-67 (000:L851) FP on a search of 4D → 8D", () => {
    expect(fmt(effectiveCode(c("4D"), { forcePoint: true }))).toBe("8D");
  });
  it("T-68 (000:L853) FP in an asteroid field: the first round doubled, the next not", () => {
    expect(fmt(effectiveCode(c("5D"), { forcePoint: true }))).toBe("10D");
    expect(fmt(effectiveCode(c("5D"), { forcePoint: false }))).toBe("5D");
  });
  it("T-69 (000:L971) the Moff's +10 search bonus is a 'good advantage' (+6–10)", () => {
    expect(modifierGuideline(10)).toBe("good");
  });
  it("T-70 (000:L1051–1055) initiative: Sev 14 vs the tall man 15 → the GM's side wins and acts last", () => {
    const w = initiativeWinner([
      { side: "players", total: 14 },
      { side: "gm", total: 15 },
    ]);
    expect(w.winner).toBe("gm");
    expect(sideOrder(["players", "gm"], "gm", "last")).toEqual(["players", "gm"]);
  });
  it("T-71 (000:L1097–1101) Sev runs 10 m to the door: Move 10 cruising", () => {
    expect(speedDistance(10, "cruising")).toBeGreaterThanOrEqual(10);
  });
  it("T-72 (000:L1105–1115) 2 actions: heavy blaster 6D → 5D, 17 vs medium (Moderate) at 15 m → hit; damage 5D rolled in full", () => {
    expect(fmt(effectiveCode(c("6D"), { actions: 2 }))).toBe("5D");
    // The seed's 15 m = medium for the heavy blaster pistol (published 3-7/25/50).
    const band = rangeDifficulty(15, { shortMin: 3, shortMax: 7, medium: 25, long: 50 });
    expect(band).toEqual({ band: "medium", difficulty: "moderate" });
    expect(attackHits(17, 15)).toBe(true);
    expect(difficultyBand("moderate").max).toBe(15);
    // Damage is not cut by the multiple-action penalty: 5D rolls five dice.
    const dmg = rollD6(c("5D"), forcedDice([3, 3, 3, 3, 2]), { kind: "damage" });
    expect(dmg.total).toBe(14);
  });
  it("T-73 (000:L1151–1159) an extra dodge makes 3 actions: dodge 6D → 4D, 15; attacks 12 and 14 miss", () => {
    expect(fmt(effectiveCode(c("6D"), { actions: 3 }))).toBe("4D");
    const dodge = [{ skill: "dodge" as const, total: 15, full: false }];
    const d = reactionDifficulty(8, "ranged", dodge).difficulty;
    expect(attackHits(12, d)).toBe(false);
    expect(attackHits(14, d)).toBe(false);
  });
  it("T-74 (000:L1161–1163) blaster 6D − 2D = 4D rolls 13 against a dodge of 15 → miss", () => {
    expect(fmt(effectiveCode(c("6D"), { actions: 3 }))).toBe("4D");
    expect(attackHits(13, reactionDifficulty(10, "ranged", [{ skill: "dodge", total: 15, full: false }]).difficulty)).toBe(false);
  });
});

describe("T.6 tasks, preparation, hurry, combined actions", () => {
  it("T-75 (000:L1291–1297) multi-roll repair: 1 h + 25 min + 2 h = 3 h 25 min", () => {
    expect(60 + 25 + 120).toBe(205);
    expect(levelOfNumber(13)).toBe("moderate");
  });
  it("T-76 (000:L1317) preparation: droid repair 3D+2, 2 h → 4 h, 4D+2", () => {
    expect(preparation(120).minutes).toBe(240);
    expect(fmt(effectiveCode(c("3D+2"), { preparation: true }))).toBe("4D+2");
  });
  it("T-77 (000:L1327) hurry: space transports repair 6D, 1 h → 30 min, 3D", () => {
    const h = hurry(c("6D"), 3600);
    expect(h.seconds).toBe(1800);
    expect(fmt(h.code)).toBe("3D");
  });
  it("T-78 (000:L1331) 10 minutes = 120 rounds", () => {
    expect(roundsIn(600)).toBe(120);
  });
  it("T-79 (000:L1393) command 8D+2 → at most 8 coordinated", () => {
    expect(maxCoordinated(c("8D+2"))).toBe(8);
  });
  it("T-80 (000:L1431) command 27 vs Moderate 12 → success (leader not on the task: full dice)", () => {
    expect(attackHits(27, 12)).toBe(true);
    expect(fmt(commandRollCode(c("8D+2"), false))).toBe("8D+2");
    expect(fmt(commandRollCode(c("8D+2"), true))).toBe("7D+2");
  });
  it("T-81 (000:L1435) 8 coordinated → +2D+2", () => {
    expect(fmt(combinedActionBonus(8))).toBe("2D+2");
  });
  it("T-82 (000:L1439) +2D+2 vs 12: command 11 / 10 / 9 → +1D+2 / +2 / 0", () => {
    expect([11, 10, 9].map((t) => fmt(combinedActionBonus(8, t, 12)))).toEqual(["1D+2", "+2", "0D"]);
  });
  it("T-83 (000:L1443) repulsorlift repair 4D+1 + 2D+2 → 6D+3 = 7D", () => {
    const sum = addCodes(c("4D+1"), combinedActionBonus(8));
    expect(sum).toEqual({ dice: 6, pips: 3 });
    expect(fmt(sum)).toBe("7D");
  });
  it("T-84 (000:L1447–1449) +2D+2 split: +1D to the attack (6D → 7D), the rest to damage (5D → 6D+2)", () => {
    const s = splitBonus(combinedActionBonus(8), c("1D"));
    expect(fmt(addCodes(c("6D"), s.attack))).toBe("7D");
    expect(fmt(addCodes(c("5D"), s.damage))).toBe("6D+2");
  });
});

describe("T.7 derived boundary tests", () => {
  it("D-1 damage table at −1 / 0 / 3 / 4 / 8 / 9 / 12 / 13 / 15 / 16", () => {
    expect([-1, 0, 3, 4, 8, 9, 12, 13, 15, 16].map(damageResultForMargin)).toEqual([
      "none",
      "stunned",
      "stunned",
      "wounded",
      "wounded",
      "incapacitated",
      "incapacitated",
      "mortally_wounded",
      "mortally_wounded",
      "killed",
    ]);
  });
  it("D-2 stun damage: 0–3 stunned, ≥ 4 unconscious", () => {
    expect(resolveDamage(10, 10, "healthy", { stun: true }).result).toBe("stunned");
    expect(resolveDamage(13, 10, "healthy", { stun: true }).result).toBe("stunned");
    expect(resolveDamage(14, 10, "healthy", { stun: true }).result).toBe("unconscious");
    expect(resolveDamage(40, 10, "healthy", { stun: true }).result).toBe("unconscious");
  });
  it("D-3 mortally wounded 3 rounds: 2D = 2 dies, 3 survives", () => {
    expect(deathRoll(3, forcedDice([1, 1])).dies).toBe(true);
    expect(deathRoll(3, forcedDice([1, 2])).dies).toBe(false);
  });
  it("D-4 wounded heals: 4 / 5 / 6 / 7 → wounded twice / wounded / wounded / healed", () => {
    expect([4, 5, 6, 7].map((t) => naturalHealing("wounded", t).state)).toEqual(["wounded_twice", "wounded", "wounded", "healthy"]);
  });
  it("D-5 mortally wounded after 35 days: 6 / 7 / 9 → dies / stays / incapacitated", () => {
    expect([6, 7, 9].map((t) => naturalHealing("mortally_wounded", t).state)).toEqual(["killed", "mortally_wounded", "incapacitated"]);
  });
  it("D-6 1…5 actions → penalty 0D … −4D", () => {
    expect([1, 2, 3, 4, 5].map((n) => fmt(effectiveCode(c("10D"), { actions: n })))).toEqual(["10D", "9D", "8D", "7D", "6D"]);
  });
  it("D-7 Move 150: 75 / 150 / 300 / 600 m", () => {
    expect((["cautious", "cruising", "high", "all_out"] as const).map((s) => speedDistance(150, s))).toEqual([75, 150, 300, 600]);
  });
  it("D-8 Heroic terrain (GM 32) at high speed → 42 (Heroic+10)", () => {
    const m = movementCheck("high", "heroic");
    expect(movementDifficultyNumber(m, 32)).toBe(42);
    expect(shiftedNumber(shiftLevel("heroic", 1), 32)).toBe(42);
  });
  it("D-9 movement failures at 1, 3, 4, 6, 7, 10, 11, 15, 16, 20, 21", () => {
    expect([1, 3, 4, 6, 7, 10, 11, 15, 16, 20, 21].map((m) => movementFailure(m).failure)).toEqual([
      "slight_slip",
      "slight_slip",
      "slip",
      "slip",
      "fall",
      "fall",
      "minor_fall",
      "minor_fall",
      "tumbling_fall",
      "tumbling_fall",
      "serious_fall",
    ]);
  });
  it("D-10 combined bonus N = 1 / 2 / 3 / 7 → +1 / +2 / +1D / +2D+1; N = 7 missed by 1 → +1D+1", () => {
    expect([1, 2, 3, 7].map((n) => fmt(combinedActionBonus(n)))).toEqual(["+1", "+2", "1D", "2D+1"]);
    expect(fmt(combinedActionBonus(7, 11, 12))).toBe("1D+1");
  });
  it("D-11 DSP total 3: 1D = 2 turns, 3 does not", () => {
    expect(darkSideRoll(3, forcedDice([2])).turns).toBe(true);
    expect(darkSideRoll(3, forcedDice([3])).turns).toBe(false);
  });
  it("D-12 fire rate 1/2 fired in round 5: not in round 6, again in round 7", () => {
    const half = parseFireRate("1/2");
    expect(canFire(half, { round: 6, shotsThisRound: 0, lastFiredRound: 5 })).toBe(false);
    expect(canFire(half, { round: 7, shotsThisRound: 0, lastFiredRound: 5 })).toBe(true);
  });
});

describe("round flow (000:L1059–1069, A-10)", () => {
  it("side 1's first actions in Perception order, then side 2's, then the second actions", () => {
    const cs: Combatant[] = [
      { id: "thannik", side: "pcs", perception: c("3D"), actions: 2 },
      { id: "sev", side: "pcs", perception: c("3D+2"), actions: 1 },
      { id: "boss", side: "gm", perception: c("4D"), actions: 1 },
      { id: "thug", side: "gm", perception: c("2D"), actions: 2 },
    ];
    expect(actionSequence(cs, ["pcs", "gm"]).map((s) => `${s.id}#${s.action}`)).toEqual([
      "sev#1",
      "thannik#1",
      "boss#1",
      "thug#1",
      "thannik#2",
      "thug#2",
    ]);
  });
  it("CP and a Force Point cannot be spent in the same round (000:L1079)", () => {
    expect(() => checkPointSpend({ characterPoints: 1, forcePoint: true })).toThrowError(expect.objectContaining({ code: "badArgument" }));
    expect(() => checkPointSpend({ characterPoints: 2, forcePoint: false })).not.toThrow();
  });
  it("rollCheck: success on ≥ with the margin (000:L95)", () => {
    const r = rollCheck(c("2D"), forcedDice([4, 3]), { difficulty: 7 });
    expect(r).toMatchObject({ total: 7, success: true, margin: 0 });
  });
});
