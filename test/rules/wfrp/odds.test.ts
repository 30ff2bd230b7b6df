// Rules and odds agree: every d100 face (and every pair of faces for opposed tests) resolved by the
// ruleset's one resolver, counted, and compared with the core's exact distribution (src/core/odds)
// driven by the digest's §4 reference algorithm written independently (test/core/reference.ts).
import { describe, expect, it } from "vitest";
import { wfrpOdds, wfrpOpposedOdds, type WfrpResolver } from "../../../src/core/odds";
import { OUTCOMES, opposedOdds, resolveOpposed, resolveTest, testOdds, type Outcome, type TestOptions } from "../../../src/rules/wfrp";
import { wfrpRef } from "../../core/reference";

/** The reference algorithm as a resolver of one face. */
function reference(o: Partial<TestOptions>): WfrpResolver<Outcome> {
  return (target, roll) => {
    const [success, sl, outcome, critical, fumble] = wfrpRef(target, {
      autoSuccessMax: o.autoSuccessMax,
      autoFailMin: o.autoFailMin,
      fastSL: o.fastSL,
      over100: o.testsOver100,
      allCrits: o.critsOnDoubles,
      literalMax: o.autoFailSL === "literalMax",
    })(() => roll).split("|");
    return {
      success: success === "true",
      sl: Number(sl),
      auto: null,
      critical: critical === "true",
      fumble: fumble === "true",
      outcome: outcome as Outcome,
    };
  };
}

const cases: { value: number; modifier?: number; options: Partial<TestOptions> }[] = [
  { value: 45, options: {} },
  { value: 0, options: {} },
  { value: 3, options: {} },
  { value: 99, options: {} },
  { value: 115, options: { testsOver100: true } },
  { value: 120, options: {} },
  { value: 45, options: { fastSL: true } },
  { value: 115, options: { fastSL: true, testsOver100: true } },
  { value: 45, options: { critsOnDoubles: true } },
  { value: 25, modifier: -30, options: { critsOnDoubles: true } },
  { value: 99, options: { autoFailSL: "literalMax" } },
  { value: 40, options: { autoSuccessMax: 1 } },
  { value: 150, options: { autoFailMin: 101, autoSuccessMax: 0 } },
];

describe("test odds = enumeration of the ruleset's resolver = the core's distribution", () => {
  for (const c of cases) {
    it(`value ${c.value}${c.modifier ? ` ${c.modifier}` : ""} ${JSON.stringify(c.options)}`, () => {
      const count = Object.fromEntries(OUTCOMES.map((b) => [b, 0])) as Record<Outcome, number>;
      let successes = 0;
      let criticals = 0;
      let fumbles = 0;
      for (let roll = 1; roll <= 100; roll++) {
        const r = resolveTest({ value: c.value, modifier: c.modifier ?? 0 }, roll, c.options);
        count[r.outcome]++;
        if (r.success) successes++;
        if (r.critical) criticals++;
        if (r.fumble) fumbles++;
      }
      const core = wfrpOdds({ target: c.value + (c.modifier ?? 0) }, reference(c.options), OUTCOMES);
      for (const b of OUTCOMES) expect(core.bands[b], b).toBeCloseTo(count[b] / 100, 12);
      expect(core.success).toBeCloseTo(successes / 100, 12);
      if (c.options.critsOnDoubles) {
        expect(core.critical).toBeCloseTo(criticals / 100, 12);
        expect(core.fumble).toBeCloseTo(fumbles / 100, 12);
      }
      // and the ruleset's own odds (the core's enumeration driven by the ruleset's resolver)
      const mine = testOdds({ value: c.value, modifier: c.modifier ?? 0 }, c.options);
      for (const b of OUTCOMES) expect(mine.bands[b], b).toBeCloseTo(count[b] / 100, 12);
      expect(mine.critical).toBeCloseTo(criticals / 100, 12);
    });
  }
});

describe("opposed odds = enumeration of all 10 000 face pairs", () => {
  const pairs: [number, number, Partial<TestOptions>][] = [
    [47, 46, {}],
    [50, 50, {}],
    [30, 65, { fastSL: true }],
    [115, 90, { testsOver100: true }],
  ];
  for (const [a, d, options] of pairs) {
    it(`${a} vs ${d} ${JSON.stringify(options)}`, () => {
      let attacker = 0;
      let defender = 0;
      let tie = 0;
      for (let ra = 1; ra <= 100; ra++) {
        for (let rd = 1; rd <= 100; rd++) {
          const w = resolveOpposed({ value: a }, ra, { value: d }, rd, options).winner;
          if (w === "attacker") attacker++;
          else if (w === "defender") defender++;
          else tie++;
        }
      }
      const ref = reference(options);
      const core = wfrpOpposedOdds({ target: a }, { target: d }, { attacker: ref, defender: ref }, OUTCOMES);
      expect(core.attacker).toBeCloseTo(attacker / 10000, 12);
      expect(core.defender).toBeCloseTo(defender / 10000, 12);
      expect(core.tie).toBeCloseTo(tie / 10000, 12);
      const mine = opposedOdds({ value: a }, { value: d }, options);
      expect(mine.attacker).toBeCloseTo(attacker / 10000, 12);
      expect(mine.tie).toBeCloseTo(tie / 10000, 12);
    });
  }
});
