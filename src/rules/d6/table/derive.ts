/**
 * The D6 actor's derived values from its plain `system` data: the wound level as a health bar and
 * each attribute's code as text. The data models, sheets and token bars use them.
 */
import { WOUND_LEVELS, canAct, woundPenaltyDice, type DieCode, type WoundLevel } from "..";
import { ATTRIBUTES, safeFormat } from "./schema";

// ---------------------------------------------------------------------------------------------
// Derived values (prepareDerivedData and the sheet contexts)

/** The wound track shown on the health bar: healthy 6 … killed 0. */
export const HEALTH_MAX = WOUND_LEVELS.length - 1;

export interface DerivedActor {
  woundPenalty: number;
  canAct: boolean;
  health: { value: number; max: number };
  /** Attribute codes as text (`3D+2`). */
  codes: Record<string, string>;
}

/** Derived values of a character or NPC through the pure rules (bad stored values fall back safely). */
export function deriveActor(system: Record<string, unknown>): DerivedActor {
  const level = (WOUND_LEVELS as readonly string[]).includes(String(system.woundLevel)) ? (system.woundLevel as WoundLevel) : "healthy";
  const attrs = (system.attributes ?? {}) as Record<string, DieCode>;
  const codes: Record<string, string> = {};
  for (const a of ATTRIBUTES) codes[a] = safeFormat(attrs[a]);
  return {
    woundPenalty: woundPenaltyDice(level),
    canAct: canAct(level),
    health: { value: HEALTH_MAX - WOUND_LEVELS.indexOf(level), max: HEALTH_MAX },
    codes,
  };
}
