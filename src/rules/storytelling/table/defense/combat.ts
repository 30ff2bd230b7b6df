/**
 * A defender's Defense over one turn, as plain data (no Foundry global): how many attacks Defense
 * was already applied against this turn (each costs 1, WoD p.157), a Willpower point declared for
 * +2 Defense against the next attack (002:L428; digest E27), and Dodge (Defense doubled, a status).
 *
 * The state lives on the defender's actor as `flags.omnibus.stDefense = { turn, attacks, willpower }`
 * where `turn` is `<combatId>:<round>` while a combat runs (and "" outside combat, where there are no
 * turns: attacks are not counted, a declared Willpower point still waits for the next attack). A
 * state from another turn counts as empty; the round hook also clears it (combat.ts).
 */
import { refused } from "../../../../core/errors";
import { spendWillpower } from "../..";
import { intOr } from "../derive";

export const DEFENSE_FLAG = "stDefense";

export interface DefenseTurnState {
  /** `<combatId>:<round>` in combat, "" outside. */
  turn: string;
  /** Attacks Defense was applied against this turn (in combat only). */
  attacks: number;
  /** A Willpower point is spent for +2 Defense against the next attack Defense applies to. */
  willpower: boolean;
}

/** The turn key of a running combat (`null`/not started → "" : outside combat). */
export function turnKey(combat: { id?: string | null; round?: number | null; started?: boolean } | null | undefined): string {
  if (!combat?.id || !combat.started) return "";
  return `${combat.id}:${intOr(combat.round, 0, 0)}`;
}

/** The defender's state for `turn`: the stored one if it is from this turn, else an empty one. */
export function readDefenseTurn(raw: unknown, turn: string): DefenseTurnState {
  const r = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  if (r.turn !== turn) return { turn, attacks: 0, willpower: false };
  return { turn, attacks: turn === "" ? 0 : intOr(r.attacks, 0, 0, 99), willpower: r.willpower === true };
}

/**
 * The state after an attack Defense was applied against: one more attack this turn (in combat),
 * and a declared Willpower point used up (it was for one attack, 002:L428).
 */
export function afterDefendedAttack(state: DefenseTurnState): DefenseTurnState {
  return { turn: state.turn, attacks: state.turn === "" ? 0 : state.attacks + 1, willpower: false };
}

/**
 * Declares Willpower for +2 Defense against the next attack (reflexive, 002:L428): one point, at
 * most one per turn for any purpose (002:L420, L436). Returns the actor update (points, the
 * once-per-turn mark and the defense flag), or throws an OmnibusError and changes nothing.
 */
export function declareWillpowerDefense(
  system: Record<string, unknown>,
  willpowerPoints: number,
  raw: unknown,
  turn: string,
): Record<string, unknown> {
  const state = readDefenseTurn(raw, turn);
  if (state.willpower) throw refused("WillpowerDefenseSpent", "Willpower is already spent for this attack's Defense");
  const wp = (system.willpower ?? {}) as Record<string, unknown>;
  const spent = spendWillpower({ points: intOr(willpowerPoints, 0, 0, 99), spentThisTurn: wp.spentThisTurn === true }, "defense");
  return {
    "system.willpower.points": spent.state.points,
    "system.willpower.spentThisTurn": true,
    [`flags.omnibus.${DEFENSE_FLAG}`]: { ...state, willpower: true },
  };
}
