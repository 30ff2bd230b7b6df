/** An attack end to end: modifiers, opposed defense, damage (digest §5.2, §10-12). */
import { describe, expect, it } from "vitest";
import { forcedDice } from "../../../src/core/dice";
import { OmnibusError } from "../../../src/core/errors";
import { attackModifier, burst, defenseModifier, planTurn, resolveAttack, rollCheck, surpriseAttack } from "../../../src/rules/silhouette";

describe("an attack from modifiers to damage", () => {
  it("E13 (004:L29-37): attacker walking −1, defender running +2 vs melee — 5 vs 6 misses", () => {
    const attack = rollCheck({ dice: 2, modifier: 1 + attackModifier({ movement: "walking" }) }, forcedDice([5, 3]));
    const defense = rollCheck({ dice: 1, modifier: defenseModifier({ movement: "running", attack: "melee" }) }, forcedDice([4]));
    expect([attack.total, defense.total]).toEqual([5, 6]);
    expect(resolveAttack(attack, { defenseTotal: defense.total }, { damageMultiplier: 10 })).toEqual({
      threshold: 6,
      opposed: true,
      margin: -1,
      hit: false,
      degreeOfSuccess: 0,
      damage: 0,
    });
  });
  it("a tie with the defense misses (004:L91); MoS × damage multiplier on a hit (§12)", () => {
    expect(resolveAttack({ total: 6 }, { defenseTotal: 6 }, { damageMultiplier: 10 }).hit).toBe(false);
    expect(resolveAttack({ total: 8 }, { defenseTotal: 5 }, { damageMultiplier: 10 })).toMatchObject({ hit: true, margin: 3, damage: 30 });
  });
  it("E46 (004:L99): a ROF 3 burst adds 3 to the Degree of Success and −1 to the roll", () => {
    const b = burst(3);
    const attack = rollCheck({ dice: 3, modifier: b.skillModifier }, forcedDice([6, 4, 2]));
    expect(attack.total).toBe(5);
    expect(resolveAttack(attack, { defenseTotal: 4 }, { damageMultiplier: 6, burstRof: b.marginBonus })).toMatchObject({
      margin: 1,
      damage: (1 + 3) * 6,
    });
  });
  it("E1 (004:L5): the second pistol shot carries the multi-action −1 into the attack modifier", () => {
    const penalty = planTurn([{ type: "standard" }, { type: "standard" }]).actions[1].modifier;
    expect(attackModifier({ multiAction: penalty, movement: "stationary" })).toBe(-1);
  });
  it("E36 (004:L71): the third attacker of the round meets Defense −2; a free strike none (004:L19)", () => {
    expect(defenseModifier({ attack: "melee", attackerIndex: 3 })).toBe(-2);
    expect(defenseModifier({ attack: "melee", attackerIndex: 3, freeStrike: true })).toBe(0);
    expect(defenseModifier({ attack: "ranged", movement: "prone", attackerIndex: 2 })).toBe(0); // +1 − 1
    expect(defenseModifier({ attack: "melee", attackerIndex: 3, defendingAgainstSeveral: true })).toBe(0);
  });
  it("E43 (004:L89): an unaware target — the lower skill vs 1 + its defense modifiers; a tie hits", () => {
    const s = surpriseAttack(3, 1, defenseModifier({ attack: "melee", movement: "jogging" }));
    expect(s).toEqual({ dice: 1, difficulty: 2 });
    const roll = rollCheck({ dice: s.dice }, forcedDice([2]));
    expect(resolveAttack(roll, { difficulty: s.difficulty }, { damageMultiplier: 5 })).toMatchObject({
      opposed: false,
      hit: true,
      margin: 0,
      damage: 0,
    });
  });
  it("no actions while sprinting or climbing (004:L36-37)", () => {
    expect(() => attackModifier({ movement: "sprinting" })).toThrow(OmnibusError);
    expect(() => attackModifier({ movement: "climbing" })).toThrow(OmnibusError);
  });
});
