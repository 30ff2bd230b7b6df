/**
 * `game.omnibus`: what macros and modules may call.
 *
 *   game.omnibus.ruleset               // "d6"
 *   game.omnibus.api                   // the active ruleset's own API (adapter.api)
 *   await game.omnibus.rollItem(uuid, { skipDialog: true })
 *   await game.omnibus.check(actor, "skill", { skill: "blaster" })
 *   game.omnibus.targets(actor)        // targeted tokens with distances
 *   await game.omnibus.selfTest()      // GM: the in-world self-test (self-test.ts)
 *   await game.omnibus.awardExperience(actors, 100, "Session 3")   // GM: ledger entry each
 *   await game.omnibus.openAwardDialog()
 *   await game.omnibus.cardLog()       // the GM's log of chat-card applications (GMs only)
 */
import { requestRoll, type RollRequestOptions } from "./roll-requests";
import { showCardLog } from "./chat/actions";
import { rollItem, runCheck, type RunCheckOptions } from "./checks";
import { rollItemByUuid } from "./hotbar";
import type { RulesetAdapter, TargetInfo } from "./ruleset";
import { currentTargets } from "./targets";
import { selfTest, type SelfTestResult } from "./self-test";
import { awardExperience, openAwardDialog } from "./experience";

export interface OmnibusApi {
  ruleset: string;
  api: Record<string, unknown>;
  rollItem(itemOrUuid: string | Item.Implementation, options?: RunCheckOptions): Promise<unknown>;
  check(actor: Actor.Implementation | null, kind: string, dataset?: Record<string, string>, options?: RunCheckOptions): Promise<unknown>;
  targets(actor: Actor.Implementation | null): TargetInfo[];
  selfTest(): Promise<SelfTestResult[]>;
  /** GM only: awards experience to each actor (one ledger entry each). */
  awardExperience(actors: Actor.Implementation[], amount: number, reason: string): Promise<number>;
  /** GM only: the award dialog (tick characters, amount, reason). */
  openAwardDialog(): Promise<void>;
  cardLog(): Promise<void>;
  /** GM: asks actors for a check on one card (roll-requests.ts). */
  requestRoll(options: RollRequestOptions): Promise<ChatMessage.Implementation | null>;
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
    selfTest: () => selfTest(adapter),
    awardExperience: (actors, amount, reason) => awardExperience(actors as never, amount, reason),
    openAwardDialog: () => openAwardDialog(),
    cardLog: () => showCardLog(),
    requestRoll: (options) => requestRoll(options),
  };
}
