/**
 * The one chat-card layer (issue 10). The trust model in short (README.md has it in full):
 *
 *  - A click on a card's `[data-action]` button names the message, the action and the button's
 *    `data-target` — nothing else. A local action (`run`: roll damage, open a defence dialog) runs
 *    on the clicking client. A changing action (`plan`) is applied ONLY by the active GM: its own
 *    clicks directly, everyone else's (players, other GMs) as a request over `system.omnibus`.
 *  - The GM takes the sender from the socket listener's second argument (the user id Foundry's
 *    server supplies), never from the data; `CONFIG.queries`/`User#query` are not used because
 *    they do not tell who sent (foundryvtt/foundryvtt#13418).
 *  - When a card is created, the active GM's `createChatMessage` hook records it (record.ts): the
 *    author the server reported, the card's state and rolls. Actions read that record, not the
 *    message, which its author may edit; an edit by a non-GM (`updateChatMessage` names who) marks
 *    the record tampered and its actions are refused.
 *  - A second roll on the same card (a defence, an opposed test, a contest side, a resistance) is a
 *    response message the responder creates with their Roll (`postResponse`); the GM reads its dice
 *    and re-derives the rest from the responder's actor; the outcome is an amendment of the GM's
 *    record, and every client renders the card from the record (`bindChatCard`).
 *  - Exactly once: one lock per (message, action, target) on the active GM, a pending mark in the
 *    record before the change and the completed mark (with before/after values) after it. The GM
 *    can undo a mark from the card (a delta), apply with ½/×2/a custom amount or to the selected
 *    tokens; the card shows who applied what, when.
 */
import { refused } from "../../core/errors";
import { applyMessageMode, messageCreateOptions, responseMode } from "../compat";
import { errorNotice, isOmnibusError, localize, notify, notifyError } from "../i18n";
import { SYSTEM_ID, activeRuleset } from "../registry";
import type { ChatAction, ChatActionContext, DocumentChange, PlannedAction, ResponseContext } from "../ruleset";
import { settingsStore } from "../settings";
import {
  markKey,
  log,
  readLog,
  recordOf,
  registerRecordSettings,
  updateRecord,
  type AppliedChange,
  type CardRecord,
  type LogEntry,
  type Mark,
  type QueuedRequest,
} from "./record";
import {
  RateLimiter,
  RequestError,
  parseGMControl,
  parseRequest,
  type ChatActionAnswer,
  type ChatActionRequest,
  type GMControlRequest,
  type Override,
} from "./requests";
import { logView, recordView } from "./record-view";
import { verifyCard, type VerifiedCard } from "./verify";
import { templatePath } from "../templates/helpers";
import { allowApply, announceApply, type ApplyActionPayload } from "./action-hooks";
import { sharedAction } from "./shared-actions";

export type { ChatActionAnswer, ChatActionRequest };
export const SOCKET_NAME = `system.${SYSTEM_ID}`;
export const ANSWER_TIMEOUT_MS = 10_000;
export const WHO_MAY_APPLY = "whoMayApply";
export type WhoMayApply = "owners" | "approval" | "gm";

type Message = ChatMessage.Implementation;
type UserDoc = User.Implementation;
type Notice = NonNullable<ChatActionAnswer["notice"]>;

/** A refusal with the notice the asker sees. */
class Refusal extends Error {
  constructor(readonly notice: Notice) {
    super(notice.key);
  }
}
const refuse = (key: string, data?: Record<string, string | number>): never => {
  throw new Refusal({ key: `OMNIBUS.Chat.${key}`, ...(data ? { data } : {}) });
};

// ---------------------------------------------------------------------------------------------
// Reading a card (one copy for every ruleset)

/** The card's state: the GM's record when there is one, else the message's `flags.omnibus` (display only). */
export function cardStateOf(message: Message): Record<string, unknown> {
  const record = recordOf(message.id);
  if (record) return record.state;
  return structuredClone(((message.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] ?? {}) as Record<string, unknown>);
}

/** Whether `user` owns a document (by uuid or the document): a GM owns everything. */
export function userOwns(doc: unknown, user: UserDoc | null | undefined): boolean {
  if (!user) return false;
  if (user.isGM) return true;
  const d = (typeof doc === "string" ? fromUuidSync(doc as never) : doc) as {
    testUserPermission?(u: unknown, level: string): boolean;
  } | null;
  return Boolean(d?.testUserPermission?.(user, "OWNER"));
}

/** Resolves a document by uuid (null when gone). */
export async function documentOf<T = Record<string, unknown>>(uuid: string | null | undefined): Promise<T | null> {
  if (!uuid) return null;
  return ((await fromUuid(uuid as never)) as T | null) ?? null;
}

function lookupAction(name: string): ChatAction | undefined {
  const actions = activeRuleset()?.chatActions ?? {};
  return Object.hasOwn(actions, name) ? actions[name] : sharedAction(name);
}

function isActiveGM(): boolean {
  const me = game.user;
  return Boolean(me?.isGM && game.users?.activeGM?.id === me.id);
}

function whoMayApply(): WhoMayApply {
  try {
    const v = settingsStore().get(SYSTEM_ID, WHO_MAY_APPLY);
    return v === "approval" || v === "gm" ? v : "owners";
  } catch {
    return "owners";
  }
}

function isApplied(record: CardRecord | null, key: string): boolean {
  const mark = record?.marks[key];
  return Boolean(mark && mark.status !== "undone");
}

/** Whether an action (and target) of a card has been applied (or is being applied), per the GM's record. */
export function isMarked(message: Message, action: string, target: string | null = null): boolean {
  return isApplied(recordOf(message.id), markKey(action, target));
}

// ---------------------------------------------------------------------------------------------
// Taking the record (active GM)

const recording = new Map<string, Promise<CardRecord | null>>();

function rollSources(message: Message): string[] {
  const rolls = ((message as unknown as { _source?: { rolls?: unknown[] } })._source?.rolls ??
    (message as unknown as { rolls?: unknown[] }).rolls ??
    []) as unknown[];
  return rolls.map((r) => (typeof r === "string" ? r : JSON.stringify(r)));
}

/** The message's Roll objects (what the re-derivation reads faces from). */
function rollsOf(message: Message): unknown[] {
  return [...(((message as unknown as { rolls?: unknown[] }).rolls ?? []) as unknown[])];
}

function newRecord(message: Message, authorId: string): CardRecord {
  const flags = structuredClone(((message.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] ?? {}) as Record<string, unknown>);
  return {
    v: 1,
    messageId: message.id!,
    authorId,
    ruleset: String(flags.ruleset ?? ""),
    created: Date.now(),
    state: flags,
    rolls: rollSources(message),
    amendments: [],
    tampered: null,
    marks: {},
    queue: [],
  };
}

function isCard(message: Message): boolean {
  const flags = (message.flags as Record<string, Record<string, unknown> | undefined> | undefined)?.[SYSTEM_ID];
  return Boolean(flags?.ruleset) && !flags?.response && !flags?.secret;
}

/** `createChatMessage(message, options, userId)` on the active GM: records an Omnibus card, or takes a response as a request. */
export async function onCreateMessage(message: Message, _options: unknown, userId: string): Promise<void> {
  if (!isActiveGM() || !message?.id) return;
  const response = ((message.flags as Record<string, Record<string, unknown> | undefined> | undefined)?.[SYSTEM_ID]?.response ??
    null) as Record<string, unknown> | null;
  if (response) {
    await handleResponse(message, response, userId);
    return;
  }
  if (!isCard(message)) return;
  // A creation seen again (a replayed hook) re-derives and spends nothing: one record, one spend.
  if (recording.has(message.id) || recordOf(message.id)) return;
  const pending = (async () => {
    // The card's own roll re-derived from the author's actor (verify.ts) before it is recorded.
    const fresh = newRecord(message, userId);
    const { forged, verified } = await verifyCard(fresh.state, rollsOf(message), userId);
    if (forged) fresh.tampered = { by: userId, at: Date.now(), forged };
    let first = false;
    const stored = await updateRecord(message.id!, (existing) => {
      first = !existing;
      return existing ?? fresh;
    });
    if (forged)
      await log({
        kind: "tampered",
        messageId: message.id!,
        action: "create",
        target: null,
        userId,
        reason: `OMNIBUS.Chat.Forged.${forged}`,
        reasonData: { name: userName(userId) },
      });
    // What other parts make of a card once it is recorded (a roll request's result), once per card.
    if (stored && first) for (const follow of followUps) await followUp(follow, { message, record: stored, verified });
    return stored;
  })();
  recording.set(message.id, pending);
  try {
    await pending;
  } catch (error) {
    console.error("Omnibus | the card could not be recorded", error);
  } finally {
    recording.delete(message.id);
  }
}

/** A card as the active GM has just recorded it: `verified` when it was re-derived and holds (chat/verify.ts). */
export interface RecordedCard {
  message: Message;
  record: CardRecord;
  verified: VerifiedCard | null;
}
type FollowUp = (card: RecordedCard) => Promise<void> | void;
const followUps: FollowUp[] = [];

/** Registers what the active GM does with a card once it is recorded at creation (never for a card recorded late). */
export function onCardRecorded(fn: FollowUp): void {
  followUps.push(fn);
}

async function followUp(fn: FollowUp, card: RecordedCard): Promise<void> {
  try {
    await fn(card);
  } catch (error) {
    console.error("Omnibus | a recorded card's follow-up failed", error);
  }
}

/**
 * The active GM amends a card's record from what another card showed (a player's roll for a roll
 * request, `fromId`): `change` gets the record's state and returns the new one, or null to leave it.
 * It runs under the card's lock for (action, target) and marks that key done, so it happens once,
 * and a click on the same key afterwards is refused as already applied. The apply hooks are called
 * as for a click (no document changes; `responseId` is `fromId`). Answers "done", "cancelled" (a
 * preApplyAction handler said no) or "taken" (already applied, being applied, the card gone or
 * tampered, or `change` declined).
 */
export async function amendFromCard(
  messageId: string,
  action: string,
  target: string | null,
  asked: { userId: string; fromId: string; summary?: Mark["summary"] },
  change: (state: Record<string, unknown>) => Record<string, unknown> | null,
): Promise<"done" | "cancelled" | "taken"> {
  const key = markKey(action, target);
  const lock = `${messageId}|${key}`;
  const current = recordOf(messageId);
  if (!isActiveGM() || !current || current.tampered || isApplied(current, key) || locks.has(lock)) return "taken";
  const summary = asked.summary ?? null;
  const hooked: ApplyActionPayload = {
    ruleset: current.ruleset,
    messageId,
    action,
    target,
    userId: asked.userId,
    gmId: game.user!.id!,
    changes: [],
    summary,
    override: null,
    responseId: asked.fromId,
  };
  if (!allowApply(hooked)) return "cancelled";
  locks.add(lock);
  try {
    let amended = false;
    await updateRecord(messageId, (r) => {
      if (!r || r.tampered || isApplied(r, key)) return null;
      const state = change(structuredClone(r.state));
      if (!state) return null;
      amended = true;
      const at = Date.now();
      const by = asked.userId;
      const mark: Mark = { action, target, status: "done", by, appliedBy: game.user!.id!, at, changes: [], summary };
      return { ...r, state, marks: { ...r.marks, [key]: mark }, amendments: [...r.amendments, { action, target, by, at }] };
    });
    if (!amended) return "taken";
    await log({ kind: "applied", messageId, action, target, userId: asked.userId });
    announceApply(hooked, "done", []);
    return "done";
  } finally {
    locks.delete(lock);
  }
}

/** `updateChatMessage(message, changes, options, userId)` on the active GM: a change by a non-GM marks the card tampered. */
export async function onUpdateMessage(message: Message, _changes: unknown, _options: unknown, userId: string): Promise<void> {
  if (!isActiveGM() || !message?.id) return;
  const user = game.users?.get(userId) as UserDoc | undefined;
  if (user?.isGM) return;
  if (!recordOf(message.id)) return;
  await updateRecord(message.id, (r) => (r ? { ...r, tampered: r.tampered ?? { by: userId, at: Date.now() } } : null));
  await log({ kind: "tampered", messageId: message.id, action: "", target: null, userId });
}

/** `deleteChatMessage(message, options, userId)`: the record stays (the log needs it) but nothing more applies. */
export async function onDeleteMessage(message: Message, _options: unknown, userId: string): Promise<void> {
  if (!isActiveGM() || !message?.id || !recordOf(message.id)) return;
  await updateRecord(message.id, (r) => (r ? { ...r, tampered: { by: userId, at: Date.now(), deleted: true } } : null));
  await log({ kind: "tampered", messageId: message.id, action: "delete", target: null, userId });
}

/**
 * The record of a message, waiting for one being taken. A card the GM did not see created (the GM
 * joined later) is recorded now only if Foundry says it was never modified (`_stats`), with the
 * author Foundry stored; otherwise it is refused.
 */
async function recordFor(message: Message): Promise<CardRecord> {
  await recording.get(message.id!);
  const existing = recordOf(message.id);
  if (existing) return existing;
  const stats = (message as unknown as { _stats?: { createdTime?: number | null; modifiedTime?: number | null } })._stats;
  const author = (message as unknown as { author?: { id?: string } | null }).author?.id;
  if (!isCard(message) || !author || !stats?.createdTime || stats.modifiedTime !== stats.createdTime) refuse("NotRecorded");
  const fresh = newRecord(message, author!);
  const { forged } = await verifyCard(fresh.state, rollsOf(message), author!, false);
  if (forged) fresh.tampered = { by: author!, at: Date.now(), forged };
  const made = await updateRecord(message.id!, (r) => r ?? fresh);
  if (!made) refuse("NotRecorded");
  return made!;
}

// ---------------------------------------------------------------------------------------------
// Applying (active GM)

/** Locks of (message, action, target) being applied on this client (the active GM). */
const locks = new Set<string>();
const limiter = new RateLimiter();

function readPath(doc: unknown, path: string): unknown {
  let node: unknown = doc;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node === undefined ? undefined : structuredClone(node);
}

type Changeable = {
  uuid: string;
  name?: string;
  statuses?: Set<string>;
  update(d: Record<string, unknown>): Promise<unknown>;
  toggleStatusEffect(id: string, o: { active: boolean }): Promise<unknown>;
};

async function changeableOf(uuid: string): Promise<Changeable> {
  const doc = await documentOf<Changeable>(uuid);
  if (!doc) throw refused("DocumentGone", `no document ${uuid}`);
  return doc;
}

function beforeOf(doc: Changeable, change: DocumentChange): AppliedChange {
  const before: Record<string, unknown> = {};
  for (const path of Object.keys(change.update ?? {})) before[path] = readPath(doc, path) ?? null;
  const statusesBefore: Record<string, boolean> = {};
  for (const id of Object.keys(change.statuses ?? {})) statusesBefore[id] = Boolean(doc.statuses?.has(id));
  return {
    uuid: change.uuid,
    name: String(doc.name ?? ""),
    before,
    after: { ...(change.update ?? {}) },
    statusesBefore,
    statuses: { ...(change.statuses ?? {}) },
  };
}

async function applyOne(doc: Changeable, update: Record<string, unknown>, statuses: Record<string, boolean>): Promise<void> {
  if (Object.keys(update).length > 0) await doc.update(update);
  for (const [status, active] of Object.entries(statuses)) await doc.toggleStatusEffect(status, { active });
}

function normalize(planned: DocumentChange[] | PlannedAction): PlannedAction {
  return Array.isArray(planned) ? { changes: planned } : { changes: planned.changes ?? [], state: planned.state, summary: planned.summary };
}

interface Asked {
  message: Message;
  action: string;
  target: string | null;
  user: UserDoc;
  override?: Override | null;
  response?: ResponseContext | null;
  /** Approved from the GM's queue: the approval step is done. */
  approved?: boolean;
}

function contextOf(asked: Asked, record: CardRecord): ChatActionContext {
  return {
    message: asked.message,
    user: asked.user,
    target: asked.target,
    state: structuredClone(record.state),
    authorId: record.authorId,
    response: asked.response ?? null,
    override: asked.override ?? null,
  };
}

function defaultPermitted({ user, authorId }: ChatActionContext): boolean {
  return user.isGM || authorId === user.id;
}

/** The GM's checks and the application. Returns what the asker is told; throws Refusal. */
async function applyAsGM(asked: Asked): Promise<{ ok: boolean; queued?: boolean; notice?: Notice | null }> {
  const { message, user } = asked;
  const action = lookupAction(asked.action);
  if (!action?.plan || Boolean(action.response) !== Boolean(asked.response)) refuse("Unknown");
  const record = await recordFor(message);
  if (record.tampered)
    refuse(
      record.tampered.deleted ? "Unknown" : record.tampered.forged ? `Forged.${record.tampered.forged}` : "Tampered",
      record.tampered.forged ? { name: userName(record.authorId) } : undefined,
    );
  const offered = action!.targets ? action!.targets(record.state) : null;
  if (offered === null ? asked.target !== null : asked.target === null || !offered.includes(asked.target)) refuse("NoSuchTarget");
  if (asked.override && !user.isGM) refuse("NotPermitted");
  if (asked.override && !action!.overridable) refuse("NoOverride");
  const context = contextOf(asked, record);
  if (!(action!.permitted ?? defaultPermitted)(context)) refuse("NotPermitted");
  const key = markKey(asked.action, asked.target);
  if (!action!.repeatable && (isApplied(record, key) || locks.has(`${message.id}|${key}`))) refuse("AlreadyApplied");
  if (!user.isGM && !asked.approved) {
    const mode = whoMayApply();
    if (mode === "gm") refuse("GMOnly");
    if (mode === "approval") {
      if (record.queue.some((q) => q.action === asked.action && q.target === asked.target && q.userId === user.id))
        return { ok: false, queued: true, notice: { key: "OMNIBUS.Chat.Queued" } };
      // A second roll waits too: the queue keeps its message, its rolls as they are now and the choices.
      const response = asked.response
        ? { messageId: asked.response.message.id!, rolls: rollSources(asked.response.message), choices: { ...asked.response.choices } }
        : undefined;
      const entry: QueuedRequest = {
        id: foundry.utils.randomID(),
        action: asked.action,
        target: asked.target,
        userId: user.id!,
        at: Date.now(),
        ...(response ? { response } : {}),
      };
      await updateRecord(message.id!, (r) => (r ? { ...r, queue: [...r.queue, entry] } : null));
      await log({ kind: "queued", messageId: message.id!, action: asked.action, target: asked.target, userId: user.id! });
      return { ok: false, queued: true, notice: { key: "OMNIBUS.Chat.Queued" } };
    }
  }
  const lock = `${message.id}|${key}`;
  locks.add(lock);
  try {
    const planned = normalize(await action!.plan!(context));
    const docs: Changeable[] = [];
    const applied: AppliedChange[] = [];
    for (const change of planned.changes) {
      const doc = await changeableOf(change.uuid);
      docs.push(doc);
      applied.push(beforeOf(doc, change));
    }
    const hooked: ApplyActionPayload = {
      ruleset: record.ruleset,
      messageId: message.id!,
      action: asked.action,
      target: asked.target,
      userId: user.id!,
      gmId: game.user!.id!,
      changes: planned.changes,
      summary: planned.summary ?? null,
      override: (asked.override as Record<string, unknown> | null) ?? null,
      responseId: asked.response?.message.id ?? null,
    };
    if (!allowApply(hooked)) refuse("Cancelled");
    const mark: Mark = {
      action: asked.action,
      target: asked.target,
      status: "pending",
      by: user.id!,
      appliedBy: game.user!.id!,
      at: Date.now(),
      changes: applied,
      summary: planned.summary ?? null,
      override: (asked.override as Record<string, unknown> | null) ?? null,
    };
    // The pending mark first: if it cannot be stored, nothing is applied.
    if (!action!.repeatable) await updateRecord(message.id!, (r) => (r ? { ...r, marks: { ...r.marks, [key]: mark } } : null));
    let failed: unknown = null;
    for (const [i, change] of planned.changes.entries()) {
      try {
        await applyOne(docs[i], change.update ?? {}, change.statuses ?? {});
      } catch (error) {
        failed = error;
        applied.splice(i + 1);
        break;
      }
    }
    const done: Mark = { ...mark, status: failed ? "failed" : "done", at: Date.now(), changes: applied };
    await updateRecord(message.id!, (r) => {
      if (!r) return null;
      const next: CardRecord = { ...r, marks: action!.repeatable ? r.marks : { ...r.marks, [key]: done } };
      if (planned.state && !failed) {
        next.state = planned.state;
        next.amendments = [...r.amendments, { action: asked.action, target: asked.target, by: user.id!, at: Date.now() }];
      }
      return next;
    });
    await log({
      kind: failed ? "failed" : "applied",
      messageId: message.id!,
      action: asked.action,
      target: asked.target,
      userId: user.id!,
    });
    announceApply(
      hooked,
      failed ? "failed" : "done",
      applied.map((c) => ({ uuid: c.uuid, before: c.before, after: c.after })),
    );
    if (failed) throw failed;
    return { ok: true };
  } finally {
    locks.delete(lock);
  }
}

function noticeOf(error: unknown): Notice {
  if (error instanceof Refusal) return error.notice;
  if (isOmnibusError(error)) return errorNotice(error);
  console.error("Omnibus |", error);
  return { key: "OMNIBUS.Error.unexpected" };
}

/** A notice as the GM's log keeps it: the key and, when it has any, its format data. */
function reasonOf(notice: Notice): Pick<LogEntry, "reason" | "reasonData"> {
  return { reason: notice.key, ...(notice.data && Object.keys(notice.data).length > 0 ? { reasonData: { ...notice.data } } : {}) };
}

/** Runs the GM's side for one request and returns the answer (refusals logged). */
async function answerFor(
  requestId: string,
  asked: Omit<Asked, "message" | "user"> & { messageId: string; userId: string },
): Promise<ChatActionAnswer> {
  const answer = (ok: boolean, notice: Notice | null = null, queued = false): ChatActionAnswer => ({
    type: "chatActionAnswer",
    requestId,
    to: asked.userId,
    ok,
    ...(queued ? { queued } : {}),
    notice,
  });
  try {
    const user = game.users?.get(asked.userId) as UserDoc | undefined;
    const message = game.messages?.get(asked.messageId) as Message | undefined;
    if (!user || !message) refuse("Unknown");
    const result = await applyAsGM({ ...asked, message: message!, user: user! });
    return answer(result.ok, result.notice ?? null, result.queued ?? false);
  } catch (error) {
    const notice = noticeOf(error);
    await log({
      kind: "refused",
      messageId: asked.messageId,
      action: asked.action,
      target: asked.target,
      userId: asked.userId,
      ...reasonOf(notice),
    });
    return answer(false, notice);
  }
}

// ---------------------------------------------------------------------------------------------
// The socket

const waiting = new Map<string, (answer: ChatActionAnswer) => void>();
/** Answers that arrived before their asker waited for them (a response answered before `create` resolved). */
const early = new Map<string, ChatActionAnswer>();

function deliver(answer: ChatActionAnswer): void {
  const waiter = waiting.get(String(answer.requestId));
  if (waiter) return waiter(answer);
  early.set(String(answer.requestId), answer);
  if (early.size > 100) early.delete(early.keys().next().value as string);
}

function send(data: ChatActionRequest | GMControlRequest | ChatActionAnswer | GMRequest): void {
  game.socket!.emit(SOCKET_NAME, data);
}

/**
 * The system socket's listener: `(data, senderId)`, the second argument being the user id Foundry's
 * server attaches to every socket message (socketlib authenticates with it the same way). Only
 * the active GM handles requests; every client takes answers meant for it from the active GM.
 */
export async function handleSocketMessage(data: unknown, senderId: unknown): Promise<void> {
  const type = data !== null && typeof data === "object" ? (data as { type?: unknown }).type : undefined;
  if (type === "chatActionAnswer") {
    const answer = data as ChatActionAnswer;
    if (typeof senderId !== "string" || senderId !== game.users?.activeGM?.id || answer.to !== game.user?.id) return;
    deliver(answer);
    return;
  }
  if (!isActiveGM() || typeof senderId !== "string" || !game.users?.get(senderId)) return;
  if (type === "gmControl") return handleGMControl(data, senderId);
  if (typeof type === "string" && gmRequests.has(type)) return handleGMRequest(gmRequests.get(type)!, data, senderId);
  const requestId = requestIdOf(data);
  let answer: ChatActionAnswer;
  try {
    if (!limiter.allow(senderId, Date.now())) refuse("SlowDown");
    const request = parseRequest(data);
    answer = await answerFor(request.requestId, {
      messageId: request.messageId,
      action: request.action,
      target: request.target,
      override: request.override,
      userId: senderId,
    });
  } catch (error) {
    const notice = error instanceof RequestError ? { key: "OMNIBUS.Chat.Malformed" } : noticeOf(error);
    await log({ kind: "refused", messageId: "", action: "", target: null, userId: senderId, ...reasonOf(notice) });
    answer = { type: "chatActionAnswer", requestId, to: senderId, ok: false, notice };
  }
  send(answer);
}

export function registerSocket(): void {
  (game.socket as unknown as { on(channel: string, fn: (data: unknown, senderId: unknown) => unknown): void }).on(
    SOCKET_NAME,
    (data, senderId) => handleSocketMessage(data, senderId),
  );
}

function awaitAnswer(requestId: string, emit: () => void): Promise<ChatActionAnswer | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(requestId);
      resolve(null);
    }, ANSWER_TIMEOUT_MS);
    waiting.set(requestId, (a) => {
      clearTimeout(timer);
      waiting.delete(requestId);
      resolve(a);
    });
    emit();
  });
}

function report(answer: ChatActionAnswer | null): boolean {
  if (!answer) {
    notify("warn", "OMNIBUS.Chat.NoAnswer");
    return false;
  }
  if (answer.notice) notify(answer.ok || answer.queued ? "info" : "warn", answer.notice.key, answer.notice.data);
  return answer.ok;
}

// ---------------------------------------------------------------------------------------------
// The clicking client

const inFlight = new Set<string>();

/**
 * What a click does. A local action runs here; a changing one is applied by the active GM (here
 * when this is the active GM, else asked over the socket). Returns true when it ran or was applied.
 */
export async function requestChatAction(
  message: Message,
  name: string,
  target: string | null = null,
  override: Override | null = null,
): Promise<boolean> {
  const action = lookupAction(name);
  const user = game.user;
  if (!action || !user || !message.id) return false;
  const flight = `${message.id}|${markKey(name, target)}`;
  if (inFlight.has(flight)) return false;
  inFlight.add(flight);
  try {
    const record = recordOf(message.id);
    const context: ChatActionContext = {
      message,
      user,
      target,
      state: cardStateOf(message),
      authorId: record?.authorId ?? (message as unknown as { author?: { id?: string } }).author?.id ?? null,
      response: null,
      override: null,
    };
    if (action.run && (!action.plan || !action.local || action.local(context))) {
      if (record?.tampered) {
        if (record.tampered.forged) notify("warn", `OMNIBUS.Chat.Forged.${record.tampered.forged}`, { name: userName(record.authorId) });
        else notify("warn", "OMNIBUS.Chat.Tampered");
        return false;
      }
      if (!(action.permitted ?? defaultPermitted)(context)) {
        notify("warn", "OMNIBUS.Chat.NotPermitted");
        return false;
      }
      await action.run(context);
      return true;
    }
    if (!action.plan) return false;
    if (isActiveGM()) {
      const answer = await answerFor(foundry.utils.randomID(), { messageId: message.id, action: name, target, override, userId: user.id! });
      return report(answer);
    }
    if (!game.users?.activeGM) {
      notify("warn", "OMNIBUS.Chat.NoGM");
      return false;
    }
    const request: ChatActionRequest = {
      type: "chatAction",
      requestId: foundry.utils.randomID(),
      messageId: message.id,
      action: name,
      target,
      ...(override ? { override } : {}),
    };
    return report(await awaitAnswer(request.requestId, () => send(request)));
  } catch (error) {
    notifyError(error);
    return false;
  } finally {
    inFlight.delete(flight);
  }
}

// ---------------------------------------------------------------------------------------------
// Second rolls: a response message

const CHOICE_KEY = /^[A-Za-z][A-Za-z0-9]{0,31}$/;

/** The responder's choices (dialog values) as the GM accepts them: ≤ 16 short strings. */
export function parseChoices(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== "object" || Array.isArray(raw) || Object.getPrototypeOf(raw) !== Object.prototype) throw new RequestError("choices");
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > 16) throw new RequestError("choices");
  const out: Record<string, string> = {};
  for (const [k, v] of entries) {
    if (!CHOICE_KEY.test(k) || typeof v !== "string" || v.length > 64) throw new RequestError("choices");
    out[k] = v;
  }
  return out;
}

async function handleResponse(message: Message, response: Record<string, unknown>, userId: string): Promise<void> {
  let answer: ChatActionAnswer;
  try {
    if (!limiter.allow(userId, Date.now())) refuse("SlowDown");
    const request = parseRequest({
      type: "chatAction",
      requestId: message.id,
      messageId: response.to,
      action: response.action,
      target: response.target ?? null,
    });
    const choices = parseChoices(response.choices);
    const rolls = ((message as unknown as { rolls?: Roll[] }).rolls ?? []) as Roll[];
    answer = await answerFor(message.id!, {
      messageId: request.messageId,
      action: request.action,
      target: request.target,
      userId,
      response: { message, rolls, choices },
    });
  } catch (error) {
    const notice = error instanceof RequestError ? { key: "OMNIBUS.Chat.Malformed" } : noticeOf(error);
    await log({
      kind: "refused",
      messageId: String(response.to ?? ""),
      action: String(response.action ?? ""),
      target: null,
      userId,
      ...reasonOf(notice),
    });
    answer = { type: "chatActionAnswer", requestId: message.id!, to: userId, ok: false, notice };
  }
  if (userId === game.user?.id) deliver(answer);
  else send(answer);
}

/**
 * The responder's side of a second roll: posts their roll as their own message, naming the card,
 * the action and the target, with the choices they made; the active GM takes it from its
 * `createChatMessage` hook (the author being whoever Foundry says created it). Resolves to whether
 * the GM recorded it. The message takes `rollMode` (the responder's dialog choice), else the chat's
 * current mode, through compat.ts `responseMode`: self and blind become a GM whisper, and an
 * answer to a whispered card stays whispered.
 */
export async function postResponse(
  card: Message,
  action: string,
  target: string | null,
  response: { rolls: Roll[]; choices?: Record<string, string>; content: string; actor?: Actor.Implementation | null; rollMode?: string },
): Promise<boolean> {
  if (!game.users?.activeGM) {
    notify("warn", "OMNIBUS.Chat.NoGM");
    return false;
  }
  const Message = ChatMessage as unknown as {
    create(data: Record<string, unknown>, options?: Record<string, unknown>): Promise<Message | undefined>;
    getSpeaker(o: { actor?: unknown }): unknown;
  };
  const answer = await new Promise<ChatActionAnswer | null>((resolve) => {
    let id = "";
    const timer = setTimeout(() => {
      waiting.delete(id);
      resolve(null);
    }, ANSWER_TIMEOUT_MS);
    const settle = (a: ChatActionAnswer | null) => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve(a);
    };
    // The mode in the running generation's spelling, on the data and as create's option (compat.ts).
    const { mode } = responseMode(card as unknown as { whisper?: unknown; blind?: unknown }, response.rollMode);
    const data: Record<string, unknown> = {
      speaker: Message.getSpeaker({ actor: response.actor ?? undefined }),
      content: response.content,
      rolls: response.rolls,
      flags: {
        [SYSTEM_ID]: { ruleset: activeRuleset()?.id ?? "", response: { to: card.id, action, target, choices: response.choices ?? {} } },
      },
    };
    applyMessageMode(data, mode);
    void Message.create(data, messageCreateOptions(mode)).then(
      (m) => {
        if (!m?.id) return settle(null);
        id = m.id;
        const already = early.get(id);
        if (already) {
          early.delete(id);
          return settle(already);
        }
        waiting.set(id, settle);
      },
      () => settle(null),
    );
  });
  return report(answer);
}

// ---------------------------------------------------------------------------------------------
// The GM's hand: undo, approve, reject (plumbing actions, GM only)

function clampBetween(value: number, values: number[]): number {
  const lo = Math.min(...values, values.every((v) => v >= 0) ? 0 : -Infinity);
  const hi = Math.max(...values);
  return Math.min(hi, Math.max(values.every((v) => v >= 0) ? 0 : lo, value));
}

/**
 * Reverses a mark as a delta: a number that changed since goes back by what the application
 * changed (never beyond the range the value has had, nor below 0 for a count); anything else goes
 * back only where it is still what the application set; statuses likewise. Returns the fields left
 * alone because they changed since.
 */
export function undoUpdate(
  change: AppliedChange,
  current: Record<string, unknown>,
  currentStatuses: Record<string, boolean>,
): { update: Record<string, unknown>; statuses: Record<string, boolean>; skipped: string[] } {
  const update: Record<string, unknown> = {};
  const skipped: string[] = [];
  for (const [path, after] of Object.entries(change.after)) {
    const before = change.before[path];
    const now = current[path];
    if (JSON.stringify(now) === JSON.stringify(after)) update[path] = before;
    else if (typeof before === "number" && typeof after === "number" && typeof now === "number")
      update[path] = clampBetween(now - (after - before), [before, after, now]);
    else skipped.push(path);
  }
  const statuses: Record<string, boolean> = {};
  for (const [id, set] of Object.entries(change.statuses)) {
    if (currentStatuses[id] === set) statuses[id] = change.statusesBefore[id] ?? false;
  }
  return { update, statuses, skipped };
}

async function gmOnly(message: Message, user: UserDoc): Promise<CardRecord> {
  if (!user.isGM) refuse("NotPermitted");
  return recordFor(message);
}

/** Undoes a mark of a card (the active GM; a GM's click elsewhere is asked over the socket). */
export async function undoMark(message: Message, key: string, user: UserDoc): Promise<{ skipped: string[] }> {
  const record = await gmOnly(message, user);
  const mark = record.marks[key];
  if (!mark || (mark.status !== "done" && mark.status !== "failed")) refuse("NothingToUndo");
  const lock = `${message.id}|${key}`;
  if (locks.has(lock)) refuse("AlreadyApplied");
  locks.add(lock);
  try {
    const skipped: string[] = [];
    for (const change of [...mark!.changes].reverse()) {
      const doc = await changeableOf(change.uuid);
      const current: Record<string, unknown> = {};
      for (const path of Object.keys(change.after)) current[path] = readPath(doc, path);
      const statuses: Record<string, boolean> = {};
      for (const id of Object.keys(change.statuses)) statuses[id] = Boolean(doc.statuses?.has(id));
      const undo = undoUpdate(change, current, statuses);
      skipped.push(...undo.skipped.map((p) => `${change.name}: ${p}`));
      await applyOne(doc, undo.update, undo.statuses);
    }
    await updateRecord(message.id!, (r) =>
      r ? { ...r, marks: { ...r.marks, [key]: { ...mark!, status: "undone", undoneBy: user.id!, undoneAt: Date.now() } } } : null,
    );
    await log({ kind: "undone", messageId: message.id!, action: mark!.action, target: mark!.target, userId: user.id! });
    return { skipped };
  } finally {
    locks.delete(lock);
  }
}

/** Approves (applies) or rejects a queued request. */
export async function settleQueued(message: Message, queueId: string, approve: boolean, gm: UserDoc): Promise<boolean> {
  const record = await gmOnly(message, gm);
  const entry = record.queue.find((q) => q.id === queueId);
  if (!entry) refuse("Unknown");
  await updateRecord(message.id!, (r) => (r ? { ...r, queue: r.queue.filter((q) => q.id !== queueId) } : null));
  if (!approve) {
    await log({ kind: "rejected", messageId: message.id!, action: entry!.action, target: entry!.target, userId: gm.id! });
    return false;
  }
  const user = game.users?.get(entry!.userId) as UserDoc | undefined;
  if (!user) refuse("Unknown");
  let response: ResponseContext | null = null;
  if (entry!.response) {
    const answer = game.messages?.get(entry!.response.messageId) as Message | undefined;
    if (!answer) refuse("Unknown");
    if (JSON.stringify(rollSources(answer!)) !== JSON.stringify(entry!.response.rolls)) refuse("Tampered");
    response = { message: answer!, rolls: rollsOf(answer!) as Roll[], choices: { ...entry!.response.choices } };
  }
  const result = await applyAsGM({ message, action: entry!.action, target: entry!.target, user: user!, approved: true, response });
  return result.ok;
}

// ---------------------------------------------------------------------------------------------
// Rendering: the card from the record, its "applied" lines, the GM's controls

function userName(id: string): string {
  return String((game.users?.get(id) as { name?: string } | undefined)?.name ?? id);
}

function timeText(at: number): string {
  try {
    return new Date(at).toLocaleTimeString();
  } catch {
    return String(at);
  }
}

export const RECORD_TEMPLATE = templatePath("chat/card-record");

/** The offered targets of the active ruleset's overridable actions (for the GM's controls). */
function overridableOf(record: CardRecord): Array<{ action: string; targets: string[] }> {
  const actions = activeRuleset()?.chatActions ?? {};
  return Object.entries(actions).flatMap(([action, a]) => {
    if (!a.overridable || !a.targets) return [];
    try {
      return [{ action, targets: a.targets(record.state) }];
    } catch {
      return [];
    }
  });
}

/** The record's part of a card, rendered (`templates/chat/card-record.hbs`), or null when there is nothing to show. */
export async function recordFooter(record: CardRecord, isGM: boolean): Promise<HTMLElement | null> {
  const view = recordView(record, { isGM, userName, time: timeText, overridable: overridableOf(record) });
  if (!view) return null;
  const holder = document.createElement("div");
  holder.innerHTML = await foundry.applications.handlebars.renderTemplate(RECORD_TEMPLATE, { record: view });
  return holder.querySelector<HTMLElement>(".omnibus-record");
}

async function askAmount(): Promise<number | null> {
  const answer = await foundry.applications.api.DialogV2.wait({
    window: { title: localize("OMNIBUS.Chat.Custom") },
    content: `<input type="number" name="amount" min="0" max="999" step="1" value="0">`,
    buttons: [
      {
        action: "ok",
        label: localize("OMNIBUS.Chat.Apply"),
        default: true,
        callback: (_e: unknown, button: { form?: { elements?: { amount?: { value?: string } } } }) =>
          button.form?.elements?.amount?.value ?? null,
      },
    ],
    rejectClose: false,
  } as never);
  const n = Number(answer);
  return typeof answer === "string" && /^(0|[1-9][0-9]{0,2})$/.test(answer) && Number.isInteger(n) ? n : null;
}

function selectedActors(): string[] {
  const controlled =
    (globalThis as { canvas?: { tokens?: { controlled?: Array<{ actor?: { uuid?: string } | null }> } } }).canvas?.tokens?.controlled ?? [];
  return controlled.map((t) => t.actor?.uuid).filter((u): u is string => typeof u === "string");
}

async function onOverride(message: Message, button: HTMLElement): Promise<void> {
  const kind = button.dataset.kind;
  const target = button.dataset.target || null;
  let override: Override | null = null;
  if (kind === "half") override = { factor: 0.5 };
  else if (kind === "double") override = { factor: 2 };
  else if (kind === "custom") {
    const amount = await askAmount();
    if (amount === null) return;
    override = { amount };
  } else if (kind === "selected") {
    const actors = selectedActors();
    if (actors.length === 0) return notify("warn", "OMNIBUS.Chat.NoSelection");
    override = { actors };
  }
  if (override) await requestChatAction(message, button.dataset.for ?? "", target, override);
}

/** Runs a GM control on the active GM for `user` (who must be a GM); what the asker is told. */
async function runGMControl(message: Message, kind: string, id: string, user: UserDoc): Promise<Notice | null> {
  if (kind === "undo") {
    const { skipped } = await undoMark(message, id, user);
    return skipped.length > 0 ? { key: "OMNIBUS.Chat.UndoSkipped", data: { fields: skipped.join("; ") } } : null;
  }
  await settleQueued(message, id, kind === "approve", user);
  return null;
}

/** The asker's request id, for the answer to a request that may not parse (at most 32 characters). */
function requestIdOf(data: unknown): string {
  const id = data !== null && typeof data === "object" ? (data as { requestId?: unknown }).requestId : undefined;
  return typeof id === "string" ? id.slice(0, 32) : "";
}

/**
 * A GM control asked over the socket: the sender (Foundry's, not the payload's) must be a GM; the
 * active GM runs it under its locks, as for its own click, and answers the asker.
 */
async function handleGMControl(data: unknown, senderId: string): Promise<void> {
  const requestId = requestIdOf(data);
  let answer: ChatActionAnswer;
  try {
    if (!limiter.allow(senderId, Date.now())) refuse("SlowDown");
    const request = parseGMControl(data);
    const user = game.users!.get(senderId) as UserDoc;
    if (!user.isGM) refuse("NotPermitted");
    const message = game.messages?.get(request.messageId) as Message | undefined;
    if (!message) refuse("Unknown");
    const notice = await runGMControl(message!, request.kind, request.id, user);
    answer = { type: "chatActionAnswer", requestId: request.requestId, to: senderId, ok: true, notice };
  } catch (error) {
    const notice = error instanceof RequestError ? { key: "OMNIBUS.Chat.Malformed" } : noticeOf(error);
    await log({ kind: "refused", messageId: "", action: "", target: null, userId: senderId, ...reasonOf(notice) });
    answer = { type: "chatActionAnswer", requestId, to: senderId, ok: false, notice };
  }
  send(answer);
}

// ---------------------------------------------------------------------------------------------
// Requests that are not about a card (a combat tracker's controls), on the same socket

/** A request of the system's own kind: its `type` names the handler, `requestId` the answer. */
export interface GMRequest {
  type: string;
  requestId: string;
  [key: string]: unknown;
}

/**
 * The active GM's handler of one kind of request: it parses `data` strictly (a `RequestError` for
 * anything malformed), checks what `user` — Foundry's sender, never the payload's — may do, applies
 * it and returns the notice for the asker (null: none), or throws a refusal.
 */
export type GMRequestHandler = (data: unknown, user: UserDoc) => Promise<Notice | null>;

const gmRequests = new Map<string, GMRequestHandler>();

/** Registers the handler of a request type (once, at init); the type must not be a card layer's own. */
export function registerGMRequest(type: string, handler: GMRequestHandler): void {
  if (["chatAction", "chatActionAnswer", "gmControl"].includes(type)) throw new Error(`Omnibus | ${type} is the card layer's own request`);
  gmRequests.set(type, handler);
}

async function handleGMRequest(handler: GMRequestHandler, data: unknown, senderId: string): Promise<void> {
  const requestId = requestIdOf(data);
  let answer: ChatActionAnswer;
  try {
    if (!limiter.allow(senderId, Date.now())) refuse("SlowDown");
    if (!/^[A-Za-z0-9]{1,32}$/.test(requestId)) throw new RequestError("requestId");
    const notice = await handler(data, game.users!.get(senderId) as UserDoc);
    answer = { type: "chatActionAnswer", requestId, to: senderId, ok: true, notice };
  } catch (error) {
    const notice = error instanceof RequestError ? { key: "OMNIBUS.Chat.Malformed" } : noticeOf(error);
    await log({
      kind: "refused",
      messageId: "",
      action: String((data as { type?: unknown }).type),
      target: null,
      userId: senderId,
      ...reasonOf(notice),
    });
    answer = { type: "chatActionAnswer", requestId, to: senderId, ok: false, notice };
  }
  send(answer);
}

/**
 * Asks the active GM to run a request (the active GM runs it here, as its own). The asker sees the
 * answer's notice; true when it was applied. No active GM: nothing is sent, and the user is told.
 */
export async function askGM(data: { type: string; [key: string]: unknown }): Promise<boolean> {
  const handler = gmRequests.get(data.type);
  const user = game.user;
  if (!handler || !user) return false;
  if (isActiveGM()) {
    try {
      const notice = await handler({ ...data, requestId: "local" }, user);
      if (notice) notify("info", notice.key, notice.data);
      return true;
    } catch (error) {
      const notice = error instanceof RequestError ? { key: "OMNIBUS.Chat.Malformed" } : noticeOf(error);
      notify("warn", notice.key, notice.data);
      return false;
    }
  }
  if (!game.users?.activeGM) {
    notify("warn", "OMNIBUS.Chat.NoGM");
    return false;
  }
  const request: GMRequest = { ...data, requestId: foundry.utils.randomID() };
  return report(await awaitAnswer(request.requestId, () => send(request)));
}

/** A GM control (undo/approve/reject) on the active GM, or asked of it over the socket by another GM. */
export async function gmControl(message: Message, kind: "undo" | "approve" | "reject", id: string): Promise<boolean> {
  const user = game.user!;
  if (!user.isGM) {
    notify("warn", "OMNIBUS.Chat.NotPermitted");
    return false;
  }
  if (!isActiveGM()) {
    if (!game.users?.activeGM) {
      notify("warn", "OMNIBUS.Chat.NoGM");
      return false;
    }
    const request: GMControlRequest = { type: "gmControl", requestId: foundry.utils.randomID(), messageId: message.id!, kind, id };
    return report(await awaitAnswer(request.requestId, () => send(request)));
  }
  try {
    const notice = await runGMControl(message, kind, id, user);
    if (notice) notify("warn", notice.key, notice.data);
    return true;
  } catch (error) {
    const notice = noticeOf(error);
    notify("warn", notice.key, notice.data);
    return false;
  }
}

/**
 * Binds a rendered message (`renderChatMessageHTML`): renders the card from the GM's record when
 * the record was amended, adds the record's footer, hides buttons the user may not use, disables
 * applied ones, marks a tampered card, and binds the clicks.
 */
export async function bindChatCard(message: Message, html: HTMLElement): Promise<void> {
  let card = html.querySelector<HTMLElement>(".omnibus-card");
  const user = game.user;
  if (!card || !user) return;
  const record = recordOf(message.id);
  const adapter = activeRuleset();
  if (record && record.amendments.length > 0 && adapter?.renderCard) {
    const view = adapter.renderCard(record.state);
    if (view) {
      const holder = document.createElement("div");
      holder.innerHTML = await foundry.applications.handlebars.renderTemplate(view.template, { ...view.context, ruleset: adapter.id });
      const fresh = holder.querySelector<HTMLElement>(".omnibus-card");
      if (fresh) {
        card.replaceWith(fresh);
        card = fresh;
      }
    }
  }
  if (record?.tampered) card.classList.add("omnibus-card-tampered");
  const footer = record ? await recordFooter(record, user.isGM) : null;
  if (footer) card.append(footer);
  for (const button of Array.from(card.querySelectorAll<HTMLElement>("[data-omnibus]"))) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      const kind = button.dataset.omnibus ?? "";
      if (kind === "override") void onOverride(message, button);
      else if (kind === "undo" || kind === "approve" || kind === "reject")
        void gmControl(message, kind, button.dataset.mark ?? button.dataset.queue ?? "");
    });
  }
  for (const button of Array.from(card.querySelectorAll<HTMLElement>("[data-action]"))) {
    const name = button.dataset.action ?? "";
    const action = lookupAction(name);
    if (!action || action.response) continue;
    const author = record?.authorId ?? (message as unknown as { author?: { id?: string } }).author?.id;
    const visible = action.visible ? action.visible(message, user) : user.isGM || author === user.id;
    if (!visible) {
      button.remove();
      continue;
    }
    const target = button.dataset.target ?? null;
    if (record?.tampered || (!action.repeatable && action.plan && isApplied(record, markKey(name, target)))) {
      button.setAttribute("disabled", "");
      button.classList.add("applied");
      button.title = localize(
        record?.tampered?.forged
          ? `OMNIBUS.Chat.Forged.${record.tampered.forged}`
          : record?.tampered
            ? "OMNIBUS.Chat.Tampered"
            : "OMNIBUS.Chat.AlreadyApplied",
        record?.tampered?.forged ? { name: userName(record.authorId) } : undefined,
      );
    }
    button.addEventListener("click", (event) => {
      event.preventDefault();
      if (button.hasAttribute("disabled")) return;
      void requestChatAction(message, name, button.dataset.target ?? null);
    });
  }
}

/** Re-renders the messages whose records changed (every client, from the setting's onChange). */
function rerender(ids: string[]): void {
  const chat = (globalThis as { ui?: { chat?: { updateMessage?(m: unknown): unknown } } }).ui?.chat;
  for (const id of ids) {
    const message = game.messages?.get(id);
    if (message) void chat?.updateMessage?.(message);
  }
}

/** The world settings of the card layer (at init): who may apply, the records and the log. */
export function registerChatSettings(): void {
  settingsStore().register(SYSTEM_ID, WHO_MAY_APPLY, {
    name: "OMNIBUS.Setting.WhoMayApply.Name",
    hint: "OMNIBUS.Setting.WhoMayApply.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: {
      owners: "OMNIBUS.Setting.WhoMayApply.owners",
      approval: "OMNIBUS.Setting.WhoMayApply.approval",
      gm: "OMNIBUS.Setting.WhoMayApply.gm",
    },
    default: "owners",
  });
  registerRecordSettings(rerender);
}

/** The hooks of the card layer (installOmnibus). */
export function registerChatHooks(): void {
  // The promises are returned (Foundry ignores them) so a caller that awaits hooks can.
  Hooks.on("createChatMessage", ((m: Message, o: unknown, userId: string) => onCreateMessage(m, o, userId)) as never);
  Hooks.on("updateChatMessage", ((m: Message, c: unknown, o: unknown, userId: string) => onUpdateMessage(m, c, o, userId)) as never);
  Hooks.on("deleteChatMessage", ((m: Message, o: unknown, userId: string) => onDeleteMessage(m, o, userId)) as never);
}

/** The GM's log of applications, refusals, tamper marks and undos (`game.omnibus.cardLog()`; GMs only). */
export async function showCardLog(): Promise<void> {
  if (!game.user?.isGM) {
    notify("warn", "OMNIBUS.Chat.NotPermitted");
    return;
  }
  const content = await foundry.applications.handlebars.renderTemplate(
    templatePath("chat/card-log"),
    logView(readLog(), { userName, time: (at) => new Date(at).toLocaleString() }),
  );
  await foundry.applications.api.DialogV2.wait({
    window: { title: localize("OMNIBUS.Chat.Log") },
    content,
    buttons: [{ action: "ok", label: localize("OMNIBUS.Chat.Close"), default: true }],
    rejectClose: false,
  } as never);
}
