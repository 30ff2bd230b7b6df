/**
 * The Storytelling chat-card buttons (through the plumbing's one card layer, chat/actions.ts):
 * applying an attack's damage to its target, an extended action's next roll, a contest's sides and
 * rounds, marking a defender's Defense as used, unconsciousness, and a knockout blow's Stamina roll.
 * Each change is planned by the active GM from its record of the card. The check side is checks.ts.
 */
import { OmnibusError, refused } from "../../core/errors";
import {
  applyDamage as applyHealthDamage,
  healthStatus,
  knockoutCheckDue,
  knockoutOutcome,
  resolvePool,
  rollAdvancedAction,
  woundPenalty,
  type DamageType,
  type RollResult,
} from "../../rules/storytelling";
import { cardStateOf, isMarked, postResponse, userOwns, documentOf } from "../chat/actions";
import { markKey, recordOf } from "../chat/record";
import type { AppliedActionPayload } from "../chat/action-hooks";
import { responseMode } from "../compat";
import { rollStorytelling } from "./rolls";
import { knockOut } from "./timers";
import { facesFromRoll, valuesFromChoices } from "../chat/choices";
import { localize, notify } from "../i18n";
import type { ChatAction, ChatActionContext, DocumentChange, PlannedAction } from "../ruleset";
import {
  KEY,
  againOf,
  checkPool,
  contestRequest,
  extendedRecord,
  poolTitle,
  type ActorSnapshot,
} from "../../rules/storytelling/table/checks";
import { DEFENSE_FLAG, afterDefendedAttack, readDefenseTurn } from "../../rules/storytelling/table/defense/combat";
import { characterTraits, deriveCharacter, deriveVehicle } from "../../rules/storytelling/table/derive";
import {
  CONTEST_FLAG,
  addContestRoll,
  contestRoll,
  continueContest,
  nextStage,
  type ContestState,
} from "../../rules/storytelling/table/contest/cards";
import { runCheck } from "../checks";
import { contestOf, contestState, currentTurn, docOf, isCharacter, snapshot, userCharacter, type DocLike } from "./checks";
import { worldOptions } from "./settings";
import { forcedDice } from "../../core/dice";

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
  if (!m) throw refused("NotOnCard", "no such roll on this contest");
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
    if (stage === null) throw refused("NotSidesRoll", "it is not this side's roll");
    const uuid = state.sides[side].actorUuid;
    const actor = uuid ? await documentOf<Actor.Implementation>(uuid) : (userCharacter() as unknown as Actor.Implementation | null);
    if (!actor) {
      notify("warn", `${KEY}.Notice.NoCharacter`);
      return;
    }
    await runCheck({
      actor,
      kind: "contest",
      dataset: { messageId: message.id ?? "", side: String(side), stage: String(stage) },
      targets: [],
    });
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
    const speaker = ((context.response?.message as unknown as { speaker?: { actor?: string | null } })?.speaker?.actor ?? null) as
      string | null;
    const uuid = contest.sides[side].actorUuid ?? (speaker ? (speaker.includes(".") ? speaker : `Actor.${speaker}`) : null);
    const doc = uuid ? await documentOf<DocLike>(uuid) : null;
    if (!doc || !isCharacter(doc.type) || !userOwns(doc, context.user))
      throw refused(
        !doc ? "ActorGone" : !isCharacter(doc.type) ? "WrongRuleset" : "NotYourCharacter",
        "the roller has no character of theirs",
        { name: String(doc?.name ?? "") },
      );
    const options = worldOptions();
    const actor = snapshot(doc);
    const request = contestRequest(actor, contest.defaults, { messageId: context.message.id ?? "", side, stage }, options, localize);
    const values = valuesFromChoices(request.fields, request.values, context.response?.choices ?? {});
    const data = request.data;
    // A Willpower point for +3 dice must have been spent this turn (the roller spends it on their own character).
    if (values.willpower === true && ((actor.system.willpower ?? {}) as Record<string, unknown>).spentThisTurn !== true)
      throw refused("NoWillpowerSpent", "no Willpower point was spent");
    const pool = checkPool(data, values).pool;
    const rollOptions = {
      again: againOf(values),
      rote: values.rote === true,
      roteRerolls: options.roteScope,
      chanceDieUsesAgainLevel: options.chanceDieUsesAgain,
    };
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
    return {
      changes: [],
      state: { ...context.state, [CONTEST_FLAG]: next },
      summary: { key: `${KEY}.Contest.Recorded`, data: { name: actor.name, successes: result.successes } },
    };
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
  if (!isCharacter(target.type)) throw refused("NoHealthTrack", "this target has no Health track", { name: target.name });
  const d = deriveCharacter(target.system, target.items);
  const after = applyHealthDamage(d.track, points, type);
  return {
    uuid: target.uuid,
    update: {
      "system.healthTrack.aggravated": after.aggravated,
      "system.healthTrack.lethal": after.lethal,
      "system.healthTrack.bashing": after.bashing,
    },
    statuses: healthStatuses(woundPenalty(after), healthStatus(after)),
  };
}

type DamageEntry = { actorUuid: string; points: number; type: string };

const damageOf = (state: Record<string, unknown>) => (state.damage ?? {}) as Record<string, DamageEntry>;

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
    if (!entry) throw refused("NotOnCard", "no such target on this card");
    const type = entry.type;
    if (type !== "bashing" && type !== "lethal" && type !== "aggravated")
      throw new OmnibusError("badArgument", "damage type", { name: "type", value: String(type) });
    const points =
      override?.amount !== undefined ? override.amount : override?.factor ? Math.floor(entry.points * override.factor) : entry.points;
    if (!Number.isInteger(points) || points < 0 || points > 99)
      throw new OmnibusError("badArgument", "damage", { name: "damage", value: String(points) });
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
    return [{ uuid: doc.uuid, update: extendedRecord(doc.system as Record<string, unknown>, f ?? {}).update }];
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
    if (turn !== currentTurn()) throw refused("TurnOver", "the turn has moved on");
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

// ───────────────────────────── knockout (WoD p.169) ─────────────────────────────

/** The card's knockout blows: target key → the struck actor (checks.ts, re-derived by the GM). */
const knockoutOf = (state: Record<string, unknown>) => (state.knockout ?? {}) as Record<string, string>;

/** What the GM recorded of a knockout Stamina roll (the card's `knockoutRolls`, by target key). */
interface KnockoutRecord {
  actorUuid: string;
  damage: number;
  successes: number;
  conscious: boolean;
}

/** A GM, or an owner of the struck actor, rolls its Stamina. */
function ownsKnockedTarget({ state, user, target }: ChatActionContext): boolean {
  const uuid = knockoutOf(state)[target ?? ""];
  return typeof uuid === "string" && userOwns(uuid, user);
}

/** The knockout roll is open once the blow's damage is applied and until its roll is recorded. */
const knockoutOpen = (message: ChatMessage.Implementation, key: string) =>
  isMarked(message, "applyDamage", key) && !isMarked(message, "recordKnockout", key);

/**
 * The struck target's client: rolls the actor's Stamina alone (a reflexive roll; knockoutOutcome
 * in src/rules/storytelling/combat.ts) and sends it to the GM as a response to the attack card.
 */
const knockoutRollAction: ChatAction = {
  repeatable: true,
  visible(message, user) {
    const state = cardStateOf(message);
    return Object.entries(knockoutOf(state)).some(([key, uuid]) => knockoutOpen(message, key) && userOwns(uuid, user));
  },
  permitted: ownsKnockedTarget,
  async run({ message, state, target }) {
    const key = target ?? "";
    if (!isMarked(message, "applyDamage", key)) return notify("warn", `${KEY}.Knockout.DamageFirst`);
    if (isMarked(message, "recordKnockout", key)) return notify("warn", "OMNIBUS.Chat.AlreadyApplied");
    const doc = await docOf(knockoutOf(state)[key]);
    const stamina = characterTraits(doc.system as Record<string, unknown>).attributes.stamina;
    const mode = responseMode(message as never);
    const { rolls, result } = await rollStorytelling(
      { pool: stamina, again: 10, rote: false, chanceDieUsesAgain: worldOptions().chanceDieUsesAgain, roteScope: "allFailedDice" },
      mode.evaluate,
    );
    const content = `<div class="omnibus omnibus-card omnibus-storytelling"><p>${localize(`${KEY}.Knockout.Roll`)}: ${result.successes}</p></div>`;
    await postResponse(message, "recordKnockout", key, {
      rolls: rolls as unknown as Roll[],
      content,
      actor: doc as unknown as Actor.Implementation,
      rollMode: mode.mode,
    });
  },
};

/**
 * The GM's side of the knockout roll (WoD p.169): the damage as the GM applied it (its record's
 * applyDamage mark, with any ½/×2/amount), the actor's Size and Stamina from the actor itself, the
 * successes read from the responder's dice. Recorded once per target; on a failure the
 * `omnibus.applyAction` hook (onKnockoutRecorded) starts the knockout timer.
 */
const recordKnockoutAction: ChatAction = {
  visible: () => false,
  response: true,
  targets: (state) => Object.keys(knockoutOf(state)),
  permitted: ownsKnockedTarget,
  async plan({ message, state, target, response }): Promise<PlannedAction> {
    const key = target ?? "";
    const uuid = knockoutOf(state)[key];
    const mark = recordOf(message.id)?.marks[markKey("applyDamage", key)];
    const entry = ((state.damage ?? {}) as Record<string, DamageEntry>)[key];
    const onOthers = (mark?.override as { actors?: unknown } | null | undefined)?.actors;
    if (!mark || mark.status !== "done" || !entry || (Array.isArray(onOthers) && !onOthers.includes(uuid)))
      throw refused("DamageNotApplied", "the blow's damage is not applied to this target");
    const damage = Number(mark.summary?.data?.points);
    const doc = await docOf(uuid);
    if (!isCharacter(doc.type)) throw refused("WrongRuleset", "not a Storytelling character", { name: String(doc.name ?? "") });
    const traits = characterTraits(doc.system as Record<string, unknown>);
    const type = entry.type as DamageType;
    // The GM's own check: the damage applied may be less than the card's (halved).
    if (
      !Number.isInteger(damage) ||
      !knockoutCheckDue({ specifiedTarget: "head", damage, targetSize: Math.max(1, traits.size), damageType: type })
    )
      throw refused("NoKnockout", "this blow does not knock out", { name: String(doc.name ?? "") });
    const faces = (response?.rolls ?? []).flatMap((r) => facesFromRoll(r as never).map((f) => (f.sides === 10 ? f.face : 0)));
    const result = resolvePool(traits.attributes.stamina, faces, { again: 10, chanceDieUsesAgainLevel: worldOptions().chanceDieUsesAgain });
    const outcome = knockoutOutcome(result.successes, damage);
    const recorded: KnockoutRecord = { actorUuid: uuid, damage, successes: result.successes, conscious: outcome.conscious };
    const name = String(doc.name ?? "");
    return {
      changes: [],
      state: { ...state, knockoutRolls: { ...((state.knockoutRolls ?? {}) as Record<string, KnockoutRecord>), [key]: recorded } },
      summary: outcome.conscious
        ? { key: `${KEY}.Knockout.Conscious`, data: { name, successes: result.successes } }
        : { key: `${KEY}.Knockout.Out`, data: { name, turns: outcome.turns } },
    };
  },
};

/**
 * `omnibus.applyAction` on the active GM (the one client that applies): a recorded knockout roll
 * that failed knocks the actor out for turns equal to the damage (timers.ts `knockOut`).
 */
export async function onKnockoutRecorded(payload: AppliedActionPayload): Promise<boolean> {
  if (payload.ruleset !== "storytelling" || payload.action !== "recordKnockout" || payload.status !== "done") return false;
  const rolled = ((recordOf(payload.messageId)?.state.knockoutRolls ?? {}) as Record<string, KnockoutRecord>)[payload.target ?? ""];
  if (!rolled || rolled.conscious) return false;
  const actor = await documentOf<Parameters<typeof knockOut>[0]>(rolled.actorUuid);
  if (!actor) return false;
  await knockOut(actor, rolled.damage);
  return true;
}

export const storytellingChatActions: Record<string, ChatAction> = {
  knockoutRoll: knockoutRollAction,
  recordKnockout: recordKnockoutAction,
  applyDamage: applyDamageAction,
  recordExtended: recordExtendedAction,
  markUnconscious: markUnconsciousAction,
  defendedAttack: defendedAttackAction,
  contestRoll: contestRollAction,
  recordContest: recordContestAction,
  contestContinue: contestContinueAction,
};
