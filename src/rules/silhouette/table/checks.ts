/**
 * Silhouette checks as plain data (no Foundry global): the roll dialog's requests for a skill
 * check, an attack and a defense; the pool and modifiers the chosen values give; and the exact odds
 * from src/core. The Foundry side (checks.ts) gathers the facts from documents and calls these; the
 * gallery and the tests call them with sample facts.
 */
import { OmnibusError, refused } from "../../../core/errors";
import { checkEffectTotal } from "../../../core/effects";
import { Distribution, compare, silhouetteOdds } from "../../../core/odds/index";
import {
  CALLED_SHOT_DICE,
  CANDIDATE_RANGE_MODIFIERS,
  FLURRY,
  MOVEMENT_MODES,
  burst as burstRules,
  crampedPenalty,
  defendAgainstSeveral,
  feint as feintRules,
  underwaterSkill,
  waterEffect,
  type WaterDepth,
  defenseSkills,
  movementActionModifier,
  movementDefenseModifier,
  movementModeForDistance,
  multiActionPenalty,
  multipleAttackerPenalty,
  negativeRofReady,
  rangeBandOf,
  ratesInWater,
  shotPool,
  surpriseAttack,
  type CalledShot,
  type FlurryKind,
  type MovementMode,
  type MovementRates,
  type RangeBand,
  type RangeBands,
  type Speed,
} from "../index";
import type { CheckField, CheckValues, KindRequest, OddsLine, TargetInfo } from "../../table/types";
import {
  choices,
  deriveCharacter,
  skillFor,
  type CharacterDerived,
  type ItemLike,
  type SkillAttribute,
  type SkillKey,
  type SkillRow,
  type WeaponCategory,
  type WeaponSkill,
} from "./derive";
import { FIRE_MODES, planWalkingFire, suppressionOf, type FireMode, type Sweep } from "./areas";
import type { SilhouetteOptions } from "./settings";
import { numberValue, textValue } from "../../table/types";
import { formatDecimal, type NumberLanguage } from "../../table/format";

const L = "OMNIBUS.Silhouette.";

/** What a check needs to know about an actor (plain data from the document). */
export interface ActorFacts {
  uuid: string;
  name: string;
  img: string;
  skills: SkillRow[];
  movement: MovementRates;
  maxSpeed: Speed | null;
  /** Metres moved this round (token movement), or null when unknown (no combat, no token). */
  movedThisRound: number | null;
  prone: boolean;
  /** Penalty to all actions from carried balancing items (004:L41). */
  balancing: number;
  /** FIT (jumping, 004:L66) and STR (throwing ranges, 004:L109). Default 0. */
  fit?: number;
  strength?: number;
  /** Wears heavy armour: −1 more underwater (004:L77). */
  heavyArmour?: boolean;
}

export interface WeaponFacts {
  uuid: string;
  name: string;
  img: string;
  category: WeaponCategory;
  skill: WeaponSkill;
  damageMultiplier: number;
  accuracy: number;
  rof: number;
  ranges: RangeBands;
  /** Longer than an arm: −1 in cramped quarters (004:L76). */
  long?: boolean;
  /** Blast radius in metres: a grenade (004:L113); 0 = not explosive. */
  blastRadius?: number;
  weight?: number;
}

/** Where the area fire of an attack reaches, measured on the scene when the attack was built. */
export interface FireFacts {
  /** Walking fire's sweep over the declared targets (null without two or more targets or a map to measure on). */
  sweep: Sweep | null;
  /** Walking fire's bystanders: other tokens in the fire zone (004:L102). */
  bystanders: TargetInfo[];
  /** Suppressive fire's zone around the first target: those caught in a 5 m zone and in a doubled 10 m zone (004:L104, L106). */
  zone: { distance: number | null; normal: TargetInfo[]; doubled: TargetInfo[] } | null;
}

/** A target's facts for the odds (the first target) and the card. */
export interface TargetFacts {
  /** The target's best defense skill level against this attack, and its attribute modifier. */
  defenseDice: number;
  defenseAttribute: number;
  /** The target's movement mode this round (defense column, 004:L29-38). */
  movement: MovementMode;
}

export type AttackKind = "unarmed" | "armedMelee" | "ranged";

export function attackKindOf(weapon: Pick<WeaponFacts, "category" | "skill">): AttackKind {
  if (weapon.category !== "melee") return "ranged";
  return weapon.skill === "handToHand" ? "unarmed" : "armedMelee";
}

/** The movement mode a distance moved this round gives (digest §5.1), or the resting mode. */
export function autoMovementMode(facts: Pick<ActorFacts, "movedThisRound" | "movement" | "prone" | "maxSpeed">): MovementMode {
  const resting: MovementMode = facts.prone ? "prone" : "stationary";
  if (facts.movedThisRound === null || facts.movedThisRound <= 0) return resting;
  try {
    return movementModeForDistance(facts.movedThisRound, facts.movement, { prone: facts.prone, maxSpeed: facts.maxSpeed ?? "crawl" });
  } catch {
    // Moved farther than the rules allow (a GM drag): the fastest mode allowed.
    return facts.prone
      ? "crawling"
      : ({ crawl: "crawling", walk: "walking", jog: "jogging", run: "running", sprint: "sprinting" } as const)[facts.maxSpeed ?? "crawl"];
  }
}

// ---------------------------------------------------------------------------------------------
// Facts from an actor's and a weapon's plain data (the glue reads them off the documents; the CLI
// off a request), so the table and `omnibus silhouette check attack` build the same request.

/** An actor's plain data as a check reads it. */
export interface PlainCharacter {
  uuid: string;
  name: string | null;
  img: string | null;
  system: Record<string, unknown> & { derived?: CharacterDerived };
  items: readonly ItemLike[];
  /** Its status ids (prone, kneeDeepWater, …). */
  statuses?: { has(id: string): boolean } | null;
}

/** The stored derived values, else derived from the plain data with the world's rounding and light-wound cap. */
export function derivedOfPlain(
  actor: Pick<PlainCharacter, "system" | "items">,
  options: Pick<SilhouetteOptions, "movementRounding" | "lightWoundMax">,
): CharacterDerived {
  return (
    actor.system.derived ??
    deriveCharacter(actor.system as never, actor.items, { rounding: options.movementRounding, lightWoundMax: options.lightWoundMax })
  );
}

/** The facts a check needs about an actor; `movedThisRound` is the token's movement (null: unknown). */
export function actorFactsOf(actor: PlainCharacter, derived: CharacterDerived, movedThisRound: number | null): ActorFacts {
  const attributes = actor.system.attributes as Record<string, number> | undefined;
  return {
    uuid: actor.uuid,
    name: actor.name ?? "",
    img: actor.img ?? "",
    skills: derived.skills,
    // Knee-deep water halves every speed (004:L78), so a distance moved reads as a faster mode.
    movement: actor.statuses?.has("kneeDeepWater") ? ratesInWater(derived.movement, "knee") : derived.movement,
    maxSpeed: derived.maxSpeed,
    movedThisRound,
    prone: actor.statuses?.has("prone") ?? false,
    balancing: derived.balancingPenalty,
    fit: Number(attributes?.fit ?? 0),
    strength: Number(attributes?.str ?? 0),
    heavyArmour: derived.heavyArmour,
  };
}

/** A weapon item's facts (plain data; missing numbers read as 0). */
export function weaponFactsOf(item: ItemLike & { uuid?: string; img?: string | null }): WeaponFacts {
  const s = item.system;
  const ranges = (s.ranges ?? {}) as Record<string, number>;
  return {
    uuid: item.uuid ?? "",
    name: item.name,
    img: item.img ?? "",
    category: (s.category as WeaponCategory) ?? "ranged",
    skill: (s.skill as WeaponSkill) ?? "firearms",
    damageMultiplier: Number(s.damageMultiplier ?? 0),
    accuracy: Number(s.accuracy ?? 0),
    rof: Number(s.rof ?? 0),
    ranges: {
      base: Number(ranges.base ?? 0),
      medium: Number(ranges.medium ?? 0),
      long: Number(ranges.long ?? 0),
      extreme: Number(ranges.extreme ?? 0),
    },
    long: s.long === true,
    blastRadius: Number(s.blastRadius ?? 0),
    weight: Number(s.weight ?? 0),
  };
}

/** The defender's Defense, Hand-to-Hand and Melee levels and attribute modifiers. */
export function defenseSkillsOf(skills: readonly SkillRow[]): DefenseCheckData["skills"] {
  const out: DefenseCheckData["skills"] = {};
  for (const key of ["defense", "handToHand", "melee"] as const) {
    const row = skillFor(skills, key);
    out[key] = { level: row?.level ?? 0, attribute: row?.attributeModifier ?? 0, attributeKey: row?.attribute ?? "none" };
  }
  return out;
}

/** A target's facts for the odds and the card: Defense (dodging, the skill every attack allows, 004:L67, L91) and its movement. */
export function targetFactsOf(facts: ActorFacts): TargetFacts {
  const skills = defenseSkillsOf(facts.skills);
  return { defenseDice: skills.defense?.level ?? 0, defenseAttribute: skills.defense?.attribute ?? 0, movement: autoMovementMode(facts) };
}

/** The defender's tally this round: the attackers it defended against, and how many it declared (004:L71, L85). */
export interface DefendedRecord {
  combatId: string | null;
  round: number;
  /** Attacker actor uuids in the order they attacked this defender this round. */
  attackers: string[];
  /** Attackers declared when giving up dice instead of the penalty; 0 = not declared. */
  declared: number;
}

/** The tally for the current round (an older record or another round counts as none). */
export function defendedThisRound(record: unknown, combatId: string | null, round: number): DefendedRecord {
  const r = record as (Partial<DefendedRecord> & { count?: number }) | null | undefined;
  if (!r || r.combatId !== combatId || r.round !== round) return { combatId, round, attackers: [], declared: 0 };
  const attackers = Array.isArray(r.attackers)
    ? r.attackers.filter((a) => typeof a === "string")
    : Array.from({ length: Number(r.count ?? 0) }, (_, i) => `?${i}`);
  return { combatId, round, attackers, declared: Number.isInteger(r.declared) ? Number(r.declared) : 0 };
}

/** Which attacker `attackerUuid` is against this defender this round (1-based): its place in the tally, or the next. */
export function attackerIndexOf(record: DefendedRecord, attackerUuid: string | null): number {
  const at = attackerUuid ? record.attackers.indexOf(attackerUuid) : -1;
  return at >= 0 ? at + 1 : record.attackers.length + 1;
}

/** The tally after a defense against `attackerUuid` (each attacker once, in order, 004:L71; a declaration, 004:L85). */
export function defendedAfter(record: DefendedRecord, attackerUuid: string | null, declaredAttackers: number): DefendedRecord {
  const attacker = attackerUuid ?? `?${record.attackers.length}`;
  const attackers = record.attackers.includes(attacker) ? record.attackers : [...record.attackers, attacker];
  return { ...record, attackers, declared: Math.max(record.declared, declaredAttackers) };
}

/** The combat round a negative-ROF weapon last fired in (a flag on the weapon), for its reload (004:L100). */
export const FIRED_FLAG = "silhouetteFired";
/** The round an actor used its one free strike in (a flag on the actor, 004:L19). */
export const FREE_STRIKE_FLAG = "silhouetteFreeStrike";
/** The defender's tally this round (a flag on the actor, `DefendedRecord`). */
export const DEFENDED_FLAG = "silhouetteDefended";

/**
 * The weapon update a ranged attack makes: ammunition, one per shot, 5 per ROF of a burst or walking
 * fire (004:L98), 20 per ROF of suppressive fire (004:L107), refused when short; and a negative-ROF
 * weapon's firing round, which it spends |ROF| rounds reloading after (004:L100). `reloading`: not
 * ready this round (nothing rolled, nothing spent). `combat` is null outside a combat.
 */
export function rangedWeaponUpdate(
  weapon: { rof: number; ammo?: { value: number; max: number } | null; fired?: { combatId?: string; round?: number } | null },
  ammoNeeded: number,
  combat: { combatId: string; round: number } | null,
): { reloading: { readyRound: number } | null; update: Record<string, unknown> | null; spent: number } {
  let firedUpdate: Record<string, unknown> | null = null;
  if (combat && weapon.rof < 0) {
    const fired = weapon.fired;
    const last = fired && fired.combatId === combat.combatId && Number.isInteger(fired.round) ? Number(fired.round) : null;
    const reload = negativeRofReady(weapon.rof, last, combat.round);
    if (!reload.ready) return { reloading: { readyRound: reload.readyRound }, update: null, spent: 0 };
    firedUpdate = { [`flags.omnibus.${FIRED_FLAG}`]: { combatId: combat.combatId, round: combat.round } };
  }
  const ammo = weapon.ammo;
  if (ammo && ammo.max > 0) {
    const need = Math.max(1, ammoNeeded);
    if (ammo.value < need)
      throw new OmnibusError("rollImpossible", `needs ${need} rounds, ${ammo.value} loaded`, { name: "ammo", value: ammo.value });
    return { reloading: null, update: { "system.ammo.value": ammo.value - need, ...(firedUpdate ?? {}) }, spent: need };
  }
  return { reloading: null, update: firedUpdate, spent: 0 };
}

/** Whether the actor's one free strike this round is used (004:L19); `used` is its flag. */
export function freeStrikeUsed(used: unknown, combat: { combatId: string; round: number } | null): boolean {
  const u = used as { combatId?: string; round?: number } | null | undefined;
  return combat !== null && !!u && u.combatId === combat.combatId && u.round === combat.round;
}

const MOVEMENT_CHOICES = choices(MOVEMENT_MODES, `${L}Movement.`);
const THRESHOLD_CHOICES = choices(["none", "difficulty", "opposed"], `${L}Threshold.`);
const CALLED_CHOICES = choices(Object.keys(CALLED_SHOT_DICE), `${L}CalledShot.`);
const FLURRY_CHOICES = choices(Object.keys(FLURRY), `${L}Flurry.`);
const RANGE_CHOICES = choices(["auto", "pointBlank", "base", "medium", "long", "extreme"], `${L}Range.`);

/** The dialog fields; `rare` ones sit behind the dialog's "More options" disclosure (issue 14). */
const FIELD = {
  dice: { name: "dice", label: `${L}Field.Dice`, kind: "number", min: 0, max: 40, hint: `${L}Field.DiceHint` },
  modifier: { name: "modifier", label: `${L}Field.Modifier`, kind: "number", min: -20, max: 20 },
  actions: { name: "actions", label: `${L}Field.Actions`, kind: "number", min: 1, max: 10, hint: `${L}Field.ActionsHint` },
  movement: { name: "movement", label: `${L}Field.Movement`, kind: "select", choices: MOVEMENT_CHOICES },
  thresholdKind: { name: "thresholdKind", label: `${L}Field.ThresholdKind`, kind: "select", choices: THRESHOLD_CHOICES },
  threshold: { name: "threshold", label: `${L}Field.Threshold`, kind: "number", min: 0, max: 100 },
  aim: { name: "aim", label: `${L}Field.Aim`, kind: "number", min: 0, max: 20, hint: `${L}Field.AimHint` },
  calledShot: { name: "calledShot", label: `${L}Field.CalledShot`, kind: "select", choices: CALLED_CHOICES },
  flurry: { name: "flurry", label: `${L}Field.Flurry`, kind: "select", choices: FLURRY_CHOICES },
  range: { name: "range", label: `${L}Field.Range`, kind: "select", choices: RANGE_CHOICES },
  unaware: { name: "unaware", label: `${L}Field.Unaware`, kind: "checkbox", hint: `${L}Field.UnawareHint` },
  freeStrike: { name: "freeStrike", label: `${L}Field.FreeStrike`, kind: "checkbox", hint: `${L}Field.FreeStrikeHint`, rare: true },
  severalAttackers: {
    name: "severalAttackers",
    label: `${L}Field.SeveralAttackers`,
    kind: "checkbox",
    hint: `${L}Field.SeveralAttackersHint`,
    rare: true,
  },
  extraDice: { name: "extraDice", label: `${L}Field.ExtraDice`, kind: "number", min: -20, max: 20, hint: `${L}Field.ExtraDiceHint` },
  fireMode: {
    name: "fireMode",
    label: `${L}Field.FireMode`,
    kind: "select",
    choices: choices(FIRE_MODES, `${L}FireMode.`),
    hint: `${L}Field.FireModeHint`,
  },
  doubledZone: { name: "doubledZone", label: `${L}Field.DoubledZone`, kind: "checkbox", hint: `${L}Field.DoubledZoneHint`, rare: true },
  cramped: { name: "cramped", label: `${L}Field.Cramped`, kind: "checkbox", hint: `${L}Field.CrampedHint`, rare: true },
  water: {
    name: "water",
    label: `${L}Field.Water`,
    kind: "select",
    choices: choices(["none", "knee", "shoulder", "deep", "under"], `${L}Water.`),
    hint: `${L}Field.WaterHint`,
    rare: true,
  },
  swimmingDevice: { name: "swimmingDevice", label: `${L}Field.SwimmingDevice`, kind: "checkbox", rare: true },
  feint: { name: "feint", label: `${L}Field.Feint`, kind: "number", min: 0, max: 20, hint: `${L}Field.FeintHint`, rare: true },
  attackersDeclared: {
    name: "attackersDeclared",
    label: `${L}Field.AttackersDeclared`,
    kind: "number",
    min: 1,
    max: 20,
    hint: `${L}Field.AttackersDeclaredHint`,
    rare: true,
  },
} satisfies Record<string, CheckField>;

/** A rules skill's display label key. */
export const skillLabel = (key: SkillKey) => `${L}Skill.${key}`;

/** Plain data a skill or attack request carries in `data`. */
export interface SkillCheckData {
  skillName: string;
  skillKey: SkillKey;
  skillLevel: number;
  attributeModifier: number;
  /** The attribute the skill adds (AGI skills take −1 up to the shoulders in water, 004:L78). */
  attribute?: SkillAttribute;
  /** Athletics level: underwater the lower of the skill and Athletics is rolled (004:L77). */
  athletics?: number;
  heavyArmour?: boolean;
  balancing: number;
  actorImg: string;
}
/**
 * The effect keys a Silhouette check reads, as a modifier to the roll like the dialog's
 * (src/foundry/README.md "Effects"): the skill's, `system.bonuses.attack` on attacks,
 * `system.bonuses.defense` on defense rolls.
 */
export function silhouetteEffectKeys(kind: string, skillKey: string | undefined): string[] {
  if (kind === "defense") return ["system.bonuses.defense"];
  return [`system.bonuses.skill.${skillKey ?? ""}`, ...(kind === "attack" ? ["system.bonuses.attack"] : [])];
}

export interface AttackCheckData extends SkillCheckData {
  weapon: WeaponFacts;
  attackKind: AttackKind;
  stealth: number;
  /** Per target (same order as request.targets): the facts for odds and the card. */
  targetFacts: Array<TargetFacts | null>;
  /** Area fire measured on the scene (weapons with ROF +1 or more). */
  fire?: FireFacts | null;
}

/** The actor and skill facts every check of a skill carries (an untrained skill has no row). */
function skillCheckData(actor: ActorFacts, row: SkillRow | null, skillKey: SkillKey, skillName: string): SkillCheckData {
  return {
    skillName,
    skillKey,
    skillLevel: row?.level ?? 0,
    attributeModifier: row?.attributeModifier ?? 0,
    attribute: row?.attribute ?? "none",
    athletics: skillFor(actor.skills, "athletics")?.level ?? 0,
    heavyArmour: actor.heavyArmour === true,
    balancing: actor.balancing,
    actorImg: actor.img,
  };
}

/** A skill check (the skill row, or an untrained skill by key). */
export function skillRequest(
  actor: ActorFacts,
  skill: SkillRow | { key: SkillKey; name: string },
  targets: TargetInfo[],
  localizedTitle: string,
): KindRequest<SkillCheckData> {
  const data: SkillCheckData = skillCheckData(actor, "level" in skill ? skill : null, skill.key, skill.name);
  return {
    ruleset: "silhouette",
    kind: "skill",
    title: localizedTitle,
    actorUuid: actor.uuid,
    fields: [
      FIELD.dice,
      FIELD.modifier,
      FIELD.actions,
      FIELD.movement,
      FIELD.water,
      FIELD.swimmingDevice,
      FIELD.thresholdKind,
      FIELD.threshold,
    ],
    values: {
      dice: data.skillLevel,
      modifier: 0,
      actions: 1,
      movement: autoMovementMode(actor),
      water: "none",
      swimmingDevice: false,
      thresholdKind: "none",
      threshold: 0,
    },
    targets,
    data,
  };
}

/** An attack with a weapon against the targeted tokens. */
export function attackRequest(
  actor: ActorFacts,
  weapon: WeaponFacts,
  targets: TargetInfo[],
  targetFacts: Array<TargetFacts | null>,
  localizedTitle: string,
  fire: FireFacts | null = null,
): KindRequest<AttackCheckData> {
  const row = skillFor(actor.skills, weapon.skill);
  const attackKind = attackKindOf(weapon);
  const data: AttackCheckData = {
    ...skillCheckData(actor, row ?? null, weapon.skill, row?.name ?? weapon.skill),
    weapon,
    attackKind,
    stealth: skillFor(actor.skills, "stealth")?.level ?? 0,
    targetFacts,
    fire,
  };
  const grenade = (weapon.blastRadius ?? 0) > 0;
  const fields: CheckField[] = [FIELD.dice, FIELD.modifier, FIELD.actions, FIELD.movement];
  const values: CheckValues = { dice: data.skillLevel, modifier: 0, actions: 1, movement: autoMovementMode(actor) };
  if (attackKind === "ranged") {
    if (!grenade) fields.push(FIELD.aim, FIELD.calledShot);
    if (weapon.rof >= 1)
      fields.push(
        { name: "burst", label: `${L}Field.Burst`, kind: "number", min: 0, max: weapon.rof, hint: `${L}Field.BurstHint` },
        FIELD.fireMode,
        FIELD.doubledZone,
      );
    fields.push(FIELD.range);
    Object.assign(values, grenade ? { range: "auto" } : { aim: 0, calledShot: "none", range: "auto" });
    if (weapon.rof >= 1) Object.assign(values, { burst: 0, fireMode: "burst", doubledZone: false });
  } else {
    fields.push(FIELD.flurry, FIELD.feint, FIELD.freeStrike);
    Object.assign(values, { flurry: "single", feint: 0, freeStrike: false });
  }
  fields.push(FIELD.cramped, FIELD.water, FIELD.swimmingDevice);
  Object.assign(values, { cramped: false, water: "none", swimmingDevice: false });
  if (!grenade) {
    fields.push(FIELD.unaware);
    values.unaware = false;
  }
  if (targets.length === 0) {
    fields.push(FIELD.thresholdKind, FIELD.threshold);
    Object.assign(values, grenade ? { thresholdKind: "difficulty", threshold: 1 } : { thresholdKind: "none", threshold: 0 });
  }
  return {
    ruleset: "silhouette",
    kind: "attack",
    title: localizedTitle,
    actorUuid: actor.uuid,
    itemUuid: weapon.uuid,
    fields,
    values,
    targets,
    data,
  };
}

/** One modifier in the card's breakdown: an i18n label and a signed value. */
export interface ModifierLine {
  label: string;
  value: number;
}

/** The pool and common modifiers the chosen values give (before per-target range modifiers). */
export interface PoolPlan {
  dice: number;
  untrained: boolean;
  /** Sum of `lines`. */
  modifier: number;
  lines: ModifierLine[];
  /** Aiming: mishaps ignored (004:L95). */
  ignoreMishap: boolean;
  /** ROF used (a burst, walking or suppressive fire); 0 = a single shot. */
  burstRof: number;
  fireMode: FireMode;
  /** Suppressive fire over a doubled (10 m) zone (004:L106). */
  doubledZone: boolean;
  /** Walking fire: the ROF added to each target's Degree of Success (004:L101, §16.31). */
  walkingDamageRof: number;
  /** Rounds of ammunition the attack uses (004:L98, L107). */
  ammo: number;
  /** Dice the attacker gave up in a feint: the defender loses as many (004:L83). */
  feint: number;
  /** A grenade: two tests and a blast (004:L113). */
  grenade: boolean;
  flurry: FlurryKind;
  calledShot: CalledShot;
  movement: MovementMode;
  unaware: boolean;
  freeStrike: boolean;
}

/**
 * Water (004:L77-78): underwater the lower of the skill and Athletics is rolled, at −1 (one action
 * keeps the fighter afloat) unless a swimming device is used, −1 more in heavy armour; up to the
 * shoulders AGI skills take −1; deeper water −2 (or an Athletics check instead, the GM's call).
 */
export function waterPlan(
  values: CheckValues,
  data: Pick<SkillCheckData, "attribute" | "athletics" | "heavyArmour">,
  dice: number,
): { dice: number; modifier: number } {
  const depth = textValue(values, "water", "none") as WaterDepth;
  const effect = waterEffect(depth, { swimmingDevice: values.swimmingDevice === true, heavyArmourOrGear: data.heavyArmour === true });
  let modifier = effect.allActions;
  if (data.attribute === "agi") modifier += effect.agilitySkills;
  return { dice: effect.lowestSkillOrAthletics ? underwaterSkill(dice, data.athletics ?? 0) : dice, modifier };
}

/** The pool and modifiers of a skill check or an attack. Throws an OmnibusError for impossible values. */
export function planPool(
  request: KindRequest<SkillCheckData & Partial<AttackCheckData>>,
  values: CheckValues,
  options: SilhouetteOptions,
): PoolPlan {
  const data = request.data;
  const movement = textValue(values, "movement", "stationary") as MovementMode;
  const actionMod = movementActionModifier(movement);
  if (actionMod === null) throw new OmnibusError("rollImpossible", `no actions while ${movement}`, { name: "movement", value: movement });
  const freeStrike = values.freeStrike === true;
  const actions = numberValue(values, "actions", 1);
  const lines: ModifierLine[] = [];
  const add = (label: string, value: number) => {
    if (value !== 0) lines.push({ label, value });
  };
  add(`${L}Card.Attribute`, data.attributeModifier);
  // A free strike does not count toward the multi-action penalty (004:L19).
  add(`${L}Card.MultiAction`, freeStrike ? 0 : multiActionPenalty(actions, actions, options.multiAction));
  add(`${L}Card.MovementMod`, actionMod);
  add(`${L}Card.Balancing`, data.balancing);
  add(`${L}Card.OtherMod`, numberValue(values, "modifier"));
  add(`${L}Card.Effects`, checkEffectTotal(request.effects, values));
  let dice = numberValue(values, "dice");
  let ignoreMishap = false;
  let burstRof = 0;
  let fireMode: FireMode = "burst";
  let walkingDamageRof = 0;
  let ammo = 0;
  let feint = 0;
  const doubledZone = values.doubledZone === true;
  const calledShot = textValue(values, "calledShot", "none") as CalledShot;
  const flurry = textValue(values, "flurry", "single") as FlurryKind;
  const unaware = values.unaware === true;
  // Only an attack's data carries a weapon.
  const grenade = (data.weapon?.blastRadius ?? 0) > 0;
  if (data.weapon) {
    add(`${L}Card.Accuracy`, data.weapon.accuracy);
    // Cramped quarters: a weapon longer than an arm −1 (004:L76); more at the GM's call (other modifier).
    if (values.cramped === true) add(`${L}Card.Cramped`, crampedPenalty(data.weapon.long === true));
    if (data.attackKind === "ranged") {
      burstRof = numberValue(values, "burst");
      fireMode = textValue(values, "fireMode", "burst") as FireMode;
      if (!(FIRE_MODES as readonly string[]).includes(fireMode))
        throw new OmnibusError("badArgument", `unknown fire mode ${fireMode}`, { name: "fireMode", value: fireMode });
      if (fireMode !== "burst" && burstRof < 1)
        throw new OmnibusError("rollImpossible", `${fireMode} fire needs a ROF of +1 or more`, { name: "burst", value: burstRof });
      const shot = shotPool(dice, { roundsAimed: numberValue(values, "aim"), calledShot, burst: burstRof > 0 });
      dice = shot.dice;
      ignoreMishap = shot.ignoreMishap;
      if (burstRof > 0) {
        const b = burstRules(burstRof, data.weapon.rof);
        // Recoil for a burst and for walking fire (both fire bursts, 004:L98); suppressive fire adds the ROF instead (004:L104).
        if (fireMode !== "suppressive") add(`${L}Card.Recoil`, b.skillModifier);
        ammo = fireMode === "suppressive" ? suppressionOf(0, burstRof, doubledZone).ammo : b.ammo;
      } else ammo = 1;
      if (fireMode === "walking") {
        const sweep = data.fire?.sweep ?? { order: request.targets.map((_, i) => i), gaps: request.targets.slice(1).map(() => 1) };
        if (request.targets.length === 0)
          throw new OmnibusError("rollImpossible", "walking fire needs declared targets", { name: "targets", value: 0 });
        walkingDamageRof = planWalkingFire(burstRof, sweep, options.walkingFireDamage).damageRof;
      }
      if (fireMode === "suppressive") {
        if (request.targets.length === 0)
          throw new OmnibusError("rollImpossible", "suppressive fire needs a zone: target a token at its centre", {
            name: "targets",
            value: 0,
          });
        const distance = data.fire?.zone?.distance ?? request.targets[0].distance;
        if (distance !== null && data.weapon.ranges.medium > 0 && distance > data.weapon.ranges.medium) {
          throw new OmnibusError("outOfRange", "the zone is beyond Medium range", {
            name: "distance",
            min: 0,
            max: data.weapon.ranges.medium,
            value: Math.round(distance * 10) / 10,
          });
        }
      }
    } else {
      if (!(flurry in FLURRY)) throw new OmnibusError("badArgument", `unknown attack kind ${flurry}`, { name: "flurry", value: flurry });
      add(`${L}Card.Flurry`, FLURRY[flurry].modifier);
      // A feint: give up N dice so the defender loses N (004:L83); the attacker keeps at least one die.
      feint = numberValue(values, "feint");
      if (feint > 0) dice = feintRules(dice, dice, feint).attackerDice;
    }
    // A surprise attack rolls the lower of the attack skill and Stealth (004:L89, L92).
    if (unaware) dice = surpriseAttack(dice, data.stealth ?? 0, 0).dice;
  }
  const water = waterPlan(values, data, dice);
  dice = water.dice;
  add(`${L}Card.Water`, water.modifier);
  return {
    dice,
    untrained: dice === 0,
    modifier: lines.reduce((s, l) => s + l.value, 0),
    lines,
    ignoreMishap,
    burstRof,
    fireMode,
    doubledZone,
    walkingDamageRof,
    ammo,
    feint,
    grenade,
    flurry,
    calledShot,
    movement,
    unaware,
    freeStrike,
  };
}

/** The range band and its modifier for a target at `distance` (null: unmeasured or a melee weapon). */
export function rangeFor(
  weapon: WeaponFacts,
  distance: number | null,
  chosen: string,
  options: SilhouetteOptions,
): { band: RangeBand | "pointBlank" | "beyond" | null; modifier: number } {
  if (attackKindOf(weapon) !== "ranged") return { band: null, modifier: 0 };
  let band: RangeBand | "pointBlank" | "beyond" | null = null;
  if (chosen !== "auto") band = chosen as RangeBand | "pointBlank";
  else if (distance !== null && weapon.ranges.base > 0) band = rangeBandOf(distance, weapon.ranges);
  if (band === null || options.rangeModifiers === "none") return { band, modifier: 0 };
  if (band === "beyond") return { band, modifier: 0 };
  return { band, modifier: CANDIDATE_RANGE_MODIFIERS[band] };
}

/** The defense modifier (movement) of a target, for an unaware target's difficulty 1 + modifiers (004:L89). */
export function targetDefenseModifier(facts: TargetFacts | null, attackKind: AttackKind): number {
  if (!facts) return 0;
  return movementDefenseModifier(facts.movement, attackKind === "ranged" ? "ranged" : "melee");
}

/** The threshold of a skill check (none, a difficulty or an opposing total). */
export function thresholdOf(values: CheckValues): { threshold: number | null; opposed: boolean } {
  const kind = textValue(values, "thresholdKind", "none");
  if (kind === "none") return { threshold: null, opposed: false };
  return { threshold: numberValue(values, "threshold"), opposed: kind === "opposed" };
}

function oddsOptions(plan: PoolPlan, options: SilhouetteOptions) {
  return {
    dice: plan.dice,
    untrained: plan.untrained,
    sixMode: options.check.sixMode,
    fumbleRule: plan.ignoreMishap ? ("never" as const) : options.check.fumbleRule,
    fumbleFails: options.check.fumbleFails,
  };
}

/** A distribution mapped value by value (suppressive fire's effectiveness: + ROF, halved rounded up). */
function mapDistribution(d: Distribution, f: (v: number) => number): Distribution {
  return Distribution.fromEntries(
    d.entries().map(([v, p]) => [f(v), p] as [number, number]),
    Math.min(1, Math.max(0, 1 - d.total())),
  );
}

/** P(an attack total beats the target's defense), ties and fumbles as the options say. */
function hitChance(
  attackTotal: Distribution,
  attackFumble: number,
  fumbleTotal: number | null,
  facts: TargetFacts,
  attackKind: AttackKind,
  options: SilhouetteOptions,
): number {
  const defense = silhouetteOdds({
    dice: facts.defenseDice,
    modifier: facts.defenseAttribute + targetDefenseModifier(facts, attackKind),
    sixMode: options.check.sixMode,
    fumbleRule: options.check.fumbleRule,
  });
  const c = compare(attackTotal, defense.total);
  let hit = c.greater + (options.check.opposedTie === "success" ? c.equal : 0);
  if (options.check.fumbleFails && attackFumble > 0 && fumbleTotal !== null) {
    // A fumbled attack's total is 1 + modifier; take away the hits it would otherwise score.
    const beats =
      options.check.opposedTie === "success" ? 1 - defense.total.pGreater(fumbleTotal) : 1 - defense.total.pAtLeast(fumbleTotal);
    hit -= attackFumble * beats;
  }
  return Math.min(1, Math.max(0, hit));
}

function distanceText(target: TargetInfo, lang?: NumberLanguage): string {
  return target.distance === null ? target.name : `${target.name} (${formatDecimal(target.distance, lang, 1)} ${target.units})`;
}

/** Exact odds for the roll dialog (src/core): for an attack, the chance to hit each target. */
export function checkOdds(
  request: KindRequest<SkillCheckData & Partial<AttackCheckData>>,
  values: CheckValues,
  options: SilhouetteOptions,
  lang?: NumberLanguage,
): OddsLine[] {
  const plan = planPool(request, values, options);
  const base = oddsOptions(plan, options);
  const lines: OddsLine[] = [];
  const data = request.data;
  if (data.weapon && request.targets.length > 0) {
    const kind = data.attackKind ?? "ranged";
    request.targets.forEach((target, index) => {
      const facts = data.targetFacts?.[index] ?? null;
      const range = rangeFor(data.weapon!, target.distance, textValue(values, "range", "auto"), options);
      const modifier = plan.modifier + range.modifier;
      const primary = index === 0;
      const detail = distanceText(target, lang);
      if (plan.grenade) {
        // A grenade lands on the spot at difficulty 1 + modifiers (004:L110, L113).
        const odds = silhouetteOdds({ ...base, modifier, threshold: 1, tieSucceeds: options.check.fixedTie === "success" });
        lines.push({ label: `${L}Odds.LandsOnTarget`, probability: odds.success ?? 0, primary, detail });
        return;
      }
      if (plan.unaware || !facts) {
        const difficulty = 1 + targetDefenseModifier(facts, kind);
        const odds = silhouetteOdds({ ...base, modifier, threshold: difficulty, tieSucceeds: options.check.fixedTie === "success" });
        lines.push({ label: `${L}Odds.Hit`, probability: odds.success ?? 0, primary, detail });
        return;
      }
      const attack = silhouetteOdds({ ...base, modifier });
      let total = attack.total;
      let label = `${L}Odds.Hit`;
      if (plan.fireMode === "suppressive") {
        // Everyone in the zone defends against the Suppression Effectiveness (004:L104, L106).
        total = mapDistribution(
          attack.total,
          (v) => suppressionOf(Math.max(-100, Math.min(200, v)), plan.burstRof, plan.doubledZone).effectiveness,
        );
        label = `${L}Odds.Suppressed`;
      }
      lines.push({
        label,
        probability: hitChance(total, attack.fumble, plan.fireMode === "suppressive" ? null : 1 + modifier, facts, kind, options),
        primary,
        detail,
      });
    });
    lines.push({ label: `${L}Odds.Mishap`, probability: silhouetteOdds({ ...base, modifier: plan.modifier }).fumble });
    return lines;
  }
  const { threshold, opposed } = thresholdOf(values);
  const tieSucceeds = (opposed ? options.check.opposedTie : options.check.fixedTie) === "success";
  const odds = silhouetteOdds({ ...base, modifier: plan.modifier, ...(threshold === null ? {} : { threshold, tieSucceeds }) });
  if (odds.success !== null) lines.push({ label: `${L}Odds.Success`, probability: odds.success, primary: true });
  lines.push({ label: `${L}Odds.Mishap`, probability: odds.fumble });
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Defense

export interface DefenseCheckData {
  messageId: string;
  targetKey: string;
  strikeKey: string;
  attackKind: AttackKind;
  attackTotal: number;
  freeStrike: boolean;
  /** Which attacker this is against the defender this round (1-based, 004:L71), from the defender's tally. */
  attackerIndex: number;
  /** Attackers the defender declared this round when giving up dice instead of the penalty (004:L85); 0 = not declared. */
  declaredAttackers?: number;
  /** Dice the attacker gave up in a feint: the defense loses as many (004:L83). */
  feint?: number;
  /** The strike is walking fire's bystander test or a suppression zone: defend against a fixed number. */
  area?: "bystander" | "zone" | null;
  /** A shot fired point-blank from within the defender's reach: Melee may defend too (004:L91). */
  pointBlankWithinReach?: boolean;
  athletics?: number;
  heavyArmour?: boolean;
  skills: Partial<Record<SkillKey, { level: number; attribute: number; attributeKey?: SkillAttribute }>>;
}

/** The defender's roll against one strike on an attack card. */
export function defenseRequest(
  actor: ActorFacts,
  data: DefenseCheckData,
  localizedTitle: string,
  localizedSubtitle: string,
): KindRequest<DefenseCheckData> {
  const allowed = defenseSkills(data.attackKind, data.pointBlankWithinReach === true);
  const best = allowed.reduce((a, b) => ((data.skills[b]?.level ?? 0) > (data.skills[a]?.level ?? 0) ? b : a), allowed[0]);
  const declared = data.declaredAttackers ?? 0;
  return {
    ruleset: "silhouette",
    kind: "defense",
    title: localizedTitle,
    subtitle: localizedSubtitle,
    actorUuid: actor.uuid,
    fields: [
      { name: "skill", label: `${L}Field.DefenseSkill`, kind: "select", choices: choices(allowed, `${L}Skill.`) },
      FIELD.extraDice,
      FIELD.movement,
      ...(data.freeStrike ? [] : [FIELD.severalAttackers, FIELD.attackersDeclared]),
      FIELD.water,
      FIELD.swimmingDevice,
      FIELD.modifier,
    ],
    values: {
      skill: best,
      extraDice: 0,
      movement: autoMovementMode(actor),
      severalAttackers: declared > 0,
      attackersDeclared: Math.max(declared, data.attackerIndex, 2),
      water: "none",
      swimmingDevice: false,
      modifier: 0,
    },
    targets: [],
    data,
  };
}

/** The defense plan: pool, modifiers, and the attackers declared when giving up dice (0 = not). */
export interface DefensePlan {
  dice: number;
  untrained: boolean;
  modifier: number;
  lines: ModifierLine[];
  skill: string;
  declaredAttackers: number;
  feint: number;
}

/**
 * The defense pool and modifiers (004:L67, L71, L83, L85; movement 004:L29-38; water 004:L77-78).
 * Against the k-th attacker this round −min(k−1, 3) (004:L71), unless the defender gives up one die
 * per additional declared attacker instead (004:L85; the declaration covers at least the attackers
 * so far); a feint takes the attacker's dropped dice off the pool (004:L83). A pool of 0 defends untrained.
 */
export function planDefense(
  request: KindRequest<DefenseCheckData>,
  values: CheckValues,
  reading: SilhouetteOptions["severalAttackersReading"] = "perAdditionalAttacker",
): DefensePlan {
  const data = request.data;
  const skill = textValue(values, "skill", "defense");
  if (!defenseSkills(data.attackKind, data.pointBlankWithinReach === true).includes(skill as never))
    throw refused("CannotDefendWith", `${skill} cannot defend here`);
  const own = data.skills[skill as SkillKey] ?? { level: 0, attribute: 0 };
  let dice = Math.max(0, own.level + numberValue(values, "extraDice"));
  const lines: ModifierLine[] = [];
  const add = (label: string, value: number) => {
    if (value !== 0) lines.push({ label, value });
  };
  add(`${L}Card.Attribute`, own.attribute);
  add(
    `${L}Card.MovementMod`,
    movementDefenseModifier(textValue(values, "movement", "stationary") as MovementMode, data.attackKind === "ranged" ? "ranged" : "melee"),
  );
  let declaredAttackers = 0;
  if (values.severalAttackers === true && !data.freeStrike) {
    declaredAttackers = Math.max(numberValue(values, "attackersDeclared", 2), data.attackerIndex);
    dice = defendAgainstSeveral(dice, declaredAttackers, reading).dice;
  } else add(`${L}Card.SeveralAttackers`, multipleAttackerPenalty(data.attackerIndex, data.freeStrike));
  const feint = data.feint ?? 0;
  if (feint > 0) dice = Math.max(0, dice - feint);
  const water = waterPlan(
    values,
    { attribute: own.attributeKey ?? "none", athletics: data.athletics ?? 0, heavyArmour: data.heavyArmour === true },
    dice,
  );
  dice = water.dice;
  add(`${L}Card.Water`, water.modifier);
  add(`${L}Card.OtherMod`, numberValue(values, "modifier"));
  add(`${L}Card.Effects`, checkEffectTotal(request.effects, values));
  return { dice, untrained: dice === 0, modifier: lines.reduce((s, l) => s + l.value, 0), lines, skill, declaredAttackers, feint };
}

/** Exact odds for the defense dialog: the defense holding against the attack's total. */
export function defenseOdds(request: KindRequest<DefenseCheckData>, values: CheckValues, options: SilhouetteOptions): OddsLine[] {
  const data = request.data;
  const plan = planDefense(request, values, options.severalAttackersReading);
  // The defense holds unless the attack is greater (or, with opposedTie success, at least equal).
  const holdsOnTie = options.check.opposedTie !== "success";
  const odds = silhouetteOdds({
    dice: plan.dice,
    untrained: plan.untrained,
    modifier: plan.modifier,
    threshold: data.attackTotal,
    tieSucceeds: holdsOnTie,
    sixMode: options.check.sixMode,
    fumbleRule: options.check.fumbleRule,
  });
  return [
    { label: `${L}Odds.DefenseHolds`, probability: odds.success ?? 0, primary: true },
    { label: `${L}Odds.Mishap`, probability: odds.fumble },
  ];
}

/**
 * What an initiative roll needs about a character (004:L2–4, L18): its Combat Sense level (the
 * dice and the tie-breaker), the attribute modifier when the world counts it (the seed does not
 * say, §16.10), and whether it pulled itself together or carries on last round's action (its
 * `pullTogether` and `continuingAction` statuses).
 */
export function initiativeFactsOf(
  skills: readonly SkillRow[],
  statuses: { has(id: string): boolean } | null | undefined,
  options: Pick<SilhouetteOptions, "initiativeAttribute">,
): { combatSense: number; modifier: number; pulledTogether: boolean; continuingAction: boolean } {
  const row = skillFor(skills, "combatSense");
  return {
    combatSense: row?.level ?? 0,
    modifier: options.initiativeAttribute ? (row?.attributeModifier ?? 0) : 0,
    pulledTogether: statuses?.has("pullTogether") ?? false,
    continuingAction: statuses?.has("continuingAction") ?? false,
  };
}
