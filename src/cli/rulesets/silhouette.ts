/**
 * `npx omnibus silhouette …` (issue 7): the Silhouette pool roll, movement rates and exact odds.
 */
import type { DiceSource } from "../../core/dice";
import { OmnibusError } from "../../core/errors";
import { silhouetteOdds } from "../../core/odds";
import {
  MAX_POOL,
  movementRates,
  rollCheck,
  SIX_MODES,
  FUMBLE_RULES,
  SPEEDS,
  type CheckOptions,
  type CheckRequest,
} from "../../rules/silhouette";
import { boolFlag, choiceFlag, intFlag, required } from "../args";
import type { CliArgs, CliCommand, CliRuleset, FlagKind } from "../types";
import { explainCheck } from "../../rules/silhouette/explain";

/**
 * A pool: "3" or "3d6" (the skill level's dice); "0" rolls untrained. Anything else is a
 * malformed dice code.
 */
export function parsePool(code: string): number {
  const m = /^\s*(\d{1,3})(?:d6)?\s*$/i.exec(code);
  if (!m) throw new OmnibusError("badDiceCode", `"${code}" is not a Silhouette pool: give a number of d6, like 3 or 3d6`, { code });
  const n = Number(m[1]);
  if (n > MAX_POOL) throw new OmnibusError("badDiceCode", `a pool of ${n} dice is more than ${MAX_POOL}`, { code });
  return n;
}

const CHECK_FLAGS: Record<string, FlagKind> = {
  modifier: "int",
  threshold: "int",
  untrained: "boolean",
  opposed: "boolean",
  "six-mode": "string",
  "fumble-rule": "string",
  "fumble-fails": "boolean",
  "mishap-may-succeed": "boolean",
};
const CHECK_USAGE =
  "<dice> [--modifier M] [--threshold N] [--untrained] [--opposed] [--six-mode silhouettePlusOne|rerollAndAdd] [--fumble-rule allOnes|never] [--mishap-may-succeed]";

function checkArgs(args: CliArgs): { request: CheckRequest; options: CheckOptions } {
  const dice = parsePool(args.positional[0]);
  const untrained = boolFlag(args, "untrained");
  if (untrained && dice !== 0 && dice !== 2) {
    throw new OmnibusError("badArgument", `--untrained rolls two dice and keeps the lowest: give 0 or 2 dice, not ${dice}`, {
      name: "untrained",
    });
  }
  const threshold = intFlag(args, "threshold");
  const opposed = boolFlag(args, "opposed");
  if (opposed && threshold === undefined)
    throw new OmnibusError("badArgument", "--opposed needs --threshold (the opposing total)", { name: "opposed" });
  return {
    request: { dice: untrained ? 0 : dice, untrained, modifier: intFlag(args, "modifier") ?? 0, threshold: threshold ?? null, opposed },
    options: {
      sixMode: choiceFlag(args, "six-mode", SIX_MODES),
      fumbleRule: choiceFlag(args, "fumble-rule", FUMBLE_RULES),
      // A mishap fails by default (004:L45, L112); --fumble-fails is kept and says the same.
      fumbleFails: boolFlag(args, "fumble-fails") || !boolFlag(args, "mishap-may-succeed"),
    },
  };
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}

const roll: CliCommand = {
  summary: "roll a pool: highest die + 1 per extra six, + modifier; against --threshold (untrained: two dice, keep the lowest)",
  usage: CHECK_USAGE,
  flags: CHECK_FLAGS,
  positional: [1, 1],
  rolls: true,
  run(args: CliArgs, dice: DiceSource) {
    const { request, options } = checkArgs(args);
    const r = rollCheck(request, dice, options);
    const json = {
      dice: r.faces,
      best: r.best,
      extraSixes: r.extraSixes,
      result: r.result,
      total: r.total,
      fumble: r.fumble,
      threshold: r.outcome ? r.outcome.threshold : null,
      margin: r.outcome ? r.outcome.margin : null,
      success: r.outcome ? r.outcome.success : null,
      untrained: r.untrained,
    };
    let text = `[${r.faces.join(",")}]${r.untrained ? " untrained (lowest)" : ""} → ${r.best}`;
    if (r.extraSixes) text += ` +${r.extraSixes} (sixes)`;
    if (r.modifier) text += ` ${signed(r.modifier)}`;
    text += ` = ${r.total}`;
    if (r.fumble) text += " — MISHAP";
    if (r.outcome)
      text += ` vs ${r.outcome.threshold}${r.outcome.opposed ? " (opposed)" : ""}: margin ${signed(r.outcome.margin)}, ${r.outcome.success ? "success" : "failure"}`;
    return { json, text, steps: explainCheck(r) };
  },
};

function twoDecimals(n: number): number {
  return Math.round(n * 100) / 100;
}

const move: CliCommand = {
  summary: "movement per round: sprint 25 + 5 × (FIT + Athletics), run 2/3, jog 1/2, walk 1/3, crawl 1/5 (metres)",
  usage: "--fit F --athletics A [--half-metres]",
  flags: { fit: "int", athletics: "int", "half-metres": "boolean" },
  positional: [0, 0],
  rolls: false,
  run(args: CliArgs) {
    const fit = required("fit", intFlag(args, "fit"));
    const athletics = required("athletics", intFlag(args, "athletics"));
    const rates = movementRates(fit, athletics, boolFlag(args, "half-metres") ? "halfMetre" : "exact");
    const json = { sprint: 0, run: 0, jog: 0, walk: 0, crawl: 0 };
    for (const s of SPEEDS) json[s] = twoDecimals(rates[s]);
    const text = SPEEDS.slice()
      .reverse()
      .map((s) => `${s} ${json[s]} m`)
      .join(", ");
    return { json, text: `${text} per round` };
  },
};

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

const odds: CliCommand = {
  summary: "exact odds of a roll with the same arguments: P(success), P(mishap), the total's distribution",
  usage: CHECK_USAGE,
  flags: CHECK_FLAGS,
  positional: [1, 1],
  rolls: false,
  run(args: CliArgs) {
    const { request, options } = checkArgs(args);
    const o = silhouetteOdds({
      dice: request.dice,
      untrained: request.untrained,
      modifier: request.modifier,
      threshold: request.threshold ?? undefined,
      tieSucceeds: request.opposed ? false : true,
      sixMode: options.sixMode,
      fumbleRule: options.fumbleRule,
      fumbleFails: options.fumbleFails,
    });
    const distribution: Record<string, number> = {};
    for (const [total, p] of o.total.entries()) if (p > 0) distribution[String(total)] = round6(p);
    const json = {
      pool: o.untrained ? 0 : request.dice,
      untrained: o.untrained,
      modifier: request.modifier ?? 0,
      threshold: request.threshold ?? null,
      success: o.success === null ? null : round6(o.success),
      fumble: round6(o.fumble),
      mean: round6(o.total.mean()),
      expectedMargin: o.expectedMargin === null ? null : round6(o.expectedMargin),
      distribution,
    };
    const pct = (p: number) => `${(p * 100).toFixed(2)}%`;
    let text = `${o.untrained ? "untrained (2 dice, keep lowest)" : `${request.dice}d6`}${request.modifier ? ` ${signed(request.modifier)}` : ""}: mean ${o.total.mean().toFixed(3)}, mishap ${pct(o.fumble)}`;
    if (o.success !== null) text += `, success vs ${request.threshold}${request.opposed ? " (opposed)" : ""} ${pct(o.success)}`;
    return { json, text };
  },
};

export const cli: CliRuleset = {
  id: "silhouette",
  title: "Silhouette d6 pool (exploding sixes)",
  commands: { roll, move, odds },
};
