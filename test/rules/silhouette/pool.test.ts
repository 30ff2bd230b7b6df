/**
 * The pool roll, checks and margins (digest §2, §13, §16.1-4) against the digest's numbers, plus
 * fast-check properties and garbage input.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forcedDice, seededDice, type DiceSource } from "../../../src/core/dice";
import { OmnibusError } from "../../../src/core/errors";
import { readCheckFaces, readPool, resolveAgainst, resolveOpposed, rollCheck, rollPool } from "../../../src/rules/silhouette";
import { allFaces } from "../../support/enumerate";

function expectOmnibusError(fn: () => unknown, code?: string): void {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(OmnibusError);
    if (code) expect((e as OmnibusError).code).toBe(code);
    return;
  }
  throw new Error("expected an OmnibusError");
}

describe("pool statistics (digest §14 table: mean and P(all 1s) for 1–6 dice)", () => {
  const table: [number, number, number, number, number][] = [
    // dice, mean, digits, P(all 1s), digits — as printed in the digest
    [1, 3.5, 4, 0.1667, 4],
    [2, 4.5, 4, 0.0278, 4],
    [3, 5.037, 3, 0.0046, 4],
    [4, 5.3935, 4, 0.00077, 5],
    [5, 5.6662, 4, 0.00013, 5],
    [6, 5.8952, 4, 0.00002, 5],
  ];
  it.each(table)("%i dice: mean %f, P(mishap) %f", (n, mean, md, pAllOnes, pd) => {
    let sum = 0;
    let fumbles = 0;
    let count = 0;
    for (const faces of allFaces(n)) {
      const r = readPool(n, faces);
      sum += r.result;
      if (r.fumble) fumbles++;
      count++;
    }
    expect(count).toBe(6 ** n);
    expect(sum / count).toBeCloseTo(mean, md - 1);
    expect(Math.abs(sum / count - mean)).toBeLessThan(0.5 * 10 ** -md + 1e-12);
    expect(Math.abs(fumbles / count - pAllOnes)).toBeLessThan(0.5 * 10 ** -pd + 1e-12);
  });

  it("plain highest-of-4 would be 20.98, true exploding ≈ 30.6 — only the +1 reading gives 22 (digest §0.3)", () => {
    let plain = 0;
    let count = 0;
    for (const faces of allFaces(4)) {
      plain += Math.max(...faces);
      count++;
    }
    expect(((plain / count) * 4).toFixed(2)).toBe("20.98");
    // rerollAndAdd: expected max of 4 exploding d6, by Monte Carlo on a fixed seed
    const dice = seededDice(7);
    let sum = 0;
    const N = 40000;
    for (let i = 0; i < N; i++) sum += rollPool(4, dice, { sixMode: "rerollAndAdd" }).result;
    expect((sum / N) * 4).toBeGreaterThan(29.5);
    expect((sum / N) * 4).toBeLessThan(31.7);
  });
});

describe("reading the pool (digest §2.1, §2.4, §2.5)", () => {
  it("highest die plus one per extra six", () => {
    expect(readPool(3, [6, 6, 1])).toMatchObject({ best: 6, extraSixes: 1, result: 7, fumble: false, untrained: false });
    expect(readPool(4, [6, 6, 6, 6])).toMatchObject({ best: 6, extraSixes: 3, result: 9 });
    expect(readPool(2, [2, 6])).toMatchObject({ best: 6, extraSixes: 0, result: 6 });
  });
  it("a mishap is every die showing 1; `never` turns mishaps off", () => {
    expect(readPool(3, [1, 1, 1]).fumble).toBe(true);
    expect(readPool(3, [1, 1, 2]).fumble).toBe(false);
    expect(readPool(3, [1, 1, 1], { fumbleRule: "never" }).fumble).toBe(false);
  });
  it("untrained (0 dice): two dice, keep the lowest; mishap when the kept die is 1", () => {
    expect(readPool(0, [5, 3])).toMatchObject({ untrained: true, poolSize: 2, best: 3, extraSixes: 0, result: 3, fumble: false });
    expect(readPool(0, [6, 6]).result).toBe(6);
    expect(readPool(0, [1, 6]).fumble).toBe(true);
    expect(rollCheck({ dice: 4, untrained: true, modifier: 1 }, forcedDice([4, 2])).total).toBe(3);
  });
  it("rerollAndAdd: sixes are re-rolled and added; explosions appended in order and checked later", () => {
    // dice 6,2,6 → explosions: 6 (die 1) then 3 (die 3); the appended 6 explodes again: 1 (die 1)
    const r = readPool(3, [6, 2, 6, 6, 3, 1], { sixMode: "rerollAndAdd" });
    expect(r.best).toBe(13); // 6 + 6 + 1
    expect(r.result).toBe(13);
    const rolled = rollPool(3, forcedDice([6, 2, 6, 6, 3, 1]), { sixMode: "rerollAndAdd" });
    expect(rolled.result).toBe(13);
    expectOmnibusError(() => readPool(3, [6, 2, 6, 6, 3], { sixMode: "rerollAndAdd" }), "facesExhausted");
  });
  it("wrong face counts and faces are errors", () => {
    expectOmnibusError(() => readPool(3, [6, 6]), "facesExhausted");
    expectOmnibusError(() => readPool(3, [6, 6, 1, 2]), "facesUnused");
    expectOmnibusError(() => readPool(2, [7, 1]), "faceOutOfRange");
    expectOmnibusError(() => readPool(-1, []), "badArgument");
    expectOmnibusError(() => readPool(2.5, [1, 2]), "badArgument");
    expectOmnibusError(() => readPool(2, [1, 2], { sixMode: "bogus" as never }), "badArgument");
    expectOmnibusError(() => rollPool(3, forcedDice([6, 6])), "facesExhausted");
  });
});

describe("checks and margins (digest §2.2-2.3, §16.4)", () => {
  it("margin = total − threshold; a tie succeeds vs a fixed difficulty, fails vs an opposed defense", () => {
    expect(resolveAgainst(5, 5)).toMatchObject({ margin: 0, success: true, degreeOfSuccess: 0, degreeOfFailure: 0 });
    expect(resolveAgainst(5, 5, { opposed: true })).toMatchObject({ margin: 0, success: false });
    expect(resolveAgainst(7, 4)).toMatchObject({ margin: 3, success: true, degreeOfSuccess: 3 });
    expect(resolveAgainst(4, 7)).toMatchObject({ margin: -3, success: false, degreeOfFailure: 3 });
    expect(resolveAgainst(5, 5, {}, { fixedTie: "failure" }).success).toBe(false);
    expect(resolveAgainst(5, 5, { opposed: true }, { opposedTie: "success" }).success).toBe(true);
  });
  it("a mishap is a failure by default (004:L45, L112); the variant lets its total decide", () => {
    const r = readCheckFaces({ dice: 2, modifier: 5, threshold: 3 }, [1, 1]);
    expect(r.total).toBe(6);
    expect(r.fumble).toBe(true);
    expect(r.outcome).toMatchObject({ margin: 3, success: false });
    expect(readCheckFaces({ dice: 2, modifier: 5, threshold: 3 }, [1, 1], { fumbleFails: false }).outcome).toMatchObject({
      margin: 3,
      success: true,
    });
  });
  it("opposed exchange: the attacker must be greater (004:L91); chases can have no winner", () => {
    expect(resolveOpposed(6, 6)).toEqual({ margin: 0, winner: "second", degree: 0 });
    expect(resolveOpposed(6, 6, "noWinner").winner).toBe("none");
    expect(resolveOpposed(8, 5)).toEqual({ margin: 3, winner: "first", degree: 3 });
  });
});

describe("pool properties (fast-check)", () => {
  const faceArb = fc.integer({ min: 1, max: 6 });
  it("result = highest + max(0, sixes − 1), within [1, 5 + n]", () => {
    fc.assert(
      fc.property(fc.array(faceArb, { minLength: 1, maxLength: 12 }), (faces) => {
        const r = readPool(faces.length, faces);
        const sixes = faces.filter((f) => f === 6).length;
        expect(r.result).toBe(Math.max(...faces) + Math.max(0, sixes - 1));
        expect(r.result).toBeGreaterThanOrEqual(1);
        expect(r.result).toBeLessThanOrEqual(5 + faces.length);
        expect(r.fumble).toBe(faces.every((f) => f === 1));
      }),
    );
  });
  it("rolling from a source consumes exactly the pool's dice and reads the same as readPool", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer(), (n, seed) => {
        const base = seededDice(seed);
        const seen: number[] = [];
        const spy: DiceSource = {
          roll: (s) => {
            const f = base.roll(s);
            seen.push(f);
            return f;
          },
        };
        const r = rollPool(n, spy);
        expect(seen.length).toBe(n === 0 ? 2 : n);
        expect(r).toEqual(readPool(n, seen));
      }),
    );
  });
  it("adding a die never lowers the result (monotone in the pool)", () => {
    fc.assert(
      fc.property(fc.array(faceArb, { minLength: 1, maxLength: 10 }), faceArb, (faces, extra) => {
        expect(readPool(faces.length + 1, [...faces, extra]).result).toBeGreaterThanOrEqual(readPool(faces.length, faces).result);
      }),
    );
  });
  it("garbage in: an answer or an OmnibusError, never anything else", () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (a, b, c) => {
        for (const call of [
          () => readPool(a as number, b as number[], c as object),
          () => rollPool(a as number, forcedDice([1, 2, 3, 4, 5, 6]), b as object),
          () => readCheckFaces(a as never, b as number[], c as object),
          () => resolveAgainst(a as number, b as number, c as object),
          () => resolveOpposed(a as number, b as number, c as never),
        ]) {
          try {
            call();
          } catch (e) {
            expect(e).toBeInstanceOf(OmnibusError);
          }
        }
      }),
    );
  });
});
