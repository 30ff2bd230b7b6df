/**
 * The core Conditions and their effects on tests, attacks, actions and the end of the round.
 * The seed has only Surprised (Ошеломление, 003:L269, L301-325); its effects and every other
 * Condition are the published 4e rules (digest §7 item 16; the rest from public 4e reference
 * sheets — verify against the book).
 */
import { requireDice, requireObject } from "../../core/guards";
import type { DiceSource } from "../../core/dice";
import { describeValue, OmnibusError, requireInt } from "../../core/errors";

export const CONDITIONS = [
  "ablaze",
  "bleeding",
  "blinded",
  "broken",
  "deafened",
  "entangled",
  "fatigued",
  "poisoned",
  "prone",
  "stunned",
  "surprised",
  "unconscious",
] as const;
export type ConditionId = (typeof CONDITIONS)[number];

/** Conditions that do not stack: you have them or not (count 0 or 1). */
export const NON_STACKING_CONDITIONS: readonly ConditionId[] = ["prone", "surprised", "unconscious"];

/** How many of each Condition a character has; a missing key is 0. */
export type ConditionCounts = Partial<Record<ConditionId, number>>;

export function isCondition(value: unknown): value is ConditionId {
  return typeof value === "string" && (CONDITIONS as readonly string[]).includes(value);
}

function requireCondition(value: unknown): ConditionId {
  if (!isCondition(value)) {
    throw new OmnibusError("badArgument", `unknown condition "${describeValue(value)}" (one of ${CONDITIONS.join(", ")})`, {
      name: "condition",
      value: describeValue(value),
    });
  }
  return value;
}

/** Validates counts (whole numbers ≥ 0, known ids) and clamps non-stacking ones to 1. */
export function normalizeConditions(counts: ConditionCounts): Record<ConditionId, number> {
  if (typeof counts !== "object" || counts === null)
    throw new OmnibusError("badArgument", "conditions must be an object of counts", { name: "conditions" });
  const out = Object.fromEntries(CONDITIONS.map((c) => [c, 0])) as Record<ConditionId, number>;
  for (const [id, n] of Object.entries(counts)) {
    const c = requireCondition(id);
    const count = requireInt(c, n, 0, 99);
    out[c] = NON_STACKING_CONDITIONS.includes(c) ? Math.min(count, 1) : count;
  }
  return out;
}

function compact(all: Record<ConditionId, number>): ConditionCounts {
  return Object.fromEntries(Object.entries(all).filter(([, n]) => n > 0)) as ConditionCounts;
}

/** Adds `n` of a Condition (non-stacking ones stay at 1). */
export function addCondition(counts: ConditionCounts, condition: ConditionId, n = 1): ConditionCounts {
  const all = normalizeConditions(counts);
  const c = requireCondition(condition);
  all[c] += requireInt("n", n, 1, 99);
  return compact(normalizeConditions(all));
}

/** Removes `n` of a Condition (e.g. spending a Resolve point removes one, 003:L319). */
export function removeCondition(counts: ConditionCounts, condition: ConditionId, n = 1): ConditionCounts {
  const all = normalizeConditions(counts);
  const c = requireCondition(condition);
  all[c] = Math.max(0, all[c] - requireInt("n", n, 1, 99));
  return compact(all);
}

/** What a test involves, for the Conditions that penalise only some tests. */
export interface ConditionTestContext {
  sight?: boolean;
  hearing?: boolean;
  /** Any movement (Prone, Entangled). */
  movement?: boolean;
  /** Running away or hiding (exempt from Broken). */
  fleeingOrHiding?: boolean;
}

/** Each Condition's own penalty to a test (the same Condition stacks: −10 per Condition). */
export function conditionPenalties(counts: ConditionCounts, context: ConditionTestContext = {}): Partial<Record<ConditionId, number>> {
  const c = normalizeConditions(counts);
  requireObject("test context", context);
  const p: Partial<Record<ConditionId, number>> = {};
  const set = (id: ConditionId, value: number) => {
    if (value !== 0) p[id] = value;
  };
  set("fatigued", -10 * c.fatigued);
  set("poisoned", -10 * c.poisoned);
  set("stunned", -10 * c.stunned);
  if (!context.fleeingOrHiding) set("broken", -10 * c.broken);
  if (context.sight) set("blinded", -10 * c.blinded);
  if (context.hearing) set("deafened", -10 * c.deafened);
  if (context.movement) {
    set("entangled", -10 * c.entangled);
    set("prone", -20 * c.prone);
  }
  return p;
}

/**
 * The total Condition penalty to a test. Published 4e (p. 167): penalties of the same Condition
 * stack, but different Conditions do not — only the worst applies. `stackDifferent: true` sums them
 * instead (a table's house rule).
 */
export function conditionTestModifier(counts: ConditionCounts, context: ConditionTestContext = {}, stackDifferent = false): number {
  const values = Object.values(conditionPenalties(counts, context)) as number[];
  if (values.length === 0) return 0;
  return stackDifferent ? values.reduce((a, b) => a + b, 0) : Math.min(...values);
}

/**
 * The bonus an attacker gets to hit a defender with these Conditions: Prone and Surprised +20 in
 * melee; Blinded +10 each; Deafened +10 each from the side or rear.
 */
export function attackBonusAgainst(defender: ConditionCounts, attack: { melee: boolean; fromSideOrRear?: boolean }): number {
  const c = normalizeConditions(defender);
  requireObject("attack", attack);
  let bonus = 10 * c.blinded;
  if (attack.fromSideOrRear) bonus += 10 * c.deafened;
  if (attack.melee) bonus += 20 * c.prone + 20 * c.surprised;
  return bonus;
}

export interface TurnAllowance {
  /** May take an Action this turn. */
  action: boolean;
  /** What the Move may do: full, half (Stunned: stagger), crawl (Prone: stand up or crawl at half), none. */
  move: "full" | "half" | "crawl" | "none";
  /** May defend in opposed tests (Surprised and Unconscious cannot). */
  canDefend: boolean;
  /** Broken: Move and Action must be spent fleeing or hiding. */
  mustFlee: boolean;
}

/** What a character may do on their turn given their Conditions. */
export function turnAllowance(counts: ConditionCounts): TurnAllowance {
  const c = normalizeConditions(counts);
  if (c.unconscious) return { action: false, move: "none", canDefend: false, mustFlee: false };
  if (c.surprised) return { action: false, move: "none", canDefend: false, mustFlee: false };
  const move = c.entangled ? "none" : c.prone ? "crawl" : c.stunned ? "half" : "full";
  return { action: c.stunned === 0, move, canDefend: true, mustFlee: c.broken > 0 };
}

export interface EndOfRoundInput {
  conditions: ConditionCounts;
  wounds: number;
  toughnessBonus: number;
  /** Armour Points that protect against fire (Ablaze); the GM's choice of location, usually the body. */
  armourPoints?: number;
}

export interface EndOfRoundResult {
  /** The d10 rolled for Ablaze, or null. */
  ablazeRoll: number | null;
  /** Wounds lost to each Condition. */
  woundsLost: { ablaze: number; bleeding: number; poisoned: number };
  wounds: number;
  conditions: ConditionCounts;
  /** At 0 Wounds while Bleeding: the percentage chance of death this round (10 per Bleeding), else 0. */
  bleedingDeathChance: number;
}

/**
 * End-of-round Condition effects (003:L275 "end of the round" step): Ablaze 1d10 + (n − 1) − TB − AP
 * (minimum 1); Bleeding and Poisoned 1 Wound each, ignoring TB and armour; reaching 0 Wounds while
 * Bleeding gives Unconscious. Rolls one d10 if Ablaze. Surprised is left as it is: it lasts the
 * first round of the fight (003:L269, L325) and its timer (timers.ts) ends it when the next round
 * begins; a Resolve point ends it sooner (003:L319).
 */
export function endOfRound(dice: DiceSource, input: EndOfRoundInput): EndOfRoundResult {
  requireDice("dice", dice);
  const c = normalizeConditions(requireObject("input", input).conditions);
  let wounds = requireInt("wounds", input.wounds, 0, 9999);
  const tb = requireInt("toughnessBonus", input.toughnessBonus, 0, 99);
  const ap = requireInt("armourPoints", input.armourPoints ?? 0, 0, 99);
  let ablazeRoll: number | null = null;
  let ablaze = 0;
  if (c.ablaze > 0) {
    ablazeRoll = dice.roll(10);
    ablaze = Math.max(1, ablazeRoll + (c.ablaze - 1) - tb - ap);
  }
  const bleeding = c.bleeding;
  const poisoned = c.poisoned;
  wounds = Math.max(0, wounds - ablaze - bleeding - poisoned);
  if (wounds === 0 && c.bleeding > 0) c.unconscious = 1;
  return {
    ablazeRoll,
    woundsLost: { ablaze, bleeding, poisoned },
    wounds,
    conditions: compact(c),
    bleedingDeathChance: wounds === 0 ? Math.min(100, 10 * c.bleeding) : 0,
  };
}
