/**
 * Grenades (004:L113): the throwing rules, with two tests — accuracy, then the fuse timing. A high
 * fuse result means it explodes almost on impact; a critical failure may mean it explodes in the
 * thrower's hand. The seed gives no numbers for "high": `highFuseAt` is a parameter (default 6,
 * a GM-adjustable guess, not seed data).
 */
import type { DiceSource } from "../../core/dice";
import { OmnibusError, requireInt } from "../../core/errors";
import { optionsObject } from "../../core/guards";
import { rollCheck, type CheckOptions, type CheckRoll } from "./pool";

export interface GrenadeThrow {
  accuracy: CheckRoll;
  fuse: CheckRoll;
  /** The fuse test was a mishap: it may explode in the thrower's hand (GM). */
  mayExplodeInHand: boolean;
  /** The fuse total reached `highFuseAt`: it explodes almost on impact. */
  explodesOnImpact: boolean;
}

/**
 * Rolls a grenade's two tests from `source`: the accuracy Throwing test (against `difficulty`,
 * e.g. 1 + modifiers for a spot on the ground, 004:L110) first, then the fuse test.
 */
export function rollGrenade(
  throwing: { dice: number; modifier?: number; difficulty?: number | null },
  fuse: { dice: number; modifier?: number },
  source: DiceSource,
  options: CheckOptions & { highFuseAt?: number } = {},
): GrenadeThrow {
  options = optionsObject("options", options);
  for (const [name, t] of [
    ["throwing", throwing],
    ["fuse", fuse],
  ] as const) {
    if (typeof t !== "object" || t === null) throw new OmnibusError("badArgument", `${name} must be an object`, { name });
  }
  const highFuseAt = requireInt("highFuseAt", options.highFuseAt ?? 6, 1, 100);
  const accuracy = rollCheck({ dice: throwing.dice, modifier: throwing.modifier, threshold: throwing.difficulty ?? null }, source, options);
  const fuseRoll = rollCheck({ dice: fuse.dice, modifier: fuse.modifier }, source, options);
  return {
    accuracy,
    fuse: fuseRoll,
    mayExplodeInHand: fuseRoll.fumble,
    explodesOnImpact: !fuseRoll.fumble && fuseRoll.total >= highFuseAt,
  };
}
