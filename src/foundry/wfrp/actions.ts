/**
 * The attack card's buttons (chat actions, dispatched and routed by src/foundry/chat/actions.ts):
 *
 *  - `defend` (run, on the defender's client): rolls the defender's d100 (Melee or Dodge) as a
 *    Foundry roll, then asks `recordDefence` with the face.
 *  - `recordDefence` (plan): re-computes the defender's test from the defender actor, resolves the
 *    opposed attack, and changes the card (the same message: one card shows both sides) and both
 *    sides' Advantage (winner +1, loser 0). "No defence" is this action with skill "none".
 *  - `applyDamage` (plan): location, armour and Toughness Bonus reduce the Damage, then the target's
 *    Wounds, Advantage, Critical Wounds and Prone change in ONE update; the card records the result.
 *
 * Plans touching documents the clicking user does not own go to the GM (the plumbing), who plans
 * again with the requesting user. Each applies once per target (`data-key`).
 */
import { OmnibusError } from "../../core/errors";
import { MAX_OPPOSED_REROLLS, advantageAfterOpposed } from "../../rules/wfrp/index";
import { requestChatAction } from "../chat/actions";
import { SYSTEM_ID } from "../registry";
import type { ChatAction, ChatActionContext, DocumentChange } from "../ruleset";
import { attackCardContext, defenceNeedsReroll, planDamage, resolveTarget, withDefenceFaces, type AttackState, type DefenceSkill } from "./cards";
import { ATTACK_CARD, OPPOSED_CARD, opposedStateOf, rollD100For } from "./checks";
import { runCheck } from "../checks";
import { localize } from "../i18n";
import { facesOfRolls, opposedCardContext, recordResponse, type OpposedState } from "./opposed";
import { deriveActor } from "./derive";
import { actorView, currentRules, targetActor, targetActorSync, userOwns } from "./documents";
import { defenceSpecFor, withWeapon } from "./request";
import type { WfrpTestRoll } from "./rolls";

type Message = ChatMessage.Implementation;

export function attackStateOf(message: Message): AttackState {
  const flags = (message.flags as Record<string, { attack?: AttackState } | undefined>)[SYSTEM_ID];
  const state = flags?.attack;
  if (!state || state.version !== 1 || !Array.isArray(state.targets)) throw new OmnibusError("badArgument", "this card is not a WFRP attack", { name: "message", value: message.id ?? "" });
  return structuredClone(state);
}

function targetIndex(state: AttackState, payload: Record<string, string>): number {
  const index = Number(payload.target);
  if (!Number.isInteger(index) || index < 0 || index >= state.targets.length) throw new OmnibusError("badArgument", "no such target on this card", { name: "target", value: String(payload.target ?? "") });
  return index;
}

function defenceSkill(payload: Record<string, string>): DefenceSkill {
  const skill = payload.skill;
  if (skill !== "melee" && skill !== "dodge" && skill !== "none") throw new OmnibusError("badArgument", "unknown defence", { name: "skill", value: String(skill ?? "") });
  return skill;
}

/** A GM, or an owner of the target's actor, may defend it. */
function ownsTarget({ message, user, payload }: ChatActionContext): boolean {
  if (user.isGM) return true;
  try {
    const state = attackStateOf(message);
    const target = state.targets[targetIndex(state, payload)];
    return userOwns(targetActorSync(target.tokenUuid, target.actorUuid), user);
  } catch {
    return false;
  }
}

/** The defence buttons show to the GM and to owners of any target. */
function seesDefence(message: Message, user: User.Implementation): boolean {
  if (user.isGM) return true;
  try {
    return attackStateOf(message).targets.some((t) => userOwns(targetActorSync(t.tokenUuid, t.actorUuid), user));
  } catch {
    return false;
  }
}

async function cardUpdate(message: Message, state: AttackState): Promise<DocumentChange> {
  const content = await foundry.applications.handlebars.renderTemplate(ATTACK_CARD, { ...attackCardContext(state), ruleset: "wfrp" });
  return { uuid: message.uuid, update: { content, [`flags.${SYSTEM_ID}.attack`]: state } };
}

async function requireTargetActor(state: AttackState, index: number): Promise<Actor.Implementation> {
  const target = state.targets[index];
  const actor = await targetActor(target.tokenUuid, target.actorUuid);
  if (!actor) throw new OmnibusError("badArgument", "the target has no actor", { name: "target", value: target.name });
  return actor;
}

export async function planDefence({ message, payload }: ChatActionContext): Promise<DocumentChange[]> {
  const state = attackStateOf(message);
  const index = targetIndex(state, payload);
  const skill = defenceSkill(payload);
  const target = state.targets[index];
  if (!target.opposed || target.defence) throw new OmnibusError("badArgument", "this target's defence is already settled", { name: "target", value: target.name });
  const defenderDoc = await requireTargetActor(state, index);
  const defender = actorView(defenderDoc);
  const rules = currentRules();
  let next = state;
  let sources: string[] = [];
  if (skill === "none") {
    target.defence = { skill, spec: null, roll: null, defensiveWeapon: false };
  } else {
    if (skill === "melee" && state.weapon.kind !== "melee") throw new OmnibusError("badArgument", "a ranged attack can only be dodged", { name: "skill", value: skill });
    // The defender's rolls (and any re-rolls of a full tie) are real Foundry rolls: read their faces, attach them.
    const rolled = facesOfRolls(payload.rolls ?? "");
    sources = rolled.sources;
    const { spec, defensiveWeapon } = defenceSpecFor(defender, skill, rules);
    next = withDefenceFaces(state, index, { skill, spec, defensiveWeapon }, rolled.faces);
  }
  const card = await cardUpdate(message, next);
  if (sources.length > 0) card.update = { ...card.update, rolls: [...rollSources(message), ...sources] };
  const changes: DocumentChange[] = [card];
  const result = resolveTarget(next, index);
  if (result && skill !== "none") {
    // Advantage after an opposed combat test (digest §7 item 18): the winner +1, the loser loses all.
    const attackerDoc = state.attacker.uuid ? ((await fromUuid(state.attacker.uuid as never)) as Actor.Implementation | null) : null;
    const attacker = attackerDoc ? actorView(attackerDoc) : null;
    const adv = (v: { system: Record<string, unknown> } | null) => (typeof v?.system.advantage === "number" ? v.system.advantage : 0);
    const cap = (v: ReturnType<typeof actorView> | null) => (rules.advantageCap && v ? deriveActor(v.system, v.items, v.statuses).characteristics.i.bonus : undefined);
    const after = advantageAfterOpposed(adv(attacker), adv(defender), result.winner, { attacker: cap(attacker), defender: cap(defender) });
    if (attackerDoc && after.attacker !== adv(attacker)) changes.push({ uuid: attackerDoc.uuid, update: { "system.advantage": after.attacker } });
    if (after.defender !== adv(defender)) changes.push({ uuid: defenderDoc.uuid, update: { "system.advantage": after.defender } });
  }
  return changes;
}

export async function planApplyDamage({ message, payload }: ChatActionContext): Promise<DocumentChange[]> {
  const state = attackStateOf(message);
  const index = targetIndex(state, payload);
  const target = state.targets[index];
  if (target.applied) throw new OmnibusError("badArgument", "damage was already applied to this target", { name: "target", value: target.name });
  const actor = await requireTargetActor(state, index);
  const plan = planDamage(state, index, actorView(actor));
  target.applied = {
    woundsLost: plan.damage.woundsLost,
    wounds: plan.damage.wounds,
    armourPoints: plan.armourPoints,
    toughnessBonus: plan.toughnessBonus,
    reducedToZero: plan.damage.reducedToZero,
    critical: plan.critical,
  };
  return [{ uuid: actor.uuid, update: plan.update, statuses: plan.statuses }, await cardUpdate(message, state)];
}

async function runDefend(context: ChatActionContext): Promise<void> {
  const { message, payload } = context;
  const state = attackStateOf(message);
  const index = targetIndex(state, payload);
  const skill = defenceSkill(payload);
  if (skill === "none") {
    await requestChatAction(message, "recordDefence", { ...payload });
    return;
  }
  const target = state.targets[index];
  if (!target.opposed || target.defence) throw new OmnibusError("badArgument", "this target's defence is already settled", { name: "target", value: target.name });
  const defender = actorView(await requireTargetActor(state, index));
  const rules = currentRules();
  const { spec, defensiveWeapon } = defenceSpecFor(defender, skill, rules);
  // The defender's d100; on a full tie with the re-roll setting, the attacker's and the defender's again until one wins.
  const rolls: WfrpTestRoll[] = [];
  const roll = async (forSpec: typeof spec) => {
    const r = await rollD100For(forSpec, state.options);
    rolls.push(r);
    return r.outcome!.roll;
  };
  const faces = [await roll(spec)];
  let trial = withDefenceFaces(state, index, { skill, spec, defensiveWeapon }, faces, false);
  while (defenceNeedsReroll(trial, index) && faces.length < 1 + 2 * MAX_OPPOSED_REROLLS) {
    faces.push(await roll(withWeapon(target.spec, state.weapon)), await roll(spec));
    trial = withDefenceFaces(state, index, { skill, spec, defensiveWeapon }, faces, false);
  }
  await requestChatAction(message, "recordDefence", { ...payload, rolls: JSON.stringify(rolls.map((r) => JSON.stringify(r))) });
}

// ---------------------------------------------------------------- opposed tests outside combat

/** The message's stored rolls (JSON strings), to append the defender's to. */
export function rollSources(message: Message): string[] {
  const source = (message as unknown as { _source?: { rolls?: unknown[] } })._source?.rolls ?? (message as unknown as { rolls?: unknown[] }).rolls;
  return Array.isArray(source) ? source.map((r) => (typeof r === "string" ? r : JSON.stringify(r))) : [];
}

function opposedTarget(state: OpposedState, payload: Record<string, string>) {
  const index = Number(payload.target);
  if (!Number.isInteger(index) || index < 0 || index >= state.targets.length) throw new OmnibusError("badArgument", "no such target on this card", { name: "target", value: String(payload.target ?? "") });
  return { index, target: state.targets[index] };
}

/** A GM, or an owner of that target's actor, may respond for it. */
function ownsOpposedTarget({ message, user, payload }: ChatActionContext): boolean {
  if (user.isGM) return true;
  try {
    const { target } = opposedTarget(opposedStateOf(message), payload);
    return userOwns(targetActorSync(target.tokenUuid, target.actorUuid), user);
  } catch {
    return false;
  }
}

function seesResponse(message: Message, user: User.Implementation): boolean {
  if (user.isGM) return true;
  try {
    return opposedStateOf(message).targets.some((t) => userOwns(targetActorSync(t.tokenUuid, t.actorUuid), user));
  } catch {
    return false;
  }
}

/** "Respond": the defender's roll dialog (what they oppose with, difficulty, modifiers, the odds to win). */
async function runRespond({ message, payload }: ChatActionContext): Promise<void> {
  const state = opposedStateOf(message);
  const { index, target } = opposedTarget(state, payload);
  if (target.response) throw new OmnibusError("badArgument", "this target already responded", { name: "target", value: target.name });
  const actor = await targetActor(target.tokenUuid, target.actorUuid);
  if (!actor) throw new OmnibusError("badArgument", "the target has no actor", { name: "target", value: target.name });
  await runCheck({ actor, kind: "response", dataset: { messageId: message.id ?? "", target: String(index) }, targets: [] });
}

/** Records the defender's side on the card, with their rolls attached to the message (re-checked on the GM). */
export async function planResponse({ message, payload }: ChatActionContext): Promise<DocumentChange[]> {
  const state = opposedStateOf(message);
  const { index, target } = opposedTarget(state, payload);
  const defender = await targetActor(target.tokenUuid, target.actorUuid);
  if (!defender) throw new OmnibusError("badArgument", "the target has no actor", { name: "target", value: target.name });
  const { faces, sources } = facesOfRolls(payload.rolls ?? "");
  const next = recordResponse(state, index, actorView(defender), payload, faces, (key) => localize(key));
  const content = await foundry.applications.handlebars.renderTemplate(OPPOSED_CARD, { ...opposedCardContext(next), ruleset: "wfrp" });
  return [{ uuid: message.uuid, update: { content, [`flags.${SYSTEM_ID}.opposed`]: next, rolls: [...rollSources(message), ...sources] } }];
}

export const wfrpChatActions: Record<string, ChatAction> = {
  // The dialog may be cancelled: only recording is once-only.
  respond: { run: runRespond, permitted: ownsOpposedTarget, visible: seesResponse, repeatable: true },
  recordResponse: { plan: planResponse, permitted: ownsOpposedTarget, visible: () => false },
  defend: { run: runDefend, permitted: ownsTarget, visible: seesDefence },
  recordDefence: { plan: planDefence, permitted: ownsTarget, visible: seesDefence },
  applyDamage: { plan: planApplyDamage },
};
