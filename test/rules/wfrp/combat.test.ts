// Combat rules the seed stops before (003:L159, L341, L349), checked against the numbers the digest
// gives as published 4e (rules/wfrp.md §7 items 7, 16-18, 20-21) and public 4e reference sheets.
import { describe, expect, it } from "vitest";
import { forcedDice } from "../../../src/core/dice";
import { OmnibusError } from "../../../src/core/errors";
import {
  addCondition,
  advantageAfter,
  advantageAfterOpposed,
  advantageAfterRedecided,
  advantageModifier,
  applyDamage,
  armourAt,
  attackBonusAgainst,
  canMove,
  combatTestModifiers,
  conditionTestModifier,
  diesFromCriticals,
  endOfRound,
  goOnTheDefensive,
  hitLocation,
  maxWounds,
  nextRoundStep,
  onTheDefensiveModifier,
  rangeBand,
  rangedAttackSpec,
  removeCondition,
  resolveAttack,
  rollAmbush,
  rollAttack,
  rollInitiative,
  runDistance,
  startTurn,
  turnAllowance,
  useAction,
  useMove,
  walkDistance,
  type Weapon,
} from "../../../src/rules/wfrp";

const handWeapon: Weapon = { kind: "melee", damage: 4, addsStrengthBonus: true };

describe("hit location from the reversed roll (digest §7 item 21; table 01–09 head … 90–00 right leg)", () => {
  it("table boundaries read on the reversed roll", () => {
    // attack roll → reversed → location
    expect(hitLocation(90)).toBe("head"); // 09
    expect(hitLocation(1)).toBe("leftArm"); // 10
    expect(hitLocation(42)).toBe("leftArm"); // 24
    expect(hitLocation(52)).toBe("rightArm"); // 25
    expect(hitLocation(44)).toBe("rightArm"); // 44
    expect(hitLocation(54)).toBe("body"); // 45
    expect(hitLocation(97)).toBe("body"); // 79
    expect(hitLocation(8)).toBe("leftLeg"); // 80
    expect(hitLocation(98)).toBe("leftLeg"); // 89
    expect(hitLocation(9)).toBe("rightLeg"); // 90
    expect(hitLocation(100)).toBe("rightLeg"); // 00
  });
});

describe("melee attack: opposed, damage = weapon + SL margin − TB − AP (digest §7 item 21)", () => {
  it("WS 45 rolls 13 (+3), defender Melee 40 rolls 27 (+2): hit by 1; hand weapon SB 3 + 4 + 1 = 8", () => {
    const r = resolveAttack({ attacker: { value: 45 }, defender: { value: 40 }, weapon: handWeapon, attackerStrengthBonus: 3 }, 13, 27);
    expect(r).toMatchObject({ hit: true, winner: "attacker", margin: 1, damage: 8, location: "rightArm" }); // 13 reversed is 31: right arm
  });
  it("the defender winning means no hit and no damage", () => {
    const r = resolveAttack({ attacker: { value: 30 }, defender: { value: 50 }, weapon: handWeapon, attackerStrengthBonus: 3 }, 28, 10);
    expect(r).toMatchObject({ hit: false, winner: "defender", damage: null, location: null });
  });
  it("a hit on a double is a Critical; a failed attack on a double a Fumble (combat always counts doubles)", () => {
    const crit = resolveAttack({ attacker: { value: 60 }, defender: { value: 30 }, weapon: handWeapon, attackerStrengthBonus: 3 }, 33, 50);
    expect(crit).toMatchObject({ hit: true, critical: true, fumble: false });
    const fumble = resolveAttack(
      { attacker: { value: 30 }, defender: { value: 30 }, weapon: handWeapon, attackerStrengthBonus: 3 },
      66,
      50,
    );
    expect(fumble).toMatchObject({ hit: false, fumble: true });
  });
  it("unopposed (a Surprised defender): a success hits with the attacker's own SL", () => {
    const r = resolveAttack({ attacker: { value: 45 }, defender: null, weapon: handWeapon, attackerStrengthBonus: 3 }, 21, null);
    expect(r).toMatchObject({ hit: true, margin: 2, damage: 9 });
  });
  it("Damaging uses the units die when higher than the SL; Impact adds it (units 0 reads 10)", () => {
    const w: Weapon = { kind: "melee", damage: 5, addsStrengthBonus: true, qualities: ["damaging"] };
    const r = resolveAttack({ attacker: { value: 45 }, defender: null, weapon: w, attackerStrengthBonus: 3 }, 37, null);
    expect(r.damage).toBe(3 + 5 + 7); // SL 1 < units 7
    const i: Weapon = { kind: "melee", damage: 5, addsStrengthBonus: true, qualities: ["impact"] };
    expect(resolveAttack({ attacker: { value: 45 }, defender: null, weapon: i, attackerStrengthBonus: 3 }, 40, null).damage).toBe(
      3 + 5 + 0 + 10,
    );
  });
  it("dice order: attacker's face, then defender's", () => {
    const dice = forcedDice([13, 27]);
    expect(
      rollAttack(dice, { attacker: { value: 45 }, defender: { value: 40 }, weapon: handWeapon, attackerStrengthBonus: 3 }).margin,
    ).toBe(1);
    dice.assertExhausted();
  });
});

describe("ranged: range bands (published 4e: Point Blank ≤ R/10 Easy … Extreme ≤ 3R Very Hard)", () => {
  it("a Range 50 weapon: 5 pb, 25 short, 50 normal, 100 long, 150 extreme, beyond none", () => {
    expect([0, 5, 6, 25, 26, 50, 51, 100, 101, 150, 151].map((d) => rangeBand(50, d))).toEqual([
      "point_blank",
      "point_blank",
      "short",
      "short",
      "normal",
      "normal",
      "long",
      "long",
      "extreme",
      "extreme",
      null,
    ]);
  });
  it("the band's difficulty replaces the spec's; beyond Extreme is outOfRange", () => {
    const bow: Weapon = { kind: "ranged", damage: 4, addsStrengthBonus: false, range: 50 };
    expect(rangedAttackSpec({ value: 40, difficulty: "hard" }, bow, 3).spec.difficulty).toBe("easy");
    expect(rangedAttackSpec({ value: 40 }, bow, 120).spec.difficulty).toBe("very_hard");
    expect(() => rangedAttackSpec({ value: 40 }, bow, 151)).toThrowError(OmnibusError);
  });
});

describe("Wounds and damage (published 4e)", () => {
  it("a human SB 3, TB 3, WPB 3: 3 + 6 + 3 = 12 Wounds; Hardy once +3; a halfling (small) 2×TB + WPB = 9", () => {
    expect(maxWounds({ strengthBonus: 3, toughnessBonus: 3, willpowerBonus: 3 })).toBe(12);
    expect(maxWounds({ strengthBonus: 3, toughnessBonus: 3, willpowerBonus: 3, hardy: 1 })).toBe(15);
    expect(maxWounds({ strengthBonus: 3, toughnessBonus: 3, willpowerBonus: 3, size: "small" })).toBe(9);
    expect(maxWounds({ strengthBonus: 3, toughnessBonus: 3, willpowerBonus: 3, size: "large" })).toBe(24);
  });
  it("damage 8 − TB 3 − AP 1 = 4 Wounds lost", () => {
    expect(applyDamage({ damage: 8, wounds: 12, toughnessBonus: 3, armourPoints: 1 })).toMatchObject({
      woundsLost: 4,
      wounds: 8,
      reducedToZero: false,
    });
  });
  it("at least 1 Wound; Undamaging doubles AP and has no minimum", () => {
    expect(applyDamage({ damage: 3, wounds: 12, toughnessBonus: 3, armourPoints: 2 })).toMatchObject({
      woundsLost: 1,
      minimumApplied: true,
    });
    expect(applyDamage({ damage: 6, wounds: 12, toughnessBonus: 3, armourPoints: 2, undamaging: true })).toMatchObject({ woundsLost: 0 });
  });
  it("a hit that takes the target to 0 Wounds is a Critical Wound (digest §7 item 7)", () => {
    expect(applyDamage({ damage: 10, wounds: 4, toughnessBonus: 3, armourPoints: 0 })).toMatchObject({
      woundsLost: 4,
      wounds: 0,
      reducedToZero: true,
    });
  });
  it("armour by location; Penetrating ignores non-metal and 1 AP of metal", () => {
    const armour = [
      { locations: ["body", "leftArm", "rightArm"] as const, armourPoints: 1 },
      { locations: ["body"] as const, armourPoints: 2, metal: true },
    ];
    expect(armourAt(armour, "body")).toBe(3);
    expect(armourAt(armour, "head")).toBe(0);
    expect(armourAt(armour, "body", { penetrating: true })).toBe(1);
  });
  it("more Critical Wounds than TB kills", () => {
    expect(diesFromCriticals(3, 3)).toBe(false);
    expect(diesFromCriticals(4, 3)).toBe(true);
  });
});

describe("Conditions (digest §7 item 16; published 4e)", () => {
  it("Surprised: no Action, no Move, no defence; melee attackers +20 (digest §7 item 16)", () => {
    expect(turnAllowance({ surprised: 1 })).toEqual({ action: false, move: "none", canDefend: false, mustFlee: false });
    expect(attackBonusAgainst({ surprised: 1 }, { melee: true })).toBe(20);
    expect(attackBonusAgainst({ surprised: 1 }, { melee: false })).toBe(0);
  });
  it("Surprised does not stack; a Resolve point removes it (003:L319)", () => {
    const c = addCondition(addCondition({}, "surprised"), "surprised");
    expect(c).toEqual({ surprised: 1 });
    expect(removeCondition(c, "surprised")).toEqual({});
  });
  it("Fatigued ×2 → −20; Prone −20 on movement tests; different Conditions do not stack (worst applies)", () => {
    expect(conditionTestModifier({ fatigued: 2 })).toBe(-20);
    expect(conditionTestModifier({ fatigued: 1, prone: 1 }, { movement: true })).toBe(-20);
    expect(conditionTestModifier({ fatigued: 1, prone: 1 }, { movement: true }, true)).toBe(-30);
    expect(conditionTestModifier({ blinded: 1 })).toBe(0);
    expect(conditionTestModifier({ blinded: 1 }, { sight: true })).toBe(-10);
  });
  it("end of round: Bleeding 2 at 1 Wound → 0, Unconscious, 20 % death chance; Surprised left to its timer", () => {
    // Surprised lasts the first round (003:L269, L325): the timer ends it when round 2 begins, so
    // the end-of-round step must keep it (a combatant surprised in round 1 is still so at its end).
    const r = endOfRound(forcedDice([]), { conditions: { bleeding: 2, surprised: 1 }, wounds: 1, toughnessBonus: 3 });
    expect(r).toMatchObject({ wounds: 0, bleedingDeathChance: 20, ablazeRoll: null });
    expect(r.conditions).toEqual({ bleeding: 2, surprised: 1, unconscious: 1 });
  });
  it("end of round: Surprised alone comes through unchanged, no Wounds lost", () => {
    const r = endOfRound(forcedDice([]), { conditions: { surprised: 1 }, wounds: 7, toughnessBonus: 3 });
    expect(r).toMatchObject({ wounds: 7, woundsLost: { ablaze: 0, bleeding: 0, poisoned: 0 }, bleedingDeathChance: 0 });
    expect(r.conditions).toEqual({ surprised: 1 });
  });
  it("end of round: Ablaze ×2, d10 = 7, TB 3, AP 1 → 7 + 1 − 4 = 4; minimum 1", () => {
    expect(endOfRound(forcedDice([7]), { conditions: { ablaze: 2 }, wounds: 10, toughnessBonus: 3, armourPoints: 1 })).toMatchObject({
      wounds: 6,
      woundsLost: { ablaze: 4 },
    });
    expect(
      endOfRound(forcedDice([1]), { conditions: { ablaze: 1 }, wounds: 10, toughnessBonus: 5, armourPoints: 2 }).woundsLost.ablaze,
    ).toBe(1);
  });
});

describe("Advantage (003:L341; digest §7 item 18)", () => {
  it("a charge gives +1 (003:L341); +10 per point", () => {
    expect(advantageAfter(0, "charge")).toBe(1);
    expect(advantageModifier(3)).toBe(30);
  });
  it("the opposed winner gains 1, the loser loses all; a cap limits gains", () => {
    expect(advantageAfterOpposed(2, 3, "attacker")).toEqual({ attacker: 3, defender: 0 });
    expect(advantageAfter(3, "wonOpposed", 3)).toBe(3);
    expect(advantageAfter(4, "sufferedWound")).toBe(0);
  });
  it("a re-roll that turns the winner (003:L72): 2 vs 3 won by the attacker (3 / 0) becomes the defender's win (0 / 4)", () => {
    expect(advantageAfterRedecided({ attacker: 2, defender: 3 }, "attacker", "defender", { attacker: 3, defender: 0 })).toEqual({
      attacker: 0,
      defender: 4,
    });
    // The same winner: nothing to change.
    expect(advantageAfterRedecided({ attacker: 2, defender: 3 }, "attacker", "attacker", { attacker: 3, defender: 0 })).toBeNull();
    // A stalemate re-rolled into a win: the loser loses all, the winner gains 1.
    expect(advantageAfterRedecided({ attacker: 2, defender: 3 }, null, "attacker", { attacker: 2, defender: 3 })).toEqual({
      attacker: 3,
      defender: 0,
    });
  });
  it("what changed since is kept, never below 0, never above the cap", () => {
    // The attacker gained 2 more elsewhere (3 → 5): the re-roll takes back only this test's +1 and the reset.
    expect(advantageAfterRedecided({ attacker: 2, defender: 3 }, "attacker", "defender", { attacker: 5, defender: 1 })).toEqual({
      attacker: 2,
      defender: 5,
    });
    expect(advantageAfterRedecided({ attacker: 0, defender: 2 }, "attacker", "defender", { attacker: 0, defender: 0 })).toEqual({
      attacker: 0,
      defender: 3,
    });
    expect(
      advantageAfterRedecided({ attacker: 2, defender: 3 }, "attacker", "defender", { attacker: 3, defender: 2 }, { defender: 3 }),
    ).toEqual({ attacker: 0, defender: 3 });
  });
});

describe("turns, rounds, movement, On the Defensive (003:L261-277, L333, L337-341, L359-361)", () => {
  it("a turn is one Move and one Action; neither twice", () => {
    let t = startTurn();
    t = useMove(useAction(t));
    expect(() => useAction(t)).toThrowError(OmnibusError);
    expect(() => useMove(t)).toThrowError(OmnibusError);
  });
  it("round steps cycle back to the round start (003:L277)", () => {
    expect(nextRoundStep("surprise")).toBe("roundStart");
    expect(nextRoundStep("roundEnd")).toBe("roundStart");
  });
  it("On the Defensive takes the Action and gives +20 to defensive tests with the chosen skill", () => {
    const t = goOnTheDefensive(startTurn(), "dodge");
    expect(t.actionAvailable).toBe(false);
    expect(onTheDefensiveModifier(t, "dodge")).toBe(20);
    expect(onTheDefensiveModifier(t, "melee")).toBe(0);
  });
  it("Movement 4: walk 8, run/charge 16 yards; no charge when engaged (003:L341)", () => {
    expect(walkDistance(4)).toBe(8);
    expect(runDistance(4)).toBe(16);
    expect(canMove("charge", 4, 12)).toBe(true);
    expect(canMove("charge", 4, 12, { engaged: true })).toBe(false);
    expect(canMove("walk", 4, 9)).toBe(false);
  });
  it("an ambush: the lowest Stealth opposes each observer; losers are Surprised (003:L315)", () => {
    const dice = forcedDice([20, 60, 20, 10]);
    const r = rollAmbush(
      dice,
      [45, 38],
      [
        { id: "tollich", perception: 41 },
        { id: "perdita", perception: 50 },
      ],
    );
    expect(r.stealth).toBe(38);
    expect(r.observers.map((o) => o.surprised)).toEqual([true, false]);
    dice.assertExhausted();
  });
});

describe("initiative modes (003:L285-295)", () => {
  const party = [
    { id: "a", initiative: 41, agility: 34 },
    { id: "b", initiative: 30, agility: 50 },
  ];
  it("1d10 + Initiative: d10 2 and 9 → 43 and 39", () => {
    expect(rollInitiative(forcedDice([2, 9]), party, "d10_plus_initiative").map((e) => [e.id, e.score])).toEqual([
      ["a", 43],
      ["b", 39],
    ]);
  });
  it("Initiative test by SL: a rolls 41 (+0), b rolls 10 (+2) → b first", () => {
    expect(rollInitiative(forcedDice([41, 10]), party, "test").map((e) => [e.id, e.score])).toEqual([
      ["b", 2],
      ["a", 0],
    ]);
  });
  it("a tie in score goes to the higher Agility (003:L281)", () => {
    const tied = rollInitiative(forcedDice([]), [
      { id: "low", initiative: 32, agility: 31 },
      { id: "high", initiative: 32, agility: 33 },
    ]);
    expect(tied.map((e) => e.id)).toEqual(["high", "low"]);
    expect(tied[0].trackerValue).toBeGreaterThan(tied[1].trackerValue);
  });
});

describe("combat test modifiers for the roll dialog", () => {
  it("Advantage 2 (+20), Fatigued (−10), attacking a Prone target in melee (+20) → +30", () => {
    expect(
      combatTestModifiers({ advantage: 2, conditions: { fatigued: 1 }, attacking: { targetConditions: { prone: 1 }, melee: true } }),
    ).toEqual({
      lines: [
        { source: "advantage", modifier: 20 },
        { source: "conditions", modifier: -10 },
        { source: "targetConditions", modifier: 20 },
      ],
      total: 30,
    });
  });
  it("a Dodge On the Defensive with Dodge: +20 (003:L361)", () => {
    expect(combatTestModifiers({ advantage: 0, defending: { turn: { onTheDefensive: "dodge" }, skill: "dodge" } }).total).toBe(20);
  });
});
