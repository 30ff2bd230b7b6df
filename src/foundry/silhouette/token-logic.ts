/**
 * Silhouette token bars (no Foundry global). The health bar shows the worst wound as steps (3
 * healthy, 2 light, 1 heavy, 0 dead; data.ts `healthFromWounds`): a bar edit changes the stored
 * wounds so the worst wound becomes the chosen step, and keeps every count it does not have to
 * change (going from heavy back to light clears the heavy wounds and keeps, or adds one, light).
 */
import type { TokenAttributeHook, TokenDefaults, TrackableAttributes } from "../ruleset";
import { standardTokenDefaults } from "../token-logic";
import { healthFromWounds, HEALTH_STEPS } from "./data";
import { worstWound } from "../../rules/silhouette/damage";

const TRACKABLE: TrackableAttributes = { bar: ["health"], value: ["wounds.light", "wounds.heavy"] };

export const SILHOUETTE_TRACKABLE: Record<string, TrackableAttributes> = {
  silhouette_character: TRACKABLE,
  silhouette_npc: TRACKABLE,
};

export const SILHOUETTE_TOKEN_DEFAULTS: Record<string, TokenDefaults> = {
  silhouette_character: standardTokenDefaults("character"),
  silhouette_npc: standardTokenDefaults("npc"),
};

export interface Wounds {
  light: number;
  heavy: number;
  dead: boolean;
}

const count = (v: unknown) => (Number.isInteger(v) && (v as number) >= 0 ? (v as number) : 0);

/** The stored wounds, read safely. */
export function woundsOf(system: Record<string, unknown>): Wounds {
  const w = (typeof system.wounds === "object" && system.wounds !== null ? system.wounds : {}) as Record<string, unknown>;
  return { light: count(w.light), heavy: count(w.heavy), dead: w.dead === true };
}

/** The wounds whose worst is health step `step` (0 dead … 3 healthy), changing as little as it can. */
export function woundsForStep(wounds: Wounds, step: number): Wounds {
  if (step <= 0) return { ...wounds, dead: true };
  if (step === 1) return { ...wounds, dead: false, heavy: Math.max(1, wounds.heavy) };
  if (step === 2) return { light: Math.max(1, wounds.light), heavy: 0, dead: false };
  return { light: 0, heavy: 0, dead: false };
}

const LIVING = ["silhouette_character", "silhouette_npc"];

export const silhouetteTokenAttribute: TokenAttributeHook = {
  read(type, system, attribute) {
    if (!LIVING.includes(type) || attribute !== "health") return null;
    return healthFromWounds(worstWound(woundsOf(system)));
  },
  write(_type, system, _attribute, target) {
    const w = woundsForStep(woundsOf(system), Math.min(HEALTH_STEPS, target));
    return { "system.wounds.light": w.light, "system.wounds.heavy": w.heavy, "system.wounds.dead": w.dead };
  },
};
