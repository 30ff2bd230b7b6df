/**
 * Building a dice pool (digest §4–§5, §11–§13): Attribute + Skill (or Attribute + Attribute),
 * the unskilled penalty, Specialty, equipment, Willpower, teamwork, situational modifiers,
 * wound penalties and successive-attempt penalties. Bonuses are added first, then penalties
 * subtracted (002:L95, L123–L125); the sum is signed with no intermediate clamp, and a pool of 0
 * or less becomes a chance roll (digest A1).
 */
import { describeValue, OmnibusError, requireInt } from "../../core/errors";
import { optionalFlag, optionsObject, requireArray, requireObject } from "../../core/guards";
import { MAX_DOTS, type SkillCategory, unskilledPenalty } from "./traits";

/** The named situational modifiers of the general table (002:L143–L168), by value. */
export const SITUATIONAL_MODIFIERS = [
  { value: 5, key: "doItInYourSleep" },
  { value: 4, key: "easyAsPie" },
  { value: 3, key: "nothingToIt" },
  { value: 2, key: "walkInThePark" },
  { value: 1, key: "helpingHand" },
  { value: -1, key: "minorObstacle" },
  { value: -2, key: "hardTime" },
  { value: -3, key: "tryingTask" },
  { value: -4, key: "highDemands" },
  { value: -5, key: "realOrdeal" },
] as const;

/** No single modifier should exceed 5 either way (002:L139); the total is not capped (digest A2). */
export const MAX_SINGLE_MODIFIER = 5;
/** Willpower spent on a roll adds three dice (002:L408). */
export const WILLPOWER_DICE = 3;
/** Each helper's dramatic failure costs the primary actor four dice (002:L444). */
export const TEAMWORK_DRAMATIC_FAILURE_PENALTY = 4;

export interface PoolModifier {
  /** What the modifier is, for the breakdown (e.g. "darkness", "crowbar"). */
  label: string;
  /** Signed dice: +1 a bonus, −3 a penalty. */
  value: number;
}

export interface PoolRequest {
  /** The (primary) Attribute's dots. */
  attribute: number;
  /** Attribute + Skill: the Skill's dots and category (0 dots → unskilled penalty, 002:L89). */
  skill?: { dots: number; category: SkillCategory };
  /** Attribute + Attribute task (002:L79–L85): the secondary Attribute's dots. */
  secondAttribute?: number;
  /** "Extra talent" variant (002:L482): one further Attribute added to the pool. */
  extraTalent?: number;
  /** A Specialty applies: +1 die (002:L75–L77; one at most, digest A4). */
  specialty?: boolean;
  /** Equipment ratings: each adds its rating in dice (002:L109, L643). */
  equipment?: readonly number[];
  /** Willpower spent for +3 dice (002:L408), added with the bonuses. */
  willpower?: boolean;
  /** Teamwork (002:L440–L452): each helper's roll. */
  helpers?: readonly { successes: number; dramaticFailure: boolean }[];
  /** Other modifiers, signed (situational, weapon, range, Defense, armour...). */
  modifiers?: readonly PoolModifier[];
  /** Wound penalty, 0 to −3 (digest §Z.6). */
  woundPenalty?: number;
  /** Successive-attempt or retry penalty as a positive number of dice (see successiveAttemptPenalty). */
  attemptPenalty?: number;
  /** Options the digest lists as alternatives. */
  options?: { teamworkDramaticFailures?: "perHelper" | "once" };
}

export interface PoolPart {
  label: string;
  value: number;
}

export interface PoolBreakdown {
  /** Traits, unmodified. */
  base: number;
  /** Every bonus (Specialty, equipment, Willpower, teamwork, positive modifiers). */
  bonus: number;
  /** Every penalty, as a positive number. */
  penalty: number;
  /** base + bonus − penalty (may be 0 or less). */
  pool: number;
  /** Pool 0 or less: roll one chance die (002:L95, L125). */
  chance: boolean;
  parts: PoolPart[];
  /** e.g. "modifierOverFive" when one modifier exceeds ±5 (002:L139; advisory). */
  warnings: string[];
}

const dots = (name: string, v: number) => requireInt(name, v, 0, MAX_DOTS);

/** Builds a pool from plain data. Throws OmnibusError on bad input (three traits, two Skills...). */
export function buildPool(req: PoolRequest): PoolBreakdown {
  requireObject("pool request", req);
  const parts: PoolPart[] = [];
  const warnings: string[] = [];
  let base = dots("attribute", req.attribute);
  parts.push({ label: "attribute", value: req.attribute });
  if (req.skill !== undefined && req.secondAttribute !== undefined) {
    throw new OmnibusError("badArgument", "a pool is Attribute + Skill or Attribute + Attribute, never three traits (002:L89)");
  }
  const penalties: PoolPart[] = [];
  if (req.skill !== undefined) {
    requireObject("skill", req.skill);
    const skillDots = dots("skill", req.skill.dots);
    base += skillDots;
    parts.push({ label: "skill", value: skillDots });
    if (skillDots === 0) penalties.push({ label: "unskilled", value: -unskilledPenalty(req.skill.category) });
    else unskilledPenalty(req.skill.category); // validates the category
  }
  if (req.secondAttribute !== undefined) {
    base += dots("secondAttribute", req.secondAttribute);
    parts.push({ label: "secondAttribute", value: req.secondAttribute });
  }
  if (req.extraTalent !== undefined) {
    if (req.skill === undefined) throw new OmnibusError("badArgument", "extra talent adds an Attribute to Attribute + Skill (002:L482)");
    base += dots("extraTalent", req.extraTalent);
    parts.push({ label: "extraTalent", value: req.extraTalent });
  }

  const bonuses: PoolPart[] = [];
  if (optionalFlag("specialty", req.specialty)) {
    if (req.skill === undefined) throw new OmnibusError("badArgument", "a Specialty belongs to a Skill (002:L75)");
    bonuses.push({ label: "specialty", value: 1 });
  }
  for (const [i, rating] of requireArray("equipment", req.equipment, true).entries()) {
    requireInt(`equipment[${i}]`, rating, -5, 10);
    if (Math.abs(rating) > MAX_SINGLE_MODIFIER) warnings.push("modifierOverFive");
    (rating >= 0 ? bonuses : penalties).push({ label: "equipment", value: rating });
  }
  if (optionalFlag("willpower", req.willpower)) bonuses.push({ label: "willpower", value: WILLPOWER_DICE });
  const helpers = requireArray("helpers", req.helpers, true);
  let failedHelpers = 0;
  for (const [i, h] of helpers.entries()) {
    requireObject(`helpers[${i}]`, h);
    requireInt(`helpers[${i}].successes`, h.successes, 0, 999);
    if (optionalFlag(`helpers[${i}].dramaticFailure`, h.dramaticFailure)) failedHelpers++;
    else if (h.successes > 0) bonuses.push({ label: "teamwork", value: h.successes });
  }
  if (failedHelpers > 0) {
    const mode = optionsObject("options", req.options).teamworkDramaticFailures ?? "perHelper";
    if (mode !== "perHelper" && mode !== "once")
      throw new OmnibusError("badArgument", `teamworkDramaticFailures must be perHelper or once`);
    const n = mode === "perHelper" ? failedHelpers : 1;
    penalties.push({ label: "teamworkDramaticFailure", value: -TEAMWORK_DRAMATIC_FAILURE_PENALTY * n });
  }
  for (const [i, m] of requireArray("modifiers", req.modifiers, true).entries()) {
    requireObject(`modifiers[${i}]`, m);
    requireInt(`modifiers[${i}]`, m.value, -99, 99);
    if (Math.abs(m.value) > MAX_SINGLE_MODIFIER) warnings.push("modifierOverFive");
    if (m.value !== 0)
      (m.value > 0 ? bonuses : penalties).push({ label: typeof m.label === "string" ? m.label : "modifier", value: m.value });
  }
  if (req.woundPenalty !== undefined && req.woundPenalty !== 0) {
    penalties.push({ label: "wounds", value: requireInt("woundPenalty", req.woundPenalty, -3, 0) });
  }
  if (req.attemptPenalty !== undefined && req.attemptPenalty !== 0) {
    penalties.push({ label: "attempt", value: -requireInt("attemptPenalty", req.attemptPenalty, 0, 99) });
  }
  const bonus = bonuses.reduce((s, p) => s + p.value, 0);
  const penalty = 0 - penalties.reduce((s, p) => s + p.value, 0);
  const pool = base + bonus - penalty;
  return { base, bonus, penalty, pool, chance: pool <= 0, parts: [...parts, ...bonuses, ...penalties], warnings: [...new Set(warnings)] };
}

/**
 * Successive attempts (002:L396–L398, digest A8): attempt 1 has no penalty; after that −step per
 * attempt, cumulative (2nd −1, 3rd −2 …) by default for step 1, flat (every roll after the first
 * −2) by default for step 2. Returns the penalty as a positive number of dice.
 */
export function successiveAttemptPenalty(attempt: number, opts: { step?: 1 | 2; cumulative?: boolean } = {}): number {
  requireInt("attempt", attempt, 1, 999);
  const o = optionsObject("options", opts);
  const step = o.step ?? 1;
  if (step !== 1 && step !== 2) throw new OmnibusError("badArgument", `step must be 1 or 2, got ${describeValue(step)}`);
  const cumulative = o.cumulative === undefined ? step === 1 : optionalFlag("cumulative", o.cumulative);
  if (attempt === 1) return 0;
  return cumulative ? step * (attempt - 1) : step;
}

/** Extended-action retry penalty (002:L294): every roll of attempt n is at −(n − 1) (digest A7). */
export function extendedRetryPenalty(attempt: number): number {
  return requireInt("attempt", attempt, 1, 999) - 1;
}

/** Equipment cost adjustment by rating (002:L649): +4 → Cost +1, +5 → Cost +2. */
export function equipmentCost(baseCost: number, rating: number, opts: { illegal?: boolean } = {}): number {
  requireInt("baseCost", baseCost, 0, 10);
  requireInt("rating", rating, 0, 10);
  const extra = rating >= 5 ? 2 : rating === 4 ? 1 : 0;
  return baseCost + extra + (optionalFlag("illegal", optionsObject("options", opts).illegal) ? 1 : 0);
}

/** Damaged or broken gear (002:L659): rating −1 and Cost −1 (never below 0). */
export function damageEquipment(item: { rating: number; cost: number }): { rating: number; cost: number } {
  requireObject("item", item);
  requireInt("rating", item.rating, 0, 10);
  requireInt("cost", item.cost, 0, 10);
  return { rating: Math.max(0, item.rating - 1), cost: Math.max(0, item.cost - 1) };
}
