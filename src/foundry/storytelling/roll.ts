/**
 * Storytelling Rolls: Foundry dice terms whose faces come out in the dice order contract, resolved by
 * the pure `rollPool` (src/rules/storytelling/roll.ts).
 *
 *  - a pool: `Nd10ro<8x>=10cs>=8` — the initial dice, one rote re-roll per failed die (`ro<8`), then
 *    the again-dice appended and checked in turn (`x>=10`, or 9/8, or none);
 *  - a chance die: `1d10x>=10cs>=10` (only a 10 counts, 002:L206);
 *  - a rote chance die (002:L478) needs one more chance die after its first die (2–9) or after its
 *    10-chain ends, which no dice modifier expresses: the Roll rolls one more `1d10x>=10` term while
 *    the resolver asks for more dice (at most a few times), so Dice So Nice still shows every die.
 */
import type { DiceSource } from "../../core/dice";
import { rollInitiative, rollPool, type AgainLevel, type RollResult } from "../../rules/storytelling";
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

type Spec = { spec?: StorytellingRollSpec };

export class StorytellingRoll extends OmnibusRoll<RollResult> {
  static forCheck(spec: StorytellingRollSpec): StorytellingRoll {
    return new this(storytellingFormula(spec), {}, { spec } as never);
  }

  get spec(): StorytellingRollSpec {
    return (this.options as Spec).spec ?? { pool: 1, again: 10, rote: false, chanceDieUsesAgain: false };
  }

  protected override resolve(dice: DiceSource): RollResult {
    const s = this.spec;
    return rollPool(s.pool, dice, { again: s.again, rote: s.rote, chanceDieUsesAgainLevel: s.chanceDieUsesAgain });
  }

  override async evaluate(options?: Parameters<OmnibusRoll["evaluate"]>[0]): Promise<never> {
    const s = this.spec;
    if (!(s.pool <= 0 && s.rote)) return (await super.evaluate(options)) as never;
    // A rote chance die: evaluate the first chain, then add chance dice while the rules ask for them.
    const RollBase = Object.getPrototypeOf(OmnibusRoll.prototype) as { evaluate(this: unknown, o?: unknown): Promise<unknown> };
    await RollBase.evaluate.call(this, options);
    for (let extra = 0; ; extra++) {
      try {
        this.resolveOutcome();
        return this as never;
      } catch (error) {
        if (!isOmnibusError(error) || error.code !== "facesExhausted" || extra >= 4) throw error;
        await this.appendChanceDie(options);
      }
    }
  }

  /** Rolls one more chance-die term and appends it (with a "+") to this roll's terms. */
  protected async appendChanceDie(options?: unknown): Promise<void> {
    const more = (await new Roll(chanceContinuationFormula(this.spec)).evaluate(options as never)) as unknown as { terms: unknown[] };
    const terms = (foundry as unknown as { dice: { terms: { OperatorTerm: new (d: { operator: string }) => { evaluate(): unknown } } } }).dice.terms;
    const plus = new terms.OperatorTerm({ operator: "+" });
    await plus.evaluate();
    const self = this as unknown as { terms: unknown[]; _total: number; _evaluateTotal(): number; _formula?: string };
    self.terms.push(plus, ...more.terms);
    self._total = self._evaluateTotal();
  }
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
