/**
 * `--explain` (issue 14, "Show the numbers behind each roll"): the pure resolver's steps from the
 * stored dice, printed in English; with --json, the steps as data (a code and its numbers).
 */
import { describe, expect, it } from "vitest";
import { runCli as run } from "../support/cli";

function explain(...argv: string[]): string[] {
  const r = run(...argv, "--explain");
  expect(r.status, r.err.join("\n")).toBe(0);
  return r.out
    .split("\n")
    .slice(1)
    .map((l) => l.replace(/^ {2}\d+\. /, ""));
}

describe("--explain", () => {
  it("d6, T-63 (000:L801–805): 3D with one CP — regular 1, 2; Wild Die 2; CP 6 then 4 → 15", () => {
    expect(explain("d6", "roll", "3D", "--cp", "1", "--faces", "1,2,2,6,4")).toEqual([
      "rolled 3D",
      "regular dice 1, 2 = 3",
      "Wild Die 2",
      "Character Point die 1: 6, 4 = 10",
      "total 15",
    ]);
  });
  it("d6: a Wild Die 1 removes itself and the highest die (digest §1); the difficulty and margin", () => {
    const steps = explain("d6", "roll", "4D+2", "--difficulty", "8", "--faces", "3,5,2,1");
    expect(steps).toContain("Wild Die showed 1: removed it and the highest die (1, 5), −6");
    expect(steps).toContain("pips +2");
    // 3+5+2+1+2 = 13, minus 6 = 7 < 8.
    expect(steps.slice(-2)).toEqual(["total 7", "7 < 8: failure, margin -1"]);
  });
  it("d6: an exploding Wild Die says how many sixes it rolled again", () => {
    expect(explain("d6", "roll", "2D", "--faces", "3,6,6,2")).toContain("Wild Die 6, 6, 2: 2 six(es) rolled again, = 14");
  });
  it("storytelling: 9-again rolls one more die per 9 or 10 (002:L232); successes on 8+", () => {
    expect(explain("storytelling", "roll", "3", "--again", "9", "--faces", "9,3,10,8,2")).toEqual([
      "3 dice",
      "9-again: the 9 rolled one more die",
      "9-again: the 10 rolled one more die",
      "3 success(es) (faces 8+): 9, 10, 8",
    ]);
  });
  it("storytelling: rote re-rolls a failed die; a chance die's 1 is a dramatic failure (002:L216)", () => {
    expect(explain("storytelling", "roll", "2", "--rote", "--faces", "3,9,4")).toContain("rote: the failed 3 was rolled again");
    expect(explain("storytelling", "roll", "0", "--faces", "1").at(-1)).toBe("the chance die showed 1: dramatic failure");
  });
  it("wfrp: the target's parts and SL = tens of the target − tens of the roll (003:L130)", () => {
    expect(explain("wfrp", "test", "45", "--difficulty", "hard", "--faces", "12")).toEqual([
      "target 45 −20 (difficulty) = 25",
      "12 ≤ 25: success",
      "SL = 2 − 1 = +1",
    ]);
    expect(explain("wfrp", "test", "45", "--modifier", "10", "--faces", "55")[0]).toBe("target 45 +10 (modifier) = 55");
    expect(explain("wfrp", "test", "45", "--faces", "72")).toEqual(["72 > 45: failure", "SL = 4 − 7 = -3"]);
  });
  it("wfrp: an automatic success (01–05, 003:L60) is said so, with its SL raised to +1", () => {
    const steps = explain("wfrp", "test", "3", "--faces", "4");
    expect(steps[0]).toBe("4 is an automatic success");
    expect(steps[1]).toMatch(/\+1 after/);
  });
  it("wfrp opposed: both sides, then the tie-break (003:L191)", () => {
    expect(explain("wfrp", "opposed", "40", "50", "--faces", "30,40").at(-1)).toBe(
      "equal SL: the higher tested value wins (40 vs 50), the defender",
    );
  });
  it("silhouette: the highest die, +1 per extra six, the modifier, the margin (004:L44)", () => {
    expect(explain("silhouette", "roll", "3", "--modifier", "1", "--threshold", "5", "--faces", "6,6,2")).toEqual([
      "dice 6, 6, 2: the highest is 6",
      "1 more six(es): +1 = 7",
      "modifier +1 = 8",
      "8 vs 5: margin +3, success",
    ]);
    expect(explain("silhouette", "roll", "0", "--untrained", "--faces", "5,2")[0]).toBe("untrained, dice 5, 2: the lowest is 2");
  });
  it("--json carries the steps as data: a code and its numbers", () => {
    const r = run("wfrp", "test", "45", "--faces", "12", "--explain", "--json");
    expect(r.status).toBe(0);
    expect(JSON.parse(r.out).steps).toEqual([
      { code: "wfrp.rollUnder", values: { roll: 12, target: 45 } },
      { code: "wfrp.sl", values: { targetTens: 4, rollTens: 1, sl: "+3" } },
    ]);
  });
  it("a command without steps refuses --explain (exit 2)", () => {
    const r = run("d6", "range", "--distance", "2", "--ranges", "3-10/30/120", "--explain");
    expect(r.status).toBe(2);
    expect(r.err[0]).toMatch(/^omnibus: --explain does not apply to d6 range/);
  });
});
