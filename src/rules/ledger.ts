/**
 * The experience ledger every character keeps (issue 16, "At the table"), as pure data: awards
 * with their reason and date, spends with what was bought (and how to take it back), undo of the
 * last spend. No entry is ever deleted: an undone spend stays in the list, marked `undone`.
 * The caller (the sheet, the GM's award dialog) supplies ids and dates; nothing here reads a clock.
 */
import { OmnibusError, describeValue } from "../core/errors";
import { isRecord } from "./build-types";

/** A change to apply to an actor: a patch of its `system` and patches of embedded items by id. */
export interface ActorChanges {
  system?: Record<string, unknown>;
  items?: { _id: string; system: Record<string, unknown> }[];
}

export interface LedgerTrait {
  kind: string;
  key: string;
  from: string;
  to: string;
}

export interface LedgerEntry {
  id: string;
  type: "award" | "spend";
  amount: number;
  /** ISO 8601 date and time. */
  date: string;
  /** Why it was awarded, or a description of what was bought. */
  reason: string;
  trait?: LedgerTrait;
  /** What undoing the spend changes back: `ActorChanges` as JSON text (how the sheet stores it). */
  revert?: string;
  undone?: boolean;
  undoneDate?: string;
}

/** Reads a spend's stored `revert`, refusing anything that is not `ActorChanges`. */
export function revertOf(entry: LedgerEntry): ActorChanges {
  if (!entry.revert) return {};
  let v: unknown;
  try {
    v = JSON.parse(entry.revert);
  } catch {
    v = undefined;
  }
  const items = isRecord(v) ? v.items : undefined;
  const ok =
    isRecord(v) &&
    (v.system === undefined || isRecord(v.system)) &&
    (items === undefined || (Array.isArray(items) && items.every((i) => isRecord(i) && typeof i._id === "string" && isRecord(i.system))));
  check("ledger entry revert", ok, entry.revert);
  return v as ActorChanges;
}

export type Refusal =
  { ok: false; reason: "notEnoughExperience"; cost: number; available: number } | { ok: false; reason: "nothingToUndo" };

const DATE_RE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

function check(name: string, ok: boolean, value: unknown): void {
  if (!ok) throw new OmnibusError("badArgument", `${name} is not valid: ${describeValue(value)}`, { name, value: describeValue(value) });
}

/** Reads a stored ledger, refusing anything that is not one (the sheet never trusts it blindly). */
export function requireLedger(value: unknown): LedgerEntry[] {
  if (value === undefined || value === null) return [];
  check("ledger", Array.isArray(value), value);
  const ids = new Set<string>();
  for (const [i, e] of (value as unknown[]).entries()) {
    check(`ledger[${i}]`, isRecord(e), e);
    const x = e as Record<string, unknown>;
    check(`ledger[${i}].id`, typeof x.id === "string" && x.id !== "" && !ids.has(x.id), x.id);
    ids.add(x.id as string);
    check(`ledger[${i}].type`, x.type === "award" || x.type === "spend", x.type);
    check(`ledger[${i}].amount`, typeof x.amount === "number" && Number.isInteger(x.amount) && x.amount >= 0, x.amount);
    check(`ledger[${i}].date`, typeof x.date === "string" && DATE_RE.test(x.date), x.date);
    check(`ledger[${i}].reason`, typeof x.reason === "string", x.reason);
  }
  return value as LedgerEntry[];
}

/** Awarded, spent (undone spends excluded) and what is left (awarded − spent, plus any starting pool). */
export function ledgerTotals(entries: readonly LedgerEntry[], starting = 0): { awarded: number; spent: number; available: number } {
  let awarded = 0;
  let spent = 0;
  for (const e of entries) {
    if (e.type === "award") awarded += e.amount;
    else if (!e.undone) spent += e.amount;
  }
  return { awarded, spent, available: starting + awarded - spent };
}

/** A new ledger with an award appended. */
export function award(entries: readonly LedgerEntry[], a: { id: string; amount: number; reason: string; date: string }): LedgerEntry[] {
  requireLedger(entries);
  check("amount", Number.isInteger(a.amount) && a.amount > 0 && a.amount <= 1e6, a.amount);
  check("reason", typeof a.reason === "string" && a.reason.length <= 500, a.reason);
  check("date", typeof a.date === "string" && DATE_RE.test(a.date), a.date);
  check("id", typeof a.id === "string" && a.id !== "" && !entries.some((e) => e.id === a.id), a.id);
  return [...entries, { id: a.id, type: "award", amount: a.amount, reason: a.reason.trim(), date: a.date }];
}

/** A spend appended when `available` covers the cost; otherwise the refusal with both numbers. */
export function spend(
  entries: readonly LedgerEntry[],
  available: number,
  s: { id: string; cost: number; reason: string; date: string; trait?: LedgerTrait; revert?: ActorChanges },
): { ok: true; entries: LedgerEntry[] } | Refusal {
  requireLedger(entries);
  check("cost", Number.isInteger(s.cost) && s.cost >= 0, s.cost);
  check("date", typeof s.date === "string" && DATE_RE.test(s.date), s.date);
  check("id", typeof s.id === "string" && s.id !== "" && !entries.some((e) => e.id === s.id), s.id);
  if (s.cost > available) return { ok: false, reason: "notEnoughExperience", cost: s.cost, available };
  const entry: LedgerEntry = { id: s.id, type: "spend", amount: s.cost, reason: s.reason, date: s.date };
  if (s.trait) entry.trait = s.trait;
  if (s.revert) entry.revert = JSON.stringify(s.revert);
  return { ok: true, entries: [...entries, entry] };
}

/** Marks the last spend not yet undone as undone; returns it (read its changes with `revertOf`) or a refusal. */
export function undoLastSpend(
  entries: readonly LedgerEntry[],
  date: string,
): { ok: true; entries: LedgerEntry[]; undone: LedgerEntry } | Refusal {
  requireLedger(entries);
  check("date", typeof date === "string" && DATE_RE.test(date), date);
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    if (e.type !== "spend" || e.undone) continue;
    const undone: LedgerEntry = { ...e, undone: true, undoneDate: date };
    return { ok: true, entries: entries.map((x, j) => (j === i ? undone : x)), undone };
  }
  return { ok: false, reason: "nothingToUndo" };
}
