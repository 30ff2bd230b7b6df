/**
 * `npm run bench`: median times of the dice and odds core. Output format: see bench/README.md.
 *
 * Odds rows: the largest check of each kind the rulesets allow; "reference" is the 1 ms budget a
 * roll dialog has per keystroke, so ratio = median / 1 ms (below 1 meets the target). Each odds row
 * is measured twice: warm (memoised per-die distributions, as in a dialog) and cold (memo cleared
 * before every call).
 * Roll rows: rolling and resolving a 10-die exploding d6 pool with our primitives vs
 * @dice-roller/rpg-dice-roller rolling "10d6!", in the same run; ratio = ours / theirs.
 */
import { DiceRoll } from "@dice-roller/rpg-dice-roller";
import { seededDice } from "../src/core/dice";
import { rollPool } from "../src/core/pool";
import {
  clearOddsMemo,
  d6Odds,
  poolOdds,
  silhouetteOdds,
  storytellingOdds,
  wfrpOdds,
  wfrpOpposedOdds,
} from "../src/core/odds";

/** Median time per call in ms: `samples` samples of `batch` calls each. */
function median(f: () => unknown, { batch = 50, samples = 41, before }: { batch?: number; samples?: number; before?: () => void } = {}): number {
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
  ["storytelling 30 dice, 8-again, rote (all failed dice), advanced", () => storytellingOdds({ pool: 30, again: 8, rote: true, roteScope: "allFailedDice", advanced: true })],
  ["storytelling 30 dice, 8-again, rote (initial dice)", () => storytellingOdds({ pool: 30, again: 8, rote: true })],
  ["storytelling chance die, rote", () => storytellingOdds({ pool: -4, rote: true })],
  ["d6 30D+2, Wild Die (remove highest), 5 CP dice, diff 110", () => d6Odds({ dice: 30, pips: 2, characterPointDice: 5, difficulty: 110 })],
  ["d6 30D, Wild Die (complication), diff 100", () => d6Odds({ dice: 30, wildOne: "complication", difficulty: 100 })],
  ["wfrp target 135, Fast SL, over 100 %, crits on all tests", () => wfrpOdds({ target: 135, fastSL: true, testsOver100: true, critsFumblesAllTests: true })],
  ["wfrp opposed 65 vs 58", () => wfrpOpposedOdds({ target: 65 }, { target: 58 })],
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

const dice = seededDice(1);
const ours = median(() => rollPool({ count: 10, sides: 6, explodeAt: 6 }, dice).sum, { batch: 2000 });
const theirs = median(() => new DiceRoll("10d6!").total, { batch: 2000 });
rows.push(["roll: 10d6 exploding, ours (rollPool + sum)", fmt(ours), `${(ours / theirs).toFixed(3)}× of rpg-dice-roller`]);
rows.push(["roll: 10d6! with @dice-roller/rpg-dice-roller 5.5.1", fmt(theirs), "1.000× (reference)"]);

const w = [Math.max(5, ...rows.map((r) => r[0].length)), Math.max(6, ...rows.map((r) => r[1].length)), Math.max(5, ...rows.map((r) => r[2].length))];
const line = (a: string, b: string, c: string) => `| ${a.padEnd(w[0])} | ${b.padStart(w[1])} | ${c.padEnd(w[2])} |`;
console.log(`omnibus bench — node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
console.log(line("check", "median", "ratio"));
console.log(`|${"-".repeat(w[0] + 2)}|${"-".repeat(w[1] + 2)}|${"-".repeat(w[2] + 2)}|`);
for (const r of rows) console.log(line(...r));
