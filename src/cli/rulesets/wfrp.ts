/**
 * `npx omnibus wfrp …` (issue 6): `test`, `opposed`, `odds` over src/rules/wfrp.
 * Faces: one d100 face (1–100, 100 is "00") per test; `opposed` takes the attacker's, then the
 * defender's (then, with --tie reroll, two more per full tie).
 */
import type { CliArgs, CliCommand, CliRuleset, FlagKind } from "../types";
import { boolFlag, choiceFlag, intFlag, required } from "../args";
import {
  DIFFICULTIES,
  rollOpposed,
  rollTest,
  testOdds,
  OUTCOMES,
  type Difficulty,
  type TestOptions,
  type TestResult,
  type TestSpec,
} from "../../rules/wfrp";

const OPTION_FLAGS: Record<string, FlagKind> = {
  "fast-sl": "boolean",
  "crit-doubles": "boolean",
  "tests-over-100": "boolean",
  "auto-success-max": "int",
  "auto-fail-min": "int",
};

const TEST_FLAGS: Record<string, FlagKind> = { target: "int", difficulty: "string", modifier: "int", ...OPTION_FLAGS };

const OPTION_USAGE = "[--fast-sl] [--crit-doubles] [--tests-over-100] [--auto-success-max N] [--auto-fail-min N]";
const TEST_USAGE = `--target T [--difficulty ${DIFFICULTIES.join("|")}] [--modifier M] ${OPTION_USAGE}`;

function optionsOf(args: CliArgs): Partial<TestOptions> {
  const o: Partial<TestOptions> = {
    fastSL: boolFlag(args, "fast-sl"),
    critsOnDoubles: boolFlag(args, "crit-doubles"),
    testsOver100: boolFlag(args, "tests-over-100"),
  };
  const asm = intFlag(args, "auto-success-max");
  const afm = intFlag(args, "auto-fail-min");
  if (asm !== undefined) o.autoSuccessMax = asm;
  if (afm !== undefined) o.autoFailMin = afm;
  return o;
}

function difficultyOf(args: CliArgs): Difficulty | undefined {
  return choiceFlag(args, "difficulty", DIFFICULTIES);
}

function specOf(args: CliArgs): TestSpec {
  return { value: required("target", intFlag(args, "target")), difficulty: difficultyOf(args), modifier: intFlag(args, "modifier") ?? 0 };
}

/** The JSON for one test result. */
function testJson(r: TestResult) {
  return { roll: r.roll, target: r.target, sl: r.sl, success: r.success, auto: r.auto, critical: r.critical, fumble: r.fumble, outcome: r.outcome };
}

function face(roll: number): string {
  return roll === 100 ? "00" : String(roll).padStart(2, "0");
}

function testText(r: TestResult): string {
  const extras = [r.auto ? `automatic ${r.auto}` : "", r.critical ? "critical" : "", r.fumble ? "fumble" : ""].filter(Boolean);
  return `rolled ${face(r.roll)} vs ${r.target}: ${r.success ? "success" : "failure"}, ${r.slLabel} SL — ${r.outcome.replace(/_/g, " ")}` + (extras.length ? ` (${extras.join(", ")})` : "");
}

const test: CliCommand = {
  summary: "a d100 test: Success Levels, automatic results, outcome band (--faces: one d100 face)",
  usage: TEST_USAGE,
  flags: TEST_FLAGS,
  positional: [0, 0],
  rolls: true,
  run(args, dice) {
    const r = rollTest(dice, specOf(args), optionsOf(args));
    return { json: testJson(r), text: testText(r) };
  },
};

const opposed: CliCommand = {
  summary: "an opposed test: higher SL wins, ties to the higher tested value (--faces: attacker's d100, then defender's)",
  usage: `--attacker T --defender T [--difficulty D] [--attacker-modifier M] [--defender-modifier M] [--tie stalemate|reroll] ${OPTION_USAGE}`,
  flags: { attacker: "int", defender: "int", difficulty: "string", "attacker-modifier": "int", "defender-modifier": "int", tie: "string", ...OPTION_FLAGS },
  positional: [0, 0],
  rolls: true,
  run(args, dice) {
    const difficulty = difficultyOf(args);
    const tie = choiceFlag(args, "tie", ["stalemate", "reroll"] as const) ?? "stalemate";
    const attacker: TestSpec = { value: required("attacker", intFlag(args, "attacker")), difficulty, modifier: intFlag(args, "attacker-modifier") ?? 0 };
    const defender: TestSpec = { value: required("defender", intFlag(args, "defender")), difficulty, modifier: intFlag(args, "defender-modifier") ?? 0 };
    const r = rollOpposed(dice, attacker, defender, optionsOf(args), { finalTie: tie });
    const who = r.winner === null ? "nobody wins (stalemate)" : `${r.winner} wins by ${r.margin} SL`;
    return {
      json: { attacker: testJson(r.attacker), defender: testJson(r.defender), winner: r.winner, margin: r.margin },
      text: `attacker ${testText(r.attacker)}\ndefender ${testText(r.defender)}\n${who}`,
    };
  },
};

const odds: CliCommand = {
  summary: "exact probability of each outcome band for a test (no dice)",
  usage: TEST_USAGE,
  flags: TEST_FLAGS,
  positional: [0, 0],
  rolls: false,
  run(args) {
    const o = testOdds(specOf(args), optionsOf(args));
    const pct = (p: number) => `${(p * 100).toFixed(0)}%`;
    const lines = [`target ${o.target}: success ${pct(o.success)}, failure ${pct(o.failure)}`];
    for (const b of OUTCOMES) lines.push(`  ${b.padEnd(20)}${pct(o.bands[b])}`);
    if (o.critical || o.fumble) lines.push(`  critical ${pct(o.critical)}, fumble ${pct(o.fumble)}`);
    return {
      json: { target: o.target, bands: o.bands, success: o.success, failure: o.failure, critical: o.critical, fumble: o.fumble, expectedSL: o.expectedSL },
      text: lines.join("\n"),
    };
  },
};

export const cli: CliRuleset = {
  id: "wfrp",
  title: "Warhammer Fantasy Roleplay 4th edition",
  commands: { test, opposed, odds },
};
