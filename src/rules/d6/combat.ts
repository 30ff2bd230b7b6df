/**
 * Combat (digest §13–22): attack resolution, melee and brawling difficulties, called shots, fire
 * control, reactions (normal and full), opposed rolls and surprise, cover and shooting through it,
 * armor, and scale.
 */
import type { DiceSource } from "../../core/dice";
import { OmnibusError, requireInt, describeValue } from "../../core/errors";
import { addCodes, codeToPips, normalizeCode, subtractCodes, type DieCode } from "./dice-code";
import { requireLevel, type DifficultyLevel } from "./difficulty";
import { requireArray, requireObject } from "../../core/guards";
import { objectDamage } from "./damage";
import { rollPlainDice } from "./roll";

// ---------------------------------------------------------------------------------------------
// Attacks and opposed rolls

/** An attack hits when its total is at least the difficulty (000:L719, L727, A-43). */
export function attackHits(attackTotal: number, difficulty: number): boolean {
  requireInt("attackTotal", attackTotal);
  requireInt("difficulty", difficulty);
  return attackTotal >= difficulty;
}

/**
 * Opposed rolls (§3, A-7): the opposing total acts as the difficulty; the acting side wins ties.
 * Returns whether the actor succeeds and the margin (actor − opponent).
 */
export function opposedRoll(actorTotal: number, opposingTotal: number): { actorWins: boolean; margin: number } {
  requireInt("actorTotal", actorTotal);
  requireInt("opposingTotal", opposingTotal);
  return { actorWins: actorTotal >= opposingTotal, margin: actorTotal - opposingTotal };
}

/**
 * Surprise (§18, 000:L365–369): an observer notices each attacker whose sneak total its search or
 * Perception total equals or beats (A-7: ties notice). The side is surprised when nobody notices anyone.
 */
export function surpriseCheck(
  observerTotals: readonly number[],
  sneakTotals: readonly number[],
): { noticed: boolean[][]; surprised: boolean } {
  requireArray("observerTotals", observerTotals);
  requireArray("sneakTotals", sneakTotals);
  observerTotals.forEach((t, i) => requireInt(`observerTotals[${i}]`, t));
  sneakTotals.forEach((t, i) => requireInt(`sneakTotals[${i}]`, t));
  const noticed = observerTotals.map((o) => sneakTotals.map((s) => o >= s));
  const surprised = sneakTotals.length > 0 && !noticed.some((row) => row.some(Boolean));
  return { noticed, surprised };
}

export interface D6SurpriseRequest {
  /** Each ambusher's sneak total (the attackers' sneak rolls, 000:L365). */
  ambushers: ReadonlyArray<{ id: string; sneak: number }>;
  /** Each targeted character in range: its search or Perception total (000:L365). */
  observers: ReadonlyArray<{ id: string; search: number }>;
}

export interface D6SurpriseOutcome {
  /** Per observer: the ambushers it noticed (its total equals or beats their sneak, 000:L367). */
  observers: Array<{ id: string; noticed: string[]; surprised: boolean }>;
  /** Nobody noticed anyone: the whole targeted side is caught by surprise (000:L369). */
  surprised: boolean;
}

/**
 * Who is caught by surprise at the start of a fight (000:L361–369): every targeted character rolls
 * search or Perception; a total equal to or higher than an ambusher's sneak total notices that
 * ambusher (000:L367, ties notice). The seed speaks of a side (000:L363 «застигнутая врасплох
 * сторона»): when nobody notices anyone, every target is surprised (000:L369); when anyone notices,
 * the side is not surprised. A surprised side lets the ambushers take the first action and cannot
 * roll reactions against it (000:L363).
 */
export function resolveSurprise(request: D6SurpriseRequest): D6SurpriseOutcome {
  requireObject("surprise", request);
  const ambushers = requireArray<{ id: string; sneak: number }>("ambushers", request.ambushers);
  const observers = requireArray<{ id: string; search: number }>("observers", request.observers);
  if (ambushers.length === 0) throw new OmnibusError("badArgument", "a surprise needs at least one ambusher", { name: "ambushers" });
  const ids = new Set<string>();
  for (const [i, x] of [...ambushers, ...observers].entries()) {
    requireObject(`combatant ${i}`, x);
    if (typeof x.id !== "string" || x.id === "" || ids.has(x.id))
      throw new OmnibusError("badArgument", `combatant ids must be distinct strings, got "${describeValue(x.id)}"`, { name: "id" });
    ids.add(x.id);
  }
  const check = surpriseCheck(
    observers.map((o) => o.search),
    ambushers.map((a) => a.sneak),
  );
  return {
    observers: observers.map((o, i) => ({
      id: o.id,
      noticed: ambushers.filter((_, j) => check.noticed[i][j]).map((a) => a.id),
      surprised: check.surprised,
    })),
    surprised: check.surprised,
  };
}

// ---------------------------------------------------------------------------------------------
// Melee and brawling (§15)

/** Brawling's difficulty is Very Easy (000:L727); a melee weapon has its own level (000:L719; vibroblade Moderate, 000:L723). */
export function meleeDifficultyLevel(attack: { brawling: true } | { brawling?: false; weaponLevel: DifficultyLevel }): DifficultyLevel {
  requireObject("attack", attack);
  return attack.brawling ? "very_easy" : requireLevel(attack.weaponLevel, "weaponLevel");
}

// ---------------------------------------------------------------------------------------------
// Rolled modifiers added to a difficulty: called shots (§17), cover (§19)

/**
 * Called shot (000:L559–563): dice added to the difficulty by target size. 10–50 cm +1D, 1–10 cm
 * +4D, under 1 cm +8D; larger than 50 cm no modifier. A size exactly on an edge takes the
 * easier row.
 */
export function calledShotDice(targetSizeCm: number): number {
  if (typeof targetSizeCm !== "number" || !Number.isFinite(targetSizeCm) || targetSizeCm <= 0) {
    throw new OmnibusError("badArgument", `target size must be a positive number of centimetres, got ${describeValue(targetSizeCm)}`, {
      name: "targetSizeCm",
      value: describeValue(targetSizeCm),
    });
  }
  if (targetSizeCm > 50) return 0;
  if (targetSizeCm >= 10) return 1;
  if (targetSizeCm >= 1) return 4;
  return 8;
}

/** Cover and concealment (§19; seed: moonlit night +2D, half hidden +2D; the rest published R&E). */
export type CoverCondition =
  | "light_smoke"
  | "thick_smoke"
  | "very_thick_smoke"
  | "poor_light"
  | "moonlit_night"
  | "complete_darkness"
  | "quarter_cover"
  | "half_cover"
  | "three_quarter_cover"
  | "full_cover";

/** Dice each condition adds to the difficulty; `null`: cannot be hit directly (shoot through the cover). */
export const COVER_DICE: Readonly<Record<CoverCondition, number | null>> = Object.freeze({
  light_smoke: 1,
  thick_smoke: 2,
  very_thick_smoke: 4,
  poor_light: 1,
  moonlit_night: 2,
  complete_darkness: 4,
  quarter_cover: 1,
  half_cover: 2,
  three_quarter_cover: 4,
  full_cover: null,
});

/** Physical cover (blocks shots, gives protection) as opposed to concealment (light, smoke). */
export const PHYSICAL_COVER: readonly CoverCondition[] = ["quarter_cover", "half_cover", "three_quarter_cover", "full_cover"];

/**
 * Rolls a modifier code and returns its total, to be added to a difficulty (000:L563, L607: the
 * dice are rolled and added). Plain dice, no Wild Die. T-45: +1D rolled 4 on 12 → 16.
 */
export function rollModifier(code: DieCode, dice: DiceSource): { faces: number[]; total: number } {
  const n = normalizeCode(code);
  if (n.dice < 0 || (n.dice === 0 && n.pips < 0)) {
    throw new OmnibusError("badArgument", `a rolled modifier must not be negative`, { name: "modifier", value: `${n.dice}D${n.pips}` });
  }
  const r = rollPlainDice(n.dice, dice);
  return { faces: r.faces, total: r.total + n.pips };
}

// ---------------------------------------------------------------------------------------------
// Shooting through physical cover (§20)

export type CoverShot = "direct_hit" | "hits_cover" | "miss";

/**
 * Where a shot at a target behind physical cover goes (000:L618–634): base = difficulty without the
 * physical-cover modifier, full = base + that modifier. attack ≥ full → direct hit; base ≤ attack <
 * full → the cover is hit; attack < base → clean miss. T-51: full 30, base 23, attack 26 → cover.
 */
export function shotThroughCover(attackTotal: number, baseDifficulty: number, coverModifier: number): CoverShot {
  requireInt("attackTotal", attackTotal);
  requireInt("baseDifficulty", baseDifficulty);
  requireInt("coverModifier", coverModifier, 0);
  if (attackTotal >= baseDifficulty + coverModifier) return "direct_hit";
  if (attackTotal >= baseDifficulty) return "hits_cover";
  return "miss";
}

/**
 * Damage that passes through cover that was hit (§20): damage roll vs the cover's body-strength
 * roll; the difference gives the cover's state and the code that reaches the character (or none).
 * T-51: bins 2D rolled 7, heavy blaster 5D rolled 20 → 13 → severely damaged → 4D.
 */
export function damageThroughCover(
  weaponDamage: DieCode,
  damageTotal: number,
  bodyStrengthTotal: number,
): { margin: number; coverState: ReturnType<typeof objectDamage>["status"]; passes: DieCode | null } {
  const row = objectDamage(damageTotal, bodyStrengthTotal);
  if (row.coverPassLoss === null) return { margin: row.margin, coverState: row.status, passes: null };
  const left = normalizeCode(subtractCodes(weaponDamage, { dice: row.coverPassLoss, pips: 0 }));
  // A weapon too weak to keep any dice after the loss passes nothing.
  return { margin: row.margin, coverState: row.status, passes: codeToPips(left) > 0 ? left : null };
}

// ---------------------------------------------------------------------------------------------
// Reactions (§16)

export type AttackType = "ranged" | "melee" | "brawling";
export type ReactionSkill = "dodge" | "melee_parry" | "brawling_parry" | "lightsaber" | "vehicle_dodge" | "starship_dodge";
export const REACTION_SKILLS: readonly ReactionSkill[] = [
  "dodge",
  "melee_parry",
  "brawling_parry",
  "lightsaber",
  "vehicle_dodge",
  "starship_dodge",
];

/** The attack types each reaction defends against (000:L739–753; A-35 for full reactions). */
export const REACTION_COVERS: Readonly<Record<ReactionSkill, readonly AttackType[]>> = Object.freeze({
  dodge: ["ranged"],
  vehicle_dodge: ["ranged"],
  starship_dodge: ["ranged"],
  melee_parry: ["melee", "brawling"],
  lightsaber: ["melee", "brawling"],
  brawling_parry: ["brawling", "melee"],
});

/** A reaction rolled this round: its total, and whether it is a full reaction (the only action, 000:L765). */
export interface ActiveReaction {
  skill: ReactionSkill;
  total: number;
  full: boolean;
}

export interface ReactionOptions {
  /** A-12 house option: a brawling parry against an armed melee attack gives the attacker +10 (default false). */
  brawlingParryVsWeaponPenalty?: boolean;
}

/**
 * The difficulty an attack of `attackType` must meet, given the target's reactions this round
 * (§16.2–16.3): a normal reaction's total **replaces** the difficulty even when lower (000:L755,
 * L761); a full reaction's total is **added** (000:L767). Only reactions that cover the attack type
 * count (000:L759, L771). If several normal reactions cover it, the latest one (last in the list)
 * applies. `attackerBonus` is +10 under the A-12 option.
 * T-58: base 8, dodge 27 → 27; melee stays 5. T-59: 6/8/17 with dodge 14 → 14. T-60: full dodge 27 → 40, 40, 35.
 */
export function reactionDifficulty(
  baseDifficulty: number,
  attackType: AttackType,
  reactions: readonly ActiveReaction[],
  opts: ReactionOptions = {},
): { difficulty: number; attackerBonus: number; reaction: ActiveReaction | null } {
  requireInt("baseDifficulty", baseDifficulty);
  if (attackType !== "ranged" && attackType !== "melee" && attackType !== "brawling") {
    throw new OmnibusError("badArgument", `attack type must be ranged, melee or brawling, got "${describeValue(attackType)}"`, {
      name: "attackType",
      value: describeValue(attackType),
    });
  }
  if (!Array.isArray(reactions)) throw new OmnibusError("badArgument", "reactions must be a list", { name: "reactions" });
  let chosen: ActiveReaction | null = null;
  for (const r of reactions as readonly ActiveReaction[]) {
    if (!REACTION_SKILLS.includes(r?.skill))
      throw new OmnibusError("badArgument", `unknown reaction skill "${describeValue(r?.skill)}"`, {
        name: "skill",
        value: describeValue(r?.skill),
      });
    requireInt("reaction total", r.total);
    if (REACTION_COVERS[r.skill].includes(attackType)) chosen = r;
  }
  const attackerBonus = opts.brawlingParryVsWeaponPenalty && chosen?.skill === "brawling_parry" && attackType === "melee" ? 10 : 0;
  if (!chosen) return { difficulty: baseDifficulty, attackerBonus: 0, reaction: null };
  return { difficulty: chosen.full ? baseDifficulty + chosen.total : chosen.total, attackerBonus, reaction: chosen };
}

/**
 * The whole difficulty of an attack on one target: the target's reaction replaces (or, when full,
 * adds to) the BASE difficulty only — the range band's or melee level's number (000:L1145, L755) —
 * and every other difficulty modifier (cover and its rolled dice, darkness, a called shot, the GM's
 * modifier, a damaged weapon's +N) still adds on top (000:L605, L620: the shot must beat the base
 * and then the added cover). `added` is the sum of those modifiers; never below 0.
 * Seed 000:L611: medium range 13 + a moonlit night's 2D (5) = 18; with a dodge of 15 it is 15 + 5 = 20.
 */
export function attackDifficulty(
  baseDifficulty: number,
  attackType: AttackType,
  reactions: readonly ActiveReaction[],
  added: number,
  opts: ReactionOptions = {},
): { difficulty: number; base: number; attackerBonus: number; reaction: ActiveReaction | null } {
  requireInt("added", added);
  const r = reactionDifficulty(baseDifficulty, attackType, reactions, opts);
  const base = Math.max(0, r.difficulty - r.attackerBonus);
  return { difficulty: Math.max(0, base + added), base, attackerBonus: r.attackerBonus, reaction: r.reaction };
}

/**
 * Dodging a grenade (000:L587–591): the dodger dives clear when the dodge total exceeds the throw's
 * total (a 17 against a 17 is still hit; 18 is needed). T-47.
 */
export function grenadeDodged(dodgeTotal: number, throwTotal: number): boolean {
  requireInt("dodgeTotal", dodgeTotal);
  requireInt("throwTotal", throwTotal);
  return dodgeTotal > throwTotal;
}

// ---------------------------------------------------------------------------------------------
// Armor (§21)

export type DamageType = "physical" | "energy";

/** Armor as plain data: dice added against each damage type, and its Dexterity penalty (000:L636–648). */
export interface Armor {
  physical: DieCode;
  energy: DieCode;
  /** Taken from Dexterity and every Dexterity skill (000:L644), as a positive code. */
  dexterityPenalty?: DieCode;
}

/** Stormtrooper armor (000:L646–648): +2D physical, +1D energy, −1D Dexterity. */
export const STORMTROOPER_ARMOR: Armor = Object.freeze({
  physical: { dice: 2, pips: 0 },
  energy: { dice: 1, pips: 0 },
  dexterityPenalty: { dice: 1, pips: 0 },
});

export interface ResistOptions {
  armor?: Armor | null;
  damageType?: DamageType;
  /** Scale dice the target adds when it is the larger (see `scaleModifiers`). */
  scaleBonus?: number;
  /** A Force Point doubles the character's own Strength, not the armor (000:L427, L833). */
  forcePoint?: boolean;
}

/**
 * The code a target rolls to resist damage (§23.2): full Strength (no wound or action penalty,
 * 000:L1233) + armor against the damage type (000:L638–642) + scale. Not normalised beyond 3 pips = 1D.
 * T-52: 3D+2 + 1D → 4D+2. T-53: 3D+2 with stormtrooper armor → energy 4D+2, physical 5D+2.
 */
export function resistCode(strength: DieCode, options: ResistOptions = {}): DieCode {
  const opts = options ?? {};
  const type = opts.damageType ?? "energy";
  if (type !== "physical" && type !== "energy")
    throw new OmnibusError("badArgument", `damage type must be physical or energy, got "${describeValue(type)}"`, {
      name: "damageType",
      value: describeValue(type),
    });
  const scale = opts.scaleBonus ?? 0;
  requireInt("scaleBonus", scale, 0, 100);
  const own = opts.forcePoint ? { dice: strength.dice * 2, pips: strength.pips * 2 } : strength;
  const armor = opts.armor ? opts.armor[type] : { dice: 0, pips: 0 };
  return normalizeCode(addCodes(own, armor, { dice: scale, pips: 0 }));
}

/** A Dexterity-based code with the armor's Dexterity penalty (000:L644, L648). T-53: dodge 6D → 5D. */
export function armoredDexterityCode(code: DieCode, armor: Armor | null | undefined): DieCode {
  return normalizeCode(armor?.dexterityPenalty ? subtractCodes(code, armor.dexterityPenalty) : code);
}

// ---------------------------------------------------------------------------------------------
// Scale (§22)

export type Scale = "character" | "speeder" | "walker" | "starfighter" | "capital" | "death_star";
export const SCALES: readonly Scale[] = ["character", "speeder", "walker", "starfighter", "capital", "death_star"];

/** Scale modifiers in dice (published, verified; the seed names the scales only, 000:L329). */
export const SCALE_DICE: Readonly<Record<Scale, number>> = Object.freeze({
  character: 0,
  speeder: 2,
  walker: 4,
  starfighter: 6,
  capital: 12,
  death_star: 24,
});

function requireScale(s: unknown, name: string): Scale {
  if (typeof s !== "string" || !(SCALES as readonly string[]).includes(s)) {
    throw new OmnibusError("badArgument", `${name} must be one of ${SCALES.join(", ")}, got "${describeValue(s)}"`, {
      name,
      value: describeValue(s),
    });
  }
  return s as Scale;
}

/** |higher − lower| (000:L337). T-31: speeder vs walker → 2D. */
export function adjustedScaleModifier(a: Scale, b: Scale): number {
  return Math.abs(SCALE_DICE[requireScale(a, "scale")] - SCALE_DICE[requireScale(b, "scale")]);
}

/**
 * Dice each roll gains from scale (000:L341–359), both directions:
 * smaller attacks larger → attacker +adj to attack, target +adj to resist damage, no bonus to the
 * target's dodge; larger attacks smaller → target +adj to dodge, attacker +adj to damage. Same scale → all 0.
 * T-32: speeder cannon vs walker → attack +2D, resist +2D.
 */
export function scaleModifiers(attacker: Scale, target: Scale): { attack: number; dodge: number; damage: number; resist: number } {
  const adj = adjustedScaleModifier(attacker, target);
  if (adj === 0) return { attack: 0, dodge: 0, damage: 0, resist: 0 };
  if (SCALE_DICE[attacker] < SCALE_DICE[target]) return { attack: adj, dodge: 0, damage: 0, resist: adj };
  return { attack: 0, dodge: adj, damage: adj, resist: 0 };
}
