/**
 * Token configuration of every registered ruleset's actor types:
 *  - `CONFIG.Actor.trackableAttributes[type] = {bar, value}` (api `ActorTrackableAttributes`: paths
 *    inside `system`, bars holding value and max), so the token config's bar choices are the
 *    ruleset's own (Foundry otherwise offers every number in the schema);
 *  - prototype token defaults at creation (`preCreateActor`, which runs on the creating client with
 *    (document, data, options, userId); `updateSource` changes what is created): linked or not, the
 *    disposition and the bars, only where the creation data sets none (src/rules/table/tokens.ts).
 * The token-bar edits of derived values are the Actor class's (documents.ts `withTokenAttributes`).
 */
import { getRuleset, rulesetOfType } from "./registry";
import type { RulesetAdapter, TrackableAttributes } from "./ruleset";
import { prototypeTokenDefaults } from "../rules/table/tokens";

export function registerTrackableAttributes(adapters: readonly RulesetAdapter[]): void {
  const actor = CONFIG.Actor as unknown as { trackableAttributes?: Record<string, TrackableAttributes> };
  const table = (actor.trackableAttributes ??= {});
  for (const adapter of adapters) {
    for (const [type, attrs] of Object.entries(adapter.trackableAttributes ?? {})) {
      if (!Object.hasOwn(adapter.actorTypes, type)) continue;
      table[type] = { bar: [...attrs.bar], value: [...attrs.value] };
    }
  }
}

/** The prototype token fields a new actor of this type gets (null: none, or not an Omnibus type). */
export function tokenDefaultsFor(type: string, data: unknown): Record<string, unknown> | null {
  const id = rulesetOfType(type);
  const adapter = id ? getRuleset(id) : undefined;
  if (!adapter || !Object.hasOwn(adapter.actorTypes, type)) return null;
  return prototypeTokenDefaults(adapter.tokenDefaults?.[type], data);
}

export function registerTokenDefaults(): void {
  Hooks.on("preCreateActor", ((
    document: { type?: string; updateSource(d: Record<string, unknown>): unknown },
    data: Record<string, unknown>,
  ) => {
    const prototypeToken = tokenDefaultsFor(String(document.type ?? ""), data);
    if (prototypeToken) document.updateSource({ prototypeToken });
  }) as never);
}
