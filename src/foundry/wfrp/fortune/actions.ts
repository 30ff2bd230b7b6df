/**
 * A Fortune point buys a re-roll of the roller's own test from its card (003:L72: the result is
 * ignored and the test rolled again; the re-roll is final). The test card, the opposed-test card
 * (the tester's side: every target's result is decided again) and the attack card (the attacker's
 * roll: every target again) offer it to the roller's owner once. The owner rolls a d100 and posts
 * it as a response (`postResponse`, action `wfrpFortuneReroll`); the active GM checks the roller
 * still has a Fortune point, the card was not re-rolled yet and nothing on it was applied, reads
 * the one d100 face, spends the point and amends its record with the new face, from which every
 * client re-renders the card. Each defender on an opposed-test or attack card may likewise spend
 * their own Fortune point on their own roll, once, from their row (`wfrpFortuneDefence`): the GM
 * replaces that defender's face and the result against them is decided again. A re-roll that
 * changes who won an opposed combat test moves both sides' Advantage with it (../advantage/combat.ts). What pays for a re-roll is not in the seed: Fortune is the published
 * game's resource and the character sheet's field.
 */
import { OmnibusError, refused } from "../../../core/errors";
import { rerollTest, type TestOptions, type TestResult, type TestSpec } from "../../../rules/wfrp/index";
import { cardStateOf, postResponse, userOwns, documentOf } from "../../chat/actions";
import { localize, notify } from "../../i18n";
import type { ChatAction, ChatActionContext, DocumentChange, PlannedAction } from "../../ruleset";
import { redecideAdvantage } from "../advantage/combat";
import { testCardContext, type AttackState } from "../../../rules/wfrp/table/cards";
import { TEST_CARD, rollD100For } from "../checks";
import { responseMode } from "../../compat";
import {
  blocked,
  cardOf,
  defenderBlocked,
  defenderCardOf,
  defenderFortuneTargets,
  DEFENCE_FORTUNE_ACTION,
  withDefenderReroll,
  withFortuneButton,
  type DefenderCard,
  type TestRerollState,
} from "../../../rules/wfrp/table/fortune/cards";
import { facesOfD100Rolls, needsReroll, type OpposedState } from "../../../rules/wfrp/table/opposed/checks";
import { defenceNeedsReroll } from "../../../rules/wfrp/table/cards";

const fortuneOf = (system: Record<string, unknown>) => Math.max(0, Math.trunc(Number(system.fortune ?? 0)));

/**
 * The re-roller's client: their Fortune point checked, a d100 for the test in the responder's chat
 * mode (kept whispered when the card is, compat.ts), posted as `action`'s response to the card.
 */
async function postFortuneRoll(
  message: ChatActionContext["message"],
  card: { actorUuid: string; spec: TestSpec; options: unknown; roll: number },
  action: string,
  target: string | null,
  gone: string,
): Promise<void> {
  const actor = await documentOf<{ name: string; system: Record<string, unknown> }>(card.actorUuid);
  if (!actor) throw refused("ActorGone", gone);
  if (fortuneOf(actor.system) < 1) {
    notify("warn", "OMNIBUS.WFRP.Fortune.None", { name: actor.name });
    return;
  }
  const mode = responseMode(message as never);
  const roll = await rollD100For(card.spec, card.options as TestOptions, mode.evaluate);
  const result = roll.outcome!.results[0];
  const content = `<div class="omnibus omnibus-card wfrp"><p>${localize("OMNIBUS.WFRP.Fortune.Rerolled", { name: actor.name, before: card.roll, after: result.roll })}</p></div>`;
  await postResponse(message, action, target, { rolls: [roll as unknown as Roll], content, actor: actor as never, rollMode: mode.mode });
}

async function runFortune({ message, state }: ChatActionContext): Promise<void> {
  const card = cardOf(state);
  if (!card) throw refused("WrongCard", "this card has no test to re-roll");
  const why = blocked(state, card);
  if (why) {
    notify("warn", why);
    return;
  }
  await postFortuneRoll(message, card, "wfrpFortuneReroll", null, "the roller no longer exists");
}

/** The GM's side: the roller still has Fortune, the card may be re-rolled, one d100 face; spend the point, amend the card. */
async function planFortune(context: ChatActionContext): Promise<PlannedAction> {
  const card = cardOf(context.state);
  if (!card) throw refused("WrongCard", "this card has no test to re-roll");
  const why = blocked(context.state, card);
  if (why) throw refused("CannotReroll", "this card cannot be re-rolled now", { why: localize(why) });
  const actor = await documentOf<{
    uuid: string;
    name: string;
    system: Record<string, unknown>;
  }>(card.actorUuid);
  if (!actor) throw refused("ActorGone", "the roller no longer exists");
  const fortune = fortuneOf(actor.system);
  if (fortune < 1) throw new OmnibusError("outOfRange", "no Fortune point left", { name: "fortune", value: 0, min: 1, max: 99 });
  const faces = facesOfD100Rolls((context.response?.rolls ?? []) as never);
  if (faces.length !== 1) throw new OmnibusError("badArgument", "a re-roll is one d100", { name: "rolls", value: String(faces.length) });
  const { result, previous } = rerollTest({ spec: card.spec, roll: card.roll, rerolls: 0 }, faces[0], card.options);
  const state = structuredClone(context.state);
  state.fortune = { used: true, before: card.roll, after: faces[0] };
  let advantage: DocumentChange[] = [];
  if (card.kind === "test") (state.test as { result: TestResult }).result = result;
  else if (card.kind === "opposed") (state.opposed as OpposedState).roll = faces[0];
  else {
    const attack = state.attack as AttackState;
    attack.roll = faces[0];
    // Every target's opposed test is decided again: where the winner changes, so does Advantage.
    advantage = await redecideAdvantage(
      attack,
      attack.targets.map((_, i) => i),
    );
  }
  return {
    changes: mergeChanges([{ uuid: actor.uuid, update: { "system.fortune": fortune - 1 } }], advantage),
    state,
    summary: { key: "OMNIBUS.WFRP.Fortune.Applied", data: { name: actor.name, before: previous.roll, after: result.roll } },
  };
}

function defenderOf(state: Record<string, unknown>, target: string | null): DefenderCard {
  const index = /^\d{1,3}$/.test(target ?? "") ? Number(target) : -1;
  const card = defenderCardOf(state, index);
  if (!card) throw refused("NotOnCard", "no defender's roll on this card to re-roll");
  return card;
}

/** The defender's owner's click: a d100 for their own test, posted as a response to the card. */
async function runDefenderFortune({ message, state, target }: ChatActionContext): Promise<void> {
  const card = defenderOf(state, target);
  const why = defenderBlocked(state, card);
  if (why) {
    notify("warn", why);
    return;
  }
  await postFortuneRoll(message, card, "wfrpFortuneDefenceReroll", String(card.index), "the defender no longer exists");
}

/**
 * The GM's side of a defender's re-roll: the defender still has Fortune, their roll may be re-rolled,
 * one d100 face; the face replaces theirs and the point is spent. A new face that makes a full tie
 * the world re-rolls (003:L191) is refused: the card would need the tie's own dice.
 */
async function planDefenderFortune(context: ChatActionContext): Promise<PlannedAction> {
  const card = defenderOf(context.state, context.target);
  const why = defenderBlocked(context.state, card);
  if (why) throw refused("CannotReroll", "this roll cannot be re-rolled now", { why: localize(why) });
  const actor = await documentOf<{
    uuid: string;
    name: string;
    system: Record<string, unknown>;
  }>(card.actorUuid);
  if (!actor) throw refused("ActorGone", "the defender no longer exists");
  const fortune = fortuneOf(actor.system);
  if (fortune < 1) throw new OmnibusError("outOfRange", "no Fortune point left", { name: "fortune", value: 0, min: 1, max: 99 });
  const faces = facesOfD100Rolls((context.response?.rolls ?? []) as never);
  if (faces.length !== 1) throw new OmnibusError("badArgument", "a re-roll is one d100", { name: "rolls", value: String(faces.length) });
  const { result, previous } = rerollTest({ spec: card.spec, roll: card.roll, rerolls: 0 }, faces[0], card.options);
  const state = withDefenderReroll(context.state, card, faces[0]);
  const tie =
    card.kind === "opposed"
      ? (() => {
          const o = state.opposed as OpposedState;
          return needsReroll(o.tester.spec, o.roll, card.spec, faces[0], o.options, o.opposed);
        })()
      : defenceNeedsReroll(state.attack as AttackState, card.index);
  if (tie)
    throw new OmnibusError("badArgument", "the re-roll makes a full tie that the tie rule rolls again", {
      name: "rolls",
      value: String(faces[0]),
    });
  // The defender's opposed test decided again: where the winner changes, so does Advantage.
  const advantage = card.kind === "attack" ? await redecideAdvantage(state.attack as AttackState, [card.index]) : [];
  return {
    changes: mergeChanges([{ uuid: actor.uuid, update: { "system.fortune": fortune - 1 } }], advantage),
    state,
    summary: { key: "OMNIBUS.WFRP.Fortune.Applied", data: { name: actor.name, before: previous.roll, after: result.roll } },
  };
}

/** One change per document: the Fortune point spent and an Advantage change of the same actor in one update. */
function mergeChanges(first: DocumentChange[], more: DocumentChange[]): DocumentChange[] {
  const out: DocumentChange[] = first.map((c) => ({ ...c, update: { ...(c.update ?? {}) } }));
  for (const c of more) {
    const same = out.find((o) => o.uuid === c.uuid);
    if (same) same.update = { ...same.update, ...(c.update ?? {}) };
    else out.push(c);
  }
  return out;
}

function ownsDefender({ user, state, target }: ChatActionContext): boolean {
  try {
    return userOwns(defenderOf(state, target).actorUuid, user);
  } catch {
    return false;
  }
}

function ownsRoller({ user, state }: ChatActionContext): boolean {
  const card = cardOf(state);
  return Boolean(card) && userOwns(card!.actorUuid, user);
}

/** The test card rendered from its record (after a re-roll). */
export function renderTestCard(state: Record<string, unknown>): { template: string; context: Record<string, unknown> } | null {
  const test = state.test as { result?: TestResult; reroll?: TestRerollState } | undefined;
  if (!test?.reroll || !test.result) return null;
  const context = testCardContext({ ...test.reroll.card, result: test.result, spec: test.reroll.spec });
  return { template: TEST_CARD, context: withFortuneButton(context, state) };
}

export const fortuneActions: Record<string, ChatAction> = {
  wfrpFortune: {
    run: runFortune,
    repeatable: true,
    permitted: ownsRoller,
    visible: (message, user) => {
      const card = cardOf(cardStateOf(message));
      return Boolean(card && userOwns(card.actorUuid, user));
    },
  },
  wfrpFortuneReroll: { plan: planFortune, response: true, permitted: ownsRoller, visible: () => false },
  [DEFENCE_FORTUNE_ACTION]: {
    run: runDefenderFortune,
    repeatable: true,
    permitted: ownsDefender,
    targets: (state) => defenderFortuneTargets(state).map(String),
    visible: () => true,
  },
  wfrpFortuneDefenceReroll: {
    plan: planDefenderFortune,
    response: true,
    permitted: ownsDefender,
    targets: (state) => defenderFortuneTargets(state).map(String),
    visible: () => false,
  },
};
