/**
 * Silhouette token bars (no Foundry global). The health bar shows the worst wound as steps (3
 * healthy, 2 light, 1 heavy, 0 dead; src/rules/silhouette/table/derive.ts `healthFromWounds`): a bar edit changes the stored
 * wounds so the worst wound becomes the chosen step, and keeps every count it does not have to
 * change (going from heavy back to light clears the heavy wounds and keeps, or adds one, light).
 */
import type { MovementBand, TokenAttributeHook, TokenDefaults, TrackableAttributes } from "../../table/types";
import { standardTokenDefaults } from "../../table/tokens";
import { healthFromWounds, HEALTH_STEPS } from "./derive";
import { SPEEDS, type Speed } from "../movement";
import { worstWound } from "../damage";

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

/**
 * The ruler's bands: crawl, walk, jog, run and sprint from the derived rates (Sprint = 25 + 5 ×
 * (FIT + Athletics) m, the others fractions of it, 004:L23-27), up to the fastest speed load and
 * wounds allow (004:L39, L42-43); none when dead. Named as the sheet names the speeds (ползком, шагом, бег
 * трусцой, бег, спринт, 004:L21).
 */
export function silhouetteMovementBands(_type: string, system: Record<string, unknown>): MovementBand[] {
  const derived = system.derived as { movement?: Record<Speed, number>; maxSpeed?: Speed | null } | undefined;
  if (!derived?.movement || derived.maxSpeed === null) return [];
  const fastest = derived.maxSpeed ? SPEEDS.indexOf(derived.maxSpeed) : SPEEDS.length - 1;
  return SPEEDS.slice(0, fastest + 1).map((key) => ({ key, limit: derived.movement![key], label: `OMNIBUS.Silhouette.Speed.${key}` }));
}
