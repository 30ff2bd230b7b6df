/**
 * The Storytelling check handler (Foundry side; the card buttons are actions.ts). The pools, odds and card contexts
 * are the pure functions of src/rules/storytelling/table/checks.ts and src/rules/storytelling/table/cards.ts; this module reads documents, spends
 * Willpower, rolls StorytellingRolls and posts the card through the plumbing.
 */
import { worldOptions } from "./settings";
import { forcedDice } from "../../core/dice";
import { OmnibusError, refused } from "../../core/errors";
import { recordExtendedRoll, rollAdvancedAction, rollPool, type RollResult } from "../../rules/storytelling";
import { cardOrigin, postCard } from "../chat/cards";
import { expectClaim } from "../chat/verify";
import { cardStateOf, postResponse, requestChatAction, documentOf } from "../chat/actions";
import { choicesOf, facesFromRoll } from "../chat/choices";
import { localize, notify } from "../i18n";
import type {
  CheckHandler,
  CheckKind,
  CheckKinds,
  CheckRederive,
  CheckRequest,
  CheckSource,
  CheckValues,
  KindRequest,
  OddsLine,
} from "../ruleset";
import { checksByKind } from "../checks";
import { templatePath } from "../templates/helpers";
import {
  cardParts,
  cardRoll,
  extendedProgress,
  type CardContext,
  type CardRoll,
  type CoverRoll,
} from "../../rules/storytelling/table/cards";
import type { PoolBreakdown } from "../../rules/storytelling";
import {
  ATTACK_TRAITS,
  UNARMED,
  againOf,
  attackPools,
  attackRequest,
  attackTarget,
  checkPool,
  consciousnessRequest,
  contestRequest,
  damageOnTarget,
  driveRequest,
  extendedRequest,
  trackerState,
  knockoutOffered,
  poolRequest,
  poolTitle,
  requestOdds,
  requestPool,
  throughCoverPool,
  weaponData,
  type ActorSnapshot,
  type CheckData,
  storytellingCheckEffects,
} from "../../rules/storytelling/table/checks";
import { KEY, type StorytellingOptions } from "../../rules/storytelling/table/settings";
import { actorEffects } from "../effects";
import { turnKey } from "../../rules/storytelling/table/defense/combat";
import { intOr, type PlainItem } from "../../rules/storytelling/table/derive";
import { rollStorytelling, type StorytellingRoll } from "./rolls";
import { evaluateOptions, responseMode } from "../compat";
import {
  CONTEST_FLAG,
  contestCardContext,
  contestRoll,
  startContest,
  type ContestState,
} from "../../rules/storytelling/table/contest/cards";

export const CARD_TEMPLATE = templatePath("storytelling/chat/roll-card");

export interface DocLike {
  uuid: string;
  name?: string | null;
  img?: string | null;
  type: string;
  system: unknown;
  items?: unknown;
  statuses?: Iterable<string>;
  flags?: Record<string, unknown>;
}

/** A document as the plain snapshot the pure logic reads. */
export function snapshot(doc: DocLike): ActorSnapshot {
  const raw = doc.items as { contents?: unknown[] } | unknown[] | undefined;
  const list = (Array.isArray(raw) ? raw : (raw?.contents ?? [])) as Array<{
    id?: string;
    name?: string;
    type: string;
    system?: unknown;
    uuid?: string;
  }>;
  return {
    uuid: doc.uuid,
    name: doc.name ?? "",
    img: doc.img ?? "",
    type: doc.type,
    system: (doc.system ?? {}) as Record<string, unknown>,
    items: list.map((i): PlainItem & { uuid?: string } => ({
      id: i.id,
      name: i.name,
      type: i.type,
      system: (i.system ?? {}) as Record<string, unknown>,
      uuid: i.uuid,
    })),
    statuses: doc.statuses ? [...doc.statuses] : [],
    flags: ((doc.flags as Record<string, unknown> | undefined)?.omnibus ?? {}) as Record<string, unknown>,
    effects: actorEffects(doc as never),
  };
}

/** The current combat turn's key (src/rules/storytelling/table/defense/combat.ts): "" outside a started combat. */
export function currentTurn(): string {
  return turnKey((game as unknown as { combat?: { id?: string | null; round?: number | null; started?: boolean } | null }).combat);
}

export const isCharacter = (type: string) => type === "storytelling_character" || type === "storytelling_npc";

/** The user's character (or a controlled token's actor) for checks started from a vehicle or a world tracker. */
export function userCharacter(): DocLike | null {
  const controlled =
    (globalThis as { canvas?: { tokens?: { controlled?: Array<{ actor?: DocLike | null }> } } }).canvas?.tokens?.controlled ?? [];
  const fromToken = controlled.map((t) => t.actor).find((a) => a && isCharacter(a.type));
  return fromToken ?? (game.user as unknown as { character?: DocLike | null })?.character ?? null;
}

/** A built check with its Active Effects for the dialog (the pool already counts them, `commonMods`). */
function withEffects(buildRequest: (source: CheckSource) => KindRequest<CheckData> | null | Promise<KindRequest<CheckData> | null>) {
  return async (source: CheckSource): Promise<KindRequest<CheckData> | null> => {
    const request = await buildRequest(source);
    const data = request?.data;
    if (request && data?.effects) request.effects = storytellingCheckEffects(data);
    // Where it came from, so the GM can build it again (chat/verify.ts).
    if (request) request.source = { kind: source.kind, dataset: { ...source.dataset } };
    return request;
  };
}

function buildDrive(source: CheckSource): KindRequest<CheckData> | null {
  const options = worldOptions();
  const actorDoc = source.actor as unknown as DocLike | null;
  {
    const driver = userCharacter();
    if (!actorDoc || actorDoc.type !== "storytelling_vehicle" || !driver) {
      notify("warn", `${KEY}.Notice.NoDriver`);
      return null;
    }
    return driveRequest(snapshot(driver), snapshot(actorDoc), options);
  }
}

function buildExtended(source: CheckSource): KindRequest<CheckData> | null {
  const options = worldOptions();
  const actorDoc = source.actor as unknown as DocLike | null;
  const item = source.item as unknown as (DocLike & { parent?: DocLike | null }) | null | undefined;
  {
    if (!item) return null;
    const roller = actorDoc && isCharacter(actorDoc.type) ? actorDoc : userCharacter();
    if (!roller) {
      notify("warn", `${KEY}.Notice.NoCharacter`);
      return null;
    }
    return extendedRequest(
      snapshot(roller),
      { uuid: item.uuid, name: item.name ?? "", system: item.system as Record<string, unknown> },
      options,
      localize,
    );
  }
}

/** The character a check of its own is rolled by (null: it says there is none). */
function characterOf(source: CheckSource): ActorSnapshot | null {
  const actorDoc = source.actor as unknown as DocLike | null;
  if (!actorDoc || !isCharacter(actorDoc.type)) {
    notify("warn", `${KEY}.Notice.NoCharacter`);
    return null;
  }
  return snapshot(actorDoc);
}

function buildConsciousness(source: CheckSource): KindRequest<CheckData> | null {
  const actor = characterOf(source);
  return actor ? consciousnessRequest(actor, worldOptions()) : null;
}

async function buildAttack(source: CheckSource): Promise<KindRequest<CheckData> | null> {
  const options = worldOptions();
  const item = source.item as unknown as (DocLike & { parent?: DocLike | null }) | null | undefined;
  const actor = characterOf(source);
  if (!actor) return null;
  {
    const weaponItem = item ?? (source.dataset.itemId ? actor.items.find((i) => i.id === source.dataset.itemId) : undefined);
    const weapon =
      weaponItem && weaponItem.type === "storytelling_weapon"
        ? weaponData({ ...(weaponItem as PlainItem), uuid: (weaponItem as { uuid?: string }).uuid ?? null })
        : { ...UNARMED, name: localize(`${KEY}.Attack.Unarmed`) };
    const targets = [];
    const turn = currentTurn();
    for (const info of source.targets) {
      const doc = info.actorUuid ? await documentOf<DocLike>(info.actorUuid) : null;
      targets.push(attackTarget(info, doc ? snapshot(doc) : null, turn));
    }
    const request = attackRequest(actor, weapon, targets, options, turn);
    const traits = ATTACK_TRAITS[weapon.attackKind];
    request.subtitle = `${localize(`${KEY}.Attribute.${traits.attribute}`)} + ${localize(`${KEY}.Skill.${traits.skill}`)}`;
    return request;
  }
}

function buildPool(source: CheckSource): KindRequest<CheckData> | null {
  const options = worldOptions();
  const item = source.item as unknown as (DocLike & { parent?: DocLike | null }) | null | undefined;
  const actor = characterOf(source);
  if (!actor) return null;
  {
    const dataset = { ...source.dataset };
    if (item?.type === "storytelling_equipment")
      dataset.equipment = String(intOr((item.system as Record<string, unknown>).rating, 0, 0, 10));
    const first = source.targets[0];
    const opponent = first ? { actorUuid: first.actorUuid, name: first.name, img: first.img } : null;
    const request = poolRequest(actor, dataset, options, localize, opponent);
    if (dataset.equipment) request.values.equipment = Number(dataset.equipment);
    return request;
  }
}

function buildContest(source: CheckSource): KindRequest<CheckData> | null {
  const options = worldOptions();
  const actor = characterOf(source);
  if (!actor) return null;
  {
    const message = game.messages?.get(source.dataset.messageId ?? "") as ChatMessage.Implementation | undefined;
    if (!message) return null;
    const side = source.dataset.side === "0" ? 0 : 1;
    return contestRequest(
      actor,
      contestState(message).defaults,
      { messageId: message.id ?? "", side, stage: intOr(source.dataset.stage, 1, 1, 999) },
      options,
      localize,
    );
  }
}

/** A source of a kind the table lacks (an item of no rolling type): nothing to roll. */
function nothingToRoll(source: CheckSource): null {
  if (characterOf(source)) notify("warn", `${KEY}.Notice.NothingToRoll`);
  return null;
}

/** The kind an item rolls as, by its type. */
const ITEM_KINDS: Record<string, string> = {
  storytelling_weapon: "attack",
  storytelling_extended: "extended",
  storytelling_equipment: "pool",
};

function itemKind(source: CheckSource): string | null {
  const type = (source.item as unknown as DocLike | null | undefined)?.type;
  if (type && Object.hasOwn(ITEM_KINDS, type)) return ITEM_KINDS[type];
  return nothingToRoll(source);
}

/**
 * Rolls one pool with Foundry dice and resolves it (a rote chance roll may take two Rolls). An
 * advanced action (002:L480) rolls the pool twice and keeps the better by the pure rule
 * (`rollAdvancedAction` over both rolls' faces in order); every Roll goes on the message.
 */
async function rollOne(
  pool: number,
  values: CheckValues,
  options: StorytellingOptions,
  evaluate: { allowInteractive: boolean },
): Promise<{ rolls: StorytellingRoll[]; result: RollResult; other: RollResult | null }> {
  const spec = {
    pool,
    again: againOf(values),
    rote: values.rote === true,
    chanceDieUsesAgain: options.chanceDieUsesAgain,
    roteScope: options.roteScope ?? "allFailedDice",
  };
  const first = await rollStorytelling(spec, evaluate);
  if (values.advanced !== true) return { ...first, other: null };
  const second = await rollStorytelling(spec, evaluate);
  const dice = forcedDice([...first.result.dice, ...second.result.dice]);
  const advanced = rollAdvancedAction(pool, dice, {
    again: spec.again,
    rote: spec.rote,
    roteRerolls: spec.roteScope,
    chanceDieUsesAgainLevel: spec.chanceDieUsesAgain,
  });
  dice.assertExhausted();
  return {
    rolls: [...first.rolls, ...second.rolls],
    result: advanced.kept,
    other: advanced.kept === advanced.first ? advanced.second : advanced.first,
  };
}

/**
 * What one kind of check does differently inside the shared roll, odds and re-derivation (its entry
 * in `storytellingCheckKinds` carries it): its card's trait labels, its subtitle, per-target pools
 * (an attack), and what its pool's result adds to the card and the GM's re-derivation.
 */
interface KindDetails {
  /** The card's trait labels; default: the dialog's attribute and second trait. */
  labels?(data: CheckData): Record<string, string>;
  /** The card's subtitle is the dialog's pool ("Wits + Larceny"), not the request's. */
  poolSubtitle?: boolean;
  /** One pool per target: an attack's roll, odds and re-derivation. */
  perTarget?: boolean;
  /** What the pool's result adds: a card button, flags, the extended action's progress. */
  afterRoll?(data: CheckData, result: RollResult, card: CardRoll): { flags?: Record<string, unknown>; extended?: CardContext["extended"] };
  /** The re-derivation's own claims from the pool's result (the card's `extended`, `unconscious`). */
  claims?(data: CheckData, result: RollResult, state: Record<string, unknown>): { successes: number; dramaticFailure: boolean } | null;
}

const ATTACK: KindDetails = {
  perTarget: true,
  labels(data) {
    const t = ATTACK_TRAITS[(data.weapon ?? UNARMED).attackKind];
    return { attribute: `${KEY}.Attribute.${t.attribute}`, skill: `${KEY}.Skill.${t.skill}` };
  },
};
const CONSCIOUSNESS: KindDetails = {
  labels: () => ({ attribute: `${KEY}.Attribute.stamina` }),
  afterRoll(data, result, card) {
    if (result.successes !== 0) return {};
    card.buttons.push({ action: "markUnconscious", label: `${KEY}.Chat.MarkUnconscious`, icon: "fa-solid fa-bed", data: {} });
    return { flags: { unconscious: data.actor.uuid } };
  },
  claims(data, result, state) {
    expectClaim("unconscious", state.unconscious ?? null, result.successes === 0 ? data.actor.uuid : null);
    return null;
  },
};
const DRIVE: KindDetails = { labels: () => ({ attribute: `${KEY}.Attribute.dexterity`, skill: `${KEY}.Skill.drive` }) };
const EXTENDED: KindDetails = {
  poolSubtitle: true,
  afterRoll(data, result) {
    if (!data.extended) return {};
    const after = recordExtendedRoll(trackerState(data.extended), { successes: result.successes, dramaticFailure: result.dramaticFailure });
    return {
      extended: extendedProgress(after, result.dramaticFailure),
      flags: {
        extended: {
          item: data.extended.uuid,
          successes: result.successes,
          dramaticFailure: result.dramaticFailure,
          rollsMade: data.extended.rollsMade,
        },
      },
    };
  },
  claims: (data, result) => (data.extended ? { successes: result.successes, dramaticFailure: result.dramaticFailure } : null),
};
const POOL: KindDetails = { poolSubtitle: true };

function traitLabels(data: CheckData, values: CheckValues, details: KindDetails): Record<string, string> {
  if (details.labels) return details.labels(data);
  const [traitKind, trait] = String(values.second ?? "none").split(":");
  return {
    attribute: `${KEY}.Attribute.${String(values.attribute)}`,
    ...(traitKind === "skill" ? { skill: `${KEY}.Skill.${trait}` } : {}),
    ...(traitKind === "attribute" ? { secondAttribute: `${KEY}.Attribute.${trait}` } : {}),
  };
}

/** Spends the Willpower point a check declared (one per turn, 002:L420): one update of the actor. */
async function spendWillpower(data: CheckData): Promise<void> {
  const actor = await documentOf<{ update(d: Record<string, unknown>): Promise<unknown> }>(data.actor.uuid);
  await actor?.update({ "system.willpower.points": Math.max(0, data.willpowerPoints - 1), "system.willpower.spentThisTurn": true });
}

/** A pool check: opens a contest when the dialog asks for one, else one roll and its card. */
function rollPoolCheck(request: KindRequest<CheckData>, values: CheckValues, options: { rollMode: string }): Promise<unknown> {
  if (values.contest === "instant" || values.contest === "extended") return openContest(request, request.data, values, options.rollMode);
  return roll(request, values, options, POOL);
}

async function roll(
  request: KindRequest<CheckData>,
  values: CheckValues,
  { rollMode }: { rollMode: string },
  details: KindDetails,
): Promise<unknown> {
  const data = request.data;
  const rolls: StorytellingRoll[] = [];
  const cardRolls: CardRoll[] = [];
  const labels = traitLabels(data, values, details);
  let extended: CardContext["extended"] = null;
  let flags: Record<string, unknown> = { check: data.kind };
  let defended: Array<{ key: string; target: string }> = [];
  const damage: Record<string, { actorUuid: string; points: number; type: string }> = {};
  const knockout: Record<string, string> = {};
  if (details.perTarget) {
    const pools = attackPools(data, values);
    if (values.willpower === true) await spendWillpower(data);
    for (const [i, p] of pools.entries()) {
      if (!p.pool) {
        cardRolls.push(cardRoll(null, null, labels, { target: p.target, band: p.band }));
        continue;
      }
      const { rolls: dice, result, other } = await rollOne(p.pool.pool, values, data.options, evaluateOptions(rollMode));
      rolls.push(...dice);
      let points = damageOnTarget(result.successes, p.target);
      let cover: CoverRoll | null = null;
      if (p.fullCover) {
        // Full cover (WoD p.164; 002:L801): only the successes beyond its Durability go on, as a new pool minus armour.
        const through = throughCoverPool(result.successes, p.fullCover);
        if (through) {
          const second = await rollOne(through.pool, { again: values.again }, data.options, evaluateOptions(rollMode));
          rolls.push(...second.rolls);
          cover = { durability: p.fullCover.durability, excess: through.excess, armor: p.fullCover.armor, result: second.result };
          points = damageOnTarget(second.result.successes, p.target);
        } else {
          cover = { durability: p.fullCover.durability, excess: 0, armor: p.fullCover.armor, result: null };
          points = 0;
        }
      }
      const card = cardRoll(result, p.pool, labels, {
        target: p.target,
        band: p.band,
        damage: { points, type: p.pool.damageType },
        buttonKey: i,
        defense: p.defense,
        other,
        cover,
      });
      cardRolls.push(card);
      if (points > 0 && p.target?.actorUuid) damage[String(i)] = { actorUuid: p.target.actorUuid, points, type: p.pool.damageType };
      // A head blow doing damage ≥ the target's Size (WoD p.169): once the damage is applied, the
      // target's owner rolls Stamina from this card (actions.ts `knockoutRoll`, `recordKnockout`).
      if (knockoutOffered(p.target, values, points, p.pool.damageType)) {
        knockout[String(i)] = p.target!.actorUuid!;
        card.buttons.push({
          action: "knockoutRoll",
          label: `${KEY}.Knockout.Roll`,
          icon: "fa-solid fa-head-side-cough",
          data: { target: String(i) },
        });
      }
    }
    defended = pools.flatMap((p, i) => (p.defenseApplied && p.target?.actorUuid ? [{ key: String(i), target: p.target.actorUuid }] : []));
    if (values.allOutAttack === true) {
      // All-out attack: no Defense for the rest of the turn (WoD p.158); the round hook lifts it.
      const self = (await fromUuid(data.actor.uuid as never)) as unknown as {
        toggleStatusEffect?(id: string, o: { active: boolean }): Promise<unknown>;
      } | null;
      await self?.toggleStatusEffect?.("allOutAttack", { active: true });
    }
  } else {
    const pool = checkPool(data, values);
    if (values.willpower === true) await spendWillpower(data);
    const { rolls: dice, result, other } = await rollOne(pool.pool, values, data.options, evaluateOptions(rollMode));
    rolls.push(...dice);
    const card = cardRoll(result, pool, labels, { other });
    const added = details.afterRoll?.(data, result, card) ?? {};
    flags = { ...flags, ...added.flags };
    extended = added.extended ?? null;
    cardRolls.push(card);
  }
  const context: CardContext & Record<string, unknown> = {
    title: request.title,
    subtitle: details.poolSubtitle ? poolTitle(values, localize) : (request.subtitle ?? ""),
    img: data.actor.img,
    kindLabel: `${KEY}.Check.${data.kind}`,
    rolls: cardRolls,
    extended,
    willpowerSpent: values.willpower === true,
    notes: [],
  };
  flags = { ...flags, actor: data.actor.uuid, damage, defended, turn: data.turn ?? "", ...(details.perTarget ? { knockout } : {}) };
  const message = await postCard({
    template: CARD_TEMPLATE,
    context,
    actor: null,
    rolls: rolls as never,
    rollMode,
    flags,
    origin: cardOrigin(request, values),
  });
  // Record the roll on the tracker through the GM (from its record of the card); once.
  if (extended && message && data.extended) await requestChatAction(message, "recordExtended", null);
  // Each defender Defense applied to: one more attack this turn, a declared Willpower point used (through the GM).
  if (message) for (const d of defended) await requestChatAction(message, "defendedAttack", d.key);
  return message;
}

// ───────────────────────────── contests ─────────────────────────────

export const CONTEST_TEMPLATE = templatePath("storytelling/chat/contest-card");

/** The contest in a card state (the GM's record, or the message's flags for display). */
export function contestOf(state: Record<string, unknown>): ContestState {
  const contest = state[CONTEST_FLAG] as ContestState | undefined;
  if (!contest || !Array.isArray(contest.sides)) throw refused("WrongCard", "not a contest card");
  return structuredClone(contest);
}

export function contestState(message: ChatMessage.Implementation): ContestState {
  return contestOf(cardStateOf(message));
}

/** A card from its state (the plumbing re-renders recorded cards with it): the contest card; others are not amended. */
export function renderStorytellingCard(state: Record<string, unknown>): { template: string; context: Record<string, unknown> } | null {
  if (!state[CONTEST_FLAG]) return null;
  return { template: CONTEST_TEMPLATE, context: contestCardContext(contestOf(state), String(state.contestTitle ?? "")) as never };
}

/** Opens a contest: the first side's roll on a new contest card (002:L341, L351). */
async function openContest(request: KindRequest<CheckData>, data: CheckData, values: CheckValues, rollMode: string): Promise<unknown> {
  const pool = checkPool(data, values);
  const target = values.contest === "extended" ? intOr(values.contestTarget, 5, 1, 50) : null;
  if (values.willpower === true) await spendWillpower(data);
  const { rolls, result } = await rollOne(pool.pool, values, data.options, evaluateOptions(rollMode));
  const state = startContest({
    first: { name: data.actor.name, img: data.actor.img, actorUuid: data.actor.uuid, traits: poolTitle(values, localize) },
    firstRoll: contestRoll(result),
    second: { name: data.opponent?.name ?? "", img: data.opponent?.img ?? "", actorUuid: data.opponent?.actorUuid ?? null, traits: "" },
    target,
    dramaticFailure: data.options.contestDramaticFailure,
    defaults: { attribute: String(values.attribute), second: String(values.second ?? "none") },
  });
  return postCard({
    template: CONTEST_TEMPLATE,
    context: contestCardContext(state, request.title),
    actor: null,
    rolls: rolls as never,
    rollMode,
    flags: { check: "contest", [CONTEST_FLAG]: state, contestTitle: request.title },
  });
}

/**
 * A side's roll on an open contest card: sent to the GM as a response to the card (the GM re-derives
 * the pool), in the mode the side chose, kept whispered when the card is (compat.ts `responseMode`).
 */
async function rollContestSide(data: CheckData, values: CheckValues, fields: CheckRequest["fields"], rollMode: string): Promise<boolean> {
  const c = data.contest!;
  const message = game.messages?.get(c.messageId) as ChatMessage.Implementation | undefined;
  if (!message) return false;
  const pool = checkPool(data, values);
  if (values.willpower === true) await spendWillpower(data);
  const mode = responseMode(message as never, rollMode);
  const { rolls, result } = await rollOne(pool.pool, values, data.options, mode.evaluate);
  const actor = await documentOf<Actor.Implementation>(data.actor.uuid);
  const content = `<div class="omnibus omnibus-card omnibus-storytelling"><p>${poolTitle(values, localize)}: ${result.successes}</p></div>`;
  return postResponse(message, "recordContest", `${c.side}:${c.stage}`, {
    rolls: rolls as unknown as Roll[],
    choices: choicesOf(values, fields),
    content,
    actor,
    rollMode: mode.mode,
  });
}

export { trackerState };

/**
 * The dialog's lines (issue 14): the pool the roll will use, "N dice" and what it is made of
 * (attribute + skill + modifiers − penalties), live as options change — per target for an attack,
 * with the targets out of range named — after the exact odds.
 */
export function dialogOdds(request: KindRequest<CheckData>, values: CheckValues, details: KindDetails = POOL): OddsLine[] {
  const data = request.data;
  const labels = traitLabels(data, values, details);
  const madeOf = (pool: PoolBreakdown) =>
    cardParts(pool, labels)
      .map((p) => `${localize(p.label)} ${p.value}`)
      .join(" · ");
  const dice = (pool: PoolBreakdown) =>
    pool.chance ? localize(`${KEY}.Odds.ChanceDie`) : localize(`${KEY}.Odds.Dice`, { count: pool.pool });
  if (details.perTarget && (data.targets?.length ?? 0) > 0) {
    const facts: OddsLine[] = attackPools(data, values).map((p) =>
      p.pool
        ? {
            label: `${KEY}.Odds.Pool`,
            probability: 0,
            fact: true,
            detail: `${p.target?.name ?? ""}: ${madeOf(p.pool)}`,
            value: dice(p.pool),
          }
        : { label: `${KEY}.Odds.Pool`, probability: 0, fact: true, detail: p.target?.name ?? "", valueKey: `${KEY}.Range.outOfRange` },
    );
    return [...requestOdds(request, values), ...facts];
  }
  const pool = requestPool(request, values);
  return [
    ...requestOdds(request, values),
    { label: `${KEY}.Odds.Pool`, probability: 0, fact: true, detail: madeOf(pool), value: dice(pool) },
  ];
}

/**
 * The GM's re-derivation of a check or attack card (chat/verify.ts): the same pools `roll` plans,
 * each read from the card's next Roll (d10 only, every face used) by the pure rules, in `roll`'s
 * order (an advanced action's two rolls, a full cover's second pool); the damage per target and an
 * extended action's successes recomputed and compared with the card's claim.
 */
const rederiveWith = (details: KindDetails): CheckRederive<KindRequest<CheckData>> => ({
  covers(state) {
    return typeof state.check === "string" && state.check !== "contest" && typeof state.actor === "string";
  },
  check({ request, values, rolls, state }) {
    const data = request.data;
    if (data.kind !== state.check) throw new OmnibusError("diceMismatch", "not this kind of check", {});
    let next = 0;
    // The first pool's result, as `StorytellingRoll` resolves it (an advanced action's kept roll): a roll request's result.
    let first: RollResult | null = null;
    const readOne = (pool: number, vals: CheckValues): RollResult => {
      const spec = {
        again: againOf(vals),
        rote: vals.rote === true,
        roteRerolls: data.options.roteScope ?? "allFailedDice",
        chanceDieUsesAgainLevel: data.options.chanceDieUsesAgain,
      };
      const count = vals.advanced === true ? 2 : 1;
      const faces = rolls.slice(next, next + count).flatMap((r) => facesFromRoll(r as never));
      if (rolls.length < next + count || faces.some((f) => f.sides !== 10))
        throw new OmnibusError("diceMismatch", "the card's rolls are not this check's pools", {});
      next += count;
      const dice = forcedDice(faces.map((f) => f.face));
      const result =
        count === 2
          ? rollAdvancedAction(pool, dice, {
              again: spec.again,
              rote: spec.rote,
              roteRerolls: spec.roteRerolls,
              chanceDieUsesAgainLevel: spec.chanceDieUsesAgainLevel,
            }).kept
          : rollPool(pool, dice, spec);
      dice.assertExhausted();
      first ??= result;
      return result;
    };
    const damage: Record<string, { actorUuid: string; points: number; type: string }> = {};
    let extended: { successes: number; dramaticFailure: boolean } | null = null;
    const knockout: Record<string, string> = {};
    if (details.perTarget) {
      for (const [i, p] of attackPools(data, values).entries()) {
        if (!p.pool) continue;
        const result = readOne(p.pool.pool, values);
        let points = damageOnTarget(result.successes, p.target);
        if (p.fullCover) {
          const through = throughCoverPool(result.successes, p.fullCover);
          points = through ? damageOnTarget(readOne(through.pool, { again: values.again }).successes, p.target) : 0;
        }
        if (points > 0 && p.target?.actorUuid) damage[String(i)] = { actorUuid: p.target.actorUuid, points, type: p.pool.damageType };
        if (knockoutOffered(p.target, values, points, p.pool.damageType)) knockout[String(i)] = p.target!.actorUuid!;
      }
    } else {
      const result = readOne(checkPool(data, values).pool, values);
      extended = details.claims?.(data, result, state) ?? null;
    }
    if (next !== rolls.length) throw new OmnibusError("facesUnused", "the card has more rolls than its pools", {});
    expectClaim("damage", state.damage ?? {}, damage);
    if (details.perTarget) expectClaim("knockout", state.knockout ?? {}, knockout);
    const claimed = state.extended as { successes?: number; dramaticFailure?: boolean } | undefined;
    expectClaim("extended", claimed ? { successes: claimed.successes, dramaticFailure: claimed.dramaticFailure } : null, extended);
    expectClaim("actor", state.actor, data.actor.uuid);
    return first;
  },
});

/** One kind: its builder, the dialog's odds, its roll; the checks whose cards the GM re-derives. */
const kindEntry = (
  build: (source: CheckSource) => KindRequest<CheckData> | null | Promise<KindRequest<CheckData> | null>,
  details: KindDetails,
  rollKind: CheckKind<CheckData>["roll"] = (request, values, options) => roll(request, values, options, details),
): CheckKind<CheckData> => ({
  build: withEffects(build),
  odds: (request, values) => dialogOdds(request, values, details),
  roll: rollKind,
  rederive: rederiveWith(details),
});

/** The Storytelling kinds of check (by the sheet's `data-check`; an item rolls as the kind of its type). */
export const storytellingCheckKinds = {
  drive: kindEntry(buildDrive, DRIVE),
  extended: kindEntry(buildExtended, EXTENDED),
  consciousness: kindEntry(buildConsciousness, CONSCIOUSNESS),
  attack: kindEntry(buildAttack, ATTACK),
  pool: kindEntry(buildPool, POOL, rollPoolCheck),
  check: kindEntry(buildPool, POOL, rollPoolCheck),
  contest: kindEntry(buildContest, POOL, (request, values, { rollMode }) =>
    rollContestSide(request.data, values, request.fields, rollMode),
  ),
} satisfies CheckKinds;

export const storytellingChecks: CheckHandler = checksByKind({ kinds: storytellingCheckKinds, itemKind, unknown: nothingToRoll });

// ───────────────────────────── chat actions ─────────────────────────────

export async function docOf(uuid: string | undefined): Promise<DocLike> {
  if (!uuid) throw refused("DocumentGone", "no target");
  const doc = await documentOf<DocLike>(uuid);
  if (!doc) throw refused("DocumentGone", `no document ${uuid}`);
  return doc;
}

export type { RollResult };
