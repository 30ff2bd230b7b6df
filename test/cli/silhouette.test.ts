/**
 * `omnibus silhouette …` in-process: every JSON field of roll/move/odds with forced faces, bad
 * input (exit 2, one `omnibus:` line), and the resolver enumerated face by face against the core's
 * exact odds.
 */
import { describe, expect, it } from "vitest";
import { runCli as run } from "../support/cli";
import { silhouetteOdds } from "../../src/core/odds";
import { readCheckFaces, type CheckOptions, type SixMode, type FumbleRule } from "../../src/rules/silhouette";
import { allFaces } from "../support/enumerate";

function json(...argv: string[]): Record<string, unknown> {
  const r = run("silhouette", ...argv, "--json");
  expect(r.err).toEqual([]);
  expect(r.status).toBe(0);
  return JSON.parse(r.out) as Record<string, unknown>;
}

describe("silhouette roll", () => {
  it("E55 (004:L62): [6,6,1], attribute +2 and −1 → 7, total 8; every field", () => {
    expect(json("roll", "3", "--modifier", "1", "--faces", "6,6,1")).toEqual({
      dice: [6, 6, 1],
      best: 6,
      extraSixes: 1,
      result: 7,
      total: 8,
      fumble: false,
      threshold: null,
      margin: null,
      success: null,
      untrained: false,
    });
  });
  it("against a threshold: margin = total − threshold, a tie succeeds (§16.4)", () => {
    expect(json("roll", "3d6", "--threshold", "5", "--faces", "5,3,2")).toMatchObject({
      result: 5,
      total: 5,
      threshold: 5,
      margin: 0,
      success: true,
    });
    expect(json("roll", "2", "--threshold", "7", "--modifier", "-1", "--faces", "6,4")).toMatchObject({
      total: 5,
      margin: -2,
      success: false,
    });
    expect(json("roll", "4", "--threshold", "3", "--faces", "6,6,6,2")).toMatchObject({
      best: 6,
      extraSixes: 2,
      result: 8,
      margin: 5,
      success: true,
    });
  });
  it("--opposed: an attack must beat the defense total, a tie misses (004:L91)", () => {
    expect(json("roll", "2", "--threshold", "5", "--opposed", "--faces", "5,1")).toMatchObject({ margin: 0, success: false });
    expect(json("roll", "2", "--threshold", "5", "--opposed", "--faces", "6,1")).toMatchObject({ margin: 1, success: true });
  });
  it("mishap: every die 1 (§2.5)", () => {
    expect(json("roll", "3", "--faces", "1,1,1")).toMatchObject({ best: 1, result: 1, total: 1, fumble: true });
    expect(json("roll", "3", "--faces", "1,1,1", "--fumble-rule", "never")).toMatchObject({ fumble: false });
    // A mishap fails by default (004:L45, L112); the variant lets the total decide.
    expect(json("roll", "2", "--threshold", "1", "--faces", "1,1")).toMatchObject({ fumble: true, margin: 0, success: false });
    expect(json("roll", "2", "--threshold", "1", "--fumble-fails", "--faces", "1,1")).toMatchObject({ fumble: true, success: false });
    expect(json("roll", "2", "--threshold", "1", "--mishap-may-succeed", "--faces", "1,1")).toMatchObject({
      fumble: true,
      margin: 0,
      success: true,
    });
  });
  it("untrained: two dice, keep the lowest (004:L83, §16.3); pool 0 is untrained too", () => {
    expect(json("roll", "2", "--untrained", "--faces", "5,3", "--modifier", "1", "--threshold", "4")).toEqual({
      dice: [5, 3],
      best: 3,
      extraSixes: 0,
      result: 3,
      total: 4,
      fumble: false,
      threshold: 4,
      margin: 0,
      success: true,
      untrained: true,
    });
    expect(json("roll", "0", "--faces", "6,6")).toMatchObject({ untrained: true, best: 6, extraSixes: 0, result: 6 });
    expect(json("roll", "0", "--faces", "4,1")).toMatchObject({ untrained: true, result: 1, fumble: true });
  });
  it("--six-mode rerollAndAdd appends the explosions (dice order contract)", () => {
    expect(json("roll", "2", "--six-mode", "rerollAndAdd", "--faces", "6,3,6,2")).toMatchObject({
      dice: [6, 3, 6, 2],
      best: 14,
      extraSixes: 0,
      result: 14,
    });
  });
  it("the human-readable line", () => {
    const r = run("silhouette", "roll", "3", "--modifier", "1", "--threshold", "9", "--faces", "6,6,1");
    expect(r.status).toBe(0);
    expect(r.out).toBe("[6,6,1] → 6 +1 (sixes) +1 = 8 vs 9: margin -1, failure");
  });
  it("--seed is reproducible", () => {
    expect(run("silhouette", "roll", "5", "--seed", "42", "--json").out).toBe(run("silhouette", "roll", "5", "--seed", "42", "--json").out);
  });
});

describe("silhouette move", () => {
  it("E10 (004:L23-27): FIT +1, Athletics 2 → 40 / 26.67 / 20 / 13.33 / 8", () => {
    expect(json("move", "--fit", "1", "--athletics", "2")).toEqual({ sprint: 40, run: 26.67, jog: 20, walk: 13.33, crawl: 8 });
  });
  it("E8 (004:L23-27): FIT 0, Athletics 0 → 25 / 16.67 / 12.5 / 8.33 / 5", () => {
    expect(json("move", "--fit", "0", "--athletics", "0")).toEqual({ sprint: 25, run: 16.67, jog: 12.5, walk: 8.33, crawl: 5 });
  });
  it("E11 with --half-metres: 20 / 13 / 10 / 6.5 / 4", () => {
    expect(json("move", "--fit", "-1", "--athletics", "0", "--half-metres")).toEqual({ sprint: 20, run: 13, jog: 10, walk: 6.5, crawl: 4 });
  });
  it("text output", () => {
    expect(run("silhouette", "move", "--fit", "0", "--athletics", "1").out).toBe(
      "sprint 30 m, run 20 m, jog 15 m, walk 10 m, crawl 6 m per round",
    );
  });
});

describe("silhouette odds", () => {
  it("2 dice vs 5: P = 9/36 + 10/36 + 1/36 (highest 5, highest 6 with one six, two sixes)", () => {
    const o = json("odds", "2", "--threshold", "5");
    expect(o.success).toBeCloseTo(20 / 36, 6);
    expect(o.fumble).toBeCloseTo(1 / 36, 6);
    expect(o.mean).toBeCloseTo(4.5, 6);
    expect(o.pool).toBe(2);
    expect(o.untrained).toBe(false);
    expect(o.threshold).toBe(5);
    expect(o.modifier).toBe(0);
    expect(o.expectedMargin).toBeCloseTo(-0.5, 6);
    expect(o.distribution).toEqual({ "1": 0.027778, "2": 0.083333, "3": 0.138889, "4": 0.194444, "5": 0.25, "6": 0.277778, "7": 0.027778 });
  });
  it("4 dice: the digest's mean 5.3935 and P(all 1s) 0.00077; with --modifier the mean shifts", () => {
    expect(json("odds", "4").mean).toBeCloseTo(5.3935, 4);
    expect(json("odds", "4").fumble).toBeCloseTo(0.00077, 5);
    expect(json("odds", "4", "--modifier", "2").mean).toBeCloseTo(7.3935, 4);
    expect(json("odds", "4").success).toBeNull();
  });
  it("untrained and opposed", () => {
    const u = json("odds", "0", "--threshold", "6");
    expect(u.untrained).toBe(true);
    expect(u.success).toBeCloseTo(1 / 36, 6);
    expect(u.fumble).toBeCloseTo(11 / 36, 6);
    // opposed vs 6 with 1 die: needs 7+, impossible
    expect(json("odds", "1", "--threshold", "6", "--opposed").success).toBe(0);
  });
  it("text output", () => {
    expect(run("silhouette", "odds", "1", "--threshold", "4").out).toBe("1d6: mean 3.500, mishap 16.67%, success vs 4 50.00%");
  });
});

describe("silhouette CLI bad input: exit 2, one omnibus: line", () => {
  it.each([
    [["roll", "x3"], /not a Silhouette pool/],
    [["roll", "3d8"], /not a Silhouette pool/],
    [["roll", "-2"], /not a Silhouette pool|unknown option/],
    [["roll", "99"], /more than/],
    [["roll", "3", "--faces", "6,6"], /too few faces/],
    [["roll", "3", "--faces", "6,6,1,2"], /left unused/],
    [["roll", "3", "--faces", "6,7,1"], /not a face of a d6/],
    [["roll", "3", "--modifier", "x"], /--modifier must be a whole number/],
    [["roll", "3", "--threshold"], /needs a value/],
    [["roll", "4", "--untrained"], /--untrained rolls two dice/],
    [["roll", "3", "--opposed"], /--opposed needs --threshold/],
    [["roll", "3", "--six-mode", "boom"], /--six-mode must be one of/],
    [["roll"], /usage/],
    [["move", "--fit", "1"], /--athletics is required/],
    [["move", "--fit", "1", "--athletics", "-1"], /athletics must be a whole number/],
    [["move", "--fit", "1", "--athletics", "2", "--faces", "1"], /rolls no dice/],
    [["odds", "2", "--faces", "1,2"], /rolls no dice/],
    [["odds", "abc"], /not a Silhouette pool/],
    [["hop"], /unknown command "hop"/],
  ])("%j", (argv, message) => {
    const r = run("silhouette", ...(argv as string[]));
    expect(r.status).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/^omnibus: /);
    expect(r.err[0]).toMatch(message as RegExp);
    expect(r.out).toBe("");
  });
});

describe("the resolver enumerated face by face agrees with the core's exact odds", () => {
  const cases: { dice: number; modifier: number; threshold: number; opposed: boolean; fumbleRule: FumbleRule; fumbleFails: boolean }[] = [];
  for (const dice of [0, 1, 2, 3, 4, 5]) {
    for (const [modifier, threshold] of [
      [0, 5],
      [2, 7],
      [-1, 3],
      [0, 1],
      [3, 10],
    ]) {
      for (const opposed of [false, true]) cases.push({ dice, modifier, threshold, opposed, fumbleRule: "allOnes", fumbleFails: false });
    }
    cases.push({ dice, modifier: 4, threshold: 5, opposed: false, fumbleRule: "allOnes", fumbleFails: true });
    cases.push({ dice, modifier: 4, threshold: 5, opposed: true, fumbleRule: "never", fumbleFails: true });
  }
  it.each(cases)("%j", ({ dice, modifier, threshold, opposed, fumbleRule, fumbleFails }) => {
    const options: CheckOptions = { fumbleRule, fumbleFails };
    const n = dice === 0 ? 2 : dice;
    const totals = new Map<number, number>();
    let successes = 0;
    let fumbles = 0;
    let count = 0;
    for (const faces of allFaces(n)) {
      const r = readCheckFaces({ dice, modifier, threshold, opposed }, faces, options);
      totals.set(r.total, (totals.get(r.total) ?? 0) + 1);
      if (r.outcome?.success) successes++;
      if (r.fumble) fumbles++;
      count++;
    }
    const core = silhouetteOdds({ dice, modifier, threshold, tieSucceeds: !opposed, fumbleRule, fumbleFails });
    expect(core.success).toBeCloseTo(successes / count, 12);
    expect(core.fumble).toBeCloseTo(fumbles / count, 12);
    for (const [total, p] of core.total.entries()) expect(p).toBeCloseTo((totals.get(total) ?? 0) / count, 12);
    for (const [total, k] of totals) expect(core.total.prob(total)).toBeCloseTo(k / count, 12);
  });

  it.each([1, 2, 3])("rerollAndAdd, %i dice: explosions cut at depth 3 agree with the core to the cut's mass", (dice) => {
    // Enumerate explosion chains up to depth 3 per die by weight; the rest (P ≤ n·6^-4) is the cut.
    const sixMode: SixMode = "rerollAndAdd";
    const dist = new Map<number, number>();
    let mass = 0;
    const walk = (faces: number[], p: number) => {
      // find whether more faces are needed: readPool throws facesExhausted when a six lacks its die
      try {
        const r = readCheckFaces({ dice }, faces, { sixMode });
        dist.set(r.total, (dist.get(r.total) ?? 0) + p);
        mass += p;
      } catch (e) {
        if (faces.length >= dice + 3 * dice) return;
        for (let f = 1; f <= 6; f++) walk([...faces, f], p / 6);
      }
    };
    walk([], 1);
    const core = silhouetteOdds({ dice, sixMode });
    const cut = 1 - mass;
    expect(cut).toBeLessThan(dice * 6 ** -3 + 1e-12);
    for (const [total, p] of dist) {
      expect(core.total.prob(total)).toBeGreaterThanOrEqual(p - 1e-12);
      expect(core.total.prob(total) - p).toBeLessThanOrEqual(cut + 1e-12);
    }
  });
});
