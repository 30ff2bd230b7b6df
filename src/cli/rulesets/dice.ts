import type { CliArgs, CliCommand, CliRuleset } from "../types";
import { boolFlag, intFlag } from "../args";
import { OmnibusError } from "../../core/errors";
import { parseDiceCode, rollPool, type PoolSpec, type RolledDie } from "../../core/pool";
import { poolOdds } from "../../core/odds";

/**
 * `npx omnibus dice …`: ruleset-free dice pools and their exact odds.
 *
 *   dice roll <NdS> [--explode N] [--reroll-below N | --rote] [--success N] [--need K]
 *                   [--keep-highest K | --keep-lowest K] [--modifier M] [--difficulty D]
 *   dice odds <NdS> (the same arguments)
 *
 * --success N counts kept dice ≥ N (success = at least --need of them, default 1); otherwise the
 * result is the sum of the kept dice + --modifier, and success = result ≥ --difficulty.
 * --rote re-rolls once every initial die below the --success threshold. Faces are consumed in the
 * dice order contract: initial dice, re-rolls, then explosions appended breadth-first.
 */
const FLAGS = {
  explode: "int",
  "reroll-below": "int",
  rote: "boolean",
  success: "int",
  need: "int",
  "keep-highest": "int",
  "keep-lowest": "int",
  modifier: "int",
  difficulty: "int",
} as const;

const USAGE =
  "<NdS> [--explode N] [--reroll-below N | --rote] [--success N] [--need K] [--keep-highest K | --keep-lowest K] [--modifier M] [--difficulty D]";

interface Request {
  code: string;
  spec: PoolSpec;
  need: number | null;
  modifier: number;
  difficulty: number | null;
}

function request(args: CliArgs): Request {
  const code = args.positional[0];
  const { count, sides } = parseDiceCode(code);
  const spec: PoolSpec = { count, sides };
  const explode = intFlag(args, "explode");
  if (explode !== undefined) spec.explodeAt = explode;
  const success = intFlag(args, "success");
  if (success !== undefined) spec.successAt = success;
  const rerollBelow = intFlag(args, "reroll-below");
  if (boolFlag(args, "rote")) {
    if (rerollBelow !== undefined) throw new OmnibusError("badArgument", "give --rote or --reroll-below, not both");
    if (success === undefined) throw new OmnibusError("badArgument", "--rote re-rolls failed dice: it needs --success N");
    if (success > 1) spec.rerollBelow = success;
  } else if (rerollBelow !== undefined) spec.rerollBelow = rerollBelow;
  const kh = intFlag(args, "keep-highest");
  const kl = intFlag(args, "keep-lowest");
  if (kh !== undefined) spec.keepHighest = kh;
  if (kl !== undefined) spec.keepLowest = kl;
  const needFlag = intFlag(args, "need");
  const modifier = intFlag(args, "modifier") ?? 0;
  const difficulty = intFlag(args, "difficulty") ?? null;
  if (success !== undefined) {
    if (difficulty !== null) throw new OmnibusError("badArgument", "--difficulty applies to a sum; with --success use --need");
    if (modifier !== 0) throw new OmnibusError("badArgument", "--modifier applies to a sum, not to a count of successes");
  } else if (needFlag !== undefined) throw new OmnibusError("badArgument", "--need counts successes: it needs --success N");
  if (needFlag !== undefined && (needFlag < 0 || needFlag > 100_000))
    throw new OmnibusError("badArgument", `--need must be 0…100000, got ${needFlag}`);
  if (Math.abs(modifier) > 1_000_000) throw new OmnibusError("badArgument", "--modifier is out of range");
  if (difficulty !== null && Math.abs(difficulty) > 1_000_000_000) throw new OmnibusError("badArgument", "--difficulty is out of range");
  return { code, spec, need: success !== undefined ? (needFlag ?? 1) : null, modifier, difficulty };
}

function describeDie(d: RolledDie): string {
  let s = String(d.face);
  if (d.role === "reroll") s = `r${s}`;
  if (d.role === "explosion") s = `+${s}`;
  if (!d.kept) s = `(${s})`;
  if (d.success) s += "*";
  return s;
}

const pct = (p: number) => `${(100 * p).toFixed(p > 0 && p < 0.001 ? 4 : 2)}%`;

const roll: CliCommand = {
  summary: "roll a pool: faces in order (r = re-roll, + = explosion, () = not kept, * = success) and its result",
  usage: USAGE,
  flags: FLAGS,
  positional: [1, 1],
  rolls: true,
  run(args, dice) {
    const req = request(args);
    const r = rollPool(req.spec, dice);
    const total = r.successes === null ? r.sum + req.modifier : r.successes;
    const success = req.need !== null ? total >= req.need : req.difficulty !== null ? total >= req.difficulty : null;
    const margin = req.need !== null ? total - req.need : req.difficulty !== null ? total - req.difficulty : null;
    const json = {
      code: req.code,
      count: req.spec.count,
      sides: req.spec.sides,
      faces: r.faces,
      dice: r.dice.map((d) => ({
        face: d.face,
        role: d.role,
        from: d.from,
        kept: d.kept,
        dropped: d.dropped,
        success: d.success,
        exploded: d.exploded,
      })),
      sum: r.sum,
      modifier: req.modifier,
      successes: r.successes,
      result: total,
      need: req.need,
      difficulty: req.difficulty,
      success,
      margin,
    };
    const what = r.successes === null ? `total ${total}` : `${total} success${total === 1 ? "" : "es"}`;
    const verdict = success === null ? "" : success ? ` — success (margin ${margin})` : ` — failure (margin ${margin})`;
    return { json, text: `${req.code}: ${r.dice.map(describeDie).join(" ")} → ${what}${verdict}` };
  },
};

const odds: CliCommand = {
  summary: "exact odds of a pool with roll's arguments: P(success), expected result, the distribution",
  usage: USAGE,
  flags: FLAGS,
  positional: [1, 1],
  rolls: false,
  run(args) {
    const req = request(args);
    let dist = poolOdds(req.spec);
    if (req.need === null) dist = dist.shift(req.modifier);
    const target = req.need ?? req.difficulty;
    const success = target === null ? null : dist.pAtLeast(target);
    const { distribution, truncatedMass } = dist.toJSON();
    const json = {
      code: req.code,
      success,
      failure: success === null ? null : Math.max(0, 1 - truncatedMass - success),
      expected: dist.mean(),
      stdDev: dist.stdDev(),
      expectedMargin: target === null ? null : dist.expectedMargin(target),
      min: dist.min,
      max: dist.max,
      distribution,
      truncatedMass,
    };
    const lines = [
      `${req.code}: expected ${dist.mean().toFixed(3)} (sd ${dist.stdDev().toFixed(3)}), range ${dist.min}…${dist.max}` +
        (truncatedMass > 0 ? ` (explosions truncated: ${truncatedMass.toExponential(1)} of probability left out)` : ""),
    ];
    if (success !== null)
      lines.push(`P(success) = ${pct(success)} (${req.need !== null ? `≥ ${req.need} successes` : `total ≥ ${req.difficulty}`})`);
    return { json, text: lines.join("\n") };
  },
};

export const cli: CliRuleset = {
  id: "dice",
  title: "Ruleset-free dice pools and exact odds",
  commands: { roll, odds },
};
