import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { OmnibusError } from "../../../src/core/errors";
import { seededDice } from "../../../src/core/dice";
import * as storytelling from "../../../src/rules/storytelling";

// Every public function of the ruleset, fed garbage (and sometimes a real dice source): it answers
// or throws an OmnibusError — never a TypeError, a RangeError or a hang.
const functions = Object.entries(storytelling).filter(([, v]) => typeof v === "function") as [string, (...a: unknown[]) => unknown][];

describe("garbage input across the public API", () => {
  it("there are many functions to check", () => expect(functions.length).toBeGreaterThan(60));
  it.each(functions)("%s", (_name, f) => {
    const arg = fc.oneof(
      fc.anything(),
      fc.integer({ min: -20, max: 40 }),
      fc.constant(undefined),
      fc.constant(seededDice(1)),
      fc.record({ durability: fc.integer({ min: -2, max: 5 }), size: fc.integer({ min: -2, max: 5 }) }),
      fc.record({ health: fc.integer({ min: -1, max: 8 }), aggravated: fc.nat(4), lethal: fc.nat(4), bashing: fc.nat(4) }),
    );
    fc.assert(
      fc.property(fc.array(arg, { maxLength: 4 }), (args) => {
        try {
          f(...args);
        } catch (e) {
          if (!(e instanceof OmnibusError)) throw e;
        }
      }),
      { numRuns: 150 },
    );
  });
});
