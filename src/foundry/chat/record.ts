/**
 * The GM's record of every chat card (issue 10, point 2) and the GM's log (point 9).
 *
 * Where: two hidden world settings, `omnibus.cardRecords` (message id → CardRecord) and
 * `omnibus.cardLog` (the newest LOG_LIMIT entries). Foundry's server lets only users with the
 * "modify configuration settings" permission (GMs and assistants by default) write a world setting
 * (foundryvtt.com/api: `ClientSettings#set` / the `Setting` document, `SETTINGS_MODIFY`), and it
 * keeps them across reloads; a player can read them but not change them. So they hold nothing
 * secret: hidden numbers go in a GM-whispered message instead (see cards.ts `postSecret`).
 *
 * Only the active GM writes (one writer: every request goes through the active GM), through one
 * queue, so two writes never race. Records beyond RECORD_LIMIT (the oldest) are dropped.
 */
import { SYSTEM_ID } from "../registry";
import { settingsStore } from "../settings";
import { serialQueue } from "../../core/serial";

export const RECORDS_SETTING = "cardRecords";
export const LOG_SETTING = "cardLog";
export const RECORD_LIMIT = 300;
export const LOG_LIMIT = 500;

/** One document's part of an application: what the changed fields were before and became. */
export interface AppliedChange {
  uuid: string;
  name: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  statusesBefore: Record<string, boolean>;
  statuses: Record<string, boolean>;
}

/** An application of one (action, target) of a card. */
export interface Mark {
  action: string;
  target: string | null;
  status: "pending" | "done" | "failed" | "undone";
  /** Who asked (the sender Foundry reported) and who applied (the active GM). */
  by: string;
  appliedBy: string;
  at: number;
  changes: AppliedChange[];
  /** A short, already-planned description (i18n key + data) for the card's "applied" line. */
  summary?: { key: string; data?: Record<string, string | number> } | null;
  override?: Record<string, unknown> | null;
  undoneBy?: string;
  undoneAt?: number;
}

/** A request waiting for the GM's approval (the "every request needs approval" setting). */
export interface QueuedRequest {
  id: string;
  action: string;
  target: string | null;
  userId: string;
  at: number;
  /**
   * A second roll waiting for approval: the responder's message, its rolls as they were when it
   * was queued (an approval of a message edited since is refused) and the dialog choices.
   */
  response?: { messageId: string; rolls: string[]; choices: Record<string, string> };
}

export interface CardRecord {
  v: 1;
  messageId: string;
  /** The author as Foundry's server reported it (the `createChatMessage` hook's user id). */
  authorId: string;
  ruleset: string;
  created: number;
  /** The card's state (its `flags.omnibus` at creation), then as amended by the GM. */
  state: Record<string, unknown>;
  /** The card's rolls at creation (serialized). */
  rolls: string[];
  amendments: Array<{ action: string; target: string | null; by: string; at: number }>;
  /** Changed by a non-GM after creation, deleted, or (`forged`, an OMNIBUS.Chat.Forged key) refused by the GM's re-derivation at creation. */
  tampered: { by: string; at: number; deleted?: boolean; forged?: string } | null;
  marks: Record<string, Mark>;
  queue: QueuedRequest[];
}

export interface LogEntry {
  at: number;
  kind: "applied" | "refused" | "tampered" | "undone" | "failed" | "queued" | "rejected";
  messageId: string;
  action: string;
  target: string | null;
  /** The user who asked (or changed the card). */
  userId: string;
  /** i18n key of the reason or summary. */
  reason?: string;
  /** The reason's format data (a refusal's `{name}`, `{value}`…). */
  reasonData?: Record<string, string | number>;
}

/** The lock key of (action, target): one application each. */
export function markKey(action: string, target: string | null): string {
  return `${action}:${target ?? ""}`;
}

type Records = Record<string, CardRecord>;

function readRecords(): Records {
  try {
    const value = settingsStore().get(SYSTEM_ID, RECORDS_SETTING);
    return value && typeof value === "object" ? (value as Records) : {};
  } catch {
    return {};
  }
}

/** The record of a message (a copy), or null. Any client may read it. */
export function recordOf(messageId: string | null | undefined): CardRecord | null {
  if (!messageId) return null;
  const record = readRecords()[messageId];
  return record ? structuredClone(record) : null;
}

export function readLog(): LogEntry[] {
  try {
    const value = settingsStore().get(SYSTEM_ID, LOG_SETTING);
    return Array.isArray(value) ? (value as LogEntry[]) : [];
  } catch {
    return [];
  }
}

/** Runs `fn` after every earlier write (the GM's one write queue). */
const serialized = serialQueue();

/** Changes a record (active GM only) and stores it; returns the stored copy. Throws when the store refuses. */
export function updateRecord(messageId: string, change: (record: CardRecord | null) => CardRecord | null): Promise<CardRecord | null> {
  return serialized(async () => {
    const all = { ...readRecords() };
    const next = change(all[messageId] ? structuredClone(all[messageId]) : null);
    if (next === null) return null;
    all[messageId] = next;
    const ids = Object.keys(all);
    if (ids.length > RECORD_LIMIT) {
      ids.sort((a, b) => all[a].created - all[b].created);
      for (const id of ids.slice(0, ids.length - RECORD_LIMIT)) delete all[id];
    }
    await settingsStore().set(SYSTEM_ID, RECORDS_SETTING, all);
    return structuredClone(next);
  });
}

/** Appends to the GM's log (active GM only); a failed write is reported, not thrown. */
export function log(entry: Omit<LogEntry, "at"> & { at?: number }): Promise<void> {
  return serialized(async () => {
    try {
      const list = [...readLog(), { ...entry, at: entry.at ?? Date.now() }].slice(-LOG_LIMIT);
      await settingsStore().set(SYSTEM_ID, LOG_SETTING, list);
    } catch (error) {
      console.error("Omnibus | the GM log could not be written", error);
    }
  });
}

/** Registers the two hidden world settings (at init). `onChange` re-renders the cards whose records changed. */
export function registerRecordSettings(onChange: (ids: string[]) => void): void {
  let last: Records = {};
  settingsStore().register(SYSTEM_ID, RECORDS_SETTING, {
    scope: "world",
    config: false,
    type: Object,
    default: {},
    onChange: (value: unknown) => {
      const next = (value && typeof value === "object" ? value : {}) as Records;
      const changed = Object.keys(next).filter((id) => JSON.stringify(next[id]) !== JSON.stringify(last[id]));
      last = structuredClone(next);
      onChange(changed);
    },
  });
  settingsStore().register(SYSTEM_ID, LOG_SETTING, { scope: "world", config: false, type: Array, default: [] });
}
