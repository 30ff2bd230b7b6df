/**
 * `game.omnibus`: what macros and modules may call.
 *
 *   game.omnibus.ruleset               // "d6"
 *   game.omnibus.api                   // the active ruleset's own API (adapter.api)
 *   await game.omnibus.rollItem(uuid, { skipDialog: true })
 *   await game.omnibus.check(actor, "skill", { skill: "blaster" })
 *   game.omnibus.targets(actor)        // targeted tokens with distances
 *   await game.omnibus.cardLog()       // the GM's log of chat-card applications (GMs only)
 */
import { showCardLog } from "./chat/actions";
import { rollItem, runCheck, type RunCheckOptions } from "./checks";
import { rollItemByUuid } from "./hotbar";
import type { RulesetAdapter, TargetInfo } from "./ruleset";
import { currentTargets } from "./targets";

export interface OmnibusApi {
  ruleset: string;
  api: Record<string, unknown>;
  rollItem(itemOrUuid: string | Item.Implementation, options?: RunCheckOptions): Promise<unknown>;
  check(actor: Actor.Implementation | null, kind: string, dataset?: Record<string, string>, options?: RunCheckOptions): Promise<unknown>;
  targets(actor: Actor.Implementation | null): TargetInfo[];
  cardLog(): Promise<void>;
}

export function createApi(adapter: RulesetAdapter): OmnibusApi {
  return {
    ruleset: adapter.id,
    api: adapter.api ?? {},
    rollItem: (itemOrUuid, options = {}) =>
      typeof itemOrUuid === "string" ? rollItemByUuid(itemOrUuid, options) : rollItem(itemOrUuid, options),
    check: (actor, kind, dataset = {}, options = {}) =>
      runCheck({ actor, kind, dataset: { check: kind, ...dataset }, targets: currentTargets(actor) }, options),
    targets: (actor) => currentTargets(actor),
    cardLog: () => showCardLog(),
  };
}
