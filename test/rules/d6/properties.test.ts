/**
 * Invariants (fast-check) and garbage input: every public function either answers or throws an
 * OmnibusError — never anything else.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forcedDice, seededDice } from "../../../src/core/dice";
import { OmnibusError } from "../../../src/core/errors";
import * as d6 from "../../../src/rules/d6";

const { codeToPips, formatDieCode, normalizeCode, parseDieCode, rollD6 } = d6;

/** Runs `f`; passes if it answers or throws an OmnibusError, fails on any other throw. */
function answersOrOmnibusError(f: () => unknown): void {
  try {
    f();
  } catch (e) {
    if (!(e instanceof OmnibusError)) throw new Error(`threw a non-OmnibusError: ${String(e)}`);
  }
}

const codeArb = fc.record({ dice: fc.integer({ min: 0, max: 30 }), pips: fc.integer({ min: -2, max: 8 }) });

describe("die-code invariants", () => {
  it("format → parse is the identity for non-negative dice", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: -9, max: 9 }), (dice, pips) => {
        const code = { dice, pips: dice === 0 && pips < 0 ? 0 : pips };
        expect(parseDieCode(formatDieCode(code))).toEqual(code);
      }),
    );
  });
  it("normalising keeps the pip count and leaves 0–2 pips", () => {
    fc.assert(
      fc.property(codeArb, (code) => {
        const n = normalizeCode(code);
        expect(codeToPips(n)).toBe(codeToPips(code));
        if (codeToPips(code) >= 0) expect(n.pips >= 0 && n.pips <= 2).toBe(true);
      }),
    );
  });
  it("halving never exceeds half, doubling doubles", () => {
    fc.assert(
      fc.property(codeArb, (code) => {
        const p = codeToPips(code);
        if (p >= 0) expect(codeToPips(d6.halveCode(code))).toBe(Math.floor(p / 2));
        expect(codeToPips(d6.doubleCode(code))).toBe(2 * p);
      }),
    );
  });
});

describe("roll invariants (seeded dice)", () => {
  it("the total is the counted faces plus pips; explosions end on a non-6; removal follows the rule", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 5 }),
        fc.boolean(),
        fc.constantFrom(...d6.WILD_ONE_RULES),
        fc.integer(),
        (dice, pips, cp, wildDie, wildOne, seed) => {
          const r = rollD6({ dice, pips }, seededDice(seed), { characterPoints: cp, kind: "reaction", wildDie, wildOne });
          const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
          const counted = sum(r.dice) + sum(r.wild) + r.cp.reduce((a, f) => a + sum(f), 0) + r.pips - sum(r.removed);
          expect(r.total).toBe(counted);
          expect(r.dice.length).toBe(wildDie ? dice - 1 : dice);
          expect(r.wild.length > 0).toBe(wildDie);
          for (const seq of [r.wild, ...r.cp].filter((s) => s.length)) {
            expect(seq[seq.length - 1]).not.toBe(6);
            expect(seq.slice(0, -1).every((f) => f === 6)).toBe(true);
          }
          expect(r.cp).toHaveLength(cp);
          if (r.wildOne && wildOne === "removeHighest") expect(r.removed).toEqual(r.dice.length ? [1, Math.max(...r.dice)] : [1]);
          else expect(r.removed).toEqual([]);
          expect(r.complication).toBe(r.wildOne && wildOne !== "normal");
        },
      ),
    );
  });
  it("a forced roll consumes exactly the faces it reports, in the contract's order", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 2 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 40, maxLength: 40 }),
        (dice, cp, faces) => {
          const src = forcedDice(faces);
          const r = rollD6({ dice, pips: 0 }, src, { characterPoints: cp });
          const used = [...r.dice, ...r.wild, ...r.cp.flat()];
          expect(used).toEqual(faces.slice(0, used.length));
          expect(src.remaining).toBe(faces.length - used.length);
        },
      ),
    );
  });
});

describe("rules invariants", () => {
  it("a bigger damage margin is never a milder result; stacking never heals", () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), fc.constantFrom(...d6.WOUND_LEVELS), (m, cur) => {
        const a = d6.DAMAGE_RESULTS.indexOf(d6.damageResultForMargin(m));
        const b = d6.DAMAGE_RESULTS.indexOf(d6.damageResultForMargin(m + 1));
        expect(b).toBeGreaterThanOrEqual(a);
        const next = d6.stackWound(cur, d6.damageResultForMargin(m));
        expect(d6.WOUND_LEVELS.indexOf(next)).toBeGreaterThanOrEqual(d6.WOUND_LEVELS.indexOf(cur));
      }),
    );
  });
  it("range bands never get closer as the distance grows", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 500, noNaN: true }), fc.double({ min: 0, max: 500, noNaN: true }), (x, y) => {
        const [lo, hi] = x <= y ? [x, y] : [y, x];
        const r = d6.BLASTER_PISTOL_RANGES;
        expect(d6.RANGE_BANDS.indexOf(d6.rangeBand(hi, r))).toBeGreaterThanOrEqual(d6.RANGE_BANDS.indexOf(d6.rangeBand(lo, r)));
      }),
    );
  });
  it("3-D range lies between the longer axis and the straight-line sum", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e4, noNaN: true }), fc.double({ min: 0, max: 1e4, noNaN: true }), (h, v) => {
        const r = d6.range3d(h, v);
        expect(r).toBeGreaterThanOrEqual(Math.max(h, v));
        expect(r).toBeLessThanOrEqual(h + v + 1e-9);
      }),
    );
  });
  it("a failed command roll never raises the combined bonus", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }), (n, total, diff) => {
        expect(codeToPips(d6.combinedActionBonus(n, total, diff))).toBeLessThanOrEqual(n);
      }),
    );
  });
});

describe("garbage input: an answer or an OmnibusError, never anything else", () => {
  const junk = fc.oneof(fc.anything(), fc.string(), fc.integer(), fc.double(), fc.constant(null), fc.constant(undefined), fc.constant(NaN));
  it("parsers", () => {
    fc.assert(
      fc.property(junk, (x) => {
        answersOrOmnibusError(() => d6.parseDieCode(x as string));
        answersOrOmnibusError(() => d6.parseDamageCode(x as string));
        answersOrOmnibusError(() => d6.parseRanges(x as string));
        answersOrOmnibusError(() => d6.parseFireRate(x as string));
        answersOrOmnibusError(() => d6.parseBlastZones(x as string, x as string));
        answersOrOmnibusError(() => d6.toDieCode(x as string));
      }),
    );
  });
  it("parsers on die-code-like text", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[-+0-9dDSTRmax ()/.]{0,12}$/), (s) => {
        answersOrOmnibusError(() => d6.parseDieCode(s));
        answersOrOmnibusError(() => d6.parseDamageCode(s));
        answersOrOmnibusError(() => d6.parseRanges(s));
      }),
    );
  });
  it("rolls, damage, ranges, healing, movement with junk arguments", () => {
    fc.assert(
      fc.property(junk, junk, junk, fc.integer(), (a, b, c, seed) => {
        const dice = seededDice(seed);
        answersOrOmnibusError(() => rollD6(a as d6.DieCode, dice, b as d6.D6RollOptions));
        answersOrOmnibusError(() => rollD6({ dice: a as number, pips: b as number }, dice, { characterPoints: c as number }));
        answersOrOmnibusError(() => d6.rollCheck({ dice: 3, pips: 0 }, dice, { difficulty: a as number, wildOne: b as d6.WildOneRule }));
        answersOrOmnibusError(() => d6.resolveDamage(a as number, b as number, c as d6.WoundLevel));
        answersOrOmnibusError(() => d6.stackWound(a as d6.WoundLevel, b as d6.DamageResult));
        answersOrOmnibusError(() => d6.rangeBand(a as number, d6.BLASTER_PISTOL_RANGES));
        answersOrOmnibusError(() => d6.rangeBand(1, a as d6.WeaponRanges));
        answersOrOmnibusError(() => d6.naturalHealing(a as d6.WoundLevel, b as number));
        answersOrOmnibusError(() => d6.medpacDifficulty(a as d6.MedpacPatient, b as number));
        answersOrOmnibusError(() => d6.movementCheck(a as d6.Speed, b as d6.DifficultyLevel));
        answersOrOmnibusError(() => d6.speedDistance(a as number, b as d6.Speed));
        answersOrOmnibusError(() => d6.effectiveCode({ dice: 4, pips: 0 }, { actions: a as number, woundPenalty: b as number }));
        answersOrOmnibusError(() => d6.combinedActionBonus(a as number, b as number, c as number));
        answersOrOmnibusError(() => d6.blastZone(a as number, d6.parseBlastZones("0-2/4/6/10", "5D/4D/3D/2D")));
        answersOrOmnibusError(() => d6.scaleModifiers(a as d6.Scale, b as d6.Scale));
        answersOrOmnibusError(() =>
          d6.reactionDifficulty(a as number, b as d6.AttackType, [{ skill: "dodge", total: c as number, full: false }]),
        );
        answersOrOmnibusError(() => d6.shiftLevel(a as d6.DifficultyLevel, b as number));
        answersOrOmnibusError(() => d6.spendAmmo(a as number, b as number));
        answersOrOmnibusError(() => d6.rollOdds({ dice: a as number, pips: 0 }, { difficulty: b as number }));
      }),
      { numRuns: 300 },
    );
  });
  it("bad input changes nothing: a refused roll consumes no faces", () => {
    const src = forcedDice([3, 3, 3]);
    expect(() => rollD6({ dice: 3, pips: 0 }, src, { characterPoints: 9 })).toThrow(OmnibusError);
    expect(src.remaining).toBe(3);
  });
});

describe("every exported function, junk in every argument", () => {
  const fns = Object.entries(d6).filter((e): e is [string, (...args: unknown[]) => unknown] => typeof e[1] === "function");
  /** Parameter names from the compiled source: a parameter named `dice` is the DiceSource. */
  const diceIndex = (f: (...args: unknown[]) => unknown): number => {
    const m = /^[^(]*\(([^)]*)\)/.exec(f.toString());
    return m
      ? m[1]
          .split(",")
          .map((p) => p.trim().split(/[\s=:]/)[0])
          .indexOf("dice")
      : -1;
  };
  const junk = fc.oneof(
    fc.anything(),
    fc.string({ maxLength: 8 }),
    fc.integer({ min: -50, max: 200 }),
    fc.double(),
    fc.constant(null),
    fc.constantFrom("healthy", "wounded", "moderate", "high", "ranged", "dodge", "character", "4D+1", "3-10/30/120"),
  );
  it(`${fns.length} functions answer or throw an OmnibusError`, () => {
    expect(fns.length).toBeGreaterThan(60);
    for (const [name, f] of fns) {
      const di = diceIndex(f);
      fc.assert(
        fc.property(fc.array(junk, { minLength: 0, maxLength: 4 }), fc.integer(), (args, seed) => {
          const call = [...args];
          if (di >= 0) call[di] = seededDice(seed);
          try {
            f(...call);
          } catch (e) {
            if (!(e instanceof OmnibusError)) throw new Error(`${name}(${call.map((a) => String(a)).join(", ")}) threw ${String(e)}`);
          }
        }),
        { numRuns: 150 },
      );
    }
  });
});
