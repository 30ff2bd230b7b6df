/**
 * A chase exchange from the sheet as plain data (no Foundry global): the roll-dialog request, plan,
 * exact odds and card state of one exchange of opposed Athletics tests (004:L44, digest §6), through
 * src/rules/silhouette's chaseExchange. The rolling runner is one side (fleeing or pursuing); the
 * other side's pool, modifier and speed come from the dialog (defaults: the first target's Athletics
 * and sprint). checks.ts rolls the fleeing side's pool first, then the pursuer's, then any mishap d6
 * (fleeing first), the order chaseExchange reads them in.
 */
import { OmnibusError } from "../../../../core/errors";
import { silhouetteOdds } from "../../../../core/odds/index";
import {
  CHASE_OBSTACLES,
  chaseExchange,
  readCheckFaces,
  type ChaseExchange,
  type ChaseObstacle,
  type CheckOptions,
  type CheckRoll,
} from "../../index";
import { forcedDice, type DiceSource } from "../../../../core/dice";
import type { CheckField, CheckValues, KindRequest, OddsLine, TargetInfo } from "../../../table/types";
import { choices, skillFor } from "../derive";
import type { ActorFacts } from "../checks";
import { summarize, type RollSummary } from "../rolls";
import type { SilhouetteOptions } from "../settings";
import { numberValue } from "../../../table/types";

const L = "OMNIBUS.Silhouette.";

export type ChaseRole = "fleeing" | "pursuer";

/** One runner's pool: Athletics dice, attribute + other modifiers, speed in m/round. */
export interface ChaseRunner {
  dice: number;
  modifier: number;
  speed: number;
}

export interface ChaseData {
  actorImg: string;
  opponentName: string;
}

const F = {
  role: { name: "role", label: `${L}Field.ChaseRole`, kind: "select", choices: choices(["fleeing", "pursuer"], `${L}Chase.Role.`) },
  distance: { name: "distance", label: `${L}Field.ChaseDistance`, kind: "number", min: 0, max: 10000 },
  dice: { name: "dice", label: `${L}Field.Dice`, kind: "number", min: 0, max: 40, hint: `${L}Field.DiceHint` },
  modifier: { name: "modifier", label: `${L}Field.Modifier`, kind: "number", min: -20, max: 20 },
  speed: { name: "speed", label: `${L}Field.ChaseSpeed`, kind: "number", min: 0, max: 1000, step: 0.5 },
  opponentDice: { name: "opponentDice", label: `${L}Field.ChaseOpponentDice`, kind: "number", min: 0, max: 40 },
  opponentModifier: { name: "opponentModifier", label: `${L}Field.ChaseOpponentModifier`, kind: "number", min: -20, max: 20 },
  opponentSpeed: { name: "opponentSpeed", label: `${L}Field.ChaseOpponentSpeed`, kind: "number", min: 0, max: 1000, step: 0.5 },
  obstacle: {
    name: "obstacle",
    label: `${L}Field.ChaseObstacle`,
    kind: "select",
    choices: choices(["none", ...Object.keys(CHASE_OBSTACLES)], `${L}Chase.Obstacle.`),
  },
} satisfies Record<string, CheckField>;

/** A runner's defaults from its facts: Athletics level, the skill's attribute modifier, sprint speed (004:L44). */
export function chaseRunner(actor: ActorFacts): ChaseRunner {
  const row = skillFor(actor.skills, "athletics");
  return { dice: row?.level ?? 0, modifier: row?.attributeModifier ?? 0, speed: actor.movement.sprint };
}

/**
 * The chase dialog for `actor`; `opponent` (the first target, if any) fills the other side's
 * defaults and `distance` (measured to it) the distance; 10 m otherwise. A runner's speed is its
 * own (004:L44: "the character's speed in m/round"): the dialog goes no higher than the runner's
 * sprint as its sheet has it now, and no higher than a targeted opponent's. `target`: the targeted
 * token the opponent stands for, kept on the request so the card says whom it was run against.
 */
export function chaseRequest(
  actor: ActorFacts,
  opponent: (ActorFacts & { name?: string }) | null,
  title: string,
  distance: number | null = null,
  target: TargetInfo | null = null,
): KindRequest<ChaseData> {
  const own = chaseRunner(actor);
  const other = opponent ? chaseRunner(opponent) : { dice: 0, modifier: 0, speed: 0 };
  const data: ChaseData = { actorImg: actor.img, opponentName: opponent?.name ?? "" };
  return {
    ruleset: "silhouette",
    kind: "chase",
    title,
    actorUuid: actor.uuid,
    fields: [
      F.role,
      F.distance,
      F.dice,
      F.modifier,
      { ...F.speed, max: own.speed },
      F.opponentDice,
      F.opponentModifier,
      opponent ? { ...F.opponentSpeed, max: other.speed } : F.opponentSpeed,
      F.obstacle,
    ],
    values: {
      role: "fleeing",
      distance: distance !== null && Number.isFinite(distance) && distance >= 0 ? Math.round(distance * 100) / 100 : 10,
      dice: own.dice,
      modifier: own.modifier,
      speed: own.speed,
      opponentDice: other.dice,
      opponentModifier: other.modifier,
      opponentSpeed: other.speed,
      obstacle: "none",
    },
    targets: opponent && target ? [target] : [],
    data,
  };
}

export interface ChasePlan {
  role: ChaseRole;
  distance: number;
  fleeing: ChaseRunner;
  pursuer: ChaseRunner;
  obstacle: ChaseObstacle | null;
}

function runner(dice: number, modifier: number, speed: number, who: string): ChaseRunner {
  if (!Number.isInteger(dice) || dice < 0 || dice > 40)
    throw new OmnibusError("badArgument", `${who} dice must be 0–40`, { name: `${who}.dice`, value: dice });
  if (!Number.isInteger(modifier) || modifier < -100 || modifier > 100)
    throw new OmnibusError("badArgument", `${who} modifier must be an integer`, { name: `${who}.modifier`, value: modifier });
  if (!Number.isFinite(speed) || speed < 0)
    throw new OmnibusError("badArgument", `${who} speed must be ≥ 0 m/round`, { name: `${who}.speed`, value: speed });
  return { dice, modifier, speed };
}

export function planChase(_request: KindRequest<ChaseData>, values: CheckValues): ChasePlan {
  const role = values.role === "pursuer" ? "pursuer" : values.role === "fleeing" || values.role === undefined ? "fleeing" : null;
  if (role === null)
    throw new OmnibusError("badArgument", `unknown chase role ${String(values.role)}`, { name: "role", value: String(values.role) });
  const distance = numberValue(values, "distance", 10);
  if (!Number.isFinite(distance) || distance < 0)
    throw new OmnibusError("badArgument", "distance must be ≥ 0 m", { name: "distance", value: distance });
  const obstacleValue = typeof values.obstacle === "string" ? values.obstacle : "none";
  if (obstacleValue !== "none" && !(obstacleValue in CHASE_OBSTACLES))
    throw new OmnibusError("badArgument", `unknown obstacle ${obstacleValue}`, { name: "obstacle", value: obstacleValue });
  const own = runner(numberValue(values, "dice"), numberValue(values, "modifier"), numberValue(values, "speed"), "own");
  const other = runner(
    numberValue(values, "opponentDice"),
    numberValue(values, "opponentModifier"),
    numberValue(values, "opponentSpeed"),
    "opponent",
  );
  return {
    role,
    distance,
    fleeing: role === "fleeing" ? own : other,
    pursuer: role === "fleeing" ? other : own,
    obstacle: obstacleValue === "none" ? null : (obstacleValue as ChaseObstacle),
  };
}

/**
 * Exact odds: the rolling runner wins the exchange (a strictly higher speed + Athletics total,
 * 004:L44: "whoever rolled higher"), a tie, and the runner's own mishap.
 */
export function chaseOdds(request: KindRequest<ChaseData>, values: CheckValues, options: SilhouetteOptions): OddsLine[] {
  const plan = planChase(request, values);
  const base = { sixMode: options.check.sixMode, fumbleRule: options.check.fumbleRule, fumbleFails: options.check.fumbleFails };
  const dist = (r: ChaseRunner) => silhouetteOdds({ ...base, dice: r.dice, untrained: r.dice === 0, modifier: r.modifier });
  const fleeing = dist(plan.fleeing);
  const pursuer = dist(plan.pursuer);
  let fleeingWins = 0;
  let tie = 0;
  for (const [f, pf] of fleeing.total.entries()) {
    const fTotal = f + plan.fleeing.speed;
    for (const [p, pp] of pursuer.total.entries()) {
      const pTotal = p + plan.pursuer.speed;
      if (fTotal > pTotal) fleeingWins += pf * pp;
      else if (fTotal === pTotal) tie += pf * pp;
    }
  }
  const win = plan.role === "fleeing" ? fleeingWins : Math.max(0, 1 - fleeingWins - tie);
  const own = plan.role === "fleeing" ? fleeing : pursuer;
  return [
    { label: `${L}Odds.ChaseWin`, probability: win, primary: true },
    { label: `${L}Odds.ChaseTie`, probability: tie },
    { label: `${L}Odds.Mishap`, probability: own.fumble },
  ];
}

export interface ChaseCard {
  kind: "chase";
  role: ChaseRole;
  opponentName: string;
  distanceBefore: number;
  fleeing: { roll: RollSummary; speed: number; total: number };
  pursuer: { roll: RollSummary; speed: number; total: number };
  exchange: ChaseExchange;
}

/** The card state of one exchange; `mishapDice` supplies the 1d6 per mishap in chaseExchange's order. */
export function chaseCard(
  plan: ChasePlan,
  data: ChaseData,
  fleeingRoll: RollSummary,
  pursuerRoll: RollSummary,
  mishapDice: DiceSource,
): ChaseCard {
  const exchange = chaseExchange(
    plan.distance,
    { speed: plan.fleeing.speed, athleticsTotal: fleeingRoll.total, fumble: fleeingRoll.fumble },
    { speed: plan.pursuer.speed, athleticsTotal: pursuerRoll.total, fumble: pursuerRoll.fumble },
    mishapDice,
    plan.obstacle,
  );
  return {
    kind: "chase",
    role: plan.role,
    opponentName: data.opponentName,
    distanceBefore: plan.distance,
    fleeing: { roll: fleeingRoll, speed: plan.fleeing.speed, total: exchange.fleeingTotal },
    pursuer: { roll: pursuerRoll, speed: plan.pursuer.speed, total: exchange.pursuerTotal },
    exchange,
  };
}

/**
 * A chase card's dice read again (the GM's re-derivation of a player's card): the fleeing side's
 * pool, the pursuer's, then one d6 per mishap, fleeing first (004:L44) — one Roll each, exactly
 * those pools and no more. Gives the card's own roll (the rolling runner's) and the exchange.
 */
export function chaseFromRolls(
  plan: ChasePlan,
  data: ChaseData,
  rolls: ReadonlyArray<readonly number[]>,
  rules: CheckOptions,
): { first: CheckRoll; roll: RollSummary; card: ChaseCard } {
  if (!Array.isArray(rolls)) throw new OmnibusError("diceMismatch", "the card's rolls are not a list", {});
  let next = 0;
  const read = (dice: number, modifier: number, options: CheckOptions = rules): CheckRoll => {
    const faces = rolls[next];
    if (!faces) throw new OmnibusError("diceMismatch", `roll ${next + 1} is missing`, { index: next + 1 });
    next++;
    return readCheckFaces({ dice, untrained: dice === 0, modifier }, faces, options);
  };
  const f = read(plan.fleeing.dice, plan.fleeing.modifier);
  const p = read(plan.pursuer.dice, plan.pursuer.modifier);
  const mishapFaces: number[] = [];
  for (const o of [f, p]) if (o.fumble) mishapFaces.push(read(1, 0, { ...rules, fumbleRule: "never" }).faces[0]);
  if (next !== rolls.length) throw new OmnibusError("diceMismatch", `${rolls.length - next} roll(s) more than the card rolls`, {});
  const mishaps = forcedDice(mishapFaces);
  const card = chaseCard(plan, data, summarize(f), summarize(p), mishaps);
  mishaps.assertExhausted();
  const first = plan.role === "fleeing" ? f : p;
  return { first, roll: plan.role === "fleeing" ? card.fleeing.roll : card.pursuer.roll, card };
}
