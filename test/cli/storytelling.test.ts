import { describe, expect, it } from "vitest";
import { runCli as run } from "../support/cli";

const json = (...argv: string[]) => {
  const r = run("storytelling", ...argv, "--json");
  expect(r.err).toEqual([]);
  expect(r.status).toBe(0);
  return JSON.parse(r.out);
};
const bad = (...argv: string[]) => {
  const r = run("storytelling", ...argv);
  expect(r.status).toBe(2);
  expect(r.out).toBe("");
  expect(r.err).toHaveLength(1);
  expect(r.err[0]).toMatch(/^omnibus: /);
  return r.err[0];
};

describe("omnibus storytelling roll", () => {
  it("E7 (002:L186–L188): 6 dice [2,3,5,7,8,9] → every JSON field", () => {
    expect(json("roll", "6", "--faces", "2,3,5,7,8,9")).toEqual({
      pool: 6,
      chance: false,
      dice: [2, 3, 5, 7, 8, 9],
      successes: 2,
      exceptional: false,
      dramaticFailure: false,
    });
  });
  it("E8 (002:L196): a 10 is re-rolled and the again-die is appended", () => {
    expect(json("roll", "7", "--faces", "2,4,4,7,8,9,10,10,8")).toMatchObject({
      dice: [2, 4, 4, 7, 8, 9, 10, 10, 8],
      successes: 5,
      exceptional: true,
    });
  });
  it("E9 (002:L208–L212): chance roll [10,10,8] → 2 successes", () => {
    expect(json("roll", "0", "--faces", "10,10,8")).toEqual({
      pool: 0,
      chance: true,
      dice: [10, 10, 8],
      successes: 2,
      exceptional: false,
      dramaticFailure: false,
    });
  });
  it("E10 (002:L218): chance die [1] → dramatic failure; a negative pool is a chance roll too", () => {
    expect(json("roll", "-1", "--faces", "1")).toEqual({
      pool: -1,
      chance: true,
      dice: [1],
      successes: 0,
      exceptional: false,
      dramaticFailure: true,
    });
  });
  it("--again 9 / 8 / none", () => {
    expect(json("roll", "2", "--again", "9", "--faces", "9,3,2").successes).toBe(1);
    expect(json("roll", "2", "--again", "8", "--faces", "8,3,8,2").successes).toBe(2);
    expect(json("roll", "2", "--again", "none", "--faces", "10,10").successes).toBe(2);
  });
  it("--rote: re-rolls for failed initial dice, then again-dice, a failed again-die re-rolled once (002:L474)", () => {
    // 10,3,1 → rote 8 (for the 3), 10 (for the 1) → again 4 (the first 10), 9 (the rote 10) → rote 8 (for the 4).
    expect(json("roll", "3", "--rote", "--faces", "10,3,1,8,10,4,9,8")).toMatchObject({ dice: [10, 3, 1, 8, 10, 4, 9, 8], successes: 5 });
  });
  it("text output without --json", () => {
    const r = run("storytelling", "roll", "2", "--faces", "8,1");
    expect(r.status).toBe(0);
    expect(r.out).toBe("2 dice: [8, 1] → 1 success (success)");
  });
  it("--seed is reproducible", () => {
    expect(json("roll", "8", "--seed", "42")).toEqual(json("roll", "8", "--seed", "42"));
  });
  it("bad input: exit 2 and one omnibus: line", () => {
    expect(bad("roll", "x")).toMatch(/pool must be a whole number/);
    expect(bad("roll", "3", "--faces", "8,8")).toMatch(/too few faces/);
    expect(bad("roll", "1", "--faces", "11")).toMatch(/not a face of a d10/);
    expect(bad("roll", "1", "--faces", "3,4")).toMatch(/left unused/);
    expect(bad("roll", "3", "--again", "7")).toMatch(/again must be one of/);
    expect(bad("roll")).toMatch(/usage/);
    expect(bad("roll", "100000")).toMatch(/within/);
    expect(bad("roll", "3", "--bogus")).toMatch(/unknown option/);
  });
});

describe("omnibus storytelling health", () => {
  it("damage fills boxes and sets penalty and status", () => {
    expect(json("health", "--track", ".......", "--damage", "5", "--type", "bashing")).toEqual({
      track: "/////..",
      penalty: -1,
      status: "ok",
    });
    expect(json("health", "--track", "XX/////", "--damage", "0", "--type", "lethal")).toEqual({
      track: "XX/////",
      penalty: -3,
      status: "unconscious_risk",
    });
  });
  it("the digest's example: **XXX// + 1 aggravated → ***XXX/", () => {
    expect(json("health", "--track", "**XXX//", "--damage", "1", "--type", "aggravated")).toEqual({
      track: "***XXX/",
      penalty: -3,
      status: "unconscious_risk",
    });
  });
  it("overflow: lethal on a full track of lethal upgrades to aggravated; dying; dead", () => {
    expect(json("health", "--track", "XXXXXX/", "--damage", "1", "--type", "lethal")).toEqual({
      track: "XXXXXXX",
      penalty: -3,
      status: "dying",
    });
    expect(json("health", "--track", "XXXX", "--damage", "4", "--type", "bashing")).toEqual({ track: "****", penalty: -3, status: "dead" });
  });
  it("--heal heals from the right", () => {
    expect(json("health", "--track", "*XX//..", "--heal", "3")).toEqual({ track: "*X.....", penalty: 0, status: "ok" });
    expect(json("health", "--track", "XXX/", "--heal", "1")).toEqual({ track: "XXX.", penalty: -2, status: "ok" });
  });
  it("text output", () => {
    expect(run("storytelling", "health", "--track", "XXX/", "--heal", "1").out).toBe("XXX.  penalty -2  ok");
  });
  it("bad input: exit 2 and one omnibus: line", () => {
    expect(bad("health", "--track", "XXq", "--damage", "1", "--type", "lethal")).toMatch(/Health track/);
    expect(bad("health", "--track", "/X.", "--damage", "1", "--type", "lethal")).toMatch(/out of order/);
    expect(bad("health", "--track", "...", "--damage", "1", "--type", "fire")).toMatch(/bashing, lethal or aggravated/);
    expect(bad("health", "--track", "...", "--damage", "1")).toMatch(/--type/);
    expect(bad("health", "--track", "...", "--damage", "-1", "--type", "lethal")).toMatch(/0 or more/);
    expect(bad("health", "--track", "...", "--damage", "1", "--type", "lethal", "--heal", "1")).toMatch(/--damage/);
    expect(bad("health", "--track", "...")).toMatch(/--damage/);
    expect(bad("health", "--damage", "1", "--type", "lethal")).toMatch(/--track is required/);
    expect(bad("health", "--track", "...", "--heal", "x")).toMatch(/whole number/);
    expect(bad("health", "--track", "...", "--heal", "1", "--faces", "3")).toMatch(/rolls no dice/);
  });
});

describe("omnibus storytelling odds", () => {
  it("one die: success 3/10, successes {0: 0.7, 1: 0.27, 2: 0.027, …} with 10-again", () => {
    const o = json("odds", "1");
    expect(o).toMatchObject({ pool: 1, chance: false, again: 10, rote: false, dramaticFailure: 0, exceptional: expect.any(Number) });
    expect(o.success).toBeCloseTo(0.3, 10);
    expect(o.failure).toBeCloseTo(0.7, 10);
    expect(o.successes["0"]).toBeCloseTo(0.7, 10);
    expect(o.successes["1"]).toBeCloseTo(0.27, 10);
    expect(o.successes["2"]).toBeCloseTo(0.027, 10);
    expect(o.expectedSuccesses).toBeCloseTo(1 / 3, 10); // 0.3 per die, 1/(1 − 0.1) dice
    expect(o.truncatedMass).toBeLessThan(1e-12);
  });
  it("chance die: success 1/10, dramatic failure 1/10; --again none on 1 die: exceptional 0", () => {
    const o = json("odds", "0");
    expect(o.chance).toBe(true);
    expect(o.success).toBeCloseTo(0.1, 10);
    expect(o.dramaticFailure).toBeCloseTo(0.1, 10);
    expect(json("odds", "1", "--again", "none")).toMatchObject({ success: 0.3, exceptional: 0, successes: { "0": 0.7, "1": 0.3 } });
  });
  it("rote, no again, 1 die: 1 − 0.7² = 0.51; 5 dice with no again: exceptional = 0.3⁵", () => {
    expect(json("odds", "1", "--rote", "--again", "none").success).toBeCloseTo(0.51, 10);
    expect(json("odds", "5", "--again", "none").exceptional).toBeCloseTo(0.3 ** 5, 10);
  });
  it("text output and bad input", () => {
    expect(run("storytelling", "odds", "1", "--again", "none").out).toBe(
      "1 die (no again): success 30.00%, exceptional 0.00%, dramatic failure 0.00%, mean 0.300 successes",
    );
    expect(bad("odds", "x")).toMatch(/whole number/);
    expect(bad("odds", "3", "--again", "11")).toMatch(/again/);
    expect(bad("odds", "3", "--seed", "3")).toMatch(/rolls no dice/);
    expect(bad("odds", "500")).toMatch(/pool/);
  });
});
