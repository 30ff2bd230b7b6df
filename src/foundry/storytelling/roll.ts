/**
 * Storytelling Rolls: Foundry dice terms whose faces come out in the dice order contract, resolved by
 * the pure `rollPool` (src/rules/storytelling/roll.ts).
 *
 *  - a pool: `Nd10ro<8x>=10cs>=8` — the initial dice, one rote re-roll per failed die (`ro<8`), then
 *    the again-dice appended and checked in turn (`x>=10`, or 9/8, or none);
 *  - a chance die: `1d10x>=10cs>=10` (only a 10 counts, 002:L206);
 *  - a rote chance die (002:L478) needs one more chance die after its first die (2–9) or after its
 *    10-chain ends, which no dice modifier expresses: `rollStorytelling` then rolls a second Roll of
 *    `1d10x>=10cs>=10` and attaches both to the message (so Dice So Nice shows every die), touching
 *    no Foundry internals; the rote gives exactly one such die, so two Rolls always suffice.
 */
import type { DiceSource } from "../../core/dice";
import { rollInitiative, rollPool, type AgainLevel, type RollResult } from "../../rules/storytelling";
import { diceFromRoll, type EvaluatedDice } from "../dice/faces";
import { OmnibusRoll } from "../dice/roll";
import { isOmnibusError } from "../i18n";

export interface StorytellingRollSpec {
  pool: number;
  again: AgainLevel;
  rote: boolean;
  chanceDieUsesAgain: boolean;
}

/** The again threshold the dice use (a chance die explodes only on 10 unless the option says so). */
function againFace(spec: StorytellingRollSpec): number | null {
  if (spec.again === "none") return null;
  if (spec.pool <= 0 && !spec.chanceDieUsesAgain) return 10;
  return spec.again;
}

/** The Foundry formula for a Storytelling roll (see the module comment). */
export function storytellingFormula(spec: StorytellingRollSpec): string {
  const face = againFace(spec);
  const x = face === null ? "" : `x>=${face}`;
  if (spec.pool <= 0) return `1d10${x}cs>=10`;
  return `${spec.pool}d10${spec.rote ? "ro<8" : ""}${x}cs>=8`;
}

/** The formula of the extra chance die a rote chance roll may need. */
export function chanceContinuationFormula(spec: StorytellingRollSpec): string {
  const face = againFace(spec);
  return `1d10${face === null ? "" : `x>=${face}`}cs>=10`;
}

type Spec = { spec?: StorytellingRollSpec; continuation?: boolean };

const isRoteChance = (s: StorytellingRollSpec) => s.pool <= 0 && s.rote;

export class StorytellingRoll extends OmnibusRoll<RollResult> {
  static forCheck(spec: StorytellingRollSpec): StorytellingRoll {
    return new this(storytellingFormula(spec), {}, { spec } as never);
  }

  /** The rote's one more chance die (002:L478), rolled as a Roll of its own after the first chain. */
  static continuation(spec: StorytellingRollSpec): StorytellingRoll {
    return new this(chanceContinuationFormula(spec), {}, { spec, continuation: true } as never);
  }

  get spec(): StorytellingRollSpec {
    return (this.options as Spec).spec ?? { pool: 1, again: 10, rote: false, chanceDieUsesAgain: false };
  }

  /** This Roll holds only the rote's continuation chance die; the outcome is on the first Roll. */
  get isContinuation(): boolean {
    return (this.options as Spec).continuation === true;
  }

  protected override resolve(dice: DiceSource): RollResult {
    const s = this.spec;
    return rollPool(s.pool, dice, { again: s.again, rote: s.rote, chanceDieUsesAgainLevel: s.chanceDieUsesAgain });
  }

  /**
   * A rote chance roll's first Roll may not hold every face the rules ask for (its continuation is
   * a second Roll): then the outcome waits for `resolveAcross`. A continuation Roll resolves nothing.
   */
  override resolveOutcome(): RollResult {
    if (this.isContinuation) return undefined as never;
    if (!isRoteChance(this.spec)) return super.resolveOutcome();
    try {
      return super.resolveOutcome();
    } catch (error) {
      if (isOmnibusError(error) && error.code === "facesExhausted") return undefined as never;
      throw error;
    }
  }

  /** Resolves the outcome over this Roll's faces followed by the other Rolls' (the dice order contract). */
  resolveAcross(more: readonly StorytellingRoll[]): RollResult {
    const dice = diceFromRoll({ dice: [this, ...more].flatMap((r) => (r as unknown as EvaluatedDice).dice) });
    const outcome = this.resolve(dice);
    dice.assertExhausted();
    (this.options as Record<string, unknown>).outcome = outcome;
    return outcome;
  }
}

/**
 * Rolls a Storytelling pool with Foundry dice: one Roll, or for a rote chance roll whose first chain
 * did not settle it (a first die of 2–9, or a 10-chain that ended) a second Roll with the rote's one
 * more chance die. Both go on the message (`rolls: [first, second]`); no Roll is changed after it
 * was evaluated. The outcome is resolved over both Rolls' faces in order and kept on the first.
 */
export async function rollStorytelling(spec: StorytellingRollSpec, evaluate: { allowInteractive: boolean } = { allowInteractive: true }): Promise<{ rolls: StorytellingRoll[]; result: RollResult }> {
  const first = StorytellingRoll.forCheck(spec);
  await first.evaluate(evaluate);
  if (first.outcome) return { rolls: [first], result: first.outcome };
  const second = StorytellingRoll.continuation(spec);
  await second.evaluate(evaluate);
  return { rolls: [first, second], result: first.resolveAcross([second]) };
}

/** Initiative: 1d10 + Dexterity + Composure (WoD p.152). */
export class StorytellingInitiativeRoll extends OmnibusRoll<{ roll: number; modifier: number; total: number }> {
  static forInitiative(modifier: number): StorytellingInitiativeRoll {
    const m = Math.trunc(modifier);
    return new this(`1d10 + ${m}`, {}, { modifier: m } as never);
  }

  protected override resolve(dice: DiceSource) {
    const modifier = Number((this.options as Record<string, unknown>).modifier ?? 0);
    const { roll, total } = rollInitiative(modifier, dice);
    return { roll, modifier, total };
  }
}
