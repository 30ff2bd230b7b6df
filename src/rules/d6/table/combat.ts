/**
 * The D6 round at the table as plain functions (no Foundry globals): initiative by side (§5,
 * 000:L1037–1041 — each side's highest-Perception character rolls, ties re-rolled, the winner's
 * side acts first or last, and within a side characters act by Perception), and the cards of the
 * side initiative and of the death roll. combat.ts feeds them combatants and evaluated rolls.
 */
import {
  compareCodes,
  formatDieCode,
  initiativeCode,
  initiativeWinner,
  normalizeCode,
  sideInitiativeRollers,
  sideOrder,
  type DieCode,
} from "..";
import { woundLevelOf } from "./checks";
import { storedCode } from "./schema";
import type { D6CardContext } from "./cards";
import { explainSideInitiative } from "../explain";

export interface SideMember {
  /** The combatant's id. */
  id: string;
  name: string;
  /** The side: the token's disposition ("1" friendly, "0" neutral, "-1" hostile, "-2" secret). */
  side: string;
  perception: DieCode;
  /** The initiative code (Perception with the wound penalty). */
  code: DieCode;
}

/** A combatant's plain data as the tracker reads it: its token's disposition, its actor. */
export interface CombatantData {
  id?: string | null;
  name?: string | null;
  token?: { disposition?: number | null } | null;
  actor?: { type: string; system: Record<string, unknown>; name?: string | null; hasPlayerOwner?: boolean } | null;
}

/** A combatant's Perception (a vehicle: its initiative code), for the order within a side; 0D when unreadable. */
export function perceptionOfCombatant(c: CombatantData): DieCode {
  try {
    return c.actor?.type === "d6_vehicle"
      ? initiativeCodeOf(c.actor)
      : storedCode((c.actor?.system.attributes as Record<string, unknown>)?.perception, "perception");
  } catch {
    return { dice: 0, pips: 0 };
  }
}

/** A combatant's side: its token's disposition; without a token, friendly for a player's character, else hostile. */
export function sideOfCombatant(c: CombatantData): string {
  const d = c.token?.disposition;
  if (typeof d === "number") return String(d);
  return c.actor?.hasPlayerOwner ? "1" : "-1";
}

/** The combatants that roll by side (a d6 actor whose initiative code reads), in the tracker's order. */
export function sideMembersOf(combatants: Iterable<CombatantData>): SideMember[] {
  const out: SideMember[] = [];
  for (const c of combatants) {
    if (!c.id || !c.actor || !String(c.actor.type).startsWith("d6_")) continue;
    let code: DieCode;
    try {
      code = initiativeCodeOf(c.actor);
    } catch {
      continue;
    }
    out.push({
      id: c.id,
      name: String(c.name ?? c.actor.name ?? ""),
      side: sideOfCombatant(c),
      perception: perceptionOfCombatant(c),
      code,
    });
  }
  return out;
}

/**
 * Initiative by side as it goes (000:L1037-1041): each side's roller and its totals, the sides
 * still contested (to roll next, in order), and the winner once one side is highest. Start with
 * `sideInitiativeStart`, roll each contested side's code, then `sideInitiativeStep` with the totals.
 */
export interface SideInitiativeState {
  sides: string[];
  rollers: Map<string, SideMember>;
  records: SideRollRecord[];
  contested: string[];
  winner: string | null;
  attempts: number;
}

export function sideInitiativeStart(members: readonly SideMember[]): SideInitiativeState {
  const rollers = sideRollers(members);
  const sides = sidesOf(members);
  return {
    sides,
    rollers,
    records: sides.map((side) => ({ side, roller: rollers.get(side)!.name, code: rollers.get(side)!.code, totals: [] })),
    contested: sides,
    winner: null,
    attempts: 0,
  };
}

/** The state after the contested sides rolled `round` (in their order): a winner, or the tied top sides again. */
export function sideInitiativeStep(state: SideInitiativeState, round: ReadonlyArray<{ side: string; total: number }>): SideInitiativeState {
  const records = state.records.map((r) => {
    const rolled = round.find((x) => x.side === r.side);
    return rolled ? { ...r, totals: [...r.totals, rolled.total] } : r;
  });
  const result = initiativeWinner(round);
  return {
    ...state,
    records,
    contested: result.winner !== null ? [] : result.reroll,
    winner: result.winner,
    attempts: state.attempts + 1,
  };
}

/** Whether another round of rolls is due (no winner yet, at most `maxRerolls` re-rolls). */
export function sideInitiativeDue(state: SideInitiativeState, maxRerolls = 20): boolean {
  return state.winner === null && state.attempts <= maxRerolls;
}

/** The result: the winner (the first still tied when the re-rolls ran out), each side's last total, the order with the winner first. */
export function sideInitiativeResult(state: SideInitiativeState): { winner: string; totals: Map<string, number>; order: string[] } {
  const winner = state.winner ?? state.contested[0];
  const totals = new Map(state.records.map((r) => [r.side, r.totals[r.totals.length - 1]]));
  return { winner, totals, order: orderFor(state.sides, winner, "first") };
}

/** The sides present, in a stable order (friendly, neutral, hostile, secret, then any other). */
export function sidesOf(members: readonly SideMember[]): string[] {
  const known = ["1", "0", "-1", "-2"];
  const present = [...new Set(members.map((m) => m.side))];
  return present.sort(
    (a, b) => (known.includes(a) ? known.indexOf(a) : 99) - (known.includes(b) ? known.indexOf(b) : 99) || a.localeCompare(b),
  );
}

/** Who rolls for each side: the highest Perception (dice, then pips, A-8); among equals, the first listed. */
export function sideRollers(members: readonly SideMember[]): Map<string, SideMember> {
  const out = new Map<string, SideMember>();
  for (const side of sidesOf(members)) {
    const team = members.filter((m) => m.side === side);
    const best = sideInitiativeRollers(team.map((m) => ({ id: m.id, side: m.side, perception: m.perception })));
    out.set(
      side,
      team.find((m) => m.id === best[0].id)!,
    );
  }
  return out;
}

/**
 * Each combatant's initiative value (its side's roll, for the tracker's display) and its side's
 * rank (0 acts first), from the sides' final totals and the order the winner chose.
 */
export function sideInitiativeUpdates(
  members: readonly SideMember[],
  totals: ReadonlyMap<string, number>,
  order: readonly string[],
): Array<{ _id: string; initiative: number; "flags.omnibus.d6.sideRank": number }> {
  return members.map((m) => ({ _id: m.id, initiative: totals.get(m.side) ?? 0, "flags.omnibus.d6.sideRank": order.indexOf(m.side) }));
}

/** Turn order inside the side ranks: rank, then Perception (highest first), then name. */
export function compareBySide(
  a: { rank: number; perception: DieCode; name: string },
  b: { rank: number; perception: DieCode; name: string },
): number {
  if (a.rank !== b.rank) return a.rank - b.rank;
  return compareCodes(b.perception, a.perception) || a.name.localeCompare(b.name);
}

/** The order of the sides when `winner` acts first or last (000:L1039). */
export function orderFor(sides: readonly string[], winner: string, winnerActs: "first" | "last"): string[] {
  return sideOrder(sides, winner, winnerActs);
}

export interface SideRollRecord {
  side: string;
  roller: string;
  code: DieCode;
  /** Every total this side rolled (a tie re-rolls, 000:L1041). */
  totals: number[];
}

/** The i18n key of a side's name. */
export function sideKey(side: string): string {
  return `OMNIBUS.D6.Initiative.Side.${["1", "0", "-1", "-2"].includes(side) ? side.replace("-", "m") : "other"}`;
}

/** The side-initiative card: each side's roller, code and total(s), the winner and the order (`t` localizes). */
export function sideInitiativeCard(
  records: readonly SideRollRecord[],
  winner: string,
  order: readonly string[],
  t: (key: string) => string,
  title: string,
): D6CardContext {
  const sideLabel = (side: string) => t(sideKey(side));
  const winnerRecord = records.find((r) => r.side === winner)!;
  return {
    title,
    subtitle: `${sideLabel(winner)}: ${winnerRecord.roller}`,
    img: "",
    dice: [],
    total: winnerRecord.totals[winnerRecord.totals.length - 1],
    outcome: null,
    quality: null,
    complication: false,
    lines: [
      ...records.map((r) => ({
        label: sideKey(r.side),
        value: `${r.roller} (${formatDieCode(normalizeCode(r.code))}): ${r.totals.join(" → ")}`,
      })),
      { label: "OMNIBUS.D6.Initiative.Order", value: order.map((side, i) => `${i + 1}. ${sideLabel(side)}`).join(", ") },
    ],
    outcomes: [],
    buttons: [],
    // Explain (issue 14): each side's roll, the ties rolled again, the winner.
    explain: explainSideInitiative(
      records.map((r) => ({ side: sideLabel(r.side), roller: r.roller, code: normalizeCode(r.code), totals: r.totals })),
      sideLabel(winner),
    ),
  };
}

/** The death-roll card (D-3): 2D against the rounds spent mortally wounded. */
export function deathRollCard(
  name: string,
  faces: number[],
  total: number,
  rounds: number,
  dies: boolean,
  title: string,
  img = "",
): D6CardContext {
  return {
    title,
    subtitle: name,
    img,
    dice: faces.map((face) => ({ face, sides: 6, classes: "" })),
    total,
    outcome: dies ? { label: "OMNIBUS.D6.DeathRoll.Dies", tone: "failure" } : { label: "OMNIBUS.D6.DeathRoll.Survives", tone: "success" },
    quality: null,
    complication: false,
    lines: [{ label: "OMNIBUS.D6.DeathRoll.Rounds", value: String(rounds) }],
    outcomes: [],
    buttons: [],
  };
}

/** The code a combatant rolls for initiative: Perception less its wounds (vehicles: the crew's piloting code; no actor: 2D). */
export function initiativeCodeOf(actor: { type: string; system: Record<string, unknown> } | null | undefined): DieCode {
  if (!actor) return { dice: 2, pips: 0 };
  if (actor.type === "d6_vehicle") return storedCode((actor.system.crew as Record<string, unknown> | undefined)?.pilotCode, "pilotCode");
  const perception = storedCode((actor.system.attributes as Record<string, unknown>)?.perception, "perception");
  return initiativeCode(perception, woundLevelOf(actor.system));
}
