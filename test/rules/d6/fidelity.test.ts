/**
 * Issue 12 (rules fidelity, round two): each D6 disagreement checked against the seed's own
 * numbers (seed 000, line cited per case).
 */
import { describe, expect, it } from "vitest";
import { attackDifficulty } from "../../../src/rules/d6";
import { targetDifficulty, DEFAULT_SETTINGS, type D6AttackTarget } from "../../../src/foundry/d6/check-logic";

describe("a reaction replaces only the base difficulty (000:L1145, L605, L620)", () => {
  it("the seed's moonlit-night example: 13 + 2D rolled 5 = 18 (000:L611); a dodge of 15 replaces the 13 only → 20", () => {
    expect(attackDifficulty(13, "ranged", [], 5).difficulty).toBe(18);
    const dodged = attackDifficulty(13, "ranged", [{ skill: "dodge", total: 15, full: false }], 5);
    expect(dodged.base).toBe(15);
    expect(dodged.difficulty).toBe(20);
  });
  it("cover's dice still add after a dodge lower than the band number (000:L1145: even when lower)", () => {
    // 000:L617–619: medium 13, the night's 2D rolled 10, the bins' 2D rolled 7; a dodge of 8 replaces the 13 only.
    expect(attackDifficulty(13, "ranged", [{ skill: "dodge", total: 8, full: false }], 10 + 7).difficulty).toBe(25);
  });
  it("the table's target difficulty keeps the modifier on top of the reaction", () => {
    const target = { tokenUuid: "t", actorUuid: "a", name: "T", img: "", distance: 16, units: "m", band: "medium", level: "moderate", difficulty: 13, scaleAttack: 0, reactions: [{ skill: "dodge", total: 15, full: false }] } as D6AttackTarget;
    expect(targetDifficulty(target, "ranged", 5, DEFAULT_SETTINGS)).toBe(20);
    expect(targetDifficulty({ ...target, reactions: [] }, "ranged", 5, DEFAULT_SETTINGS)).toBe(18);
  });
});
