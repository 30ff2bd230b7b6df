/**
 * `omnibus d6 …` in-process (issue 4, "CLI"): every JSON field with forced faces, the digest's
 * numbers as expectations, and bad input (exit 2, one `omnibus:` line on stderr).
 */
import { describe, expect, it } from "vitest";
import { runCli as run } from "../support/cli";

function json(...argv: string[]): Record<string, unknown> {
  const r = run(...argv, "--json");
  expect(r.err).toEqual([]);
  expect(r.status).toBe(0);
  return JSON.parse(r.out) as Record<string, unknown>;
}

function bad(...argv: string[]): string {
  const r = run(...argv);
  expect(r.status).toBe(2);
  expect(r.out).toBe("");
  expect(r.err).toHaveLength(1);
  expect(r.err[0]).toMatch(/^omnibus: /);
  return r.err[0];
}

describe("d6 roll", () => {
  it("T-63 (000:L801–805): 3D with one CP — regular 1, 2; Wild Die 2; CP die 6 then 4 → 15", () => {
    expect(json("d6", "roll", "3D", "--cp", "1", "--faces", "1,2,2,6,4")).toEqual({
      code: "3D",
      dice: [1, 2],
      wild: [2],
      cp: [[6, 4]],
      pips: 0,
      total: 15,
      wildOne: false,
      removed: [],
      difficulty: null,
      success: null,
      margin: null,
    });
  });
  it("a first-roll 1 removes the 1 and the highest other die (default); difficulty and margin", () => {
    expect(json("d6", "roll", "4D+2", "--difficulty", "8", "--faces", "3,5,2,1")).toEqual({
      code: "4D+2",
      dice: [3, 5, 2],
      wild: [1],
      cp: [],
      pips: 2,
      total: 3 + 2 + 2,
      wildOne: true,
      removed: [1, 5],
      difficulty: 8,
      success: false,
      margin: -1,
    });
  });
  it("the Wild Die explodes on 6 and the total meets the difficulty (success on ≥)", () => {
    const j = json("d6", "roll", "2D", "--difficulty", "14", "--faces", "2,6,6,1");
    expect(j).toMatchObject({ dice: [2], wild: [6, 6, 1], total: 15, success: true, margin: 1, wildOne: false });
  });
  it("--no-wild: every die regular, nothing explodes", () => {
    expect(json("d6", "roll", "2D+1", "--no-wild", "--faces", "6,1")).toMatchObject({
      code: "2D+1",
      dice: [6, 1],
      wild: [],
      total: 8,
      wildOne: false,
    });
  });
  it("T-73 (000:L1151): --actions 3 takes 2D off a 6D dodge → 4D", () => {
    expect(json("d6", "roll", "6D", "--actions", "3", "--faces", "4,4,4,3")).toMatchObject({
      code: "4D",
      dice: [4, 4, 4],
      wild: [3],
      total: 15,
    });
  });
  it("T-65 (000:L837): --fp doubles 6D → 12D", () => {
    const j = json("d6", "roll", "6D", "--fp", "--faces", "1,1,1,1,1,1,1,1,1,1,1,2");
    expect(j).toMatchObject({ code: "12D", total: 13 });
  });
  it("A-1: 6D+3 rolls as 7D", () => {
    expect(json("d6", "roll", "6D+3", "--faces", "1,1,1,1,1,1,2")).toMatchObject({ code: "7D", pips: 0, total: 8 });
  });
  it("--kind specialization allows up to 5 CP; --wild-one normal counts the 1", () => {
    expect(json("d6", "roll", "1D", "--cp", "3", "--kind", "specialization", "--faces", "2,1,1,1")).toMatchObject({
      cp: [[1], [1], [1]],
      total: 5,
    });
    expect(json("d6", "roll", "2D", "--wild-one", "normal", "--faces", "5,1")).toMatchObject({ total: 6, wildOne: true, removed: [] });
  });
  it("text output without --json", () => {
    const r = run("d6", "roll", "3D", "--difficulty", "5", "--faces", "1,2,2");
    expect(r.status).toBe(0);
    expect(r.out).toMatch(/^3D: 5; .*success \(margin 0\)/);
  });
  it("--seed is reproducible", () => {
    expect(run("d6", "roll", "5D", "--seed", "42", "--json").out).toBe(run("d6", "roll", "5D", "--seed", "42", "--json").out);
  });
});

describe("d6 damage", () => {
  it("T-34 (000:L417, corrected): 16 vs 12 → wounded; 16 vs 4 → incapacitated", () => {
    expect(json("d6", "damage", "--damage-total", "16", "--resist-total", "12")).toEqual({
      margin: 4,
      result: "wounded",
      state: "wounded",
    });
    expect(json("d6", "damage", "--damage-total", "16", "--resist-total", "4")).toEqual({
      margin: 12,
      result: "incapacitated",
      state: "incapacitated",
    });
  });
  it("T-33: 9 vs 11 → none; D-1 edges: 0 stunned, 13 mortally wounded, 16 killed", () => {
    expect(json("d6", "damage", "--damage-total", "9", "--resist-total", "11")).toEqual({ margin: -2, result: "none", state: "healthy" });
    expect(json("d6", "damage", "--damage-total", "10", "--resist-total", "10")).toMatchObject({ result: "stunned", state: "stunned" });
    expect(json("d6", "damage", "--damage-total", "23", "--resist-total", "10")).toMatchObject({ result: "mortally_wounded" });
    expect(json("d6", "damage", "--damage-total", "26", "--resist-total", "10")).toMatchObject({ result: "killed", state: "killed" });
  });
  it("T-36 (000:L421): stacking onto --state", () => {
    expect(json("d6", "damage", "--damage-total", "15", "--resist-total", "11", "--state", "wounded")).toEqual({
      margin: 4,
      result: "wounded",
      state: "wounded_twice",
    });
    expect(json("d6", "damage", "--damage-total", "15", "--resist-total", "11", "--state", "wounded_twice")).toMatchObject({
      state: "incapacitated",
    });
    expect(json("d6", "damage", "--damage-total", "12", "--resist-total", "11", "--state", "wounded")).toMatchObject({
      result: "stunned",
      state: "wounded",
    });
  });
  it("T-38 (000:L433): --stun turns 22 vs 11 into unconscious", () => {
    expect(json("d6", "damage", "--damage-total", "22", "--resist-total", "11", "--stun")).toEqual({
      margin: 11,
      result: "unconscious",
      state: "stunned",
    });
  });
});

describe("d6 range", () => {
  it("T-55 (000:L691–695): 3-10/30/120 at 2, 3, 10, 11, 30, 31, 120, 121 m", () => {
    const want: [string, string, string | null][] = [
      ["2", "point_blank", "very_easy"],
      ["3", "short", "easy"],
      ["10", "short", "easy"],
      ["11", "medium", "moderate"],
      ["30", "medium", "moderate"],
      ["31", "long", "difficult"],
      ["120", "long", "difficult"],
      ["121", "out_of_range", null],
    ];
    for (const [d, band, difficulty] of want)
      expect(json("d6", "range", "--distance", d, "--ranges", "3-10/30/120")).toEqual({ band, difficulty });
  });
  it("non-integer distances (A-11): 10.5 m is medium, 2.9 m point-blank", () => {
    expect(json("d6", "range", "--distance", "10.5", "--ranges", "3-10/30/120")).toEqual({ band: "medium", difficulty: "moderate" });
    expect(json("d6", "range", "--distance", "2.9", "--ranges", "3-10/30/120")).toEqual({ band: "point_blank", difficulty: "very_easy" });
  });
});

describe("d6 odds", () => {
  it("1D with the Wild Die vs 1: P = 5/6 (a first-roll 1 counts 0); complication 1/6", () => {
    const j = json("d6", "odds", "1D", "--difficulty", "1");
    expect(j.success as number).toBeCloseTo(5 / 6, 12);
    expect(j.complication as number).toBeCloseTo(1 / 6, 12);
    expect(j.code).toBe("1D");
  });
  it("2D without the Wild Die vs 7: 21/36; the expected total is 7", () => {
    const j = json("d6", "odds", "2D", "--no-wild", "--difficulty", "7");
    expect(j.success as number).toBeCloseTo(21 / 36, 12);
    expect(j.expectedTotal as number).toBeCloseTo(7, 12);
    expect(j.expectedMargin as number).toBeCloseTo(0, 12);
    expect(j.complication).toBe(0);
  });
  it("takes roll's modifiers: 6D with --actions 3 is 4D; no difficulty → success null", () => {
    const j = json("d6", "odds", "6D", "--actions", "3");
    expect(j).toMatchObject({ code: "4D", difficulty: null, success: null, expectedMargin: null });
    expect(j.truncatedMass as number).toBeLessThan(1e-12);
  });
  it("odds rolls no dice: --faces is refused", () => {
    bad("d6", "odds", "3D", "--faces", "1,2,3");
  });
});

describe("d6 bad input: exit 2, one omnibus: line", () => {
  it("malformed codes, flags and values", () => {
    expect(bad("d6", "roll", "4X")).toMatch(/not a D6 die code/);
    bad("d6", "roll");
    bad("d6", "roll", "3D", "--difficulty", "ten");
    bad("d6", "roll", "3D", "--cp", "3");
    bad("d6", "roll", "3D", "--cp", "1", "--fp");
    bad("d6", "roll", "3D", "--actions", "0");
    bad("d6", "roll", "3D", "--kind", "bogus");
    bad("d6", "roll", "3D", "--bogus");
    expect(bad("d6", "roll", "2D", "--actions", "3", "--faces", "1")).toMatch(/cannot be rolled/);
  });
  it("faces: too few, too many, out of range", () => {
    expect(bad("d6", "roll", "3D", "--faces", "1,2")).toMatch(/too few faces/);
    expect(bad("d6", "roll", "3D", "--faces", "1,2,3,4")).toMatch(/left unused/);
    expect(bad("d6", "roll", "3D", "--faces", "1,7,3")).toMatch(/not a face of a d6/);
    bad("d6", "roll", "2D", "--faces", "2,6");
  });
  it("damage and range", () => {
    bad("d6", "damage", "--damage-total", "10");
    bad("d6", "damage", "--damage-total", "10", "--resist-total", "x");
    expect(bad("d6", "damage", "--damage-total", "10", "--resist-total", "5", "--state", "dizzy")).toMatch(/--state must be one of/);
    bad("d6", "range", "--distance", "5");
    bad("d6", "range", "--distance", "-1", "--ranges", "3-10/30/120");
    bad("d6", "range", "--distance", "5", "--ranges", "3-10/30");
    bad("d6", "range", "--distance", "5", "--ranges", "3-10/5/120");
    bad("d6", "range", "--distance", "5", "--ranges", "3-10/30/120", "--faces", "1");
  });
});
