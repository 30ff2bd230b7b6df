/**
 * Initiative order (Порядок Инициативы, 003:L279-295, digest §3.3-3.4): by default no roll, highest
 * Initiative first, ties to the higher Agility, still tied an opposed Agility test whose winner
 * chooses (003:L281). Options (003:L287-293): an Initiative Test ordered by SL; 1d10 + Initiative;
 * 1d10 + Agility Bonus + Initiative Bonus. Rolled variants break ties the same way (digest §7 item 15;
 * the test variant by SL, then Initiative, then Agility).
 */
import { describeValue, int, requireArray, requireDice, requireObject } from "../guards";
import type { DiceSource } from "../../../core/dice";
import { OmnibusError } from "../../../core/errors";
import { characteristicBonus } from "../characteristics";
import type { TestOptions } from "../options";
import { rollTest } from "../test";

export const INITIATIVE_MODES = ["fixed", "test", "d10_plus_initiative", "d10_plus_bonuses"] as const;
export type InitiativeMode = (typeof INITIATIVE_MODES)[number];

export interface InitiativeCombatant {
  id: string;
  /** Initiative characteristic (current value). */
  initiative: number;
  /** Agility characteristic (current value). */
  agility: number;
  /** Modifier to an Initiative Test (mode "test"), e.g. from conditions. */
  testModifier?: number;
}

export interface InitiativeEntry {
  id: string;
  /** The ordering score: Initiative, SL, or the d10 total. */
  score: number;
  /** The die rolled (a d10 face, or the d100 of an Initiative Test), or null in "fixed" mode. */
  roll: number | null;
  initiative: number;
  agility: number;
  /**
   * Entries with the same `tieGroup` (≥ 1) are still tied after every comparison: an opposed Agility
   * test decides, and its winner chooses who goes first (003:L281). 0 = not tied.
   */
  tieGroup: number;
  /** A number for a tracker that sorts descending by it: it encodes the score and the tie-breaks. */
  trackerValue: number;
}

function checkMode(mode: InitiativeMode): void {
  if (!(INITIATIVE_MODES as readonly string[]).includes(mode)) {
    throw new OmnibusError("badArgument", `unknown initiative mode "${describeValue(mode)}" (one of ${INITIATIVE_MODES.join(", ")})`, { name: "mode", value: describeValue(mode) });
  }
}

/**
 * Rolls (if the mode rolls) and orders the combatants. Dice: one face per combatant in input order
 * — a d10 for the d10 modes, a d100 for the test mode; none for "fixed".
 */
export function rollInitiative(dice: DiceSource, combatants: readonly InitiativeCombatant[], mode: InitiativeMode = "fixed", options: Partial<TestOptions> = {}): InitiativeEntry[] {
  requireDice(dice);
  checkMode(mode);
  if (!Array.isArray(combatants)) throw new OmnibusError("badArgument", "combatants must be a list", { name: "combatants" });
  const ids = new Set<string>();
  for (const c of combatants) {
    if (typeof c?.id !== "string" || ids.has(c.id)) throw new OmnibusError("badArgument", `combatant ids must be distinct strings, got "${describeValue(c?.id)}"`, { name: "id" });
    ids.add(c.id);
    int("initiative", c.initiative, 0, 999);
    int("agility", c.agility, 0, 999);
  }
  const scored = combatants.map((c) => {
    switch (mode) {
      case "fixed":
        return { c, score: c.initiative, roll: null };
      case "test": {
        const r = rollTest(dice, { value: c.initiative, modifier: c.testModifier ?? 0 }, options);
        return { c, score: r.sl, roll: r.roll };
      }
      case "d10_plus_initiative": {
        const d = dice.roll(10);
        return { c, score: d + c.initiative, roll: d };
      }
      case "d10_plus_bonuses": {
        const d = dice.roll(10);
        return { c, score: d + characteristicBonus(c.agility) + characteristicBonus(c.initiative), roll: d };
      }
    }
  });
  return orderInitiative(
    scored.map((s) => ({ id: s.c.id, score: s.score, roll: s.roll, initiative: s.c.initiative, agility: s.c.agility })),
    mode === "test",
  );
}

/**
 * Orders given scores (e.g. rolled by Foundry): score descending, then (when `initiativeBreaksTies`)
 * Initiative, then Agility. Stable for full ties, which are marked with a tie group.
 */
export function orderInitiative(
  entries: readonly { id: string; score: number; roll: number | null; initiative: number; agility: number }[],
  initiativeBreaksTies = false,
): InitiativeEntry[] {
  requireArray("initiative entries", entries);
  for (const e of entries) {
    requireObject("initiative entry", e);
    int("initiative", e.initiative, 0, 999);
    int("agility", e.agility, 0, 999);
  }
  const key = (e: { score: number; initiative: number; agility: number }) => [e.score, initiativeBreaksTies ? e.initiative : 0, e.agility];
  const sorted = [...entries]
    .map((e) => {
      int("score", e.score, -999, 9999);
      return e;
    })
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i] - ka[i];
      return 0;
    });
  let group = 0;
  const out: InitiativeEntry[] = sorted.map((e) => ({
    ...e,
    tieGroup: 0,
    trackerValue: e.score + (initiativeBreaksTies ? e.initiative / 1000 : 0) + e.agility / 1_000_000,
  }));
  for (let i = 1; i < out.length; i++) {
    const same = key(out[i]).every((v, j) => v === key(out[i - 1])[j]);
    if (same) {
      if (out[i - 1].tieGroup === 0) out[i - 1].tieGroup = ++group;
      out[i].tieGroup = out[i - 1].tieGroup;
    }
  }
  return out;
}
