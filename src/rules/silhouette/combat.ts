/**
 * An attack from start to damage, for the chat card (digest §10-12): the attacker's modifiers, the
 * defender's modifiers, the opposed comparison (the attack must be greater, 004:L91) or a fixed
 * difficulty for an unaware target (004:L89, L92), and damage = (MoS + burst ROF) × damage
 * multiplier.
 */
import { OmnibusError, requireInt } from "../../core/errors";
import { hitDamage } from "./damage";
import { multipleAttackerPenalty } from "./melee";
import { movementActionModifier, movementDefenseModifier, type MovementMode } from "./movement";
import { optionsObject } from "../../core/guards";
import { resolveAgainst, resolveOpposed, type CheckOptions } from "./pool";

export interface AttackModifierParts {
  /** The attacker's movement mode this turn (action column of 004:L29-37). */
  movement?: MovementMode;
  /** The multi-action penalty (≤ 0), from `planTurn`. */
  multiAction?: number;
  /** Any other modifiers: range, visibility, cramped, water, burst recoil, quick/lightning… */
  other?: number;
}

/**
 * The attacker's total modifier (besides its attribute): movement + multi-action + other. Throws
 * `badArgument` when the movement mode allows no action (sprinting, climbing: "n/a").
 */
export function attackModifier(parts: AttackModifierParts = {}): number {
  parts = optionsObject("parts", parts);
  let total = 0;
  if (parts.movement !== undefined) {
    const m = movementActionModifier(parts.movement);
    if (m === null)
      throw new OmnibusError("badArgument", `no actions while ${parts.movement}`, { name: "movement", value: parts.movement });
    total += m;
  }
  total += requireInt("multiAction", parts.multiAction ?? 0, -100, 0);
  total += requireInt("other", parts.other ?? 0, -100, 100);
  return total;
}

export interface DefenseModifierParts {
  /** The defender's movement mode (defense column, melee or ranged side, 004:L29-38). */
  movement?: MovementMode;
  attack: "melee" | "ranged";
  /** Which attacker this is against the defender this round (1-based; 004:L71). Default 1. */
  attackerIndex?: number;
  /** A free strike carries no multiple-attacker penalty (004:L19). */
  freeStrike?: boolean;
  /** The defender gave up dice instead of the multiple-attacker penalty (004:L85). */
  defendingAgainstSeveral?: boolean;
  other?: number;
}

/** The defender's total modifier (besides its attribute): movement + several attackers + other. */
export function defenseModifier(parts: DefenseModifierParts): number {
  if (typeof parts !== "object" || parts === null)
    throw new OmnibusError("badArgument", "defense modifier parts must be an object", { name: "parts" });
  let total = parts.movement === undefined ? 0 : movementDefenseModifier(parts.movement, parts.attack);
  if (parts.attack !== "melee" && parts.attack !== "ranged")
    throw new OmnibusError("badArgument", "attack must be melee or ranged", { name: "attack" });
  if (parts.defendingAgainstSeveral !== true) total += multipleAttackerPenalty(parts.attackerIndex ?? 1, parts.freeStrike === true);
  total += requireInt("other", parts.other ?? 0, -100, 100);
  return total;
}

export interface AttackOutcome {
  /** The defense total, or the fixed difficulty against an unaware target or an object. */
  threshold: number;
  opposed: boolean;
  margin: number;
  hit: boolean;
  /** Degree of Success on a hit (0 otherwise), before a burst's ROF. */
  degreeOfSuccess: number;
  /** (MoS + ROF) × damage multiplier on a hit; 0 on a miss. */
  damage: number;
}

/**
 * Resolves an attack total against a defense total (opposed: a tie misses, 004:L91) or, with
 * `difficulty`, against a fixed difficulty (unaware targets: 1 + defense modifiers; a tie hits).
 * `attackFumble` applies the `fumbleFails` option.
 */
export function resolveAttack(
  attack: { total: number; fumble?: boolean },
  against: { defenseTotal: number } | { difficulty: number },
  weapon: { damageMultiplier: number; burstRof?: number } = { damageMultiplier: 0 },
  options: CheckOptions = {},
): AttackOutcome {
  if (typeof attack !== "object" || attack === null) throw new OmnibusError("badArgument", "attack must be an object", { name: "attack" });
  if (typeof against !== "object" || against === null)
    throw new OmnibusError("badArgument", "against must be an object", { name: "against" });
  weapon = optionsObject("weapon", weapon) as typeof weapon;
  const opposed = "defenseTotal" in against;
  const threshold = opposed ? (against as { defenseTotal: number }).defenseTotal : (against as { difficulty: number }).difficulty;
  const outcome = resolveAgainst(attack.total, threshold, { opposed, fumble: attack.fumble === true }, options);
  const rof = requireInt("burstRof", weapon.burstRof ?? 0, 0, 50);
  const dm = requireInt("damageMultiplier", weapon.damageMultiplier ?? 0, 0, 1000);
  return {
    threshold,
    opposed,
    margin: outcome.margin,
    hit: outcome.success,
    degreeOfSuccess: outcome.degreeOfSuccess,
    damage: outcome.success ? hitDamage(outcome.degreeOfSuccess, dm, rof) : 0,
  };
}

export interface SilhouetteSurpriseRequest {
  /** Each ambusher's Stealth (Незаметность) total; a mishap counts as no concealment. */
  ambushers: ReadonlyArray<{ id: string; stealth: number; fumble?: boolean }>;
  /** Each intended victim's Notice (Замечать\\Узнавать) total. */
  observers: ReadonlyArray<{ id: string; notice: number; fumble?: boolean }>;
}

export interface SilhouetteSurpriseOutcome {
  observers: Array<{ id: string; noticed: string[]; unaware: boolean }>;
}

/**
 * An ambush (004:L92): it may be spotted with a Notice roll against the ambusher's Stealth roll;
 * a victim who notices the attacker may defend. Opposed like any exchange, the roller must be
 * strictly greater (004:L91): a Notice total above a Stealth total spots that ambusher, a tie does
 * not; a mishap on Notice spots nobody, a mishap on Stealth is spotted by everyone. A victim who
 * spots no ambusher stays unaware: it is attacked against difficulty 1 plus its defense modifiers
 * instead of its Defense roll (004:L89, L92).
 */
export function resolveSurprise(request: SilhouetteSurpriseRequest): SilhouetteSurpriseOutcome {
  if (typeof request !== "object" || request === null)
    throw new OmnibusError("badArgument", "a surprise needs a request object", { name: "request" });
  const { ambushers, observers } = request;
  if (!Array.isArray(ambushers) || ambushers.length === 0)
    throw new OmnibusError("badArgument", "a surprise needs at least one ambusher", { name: "ambushers" });
  if (!Array.isArray(observers)) throw new OmnibusError("badArgument", "observers must be a list", { name: "observers" });
  const ids = new Set<string>();
  for (const x of [...ambushers, ...observers] as Array<{ id?: unknown }>) {
    if (typeof x !== "object" || x === null || typeof x.id !== "string" || x.id === "" || ids.has(x.id))
      throw new OmnibusError("badArgument", "combatant ids must be distinct strings", { name: "id" });
    ids.add(x.id);
  }
  return {
    observers: observers.map((o) => {
      const noticed = ambushers
        .filter((a) => {
          if (o.fumble === true) return false;
          if (a.fumble === true) return true;
          return resolveOpposed(o.notice, a.stealth, "failure").winner === "first";
        })
        .map((a) => a.id);
      return { id: o.id, noticed, unaware: noticed.length === 0 };
    }),
  };
}
