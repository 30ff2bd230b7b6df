/**
 * The `wfrp` check handler: builds the request (src/rules/wfrp/table/checks.ts) from the actor and its targets, gives
 * the dialog its odds, rolls a WfrpTestRoll and posts the test card or the attack card.
 */
import { OmnibusError, refused } from "../../core/errors";
import { advantageAfter, type TestOptions, type TestSpec } from "../../rules/wfrp/index";
import { cardStateOf, postResponse, documentOf } from "../chat/actions";
import { cardOrigin, postCard } from "../chat/cards";
import { ClaimMismatch } from "../chat/verify";
import { extendedCardProgress, firstRollCard, firstRollMismatches, firstRollOutcome } from "../../rules/wfrp/table/rederive/cards";
import { extendedRederive, gmRecordsSteps, gmTrackerView, recordGMStep } from "./extended/checks";
import { withFortuneButton } from "../../rules/wfrp/table/fortune/cards";
import { localize } from "../i18n";
import type { CheckHandler, CheckKind, CheckKinds, CheckRederive, CheckSource, CheckValues, KindRequest, TargetInfo } from "../ruleset";
import { checksByKind } from "../checks";
import { templatePath } from "../templates/helpers";
import { attackCardContext, attackStateFrom, testCardContext, type AttackState } from "../../rules/wfrp/table/cards";
import { deriveActor } from "../../rules/wfrp/table/derive";
import { actorView, targetActor } from "./documents";
import { currentRules } from "./settings";
import {
  buildResponseRequest,
  opposedCardContext,
  opposedStateFrom,
  responseData,
  responseOdds,
  responseSpec,
  type OpposedState,
  type ResponseData,
} from "../../rules/wfrp/table/opposed/checks";
import {
  assistanceFor,
  buildRequest,
  checkData,
  extendedAfterRoll,
  oddsLines,
  specFor,
  withWeapon,
  wfrpEffectKeys,
  wfrpKindTraits,
  type TargetView,
  type WfrpCheckData,
} from "../../rules/wfrp/table/checks";
import { attachEffects } from "../effects";
import { WfrpTestRoll } from "./rolls";
import { evaluateOptions, responseMode } from "../compat";

export const TEST_CARD = templatePath("wfrp/chat/test-card");
export const ATTACK_CARD = templatePath("wfrp/chat/attack-card");
export const OPPOSED_CARD = templatePath("wfrp/chat/opposed-card");

type Message = ChatMessage.Implementation;

/** An extended test's tracker after one roll (src/rules/wfrp/table/checks.ts). */
export { extendedAfterRoll };

/** The opposed card's state from its message (the GM's record when there is one). */
export function opposedStateOf(message: Message): OpposedState {
  const state = cardStateOf(message).opposed as OpposedState | undefined;
  if (!state || state.version !== 1 || !Array.isArray(state.targets)) throw refused("WrongCard", "this card is not a WFRP opposed test");
  return structuredClone(state);
}

/**
 * Rolls one d100 test as a Foundry roll (Dice So Nice shows it: the roll joins an existing message),
 * with the `evaluate` options of its mode (compat.ts `responseMode` for an answer to a card).
 */
export async function rollD100For(spec: TestSpec, options: TestOptions, evaluate: { allowInteractive: boolean }): Promise<WfrpTestRoll> {
  const roll = new WfrpTestRoll(WfrpTestRoll.FORMULA, {}, { specs: [spec], testOptions: options } as never);
  await roll.evaluate(evaluate);
  const dice3d = (game as unknown as { dice3d?: { showForRoll(roll: unknown, user?: unknown, sync?: boolean): Promise<unknown> } }).dice3d;
  if (dice3d) await dice3d.showForRoll(roll, game.user, true);
  return roll;
}

async function buildResponse(source: CheckSource): Promise<KindRequest<ResponseData>> {
  const messageId = source.dataset.messageId ?? "";
  const message = game.messages?.get(messageId) as Message | undefined;
  if (!message || !source.actor) throw refused("CardGone", "the opposed test is gone");
  return buildResponseRequest({
    defender: actorView(source.actor),
    state: opposedStateOf(message),
    index: Number(source.dataset.target),
    messageId,
    rules: currentRules(),
    t: localize,
  });
}

/** The defender rolls their own d100 and asks to record it on the card (the GM re-rolls a full tie). */
async function rollResponse(request: KindRequest<ResponseData>, values: CheckValues, rollMode: string): Promise<boolean> {
  const data = responseData(request);
  const message = game.messages?.get(data.messageId) as Message | undefined;
  if (!message) throw refused("CardGone", "the opposed test is gone");
  // The defender's dialog mode, kept whispered when the card is (compat.ts).
  const mode = responseMode(message as never, rollMode);
  const { spec, tested } = responseSpec(data.tested, values);
  // The defender's own d100 only: a full tie is re-rolled by the GM when it records the response.
  const rolls: WfrpTestRoll[] = [await rollD100For(spec, data.options, mode.evaluate)];
  const content = `<div class="omnibus omnibus-card omnibus-wfrp"><p>${localize("OMNIBUS.WFRP.Opposed.Respond")}: ${rolls.map((r) => r.outcome!.roll).join(", ")}</p></div>`;
  return postResponse(message, "recordResponse", String(data.target), {
    rolls: rolls as unknown as Roll[],
    choices: {
      tested,
      difficulty: String(values.difficulty ?? "challenging"),
      conditions: String(values.conditions ?? 0),
      modifier: String(values.modifier ?? 0),
      slBonus: String(values.slBonus ?? 0),
    },
    content,
    rollMode: mode.mode,
  });
}

async function targetViews(targets: TargetInfo[]): Promise<TargetView[]> {
  const out: TargetView[] = [];
  for (const t of targets) {
    const actor = await targetActor(t.tokenUuid, t.actorUuid);
    out.push({ ...t, actor: actor ? actorView(actor) : null });
  }
  return out;
}

function difficultyLabel(spec: TestSpec): string {
  return localize(`OMNIBUS.WFRP.Difficulty.${spec.difficulty ?? "challenging"}`);
}

/** The attack's state for its card, from the request, the dialog values and the attacker's face. */
export function attackState(
  request: KindRequest<WfrpCheckData>,
  values: CheckValues,
  roll: number,
  attacker: { uuid: string; name: string; img: string },
): AttackState {
  return attackStateFrom(request, values, currentRules(), roll, attacker);
}

/**
 * The tester's possible helpers (003:L221): the other characters with a token on the viewed scene
 * of the same disposition as the tester's token (all of them when the tester has none there).
 */
export function alliesOf(actor: unknown): ReturnType<typeof actorView>[] {
  const placeables = ((globalThis as { canvas?: { tokens?: { placeables?: unknown[] } } }).canvas?.tokens?.placeables ?? []) as Array<{
    actor?: { uuid?: string; type?: string } | null;
    document?: { disposition?: number };
  }>;
  const me = (actor as { uuid?: string } | null)?.uuid;
  const own = placeables.find((p) => p.actor?.uuid === me)?.document?.disposition;
  const seen = new Set<string>();
  const out: ReturnType<typeof actorView>[] = [];
  for (const p of placeables) {
    const a = p.actor;
    if (!a?.uuid || a.uuid === me || seen.has(a.uuid) || !String(a.type ?? "").startsWith("wfrp_")) continue;
    if (own !== undefined && p.document?.disposition !== own) continue;
    seen.add(a.uuid);
    out.push(actorView(a as never));
  }
  return out;
}

/**
 * The GM's re-derivation of a player's test, attack or opposed-test card (chat/verify.ts): the pure
 * `firstRollMismatches` reads the card's one d100 against the rebuilt test and names every claimed
 * part (SL, success, target numbers, the targets' tests, the Fortune re-roll's test) that differs.
 */
const rederive: CheckRederive<KindRequest<WfrpCheckData>> = {
  covers(state) {
    return firstRollCard(state) !== null;
  },
  async check({ request, values, rolls, state }) {
    const actor = request.actorUuid ? await documentOf<Actor.Implementation>(request.actorUuid) : null;
    const wrong = firstRollMismatches({
      request,
      values,
      rolls,
      state,
      rules: currentRules(),
      actor: { uuid: request.actorUuid ?? "", name: actor?.name ?? "", img: actor?.img ?? "" },
    });
    if (wrong.length > 0) throw new ClaimMismatch(wrong.join(", "));
    // A test card's roll as `WfrpTestRoll` resolves it from that face (a roll request's result).
    return firstRollOutcome({ request, values, rolls, state, rules: currentRules() });
  },
};

/** At most this many helpers are offered (the dataset names each one). */
const MAX_ALLIES = 32;

/**
 * The tester's possible helpers. Built from the viewed scene (`alliesOf`) the first time, and
 * named in `dataset` (`allies` = how many, `ally<i>` = each one's uuid) so the GM, whose canvas may
 * show another scene, rebuilds the same dialog from those characters' current data.
 */
async function alliesFor(actor: Actor.Implementation, dataset: Record<string, string>): Promise<ReturnType<typeof actorView>[]> {
  if (dataset.allies === undefined) {
    const found = alliesOf(actor).slice(0, MAX_ALLIES);
    dataset.allies = String(found.length);
    found.forEach((a, i) => (dataset[`ally${i}`] = a.uuid));
    return found;
  }
  const count = Number(dataset.allies);
  if (!/^\d{1,2}$/.test(dataset.allies) || count > MAX_ALLIES)
    throw new OmnibusError("badArgument", "too many helpers", { name: "allies", value: dataset.allies });
  const out: ReturnType<typeof actorView>[] = [];
  for (let i = 0; i < count; i++) {
    const ally = await documentOf<Actor.Implementation>(String(dataset[`ally${i}`] ?? ""));
    if (!ally || !String(ally.type ?? "").startsWith("wfrp_") || ally.uuid === actor.uuid)
      throw new OmnibusError("badArgument", "no such helper", { name: "allies", value: String(dataset[`ally${i}`] ?? "") });
    out.push(actorView(ally));
  }
  return out;
}

/** A characteristic, skill, extended or attack test, from the actor and its targets (an "item" source by the item's type). */
async function buildTest(source: CheckSource): Promise<KindRequest<WfrpCheckData>> {
  {
    if (!source.actor) throw refused("NeedsActor", "a check needs an actor");
    const dataset = { ...source.dataset };
    if (source.item && !dataset.itemId) dataset.itemId = source.item.id ?? "";
    const allies = await alliesFor(source.actor, dataset);
    // The GM rebuilding a player's card (chat/verify.ts: `choices` given) takes an extended test's
    // tracker from its own record, not from the item its owner can write (extended/checks.ts).
    const view = source.choices !== undefined ? gmTrackerView(actorView(source.actor), dataset) : actorView(source.actor);
    const request = buildRequest({
      actor: view,
      kind: source.kind,
      dataset,
      targets: await targetViews(source.targets),
      rules: currentRules(),
      t: localize,
      allies,
    });
    // Where it came from, with the helpers the dialog offered, so the GM can build it again (chat/verify.ts).
    request.source = {
      kind: source.kind,
      dataset: { ...source.dataset, ...Object.fromEntries(Object.entries(dataset).filter(([k]) => /^all(y\d+|ies)$/.test(k))) },
    };
    // The test's modifier counts them (`specFor`); the dialog lists them.
    return attachEffects(request, source.actor as never, wfrpEffectKeys(checkData(request)), "number");
  }
}

/** Rolls a characteristic, skill or extended test and posts its card (an opposed one when asked). */
async function rollTest(request: KindRequest<WfrpCheckData>, values: CheckValues, { rollMode }: { rollMode: string }): Promise<unknown> {
  {
    const data = checkData(request);
    const rules = currentRules();
    const actor = request.actorUuid ? await documentOf<Actor.Implementation>(request.actorUuid) : null;
    const stepping = wfrpKindTraits(data.kind).extended && data.extended;
    // A player's step is recorded by the active GM (extended/checks.ts): without one, nothing is rolled.
    if (stepping && !gmRecordsSteps()) throw refused("ExtendedNeedsGM", "an extended test's step needs an active GM to record it");
    {
      const spec = specFor(request, values, null);
      const roll = new WfrpTestRoll(WfrpTestRoll.FORMULA, {}, {
        specs: [spec],
        testOptions: data.combat ? rules.combat : rules.test,
      } as never);
      await roll.evaluate(evaluateOptions(rollMode));
      const result = roll.outcome!.results[0];
      if (values.opposed === true && request.targets.length > 0) {
        // An Opposed Test (003:L185-199): ONE card, the defenders respond from it.
        const state = opposedStateFrom(request, values, rules, result.roll, {
          uuid: request.actorUuid ?? "",
          name: actor?.name ?? "",
          img: actor?.img ?? "",
        });
        return postCard({
          template: OPPOSED_CARD,
          context: withFortuneButton(opposedCardContext(state), { opposed: state }),
          actor,
          rolls: [roll as unknown as Roll],
          rollMode,
          flags: { opposed: state },
          origin: cardOrigin(request, values),
        });
      }
      const help = assistanceFor(data, values);
      let extended: Record<string, unknown> | null = null;
      if (stepping && data.extended) {
        // The tracker takes this roll's SL (003:L209: never below 0; the 0-SL option, 003:L219). A
        // GM's roll writes it (item and record) at once; a player's card is the claim the active GM
        // re-derives and then writes (extended/checks.ts `extendedRederive`).
        const step = extendedAfterRoll(data.extended, result, rules.extendedZeroSL);
        const item = actor?.items.get(data.extended.itemId);
        if (!item || !actor) throw refused("ItemGone", "no such extended test");
        const { itemId: _itemId, ...tracker } = data.extended;
        if (game.user?.isGM)
          await recordGMStep(item as never, actor.uuid, {
            ...tracker,
            accumulated: step.accumulated,
            rollsMade: step.rollsMade,
            status: step.status,
          });
        extended = extendedCardProgress(data.extended, step, `${actor.uuid}.Item.${data.extended.itemId}`);
      }
      const context = testCardContext({
        title: request.title,
        subtitle: request.subtitle ?? "",
        img: actor?.img ?? "",
        result,
        spec,
        difficultyLabel: difficultyLabel(spec),
        helpers: help,
        extended,
      });
      // A Fortune re-roll (src/foundry/wfrp/fortune/actions.ts) re-renders the card from what it rolled.
      const reroll =
        actor && !extended
          ? {
              actorUuid: actor.uuid,
              spec,
              options: data.combat ? rules.combat : rules.test,
              card: {
                title: request.title,
                subtitle: request.subtitle ?? "",
                img: actor.img ?? "",
                difficultyLabel: difficultyLabel(spec),
                helpers: help ?? null,
              },
            }
          : undefined;
      const test = {
        kind: data.kind,
        skill: data.skill ?? null,
        characteristic: data.characteristic,
        result,
        extended,
        ...(reroll ? { reroll } : {}),
      };
      return postCard({
        template: TEST_CARD,
        context: withFortuneButton(context, { test }),
        actor,
        rolls: [roll as unknown as Roll],
        rollMode,
        flags: { test },
        origin: cardOrigin(request, values),
      });
    }
  }
}

/** Rolls an attack against its targets and posts the attack card. */
async function rollAttack(request: KindRequest<WfrpCheckData>, values: CheckValues, { rollMode }: { rollMode: string }): Promise<unknown> {
  {
    const data = checkData(request);
    const rules = currentRules();
    const actor = request.actorUuid ? await documentOf<Actor.Implementation>(request.actorUuid) : null;
    const specs = [specFor(request, values, null), ...request.targets.map((_, i) => specFor(request, values, i))].map((s) =>
      withWeapon(s, data.weapon),
    );
    const roll = new WfrpTestRoll(WfrpTestRoll.FORMULA, {}, { specs, testOptions: rules.combat } as never);
    await roll.evaluate(evaluateOptions(rollMode));
    const state = attackState(request, values, roll.outcome!.roll, {
      uuid: request.actorUuid ?? "",
      name: actor?.name ?? "",
      img: actor?.img ?? "",
    });
    // A charge gives +1 Advantage (003:L341), capped at the Initiative Bonus if the world says so.
    if (state.charging && actor?.isOwner) {
      const view = actorView(actor);
      const current = typeof view.system.advantage === "number" ? view.system.advantage : 0;
      const cap = rules.advantageCap ? deriveActor(view.system, view.items, view.statuses).characteristics.i.bonus : undefined;
      await actor.update({ "system.advantage": advantageAfter(current, "charge", cap) } as never);
    }
    return postCard({
      template: ATTACK_CARD,
      context: withFortuneButton(attackCardContext(state), { attack: state }),
      actor,
      rolls: [roll as unknown as Roll],
      rollMode,
      flags: { attack: state },
      origin: cardOrigin(request, values),
    });
  }
}

const testKind = (roll: CheckKind<WfrpCheckData>["roll"]): CheckKind<WfrpCheckData> => ({
  build: buildTest,
  odds: (request, values) => oddsLines(request, values, currentRules()),
  roll,
  rederive,
});

/**
 * The WFRP kinds of check (by the sheet's `data-check`). An "item" or "check" source is built as the
 * test its item's type asks for (`requestKind`), so its request has that kind.
 */
export const wfrpCheckKinds = {
  characteristic: testKind(rollTest),
  skill: testKind(rollTest),
  extended: { ...testKind(rollTest), rederive: extendedRederive },
  attack: testKind(rollAttack),
  item: testKind(rollTest),
  check: testKind(rollTest),
  response: {
    build: buildResponse,
    odds: responseOdds,
    roll: (request, values, { rollMode }) => rollResponse(request, values, rollMode),
  } satisfies CheckKind<ResponseData>,
} satisfies CheckKinds;

export const wfrpChecks: CheckHandler = checksByKind({ kinds: wfrpCheckKinds });
