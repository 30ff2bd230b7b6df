/**
 * Extended tests' steps under the GM (issue 10): the running total of an extended test is the GM's.
 *
 * A tracker is an item of the tester (`wfrp_extended`), which its owner can write. So the active GM
 * keeps its own record of every tracker in the hidden world setting `omnibus.wfrp_extendedTests`
 * (item uuid → `ExtendedRecord`; only GMs write world settings, src/foundry/chat/record.ts says why
 * a world setting) and is the only writer of the item's tracker:
 *
 *  - a player's roll posts its step card and changes nothing; the GM re-derives the card
 *    (chat/verify.ts: the request rebuilt from the actor with the tracker taken from the GM's
 *    record, `gmTrackerView`; the die, SL, total, rolls made and status checked by the pure
 *    `extendedStepOf`) and only then writes the step to its record and to the item (`apply`);
 *  - a player's roll needs an active GM (nothing else could record it), a GM's roll writes both;
 *  - a GM's edit of a tracker (its sheet) is the GM's word: the record follows it;
 *  - a player's edit of a tracker's fields is put back from the record; a tracker a player creates
 *    starts at 0 SL, no rolls, in progress; at `ready` the GM records every tracker it has no
 *    record of, as it is (a tracker made while no GM was there is taken as it stands — the one
 *    thing taken on trust).
 */
import { serialQueue } from "../../../core/serial";
import { extendedTracker, type ActorView, type ExtendedTracker } from "../../../rules/wfrp/table/checks";
import {
  extendedStepOf,
  freshTracker,
  sameTracker,
  stepUpdate,
  trackerForStep,
  trackerUpdate,
  type ExtendedRecord,
} from "../../../rules/wfrp/table/rederive/cards";
import type { CheckRederive, KindRequest } from "../../ruleset";
import type { WfrpCheckData } from "../../../rules/wfrp/table/checks";
import { CardRefused, ClaimMismatch } from "../../chat/verify";
import { SYSTEM_ID } from "../../registry";
import { rulesetSettingKey, settingsStore } from "../../settings";
import { currentRules } from "../settings";

export const EXTENDED_RECORDS = rulesetSettingKey("wfrp", "extendedTests");
export const TRACKER_TYPE = "wfrp_extended";

type Records = Record<string, ExtendedRecord>;
type ItemDoc = {
  id?: string | null;
  uuid?: string;
  name?: string | null;
  type?: string;
  system?: unknown;
  _source?: { system?: unknown };
  parent?: { uuid?: string; documentName?: string } | null;
  update(data: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
};

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Registers the hidden world setting (at init). */
export function registerExtendedRecords(): void {
  settingsStore().register(SYSTEM_ID, EXTENDED_RECORDS, { scope: "world", config: false, type: Object, default: {} });
}

function readRecords(): Records {
  try {
    const value = settingsStore().get(SYSTEM_ID, EXTENDED_RECORDS);
    return isRecord(value) ? (structuredClone(value) as Records) : {};
  } catch {
    return {};
  }
}

/** The GM's record of a tracker (a copy), or null. */
export function extendedRecordOf(itemUuid: string): ExtendedRecord | null {
  return readRecords()[itemUuid] ?? null;
}

const serialized = serialQueue();

/** Writes (or, with null, drops) the GM's record of a tracker, one write after another. */
function writeRecord(itemUuid: string, record: ExtendedRecord | null): Promise<void> {
  return serialized(async () => {
    const all = readRecords();
    if (record) all[itemUuid] = record;
    else if (all[itemUuid]) delete all[itemUuid];
    else return;
    await settingsStore().set(SYSTEM_ID, EXTENDED_RECORDS, all);
  });
}

const isActiveGM = () => Boolean(game.user?.isGM && game.users?.activeGM?.id === game.user.id);
const itemUuidOf = (actorUuid: string, itemId: string) => `${actorUuid}.Item.${itemId}`;
const trackerOfDoc = (item: ItemDoc): ExtendedTracker =>
  extendedTracker({
    id: item.id ?? "",
    name: item.name ?? "",
    type: item.type ?? "",
    system: ((item._source?.system ?? item.system) as Record<string, unknown>) ?? {},
  });

/** Whether a player's roll of this request may be made: a step is the GM's to record, so an active GM must be there. */
export function gmRecordsSteps(): boolean {
  return Boolean(game.user?.isGM || game.users?.activeGM);
}

/** A GM's own step: the item and the record take it. */
export async function recordGMStep(item: ItemDoc, actorUuid: string, tracker: ExtendedTracker): Promise<void> {
  await item.update(stepUpdate(tracker));
  await writeRecord(item.uuid ?? itemUuidOf(actorUuid, item.id ?? ""), { actorUuid, tracker: strip(tracker) });
}

const strip = (tracker: ExtendedTracker & { itemId?: string }): ExtendedTracker => {
  const { itemId: _i, ...rest } = tracker;
  return rest;
};

/**
 * The actor as the GM rebuilds a player's step from it: the tracker the card names replaced by the
 * GM's record of it (`trackerForStep`). A step naming a tracker the GM records on another character
 * is refused (`StepOtherTest`), one on a test already over too (`StepAfterEnd`). Other checks pass
 * unchanged (an item the actor lacks fails the rebuild itself).
 */
export function gmTrackerView(view: ActorView, dataset: Record<string, string>): ActorView {
  const itemId = dataset.itemId ?? "";
  const item = itemId ? view.items.find((i) => i.id === itemId) : undefined;
  // A tracker id the GM knows on another character: a step claiming to continue someone else's test.
  if (!item && itemId && Object.keys(readRecords()).some((uuid) => uuid.endsWith(`.Item.${itemId}`)))
    throw new CardRefused("StepOtherTest");
  if (!item || item.type !== TRACKER_TYPE) return view;
  const record = extendedRecordOf(itemUuidOf(view.uuid, itemId));
  if (record && record.actorUuid !== view.uuid) throw new CardRefused("StepOtherTest");
  const found = trackerForStep(record, extendedTracker(item));
  if ("refused" in found) throw new CardRefused(found.refused);
  return { ...view, items: view.items.map((i) => (i === item ? { ...i, system: { ...i.system, ...found.tracker } } : i)) };
}

/**
 * The GM's re-derivation of a player's extended-test step (chat/verify.ts): `check` refuses what the
 * pure `extendedStepOf` refuses and answers the roll's outcome (with the tracker after the step);
 * `apply` writes that step to the GM's record and to the item, once (cards are verified one at a time).
 */
export const extendedRederive: CheckRederive<KindRequest<WfrpCheckData>> = {
  covers(state) {
    return isRecord(state.test) && state.test.kind === "extended";
  },
  check({ request, values, rolls, state }) {
    const itemUuid = itemUuidOf(request.actorUuid ?? "", request.data.extended?.itemId ?? "");
    const step = extendedStepOf({ request, values, rolls, state, rules: currentRules(), itemUuid });
    if ("refused" in step) {
      if (step.refused === "Result") throw new ClaimMismatch("test");
      throw new CardRefused(step.refused);
    }
    return { roll: step.roll, results: [step.result], extendedTracker: step.tracker };
  },
  async apply({ request, outcome }) {
    const tracker = (outcome as { extendedTracker?: ExtendedTracker } | null)?.extendedTracker;
    const actorUuid = request.actorUuid ?? "";
    const itemId = request.data.extended?.itemId ?? "";
    if (!tracker || !actorUuid || !itemId) return;
    await writeRecord(itemUuidOf(actorUuid, itemId), { actorUuid, tracker });
    const actor = (await fromUuid(actorUuid as never)) as { items?: { get(id: string): unknown } } | null;
    const item = actor?.items?.get(itemId) as ItemDoc | undefined;
    if (item) await item.update(stepUpdate(tracker));
  },
};

const TRACKER_KEYS = ["skill", "characteristic", "difficulty", "requiredSL", "accumulated", "rollsMade", "maxRolls", "status"];

function ownerUuid(item: ItemDoc): string | null {
  const parent = item.parent;
  return parent?.uuid && (parent.documentName ?? "Actor") === "Actor" ? parent.uuid : null;
}

/**
 * `updateItem(item, changed, options, userId)` on the active GM: a GM's change of a tracker becomes
 * the record; a player's change of its fields is put back from the record.
 */
export async function onTrackerUpdated(item: ItemDoc, changed: unknown, userId: string): Promise<void> {
  if (!isActiveGM() || item?.type !== TRACKER_TYPE) return;
  const system = isRecord(changed) && isRecord(changed.system) ? changed.system : {};
  if (!TRACKER_KEYS.some((k) => Object.hasOwn(system, k))) return;
  const actorUuid = ownerUuid(item);
  if (!actorUuid) return;
  const itemUuid = item.uuid ?? itemUuidOf(actorUuid, item.id ?? "");
  const byGM = Boolean((game.users?.get(userId) as { isGM?: boolean } | undefined)?.isGM);
  const record = extendedRecordOf(itemUuid);
  const now = trackerOfDoc(item);
  if (byGM || !record) {
    if (!record || !sameTracker(record.tracker, now)) await writeRecord(itemUuid, { actorUuid, tracker: now });
    return;
  }
  if (sameTracker(record.tracker, now)) return;
  console.warn(`Omnibus | a player changed the extended test ${itemUuid}: put back as the GM recorded it`);
  await item.update(trackerUpdate(record.tracker));
}

/** `createItem(item, options, userId)` on the active GM: a tracker is recorded; a player's starts at the beginning. */
export async function onTrackerCreated(item: ItemDoc, userId: string): Promise<void> {
  if (!isActiveGM() || item?.type !== TRACKER_TYPE) return;
  const actorUuid = ownerUuid(item);
  if (!actorUuid) return;
  const byGM = Boolean((game.users?.get(userId) as { isGM?: boolean } | undefined)?.isGM);
  const now = trackerOfDoc(item);
  const tracker = byGM ? now : freshTracker(now);
  await writeRecord(item.uuid ?? itemUuidOf(actorUuid, item.id ?? ""), { actorUuid, tracker });
  if (!sameTracker(tracker, now)) await item.update(trackerUpdate(tracker));
}

/** `deleteItem(item)` on the active GM: the record of a deleted tracker goes too. */
export async function onTrackerDeleted(item: ItemDoc): Promise<void> {
  if (!isActiveGM() || item?.type !== TRACKER_TYPE) return;
  const actorUuid = ownerUuid(item);
  if (actorUuid) await writeRecord(item.uuid ?? itemUuidOf(actorUuid, item.id ?? ""), null);
}

/** At `ready` on the active GM: every world actor's tracker without a record is recorded as it is. */
export async function adoptTrackers(): Promise<void> {
  if (!isActiveGM()) return;
  const records = readRecords();
  const actors = ((game.actors as unknown as { contents?: unknown[] } | undefined)?.contents ?? []) as Array<{
    uuid: string;
    items?: { contents?: unknown[] };
  }>;
  for (const actor of actors)
    for (const item of (actor.items?.contents ?? []) as ItemDoc[]) {
      if (item.type !== TRACKER_TYPE) continue;
      const uuid = item.uuid ?? itemUuidOf(actor.uuid, item.id ?? "");
      if (!records[uuid]) await writeRecord(uuid, { actorUuid: actor.uuid, tracker: trackerOfDoc(item) });
    }
}

/** The hooks of the GM's trackers (at ready); each answers its promise (Foundry does not wait for it, the tests do). */
export function registerTrackerHooks(): void {
  Hooks.on("updateItem", ((item: ItemDoc, changed: unknown, _options: unknown, userId: string) =>
    onTrackerUpdated(item, changed, String(userId ?? "")).catch((e) => console.error("Omnibus | extended test", e))) as never);
  Hooks.on("createItem", ((item: ItemDoc, _options: unknown, userId: string) =>
    onTrackerCreated(item, String(userId ?? "")).catch((e) => console.error("Omnibus | extended test", e))) as never);
  Hooks.on("deleteItem", ((item: ItemDoc) => onTrackerDeleted(item).catch((e) => console.error("Omnibus | extended test", e))) as never);
}
