/**
 * The roll dialog's combat breakdown: every situational modifier to one combat test from plain data
 * (Advantage, the tester's Conditions, On the Defensive, the target's Conditions), listed by source
 * so the dialog can show and toggle each line.
 */
import type { ConditionCounts, ConditionTestContext } from "../conditions";
import { attackBonusAgainst, conditionTestModifier } from "../conditions";
import { requireObject } from "../../../core/guards";
import { advantageModifier } from "./advantage";
import { onTheDefensiveModifier, type TurnState } from "./turn";

export interface CombatTestSituation {
  /** The tester's Advantage (+10 each). */
  advantage: number;
  /** The tester's Conditions (their penalties, worst applies). */
  conditions?: ConditionCounts;
  /** What the test involves, for the Conditions that penalise only some tests. */
  context?: ConditionTestContext;
  /** For a defence: the defender's turn state and the skill defended with (On the Defensive +20). */
  defending?: { turn: Pick<TurnState, "onTheDefensive">; skill: string };
  /** For an attack: the target's Conditions and how the attack comes in (Prone/Surprised +20 in melee …). */
  attacking?: { targetConditions: ConditionCounts; melee: boolean; fromSideOrRear?: boolean };
}

export interface ModifierLine {
  source: "advantage" | "conditions" | "onTheDefensive" | "targetConditions";
  modifier: number;
}

/** The modifier lines (zeros omitted) and their total, to add to a combat test's `modifier`. */
export function combatTestModifiers(s: CombatTestSituation): { lines: ModifierLine[]; total: number } {
  requireObject("combat situation", s);
  const lines: ModifierLine[] = [
    { source: "advantage", modifier: advantageModifier(s.advantage) },
    { source: "conditions", modifier: conditionTestModifier(s.conditions ?? {}, s.context ?? {}) },
  ];
  if (s.defending !== undefined)
    lines.push({
      source: "onTheDefensive",
      modifier: onTheDefensiveModifier(requireObject("defending", s.defending).turn, s.defending.skill),
    });
  if (s.attacking !== undefined)
    lines.push({
      source: "targetConditions",
      modifier: attackBonusAgainst(requireObject("attacking", s.attacking).targetConditions, s.attacking),
    });
  const shown = lines.filter((l) => l.modifier !== 0);
  return { lines: shown, total: shown.reduce((a, l) => a + l.modifier, 0) };
}
