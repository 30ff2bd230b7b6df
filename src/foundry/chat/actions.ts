/**
 * Chat-card buttons: per-message dispatch, GM routing over the system socket, and once-only
 * application.
 *
 *  - `bindChatCard(message, html)` runs from v13's `renderChatMessageHTML` hook. It finds the
 *    card's `[data-action]` buttons that name one of the active ruleset's `chatActions`, hides the
 *    ones the user may not use, disables the ones already applied, and binds a click to each.
 *  - A click runs `requestChatAction`: a local (`run`) action runs here. A `plan` action plans its
 *    changes here (validation errors are shown at once); if this user owns the message and every
 *    changed document (or is a GM) the changes are applied here, else the request goes to the
 *    active GM on `system.omnibus`. With no GM connected it is refused with a notification.
 *  - The GM (`handleSocketMessage`) checks `permitted` and re-plans (the action's own validation)
 *    with the requesting user, applies each document's change in ONE update, records the action
 *    on the message (`flags.omnibus.applied.<key>`) and answers the requester.
 *  - A second click on an applied (or in-flight) action does nothing.
 */
import { OmnibusError } from "../../core/errors";
import { isOmnibusError, localize, notify, notifyError } from "../i18n";
import { SYSTEM_ID, activeRuleset } from "../registry";
import type { ChatAction, ChatActionContext, DocumentChange } from "../ruleset";

export const SOCKET_NAME = `system.${SYSTEM_ID}`;
const ANSWER_TIMEOUT_MS = 10_000;

export interface ChatActionRequest {
  type: "chatAction";
  requestId: string;
  userId: string;
  messageId: string;
  action: string;
  payload: Record<string, string>;
}

export interface ChatActionAnswer {
  type: "chatActionAnswer";
  requestId: string;
  userId: string;
  ok: boolean;
  notice?: { key: string; data?: Record<string, string | number> } | null;
}

type SocketMessage = ChatActionRequest | ChatActionAnswer;

type Message = ChatMessage.Implementation;
type UserDoc = User.Implementation;

/** Clicks in flight (`<messageId>:<key>`) on this client: a double-click does nothing. */
const inFlight = new Set<string>();
/** Requests the GM is applying: two players' requests for the same action apply once. */
const gmInFlight = new Set<string>();
const waiting = new Map<string, (answer: ChatActionAnswer) => void>();

/** The key an action is recorded under on the message: the action name, plus `data-key`. */
export function appliedKey(action: string, payload: Record<string, string>): string {
  const raw = payload.key ? `${action}-${payload.key}` : action;
  return raw.replace(/[^A-Za-z0-9_-]/g, "_");
}

export function isApplied(message: Message, key: string): boolean {
  const flags = (message.flags as Record<string, { applied?: Record<string, unknown> } | undefined>)[SYSTEM_ID];
  return Boolean(flags?.applied?.[key]);
}

function lookupAction(name: string): ChatAction | undefined {
  const actions = activeRuleset()?.chatActions ?? {};
  return Object.hasOwn(actions, name) ? actions[name] : undefined;
}

function authorId(message: Message): string | undefined {
  return (message as unknown as { author?: { id?: string } | null }).author?.id ?? undefined;
}

function defaultPermitted({ message, user }: ChatActionContext): boolean {
  return user.isGM || authorId(message) === user.id;
}

function payloadOf(button: HTMLElement): Record<string, string> {
  const payload: Record<string, string> = {};
  for (const [k, v] of Object.entries(button.dataset)) if (k !== "action" && v !== undefined) payload[k] = v;
  return payload;
}

/** Binds a rendered message's card buttons. Call from `renderChatMessageHTML`. */
export function bindChatCard(message: Message, html: HTMLElement): void {
  const card = html.querySelector<HTMLElement>(".omnibus-card");
  const user = game.user;
  if (!card || !user) return;
  for (const button of Array.from(card.querySelectorAll<HTMLElement>("[data-action]"))) {
    const name = button.dataset.action ?? "";
    const action = lookupAction(name);
    if (!action) continue;
    const visible = action.visible ? action.visible(message, user) : user.isGM || authorId(message) === user.id;
    if (!visible) {
      button.remove();
      continue;
    }
    const payload = payloadOf(button);
    if (!action.repeatable && isApplied(message, appliedKey(name, payload))) {
      button.setAttribute("disabled", "");
      button.classList.add("applied");
      button.title = localize("OMNIBUS.Chat.AlreadyApplied");
    }
    button.addEventListener("click", (event) => {
      event.preventDefault();
      if (button.hasAttribute("disabled")) return;
      void requestChatAction(message, name, payloadOf(button));
    });
  }
}

async function resolveDocument(uuid: string): Promise<(foundry.abstract.Document.Any & { isOwner?: boolean }) | null> {
  return (await fromUuid(uuid as never)) as (foundry.abstract.Document.Any & { isOwner?: boolean }) | null;
}

/** Applies planned changes: one update per document, then its status toggles. */
export async function applyChanges(changes: DocumentChange[]): Promise<void> {
  for (const change of changes) {
    const doc = await resolveDocument(change.uuid);
    if (!doc) throw new OmnibusError("badArgument", `no document ${change.uuid}`, { name: "uuid", value: change.uuid });
    if (change.update && Object.keys(change.update).length > 0) {
      await (doc as unknown as { update(data: Record<string, unknown>): Promise<unknown> }).update(change.update);
    }
    for (const [status, active] of Object.entries(change.statuses ?? {})) {
      await (doc as unknown as { toggleStatusEffect(id: string, o: { active: boolean }): Promise<unknown> }).toggleStatusEffect(status, { active });
    }
  }
}

async function markApplied(message: Message, key: string, user: UserDoc): Promise<void> {
  await message.update({ [`flags.${SYSTEM_ID}.applied.${key}`]: { userId: user.id, time: Date.now() } } as never);
}

async function ownsAll(changes: DocumentChange[]): Promise<boolean> {
  for (const change of changes) {
    const doc = await resolveDocument(change.uuid);
    if (!doc?.isOwner) return false;
  }
  return true;
}

function newRequestId(): string {
  return foundry.utils.randomID();
}

/**
 * What a click does (on the clicking client). Returns true when the action ran or was applied,
 * false when it did nothing (already applied, refused, failed).
 */
export async function requestChatAction(message: Message, name: string, payload: Record<string, string>): Promise<boolean> {
  const action = lookupAction(name);
  const user = game.user;
  if (!action || !user || !message.id) return false;
  const key = appliedKey(name, payload);
  const lock = `${message.id}:${key}`;
  if (!action.repeatable && (isApplied(message, key) || inFlight.has(lock))) return false;
  const context: ChatActionContext = { message, user, payload };
  if (!(action.permitted ?? defaultPermitted)(context)) {
    notify("warn", "OMNIBUS.Chat.NotPermitted");
    return false;
  }
  inFlight.add(lock);
  try {
    if (action.run) {
      await action.run(context);
      if (!action.repeatable && message.isOwner) await markApplied(message, key, user);
      return true;
    }
    if (!action.plan) return false;
    const changes = await action.plan(context);
    if (user.isGM || (message.isOwner && (await ownsAll(changes)))) {
      await applyChanges(changes);
      if (!action.repeatable) await markApplied(message, key, user);
      return true;
    }
    return await askGM(message.id, name, payload, user);
  } catch (error) {
    notifyError(error);
    return false;
  } finally {
    inFlight.delete(lock);
  }
}

async function askGM(messageId: string, action: string, payload: Record<string, string>, user: UserDoc): Promise<boolean> {
  const gm = game.users?.activeGM;
  if (!gm) {
    notify("warn", "OMNIBUS.Chat.NoGM");
    return false;
  }
  const request: ChatActionRequest = { type: "chatAction", requestId: newRequestId(), userId: user.id!, messageId, action, payload };
  const answer = await new Promise<ChatActionAnswer | null>((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(request.requestId);
      resolve(null);
    }, ANSWER_TIMEOUT_MS);
    waiting.set(request.requestId, (a) => {
      clearTimeout(timer);
      waiting.delete(request.requestId);
      resolve(a);
    });
    game.socket!.emit(SOCKET_NAME, request);
  });
  if (!answer) {
    notify("warn", "OMNIBUS.Chat.NoAnswer");
    return false;
  }
  if (!answer.ok && answer.notice) notify("warn", answer.notice.key, answer.notice.data);
  return answer.ok;
}

function isActiveGM(): boolean {
  const me = game.user;
  return Boolean(me?.isGM && game.users?.activeGM?.id === me.id);
}

/** The GM's side: re-check and apply a player's request. Returns the answer it sends. */
export async function applyRequestAsGM(request: ChatActionRequest): Promise<ChatActionAnswer> {
  const answer = (ok: boolean, notice: ChatActionAnswer["notice"] = null): ChatActionAnswer => ({
    type: "chatActionAnswer",
    requestId: request.requestId,
    userId: request.userId,
    ok,
    notice,
  });
  const message = game.messages?.get(request.messageId) as Message | undefined;
  const requester = game.users?.get(request.userId) as UserDoc | undefined;
  const action = lookupAction(request.action);
  if (!message || !requester || !action?.plan) return answer(false, { key: "OMNIBUS.Chat.Unknown" });
  const key = appliedKey(request.action, request.payload);
  const lock = `${message.id}:${key}`;
  if (!action.repeatable && (isApplied(message, key) || gmInFlight.has(lock))) return answer(false);
  const context: ChatActionContext = { message, user: requester, payload: request.payload };
  if (!(action.permitted ?? defaultPermitted)(context)) return answer(false, { key: "OMNIBUS.Chat.NotPermitted" });
  gmInFlight.add(lock);
  try {
    const changes = await action.plan(context);
    await applyChanges(changes);
    if (!action.repeatable) await markApplied(message, key, requester);
    return answer(true);
  } catch (error) {
    if (isOmnibusError(error)) return answer(false, { key: `OMNIBUS.Error.${error.code}`, data: error.data });
    console.error("Omnibus |", error);
    return answer(false, { key: "OMNIBUS.Error.unexpected" });
  } finally {
    gmInFlight.delete(lock);
  }
}

/** The system socket's listener (registered at `ready`). */
export async function handleSocketMessage(data: SocketMessage): Promise<void> {
  if (data?.type === "chatAction") {
    if (!isActiveGM()) return;
    const answer = await applyRequestAsGM(data);
    if (answer.userId === game.user?.id) {
      waiting.get(answer.requestId)?.(answer);
    } else game.socket!.emit(SOCKET_NAME, answer);
  } else if (data?.type === "chatActionAnswer") {
    if (data.userId !== game.user?.id) return;
    waiting.get(data.requestId)?.(data);
  }
}

export function registerSocket(): void {
  game.socket!.on(SOCKET_NAME, (data: unknown) => void handleSocketMessage(data as SocketMessage));
}
