/**
 * Athletics from the sheet as plain data (no Foundry global): the roll-dialog requests, plans,
 * odds and card states of a jump (004:L66), a climbing test with grip tracking (004:L45-61) and a
 * fall (004:L62-65), through src/rules/silhouette. checks.ts rolls the dice and posts the card; the
 * fall's damage becomes a wound through the card's `applyFall` action (actions.ts).
 */
import { OmnibusError } from "../../../../core/errors";
import { forcedDice } from "../../../../core/dice";
import { silhouetteOdds } from "../../../../core/odds/index";
import {
  ACCELERATED_CLIMB,
  CLIMB_DIFFICULTY,
  FALL_SURFACE_FACTORS,
  FIRM_GRIP,
  JUMP_SURFACE_STEP,
  MOVEMENT_MODES,
  climbDifficulty,
  climbProgress,
  effectiveFallHeight,
  fallDice,
  gripAfterTest,
  catchFallDifficulty,
  catchFallSlope,
  gripLost,
  jump,
  movementDefenseModifier,
  readCheckFaces,
  resolveAgainst,
  rollFall,
  type CheckOptions,
  type CheckRoll,
  type ClimbSurface,
  type FallResult,
  type FallSurface,
  type GripState,
  type JumpSurface,
  type MovementMode,
} from "../../index";
import type { CheckField, CheckValues, KindRequest, OddsLine } from "../../../table/types";
import { choices, skillFor } from "../derive";
import { autoMovementMode, type ActorFacts } from "../checks";
import { diceView, summarize, type RollSummary } from "../rolls";
import type { SilhouetteOptions } from "../settings";
import type { ChaseCard } from "../chase/checks";
import { numberValue, textValue } from "../../../table/types";

const L = "OMNIBUS.Silhouette.";

/** The actor flag (under the system's scope) a climber's grip is kept in between climbing rounds (004:L45-46). */
export const GRIP_FLAG = "silhouetteGrip";

/** What an athletics request carries in `data`. */
export interface AthleticsData {
  athletics: number;
  /** The Athletics skill's attribute modifier (climbing and softening a fall add it; a jump adds FIT instead, 004:L66). */
  attributeModifier: number;
  fit: number;
  /** Walking speed in m/round (climbing progress, 004:L45). */
  walk: number;
  grip: GripState;
  actorImg: string;
}

const F = {
  dice: { name: "dice", label: `${L}Field.Dice`, kind: "number", min: 0, max: 40, hint: `${L}Field.DiceHint` },
  modifier: { name: "modifier", label: `${L}Field.Modifier`, kind: "number", min: -20, max: 20 },
  movement: { name: "movement", label: `${L}Field.Movement`, kind: "select", choices: choices(MOVEMENT_MODES, `${L}Movement.`) },
  jumpSurface: {
    name: "surface",
    label: `${L}Field.RunUp`,
    kind: "select",
    choices: choices(Object.keys(JUMP_SURFACE_STEP), `${L}JumpSurface.`),
  },
  climbSurface: {
    name: "surface",
    label: `${L}Field.ClimbSurface`,
    kind: "select",
    choices: choices(Object.keys(CLIMB_DIFFICULTY), `${L}ClimbSurface.`),
  },
  chimney: { name: "chimney", label: `${L}Field.Chimney`, kind: "checkbox" },
  wet: { name: "wet", label: `${L}Field.Wet`, kind: "checkbox" },
  anchors: { name: "anchors", label: `${L}Field.Anchors`, kind: "checkbox", hint: `${L}Field.AnchorsHint` },
  effort: {
    name: "effort",
    label: `${L}Field.ClimbEffort`,
    kind: "select",
    choices: choices(["standard", "round", "accelerated"], `${L}ClimbEffort.`),
  },
  height: { name: "height", label: `${L}Field.FallHeight`, kind: "number", min: 0, max: 10000, step: 0.5 },
  fallSurface: {
    name: "surface",
    label: `${L}Field.FallSurface`,
    kind: "select",
    choices: choices(Object.keys(FALL_SURFACE_FACTORS), `${L}FallSurface.`),
  },
  gravity: { name: "gravity", label: `${L}Field.Gravity`, kind: "number", min: 0, max: 100, step: 0.001, hint: `${L}Field.GravityHint` },
  headFirst: { name: "headFirst", label: `${L}Field.HeadFirst`, kind: "checkbox" },
  soften: { name: "soften", label: `${L}Field.Soften`, kind: "checkbox", hint: `${L}Field.SoftenHint` },
} satisfies Record<string, CheckField>;

/** The athletics facts of an actor (its grip from the actor's flag). */
export function athleticsData(actor: ActorFacts, grip: GripState | null | undefined): AthleticsData {
  const row = skillFor(actor.skills, "athletics");
  const g =
    grip && typeof grip === "object" && Number.isInteger(grip.penalty) && grip.penalty <= 0
      ? { losingGrip: grip.losingGrip === true, penalty: grip.penalty }
      : { ...FIRM_GRIP };
  return {
    athletics: row?.level ?? 0,
    attributeModifier: row?.attributeModifier ?? 0,
    fit: actor.fit ?? 0,
    walk: actor.movement.walk,
    grip: g,
    actorImg: actor.img,
  };
}

/** A jump (004:L66): Athletics + FIT + the melee defense modifier of the movement mode, vs 3 + run-up. */
export function jumpRequest(actor: ActorFacts, data: AthleticsData, title: string): KindRequest<AthleticsData> {
  return {
    ruleset: "silhouette",
    kind: "jump",
    title,
    actorUuid: actor.uuid,
    fields: [F.dice, F.movement, F.jumpSurface, F.modifier],
    values: { dice: data.athletics, movement: autoMovementMode(actor), surface: "firm", modifier: 0 },
    targets: [],
    data,
  };
}

/** A climbing test (004:L45-61); while losing grip it is the recovery test, with the grip's penalty. */
export function climbRequest(
  actor: ActorFacts,
  data: AthleticsData,
  title: string,
  localizedSubtitle?: string,
): KindRequest<AthleticsData> {
  return {
    ruleset: "silhouette",
    kind: "climb",
    title,
    ...(localizedSubtitle ? { subtitle: localizedSubtitle } : {}),
    actorUuid: actor.uuid,
    fields: [F.dice, F.climbSurface, F.chimney, F.wet, F.anchors, F.effort, F.modifier],
    values: { dice: data.athletics, surface: "naturalRock", chimney: false, wet: false, anchors: false, effort: "standard", modifier: 0 },
    targets: [],
    data,
  };
}

/** A fall (004:L62-65): height, landing surface, gravity, head-first, and an optional softening Athletics roll. */
export function fallRequest(actor: ActorFacts, data: AthleticsData, title: string): KindRequest<AthleticsData> {
  return {
    ruleset: "silhouette",
    kind: "fall",
    title,
    actorUuid: actor.uuid,
    fields: [F.height, F.fallSurface, F.gravity, F.headFirst, F.soften, F.dice, F.modifier],
    values: { height: 3, surface: "soft", gravity: 1, headFirst: false, soften: false, dice: data.athletics, modifier: 0 },
    targets: [],
    data,
  };
}

export interface JumpPlan {
  dice: number;
  untrained: boolean;
  /** FIT + movement (melee defense column) + other, added to the dice result. */
  fit: number;
  mode: MovementMode;
  surface: JumpSurface;
  other: number;
  modifier: number;
  difficulty: number;
}

export function planJump(request: KindRequest<AthleticsData>, values: CheckValues): JumpPlan {
  const data = request.data;
  const mode = textValue(values, "movement", "stationary") as MovementMode;
  const surface = textValue(values, "surface", "firm") as JumpSurface;
  if (!(surface in JUMP_SURFACE_STEP))
    throw new OmnibusError("badArgument", `unknown run-up ${surface}`, { name: "surface", value: surface });
  const other = numberValue(values, "modifier");
  const dice = Math.max(0, numberValue(values, "dice"));
  // jump() validates the rest; a result of 0 shows the fixed part of the total.
  const fixed = jump(0, data.fit, mode, surface, other);
  return { dice, untrained: dice === 0, fit: data.fit, mode, surface, other, modifier: fixed.total, difficulty: fixed.difficulty };
}

export interface ClimbPlan {
  dice: number;
  untrained: boolean;
  difficulty: number;
  /** Per test: attribute + grip penalty + accelerated −2 + other. */
  modifier: number;
  /** Attribute + other: the modifier of the next round's recovery test before its grip penalty. */
  baseModifier: number;
  tests: number;
  effort: "standard" | "round" | "accelerated";
  /** A recovery test while losing grip: no progress on success (004:L45-46). */
  recovery: boolean;
  /** If the climber falls, the Athletics test that may catch it: surface +5 sheer, +2 steep slope (004:L50). */
  catchDifficulty: number;
}

export function planClimb(request: KindRequest<AthleticsData>, values: CheckValues): ClimbPlan {
  const data = request.data;
  const surface = textValue(values, "surface", "naturalRock") as ClimbSurface;
  const difficulty = climbDifficulty(surface, {
    chimney: values.chimney === true,
    wet: values.wet === true,
    anchors: values.anchors === true,
  });
  const effort = textValue(values, "effort", "standard") as ClimbPlan["effort"];
  if (!["standard", "round", "accelerated"].includes(effort))
    throw new OmnibusError("badArgument", `unknown climbing effort ${effort}`, { name: "effort", value: effort });
  // While losing grip the round goes to one recovery test (004:L45): accelerated climbing is not possible.
  const recovery = data.grip.losingGrip;
  const accelerated = effort === "accelerated" && !recovery;
  const dice = Math.max(0, numberValue(values, "dice"));
  const modifier =
    data.attributeModifier + data.grip.penalty + (accelerated ? ACCELERATED_CLIMB.modifier : 0) + numberValue(values, "modifier");
  const catchDifficulty = catchFallDifficulty(difficulty, catchFallSlope(surface));
  return {
    dice,
    untrained: dice === 0,
    difficulty,
    modifier,
    baseModifier: data.attributeModifier + numberValue(values, "modifier"),
    tests: accelerated ? ACCELERATED_CLIMB.tests : 1,
    effort,
    recovery,
    catchDifficulty,
  };
}

export interface FallPlan {
  heightMetres: number;
  surface: FallSurface;
  gravity: number;
  headFirst: boolean;
  /** The softening roll's pool (Athletics) and modifier, or null. */
  softening: { dice: number; modifier: number } | null;
}

export function planFall(request: KindRequest<AthleticsData>, values: CheckValues): FallPlan {
  const data = request.data;
  const surface = textValue(values, "surface", "soft") as FallSurface;
  const heightMetres = numberValue(values, "height");
  effectiveFallHeight(heightMetres, surface, 0); // validates height and surface
  const gravity = numberValue(values, "gravity", 1);
  if (!Number.isFinite(gravity) || gravity < 0 || gravity > 100)
    throw new OmnibusError("badArgument", "gravity must be 0–100 g", { name: "gravity", value: gravity });
  const softening =
    values.soften === true
      ? { dice: Math.max(0, numberValue(values, "dice")), modifier: data.attributeModifier + numberValue(values, "modifier") }
      : null;
  return { heightMetres, surface, gravity, headFirst: values.headFirst === true, softening };
}

/** The dice of a fall once the softening total is known (004:L64-65). */
export function fallDamageDice(plan: FallPlan, softeningTotal: number): number {
  return fallDice(effectiveFallHeight(plan.heightMetres, plan.surface, softeningTotal));
}

const oddsBase = (options: SilhouetteOptions) => ({
  sixMode: options.check.sixMode,
  fumbleRule: options.check.fumbleRule,
  fumbleFails: options.check.fumbleFails,
});

/** Exact odds for the jump dialog: the jump succeeding; a mishap. */
export function jumpOdds(request: KindRequest<AthleticsData>, values: CheckValues, options: SilhouetteOptions): OddsLine[] {
  const base = oddsBase(options);
  {
    const plan = planJump(request, values);
    // A jump succeeds with a Degree of Success ≥ 0 (004:L66: MoS 0 jumps 0 m).
    const odds = silhouetteOdds({
      ...base,
      dice: plan.dice,
      untrained: plan.untrained,
      modifier: plan.modifier,
      threshold: plan.difficulty,
      tieSucceeds: true,
    });
    return [
      { label: `${L}Odds.Success`, probability: odds.success ?? 0, primary: true },
      { label: `${L}Odds.Mishap`, probability: odds.fumble },
    ];
  }
}

/** Exact odds for the climbing dialog: the climbing test succeeding; a mishap. */
export function climbOdds(request: KindRequest<AthleticsData>, values: CheckValues, options: SilhouetteOptions): OddsLine[] {
  const base = oddsBase(options);
  {
    const plan = planClimb(request, values);
    const odds = silhouetteOdds({
      ...base,
      dice: plan.dice,
      untrained: plan.untrained,
      modifier: plan.modifier,
      threshold: plan.difficulty,
      tieSucceeds: options.check.fixedTie === "success",
    });
    return [
      { label: `${L}Odds.Success`, probability: odds.success ?? 0, primary: true },
      { label: `${L}Odds.Mishap`, probability: odds.fumble },
    ];
  }
}

/** Exact odds for the fall dialog: a softening test making the landing harmless; a mishap. */
export function fallOdds(request: KindRequest<AthleticsData>, values: CheckValues, options: SilhouetteOptions): OddsLine[] {
  const base = oddsBase(options);
  const plan = planFall(request, values);
  if (!plan.softening) return [];
  // Softening: the landing is harmless when the Athletics total reaches the height (004:L64).
  const odds = silhouetteOdds({
    ...base,
    dice: plan.softening.dice,
    untrained: plan.softening.dice === 0,
    modifier: plan.softening.modifier,
    threshold: Math.ceil(plan.heightMetres),
    tieSucceeds: true,
  });
  return [
    { label: `${L}Odds.Harmless`, probability: odds.success ?? 0, primary: true },
    { label: `${L}Odds.Mishap`, probability: odds.fumble },
  ];
}

// ---------------------------------------------------------------------------------------------
// Card states

export interface JumpCard {
  kind: "jump";
  total: number;
  difficulty: number;
  margin: number;
  success: boolean;
  longMetres: number;
  highMetres: number;
  surface: JumpSurface;
  mode: MovementMode;
  modeModifier: number;
}

export interface ClimbTest {
  roll: RollSummary;
  total: number;
  margin: number;
  success: boolean;
}

export interface ClimbCard {
  kind: "climb";
  difficulty: number;
  effort: ClimbPlan["effort"];
  recovery: boolean;
  tests: ClimbTest[];
  gripBefore: GripState;
  grip: GripState;
  metres: number;
  /** The climber can no longer pass the test: it falls (004:L45). */
  falls: boolean;
  /** A falling climber's "catch yourself" test (004:L50): success stops the fall. */
  caughtFall?: {
    difficulty: number;
    roll: RollSummary;
    dice: ReturnType<typeof diceView>;
    total: number;
    margin: number;
    success: boolean;
  } | null;
}

/**
 * A falling climber tries to catch itself (004:L50): one Athletics test, the climb's pool and
 * modifier without the grip penalty, against the plan's catch difficulty. A success stops the fall
 * and the climber holds on with a firm grip; a failure, and it falls.
 */
export function withCatch(card: ClimbCard, plan: ClimbPlan, roll: RollSummary, outcome: { success: boolean; margin: number }): ClimbCard {
  if (!card.falls) return card;
  return {
    ...card,
    grip: outcome.success ? { ...FIRM_GRIP } : card.grip,
    caughtFall: {
      difficulty: plan.catchDifficulty,
      roll,
      dice: diceView(roll),
      total: roll.total,
      margin: outcome.margin,
      success: outcome.success,
    },
  };
}

export interface FallCard {
  kind: "fall";
  heightMetres: number;
  surface: FallSurface;
  gravity: number;
  effectiveHeight: number;
  softening: RollSummary | null;
  damageRoll: RollSummary | null;
  headFirst: boolean;
  /** Exact (not rounded, E28); the wound uses it rounded to the nearest whole point. */
  damage: number;
  /** Set once applied as a wound. */
  applied: { wound: string; damage: number } | null;
}

/** A chase exchange (src/rules/silhouette/table/chase/checks.ts) shares the athletics part of the card. */
export type AthleticsCard = JumpCard | ClimbCard | FallCard | ChaseCard;

export function jumpCard(plan: JumpPlan, result: number): JumpCard {
  const j = jump(result, plan.fit, plan.mode, plan.surface, plan.other);
  return {
    kind: "jump",
    total: j.total,
    difficulty: j.difficulty,
    margin: j.margin,
    success: j.success,
    longMetres: j.longMetres,
    highMetres: j.highMetres,
    surface: plan.surface,
    mode: plan.mode,
    modeModifier: movementDefenseModifier(plan.mode, "melee"),
  };
}

/**
 * A climbing round's card: each test moves the grip (004:L45-46); successes that may climb advance
 * ¼ (Standard action) or ½ (whole round, and each accelerated success) of walking speed; the
 * climber falls when, losing grip, the best possible total can no longer reach the difficulty.
 */
export function climbCard(
  plan: ClimbPlan,
  data: AthleticsData,
  tests: Array<{ roll: RollSummary; success: boolean; margin: number; fumble: boolean }>,
): ClimbCard {
  let grip = data.grip;
  let climbed = 0;
  const out: ClimbTest[] = [];
  for (const t of tests) {
    const after = gripAfterTest(grip, t.margin, t.fumble, t.success);
    grip = after.grip;
    if (after.canClimb) climbed++;
    out.push({ roll: t.roll, total: t.roll.total, margin: t.margin, success: t.success });
  }
  const metres = climbProgress(
    data.walk,
    plan.effort === "accelerated" && !plan.recovery ? "accelerated" : plan.effort === "round" ? "round" : "standard",
    plan.effort === "accelerated" && !plan.recovery ? climbed : Math.min(1, climbed),
  );
  const falls = grip.losingGrip && gripLost(plan.dice, plan.baseModifier, grip, plan.difficulty);
  return {
    kind: "climb",
    difficulty: plan.difficulty,
    effort: plan.effort,
    recovery: plan.recovery,
    tests: out,
    gripBefore: data.grip,
    grip,
    metres: Math.round(metres * 100) / 100,
    falls,
  };
}

export function fallCard(plan: FallPlan, result: FallResult, softening: RollSummary | null, damageRoll: RollSummary | null): FallCard {
  return {
    kind: "fall",
    heightMetres: plan.heightMetres,
    surface: plan.surface,
    gravity: plan.gravity,
    effectiveHeight: Math.round(result.effectiveHeight * 1000) / 1000,
    softening,
    damageRoll,
    headFirst: result.headFirst,
    damage: Math.round(result.damage * 1000) / 1000,
    applied: null,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading a card's dice again (the GM's re-derivation of a player's athletics card)

/** The faces of each Roll on a card, in the order the card rolled them (one list per Roll). */
export type RolledPools = ReadonlyArray<readonly number[]>;

/** What an athletics card's dice give: the first roll (the card's `roll`), the card's part, its modifier lines. */
export interface AthleticsReading<C> {
  first: CheckRoll | null;
  roll: RollSummary;
  card: C;
  lines: Array<{ label: string; value: number }>;
}

const NO_ROLL: RollSummary = {
  faces: [],
  poolSize: 0,
  untrained: false,
  best: 0,
  extraSixes: 0,
  result: 0,
  fumble: false,
  modifier: 0,
  total: 0,
};

/** Reads the card's Rolls one pool at a time: each must be exactly the pool asked for, and none left over. */
function poolReader(rolls: RolledPools, rules: CheckOptions) {
  if (!Array.isArray(rolls)) throw new OmnibusError("diceMismatch", "the card's rolls are not a list", {});
  let next = 0;
  return {
    read(dice: number, untrained: boolean, modifier: number, options: CheckOptions = rules): CheckRoll {
      const faces = rolls[next];
      if (!faces) throw new OmnibusError("diceMismatch", `roll ${next + 1} is missing`, { index: next + 1 });
      next++;
      // readCheckFaces refuses too few faces, faces outside 1–6 and faces the pool does not use.
      return readCheckFaces({ dice, untrained, modifier }, faces, options);
    },
    done(): void {
      if (next !== rolls.length) throw new OmnibusError("diceMismatch", `${rolls.length - next} roll(s) more than the card rolls`, {});
    },
  };
}

/** A jump card's dice (004:L66): one Athletics pool; the lines FIT, movement and other modifiers. */
export function jumpFromRolls(plan: JumpPlan, rolls: RolledPools, rules: CheckOptions): AthleticsReading<JumpCard> {
  const reader = poolReader(rolls, rules);
  const first = reader.read(plan.dice, plan.untrained, plan.modifier);
  reader.done();
  const card = jumpCard(plan, first.result);
  return {
    first,
    roll: summarize(first),
    card,
    lines: [
      { label: `${L}AttributeAbbr.fit`, value: plan.fit },
      { label: `${L}Card.MovementMod`, value: card.modeModifier },
      { label: `${L}Card.OtherMod`, value: plan.other },
    ].filter((l) => l.value !== 0),
  };
}

/**
 * A climbing round's card from its tests' rolls, in order (004:L45-49): each test against the
 * climb's difficulty, before any catch. The roller, the GM's reading and the CLI all build it here.
 */
export function climbTestsCard(plan: ClimbPlan, data: AthleticsData, rolls: readonly CheckRoll[], rules: CheckOptions): ClimbCard {
  const tests = rolls.map((o) => {
    const r = resolveAgainst(o.total, plan.difficulty, { fumble: o.fumble }, rules);
    return { roll: summarize(o), success: r.success, margin: r.margin, fumble: o.fumble };
  });
  return climbCard(plan, data, tests);
}

/**
 * A climbing round's dice (004:L45-50): one pool per test, then, when the climber falls, the
 * "catch yourself" pool without the grip penalty. The grip the card leaves is `card.grip` (firm
 * after a fall or a catch).
 */
export function climbFromRolls(
  plan: ClimbPlan,
  data: AthleticsData,
  rolls: RolledPools,
  rules: CheckOptions,
): AthleticsReading<ClimbCard> & { gripAfter: GripState } {
  const reader = poolReader(rolls, rules);
  const tested = Array.from({ length: plan.tests }, () => reader.read(plan.dice, plan.untrained, plan.modifier));
  let card = climbTestsCard(plan, data, tested, rules);
  if (card.falls) {
    const o = reader.read(plan.dice, plan.untrained, plan.baseModifier);
    card = withCatch(card, plan, summarize(o), resolveAgainst(o.total, plan.catchDifficulty, { fumble: o.fumble }, rules));
  }
  reader.done();
  const caught = card.caughtFall?.success === true;
  return {
    first: tested[0] ?? null,
    roll: summarize(tested[0]),
    card,
    lines: [],
    gripAfter: card.falls || caught ? { ...FIRM_GRIP } : { ...card.grip },
  };
}

/** A fall's dice (004:L62-65): the softening pool (when chosen), then the damage dice the landing height asks for. */
export function fallFromRolls(plan: FallPlan, rolls: RolledPools, rules: CheckOptions): AthleticsReading<FallCard> {
  const reader = poolReader(rolls, rules);
  const softening = plan.softening ? reader.read(plan.softening.dice, plan.softening.dice === 0, plan.softening.modifier) : null;
  const dice = fallDamageDice(plan, softening ? softening.total : 0);
  const damage = dice > 0 ? reader.read(dice, false, 0, { ...rules, fumbleRule: "never" }) : null;
  reader.done();
  const result = rollFall(
    { heightMetres: plan.heightMetres, surface: plan.surface, gravity: plan.gravity, headFirst: plan.headFirst, softening: plan.softening },
    forcedDice([...(softening?.faces ?? []), ...(damage?.faces ?? [])]),
    rules,
  );
  const soft = softening ? summarize(softening) : null;
  const dmg = damage ? summarize(damage) : null;
  return { first: softening ?? damage, roll: dmg ?? soft ?? { ...NO_ROLL }, card: fallCard(plan, result, soft, dmg), lines: [] };
}
