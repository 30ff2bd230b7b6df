/**
 * Environmental hazards (published WoD 2004 Ch. 7, digest §Z.8; not in the seed except falling,
 * 002:L839): fire, electrocution, holding breath, sleep deprivation. Falling is in objects.ts.
 */
import { requireInt } from "../../core/errors";
import { keyOf, optionalFlag, optionsObject } from "../../core/guards";

/** Fire (WoD pp.180–181): lethal damage per turn = size of the fire + heat modifier, no roll. */
export const FIRE_SIZE = { torch: 1, bonfire: 2, inferno: 3 } as const;
export const FIRE_HEAT = { candle: 0, torch: 1, bunsenBurner: 2, chemical: 3 } as const;

/**
 * Lethal damage a fire does in one turn. Armour blocks damage up to its rating for as many turns as
 * its rating (then gives no protection): pass `armor` and the turn number (1-based).
 */
export function fireDamage(
  size: keyof typeof FIRE_SIZE,
  heat: keyof typeof FIRE_HEAT,
  opts: { armor?: number; turn?: number } = {},
): number {
  const base = FIRE_SIZE[keyOf("size", size, FIRE_SIZE)] + FIRE_HEAT[keyOf("heat", heat, FIRE_HEAT)];
  const o = optionsObject("options", opts);
  const armor = requireInt("armor", o.armor ?? 0, 0, 20);
  const turn = requireInt("turn", o.turn ?? 1, 1, 9999);
  return Math.max(0, base - (turn <= armor ? armor : 0));
}

/** Electrocution (WoD p.179): bashing per turn, no roll, armour gives no protection. */
export const ELECTROCUTION = { minor: 4, major: 6, severe: 8, fatal: 10 } as const;

/** Holding breath (digest §Z.8): seconds by Stamina 1–7; in combat one turn per Stamina dot. */
export const HOLD_BREATH_SECONDS = [30, 60, 120, 240, 480, 900, 1800] as const;

/** How long a character holds his breath before Stamina rolls (each success +30 s / +1 turn), then 1 lethal per turn. */
export function holdBreath(stamina: number, inCombat = false): { seconds: number; turns: number } {
  const s = requireInt("stamina", stamina, 1, 7);
  if (optionalFlag("inCombat", inCombat)) return { seconds: s * 3, turns: s };
  const seconds = HOLD_BREATH_SECONDS[s - 1];
  return { seconds, turns: Math.floor(seconds / 3) };
}

/**
 * Sleep deprivation (WoD p.181): after 24 hours awake, Stamina + Resolve to stay awake, at −1 per
 * full 6 hours beyond 24 (plus exertion, −1 to −3, the caller's). Returns the penalty (0 or less).
 */
export function fatiguePenalty(hoursAwake: number): number {
  const h = requireInt("hoursAwake", hoursAwake, 0, 9999);
  return h <= 24 ? 0 : 0 - Math.floor((h - 24) / 6);
}

/** Survival gear (002:L757): rating = hours of protection from the elements and days of food and water. */
export function survivalGear(rating: number): { hoursProtected: number; daysOfSupplies: number; exposureRollBonus: number } {
  const r = requireInt("rating", rating, 0, 10);
  return { hoursProtected: r, daysOfSupplies: r, exposureRollBonus: r };
}
