/**
 * D6 Roll classes. The formula's die terms come out in the order `rollD6` asks for dice (the dice
 * order contract): the regular dice (`Nd6`), then the Wild Die (`1dw`, the system's Wild Die term:
 * a 6 explodes), then each Character Point die (`1d6x6`), then the pips as a number. The pure
 * resolver then reads exactly those faces, so Dice So Nice (the Wild Die in its own colour) and
 * roll tooltips show the same dice the rules count.
 */
import { forcedDice, type DiceSource } from "../../core/dice";
import { OmnibusError } from "../../core/errors";
import {
  canRollCode,
  formatDieCode,
  normalizeCode,
  rollD6,
  rollGrenadeDeviation,
  rollPlainDice,
  type D6RollKind,
  type D6RollResult,
  type DieCode,
  type GrenadeDeviation,
  type RangeBand,
  type WildOneRule,
} from "../../rules/d6";
import { OmnibusRoll } from "../dice/roll";
import { WildDie } from "../dice/terms";
import { readSettings } from "./settings";

export interface D6RollSpec {
  code: DieCode;
  wildDie: boolean;
  wildOne: WildOneRule;
  characterPoints: number;
  kind: D6RollKind;
  allowPipsOnly: boolean;
}

/** The Foundry formula for a D6 roll, in the dice order contract. Throws `rollImpossible` for a code that cannot be rolled. */
export function d6Formula(spec: D6RollSpec): string {
  const n = normalizeCode(spec.code);
  if (!canRollCode(n, { allowPipsOnly: spec.allowPipsOnly })) {
    throw new OmnibusError("rollImpossible", `the code ${formatDieCode(n)} cannot be rolled: penalties leave no dice`, {
      code: formatDieCode(n),
    });
  }
  const terms: string[] = [];
  const wild = spec.wildDie && n.dice > 0;
  const regular = wild ? n.dice - 1 : n.dice;
  if (regular > 0) terms.push(`${regular}d6`);
  if (wild) terms.push(`1d${WildDie.DENOMINATION}`);
  for (let i = 0; i < spec.characterPoints; i++) terms.push("1d6x6");
  if (n.pips !== 0 || terms.length === 0) terms.push(String(Math.abs(n.pips)));
  let formula = terms[0];
  for (let i = 1; i < terms.length; i++) formula += i === terms.length - 1 && n.pips < 0 ? ` - ${terms[i]}` : ` + ${terms[i]}`;
  if (terms.length === 1 && n.pips < 0) formula = `-${formula}`;
  return formula;
}

type Options = Record<string, unknown>;

function withRulesTotal(roll: OmnibusRoll<{ total: number }>): void {
  const outcome = roll.outcome;
  if (outcome) (roll as unknown as { _total: number })._total = outcome.total;
}

/** A D6 die-code roll: `roll.outcome` is `rollD6`'s result; `roll.total` is the rules' total (a Wild Die 1 may remove dice). */
export class D6Roll extends OmnibusRoll<D6RollResult> {
  static fromSpec(spec: D6RollSpec, data: Record<string, unknown> = {}): D6Roll {
    return new D6Roll(d6Formula(spec), data, { d6: spec } as never);
  }

  get spec(): D6RollSpec {
    return (this.options as Options).d6 as D6RollSpec;
  }

  protected override resolve(dice: DiceSource): D6RollResult {
    const s = this.spec;
    return rollD6(s.code, dice, {
      wildDie: s.wildDie,
      wildOne: s.wildOne,
      characterPoints: s.characterPoints,
      kind: s.kind,
      allowPipsOnly: s.allowPipsOnly,
    });
  }

  override async evaluate(options?: Parameters<OmnibusRoll["evaluate"]>[0]): Promise<never> {
    const evaluated = await super.evaluate(options);
    withRulesTotal(this);
    return evaluated as never;
  }
}

/** Plain dice with no Wild Die (cover and called-shot dice added to a difficulty, 000:L563, L607). */
export class D6PlainRoll extends OmnibusRoll<{ faces: number[]; total: number }> {
  static ofDice(count: number): D6PlainRoll {
    return new D6PlainRoll(`${count}d6`, {}, { plainDice: count } as never);
  }

  protected override resolve(dice: DiceSource): { faces: number[]; total: number } {
    return rollPlainDice(Number((this.options as Options).plainDice ?? 0), dice);
  }
}

/** Where a missed grenade lands (000:L575–583): 1D direction, then 1D/2D/3D metres by band. */
export class D6DeviationRoll extends OmnibusRoll<GrenadeDeviation & { total: number }> {
  static forThrow(distance: number, band: RangeBand, distanceDice: number): D6DeviationRoll {
    return new D6DeviationRoll(`1d6 + ${distanceDice}d6`, {}, { deviation: { distance, band } } as never);
  }

  protected override resolve(dice: DiceSource): GrenadeDeviation & { total: number } {
    const { distance, band } = (this.options as Options).deviation as { distance: number; band: RangeBand };
    const d = rollGrenadeDeviation(distance, band, dice);
    return { ...d, total: d.deviation };
  }
}

/** Character Point dice alone (spent on a Strength roll against damage after it was rolled): each `1d6x6`, a 6 explodes (000:L793). */
export class D6CharacterPointRoll extends OmnibusRoll<{ faces: number[][]; total: number }> {
  static ofDice(count: number): D6CharacterPointRoll {
    return new D6CharacterPointRoll(Array.from({ length: count }, () => "1d6x6").join(" + "), {}, { characterPointDice: count } as never);
  }

  protected override resolve(dice: DiceSource): { faces: number[][]; total: number } {
    const faces: number[][] = [];
    for (let i = 0; i < Number((this.options as Options).characterPointDice ?? 0); i++) {
      const die = [dice.roll(6)];
      while (die[die.length - 1] === 6) die.push(dice.roll(6));
      faces.push(die);
    }
    return { faces, total: faces.flat().reduce((a, b) => a + b, 0) };
  }
}

interface LooseTerm {
  faces?: number | null;
  number?: number | null;
  modifiers?: string[];
  operator?: string;
  results?: Array<{ result: number }>;
}

/**
 * The shape of a chat formula the D6 rules can resolve: plain d6 dice and one Wild Die added
 * together, with numbers added or subtracted (`/r 4d6 + 1dw + 2`). Null for anything else.
 */
export function chatWildShape(terms: readonly LooseTerm[]): { regular: number[]; wild: number[]; pips: number } | null {
  const regular: number[] = [];
  let wild: number[] | null = null;
  let pips = 0;
  let sign = 1;
  for (const term of terms) {
    if (term.operator !== undefined) {
      if (term.operator !== "+" && term.operator !== "-") return null;
      sign = term.operator === "-" ? -1 : 1;
      continue;
    }
    const faces = (term.results ?? []).map((r) => r.result);
    if (term instanceof WildDie) {
      if (wild || sign < 0) return null;
      wild = faces;
    } else if (typeof term.faces === "number") {
      if (term.faces !== 6 || (term.modifiers ?? []).length > 0 || sign < 0) return null;
      regular.push(...faces);
    } else if (typeof term.number === "number" && Number.isInteger(term.number)) {
      pips += sign * term.number;
    } else return null;
  }
  return wild ? { regular, wild, pips } : null;
}

/**
 * The default Roll while D6 is the world's ruleset, so a chat roll with the Wild Die (`/r 4d6 +
 * 1dw`) is resolved by the same pure `rollD6` as a sheet roll, with the world's Wild Die rule
 * (a first 1 removes itself and the highest die, or only flags a complication, or nothing). Any
 * other formula is Foundry's own roll, untouched. `roll.outcome` is `rollD6`'s result.
 */
export class D6ChatRoll extends OmnibusRoll<D6RollResult> {
  override resolveOutcome(): D6RollResult {
    const shape = chatWildShape(this.terms as unknown as LooseTerm[]);
    if (!shape) return undefined as never;
    // The dice as a code of whole dice; the numbers are added after (a code's pips would normalise).
    const dice = rollD6({ dice: shape.regular.length + 1, pips: 0 }, forcedDice([...shape.regular, ...shape.wild]), {
      wildDie: true,
      wildOne: readSettings().wildOne,
    });
    const outcome: D6RollResult = { ...dice, pips: shape.pips, total: dice.total + shape.pips };
    (this.options as Options).outcome = outcome;
    (this as unknown as { _total: number })._total = outcome.total;
    return outcome;
  }
}
