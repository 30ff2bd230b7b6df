/**
 * Silhouette checks as plain data (no Foundry global): the roll dialog's requests for a skill
 * check, an attack and a defense; the pool and modifiers the chosen values give; and the exact odds
 * from src/core. The Foundry side (checks.ts) gathers the facts from documents and calls these; the
 * gallery and the tests call them with sample facts.
 */
import { OmnibusError } from "../../core/errors";
import { compare, silhouetteOdds } from "../../core/odds/index";
import {
  CALLED_SHOT_DICE,
  CANDIDATE_RANGE_MODIFIERS,
  FLURRY,
  MOVEMENT_MODES,
  burst as burstRules,
  defendAgainstSeveral,
  defenseSkills,
  movementActionModifier,
  movementDefenseModifier,
  movementModeForDistance,
  multiActionPenalty,
  multipleAttackerPenalty,
  rangeBandOf,
  shotPool,
  surpriseAttack,
  type CalledShot,
  type FlurryKind,
  type MovementMode,
  type MovementRates,
  type RangeBand,
  type RangeBands,
  type Speed,
} from "../../rules/silhouette/index";
import type { CheckField, CheckRequest, CheckValues, OddsLine, TargetInfo } from "../ruleset";
import { choices, skillFor, type SkillKey, type SkillRow, type WeaponCategory, type WeaponSkill } from "./data";
import type { SilhouetteOptions } from "./settings";

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
    return facts.prone ? "crawling" : ({ crawl: "crawling", walk: "walking", jog: "jogging", run: "running", sprint: "sprinting" } as const)[facts.maxSpeed ?? "crawl"];
  }
}

const MOVEMENT_CHOICES = choices(MOVEMENT_MODES, `${L}Movement.`);
const THRESHOLD_CHOICES = choices(["none", "difficulty", "opposed"], `${L}Threshold.`);
const CALLED_CHOICES = choices(Object.keys(CALLED_SHOT_DICE), `${L}CalledShot.`);
const FLURRY_CHOICES = choices(Object.keys(FLURRY), `${L}Flurry.`);
const RANGE_CHOICES = choices(["auto", "pointBlank", "base", "medium", "long", "extreme"], `${L}Range.`);

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
  freeStrike: { name: "freeStrike", label: `${L}Field.FreeStrike`, kind: "checkbox", hint: `${L}Field.FreeStrikeHint` },
  severalAttackers: { name: "severalAttackers", label: `${L}Field.SeveralAttackers`, kind: "checkbox", hint: `${L}Field.SeveralAttackersHint` },
  extraDice: { name: "extraDice", label: `${L}Field.ExtraDice`, kind: "number", min: -20, max: 20, hint: `${L}Field.ExtraDiceHint` },
} satisfies Record<string, CheckField>;

/** A rules skill's display label key. */
export const skillLabel = (key: SkillKey) => `${L}Skill.${key}`;

/** Plain data a skill or attack request carries in `data`. */
export interface SkillCheckData {
  skillName: string;
  skillKey: SkillKey;
  skillLevel: number;
  attributeModifier: number;
  balancing: number;
  actorImg: string;
}
export interface AttackCheckData extends SkillCheckData {
  weapon: WeaponFacts;
  attackKind: AttackKind;
  stealth: number;
  /** Per target (same order as request.targets): the facts for odds and the card. */
  targetFacts: Array<TargetFacts | null>;
}

/** A skill check (the skill row, or an untrained skill by key). */
export function skillRequest(actor: ActorFacts, skill: SkillRow | { key: SkillKey; name: string }, targets: TargetInfo[], localizedTitle: string): CheckRequest {
  const row = "level" in skill ? skill : null;
  const data: SkillCheckData = {
    skillName: skill.name,
    skillKey: skill.key,
    skillLevel: row?.level ?? 0,
    attributeModifier: row?.attributeModifier ?? 0,
    balancing: actor.balancing,
    actorImg: actor.img,
  };
  return {
    ruleset: "silhouette",
    kind: "skill",
    title: localizedTitle,
    actorUuid: actor.uuid,
    fields: [FIELD.dice, FIELD.modifier, FIELD.actions, FIELD.movement, FIELD.thresholdKind, FIELD.threshold],
    values: { dice: data.skillLevel, modifier: 0, actions: 1, movement: autoMovementMode(actor), thresholdKind: "none", threshold: 0 },
    targets,
    data: data as unknown as Record<string, unknown>,
  };
}

/** An attack with a weapon against the targeted tokens. */
export function attackRequest(actor: ActorFacts, weapon: WeaponFacts, targets: TargetInfo[], targetFacts: Array<TargetFacts | null>, localizedTitle: string): CheckRequest {
  const row = skillFor(actor.skills, weapon.skill);
  const attackKind = attackKindOf(weapon);
  const data: AttackCheckData = {
    skillName: row?.name ?? weapon.skill,
    skillKey: weapon.skill,
    skillLevel: row?.level ?? 0,
    attributeModifier: row?.attributeModifier ?? 0,
    balancing: actor.balancing,
    actorImg: actor.img,
    weapon,
    attackKind,
    stealth: skillFor(actor.skills, "stealth")?.level ?? 0,
    targetFacts,
  };
  const fields: CheckField[] = [FIELD.dice, FIELD.modifier, FIELD.actions, FIELD.movement];
  if (attackKind === "ranged") {
    fields.push(FIELD.aim, FIELD.calledShot);
    if (weapon.rof >= 1) fields.push({ name: "burst", label: `${L}Field.Burst`, kind: "number", min: 0, max: weapon.rof, hint: `${L}Field.BurstHint` });
    fields.push(FIELD.range);
  } else fields.push(FIELD.flurry, FIELD.freeStrike);
  fields.push(FIELD.unaware);
  if (targets.length === 0) fields.push(FIELD.thresholdKind, FIELD.threshold);
  const values: CheckValues = { dice: data.skillLevel, modifier: 0, actions: 1, movement: autoMovementMode(actor), unaware: false };
  if (attackKind === "ranged") Object.assign(values, { aim: 0, calledShot: "none", range: "auto", ...(weapon.rof >= 1 ? { burst: 0 } : {}) });
  else Object.assign(values, { flurry: "single", freeStrike: false });
  if (targets.length === 0) Object.assign(values, { thresholdKind: "none", threshold: 0 });
  return {
    ruleset: "silhouette",
    kind: "attack",
    title: localizedTitle,
    actorUuid: actor.uuid,
    itemUuid: weapon.uuid,
    fields,
    values,
    targets,
    data: data as unknown as Record<string, unknown>,
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
  burstRof: number;
  flurry: FlurryKind;
  calledShot: CalledShot;
  movement: MovementMode;
  unaware: boolean;
  freeStrike: boolean;
}

function num(values: CheckValues, name: string, fallback = 0): number {
  const v = values[name];
  return typeof v === "number" ? v : fallback;
}
function str(values: CheckValues, name: string, fallback: string): string {
  const v = values[name];
  return typeof v === "string" ? v : fallback;
}

/** The pool and modifiers of a skill check or an attack. Throws an OmnibusError for impossible values. */
export function planPool(request: CheckRequest, values: CheckValues, options: SilhouetteOptions): PoolPlan {
  const data = request.data as unknown as SkillCheckData & Partial<AttackCheckData>;
  const movement = str(values, "movement", "stationary") as MovementMode;
  const actionMod = movementActionModifier(movement);
  if (actionMod === null) throw new OmnibusError("rollImpossible", `no actions while ${movement}`, { name: "movement", value: movement });
  const freeStrike = values.freeStrike === true;
  const actions = num(values, "actions", 1);
  const lines: ModifierLine[] = [];
  const add = (label: string, value: number) => {
    if (value !== 0) lines.push({ label, value });
  };
  add(`${L}Card.Attribute`, data.attributeModifier);
  // A free strike does not count toward the multi-action penalty (004:L19).
  add(`${L}Card.MultiAction`, freeStrike ? 0 : multiActionPenalty(actions, actions, options.multiAction));
  add(`${L}Card.MovementMod`, actionMod);
  add(`${L}Card.Balancing`, data.balancing);
  add(`${L}Card.OtherMod`, num(values, "modifier"));
  let dice = num(values, "dice");
  let ignoreMishap = false;
  let burstRof = 0;
  const calledShot = str(values, "calledShot", "none") as CalledShot;
  const flurry = str(values, "flurry", "single") as FlurryKind;
  const unaware = values.unaware === true;
  if (request.kind === "attack" && data.weapon) {
    add(`${L}Card.Accuracy`, data.weapon.accuracy);
    if (data.attackKind === "ranged") {
      burstRof = num(values, "burst");
      const shot = shotPool(dice, { roundsAimed: num(values, "aim"), calledShot, burst: burstRof > 0 });
      dice = shot.dice;
      ignoreMishap = shot.ignoreMishap;
      if (burstRof > 0) add(`${L}Card.Recoil`, burstRules(burstRof, data.weapon.rof).skillModifier);
    } else {
      if (!(flurry in FLURRY)) throw new OmnibusError("badArgument", `unknown attack kind ${flurry}`, { name: "flurry", value: flurry });
      add(`${L}Card.Flurry`, FLURRY[flurry].modifier);
    }
    // A surprise attack rolls the lower of the attack skill and Stealth (004:L89, L92).
    if (unaware) dice = surpriseAttack(dice, data.stealth ?? 0, 0).dice;
  }
  return {
    dice,
    untrained: dice === 0,
    modifier: lines.reduce((s, l) => s + l.value, 0),
    lines,
    ignoreMishap,
    burstRof,
    flurry,
    calledShot,
    movement,
    unaware,
    freeStrike,
  };
}

/** The range band and its modifier for a target at `distance` (null: unmeasured or a melee weapon). */
export function rangeFor(weapon: WeaponFacts, distance: number | null, chosen: string, options: SilhouetteOptions): { band: RangeBand | "pointBlank" | "beyond" | null; modifier: number } {
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
  const kind = str(values, "thresholdKind", "none");
  if (kind === "none") return { threshold: null, opposed: false };
  return { threshold: num(values, "threshold"), opposed: kind === "opposed" };
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

/** Exact odds for the roll dialog (src/core). */
export function checkOdds(request: CheckRequest, values: CheckValues, options: SilhouetteOptions): OddsLine[] {
  if (request.kind === "defense") return defenseOdds(request, values, options);
  const plan = planPool(request, values, options);
  const base = oddsOptions(plan, options);
  const lines: OddsLine[] = [];
  const data = request.data as unknown as Partial<AttackCheckData>;
  const target = request.targets[0];
  if (request.kind === "attack" && data.weapon && target) {
    const facts = data.targetFacts?.[0] ?? null;
    const range = rangeFor(data.weapon, target.distance, str(values, "range", "auto"), options);
    const modifier = plan.modifier + range.modifier;
    if (plan.unaware || !facts) {
      const difficulty = 1 + targetDefenseModifier(facts, data.attackKind ?? "ranged");
      const odds = silhouetteOdds({ ...base, modifier, threshold: difficulty, tieSucceeds: options.check.fixedTie === "success" });
      lines.push({ label: `${L}Odds.HitFirstTarget`, probability: odds.success ?? 0, primary: true });
      lines.push({ label: `${L}Odds.Mishap`, probability: odds.fumble });
      return lines;
    }
    const attack = silhouetteOdds({ ...base, modifier });
    const defense = silhouetteOdds({
      dice: facts.defenseDice,
      modifier: facts.defenseAttribute + targetDefenseModifier(facts, data.attackKind ?? "ranged"),
      sixMode: options.check.sixMode,
      fumbleRule: options.check.fumbleRule,
    });
    const c = compare(attack.total, defense.total);
    let hit = c.greater + (options.check.opposedTie === "success" ? c.equal : 0);
    if (options.check.fumbleFails && attack.fumble > 0) {
      // A fumbled attack's total is 1 + modifier; take away the hits it would otherwise score.
      const fumbleTotal = 1 + modifier;
      const beats = options.check.opposedTie === "success" ? 1 - defense.total.pGreater(fumbleTotal) : 1 - defense.total.pAtLeast(fumbleTotal);
      hit -= attack.fumble * beats;
    }
    lines.push({ label: `${L}Odds.HitFirstTarget`, probability: Math.min(1, Math.max(0, hit)), primary: true });
    lines.push({ label: `${L}Odds.Mishap`, probability: attack.fumble });
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
  /** Which attacker this is against the defender this round (1-based, 004:L71). */
  attackerIndex: number;
  skills: Partial<Record<SkillKey, { level: number; attribute: number }>>;
}

/** The defender's roll against one strike on an attack card. */
export function defenseRequest(actor: ActorFacts, data: DefenseCheckData, localizedTitle: string, localizedSubtitle: string): CheckRequest {
  const allowed = defenseSkills(data.attackKind);
  const best = allowed.reduce((a, b) => ((data.skills[b]?.level ?? 0) > (data.skills[a]?.level ?? 0) ? b : a), allowed[0]);
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
      ...(data.attackerIndex > 1 && !data.freeStrike ? [FIELD.severalAttackers] : []),
      FIELD.modifier,
    ],
    values: { skill: best, extraDice: 0, movement: autoMovementMode(actor), severalAttackers: false, modifier: 0 },
    targets: [],
    data: data as unknown as Record<string, unknown>,
  };
}

/** The defense pool and modifiers (004:L67, L71, L83, L85; movement 004:L29-38). */
export function planDefense(request: CheckRequest, values: CheckValues): { dice: number; untrained: boolean; modifier: number; lines: ModifierLine[]; skill: string } {
  const data = request.data as unknown as DefenseCheckData;
  const skill = str(values, "skill", "defense");
  if (!defenseSkills(data.attackKind).includes(skill as never)) throw new OmnibusError("badArgument", `${skill} cannot defend here`, { name: "skill", value: skill });
  const own = data.skills[skill as SkillKey] ?? { level: 0, attribute: 0 };
  let dice = Math.max(0, own.level + num(values, "extraDice"));
  const lines: ModifierLine[] = [];
  const add = (label: string, value: number) => {
    if (value !== 0) lines.push({ label, value });
  };
  add(`${L}Card.Attribute`, own.attribute);
  add(`${L}Card.MovementMod`, movementDefenseModifier(str(values, "movement", "stationary") as MovementMode, data.attackKind === "ranged" ? "ranged" : "melee"));
  if (values.severalAttackers === true && !data.freeStrike) dice = defendAgainstSeveral(dice, data.attackerIndex).dice;
  else add(`${L}Card.SeveralAttackers`, multipleAttackerPenalty(data.attackerIndex, data.freeStrike));
  add(`${L}Card.OtherMod`, num(values, "modifier"));
  return { dice, untrained: dice === 0, modifier: lines.reduce((s, l) => s + l.value, 0), lines, skill };
}

function defenseOdds(request: CheckRequest, values: CheckValues, options: SilhouetteOptions): OddsLine[] {
  const data = request.data as unknown as DefenseCheckData;
  const plan = planDefense(request, values);
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
