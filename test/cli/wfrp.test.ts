// `omnibus wfrp …` in-process, with --faces, checking every JSON field of issue 6's CLI section
// against the digest's worked examples (rules/wfrp.md §5), and bad input (exit 2, one omnibus: line).
import { describe, expect, it } from "vitest";
import { runCli as run } from "../support/cli";

function json(...argv: string[]) {
  const r = run("wfrp", ...argv, "--json");
  expect(r.err).toEqual([]);
  expect(r.status).toBe(0);
  return JSON.parse(r.out);
}

describe("wfrp test", () => {
  it("V3a: Ride (Horse) 49, roll 29 → every field (003:L132)", () => {
    expect(json("test", "--target", "49", "--faces", "29")).toEqual({
      roll: 29,
      target: 49,
      sl: 2,
      success: true,
      auto: null,
      critical: false,
      fumble: false,
      outcome: "success",
    });
  });
  it("V5: Track 41 Very Hard, roll 35 → target 11, −2 SL, failure (003:L171)", () => {
    expect(json("test", "--target", "41", "--difficulty", "very_hard", "--faces", "35")).toMatchObject({
      target: 11,
      sl: -2,
      success: false,
      outcome: "failure",
    });
  });
  it("V9: Perception 59 Difficult + 20 assistance, roll 74 → target 69, −1 marginal failure (003:L239)", () => {
    expect(json("test", "--target", "59", "--difficulty", "difficult", "--modifier", "20", "--faces", "74")).toMatchObject({
      target: 69,
      sl: -1,
      success: false,
      outcome: "marginal_failure",
    });
  });
  it("V23: roll 00 (face 100) against 45 with --crit-doubles: −6, fumble, astounding failure, automatic failure", () => {
    expect(json("test", "--target", "45", "--crit-doubles", "--faces", "100")).toEqual({
      roll: 100,
      target: 45,
      sl: -6,
      success: false,
      auto: "failure",
      critical: false,
      fumble: true,
      outcome: "astounding_failure",
    });
  });
  it("V22: --crit-doubles, 45 vs roll 44 → critical, astounding success; without it, marginal and no critical", () => {
    expect(json("test", "--target", "45", "--crit-doubles", "--faces", "44")).toMatchObject({
      sl: 0,
      success: true,
      critical: true,
      outcome: "astounding_success",
    });
    expect(json("test", "--target", "45", "--faces", "44")).toMatchObject({ critical: false, outcome: "marginal_success" });
  });
  it("V18: roll 05 → automatic success +4", () => {
    expect(json("test", "--target", "45", "--faces", "5")).toMatchObject({ auto: "success", sl: 4, outcome: "impressive_success" });
  });
  it("V4: --fast-sl, 45 vs roll 36 → +3", () => {
    expect(json("test", "--target", "45", "--fast-sl", "--faces", "36")).toMatchObject({ sl: 3, success: true });
  });
  it("V2: --tests-over-100, Charm 115 vs 50 → +7", () => {
    expect(json("test", "--target", "115", "--tests-over-100", "--faces", "50")).toMatchObject({ sl: 7 });
  });
  it("every difficulty spelling (003:L176-183)", () => {
    const mods: Record<string, number> = {
      very_easy: 60,
      easy: 40,
      average: 20,
      challenging: 0,
      difficult: -10,
      hard: -20,
      very_hard: -30,
    };
    for (const [d, m] of Object.entries(mods))
      expect(json("test", "--target", "30", "--difficulty", d, "--faces", "50").target).toBe(30 + m);
  });
  it("text output shows the SL sign, including −0", () => {
    const r = run("wfrp", "test", "--target", "40", "--faces", "41");
    expect(r.status).toBe(0);
    expect(r.out).toContain("-0 SL");
    expect(r.out).toContain("marginal failure");
  });
  it("--seed is reproducible", () => {
    expect(json("test", "--target", "50", "--seed", "7")).toEqual(json("test", "--target", "50", "--seed", "7"));
  });
});

describe("wfrp opposed", () => {
  it("V6: Intimidate 47 (04) vs Leadership 46 (16) → every field (003:L195)", () => {
    expect(json("opposed", "--attacker", "47", "--defender", "46", "--faces", "4,16")).toEqual({
      attacker: {
        roll: 4,
        target: 47,
        sl: 4,
        success: true,
        auto: "success",
        critical: false,
        fumble: false,
        outcome: "impressive_success",
      },
      defender: { roll: 16, target: 46, sl: 3, success: true, auto: null, critical: false, fumble: false, outcome: "success" },
      winner: "attacker",
      margin: 1,
    });
  });
  it("V7: Endurance 46 (21) vs 63 (91) → margin 5, the digest's correction (003:L203)", () => {
    expect(json("opposed", "--attacker", "46", "--defender", "63", "--faces", "21,91")).toMatchObject({
      winner: "attacker",
      margin: 5,
      defender: { sl: -3 },
    });
  });
  it("V24: equal SL → the higher tested value wins, margin 0; full tie → null (stalemate)", () => {
    expect(json("opposed", "--attacker", "45", "--defender", "50", "--faces", "25,30")).toMatchObject({ winner: "defender", margin: 0 });
    expect(json("opposed", "--attacker", "50", "--defender", "50", "--faces", "25,25")).toMatchObject({ winner: null, margin: 0 });
  });
  it("--tie reroll rolls two more faces on a full tie", () => {
    expect(json("opposed", "--attacker", "50", "--defender", "50", "--tie", "reroll", "--faces", "25,25,60,20")).toMatchObject({
      winner: "defender",
      margin: 4,
    });
  });
});

describe("wfrp odds", () => {
  it("target 45: each band's probability counted from the digest's SL rules by hand", () => {
    // successes 01–45: 01–09 → +4 (9), 10–29 → +3/+2 (20), 30–45 → +1/+0 (16);
    // failures 46–59 → −0/−1 (14), 60–79 → −2/−3 (20), 80–99 → −4/−5 (20), 00 → −6 (1)
    const o = json("odds", "--target", "45");
    expect(o.target).toBe(45);
    expect(o.bands).toEqual({
      astounding_success: 0,
      impressive_success: 0.09,
      success: 0.2,
      marginal_success: 0.16,
      marginal_failure: 0.14,
      failure: 0.2,
      impressive_failure: 0.2,
      astounding_failure: 0.01,
    });
    expect(o.success).toBeCloseTo(0.45, 12);
    expect(o.failure).toBeCloseTo(0.55, 12);
  });
  it("takes test's arguments: difficulty and modifier move the target; --crit-doubles counts the doubles", () => {
    const o = json("odds", "--target", "25", "--difficulty", "easy", "--modifier", "5", "--crit-doubles");
    expect(o.target).toBe(70);
    expect(o.critical).toBeCloseTo(0.06, 12); // 11 … 66
    expect(o.fumble).toBeCloseTo(0.04, 12); // 77, 88, 99, 00
  });
  it("rolls no dice: --faces is refused", () => {
    const r = run("wfrp", "odds", "--target", "45", "--faces", "10");
    expect(r.status).toBe(2);
  });
});

describe("bad input: exit 2, one omnibus: line, nothing on stdout", () => {
  const cases: string[][] = [
    ["test", "--faces", "50"],
    ["test", "--target", "45"].concat(["--faces", "101"]),
    ["test", "--target", "45", "--faces", "0"],
    ["test", "--target", "45", "--faces", "50,60"],
    ["test", "--target", "abc", "--faces", "50"],
    ["test", "--target", "-5", "--faces", "50"],
    ["test", "--target", "45", "--difficulty", "impossible", "--faces", "50"],
    ["test", "--target", "45", "--modifier", "1.5", "--faces", "50"],
    ["test", "--target", "45", "--auto-success-max", "96", "--faces", "50"],
    ["test", "--target", "45", "--frobnicate", "--faces", "50"],
    ["test", "extra", "--target", "45", "--faces", "50"],
    ["opposed", "--attacker", "45", "--faces", "50,50"],
    ["opposed", "--attacker", "45", "--defender", "40", "--faces", "50"],
    ["opposed", "--attacker", "50", "--defender", "50", "--tie", "reroll", "--faces", "25,25"],
    ["opposed", "--attacker", "45", "--defender", "40", "--tie", "coin", "--faces", "50,50"],
    ["odds"],
    ["roll", "--target", "45"],
  ];
  for (const argv of cases) {
    it(argv.join(" "), () => {
      const r = run("wfrp", ...argv);
      expect(r.status).toBe(2);
      expect(r.out).toBe("");
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(/^omnibus: /);
    });
  }
});
