/**
 * The percentile die as WFRP reads it (003:L66-78, digest §2.4). A d100 face is 1…100, where 100 is
 * the "00" the dice show (digest §7 item 5). All helpers take one face and validate it.
 */
import { requireDice } from "../../core/guards";
import { requireInt } from "../../core/errors";
import type { DiceSource } from "../../core/dice";

/** Validates a d100 face: a whole number 1…100 (100 is "00"). */
export function checkRoll(roll: number, name = "roll"): number {
  return requireInt(typeof name === "string" ? name : "roll", roll, 1, 100);
}

/**
 * The "tens" of a target or roll, as SL uses it (003:L130): a true floor, never truncation, so
 * tens(−5) = −1, tens(100) = 10 (the "00" roll), tens(115) = 11 (digest §2.5).
 */
export function tens(value: number): number {
  return Math.floor(requireInt("value", value) / 10);
}

/** The units die of a roll: 0…9 (a "00" roll shows 0). */
export function unitsDigit(roll: number): number {
  checkRoll(roll);
  return roll % 10;
}

/** The tens die of a roll as the dice show it: 0…9 (a "00" roll shows 0; 10 shows 1). */
export function tensDigit(roll: number): number {
  checkRoll(roll);
  return Math.floor((roll % 100) / 10);
}

/** A double (Дубль, 003:L70): both dice show the same digit — 11, 22, …, 99 and "00" (100). */
export function isDouble(roll: number): boolean {
  checkRoll(roll);
  return tensDigit(roll) === unitsDigit(roll);
}

/**
 * Reversal (Инверсия, 003:L74): swap the dice. 58 → 85, 41 → 14, 77 → 77; written as two digits,
 * so 07 → 70, 10 → 01 (= 1) and "00" (100) → "00" (digest §2.4).
 */
export function reverseRoll(roll: number): number {
  checkRoll(roll);
  const reversed = unitsDigit(roll) * 10 + tensDigit(roll);
  return reversed === 0 ? 100 : reversed;
}

/** Rolls one d100 face from a dice source (one face in the dice order contract). */
export function rollD100(dice: DiceSource): number {
  return requireDice("dice", dice).roll(100);
}
