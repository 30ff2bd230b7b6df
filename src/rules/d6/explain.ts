/**
 * The steps of a d6 roll, from its stored dice (digest §1, A-1; 000:L517, L795–805): regular dice,
 * the Wild Die and its explosions, Character Point dice, pips, a Wild Die 1, the total, the
 * difficulty.
 */
import { step, sumOf, type ExplainStep } from "../../core/explain";
import { formatDieCode, type DieCode } from "./dice-code";
import type { D6CheckResult, D6RollResult } from "./roll";
import { DAMAGE_TABLE, type WoundLevel } from "./damage";
import { NATURAL_HEALING } from "./healing";

export function explainD6Check(r: D6CheckResult): ExplainStep[] {
  const steps: ExplainStep[] = [step("d6.code", { code: formatDieCode(r.code) })];
  if (r.dice.length) steps.push(step("d6.regularDice", { faces: r.dice.join(", "), sum: sumOf(r.dice) }));
  if (r.wild.length === 1) steps.push(step("d6.wildDie", { face: r.wild[0] }));
  if (r.wild.length > 1) steps.push(step("d6.wildDieExploded", { faces: r.wild.join(", "), sixes: r.wild.length - 1, sum: sumOf(r.wild) }));
  r.cp.forEach((faces, i) => steps.push(step("d6.characterPointDie", { index: i + 1, faces: faces.join(", "), sum: sumOf(faces) })));
  if (r.pips) steps.push(step("d6.pips", { pips: r.pips }));
  if (r.wildOne) {
    if (r.removed.length) steps.push(step("d6.wildOneRemoved", { removed: r.removed.join(", "), minus: sumOf(r.removed) }));
    else if (r.complication) steps.push(step("d6.wildOneComplication"));
    else steps.push(step("d6.wildOneCounts"));
  }
  steps.push(step("d6.total", { total: r.total }));
  if (r.difficulty !== null && r.margin !== null) {
    steps.push(step(r.success ? "d6.success" : "d6.failure", { total: r.total, difficulty: r.difficulty, margin: r.margin }));
  }
  return steps;
}

/** One target of a damage roll: its resistance roll and the damage total it faces. */
export interface DamageExplainTarget {
  name: string;
  damageTotal: number;
  resist: D6RollResult;
  /** Stun damage and vehicles read other tables: only the difference is stated for them. */
  stun: boolean;
  vehicle: boolean;
}

/** The row of the Character Damage Table a difference falls on (§23.3): "0–3", "16+" or below 0. */
export function damageRow(margin: number): ExplainStep {
  if (margin < 0) return step("d6.damageRowNone", { margin });
  const i = DAMAGE_TABLE.findIndex((row) => margin >= row.minMargin);
  const from = DAMAGE_TABLE[i].minMargin;
  return i === 0
    ? step("d6.damageRowTop", { margin, from })
    : step("d6.damageRow", { margin, from, to: DAMAGE_TABLE[i - 1].minMargin - 1 });
}

/**
 * A damage card step by step (000:L417–L433, §23): the damage roll, then per target its resistance
 * roll, damage − resistance, and for a character hit by normal damage the row of the damage table.
 */
export function explainDamage(damage: D6RollResult | null, targets: readonly DamageExplainTarget[]): ExplainStep[] {
  const steps: ExplainStep[] = damage ? explainD6Check({ ...damage, difficulty: null, success: null, margin: null }) : [];
  for (const t of targets) {
    steps.push(step("d6.resistBy", { name: t.name }), ...explainD6Check({ ...t.resist, difficulty: null, success: null, margin: null }));
    const margin = t.damageTotal - t.resist.total;
    steps.push(step("d6.damageVsResist", { name: t.name, damage: t.damageTotal, resist: t.resist.total, margin }));
    if (!t.stun && !t.vehicle) steps.push(damageRow(margin));
  }
  return steps;
}

/** One side's initiative rolls (every total it rolled, a tie re-rolled, 000:L1041). */
export interface InitiativeSideExplain {
  /** The side's name, as the card shows it. */
  side: string;
  roller: string;
  code: DieCode;
  totals: readonly number[];
}

/**
 * Initiative by side step by step (000:L1037–1041): each side's roller and total, each tie for the
 * highest total rolled again by the tied sides, then the side with the highest total, who chooses
 * to act first or last.
 */
export function explainSideInitiative(sides: readonly InitiativeSideExplain[], winner: string): ExplainStep[] {
  const steps: ExplainStep[] = [];
  const rounds = Math.max(0, ...sides.map((s) => s.totals.length));
  for (let i = 0; i < rounds; i++) {
    const rolled = sides.filter((s) => s.totals.length > i);
    for (const s of rolled)
      steps.push(step("d6.initiativeRoll", { side: s.side, roller: s.roller, code: formatDieCode(s.code), total: s.totals[i] }));
    if (i < rounds - 1) steps.push(step("d6.initiativeTie", { total: Math.max(...rolled.map((s) => s.totals[i])) }));
  }
  const won = sides.find((s) => s.side === winner);
  if (won) steps.push(step("d6.initiativeWins", { side: won.side, total: won.totals[won.totals.length - 1] }));
  return steps;
}

/**
 * A healing card step by step (§25): the roll; for natural healing the Strength total against the
 * wound level's row (worse at or below one number, no change up to another, better above, D-4/D-5);
 * for a medpac or a bacta tank the total against the difficulty, and a medpac missed by more than
 * 10 barring medpacs. `difficulty` is null where the card does not show it (hidden difficulties):
 * then neither the difficulty nor the miss is stated.
 */
export function explainHealing(
  roll: D6RollResult,
  kind: "natural" | "medpac" | "bacta",
  patientState: string,
  difficulty: number | null,
  result: { blockedHours: number },
): ExplainStep[] {
  const shown = kind === "natural" ? null : difficulty;
  const steps = explainD6Check({
    ...roll,
    difficulty: shown,
    success: shown === null ? null : roll.total >= shown,
    margin: shown === null ? null : roll.total - shown,
  });
  const row = kind === "natural" ? NATURAL_HEALING[patientState as WoundLevel] : undefined;
  if (row) {
    if (roll.total <= row.worsenAtMost) steps.push(step("d6.naturalWorse", { total: roll.total, at: row.worsenAtMost }));
    else if (roll.total <= row.stayAtMost)
      steps.push(step("d6.naturalSame", { total: roll.total, from: row.worsenAtMost + 1, to: row.stayAtMost }));
    else steps.push(step("d6.naturalBetter", { total: roll.total, above: row.stayAtMost }));
  }
  if (shown !== null && result.blockedHours > 0)
    steps.push(step("d6.medpacBarred", { miss: shown - roll.total, hours: result.blockedHours }));
  return steps;
}
