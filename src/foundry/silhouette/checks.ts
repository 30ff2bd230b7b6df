/**
 * The Silhouette `checks` handler: builds requests from documents (skills, weapons, defenses),
 * computes the odds through src/core, rolls a SilhouetteRoll and posts the card.
 */
import { OmnibusError, refused } from "../../core/errors";
import { forcedDice } from "../../core/dice";
import { readCheckFaces, resolveAgainst, rollFall, type GripState } from "../../rules/silhouette/index";
import { chaseCard, chaseFromRolls, chaseOdds, chaseRequest, planChase, type ChaseData } from "../../rules/silhouette/table/chase/checks";
import {
  GRIP_FLAG,
  athleticsData,
  climbTestsCard,
  climbOdds,
  fallOdds,
  jumpOdds,
  type AthleticsData,
  withCatch,
  climbRequest,
  fallCard,
  fallDamageDice,
  fallRequest,
  jumpCard,
  jumpRequest,
  planClimb,
  planFall,
  planJump,
  climbFromRolls,
  fallFromRolls,
  jumpFromRolls,
  type AthleticsReading,
  type RolledPools,
} from "../../rules/silhouette/table/athletics/checks";
import { cardOrigin, postCard } from "../chat/cards";
import { ClaimMismatch, expectClaim, gmSpends } from "../chat/verify";
import { cardStateOf, postResponse } from "../chat/actions";
import { choicesOf } from "../chat/choices";
import { facesFromRoll } from "../../rules/table/faces";
import { localize, notify } from "../i18n";
import type { CheckHandler, CheckKind, CheckKinds, CheckRederive, CheckSource, CheckValues, KindRequest, TargetInfo } from "../ruleset";
import { checksByKind } from "../checks";
import { actingToken, measureDistance, pixelsPerUnit, sceneAreaOf, tokenCenter, tokensOfActor } from "../targets";
import { evaluateOptions, onLevel, responseMode, tokenLevel, viewedLevel } from "../compat";
import { templatePath } from "../templates/helpers";
import {
  attackCardState,
  cardContext,
  defenseDataFor,
  grenadeFromFaces,
  grenadeThrow,
  findStrike,
  skillCardState,
  summarize,
  type AttackExtras,
  type CardState,
  type GrenadeState,
} from "../../rules/silhouette/table/cards";
import {
  grenadeCaught,
  suppressionZone,
  sweepOf,
  thrownRanges,
  walkingFireBystanders,
  type AreaToken,
  type Measure,
  type Point,
} from "../../rules/silhouette/table/areas";
import { skillFor, SKILL_KEYS, type CharacterDerived, type ItemLike, type SkillKey } from "../../rules/silhouette/table/derive";
import { tokenMovedThisRound, currentRound } from "./tokens";
import {
  DEFENDED_FLAG,
  FIRED_FLAG,
  FREE_STRIKE_FLAG,
  actorFactsOf,
  attackRequest,
  attackerIndexOf,
  checkOdds,
  defendedAfter,
  defendedThisRound,
  derivedOfPlain,
  freeStrikeUsed,
  rangedWeaponUpdate,
  targetFactsOf,
  weaponFactsOf,
  type DefendedRecord,
  defenseOdds,
  defenseRequest,
  rangeFor,
  planDefense,
  planPool,
  skillLabel,
  skillRequest,
  thresholdOf,
  type ActorFacts,
  type AttackCheckData,
  type DefenseCheckData,
  type FireFacts,
  type SkillCheckData,
  type TargetFacts,
  type WeaponFacts,
  silhouetteEffectKeys,
} from "../../rules/silhouette/table/checks";
import { attachEffects } from "../effects";
import { SilhouetteRoll } from "./rolls";
import { silhouetteOptions } from "./settings";

export const CARD_TEMPLATE = templatePath("silhouette/chat/check");
export const CARD_FLAG = "silhouette";
/** A climber's grip (004:L45-46), kept on the actor between climbing rounds. */
export { GRIP_FLAG };

/** The loose view of a Silhouette actor this module reads. */
export interface ActorLike {
  uuid: string;
  name: string | null;
  img: string | null;
  type: string;
  system: Record<string, unknown> & { derived?: CharacterDerived };
  items: {
    contents: ItemLike[];
    get(id: string): (ItemLike & { uuid?: string; img?: string | null; update?(d: Record<string, unknown>): Promise<unknown> }) | undefined;
  };
  statuses?: Set<string>;
  getActiveTokens?(linked?: boolean, document?: boolean): unknown[];
  getFlag?(scope: string, key: string): unknown;
  setFlag?(scope: string, key: string, value: unknown): Promise<unknown>;
  testUserPermission?(user: unknown, level: string): boolean;
}

export function derivedOf(actor: ActorLike): CharacterDerived {
  return derivedOfPlain({ system: actor.system, items: actor.items.contents }, silhouetteOptions());
}

function actorToken(actor: ActorLike, tokenUuid?: string | null): unknown {
  if (tokenUuid) {
    const token = fromUuidSync(tokenUuid as never) as unknown;
    if (token) return token;
  }
  return tokensOfActor(actor, true)[0] ?? null;
}

/** The facts a check needs about an actor. */
export function actorFacts(actor: ActorLike, tokenUuid?: string | null): ActorFacts {
  const options = silhouetteOptions();
  const movedThisRound = options.autoMovement ? tokenMovedThisRound(actorToken(actor, tokenUuid) as never) : null;
  return actorFactsOf({ ...actor, items: actor.items.contents }, derivedOf(actor), movedThisRound);
}

// ---------------------------------------------------------------------------------------------
// The viewed scene, for area fire and grenades (positions in pixels, distances in scene units).

interface SceneView {
  shooter: Point | null;
  shooterUuid: string | null;
  tokens: AreaToken[];
  measure: Measure;
  pixelsPerMetre: number;
  units: string;
}

interface PlaceableLike {
  center: Point;
  name: string;
  document: { uuid: string; texture?: { src?: string | null } | null; level?: string | null };
  actor: { uuid: string; img?: string | null } | null;
}

/**
 * What the shooter sees of the viewed scene. Areas (suppression, walking fire, blasts) list only
 * tokens on the shooter's scene Level (v14 scene levels; the viewed Level without a shooter).
 */
function sceneView(actor: ActorLike): SceneView | null {
  const c = (
    globalThis as {
      canvas?: {
        ready?: boolean;
        grid?: { measurePath(p: Point[]): { distance: number }; units?: string };
        tokens?: { placeables?: PlaceableLike[] };
      };
    }
  ).canvas;
  const ppm = pixelsPerUnit();
  if (!c?.ready || !c.grid || !ppm) return null;
  const grid = c.grid;
  const shooter = actingToken(actor as never) as PlaceableLike | null;
  const level = tokenLevel(shooter) ?? viewedLevel();
  return {
    shooter: shooter?.center ?? null,
    shooterUuid: shooter?.document.uuid ?? null,
    tokens: (c.tokens?.placeables ?? [])
      .filter((t) => onLevel(t, level))
      .map((t) => ({
        tokenUuid: t.document.uuid,
        actorUuid: t.actor?.uuid ?? null,
        name: t.name,
        img: t.document.texture?.src ?? t.actor?.img ?? "",
        center: t.center,
      })),
    measure: (a, b) =>
      grid.measurePath([
        { x: a.x, y: a.y },
        { x: b.x, y: b.y },
      ]).distance,
    pixelsPerMetre: ppm,
    units: grid.units ?? "",
  };
}

function areaInfo(view: SceneView, token: AreaToken): TargetInfo {
  return {
    tokenUuid: token.tokenUuid,
    actorUuid: token.actorUuid,
    name: token.name,
    img: token.img,
    distance: view.shooter ? Math.round(view.measure(view.shooter, token.center) * 100) / 100 : null,
    units: view.units,
  };
}

/** Walking fire's sweep and bystanders, and the suppression zones, measured on the viewed scene. */
function fireFacts(actor: ActorLike, weapon: WeaponFacts, targets: TargetInfo[]): FireFacts | null {
  if (weapon.rof < 1 || targets.length === 0) return null;
  const view = sceneView(actor);
  const centres = targets.map((t) => tokenCenter(t.tokenUuid));
  if (!view || !view.shooter || centres.some((c) => c === null)) return { sweep: null, bystanders: [], zone: null };
  const declared: AreaToken[] = targets.map((t, i) => ({
    tokenUuid: t.tokenUuid,
    actorUuid: t.actorUuid,
    name: t.name,
    img: t.img,
    center: centres[i]!,
  }));
  const sweep = sweepOf(
    view.shooter,
    declared.map((d) => d.center),
    view.measure,
  );
  const bystanders = walkingFireBystanders(view.shooter, view.shooterUuid, declared, sweep, view.tokens, view.pixelsPerMetre).map((t) =>
    areaInfo(view, t),
  );
  const zoneOf = (doubled: boolean) =>
    suppressionZone(declared[0].center, doubled, null, weapon.ranges, view.tokens, view.measure, view.shooterUuid).caught.map((t) =>
      areaInfo(view, t),
    );
  return { sweep, bystanders, zone: { distance: targets[0].distance, normal: zoneOf(false), doubled: zoneOf(true) } };
}

function targetFacts(target: TargetInfo): TargetFacts | null {
  const actor = target.actorUuid ? (fromUuidSync(target.actorUuid as never) as unknown as ActorLike | null) : null;
  if (!actor || !String(actor.type).startsWith("silhouette_")) return null;
  return targetFactsOf(actorFacts(actor, target.tokenUuid));
}

function asActor(actor: unknown): ActorLike {
  const a = actor as ActorLike | null;
  if (!a || !String(a.type).startsWith("silhouette_"))
    throw refused(a ? "WrongRuleset" : "NeedsActor", "a Silhouette check needs a Silhouette actor", { name: String(a?.name ?? "") });
  return a;
}

function skillTitle(name: string, level: number, attribute: number): string {
  const attr = attribute === 0 ? "" : attribute > 0 ? ` +${attribute}` : ` \u2212${-attribute}`;
  return `${name} (${level}${attr})`;
}

/** What every Silhouette kind builds from: the actor, its facts and the clicked item. */
function buildContext(source: CheckSource) {
  const actor = asActor(source.actor);
  const facts = actorFacts(actor);
  const itemId = source.dataset.itemId ?? source.item?.id ?? "";
  const item =
    (source.item as unknown as (ItemLike & { uuid?: string; img?: string }) | null) ??
    (itemId ? actor.items.get(itemId) : undefined) ??
    null;
  return { actor, facts, itemId, item };
}

function buildDefenseKind(source: CheckSource): KindRequest<DefenseCheckData> {
  const { actor, facts } = buildContext(source);
  return buildDefense(actor, facts, source.dataset);
}

/** A jump, a climbing round or a fall (`athletics` picks the request of the kind). */
function buildAthletics(
  athletics: (facts: ActorFacts, data: ReturnType<typeof athleticsData>, title: string) => KindRequest<AthleticsData>,
  kind: string,
) {
  return (source: CheckSource): KindRequest<AthleticsData> => {
    const { actor, facts } = buildContext(source);
    const data = athleticsData(facts, actor.getFlag?.("omnibus", GRIP_FLAG) as GripState | undefined);
    const title = localize(`OMNIBUS.Silhouette.Athletics.${kind}`);
    return athletics(facts, data, title);
  };
}

const buildJump = buildAthletics((facts, data, title) => jumpRequest(facts, data, title), "jump");
const buildClimb = buildAthletics(
  (facts, data, title) =>
    climbRequest(
      facts,
      data,
      title,
      data.grip.losingGrip ? localize("OMNIBUS.Silhouette.Climb.Recovery", { penalty: data.grip.penalty }) : undefined,
    ),
  "climb",
);
const buildFall = buildAthletics((facts, data, title) => fallRequest(facts, data, title), "fall");

function buildChase(source: CheckSource): KindRequest<ChaseData> {
  const { facts } = buildContext(source);
  {
    // The first targeted Silhouette runner is the other side; the measured distance starts the chase.
    const target = source.targets[0];
    const other = target?.actorUuid ? (fromUuidSync(target.actorUuid as never) as unknown as ActorLike | null) : null;
    const opponent =
      other && String(other.type).startsWith("silhouette_") ? { ...actorFacts(other, target!.tokenUuid), name: target!.name } : null;
    return chaseRequest(
      facts,
      opponent,
      localize("OMNIBUS.Silhouette.Athletics.chase"),
      opponent ? target!.distance : null,
      target ?? null,
    );
  }
}

function buildAttack(source: CheckSource): KindRequest<AttackCheckData> {
  const { actor, facts, item } = buildContext(source);
  {
    if (!item || item.type !== "silhouette_weapon") throw refused("NeedsWeapon", "an attack needs a weapon");
    const weapon = weaponFactsOf(item);
    // Thrown objects fly STR + 5 m, each band double (004:L109).
    weapon.ranges = thrownRanges(weapon, facts.strength ?? 0);
    const data = attackRequest(
      facts,
      weapon,
      source.targets,
      source.targets.map((t) => targetFacts(t)),
      "",
      fireFacts(actor, weapon, source.targets),
    );
    const d = data.data;
    data.title = `${weapon.name} — ${skillTitle(localize(d.skillName === weapon.skill ? skillLabel(weapon.skill) : d.skillName), d.skillLevel, d.attributeModifier)}`;
    return data;
  }
}

/** A skill check: the clicked skill item, else the skill named by `data-skill` (untrained when not held); a weapon item attacks. */
function buildSkill(source: CheckSource): KindRequest<SkillCheckData> | null {
  const { facts, item } = buildContext(source);
  if (item?.type === "silhouette_weapon") return buildAttack(source);
  if (item?.type === "silhouette_skill") {
    const row = facts.skills.find((r) => r.id === item.id);
    if (!row) return null;
    return skillRequest(facts, row, source.targets, skillTitle(row.name, row.level, row.attributeModifier));
  }
  const key = source.dataset.skill as SkillKey | undefined;
  if (key && (SKILL_KEYS as readonly string[]).includes(key)) {
    const row = skillFor(facts.skills, key);
    if (row) return skillRequest(facts, row, source.targets, skillTitle(row.name, row.level, row.attributeModifier));
    const name = localize(skillLabel(key));
    return skillRequest(facts, { key, name }, source.targets, `${name} (${localize("OMNIBUS.Silhouette.Untrained")})`);
  }
  throw refused("NothingToRoll", "nothing to roll");
}

function messageState(messageId: string): { message: ChatMessage.Implementation; state: CardState } {
  const message = game.messages?.get(messageId) as ChatMessage.Implementation | undefined;
  const state = message ? (cardStateOf(message)[CARD_FLAG] as CardState | undefined) : undefined;
  if (!message || !state) throw refused("CardGone", "no Silhouette card");
  return { message, state };
}

export { attackerIndexOf, defendedThisRound, DEFENDED_FLAG, FIRED_FLAG, FREE_STRIKE_FLAG, type DefendedRecord };

function buildDefense(actor: ActorLike, _facts: ActorFacts, dataset: Record<string, string>): KindRequest<DefenseCheckData> {
  const { state } = messageState(dataset.messageId ?? "");
  const request = buildDefenseFor(actor, state, dataset.strikeKey ?? "");
  request.data.messageId = dataset.messageId;
  return request;
}

/** The defense dialog for a strike, from the defender's actor and the card (the defender's client, and again the GM). */
export function buildDefenseFor(actor: ActorLike, state: CardState, strikeKey: string): KindRequest<DefenseCheckData> {
  const facts = actorFacts(actor);
  const { combatId, round } = currentRound();
  const record = defendedThisRound(actor.getFlag?.("omnibus", DEFENDED_FLAG), combatId, round);
  const { data, target, strike, area } = defenseDataFor(facts, state, strikeKey, record, combatId !== null);
  const subtitle = area
    ? localize(area === "bystander" ? "OMNIBUS.Silhouette.Card.BystanderDefense" : "OMNIBUS.Silhouette.Card.ZoneDefense", {
        total: strike.attackTotal,
      })
    : localize("OMNIBUS.Silhouette.Card.AgainstAttack", { name: state.attack!.weaponName, total: strike.attackTotal });
  return defenseRequest(facts, data, localize("OMNIBUS.Silhouette.Card.DefenseTitle", { name: target.name }), subtitle);
}

function rulesFor(ignoreMishap: boolean) {
  const options = silhouetteOptions();
  return { options, rules: ignoreMishap ? { ...options.check, fumbleRule: "never" as const } : options.check };
}

/**
 * A grenade (004:L110-113): the accuracy test against 1 + modifiers at the first target's spot, the
 * fuse test, and on a miss the scatter die (not on a mishap: it flies toward the thrower). Then who
 * is within the blast radius of where it landed. Dice order: accuracy pool, fuse pool, scatter die.
 */
async function grenadeOutcome(
  actor: ActorLike,
  request: KindRequest<AttackCheckData>,
  accuracyTotal: number,
  difficulty: number,
  accuracyFumble: boolean,
  plan: ReturnType<typeof planPool>,
  rules: ReturnType<typeof rulesFor>["rules"],
  rolls: Roll[],
  rollMode: string,
): Promise<GrenadeState> {
  const data = request.data;
  const options = silhouetteOptions();
  const fuseRoll = SilhouetteRoll.forCheck({ dice: plan.dice, untrained: plan.untrained, modifier: plan.modifier }, rules);
  await fuseRoll.evaluate(evaluateOptions(rollMode));
  rolls.push(fuseRoll as unknown as Roll);
  const accuracy = { total: accuracyTotal, difficulty, fumble: accuracyFumble };
  let scatter: number[] | null = null;
  if (grenadeThrow(accuracy, options).scatterDie) {
    const die = new Roll("1d6");
    await die.evaluate(evaluateOptions(rollMode));
    rolls.push(die);
    scatter = facesFromRoll(die as never).map((f) => f.face);
  }
  const fuseFaces = facesFromRoll(fuseRoll as never).map((f) => f.face);
  // The same reading the GM makes of these faces (`grenadeRederive`).
  const thrown = grenadeFromFaces(plan, accuracy, { fuse: fuseFaces, scatter }, data.weapon.blastRadius ?? 0, options, rules);
  const view = sceneView(actor);
  const aimed = request.targets[0] ? tokenCenter(request.targets[0].tokenUuid) : null;
  const caught =
    view && view.shooter && aimed
      ? grenadeCaught(view.shooter, aimed, thrown.landed, thrown.blastRadius, view.tokens, view.measure, view.pixelsPerMetre, view.units)
      : null;
  return { ...thrown, caught };
}

/**
 * The GM's reading of a grenade card (004:L110-113): the fuse Roll read as the attack's pool, the
 * scatter die exactly when the throw asks for one, where it landed, and who its blast catches on the
 * first target's own scene (no canvas: the GM may view another scene) — thrown from the thrower's
 * token at the target's measured distance, on the target's Level. No target, no scene or no such
 * token: no one is listed (as on the roller's map).
 */
async function grenadeRederive(
  request: KindRequest<AttackCheckData>,
  accuracy: { total: number; difficulty: number; fumble: boolean },
  plan: ReturnType<typeof planPool>,
  pools: RolledPools,
): Promise<GrenadeState> {
  const options = silhouetteOptions();
  if (pools.length < 2 || pools.length > 3)
    throw new OmnibusError("diceMismatch", "a grenade card has its throw, fuse and scatter Rolls", {});
  const thrown = grenadeFromFaces(
    plan,
    accuracy,
    { fuse: pools[1], scatter: pools[2] ?? null },
    request.data.weapon.blastRadius ?? 0,
    options,
  );
  const first = request.targets[0];
  const area = first?.tokenUuid ? await sceneAreaOf(first.tokenUuid, request.actorUuid ?? null) : null;
  const thrower =
    first && first.distance !== null && area
      ? area.actorTokens.find((t) => Math.abs(t.distance - first.distance!) <= 1e-6)?.center
      : undefined;
  if (!area || !thrower || !area.pixelsPerUnit) return { ...thrown, caught: null };
  const tokens: AreaToken[] = area.tokens
    .filter((t) => onLevel(t, area.level))
    .map((t) => ({
      tokenUuid: t.document.uuid,
      actorUuid: t.actor?.uuid ?? null,
      name: t.name,
      img: t.document.texture?.src ?? t.actor?.img ?? "",
      center: t.center,
    }));
  const measure = (a: Point, b: Point) => measureDistance(area.grid, a, b);
  return {
    ...thrown,
    caught: grenadeCaught(thrower, area.center, thrown.landed, thrown.blastRadius, tokens, measure, area.pixelsPerUnit, area.grid.units),
  };
}

/** A skill check or an attack (`attack`: the attack kind's roll, with its ammunition and strikes). */
async function rollCheckOrAttack(
  request: KindRequest<SkillCheckData & Partial<AttackCheckData>>,
  values: CheckValues,
  rollMode: string,
  attack: boolean,
): Promise<unknown> {
  const actor = asActor(fromUuidSync(request.actorUuid as never));
  const { options, rules } = rulesFor(false);
  const plan = planPool(request, values, options);
  const data = request.data;
  const { combatId, round } = currentRound();
  const combat = combatId === null ? null : { combatId, round };
  // One free strike per round (004:L19).
  if (plan.freeStrike && freeStrikeUsed(actor.getFlag?.("omnibus", FREE_STRIKE_FLAG), combat))
    throw new OmnibusError("rollImpossible", "one free strike per round", { name: "freeStrike", value: round });
  // Ammunition and a negative-ROF weapon's reload (rangedWeaponUpdate); refused when short, nothing spent.
  let ammoUpdate: (() => Promise<unknown>) | null = null;
  if (attack && data.weapon && data.attackKind === "ranged") {
    const item = actor.items.get(
      String(request.itemUuid ?? "")
        .split(".")
        .pop() ?? "",
    );
    if (item) {
      const fired = ((item as { flags?: Record<string, Record<string, unknown> | undefined> }).flags?.omnibus?.[FIRED_FLAG] ??
        undefined) as { combatId?: string; round?: number } | undefined;
      const ammo = (item.system as { ammo?: { value: number; max: number } }).ammo;
      const weaponUpdate = rangedWeaponUpdate({ rof: data.weapon.rof, ammo, fired }, plan.ammo, combat);
      if (weaponUpdate.reloading) {
        notify("warn", "OMNIBUS.Silhouette.Notice.Reloading", { weapon: data.weapon.name, round: weaponUpdate.reloading.readyRound });
        return null;
      }
      const update = weaponUpdate.update;
      if (update) ammoUpdate = () => item.update!(update);
    }
  }
  const { threshold, opposed } = !attack || request.targets.length === 0 ? thresholdOf(values) : { threshold: null, opposed: false };
  const roll = SilhouetteRoll.forCheck(
    { dice: plan.dice, untrained: plan.untrained, modifier: plan.modifier, threshold, opposed },
    plan.ignoreMishap ? { ...rules, fumbleRule: "never" } : rules,
  );
  await roll.evaluate(evaluateOptions(rollMode));
  const outcome = roll.outcome;
  if (!outcome || outcome.kind !== "check") throw new OmnibusError("diceMismatch", "no outcome", {});
  const rolls: Roll[] = [roll as unknown as Roll];
  const subtitle = localize(`OMNIBUS.Silhouette.Movement.${plan.movement}`);
  let state: CardState;
  if (attack && isAttack(request)) {
    const extras: AttackExtras = {};
    if (plan.fireMode === "walking") extras.area = data.fire?.bystanders ?? [];
    if (plan.fireMode === "suppressive" && data.fire?.zone) extras.area = plan.doubledZone ? data.fire.zone.doubled : data.fire.zone.normal;
    if (plan.grenade) {
      const range = request.targets[0]
        ? rangeFor(request.data.weapon, request.targets[0].distance, String(values.range ?? "auto"), options).modifier
        : 0;
      const accuracyTotal = request.targets[0] ? outcome.total + range : outcome.total;
      const difficulty = request.targets[0] ? 1 : (thresholdOf(values).threshold ?? 1);
      extras.grenade = await grenadeOutcome(actor, request, accuracyTotal, difficulty, outcome.fumble, plan, rules, rolls, rollMode);
    }
    state = attackCardState(request, values, plan, outcome, subtitle, options, extras);
  } else state = skillCardState(request, values, plan, outcome, subtitle);
  if (ammoUpdate) await ammoUpdate();
  if (plan.freeStrike && combatId !== null) await actor.setFlag?.("omnibus", FREE_STRIKE_FLAG, { combatId, round });
  return postCard({
    template: CARD_TEMPLATE,
    context: cardContext(state) as never,
    actor: actor as never,
    rolls: rolls as never,
    rollMode,
    flags: { [CARD_FLAG]: state },
    origin: cardOrigin(request, values),
  });
}

/**
 * The GM's re-derivation of a skill or attack card (chat/verify.ts): the pool planned from the
 * rebuilt request and values, the first Roll's faces read against it (count, range, every face),
 * and the card's roll, check and attack recomputed from them; a grenade's fuse, scatter and blast
 * from its other Rolls and the GM's own scene (`grenadeRederive`).
 */
const rederive = (attack: boolean): CheckRederive<KindRequest<SkillCheckData & Partial<AttackCheckData>>> => ({
  covers(state) {
    const card = state[CARD_FLAG] as { kind?: string } | undefined;
    return card?.kind === "skill" || card?.kind === "attack";
  },
  async check({ request, values, rolls, state }) {
    const claimed = state[CARD_FLAG] as CardState;
    if (request.kind !== claimed.kind) throw new ClaimMismatch("kind");
    const { options, rules } = rulesFor(false);
    const plan = planPool(request, values, options);
    const { threshold, opposed } = !attack || request.targets.length === 0 ? thresholdOf(values) : { threshold: null, opposed: false };
    const rolled = rolls.length > 0 ? facesFromRoll(rolls[0] as never) : [];
    if (rolled.some((f) => f.sides !== 6)) throw new OmnibusError("diceMismatch", "a Silhouette check rolls only d6", {});
    const faces = rolled.map((f) => f.face);
    const roll = readCheckFaces(
      { dice: plan.dice, untrained: plan.untrained, modifier: plan.modifier, threshold, opposed },
      faces,
      plan.ignoreMishap ? { ...rules, fumbleRule: "never" } : rules,
    );
    // The area a walking or suppressive fire covers, as `rollCheckOrAttack` passes it.
    const data = request.data;
    const extras: AttackExtras = {};
    if (plan.fireMode === "walking") extras.area = data.fire?.bystanders ?? [];
    if (plan.fireMode === "suppressive" && data.fire?.zone) extras.area = plan.doubledZone ? data.fire.zone.doubled : data.fire.zone.normal;
    const expected =
      attack && isAttack(request)
        ? attackCardState(request, values, plan, roll, claimed.subtitle, options, extras)
        : skillCardState(request, values, plan, roll, claimed.subtitle);
    expectClaim("roll", claimed.roll, expected.roll);
    expectClaim("check", claimed.check, expected.check);
    if (attack && !plan.grenade) expectClaim("attack", claimed.attack, expected.attack);
    else if (attack) {
      expectClaim("strikes", strikeTotals(claimed), strikeTotals(expected));
      // The fuse, the scatter and who the blast catches, from the card's other Rolls and the GM's scene.
      if (!isAttack(request)) throw new ClaimMismatch("grenade");
      const range = request.targets[0]
        ? rangeFor(request.data.weapon, request.targets[0].distance, String(values.range ?? "auto"), options).modifier
        : 0;
      const accuracy = {
        total: request.targets[0] ? roll.total + range : roll.total,
        difficulty: request.targets[0] ? 1 : (thresholdOf(values).threshold ?? 1),
        fumble: roll.fumble,
      };
      const grenade = await grenadeRederive(request, accuracy, plan, rolledPools(rolls));
      expectClaim("grenade", claimed.attack?.grenade, grenade);
    }
    // The first roll's outcome as `SilhouetteRoll` resolves it from these faces (a roll request's result).
    return { kind: "check", ...roll };
  },
});

/** Whether a skill-or-attack request carries its weapon (an attack's request always does). */
function isAttack(request: KindRequest<SkillCheckData & Partial<AttackCheckData>>): request is KindRequest<AttackCheckData> {
  return request.data.weapon !== undefined && request.data.attackKind !== undefined;
}

function strikeTotals(state: CardState): Array<[string, number | null]> {
  return (state.attack?.targets ?? []).flatMap((t) =>
    t.strikes.map((s) => [s.key, (s as { attackTotal?: number | null }).attackTotal ?? null] as [string, number | null]),
  );
}

/** A jump, a climbing round or a fall: Athletics rolls and the athletics card (src/rules/silhouette/table/athletics/checks.ts). */
/** What every athletics roll starts from: the actor, the rules, the card's base state and a pool roller that keeps its Rolls. */
function athleticsRoller(request: KindRequest<AthleticsData> | KindRequest<ChaseData>, rollMode: string) {
  const actor = asActor(fromUuidSync(request.actorUuid as never));
  const { options, rules } = rulesFor(false);
  const rolls: Roll[] = [];
  const base: Omit<CardState, "kind" | "athletics" | "roll"> = {
    version: 1,
    title: request.title,
    subtitle: request.subtitle ?? "",
    img: String((request.data as { actorImg?: string }).actorImg ?? ""),
    actorUuid: request.actorUuid ?? null,
    lines: [],
    check: null,
    attack: null,
  };
  const pool = async (dice: number, untrained: boolean, modifier: number, r = rules) => {
    const roll = SilhouetteRoll.forCheck({ dice, untrained, modifier }, r);
    await roll.evaluate(evaluateOptions(rollMode));
    rolls.push(roll as unknown as Roll);
    const o = roll.outcome;
    if (!o || o.kind !== "check") throw new OmnibusError("diceMismatch", "no outcome", {});
    return o;
  };
  const post = (state: CardState, values: CheckValues) =>
    postCard({
      template: CARD_TEMPLATE,
      context: cardContext(state) as never,
      actor: actor as never,
      rolls: rolls as never,
      rollMode,
      flags: { [CARD_FLAG]: state },
      // Where it came from, so the active GM can build it again and read its dice (chat/verify.ts).
      origin: cardOrigin(request, values),
    });
  return { actor, options, rules, base, pool, post };
}

/** A jump: one Athletics roll and the jump card. */
async function rollJump(request: KindRequest<AthleticsData>, values: CheckValues, { rollMode }: { rollMode: string }): Promise<unknown> {
  const { base, pool, post } = athleticsRoller(request, rollMode);
  let state: CardState;
  {
    const plan = planJump(request, values);
    const o = await pool(plan.dice, plan.untrained, plan.modifier);
    const card = jumpCard(plan, o.result);
    state = {
      ...base,
      kind: "jump",
      roll: summarize(o),
      lines: [
        { label: "OMNIBUS.Silhouette.AttributeAbbr.fit", value: plan.fit },
        { label: "OMNIBUS.Silhouette.Card.MovementMod", value: card.modeModifier },
        { label: "OMNIBUS.Silhouette.Card.OtherMod", value: plan.other },
      ].filter((l) => l.value !== 0),
      athletics: card,
    };
  }
  return post(state, values);
}

/** A chase exchange: both sides' pools and the mishap dice, and the chase card. */
async function rollChase(request: KindRequest<ChaseData>, values: CheckValues, { rollMode }: { rollMode: string }): Promise<unknown> {
  const { rules, base, pool, post } = athleticsRoller(request, rollMode);
  let state: CardState;
  {
    // Validate before any die is rolled; the fleeing side's pool first, then the pursuer's, then one
    // d6 per mishap (fleeing first) — the order chaseExchange reads them in (004:L44).
    const plan = planChase(request, values);
    const f = await pool(plan.fleeing.dice, plan.fleeing.dice === 0, plan.fleeing.modifier);
    const p = await pool(plan.pursuer.dice, plan.pursuer.dice === 0, plan.pursuer.modifier);
    const mishapFaces: number[] = [];
    for (const o of [f, p]) if (o.fumble) mishapFaces.push((await pool(1, false, 0, { ...rules, fumbleRule: "never" })).faces[0]);
    const card = chaseCard(plan, request.data, summarize(f), summarize(p), forcedDice(mishapFaces));
    const ownRoll = plan.role === "fleeing" ? card.fleeing.roll : card.pursuer.roll;
    state = { ...base, kind: "chase", roll: ownRoll, athletics: card };
  }
  return post(state, values);
}

/** A climbing round: its tests, a catch when it falls, the grip carried to the next round. */
async function rollClimb(request: KindRequest<AthleticsData>, values: CheckValues, { rollMode }: { rollMode: string }): Promise<unknown> {
  const { actor, options, base, pool, post } = athleticsRoller(request, rollMode);
  let state: CardState;
  {
    const data = request.data;
    const plan = planClimb(request, values);
    const tested = [];
    for (let i = 0; i < plan.tests; i++) tested.push(await pool(plan.dice, plan.untrained, plan.modifier));
    let card = climbTestsCard(plan, data, tested, options.check);
    if (card.falls) {
      // "Catch yourself if you can!" (004:L50): one more Athletics test, without the grip penalty.
      const o = await pool(plan.dice, plan.untrained, plan.baseModifier);
      card = withCatch(card, plan, summarize(o), resolveAgainst(o.total, plan.catchDifficulty, { fumble: o.fumble }, options.check));
    }
    const caught = card.caughtFall?.success === true;
    state = { ...base, kind: "climb", roll: summarize(tested[0]), athletics: card };
    // The grip goes with the climber to the next round; the status shows it on the token (004:L45-46).
    // A player's card is re-derived by the active GM, who moves the grip once the card holds.
    if (!gmSpends(true)) {
      await actor.setFlag?.("omnibus", GRIP_FLAG, card.falls || caught ? { losingGrip: false, penalty: 0 } : card.grip);
      const toggle = (actor as unknown as { toggleStatusEffect?(id: string, o: { active: boolean }): Promise<unknown> }).toggleStatusEffect;
      if (toggle) await toggle.call(actor, "losingGrip", { active: card.grip.losingGrip && !card.falls });
    }
  }
  return post(state, values);
}

/** A fall: the softening test, the damage dice, and the fall card. */
async function rollFallCheck(
  request: KindRequest<AthleticsData>,
  values: CheckValues,
  { rollMode }: { rollMode: string },
): Promise<unknown> {
  const { rules, base, pool, post } = athleticsRoller(request, rollMode);
  let state: CardState;
  {
    const plan = planFall(request, values);
    let softening = null;
    let softFaces: number[] = [];
    if (plan.softening) {
      softening = await pool(plan.softening.dice, plan.softening.dice === 0, plan.softening.modifier);
      softFaces = softening.faces;
    }
    const dice = fallDamageDice(plan, softening ? softening.total : 0);
    let damageRoll = null;
    if (dice > 0) damageRoll = await pool(dice, false, 0, { ...rules, fumbleRule: "never" });
    // The authoritative reading: the pure fall from the same faces (softening first, then damage, 004:L62-65).
    const result = rollFall(
      {
        heightMetres: plan.heightMetres,
        surface: plan.surface,
        gravity: plan.gravity,
        headFirst: plan.headFirst,
        softening: plan.softening,
      },
      forcedDice([...softFaces, ...(damageRoll?.faces ?? [])]),
      rules,
    );
    const card = fallCard(plan, result, softening ? summarize(softening) : null, damageRoll ? summarize(damageRoll) : null);
    state = {
      ...base,
      kind: "fall",
      roll: damageRoll
        ? summarize(damageRoll)
        : softening
          ? summarize(softening)
          : { faces: [], poolSize: 0, untrained: false, best: 0, extraSixes: 0, result: 0, fumble: false, modifier: 0, total: 0 },
      athletics: card,
    };
  }
  return post(state, values);
}

/** Every Roll's faces on a card, one list per Roll (Silhouette rolls only d6). */
function rolledPools(rolls: unknown[]): RolledPools {
  return rolls.map((r) => {
    const rolled = facesFromRoll(r as never);
    if (rolled.some((f) => f.sides !== 6)) throw new OmnibusError("diceMismatch", "a Silhouette check rolls only d6", {});
    return rolled.map((f) => f.face);
  });
}

/**
 * The GM's re-derivation of a jump, climbing or fall card (chat/verify.ts): the plan from the
 * rebuilt request (the actor's Athletics, FIT, walking speed and grip as they are now) and the
 * values read from its choices, every Roll's faces read against the pool it should be, and the
 * card's roll, athletics part and lines recomputed from those faces. A climb's new grip is the
 * GM's to write once the card holds (`spend`, `statuses`).
 */
function athleticsRederive(
  kind: "jump" | "climb" | "fall",
  read: (request: KindRequest<AthleticsData>, values: CheckValues, pools: RolledPools) => AthleticsReading<unknown>,
  after: Pick<CheckRederive<KindRequest<AthleticsData>>, "spend" | "statuses"> = {},
): CheckRederive<KindRequest<AthleticsData>> {
  const claimOf = (state: Record<string, unknown>) => state[CARD_FLAG] as Partial<CardState> | undefined;
  return {
    covers: (state) => claimOf(state)?.kind === kind,
    check({ request, values, rolls, state }) {
      const claimed = claimOf(state) ?? {};
      if (request.kind !== kind || claimed.kind !== kind) throw new ClaimMismatch("kind");
      const expected = read(request, values, rolledPools(rolls));
      expectClaim("roll", claimed.roll, expected.roll);
      expectClaim("athletics", claimed.athletics, expected.card);
      expectClaim("lines", claimed.lines, expected.lines);
      expectClaim("check", claimed.check, null);
      expectClaim("attack", claimed.attack, null);
      return expected.first ? { kind: "check", ...expected.first } : null;
    },
    ...after,
  };
}

const climbed = (request: KindRequest<AthleticsData>, values: CheckValues, pools: RolledPools) =>
  climbFromRolls(planClimb(request, values), request.data, pools, rulesFor(false).rules);
const jumpRederive = athleticsRederive("jump", (request, values, pools) =>
  jumpFromRolls(planJump(request, values), pools, rulesFor(false).rules),
);
const climbRederive = athleticsRederive("climb", climbed, {
  // The grip the round leaves, and the "losing grip" status, written by the GM once the card holds (004:L45-46).
  spend: ({ request, values, rolls }) =>
    request.actorUuid
      ? [{ uuid: request.actorUuid, update: { [`flags.omnibus.${GRIP_FLAG}`]: climbed(request, values, rolledPools(rolls)).gripAfter } }]
      : [],
  statuses: ({ request, values, rolls }) => {
    const { card } = climbed(request, values, rolledPools(rolls));
    return { losingGrip: card.grip.losingGrip && !card.falls };
  },
});
/**
 * The GM's re-derivation of a chase card (004:L44): the dialog rebuilt from the runner's sheet and
 * the targeted opponent's (their sprint caps the speeds), the choices read against it, both pools
 * and the mishap dice read from the card's Rolls, and the exchange — who won, the distance after —
 * worked out again. Nothing on a chase card changes a document; a card that does not hold is refused.
 */
const chaseRederive: CheckRederive<KindRequest<ChaseData>> = {
  covers: (state) => (state[CARD_FLAG] as Partial<CardState> | undefined)?.kind === "chase",
  check({ request, values, rolls, state }) {
    const claimed = (state[CARD_FLAG] ?? {}) as Partial<CardState>;
    if (request.kind !== claimed.kind) throw new ClaimMismatch("kind");
    const expected = chaseFromRolls(planChase(request, values), request.data, rolledPools(rolls), rulesFor(false).rules);
    expectClaim("roll", claimed.roll, expected.roll);
    expectClaim("athletics", claimed.athletics, expected.card);
    expectClaim("lines", claimed.lines, []);
    expectClaim("check", claimed.check, null);
    expectClaim("attack", claimed.attack, null);
    return { kind: "check", ...expected.first };
  },
};

const fallRederive = athleticsRederive("fall", (request, values, pools) =>
  fallFromRolls(planFall(request, values), pools, rulesFor(false).rules),
);

async function rollDefense(request: KindRequest<DefenseCheckData>, values: CheckValues, rollMode: string): Promise<unknown> {
  const data = request.data;
  const actor = asActor(fromUuidSync(request.actorUuid as never));
  const { options, rules } = rulesFor(false);
  const plan = planDefense(request, values, options.severalAttackersReading);
  const roll = SilhouetteRoll.forCheck({ dice: plan.dice, untrained: plan.untrained, modifier: plan.modifier }, rules);
  const { message, state } = messageState(data.messageId);
  // The defender's dialog mode, kept whispered when the attack card is (compat.ts).
  const mode = responseMode(message as never, rollMode);
  await roll.evaluate(mode.evaluate);
  const { target } = findStrike(state, data.strikeKey);
  const summary = summarize(
    readCheckFaces(
      { dice: plan.dice, untrained: plan.untrained, modifier: plan.modifier },
      facesFromRoll(roll as never).map((f) => f.face),
      rules,
    ),
  );
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("chat/check-card"), {
    title: localize("OMNIBUS.Silhouette.Card.DefenseTitle", { name: target.name }),
    dice: summary.faces.map((face) => ({ face, sides: 6 })),
    total: summary.total,
    ruleset: "silhouette",
  });
  // The defender's roll as their own message, for the GM's `recordDefense` to re-derive (chat/actions.ts).
  const ok = await postResponse(message as never, "recordDefense", data.strikeKey, {
    rolls: [roll as unknown as Roll],
    choices: choicesOf(values, request.fields),
    content,
    actor: actor as never,
    rollMode: mode.mode,
  });
  if (ok && !data.area) {
    // The defender's tally this round: each attacker once, in order (004:L71), and a declaration (004:L85).
    const { combatId, round } = currentRound();
    if (combatId !== null) {
      const record = defendedThisRound(actor.getFlag?.("omnibus", DEFENDED_FLAG), combatId, round);
      const next: DefendedRecord = defendedAfter(record, state.actorUuid, plan.declaredAttackers);
      await actor.setFlag?.("omnibus", DEFENDED_FLAG, next);
    }
  }
  return ok;
}

/** A built check with the actor's Active Effects (`planPool`/`planDefense` count them) and where it came from. */
function withEffects<D extends object>(effectKind: string | null, build: (source: CheckSource) => KindRequest<D> | null) {
  return (source: CheckSource): KindRequest<D> | null => {
    const request = build(source);
    // Where it came from, so the GM can build it again (chat/verify.ts).
    if (request) request.source = { kind: source.kind, dataset: { ...source.dataset } };
    if (request && effectKind) {
      const skillKey = (request.data as { skillKey?: string }).skillKey;
      attachEffects(request, source.actor as never, silhouetteEffectKeys(effectKind, skillKey), "number");
    }
    return request;
  };
}

const skillKind: CheckKind<SkillCheckData> = {
  build: withEffects("skill", buildSkill),
  odds: (request, values) => checkOdds(request, values, silhouetteOptions(), game.i18n?.lang),
  roll: (request, values, { rollMode }) => rollCheckOrAttack(request, values, rollMode, false),
  rederive: rederive(false),
};

/** An item rolls as an attack (a weapon) or a skill check. */
function itemKind(source: CheckSource): string {
  return buildContext(source).item?.type === "silhouette_weapon" ? "attack" : "skill";
}

/** The Silhouette kinds of check (by the sheet's `data-check`); another source kind is a skill check (`data-skill`). */
export const silhouetteCheckKinds = {
  skill: skillKind,
  attack: {
    build: withEffects("attack", buildAttack),
    odds: (request, values) => checkOdds(request, values, silhouetteOptions(), game.i18n?.lang),
    roll: (request, values, { rollMode }) => rollCheckOrAttack(request, values, rollMode, true),
    rederive: rederive(true),
  } satisfies CheckKind<AttackCheckData>,
  defense: {
    build: withEffects("defense", buildDefenseKind),
    odds: (request, values) => defenseOdds(request, values, silhouetteOptions()),
    roll: (request, values, { rollMode }) => rollDefense(request, values, rollMode),
  } satisfies CheckKind<DefenseCheckData>,
  jump: {
    build: withEffects(null, buildJump),
    odds: (request, values) => jumpOdds(request, values, silhouetteOptions()),
    rederive: jumpRederive,
    roll: rollJump,
  } satisfies CheckKind<AthleticsData>,
  climb: {
    build: withEffects(null, buildClimb),
    odds: (request, values) => climbOdds(request, values, silhouetteOptions()),
    rederive: climbRederive,
    roll: rollClimb,
  } satisfies CheckKind<AthleticsData>,
  fall: {
    build: withEffects(null, buildFall),
    odds: (request, values) => fallOdds(request, values, silhouetteOptions()),
    rederive: fallRederive,
    roll: rollFallCheck,
  } satisfies CheckKind<AthleticsData>,
  chase: {
    build: withEffects(null, buildChase),
    odds: (request, values) => chaseOdds(request, values, silhouetteOptions()),
    rederive: chaseRederive,
    roll: rollChase,
  } satisfies CheckKind<ChaseData>,
} satisfies CheckKinds;

export const silhouetteChecks: CheckHandler = checksByKind({
  kinds: silhouetteCheckKinds,
  itemKind,
  unknown: (source) => skillKind.build(source),
});
