/**
 * Characteristics and their bonuses. The seed names Agility, Initiative, Movement and Fellowship
 * (digest §6.3); the other six and the Bonus definition (the tens digit) are published 4e (digest
 * §7 item 13).
 */
import { requireObject } from "../../core/guards";
import { describeValue, OmnibusError, requireInt } from "../../core/errors";

/** The ten percentile characteristics of published 4e, in sheet order. Movement is separate (not a percentage). */
export const CHARACTERISTICS = ["ws", "bs", "s", "t", "i", "ag", "dex", "int", "wp", "fel"] as const;
export type CharacteristicId = (typeof CHARACTERISTICS)[number];

export function isCharacteristic(value: unknown): value is CharacteristicId {
  return typeof value === "string" && (CHARACTERISTICS as readonly string[]).includes(value);
}

export function requireCharacteristic(value: unknown): CharacteristicId {
  if (!isCharacteristic(value)) {
    throw new OmnibusError("badArgument", `unknown characteristic "${describeValue(value)}" (one of ${CHARACTERISTICS.join(", ")})`, {
      name: "characteristic",
      value: describeValue(value),
    });
  }
  return value;
}

/** A characteristic on the sheet: initial value, Advances, and any other modifier (talents, effects). */
export interface CharacteristicScore {
  initial: number;
  advances: number;
  modifier?: number;
}

/** Current value = initial + advances + modifier (never below 0). */
export function characteristicValue(c: CharacteristicScore): number {
  requireObject("characteristic", c);
  const initial = requireInt("initial", c.initial, 0, 999);
  const advances = requireInt("advances", c.advances, 0, 999);
  const modifier = requireInt("modifier", c.modifier ?? 0, -999, 999);
  return Math.max(0, initial + advances + modifier);
}

/** Characteristic Bonus (бонус характеристики, 003:L237, L293): the tens digit, floor(value / 10). */
export function characteristicBonus(value: number): number {
  return Math.floor(requireInt("characteristic", value, 0, 999) / 10);
}

/** The row a sheet shows for one characteristic: initial, advances, current, bonus. */
export function characteristicRow(c: CharacteristicScore): { initial: number; advances: number; current: number; bonus: number } {
  const current = characteristicValue(c);
  return { initial: c.initial, advances: c.advances, current, bonus: characteristicBonus(current) };
}
