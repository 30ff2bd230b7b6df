/**
 * Storytelling experience costs (World of Darkness rulebook, 2004, "Experience Costs"): each new dot
 * costs the new rating times the trait's multiplier — Attribute ×5, Skill ×3, Merit ×2, Morality ×3 —
 * and a Skill Specialty costs a flat 3 (Willpower dots are restored, not bought: not here). So
 * Strength 2 → 3 costs 15 and 2 → 4 costs 15 + 20. A GM may edit the multipliers (settings); the
 * functions take the table as an argument, the published one by default.
 */
import { OmnibusError, describeValue, requireInt } from "../../core/errors";
import { costOf, requireTable, type Cost, type CostStep } from "../build-types";

export const STORYTELLING_ADVANCE_KINDS = ["attribute", "skill", "specialty", "merit", "morality"] as const;
export type StorytellingAdvanceKind = (typeof STORYTELLING_ADVANCE_KINDS)[number];

export interface StorytellingAdvanceTable {
  attribute: number;
  skill: number;
  /** Flat experience per Specialty. */
  specialty: number;
  merit: number;
  morality: number;
}

export const STORYTELLING_ADVANCE_COSTS: Readonly<StorytellingAdvanceTable> = Object.freeze({
  attribute: 5,
  skill: 3,
  specialty: 3,
  merit: 2,
  morality: 3,
});

const MAX = { attribute: 10, skill: 10, specialty: 99, merit: 10, morality: 10 } as const;

export function requireStorytellingKind(kind: unknown): StorytellingAdvanceKind {
  if (typeof kind !== "string" || !(STORYTELLING_ADVANCE_KINDS as readonly string[]).includes(kind)) {
    throw new OmnibusError("badArgument", `unknown trait kind "${describeValue(kind)}" (one of ${STORYTELLING_ADVANCE_KINDS.join(", ")})`, {
      name: "kind",
      value: describeValue(kind),
    });
  }
  return kind as StorytellingAdvanceKind;
}

/**
 * Experience to raise a trait from `from` dots to `to` dots (for `specialty`: from one count of
 * Specialties to another, each costing the flat rate).
 */
export function storytellingAdvanceCost(
  kind: StorytellingAdvanceKind,
  from: number,
  to: number,
  table: StorytellingAdvanceTable = STORYTELLING_ADVANCE_COSTS,
): Cost {
  requireStorytellingKind(kind);
  requireTable("storytelling advance table", table, STORYTELLING_ADVANCE_COSTS);
  requireInt("from", from, 0, MAX[kind]);
  requireInt("to", to, 0, MAX[kind]);
  if (to < from) throw new OmnibusError("badArgument", `an advance goes up: ${to} is below ${from}`, { name: "to" });
  const steps: CostStep[] = [];
  for (let d = from; d < to; d++) steps.push({ from: d, to: d + 1, cost: kind === "specialty" ? table.specialty : (d + 1) * table[kind] });
  return costOf(steps);
}
