/**
 * WFRP token bars (no Foundry global). Wounds (`health.value`) are stored, only their maximum is
 * derived, so Foundry's own bar edit (kept within 0…max) is right and no hook is needed.
 */
import type { TokenDefaults, TrackableAttributes } from "../ruleset";
import { standardTokenDefaults } from "../token-logic";

const COMMON = ["advantage", "criticalWounds", "movement"];

export const WFRP_TRACKABLE: Record<string, TrackableAttributes> = {
  wfrp_character: { bar: ["health"], value: [...COMMON, "fate", "fortune", "resilience", "resolve"] },
  wfrp_npc: { bar: ["health"], value: COMMON },
  wfrp_creature: { bar: ["health"], value: COMMON },
};

export const WFRP_TOKEN_DEFAULTS: Record<string, TokenDefaults> = {
  wfrp_character: standardTokenDefaults("character"),
  wfrp_npc: standardTokenDefaults("npc"),
  wfrp_creature: standardTokenDefaults("npc"),
};
