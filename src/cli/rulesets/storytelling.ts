import { OmnibusError } from "../../core/errors";
import {
  applyDamage,
  formatTrack,
  rollOdds,
  healDamage,
  healthStatus,
  parseAgainLevel,
  parseDamageType,
  parseTrack,
  rollPool,
  woundPenalty,
  MAX_POOL,
  type AgainLevel,
} from "../../rules/storytelling";
import { boolFlag, intFlag, stringFlag } from "../args";
import type { CliArgs, CliCommand, CliRuleset } from "../types";
import { asFlag, words } from "../words";
import { explainPool } from "../../rules/storytelling/explain";

function poolArg(args: CliArgs): number {
  const text = args.positional[0];
  if (!/^[+-]?\d+$/.test(text)) throw new OmnibusError("badArgument", `the pool must be a whole number, got "${text}"`);
  const pool = Number(text);
  if (Math.abs(pool) > MAX_POOL) throw new OmnibusError("outOfRange", `the pool must be within ±${MAX_POOL}, got ${pool}`);
  return pool;
}

function againArg(args: CliArgs): AgainLevel {
  const v = stringFlag(args, "again");
  return v === undefined ? 10 : asFlag("again", () => parseAgainLevel(v));
}

const roll: CliCommand = {
  summary: "roll a pool: successes on 8+, 10-again (or 9/8/none), rote; 0 or less is a chance die",
  usage: "<pool> [--again 10|9|8|none] [--rote]",
  flags: { again: "string", rote: "boolean" },
  positional: [1, 1],
  rolls: true,
  run(args, dice) {
    const r = rollPool(poolArg(args), dice, { again: againArg(args), rote: boolFlag(args, "rote") });
    const json = {
      pool: r.pool,
      chance: r.chance,
      dice: r.dice,
      successes: r.successes,
      exceptional: r.exceptional,
      dramaticFailure: r.dramaticFailure,
    };
    const label = r.dramaticFailure ? "dramatic failure" : r.exceptional ? "exceptional success" : r.successes > 0 ? "success" : "failure";
    const text = `${r.chance ? "chance die" : `${r.pool} ${r.pool === 1 ? "die" : "dice"}`}: [${r.dice.join(", ")}] → ${r.successes} success${r.successes === 1 ? "" : "es"} (${label})`;
    return { json, text, steps: explainPool(r) };
  },
};

const health: CliCommand = {
  summary: "mark damage on a Health track (* aggravated, X lethal, / bashing, . empty), or heal it from the right",
  usage: "--track T (--damage K --type bashing|lethal|aggravated | --heal K)",
  flags: { track: "string", damage: "int", type: "string", heal: "int" },
  positional: [0, 0],
  rolls: false,
  run(args) {
    const trackText = stringFlag(args, "track");
    if (trackText === undefined) throw new OmnibusError("badArgument", "--track is required (e.g. --track 'XX/....')");
    const track = asFlag("track", () => parseTrack(trackText));
    const damage = intFlag(args, "damage");
    const heal = intFlag(args, "heal");
    const typeText = stringFlag(args, "type");
    if ((damage === undefined) === (heal === undefined)) throw new OmnibusError("badArgument", "give --damage K --type T or --heal K");
    let after;
    if (damage !== undefined) {
      if (typeText === undefined) throw new OmnibusError("badArgument", "--damage needs --type bashing|lethal|aggravated");
      if (damage < 0) throw new OmnibusError("badArgument", `--damage must be 0 or more, got ${damage}`);
      after = applyDamage(
        track,
        damage,
        asFlag("type", () => parseDamageType(typeText)),
      );
    } else {
      if (typeText !== undefined) throw new OmnibusError("badArgument", "--type goes with --damage, not --heal");
      if (heal! < 0) throw new OmnibusError("badArgument", `--heal must be 0 or more, got ${heal}`);
      after = healDamage(track, heal!);
    }
    const penalty = woundPenalty(after);
    const status = healthStatus(after);
    const json = { track: formatTrack(after), penalty: penalty === 0 ? 0 : penalty, status };
    return { json, text: `${json.track}  penalty ${penalty === 0 ? "0" : penalty}  ${words(status)}` };
  },
};

const round = (x: number) => Math.round(x * 1e12) / 1e12;

const odds: CliCommand = {
  summary: "exact odds of a roll (same arguments as roll): P(success), P(dramatic failure), P(exceptional), successes",
  usage: "<pool> [--again 10|9|8|none] [--rote]",
  flags: { again: "string", rote: "boolean" },
  positional: [1, 1],
  rolls: false,
  run(args) {
    const pool = poolArg(args);
    const again = againArg(args);
    const rote = boolFlag(args, "rote");
    const o = rollOdds(pool, { again, rote });
    const successes: Record<string, number> = {};
    for (const [k, p] of o.successes.entries()) if (round(p) > 0) successes[String(k)] = round(p);
    const json = {
      pool,
      chance: o.chance,
      again,
      rote,
      success: round(o.success),
      failure: round(o.failure),
      dramaticFailure: round(o.dramaticFailure),
      exceptional: round(o.exceptional),
      expectedSuccesses: round(o.expectedSuccesses),
      successes,
      truncatedMass: o.truncatedMass,
    };
    const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
    const text =
      `${o.chance ? "chance die" : `${pool} ${pool === 1 ? "die" : "dice"}`} (${again === "none" ? "no again" : `${again}-again`}${rote ? ", rote" : ""}): ` +
      `success ${pct(o.success)}, exceptional ${pct(o.exceptional)}, dramatic failure ${pct(o.dramaticFailure)}, ` +
      `mean ${o.expectedSuccesses.toFixed(3)} successes`;
    return { json, text };
  },
};

/** `npx omnibus storytelling …` (issue 5). */
export const cli: CliRuleset = {
  id: "storytelling",
  title: "Storytelling System (World of Darkness, 2004)",
  commands: { roll, health, odds },
};
