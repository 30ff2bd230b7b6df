/**
 * What may cross the system socket, as plain checks (no Foundry global): a request names the
 * message, the offered action and (where the card offers several) the target — nothing else. The
 * GM parses every request with `parseRequest` before anything else; whatever does not parse gets
 * one refusal. A per-user `RateLimiter` slows down a user who floods requests.
 */

/** A player's (or a non-active GM's) request to the active GM. */
export interface ChatActionRequest {
  type: "chatAction";
  requestId: string;
  messageId: string;
  action: string;
  /** A key the card offers (a target's index, a strike's key), or null when the card offers one. */
  target: string | null;
  /** GM overrides (only honoured when Foundry says the sender is a GM). */
  override?: Override | null;
}

/** What a GM may change when applying (issue 10, point 6). */
export interface Override {
  /** Multiply the amount (½ or 2). */
  factor?: 0.5 | 2;
  /** Apply exactly this amount instead of the card's. */
  amount?: number;
  /** Apply to these actors (the GM's selected tokens) instead of the card's target. */
  actors?: string[];
}

export interface ChatActionAnswer {
  type: "chatActionAnswer";
  requestId: string;
  /** The user the answer is for. */
  to: string;
  ok: boolean;
  /** Waiting in the GM's approval queue. */
  queued?: boolean;
  notice?: { key: string; data?: Record<string, string | number> } | null;
}

const ID = /^[A-Za-z0-9]{1,32}$/;
const NAME = /^[A-Za-z][A-Za-z0-9]{0,63}$/;
const TARGET = /^[A-Za-z0-9_:-]{1,64}$/;
const UUID = /^[A-Za-z0-9.]{1,200}$/;
const KEYS = new Set(["type", "requestId", "messageId", "action", "target", "override"]);

export class RequestError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "RequestError";
  }
}

function plainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function parseOverride(value: unknown): Override | null {
  if (value === undefined || value === null) return null;
  if (!plainObject(value)) throw new RequestError("override");
  const out: Override = {};
  for (const key of Object.keys(value)) if (key !== "factor" && key !== "amount" && key !== "actors") throw new RequestError("override");
  if (value.factor !== undefined) {
    if (value.factor !== 0.5 && value.factor !== 2) throw new RequestError("override");
    out.factor = value.factor;
  }
  if (value.amount !== undefined) {
    if (typeof value.amount !== "number" || !Number.isInteger(value.amount) || value.amount < 0 || value.amount > 999)
      throw new RequestError("override");
    out.amount = value.amount;
  }
  if (value.actors !== undefined) {
    if (
      !Array.isArray(value.actors) ||
      value.actors.length === 0 ||
      value.actors.length > 50 ||
      !value.actors.every((a) => typeof a === "string" && UUID.test(a))
    )
      throw new RequestError("override");
    out.actors = [...value.actors];
  }
  return out;
}

/**
 * A request from the socket, or a RequestError: a plain object with exactly these own keys, short
 * ids of letters and digits, an action name, a target key or null. No `__proto__`, no numbers where
 * strings belong, no extra fields.
 */
export function parseRequest(data: unknown): ChatActionRequest {
  if (!plainObject(data)) throw new RequestError("shape");
  for (const key of Reflect.ownKeys(data)) if (typeof key !== "string" || !KEYS.has(key)) throw new RequestError("field");
  if (data.type !== "chatAction") throw new RequestError("type");
  const { requestId, messageId, action, target } = data;
  if (typeof requestId !== "string" || !ID.test(requestId)) throw new RequestError("requestId");
  if (typeof messageId !== "string" || !ID.test(messageId)) throw new RequestError("messageId");
  if (typeof action !== "string" || !NAME.test(action)) throw new RequestError("action");
  if (target !== null && (typeof target !== "string" || !TARGET.test(target))) throw new RequestError("target");
  return { type: "chatAction", requestId, messageId, action, target, override: parseOverride(data.override) };
}

/** A GM's undo, approve or reject, asked of the active GM by another GM's client. */
export interface GMControlRequest {
  type: "gmControl";
  requestId: string;
  messageId: string;
  kind: "undo" | "approve" | "reject";
  /** The mark key (undo) or the queued request's id (approve, reject). */
  id: string;
}

const CONTROL_KEYS = new Set(["type", "requestId", "messageId", "kind", "id"]);
const MARK_KEY = /^[A-Za-z][A-Za-z0-9]{0,63}:[A-Za-z0-9_:-]{0,64}$/;

/** A GM control from the socket, or a RequestError: exactly these keys, a known kind, a well-formed id. */
export function parseGMControl(data: unknown): GMControlRequest {
  if (!plainObject(data)) throw new RequestError("shape");
  for (const key of Reflect.ownKeys(data)) if (typeof key !== "string" || !CONTROL_KEYS.has(key)) throw new RequestError("field");
  if (data.type !== "gmControl") throw new RequestError("type");
  const { requestId, messageId, kind, id } = data;
  if (typeof requestId !== "string" || !ID.test(requestId)) throw new RequestError("requestId");
  if (typeof messageId !== "string" || !ID.test(messageId)) throw new RequestError("messageId");
  if (kind !== "undo" && kind !== "approve" && kind !== "reject") throw new RequestError("kind");
  if (typeof id !== "string" || !(kind === "undo" ? MARK_KEY : ID).test(id)) throw new RequestError("id");
  return { type: "gmControl", requestId, messageId, kind, id };
}

/** A card index as text: "0"…"999" exactly (not "0x10", "1e1", " 1", "-0"). */
export function parseIndex(text: string | null | undefined, max = 999): number | null {
  if (typeof text !== "string" || !/^(0|[1-9][0-9]{0,2})$/.test(text)) return null;
  const n = Number(text);
  return n <= max ? n : null;
}

/**
 * A sliding-window limit per user: at most `limit` requests in `windowMs`. Over it, a request is
 * refused (and told to slow down); the window keeps moving, so a user who stops is served again.
 */
export class RateLimiter {
  readonly #seen = new Map<string, number[]>();
  constructor(
    readonly limit = 12,
    readonly windowMs = 10_000,
  ) {}
  allow(userId: string, now: number): boolean {
    const recent = (this.#seen.get(userId) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.limit) {
      this.#seen.set(userId, recent);
      return false;
    }
    recent.push(now);
    this.#seen.set(userId, recent);
    return true;
  }
}
