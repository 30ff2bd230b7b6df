/**
 * Storytelling Rolls: the system's Storytelling die term (`Nds…`, dice/terms.ts), resolved by the
 * pure `rollPool` (src/rules/storytelling/roll.ts).
 *
 *  - a pool: `Nds` (10-again), `Ndsa9`/`Ndsa8`/`Ndsa0` (9-/8-again, none), `r` rote (any failed
 *    die once, the seed's reading and the default) or `ri` (the initial dice only, a world
 *    setting): `5dsa9r`;
 *  - a chance die: `1dsc` (only a 10 counts, 002:L206; it explodes only on 10 unless the world
 *    lets 9-/8-again apply, then `1dsca9`), `1dscr` as a rote action (002:L478: its one more
 *    chance die after a first die of 2–9 or after its 10-chain ends).
 *
 * The term rolls face by face while the same pure rules ask for more, so ONE Roll holds every die
 * (Dice So Nice shows them all; manual dice entry asks for each) and its total is the successes.
 */
import type { DiceSource } from "../../core/dice";
import { rollInitiative, rollPool, type AgainLevel, type RollResult } from "../../rules/storytelling";
import { OmnibusRoll } from "../dice/roll";
import { StorytellingDie } from "../dice/terms";

export type RoteScope = "allFailedDice" | "initialDice";

export interface StorytellingRollSpec {
  pool: number;
  again: AgainLevel;
  rote: boolean;
  chanceDieUsesAgain: boolean;
  /** Which failed dice a rote re-rolls (default: any failed die, 002:L474). */
  roteScope?: RoteScope;
}

/** The again modifier of the term (none for 10-again, the term's default). */
function againModifier(again: AgainLevel): string {
  if (again === 10) return "";
  return again === "none" ? "a0" : `a${again}`;
}

/** The Foundry formula for a Storytelling roll (see the module comment). */
export function storytellingFormula(spec: StorytellingRollSpec): string {
  const d = `d${StorytellingDie.DENOMINATION}`;
  const rote = spec.rote ? (spec.roteScope === "initialDice" ? "ri" : "r") : "";
  if (spec.pool <= 0) {
    // A chance die explodes on 10 only, unless the world applies 9-/8-again to it; no again stops it.
    const again = spec.again === "none" ? "a0" : spec.chanceDieUsesAgain ? againModifier(spec.again) : "";
    return `1${d}c${again}${rote}`;
  }
  return `${spec.pool}${d}${againModifier(spec.again)}${rote}`;
}

type Spec = { spec?: StorytellingRollSpec; continuation?: boolean };

export class StorytellingRoll extends OmnibusRoll<RollResult> {
  static forCheck(spec: StorytellingRollSpec): StorytellingRoll {
    return new this(storytellingFormula(spec), {}, { spec } as never);
  }

  get spec(): StorytellingRollSpec {
    return (this.options as Spec).spec ?? { pool: 1, again: 10, rote: false, chanceDieUsesAgain: false };
  }

  /** A Roll of an older message that held only a rote chance die's second die; it resolves nothing. */
  get isContinuation(): boolean {
    return (this.options as Spec).continuation === true;
  }

  protected override resolve(dice: DiceSource): RollResult {
    const s = this.spec;
    return rollPool(s.pool, dice, {
      again: s.again,
      rote: s.rote,
      roteRerolls: s.roteScope ?? "allFailedDice",
      chanceDieUsesAgainLevel: s.chanceDieUsesAgain,
    });
  }

  override resolveOutcome(): RollResult {
    if (this.isContinuation) return undefined as never;
    return super.resolveOutcome();
  }
}

/** Rolls a Storytelling pool with Foundry dice: one Roll, its outcome resolved by the pure rules. */
export async function rollStorytelling(
  spec: StorytellingRollSpec,
  evaluate: { allowInteractive: boolean } = { allowInteractive: true },
): Promise<{ rolls: StorytellingRoll[]; result: RollResult }> {
  const roll = StorytellingRoll.forCheck(spec);
  await roll.evaluate(evaluate);
  return { rolls: [roll], result: roll.outcome! };
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
