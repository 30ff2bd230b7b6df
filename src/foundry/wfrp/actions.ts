/**
 * The WFRP cards' buttons (chat actions, through the plumbing's one card layer, chat/actions.ts):
 *
 *  - `defendMelee` / `defendDodge` (run, on the defender's client): roll the defender's d100 (and
 *    any re-rolls of a full tie) and send them to the GM as a response to the card (`recordDefence`).
 *  - `recordDefence` (response, GM): the defence spec re-computed from the defender's actor, the
 *    faces read from the responder's Rolls, the opposed attack resolved in the GM's record of the
 *    card; both sides' Advantage (winner +1, loser 0).
 *  - `noDefence` (GM): the defender declines; the attack resolves unopposed.
 *  - `applyDamage` (GM): location, armour and Toughness Bonus reduce the Damage, then the target's
 *    Wounds, Advantage, Critical Wounds and Prone change in ONE update; the record notes the result.
 *  - `respond` (run) and `recordResponse` (response, GM): an opposed test outside combat.
 *
 * Everything the GM applies comes from its record of the card, the actors and the world settings;
 * a request names only the card, the action and the target's index.
 */
import { OmnibusError, refused } from "../../core/errors";
import { MAX_OPPOSED_REROLLS, type TestOptions, type TestSpec } from "../../rules/wfrp/index";
import { cardStateOf, postResponse, userOwns } from "../chat/actions";
import { parseIndex } from "../chat/requests";
import type { ChatAction, ChatActionContext, DocumentChange, PlannedAction } from "../ruleset";
import {
  attackCardContext,
  defenceNeedsReroll,
  planDamage,
  withDefenceFaces,
  type AttackState,
  type DefenceSkill,
} from "../../rules/wfrp/table/cards";
import { ATTACK_CARD, OPPOSED_CARD, rollD100For } from "./checks";
import { runCheck } from "../checks";
import { publicMode, responseMode } from "../compat";
import { localize } from "../i18n";
import {
  facesOfD100Rolls,
  opposedCardContext,
  recordResponse,
  responseFaces,
  responseSpec,
  testedOptions,
  type OpposedState,
} from "../../rules/wfrp/table/opposed/checks";
import { actorView, targetActor, targetActorSync } from "./documents";
import { currentRules } from "./settings";
import { defenceSpecFor, withWeapon } from "../../rules/wfrp/table/checks";
import type { WfrpTestRoll } from "./rolls";
import { fortuneActions, renderTestCard } from "./fortune/actions";
import { withFortuneButton } from "../../rules/wfrp/table/fortune/cards";
import { tieChoiceAction } from "./tie-choice/actions";
import { settleAdvantage } from "./advantage/combat";

/** The attack in a card state (the GM's record, or the message's flags for display). */
export function attackStateOf(state: Record<string, unknown>): AttackState {
  const attack = state.attack as AttackState | undefined;
  if (!attack || attack.version !== 1 || !Array.isArray(attack.targets)) throw refused("WrongCard", "this card is not a WFRP attack");
  return structuredClone(attack);
}

/** The opposed test in a card state. */
export function opposedOf(state: Record<string, unknown>): OpposedState {
  const opposed = state.opposed as OpposedState | undefined;
  if (!opposed || opposed.version !== 1 || !Array.isArray(opposed.targets))
    throw refused("WrongCard", "this card is not a WFRP opposed test");
  return structuredClone(opposed);
}

function targetIndex(length: number, target: string | null): number {
  const index = parseIndex(target);
  if (index === null || index >= length) throw refused("NotOnCard", "no such target on this card");
  return index;
}

const indices = (n: number) => Array.from({ length: n }, (_, i) => String(i));
const attackTargets = (state: Record<string, unknown>) => indices(attackStateOf(state).targets.length);
const opposedTargets = (state: Record<string, unknown>) => indices(opposedOf(state).targets.length);

/** A GM, or an owner of the target's actor, may defend it. */
function ownsTarget({ state, user, target }: ChatActionContext): boolean {
  if (user.isGM) return true;
  try {
    const attack = attackStateOf(state);
    const t = attack.targets[targetIndex(attack.targets.length, target)];
    return userOwns(targetActorSync(t.tokenUuid, t.actorUuid), user);
  } catch {
    return false;
  }
}

/** The defence buttons show to the GM and to owners of any target. */
function seesDefence(message: ChatMessage.Implementation, user: User.Implementation): boolean {
  if (user.isGM) return true;
  try {
    return attackStateOf(cardStateOf(message)).targets.some((t) => userOwns(targetActorSync(t.tokenUuid, t.actorUuid), user));
  } catch {
    return false;
  }
}

async function requireTargetActor(state: AttackState, index: number): Promise<Actor.Implementation> {
  const target = state.targets[index];
  const actor = await targetActor(target.tokenUuid, target.actorUuid);
  if (!actor) throw refused("TargetGone", "the target has no actor", { name: target.name });
  return actor;
}

/** The state with a defence settled, and the Advantage changes of an opposed combat test (digest §7 item 18). */
/**
 * The re-rolls of a full tie (003:L191: both sides roll again), made by the active GM as it records
 * the defence or response: the defender's client rolls only the defender's own die, never the
 * attacker's or tester's. The GM's Rolls are posted as one message in the card's whisper (Dice So
 * Nice, roll tooltips) with the faces in the text.
 */
function tieRoller(message: ChatMessage.Implementation): {
  roll(spec: TestSpec, options: TestOptions): Promise<number>;
  post(): Promise<void>;
} {
  const rolls: WfrpTestRoll[] = [];
  // The GM's re-rolls follow the card's own mode (a public card's tie is public, a whisper stays one).
  const { evaluate } = responseMode(message as never, publicMode());
  return {
    async roll(spec, options) {
      const r = await rollD100For(spec, options, evaluate);
      rolls.push(r);
      return r.outcome!.roll;
    },
    async post() {
      if (rolls.length === 0) return;
      const faces = rolls.map((r) => r.outcome!.roll).join(", ");
      const whisper = (message as unknown as { whisper?: unknown }).whisper;
      await ChatMessage.create({
        content: `<div class="omnibus omnibus-card omnibus-wfrp"><p>${localize("OMNIBUS.WFRP.Opposed.TieRerolled", { faces })}</p></div>`,
        rolls: rolls as unknown as Roll[],
        ...(Array.isArray(whisper) && whisper.length > 0 ? { whisper: [...whisper] } : {}),
      } as never);
    },
  };
}

/** The defender's own die from their response: exactly one d100 (the GM rolls any tie). */
function defenderFace(context: ChatActionContext): number {
  const faces = facesOfD100Rolls((context.response?.rolls ?? []) as never);
  if (faces.length !== 1)
    throw new OmnibusError("badArgument", "the defender rolls one d100; the Game Master re-rolls a tie", {
      name: "rolls",
      value: String(faces.length),
    });
  return faces[0];
}

async function settleDefence(
  context: ChatActionContext,
  skill: DefenceSkill,
  faces: number[],
  tie?: ReturnType<typeof tieRoller>,
): Promise<PlannedAction> {
  const state = attackStateOf(context.state);
  const index = targetIndex(state.targets.length, context.target);
  const target = state.targets[index];
  if (!target.opposed || target.defence) throw refused("DefenceSettled", "this target's defence is already settled", { name: target.name });
  const defenderDoc = await requireTargetActor(state, index);
  const defender = actorView(defenderDoc);
  const rules = currentRules();
  let next = state;
  if (skill === "none") next.targets[index].defence = { skill, spec: null, roll: null, defensiveWeapon: false };
  else {
    if (skill === "melee" && state.weapon.kind !== "melee") throw refused("RangedDodgeOnly", "a ranged attack can only be dodged");
    const { spec, defensiveWeapon } = defenceSpecFor(defender, skill, rules);
    const defence = { skill, spec, defensiveWeapon };
    const all = [...faces];
    // A full tie with the re-roll setting: the attacker's and the defender's dice again, until one wins.
    let trial = withDefenceFaces(state, index, defence, all, false);
    while (tie && defenceNeedsReroll(trial, index) && all.length < 1 + 2 * MAX_OPPOSED_REROLLS) {
      all.push(await tie.roll(withWeapon(target.spec, state.weapon), state.options), await tie.roll(spec, state.options));
      trial = withDefenceFaces(state, index, defence, all, false);
    }
    next = withDefenceFaces(state, index, defence, all);
  }
  // Both sides' Advantage after the opposed test, recorded with the winner for a later re-roll.
  const changes: DocumentChange[] = skill !== "none" ? await settleAdvantage(next, index) : [];
  return { changes, state: { ...context.state, attack: next }, summary: { key: `OMNIBUS.WFRP.Defence.${skill}` } };
}

/** `recordDefence` (the GM, from a response): the skill the defender chose, their faces from their Rolls. */
export async function planDefence(context: ChatActionContext): Promise<PlannedAction> {
  const skill = context.response?.choices.skill;
  if (skill !== "melee" && skill !== "dodge")
    throw new OmnibusError("badArgument", "unknown defence", { name: "skill", value: String(skill ?? "") });
  const tie = tieRoller(context.message);
  const planned = await settleDefence(context, skill, [defenderFace(context)], tie);
  await tie.post();
  return planned;
}

export async function planApplyDamage(context: ChatActionContext): Promise<PlannedAction> {
  const state = attackStateOf(context.state);
  const index = targetIndex(state.targets.length, context.target);
  const target = state.targets[index];
  if (target.applied) throw refused("DamageApplied", "damage was already applied to this target", { name: target.name });
  const o = context.override;
  const actors = o?.actors
    ? await Promise.all(o.actors.map((u) => fromUuid(u as never) as unknown as Promise<Actor.Implementation | null>))
    : [await requireTargetActor(state, index)];
  const changes: DocumentChange[] = [];
  let first: ReturnType<typeof planDamage> | null = null;
  for (const actor of actors) {
    if (!actor || !String((actor as { type?: string }).type).startsWith("wfrp_"))
      throw refused(actor ? "WrongRuleset" : "TargetGone", "the target has no actor", {
        name: String((actor as { name?: string } | null)?.name ?? target.name),
      });
    const view = actorView(actor);
    const plan = planDamage(state, index, view);
    // The GM's hand: ½ or ×2 the Wounds lost, or a custom number of Wounds.
    if (o?.amount !== undefined || o?.factor) {
      const lost = o.amount !== undefined ? o.amount : Math.floor(plan.damage.woundsLost * (o.factor ?? 1));
      const wounds = Number((view.system.health as { value?: number } | undefined)?.value ?? 0);
      plan.update["system.health.value"] = Math.max(0, wounds - lost);
      plan.damage = { ...plan.damage, woundsLost: lost, wounds: Math.max(0, wounds - lost) };
    }
    first ??= plan;
    changes.push({ uuid: actor.uuid, update: plan.update, statuses: plan.statuses });
  }
  target.applied = {
    woundsLost: first!.damage.woundsLost,
    wounds: first!.damage.wounds,
    armourPoints: first!.armourPoints,
    toughnessBonus: first!.toughnessBonus,
    reducedToZero: first!.damage.reducedToZero,
    critical: first!.critical,
  };
  return {
    changes,
    state: { ...context.state, attack: state },
    summary: { key: "OMNIBUS.WFRP.Card.AppliedWounds", data: { wounds: first!.damage.woundsLost } },
  };
}

/** The defender's client: roll the defender's own die and send it to the GM (the GM re-rolls a full tie). */
async function runDefend(context: ChatActionContext, skill: "melee" | "dodge"): Promise<void> {
  const { message } = context;
  const state = attackStateOf(context.state);
  const index = targetIndex(state.targets.length, context.target);
  const target = state.targets[index];
  if (!target.opposed || target.defence) throw refused("DefenceSettled", "this target's defence is already settled", { name: target.name });
  const defender = actorView(await requireTargetActor(state, index));
  const rules = currentRules();
  const { spec } = defenceSpecFor(defender, skill, rules);
  // The defender's chat mode, kept whispered when the attack card is (compat.ts).
  const mode = responseMode(message as never);
  // The defender's own d100 only: a full tie is re-rolled by the GM when it records the defence.
  const rolls: WfrpTestRoll[] = [await rollD100For(spec, state.options, mode.evaluate)];
  const faces = rolls.map((r) => r.outcome!.roll);
  const content = `<div class="omnibus omnibus-card omnibus-wfrp"><p>${localize(`OMNIBUS.WFRP.Defence.${skill}`)}: ${faces.join(", ")}</p></div>`;
  await postResponse(message, "recordDefence", String(index), {
    rolls: rolls as unknown as Roll[],
    choices: { skill },
    content,
    actor: null,
    rollMode: mode.mode,
  });
}

// ---------------------------------------------------------------- opposed tests outside combat

/** A GM, or an owner of that target's actor, may respond for it. */
function ownsOpposedTarget({ state, user, target }: ChatActionContext): boolean {
  if (user.isGM) return true;
  try {
    const opposed = opposedOf(state);
    const t = opposed.targets[targetIndex(opposed.targets.length, target)];
    return userOwns(targetActorSync(t.tokenUuid, t.actorUuid), user);
  } catch {
    return false;
  }
}

function seesResponse(message: ChatMessage.Implementation, user: User.Implementation): boolean {
  if (user.isGM) return true;
  try {
    return opposedOf(cardStateOf(message)).targets.some((t) => userOwns(targetActorSync(t.tokenUuid, t.actorUuid), user));
  } catch {
    return false;
  }
}

/** "Respond": the defender's roll dialog (what they oppose with, difficulty, modifiers, the odds to win). */
async function runRespond({ message, state, target: key }: ChatActionContext): Promise<void> {
  const opposed = opposedOf(state);
  const index = targetIndex(opposed.targets.length, key);
  const target = opposed.targets[index];
  if (target.response) throw refused("AlreadyResponded", "this target already responded", { name: target.name });
  const actor = await targetActor(target.tokenUuid, target.actorUuid);
  if (!actor) throw refused("TargetGone", "the target has no actor", { name: target.name });
  await runCheck({ actor, kind: "response", dataset: { messageId: message.id ?? "", target: String(index) }, targets: [] });
}

/** `recordResponse` (the GM, from a response): the defender's side re-derived from their actor and choices, faces from their Rolls. */
export async function planResponse(context: ChatActionContext): Promise<PlannedAction> {
  const opposed = opposedOf(context.state);
  const index = targetIndex(opposed.targets.length, context.target);
  const target = opposed.targets[index];
  const defender = await targetActor(target.tokenUuid, target.actorUuid);
  if (!defender) throw refused("TargetGone", "the target has no actor", { name: target.name });
  const first = defenderFace(context);
  const view = actorView(defender);
  const choices = context.response?.choices ?? {};
  // A full tie with the re-roll setting: the GM rolls the tester's and the defender's dice again.
  const { spec } = responseSpec(testedOptions(view), choices);
  const tie = tieRoller(context.message);
  let own = true;
  const faces = await responseFaces(
    { roll: opposed.roll, testerSpec: opposed.tester.spec, options: opposed.options, opposed: opposed.opposed },
    spec,
    async (who) => {
      if (own && who === "defender") {
        own = false;
        return first;
      }
      return tie.roll(who === "tester" ? opposed.tester.spec : spec, opposed.options);
    },
  );
  const next = recordResponse(opposed, index, view, choices, faces, (key) => localize(key));
  await tie.post();
  return {
    changes: [],
    state: { ...context.state, opposed: next },
    summary: { key: "OMNIBUS.WFRP.Opposed.Responded", data: { name: target.name } },
  };
}

/** The card from its state (the plumbing re-renders recorded cards with it). */
export function renderWfrpCard(state: Record<string, unknown>): { template: string; context: Record<string, unknown> } | null {
  if (state.attack) return { template: ATTACK_CARD, context: withFortuneButton(attackCardContext(attackStateOf(state)), state) };
  if (state.opposed) return { template: OPPOSED_CARD, context: withFortuneButton(opposedCardContext(opposedOf(state)), state) };
  return renderTestCard(state);
}

export const wfrpChatActions: Record<string, ChatAction> = {
  // The dialog may be cancelled: only recording is once-only.
  respond: { run: runRespond, permitted: ownsOpposedTarget, visible: seesResponse, repeatable: true },
  recordResponse: { plan: planResponse, response: true, targets: opposedTargets, permitted: ownsOpposedTarget, visible: () => false },
  defendMelee: { run: (c) => runDefend(c, "melee"), permitted: ownsTarget, visible: seesDefence, repeatable: true },
  defendDodge: { run: (c) => runDefend(c, "dodge"), permitted: ownsTarget, visible: seesDefence, repeatable: true },
  // One defence per target: a roll and a "no defence" share the target's state check.
  recordDefence: { plan: planDefence, response: true, targets: attackTargets, permitted: ownsTarget, visible: () => false },
  noDefence: { plan: (c) => settleDefence(c, "none", []), targets: attackTargets, permitted: ownsTarget, visible: seesDefence },
  applyDamage: { plan: planApplyDamage, targets: attackTargets, overridable: true },
  ...fortuneActions,
  wfrpTieFirst: tieChoiceAction,
};
