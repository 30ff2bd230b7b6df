/**
 * D6 chat cards as plain data (no Foundry globals): the dice of a roll with their roles, the
 * outcome of a check or an attack per target, damage against each target's Strength, and the one
 * update that applying it makes (wound level + status effects). checks.ts and actions.ts call these
 * with evaluated rolls; the gallery and the tests call them with the digest's numbers.
 */
import {
  WOUND_LEVELS,
  blastZone,
  formatDieCode,
  interpretMargin,
  objectDamage,
  parseBlastZones,
  resolveDamage,
  stunKnockout,
  woundPenaltyDice,
  type D6RollResult,
  type DamageOutcome,
  type DieCode,
  type RangeBand,
  type WoundLevel,
} from "..";
import { codeToPips, normalizeCode, pipsToCode, resistCode, scaleModifiers, type Armor, type Scale } from "..";
import { OBJECT_STATES, storedCode } from "./schema";
import { equippedArmor, resistanceEffectPips, targetDifficulty, weaponDamageCode, type D6ActorData, type D6AttackTarget } from "./checks";
import { type D6Settings } from "./settings";
import type { TargetInfo } from "../../table/types";
import { attackHits } from "..";

export interface CardDie {
  face: number;
  sides: number;
  classes: string;
  title?: string;
}

/** The faces of a D6 roll in the dice order contract, marked regular / wild / cp, exploded and removed. */
export function diceFaces(result: D6RollResult): CardDie[] {
  const dice: CardDie[] = [];
  let removedHighest = result.removed.length > 1 ? result.removed[1] : null;
  for (const face of result.dice) {
    const removed = removedHighest !== null && face === removedHighest;
    if (removed) removedHighest = null;
    dice.push({ face, sides: 6, classes: removed ? "discarded" : "" });
  }
  result.wild.forEach((face, i) => {
    const classes = ["wild"];
    if (face === 6) classes.push("exploded");
    if (i === 0 && face === 1 && result.removed.length > 0) classes.push("discarded");
    if (i === 0 && face === 1) classes.push("fumble");
    dice.push({ face, sides: 6, classes: classes.join(" ") });
  });
  for (const cp of result.cp) for (const face of cp) dice.push({ face, sides: 6, classes: face === 6 ? "cp exploded" : "cp" });
  return dice;
}

export interface CardLine {
  label: string;
  value: string;
  /** Hidden from players when the GM hides difficulties. */
  secret?: boolean;
}

export interface TargetOutcome {
  name: string;
  img: string;
  distance: number | null;
  units: string;
  /** i18n key of the range band or blast zone, if any. */
  band?: string;
  /** Extra text after the band (a zone's damage code). */
  bandDetail?: string;
  difficulty?: number | null;
  /** i18n key and tone ("success" | "failure" | "neutral"). */
  result: string;
  tone: string;
  /** Optional text after the result (a wound level's penalty, a margin). */
  resultDetail?: string;
  button?: { action: string; label: string; icon?: string; data: Record<string, string | number> };
}

export interface D6CardContext {
  [key: string]: unknown;
  title: string;
  subtitle: string;
  img: string;
  dice: CardDie[];
  total: number;
  outcome: { label: string; tone: string } | null;
  quality: string | null;
  complication: boolean;
  lines: CardLine[];
  outcomes: TargetOutcome[];
  buttons: Array<{
    action: string;
    label: string;
    icon?: string;
    data?: Record<string, string | number>;
    /** Already-localized text after the label (a target's name). */ detail?: string;
  }>;
}

/** The outcome line of a roll against a difficulty (or none): success on ≥ (A-3), with §12's quality. */
export function checkOutcome(total: number, difficulty: number | null): { outcome: D6CardContext["outcome"]; quality: string | null } {
  if (difficulty === null) return { outcome: null, quality: null };
  const margin = total - difficulty;
  return {
    outcome: margin >= 0 ? { label: "OMNIBUS.D6.Card.Success", tone: "success" } : { label: "OMNIBUS.D6.Card.Failure", tone: "failure" },
    quality: `OMNIBUS.D6.Quality.${interpretMargin(margin)}`,
  };
}

export const BAND_LABEL = (band: RangeBand) => `OMNIBUS.D6.Band.${band}`;

// ---------------------------------------------------------------------------------------------
// Blasts (§28)

export interface BlastToken {
  tokenUuid: string;
  actorUuid: string | null;
  name: string;
  img: string;
  /** Distance from the impact point in metres. */
  distance: number;
}

export interface BlastHit extends BlastToken {
  zone: number;
  damage: string;
}

/** Which tokens a blast reaches, and each one's zone damage (T-44: 5D/4D/3D/2D at 0-2/4/6/10). */
export function blastHits(radii: string, damage: string, tokens: BlastToken[]): BlastHit[] {
  const zones = parseBlastZones(radii, damage);
  const hits: BlastHit[] = [];
  for (const t of tokens) {
    const z = blastZone(t.distance, zones);
    if (z) hits.push({ ...t, zone: z.zone, damage: formatDieCode(z.damage) });
  }
  return hits;
}

export function blastOuterRadius(radii: string, damage: string): number {
  const zones = parseBlastZones(radii, damage);
  return zones[zones.length - 1].radius;
}

/**
 * The tokens a blast reaches and each one's zone damage: `around(radius)` finds the tokens within
 * the outer radius (scene units) of the impact point — on the roller's map, the GM's scene or a
 * request's list. `units`: the scene's unit, as the tokens found carry it ("" when none is found).
 */
export function blastZoneHits(
  blast: { radii: string; damage: string },
  settings: Pick<D6Settings, "metresPerUnit">,
  around: (radius: number) => Array<Pick<TargetInfo, "tokenUuid" | "actorUuid" | "name" | "img" | "distance" | "units">>,
): { hits: BlastHit[]; units: string } {
  const radius = blastOuterRadius(blast.radii, blast.damage) / settings.metresPerUnit;
  const found = around(radius);
  const hits = blastHits(
    blast.radii,
    blast.damage,
    found.map((t) => ({
      tokenUuid: t.tokenUuid,
      actorUuid: t.actorUuid,
      name: t.name,
      img: t.img,
      distance: (t.distance ?? 0) * settings.metresPerUnit,
    })),
  );
  return { hits, units: found[0]?.units ?? "" };
}

/** The card's rows for those in a blast: each one's zone and its damage code. */
export function blastOutcomes(hits: BlastHit[], settings: Pick<D6Settings, "metresPerUnit">, units: string): TargetOutcome[] {
  return hits.map((h) => ({
    name: h.name,
    img: h.img,
    distance: h.distance / settings.metresPerUnit,
    units,
    band: "OMNIBUS.D6.Card.BlastZone",
    bandDetail: h.damage,
    result: "OMNIBUS.D6.Card.InBlast",
    tone: "neutral",
  }));
}

// ---------------------------------------------------------------------------------------------
// Damage (§23) and what applying it changes

/** Status effects of the wound track, in wound order. */
export const WOUND_STATUS: Partial<Record<WoundLevel, string>> = {
  stunned: "stunned",
  wounded: "wounded",
  wounded_twice: "wounded_twice",
  incapacitated: "incapacitated",
  mortally_wounded: "mortally_wounded",
  killed: "dead",
};

/** Exactly the wound level's status on, the others of the track off; prone from Wounded on; unconscious when knocked out. */
export function woundStatuses(level: WoundLevel, unconscious: boolean): Record<string, boolean> {
  const statuses: Record<string, boolean> = {};
  for (const [l, id] of Object.entries(WOUND_STATUS)) statuses[id as string] = l === level;
  const rank = WOUND_LEVELS.indexOf(level);
  statuses.prone = rank >= WOUND_LEVELS.indexOf("wounded") && level !== "killed";
  statuses.unconscious = unconscious || level === "incapacitated" || level === "mortally_wounded";
  return statuses;
}

export interface DamageTarget {
  actorUuid: string;
  name: string;
  img: string;
  damageTotal: number;
  resistTotal: number;
  stun: boolean;
  vehicle: boolean;
}

export interface PlannedDamage {
  update: Record<string, unknown>;
  statuses: Record<string, boolean>;
  /** For the card: the table result and the new state. */
  result: DamageOutcome["result"] | string;
  state: string;
  margin: number;
  /** Stun results reached the target's Strength dice: unconscious for 2D minutes. */
  knockedOut?: boolean;
}

/**
 * The one change applying a damage result makes to a target (§23.2–23.5; §24 for vehicles), given
 * its current state: a character's wound level stacks and stun damage knocks out; a vehicle's
 * damage takes the worse of its current and the new object-damage state.
 * T-34: (16, 12) → wounded; T-36: (15, 11) on a wounded character → wounded twice; T-38: stun (22, 11) → unconscious.
 */
export function planDamage(
  target: DamageTarget,
  current: { woundLevel?: string; stuns?: number; damage?: string; strength?: DieCode | null },
  settings: Pick<D6Settings, "mortalPlusInjury"> & Partial<Pick<D6Settings, "stunKnockout">>,
): PlannedDamage {
  if (target.vehicle) {
    const row = objectDamage(target.damageTotal, target.resistTotal);
    const now = (OBJECT_STATES as readonly string[]).includes(String(current.damage)) ? String(current.damage) : "undamaged";
    const state = OBJECT_STATES.indexOf(row.status) > OBJECT_STATES.indexOf(now as (typeof OBJECT_STATES)[number]) ? row.status : now;
    return { update: { "system.damage": state }, statuses: { dead: state === "destroyed" }, result: row.status, state, margin: row.margin };
  }
  const level = (WOUND_LEVELS as readonly string[]).includes(String(current.woundLevel)) ? (current.woundLevel as WoundLevel) : "healthy";
  const outcome = resolveDamage(target.damageTotal, target.resistTotal, level, {
    stun: target.stun,
    mortalPlusInjury: settings.mortalPlusInjury,
  });
  const update: Record<string, unknown> = { "system.woundLevel": outcome.state };
  // A new mortal wound starts the death-roll count.
  if (outcome.state === "mortally_wounded" && level !== "mortally_wounded") update["system.roundsMortallyWounded"] = 0;
  let knockedOut = false;
  if (outcome.result === "stunned" || outcome.result === "unconscious") {
    const stuns = Math.min(100, Number(current.stuns ?? 0) + 1);
    update["system.stuns"] = stuns;
    // Stuns accumulate: at the target's Strength dice it is knocked out (published, A-16; a setting).
    knockedOut =
      (settings.stunKnockout ?? true) && current.strength != null && !outcome.unconscious && stunKnockout(stuns, current.strength);
  }
  return {
    update,
    statuses: woundStatuses(outcome.state, outcome.unconscious || knockedOut),
    result: outcome.result,
    state: outcome.state,
    margin: outcome.margin,
    knockedOut,
  };
}

/** The label of a wound level with its penalty, e.g. "Wounded (−1D)". */
export function woundOptions(current: string): Array<{ value: string; label: string; penalty: string; selected: boolean }> {
  return WOUND_LEVELS.map((level) => {
    const p = woundPenaltyDice(level);
    return { value: level, label: `OMNIBUS.D6.Wound.${level}`, penalty: p > 0 ? `−${p}D` : "", selected: level === current };
  });
}

export function codeText(code: DieCode): string {
  return formatDieCode(code);
}

/**
 * Each target's difficulty and hit or miss (T-58, T-59: a reaction replaces the difficulty). */
export function attackOutcomes(
  targets: D6AttackTarget[],
  attackType: "ranged" | "melee" | "brawling",
  total: number,
  added: number,
  settings: D6Settings,
  seeDifficulty: boolean,
) {
  const outcomes: TargetOutcome[] = [];
  const hits: D6AttackTarget[] = [];
  for (const t of targets) {
    const difficulty = targetDifficulty(t, attackType, added, settings);
    const hit = difficulty !== null && attackHits(total, difficulty);
    if (hit) hits.push(t);
    outcomes.push({
      name: t.name,
      img: t.img,
      distance: t.distance,
      units: t.units,
      band: t.band ? BAND_LABEL(t.band) : undefined,
      difficulty: seeDifficulty ? difficulty : undefined,
      result: difficulty === null ? "OMNIBUS.D6.Card.OutOfRange" : hit ? "OMNIBUS.D6.Card.Hit" : "OMNIBUS.D6.Card.Miss",
      tone: hit ? "success" : "failure",
    });
  }
  return { outcomes, hits };
}

// ---------------------------------------------------------------------------------------------
// The death roll (§23.4, A-36)

/**
 * A mortally wounded character's death roll at the end of a round: the count of rounds spent
 * mortally wounded goes up by one, and a 2D total below it kills (D-3: 3 rounds, 2 → dies, 3 → lives).
 * Returns the character's ONE update (the count, and the wound level when it dies) and its statuses.
 */
export function planDeathRoll(
  roundsSoFar: number,
  total: number,
): { rounds: number; dies: boolean; update: Record<string, unknown>; statuses: Record<string, boolean> | null } {
  const rounds = Math.max(0, Math.trunc(Number(roundsSoFar) || 0)) + 1;
  const dies = total < rounds;
  const update: Record<string, unknown> = { "system.roundsMortallyWounded": rounds };
  if (dies) update["system.woundLevel"] = "killed";
  return { rounds, dies, update, statuses: dies ? woundStatuses("killed", false) : null };
}

// ---------------------------------------------------------------------------------------------
// Damage against each target's Strength (§23): the codes rolled, grouped as the card rolls them

/** A character's Strength code (null for a vehicle or bad data). */
export function strengthOf(system: Record<string, unknown>): DieCode | null {
  try {
    return storedCode((system.attributes as Record<string, unknown> | undefined)?.strength, "strength");
  } catch {
    return null;
  }
}

/** The attacker's Strength a melee weapon's STR+XD adds to (a vehicle, or no attacker: none). */
export function attackerStrength(attacker: D6ActorData | null): DieCode {
  return attacker?.type === "d6_vehicle"
    ? { dice: 0, pips: 0 }
    : storedCode((attacker?.system.attributes as Record<string, unknown> | undefined)?.strength ?? { dice: 0, pips: 0 }, "strength");
}

/** The code a target rolls against damage: full Strength (or body strength) + armor + scale (T-52, T-53, T-32). */
export function targetResistCode(target: D6ActorData, damageType: "energy" | "physical", scaleBonus: number): DieCode {
  if (target.type === "d6_vehicle")
    return normalizeCode({
      dice: storedCode(target.system.bodyStrength, "bodyStrength").dice + scaleBonus,
      pips: storedCode(target.system.bodyStrength, "bodyStrength").pips,
    });
  const attrs = target.system.attributes as Record<string, unknown>;
  const armor: Armor | null = equippedArmor(target);
  const forcePoint = ((target.system.round ?? {}) as Record<string, unknown>).forcePoint === true;
  const code = resistCode(storedCode(attrs?.strength, "strength"), { armor, damageType, scaleBonus, forcePoint });
  // The target's effects on its resistance (`system.bonuses.resistance`, pips; never below 0D).
  const pips = resistanceEffectPips(target.effects);
  return pips === 0 ? code : pipsToCode(Math.max(0, codeToPips(code) + pips));
}

/** What the damage roll reads of the attack card: its weapon's damage, scale and Force Point; each hit target's blast zone. */
export interface DamageAttack {
  damage: string;
  scale: Scale;
  forcePoint: boolean;
  targets: ReadonlyArray<{ zone: number | null; damage: string | null }>;
}

/**
 * The damage rolls an attack's card makes and which one each target takes: the weapon's code (a
 * melee weapon's STR+XD on the attacker's Strength, the Force Point doubling Strength only) plus
 * the scale's damage dice against each target's scale (§22); targets in the same blast zone at the
 * same scale share one roll unless the world rolls per target. With no target, one roll. The card
 * rolls every group in order, then each target's Strength in `plan` order.
 */
export function damagePlan(
  attack: DamageAttack,
  targetScales: ReadonlyArray<Scale | undefined>,
  strength: DieCode,
  blastRolls: D6Settings["blastRolls"],
): { groups: Array<{ key: string; code: DieCode }>; plan: Array<{ key: string; resistBonus: number }> } {
  const groups: Array<{ key: string; code: DieCode }> = [];
  const plan: Array<{ key: string; resistBonus: number }> = [];
  const targets = attack.targets.length > 0 ? attack.targets : [null];
  for (const [i, t] of targets.entries()) {
    const scale = scaleModifiers(attack.scale, targetScales[i] ?? attack.scale);
    const base = weaponDamageCode(t?.damage ?? attack.damage, strength, attack.forcePoint);
    const code = normalizeCode({ ...base, dice: base.dice + scale.damage });
    const key = blastRolls === "perTarget" ? `t${i}` : `${t?.zone ?? "direct"}:${scale.damage}`;
    if (!groups.some((g) => g.key === key)) groups.push({ key, code });
    plan.push({ key, resistBonus: scale.resist });
  }
  return { groups, plan };
}
