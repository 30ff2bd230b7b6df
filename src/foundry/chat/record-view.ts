/**
 * What a card's record adds to the card, as plain data (no Foundry global; the gallery renders it):
 * the tamper banner, one line per application (what, on whom, asked by, applied by, when; Undo for
 * the GM), the GM's override controls for what is not applied yet, and the approval queue.
 * `templates/chat/card-record.hbs` renders it.
 */
import type { CardRecord } from "./record";

export type Translate = (key: string, data?: Record<string, string | number>) => string;

export interface RecordView {
  tampered: string | null;
  marks: Array<{ key: string; status: string; text: string; undo: boolean }>;
  overrides: Array<{ action: string; target: string; label: string }>;
  kinds: Array<{ kind: string; label: string }>;
  queue: Array<{ id: string; text: string }>;
  labels: { undo: string; approve: string; reject: string };
}

export function recordView(
  record: CardRecord,
  opts: { isGM: boolean; t: Translate; userName(id: string): string; time(at: number): string; overridable?: Array<{ action: string; targets: string[] }> },
): RecordView | null {
  const { t, isGM } = opts;
  const marks = Object.entries(record.marks).map(([key, mark]) => {
    const what = mark.summary ? t(mark.summary.key, mark.summary.data) : t("OMNIBUS.Chat.Action");
    const names = mark.changes.map((c) => c.name).filter(Boolean).join(", ") || "—";
    const line = mark.status === "undone" ? "UndoneLine" : mark.status === "pending" ? "PendingLine" : mark.status === "failed" ? "FailedLine" : "AppliedLine";
    const text = t(`OMNIBUS.Chat.${line}`, { what, names, by: opts.userName(mark.by), gm: opts.userName(mark.appliedBy), time: opts.time(mark.undoneAt ?? mark.at) });
    return { key, status: mark.status, text, undo: isGM && (mark.status === "done" || mark.status === "failed") };
  });
  const applied = new Set(Object.entries(record.marks).filter(([, m]) => m.status !== "undone").map(([k]) => k));
  const overrides =
    isGM && !record.tampered
      ? (opts.overridable ?? []).flatMap(({ action, targets }) =>
          targets.filter((target) => !applied.has(`${action}:${target}`)).map((target) => ({ action, target, label: t("OMNIBUS.Chat.GMHand", { target: /^[0-9]+$/.test(target) ? Number(target) + 1 : target }) })),
        )
      : [];
  const queue = isGM ? record.queue.map((q) => ({ id: q.id, text: t("OMNIBUS.Chat.QueueLine", { name: opts.userName(q.userId), action: q.action, time: opts.time(q.at) }) })) : [];
  const tampered = record.tampered ? t("OMNIBUS.Chat.TamperedBy", { name: opts.userName(record.tampered.by) }) : null;
  if (!tampered && marks.length === 0 && overrides.length === 0 && queue.length === 0) return null;
  return {
    tampered,
    marks,
    overrides,
    kinds: [
      { kind: "half", label: t("OMNIBUS.Chat.Half") },
      { kind: "double", label: t("OMNIBUS.Chat.Double") },
      { kind: "custom", label: t("OMNIBUS.Chat.Custom") },
      { kind: "selected", label: t("OMNIBUS.Chat.Selected") },
    ],
    queue,
    labels: { undo: t("OMNIBUS.Chat.Undo"), approve: t("OMNIBUS.Chat.Approve"), reject: t("OMNIBUS.Chat.Reject") },
  };
}
