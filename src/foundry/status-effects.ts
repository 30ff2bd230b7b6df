/**
 * Status effects: the active ruleset's conditions become CONFIG.statusEffects, plus the core
 * effects it keeps (by default "dead", which the combat tracker's "defeated" toggle uses).
 */
import type { RulesetAdapter } from "./ruleset";

interface StatusEffectLike {
  id: string;
  [k: string]: unknown;
}

export function statusEffectsFor(adapter: RulesetAdapter, core: readonly StatusEffectLike[]): StatusEffectLike[] {
  const keep = adapter.keepCoreStatusEffects ?? ["dead"];
  const own = adapter.statusEffects ?? [];
  const ownIds = new Set(own.map((e) => e.id));
  return [...core.filter((e) => keep.includes(e.id) && !ownIds.has(e.id)), ...own.map((e) => ({ ...e }))];
}
