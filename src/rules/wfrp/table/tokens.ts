/**
 * WFRP token bars (no Foundry global). Wounds (`health.value`) are stored, only their maximum is
 * derived, so Foundry's own bar edit (kept within 0…max) is right and no hook is needed.
 */
import type { MovementBand, TokenDefaults, TrackableAttributes } from "../../table/types";
import { standardTokenDefaults } from "../../table/tokens";

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

/** The ruler's bands: Walk (2 × Movement) and Run (4 × Movement) yards, as derived (src/rules/wfrp/table/derive.ts; rules/wfrp/combat/movement.ts). */
export function wfrpMovementBands(_type: string, system: Record<string, unknown>): MovementBand[] {
  const walk = Number(system.walk);
  const run = Number(system.run);
  if (!(walk > 0) || !(run > 0)) return [];
  return [
    { key: "walk", limit: walk, label: "OMNIBUS.WFRP.MoveBand.walk" },
    { key: "run", limit: run, label: "OMNIBUS.WFRP.MoveBand.run" },
  ];
}
