/**
 * `npm run bench`: median times of the dice and odds core. Output format: see bench/README.md.
 *
 * Odds rows: the largest check of each kind the rulesets allow; "reference" is the 1 ms budget a
 * roll dialog has per keystroke, so ratio = median / 1 ms (below 1 meets the target). Each odds row
 * is measured twice: warm (memoised per-die distributions, as in a dialog) and cold (memo cleared
 * before every call).
 * Bounded rows ("largest accepted"): per exact-odds entry point, the largest input of a family the
 * work budget (src/core/odds/budget.ts) accepts — found by bisection on the charged work, so the
 * same input on every machine — timed cold; "refused" rows time the refusal of an input over the
 * budget. Reference: 50 ms, the most an accepted input may take.
 * Dialog rows: the worst roll-dialog recompute, the D6 dialog's odds (src/rules/d6/table/checks.ts
 * `checkOdds`) of a 100D code with 30 Character Point dice' worth of exact odds, cold and warm;
 * reference: one animation frame (16.7 ms).
 * Roll rows: rolling and resolving a 10-die exploding d6 pool with our primitives vs
 * @dice-roller/rpg-dice-roller rolling "10d6!", in the same run; ratio = ours / theirs.
 */
import { DiceRoll } from "@dice-roller/rpg-dice-roller";
import { seededDice } from "../src/core/dice";
import { rollPool } from "../src/core/pool";
import { clearOddsMemo, d6Odds, poolOdds, silhouetteOdds, storytellingOdds, withOddsBudget } from "../src/core/odds";
import { opposedOdds, testOdds } from "../src/rules/wfrp/odds";
import { workSpent } from "../src/core/odds/budget";

/** Median time per call in ms: `samples` samples of `batch` calls each. */
function median(
  f: () => unknown,
  { batch = 50, samples = 41, before }: { batch?: number; samples?: number; before?: () => void } = {},
): number {
  for (let i = 0; i < batch * 3; i++) f(); // warm up the JIT
  const times: number[] = [];
  for (let s = 0; s < samples; s++) {
    let spent = 0;
    for (let i = 0; i < batch; i++) {
      before?.();
      const t0 = performance.now();
      f();
      spent += performance.now() - t0;
    }
    times.push(spent / batch);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(samples / 2)];
}

const oddsChecks: Array<[string, () => unknown]> = [
  [
    "storytelling 30 dice, 8-again, rote (all failed dice), advanced",
    () => storytellingOdds({ pool: 30, again: 8, rote: true, roteScope: "allFailedDice", advanced: true }),
  ],
  ["storytelling 30 dice, 8-again, rote (initial dice)", () => storytellingOdds({ pool: 30, again: 8, rote: true })],
  ["storytelling chance die, rote", () => storytellingOdds({ pool: -4, rote: true })],
  ["d6 30D+2, Wild Die (remove highest), 5 CP dice, diff 110", () => d6Odds({ dice: 30, pips: 2, characterPointDice: 5, difficulty: 110 })],
  ["d6 30D, Wild Die (complication), diff 100", () => d6Odds({ dice: 30, wildOne: "complication", difficulty: 100 })],
  [
    "wfrp target 135, Fast SL, over 100 %, crits on all tests",
    () => testOdds({ value: 135 }, { fastSL: true, testsOver100: true, critsOnDoubles: true }),
  ],
  ["wfrp opposed 65 vs 58", () => opposedOdds({ value: 65 }, { value: 58 })],
  ["silhouette 30 dice, threshold 8", () => silhouetteOdds({ dice: 30, modifier: 1, threshold: 8 })],
  ["silhouette 30 dice, sixes re-rolled and added", () => silhouetteOdds({ dice: 30, threshold: 12, sixMode: "rerollAndAdd" })],
  ["pool 30d10 explode 10, success 8, rote", () => poolOdds({ count: 30, sides: 10, explodeAt: 10, successAt: 8, rerollBelow: 8 })],
];

const rows: Array<[string, string, string]> = [];
const fmt = (ms: number) => (ms < 0.01 ? `${(ms * 1000).toFixed(2)} µs` : `${ms.toFixed(4)} ms`);
for (const [name, f] of oddsChecks) {
  const warm = median(f);
  rows.push([`odds: ${name} (warm)`, fmt(warm), `${warm.toFixed(3)}× of 1 ms`]);
  const cold = median(f, { batch: 10, before: clearOddsMemo });
  rows.push([`odds: ${name} (cold)`, fmt(cold), `${cold.toFixed(3)}× of 1 ms`]);
}

// Largest accepted inputs, and refusals.
/** Whether the budget accepts `f` (cold). */
function accepted(f: () => unknown): boolean {
  clearOddsMemo();
  try {
    f();
    return true;
  } catch {
    return false;
  }
}
/** The largest n in [lo, hi] with `make(n)` accepted (accepted at lo, monotone in n). */
function largest(lo: number, hi: number, make: (n: number) => () => unknown): number {
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (accepted(make(mid))) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
const families: Array<[(n: number) => string, number, number, (n: number) => () => unknown]> = [
  [(n) => `pool ${n}d1000 summed`, 1, 200, (n) => () => poolOdds({ count: n, sides: 1000 })],
  [(n) => `pool ${n}d20 keep the highest ${n - 1}`, 2, 200, (n) => () => poolOdds({ count: n, sides: 20, keepHighest: n - 1 })],
  [
    (n) => `pool ${n}d10 exploding on 8, successes on 8, rote`,
    1,
    200,
    (n) => () => poolOdds({ count: n, sides: 10, explodeAt: 8, successAt: 8, rerollBelow: 8 }),
  ],
  [
    (n) => `d6 ${n}D, Wild Die (remove highest), 30 CP dice`,
    1,
    1000,
    (n) => () => d6Odds({ dice: n, characterPointDice: 30, difficulty: 4 * n }),
  ],
  [
    (n) => `storytelling ${n} dice, 8-again, rote (all failed dice), advanced`,
    1,
    100,
    (n) => () => storytellingOdds({ pool: n, again: 8, rote: true, roteScope: "allFailedDice", advanced: true }),
  ],
  [
    (n) => `silhouette ${n} dice, sixes re-rolled and added`,
    1,
    60,
    (n) => () => silhouetteOdds({ dice: n, threshold: 12, sixMode: "rerollAndAdd" }),
  ],
  [
    () => "wfrp target 1000, Fast SL, over 100 %, crits on all tests",
    0,
    0,
    () => () => testOdds({ value: 999, modifier: 1 }, { fastSL: true, testsOver100: true, critsOnDoubles: true }),
  ],
];
for (const [name, lo, hi, make] of families) {
  const n = largest(lo, hi, make);
  const f = make(n);
  clearOddsMemo();
  const work = withOddsBudget(() => (f(), workSpent()), 1e15);
  const cold = median(f, { batch: 3, samples: 11, before: clearOddsMemo });
  rows.push([`largest accepted: ${name(n)} (cold, ${work.toExponential(1)} steps)`, fmt(cold), `${(cold / 50).toFixed(3)}× of 50 ms`]);
}
const refused: Array<[string, () => unknown]> = [
  ["pool 200d1000 summed", () => poolOdds({ count: 200, sides: 1000 })],
  ["pool 200d20 keep the highest 199", () => poolOdds({ count: 200, sides: 20, keepHighest: 199 })],
  ["d6 1000D + 30 CP dice", () => d6Odds({ dice: 1000, characterPointDice: 30 })],
];
for (const [name, f] of refused) {
  const t = median(() => accepted(f), { batch: 3, samples: 11 });
  rows.push([`refused: ${name}`, fmt(t), `${(t / 50).toFixed(3)}× of 50 ms`]);
}

// The worst roll-dialog recompute: D6 odds of a 100D code with 30 CP dice (the core's largest CP
// count), and the D6 dialog's own odds (`checkOdds`) of the model's largest code, 200D,
// with the 2 CP an attribute roll allows, against a difficulty.
{
  const { attributeCheck, checkOdds } = await import("../src/rules/d6/table/checks");
  const { DEFAULT_SETTINGS } = await import("../src/rules/d6/table/settings");
  const actor = {
    name: "bench",
    type: "d6_character",
    system: { attributes: { perception: { dice: 200, pips: 0 } }, characterPoints: 30, forcePoints: 1, woundLevel: "healthy" },
    items: [],
  };
  const request = attributeCheck(actor, "perception", "Perception", DEFAULT_SETTINGS);
  const values = { ...request.values, characterPoints: 2, difficulty: 700 };
  const recomputes: Array<[string, () => unknown]> = [
    ["d6 100D + 30 CP dice, diff 360", () => d6Odds({ dice: 100, characterPointDice: 30, difficulty: 360 })],
    ["d6 dialog odds, 200D + 2 CP, diff 700", () => checkOdds(request, values, DEFAULT_SETTINGS, true)],
  ];
  for (const [name, f] of recomputes) {
    const warm = median(f, { batch: 10, samples: 21 });
    rows.push([`dialog recompute: ${name} (warm)`, fmt(warm), `${(warm / 16.7).toFixed(3)}× of one frame (16.7 ms)`]);
    const cold = median(f, { batch: 3, samples: 11, before: clearOddsMemo });
    rows.push([`dialog recompute: ${name} (cold)`, fmt(cold), `${(cold / 16.7).toFixed(3)}× of one frame (16.7 ms)`]);
  }
}

const dice = seededDice(1);
const ours = median(() => rollPool({ count: 10, sides: 6, explodeAt: 6 }, dice).sum, { batch: 2000 });
const theirs = median(() => new DiceRoll("10d6!").total, { batch: 2000 });
rows.push(["roll: 10d6 exploding, ours (rollPool + sum)", fmt(ours), `${(ours / theirs).toFixed(3)}× of rpg-dice-roller`]);
rows.push(["roll: 10d6! with @dice-roller/rpg-dice-roller 5.5.1", fmt(theirs), "1.000× (reference)"]);

const w = [
  Math.max(5, ...rows.map((r) => r[0].length)),
  Math.max(6, ...rows.map((r) => r[1].length)),
  Math.max(5, ...rows.map((r) => r[2].length)),
];
const line = (a: string, b: string, c: string) => `| ${a.padEnd(w[0])} | ${b.padStart(w[1])} | ${c.padEnd(w[2])} |`;
console.log(`omnibus bench — node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
console.log(line("check", "median", "ratio"));
console.log(`|${"-".repeat(w[0] + 2)}|${"-".repeat(w[1] + 2)}|${"-".repeat(w[2] + 2)}|`);
for (const r of rows) console.log(line(...r));
