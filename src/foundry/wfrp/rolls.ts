/**
 * The `wfrp` Roll classes. Both roll Foundry dice terms (so Dice So Nice, manual dice entry and roll
 * tooltips work) and hand the faces, in the dice order contract, to the pure resolvers.
 *
 *  - WfrpTestRoll: "1d100" — one d100 face resolved against one or more test specs (an attack at
 *    several targets is one roll against several targets). Options: { specs, testOptions }.
 *  - WfrpInitiativeRoll: per the initiative mode — "<I>" (fixed, no dice), "1d10 + <I>",
 *    "1d10 + <AgB> + <IB>", or "1d100" for the Initiative Test, whose total becomes its SL.
 */
import type { DiceSource } from "../../core/dice";
import { OmnibusRoll } from "../dice/roll";
import {
  characteristicBonus,
  rollD100,
  rollInitiative,
  resolveTest,
  type InitiativeMode,
  type TestOptions,
  type TestResult,
  type TestSpec,
} from "../../rules/wfrp/index";

export interface WfrpTestOutcome {
  /** The d100 face, 1…100. */
  roll: number;
  /** One result per spec, in order. */
  results: TestResult[];
}

export interface WfrpTestRollOptions {
  specs: TestSpec[];
  testOptions: Partial<TestOptions>;
}

export class WfrpTestRoll extends OmnibusRoll<WfrpTestOutcome> {
  static FORMULA = "1d100";

  protected override resolve(dice: DiceSource): WfrpTestOutcome {
    const o = this.options as unknown as WfrpTestRollOptions;
    const roll = rollD100(dice);
    return { roll, results: (o.specs ?? []).map((spec) => resolveTest(spec, roll, o.testOptions ?? {})) };
  }
}

export interface WfrpInitiativeOptions {
  mode: InitiativeMode;
  initiative: number;
  agility: number;
  testModifier?: number;
  testOptions?: Partial<TestOptions>;
}

export interface WfrpInitiativeOutcome {
  score: number;
  roll: number | null;
}

/** The Foundry formula of an initiative roll for a mode (003:L281-293). */
export function initiativeFormula(o: WfrpInitiativeOptions): string {
  switch (o.mode) {
    case "test":
      return "1d100";
    case "d10_plus_initiative":
      return `1d10 + ${o.initiative}`;
    case "d10_plus_bonuses":
      return `1d10 + ${characteristicBonus(o.agility)} + ${characteristicBonus(o.initiative)}`;
    default:
      return `${o.initiative}`;
  }
}

export class WfrpInitiativeRoll extends OmnibusRoll<WfrpInitiativeOutcome> {
  protected override resolve(dice: DiceSource): WfrpInitiativeOutcome {
    const o = this.options as unknown as WfrpInitiativeOptions;
    const [entry] = rollInitiative(
      dice,
      [{ id: "self", initiative: o.initiative, agility: o.agility, testModifier: o.testModifier ?? 0 }],
      o.mode,
      o.testOptions ?? {},
    );
    return { score: entry.score, roll: entry.roll };
  }

  override async evaluate(options?: Parameters<OmnibusRoll["evaluate"]>[0]): Promise<Roll.Evaluated<this>> {
    const evaluated = await super.evaluate(options);
    // The Initiative Test orders by SL (003:L289): the roll's total is the SL, not the d100 face.
    const outcome = this.outcome;
    if (outcome) (this as unknown as { _total: number })._total = outcome.score;
    return evaluated;
  }
}
