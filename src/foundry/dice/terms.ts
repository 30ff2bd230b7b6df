/**
 * The system's own die terms, registered in CONFIG.Dice.terms (every ruleset's, so old messages
 * rehydrate): where a ruleset's die does something no core modifier says, it is a die of its own
 * rather than a core modifier bent to another meaning (Foundry's die modifiers are those of its
 * "Dice Modifiers" article; `ro` is not one of them and reads as a bare `r`).
 *
 * Each term rolls its dice ONE AT A TIME and asks the pure rules after every face whether they
 * want another (`needsMoreFaces`), so it rolls exactly the faces the rules consume, in the dice
 * order contract — with Foundry's random source, Dice So Nice, or a player typing faces under
 * manual dice entry alike. Then it marks each result from the same rules (success, re-rolled,
 * exploded) so Foundry's tooltip shows what the rules did, and its total is the rules' total.
 *
 *  - `1dw` — the D6 Wild Die (`w`): one d6; a 6 explodes (one more roll after each 6). A first
 *    roll of 1 is marked as a failure; what it does to the total (remove the highest die, only a
 *    complication, nothing) is the world setting, applied by the roll that holds the term (the D6
 *    Roll for a sheet roll, the D6 chat roll for `/r 4d6 + 1dw`) through the pure `rollD6`.
 *  - `Nds…` — a Storytelling pool (`s`, d10s): its total is the number of successes. Its own
 *    modifiers (not core ones): `a10`/`a9`/`a8`/`a0` the again level (default 10; `a0` none),
 *    `r` rote (any failed die re-rolled once, the seed's reading), `ri` rote over the initial
 *    dice only (the world-setting reading), `c` a chance die (`1dsc`: only a 10 succeeds, a first
 *    1 is a dramatic failure; it explodes only on 10 unless an again level is written).
 *
 * Silhouette needs no term of its own: its dice are plain d6 (the highest die counts, each extra
 * six adds one, untrained keeps the lowest of two), which Foundry rolls as `Nd6`/`2d6` and the
 * pure resolver reads; its `rerollAndAdd` option is the core `x6`.
 */
import { forcedDice, needsMoreFaces, type DiceSource } from "../../core/dice";
import { OmnibusError } from "../../core/errors";
import { rollExploding } from "../../rules/d6/roll";
import { rollPool, type AgainLevel, type RollOptions, type RollResult } from "../../rules/storytelling/roll";

/** The most dice one term rolls (a runaway again-chain is a bug, not a roll). */
export const MAX_TERM_DICE = 999;

/** What the rules say about one face, written onto its Foundry result. */
export interface FaceMark {
  success?: boolean;
  failure?: boolean;
  exploded?: boolean;
  rerolled?: boolean;
  active?: boolean;
  count?: number;
}

/**
 * Splits a term's modifier text into known modifiers, each with its parameter (`a9r` → a 9, r),
 * matching the longest known name first (as Foundry does); throws `badArgument` for anything else.
 */
export function splitModifiers(
  modifiers: readonly string[],
  known: readonly string[],
  term: string,
): Array<{ name: string; param: string }> {
  const names = [...known].sort((a, b) => b.length - a.length);
  const out: Array<{ name: string; param: string }> = [];
  for (const [, letters, param] of modifiers.join("").matchAll(/([A-Za-z]+)([^A-Za-z]*)/g)) {
    let rest = letters.toLowerCase();
    while (rest) {
      const name = names.find((n) => rest.startsWith(n));
      if (!name)
        throw new OmnibusError("badArgument", `unknown modifier "${rest}" on ${term} (known: ${known.join(", ") || "none"})`, {
          name: "modifier",
          value: rest,
        });
      rest = rest.slice(name.length);
      out.push({ name, param: rest ? "" : param });
    }
  }
  return out;
}

/** The Storytelling term's options, from its modifiers (see the module comment). */
export function storytellingTermOptions(modifiers: readonly string[]): { chance: boolean; options: RollOptions } {
  let again: AgainLevel = 10;
  let explicitAgain = false;
  let chance = false;
  const options: RollOptions = {};
  for (const { name, param } of splitModifiers(modifiers, ["a", "r", "ri", "c"], "a Storytelling die")) {
    if (name === "a") {
      const level = { "10": 10, "9": 9, "8": 8, "0": "none" }[param] as AgainLevel | undefined;
      if (level === undefined)
        throw new OmnibusError("badArgument", `again must be a10, a9, a8 or a0, got "a${param}"`, { name: "again", value: param });
      again = level;
      explicitAgain = true;
    } else if (name === "r" || name === "ri") {
      options.rote = true;
      options.roteRerolls = name === "ri" ? "initialDice" : "allFailedDice";
    } else if (name === "c") chance = true;
  }
  options.again = again;
  options.chanceDieUsesAgainLevel = chance && explicitAgain;
  return { chance, options };
}

/** The Storytelling pool a term resolves (its number of dice; a chance die is pool 0). */
function storytellingPool(number: number, chance: boolean): number {
  if (chance && number !== 1)
    throw new OmnibusError("badArgument", `a chance die is one die: write 1dsc, not ${number}dsc`, { name: "number", value: number });
  if (!chance && number < 1)
    throw new OmnibusError("badArgument", `a Storytelling pool needs at least one die (a chance die is 1dsc)`, {
      name: "number",
      value: number,
    });
  return chance ? 0 : number;
}

/** The pure resolution of a Storytelling term's faces. */
export function resolveStorytellingTerm(number: number, modifiers: readonly string[], dice: DiceSource): RollResult {
  const { chance, options } = storytellingTermOptions(modifiers);
  return rollPool(storytellingPool(number, chance), dice, options);
}

/** The marks of a resolved Storytelling pool, face by face. */
export function storytellingMarks(result: RollResult): FaceMark[] {
  return result.detail.map((d, i) => ({
    success: d.success,
    failure: result.dramaticFailure && i === 0,
    exploded: d.rerolledAgain,
    rerolled: d.rerolledRote,
    active: !d.rerolledRote,
    count: d.success ? 1 : 0,
  }));
}

/** The pure resolution of Wild Dice: each its own chain (first roll, one more after each 6). */
export function resolveWildTerm(number: number, dice: DiceSource): number[][] {
  if (number !== 1)
    throw new OmnibusError("badArgument", `the Wild Die is one die: write 1dw, not ${number}dw`, { name: "number", value: number });
  return [rollExploding(dice)];
}

export function wildMarks(chains: number[][]): FaceMark[] {
  return chains.flatMap((chain) => chain.map((face, i) => ({ exploded: face === 6, failure: i === 0 && face === 1 })));
}

interface TermResult {
  result: number;
  active?: boolean;
  [k: string]: unknown;
}

/**
 * The base of the system's terms: after Foundry rolls the term's `number` dice, rolls one more
 * face while the rules ask for it, then writes the rules' marks onto the results.
 */
abstract class RulesDie extends foundry.dice.terms.DiceTerm {
  /** The faces' marks per the pure rules (throws `facesExhausted` while more faces are needed). */
  protected abstract marks(dice: DiceSource): FaceMark[];

  protected get rolledFaces(): number[] {
    return (this.results as unknown as TermResult[]).map((r) => r.result);
  }

  override async _evaluateModifiers(): Promise<void> {
    while (needsMoreFaces((dice) => this.marks(dice), this.rolledFaces)) {
      if (this.results.length >= MAX_TERM_DICE) {
        throw new OmnibusError("badArgument", `a die term may roll at most ${MAX_TERM_DICE} dice`, { name: "dice", value: MAX_TERM_DICE });
      }
      await this.roll();
    }
    const marks = this.marks(forcedDice(this.rolledFaces));
    const results = this.results as unknown as TermResult[];
    marks.forEach((mark, i) => Object.assign(results[i], mark));
  }
}

/** The D6 Wild Die, `1dw` (see the module comment). */
export class WildDie extends RulesDie {
  static override DENOMINATION = "w";
  static override MODIFIERS = {};

  constructor(termData: ConstructorParameters<typeof foundry.dice.terms.DiceTerm>[0] = {}) {
    super({ ...termData, faces: 6 });
  }

  protected marks(dice: DiceSource): FaceMark[] {
    splitModifiers(this.modifiers, [], "the Wild Die"); // it takes none: a 6 always explodes
    return wildMarks(resolveWildTerm(Number(this.number), dice));
  }

  /** The Wild Die's chain(s) after evaluation: its first roll, then one after each 6. */
  get chains(): number[][] {
    return resolveWildTerm(Number(this.number), forcedDice(this.rolledFaces));
  }
}

/** A Storytelling pool, `Nds…` (see the module comment). Its total is the number of successes. */
export class StorytellingDie extends RulesDie {
  static override DENOMINATION = "s";
  /** This term's own modifiers (the names its formula may use; handled by `_evaluateModifiers`). */
  static override MODIFIERS = { a: "again", r: "rote", ri: "rote", c: "chance" };

  constructor(termData: ConstructorParameters<typeof foundry.dice.terms.DiceTerm>[0] = {}) {
    super({ ...termData, faces: 10 });
  }

  protected marks(dice: DiceSource): FaceMark[] {
    return storytellingMarks(resolveStorytellingTerm(Number(this.number), this.modifiers, dice));
  }

  /** The pure result after evaluation. */
  get pool(): RollResult {
    return resolveStorytellingTerm(Number(this.number), this.modifiers, forcedDice(this.rolledFaces));
  }
}

/** Every system term by denomination (registered for every ruleset). */
export const DIE_TERMS = { [WildDie.DENOMINATION]: WildDie, [StorytellingDie.DENOMINATION]: StorytellingDie };
