/**
 * The digest's tables, checked row by row against its numbers (rules/d6.md §1–31), and the roll's
 * face order and Wild Die rules with forced faces.
 */
import { describe, expect, it } from "vitest";
import { forcedDice } from "../../../src/core/dice";
import {
  BACTA_TIME,
  CHARACTER_POINT_CAPS,
  COVER_DICE,
  DIFFICULTY_TABLE,
  MEDPAC_DIFFICULTY,
  ROLLED_DIFFICULTY_DICE,
  SCALE_DICE,
  calledShotDice,
  callDarkSideDifficulty,
  canAct,
  fallingDamage,
  forcePointCap,
  forcePointReturn,
  formatDieCode,
  halveCode,
  interpretMargin,
  levelOfNumber,
  medpacResult,
  naturalHealing,
  naturalHealingRestDays,
  normalizeCode,
  objectDamage,
  parseDamageCode,
  parseDieCode,
  rollD6,
  rollDifficulty,
  rollHitLocation,
  scaleModifiers,
  seriousInjury,
  shiftLevel,
  sideInitiativeRollers,
  initiativeCode,
  initiativeWinner,
  spendAmmo,
  stackWound,
  staminaCheck,
  stunKnockout,
  woundPenaltyDice,
  damageCodeFor,
  failureDamage,
  movementFailure,
  unusualMove,
  effectiveCode,
  reactionDifficulty,
  surpriseCheck,
  opposedRoll,
  meleeDifficultyLevel,
  usesWildDie,
  type WoundLevel,
} from "../../../src/rules/d6";

const c = parseDieCode;
const fmt = (code: { dice: number; pips: number }) => formatDieCode(normalizeCode(code));

describe("die codes (§1, A-1, A-2)", () => {
  it("parses the seed's codes and writes them back", () => {
    for (const t of ["4D", "3D+2", "1D+2", "4D+1", "8D+2"]) expect(formatDieCode(c(t))).toBe(t);
    expect(c("2d-1")).toEqual({ dice: 2, pips: -1 });
    expect(c("3Д+1")).toEqual({ dice: 3, pips: 1 });
    expect(c("-1D")).toEqual({ dice: -1, pips: 0 });
    expect(c("+2")).toEqual({ dice: 0, pips: 2 });
  });
  it("3 pips = 1D: 6D+3 → 7D, 6D+4 → 7D+1 (A-1)", () => {
    expect(fmt(c("6D+3"))).toBe("7D");
    expect(fmt(c("6D+4"))).toBe("7D+1");
  });
  it("halving rounds the pips down: 6D → 3D, 5D → 2D+1, 4D+2 → 2D+1 (A-2)", () => {
    expect(fmt(halveCode(c("6D")))).toBe("3D");
    expect(fmt(halveCode(c("5D")))).toBe("2D+1");
    expect(fmt(halveCode(c("4D+2")))).toBe("2D+1");
  });
  it("melee codes: STR+1D+2 natural weapon, STR brawling, a 6D cap (000:L393–397)", () => {
    expect(fmt(damageCodeFor(parseDamageCode("STR+1D+2"), c("3D")))).toBe("4D+2");
    expect(fmt(damageCodeFor(parseDamageCode("STR"), c("3D+2")))).toBe("3D+2");
    expect(fmt(damageCodeFor(parseDamageCode("STR+3D max 6D"), c("4D")))).toBe("6D");
    expect(fmt(damageCodeFor(parseDamageCode("STR+3D (max 6D)"), c("2D")))).toBe("5D");
  });
  it("rejects malformed codes with badDiceCode", () => {
    for (const t of ["", "D", "4", "4D+", "x4D", "4D+2+1", "STRX", "4.5D"]) {
      expect(() => (t.startsWith("STR") ? parseDamageCode(t) : c(t)), t).toThrowError(expect.objectContaining({ code: "badDiceCode" }));
    }
  });
});

describe("the roll: face order, Wild Die, Character Points (§1, §8, A-4)", () => {
  it("regular dice, then the Wild Die's rolls, then each CP die's rolls", () => {
    const r = rollD6(c("3D+1"), forcedDice([2, 5, 6, 6, 3, 1, 6, 2]), { characterPoints: 2 });
    expect(r.dice).toEqual([2, 5]);
    expect(r.wild).toEqual([6, 6, 3]);
    expect(r.cp).toEqual([[1], [6, 2]]);
    expect(r.total).toBe(2 + 5 + 15 + 1 + 8 + 1);
  });
  it("a first-roll 1 removes the 1 and the highest other die and flags a complication (default)", () => {
    const r = rollD6(c("4D"), forcedDice([3, 5, 2, 1]));
    expect(r.wildOne).toBe(true);
    expect(r.complication).toBe(true);
    expect(r.removed).toEqual([1, 5]);
    expect(r.total).toBe(5);
  });
  it("the two other treatments: count it and flag, or count it normally", () => {
    expect(rollD6(c("4D"), forcedDice([3, 5, 2, 1]), { wildOne: "complication" })).toMatchObject({
      total: 11,
      complication: true,
      removed: [],
    });
    expect(rollD6(c("4D"), forcedDice([3, 5, 2, 1]), { wildOne: "normal" })).toMatchObject({
      total: 11,
      complication: false,
      wildOne: true,
    });
  });
  it("a 1 after a Wild Die 6 is just added; a CP die's 1 does nothing (000:L793)", () => {
    const r = rollD6(c("2D"), forcedDice([4, 6, 1]));
    expect(r).toMatchObject({ total: 11, wildOne: false, removed: [] });
    expect(rollD6(c("1D"), forcedDice([3, 1]), { characterPoints: 1 }).total).toBe(4);
  });
  it("without the Wild Die every die is regular and nothing explodes", () => {
    expect(rollD6(c("2D"), forcedDice([6, 1]), { wildDie: false })).toMatchObject({ dice: [6, 1], wild: [], total: 7 });
  });
  it("a 1D code rolls only the Wild Die; 0D+2 rolls nothing (A-5)", () => {
    expect(rollD6(c("1D"), forcedDice([1]))).toMatchObject({ dice: [], wild: [1], total: 0, removed: [1] });
    expect(rollD6(c("0D+2"), forcedDice([]))).toMatchObject({ total: 2, wild: [] });
    expect(() => rollD6(c("0D+2"), forcedDice([]), { allowPipsOnly: false })).toThrowError(
      expect.objectContaining({ code: "rollImpossible" }),
    );
  });
  it("CP caps per roll (000:L807–817) and none on initiative (000:L1043)", () => {
    expect(CHARACTER_POINT_CAPS).toEqual({
      skill: 2,
      attribute: 2,
      specialization: 5,
      reaction: 5,
      damage: 2,
      resistDamage: 5,
      initiative: 0,
    });
    expect(() => rollD6(c("3D"), forcedDice([1, 1, 1, 1, 1, 1]), { characterPoints: 3 })).toThrowError(
      expect.objectContaining({ code: "outOfRange" }),
    );
    expect(rollD6(c("3D"), forcedDice([1, 1, 2, 1, 1, 1]), { characterPoints: 3, kind: "reaction" }).cp).toHaveLength(3);
    expect(() => rollD6(c("3D"), forcedDice([1, 1, 2, 1]), { characterPoints: 1, kind: "initiative" })).toThrow();
  });
  it("the Wild Die on damage, resistance and initiative follows the settings, on by default (A-4)", () => {
    expect(usesWildDie("skill", { damage: false, resistDamage: false, initiative: false })).toBe(true);
    expect(usesWildDie("damage")).toBe(true);
    expect(usesWildDie("damage", { damage: false })).toBe(false);
    expect(usesWildDie("resistDamage", { resistDamage: false })).toBe(false);
    expect(usesWildDie("initiative", { initiative: false })).toBe(false);
  });
  it("a Force Point doubles the penalised code by default; before penalties as the option (§33)", () => {
    expect(fmt(effectiveCode(c("4D"), { actions: 2, forcePoint: true }))).toBe("6D");
    expect(fmt(effectiveCode(c("4D"), { actions: 2, forcePoint: true, forcePointTiming: "beforePenalties" }))).toBe("7D");
  });
});

describe("difficulties (§2)", () => {
  it("the level table's ranges (000:L91, L161–171)", () => {
    expect(DIFFICULTY_TABLE.map((b) => [b.level, b.min, b.max])).toEqual([
      ["very_easy", 1, 5],
      ["easy", 6, 10],
      ["moderate", 11, 15],
      ["difficult", 16, 20],
      ["very_difficult", 21, 30],
      ["heroic", 31, null],
    ]);
    expect([1, 5, 6, 10, 11, 15, 16, 20, 21, 30, 31, 99].map(levelOfNumber)).toEqual([
      "very_easy",
      "very_easy",
      "easy",
      "easy",
      "moderate",
      "moderate",
      "difficult",
      "difficult",
      "very_difficult",
      "very_difficult",
      "heroic",
      "heroic",
    ]);
    for (const b of DIFFICULTY_TABLE) expect(levelOfNumber(b.typical)).toBe(b.level);
  });
  it("shifts: below Very Easy is automatic; two above Heroic is +20 (A-6)", () => {
    expect(shiftLevel("very_easy", -1).automatic).toBe(true);
    expect(shiftLevel("very_difficult", 3)).toEqual({ automatic: false, level: "heroic", plus: 20 });
  });
  it("rolled difficulties: VE 1D, E 2D, M 3–4D, D 5–6D, VD 7–8D, H 9D+", () => {
    expect(ROLLED_DIFFICULTY_DICE).toEqual({
      very_easy: [1, 1],
      easy: [2, 2],
      moderate: [3, 4],
      difficult: [5, 6],
      very_difficult: [7, 8],
      heroic: [9, null],
    });
    expect(rollDifficulty("moderate", forcedDice([6, 6, 6, 1]), { diceCount: 4 }).difficulty).toBe(19);
    expect(() => rollDifficulty("easy", forcedDice([1, 1, 1]), { diceCount: 3 })).toThrow();
  });
  it("reading a margin (000:L1205–1215)", () => {
    expect([15, 14, 5, 4, 0, -1, -5, -6, -14, -15].map(interpretMargin)).toEqual([
      "spectacular_success",
      "success",
      "success",
      "barely_succeeded",
      "barely_succeeded",
      "nearly_succeeded",
      "nearly_succeeded",
      "failure",
      "failure",
      "spectacular_failure",
    ]);
  });
});

describe("combat tables (§15–22)", () => {
  it("called-shot dice by size: 10–50 cm +1D, 1–10 cm +4D, < 1 cm +8D, larger nothing", () => {
    expect([60, 50, 30, 10, 9, 1, 0.5].map(calledShotDice)).toEqual([0, 1, 1, 1, 4, 4, 8]);
  });
  it("cover dice (seed: moonlit night +2D, half hidden +2D; published rest)", () => {
    expect(COVER_DICE.moonlit_night).toBe(2);
    expect(COVER_DICE.half_cover).toBe(2);
    expect(COVER_DICE).toMatchObject({
      light_smoke: 1,
      thick_smoke: 2,
      very_thick_smoke: 4,
      poor_light: 1,
      complete_darkness: 4,
      quarter_cover: 1,
      three_quarter_cover: 4,
      full_cover: null,
    });
  });
  it("scale table and both directions (000:L341–359)", () => {
    expect(SCALE_DICE).toEqual({ character: 0, speeder: 2, walker: 4, starfighter: 6, capital: 12, death_star: 24 });
    expect(scaleModifiers("character", "death_star")).toEqual({ attack: 24, dodge: 0, damage: 0, resist: 24 });
    expect(scaleModifiers("death_star", "character")).toEqual({ attack: 0, dodge: 24, damage: 24, resist: 0 });
    expect(scaleModifiers("walker", "walker")).toEqual({ attack: 0, dodge: 0, damage: 0, resist: 0 });
  });
  it("melee: brawling Very Easy, a weapon its own level", () => {
    expect(meleeDifficultyLevel({ brawling: true })).toBe("very_easy");
    expect(meleeDifficultyLevel({ weaponLevel: "moderate" })).toBe("moderate");
  });
  it("parries cover melee and brawling, not ranged; the A-12 option gives the attacker +10", () => {
    const parry = [{ skill: "brawling_parry" as const, total: 9, full: false }];
    expect(reactionDifficulty(12, "ranged", parry).difficulty).toBe(12);
    expect(reactionDifficulty(12, "melee", parry)).toMatchObject({ difficulty: 9, attackerBonus: 0 });
    expect(reactionDifficulty(12, "melee", parry, { brawlingParryVsWeaponPenalty: true }).attackerBonus).toBe(10);
  });
  it("surprise: equal or higher notices (000:L367); opposed ties go to the actor (A-7)", () => {
    expect(surpriseCheck([10], [10, 12])).toEqual({ noticed: [[true, false]], surprised: false });
    expect(surpriseCheck([9, 8], [10]).surprised).toBe(true);
    expect(opposedRoll(17, 17).actorWins).toBe(true);
  });
  it("object damage rows (§24; the published weapon values as the variant, A-18)", () => {
    expect([-1, 0, 3, 4, 8, 9, 12, 13, 15, 16].map((m) => objectDamage(10 + m, 10).status)).toEqual([
      "undamaged",
      "not_damaged",
      "not_damaged",
      "lightly_damaged",
      "lightly_damaged",
      "heavily_damaged",
      "heavily_damaged",
      "severely_damaged",
      "severely_damaged",
      "destroyed",
    ]);
    expect(objectDamage(19, 10, { weaponRule: "published" })).toMatchObject({
      weaponDamageLoss: 2,
      weaponDifficultyPlus: 10,
      usable: true,
    });
    expect(objectDamage(23, 10)).toMatchObject({ usable: false, repairable: true });
    expect(objectDamage(26, 10)).toMatchObject({ usable: false, repairable: false });
  });
});

describe("wounds (§23)", () => {
  it("stacking (§23.4, A-37)", () => {
    const cases: [WoundLevel, Parameters<typeof stackWound>[1], WoundLevel][] = [
      ["healthy", "stunned", "stunned"],
      ["wounded", "stunned", "wounded"],
      ["stunned", "wounded", "wounded"],
      ["wounded", "incapacitated", "incapacitated"],
      ["wounded_twice", "incapacitated", "incapacitated"],
      ["incapacitated", "wounded", "mortally_wounded"],
      ["incapacitated", "incapacitated", "mortally_wounded"],
      ["mortally_wounded", "wounded", "killed"],
      ["mortally_wounded", "stunned", "mortally_wounded"],
      ["healthy", "killed", "killed"],
      ["wounded_twice", "none", "wounded_twice"],
    ];
    for (const [cur, res, want] of cases) expect(stackWound(cur, res), `${cur}+${res}`).toBe(want);
    expect(stackWound("mortally_wounded", "wounded", { mortalPlusInjury: "mortally_wounded" })).toBe("mortally_wounded");
  });
  it("penalties: stunned −1D, wounded −1D, wounded twice −2D; incapacitated and worse cannot act", () => {
    expect((["healthy", "stunned", "wounded", "wounded_twice"] as const).map(woundPenaltyDice)).toEqual([0, 1, 1, 2]);
    expect((["wounded_twice", "incapacitated", "mortally_wounded", "killed"] as const).map(canAct)).toEqual([true, false, false, false]);
  });
  it("initiative: Perception with the wound penalty (000:L1043); ties re-roll; the highest Perception rolls", () => {
    expect(fmt(initiativeCode(c("3D+2"), "wounded"))).toBe("2D+2");
    expect(
      initiativeWinner([
        { side: "a", total: 12 },
        { side: "b", total: 12 },
      ]),
    ).toEqual({ winner: null, reroll: ["a", "b"] });
    const rollers = sideInitiativeRollers([
      { id: "x", side: "a", perception: c("3D+2") },
      { id: "y", side: "a", perception: c("4D") },
      { id: "z", side: "a", perception: c("3D+2") },
    ]);
    expect(rollers.map((r) => r.id)).toEqual(["y"]);
  });
  it("stun knock-out when stuns reach the Strength dice; hit location; serious injury", () => {
    expect(stunKnockout(2, c("3D+2"))).toBe(false);
    expect(stunKnockout(3, c("3D+2"))).toBe(true);
    expect([1, 2, 3, 5, 6].map((f) => rollHitLocation(forcedDice([f])).location)).toEqual([
      "head",
      "torso",
      "torso",
      "left_leg",
      "right_leg",
    ]);
    expect(rollHitLocation(forcedDice([4, 3])).location).toBe("left_arm");
    expect(rollHitLocation(forcedDice([4, 4])).location).toBe("right_arm");
    expect(seriousInjury("killed", "wounded_twice")).toEqual({ permanentInjury: true, state: "wounded_twice" });
    expect(seriousInjury("wounded")).toEqual({ permanentInjury: false, state: null });
  });
});

describe("healing (§25)", () => {
  it("rest times: 3 / 3 / 14 / 35 days; taking it easy doubles", () => {
    expect((["wounded", "wounded_twice", "incapacitated", "mortally_wounded"] as const).map((s) => naturalHealingRestDays(s))).toEqual([
      3, 3, 14, 35,
    ]);
    expect(naturalHealingRestDays("wounded", { takeItEasy: true })).toBe(6);
  });
  it("wounded twice 4 / 5 / 6 / 7; incapacitated 6 / 7 / 8 / 9; rolls below 2 are the worst row", () => {
    expect([4, 5, 6, 7].map((t) => naturalHealing("wounded_twice", t).state)).toEqual([
      "incapacitated",
      "wounded_twice",
      "wounded_twice",
      "wounded",
    ]);
    expect([6, 7, 8, 9].map((t) => naturalHealing("incapacitated", t).state)).toEqual([
      "mortally_wounded",
      "incapacitated",
      "incapacitated",
      "wounded_twice",
    ]);
    expect(naturalHealing("wounded", 0).state).toBe("wounded_twice");
  });
  it("medpac table, one level per success, 24 h bar after missing by more than 10", () => {
    expect(MEDPAC_DIFFICULTY).toEqual({
      stunned: "very_easy",
      unconscious: "very_easy",
      wounded: "easy",
      wounded_twice: "easy",
      incapacitated: "moderate",
      mortally_wounded: "moderate",
    });
    expect(medpacResult("mortally_wounded", 16, 16)).toEqual({ success: true, state: "incapacitated", blockedHours: 0 });
    expect(medpacResult("wounded", 8, 8).state).toBe("healthy");
    expect(medpacResult("incapacitated", 2, 12)).toEqual({ success: false, state: "incapacitated", blockedHours: 0 });
    expect(medpacResult("incapacitated", 1, 12)).toEqual({ success: false, state: "incapacitated", blockedHours: 24 });
  });
  it("bacta times: wounded 1D h, incapacitated 4D h, mortally wounded 1D days", () => {
    expect(BACTA_TIME).toEqual({
      wounded: { dice: 1, unit: "hours" },
      wounded_twice: { dice: 1, unit: "hours" },
      incapacitated: { dice: 4, unit: "hours" },
      mortally_wounded: { dice: 1, unit: "days" },
    });
  });
});

describe("movement and weapons (§26–31)", () => {
  it("falling damage by height", () => {
    expect(
      [2, 3, 6, 7, 12, 13, 18, 19, 30, 31, 50, 51].map((h) => {
        const d = fallingDamage(h);
        return d ? fmt(d) : null;
      }),
    ).toEqual([null, "2D", "2D", "3D", "3D", "4D", "4D", "5D", "5D", "7D", "7D", "9D"]);
  });
  it("collision damage of failures at all-out: minor fall 4D − 3D = 1D, serious fall 6D", () => {
    expect(fmt(failureDamage(movementFailure(12), "all_out")!)).toBe("1D");
    expect(fmt(failureDamage(movementFailure(21), "all_out")!)).toBe("6D");
    expect(failureDamage(movementFailure(5), "all_out")).toBeNull();
  });
  it("stamina rolls: every minute all-out, every 10 min running; Very Easy, then a level higher", () => {
    expect(staminaCheck("all_out", 1)).toEqual({ everyMinutes: 1, difficulty: { automatic: false, level: "very_easy", plus: 0 } });
    expect(staminaCheck("high", 3).difficulty.level).toBe("moderate");
    expect(unusualMove(10)).toBe(3);
  });
  it("ammo: spending past empty changes nothing and throws", () => {
    expect(spendAmmo(10, 3)).toBe(7);
    expect(() => spendAmmo(0)).toThrowError(expect.objectContaining({ code: "outOfRange" }));
  });
});

describe("the Force (§9)", () => {
  it("FP cap, return, and calling on the Dark Side", () => {
    expect(forcePointCap(false)).toBe(5);
    expect(forcePointCap(true)).toBe(Infinity);
    expect(forcePointReturn("evil")).toEqual({ returned: 0, darkSidePoints: 1 });
    expect(forcePointReturn("heroic_dramatic")).toEqual({ returned: 2, darkSidePoints: 0 });
    expect(callDarkSideDifficulty({ forceSensitive: true, toHarm: true }).difficulty.level).toBe("easy");
    expect(callDarkSideDifficulty({ forceSensitive: true, toHarm: false }).difficulty.level).toBe("difficult");
    expect(callDarkSideDifficulty({ forceSensitive: false, toHarm: false, earlierAttempts: 2 })).toMatchObject({
      difficulty: { level: "very_difficult" },
      plusNumber: 6,
    });
  });
});
