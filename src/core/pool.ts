/**
 * Pool primitives over a DiceSource: roll N dice of S sides, re-roll once (rote), explode, keep
 * highest / lowest, count successes, sum. Every face is recorded in the order it was consumed,
 * with its role, so a chat card can show exactly what was rolled and re-rolled.
 *
 * Face order — the dice order contract, the order Foundry's modifiers produce:
 *   1. the initial dice, left to right;
 *   2. re-rolls: one for each initial die below `rerollBelow`, in order (Foundry `r<N` once; the
 *      Storytelling rote);
 *   3. explosions, breadth-first as Foundry's `x` does: walking the list of live dice from the
 *      start, every live die at or above `explodeAt` appends one new die at the end, and the new
 *      dice are themselves checked when the walk reaches them.
 * Keep-highest / keep-lowest and success counting then look at the live dice (the initial dice
 * that were not re-rolled, the re-rolls and the explosion dice).
 */
import type { DiceSource } from "./dice";
import { OmnibusError, requireInt, describeValue } from "./errors";

export type DieRole = "initial" | "reroll" | "explosion";

export interface RolledDie {
  /** The face shown, 1…sides. */
  face: number;
  role: DieRole;
  /** For a re-roll or an explosion: the index (in `dice`) of the die it came from. */
  from: number | null;
  /** False for a die that was re-rolled away or dropped by keep-highest / keep-lowest. */
  kept: boolean;
  /** Why a die is not kept. */
  dropped: "rerolled" | "keep" | null;
  /** With `successAt`: whether this kept die counts a success. */
  success: boolean;
  /** Whether this die made another die explode. */
  exploded: boolean;
}

export interface PoolSpec {
  /** Number of initial dice, 0…MAX_POOL_DICE. */
  count: number;
  /** Sides of each die, 2…1000. */
  sides: number;
  /** Explode: each live die with face ≥ explodeAt adds a die (2…sides). */
  explodeAt?: number;
  /** Re-roll once each initial die with face < rerollBelow (2…sides). */
  rerollBelow?: number;
  /** Count a success for each kept die with face ≥ successAt (1…sides). */
  successAt?: number;
  /** Keep only the K highest live dice. */
  keepHighest?: number;
  /** Keep only the K lowest live dice. */
  keepLowest?: number;
}

export interface PoolResult {
  sides: number;
  /** Every face in the order consumed from the dice source. */
  dice: RolledDie[];
  /** The faces alone, in the same order (what `--faces` would replay). */
  faces: number[];
  /** Sum of the kept dice. */
  sum: number;
  /** Number of kept dice at or above `successAt`; null without `successAt`. */
  successes: number | null;
}

export const MAX_POOL_DICE = 1000;
/** A pool that keeps exploding past this many dice is refused (it would take a 1e-15 kind of luck). */
export const MAX_EXPLOSION_DICE = 10_000;

/** Checks a pool spec and returns it with defaults resolved; throws OmnibusError on bad input. */
export function checkPoolSpec(spec: PoolSpec): Required<Pick<PoolSpec, "count" | "sides">> & PoolSpec {
  if (typeof spec !== "object" || spec === null) throw new OmnibusError("badArgument", "a pool must be an object");
  const count = requireInt("count", spec.count, 0, MAX_POOL_DICE);
  const sides = requireInt("sides", spec.sides, 2, 1000);
  const out: PoolSpec & { count: number; sides: number } = { count, sides };
  if (spec.explodeAt !== undefined) out.explodeAt = requireInt("explodeAt", spec.explodeAt, 2, sides);
  if (spec.rerollBelow !== undefined) out.rerollBelow = requireInt("rerollBelow", spec.rerollBelow, 2, sides);
  if (spec.successAt !== undefined) out.successAt = requireInt("successAt", spec.successAt, 1, sides);
  if (spec.keepHighest !== undefined && spec.keepLowest !== undefined) {
    throw new OmnibusError("badArgument", "give keepHighest or keepLowest, not both");
  }
  if (spec.keepHighest !== undefined) out.keepHighest = requireInt("keepHighest", spec.keepHighest, 0, MAX_EXPLOSION_DICE);
  if (spec.keepLowest !== undefined) out.keepLowest = requireInt("keepLowest", spec.keepLowest, 0, MAX_EXPLOSION_DICE);
  return out;
}

/** Rolls a pool in the dice order contract and resolves it. */
export function rollPool(spec: PoolSpec, source: DiceSource): PoolResult {
  const s = checkPoolSpec(spec);
  const dice: RolledDie[] = [];
  const newDie = (face: number, role: DieRole, from: number | null): RolledDie => ({
    face,
    role,
    from,
    kept: true,
    dropped: null,
    success: false,
    exploded: false,
  });
  // 1. Initial dice.
  for (let i = 0; i < s.count; i++) dice.push(newDie(source.roll(s.sides), "initial", null));
  // 2. Re-rolls, once each, in order.
  if (s.rerollBelow !== undefined) {
    for (let i = 0; i < s.count; i++) {
      if (dice[i].face < s.rerollBelow) {
        dice[i].kept = false;
        dice[i].dropped = "rerolled";
        dice.push(newDie(source.roll(s.sides), "reroll", i));
      }
    }
  }
  // 3. Explosions, breadth-first: walk the list; appended dice are checked when reached.
  if (s.explodeAt !== undefined) {
    for (let i = 0; i < dice.length; i++) {
      const d = dice[i];
      if (d.dropped === "rerolled" || d.face < s.explodeAt) continue;
      if (dice.length >= MAX_EXPLOSION_DICE) {
        throw new OmnibusError("outOfRange", `more than ${MAX_EXPLOSION_DICE} dice exploded; refusing to go on`);
      }
      d.exploded = true;
      dice.push(newDie(source.roll(s.sides), "explosion", i));
    }
  }
  applyKeep(dice, s);
  let sum = 0;
  let successes = 0;
  for (const d of dice) {
    if (!d.kept) continue;
    sum += d.face;
    if (s.successAt !== undefined && d.face >= s.successAt) {
      d.success = true;
      successes++;
    }
  }
  return { sides: s.sides, dice, faces: dice.map((d) => d.face), sum, successes: s.successAt === undefined ? null : successes };
}

/** Keep highest / lowest among the live dice; ties go to the earlier die (as Foundry sorts stably). */
function applyKeep(dice: RolledDie[], s: PoolSpec): void {
  const k = s.keepHighest ?? s.keepLowest;
  if (k === undefined) return;
  const live = dice.map((d, i) => ({ d, i })).filter((x) => x.d.kept);
  const dir = s.keepHighest !== undefined ? -1 : 1;
  live.sort((a, b) => dir * (a.d.face - b.d.face) || a.i - b.i);
  for (let j = k; j < live.length; j++) {
    live[j].d.kept = false;
    live[j].d.dropped = "keep";
  }
}

/** Parses a dice code "NdS" (e.g. "10d6", "d10" = 1d10, "2d100"). */
export function parseDiceCode(code: string): { count: number; sides: number } {
  const m = typeof code === "string" ? /^\s*(\d*)\s*[dD]\s*(\d+)\s*$/.exec(code) : null;
  if (!m) throw new OmnibusError("badDiceCode", `"${describeValue(code)}" is not a dice code like 10d6`, { code: describeValue(code) });
  const count = m[1] === "" ? 1 : Number(m[1]);
  const sides = Number(m[2]);
  if (count > MAX_POOL_DICE || sides < 2 || sides > 1000) {
    throw new OmnibusError("badDiceCode", `"${code}": 0–${MAX_POOL_DICE} dice of 2–1000 sides`, { code });
  }
  return { count, sides };
}
