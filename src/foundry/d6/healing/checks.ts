/**
 * D6 healing at the table (§25): natural healing from the sheet's wound selector, medpacs and bacta
 * tanks from the sheet's medical items, used on the targeted token's actor (or on oneself without a
 * target). The roll goes through the roll dialog and posts a card; the result is then applied to
 * the patient as ONE update through the chat-action plumbing (`d6ApplyHealing`: locally when the
 * user owns the patient, else by the active GM over the socket; once per card). The card asks for
 * it right away; its button stays for a retry (no GM connected).
 */
import { OmnibusError, refused } from "../../../core/errors";
import { formatDieCode, rollD6, rollPlainDice } from "../../../rules/d6";
import { requestChatAction, userOwns, documentOf } from "../../chat/actions";
import { cardOrigin, postCard } from "../../chat/cards";
import { ClaimMismatch, assertSpender, expectClaim, gmSpends } from "../../chat/verify";
import { diceFromRoll } from "../../../rules/table/faces";
import { readSettings } from "../settings";
import { explainHealing } from "../../../rules/d6/explain";
import { localize, notify } from "../../i18n";
import { templatePath } from "../../templates/helpers";
import type { ChatActionContext, CheckRederive, CheckSource, CheckValues, DocumentChange, KindRequest } from "../../ruleset";
import { diceFaces } from "../../../rules/d6/table/cards";
import { actorSpendRefusal, pointsSpend, spendClaimOf, woundLevelOf, type D6ActorData } from "../../../rules/d6/table/checks";
import { type D6Settings } from "../../../rules/d6/table/settings";
import {
  MEDICAL_CHECKS,
  healingCard,
  healingData,
  healingResultOf,
  healingTimeDice,
  healingTraits,
  isRefusal,
  medicalKind,
  naturalHealingCheck,
  planHealing,
  resolveHealing,
  type HealingCheckData,
  type HealingData,
  type HealingResult,
  type HealingRoll,
  type Patient,
  type Refusal,
  type ResolvedHealing,
} from "../../../rules/d6/table/healing/checks";
import { D6PlainRoll, D6Roll, type D6RollSpec } from "../rolls";
import { evaluateOptions } from "../../compat";

const CHECK_CARD_PATH = templatePath("d6/chat/check-card");

type Doc = {
  uuid: string;
  name: string;
  type: string;
  img?: string | null;
  system: Record<string, unknown>;
  update(d: Record<string, unknown>): Promise<unknown>;
  statuses?: Set<string>;
};

/** World time in seconds (0 without a game clock). */
export function worldTime(): number {
  const t = Number((game as unknown as { time?: { worldTime?: number } }).time?.worldTime ?? 0);
  return Number.isFinite(t) ? Math.floor(t) : 0;
}

function refuse(r: Refusal): null {
  notify("warn", r.refused, r.data);
  return null;
}

/** Whether an actor is knocked out (its `unconscious` status). */
export function isUnconscious(actor: { statuses?: Set<string> | null } | null | undefined): boolean {
  return Boolean(actor?.statuses?.has?.("unconscious"));
}

/**
 * The `naturalHealing` request a sheet button builds: the actor heals itself. A GM may skip the rest
 * between rolls, but not when rebuilding a player's card (`rebuilding`): the player's rest counts.
 */
export function buildNaturalHealing(healer: D6ActorData, rebuilding = false): KindRequest<HealingCheckData> | null {
  const now = worldTime();
  {
    const request = naturalHealingCheck(healer, now, Boolean(game.user?.isGM) && !rebuilding, localize("OMNIBUS.D6.Healing.Natural"));
    return isRefusal(request) ? refuse(request) : request;
  }
}

/** The `medical` request: a medpac or bacta-tank item of the actor, used on the one targeted token's actor or oneself. */
export async function buildHealing(
  source: CheckSource,
  healer: D6ActorData,
  toData: (doc: never) => D6ActorData,
  settings: D6Settings,
): Promise<KindRequest<HealingCheckData> | null> {
  const now = worldTime();
  // The GM rebuilds from the item as it is: the medpac is used up by the GM once the card holds.
  const item = healer.items.find((i) => i.id === source.dataset.itemId);
  const kind = item ? medicalKind(item) : null;
  if (!item || !kind) throw refused("ItemGone", "no such medical item");
  if (source.targets.length > 1) return refuse({ refused: "OMNIBUS.D6.Healing.OnePatient" });
  const target = source.targets[0];
  let patient: Patient;
  if (target) {
    const doc = await documentOf<Doc>(target.actorUuid);
    if (!doc || !String(doc.type).startsWith("d6_") || doc.type === "d6_vehicle")
      return refuse({ refused: "OMNIBUS.D6.Healing.NotAPatient", data: { name: target.name } });
    patient = { ...toData(doc as never), unconscious: isUnconscious(doc) };
  } else {
    patient = { ...healer, unconscious: isUnconscious(source.actor as never) };
  }
  const request = MEDICAL_CHECKS[kind].check(healer, item, patient, now, settings);
  if (isRefusal(request)) return refuse(request);
  // The patient's token travels in the card's origin, so the GM finds it on its scene (verify.ts).
  if (target) request.targets = [{ ...target }];
  return request;
}

/** The healer's roll: the code the dialog's values give, with the Wild Die, under the table's settings. */
function healingSpec(data: HealingCheckData, v: ResolvedHealing, settings: D6Settings): D6RollSpec {
  return {
    code: v.code,
    wildDie: true,
    wildOne: settings.wildOne,
    characterPoints: v.characterPoints,
    kind: data.rollKind,
    allowPipsOnly: settings.allowPipsOnly,
  };
}

/** Rolls a healing request, spends the healer's CP and the medpac, posts the card and asks to apply it. */
export async function rollHealing(
  request: KindRequest<HealingCheckData>,
  values: CheckValues,
  options: { rollMode: string },
  settings: D6Settings,
): Promise<unknown> {
  const data = healingData(request);
  const h = data.healing;
  const v = resolveHealing(request, values, settings);
  const healer = await documentOf<Doc>(request.actorUuid);
  const patient = await documentOf<Doc>(h.patientUuid);
  if (!patient) throw refused("TargetGone", "the patient no longer exists", { name: h.patientName });
  let item: Doc | null = null;
  if (healingTraits(h.kind).usesItem) {
    item = await documentOf<Doc>(h.itemUuid);
    if (!item || Number(item.system.quantity ?? 0) <= 0)
      return refuse({ refused: "OMNIBUS.D6.Healing.NoneLeft", data: { item: item?.name ?? "" } });
  }
  // A player's healing leaves the healer's CP and the medpac to the active GM (none there: not rolled).
  assertSpender(true, v.characterPoints > 0 || item !== null);
  const main = D6Roll.fromSpec(healingSpec(data, v, settings));
  await main.evaluate(evaluateOptions(options.rollMode));
  const outcome = main.outcome!;
  const rolls: Roll[] = [main as unknown as Roll];
  const stamp: HealingData = { ...h, now: worldTime() };
  const difficulty = v.difficulty ?? 0;
  let tankTime: HealingRoll["tankTime"] = null;
  const timeDice = healingTimeDice(stamp, outcome.total, difficulty);
  if (timeDice) {
    const time = D6PlainRoll.ofDice(timeDice.dice);
    await time.evaluate(evaluateOptions(options.rollMode));
    rolls.push(time as unknown as Roll);
    tankTime = { amount: time.outcome!.total, unit: timeDice.unit };
  }
  const result = healingResultOf(stamp, { total: outcome.total, difficulty, patientLevel: woundLevelOf(patient.system), tankTime });
  const context = healingCard(
    request,
    stamp,
    result,
    {
      dice: diceFaces(outcome),
      total: outcome.total,
      code: formatDieCode(v.code),
      characterPoints: v.characterPoints,
      difficulty: v.difficulty,
      complication: outcome.complication,
      img: healer?.img ?? "",
    },
    localize,
  );
  // Explain (issue 14): the roll and why it healed, never a hidden difficulty (the card goes to every client).
  context.explain = explainHealing(outcome, h.kind, String(h.patientState), settings.hideDifficulty ? null : v.difficulty, result);
  if (!settings.hideDifficulty || game.user?.isGM) {
    /* keep the difficulty line */
  } else context.lines = context.lines.filter((l) => !l.secret);
  // A player's healing leaves the healer's Character Points to the GM, who spends them once the card holds (chat/verify.ts).
  if (healer && v.characterPoints > 0 && !gmSpends(true))
    await healer.update({ "system.characterPoints": data.characterPointsAvailable - v.characterPoints });
  if (item && !gmSpends(true)) await item.update({ "system.quantity": Math.max(0, Number(item.system.quantity ?? 0) - 1) });
  const message = await postCard({
    template: CHECK_CARD_PATH,
    context,
    actor: healer as never,
    rolls,
    rollMode: options.rollMode,
    flags: { d6: { healing: { ...stamp, healerUuid: request.actorUuid ?? null, result } } },
    origin: healingOrigin(request, values, h),
  });
  if (message?.id) void requestChatAction(message, "d6ApplyHealing", null);
  return message;
}

/**
 * The card's origin: the request's, with the patient another actor is treating as its one target
 * (the rebuild reads it): the targeted token when there was one, which the GM finds on its scene;
 * else the patient named by its actor alone, which the GM takes only from the patient's owner.
 */
function healingOrigin(request: KindRequest<HealingCheckData>, values: CheckValues, h: HealingData) {
  const origin = cardOrigin(request, values);
  if (origin && h.patientUuid && h.patientUuid !== request.actorUuid && origin.targets[0]?.actorUuid !== h.patientUuid)
    origin.targets = [{ tokenUuid: "", actorUuid: h.patientUuid, name: h.patientName, img: "", distance: null, units: "" }];
  return origin;
}

/** Who may ask to apply a healing card: a GM, or its author when they own the healer (the GM checks both). */
export function healerPermitted({ user, authorId, state }: ChatActionContext): boolean {
  if (user.isGM) return true;
  const healing = (state.d6 as Record<string, unknown> | undefined)?.healing as { healerUuid?: string | null } | undefined;
  return authorId === user.id && Boolean(healing?.healerUuid) && userOwns(healing!.healerUuid!, user);
}

/** `d6ApplyHealing`: the patient's ONE update from the card's recorded result (planned on the GM from its record). */
export async function planApplyHealing({ state }: ChatActionContext): Promise<DocumentChange[]> {
  const healing = (state.d6 as Record<string, unknown> | undefined)?.healing as (HealingData & { result: HealingResult }) | undefined;
  if (!healing?.result) throw refused("WrongCard", "this card has no healing result");
  const patient = await documentOf<Doc>(healing.patientUuid);
  if (!patient) throw refused("TargetGone", "the patient no longer exists", { name: healing.patientName });
  const planned = planHealing(healing, healing.result, patient.system, isUnconscious(patient));
  return [{ uuid: patient.uuid, update: planned.update, statuses: planned.statuses }];
}

/** How far back a card's world time may be from the GM's when it is recorded (seconds). */
const STAMP_SLACK_S = 600;

/**
 * The GM's re-derivation of a healing card (§25): the code planned from the rebuilt request and the
 * choices, the first Roll read by `rollD6` (every face used), and the result computed again —
 * natural healing's band, the medpac against the patient's current wound level, the bacta tank's
 * success and its time dice (the second Roll). The card's world time (it sets the next rest) must be
 * no later than the GM's and at most ten minutes earlier. The recorded healing must be exactly that.
 */
export const healingRederive: CheckRederive<KindRequest<HealingCheckData>> = {
  covers(state) {
    return Boolean((state.d6 as { healing?: unknown } | undefined)?.healing);
  },
  async check({ request, values, rolls, state }) {
    const settings = readSettings();
    const data = healingData(request);
    const h = data.healing;
    const v = resolveHealing(request, values, settings);
    // The rules set the medpac's and the bacta tank's difficulty (by the patient's injury): a
    // player may make it harder in the dialog, never easier (only the GM's own cards may lower it).
    if (v.difficulty !== null && data.difficulty !== null && v.difficulty < data.difficulty)
      throw new OmnibusError("outOfRange", "the difficulty is below the rules' number", {
        name: "difficulty",
        value: v.difficulty,
        min: data.difficulty,
        max: 200,
      });
    const spec = healingSpec(data, v, settings);
    const dice = diceFromRoll(rolls[0] as never);
    const outcome = rollD6(spec.code, dice, spec);
    dice.assertExhausted();
    const d6 = state.d6 as Record<string, unknown>;
    // A healing card offers healing only: no attack, movement or "CP after the roll" beside it.
    for (const other of ["attack", "movement", "cpAfter"]) if (d6[other]) throw new ClaimMismatch(other);
    const claimed = (d6.healing ?? {}) as Record<string, unknown>;
    const now = Number(claimed.now);
    const gmNow = worldTime();
    if (!Number.isInteger(now) || now > gmNow || now < gmNow - STAMP_SLACK_S) throw new ClaimMismatch("now");
    const stamp: HealingData = { ...h, now };
    const patient = await documentOf<Doc>(h.patientUuid);
    if (!patient) throw new ClaimMismatch("patient");
    const difficulty = v.difficulty ?? 0;
    let tankTime: HealingRoll["tankTime"] = null;
    const timeDice = healingTimeDice(stamp, outcome.total, difficulty);
    if (timeDice) {
      const extra = diceFromRoll(rolls[1] as never);
      tankTime = { amount: rollPlainDice(timeDice.dice, extra).total, unit: timeDice.unit };
      extra.assertExhausted();
    }
    const result = healingResultOf(stamp, { total: outcome.total, difficulty, patientLevel: woundLevelOf(patient.system), tankTime });
    if (rolls.length !== (timeDice ? 2 : 1)) throw new OmnibusError("facesUnused", "the card's rolls are not this healing's", {});
    expectClaim("healing", claimed, { ...stamp, healerUuid: request.actorUuid ?? null, result });
  },
  refuseSpend({ source, seenCreated }) {
    const actor = source.actor as unknown as (Doc & { items?: { get(id: string): Doc | undefined } }) | null;
    if (!actor) return null;
    const item = source.dataset.itemId ? (actor.items?.get(source.dataset.itemId) ?? null) : null;
    const kind = item ? medicalKind(item as never) : null;
    const usesItem = kind ? healingTraits(MEDICAL_CHECKS[kind].healing).usesItem : false;
    return actorSpendRefusal(
      { ...(actor as never as D6ActorData), system: actor.system },
      spendClaimOf(source.choices, usesItem ? 1 : 0),
      seenCreated,
      usesItem ? item : null,
    );
  },
  async spend({ request, values }) {
    const v = resolveHealing(request, values, readSettings());
    const data = healingData(request);
    const changes: DocumentChange[] = [];
    const points = pointsSpend({ ...data, forcePointsAvailable: 0 }, { characterPoints: v.characterPoints, forcePoint: false });
    if (request.actorUuid && Object.keys(points).length > 0) changes.push({ uuid: request.actorUuid, update: points });
    // A medpac is used up (§25); refuseSpend saw at least one left.
    if (healingTraits(data.healing.kind).usesItem && data.healing.itemUuid) {
      const item = await documentOf<Doc>(data.healing.itemUuid);
      if (item) changes.push({ uuid: item.uuid, update: { "system.quantity": Math.max(0, Number(item.system.quantity ?? 0) - 1) } });
    }
    return changes;
  },
};
