/**
 * The third dice source: faces read from evaluated Foundry dice terms.
 *
 * Foundry keeps each die term's results in the order its modifiers produced them: the initial dice
 * left to right, then re-rolls (`r`) appended in order, then explosions (`x`) appended in order and
 * themselves checked later. That is exactly the dice order contract (src/core/pool.ts), so the
 * faces of a roll are its die terms' results, term after term, result after result — including
 * results a modifier later marked re-rolled or discarded, because the pure resolvers consume those
 * faces too (a rote re-roll needs the failed face it replaces).
 *
 * A ruleset's Roll subclass therefore writes its formula in the order its resolver asks for dice
 * (e.g. D6: `"3d6 + 1dw"` — the normal dice, then the Wild Die term and its explosions), and its
 * resolver runs on `diceFromRoll(roll)` exactly as the CLI runs it on `--faces`. The system's own
 * die terms (terms.ts) append their faces in that order themselves.
 *
 * Touches no Foundry global: it reads the plain shape of evaluated terms.
 */
import { forcedDice, type ForcedDiceSource } from "../../core/dice";
import { OmnibusError } from "../../core/errors";

/** The part of an evaluated Foundry die term this module reads. */
export interface EvaluatedDieTerm {
  faces: number | null | undefined;
  results: ReadonlyArray<{ result: number }>;
}

/** The part of an evaluated Foundry Roll this module reads (`roll.dice` flattens nested terms). */
export interface EvaluatedDice {
  readonly dice: ReadonlyArray<EvaluatedDieTerm>;
}

export interface RolledFace {
  face: number;
  sides: number;
}

/** Every face of an evaluated roll, with its die's sides, in the dice order contract. */
export function facesFromRoll(roll: EvaluatedDice): RolledFace[] {
  const faces: RolledFace[] = [];
  for (const term of roll.dice) {
    const sides = term.faces;
    if (typeof sides !== "number" || !Number.isInteger(sides) || sides < 2) {
      throw new OmnibusError("diceMismatch", `a die term has no fixed number of faces (${String(sides)})`, {
        sides: String(sides),
      });
    }
    for (const { result } of term.results) faces.push({ face: result, sides });
  }
  return faces;
}

/**
 * A dice source over an evaluated roll. Besides `forcedDice`'s checks (face within its die, enough
 * faces, `assertExhausted`), it refuses a request for a die of other sides than the one rolled:
 * a formula and a resolver that disagree are a bug, and must not silently produce a result.
 */
export function diceFromRoll(roll: EvaluatedDice): ForcedDiceSource {
  const rolled = facesFromRoll(roll);
  const inner = forcedDice(rolled.map((r) => r.face));
  let next = 0;
  return {
    roll(sides: number): number {
      const expected = rolled[next];
      if (expected && expected.sides !== sides) {
        throw new OmnibusError("diceMismatch", `die #${next + 1} was rolled as a d${expected.sides}, the rules asked for a d${sides}`, {
          index: next + 1,
          rolled: expected.sides,
          asked: sides,
        });
      }
      const face = inner.roll(sides);
      next++;
      return face;
    },
    get remaining() {
      return inner.remaining;
    },
    assertExhausted() {
      inner.assertExhausted();
    },
  };
}
