/**
 * The Storytelling check handler and chat actions (Foundry side). The pools, odds and card contexts
 * are the pure functions of check-logic.ts and card.ts; this module reads documents, spends
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
  woundPenalty,
  type DamageType,
  type ExtendedAction,
  type RollResult,
} from "../../rules/storytelling";
import { postCard } from "../chat/cards";
import { requestChatAction } from "../chat/actions";
import { localize, notify } from "../i18n";
import type { ChatAction, CheckHandler, CheckRequest, CheckSource, CheckValues, DocumentChange } from "../ruleset";
import { rulesetSetting } from "../settings";
import { templatePath } from "../templates/helpers";
import { cardRoll, extendedProgress, type CardContext, type CardRoll, type CoverRoll } from "./card";
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
  throughCoverPool,
  weaponData,
  type ActorSnapshot,
  type CheckData,
  type StorytellingOptions,
  storytellingCheckEffects,
} from "./check-logic";
import { actorEffects } from "../effects";
import { DEFENSE_FLAG, afterDefendedAttack, readDefenseTurn, turnKey } from "./defense";
import { deriveCharacter, deriveVehicle, intOr, type PlainItem } from "./derived";
import { rollStorytelling, type StorytellingRoll } from "./roll";
import { evaluateOptions, publicMode } from "../compat";
import { CONTEST_FLAG, addContestRoll, contestCardContext, contestRoll, continueContest, nextStage, startContest, type ContestState } from "./contest";
import { runCheck } from "../checks";
import { facesFromRoll } from "../dice/faces";

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

/** The current combat turn's key (defense.ts): "" outside a started combat. */
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
  if (data.kind === "contest") return rollContestSide(data, values);
  if (data.kind === "pool" && (values.contest === "instant" || values.contest === "extended")) return openContest(request, data, values, rollMode);
  const rolls: StorytellingRoll[] = [];
  const cardRolls: CardRoll[] = [];
  const labels = traitLabels(data, values);
  let extended: CardContext["extended"] = null;
  let flags: Record<string, unknown> = { check: data.kind };
  let defended: Array<{ key: string; target: string }> = [];
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
      card.buttons.push({ action: "markUnconscious", label: `${KEY}.Chat.MarkUnconscious`, icon: "fa-solid fa-bed", data: { target: data.actor.uuid } });
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
  const message = await postCard({ template: CARD_TEMPLATE, context, actor: null, rolls: rolls as never, rollMode, flags });
  if (extended && message && data.extended) {
    // Record the roll on the tracker through the plumbing: locally when the roller owns it, else by the GM; once.
    const f = flags.extended as Record<string, unknown>;
    await requestChatAction(message, "recordExtended", { item: data.extended.uuid, successes: String(f.successes), dramaticFailure: String(f.dramaticFailure), rollsMade: String(f.rollsMade) });
  }
  // Each defender Defense applied to: one more attack this turn, a declared Willpower point used (through the GM if need be).
  if (message) for (const d of defended) await requestChatAction(message, "defendedAttack", { ...d, turn: data.turn ?? "" });
  return message;
}

// ───────────────────────────── contests ─────────────────────────────

export const CONTEST_TEMPLATE = templatePath("storytelling/chat/contest-card");

export function contestState(message: ChatMessage.Implementation): ContestState {
  const state = (message.flags as Record<string, Record<string, unknown> | undefined>)?.omnibus?.[CONTEST_FLAG] as ContestState | undefined;
  if (!state) throw new OmnibusError("badArgument", "not a contest card", { name: "message", value: message.id ?? "" });
  return state;
}

async function renderContest(state: ContestState, title: string): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(CONTEST_TEMPLATE, { ...contestCardContext(state, title), ruleset: "storytelling" });
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

/** A side's roll on an open contest card, recorded on the card through the plumbing (the GM when need be). */
async function rollContestSide(data: CheckData, values: CheckValues): Promise<boolean> {
  const c = data.contest!;
  const message = game.messages?.get(c.messageId) as ChatMessage.Implementation | undefined;
  if (!message) return false;
  const pool = checkPool(data, values);
  if (values.willpower === true) await spendWillpower(data);
  const { rolls } = await rollOne(pool.pool, values, data.options);
  const dice3d = (game as unknown as { dice3d?: { showForRoll(roll: unknown, user: unknown, sync: boolean): Promise<unknown> } }).dice3d;
  for (const r of rolls) await dice3d?.showForRoll(r, game.user, true);
  return requestChatAction(message, "recordContest", {
    key: `${c.side}-${c.stage}`,
    side: String(c.side),
    stage: String(c.stage),
    pool: String(pool.pool),
    again: String(againOf(values)),
    rote: String(values.rote === true),
    advanced: String(values.advanced === true),
    rolls: JSON.stringify(rolls),
    actor: data.actor.uuid,
    name: data.actor.name,
    img: data.actor.img,
    traits: poolTitle(values, localize),
  });
}

function ownsActor(uuid: string | null | undefined, user: User.Implementation): boolean {
  if (user.isGM) return true;
  if (!uuid) return false;
  const actor = fromUuidSync(uuid as never) as unknown as { testUserPermission?(u: unknown, level: string): boolean; isOwner?: boolean } | null;
  return Boolean(actor?.testUserPermission?.(user, "OWNER"));
}

/** Who may roll a side: its actor's owners (or the GM); an open side 1, anyone with a character. */
function mayRollSide(state: ContestState, side: 0 | 1, user: User.Implementation): boolean {
  const uuid = state.sides[side].actorUuid;
  return uuid === null ? side === 1 : ownsActor(uuid, user);
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
  permitted({ message, user, payload }) {
    return mayRollSide(contestState(message), payload.side === "0" ? 0 : 1, user);
  },
  async run({ message, payload }) {
    const state = contestState(message);
    const side = payload.side === "0" ? 0 : 1;
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

/** Faces of serialized Rolls (their die terms' results, in order): the dice order contract. */
export function facesOfRolls(json: string): number[] {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new OmnibusError("badArgument", "the roll is not readable", { name: "rolls", value: "" });
  }
  if (!Array.isArray(data)) throw new OmnibusError("badArgument", "the roll is not readable", { name: "rolls", value: "" });
  return data.flatMap((roll) => {
    const terms = (roll as { terms?: unknown })?.terms;
    if (!Array.isArray(terms)) throw new OmnibusError("badArgument", "the roll has no dice", { name: "rolls", value: "" });
    return facesFromRoll({ dice: terms.filter((t) => Array.isArray((t as { results?: unknown }).results)) as never }).map((f) => f.face);
  });
}

const recordContestAction: ChatAction = {
  visible: () => false,
  permitted({ message, user, payload }) {
    const state = contestState(message);
    const side = payload.side === "0" ? 0 : 1;
    // An open side is taken by the roller's own character.
    return mayRollSide(state, side, user) && (state.sides[side].actorUuid !== null || ownsActor(payload.actor, user));
  },
  async plan({ message, payload }) {
    const state = contestState(message);
    const side = payload.side === "0" ? 0 : 1;
    const stage = intOr(payload.stage, 0, 0, 999);
    const pool = intOr(payload.pool, 1, -99, 99);
    // The faces must make the roll the payload claims (re-resolved here, on the GM).
    const world = worldOptions();
    const rollOptions = { again: againOf({ again: payload.again ?? "10" }), rote: payload.rote === "true", roteRerolls: world.roteScope, chanceDieUsesAgainLevel: world.chanceDieUsesAgain };
    const faces = facesOfRolls(payload.rolls ?? "");
    let result: RollResult;
    if (payload.advanced === "true") {
      // An advanced action: both rolls' faces, the better kept (002:L480).
      const dice = forcedDice(faces);
      result = rollAdvancedAction(pool, dice, rollOptions).kept;
      dice.assertExhausted();
    } else result = resolvePool(pool, faces, rollOptions);
    const who = { name: String(payload.name ?? "").slice(0, 200), img: String(payload.img ?? ""), actorUuid: payload.actor ?? null };
    const next = addContestRoll(state, side, stage, contestRoll(result), who);
    if (next.sides[side].traits === "") next.sides[side].traits = String(payload.traits ?? "").slice(0, 200);
    const title = String((message.flags as Record<string, Record<string, unknown> | undefined>)?.omnibus?.contestTitle ?? "");
    const sources = (message as unknown as { _source?: { rolls?: unknown[] } })._source?.rolls ?? (message as unknown as { rolls?: unknown[] }).rolls ?? [];
    const added = JSON.parse(payload.rolls ?? "[]") as unknown[];
    return [{
      uuid: message.uuid,
      update: {
        content: await renderContest(next, title),
        [`flags.omnibus.${CONTEST_FLAG}`]: next,
        rolls: [...(sources as unknown[]).map((r) => (typeof r === "string" ? r : JSON.stringify(r))), ...added.map((r) => JSON.stringify(r))],
      },
    }];
  },
};

/** The Storyteller lets a tied extended contest go on (002:L357): one message update. */
const contestContinueAction: ChatAction = {
  // A contest may tie again after going on: each tie may be continued (the state check refuses anything else).
  repeatable: true,
  visible: (_message, user) => user.isGM,
  permitted: ({ user }) => user.isGM,
  async plan({ message }) {
    const next = continueContest(contestState(message));
    const title = String((message.flags as Record<string, Record<string, unknown> | undefined>)?.omnibus?.contestTitle ?? "");
    return [{ uuid: message.uuid, update: { content: await renderContest(next, title), [`flags.omnibus.${CONTEST_FLAG}`]: next } }];
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

export const storytellingChecks: CheckHandler = {
  build,
  odds: requestOdds,
  roll,
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

const applyDamageAction: ChatAction = {
  async plan({ payload }) {
    const points = Number(payload.damage);
    if (!Number.isInteger(points) || points < 0 || points > 99) throw new OmnibusError("badArgument", "damage", { name: "damage", value: payload.damage ?? "" });
    const type = payload.type;
    if (type !== "bashing" && type !== "lethal" && type !== "aggravated") throw new OmnibusError("badArgument", "damage type", { name: "type", value: String(type) });
    return [planDamage(snapshot(await docOf(payload.target)), points, type)];
  },
};

const recordExtendedAction: ChatAction = {
  visible: () => false,
  async plan({ payload }) {
    const doc = await docOf(payload.item);
    const s = doc.system as Record<string, unknown>;
    const successes = Number(payload.successes);
    if (!Number.isInteger(successes) || successes < 0) throw new OmnibusError("badArgument", "successes", { name: "successes", value: payload.successes ?? "" });
    // The tracker must still be where the roll found it (a stale card records nothing).
    if (intOr(s.rollsMade, 0) !== Number(payload.rollsMade)) throw new OmnibusError("badArgument", "the tracker moved on", { name: "rollsMade", value: payload.rollsMade ?? "" });
    const state = trackerState({
      uuid: doc.uuid, name: doc.name ?? "", target: intOr(s.target, 10, 1), accumulated: intOr(s.accumulated, 0, 0), rollsMade: intOr(s.rollsMade, 0, 0),
      maxRolls: s.maxRolls === null || s.maxRolls === undefined ? null : intOr(s.maxRolls, 1, 1), attempt: intOr(s.attempt, 1, 1), status: String(s.status ?? "inProgress"),
      equipment: 0, modifier: 0,
      exceptionalRolls: Array.isArray(s.exceptionalRolls) ? (s.exceptionalRolls as number[]) : [],
      dramaticFailures: Array.isArray(s.dramaticFailures) ? (s.dramaticFailures as number[]) : [],
    });
    const after = recordExtendedRoll(state, { successes, dramaticFailure: payload.dramaticFailure === "true" });
    return [{ uuid: doc.uuid, update: { "system.accumulated": after.accumulated, "system.rollsMade": after.rollsMade, "system.status": after.status, "system.overshoot": after.overshoot, "system.exceptionalRolls": after.exceptionalRolls, "system.dramaticFailures": after.dramaticFailures } }];
  },
};

/** Records on the defender that Defense was applied against one more attack this turn (WoD p.157; 002:L428). */
const defendedAttackAction: ChatAction = {
  visible: () => false,
  async plan({ payload }) {
    const doc = await docOf(payload.target);
    const turn = payload.turn ?? "";
    // A card from an earlier turn (or another combat) changes nothing.
    if (turn !== currentTurn()) throw new OmnibusError("badArgument", "the turn has moved on", { name: "turn", value: turn });
    const raw = ((doc.flags as Record<string, Record<string, unknown>> | undefined)?.omnibus ?? {})[DEFENSE_FLAG];
    return [{ uuid: doc.uuid, update: { [`flags.omnibus.${DEFENSE_FLAG}`]: afterDefendedAttack(readDefenseTurn(raw, turn)) } }];
  },
};

const markUnconsciousAction: ChatAction = {
  async plan({ payload }) {
    const doc = await docOf(payload.target);
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
