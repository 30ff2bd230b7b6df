/**
 * The base Roll pattern. A ruleset's Roll subclass:
 *  1. builds a Foundry formula whose die terms come out in the order its pure resolver asks for
 *     dice (see faces.ts), so Dice So Nice, manual dice entry and roll tooltips keep working;
 *  2. implements `resolve(dice)`: calls the pure resolver from src/rules with the given DiceSource
 *     and returns its plain-data outcome;
 *  3. is listed in the adapter's `rolls`, which the plumbing pushes onto CONFIG.Dice.rolls (never
 *     replacing it) so messages rehydrate it by class name.
 *
 * After `evaluate()` the outcome is in `roll.outcome` and in `roll.options.outcome`, which Foundry
 * serializes with the roll, so a chat card re-rendered later (or on another client) reads the same
 * outcome without resolving again. Unused faces are an error (`facesUnused`): a formula that rolls
 * more dice than the rules consume is a bug.
 *
 *   class D6Roll extends OmnibusRoll<D6Outcome> {
 *     protected override resolve(dice: DiceSource) { return resolveD6Check(this.options.check, dice); }
 *   }
 *   const roll = await new D6Roll("2d6 + 1dw", {}, { check }).evaluate();
 *   roll.outcome // { total, wildDie, complication, … }
 */
import type { AnyObject } from "fvtt-types/utils";
import type { DiceSource } from "../../core/dice";
import { diceFromRoll, type EvaluatedDice } from "../../rules/table/faces";

type RollOptions = Record<string, unknown> & { outcome?: unknown };

export class OmnibusRoll<Outcome = unknown> extends Roll<AnyObject> {
  /** The resolved outcome (after evaluate), or undefined. */
  get outcome(): Outcome | undefined {
    return (this.options as RollOptions).outcome as Outcome | undefined;
  }

  /** The subclass's resolver. The base class has none (it is a pattern, not a ruleset). */
  protected resolve(_dice: DiceSource): Outcome {
    throw new Error(`${this.constructor.name} must implement resolve(dice)`);
  }

  /** Resolves the evaluated dice through `resolve` and stores the outcome on the roll's options. */
  resolveOutcome(): Outcome {
    const dice = diceFromRoll(this as unknown as EvaluatedDice);
    const outcome = this.resolve(dice);
    dice.assertExhausted();
    (this.options as RollOptions).outcome = outcome;
    return outcome;
  }

  override async evaluate(options?: Parameters<Roll<AnyObject>["evaluate"]>[0]): Promise<Roll.Evaluated<this>> {
    const evaluated = await super.evaluate(options);
    this.resolveOutcome();
    return evaluated;
  }
}
