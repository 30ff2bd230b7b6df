/**
 * What a card's record adds to the card, as plain data (no Foundry global; the gallery renders it):
 * the tamper banner, one line per application (what, on whom, asked by, applied by, when; Undo for
 * the GM), the GM's override controls for what is not applied yet, and the approval queue.
 * `templates/chat/card-record.hbs` renders it.
 */
import type { Message } from "../templates/helpers";
import type { CardRecord, LogEntry } from "./record";

export interface RecordView {
  tampered: Message | null;
  marks: Array<{ key: string; status: string; text: Message; undo: boolean }>;
  overrides: Array<{ action: string; target: string; label: Message }>;
  kinds: Array<{ kind: string; label: string }>;
  queue: Array<{ id: string; text: Message }>;
  labels: { undo: string; approve: string; reject: string };
}

/** Messages stay keys with data: the template localizes them (`omnibus-message`), so the view is language-free. */
const t = (key: string, data?: Message["data"]): Message => ({ key, ...(data ? { data } : {}) });

export function recordView(
  record: CardRecord,
  opts: {
    isGM: boolean;
    userName(id: string): string;
    time(at: number): string;
    overridable?: Array<{ action: string; targets: string[] }>;
  },
): RecordView | null {
  const { isGM } = opts;
  const marks = Object.entries(record.marks).map(([key, mark]) => {
    const what = mark.summary ? t(mark.summary.key, mark.summary.data) : t("OMNIBUS.Chat.Action");
    const names =
      mark.changes
        .map((c) => c.name)
        .filter(Boolean)
        .join(", ") || "—";
    const line =
      mark.status === "undone"
        ? "UndoneLine"
        : mark.status === "pending"
          ? "PendingLine"
          : mark.status === "failed"
            ? "FailedLine"
            : "AppliedLine";
    const text = t(`OMNIBUS.Chat.${line}`, {
      what,
      names,
      by: opts.userName(mark.by),
      gm: opts.userName(mark.appliedBy),
      time: opts.time(mark.undoneAt ?? mark.at),
    });
    return { key, status: mark.status, text, undo: isGM && (mark.status === "done" || mark.status === "failed") };
  });
  const applied = new Set(
    Object.entries(record.marks)
      .filter(([, m]) => m.status !== "undone")
      .map(([k]) => k),
  );
  const overrides =
    isGM && !record.tampered
      ? (opts.overridable ?? []).flatMap(({ action, targets }) =>
          targets
            .filter((target) => !applied.has(`${action}:${target}`))
            .map((target) => ({
              action,
              target,
              label: t("OMNIBUS.Chat.GMHand", { target: /^[0-9]+$/.test(target) ? Number(target) + 1 : target }),
            })),
        )
      : [];
  const queue = isGM
    ? record.queue.map((q) => ({
        id: q.id,
        text: t("OMNIBUS.Chat.QueueLine", { name: opts.userName(q.userId), action: q.action, time: opts.time(q.at) }),
      }))
    : [];
  const tampered = record.tampered
    ? t(record.tampered.forged ? `OMNIBUS.Chat.Forged.${record.tampered.forged}` : "OMNIBUS.Chat.TamperedBy", {
        name: opts.userName(record.tampered.by),
      })
    : null;
  if (!tampered && marks.length === 0 && overrides.length === 0 && queue.length === 0) return null;
  return {
    tampered,
    marks,
    overrides,
    kinds: [
      { kind: "half", label: "OMNIBUS.Chat.Half" },
      { kind: "double", label: "OMNIBUS.Chat.Double" },
      { kind: "custom", label: "OMNIBUS.Chat.Custom" },
      { kind: "selected", label: "OMNIBUS.Chat.Selected" },
    ],
    queue,
    labels: { undo: "OMNIBUS.Chat.Undo", approve: "OMNIBUS.Chat.Approve", reject: "OMNIBUS.Chat.Reject" },
  };
}

/** The GM's log as the log window shows it, newest first (`templates/chat/card-log.hbs`). */
export function logView(entries: LogEntry[], opts: { userName(id: string): string; time(at: number): string }) {
  return {
    entries: [...entries].reverse().map((e) => ({
      kind: e.kind,
      kindLabel: `OMNIBUS.Chat.LogKind.${e.kind}`,
      action: e.action,
      target: e.target,
      // A message with its data, so a refusal's {name} is filled in.
      reason: e.reason && e.reason.startsWith("OMNIBUS.") && !e.reason.startsWith("OMNIBUS.Error.") ? t(e.reason, e.reasonData) : null,
      user: opts.userName(e.userId),
      time: opts.time(e.at),
      messageId: e.messageId,
    })),
  };
}
