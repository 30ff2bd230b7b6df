/**
 * The Storytelling check handler and chat actions (Foundry side). The pools, odds and card contexts
 * are the pure functions of src/rules/storytelling/table/checks.ts and src/rules/storytelling/table/cards.ts; this module reads documents, spends
 * Willpower, rolls StorytellingRolls and posts the card through the plumbing.
 */
import { forcedDice } from "../../core/dice";
import { OmnibusError } from "../../core/errors";
import {
  applyDamage as applyHealthDamage,
  healthStatus,
  recordExtendedRoll,
  resolvePool,
  rollAdvancedAction,
  rollPool,
  woundPenalty,
  type DamageType,
  type ExtendedAction,
  type RollResult,
} from "../../rules/storytelling";
import { cardOrigin, postCard } from "../chat/cards";
import { expectClaim } from "../chat/verify";
import { cardStateOf, postResponse, requestChatAction, userOwns } from "../chat/actions";
import { choicesOf, facesFromRoll, valuesFromChoices } from "../chat/choices";
import { localize, notify } from "../i18n";
import type { ChatAction, ChatActionContext, CheckHandler, CheckRequest, CheckSource, CheckValues, DocumentChange, OddsLine, PlannedAction } from "../ruleset";
import { rulesetSetting } from "../settings";
import { templatePath } from "../templates/helpers";
import { cardParts, cardRoll, extendedProgress, type CardContext, type CardRoll, type CoverRoll } from "../../rules/storytelling/table/cards";
import type { PoolBreakdown } from "../../rules/storytelling";
import {
  ATTACK_TRAITS,
  DEFAULT_OPTIONS,
  KEY,
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
  poolRequest,
  poolTitle,
  requestOdds,
  requestPool,
  throughCoverPool,
  weaponData,
  type ActorSnapshot,
  type CheckData,
  type StorytellingOptions,
  storytellingCheckEffects,
} from "../../rules/storytelling/table/checks";
import { actorEffects } from "../effects";
import { DEFENSE_FLAG, afterDefendedAttack, readDefenseTurn, turnKey } from "../../rules/storytelling/table/defense/combat";
import { deriveCharacter, deriveVehicle, intOr, type PlainItem } from "../../rules/storytelling/table/derive";
import { rollStorytelling, type StorytellingRoll } from "./rolls";
import { evaluateOptions, publicMode } from "../compat";
import { CONTEST_FLAG, addContestRoll, contestCardContext, contestRoll, continueContest, nextStage, startContest, type ContestState } from "../../rules/storytelling/table/contest/cards";
import { runCheck } from "../checks";

export const CARD_TEMPLATE = templatePath("storytelling/chat/roll-card");

/** The world's rules options (settings), with the digest's defaults when unset. */
export function worldOptions(): StorytellingOptions {
  const read = <T extends string | boolean>(key: string, fallback: T): T => {
    try {
      const v = rulesetSetting<T>("storytelling", key);
      return v === undefined || v === null ? fallback : v;
    } catch {
      return fallback;
    }
  };
  return {
    chanceDieUsesAgain: read("chanceDieUsesAgain", DEFAULT_OPTIONS.chanceDieUsesAgain),
    willpowerBeforeDodge: read("willpowerBeforeDodge", DEFAULT_OPTIONS.willpowerBeforeDodge),
    strengthShortfall: read<string>("strengthShortfall", DEFAULT_OPTIONS.strengthShortfall) === "perPoint" ? "perPoint" : "flat",
    successiveStep: read<string>("successiveStep", String(DEFAULT_OPTIONS.successiveStep)) === "2" ? 2 : 1,
    teamworkDramaticFailures: read<string>("teamworkDramaticFailures", DEFAULT_OPTIONS.teamworkDramaticFailures) === "once" ? "once" : "perHelper",
    contestDramaticFailure: read<string>("contestDramaticFailure", DEFAULT_OPTIONS.contestDramaticFailure) === "loses" ? "loses" : "opponentExceptional",
    roteScope: read<string>("roteScope", "allFailedDice") === "initialDice" ? "initialDice" : "allFailedDice",
  };
}

interface DocLike {
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
  const list = (Array.isArray(raw) ? raw : raw?.contents ?? []) as Array<{ id?: string; name?: string; type: string; system?: unknown; uuid?: string }>;
  return {
    uuid: doc.uuid,
    name: doc.name ?? "",
    img: doc.img ?? "",
    type: doc.type,
    system: (doc.system ?? {}) as Record<string, unknown>,
    items: list.map((i): PlainItem & { uuid?: string } => ({ id: i.id, name: i.name, type: i.type, system: (i.system ?? {}) as Record<string, unknown>, uuid: i.uuid })),
    statuses: doc.statuses ? [...doc.statuses] : [],
    flags: ((doc.flags as Record<string, unknown> | undefined)?.omnibus ?? {}) as Record<string, unknown>,
    effects: actorEffects(doc as never),
  };
}

/** The current combat turn's key (src/rules/storytelling/table/defense/combat.ts): "" outside a started combat. */
export function currentTurn(): string {
  return turnKey((game as unknown as { combat?: { id?: string | null; round?: number | null; started?: boolean } | null }).combat);
}

const isCharacter = (type: string) => type === "storytelling_character" || type === "storytelling_npc";

/** The user's character (or a controlled token's actor) for checks started from a vehicle or a world tracker. */
function userCharacter(): DocLike | null {
  const controlled = (globalThis as { canvas?: { tokens?: { controlled?: Array<{ actor?: DocLike | null }> } } }).canvas?.tokens?.controlled ?? [];
  const fromToken = controlled.map((t) => t.actor).find((a) => a && isCharacter(a.type));
  return fromToken ?? ((game.user as unknown as { character?: DocLike | null })?.character ?? null);
}

/** A built check with its Active Effects for the dialog (the pool already counts them, `commonMods`). */
async function build(source: CheckSource): Promise<CheckRequest | null> {
  const request = await buildRequest(source);
  const data = request?.data as unknown as CheckData | undefined;
  if (request && data?.effects) request.effects = storytellingCheckEffects(data);
  // Where it came from, so the GM can build it again (chat/verify.ts).
  if (request) request.source = { kind: source.kind, dataset: { ...source.dataset } };
  return request;
}

async function buildRequest(source: CheckSource): Promise<CheckRequest | null> {
  const options = worldOptions();
  const actorDoc = source.actor as unknown as DocLike | null;
  const item = source.item as unknown as (DocLike & { parent?: DocLike | null }) | null | undefined;
  const kind = source.kind === "item" && item ? itemKind(item.type) : source.kind;
  if (kind === "drive") {
    const driver = userCharacter();
    if (!actorDoc || actorDoc.type !== "storytelling_vehicle" || !driver) {
      notify("warn", `${KEY}.Notice.NoDriver`);
      return null;
    }
    return driveRequest(snapshot(driver), snapshot(actorDoc), options);
  }
  if (kind === "extended") {
    if (!item) return null;
    const roller = actorDoc && isCharacter(actorDoc.type) ? actorDoc : userCharacter();
    if (!roller) {
      notify("warn", `${KEY}.Notice.NoCharacter`);
      return null;
    }
    return extendedRequest(snapshot(roller), { uuid: item.uuid, name: item.name ?? "", system: item.system as Record<string, unknown> }, options, localize);
  }
  if (!actorDoc || !isCharacter(actorDoc.type)) {
    notify("warn", `${KEY}.Notice.NoCharacter`);
    return null;
  }
  const actor = snapshot(actorDoc);
  if (kind === "consciousness") return consciousnessRequest(actor, options);
  if (kind === "attack") {
    const weaponItem = item ?? (source.dataset.itemId ? actor.items.find((i) => i.id === source.dataset.itemId) : undefined);
    const weapon = weaponItem && weaponItem.type === "storytelling_weapon" ? weaponData({ ...(weaponItem as PlainItem), uuid: (weaponItem as { uuid?: string }).uuid ?? null }) : { ...UNARMED, name: localize(`${KEY}.Attack.Unarmed`) };
    const targets = [];
    const turn = currentTurn();
    for (const info of source.targets) {
      const doc = info.actorUuid ? ((await fromUuid(info.actorUuid as never)) as unknown as DocLike | null) : null;
      targets.push(attackTarget(info, doc ? snapshot(doc) : null, turn));
    }
    const request = attackRequest(actor, weapon, targets, options, turn);
    const traits = ATTACK_TRAITS[weapon.attackKind];
    request.subtitle = `${localize(`${KEY}.Attribute.${traits.attribute}`)} + ${localize(`${KEY}.Skill.${traits.skill}`)}`;
    return request;
  }
  if (kind === "pool" || kind === "check") {
    const dataset = { ...source.dataset };
    if (item?.type === "storytelling_equipment") dataset.equipment = String(intOr((item.system as Record<string, unknown>).rating, 0, 0, 10));
    const first = source.targets[0];
    const opponent = first ? { actorUuid: first.actorUuid, name: first.name, img: first.img } : null;
    const request = poolRequest(actor, dataset, options, localize, opponent);
    if (dataset.equipment) request.values.equipment = Number(dataset.equipment);
    return request;
  }
  if (kind === "contest") {
    const message = game.messages?.get(source.dataset.messageId ?? "") as ChatMessage.Implementation | undefined;
    if (!message) return null;
    const side = source.dataset.side === "0" ? 0 : 1;
    return contestRequest(actor, contestState(message).defaults, { messageId: message.id ?? "", side, stage: intOr(source.dataset.stage, 1, 1, 999) }, options, localize);
  }
  notify("warn", `${KEY}.Notice.NothingToRoll`);
  return null;
}

function itemKind(type: string): string {
  if (type === "storytelling_weapon") return "attack";
  if (type === "storytelling_extended") return "extended";
  if (type === "storytelling_equipment") return "pool";
  return "none";
}

/**
 * Rolls one pool with Foundry dice and resolves it (a rote chance roll may take two Rolls). An
 * advanced action (002:L480) rolls the pool twice and keeps the better by the pure rule
 * (`rollAdvancedAction` over both rolls' faces in order); every Roll goes on the message.
 */
async function rollOne(pool: number, values: CheckValues, options: StorytellingOptions, rollMode?: string): Promise<{ rolls: StorytellingRoll[]; result: RollResult; other: RollResult | null }> {
  const spec = { pool, again: againOf(values), rote: values.rote === true, chanceDieUsesAgain: options.chanceDieUsesAgain, roteScope: options.roteScope ?? "allFailedDice" };
  const evaluate = evaluateOptions(rollMode ?? publicMode());
  const first = await rollStorytelling(spec, evaluate);
  if (values.advanced !== true) return { ...first, other: null };
  const second = await rollStorytelling(spec, evaluate);
  const dice = forcedDice([...first.result.dice, ...second.result.dice]);
  const advanced = rollAdvancedAction(pool, dice, { again: spec.again, rote: spec.rote, roteRerolls: spec.roteScope, chanceDieUsesAgainLevel: spec.chanceDieUsesAgain });
  dice.assertExhausted();
  return { rolls: [...first.rolls, ...second.rolls], result: advanced.kept, other: advanced.kept === advanced.first ? advanced.second : advanced.first };
}

function traitLabels(data: CheckData, values: CheckValues): Record<string, string> {
  if (data.kind === "attack") {
    const t = ATTACK_TRAITS[(data.weapon ?? UNARMED).attackKind];
    return { attribute: `${KEY}.Attribute.${t.attribute}`, skill: `${KEY}.Skill.${t.skill}` };
  }
  if (data.kind === "consciousness") return { attribute: `${KEY}.Attribute.stamina` };
  if (data.kind === "drive") return { attribute: `${KEY}.Attribute.dexterity`, skill: `${KEY}.Skill.drive` };
  const [kind, trait] = String(values.second ?? "none").split(":");
  return {
    attribute: `${KEY}.Attribute.${String(values.attribute)}`,
    ...(kind === "skill" ? { skill: `${KEY}.Skill.${trait}` } : {}),
    ...(kind === "attribute" ? { secondAttribute: `${KEY}.Attribute.${trait}` } : {}),
  };
}

/** Spends the Willpower point a check declared (one per turn, 002:L420): one update of the actor. */
async function spendWillpower(data: CheckData): Promise<void> {
  const actor = (await fromUuid(data.actor.uuid as never)) as unknown as { update(d: Record<string, unknown>): Promise<unknown> } | null;
  await actor?.update({ "system.willpower.points": Math.max(0, data.willpowerPoints - 1), "system.willpower.spentThisTurn": true });
}

async function roll(request: CheckRequest, values: CheckValues, { rollMode }: { rollMode: string }): Promise<unknown> {
  const data = request.data as unknown as CheckData;
  if (data.kind === "contest") return rollContestSide(data, values, request.fields);
  if (data.kind === "pool" && (values.contest === "instant" || values.contest === "extended")) return openContest(request, data, values, rollMode);
  const rolls: StorytellingRoll[] = [];
  const cardRolls: CardRoll[] = [];
  const labels = traitLabels(data, values);
  let extended: CardContext["extended"] = null;
  let flags: Record<string, unknown> = { check: data.kind };
  let defended: Array<{ key: string; target: string }> = [];
  const damage: Record<string, { actorUuid: string; points: number; type: string }> = {};
  if (data.kind === "attack") {
    const pools = attackPools(data, values);
    if (values.willpower === true) await spendWillpower(data);
    for (const [i, p] of pools.entries()) {
      if (!p.pool) {
        cardRolls.push(cardRoll(null, null, labels, { target: p.target, band: p.band }));
        continue;
      }
      const { rolls: dice, result, other } = await rollOne(p.pool.pool, values, data.options, rollMode);
      rolls.push(...dice);
      let points = damageOnTarget(result.successes, p.target);
      let cover: CoverRoll | null = null;
      if (p.fullCover) {
        // Full cover (WoD p.164; 002:L801): only the successes beyond its Durability go on, as a new pool minus armour.
        const through = throughCoverPool(result.successes, p.fullCover);
        if (through) {
          const second = await rollOne(through.pool, { again: values.again }, data.options, rollMode);
          rolls.push(...second.rolls);
          cover = { durability: p.fullCover.durability, excess: through.excess, armor: p.fullCover.armor, result: second.result };
          points = damageOnTarget(second.result.successes, p.target);
        } else {
          cover = { durability: p.fullCover.durability, excess: 0, armor: p.fullCover.armor, result: null };
          points = 0;
        }
      }
      cardRolls.push(cardRoll(result, p.pool, labels, { target: p.target, band: p.band, damage: { points, type: p.pool.damageType }, buttonKey: i, defense: p.defense, other, cover }));
      if (points > 0 && p.target?.actorUuid) damage[String(i)] = { actorUuid: p.target.actorUuid, points, type: p.pool.damageType };
    }
    defended = pools.flatMap((p, i) => (p.defenseApplied && p.target?.actorUuid ? [{ key: String(i), target: p.target.actorUuid }] : []));
    if (values.allOutAttack === true) {
      // All-out attack: no Defense for the rest of the turn (WoD p.158); the round hook lifts it.
      const self = (await fromUuid(data.actor.uuid as never)) as unknown as { toggleStatusEffect?(id: string, o: { active: boolean }): Promise<unknown> } | null;
      await self?.toggleStatusEffect?.("allOutAttack", { active: true });
    }
  } else {
    const pool = checkPool(data, values);
    if (values.willpower === true) await spendWillpower(data);
    const { rolls: dice, result, other } = await rollOne(pool.pool, values, data.options, rollMode);
    rolls.push(...dice);
    const card = cardRoll(result, pool, labels, { other });
    if (data.kind === "consciousness" && result.successes === 0) {
      card.buttons.push({ action: "markUnconscious", label: `${KEY}.Chat.MarkUnconscious`, icon: "fa-solid fa-bed", data: {} });
      flags = { ...flags, unconscious: data.actor.uuid };
    }
    cardRolls.push(card);
    if (data.kind === "extended" && data.extended) {
      const after = recordExtendedRoll(trackerState(data.extended), { successes: result.successes, dramaticFailure: result.dramaticFailure });
      extended = extendedProgress(after, result.dramaticFailure);
      flags = { ...flags, extended: { item: data.extended.uuid, successes: result.successes, dramaticFailure: result.dramaticFailure, rollsMade: data.extended.rollsMade } };
    }
  }
  const context: CardContext & Record<string, unknown> = {
    title: request.title,
    subtitle: data.kind === "attack" ? request.subtitle ?? "" : data.kind === "pool" || data.kind === "extended" ? poolTitle(values, localize) : request.subtitle ?? "",
    img: data.actor.img,
    kindLabel: `${KEY}.Check.${data.kind}`,
    rolls: cardRolls,
    extended,
    willpowerSpent: values.willpower === true,
    notes: [],
  };
  flags = { ...flags, actor: data.actor.uuid, damage, defended, turn: data.turn ?? "" };
  const message = await postCard({ template: CARD_TEMPLATE, context, actor: null, rolls: rolls as never, rollMode, flags, origin: cardOrigin(request, values) });
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
  if (!contest || !Array.isArray(contest.sides)) throw new OmnibusError("badArgument", "not a contest card", { name: "message", value: "" });
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
async function openContest(request: CheckRequest, data: CheckData, values: CheckValues, rollMode: string): Promise<unknown> {
  const pool = checkPool(data, values);
  const target = values.contest === "extended" ? intOr(values.contestTarget, 5, 1, 50) : null;
  if (values.willpower === true) await spendWillpower(data);
  const { rolls, result } = await rollOne(pool.pool, values, data.options, rollMode);
  const state = startContest({
    first: { name: data.actor.name, img: data.actor.img, actorUuid: data.actor.uuid, traits: poolTitle(values, localize) },
    firstRoll: contestRoll(result),
    second: { name: data.opponent?.name ?? "", img: data.opponent?.img ?? "", actorUuid: data.opponent?.actorUuid ?? null, traits: "" },
    target,
    dramaticFailure: data.options.contestDramaticFailure,
    defaults: { attribute: String(values.attribute), second: String(values.second ?? "none") },
  });
  return postCard({ template: CONTEST_TEMPLATE, context: contestCardContext(state, request.title), actor: null, rolls: rolls as never, rollMode, flags: { check: "contest", [CONTEST_FLAG]: state, contestTitle: request.title } });
}

/** A side's roll on an open contest card: sent to the GM as a response to the card (the GM re-derives the pool). */
async function rollContestSide(data: CheckData, values: CheckValues, fields: CheckRequest["fields"]): Promise<boolean> {
  const c = data.contest!;
  const message = game.messages?.get(c.messageId) as ChatMessage.Implementation | undefined;
  if (!message) return false;
  const pool = checkPool(data, values);
  if (values.willpower === true) await spendWillpower(data);
  const { rolls, result } = await rollOne(pool.pool, values, data.options);
  const actor = (await fromUuid(data.actor.uuid as never)) as unknown as Actor.Implementation | null;
  const content = `<div class="omnibus omnibus-card omnibus-storytelling"><p>${poolTitle(values, localize)}: ${result.successes}</p></div>`;
  return postResponse(message, "recordContest", `${c.side}:${c.stage}`, { rolls: rolls as unknown as Roll[], choices: choicesOf(values, fields), content, actor });
}

/** Who may roll a side: its actor's owners (or the GM); an open side 1, anyone with a character. */
function mayRollSide(state: ContestState, side: 0 | 1, user: User.Implementation): boolean {
  const uuid = state.sides[side].actorUuid;
  return uuid === null ? side === 1 : userOwns(uuid, user);
}

/** The contest's open rolls as targets: "<side>:<stage>". */
function contestTargets(state: Record<string, unknown>): string[] {
  const contest = contestOf(state);
  return ([0, 1] as const).flatMap((side) => {
    const stage = nextStage(contest, side);
    return stage === null ? [] : [`${side}:${stage}`];
  });
}

function sideOf(target: string | null): { side: 0 | 1; stage: number } {
  const m = /^([01]):([1-9][0-9]{0,2})$/.exec(target ?? "");
  if (!m) throw new OmnibusError("badArgument", "no such roll on this contest", { name: "target", value: target ?? "" });
  return { side: m[1] === "0" ? 0 : 1, stage: Number(m[2]) };
}

const contestRollAction: ChatAction = {
  // The roll may be cancelled in the dialog: recording is once-only (recordContest), not the click.
  repeatable: true,
  visible(message, user) {
    try {
      const state = contestState(message);
      return ([0, 1] as const).some((side) => nextStage(state, side) !== null && mayRollSide(state, side, user));
    } catch {
      return false;
    }
  },
  permitted({ state, user, target }) {
    return mayRollSide(contestOf(state), target === "0" ? 0 : 1, user);
  },
  async run({ message, state: cardState, target }) {
    const state = contestOf(cardState);
    const side = target === "0" ? 0 : 1;
    const stage = nextStage(state, side);
    if (stage === null) throw new OmnibusError("badArgument", "it is not this side's roll", { name: "side", value: String(side) });
    const uuid = state.sides[side].actorUuid;
    const actor = uuid ? ((await fromUuid(uuid as never)) as unknown as Actor.Implementation | null) : (userCharacter() as unknown as Actor.Implementation | null);
    if (!actor) {
      notify("warn", `${KEY}.Notice.NoCharacter`);
      return;
    }
    await runCheck({ actor, kind: "contest", dataset: { messageId: message.id ?? "", side: String(side), stage: String(stage) }, targets: [] });
  },
};

/**
 * The GM's side of a contest roll: the side's actor (an open side: the responder's speaking
 * character, which they must own), its pool rebuilt from that actor, the card's defaults and the
 * responder's choices (read against the dialog's own fields); the faces of the responder's Rolls
 * resolved against that pool; the contest decided in the GM's record.
 */
const recordContestAction: ChatAction = {
  visible: () => false,
  response: true,
  targets: contestTargets,
  permitted({ state, user, target }) {
    return mayRollSide(contestOf(state), sideOf(target).side, user);
  },
  async plan(context): Promise<PlannedAction> {
    const contest = contestOf(context.state);
    const { side, stage } = sideOf(context.target);
    const speaker = ((context.response?.message as unknown as { speaker?: { actor?: string | null } })?.speaker?.actor ?? null) as string | null;
    const uuid = contest.sides[side].actorUuid ?? (speaker ? (speaker.includes(".") ? speaker : `Actor.${speaker}`) : null);
    const doc = uuid ? ((await fromUuid(uuid as never)) as unknown as DocLike | null) : null;
    if (!doc || !isCharacter(doc.type) || !userOwns(doc, context.user)) throw new OmnibusError("badArgument", "the roller has no character of theirs", { name: "actor", value: uuid ?? "" });
    const options = worldOptions();
    const actor = snapshot(doc);
    const request = contestRequest(actor, contest.defaults, { messageId: context.message.id ?? "", side, stage }, options, localize);
    const values = valuesFromChoices(request.fields, request.values, context.response?.choices ?? {});
    const data = request.data as unknown as CheckData;
    // A Willpower point for +3 dice must have been spent this turn (the roller spends it on their own character).
    if (values.willpower === true && ((actor.system.willpower ?? {}) as Record<string, unknown>).spentThisTurn !== true) throw new OmnibusError("badArgument", "no Willpower point was spent", { name: "willpower", value: "true" });
    const pool = checkPool(data, values).pool;
    const rollOptions = { again: againOf(values), rote: values.rote === true, roteRerolls: options.roteScope, chanceDieUsesAgainLevel: options.chanceDieUsesAgain };
    const faces = (context.response?.rolls ?? []).flatMap((r) => facesFromRoll(r as never).map((f) => (f.sides === 10 ? f.face : 0)));
    let result: RollResult;
    if (values.advanced === true) {
      // An advanced action: both rolls' faces, the better kept (002:L480).
      const dice = forcedDice(faces);
      result = rollAdvancedAction(pool, dice, rollOptions).kept;
      dice.assertExhausted();
    } else result = resolvePool(pool, faces, rollOptions);
    const who = { name: actor.name.slice(0, 200), img: actor.img, actorUuid: actor.uuid };
    const next = addContestRoll(contest, side, stage, contestRoll(result), who);
    if (next.sides[side].traits === "") next.sides[side].traits = poolTitle(values, localize).slice(0, 200);
    return { changes: [], state: { ...context.state, [CONTEST_FLAG]: next }, summary: { key: `${KEY}.Contest.Recorded`, data: { name: actor.name, successes: result.successes } } };
  },
};

/** The Storyteller lets a tied extended contest go on (002:L357): one message update. */
const contestContinueAction: ChatAction = {
  // A contest may tie again after going on: each tie may be continued (the state check refuses anything else).
  repeatable: true,
  visible: (_message, user) => user.isGM,
  permitted: ({ user }) => user.isGM,
  async plan({ state }): Promise<PlannedAction> {
    const next = continueContest(contestOf(state));
    return { changes: [], state: { ...state, [CONTEST_FLAG]: next }, summary: { key: `${KEY}.Contest.Continue` } };
  },
};

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
 * The dialog's lines (issue 14): the pool the roll will use, "N dice" and what it is made of
 * (attribute + skill + modifiers − penalties), live as options change — per target for an attack,
 * with the targets out of range named — after the exact odds.
 */
export function dialogOdds(request: CheckRequest, values: CheckValues): OddsLine[] {
  const data = request.data as unknown as CheckData;
  const labels = traitLabels(data, values);
  const madeOf = (pool: PoolBreakdown) => cardParts(pool, labels).map((p) => `${localize(p.label)} ${p.value}`).join(" · ");
  const dice = (pool: PoolBreakdown) => (pool.chance ? localize(`${KEY}.Odds.ChanceDie`) : localize(`${KEY}.Odds.Dice`, { count: pool.pool }));
  if (data.kind === "attack" && (data.targets?.length ?? 0) > 0) {
    const facts: OddsLine[] = attackPools(data, values).map((p) =>
      p.pool
        ? { label: `${KEY}.Odds.Pool`, probability: 0, fact: true, detail: `${p.target?.name ?? ""}: ${madeOf(p.pool)}`, value: dice(p.pool) }
        : { label: `${KEY}.Odds.Pool`, probability: 0, fact: true, detail: p.target?.name ?? "", valueKey: `${KEY}.Range.outOfRange` },
    );
    return [...requestOdds(request, values), ...facts];
  }
  const pool = requestPool(request, values);
  return [...requestOdds(request, values), { label: `${KEY}.Odds.Pool`, probability: 0, fact: true, detail: madeOf(pool), value: dice(pool) }];
}

/**
 * The GM's re-derivation of a check or attack card (chat/verify.ts): the same pools `roll` plans,
 * each read from the card's next Roll (d10 only, every face used) by the pure rules, in `roll`'s
 * order (an advanced action's two rolls, a full cover's second pool); the damage per target and an
 * extended action's successes recomputed and compared with the card's claim.
 */
const rederive: NonNullable<CheckHandler["rederive"]> = {
  covers(state) {
    return typeof state.check === "string" && state.check !== "contest" && typeof state.actor === "string";
  },
  check({ request, values, rolls, state }) {
    const data = request.data as unknown as CheckData;
    if (data.kind !== state.check) throw new OmnibusError("diceMismatch", "not this kind of check", {});
    let next = 0;
    const readOne = (pool: number, vals: CheckValues): RollResult => {
      const spec = { again: againOf(vals), rote: vals.rote === true, roteRerolls: data.options.roteScope ?? "allFailedDice", chanceDieUsesAgainLevel: data.options.chanceDieUsesAgain };
      const count = vals.advanced === true ? 2 : 1;
      const faces = rolls.slice(next, next + count).flatMap((r) => facesFromRoll(r as never));
      if (rolls.length < next + count || faces.some((f) => f.sides !== 10)) throw new OmnibusError("diceMismatch", "the card's rolls are not this check's pools", {});
      next += count;
      const dice = forcedDice(faces.map((f) => f.face));
      const result = count === 2 ? rollAdvancedAction(pool, dice, { again: spec.again, rote: spec.rote, roteRerolls: spec.roteRerolls, chanceDieUsesAgainLevel: spec.chanceDieUsesAgainLevel }).kept : rollPool(pool, dice, spec);
      dice.assertExhausted();
      return result;
    };
    const damage: Record<string, { actorUuid: string; points: number; type: string }> = {};
    let extended: { successes: number; dramaticFailure: boolean } | null = null;
    if (data.kind === "attack") {
      for (const [i, p] of attackPools(data, values).entries()) {
        if (!p.pool) continue;
        const result = readOne(p.pool.pool, values);
        let points = damageOnTarget(result.successes, p.target);
        if (p.fullCover) {
          const through = throughCoverPool(result.successes, p.fullCover);
          points = through ? damageOnTarget(readOne(through.pool, { again: values.again }).successes, p.target) : 0;
        }
        if (points > 0 && p.target?.actorUuid) damage[String(i)] = { actorUuid: p.target.actorUuid, points, type: p.pool.damageType };
      }
    } else {
      const result = readOne(checkPool(data, values).pool, values);
      if (data.kind === "extended" && data.extended) extended = { successes: result.successes, dramaticFailure: result.dramaticFailure };
      if (data.kind === "consciousness") expectClaim("unconscious", state.unconscious ?? null, result.successes === 0 ? data.actor.uuid : null);
    }
    if (next !== rolls.length) throw new OmnibusError("facesUnused", "the card has more rolls than its pools", {});
    expectClaim("damage", state.damage ?? {}, damage);
    const claimed = state.extended as { successes?: number; dramaticFailure?: boolean } | undefined;
    expectClaim("extended", claimed ? { successes: claimed.successes, dramaticFailure: claimed.dramaticFailure } : null, extended);
    expectClaim("actor", state.actor, data.actor.uuid);
  },
};

export const storytellingChecks: CheckHandler = {
  build,
  odds: dialogOdds,
  roll,
  rederive,
};

// ───────────────────────────── chat actions ─────────────────────────────

async function docOf(uuid: string | undefined): Promise<DocLike> {
  if (!uuid) throw new OmnibusError("badArgument", "no target", { name: "target", value: "" });
  const doc = (await fromUuid(uuid as never)) as unknown as DocLike | null;
  if (!doc) throw new OmnibusError("badArgument", `no document ${uuid}`, { name: "target", value: uuid });
  return doc;
}

/** The statuses a Health track sets: wound penalty, last-box states, death (WoD pp.173–175). */
export function healthStatuses(penalty: number, status: string): Record<string, boolean> {
  return {
    wounded1: penalty === -1,
    wounded2: penalty === -2,
    wounded3: penalty === -3,
    unconsciousRisk: status === "unconscious_risk",
    dying: status === "dying",
    dead: status === "dead",
  };
}

/** Marks damage on a target's Health track (or a vehicle's Structure) in one update, with its statuses. */
export function planDamage(target: ActorSnapshot, points: number, type: DamageType): DocumentChange {
  if (target.type === "storytelling_vehicle") {
    const v = deriveVehicle(target.system);
    const damage = Math.min(v.structure, v.damage + points);
    return { uuid: target.uuid, update: { "system.damage": damage } };
  }
  if (!isCharacter(target.type)) throw new OmnibusError("badArgument", "this target has no Health track", { name: "target", value: target.name });
  const d = deriveCharacter(target.system, target.items);
  const after = applyHealthDamage(d.track, points, type);
  return {
    uuid: target.uuid,
    update: { "system.healthTrack.aggravated": after.aggravated, "system.healthTrack.lethal": after.lethal, "system.healthTrack.bashing": after.bashing },
    statuses: healthStatuses(woundPenalty(after), healthStatus(after)),
  };
}

type DamageEntry = { actorUuid: string; points: number; type: string };
const damageOf = (state: Record<string, unknown>) => ((state.damage ?? {}) as Record<string, DamageEntry>);

/** The card's author, when they own the acting character (or a GM): checked on the GM from its record. */
function authorActs({ user, authorId, state }: ChatActionContext): boolean {
  if (user.isGM) return true;
  return authorId === user.id && typeof state.actor === "string" && userOwns(state.actor, user);
}

/** Marks damage from the GM's record of the attack card (never from the click). The GM may halve, double, set it, or pick the selected tokens. */
const applyDamageAction: ChatAction = {
  targets: (state) => Object.keys(damageOf(state)),
  permitted: authorActs,
  overridable: true,
  async plan({ state, target, override }): Promise<PlannedAction> {
    const entry = damageOf(state)[target ?? ""];
    if (!entry) throw new OmnibusError("badArgument", "no such target on this card", { name: "target", value: target ?? "" });
    const type = entry.type;
    if (type !== "bashing" && type !== "lethal" && type !== "aggravated") throw new OmnibusError("badArgument", "damage type", { name: "type", value: String(type) });
    const points = override?.amount !== undefined ? override.amount : override?.factor ? Math.floor(entry.points * override.factor) : entry.points;
    if (!Number.isInteger(points) || points < 0 || points > 99) throw new OmnibusError("badArgument", "damage", { name: "damage", value: String(points) });
    const changes: DocumentChange[] = [];
    for (const uuid of override?.actors ?? [entry.actorUuid]) changes.push(planDamage(snapshot(await docOf(uuid)), points, type));
    return { changes, summary: { key: `${KEY}.Chat.AppliedDamage`, data: { points, type: localize(`${KEY}.Damage.${type}`) } } };
  },
};

/** Records an extended roll on its tracker, from the GM's record of the card; the roller must own the tracker. */
const recordExtendedAction: ChatAction = {
  visible: () => false,
  permitted({ user, authorId, state }) {
    const item = (state.extended as { item?: string } | undefined)?.item;
    return user.isGM || (authorId === user.id && Boolean(item) && userOwns(item!, user));
  },
  async plan({ state }) {
    const f = state.extended as { item?: string; successes?: number; dramaticFailure?: boolean; rollsMade?: number } | undefined;
    const doc = await docOf(f?.item);
    const s = doc.system as Record<string, unknown>;
    const successes = Number(f?.successes);
    if (!Number.isInteger(successes) || successes < 0 || successes > 99) throw new OmnibusError("badArgument", "successes", { name: "successes", value: String(f?.successes ?? "") });
    // The tracker must still be where the roll found it (a stale card records nothing).
    if (intOr(s.rollsMade, 0) !== Number(f?.rollsMade)) throw new OmnibusError("badArgument", "the tracker moved on", { name: "rollsMade", value: String(f?.rollsMade ?? "") });
    const tracker = trackerState({
      uuid: doc.uuid, name: doc.name ?? "", target: intOr(s.target, 10, 1), accumulated: intOr(s.accumulated, 0, 0), rollsMade: intOr(s.rollsMade, 0, 0),
      maxRolls: s.maxRolls === null || s.maxRolls === undefined ? null : intOr(s.maxRolls, 1, 1), attempt: intOr(s.attempt, 1, 1), status: String(s.status ?? "inProgress"),
      equipment: 0, modifier: 0,
      exceptionalRolls: Array.isArray(s.exceptionalRolls) ? (s.exceptionalRolls as number[]) : [],
      dramaticFailures: Array.isArray(s.dramaticFailures) ? (s.dramaticFailures as number[]) : [],
    });
    const after = recordExtendedRoll(tracker, { successes, dramaticFailure: f?.dramaticFailure === true });
    return [{ uuid: doc.uuid, update: { "system.accumulated": after.accumulated, "system.rollsMade": after.rollsMade, "system.status": after.status, "system.overshoot": after.overshoot, "system.exceptionalRolls": after.exceptionalRolls, "system.dramaticFailures": after.dramaticFailures } }];
  },
};

/** Records on the defender that Defense was applied against one more attack this turn (WoD p.157; 002:L428). */
const defendedAttackAction: ChatAction = {
  visible: () => false,
  targets: (state) => (Array.isArray(state.defended) ? (state.defended as Array<{ key: string }>).map((d) => d.key) : []),
  permitted: authorActs,
  async plan({ state, target }) {
    const entry = (state.defended as Array<{ key: string; target: string }>).find((d) => d.key === target);
    const doc = await docOf(entry?.target);
    const turn = String(state.turn ?? "");
    // A card from an earlier turn (or another combat) changes nothing.
    if (turn !== currentTurn()) throw new OmnibusError("badArgument", "the turn has moved on", { name: "turn", value: turn });
    const raw = ((doc.flags as Record<string, Record<string, unknown>> | undefined)?.omnibus ?? {})[DEFENSE_FLAG];
    return [{ uuid: doc.uuid, update: { [`flags.omnibus.${DEFENSE_FLAG}`]: afterDefendedAttack(readDefenseTurn(raw, turn)) } }];
  },
};

/** A failed consciousness roll: the roller's own character falls unconscious (from the GM's record of the card). */
const markUnconsciousAction: ChatAction = {
  permitted({ user, authorId, state }) {
    return user.isGM || (authorId === user.id && typeof state.unconscious === "string" && userOwns(state.unconscious, user));
  },
  async plan({ state }) {
    const doc = await docOf(typeof state.unconscious === "string" ? state.unconscious : undefined);
    return [{ uuid: doc.uuid, statuses: { unconscious: true } }];
  },
};

export const storytellingChatActions: Record<string, ChatAction> = {
  applyDamage: applyDamageAction,
  recordExtended: recordExtendedAction,
  markUnconscious: markUnconsciousAction,
  defendedAttack: defendedAttackAction,
  contestRoll: contestRollAction,
  recordContest: recordContestAction,
  contestContinue: contestContinueAction,
};

export type { RollResult };
