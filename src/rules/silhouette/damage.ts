/**
 * Damage and wounds (digest §12). The seed's chapter gives the margin-driven damage (004:L99,
 * L104) and names Light wound (Легкое ранение), Heavy wound (Тяжелое ранение), instant death
 * (немедленная смерть) and System Shock (Болевой шок) (004:L42-43, L63, L96), but not the
 * thresholds. The thresholds here are Silhouette's Stamina convention (light at ½ Stamina, heavy at
 * Stamina, death at 2 × Stamina), a parameter until the wounds chapter is available.
 */
import { OmnibusError, requireInt } from "../../core/errors";
import { optionsObject } from "../../core/guards";

/**
 * Damage of a hit = Degree of Success (plus a burst's ROF, 004:L99) × the weapon's damage
 * multiplier (digest §12). A miss (or a margin ≤ 0 without bonus) deals 0.
 */
export function hitDamage(margin: number, damageMultiplier: number, rofBonus = 0): number {
  requireInt("margin", margin, -1000, 1000);
  requireInt("damageMultiplier", damageMultiplier, 0, 1000);
  requireInt("rofBonus", rofBonus, 0, 50);
  if (margin < 0) return 0;
  return (margin + rofBonus) * damageMultiplier;
}

export type WoundLevel = "none" | "light" | "heavy" | "death";
export const WOUND_LEVELS: readonly WoundLevel[] = ["none", "light", "heavy", "death"];

export interface WoundThresholds {
  /** Damage at or above this is a Light wound. */
  light: number;
  /** Damage at or above this is a Heavy wound. */
  heavy: number;
  /** Damage at or above this is instant death. */
  death: number;
}

/** Silhouette's Stamina thresholds (not in the seed): ½, 1 and 2 × Stamina (rounded up). */
export function staminaThresholds(stamina: number): WoundThresholds {
  requireInt("stamina", stamina, 1, 1000);
  return { light: Math.ceil(stamina / 2), heavy: stamina, death: 2 * stamina };
}

/**
 * The wound a single hit's damage causes. A hit to the head or lower abdomen halves the damage
 * needed (004:L96; rounded up); an arm hit cannot kill outright unless the damage exceeds System
 * Shock (Болевой шок) (004:L96) — without a System Shock value an arm hit stops at Heavy.
 */
export function woundFromDamage(
  damage: number,
  thresholds: WoundThresholds,
  opts: { halved?: boolean; armHit?: boolean; systemShock?: number } = {},
): WoundLevel {
  requireInt("damage", damage, 0, 100000);
  opts = optionsObject("opts", opts);
  const t = checkThresholds(thresholds);
  const scale = (n: number) => (opts.halved ? Math.ceil(n / 2) : n);
  let level: WoundLevel = "none";
  if (damage >= scale(t.death)) level = "death";
  else if (damage >= scale(t.heavy)) level = "heavy";
  else if (damage >= scale(t.light)) level = "light";
  if (level === "death" && opts.armHit === true) {
    const shock = opts.systemShock === undefined ? undefined : requireInt("systemShock", opts.systemShock, 0, 100000);
    if (shock === undefined || damage <= shock) level = "heavy";
  }
  return level;
}

function checkThresholds(t: WoundThresholds): WoundThresholds {
  if (typeof t !== "object" || t === null) throw new OmnibusError("badArgument", "wound thresholds missing", { name: "thresholds" });
  requireInt("light", t.light, 1, 100000);
  requireInt("heavy", t.heavy, t.light, 100000);
  requireInt("death", t.death, t.heavy, 100000);
  return t;
}

/** A character's wounds. */
export interface HealthState {
  light: number;
  heavy: number;
  dead: boolean;
}

export const HEALTHY: Readonly<HealthState> = { light: 0, heavy: 0, dead: false };

/** Adds a wound to a health state (a new object; the input is not changed). */
export function addWound(state: HealthState, wound: WoundLevel): HealthState {
  requireInt("light", state?.light, 0, 1000);
  requireInt("heavy", state?.heavy, 0, 1000);
  if (!WOUND_LEVELS.includes(wound)) throw new OmnibusError("badArgument", `unknown wound "${String(wound)}"`, { name: "wound" });
  if (wound === "death") return { ...state, dead: true };
  if (wound === "light") return { ...state, light: state.light + 1 };
  if (wound === "heavy") return { ...state, heavy: state.heavy + 1 };
  return { ...state };
}

/** The worst wound for movement limits (004:L42-43). */
export function worstWound(state: HealthState): "none" | "light" | "heavy" | "dead" {
  if (typeof state !== "object" || state === null)
    throw new OmnibusError("badArgument", "a health state must be an object", { name: "state" });
  requireInt("light", state.light, 0, 1000);
  requireInt("heavy", state.heavy, 0, 1000);
  if (state.dead) return "dead";
  if (state.heavy > 0) return "heavy";
  if (state.light > 0) return "light";
  return "none";
}
