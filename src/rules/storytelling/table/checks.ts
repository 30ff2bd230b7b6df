/**
 * Storytelling checks as plain data (no Foundry global): the CheckRequests the roll dialog shows,
 * the pool a request and the dialog's values make (through the pure rules), the exact odds, and the
 * per-target attack pools (Defense, armour, range band from the measured distance). checks.ts adds
 * the Foundry parts (documents, the Roll, the chat card); the gallery and the tests use this directly.
 */
import { DEFAULT_OPTIONS, KEY, type StorytellingOptions } from "./settings";
export { DEFAULT_OPTIONS, KEY, type StorytellingOptions };
import { toYards } from "../../../core/units";
import { OmnibusError, refused } from "../../../core/errors";
import { checkEffectTotal, type CheckEffects, type PlainEffect } from "../../../core/effects";
import {
  ATTRIBUTES,
  initiativeModifier,
  SITUATIONAL_MODIFIERS,
  SKILL_CATEGORIES,
  SKILLS,
  armorAgainst,
  attackPool,
  buildPool,
  effectiveDefense,
  extendedRetryPenalty,
  recordExtendedRoll,
  knockoutCheckDue,
  rangeBand,
  rollOdds,
  successiveAttemptPenalty,
  thrownRanges,
  type AgainLevel,
  type AttackKind,
  type Attribute,
  type Concealment,
  type DamageType,
  type ExtendedAction,
  type PoolBreakdown,
  type PoolModifier,
  type RangeBand,
  type Skill,
  type SpecifiedTarget,
} from "..";
import type { CheckField, CheckValues, KindRequest, OddsLine, PlainActor, TargetInfo } from "../../table/types";
import { DEFENSE_FLAG, readDefenseTurn } from "./defense/combat";
import { characterTraits, deriveCharacter, deriveVehicle, intOr, type PlainItem } from "./derive";

/** A document as plain data (the shared shape; its statuses always given). */
export type ActorSnapshot = PlainActor<PlainItem> & { statuses: string[] };

// ───────────────────────────── units ─────────────────────────────

/** Scene distance → yards (weapon ranges are in yards), to 0.01; unknown units are taken as yards: the shared reader. */
export { toYards };

// ───────────────────────────── fields ─────────────────────────────
// `rare`: the dialog keeps the option behind its "More options" disclosure (issue 14).

const AGAIN_FIELD: CheckField = {
  name: "again",
  label: `${KEY}.Roll.Again`,
  kind: "select",
  choices: { "10": `${KEY}.Again.10`, "9": `${KEY}.Again.9`, "8": `${KEY}.Again.8`, none: `${KEY}.Again.none` },
};
const SITUATIONAL_FIELD: CheckField = {
  name: "situational",
  label: `${KEY}.Roll.Situational`,
  kind: "select",
  choices: Object.fromEntries([
    ["0", `${KEY}.Situational.none`],
    ...SITUATIONAL_MODIFIERS.map((m) => [String(m.value), `${KEY}.Situational.${m.key}`]),
  ]),
};
const field = (name: string, kind: CheckField["kind"], extra: Partial<CheckField> = {}): CheckField => ({
  name,
  label: `${KEY}.Roll.${name[0].toUpperCase()}${name.slice(1)}`,
  kind,
  ...extra,
});
const MODIFIER_FIELD = field("modifier", "number", { min: -20, max: 20, hint: `${KEY}.Roll.ModifierHint` });
const WILLPOWER_FIELD = field("willpower", "checkbox", { hint: `${KEY}.Roll.WillpowerHint` });
const ROTE_FIELD = field("rote", "checkbox", { hint: `${KEY}.Roll.RoteHint`, rare: true });
const SPECIALTY_FIELD = field("specialty", "checkbox");
const EQUIPMENT_FIELD = field("equipment", "number", { min: 0, max: 10 });
/** Advanced action (002:L480): roll twice, keep the better. */
const ADVANCED_FIELD = field("advanced", "checkbox", { hint: `${KEY}.Roll.AdvancedHint`, rare: true });
/** Teamwork (002:L440–L452): the helpers' successes (bonus dice) and their dramatic failures (−4 each). */
const HELPER_SUCCESSES_FIELD = field("helperSuccesses", "number", { min: 0, max: 50, hint: `${KEY}.Roll.HelperSuccessesHint`, rare: true });
const HELPER_FAILURES_FIELD = field("helperDramaticFailures", "number", {
  min: 0,
  max: 10,
  hint: `${KEY}.Roll.HelperDramaticFailuresHint`,
  rare: true,
});

/** "skill:athletics" / "attribute:stamina" / "none": the second trait of a pool. */
export function secondChoices(): Record<string, string> {
  return {
    none: `${KEY}.Roll.NoSecond`,
    ...Object.fromEntries(SKILLS.map((s) => [`skill:${s}`, `${KEY}.Skill.${s}`])),
    ...Object.fromEntries(ATTRIBUTES.map((a) => [`attribute:${a}`, `${KEY}.Attribute.${a}`])),
  };
}

// ───────────────────────────── requests ─────────────────────────────

/** The plain data a request carries (CheckRequest.data). */
export interface CheckData {
  kind: "pool" | "attack" | "extended" | "consciousness" | "drive" | "contest";
  actor: { uuid: string; name: string; img: string };
  attributes: Record<Attribute, number>;
  skills: Record<Skill, number>;
  woundPenalty: number;
  /** Pepper spray: −5 to all actions for the scene (002:L719). */
  pepperSprayed: boolean;
  willpowerPoints: number;
  willpowerSpent: boolean;
  options: StorytellingOptions;
  weapon?: WeaponData | null;
  targets?: AttackTarget[];
  extended?: {
    uuid: string;
    name: string;
    target: number;
    accumulated: number;
    rollsMade: number;
    maxRolls: number | null;
    attempt: number;
    status: string;
    equipment: number;
    modifier: number;
    exceptionalRolls: number[];
    dramaticFailures: number[];
  };
  vehicle?: { uuid: string; name: string; handling: number; drivePenalty: number };
  /** A pool check's opponent for a contest (the first targeted token's actor). */
  opponent?: { actorUuid: string | null; name: string; img: string } | null;
  /** The opposing roll of a contest card: its message and side (src/rules/storytelling/table/contest/cards.ts). */
  contest?: { messageId: string; side: 0 | 1; stage: number };
  /** The turn the check was built in (src/rules/storytelling/table/defense/combat.ts `turnKey`). */
  turn?: string;
  /** The attacker already had Defense applied this turn (no all-out attack then). */
  attackerDefenseUsed?: boolean;
  /** The roller's Active Effects; `storytellingEffectKeys` says which keys this check reads. */
  effects?: PlainEffect[];
}

/**
 * The effect keys a Storytelling check reads, in dice (src/foundry/README.md "Effects"): the pool's
 * attribute and its skill or second attribute (the dialog's choice), an attack's traits and
 * `system.bonuses.attack`.
 */
export function storytellingEffectKeys(data: Pick<CheckData, "kind" | "weapon">): string[] {
  return (kindTraits(data.kind).effectKeys ?? TRAIT_EFFECT_KEYS)(data);
}

const TRAIT_EFFECT_KEYS = (): string[] => ["system.bonuses.attribute.{attribute}", "system.bonuses.{second}"];

/**
 * What a kind of check reads differently from the dialog's attribute and second trait (the pool,
 * extended and contest kinds): its effect keys, its own pool, one pool per target (an attack).
 */
interface KindTraits {
  effectKeys?(data: Pick<CheckData, "kind" | "weapon">): string[];
  pool?(data: CheckData, values: CheckValues, willpower: boolean, mods: PoolModifier[]): PoolBreakdown;
  /** The retry penalty of the next attempt (default: the dialog's successive attempt, 002:L409). */
  attemptPenalty?(data: CheckData): number;
  perTarget?: boolean;
}

const KIND_TRAITS: Partial<Record<CheckData["kind"], KindTraits>> = {
  consciousness: {
    effectKeys: () => ["system.bonuses.attribute.stamina"],
    // Stamina alone, reflexive; the −3 wound penalty does not apply (WoD pp.173–175).
    pool: (data, _values, willpower, mods) => buildPool({ attribute: data.attributes.stamina, willpower, modifiers: mods }),
  },
  drive: {
    effectKeys: () => ["system.bonuses.attribute.dexterity", "system.bonuses.skill.drive"],
    pool(data, values, willpower, mods) {
      const v = data.vehicle!;
      if (v.handling) mods.push({ label: "handling", value: v.handling });
      if (v.drivePenalty) mods.push({ label: "vehicleDamage", value: v.drivePenalty });
      return buildPool({
        attribute: data.attributes.dexterity,
        skill: { dots: data.skills.drive, category: "physical" },
        specialty: values.specialty === true,
        equipment: [],
        willpower,
        modifiers: mods,
        woundPenalty: data.woundPenalty,
      });
    },
  },
  attack: {
    perTarget: true,
    effectKeys(data) {
      const traits = ATTACK_TRAITS[(data.weapon ?? UNARMED).attackKind];
      return [`system.bonuses.attribute.${traits.attribute}`, `system.bonuses.skill.${traits.skill}`, "system.bonuses.attack"];
    },
  },
  extended: { attemptPenalty: (data) => extendedRetryPenalty(data.extended!.attempt) },
};

function kindTraits(kind: CheckData["kind"]): KindTraits {
  return (Object.hasOwn(KIND_TRAITS, kind) ? KIND_TRAITS[kind] : undefined) ?? {};
}

/** The check's effects for the roll dialog (the same total `commonMods` adds to the pool). */
export function storytellingCheckEffects(data: CheckData): CheckEffects {
  return { effects: data.effects ?? [], keys: storytellingEffectKeys(data), unit: "dice" };
}

export interface WeaponData {
  uuid: string | null;
  name: string;
  attackKind: AttackKind;
  damage: number;
  damageType: DamageType;
  ranges: [number, number, number] | null;
  strength: number;
  again: AgainLevel;
  armorPiercing: number;
  improvised: boolean;
  autofire: boolean;
  laserSight: boolean;
  scope: boolean;
}

export interface AttackTarget extends TargetInfo {
  yards: number | null;
  band: RangeBand | null;
  /** Defense before this attack's kind (the target's lower of Wits/Dexterity, armour penalty). */
  defense: number;
  dodging: boolean;
  noDefense: boolean;
  armor: { general: number; ballistic: number; bulletproof: boolean };
  isVehicle: boolean;
  durability: number;
  /** Attacks Defense was already applied against this turn (WoD p.157; src/rules/storytelling/table/defense/combat.ts). */
  priorAttacks: number;
  /** The defender declared Willpower for +2 Defense against the next attack (002:L428). */
  willpowerDefense: boolean;
  /** A character's Size (Размер), for a knockout blow (WoD p.169); null for a vehicle or no actor. */
  size?: number | null;
}

function actorBase(actor: ActorSnapshot, options: StorytellingOptions) {
  const t = characterTraits(actor.system);
  const d = deriveCharacter(actor.system, actor.items);
  const wp = (actor.system.willpower ?? {}) as Record<string, unknown>;
  return {
    actor: { uuid: actor.uuid, name: actor.name, img: actor.img },
    attributes: t.attributes,
    skills: Object.fromEntries(SKILLS.map((s) => [s, t.skills[s].dots])) as Record<Skill, number>,
    woundPenalty: d.woundPenalty,
    pepperSprayed: actor.statuses.includes("pepperSprayed"),
    willpowerPoints: d.willpowerPoints,
    willpowerSpent: wp.spentThisTurn === true,
    options,
    effects: actor.effects ?? [],
  };
}

const isAttribute = (v: unknown): v is Attribute => typeof v === "string" && (ATTRIBUTES as readonly string[]).includes(v);
const isSkill = (v: unknown): v is Skill => typeof v === "string" && Object.hasOwn(SKILL_CATEGORIES, v);

/** An Attribute + Skill (or Attribute + Attribute) check from a sheet's dots or a macro. */
export function poolRequest(
  actor: ActorSnapshot,
  dataset: Record<string, string>,
  options: StorytellingOptions,
  localize: (k: string) => string,
  opponent: CheckData["opponent"] = null,
): KindRequest<CheckData> {
  const attribute = isAttribute(dataset.attribute)
    ? dataset.attribute
    : isSkill(dataset.skill)
      ? defaultAttributeFor(dataset.skill)
      : "wits";
  const second = isSkill(dataset.skill) ? `skill:${dataset.skill}` : isAttribute(dataset.second) ? `attribute:${dataset.second}` : "none";
  const data: CheckData = { kind: "pool", ...actorBase(actor, options), opponent };
  const fields: CheckField[] = [
    {
      name: "attribute",
      label: `${KEY}.Roll.Attribute`,
      kind: "select",
      choices: Object.fromEntries(ATTRIBUTES.map((a) => [a, `${KEY}.Attribute.${a}`])),
    },
    { name: "second", label: `${KEY}.Roll.Second`, kind: "select", choices: secondChoices() },
    SPECIALTY_FIELD,
    EQUIPMENT_FIELD,
    SITUATIONAL_FIELD,
    MODIFIER_FIELD,
    field("attempt", "number", { min: 1, max: 20, hint: `${KEY}.Roll.AttemptHint` }),
    AGAIN_FIELD,
    ROTE_FIELD,
    WILLPOWER_FIELD,
    ADVANCED_FIELD,
    HELPER_SUCCESSES_FIELD,
    HELPER_FAILURES_FIELD,
    CONTEST_FIELD,
    CONTEST_TARGET_FIELD,
  ];
  const values: CheckValues = {
    attribute,
    second,
    specialty: false,
    equipment: 0,
    situational: "0",
    modifier: 0,
    attempt: 1,
    again: "10",
    rote: false,
    willpower: false,
    advanced: false,
    helperSuccesses: 0,
    helperDramaticFailures: 0,
    contest: "none",
    contestTarget: 5,
  };
  return {
    ruleset: "storytelling",
    kind: "pool",
    title: actor.name,
    subtitle: poolTitle(values, localize),
    actorUuid: actor.uuid,
    fields,
    values,
    targets: [],
    data,
  };
}

/** A contest (002:L337–L359): instant, or extended to a target of successes (5 = simple, 002:L327). */
const CONTEST_FIELD: CheckField = {
  name: "contest",
  label: `${KEY}.Roll.Contest`,
  kind: "select",
  choices: { none: `${KEY}.Contest.None`, instant: `${KEY}.Contest.Instant`, extended: `${KEY}.Contest.Extended` },
  hint: `${KEY}.Roll.ContestHint`,
  rare: true,
};
const CONTEST_TARGET_FIELD = field("contestTarget", "number", { min: 1, max: 50, rare: true });

/**
 * The opposing side's roll on a contest card: by default the same kind of pool as the side that
 * opened it (002:L345), which the opponent may change; no contest or attempt fields.
 */
export function contestRequest(
  actor: ActorSnapshot,
  defaults: { attribute: string; second: string },
  contest: NonNullable<CheckData["contest"]>,
  options: StorytellingOptions,
  localize: (k: string) => string,
): KindRequest<CheckData> {
  const [kind, trait] = defaults.second.split(":");
  const dataset: Record<string, string> = {
    attribute: defaults.attribute,
    ...(kind === "skill" ? { skill: trait } : kind === "attribute" ? { second: trait } : {}),
  };
  const request = poolRequest(actor, dataset, options, localize);
  const data = request.data;
  data.kind = "contest";
  data.contest = contest;
  request.kind = "contest";
  request.fields = request.fields.filter((f) => !["attempt", "contest", "contestTarget"].includes(f.name));
  for (const k of ["attempt", "contest", "contestTarget"]) delete request.values[k];
  return request;
}

/** The usual Attribute for a Skill (the sheet's click on a Skill). */
export function defaultAttributeFor(skill: Skill): Attribute {
  const physical: Partial<Record<Skill, Attribute>> = {
    athletics: "strength",
    brawl: "strength",
    weaponry: "strength",
    drive: "dexterity",
    firearms: "dexterity",
    larceny: "dexterity",
    stealth: "dexterity",
    survival: "wits",
  };
  if (SKILL_CATEGORIES[skill] === "physical") return physical[skill] ?? "dexterity";
  if (SKILL_CATEGORIES[skill] === "social")
    return skill === "intimidation" ? "presence" : skill === "subterfuge" ? "manipulation" : "presence";
  return "intelligence";
}

export function poolTitle(values: CheckValues, localize: (k: string) => string): string {
  const a = localize(`${KEY}.Attribute.${String(values.attribute)}`);
  const [kind, trait] = String(values.second ?? "none").split(":");
  if (kind === "skill") return `${a} + ${localize(`${KEY}.Skill.${trait}`)}`;
  if (kind === "attribute") return `${a} + ${localize(`${KEY}.Attribute.${trait}`)}`;
  return a;
}

function commonMods(data: CheckData, values: CheckValues): PoolModifier[] {
  const mods: PoolModifier[] = [];
  const situational = intOr(values.situational, 0, -5, 5);
  if (situational) mods.push({ label: "situational", value: situational });
  const modifier = intOr(values.modifier, 0, -20, 20);
  if (modifier) mods.push({ label: "modifier", value: modifier });
  if (data.pepperSprayed) mods.push({ label: "pepperSprayed", value: -5 });
  const effects = checkEffectTotal(storytellingCheckEffects(data), values);
  if (effects) mods.push({ label: "effects", value: effects });
  return mods;
}

function willpowerAllowed(data: CheckData, values: CheckValues): boolean {
  if (values.willpower !== true) return false;
  if (data.willpowerSpent) throw refused("OneWillpowerPerTurn", "only one Willpower point may be spent per turn"); // 002:L420, L436;
  if (data.willpowerPoints < 1)
    throw new OmnibusError("outOfRange", "no Willpower points left", { name: "willpower", value: 0, min: "1", max: "" });
  return true;
}

/** The pool of a non-attack check (pool, extended, consciousness, drive) for the dialog's values. */
export function checkPool(data: CheckData, values: CheckValues): PoolBreakdown {
  const willpower = willpowerAllowed(data, values);
  const mods = commonMods(data, values);
  const traits = kindTraits(data.kind);
  if (traits.pool) return traits.pool(data, values, willpower, mods);
  const attribute = isAttribute(values.attribute) ? values.attribute : "wits";
  const [kind, trait] = String(values.second ?? "none").split(":");
  const equipment = intOr(values.equipment, 0, 0, 10);
  const attemptPenalty = traits.attemptPenalty
    ? traits.attemptPenalty(data)
    : successiveAttemptPenalty(intOr(values.attempt, 1, 1, 20), { step: data.options.successiveStep });
  const specialty = values.specialty === true && kind === "skill";
  return buildPool({
    attribute: data.attributes[attribute],
    ...(kind === "skill" && isSkill(trait) ? { skill: { dots: data.skills[trait], category: SKILL_CATEGORIES[trait] } } : {}),
    ...(kind === "attribute" && isAttribute(trait) ? { secondAttribute: data.attributes[trait] } : {}),
    specialty,
    equipment: equipment ? [equipment] : [],
    willpower,
    helpers: teamworkHelpers(values),
    modifiers: mods,
    woundPenalty: data.woundPenalty,
    attemptPenalty,
    options: { teamworkDramaticFailures: data.options.teamworkDramaticFailures },
  });
}

/**
 * Teamwork (002:L440–L452): the helpers rolled first; their successes are bonus dice, and each
 * helper's dramatic failure costs −4 (digest A16; once only with the world setting).
 */
export function teamworkHelpers(values: CheckValues): Array<{ successes: number; dramaticFailure: boolean }> {
  const successes = intOr(values.helperSuccesses, 0, 0, 50);
  const failures = intOr(values.helperDramaticFailures, 0, 0, 10);
  return [
    ...(successes > 0 ? [{ successes, dramaticFailure: false }] : []),
    ...Array.from({ length: failures }, () => ({ successes: 0, dramaticFailure: true })),
  ];
}

export function againOf(values: CheckValues): AgainLevel {
  const a = String(values.again ?? "10");
  return a === "9" ? 9 : a === "8" ? 8 : a === "none" ? "none" : 10;
}

/** Odds lines for a pool with the dialog's again/rote (the exact distribution from src/core). */
export function oddsFor(pool: number, values: CheckValues, options: StorytellingOptions, requiredSuccesses = 1): OddsLine[] {
  const o = rollOdds(pool, {
    again: againOf(values),
    rote: values.rote === true,
    roteRerolls: options.roteScope ?? "allFailedDice",
    chanceDieUsesAgainLevel: options.chanceDieUsesAgain,
    requiredSuccesses,
    advanced: values.advanced === true,
  });
  const lines: OddsLine[] = [
    { label: o.chance ? `${KEY}.Odds.ChanceSuccess` : `${KEY}.Odds.Success`, probability: o.success, primary: true },
    { label: `${KEY}.Odds.Exceptional`, probability: o.exceptional },
  ];
  if (o.chance) lines.push({ label: `${KEY}.Odds.DramaticFailure`, probability: o.dramaticFailure });
  return lines;
}

// ───────────────────────────── attacks ─────────────────────────────

/** Attack Attribute + Skill by kind (WoD p.153–162): Strength + Brawl / Weaponry, Dexterity + Athletics / Firearms. */
export const ATTACK_TRAITS: Record<AttackKind, { attribute: Attribute; skill: Skill }> = {
  unarmed: { attribute: "strength", skill: "brawl" },
  melee: { attribute: "strength", skill: "weaponry" },
  thrown: { attribute: "dexterity", skill: "athletics" },
  firearms: { attribute: "dexterity", skill: "firearms" },
  bow: { attribute: "dexterity", skill: "firearms" },
};

export function weaponData(item: PlainItem & { uuid?: string | null }): WeaponData {
  const s = item.system ?? {};
  const r = (s.ranges ?? {}) as Record<string, unknown>;
  const kind = (["unarmed", "melee", "thrown", "firearms", "bow"] as const).find((k) => k === s.attackKind) ?? "melee";
  const ranges: [number, number, number] = [intOr(r.short, 0, 0), intOr(r.medium, 0, 0), intOr(r.long, 0, 0)];
  const again = String(s.again ?? "10");
  return {
    uuid: item.uuid ?? null,
    name: item.name ?? "",
    attackKind: kind,
    damage: intOr(s.damage, 0, 0, 10),
    damageType: (["bashing", "lethal", "aggravated"] as const).find((t) => t === s.damageType) ?? "lethal",
    ranges: ranges[2] > 0 ? ranges : null,
    strength: intOr(s.strength, 0, 0, 10),
    again: again === "9" ? 9 : again === "8" ? 8 : again === "none" ? "none" : 10,
    armorPiercing: intOr(s.armorPiercing, 0, 0, 10),
    improvised: s.improvised === true,
    autofire: s.autofire === true,
    laserSight: s.laserSight === true,
    scope: s.scope === true,
  };
}

export const UNARMED: WeaponData = {
  uuid: null,
  name: "",
  attackKind: "unarmed",
  damage: 0,
  damageType: "bashing",
  ranges: null,
  strength: 0,
  again: 10,
  armorPiercing: 0,
  improvised: false,
  autofire: false,
  laserSight: false,
  scope: false,
};

/** What an attack needs to know about a targeted token's actor. */
export function attackTarget(info: TargetInfo, actor: ActorSnapshot | null, turn = ""): AttackTarget {
  const yards = info.distance === null ? null : toYards(info.distance, info.units);
  const turnState = readDefenseTurn(actor?.flags?.[DEFENSE_FLAG], turn);
  const base = {
    tokenUuid: info.tokenUuid,
    actorUuid: info.actorUuid,
    name: info.name,
    img: info.img,
    distance: info.distance,
    units: info.units,
    yards,
    band: null,
    priorAttacks: turnState.attacks,
    willpowerDefense: turnState.willpower,
  };
  if (!actor)
    return {
      ...base,
      defense: 0,
      dodging: false,
      noDefense: false,
      armor: { general: 0, ballistic: 0, bulletproof: false },
      isVehicle: false,
      durability: 0,
      size: null,
    };
  if (actor.type === "storytelling_vehicle") {
    return {
      ...base,
      defense: 0,
      dodging: false,
      noDefense: true,
      armor: { general: 0, ballistic: 0, bulletproof: false },
      isVehicle: true,
      durability: intOr(actor.system.durability, 3, 0, 20),
      size: null,
    };
  }
  const d = deriveCharacter(actor.system, actor.items);
  const st = new Set(actor.statuses);
  return {
    ...base,
    defense: d.defense,
    dodging: st.has("dodging"),
    // Unaware, surprised, unconscious or having made an all-out attack: no Defense (WoD pp.156–158).
    noDefense: ["surprised", "unconscious", "dying", "dead", "allOutAttack"].some((s) => st.has(s)),
    armor: { general: d.armor.general, ballistic: d.armor.ballistic, bulletproof: d.armor.bulletproof },
    isVehicle: false,
    durability: 0,
    size: d.size,
  };
}

export function attackRequest(
  actor: ActorSnapshot,
  weapon: WeaponData,
  targets: AttackTarget[],
  options: StorytellingOptions,
  turn = "",
): KindRequest<CheckData> {
  const own = readDefenseTurn(actor.flags?.[DEFENSE_FLAG], turn);
  const data: CheckData = { kind: "attack", ...actorBase(actor, options), weapon, targets, turn, attackerDefenseUsed: own.attacks > 0 };
  const fields: CheckField[] = [
    SPECIALTY_FIELD,
    SITUATIONAL_FIELD,
    MODIFIER_FIELD,
    field("aiming", "number", { min: 0, max: 3, hint: `${KEY}.Roll.AimingHint` }),
    field("allOutAttack", "checkbox", { hint: `${KEY}.Roll.AllOutAttackHint` }),
  ];
  // Concealment is per target (WoD p.164): each targeted token may stand behind something else.
  if (targets.length === 0) fields.push(coverField("concealment"));
  else targets.forEach((t, i) => fields.push({ ...coverField(coverName(i)), detail: t.name }));
  fields.push({
    name: "specifiedTarget",
    label: `${KEY}.Roll.SpecifiedTarget`,
    kind: "select",
    choices: Object.fromEntries(["none", "torso", "limb", "head", "hand", "eye"].map((c) => [c, `${KEY}.SpecifiedTarget.${c}`])),
  });
  if (weapon.autofire) {
    fields.push({
      name: "autofire",
      label: `${KEY}.Roll.Autofire`,
      kind: "select",
      choices: Object.fromEntries(["none", "short", "medium", "long"].map((c) => [c, `${KEY}.Autofire.${c}`])),
    });
  }
  if (targets.length === 0) {
    fields.push(
      field("targetDefense", "number", { min: 0, max: 20, hint: `${KEY}.Roll.TargetDefenseHint` }),
      field("targetArmor", "number", { min: 0, max: 20 }),
    );
  }
  fields.push(AGAIN_FIELD, ROTE_FIELD, WILLPOWER_FIELD, ADVANCED_FIELD);
  const values: CheckValues = {
    specialty: false,
    situational: "0",
    modifier: 0,
    aiming: 0,
    allOutAttack: false,
    concealment: "none",
    specifiedTarget: "none",
    autofire: "none",
    targetDefense: 0,
    targetArmor: 0,
    again: String(weapon.again),
    rote: false,
    willpower: false,
    advanced: false,
    ...Object.fromEntries(targets.map((_, i) => [coverName(i), "none"])),
  };
  const traits = ATTACK_TRAITS[weapon.attackKind];
  return {
    ruleset: "storytelling",
    kind: "attack",
    title: weapon.name || `${actor.name}`,
    subtitle: `${traits.attribute}+${traits.skill}`,
    actorUuid: actor.uuid,
    itemUuid: weapon.uuid,
    fields,
    values,
    targets: targets.map((t) => ({
      tokenUuid: t.tokenUuid,
      actorUuid: t.actorUuid,
      name: t.name,
      img: t.img,
      distance: t.distance,
      units: t.units,
    })),
    data,
  };
}

/**
 * Per-target cover (WoD p.164): concealment barely −1, partially −2, substantially −3; or full
 * cover of Durability 1 (wood, thick glass), 2 (stone, aluminium) or 3 (iron, steel; 002:L500–L509),
 * which the attack must get through first (002:L801).
 */
export const COVER_CHOICES = ["none", "barely", "partially", "substantially", "full1", "full2", "full3"] as const;
export type CoverChoice = (typeof COVER_CHOICES)[number];
/** The dialog field of target #i's concealment. */
export const coverName = (i: number) => `cover${i}`;
function coverField(name: string): CheckField {
  return {
    name,
    label: `${KEY}.Roll.Concealment`,
    kind: "select",
    choices: Object.fromEntries(COVER_CHOICES.map((c) => [c, `${KEY}.Concealment.${c}`])),
  };
}
function coverOf(values: CheckValues, name: string): CoverChoice {
  const v = String(values[name] ?? "none");
  if (!(COVER_CHOICES as readonly string[]).includes(v))
    throw new OmnibusError("badArgument", `unknown concealment "${v}"`, { name, value: v });
  return v as CoverChoice;
}
/** The Durability of full cover, or null for concealment (or none). */
export function fullCoverDurability(cover: CoverChoice): number | null {
  return cover.startsWith("full") ? Number(cover.slice(4)) : null;
}

/** How a target's Defense was made up against one attack (shown on the card). */
export interface DefenseDetail {
  /** The target's Defense rating (lower of Wits and Dexterity, armour penalty). */
  rating: number;
  dodging: boolean;
  willpower: boolean;
  priorAttacks: number;
  /** What was subtracted. */
  value: number;
}

export interface TargetPool {
  target: AttackTarget | null;
  /** null when the target is out of the weapon's range (no roll). */
  pool: (PoolBreakdown & { damageType: DamageType }) | null;
  band: RangeBand | null;
  /** Defense applied against this attack (so it counts as one more attack on the defender this turn). */
  defenseApplied: boolean;
  defense: DefenseDetail | null;
  /**
   * Full cover (WoD p.164; 002:L801): the attack must beat the cover's Durability; the successes
   * beyond it are rolled again as a new pool, minus the target's armour, to damage the target.
   */
  fullCover: { durability: number; armor: number } | null;
}

/** The second pool through full cover: the successes beyond its Durability, minus the target's armour (a pool of 0 or less is a chance roll). */
export function throughCoverPool(successes: number, cover: { durability: number; armor: number }): { excess: number; pool: number } | null {
  const excess = successes - cover.durability;
  if (excess <= 0) return null;
  return { excess, pool: excess - cover.armor };
}

/** Whether Defense applies to an attack at all (002:L428; WoD pp.156–158). */
export function defenseApplies(target: AttackTarget, attackKind: AttackKind): boolean {
  if (target.isVehicle || target.noDefense) return false;
  if (attackKind === "firearms" || attackKind === "bow") return target.yards !== null && target.yards <= 2;
  return true;
}

/** The pool against each target (or one manual target): Defense, armour, range and cover applied. */
export function attackPools(data: CheckData, values: CheckValues): TargetPool[] {
  const weapon = data.weapon ?? UNARMED;
  const willpower = willpowerAllowed(data, values);
  const traits = ATTACK_TRAITS[weapon.attackKind];
  const autofire = ["short", "medium", "long"].includes(String(values.autofire))
    ? (String(values.autofire) as "short" | "medium" | "long")
    : undefined;
  const targets = data.targets ?? [];
  const allOutAttack = values.allOutAttack === true;
  // An all-out attack gives up Defense, so it is not allowed once Defense was applied this turn (WoD p.158).
  if (allOutAttack && data.attackerDefenseUsed) {
    throw refused("NoAllOutAfterDefense", "no all-out attack after Defense was used this turn");
  }
  const common = {
    attackKind: weapon.attackKind,
    attribute: data.attributes[traits.attribute],
    skill: data.skills[traits.skill],
    specialty: values.specialty === true,
    weapon:
      weapon.attackKind === "unarmed"
        ? undefined
        : {
            damage: weapon.damage,
            damageType: weapon.damageType,
            improvised: weapon.improvised,
            strengthRequired: weapon.strength,
            armorPiercing: weapon.armorPiercing,
          },
    strength: data.attributes.strength,
    strengthShortfall: data.options.strengthShortfall,
    aimingTurns: intOr(values.aiming, 0, 0, 3),
    allOutAttack,
    ...(String(values.specifiedTarget ?? "none") !== "none" ? { specifiedTarget: String(values.specifiedTarget) as SpecifiedTarget } : {}),
    ...(autofire ? { autofire, autofireTargets: Math.max(1, targets.length) } : {}),
    willpower,
    woundPenalty: data.woundPenalty,
    modifiers: commonMods(data, values),
  };
  if (targets.length === 0) {
    const cover = coverOf(values, "concealment");
    const pool = attackPool({
      ...common,
      concealment: fullCoverDurability(cover) === null ? (cover as Concealment) : "none",
      targetDefense: effectiveDefense({ defense: intOr(values.targetDefense, 0, 0, 20), attackKind: weapon.attackKind }),
      targetArmor: { general: intOr(values.targetArmor, 0, 0, 20), ballistic: intOr(values.targetArmor, 0, 0, 20) },
    });
    const durability = fullCoverDurability(cover);
    return [
      {
        target: null,
        pool,
        band: null,
        defenseApplied: false,
        defense: null,
        fullCover: durability === null ? null : { durability, armor: 0 },
      },
    ];
  }
  return targets.map((target, i) => {
    let band: RangeBand | null = null;
    const ranged = weapon.attackKind === "firearms" || weapon.attackKind === "bow" || weapon.attackKind === "thrown";
    if (ranged && target.yards !== null) {
      const ranges =
        weapon.attackKind === "thrown"
          ? thrownRanges({
              strength: data.attributes.strength,
              dexterity: data.attributes.dexterity,
              athletics: data.skills.athletics,
              aerodynamic: true,
            })
          : weapon.ranges;
      if (ranges) band = rangeBand(target.yards, ranges);
    }
    const cover = coverOf(values, coverName(i));
    const durability = fullCoverDurability(cover);
    if (band === "outOfRange") return { target, pool: null, band, defenseApplied: false, defense: null, fullCover: null };
    // Behind full cover the attack is rolled against the cover: no Defense, the armour counts on the second pool.
    const applied = durability === null && defenseApplies(target, weapon.attackKind);
    const defense = applied
      ? effectiveDefense({
          defense: target.defense,
          attackKind: weapon.attackKind,
          dodge: target.dodging,
          willpower: target.willpowerDefense,
          priorAttacksThisTurn: target.priorAttacks,
          willpowerBeforeDodge: data.options.willpowerBeforeDodge,
          // A shooter within close-combat range (a yard or two) faces Defense (WoD p.156).
          shooterInCloseCombat: true,
        })
      : 0;
    const pool = attackPool({
      ...common,
      concealment: durability === null ? (cover as Concealment) : "none",
      targetDefense: defense,
      // Behind full cover the armour is subtracted from the second pool (only "bulletproof" still applies here).
      targetArmor: target.isVehicle
        ? undefined
        : durability !== null
          ? { general: 0, ballistic: 0, bulletproof: target.armor.bulletproof }
          : target.armor,
      ...(band ? { range: { band, laserSight: weapon.laserSight, scope: weapon.scope } } : {}),
    });
    const detail: DefenseDetail | null = applied
      ? {
          rating: target.defense,
          dodging: target.dodging,
          willpower: target.willpowerDefense,
          priorAttacks: target.priorAttacks,
          value: defense,
        }
      : null;
    const fullCover =
      durability === null
        ? null
        : { durability, armor: target.isVehicle ? 0 : armorAgainst(target.armor, weapon.attackKind, weapon.armorPiercing) };
    return { target, pool, band, defenseApplied: applied, defense: detail, fullCover };
  });
}

/** Damage an attack's successes do to a target (a vehicle: successes beyond its Durability, 002:L793). */
export function damageOnTarget(successes: number, target: AttackTarget | null): number {
  if (!target?.isVehicle) return successes;
  return Math.max(0, successes - target.durability);
}

/**
 * Whether a hit offers its target the knockout Stamina roll (WoD p.169, digest §Z.5): a character
 * (one with a Size) hit by a blow aimed at the head (the dialog's specified target) for damage of
 * at least its Size. A Size below 1 counts as 1.
 */
export function knockoutOffered(target: AttackTarget | null, values: CheckValues, points: number, damageType: DamageType): boolean {
  if (!target?.actorUuid || target.size === null || target.size === undefined || points < 1) return false;
  const aimed = String(values.specifiedTarget ?? "none");
  return knockoutCheckDue({
    specifiedTarget: aimed as SpecifiedTarget | "none",
    damage: points,
    targetSize: Math.max(1, target.size),
    damageType,
  });
}

/** A request's pool for the dialog's values: the first target in range for an attack. */
export function requestPool(request: KindRequest<CheckData>, values: CheckValues): PoolBreakdown {
  const data = request.data;
  if (kindTraits(data.kind).perTarget) {
    const pools = attackPools(data, values);
    const first = pools.find((p) => p.pool)?.pool;
    if (!first)
      throw new OmnibusError("outOfRange", "every target is out of range", { name: "range", value: "outOfRange", min: "", max: "" });
    return first;
  }
  return checkPool(data, values);
}

export function requestOdds(request: KindRequest<CheckData>, values: CheckValues): OddsLine[] {
  const data = request.data;
  if (kindTraits(data.kind).perTarget && (data.targets?.length ?? 0) > 0) {
    // One set of lines per target in range: each has its own Defense, armour, range and cover.
    const pools = attackPools(data, values);
    if (!pools.some((p) => p.pool))
      throw new OmnibusError("outOfRange", "every target is out of range", { name: "range", value: "outOfRange", min: "", max: "" });
    return pools.flatMap((p) => {
      if (!p.pool) return [];
      const detail = p.target?.name ?? "";
      // Behind full cover the first roll must beat the cover's Durability (WoD p.164).
      if (p.fullCover) {
        const needed = p.fullCover.durability + 1;
        return [
          { ...oddsFor(p.pool.pool, values, data.options, needed)[0], label: `${KEY}.Odds.ThroughCover`, detail: `${detail} (${needed}+)` },
        ];
      }
      return oddsFor(p.pool.pool, values, data.options).map((line) => ({ ...line, detail }));
    });
  }
  return oddsFor(requestPool(request, values).pool, values, data.options);
}

export function extendedRequest(
  actor: ActorSnapshot,
  tracker: { uuid: string; name: string; system: Record<string, unknown> },
  options: StorytellingOptions,
  localize: (k: string) => string,
): KindRequest<CheckData> {
  const s = tracker.system;
  const attribute = isAttribute(s.attribute) ? s.attribute : "intelligence";
  const second = isSkill(s.skill) ? `skill:${s.skill}` : "none";
  const data: CheckData = {
    kind: "extended",
    ...actorBase(actor, options),
    extended: {
      uuid: tracker.uuid,
      name: tracker.name,
      target: intOr(s.target, 10, 1, 999),
      accumulated: intOr(s.accumulated, 0, 0),
      rollsMade: intOr(s.rollsMade, 0, 0),
      maxRolls: s.maxRolls === null || s.maxRolls === undefined ? null : intOr(s.maxRolls, 1, 1, 999),
      attempt: intOr(s.attempt, 1, 1, 99),
      status: String(s.status ?? "inProgress"),
      equipment: intOr(s.equipment, 0, 0, 10),
      modifier: intOr(s.modifier, 0, -10, 10),
      exceptionalRolls: Array.isArray(s.exceptionalRolls) ? (s.exceptionalRolls as number[]) : [],
      dramaticFailures: Array.isArray(s.dramaticFailures) ? (s.dramaticFailures as number[]) : [],
    },
  };
  if (data.extended!.status !== "inProgress") throw refused("ExtendedOver", `this extended action is already ${data.extended!.status}`);
  const values: CheckValues = {
    attribute,
    second,
    specialty: false,
    equipment: data.extended!.equipment,
    situational: "0",
    modifier: data.extended!.modifier,
    again: "10",
    rote: false,
    willpower: false,
    advanced: false,
    helperSuccesses: 0,
    helperDramaticFailures: 0,
  };
  const fields = [
    {
      name: "attribute",
      label: `${KEY}.Roll.Attribute`,
      kind: "select" as const,
      choices: Object.fromEntries(ATTRIBUTES.map((a) => [a, `${KEY}.Attribute.${a}`])),
    },
    { name: "second", label: `${KEY}.Roll.Second`, kind: "select" as const, choices: secondChoices() },
    SPECIALTY_FIELD,
    EQUIPMENT_FIELD,
    SITUATIONAL_FIELD,
    MODIFIER_FIELD,
    AGAIN_FIELD,
    ROTE_FIELD,
    WILLPOWER_FIELD,
    ADVANCED_FIELD,
    HELPER_SUCCESSES_FIELD,
    HELPER_FAILURES_FIELD,
  ];
  return {
    ruleset: "storytelling",
    kind: "extended",
    title: tracker.name,
    subtitle: poolTitle(values, localize),
    actorUuid: actor.uuid,
    itemUuid: tracker.uuid,
    fields,
    values,
    targets: [],
    data,
  };
}

/** An extended tracker's data (from its request) as the rules' extended action. */
export function trackerState(e: NonNullable<CheckData["extended"]>): ExtendedAction {
  return {
    target: e.target,
    accumulated: e.accumulated,
    rollsMade: e.rollsMade,
    maxRolls: e.maxRolls,
    attempt: e.attempt,
    exceptionalRolls: e.exceptionalRolls,
    dramaticFailures: e.dramaticFailures,
    status: e.status === "complete" || e.status === "failed" ? e.status : "inProgress",
    overshoot: false,
  };
}

/**
 * The GM's record of an extended roll on its tracker (the tracker item's plain system data): the
 * claimed successes checked, the tracker where the roll found it (a stale card records nothing),
 * and the tracker's update after the roll (002:L258–L300).
 */
export function extendedRecord(
  system: Record<string, unknown>,
  roll: { successes?: unknown; dramaticFailure?: unknown; rollsMade?: unknown },
): { after: ExtendedAction; update: Record<string, unknown> } {
  const s = system;
  const successes = Number(roll.successes);
  if (!Number.isInteger(successes) || successes < 0 || successes > 99)
    throw new OmnibusError("badArgument", "successes", { name: "successes", value: String(roll.successes ?? "") });
  if (intOr(s.rollsMade, 0) !== Number(roll.rollsMade)) throw refused("TrackerMoved", "the tracker moved on");
  const tracker = trackerState({
    uuid: "",
    name: "",
    target: intOr(s.target, 10, 1),
    accumulated: intOr(s.accumulated, 0, 0),
    rollsMade: intOr(s.rollsMade, 0, 0),
    maxRolls: s.maxRolls === null || s.maxRolls === undefined ? null : intOr(s.maxRolls, 1, 1),
    attempt: intOr(s.attempt, 1, 1),
    status: String(s.status ?? "inProgress"),
    equipment: 0,
    modifier: 0,
    exceptionalRolls: Array.isArray(s.exceptionalRolls) ? (s.exceptionalRolls as number[]) : [],
    dramaticFailures: Array.isArray(s.dramaticFailures) ? (s.dramaticFailures as number[]) : [],
  });
  const after = recordExtendedRoll(tracker, { successes, dramaticFailure: roll.dramaticFailure === true });
  return {
    after,
    update: {
      "system.accumulated": after.accumulated,
      "system.rollsMade": after.rollsMade,
      "system.status": after.status,
      "system.overshoot": after.overshoot,
      "system.exceptionalRolls": after.exceptionalRolls,
      "system.dramaticFailures": after.dramaticFailures,
    },
  };
}

export function consciousnessRequest(actor: ActorSnapshot, options: StorytellingOptions): KindRequest<CheckData> {
  const data: CheckData = { kind: "consciousness", ...actorBase(actor, options) };
  return {
    ruleset: "storytelling",
    kind: "consciousness",
    title: actor.name,
    subtitle: "",
    actorUuid: actor.uuid,
    fields: [MODIFIER_FIELD, WILLPOWER_FIELD],
    values: { modifier: 0, willpower: false, again: "10", rote: false },
    targets: [],
    data,
  };
}

export function driveRequest(driver: ActorSnapshot, vehicle: ActorSnapshot, options: StorytellingOptions): KindRequest<CheckData> {
  const v = deriveVehicle(vehicle.system);
  const data: CheckData = {
    kind: "drive",
    ...actorBase(driver, options),
    vehicle: { uuid: vehicle.uuid, name: vehicle.name, handling: intOr(vehicle.system.handling, 0, -5, 10), drivePenalty: v.drivePenalty },
  };
  return {
    ruleset: "storytelling",
    kind: "drive",
    title: vehicle.name,
    subtitle: driver.name,
    actorUuid: driver.uuid,
    fields: [SPECIALTY_FIELD, SITUATIONAL_FIELD, MODIFIER_FIELD, AGAIN_FIELD, ROTE_FIELD, WILLPOWER_FIELD, ADVANCED_FIELD],
    values: { specialty: false, situational: "0", modifier: 0, again: "10", rote: false, willpower: false, advanced: false },
    targets: [],
    data,
  };
}

/**
 * A character's initiative modifier: Dexterity + Composure (the tracker's roll is 1d10 plus it);
 * null for an actor without attributes (no initiative roll).
 */
export function initiativeModifierOf(system: Record<string, unknown> | null | undefined): number | null {
  if (!system?.attributes) return null;
  const t = characterTraits(system);
  return initiativeModifier({ dexterity: t.attributes.dexterity, composure: t.attributes.composure });
}
