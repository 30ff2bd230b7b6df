/**
 * The Silhouette chat card as plain data (no Foundry global). A card's STATE is stored on the
 * message (`flags.omnibus.silhouette`) and re-rendered when a defense is recorded; `cardContext`
 * turns a state into what `templates/silhouette/chat/check.hbs` renders.
 *
 * An attack card lists its targets; each target has one strike (three for a lightning attack,
 * 004:L80), and each strike gets the defender's opposed defense roll in the same card (or, against
 * an unaware target, a fixed difficulty of 1 + its defense modifiers, 004:L89, L92). A hit deals
 * (Degree of Success + burst ROF) × the weapon's damage multiplier (004:L99, L104; digest §12).
 */
import { OmnibusError, refused } from "../../../core/errors";
import { forcedDice } from "../../../core/dice";
import {
  BASIC_REACH_METRES,
  FLURRY,
  addWound,
  calledShotWound,
  staminaThresholds,
  withinReach,
  woundFromDamage,
  worstWound,
  pullTogetherInitiative,
  rollScatter,
  type HealthState,
  type WoundLevel,
  readCheckFaces,
  resolveAgainst,
  resolveAttack,
  type CheckOptions,
  type CheckRoll,
  type InitiativeResult,
  type RangeBand,
} from "../index";
import type { CheckValues, KindRequest, TargetInfo } from "../../table/types";
import {
  attackerIndexOf,
  defenseSkillsOf,
  rangeFor,
  targetDefenseModifier,
  type ActorFacts,
  type DefenseCheckData,
  type DefendedRecord,
  thresholdOf,
  type AttackCheckData,
  type AttackKind,
  type ModifierLine,
  type PoolPlan,
  type SkillCheckData,
} from "./checks";
import type { SilhouetteOptions } from "./settings";
import { skillFor } from "./derive";
import { suppressionOf } from "./areas";
import type { AthleticsCard } from "./athletics/checks";
import { diceView, summarize, type DieView, type RollSummary } from "./rolls";
import type { ExplainStep } from "../../../core/explain";
import { explainCheck } from "../explain";

const L = "OMNIBUS.Silhouette.";

/** A rolled pool as the card shows it (src/rules/silhouette/table/rolls.ts). */
export type { RollSummary, DieView };
export { diceView };

export interface DefenseSummary extends RollSummary {
  skill: string;
  lines: ModifierLine[];
  defenderName: string;
}

export interface StrikeState {
  key: string;
  /** The attack total this strike is defended against. */
  attackTotal: number;
  defense: DefenseSummary | null;
  /** Set once decided: by a defense roll, or at once against a fixed difficulty. */
  outcome: { threshold: number; opposed: boolean; margin: number; hit: boolean; damage: number } | null;
  /** The wound applied to the target (after armour), once the damage button was used. */
  applied?: { wound: string; damage: number } | null;
}

export interface TargetState {
  key: string;
  name: string;
  img: string;
  tokenUuid: string;
  actorUuid: string | null;
  distance: number | null;
  units: string;
  rangeBand: RangeBand | "pointBlank" | "beyond" | null;
  rangeModifier: number;
  unaware: boolean;
  /** `target` (declared), `bystander` (in walking fire's zone, defends vs ROF + 1) or `zone` (in a suppression zone). */
  role?: "target" | "bystander" | "zone";
  /** The ROF added to the Degree of Success on a hit here (a burst's, walking fire's reduced ROF, or 0). */
  damageRof?: number;
  strikes: StrikeState[];
}

/** A grenade's second test and where it landed (004:L111-113). */
export interface GrenadeState {
  fuse: RollSummary;
  /** The fuse test's total reached the setting's "high" value: it explodes almost on impact. */
  explodesOnImpact: boolean;
  /** The fuse test was a mishap: it may explode in the thrower's hand (the GM's call). */
  mayExplodeInHand: boolean;
  /** On target, or off it by the Degree of Failure in a direction from a d6 (toward the thrower on a mishap). */
  landed: { onTarget: boolean; distance: number; directionDie: number | null; bearing: number; towardThrower: boolean };
  blastRadius: number;
  /** Tokens within the blast radius of where it landed (null: no scene to measure). */
  caught: Array<{ name: string; img: string; distance: number; units: string }> | null;
}

/** A grenade's fuse Roll and, on a miss that is no mishap, its scatter die, as faces (004:L111-113). */
export interface GrenadeFaces {
  fuse: readonly number[];
  scatter: readonly number[] | null;
}

/**
 * Whether a thrown grenade's accuracy test hit its spot and, if not, whether the scatter die is
 * rolled: a miss scatters by the Degree of Failure in a d6's direction; a mishap sends it toward
 * the thrower without a die (004:L111-112).
 */
export function grenadeThrow(
  accuracy: { total: number; difficulty: number; fumble: boolean },
  options: SilhouetteOptions,
): { onTarget: boolean; degreeOfFailure: number; scatterDie: boolean } {
  const landing = resolveAgainst(accuracy.total, accuracy.difficulty, { fumble: accuracy.fumble }, options.check);
  return { onTarget: landing.success, degreeOfFailure: landing.degreeOfFailure, scatterDie: !landing.success && !accuracy.fumble };
}

/**
 * A grenade's fuse test and landing from its faces (004:L110-113): the fuse pool is the accuracy
 * test's pool; the scatter die is there exactly when `grenadeThrow` asks for one (one d6 face).
 * Throws when the faces are not those pools. `caught` is left to the scene (`grenadeCaught`).
 */
export function grenadeFromFaces(
  pool: { dice: number; untrained: boolean; modifier: number },
  accuracy: { total: number; difficulty: number; fumble: boolean },
  faces: GrenadeFaces,
  blastRadius: number,
  options: SilhouetteOptions,
  rules: CheckOptions = options.check,
): Omit<GrenadeState, "caught"> {
  const fuse = readCheckFaces({ dice: pool.dice, untrained: pool.untrained, modifier: pool.modifier }, faces.fuse, rules);
  const thrown = grenadeThrow(accuracy, options);
  if (thrown.scatterDie !== (faces.scatter !== null))
    throw new OmnibusError("diceMismatch", thrown.scatterDie ? "the scatter die is missing" : "a scatter die the throw does not roll", {});
  let landed: GrenadeState["landed"] = { onTarget: true, distance: 0, directionDie: null, bearing: 0, towardThrower: false };
  if (!thrown.onTarget) {
    const die = forcedDice(faces.scatter ?? []);
    const scatter = rollScatter(thrown.degreeOfFailure, accuracy.fumble, die);
    die.assertExhausted();
    landed = {
      onTarget: false,
      distance: scatter.distanceMetres,
      directionDie: scatter.directionDie,
      bearing: scatter.bearingDegrees,
      towardThrower: scatter.towardThrower,
    };
  }
  return {
    fuse: summarize(fuse),
    explodesOnImpact: !fuse.fumble && fuse.total >= options.grenadeHighFuse,
    mayExplodeInHand: fuse.fumble,
    landed,
    blastRadius,
  };
}

export interface CardState {
  version: 1;
  kind: "skill" | "attack" | "jump" | "climb" | "fall" | "chase";
  /** A jump, a climbing round or a fall (src/rules/silhouette/table/athletics/checks.ts). */
  athletics?: AthleticsCard | null;
  title: string;
  subtitle: string;
  img: string;
  actorUuid: string | null;
  roll: RollSummary;
  lines: ModifierLine[];
  /** A skill check's threshold and outcome. */
  check: { threshold: number; opposed: boolean; margin: number; success: boolean } | null;
  attack: {
    weaponName: string;
    attackKind: AttackKind;
    damageMultiplier: number;
    burstRof: number;
    calledShot: string;
    flurry: string;
    freeStrike: boolean;
    /** burst (a single shot when burstRof is 0), walking or suppressive fire. */
    fireMode?: string;
    /** Dice given up in a feint: every defense on the card loses as many (004:L83). */
    feint?: number;
    /** Suppressive fire: the effectiveness, zone width and the WILL test to move (004:L104-107). */
    suppression?: { effectiveness: number; zoneWidthMetres: number; willDifficulty: number } | null;
    /** Walking fire: bystanders defend against ROF + 1 (004:L102). */
    bystanderDifficulty?: number | null;
    grenade?: GrenadeState | null;
    ammo?: number;
    targets: TargetState[];
  } | null;
}

export { summarize };

/** The state of a skill check card. */
export function skillCardState(
  request: KindRequest<SkillCheckData>,
  values: CheckValues,
  plan: PoolPlan,
  roll: CheckRoll,
  subtitle: string,
): CardState {
  const data = request.data;
  const { threshold, opposed } = thresholdOf(values);
  return {
    version: 1,
    kind: "skill",
    title: request.title,
    subtitle,
    img: data.actorImg,
    actorUuid: request.actorUuid ?? null,
    roll: summarize(roll),
    lines: plan.lines,
    check:
      threshold === null || roll.outcome === null
        ? null
        : { threshold, opposed, margin: roll.outcome.margin, success: roll.outcome.success },
    attack: null,
  };
}

function targetKey(target: TargetInfo, index: number): string {
  return `t${index}`;
}

/** Extra card facts the Foundry side measures or rolls for an attack (area fire, grenades). */
export interface AttackExtras {
  /** Tokens in the area: walking fire's bystanders or a suppression zone (replacing the declared targets). */
  area?: TargetInfo[];
  grenade?: GrenadeState | null;
}

function targetState(
  target: TargetInfo,
  key: string,
  role: TargetState["role"],
  range: { band: TargetState["rangeBand"]; modifier: number },
  unaware: boolean,
  damageRof: number,
  strikes: StrikeState[],
): TargetState {
  return {
    key,
    name: target.name,
    img: target.img,
    tokenUuid: target.tokenUuid,
    actorUuid: target.actorUuid,
    distance: target.distance,
    units: target.units,
    rangeBand: range.band,
    rangeModifier: range.modifier,
    unaware,
    role,
    damageRof,
    strikes,
  };
}

/**
 * The state of an attack card: one roll; per target its range modifier, its attack total and its
 * strikes (decided at once against an unaware target's fixed difficulty). Walking fire adds the
 * bystanders (each defends against ROF + 1); suppressive fire strikes everyone in the zone with the
 * Suppression Effectiveness; a grenade strikes no one (its blast rules are not in the seed) and
 * shows its fuse test, where it landed and who is within its blast radius.
 */
export function attackCardState(
  request: KindRequest<AttackCheckData>,
  values: CheckValues,
  plan: PoolPlan,
  roll: CheckRoll,
  subtitle: string,
  options: SilhouetteOptions,
  extras: AttackExtras = {},
): CardState {
  const data = request.data;
  const strikes = FLURRY[plan.flurry]?.attacks ?? 1;
  const chosenRange = typeof values.range === "string" ? values.range : "auto";
  const dm = data.weapon.damageMultiplier;
  let suppression: NonNullable<CardState["attack"]>["suppression"] = null;
  let targets: TargetState[];
  if (plan.grenade) {
    targets = [];
  } else if (plan.fireMode === "suppressive") {
    const first = request.targets[0];
    const range = rangeFor(data.weapon, first?.distance ?? null, chosenRange, options);
    const s = suppressionOf(roll.total + range.modifier, plan.burstRof, plan.doubledZone);
    suppression = { effectiveness: s.effectiveness, zoneWidthMetres: s.zoneWidthMetres, willDifficulty: s.willDifficulty };
    const zone = extras.area ?? request.targets;
    targets = zone.map((target, index) =>
      targetState(target, `z${index}`, "zone", { band: null, modifier: 0 }, false, 0, [
        { key: `z${index}s0`, attackTotal: s.effectiveness, defense: null, outcome: null },
      ]),
    );
  } else {
    const damageRof = plan.fireMode === "walking" ? plan.walkingDamageRof : plan.burstRof;
    targets = request.targets.map((target, index) => {
      const range = rangeFor(data.weapon, target.distance, chosenRange, options);
      const attackTotal = roll.total + range.modifier;
      const facts = data.targetFacts[index] ?? null;
      const key = targetKey(target, index);
      const difficulty = plan.unaware ? 1 + targetDefenseModifier(facts, data.attackKind) : null;
      return targetState(
        target,
        key,
        "target",
        range,
        plan.unaware,
        damageRof,
        Array.from({ length: strikes }, (_, s) => {
          const strike: StrikeState = { key: `${key}s${s}`, attackTotal, defense: null, outcome: null };
          if (difficulty !== null) {
            const o = resolveAttack(
              { total: attackTotal, fumble: roll.fumble },
              { difficulty },
              { damageMultiplier: dm, burstRof: damageRof },
              options.check,
            );
            strike.outcome = { threshold: o.threshold, opposed: false, margin: o.margin, hit: o.hit, damage: o.damage };
          }
          return strike;
        }),
      );
    });
    if (plan.fireMode === "walking") {
      // Bystanders in the fire zone defend against ROF + 1 (004:L102).
      const difficulty = plan.burstRof + 1;
      (extras.area ?? []).forEach((b, i) =>
        targets.push(
          targetState(b, `b${i}`, "bystander", { band: null, modifier: 0 }, false, 0, [
            { key: `b${i}s0`, attackTotal: difficulty, defense: null, outcome: null },
          ]),
        ),
      );
    }
  }
  const { threshold, opposed } = thresholdOf(values);
  const check =
    targets.length === 0 && threshold !== null
      ? resolveAgainst(roll.total, threshold, { opposed, fumble: roll.fumble }, options.check)
      : null;
  return {
    version: 1,
    kind: "attack",
    title: request.title,
    subtitle,
    img: data.weapon.img || data.actorImg,
    actorUuid: request.actorUuid ?? null,
    roll: summarize(roll),
    lines: plan.lines,
    check: check && threshold !== null ? { threshold, opposed, margin: check.margin, success: check.success } : null,
    attack: {
      weaponName: data.weapon.name,
      attackKind: data.attackKind,
      damageMultiplier: dm,
      burstRof: plan.burstRof,
      calledShot: plan.calledShot,
      flurry: plan.flurry,
      freeStrike: plan.freeStrike,
      fireMode: plan.fireMode,
      feint: plan.feint,
      suppression,
      bystanderDifficulty: plan.fireMode === "walking" ? plan.burstRof + 1 : null,
      grenade: extras.grenade ?? null,
      ammo: plan.ammo,
      targets,
    },
  };
}

/** Finds a strike on a card; throws when the card has none by that key. */
export function findStrike(state: CardState, strikeKey: string): { target: TargetState; strike: StrikeState } {
  for (const target of state.attack?.targets ?? []) {
    const strike = target.strikes.find((s) => s.key === strikeKey);
    if (strike) return { target, strike };
  }
  throw refused("NotOnCard", `no strike ${strikeKey} on this card`);
}

/** A new state with a defense recorded against a strike and the strike decided (004:L91: the attack must be greater). */
export function withDefense(state: CardState, strikeKey: string, defense: DefenseSummary, options: SilhouetteOptions): CardState {
  const next = structuredClone(state) as CardState;
  const { target, strike } = findStrike(next, strikeKey);
  if (strike.defense || strike.outcome) throw refused("StrikeDecided", "this strike is already decided");
  const attack = next.attack!;
  // A bystander or someone in a suppression zone defends against a number, not the attacker's roll:
  // the attacker's mishap does not matter there; a defense equal to it is safe (004:L102, L104).
  const area = target.role === "bystander" || target.role === "zone";
  const o = resolveAttack(
    { total: strike.attackTotal, fumble: area ? false : next.roll.fumble },
    { defenseTotal: defense.total },
    { damageMultiplier: attack.damageMultiplier, burstRof: target.damageRof ?? attack.burstRof },
    area ? { ...options.check, opposedTie: "failure" } : options.check,
  );
  strike.defense = defense;
  strike.outcome = { threshold: o.threshold, opposed: true, margin: o.margin, hit: o.hit, damage: o.damage };
  return next;
}

/**
 * The defense dialog's data for one strike on a card, from the defender's facts and its tally this
 * round (`record`; `inCombat` false: the first attacker). Throws when the strike is decided.
 */
export function defenseDataFor(
  defender: ActorFacts,
  state: CardState,
  strikeKey: string,
  record: DefendedRecord,
  inCombat: boolean,
): { data: DefenseCheckData; target: TargetState; strike: StrikeState; area: "bystander" | "zone" | null } {
  const { target, strike } = findStrike(state, strikeKey);
  if (strike.outcome) throw refused("StrikeDecided", "this strike is already decided");
  const area = target.role === "bystander" || target.role === "zone" ? target.role : null;
  const attack = state.attack!;
  const data: DefenseCheckData = {
    messageId: "",
    targetKey: target.key,
    strikeKey: strike.key,
    attackKind: attack.attackKind,
    attackTotal: strike.attackTotal,
    // Area fire is no attacker's strike at this defender: no multiple-attacker penalty.
    freeStrike: attack.freeStrike || area !== null,
    attackerIndex: inCombat ? attackerIndexOf(record, state.actorUuid) : 1,
    declaredAttackers: record.declared,
    feint: attack.feint ?? 0,
    area,
    // A shooter within the defender's reach (about 1 m, 004:L73) may be met with Melee (004:L91).
    pointBlankWithinReach:
      attack.attackKind === "ranged" &&
      area === null &&
      (target.rangeBand === "pointBlank" || (target.distance !== null && withinReach(target.distance, BASIC_REACH_METRES))),
    athletics: skillFor(defender.skills, "athletics")?.level ?? 0,
    heavyArmour: defender.heavyArmour === true,
    skills: defenseSkillsOf(defender.skills),
  };
  return { data, target, strike, area };
}

/** The wound statuses a health state shows (the worst wound; dead uses the core "dead" status). */
export function woundStatuses(health: HealthState): Record<string, boolean> {
  const worst = worstWound(health);
  return { lightWound: worst === "light", heavyWound: worst === "heavy", dead: worst === "dead" };
}

/**
 * The wound a hit inflicts: armour first (when the world's setting lets it absorb), then the Stamina
 * thresholds (digest §12); the head and lower abdomen halve them, an arm hit kills only past System
 * Shock (004:L96).
 */
export function woundOfHit(
  target: { system: Record<string, unknown> },
  armour: number,
  damage: number,
  calledShot: string,
  options: Pick<SilhouetteOptions, "armourAbsorbs">,
): { wound: WoundLevel; damage: number; armour: number } {
  const absorbed = options.armourAbsorbs ? armour : 0;
  const taken = Math.max(0, damage - absorbed);
  const system = target.system as { stamina?: number; systemShock?: number };
  const called = calledShotWound(calledShot);
  const wound = woundFromDamage(taken, staminaThresholds(Number(system.stamina ?? 25)), {
    halved: called.halved,
    armHit: called.armHit,
    ...(Number(system.systemShock) > 0 ? { systemShock: Number(system.systemShock) } : {}),
  });
  return { wound, damage: taken, armour: absorbed };
}

/** The wound a fall's damage causes (Stamina thresholds, digest §12); armour does not absorb a fall, rounded to the nearest point (E28). */
export function fallWoundOf(target: { system: Record<string, unknown> }, damage: number): { wound: WoundLevel; damage: number } {
  const taken = Math.max(0, Math.round(damage));
  const system = target.system as { stamina?: number };
  return { wound: taken === 0 ? "none" : woundFromDamage(taken, staminaThresholds(Number(system.stamina ?? 25))), damage: taken };
}

/** The actor's health after a wound, and the one update and the statuses that write it (none for no wound). */
export function woundChange(
  system: Record<string, unknown>,
  wound: WoundLevel,
): { health: HealthState; update: Record<string, unknown>; statuses: Record<string, boolean> } {
  const w = (system as { wounds?: HealthState }).wounds ?? { light: 0, heavy: 0, dead: false };
  const health = addWound({ light: w.light, heavy: w.heavy, dead: w.dead }, wound);
  if (wound === "none") return { health, update: {}, statuses: {} };
  return {
    health,
    update: { "system.wounds.light": health.light, "system.wounds.heavy": health.heavy, "system.wounds.dead": health.dead },
    statuses: woundStatuses(health),
  };
}

// ---------------------------------------------------------------------------------------------
// Rendering context

export interface StrikeView {
  key: string;
  /** The damage worked out, as a message (key and arguments) for omnibus-message. */
  working: { key: string; data: Record<string, number> } | null;
  number: number;
  attackTotal: number;
  defense: (DefenseSummary & { dice: DieView[] }) | null;
  decided: boolean;
  hit: boolean;
  margin: number;
  threshold: number;
  damage: number;
  toneClass: string;
  outcomeLabel: string;
  appliedLabel: string | null;
  appliedDamage: number;
  canDefend: boolean;
  canApply: boolean;
}

export interface TargetView extends Omit<TargetState, "strikes"> {
  rangeLabel: string | null;
  roleLabel: string | null;
  strikes: StrikeView[];
  difficulty: number | null;
}

export interface CardContext {
  ruleset: "silhouette";
  title: string;
  subtitle: string;
  img: string;
  dice: DieView[];
  roll: RollSummary;
  lines: ModifierLine[];
  untrained: boolean;
  fumble: boolean;
  toneClass: string;
  outcomeLabel: string | null;
  check: CardState["check"];
  athletics: AthleticsView | null;
  /** The resolution step by step (the card's Explain disclosure). */
  explain: ExplainStep[];
  attack:
    | (Omit<NonNullable<CardState["attack"]>, "targets" | "grenade"> & {
        targets: TargetView[];
        calledShotLabel: string | null;
        flurryLabel: string | null;
        fireModeLabel: string | null;
        grenade: (GrenadeState & { fuseDice: DieView[]; fuseLabel: string; landedLabel: string }) | null;
      })
    | null;
}

/** The athletics part of a card with its labels (i18n keys) and dice. */
export type AthleticsView = AthleticsCard & {
  label: string;
  tone: string;
  testViews?: Array<{ dice: DieView[]; total: number; margin: number; success: boolean }>;
  softeningDice?: DieView[] | null;
  damageDice?: DieView[] | null;
  gripLabel?: string;
  canApply?: boolean;
  appliedLabel?: string | null;
  fleeingDice?: DieView[];
  pursuerDice?: DieView[];
  mishapLabels?: Array<{ label: string; die: number }>;
  obstacleLabel?: string | null;
};

function athleticsView(a: AthleticsCard): AthleticsView {
  if (a.kind === "chase") {
    const x = a.exchange;
    const won = x.winner === a.role;
    return {
      ...a,
      label: x.caught
        ? `${L}Chase.Caught`
        : x.winner === "none"
          ? `${L}Chase.Tie`
          : x.winner === "fleeing"
            ? `${L}Chase.FleeingWins`
            : `${L}Chase.PursuerWins`,
      tone: x.winner === "none" ? "neutral" : won ? "success" : "failure",
      fleeingDice: diceView(a.fleeing.roll),
      pursuerDice: diceView(a.pursuer.roll),
      mishapLabels: x.mishapDice.map((m) => ({
        label: m.side === "fleeing" ? `${L}Chase.FleeingMishap` : `${L}Chase.PursuerMishap`,
        die: m.die,
      })),
      obstacleLabel: x.obstacle ? `${L}Chase.ObstacleResult` : null,
    };
  }
  if (a.kind === "jump")
    return { ...a, label: a.success ? `${L}Jump.Success` : `${L}Jump.Failure`, tone: a.success ? "success" : "failure" };
  if (a.kind === "climb") {
    const label = a.falls
      ? `${L}Climb.Falls`
      : a.grip.losingGrip
        ? `${L}Climb.LosingGrip`
        : a.metres > 0
          ? `${L}Climb.Climbed`
          : a.recovery
            ? `${L}Climb.Recovered`
            : `${L}Climb.NoProgress`;
    return {
      ...a,
      label,
      tone: a.falls || a.grip.losingGrip ? "failure" : a.metres > 0 || a.recovery ? "success" : "neutral",
      testViews: a.tests.map((t) => ({ dice: diceView(t.roll), total: t.total, margin: t.margin, success: t.success })),
      gripLabel: a.grip.losingGrip ? `${L}Climb.GripPenalty` : `${L}Climb.GripFirm`,
    };
  }
  return {
    ...a,
    label: a.damage > 0 ? `${L}Fall.Damage` : `${L}Fall.Harmless`,
    tone: a.damage > 0 ? "failure" : "success",
    softeningDice: a.softening ? diceView(a.softening) : null,
    damageDice: a.damageRoll ? diceView(a.damageRoll) : null,
    canApply: a.damage > 0 && !a.applied,
    appliedLabel: a.applied ? `${L}Wound.${a.applied.wound}` : null,
  };
}

/** The grenade's fuse verdict (004:L113) and landing as i18n keys. */
function grenadeView(g: GrenadeState): GrenadeState & { fuseDice: DieView[]; fuseLabel: string; landedLabel: string } {
  return {
    ...g,
    fuseDice: diceView(g.fuse),
    fuseLabel: g.mayExplodeInHand ? `${L}Grenade.InHand` : g.explodesOnImpact ? `${L}Grenade.OnImpact` : `${L}Grenade.Delayed`,
    landedLabel: g.landed.onTarget
      ? `${L}Grenade.OnTarget`
      : g.landed.towardThrower
        ? `${L}Grenade.TowardThrower`
        : `${L}Grenade.OffTarget`,
  };
}

/**
 * A hit's damage worked out (issue 14): (degree of success + ROF) × the weapon's multiplier, and,
 * once applied, the armour it lost to. An i18n key and its arguments; null before a hit.
 */
export function damageWorking(
  strike: StrikeState,
  damageMultiplier: number,
  rof: number,
): { key: string; data: Record<string, number> } | null {
  const o = strike.outcome;
  if (!o || !o.hit) return null;
  const data: Record<string, number> = { margin: Math.max(0, o.margin), rof, multiplier: damageMultiplier, damage: o.damage };
  if (strike.applied)
    return {
      key: `${L}Card.DamageWorkingApplied${rof ? "Rof" : ""}`,
      data: { ...data, armour: Math.max(0, o.damage - strike.applied.damage), taken: strike.applied.damage },
    };
  return { key: `${L}Card.DamageWorking${rof ? "Rof" : ""}`, data };
}

function strikeView(strike: StrikeState, index: number, damageMultiplier = 0, rof = 0): StrikeView {
  const o = strike.outcome;
  return {
    working: damageWorking(strike, damageMultiplier, rof),
    key: strike.key,
    number: index + 1,
    attackTotal: strike.attackTotal,
    defense: strike.defense ? { ...strike.defense, dice: diceView(strike.defense) } : null,
    decided: o !== null,
    hit: o?.hit ?? false,
    margin: o?.margin ?? 0,
    threshold: o?.threshold ?? 0,
    damage: o?.damage ?? 0,
    toneClass: o === null ? "pending" : o.hit ? "success" : "failure",
    outcomeLabel: o === null ? `${L}Card.AwaitingDefense` : o.hit ? `${L}Card.Hit` : `${L}Card.Miss`,
    appliedLabel: strike.applied ? `${L}Wound.${strike.applied.wound}` : null,
    appliedDamage: strike.applied?.damage ?? 0,
    canDefend: o === null,
    canApply: o !== null && o.hit && o.damage > 0 && !strike.applied,
  };
}

export function cardContext(state: CardState): CardContext {
  const check = state.check;
  let toneClass = "neutral";
  let outcomeLabel: string | null = null;
  if (check) {
    toneClass = check.success ? "success" : "failure";
    outcomeLabel = check.success ? `${L}Card.Success` : `${L}Card.Failure`;
  }
  if (state.roll.fumble) {
    toneClass = "fumble";
    outcomeLabel = `${L}Card.Mishap`;
  }
  const attack = state.attack
    ? {
        ...state.attack,
        calledShotLabel: state.attack.calledShot !== "none" ? `${L}CalledShot.${state.attack.calledShot}` : null,
        flurryLabel: state.attack.flurry !== "single" ? `${L}Flurry.${state.attack.flurry}` : null,
        fireModeLabel:
          state.attack.fireMode === "walking" || state.attack.fireMode === "suppressive" ? `${L}FireMode.${state.attack.fireMode}` : null,
        grenade: state.attack.grenade ? grenadeView(state.attack.grenade) : null,
        targets: state.attack.targets.map((t) => ({
          ...t,
          rangeLabel: t.rangeBand ? `${L}Range.${t.rangeBand}` : null,
          roleLabel: t.role === "bystander" ? `${L}Card.Bystander` : t.role === "zone" ? `${L}Card.InZone` : null,
          difficulty: t.unaware ? (t.strikes[0]?.outcome?.threshold ?? null) : null,
          strikes: t.strikes.map((strike, i) => strikeView(strike, i, state.attack!.damageMultiplier, t.damageRof ?? 0)),
        })),
      }
    : null;
  return {
    ruleset: "silhouette",
    title: state.title,
    subtitle: state.subtitle,
    img: state.img,
    dice: diceView(state.roll),
    roll: state.roll,
    lines: state.lines,
    untrained: state.roll.untrained,
    fumble: state.roll.fumble,
    toneClass,
    outcomeLabel,
    check,
    athletics: state.athletics ? athleticsView(state.athletics) : null,
    attack,
    // Explain (issue 14): the pool read step by step; athletics cards other than a jump show no pool.
    explain:
      !state.athletics || state.athletics.kind === "jump"
        ? explainCheck({
            ...state.roll,
            outcome: check ? { success: check.success, threshold: check.threshold, margin: check.margin } : null,
          })
        : [],
  };
}

// ---------------------------------------------------------------------------------------------
// The initiative card (the chat message of a combat-tracker initiative roll)

export interface InitiativeCardContext {
  ruleset: "silhouette";
  dice: DieView[];
  untrained: boolean;
  result: number;
  modifier: number;
  total: number;
  combatSense: number;
  /** A mishap: only diving for cover this round (004:L3). */
  fumble: boolean;
  /** Pulled together last round: 4 + Combat Sense, no roll (004:L18). */
  pulledTogether: boolean;
  continuing: boolean;
  toneClass: string;
  flavor: string | null;
}

/** What the initiative card shows: every die (kept, six bonus, mishap), the total, and what the result allows. */
export function initiativeCardContext(outcome: InitiativeResult, flavor: string | null = null): InitiativeCardContext {
  const roll = outcome.roll;
  const summary: RollSummary | null = roll
    ? { ...roll, faces: [...roll.faces], modifier: outcome.total - roll.result, total: outcome.total }
    : null;
  return {
    ruleset: "silhouette",
    dice: summary ? diceView(summary) : [],
    untrained: roll?.untrained ?? false,
    result: roll ? roll.result : pullTogetherInitiative(outcome.combatSense) - outcome.combatSense,
    modifier: summary?.modifier ?? 0,
    total: outcome.total,
    combatSense: outcome.combatSense,
    fumble: outcome.fumble,
    pulledTogether: roll === null,
    continuing: outcome.actions === "continuing",
    toneClass: outcome.fumble ? "fumble" : "neutral",
    flavor,
  };
}
