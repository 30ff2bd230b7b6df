/**
 * The ruleset registry: which adapters exist and which one the world plays. No Foundry global is
 * touched at import time; `activeRulesetId()` reads the world setting once `init` has registered it.
 */
import { RULESET_IDS, isRulesetId, type RulesetId } from "../rules/index";
import type { DocumentKind, RulesetAdapter } from "./ruleset";

export const SYSTEM_ID = "omnibus";

const adapters = new Map<RulesetId, RulesetAdapter>();
let active: RulesetId | null = null;

/** Checks an adapter's declarations and adds it. Throws on a type that does not carry the ruleset. */
export function registerRuleset(adapter: RulesetAdapter): void {
  if (!isRulesetId(adapter.id)) throw new Error(`Omnibus: unknown ruleset id "${String(adapter.id)}"`);
  if (adapters.has(adapter.id)) throw new Error(`Omnibus: ruleset "${adapter.id}" registered twice`);
  for (const [kind, types] of [
    ["Actor", adapter.actorTypes],
    ["Item", adapter.itemTypes],
  ] as const) {
    for (const type of Object.keys(types)) {
      if (!type.startsWith(`${adapter.id}_`)) {
        throw new Error(`Omnibus: ${kind} type "${type}" of ruleset "${adapter.id}" must start with "${adapter.id}_"`);
      }
    }
  }
  adapters.set(adapter.id, adapter);
}

export function allRulesets(): RulesetAdapter[] {
  return RULESET_IDS.flatMap((id) => adapters.get(id) ?? []);
}

export function getRuleset(id: RulesetId): RulesetAdapter | undefined {
  return adapters.get(id);
}

/** Fixes the active ruleset for this session (done once at init, from the world setting). */
export function setActiveRuleset(id: RulesetId): void {
  active = id;
}

export function activeRulesetId(): RulesetId {
  if (active === null) throw new Error("Omnibus: the active ruleset is read before init");
  return active;
}

export function activeRuleset(): RulesetAdapter | undefined {
  return active === null ? undefined : adapters.get(active);
}

/** The ruleset a document type belongs to (`d6_character` → "d6"), or null for a foreign type. */
export function rulesetOfType(type: string): RulesetId | null {
  const prefix = type.split("_", 1)[0];
  return isRulesetId(prefix) && type.length > prefix.length + 1 ? prefix : null;
}

/** The active ruleset's subtypes of Actor or Item. */
export function activeTypes(kind: DocumentKind): string[] {
  const adapter = activeRuleset();
  if (!adapter) return [];
  return Object.keys(kind === "Actor" ? adapter.actorTypes : adapter.itemTypes);
}

/**
 * Whether a compendium pack is shown while `ruleset` is active. The system's packs are named
 * `<ruleset>-<name>` (`d6-weapons`); a system pack without a ruleset prefix and every pack of a
 * module or the world is always shown.
 */
export function isPackShown(pack: { packageType?: string; packageName?: string; name: string }, ruleset: RulesetId): boolean {
  if (pack.packageType !== "system" || pack.packageName !== SYSTEM_ID) return true;
  const prefix = pack.name.split("-", 1)[0];
  return !isRulesetId(prefix) || prefix === ruleset;
}

/** For tests: forget every adapter. */
export function resetRegistry(): void {
  adapters.clear();
  active = null;
}
