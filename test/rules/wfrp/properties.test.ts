// Invariants of the rules (digest §2-§4) and garbage input: every call answers or throws an OmnibusError.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forcedDice } from "../../../src/core/dice";
import { OmnibusError } from "../../../src/core/errors";
import * as wfrp from "../../../src/rules/wfrp";
import {
  applyDamage,
  DIFFICULTIES,
  DIFFICULTY_MODIFIERS,
  extendedTest,
  isDouble,
  rangeBand,
  RANGE_BANDS,
  resolveOpposed,
  resolveTest,
  reverseRoll,
  rollInitiative,
  type Outcome,
} from "../../../src/rules/wfrp";

const roll = fc.integer({ min: 1, max: 100 });
const spec = fc.record({
  value: fc.integer({ min: 0, max: 999 }),
  difficulty: fc.constantFrom(...DIFFICULTIES),
  modifier: fc.integer({ min: -899, max: 899 }),
});
const SUCCESS_BANDS: Outcome[] = ["astounding_success", "impressive_success", "success", "marginal_success"];

describe("test invariants", () => {
  it("success ⇔ 01–05, or below 96 and roll ≤ target (003:L44-46, L60)", () => {
    fc.assert(
      fc.property(spec, roll, (s, r) => {
        const t = s.value + DIFFICULTY_MODIFIERS[s.difficulty] + s.modifier;
        const res = resolveTest(s, r);
        expect(res.target).toBe(t);
        expect(res.success).toBe(r <= 5 || (r < 96 && r <= t));
      }),
    );
  });
  it("SL = tens(target) − tens(roll) outside the automatic ranges; clamped inside them (003:L130-138)", () => {
    fc.assert(
      fc.property(spec, roll, (s, r) => {
        const res = resolveTest(s, r);
        const base = Math.floor(res.target / 10) - Math.floor(r / 10);
        if (r <= 5) expect(res.sl).toBe(Math.max(base, 1));
        else if (r >= 96) expect(res.sl).toBe(Math.min(base, -1));
        else expect(res.sl).toBe(base);
      }),
    );
  });
  it("the outcome band matches the success flag; criticals only on doubles", () => {
    fc.assert(
      fc.property(spec, roll, fc.boolean(), fc.boolean(), fc.boolean(), (s, r, fastSL, testsOver100, critsOnDoubles) => {
        const res = resolveTest(s, r, { fastSL, testsOver100, critsOnDoubles });
        expect(SUCCESS_BANDS.includes(res.outcome)).toBe(res.success);
        if (res.critical || res.fumble) expect(isDouble(r)).toBe(true);
        expect(res.critical && res.fumble).toBe(false);
      }),
    );
  });
  it("a higher target never turns a success into a failure nor lowers SL", () => {
    fc.assert(
      fc.property(spec, roll, fc.integer({ min: 0, max: 100 }), (s, r, extra) => {
        const a = resolveTest(s, r);
        const b = resolveTest({ ...s, modifier: s.modifier + extra }, r);
        if (a.success) expect(b.success).toBe(true);
        expect(b.sl).toBeGreaterThanOrEqual(a.sl);
      }),
    );
  });
});

describe("dice helpers", () => {
  it("reversal is an involution and its fixed points are exactly the doubles", () => {
    fc.assert(
      fc.property(roll, (r) => {
        expect(reverseRoll(reverseRoll(r))).toBe(r);
        expect(reverseRoll(r) === r).toBe(isDouble(r));
      }),
    );
  });
});

describe("opposed invariants", () => {
  it("swapping the sides swaps the winner and keeps the margin", () => {
    fc.assert(
      fc.property(spec, roll, spec, roll, (a, ra, d, rd) => {
        const x = resolveOpposed(a, ra, d, rd);
        const y = resolveOpposed(d, rd, a, ra);
        const swap = { attacker: "defender", defender: "attacker" } as const;
        expect(y.winner).toBe(x.winner === null ? null : swap[x.winner]);
        expect(y.margin).toBe(x.margin);
        expect(x.margin).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe("extended, damage, initiative, ranges", () => {
  it("extended totals never drop below 0 (003:L209)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ success: fc.boolean(), sl: fc.integer({ min: -12, max: 12 }) })),
        fc.boolean(),
        (rs, zeroSLCounts) => {
          for (const t of extendedTest(rs, 999, { zeroSLCounts }).totals) expect(t).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
  it("damage: Wounds stay in 0…wounds and a hit takes at least 1 unless Undamaging", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50, max: 100 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        fc.boolean(),
        (damage, wounds, toughnessBonus, armourPoints, undamaging) => {
          const r = applyDamage({ damage, wounds, toughnessBonus, armourPoints, undamaging });
          expect(r.wounds).toBeGreaterThanOrEqual(0);
          expect(r.wounds + r.woundsLost).toBe(wounds);
          if (wounds > 0 && !undamaging) expect(r.woundsLost).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });
  it("initiative order is by score, then Agility", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ initiative: fc.integer({ min: 0, max: 99 }), agility: fc.integer({ min: 0, max: 99 }) }), { maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 8, maxLength: 8 }),
        (cs, faces) => {
          const combatants = cs.map((c, i) => ({ id: `c${i}`, ...c }));
          const order = rollInitiative(forcedDice(faces), combatants, "d10_plus_initiative");
          for (let i = 1; i < order.length; i++) {
            const [p, q] = [order[i - 1], order[i]];
            expect(p.score > q.score || (p.score === q.score && p.agility >= q.agility)).toBe(true);
            expect(p.trackerValue).toBeGreaterThanOrEqual(q.trackerValue);
          }
        },
      ),
    );
  });
  it("range bands never get closer as the distance grows", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.double({ min: 0, max: 2000, noNaN: true }),
        (range, d1, d2) => {
          const [near, far] = d1 <= d2 ? [d1, d2] : [d2, d1];
          const i = (b: ReturnType<typeof rangeBand>) => (b === null ? RANGE_BANDS.length : RANGE_BANDS.indexOf(b));
          expect(i(rangeBand(range, near))).toBeLessThanOrEqual(i(rangeBand(range, far)));
        },
      ),
    );
  });
});

describe("garbage in: an answer or an OmnibusError, never anything else", () => {
  const answerOrOmnibusError = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(OmnibusError);
    }
  };
  const fns = Object.entries(wfrp).filter(([, v]) => typeof v === "function") as [string, (...a: unknown[]) => unknown][];
  it(`all ${fns.length} exported functions, with arbitrary arguments`, () => {
    fc.assert(
      fc.property(fc.constantFrom(...fns), fc.array(fc.anything(), { maxLength: 6 }), ([, f], args) => {
        answerOrOmnibusError(() => f(forcedDice([1, 50, 100, 7, 3, 99]), ...args.slice(1)));
        answerOrOmnibusError(() => f(...args));
      }),
      { numRuns: 3000 },
    );
  });
  it("the core test functions with near-miss input", () => {
    const near = fc.oneof(
      fc.integer(),
      fc.double(),
      fc.constant(NaN),
      fc.constant(Infinity),
      fc.string(),
      fc.constant(undefined),
      fc.constant(null),
    );
    fc.assert(
      fc.property(near, near, near, near, (value, modifier, r, difficulty) => {
        answerOrOmnibusError(() => resolveTest({ value, modifier, difficulty } as never, r as never));
        answerOrOmnibusError(() => resolveOpposed({ value } as never, r as never, { value: modifier } as never, 50));
        answerOrOmnibusError(() => applyDamage({ damage: value, wounds: r, toughnessBonus: modifier, armourPoints: 0 } as never));
      }),
      { numRuns: 2000 },
    );
  });
});
