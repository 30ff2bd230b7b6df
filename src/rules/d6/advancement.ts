/**
 * D6 advancement in Character Points (Star Wars RPG 2nd ed. R&E, "Improving Skills" and "Improving
 * Attributes"). Every improvement is one pip at a time, and a pip costs a multiple of the number
 * before the D of the code being improved (from 3D+2 to 4D is one pip, and costs 3):
 *   - skill: 1 × the dice (a new skill starts from its attribute's code, so learning blaster at
 *     Dexterity 3D+1 costs 3 for 3D+2);
 *   - advanced skill: 2 × the dice;
 *   - specialization: ½ × the dice, rounded up (5D+2 → 6D costs 3);
 *   - attribute: 10 × the dice (2D+2 → 3D costs 20).
 * The rulebook's training time is not a cost and is left to the table: no training for a skill used
 * in the last adventure, otherwise two days per Character Point (half with a teacher; a Force skill
 * without a teacher costs double); an attribute takes a week per Character Point and the improvement
 * is then rolled against the species maximum. A GM may edit the multipliers (settings); the
 * functions take the table as an argument with the published one as the default.
 */
import { OmnibusError, describeValue } from "../../core/errors";
import { codeToPips, formatDieCode, pipsToCode, toDieCode, type DieCode } from "./dice-code";
import { costOf, requireTable, type Cost, type CostStep } from "../build-types";

export const D6_ADVANCE_KINDS = ["skill", "advancedSkill", "specialization", "attribute"] as const;
export type D6AdvanceKind = (typeof D6_ADVANCE_KINDS)[number];

/** Character Points per pip, as a multiple of the number before the D; `roundUp` for fractions. */
export interface D6AdvanceTable {
  skill: number;
  advancedSkill: number;
  specialization: number;
  attribute: number;
  /** A Force skill trained without a teacher (a multiplier on its skill cost). */
  forceWithoutTeacher: number;
}

/** The published R&E costs. */
export const D6_ADVANCE_COSTS: Readonly<D6AdvanceTable> = Object.freeze({
  skill: 1,
  advancedSkill: 2,
  specialization: 0.5,
  attribute: 10,
  forceWithoutTeacher: 2,
});

export function requireD6Kind(kind: unknown): D6AdvanceKind {
  if (typeof kind !== "string" || !(D6_ADVANCE_KINDS as readonly string[]).includes(kind)) {
    throw new OmnibusError("badArgument", `unknown trait kind "${describeValue(kind)}" (one of ${D6_ADVANCE_KINDS.join(", ")})`, {
      name: "kind",
      value: describeValue(kind),
    });
  }
  return kind as D6AdvanceKind;
}

/** The cost of one pip from `code` (one step). */
export function d6PipCost(
  kind: D6AdvanceKind,
  code: DieCode,
  table: D6AdvanceTable = D6_ADVANCE_COSTS,
  opts: { forceWithoutTeacher?: boolean } = {},
): number {
  requireTable("d6 advance table", table, D6_ADVANCE_COSTS);
  if (opts.forceWithoutTeacher && kind !== "skill") {
    throw new OmnibusError("badArgument", `training without a teacher doubles a Force skill's cost, not a ${kind}'s`, {
      name: "kind",
      value: kind,
    });
  }
  const dice = Math.max(0, pipsToCode(codeToPips(code)).dice);
  const raw = dice * table[requireD6Kind(kind)] * (opts.forceWithoutTeacher ? table.forceWithoutTeacher : 1);
  return Math.ceil(raw - 1e-9);
}

/**
 * Character Points to improve a trait from one code to a higher one, pip by pip (e.g. skill 4D → 4D+1
 * costs 4; a fresh skill is improved from its attribute's code).
 */
export function d6AdvanceCost(
  kind: D6AdvanceKind,
  from: string | DieCode,
  to: string | DieCode,
  table: D6AdvanceTable = D6_ADVANCE_COSTS,
  opts: { forceWithoutTeacher?: boolean } = {},
): Cost {
  requireD6Kind(kind);
  const a = codeToPips(toDieCode(from));
  const b = codeToPips(toDieCode(to));
  if (a < 0)
    throw new OmnibusError("badArgument", `the starting code must not be negative, got ${formatDieCode(pipsToCode(a))}`, { name: "from" });
  if (b < a)
    throw new OmnibusError("badArgument", `an advance goes up: ${formatDieCode(pipsToCode(b))} is below ${formatDieCode(pipsToCode(a))}`, {
      name: "to",
    });
  if (b - a > 3 * 200) throw new OmnibusError("badArgument", "at most 200D of improvement at once", { name: "to" });
  const steps: CostStep[] = [];
  for (let p = a; p < b; p++) {
    steps.push({
      from: formatDieCode(pipsToCode(p)),
      to: formatDieCode(pipsToCode(p + 1)),
      cost: d6PipCost(kind, pipsToCode(p), table, opts),
    });
  }
  return costOf(steps);
}
