/**
 * Melee combat (digest §10; seed 004:L67-90) and the defense side shared with ranged combat.
 */
import { OmnibusError, requireInt } from "../../core/errors";
import { MAX_POOL } from "./pool";
import { ATTRIBUTE_RANGE } from "./movement";

/** Skills that can defend (004:L67, L91). */
export type DefenseSkill = "defense" | "handToHand" | "melee";
/** The kind of attack being defended against. */
export type AttackKind = "unarmed" | "armedMelee" | "ranged";

/**
 * Skills a defender may roll (004:L67, L91): Defense (Защита) to dodge anything; Hand-to-Hand
 * (Рукопашный бой) to block unarmed attacks; Melee (Ближний бой) to parry melee attacks; against a
 * shot fired point-blank from within the defender's reach, Melee too (004:L91).
 */
export function defenseSkills(attack: AttackKind, pointBlankWithinReach = false): DefenseSkill[] {
  if (attack === "unarmed") return ["defense", "handToHand", "melee"];
  if (attack === "armedMelee") return ["defense", "melee"];
  if (attack === "ranged") return pointBlankWithinReach ? ["defense", "melee"] : ["defense"];
  throw new OmnibusError("badArgument", `unknown attack kind "${String(attack)}"`, { name: "attack", value: String(attack) });
}

/** Cap of the multiple-attacker defense penalty (004:L71). */
export const MULTIPLE_ATTACKER_CAP = 3;

/**
 * Defense modifier against the `attacker`-th attacker this round (1-based): the first is standard,
 * each further one −1, up to −3 (004:L71). Free strikes never carry this penalty (004:L19).
 */
export function multipleAttackerPenalty(attacker: number, freeStrike = false): number {
  requireInt("attacker", attacker, 1, 1000);
  if (freeStrike) return 0;
  return 0 - Math.min(attacker - 1, MULTIPLE_ATTACKER_CAP);
}

/**
 * "Defending against multiple attacks" (004:L85): give up dice instead of the penalty. The
 * example (Defense 5 vs three thugs → Defense 3) means one die per *additional* attacker
 * (`perAdditionalAttacker`, default); the rule text's "per attacker" is the alternative. A pool
 * that reaches 0 defends untrained (004:L83).
 */
export function defendAgainstSeveral(
  defensePool: number,
  attackers: number,
  reading: "perAdditionalAttacker" | "perAttacker" = "perAdditionalAttacker",
): { dice: number; untrained: boolean; penalty: 0 } {
  requireInt("defensePool", defensePool, 0, MAX_POOL);
  requireInt("attackers", attackers, 1, 1000);
  if (reading !== "perAdditionalAttacker" && reading !== "perAttacker")
    throw new OmnibusError("badArgument", `unknown reading "${String(reading)}"`, { name: "reading" });
  const cost = reading === "perAdditionalAttacker" ? attackers - 1 : attackers;
  const dice = Math.max(0, defensePool - cost);
  return { dice, untrained: dice === 0, penalty: 0 };
}

/** Rough reach: an opponent within 1 m (004:L73). */
export const BASIC_REACH_METRES = 1;

/**
 * Reach of a martial-arts master (004:L73): 1 m + 1 m per "level of Knowledge" (уровень Знаний) in
 * the skill above the first.
 */
export function martialReachMetres(knowledgeLevel: number): number {
  requireInt("knowledgeLevel", knowledgeLevel, 0, 20);
  return BASIC_REACH_METRES + Math.max(0, knowledgeLevel - 1);
}

/** Exact reach: 50 + 10·FIT + 10·BLD cm, in a 270° arc in front (004:L73). Never below 0. */
export function reachCentimetres(fit: number, build: number): number {
  requireInt("fit", fit, ...ATTRIBUTE_RANGE);
  requireInt("build", build, ...ATTRIBUTE_RANGE);
  return Math.max(0, 50 + 10 * fit + 10 * build);
}

/** The front arc of reach and of a shooter's fire zone, in degrees (004:L73, L101). */
export const FRONT_ARC_DEGREES = 270;

/**
 * Whether a target at `distanceMetres` and `bearingDegrees` (0 = straight ahead, ±180 = behind)
 * is within reach.
 */
export function withinReach(distanceMetres: number, reachMetres: number, bearingDegrees = 0): boolean {
  for (const [name, v] of [
    ["distanceMetres", distanceMetres],
    ["reachMetres", reachMetres],
    ["bearingDegrees", bearingDegrees],
  ] as const) {
    if (typeof v !== "number" || !Number.isFinite(v)) throw new OmnibusError("badArgument", `${name} must be a number`, { name });
  }
  if (distanceMetres < 0 || reachMetres < 0) throw new OmnibusError("badArgument", "distances are ≥ 0", { name: "distanceMetres" });
  const off = Math.abs((((bearingDegrees % 360) + 540) % 360) - 180);
  return distanceMetres <= reachMetres + 1e-9 && off <= FRONT_ARC_DEGREES / 2;
}

/**
 * Cramped quarters (004:L76): wielding something longer than an arm → −1; weapons needing even
 * more room (long blade, whip, polearm, rifle stock) take a larger penalty, the GM's call
 * (`extraPenalty`, ≥ 0, subtracted on top).
 */
export function crampedPenalty(longerThanArm: boolean, extraPenalty = 0): number {
  requireInt("extraPenalty", extraPenalty, 0, 10);
  return longerThanArm ? -1 - extraPenalty : 0;
}

/** How deep a fight is in water (004:L77-78). */
export type WaterDepth = "none" | "knee" | "shoulder" | "deep" | "under";

export interface WaterEffect {
  /** Modifier to every action. */
  allActions: number;
  /** Extra modifier to AGI-linked skills. */
  agilitySkills: number;
  /** Underwater: roll the lowest of the required skills or Athletics (004:L77). */
  lowestSkillOrAthletics: boolean;
  /** Deeper water: an Athletics check may replace the −2 (004:L78). */
  athleticsCheckInstead: boolean;
  /** Speed factor (knee-deep: half) or `null` when the chapter gives none. */
  speedFactor: number | null;
}

/**
 * Water modifiers (004:L77-78): underwater −1 (a multi-action: one action keeps you afloat) unless
 * a swimming device is used, heavy armour or gear −1 more, and the lowest skill or Athletics;
 * up to the shoulders −1 to AGI skills; deeper −2 or an Athletics check; knee-deep half speed.
 */
export function waterEffect(depth: WaterDepth, opts: { swimmingDevice?: boolean; heavyArmourOrGear?: boolean } = {}): WaterEffect {
  const none: WaterEffect = {
    allActions: 0,
    agilitySkills: 0,
    lowestSkillOrAthletics: false,
    athleticsCheckInstead: false,
    speedFactor: 1,
  };
  switch (depth) {
    case "none":
      return none;
    case "knee":
      return { ...none, speedFactor: 0.5 };
    case "shoulder":
      return { ...none, agilitySkills: -1, speedFactor: null };
    case "deep":
      return { ...none, allActions: -2, athleticsCheckInstead: true, speedFactor: null };
    case "under":
      return {
        allActions: (opts.swimmingDevice ? 0 : -1) + (opts.heavyArmourOrGear ? -1 : 0),
        agilitySkills: 0,
        lowestSkillOrAthletics: true,
        athleticsCheckInstead: false,
        speedFactor: null,
      };
    default:
      throw new OmnibusError("badArgument", `unknown water depth "${String(depth)}"`, { name: "depth", value: String(depth) });
  }
}

/** Underwater, the skill rolled is the lower of the action's skill and Athletics (004:L77, §16.22). */
export function underwaterSkill(actionSkill: number, athletics: number): number {
  requireInt("actionSkill", actionSkill, 0, MAX_POOL);
  requireInt("athletics", athletics, 0, MAX_POOL);
  return Math.min(actionSkill, athletics);
}

/** Quick (Быстрая) and Lightning (Молниеносная) attacks (004:L79-81). */
export type FlurryKind = "single" | "quick" | "lightning";
export const FLURRY: Readonly<Record<FlurryKind, { attacks: number; modifier: number }>> = {
  single: { attacks: 1, modifier: 0 },
  quick: { attacks: 2, modifier: -1 },
  lightning: { attacks: 3, modifier: -2 },
};

/**
 * A quick or lightning attack (004:L80-81): the attacker rolls once, with the modifier; the
 * defender rolls a separate defense against each attack, each against the attacker's one total.
 * The attacker's `result + modifiers` is passed in without the flurry modifier; the answer adds it.
 * (The seed's example, "result 5 → two defenses vs 5", is read as the final total, §16.23.)
 */
export function flurryAttack(
  kind: FlurryKind,
  attackTotalBeforeFlurry: number,
): { attacks: number; modifier: number; total: number; defensesAgainst: number[] } {
  if (!(kind in FLURRY))
    throw new OmnibusError("badArgument", `unknown attack kind "${String(kind)}"`, { name: "kind", value: String(kind) });
  requireInt("attackTotalBeforeFlurry", attackTotalBeforeFlurry, -1000, 1000);
  const { attacks, modifier } = FLURRY[kind];
  const total = attackTotalBeforeFlurry + modifier;
  return { attacks, modifier, total, defensesAgainst: Array.from({ length: attacks }, () => total) };
}

/**
 * A feint (Обманная атака, 004:L83): drop N of your dice to drop N of the defender's. A defender
 * pool reduced to 0 defends untrained. Whether the attacker may drop its whole pool is not said
 * (§16.25): by default it must keep one die.
 */
export function feint(
  attackerPool: number,
  defenderPool: number,
  diceDropped: number,
  allowAttackerUntrained = false,
): { attackerDice: number; defenderDice: number; defenderUntrained: boolean; attackerUntrained: boolean } {
  requireInt("attackerPool", attackerPool, 0, MAX_POOL);
  requireInt("defenderPool", defenderPool, 0, MAX_POOL);
  requireInt("diceDropped", diceDropped, 0, allowAttackerUntrained ? attackerPool : Math.max(0, attackerPool - 1));
  const attackerDice = attackerPool - diceDropped;
  const defenderDice = Math.max(0, defenderPool - diceDropped);
  return { attackerDice, defenderDice, defenderUntrained: defenderDice === 0, attackerUntrained: attackerDice === 0 };
}

/** Base difficulty to hit an unaware target or an inanimate object (004:L89-90, L92). */
export const UNAWARE_BASE_DIFFICULTY = 1;

/**
 * A surprise attack on an unaware target (004:L89): roll the lower of the attack skill and Stealth
 * (Незаметность) against 1 + every applicable defense modifier of the target (e.g. its movement).
 * A ranged ambush is the same test (004:L92) — pass the firing skill as `attackSkill`.
 */
export function surpriseAttack(attackSkill: number, stealth: number, targetDefenseModifiers = 0): { dice: number; difficulty: number } {
  requireInt("attackSkill", attackSkill, 0, MAX_POOL);
  requireInt("stealth", stealth, 0, MAX_POOL);
  requireInt("targetDefenseModifiers", targetDefenseModifiers, -100, 100);
  return { dice: Math.min(attackSkill, stealth), difficulty: UNAWARE_BASE_DIFFICULTY + targetDefenseModifiers };
}

/** Striking an inanimate object: difficulty 1 + modifiers (004:L90). */
export function objectDifficulty(modifiers = 0): number {
  requireInt("modifiers", modifiers, -100, 100);
  return UNAWARE_BASE_DIFFICULTY + modifiers;
}

/**
 * Candidate melee modifiers from the Heavy Gear personal-combat reference — the seed's table is
 * lost (004:L68-71, digest §10.2). Not seed data: offer them only as GM-confirmed options.
 */
export const CANDIDATE_COVER_MODIFIERS = { none: 0, light: 1, totalLight: 2, heavy: 3, totalHeavy: "automatic" } as const;
export const CANDIDATE_FACING_MODIFIERS = { front: 0, side: -1, rear: -2 } as const;
