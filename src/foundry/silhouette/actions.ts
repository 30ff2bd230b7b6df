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
import { OmnibusError } from "../../core/errors";
import { addWound, calledShotWound, staminaThresholds, woundFromDamage, worstWound, type HealthState, type WoundLevel } from "../../rules/silhouette/index";
import { runCheck } from "../checks";
import type { ChatAction, ChatActionContext, DocumentChange } from "../ruleset";
import { cardContext, findStrike, withDefense, type CardState } from "./card";
import { CARD_FLAG, CARD_TEMPLATE, defenseFromPayload, derivedOf, type ActorLike } from "./checks";
import { silhouetteOptions } from "./settings";

type Message = ChatMessage.Implementation;
type UserDoc = User.Implementation;

export function cardState(message: Message): CardState {
  const state = (message.flags as Record<string, Record<string, unknown>> | undefined)?.omnibus?.[CARD_FLAG] as CardState | undefined;
  if (!state) throw new OmnibusError("badArgument", "not a Silhouette card", { name: "message", value: message.id ?? "" });
  return state;
}

function ownsActor(actorUuid: string | null, user: UserDoc): boolean {
  if (user.isGM) return true;
  if (!actorUuid) return false;
  const actor = fromUuidSync(actorUuid as never) as unknown as ActorLike | null;
  return Boolean(actor?.testUserPermission?.(user, "OWNER"));
}

function strikeTarget(context: ChatActionContext) {
  return findStrike(cardState(context.message), context.payload.key ?? "");
}

async function renderedCard(state: CardState): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(CARD_TEMPLATE, { ...cardContext(state), ruleset: "silhouette" });
}

function rollSources(message: Message): string[] {
  const source = (message as unknown as { _source?: { rolls?: unknown[] } })._source?.rolls;
  return Array.isArray(source) ? source.map((r) => (typeof r === "string" ? r : JSON.stringify(r))) : [];
}

export const defend: ChatAction = {
  // The roll may be cancelled in the dialog: recording is once-only (recordDefense), not the click.
  repeatable: true,
  visible(message, user) {
    try {
      return user.isGM || (cardState(message).attack?.targets ?? []).some((t) => ownsActor(t.actorUuid, user));
    } catch {
      return false;
    }
  },
  permitted(context) {
    const { target } = strikeTarget(context);
    return ownsActor(target.actorUuid, context.user);
  },
  async run(context) {
    const { target, strike } = strikeTarget(context);
    if (strike.outcome) throw new OmnibusError("badArgument", "this strike is already decided", { name: "strike", value: strike.key });
    const actor = target.actorUuid ? ((await fromUuid(target.actorUuid as never)) as unknown as Actor.Implementation | null) : null;
    if (!actor) throw new OmnibusError("badArgument", "the target has no actor", { name: "target", value: target.name });
    await runCheck({ actor, kind: "defense", dataset: { messageId: context.message.id ?? "", strikeKey: strike.key }, targets: [] });
  },
};

export const recordDefense: ChatAction = {
  visible: () => false,
  permitted(context) {
    const { target } = strikeTarget(context);
    return ownsActor(target.actorUuid, context.user);
  },
  async plan(context): Promise<DocumentChange[]> {
    const state = cardState(context.message);
    const defense = defenseFromPayload(context.payload);
    const next = withDefense(state, context.payload.key ?? "", defense, silhouetteOptions());
    const rolls = [...rollSources(context.message), context.payload.roll ?? ""];
    return [
      {
        uuid: context.message.uuid,
        update: { content: await renderedCard(next), [`flags.omnibus.${CARD_FLAG}`]: next, rolls },
      },
    ];
  },
};

/** The wound statuses a health state shows (the worst wound; dead uses Foundry's "dead"). */
export function woundStatuses(health: HealthState): Record<string, boolean> {
  const worst = worstWound(health);
  return { lightWound: worst === "light", heavyWound: worst === "heavy", dead: worst === "dead" };
}

/** The wound a hit inflicts on an actor: armour first (a setting), then the Stamina thresholds (digest §12). */
export function woundOf(actor: ActorLike, damage: number, calledShot: string): { wound: WoundLevel; damage: number; armour: number } {
  const options = silhouetteOptions();
  const derived = derivedOf(actor);
  const armour = options.armourAbsorbs ? derived.armour : 0;
  const taken = Math.max(0, damage - armour);
  const system = actor.system as { stamina?: number; systemShock?: number };
  // The head and lower abdomen halve the thresholds; an arm hit kills only past System Shock (004:L96).
  const called = calledShotWound(calledShot);
  const wound = woundFromDamage(taken, staminaThresholds(Number(system.stamina ?? 25)), {
    halved: called.halved,
    armHit: called.armHit,
    ...(Number(system.systemShock) > 0 ? { systemShock: Number(system.systemShock) } : {}),
  });
  return { wound, damage: taken, armour };
}

export const applyDamage: ChatAction = {
  async plan(context): Promise<DocumentChange[]> {
    const state = cardState(context.message);
    const { target, strike } = findStrike(state, context.payload.key ?? "");
    if (!strike.outcome?.hit || strike.outcome.damage <= 0) throw new OmnibusError("badArgument", "this strike did no damage", { name: "strike", value: strike.key });
    if (!target.actorUuid) throw new OmnibusError("badArgument", "the target has no actor", { name: "target", value: target.name });
    const actor = (await fromUuid(target.actorUuid as never)) as unknown as ActorLike | null;
    if (!actor || !String(actor.type).startsWith("silhouette_")) throw new OmnibusError("badArgument", "the target is not a Silhouette actor", { name: "target", value: target.name });
    const { wound, damage } = woundOf(actor, strike.outcome.damage, state.attack?.calledShot ?? "none");
    const w = (actor.system as { wounds?: HealthState }).wounds ?? { light: 0, heavy: 0, dead: false };
    const health = addWound({ light: w.light, heavy: w.heavy, dead: w.dead }, wound);
    const next = structuredClone(state) as CardState;
    const found = findStrike(next, strike.key).strike as typeof strike & { applied?: { wound: WoundLevel; damage: number } };
    found.applied = { wound, damage };
    return [
      {
        uuid: actor.uuid,
        update: wound === "none" ? {} : { "system.wounds.light": health.light, "system.wounds.heavy": health.heavy, "system.wounds.dead": health.dead },
        statuses: wound === "none" ? {} : woundStatuses(health),
      },
      { uuid: context.message.uuid, update: { content: await renderedCard(next), [`flags.omnibus.${CARD_FLAG}`]: next } },
    ];
  },
};

/** The wound a fall's damage causes (Stamina thresholds, digest §12); armour does not absorb a fall. */
export function fallWound(actor: ActorLike, damage: number): { wound: WoundLevel; damage: number } {
  const taken = Math.max(0, Math.round(damage));
  const system = actor.system as { stamina?: number };
  return { wound: taken === 0 ? "none" : woundFromDamage(taken, staminaThresholds(Number(system.stamina ?? 25))), damage: taken };
}

export const applyFall: ChatAction = {
  visible(message, user) {
    try {
      return user.isGM || ownsActor(cardState(message).actorUuid, user);
    } catch {
      return false;
    }
  },
  permitted(context) {
    return ownsActor(cardState(context.message).actorUuid, context.user);
  },
  async plan(context): Promise<DocumentChange[]> {
    const state = cardState(context.message);
    const fall = state.athletics;
    if (!fall || fall.kind !== "fall" || fall.damage <= 0) throw new OmnibusError("badArgument", "this card has no fall damage", { name: "message", value: context.message.id ?? "" });
    if (fall.applied) throw new OmnibusError("badArgument", "the fall was already applied", { name: "message", value: context.message.id ?? "" });
    const actor = state.actorUuid ? ((await fromUuid(state.actorUuid as never)) as unknown as ActorLike | null) : null;
    if (!actor || !String(actor.type).startsWith("silhouette_")) throw new OmnibusError("badArgument", "the card has no Silhouette actor", { name: "actor", value: state.actorUuid ?? "" });
    const { wound, damage } = fallWound(actor, fall.damage);
    const w = (actor.system as { wounds?: HealthState }).wounds ?? { light: 0, heavy: 0, dead: false };
    const health = addWound({ light: w.light, heavy: w.heavy, dead: w.dead }, wound);
    const next = structuredClone(state) as CardState;
    (next.athletics as { applied: { wound: string; damage: number } | null }).applied = { wound, damage };
    return [
      {
        uuid: actor.uuid,
        update: wound === "none" ? {} : { "system.wounds.light": health.light, "system.wounds.heavy": health.heavy, "system.wounds.dead": health.dead },
        statuses: wound === "none" ? {} : woundStatuses(health),
      },
      { uuid: context.message.uuid, update: { content: await renderedCard(next), [`flags.omnibus.${CARD_FLAG}`]: next } },
    ];
  },
};

export const silhouetteChatActions: Record<string, ChatAction> = { defend, recordDefense, applyDamage, applyFall };
