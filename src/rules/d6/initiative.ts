/**
 * Initiative and action order (digest §5, 000:L1035–1075, A-8).
 *
 * Each side's highest-Perception character rolls Perception (wound penalties apply, no CP or FP,
 * 000:L1043); the highest roll picks whether its side acts first or last; ties are re-rolled
 * (000:L1039–1041). Within a side characters act in Perception order, highest first; every side
 * takes its first actions, then its second actions, and so on (000:L1059–1069).
 */
import { OmnibusError, describeValue, requireInt } from "../../core/errors";
import { requireArray, requireObject, requireString } from "../../core/guards";
import { effectiveCode } from "./actions";
import { compareCodes, requireCode, type DieCode } from "./dice-code";
import { woundPenaltyDice, type WoundLevel } from "./damage";

export interface Combatant {
  id: string;
  side: string;
  perception: DieCode;
  /** Actions declared this round (default 1); 0 for a character who lost the round's actions. */
  actions?: number;
}

function requireCombatant(c: unknown, i: number): Combatant {
  const x = requireObject<Combatant>(`combatants[${i}]`, c);
  requireString(`combatants[${i}].id`, x.id);
  requireString(`combatants[${i}].side`, x.side);
  requireCode(x.perception, `combatants[${i}].perception`);
  return x;
}

/** The code a character rolls for initiative: Perception with the wound penalty, no CP or FP (000:L1043). */
export function initiativeCode(perception: DieCode, woundLevel: WoundLevel = "healthy"): DieCode {
  return effectiveCode(perception, { woundPenalty: woundPenaltyDice(woundLevel) });
}

/**
 * Who rolls for a side: the highest Perception (dice, then pips, A-8). If several tie, all of them
 * are returned and the side's player or GM picks one.
 */
export function sideInitiativeRollers(members: readonly Combatant[]): Combatant[] {
  requireArray("members", members).forEach((m, i) => requireCombatant(m, i));
  if (members.length === 0) return [];
  const best = members.reduce((a, b) => (compareCodes(b.perception, a.perception) > 0 ? b : a));
  return members.filter((m) => compareCodes(m.perception, best.perception) === 0);
}

/**
 * The sides' initiative totals → the winner, or a tie among the top sides to re-roll (000:L1039–1041).
 * T-70: player side 14, GM side 15 → GM side wins.
 */
export function initiativeWinner(rolls: readonly { side: string; total: number }[]): { winner: string | null; reroll: string[] } {
  requireArray("rolls", rolls).forEach((r, i) => requireObject(`rolls[${i}]`, r));
  if (rolls.length === 0) throw new OmnibusError("badArgument", "initiative needs at least one side", { name: "rolls" });
  rolls.forEach((r, i) => requireInt(`rolls[${i}].total`, r.total));
  const top = Math.max(...rolls.map((r) => r.total));
  const best = rolls.filter((r) => r.total === top).map((r) => r.side);
  return best.length === 1 ? { winner: best[0], reroll: [] } : { winner: null, reroll: best };
}

/**
 * The order sides act in: the winner chooses first or last; the other sides keep their listed order.
 */
export function sideOrder(sides: readonly string[], winner: string, winnerActs: "first" | "last"): string[] {
  requireArray("sides", sides);
  if (winnerActs !== "first" && winnerActs !== "last")
    throw new OmnibusError("badArgument", `the winner acts first or last, got ${describeValue(winnerActs)}`, {
      name: "winnerActs",
      value: describeValue(winnerActs),
    });
  if (!sides.includes(winner))
    throw new OmnibusError("badArgument", `the winning side "${winner}" is not one of the sides`, { name: "winner", value: winner });
  const others = sides.filter((s) => s !== winner);
  return winnerActs === "first" ? [winner, ...others] : [...others, winner];
}

export interface ActionSlot {
  id: string;
  side: string;
  /** 1 for a character's first action this round, 2 for its second … */
  action: number;
}

/**
 * The round's action sequence (000:L1059–1069): for action 1, 2, …: each side in order, its
 * characters by Perception (highest first; equal Perception keeps the listed order, A-8), skipping
 * characters without that many actions. Characters cannot hold actions (000:L1073).
 */
export function actionSequence(combatants: readonly Combatant[], sidesInOrder: readonly string[]): ActionSlot[] {
  requireArray("combatants", combatants).forEach((c, i) => requireCombatant(c, i));
  requireArray("sides", sidesInOrder);
  const maxActions = Math.max(0, ...combatants.map((c) => requireInt(`actions of ${c.id}`, c.actions ?? 1, 0, 100)));
  const bySide = sidesInOrder.map((side) =>
    combatants
      .map((c, i) => ({ c, i }))
      .filter(({ c }) => c.side === side)
      .sort((a, b) => compareCodes(b.c.perception, a.c.perception) || a.i - b.i)
      .map(({ c }) => c),
  );
  const slots: ActionSlot[] = [];
  for (let action = 1; action <= maxActions; action++) {
    for (const members of bySide) for (const c of members) if ((c.actions ?? 1) >= action) slots.push({ id: c.id, side: c.side, action });
  }
  return slots;
}
