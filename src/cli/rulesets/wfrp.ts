/**
 * `npx omnibus wfrp …` (issue 6): `test`, `opposed`, `odds` over src/rules/wfrp.
 * Faces: one d100 face (1–100, 100 is "00") per test; `opposed` takes the attacker's, then the
 * defender's (then, with --tie reroll, two more per full tie).
 */
import type { CliArgs, CliCommand, CliRuleset, FlagKind } from "../types";
import { OmnibusError } from "../../core/errors";
import { boolFlag, choiceFlag, intFlag, stringFlag } from "../args";
import { step } from "../../core/explain";
import { explainDecision, explainTest, tieValues } from "../../rules/wfrp/explain";
import { asFlag, namedFlagValue, titleWords, words } from "../words";
import {
  DIFFICULTIES,
  DIFFICULTY_MODIFIERS,
  rollOpposed,
  rollTest,
  testOptions,
  testOdds,
  OUTCOMES,
  type Difficulty,
  type TestOptions,
  type TestResult,
  type TestSpec,
  type OpposedResult,
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
const TEST_USAGE = `<target> [--difficulty ${DIFFICULTIES.join("|")}] [--modifier M] ${OPTION_USAGE}`;

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
  // Checked here so an error names the flag as typed (--auto-success-max), not the option.
  if (asm !== undefined) asFlag("auto-success-max", () => testOptions({ autoSuccessMax: asm }));
  if (afm !== undefined) asFlag("auto-fail-min", () => testOptions({ autoFailMin: afm }));
  return o;
}

/** `--difficulty hard`, `very-easy`, "Very Hard"… (the id or its display words). */
function difficultyOf(args: CliArgs): Difficulty | undefined {
  const text = stringFlag(args, "difficulty");
  return text === undefined ? undefined : namedFlagValue("difficulty", text, DIFFICULTIES);
}

/**
 * A tested value, given positionally (`wfrp test 45`, like `d6 roll 4D+2`) or, as before, by its
 * flag (`--target 45`); not both.
 */
function valueArg(args: CliArgs, index: number, flag: string, what: string): number {
  const text = args.positional[index];
  const flagged = intFlag(args, flag);
  if (text !== undefined && flagged !== undefined)
    throw new OmnibusError("badArgument", `give the ${what} once: ${text} or --${flag} ${flagged}`, { name: flag });
  if (text === undefined) {
    if (flagged === undefined) throw new OmnibusError("badArgument", `give the ${what} (a number, e.g. 45)`, { name: flag });
    return flagged;
  }
  if (!/^[+-]?\d+$/.test(text))
    throw new OmnibusError("badArgument", `the ${what} must be a whole number, got "${text}"`, { name: flag, value: text });
  return Number(text);
}

function specOf(args: CliArgs): TestSpec {
  return { value: valueArg(args, 0, "target", "tested value"), difficulty: difficultyOf(args), modifier: intFlag(args, "modifier") ?? 0 };
}

/** The JSON for one test result. */
function testJson(r: TestResult) {
  return {
    roll: r.roll,
    target: r.target,
    sl: r.sl,
    success: r.success,
    auto: r.auto,
    critical: r.critical,
    fumble: r.fumble,
    outcome: r.outcome,
  };
}

function face(roll: number): string {
  return roll === 100 ? "00" : String(roll).padStart(2, "0");
}

const signedNum = (n: number): string => (n < 0 ? `−${-n}` : `+${n}`);

/** "15 (45 Very Hard −30)": what the target is made of, when anything changed it. */
function targetText(r: TestResult, spec?: TestSpec): string {
  if (!spec || (!spec.difficulty && !spec.modifier)) return String(r.target);
  const parts = [String(spec.value)];
  if (spec.difficulty) parts.push(`${titleWords(spec.difficulty)} ${signedNum(DIFFICULTY_MODIFIERS[spec.difficulty])}`);
  if (spec.modifier) parts.push(`modifier ${signedNum(spec.modifier)}`);
  return `${r.target} (${parts.join(", ")})`;
}

function testText(r: TestResult, spec?: TestSpec): string {
  const extras = [r.auto ? `automatic ${r.auto}` : "", r.critical ? "critical" : "", r.fumble ? "fumble" : ""].filter(Boolean);
  return (
    `rolled ${face(r.roll)} vs ${targetText(r, spec)}: ${r.success ? "success" : "failure"}, ${r.slLabel} SL — ${words(r.outcome)}` +
    (extras.length ? ` (${extras.join(", ")})` : "")
  );
}

const test: CliCommand = {
  summary: "a d100 test: Success Levels, automatic results, outcome band (--faces: one d100 face)",
  usage: TEST_USAGE,
  flags: TEST_FLAGS,
  positional: [0, 1],
  rolls: true,
  run(args, dice) {
    const spec = specOf(args);
    const r = rollTest(dice, spec, optionsOf(args));
    return { json: testJson(r), text: testText(r, spec), steps: explainTest(r, spec) };
  },
};

/** Who won and why: the higher SL, or on equal SL the higher tested value (003:L191), or nobody. */
function opposedText(r: OpposedResult, attackerValue: number, defenderValue: number): string {
  const rerolled = r.rerolls ? ` after ${r.rerolls} re-roll${r.rerolls === 1 ? "" : "s"} of a full tie` : "";
  if (r.decidedBy === "sl") return `${r.winner} wins by ${r.margin} SL (${r.attacker.slLabel} vs ${r.defender.slLabel})${rerolled}`;
  if (r.decidedBy === "tieBreak") {
    const [hi, lo] = r.winner === "attacker" ? [attackerValue, defenderValue] : [defenderValue, attackerValue];
    return `${r.winner} wins the tie on ${r.attacker.slLabel} SL by the higher tested value (${hi} vs ${lo})${rerolled}`;
  }
  return `nobody wins: equal SL (${r.attacker.slLabel}) and equal tested values (${attackerValue}), a stalemate${rerolled}`;
}

const opposed: CliCommand = {
  summary: "an opposed test: higher SL wins, ties to the higher tested value (--faces: attacker's d100, then defender's)",
  usage: `<attacker> <defender> [--difficulty D] [--attacker-modifier M] [--defender-modifier M] [--tie stalemate|reroll] ${OPTION_USAGE}`,
  flags: {
    attacker: "int",
    defender: "int",
    difficulty: "string",
    "attacker-modifier": "int",
    "defender-modifier": "int",
    tie: "string",
    ...OPTION_FLAGS,
  },
  positional: [0, 2],
  rolls: true,
  run(args, dice) {
    const difficulty = difficultyOf(args);
    const tie = choiceFlag(args, "tie", ["stalemate", "reroll"] as const) ?? "stalemate";
    if (args.positional.length === 1)
      throw new OmnibusError("badArgument", "give both tested values: the attacker's, then the defender's (e.g. 40 50)");
    const attacker: TestSpec = {
      value: valueArg(args, 0, "attacker", "attacker's tested value"),
      difficulty,
      modifier: intFlag(args, "attacker-modifier") ?? 0,
    };
    const defender: TestSpec = {
      value: valueArg(args, 1, "defender", "defender's tested value"),
      difficulty,
      modifier: intFlag(args, "defender-modifier") ?? 0,
    };
    const r = rollOpposed(dice, attacker, defender, optionsOf(args), { finalTie: tie });
    const who = opposedText(r, attacker.value, defender.value);
    return {
      json: { attacker: testJson(r.attacker), defender: testJson(r.defender), winner: r.winner, margin: r.margin },
      text: `attacker ${testText(r.attacker, attacker)}\ndefender ${testText(r.defender, defender)}\n${who}`,
      steps: [
        step("wfrp.attacker"),
        ...explainTest(r.attacker, attacker),
        step("wfrp.defender"),
        ...explainTest(r.defender, defender),
        ...explainDecision(r, tieValues(r, attacker, defender), { attacker: "attacker", defender: "defender" }),
      ],
    };
  },
};

const odds: CliCommand = {
  summary: "exact probability of each outcome band for a test (no dice)",
  usage: TEST_USAGE,
  flags: TEST_FLAGS,
  positional: [0, 1],
  rolls: false,
  run(args) {
    const o = testOdds(specOf(args), optionsOf(args));
    const pct = (p: number) => `${(p * 100).toFixed(0)}%`;
    const lines = [`target ${o.target}: success ${pct(o.success)}, failure ${pct(o.failure)}`];
    for (const b of OUTCOMES) lines.push(`  ${words(b).padEnd(20)}${pct(o.bands[b])}`);
    if (o.critical || o.fumble) lines.push(`  critical ${pct(o.critical)}, fumble ${pct(o.fumble)}`);
    return {
      json: {
        target: o.target,
        bands: o.bands,
        success: o.success,
        failure: o.failure,
        critical: o.critical,
        fumble: o.fumble,
        expectedSL: o.expectedSL,
      },
      text: lines.join("\n"),
    };
  },
};

export const cli: CliRuleset = {
  id: "wfrp",
  title: "Warhammer Fantasy Roleplay 4th edition",
  commands: { test, opposed, odds },
};
