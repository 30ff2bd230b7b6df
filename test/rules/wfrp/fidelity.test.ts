/**
 * Issue 12 (rules fidelity, round two): the WFRP disagreements checked against the seed's own
 * numbers (seed 003, line cited per case).
 */
import { describe, expect, it } from "vitest";
import { resolveRoll } from "../../../src/rules/wfrp";

describe("Fast SL on a successful 00 (003:L142)", () => {
  it("with automatic failure off, a 00 that succeeds reads the tens of 100: +10 SL", () => {
    const noAuto = { fastSL: true, autoFailMin: 101, testsOver100: false };
    expect(resolveRoll(100, 100, noAuto)).toMatchObject({ success: true, sl: 10 });
    // the same option reads 36 as +3 (003:L142's own example)
    expect(resolveRoll(100, 36, noAuto).sl).toBe(3);
  });
});
