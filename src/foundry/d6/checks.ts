/**
 * The D6 checks at the table: builds requests from documents (src/rules/d6/table/checks.ts), rolls them with the
 * D6 Roll classes, spends ammunition, Character and Force Points, records reactions, and posts the
 * chat cards; the card buttons (actions.ts) roll damage against each target's Strength and apply it.
 */
import { documentOf } from "../chat/actions";
import { OmnibusError, refused } from "../../core/errors";
import { deviationDice, formatDieCode, rollD6, rollGrenadeDeviation, rollPlainDice, woundPenaltyDice } from "../../rules/d6";
import { cardOrigin, postCard, postSecret } from "../chat/cards";
import { ClaimMismatch, assertSpender, expectClaim, gmSpends } from "../chat/verify";
import { diceFromRoll } from "../../rules/table/faces";
import { localize, notify } from "../i18n";
import type {
  CheckHandler,
  CheckKind,
  CheckKinds,
  CheckRederive,
  CheckSource,
  CheckValues,
  DocumentChange,
  KindRequest,
  TargetInfo,
} from "../ruleset";
import { checksByKind } from "../checks";
import { measureBetween, pickCanvasPoint } from "../pick-point";
import {
  actingToken,
  describeTokensAround,
  offsetPoint,
  pixelsPerUnit,
  sceneAreaAt,
  sceneAreaOf,
  tokenCenter,
  tokensAround,
  viewedSceneUuid,
  type Point,
} from "../targets";
import { templatePath } from "../templates/helpers";
import {
  actorSpendRefusal,
  pointsSpend,
  spendClaimOf,
  attackCheck,
  weaponCondition,
  attributeCheck,
  checkData,
  checkOdds,
  targetDataOf,
  itemNamed,
  resolveValues,
  skillCheck,
  skillCode,
  type D6ActorData,
  type D6AttackTarget,
  type D6CheckData,
  type D6TargetData,
  weaponUseOf,
} from "../../rules/d6/table/checks";
import { type D6Settings } from "../../rules/d6/table/settings";
import { explainD6Check } from "../../rules/d6/explain";
import {
  attackOutcomes,
  blastHits,
  blastOutcomes,
  blastZoneHits,
  checkOutcome,
  diceFaces,
  type D6CardContext,
  type TargetOutcome,
} from "../../rules/d6/table/cards";
import { D6DeviationRoll, D6PlainRoll, D6Roll } from "./rolls";
import { readSettings } from "./settings";
import { buildHealing, buildNaturalHealing, healingRederive, rollHealing } from "./healing/checks";
import { healingOdds, medicalKind, type HealingCheckData } from "../../rules/d6/table/healing/checks";
import { cpAfterOffered } from "./cp-after/actions";
import {
  MOVEMENT_KIND,
  movementOdds,
  movementRequest,
  resolveMovement,
  type MovementCheckData,
} from "../../rules/d6/table/movement/checks";
import { rollMovement } from "./movement/checks";
import { evaluateOptions, viewedLevel } from "../compat";
import { actorEffects } from "../effects";

export const CHECK_CARD = templatePath("d6/chat/check-card");
export const DAMAGE_CARD = templatePath("d6/chat/damage-card");

type Doc = {
  uuid: string;
  name: string;
  type: string;
  img?: string | null;
  system: Record<string, unknown>;
  update(d: Record<string, unknown>): Promise<unknown>;
};
export type ActorDoc = Doc & { items: { contents: Doc[] } & Iterable<Doc>; isOwner?: boolean; getActiveTokens?(): unknown[] };

export function actorData(actor: ActorDoc): D6ActorData {
  const items = Array.from(actor.items?.contents ?? []).map((i) => {
    const nameEn = ((i as unknown as { flags?: Record<string, Record<string, unknown> | undefined> }).flags?.omnibus?.nameEn ??
      undefined) as string | undefined;
    return {
      id: (i as unknown as { id: string }).id,
      uuid: i.uuid,
      name: i.name,
      type: i.type,
      img: i.img,
      system: i.system,
      ...(nameEn ? { nameEn } : {}),
    };
  });
  return {
    uuid: actor.uuid,
    name: actor.name,
    type: actor.type,
    img: actor.img,
    system: actor.system,
    items,
    effects: actorEffects(actor as never),
    statuses: [...((actor as unknown as { statuses?: Iterable<string> }).statuses ?? [])],
  };
}

function itemById(actor: ActorDoc, id: string | undefined): Doc | undefined {
  if (!id) return undefined;
  return Array.from(actor.items?.contents ?? []).find((i) => (i as unknown as { id: string }).id === id);
}

function isGM(): boolean {
  return Boolean(game.user?.isGM);
}

/** The target actors' scale and reactions this round (what attackCheck needs). */
export async function targetsData(targets: TargetInfo[]): Promise<Record<string, D6TargetData>> {
  const out: Record<string, D6TargetData> = {};
  for (const t of targets) {
    const actor = await documentOf<ActorDoc>(t.actorUuid);
    if (!actor || !t.actorUuid) continue;
    out[t.actorUuid] = targetDataOf({
      type: actor.type,
      system: actor.system,
      effects: actorEffects(actor as never),
      statuses: [...((actor as unknown as { statuses?: Iterable<string> }).statuses ?? [])],
    });
  }
  return out;
}

/** What every D6 kind builds from: the actor (or null: it says so), its plain data, the settings and the clicked item. */
function buildContext(source: CheckSource): { actor: ActorDoc; settings: D6Settings; data: D6ActorData; item: Doc | undefined } | null {
  const actor = source.actor as unknown as ActorDoc | null;
  if (!actor) {
    notify("warn", "OMNIBUS.D6.Notice.NoActor");
    return null;
  }
  const settings = readSettings();
  // The GM rebuilds a player's card from the actor as it is now: the points are still there, as the GM spends them.
  const data = actorData(actor);
  const item = (source.item as unknown as Doc | null | undefined) ?? itemById(actor, source.dataset.itemId);
  return { actor, settings, data, item };
}

function buildNaturalHealingKind(source: CheckSource) {
  const c = buildContext(source);
  if (!c) return null;
  const { data } = c;
  return buildNaturalHealing(data, Boolean(source.choices));
}

function buildMedicalKind(source: CheckSource) {
  const c = buildContext(source);
  if (!c) return null;
  const { data, settings } = c;
  return buildHealing(source, data, actorData as never, settings);
}

function buildMovement(source: CheckSource) {
  const c = buildContext(source);
  if (!c) return null;
  const { actor, data, settings } = c;
  return movementRequest(
    { ...data, flags: (actor as unknown as { flags?: Record<string, Record<string, unknown> | undefined> }).flags },
    settings,
    localize("OMNIBUS.D6.Movement.Title"),
  );
}

function buildAttribute(source: CheckSource) {
  const c = buildContext(source);
  if (!c) return null;
  const { data, settings } = c;
  {
    const attribute = source.dataset.attribute ?? "";
    return attributeCheck(data, attribute, localize(`OMNIBUS.D6.Attribute.${attribute}`), settings);
  }
}

function buildSkill(source: CheckSource) {
  const c = buildContext(source);
  if (!c) return null;
  const { data, settings, item } = c;
  {
    if (!item || item.type !== "d6_skill") throw refused("ItemGone", "no such skill");
    const spec = source.dataset.specialization;
    return skillCheck(
      data,
      { ...data.items.find((i) => i.uuid === item.uuid)! },
      spec === undefined || spec === "" ? null : Number(spec),
      settings,
    );
  }
}

async function buildAttack(source: CheckSource) {
  const c = buildContext(source);
  if (!c) return null;
  const { actor, data, settings, item } = c;
  {
    if (!item || item.type !== "d6_weapon") throw refused("ItemGone", "no such weapon");
    const weapon = data.items.find((i) => i.uuid === item.uuid)!;
    // A severely damaged or destroyed weapon cannot be used (000:L315–317).
    if (!weaponCondition(weapon, settings).usable) {
      notify("warn", "OMNIBUS.D6.Notice.WeaponUnusable", { weapon: weapon.name });
      return null;
    }
    // A point the card names (the GM's rebuild: checked against its own scene), else one picked now.
    const impact =
      source.dataset.impact !== undefined
        ? await namedImpactPoint(actor, source.dataset.impact)
        : await pickImpactPoint(actor, weapon, source.targets);
    if (impact === "cancelled") return null;
    const targets = impact ? [impact.target] : source.targets;
    const request = attackCheck(data, weapon, targets, await targetsData(targets), settings);
    if (impact) {
      Object.assign(checkData(request).attack!, { impactPoint: impact.point, impactScene: impact.scene, impactLevel: impact.level });
      // The point goes in the card's origin, so the GM rebuilds the throw at it (withSource keeps it).
      request.source = { kind: source.kind, dataset: { ...source.dataset, impact: impactDataset(impact) } };
    }
    return request;
  }
}

function buildForcePower(source: CheckSource) {
  const c = buildContext(source);
  if (!c) return null;
  const { data, settings, item } = c;
  {
    const needed = ["control", "sense", "alter"].find((k) => item?.system[k] === true);
    const skill = needed ? (itemNamed(data, "d6_skill", needed) ?? undefined) : undefined;
    if (!skill) {
      notify("warn", "OMNIBUS.D6.Notice.NoForceSkill", { power: item?.name ?? "" });
      return null;
    }
    return skillCheck(data, skill, null, settings);
  }
}

/** A source the table has no kind for (an item of no rolling type): nothing to roll. */
function nothingToRoll(source: CheckSource): null {
  const actor = source.actor as unknown as ActorDoc | null;
  const item = (source.item as unknown as Doc | null | undefined) ?? (actor ? itemById(actor, source.dataset.itemId) : undefined);
  if (!actor) notify("warn", "OMNIBUS.D6.Notice.NoActor");
  else notify("info", "OMNIBUS.D6.Notice.NothingToRoll", { item: item?.name ?? "" });
  return null;
}

/**
 * A blast weapon with no targeted token: the attacker clicks the impact point on the map (§29:
 * the thrower picks a point); its distance from the attacker's token picks the band. Without a
 * canvas or a token, nothing to pick (the attack then needs a target or a typed difficulty).
 */
async function pickImpactPoint(
  actor: ActorDoc,
  weapon: { system: Record<string, unknown> },
  targets: TargetInfo[],
): Promise<ImpactPoint | null | "cancelled"> {
  const radii = String((weapon.system.blast as Record<string, unknown> | undefined)?.radii ?? "").trim();
  if (!radii || targets.length > 0) return null;
  const from = actingToken(actor as never)?.center;
  const scene = viewedSceneUuid();
  if (!from || !scene) return null;
  notify("info", "OMNIBUS.D6.Blast.PickPoint");
  const point = await pickCanvasPoint();
  if (!point) {
    notify("info", "OMNIBUS.D6.Blast.Cancelled");
    return "cancelled";
  }
  const measured = measureBetween(from, point);
  if (!measured) return null;
  return { point, scene, level: viewedLevel(), target: impactTarget(measured.distance, measured.units) };
}

/** A blast's impact point on the map: the point, its scene and Level, and the target it stands for. */
interface ImpactPoint {
  point: Point;
  scene: string;
  level: string | null;
  target: TargetInfo;
}

function impactTarget(distance: number, units: string): TargetInfo {
  return { tokenUuid: "", actorUuid: null, name: localize("OMNIBUS.D6.Blast.ImpactPoint"), img: "icons/svg/target.svg", distance, units };
}

/** The impact point as the card's origin names it (`dataset.impact`, JSON). */
function impactDataset(impact: ImpactPoint): string {
  const { x, y } = impact.point;
  return JSON.stringify({ scene: impact.scene, x, y, level: impact.level, distance: impact.target.distance });
}

/**
 * A point a card names (the GM's rebuild of a throw at a point picked on the map): on that scene,
 * from one of the thrower's tokens there, at the distance the card claims (measured again by the
 * scene's own grid). Throws when it is not one the map gives.
 */
async function namedImpactPoint(actor: ActorDoc, raw: string): Promise<ImpactPoint> {
  const bad = () =>
    new OmnibusError("badArgument", "the impact point is not on the map as named", { name: "impact", value: raw.slice(0, 60) });
  let named: unknown;
  try {
    named = JSON.parse(raw);
  } catch {
    throw bad();
  }
  const n = named as { scene?: unknown; x?: unknown; y?: unknown; level?: unknown; distance?: unknown } | null;
  const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && Math.abs(v) < 1e7;
  if (!n || typeof n.scene !== "string" || !finite(n.x) || !finite(n.y) || !finite(n.distance)) throw bad();
  if (n.level !== null && typeof n.level !== "string") throw bad();
  const point = { x: n.x, y: n.y };
  const area = await sceneAreaAt(n.scene, point, n.level, actor.uuid);
  const claimed = n.distance;
  const from = area?.actorTokens.find((t) => Math.abs(t.distance - claimed) <= 1e-6);
  if (!area || !from) throw bad();
  return { point, scene: n.scene, level: n.level, target: impactTarget(from.distance, area.grid.units) };
}

/** The kind an item rolls as, by its type; null (after saying why) for an item that rolls nothing. */
function itemKind(source: CheckSource): string | null {
  const actor = source.actor as unknown as ActorDoc | null;
  const item = (source.item as unknown as Doc | null | undefined) ?? (actor ? itemById(actor, source.dataset.itemId) : undefined);
  const kind = !actor || !item ? null : Object.hasOwn(ITEM_KINDS, item.type) ? ITEM_KINDS[item.type] : medicalKind(item) ? "medical" : null;
  return kind ?? nothingToRoll(source);
}

/** Which kind each rolling item type is. */
const ITEM_KINDS: Record<string, string> = { d6_skill: "skill", d6_weapon: "attack", d6_forcepower: "forcepower" };

/** Whether the roll dialog may show difficulties (the GM's own dialog always may). */
function canSeeDifficulty(settings: D6Settings): boolean {
  return !settings.hideDifficulty || isGM();
}

/** The roll's spec from the resolved values. */
function mainRoll(request: KindRequest<D6CheckData>, values: CheckValues, settings: D6Settings) {
  const data = checkData(request);
  const v = resolveValues(request, values, settings);
  const roll = D6Roll.fromSpec({
    code: v.code,
    wildDie: true,
    wildOne: settings.wildOne,
    characterPoints: v.characterPoints,
    kind: data.rollKind,
    allowPipsOnly: settings.allowPipsOnly,
  });
  return { roll, v, data };
}

/** Fire rate and ammunition (§26–27): refuses (with a notice, nothing rolled) or returns the weapon update. */
function weaponUse(weapon: Doc, round: number): Record<string, unknown> | null {
  const use = weaponUseOf(weapon, round);
  if ("refused" in use) {
    notify("warn", use.refused, use.data);
    return null;
  }
  return use.update;
}

/** What a check spends of its actor's points, as its card names it (`d6.spent`); null: nothing. */
function spentOf(
  data: D6CheckData,
  v: { characterPoints: number; forcePoint: boolean },
): { characterPoints: number; forcePoint: boolean } | null {
  const newForcePoint = v.forcePoint && !data.forcePointActive;
  return v.characterPoints > 0 || newForcePoint ? { characterPoints: v.characterPoints, forcePoint: newForcePoint } : null;
}

function currentRound(): number {
  return Number((game as unknown as { combat?: { round?: number } | null }).combat?.round ?? 0);
}

/**
 * What the roll spends on the actor (CP, a new Force Point; unless the GM spends them: `points`
 * false) and records (reactions), as ONE update.
 */
function actorSpend(
  request: KindRequest<D6CheckData>,
  values: CheckValues,
  total: number,
  settings: D6Settings,
  points: boolean,
): Record<string, unknown> {
  const data = checkData(request);
  const v = resolveValues(request, values, settings);
  const update: Record<string, unknown> = points ? pointsSpend(data, v) : {};
  if (v.actions !== Number((request.values.actions as number) ?? 1)) update["system.round.actions"] = v.actions;
  const reaction = data.reaction as string | null | undefined;
  if (reaction) {
    const slot = reaction === "dodge" || reaction === "vehicle_dodge" || reaction === "starship_dodge" ? "dodge" : "parry";
    update[`system.round.${slot}`] = total;
    update["system.round.fullReaction"] = values.fullReaction === true;
  }
  return update;
}

async function roll(request: KindRequest<D6CheckData>, values: CheckValues, options: { rollMode: string }): Promise<unknown> {
  const settings = readSettings();
  const actor = await documentOf<ActorDoc>(request.actorUuid);
  const { roll: main, v, data } = mainRoll(request, values, settings);
  const attack = data.attack;
  let weapon: Doc | null = null;
  let weaponUpdate: Record<string, unknown> | null = null;
  if (attack) {
    weapon = await documentOf<Doc>(attack.weaponUuid);
    if (weapon) {
      weaponUpdate = weaponUse(weapon, currentRound());
      if (!weaponUpdate) return null;
    }
  }
  // What the roll spends (CP, a new Force Point) marks the card for the GM, who spends it (chat/verify.ts).
  const spent = spentOf(data, v);
  assertSpender(true, spent !== null);
  await main.evaluate(evaluateOptions(options.rollMode));
  const outcome = main.outcome!;
  const rolls: Roll[] = [main as unknown as Roll];
  let difficultyDice = 0;
  if (v.difficultyDice > 0) {
    const extra = D6PlainRoll.ofDice(v.difficultyDice);
    await extra.evaluate(evaluateOptions(options.rollMode));
    difficultyDice = extra.outcome!.total;
    rolls.push(extra as unknown as Roll);
  }
  // The card goes to every client: with hidden difficulties it never carries them, whoever rolls;
  // the GM gets them in a whispered part (postSecret) instead of hidden markup.
  const seeDifficulty = !settings.hideDifficulty;
  const context: D6CardContext = {
    title: request.title,
    subtitle: request.subtitle ?? "",
    img: (actor?.img as string) ?? "",
    dice: diceFaces(outcome),
    total: outcome.total,
    outcome: null,
    quality: null,
    complication: outcome.complication,
    lines: [
      { label: "OMNIBUS.D6.Card.Code", value: formatDieCode(v.code) + (v.characterPoints ? ` + ${v.characterPoints} CP` : "") },
      ...data.notes.map((n) => ({ ...n })),
    ],
    outcomes: [],
    buttons: [],
    hideSecrets: settings.hideDifficulty,
  };
  if (data.woundLevel !== "healthy" && data.rollKind !== "resistDamage")
    context.lines.push({ label: "OMNIBUS.D6.Card.WoundPenalty", value: `−${woundPenaltyDice(data.woundLevel)}D` });
  if (v.actions > 1) context.lines.push({ label: "OMNIBUS.D6.Card.Actions", value: `−${v.actions - 1}D` });
  if (v.forcePoint) context.lines.push({ label: "OMNIBUS.D6.Card.ForcePoint", value: "×2" });
  const flags: Record<string, unknown> = { kind: request.kind };
  if (spent) flags.spent = spent;
  if (attack) {
    const resolved = attackOutcomes(
      attack.targets,
      attack.attackType,
      outcome.total,
      v.difficultyModifier + difficultyDice,
      settings,
      seeDifficulty,
    );
    if (difficultyDice) context.lines.push({ label: "OMNIBUS.D6.Card.DifficultyDice", value: `+${difficultyDice}`, secret: true });
    let damageTargets: Array<{
      tokenUuid: string;
      actorUuid: string | null;
      name: string;
      img: string;
      zone: number | null;
      damage: string | null;
      distance: number | null;
    }> = [];
    if (attack.targets.length === 0) {
      const difficulty = v.difficulty;
      Object.assign(context, checkOutcome(outcome.total, difficulty));
      if (difficulty !== null) context.lines.push({ label: "OMNIBUS.D6.Card.Difficulty", value: String(difficulty), secret: true });
    } else {
      context.outcomes = resolved.outcomes;
      damageTargets = resolved.hits.map((t) => ({
        tokenUuid: t.tokenUuid,
        actorUuid: t.actorUuid,
        name: t.name,
        img: t.img,
        zone: null,
        damage: null,
        distance: t.distance,
      }));
    }
    if (attack.blast && attack.targets.length > 0) {
      const blast = await blastArea(attack, resolved, actor, settings, rolls, options.rollMode);
      if (blast) {
        context.outcomes = [...context.outcomes, ...blast.outcomes];
        damageTargets = blast.hits;
        if (blast.line) context.lines.push(blast.line);
      } else damageTargets = [];
    }
    const anyHit = attack.targets.length === 0 ? context.outcome?.tone !== "failure" : damageTargets.length > 0;
    // CP after the roll may turn a miss into a hit (000:L795): the button stays; rollDamage refuses while none is hit.
    if (anyHit || (attack.targets.length > 0 && !attack.blast && cpAfterOffered(data.rollKind, v.characterPoints, v.forcePoint)))
      context.buttons.push({ action: "d6RollDamage", label: "OMNIBUS.D6.Card.RollDamage", icon: "fa-solid fa-burst" });
    flags.attack = {
      actorUuid: request.actorUuid,
      weaponName: attack.weaponName,
      damage: attack.damage,
      damageType: attack.damageType,
      stun: attack.stun,
      scale: attack.scale,
      forcePoint: v.forcePoint,
      blast: attack.blast,
      targets: damageTargets,
      hadTargets: attack.targets.length > 0,
    };
  } else {
    Object.assign(context, checkOutcome(outcome.total, v.difficulty));
    if (v.difficulty !== null) context.lines.push({ label: "OMNIBUS.D6.Card.Difficulty", value: String(v.difficulty), secret: true });
  }
  // Explain (issue 14): the steps from the stored dice; the difficulty only where the card shows it.
  const shownDifficulty = seeDifficulty && (!attack || attack.targets.length === 0) ? v.difficulty : null;
  context.explain = explainD6Check({
    ...outcome,
    difficulty: shownDifficulty,
    success: shownDifficulty === null ? null : outcome.total >= shownDifficulty,
    margin: shownDifficulty === null ? null : outcome.total - shownDifficulty,
  });
  let secret: D6CardContext | null = null;
  if (!seeDifficulty) {
    const hidden = context.lines.filter((l) => l.secret);
    const difficulties = attack
      ? attackOutcomes(attack.targets, attack.attackType, outcome.total, v.difficultyModifier + difficultyDice, settings, true).outcomes
      : [];
    if (hidden.length > 0 || context.quality || difficulties.some((o) => o.difficulty !== undefined && o.difficulty !== null)) {
      secret = {
        ...context,
        dice: [],
        lines: hidden,
        outcomes: difficulties,
        buttons: [],
        explain: [],
        hideSecrets: false,
        subtitle: localize("OMNIBUS.D6.Card.GMOnly"),
      };
    }
    context.lines = context.lines.filter((l) => !l.secret);
    context.quality = null;
  }
  if (actor && cpAfterOffered(data.rollKind, v.characterPoints, v.forcePoint) && !(attack?.blast && attack.targets.length > 0)) {
    const targeted = attack && attack.targets.length > 0 && seeDifficulty;
    flags.cpAfter = {
      actorUuid: actor.uuid,
      total: outcome.total,
      spent: v.characterPoints,
      kind: data.rollKind,
      forcePoint: v.forcePoint,
      ...(seeDifficulty && !(attack && attack.targets.length > 0) ? { difficulty: v.difficulty } : {}),
      ...(targeted
        ? { attack: { attackType: attack.attackType, added: v.difficultyModifier + difficultyDice, targets: attack.targets } }
        : {}),
    };
    context.buttons.push({ action: "d6SpendCPAfter", label: "OMNIBUS.D6.CPAfter.Button", icon: "fa-solid fa-star" });
  }
  // A player's re-derived card leaves its points to the GM (chat/verify.ts).
  const spend = actorSpend(request, values, outcome.total, settings, !gmSpends(rederive.covers({ d6: flags })));
  if (actor && Object.keys(spend).length > 0) await actor.update(spend);
  if (weapon && weaponUpdate) await weapon.update(weaponUpdate);
  const message = await postCard({
    template: CHECK_CARD,
    context,
    actor: actor as never,
    rolls,
    rollMode: options.rollMode,
    flags: { d6: flags },
    origin: cardOrigin(request, values),
  });
  if (secret) await postSecret({ template: CHECK_CARD, context: secret, actor: actor as never, secretFor: message?.id ?? null });
  return message;
}

/**
 * A blast weapon (§28–29): the impact point is the first target if hit; a missed throw of a weapon
 * that deviates lands 1D/2D/3D metres away in the rolled direction; every token within the
 * outer radius of that point is in a zone.
 */
async function blastArea(
  attack: NonNullable<ReturnType<typeof checkData>["attack"]>,
  resolved: { hits: D6AttackTarget[] },
  attacker: ActorDoc | null,
  settings: D6Settings,
  rolls: Roll[],
  rollMode: string,
): Promise<{
  outcomes: TargetOutcome[];
  hits: Array<{ tokenUuid: string; actorUuid: string | null; name: string; img: string; zone: number; damage: string; distance: number }>;
  line: { label: string; value: string } | null;
} | null> {
  const blast = attack.blast!;
  const first = attack.targets[0];
  const targetPoint = attack.impactPoint ?? tokenCenter(first.tokenUuid);
  let impact: Point | null = targetPoint;
  let line: { label: string; value: string } | null = null;
  if (resolved.hits.length === 0) {
    if (!attack.deviates || !first.band || first.band === "out_of_range" || first.distance === null || !targetPoint) return null;
    const dev = D6DeviationRoll.forThrow(first.distance * settings.metresPerUnit, first.band, deviationDice(first.band));
    await dev.evaluate(evaluateOptions(rollMode));
    rolls.push(dev as unknown as Roll);
    const d = dev.outcome!;
    const thrower = throwerPoint(attacker);
    const ppu = pixelsPerUnit();
    if (!thrower || !ppu) return null;
    impact = offsetPoint(thrower, targetPoint, d.forward / settings.metresPerUnit, d.right / settings.metresPerUnit, ppu);
    line = {
      label: "OMNIBUS.D6.Card.Deviation",
      value: localize("OMNIBUS.D6.Card.DeviationValue", {
        metres: d.deviation,
        direction: localize(`OMNIBUS.D6.Deviation.${d.direction}`),
      }),
    };
  }
  if (!impact) return null;
  const point = impact;
  const { hits, units } = blastZoneHits(blast, settings, (radius) => tokensAround(point, radius));
  const outcomes = blastOutcomes(hits, settings, units);
  return { outcomes, hits, line };
}

/**
 * The GM's reading of a blast on the first target's own scene (no canvas: the GM may view another
 * scene), as `blastArea` reads it on the roller's map: the impact point is the target token if the
 * throw hit; a miss of a weapon that deviates lands where the card's deviation dice (`deviation`,
 * read face by face) put it, offset from the line from the thrower's token (the one at the
 * target's measured distance); every token within the outer radius on the target's Level is in its
 * zone. `deviated`: whether the throw's deviation dice belong to the card.
 */
async function sceneBlast(
  attack: NonNullable<ReturnType<typeof checkData>["attack"]>,
  hit: boolean,
  actorUuid: string | null,
  settings: D6Settings,
  deviation: unknown,
): Promise<{ hits: ReturnType<typeof blastHits>; deviated: boolean }> {
  const blast = attack.blast!;
  const first = attack.targets[0];
  const area =
    attack.impactPoint && attack.impactScene
      ? await sceneAreaAt(attack.impactScene, attack.impactPoint, attack.impactLevel ?? null, actorUuid)
      : await sceneAreaOf(first.tokenUuid, actorUuid);
  let impact: Point | null = area?.center ?? null;
  let deviated = false;
  if (!hit) {
    if (!attack.deviates || !first.band || first.band === "out_of_range" || first.distance === null || !area) return { hits: [], deviated };
    const dice = diceFromRoll(deviation as never);
    const d = rollGrenadeDeviation(first.distance * settings.metresPerUnit, first.band, dice);
    dice.assertExhausted();
    deviated = true;
    const thrower = area.actorTokens.find((t) => Math.abs(t.distance - first.distance!) <= 1e-6)?.center;
    if (!thrower || !area.pixelsPerUnit) return { hits: [], deviated };
    impact = offsetPoint(thrower, area.center, d.forward / settings.metresPerUnit, d.right / settings.metresPerUnit, area.pixelsPerUnit);
  }
  if (!area || !impact) return { hits: [], deviated };
  const point = impact;
  const { hits } = blastZoneHits(blast, settings, (radius) => describeTokensAround(area.grid, point, area.tokens, radius, area.level));
  return { hits, deviated };
}

function throwerPoint(attacker: ActorDoc | null): Point | null {
  return actingToken(attacker as never)?.center ?? null;
}

/**
 * The GM's re-derivation of an attack or check card (chat/verify.ts): the die code `mainRoll` plans
 * from the rebuilt request and values, the first Roll read by `rollD6` (d6 only, every face used),
 * the difficulty dice from the second, and the targets hit recomputed against their difficulties;
 * the card's claim (who is hit, the damage code, stun, Force Point, scale) must be exactly that, and
 * so must its "Spend CP after the roll" entry (the total, the points spent, the difficulty or the
 * targets the added dice are resolved against). A check card without that entry offers nothing to
 * apply and is not re-derived. A blast is read on its scene (`sceneBlast`): hit or miss, the
 * deviation dice, every token in its zone; a point picked on the map is rebuilt from the card's
 * origin (`namedImpactPoint`: that scene, at the claimed distance from one of the thrower's tokens).
 */
const rederive: CheckRederive<KindRequest<D6CheckData>> = {
  covers(state) {
    const d6 = state.d6 as { attack?: unknown; cpAfter?: unknown; spent?: unknown; movement?: unknown; healing?: unknown } | undefined;
    // A card whose choices claim points is re-derived too, whatever else it shows (its spend is checked).
    const claim = spendClaimOf((state.origin as { choices?: Record<string, string> } | undefined)?.choices);
    const claims = !d6?.movement && !d6?.healing && (claim.characterPoints > 0 || claim.forcePoint);
    return Boolean(d6?.attack || d6?.cpAfter || d6?.spent || claims);
  },
  refuseSpend: refuseCheckSpend,
  /** Answers the first roll's outcome, as `D6Roll` resolves it from those faces (a roll request's result). */
  async check({ request, values, rolls, state }) {
    const settings = readSettings();
    // A move's card is the movement kind's to re-derive (movementRederive).
    if ((state.d6 as { movement?: unknown }).movement) throw new ClaimMismatch("movement");
    if ((state.d6 as { healing?: unknown }).healing) throw new ClaimMismatch("healing");
    const { roll: main, v, data } = mainRoll(request, values, settings);
    // The spend the card names is the one its choices make (the GM spends that one).
    expectClaim("spent", (state.d6 as { spent?: unknown }).spent ?? null, spentOf(data, v));
    const attack = data.attack;
    const spec = main.spec;
    const dice = diceFromRoll(rolls[0] as never);
    const outcome = rollD6(spec.code, dice, {
      wildDie: spec.wildDie,
      wildOne: spec.wildOne,
      characterPoints: spec.characterPoints,
      kind: spec.kind,
      allowPipsOnly: spec.allowPipsOnly,
    });
    dice.assertExhausted();
    let difficultyDice = 0;
    if (v.difficultyDice > 0) {
      const extra = diceFromRoll(rolls[1] as never);
      difficultyDice = rollPlainDice(v.difficultyDice, extra).total;
      extra.assertExhausted();
    }
    const d6 = state.d6 as Record<string, unknown>;
    expectClaim("kind", d6.kind, request.kind);
    // "Spend CP after the roll" (cp-after/actions.ts) adds to this total against these difficulties: they are the roll's.
    const seeDifficulty = !settings.hideDifficulty;
    const targeted = Boolean(attack && attack.targets.length > 0);
    const offered =
      Boolean(request.actorUuid) && cpAfterOffered(data.rollKind, v.characterPoints, v.forcePoint) && !(attack?.blast && targeted);
    const cpAfter = offered
      ? {
          actorUuid: request.actorUuid,
          total: outcome.total,
          spent: v.characterPoints,
          kind: data.rollKind,
          forcePoint: v.forcePoint,
          ...(seeDifficulty && !targeted ? { difficulty: v.difficulty } : {}),
          ...(targeted && seeDifficulty
            ? { attack: { attackType: attack!.attackType, added: v.difficultyModifier + difficultyDice, targets: attack!.targets } }
            : {}),
        }
      : null;
    expectClaim("cpAfter", d6.cpAfter ?? null, cpAfter);
    if (!attack) {
      expectClaim("attack", d6.attack ?? null, null);
      return outcome;
    }
    const claimed = (d6.attack ?? {}) as Record<string, unknown>;
    const terms = {
      actorUuid: request.actorUuid,
      weaponName: attack.weaponName,
      damage: attack.damage,
      damageType: attack.damageType,
      stun: attack.stun,
      scale: attack.scale,
      forcePoint: v.forcePoint,
      blast: attack.blast,
    };
    expectClaim("attack", Object.fromEntries(Object.keys(terms).map((k) => [k, claimed[k]])), terms);
    if (attack.blast && attack.targets.length > 0) {
      // The blast's area as the GM's own scene has it: hit or not, the deviation dice, every token in a zone.
      const hit =
        attackOutcomes(attack.targets, attack.attackType, outcome.total, v.difficultyModifier + difficultyDice, settings, false).hits
          .length > 0;
      const deviationAt = v.difficultyDice > 0 ? 2 : 1;
      const area = await sceneBlast(attack, hit, request.actorUuid ?? null, settings, rolls[deviationAt]);
      if (rolls.length !== deviationAt + (area.deviated ? 1 : 0))
        throw new OmnibusError("facesUnused", "the card's rolls are not this throw's", {});
      expectClaim("targets", claimed.targets, area.hits);
      return outcome;
    }
    if (attack.targets.length === 0) {
      expectClaim("targets", claimed.targets, []);
      return outcome;
    }
    const hits = attackOutcomes(
      attack.targets,
      attack.attackType,
      outcome.total,
      v.difficultyModifier + difficultyDice,
      settings,
      !settings.hideDifficulty,
    ).hits;
    expectClaim(
      "targets",
      claimed.targets,
      hits.map((t) => ({
        tokenUuid: t.tokenUuid,
        actorUuid: t.actorUuid,
        name: t.name,
        img: t.img,
        zone: null,
        damage: null,
        distance: t.distance,
      })),
    );
    return outcome;
  },
  spend({ request, values }) {
    return actorChanges(request, pointsSpend(checkData(request), resolveValues(request, values, readSettings())));
  },
};

/** An actor update as the one change a spend makes (none when empty). */
function actorChanges(request: { actorUuid?: string | null }, update: Record<string, unknown>): DocumentChange[] {
  return request.actorUuid && Object.keys(update).length > 0 ? [{ uuid: request.actorUuid, update }] : [];
}

/**
 * The GM's refusal of a card's claimed CP and Force Point, from the actor's data as it is now
 * (`actorSpendRefusal`, pure): the claim is the dialog's choices, which the rebuild then reads.
 */
function refuseCheckSpend({ source, seenCreated }: { source: CheckSource; seenCreated: boolean }): string | null {
  const actor = source.actor as unknown as ActorDoc | null;
  if (!actor) return null;
  return actorSpendRefusal(actorData(actor), spendClaimOf(source.choices), seenCreated);
}

/** Stamps where a check came from on its request, so the GM can build it again (chat/verify.ts). */
function withSource<D extends object>(build: (source: CheckSource) => KindRequest<D> | null | Promise<KindRequest<D> | null>) {
  return async (source: CheckSource): Promise<KindRequest<D> | null> => {
    const request = await build(source);
    // A kind may add to the dataset what its rebuild needs (a blast's impact point).
    if (request) request.source = { kind: source.kind, dataset: { ...source.dataset, ...request.source?.dataset } };
    return request;
  };
}

/** The GM's re-derivation of a move's card (§30–31): the speed recorded on the mover is one the dialog allowed, its roll the move's. */
const movementRederive: CheckRederive<KindRequest<MovementCheckData>> = {
  covers(state) {
    return Boolean((state.d6 as { movement?: unknown } | undefined)?.movement);
  },
  check({ request, values, rolls, state }) {
    const settings = readSettings();
    // A move (§30–31): the speed recorded on the mover is the dialog's (one its current speed allows); a roll only where the move needs one.
    const r = resolveMovement(request, values, settings);
    if (r.difficulty !== null) {
      const dice = diceFromRoll(rolls[0] as never);
      rollD6(r.code, dice, {
        wildDie: true,
        wildOne: settings.wildOne,
        characterPoints: r.characterPoints,
        kind: "skill",
        allowPipsOnly: settings.allowPipsOnly,
      });
      dice.assertExhausted();
    }
    if (rolls.length !== (r.difficulty !== null ? 1 : 0)) throw new OmnibusError("facesUnused", "the card's rolls are not this move's", {});
    expectClaim("movement", (state.d6 as { movement?: unknown }).movement, { actorUuid: request.actorUuid, speed: r.speed });
  },
  refuseSpend: refuseCheckSpend,
  spend({ request, values }) {
    const r = resolveMovement(request, values, readSettings());
    if (r.difficulty === null) return [];
    const available = request.data.characterPointsAvailable;
    return actorChanges(
      request,
      pointsSpend(
        { characterPointsAvailable: available, forcePointsAvailable: 0 },
        { characterPoints: r.characterPoints, forcePoint: false },
      ),
    );
  },
};

/** An attribute, skill, attack or Force power check: one roll, one card. */
const checkKind = (
  build: (source: CheckSource) => KindRequest<D6CheckData> | null | Promise<KindRequest<D6CheckData> | null>,
): CheckKind<D6CheckData> => ({
  build: withSource(build),
  odds(request, values) {
    const settings = readSettings();
    return checkOdds(request, values, settings, canSeeDifficulty(settings), localize, game.i18n?.lang);
  },
  roll,
  rederive,
});

/** Healing: natural healing from the actor, a medpac or bacta tank (a medical item) on a patient. */
const healingKind = (
  build: (source: CheckSource) => KindRequest<HealingCheckData> | null | Promise<KindRequest<HealingCheckData> | null>,
): CheckKind<HealingCheckData> => ({
  build: withSource(build),
  odds: (request, values) => healingOdds(request, values, readSettings(), game.i18n?.lang),
  roll: (request, values, options) => rollHealing(request, values, options, readSettings()),
  rederive: healingRederive,
});

const movementKind: CheckKind<MovementCheckData> = {
  build: withSource(buildMovement),
  odds(request, values) {
    const settings = readSettings();
    return movementOdds(request, values, settings, canSeeDifficulty(settings), game.i18n?.lang, localize("OMNIBUS.D6.Metres"));
  },
  roll: (request, values, options) => rollMovement(request, values, options, readSettings()),
  rederive: movementRederive,
};

/** The D6 kinds of check (by the sheet's `data-check`; an item rolls as the kind of its type). */
export const d6CheckKinds = {
  attribute: checkKind(buildAttribute),
  skill: checkKind(buildSkill),
  attack: checkKind(buildAttack),
  forcepower: checkKind(buildForcePower),
  naturalHealing: healingKind(buildNaturalHealingKind),
  medical: healingKind(buildMedicalKind),
  medpac: healingKind(buildMedicalKind),
  bacta: healingKind(buildMedicalKind),
  [MOVEMENT_KIND]: movementKind,
} satisfies CheckKinds;

export const d6Checks: CheckHandler = checksByKind({ kinds: d6CheckKinds, itemKind, unknown: nothingToRoll });

/** The D6 part of a card's state (the GM's record on the GM; the plumbing reads it). */
export function d6State(state: Record<string, unknown>): Record<string, unknown> {
  return (state.d6 ?? {}) as Record<string, unknown>;
}

/** Reloading a weapon (001:L1): fills it; one action. */
export async function reloadWeapon(weapon: Doc): Promise<void> {
  const ammo = (weapon.system.ammo ?? {}) as { max?: number };
  const max = Number(ammo.max ?? 0);
  if (max <= 0) {
    notify("info", "OMNIBUS.D6.Notice.NoAmmo", { weapon: weapon.name });
    return;
  }
  await weapon.update({ "system.ammo.value": max });
  notify("info", "OMNIBUS.D6.Notice.Reloaded", { weapon: weapon.name });
}

export { skillCode };
