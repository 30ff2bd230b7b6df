/**
 * The steps of a WFRP test, from its stored d100 (003:L42–46, L60, L130–142): the target and what
 * it is made of, the roll against it, the Success Levels, automatic results, criticals.
 */
import { step, type ExplainStep } from "../../core/explain";
import { tens } from "./d100";
import { DIFFICULTY_MODIFIERS } from "./difficulty";
import type { TestResult, TestSpec } from "./test";
import type { OpposedOptions, OpposedResult } from "./opposed";
import { reverseRoll } from "./d100";
import { unitsDieValue, type AttackInput, type AttackResult } from "./combat/attack";
import { hasFlaw, hasQuality, weaponDamage, weaponTestAdjustments } from "./combat/weapons";

export function explainTest(r: TestResult, spec: TestSpec): ExplainStep[] {
  const difficulty = spec.difficulty ? DIFFICULTY_MODIFIERS[spec.difficulty] : 0;
  const modifier = spec.modifier ?? 0;
  const steps: ExplainStep[] = [];
  if (difficulty || modifier) steps.push(step("wfrp.target", { value: spec.value, difficulty, modifier, target: r.target }));
  if (r.auto) steps.push(step(r.auto === "success" ? "wfrp.autoSuccess" : "wfrp.autoFailure", { roll: r.roll }));
  else steps.push(step(r.success ? "wfrp.rollUnder" : "wfrp.rollOver", { roll: r.roll, target: r.target }));
  const base = tens(r.target) - tens(r.roll);
  if (base === r.sl) steps.push(step("wfrp.sl", { targetTens: tens(r.target), rollTens: tens(r.roll), sl: r.slLabel }));
  else steps.push(step("wfrp.slAdjusted", { base, sl: r.slLabel }));
  if (r.critical) steps.push(step("wfrp.critical", { roll: r.roll }));
  if (r.fumble) steps.push(step("wfrp.fumble", { roll: r.roll }));
  return steps;
}

/** The names each side goes by in the steps (the actors' names on a card, "attacker"/"defender" in the CLI). */
export interface SideNames {
  attacker: string;
  defender: string;
}

/**
 * Who won an opposed test and why (003:L189–199): the higher SL, or on equal SL the higher tested
 * value (or modified target, per the setting), or nobody; after re-rolls of a full tie, how many.
 */
export function explainDecision(r: OpposedResult, tieValues: { attacker: number; defender: number }, names: SideNames): ExplainStep[] {
  const steps: ExplainStep[] = [];
  if (r.rerolls) steps.push(step("wfrp.rerolled", { count: r.rerolls }));
  const winner = r.winner === "attacker" ? names.attacker : r.winner === "defender" ? names.defender : "";
  if (r.decidedBy === "sl")
    steps.push(step("wfrp.opposedSL", { winner, attackerSL: r.attacker.slLabel, defenderSL: r.defender.slLabel, margin: r.margin }));
  else if (r.decidedBy === "tieBreak")
    steps.push(step("wfrp.opposedTieBreak", { winner, attackerValue: tieValues.attacker, defenderValue: tieValues.defender }));
  else steps.push(step("wfrp.opposedStalemate", { sl: r.attacker.slLabel, value: tieValues.attacker }));
  return steps;
}

/** The value each side's SL tie is broken on: the tested value, or the modified target (003:L191, a setting). */
export function tieValues(
  r: Pick<OpposedResult, "attacker" | "defender">,
  a: TestSpec,
  d: TestSpec,
  o: Partial<OpposedOptions> = {},
): { attacker: number; defender: number } {
  const byTarget = o.tieBreak === "target";
  return { attacker: byTarget ? r.attacker.target : a.value, defender: byTarget ? r.defender.target : d.value };
}

/** An opposed test step by step: each side's test, named, then the decision. */
export function explainOpposed(
  r: OpposedResult,
  a: TestSpec,
  d: TestSpec,
  names: SideNames,
  o: Partial<OpposedOptions> = {},
): ExplainStep[] {
  return [
    step("wfrp.side", { name: names.attacker }),
    ...explainTest(r.attacker, a),
    step("wfrp.side", { name: names.defender }),
    ...explainTest(r.defender, d),
    ...explainDecision(r, tieValues(r, a, d, o), names),
  ];
}

/**
 * An attack step by step: the attacker's test (with the weapon's own modifier), the defence if there
 * was one and who won, then on a hit the location from the reversed roll and the Damage: weapon
 * Damage (+SB) plus the SL margin, or the units die where Damaging or Impact apply.
 */
export function explainAttack(
  r: AttackResult,
  input: Pick<AttackInput, "attacker" | "defender" | "weapon" | "attackerStrengthBonus" | "charging">,
  names: SideNames,
  o: Partial<OpposedOptions> = {},
  rerolls = 0,
): ExplainStep[] {
  const attacker = { ...input.attacker, modifier: (input.attacker.modifier ?? 0) + weaponTestAdjustments(input.weapon).modifier };
  const steps: ExplainStep[] = [];
  if (r.defence && input.defender) {
    const opposed = {
      attacker: r.attack,
      defender: r.defence,
      winner: r.winner,
      margin: r.margin,
      decidedBy: r.winner === null ? "tie" : r.attack.sl !== r.defence.sl ? "sl" : "tieBreak",
      rerolls,
    } as OpposedResult;
    steps.push(...explainOpposed({ ...opposed, margin: Math.abs(r.attack.sl - r.defence.sl) }, attacker, input.defender, names, o));
  } else {
    steps.push(...explainTest(r.attack, attacker));
  }
  if (r.hit && r.damage !== null) {
    steps.push(step("wfrp.hitLocation", { roll: r.attack.roll, reversed: reverseRoll(r.attack.roll) }));
    const weapon = weaponDamage(input.weapon, input.attackerStrengthBonus);
    const powered = !hasFlaw(input.weapon, "tiring") || input.charging === true;
    const units = unitsDieValue(r.attack.roll);
    if (powered && hasQuality(input.weapon, "damaging") && units > r.margin) steps.push(step("wfrp.damaging", { units, sl: r.margin }));
    const sl = powered && hasQuality(input.weapon, "damaging") ? Math.max(r.margin, units) : r.margin;
    if (powered && hasQuality(input.weapon, "impact")) steps.push(step("wfrp.damageImpact", { weapon, sl, units, damage: r.damage }));
    else steps.push(step("wfrp.damage", { weapon, sl, damage: r.damage }));
  }
  return steps;
}
