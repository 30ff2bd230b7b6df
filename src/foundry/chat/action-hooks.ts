/**
 * The card layer's module hooks on the apply path (issue 19): `omnibus.preApplyAction` (`Hooks.call`,
 * a handler returning false cancels: nothing is marked or changed, the asker is told) and
 * `omnibus.applyAction` (`Hooks.callAll`, after the changes and the done mark are stored). Both run
 * on the active GM only, the one client that applies. Payloads are copies: changing them changes
 * nothing (docs/api.md).
 */
import type { DocumentChange } from "../ruleset";

export const PRE_APPLY_ACTION = "omnibus.preApplyAction";
export const APPLY_ACTION = "omnibus.applyAction";

export interface ApplyActionPayload {
  ruleset: string;
  messageId: string;
  action: string;
  target: string | null;
  /** The user who asked (the sender Foundry reported), and the GM applying. */
  userId: string;
  gmId: string;
  /** The planned changes: one per document (`uuid`, `update`, `statuses`). */
  changes: DocumentChange[];
  summary: { key: string; data?: Record<string, string | number> } | null;
  override: Record<string, unknown> | null;
  /** A second roll's response message id, or null. */
  responseId: string | null;
}

export interface AppliedActionPayload extends ApplyActionPayload {
  /** "done", or "failed" when a document refused its change (the changes before it stay applied). */
  status: "done" | "failed";
  /** Per changed document: the values before and after. */
  applied: Array<{ uuid: string; before: Record<string, unknown>; after: Record<string, unknown> }>;
}

const hooks = () =>
  Hooks as unknown as { call(name: string, ...args: unknown[]): boolean; callAll(name: string, ...args: unknown[]): boolean };

/** Calls `omnibus.preApplyAction` with a copy; false when a handler cancelled. */
export function allowApply(payload: ApplyActionPayload): boolean {
  return hooks().call(PRE_APPLY_ACTION, structuredClone(payload)) !== false;
}

/** Calls `omnibus.applyAction` with a copy. A throwing handler is logged, never undoes the application. */
export function announceApply(payload: ApplyActionPayload, status: "done" | "failed", applied: AppliedActionPayload["applied"]): void {
  try {
    hooks().callAll(APPLY_ACTION, structuredClone({ ...payload, status, applied }));
  } catch (error) {
    console.error("Omnibus | an applyAction handler failed", error);
  }
}
