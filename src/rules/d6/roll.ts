/**
 * The core D6 roll (digest §1, §8): a die code rolled with the Wild Die and Character Point dice.
 *
 * Face order (the dice order contract, issue 4): the regular dice left to right, then the Wild
 * Die's rolls (its first roll, then one more roll after each 6), then each Character Point die's
 * rolls (its first roll, then one more after each 6). Faces are taken from a `DiceSource` one at a
 * time in exactly that order, so `--faces`, the tests and Foundry's evaluated terms agree.
 */
import type { DiceSource } from "../../core/dice";
import { rollPool } from "../../core/pool";
import { OmnibusError, requireInt, describeValue } from "../../core/errors";
import { codeToPips, formatDieCode, normalizeCode, type DieCode } from "./dice-code";

/**
 * What a first-roll 1 on the Wild Die does (digest §1, A-4; a world setting on the Foundry side):
 *  - `removeHighest` (default): the 1 and the highest other regular die are removed from the total, and a
 *    complication is flagged;
 *  - `complication`: the dice count normally and a complication is flagged;
 *  - `normal`: the 1 counts like any face, nothing is flagged.
 */
export type WildOneRule = "removeHighest" | "complication" | "normal";
export const WILD_ONE_RULES: readonly WildOneRule[] = ["removeHighest", "complication", "normal"];

/** What a roll is for; decides the Character Point cap (000:L807–817) and what may be spent. */
export type D6RollKind = "skill" | "attribute" | "specialization" | "reaction" | "damage" | "resistDamage" | "initiative";
export const D6_ROLL_KINDS: readonly D6RollKind[] = [
  "skill",
  "attribute",
  "specialization",
  "reaction",
  "damage",
  "resistDamage",
  "initiative",
];

/**
 * Most Character Points that may be spent on one roll (000:L807–817): 2 on a skill or attribute
 * roll, 2 on damage, 5 on a specialization, 5 on any reaction, 5 on the Strength roll against
 * damage; none on initiative (000:L1043).
 */
export const CHARACTER_POINT_CAPS: Readonly<Record<D6RollKind, number>> = Object.freeze({
  skill: 2,
  attribute: 2,
  specialization: 5,
  reaction: 5,
  damage: 2,
  resistDamage: 5,
  initiative: 0,
});

/**
 * Which rolls use the Wild Die (digest §1, A-4; world settings on the Foundry side). Skill and
 * attribute rolls always do; damage, the Strength roll against damage and initiative follow the
 * settings, all on by default.
 */
export interface WildDieSettings {
  damage?: boolean;
  resistDamage?: boolean;
  initiative?: boolean;
}

export function usesWildDie(kind: D6RollKind, settings: WildDieSettings = {}): boolean {
  if (!D6_ROLL_KINDS.includes(kind))
    throw new OmnibusError("badArgument", `unknown roll kind "${describeValue(kind)}"`, { name: "kind", value: describeValue(kind) });
  const s = settings ?? {};
  if (kind === "damage") return s.damage ?? true;
  if (kind === "resistDamage") return s.resistDamage ?? true;
  if (kind === "initiative") return s.initiative ?? true;
  return true;
}

export interface D6RollOptions {
  /** Roll one of the code's dice as the Wild Die (default true). */
  wildDie?: boolean;
  /** Treatment of a first-roll 1 on the Wild Die (default `removeHighest`). */
  wildOne?: WildOneRule;
  /** Character Points spent: one extra exploding die each (000:L793, L803). Default 0. */
  characterPoints?: number;
  /** What the roll is for; caps `characterPoints` (default `skill`). */
  kind?: D6RollKind;
  /**
   * A code with pips but no dice (e.g. 2D+1 − 2D = +1) rolls as a flat number (default true);
   * false makes it impossible (digest A-5). A code of 0 pips or less is always impossible.
   */
  allowPipsOnly?: boolean;
}

export interface D6RollResult {
  /** The code rolled, normalised (3 pips = 1D). */
  code: DieCode;
  /** Faces of the regular dice, in order (all of the code's dice but the Wild Die). */
  dice: number[];
  /** The Wild Die's rolls: the first, then one after each 6. Empty without a Wild Die. */
  wild: number[];
  /** Each Character Point die's rolls: the first, then one after each 6. */
  cp: number[][];
  /** The code's pips, added to the total. */
  pips: number;
  /** Sum of all counted faces plus pips. */
  total: number;
  /** The Wild Die's first roll was a 1. */
  wildOne: boolean;
  /** A complication is flagged (a first-roll 1 under the `removeHighest` or `complication` rule). */
  complication: boolean;
  /** Faces taken out of the total by the `removeHighest` rule: the Wild Die's 1, then the highest regular die. */
  removed: number[];
}

/** One exploding d6 (the Wild Die or a CP die): its first roll, then one more after each 6 — the core's pool primitive. */
export function rollExploding(dice: DiceSource): number[] {
  return rollPool({ count: 1, sides: 6, explodeAt: 6 }, dice).faces;
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

/** Whether a (normalised) code can be rolled at all (digest A-5, 000:L517). */
export function canRollCode(code: DieCode, opts: { allowPipsOnly?: boolean } = {}): boolean {
  const n = normalizeCode(code);
  if (codeToPips(n) <= 0) return false;
  if (n.dice === 0 && opts?.allowPipsOnly === false) return false;
  return true;
}

/** Checks a Character Point spend against the cap for the roll's kind; returns the count. */
export function checkCharacterPoints(count: number, kind: D6RollKind = "skill"): number {
  requireInt("characterPoints", count, 0);
  const cap = CHARACTER_POINT_CAPS[kind];
  if (cap === undefined)
    throw new OmnibusError("badArgument", `unknown roll kind "${describeValue(kind)}"`, { name: "kind", value: describeValue(kind) });
  if (count > cap) {
    throw new OmnibusError("outOfRange", `at most ${cap} Character Point(s) may be spent on a ${kind} roll, got ${count}`, {
      name: "characterPoints",
      value: count,
      max: cap,
    });
  }
  return count;
}

/**
 * Rolls a die code. The code is normalised first (6D+3 rolls as 7D, digest A-1). Throws
 * `rollImpossible` for a code of 0D or less (000:L517), `outOfRange` for too many Character Points.
 */
export function rollD6(code: DieCode, dice: DiceSource, options: D6RollOptions = {}): D6RollResult {
  const opts: D6RollOptions = options ?? {};
  const useWild = opts.wildDie ?? true;
  if (typeof useWild !== "boolean")
    throw new OmnibusError("badArgument", `wildDie must be true or false, got ${describeValue(useWild)}`, {
      name: "wildDie",
      value: describeValue(useWild),
    });
  const wildRule = opts.wildOne ?? "removeHighest";
  if (!WILD_ONE_RULES.includes(wildRule)) {
    throw new OmnibusError("badArgument", `wildOne must be one of ${WILD_ONE_RULES.join(", ")}, got "${describeValue(wildRule)}"`, {
      name: "wildOne",
      value: describeValue(wildRule),
    });
  }
  const kind = opts.kind ?? "skill";
  const cpCount = checkCharacterPoints(opts.characterPoints ?? 0, kind);
  const n = normalizeCode(code);
  if (!canRollCode(n, opts)) {
    throw new OmnibusError("rollImpossible", `the code ${formatDieCode(n)} cannot be rolled: penalties leave no dice`, {
      code: formatDieCode(n),
    });
  }
  const regularCount = useWild && n.dice > 0 ? n.dice - 1 : n.dice;
  const regular = rollPool({ count: regularCount, sides: 6 }, dice).faces;
  const wild = useWild && n.dice > 0 ? rollExploding(dice) : [];
  const cp: number[][] = [];
  for (let i = 0; i < cpCount; i++) cp.push(rollExploding(dice));

  const wildOne = wild.length > 0 && wild[0] === 1;
  const removed: number[] = [];
  let total = sum(regular) + sum(wild) + n.pips + cp.reduce((a, faces) => a + sum(faces), 0);
  if (wildOne && wildRule === "removeHighest") {
    removed.push(1);
    total -= 1;
    if (regular.length > 0) {
      const highest = Math.max(...regular);
      removed.push(highest);
      total -= highest;
    }
  }
  return {
    code: n,
    dice: regular,
    wild,
    cp,
    pips: n.pips,
    total,
    wildOne,
    complication: wildOne && wildRule !== "normal",
    removed,
  };
}

/** Outcome of a total against a difficulty number: success on ≥ (digest §1, A-3, A-43). */
export interface CheckOutcome {
  success: boolean;
  /** total − difficulty: ≥ 0 is a success. */
  margin: number;
}

export function checkTotal(total: number, difficulty: number): CheckOutcome {
  requireInt("total", total);
  requireInt("difficulty", difficulty);
  return { success: total >= difficulty, margin: total - difficulty };
}

export interface D6CheckResult extends D6RollResult {
  difficulty: number | null;
  success: boolean | null;
  margin: number | null;
}

/** Rolls a code against an optional difficulty number. */
export function rollCheck(code: DieCode, dice: DiceSource, options: D6RollOptions & { difficulty?: number | null } = {}): D6CheckResult {
  const opts = options ?? {};
  const difficulty = opts.difficulty ?? null;
  if (difficulty !== null) requireInt("difficulty", difficulty, 0);
  const roll = rollD6(code, dice, opts);
  if (difficulty === null) return { ...roll, difficulty: null, success: null, margin: null };
  const { success, margin } = checkTotal(roll.total, difficulty);
  return { ...roll, difficulty, success, margin };
}

/** Rolls plain dice (no Wild Die, no explosions), e.g. a 2D death check or 1D hours in a bacta tank. */
export function rollPlainDice(count: number, dice: DiceSource): { faces: number[]; total: number } {
  requireInt("dice", count, 0, 200);
  const faces = rollPool({ count, sides: 6 }, dice).faces;
  return { faces, total: sum(faces) };
}

/** A roll already made, as a card stores it: its total and the Character Points it has spent. */
export interface StoredD6Roll {
  total: number;
  /** CP already spent on this roll (before it and after it). */
  characterPointsSpent: number;
  kind: D6RollKind;
  /** A Force Point is in force this round: no CP may be spent (000:L797, L835). */
  forcePointInForce?: boolean;
}

/**
 * Character Points spent AFTER seeing a roll, before anyone else acts (000:L795; example
 * 000:L801–805: a total of 5, one CP rolls 6 then 4 → 15). Each CP is one more die that explodes on
 * 6, added to the stored total; the roll's cap counts the CP already spent on it (000:L807–817).
 * The new total is re-resolved against every target's difficulty (`null`: cannot be hit). Throws
 * (consuming no faces) for too many CP or in a Force Point round.
 */
export function addCharacterPointDice(
  stored: StoredD6Roll,
  count: number,
  dice: DiceSource,
  difficulties: readonly (number | null)[] = [],
): {
  cp: number[][];
  added: number;
  total: number;
  characterPointsSpent: number;
  outcomes: Array<{ difficulty: number | null; success: boolean; margin: number | null }>;
} {
  if (typeof stored !== "object" || stored === null)
    throw new OmnibusError("badArgument", "the stored roll must be an object", { name: "stored", value: describeValue(stored) });
  requireInt("total", stored.total);
  const spent = requireInt("characterPointsSpent", stored.characterPointsSpent, 0);
  requireInt("characterPoints", count, 1);
  if (stored.forcePointInForce === true) {
    throw new OmnibusError("outOfRange", "no Character Points may be spent in a round in which a Force Point is in force", {
      name: "characterPoints",
      value: count,
      min: 0,
      max: 0,
    });
  }
  checkCharacterPoints(spent + count, stored.kind ?? "skill");
  if (!Array.isArray(difficulties)) throw new OmnibusError("badArgument", "difficulties must be a list", { name: "difficulties" });
  for (const d of difficulties) if (d !== null) requireInt("difficulty", d as number, 0);
  const cp: number[][] = [];
  for (let i = 0; i < count; i++) cp.push(rollExploding(dice));
  const added = cp.reduce((a, faces) => a + sum(faces), 0);
  const total = stored.total + added;
  return {
    cp,
    added,
    total,
    characterPointsSpent: spent + count,
    outcomes: difficulties.map((d) =>
      d === null ? { difficulty: null, success: false, margin: null } : { difficulty: d, success: total >= d, margin: total - d },
    ),
  };
}
