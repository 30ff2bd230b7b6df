/**
 * Dice sources: where die faces come from. The same resolver code runs on all of them:
 *  - `seededDice(seed)`: reproducible (pure-rand's xoroshiro128+; `--seed` in the CLI);
 *  - `randomDice()`: seeded from the clock, for a plain CLI roll;
 *  - `forcedDice(faces)`: `--faces` in the CLI, and the Foundry side, which feeds it the faces of
 *    evaluated Foundry dice terms in the dice order contract of src/core/pool.ts (initial dice left
 *    to right, then re-rolls in order, then explosions appended in order).
 * A resolver asks for faces one at a time, in exactly the order the contract states.
 */
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { OmnibusError, facesUnusedError, requireInt, describeValue } from "./errors";

export interface DiceSource {
  /** One face of a die with `sides` sides: an integer in 1…sides. */
  roll(sides: number): number;
}

/** A forced source also reports what it has not handed out yet. */
export interface ForcedDiceSource extends DiceSource {
  /** Faces not yet consumed. */
  readonly remaining: number;
  /** Throws `facesUnused` if any face was not consumed (a test or CLI call that passed too many). */
  assertExhausted(): void;
}

const MAX_SIDES = 1000;

function checkSides(sides: number): void {
  requireInt("sides", sides, 2, MAX_SIDES);
}

export function seededDice(seed: number): DiceSource {
  requireInt("seed", seed, -(2 ** 31), 2 ** 32 - 1);
  const rng = xoroshiro128plus(seed | 0);
  return {
    roll(sides: number): number {
      checkSides(sides);
      return uniformInt(rng, 1, sides);
    },
  };
}

export function randomDice(): DiceSource {
  return seededDice((Date.now() ^ Math.floor(Math.random() * 2 ** 31)) | 0);
}

export function forcedDice(faces: readonly number[]): ForcedDiceSource {
  if (!Array.isArray(faces)) throw new OmnibusError("badArgument", "forced faces must be a list of numbers", { name: "faces" });
  const list = [...faces];
  let next = 0;
  return {
    roll(sides: number): number {
      checkSides(sides);
      if (next >= list.length) {
        throw new OmnibusError("facesExhausted", `too few faces: die #${next + 1} (a d${sides}) has no face`, {
          index: next + 1,
          sides,
        });
      }
      const face = list[next];
      if (typeof face !== "number" || !Number.isInteger(face) || face < 1 || face > sides) {
        throw new OmnibusError("faceOutOfRange", `face #${next + 1} is ${describeValue(face)}, not a face of a d${sides} (1–${sides})`, {
          index: next + 1,
          face: describeValue(face),
          sides,
        });
      }
      next++;
      return face;
    },
    get remaining() {
      return list.length - next;
    },
    assertExhausted() {
      if (next < list.length) {
        throw facesUnusedError(list.slice(next));
      }
    },
  };
}

/** Parses a `--faces` list: "3,6,1" → [3, 6, 1]. Faces are checked against their die when consumed. */
export function parseFaces(text: string): number[] {
  if (typeof text !== "string") {
    throw new OmnibusError("badArgument", `--faces must be a comma-separated list of whole numbers, got ${describeValue(text)}`, {
      name: "faces",
      value: describeValue(text),
    });
  }
  const parts = text.split(",").map((s) => s.trim());
  if (parts.length === 0 || parts.some((p) => !/^\d+$/.test(p))) {
    throw new OmnibusError("badArgument", `--faces must be a comma-separated list of whole numbers, got "${text}"`, {
      name: "faces",
      value: text,
    });
  }
  return parts.map(Number);
}

/**
 * Whether a resolver would ask for more faces than `faces` holds. A die term that rolls its dice
 * one at a time (a Foundry custom die term, whose re-rolls and explosions depend on the faces so
 * far) asks this after each face, so it rolls exactly the faces the pure rules consume, in the
 * dice order contract. Throws `facesUnused` if `faces` holds more than the resolver takes, and
 * whatever the resolver throws for anything else (a face out of range).
 */
export function needsMoreFaces(resolve: (dice: DiceSource) => unknown, faces: readonly number[]): boolean {
  const source = forcedDice(faces);
  try {
    resolve(source);
  } catch (error) {
    if (error instanceof OmnibusError && error.code === "facesExhausted") return true;
    throw error;
  }
  source.assertExhausted();
  return false;
}
