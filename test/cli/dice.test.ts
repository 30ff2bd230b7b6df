import { describe, expect, it } from "vitest";
import { runCli as run } from "../support/cli";

describe("omnibus dice", () => {
  it("roll --json prints the faces in the dice order contract and the result", () => {
    const r = run("dice", "roll", "4d10", "--success", "8", "--explode", "10", "--rote", "--faces", "3,8,1,10,10,4,2,9", "--json");
    expect(r.status).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.faces).toEqual([3, 8, 1, 10, 10, 4, 2, 9]);
    expect(j.dice.map((d: { role: string }) => d.role)).toEqual([
      "initial",
      "initial",
      "initial",
      "initial",
      "reroll",
      "reroll",
      "explosion",
      "explosion",
    ]);
    expect(j.successes).toBe(4);
    expect(j.success).toBe(true);
  });
  it("roll of a sum against a difficulty", () => {
    const j = JSON.parse(run("dice", "roll", "3d6", "--modifier", "2", "--difficulty", "12", "--faces", "3,4,2", "--json").out);
    expect(j).toMatchObject({ sum: 9, result: 11, success: false, margin: -1 });
  });
  it("odds --json: 2d6 ≥ 7 is 21/36; 3d6 keep highest: P(6) = 91/216", () => {
    const j = JSON.parse(run("dice", "odds", "2d6", "--difficulty", "7", "--json").out);
    expect(j.success).toBeCloseTo(21 / 36, 12);
    expect(j.expected).toBeCloseTo(7, 12);
    const k = JSON.parse(run("dice", "odds", "3d6", "--keep-highest", "1", "--json").out);
    expect(k.distribution["6"]).toBeCloseTo(91 / 216, 12);
  });
  it("odds of a rote 10-again d10 pool: one die fails with 0.7² = 0.49", () => {
    const j = JSON.parse(run("dice", "odds", "1d10", "--success", "8", "--explode", "10", "--rote", "--json").out);
    expect(j.success).toBeCloseTo(0.51, 12);
    expect(j.truncatedMass).toBeLessThan(1e-12);
  });
  it("bad input exits 2 with one omnibus: line", () => {
    for (const argv of [
      ["dice", "roll", "3x6"],
      ["dice", "roll", "3d6", "--faces", "1,2"],
      ["dice", "roll", "3d6", "--faces", "1,2,9"],
      ["dice", "roll", "2d6", "--faces", "1,2,3"],
      ["dice", "odds", "3d6", "--rote"],
      ["dice", "odds", "3d6", "--explode", "1"],
      ["dice", "odds", "3d6", "--seed", "4"],
      ["dice", "odds", "3d6", "--keep-highest", "x"],
    ]) {
      const r = run(...argv);
      expect(r.status, argv.join(" ")).toBe(2);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(/^omnibus: /);
    }
  });
});
