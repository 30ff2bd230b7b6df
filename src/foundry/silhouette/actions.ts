/**
 * The Silhouette chat-card buttons:
 *  - `defend` (local): the defender's owner (or the GM) opens the defense roll for one strike;
 *  - `recordDefense` (planned): writes that defense into the same card and decides the strike —
 *    the message change goes through the GM when the defender does not own the message;
 *  - `applyDamage` (planned): the hit's damage → a wound on the target (one update: wounds and the
 *    wound statuses) and the applied wound on the card; once per strike;
 *  - `applyFall` (planned): a fall's damage → a wound on the one who fell (armour does not absorb
 *    a fall; the damage rounded to the nearest point, the seed gives no rounding, E28); once per card.
 */
import { refused } from "../../core/errors";
import { readCheckFaces, type WoundLevel } from "../../rules/silhouette/index";
import { cardStateOf, documentOf, userOwns } from "../chat/actions";
import { facesFromRoll, valuesFromChoices } from "../chat/choices";
import { runCheck } from "../checks";
import type { ChatAction, ChatActionContext, PlannedAction } from "../ruleset";
import {
  fallWoundOf,
  findStrike,
  summarize,
  withDefense,
  woundChange,
  woundOfHit,
  woundStatuses,
  type CardState,
} from "../../rules/silhouette/table/cards";
import { CARD_FLAG, buildDefenseFor, derivedOf, type ActorLike } from "./checks";
import { planDefense } from "../../rules/silhouette/table/checks";
import { silhouetteOptions } from "./settings";

/** The Silhouette card in a card state (the GM's record, or the message's flags for display). */
export function cardState(state: Record<string, unknown>): CardState {
  const card = state[CARD_FLAG] as CardState | undefined;
  if (!card || card.version !== 1) throw refused("WrongCard", "not a Silhouette card");
  return structuredClone(card);
}

function strikeTarget(context: ChatActionContext) {
  return findStrike(cardState(context.state), context.target ?? "");
}

const strikeKeys = (state: Record<string, unknown>) => (cardState(state).attack?.targets ?? []).flatMap((t) => t.strikes.map((s) => s.key));

export const defend: ChatAction = {
  // The roll may be cancelled in the dialog: recording is once-only (recordDefense), not the click.
  repeatable: true,
  visible(message, user) {
    try {
      return user.isGM || (cardState(cardStateOf(message)).attack?.targets ?? []).some((t) => userOwns(t.actorUuid, user));
    } catch {
      return false;
    }
  },
  permitted(context) {
    const { target } = strikeTarget(context);
    return userOwns(target.actorUuid, context.user);
  },
  async run(context) {
    const { target, strike } = strikeTarget(context);
    if (strike.outcome) throw refused("StrikeDecided", "this strike is already decided");
    const actor = await documentOf<Actor.Implementation>(target.actorUuid);
    if (!actor) throw refused("TargetGone", "the target has no actor", { name: target.name });
    await runCheck({ actor, kind: "defense", dataset: { messageId: context.message.id ?? "", strikeKey: strike.key }, targets: [] });
  },
};

/**
 * The GM's side of a defense: the dialog rebuilt from the defender's actor and the GM's record of
 * the card, the responder's choices read against its fields, the pool and modifiers planned from
 * them, the faces of the responder's roll read against that pool; the strike decided in the record.
 */
export const recordDefense: ChatAction = {
  response: true,
  visible: () => false,
  targets: strikeKeys,
  permitted(context) {
    const { target } = strikeTarget(context);
    return userOwns(target.actorUuid, context.user);
  },
  async plan(context): Promise<PlannedAction> {
    const state = cardState(context.state);
    const { target, strike } = findStrike(state, context.target ?? "");
    const actor = await documentOf<ActorLike>(target.actorUuid);
    if (!actor) throw refused("TargetGone", "the target has no actor", { name: target.name });
    const options = silhouetteOptions();
    const request = buildDefenseFor(actor, state, strike.key);
    const values = valuesFromChoices(request.fields, request.values, context.response?.choices ?? {});
    const plan = planDefense(request, values, options.severalAttackersReading);
    const faces = (context.response?.rolls ?? []).flatMap((r) => facesFromRoll(r as never).map((f) => f.face));
    const roll = readCheckFaces({ dice: plan.dice, untrained: plan.untrained, modifier: plan.modifier }, faces, options.check);
    const next = withDefense(
      state,
      strike.key,
      { ...summarize(roll), skill: plan.skill, lines: plan.lines, defenderName: String((actor as { name?: string }).name ?? "") },
      options,
    );
    return {
      changes: [],
      state: { ...context.state, [CARD_FLAG]: next },
      summary: { key: "OMNIBUS.Silhouette.Card.DefenseRecorded", data: { name: target.name, total: roll.total } },
    };
  },
};

export { woundStatuses };

/** The wound a hit inflicts on an actor: armour first (a setting), then the Stamina thresholds (digest §12). */
export function woundOf(actor: ActorLike, damage: number, calledShot: string): { wound: WoundLevel; damage: number; armour: number } {
  return woundOfHit(actor, derivedOf(actor).armour, damage, calledShot, silhouetteOptions());
}

export const applyDamage: ChatAction = {
  targets: strikeKeys,
  overridable: true,
  async plan(context): Promise<PlannedAction> {
    const state = cardState(context.state);
    const { target, strike } = findStrike(state, context.target ?? "");
    if (!strike.outcome?.hit || strike.outcome.damage <= 0) throw refused("NoStrikeDamage", "this strike did no damage");
    if (!target.actorUuid) throw refused("TargetGone", "the target has no actor", { name: target.name });
    // The GM's hand: ½, ×2 or a custom amount of damage, or the selected tokens instead of the target.
    const o = context.override;
    const amount = o?.amount !== undefined ? o.amount : o?.factor ? Math.floor(strike.outcome.damage * o.factor) : strike.outcome.damage;
    const changes = [];
    let applied: { wound: WoundLevel; damage: number } = { wound: "none", damage: 0 };
    for (const uuid of o?.actors ?? [target.actorUuid]) {
      const actor = await documentOf<ActorLike>(uuid);
      if (!actor || !String(actor.type).startsWith("silhouette_"))
        throw refused(actor ? "WrongRuleset" : "TargetGone", "the target is not a Silhouette actor", {
          name: String(actor?.name ?? target.name),
        });
      const { wound, damage } = woundOf(actor, amount, state.attack?.calledShot ?? "none");
      const { update, statuses } = woundChange(actor.system, wound);
      applied = { wound, damage };
      changes.push({ uuid: actor.uuid, update, statuses });
    }
    const next = structuredClone(state) as CardState;
    const found = findStrike(next, strike.key).strike as typeof strike & { applied?: { wound: WoundLevel; damage: number } };
    found.applied = applied;
    return {
      changes,
      state: { ...context.state, [CARD_FLAG]: next },
      summary: { key: "OMNIBUS.Silhouette.Card.AppliedWound", data: { damage: applied.damage, wound: applied.wound } },
    };
  },
};

/** The wound a fall's damage causes (Stamina thresholds, digest §12); armour does not absorb a fall. */
export function fallWound(actor: ActorLike, damage: number): { wound: WoundLevel; damage: number } {
  return fallWoundOf(actor, damage);
}

export const applyFall: ChatAction = {
  visible(message, user) {
    try {
      return user.isGM || userOwns(cardState(cardStateOf(message)).actorUuid, user);
    } catch {
      return false;
    }
  },
  // The one who fell: its owner, when they also made the card (the server's author), or a GM.
  permitted(context) {
    return context.user.isGM || (context.authorId === context.user.id && userOwns(cardState(context.state).actorUuid, context.user));
  },
  async plan(context): Promise<PlannedAction> {
    const state = cardState(context.state);
    const fall = state.athletics;
    if (!fall || fall.kind !== "fall" || fall.damage <= 0) throw refused("WrongCard", "this card has no fall damage");
    if (fall.applied) throw refused("FallApplied", "the fall was already applied");
    const actor = await documentOf<ActorLike>(state.actorUuid);
    if (!actor || !String(actor.type).startsWith("silhouette_"))
      throw refused(actor ? "WrongRuleset" : "ActorGone", "the card has no Silhouette actor", { name: String(actor?.name ?? "") });
    const { wound, damage } = fallWound(actor, fall.damage);
    const { update, statuses } = woundChange(actor.system, wound);
    const next = structuredClone(state) as CardState;
    (next.athletics as { applied: { wound: string; damage: number } | null }).applied = { wound, damage };
    return {
      changes: [{ uuid: actor.uuid, update, statuses }],
      state: { ...context.state, [CARD_FLAG]: next },
      summary: { key: "OMNIBUS.Silhouette.Card.AppliedWound", data: { damage, wound } },
    };
  },
};

export const silhouetteChatActions: Record<string, ChatAction> = { defend, recordDefense, applyDamage, applyFall };
