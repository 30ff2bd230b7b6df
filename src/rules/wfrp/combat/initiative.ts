/**
 * Initiative order (Порядок Инициативы, 003:L279-295, digest §3.3-3.4): by default no roll, highest
 * Initiative first, ties to the higher Agility, still tied an opposed Agility test whose winner
 * chooses (003:L281). Options (003:L287-293): an Initiative Test ordered by SL; 1d10 + Initiative;
 * 1d10 + Agility Bonus + Initiative Bonus. Rolled variants break ties the same way (digest §7 item 15;
 * the test variant by SL, then Initiative, then Agility).
 */
import { requireArray, requireDice, requireObject } from "../../../core/guards";
import type { DiceSource } from "../../../core/dice";
import { describeValue, OmnibusError, requireInt } from "../../../core/errors";
import { characteristicBonus } from "../characteristics";
import type { TestOptions } from "../options";
import { resolveTest, rollTest } from "../test";

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
    throw new OmnibusError("badArgument", `unknown initiative mode "${describeValue(mode)}" (one of ${INITIATIVE_MODES.join(", ")})`, {
      name: "mode",
      value: describeValue(mode),
    });
  }
}

/**
 * Rolls (if the mode rolls) and orders the combatants. Dice: one face per combatant in input order
 * — a d10 for the d10 modes, a d100 for the test mode; none for "fixed".
 */
export function rollInitiative(
  dice: DiceSource,
  combatants: readonly InitiativeCombatant[],
  mode: InitiativeMode = "fixed",
  options: Partial<TestOptions> = {},
): InitiativeEntry[] {
  requireDice("dice", dice);
  checkMode(mode);
  if (!Array.isArray(combatants)) throw new OmnibusError("badArgument", "combatants must be a list", { name: "combatants" });
  const ids = new Set<string>();
  for (const c of combatants) {
    if (typeof c?.id !== "string" || ids.has(c.id))
      throw new OmnibusError("badArgument", `combatant ids must be distinct strings, got "${describeValue(c?.id)}"`, { name: "id" });
    ids.add(c.id);
    requireInt("initiative", c.initiative, 0, 999);
    requireInt("agility", c.agility, 0, 999);
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
    requireInt("initiative", e.initiative, 0, 999);
    requireInt("agility", e.agility, 0, 999);
  }
  const key = (e: { score: number; initiative: number; agility: number }) => [e.score, initiativeBreaksTies ? e.initiative : 0, e.agility];
  const sorted = [...entries]
    .map((e) => {
      requireInt("score", e.score, -999, 9999);
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

export interface TiedCombatant {
  id: string;
  /** Agility (current value): the opposed test's characteristic. */
  agility: number;
}

export interface TieTestRoll {
  id: string;
  roll: number;
  sl: number;
  success: boolean;
}

/**
 * One round of the opposed Agility test that breaks a full initiative tie (003:L281): each tied
 * combatant's Agility test from its d100 face (in input order), ranked by SL, then by the tested
 * Agility (the opposed-test tie-break, 003:L191 — equal here by definition, so it never splits them).
 * `groups` lists the ids best first; a group of more than one is still tied and tests again.
 */
export function rankInitiativeTie(
  tied: readonly TiedCombatant[],
  rolls: readonly number[],
  options: Partial<TestOptions> = {},
): { rolls: TieTestRoll[]; groups: string[][] } {
  requireArray("tied combatants", tied);
  requireArray("rolls", rolls);
  if (tied.length !== rolls.length)
    throw new OmnibusError("badArgument", `${tied.length} tied combatants need ${tied.length} rolls, got ${rolls.length}`, {
      name: "rolls",
      value: rolls.length,
    });
  const ids = new Set<string>();
  for (const c of tied) {
    requireObject("tied combatant", c);
    if (typeof c.id !== "string" || ids.has(c.id))
      throw new OmnibusError("badArgument", `tied ids must be distinct strings, got "${describeValue(c.id)}"`, { name: "id" });
    ids.add(c.id);
    requireInt("agility", c.agility, 0, 999);
  }
  const results: TieTestRoll[] = tied.map((c, i) => {
    const r = resolveTest({ value: c.agility }, rolls[i], options);
    return { id: c.id, roll: r.roll, sl: r.sl, success: r.success };
  });
  const byId = new Map(tied.map((c) => [c.id, c]));
  const key = (r: TieTestRoll) => [r.sl, byId.get(r.id)!.agility];
  const sorted = [...results].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return kb[0] - ka[0] || kb[1] - ka[1];
  });
  const groups: string[][] = [];
  for (const r of sorted) {
    const last = groups[groups.length - 1];
    const prev = last ? results.find((x) => x.id === last[0])! : null;
    if (prev && key(prev).every((v, j) => v === key(r)[j])) last.push(r.id);
    else groups.push([r.id]);
  }
  return { rolls: results, groups };
}

/** Most rounds of re-testing a tie that keeps tying (a guard; ties repeat rarely). */
export const MAX_TIE_ROUNDS = 20;

/**
 * Breaks a full initiative tie (003:L281): the tied combatants make an opposed Agility test; the
 * winner chooses who goes first. Combatants still level test again among themselves. Dice: one d100
 * per combatant of each round, in input order. `order` is best first — the winner (`order[0]`) acts
 * first unless it chooses otherwise (`chooseTieOrder`). A tie still standing after MAX_TIE_ROUNDS
 * keeps the input order.
 */
export function breakInitiativeTie(
  dice: DiceSource,
  tied: readonly TiedCombatant[],
  options: Partial<TestOptions> = {},
): { order: string[]; winner: string | null; rounds: TieTestRoll[][] } {
  requireDice("dice", dice);
  requireArray("tied combatants", tied);
  rankInitiativeTie(
    tied,
    tied.map(() => 1),
    options,
  ); // validates before any die is rolled
  const rounds: TieTestRoll[][] = [];
  const settle = (group: readonly TiedCombatant[]): string[] => {
    if (group.length < 2) return group.map((c) => c.id);
    if (rounds.length >= MAX_TIE_ROUNDS) return group.map((c) => c.id);
    const ranked = rankInitiativeTie(
      group,
      group.map(() => dice.roll(100)),
      options,
    );
    rounds.push(ranked.rolls);
    const out: string[] = [];
    for (const g of ranked.groups) out.push(...(g.length === 1 ? g : settle(g.map((id) => group.find((c) => c.id === id)!))));
    return out;
  };
  const order = settle(tied);
  return { order, winner: tied.length >= 2 ? order[0] : null, rounds };
}

/** The winner's choice (003:L281): `first` acts first, the others keep their order after it. */
export function chooseTieOrder(order: readonly string[], first: string): string[] {
  requireArray("order", order);
  if (!order.includes(first))
    throw new OmnibusError("badArgument", `"${describeValue(first)}" is not one of the tied combatants`, {
      name: "first",
      value: describeValue(first),
    });
  return [first, ...order.filter((id) => id !== first)];
}
