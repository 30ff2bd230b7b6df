/**
 * Card actions of the plumbing itself, offered under every ruleset (the table draw of issue 19):
 * looked up after the active ruleset's own `chatActions`, which win on a clash of names.
 */
import type { ChatAction } from "../ruleset";

const shared: Record<string, ChatAction> = {};

export function registerSharedAction(name: string, action: ChatAction): void {
  shared[name] = action;
}

export function sharedAction(name: string): ChatAction | undefined {
  return Object.hasOwn(shared, name) ? shared[name] : undefined;
}
