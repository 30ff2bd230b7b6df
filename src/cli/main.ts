/**
 * The `omnibus` CLI over src/core and src/rules:
 *   omnibus <ruleset> <command> [args] [--faces a,b,c | --seed N] [--json]
 * Bad input exits 2 with one line on stderr beginning `omnibus:` — never a stack trace.
 */
import { forcedDice, parseFaces, randomDice, seededDice, type DiceSource } from "../core/dice";
import { OmnibusError } from "../core/errors";
import type { CliArgs, CliCommand, CliRuleset } from "./types";
import { explainText } from "./explain";
import { cli as d6 } from "./rulesets/d6";
import { cli as storytelling } from "./rulesets/storytelling";
import { cli as wfrp } from "./rulesets/wfrp";
import { cli as silhouette } from "./rulesets/silhouette";
import { cli as dice } from "./rulesets/dice";
import { withCharacterCommands } from "./rulesets/build";
import { withCheckCommand } from "./rulesets/check";
import pkg from "../../package.json";

/** The version in package.json (`omnibus --version`). */
export const VERSION: string = pkg.version;

/** The four rulesets, then `dice`: the ruleset-free core. */
export const RULESETS: readonly CliRuleset[] = [
  ...[d6, storytelling, wfrp, silhouette].map((r) => withCheckCommand(withCharacterCommands(r))),
  dice,
];

export interface CliIO {
  out(line: string): void;
  err(line: string): void;
}

const GLOBAL_FLAGS = { faces: "string", seed: "int", json: "boolean", help: "boolean", explain: "boolean" } as const;

export function helpText(): string {
  const lines = [
    "omnibus — the Omnibus rules core on the command line",
    "",
    "usage: omnibus <ruleset> <command> [args] [--faces a,b,c | --seed N] [--json]",
    "       omnibus <ruleset> --help",
    "       omnibus --version",
    "",
    '  --faces a,b,c  force die faces, in the dice order contract (d100 faces are 1–100; 100 is "00")',
    "  --seed N       reproducible random rolls",
    "  --json         print one JSON object",
    "  --explain      list the resolution step by step (d6 roll, storytelling roll, wfrp test/opposed, silhouette roll)",
    "",
    "rulesets:",
  ];
  for (const r of RULESETS) {
    lines.push(`  ${r.id.padEnd(14)}${r.title}`);
    for (const [name, c] of Object.entries(r.commands)) lines.push(`      ${name} ${c.usage}`.trimEnd() + `\n          ${c.summary}`);
  }
  return lines.join("\n");
}

function rulesetHelp(r: CliRuleset): string {
  const lines = [`omnibus ${r.id} — ${r.title}`, ""];
  const names = Object.keys(r.commands);
  if (names.length === 0) lines.push("  (no commands yet)");
  for (const name of names) {
    const c = r.commands[name];
    lines.push(`  omnibus ${r.id} ${name} ${c.usage}`.trimEnd(), `      ${c.summary}`);
  }
  return lines.join("\n");
}

/** Splits argv into positional arguments and flags, checking flags against the command's list. */
export function parseArgs(
  argv: readonly string[],
  command: Pick<CliCommand, "flags">,
): CliArgs & { global: Record<string, string | true> } {
  const positional: string[] = [];
  const flags: Record<string, string | true> = {};
  const global: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith("--") && a.length > 2) {
      const eq = a.indexOf("=");
      const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
      const own = Object.hasOwn(command.flags, name);
      const kind = own
        ? command.flags[name]
        : Object.hasOwn(GLOBAL_FLAGS, name)
          ? GLOBAL_FLAGS[name as keyof typeof GLOBAL_FLAGS]
          : undefined;
      if (!kind) throw new OmnibusError("badArgument", `unknown option --${name}`, { name });
      const target = own ? flags : global;
      if (Object.hasOwn(target, name)) throw new OmnibusError("badArgument", `--${name} given twice`, { name });
      if (kind === "boolean") {
        if (eq > 0) throw new OmnibusError("badArgument", `--${name} takes no value`, { name });
        target[name] = true;
      } else {
        const value = eq > 0 ? a.slice(eq + 1) : argv[++i];
        if (value === undefined) throw new OmnibusError("badArgument", `--${name} needs a value`, { name });
        target[name] = value;
      }
    } else {
      positional.push(a);
    }
  }
  return { positional, flags, global };
}

function diceFor(global: Record<string, string | true>, rolls: boolean): { dice: DiceSource; done(): void } {
  const faces = global.faces;
  const seed = global.seed;
  if (faces !== undefined && seed !== undefined) throw new OmnibusError("badArgument", "give --faces or --seed, not both");
  if (!rolls && (faces !== undefined || seed !== undefined)) {
    throw new OmnibusError("badArgument", "this command rolls no dice: --faces and --seed do not apply");
  }
  if (typeof faces === "string") {
    const forced = forcedDice(parseFaces(faces));
    return { dice: forced, done: () => forced.assertExhausted() };
  }
  if (typeof seed === "string") {
    if (!/^[+-]?\d+$/.test(seed)) throw new OmnibusError("badArgument", `--seed must be a whole number, got "${seed}"`);
    return { dice: seededDice(Number(seed)), done: () => {} };
  }
  return { dice: randomDice(), done: () => {} };
}

/** Runs the CLI; returns the exit status (0 ok, 2 bad input, 1 an internal error). */
export function main(argv: readonly string[], io: CliIO): number {
  try {
    if (argv.length === 0 || argv[0] === "--help" || argv[0] === "-h" || argv[0] === "help") {
      io.out(helpText());
      return 0;
    }
    if (argv[0] === "--version" || argv[0] === "-v") {
      io.out(VERSION);
      return 0;
    }
    const ruleset = RULESETS.find((r) => r.id === argv[0]);
    if (!ruleset) {
      throw new OmnibusError("unknownRuleset", `unknown ruleset "${argv[0]}" (one of ${RULESETS.map((r) => r.id).join(", ")})`);
    }
    if (argv.length === 1 || argv[1] === "--help" || argv[1] === "-h") {
      io.out(rulesetHelp(ruleset));
      return 0;
    }
    // Own properties only: "toString" or "constructor" is an unknown command, not Object.prototype's.
    const command = Object.hasOwn(ruleset.commands, argv[1]) ? ruleset.commands[argv[1]] : undefined;
    if (!command) {
      const known = Object.keys(ruleset.commands);
      throw new OmnibusError(
        "unknownCommand",
        `unknown command "${argv[1]}" for ${ruleset.id}` + (known.length ? ` (one of ${known.join(", ")})` : ""),
      );
    }
    const { positional, flags, global } = parseArgs(argv.slice(2), command);
    if (global.help) {
      io.out(command.help?.() ?? `omnibus ${ruleset.id} ${argv[1]} ${command.usage}\n    ${command.summary}`);
      return 0;
    }
    const [min, max] = command.positional;
    if (positional.length < min || positional.length > max) {
      throw new OmnibusError("badArgument", `usage: omnibus ${ruleset.id} ${argv[1]} ${command.usage}`);
    }
    const { dice, done } = diceFor(global, command.rolls);
    const result = command.run({ positional, flags }, dice);
    done();
    if (global.explain) {
      if (!result.steps) throw new OmnibusError("badArgument", `--explain does not apply to ${ruleset.id} ${argv[1]}`, { name: "explain" });
      io.out(
        global.json ? JSON.stringify({ ...(result.json as object), steps: result.steps }) : `${result.text}\n${explainText(result.steps)}`,
      );
      return 0;
    }
    io.out(global.json ? JSON.stringify(result.json) : result.text);
    return 0;
  } catch (e) {
    if (e instanceof OmnibusError) {
      io.err(`omnibus: ${e.message.split("\n")[0]}`);
      return 2;
    }
    io.err(`omnibus: internal error: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`);
    return 1;
  }
}

/**
 * Runs the CLI on this process (bin/omnibus.mjs). Output into a closed pipe (`omnibus dice odds
 * 60d100 | head`) ends quietly: EPIPE on stdout stops the writing, with no stack trace.
 */
export function runNode(argv: readonly string[]): void {
  let closed = false;
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") {
      closed = true;
      process.exit(process.exitCode ?? 0);
    }
    process.stderr.write(`omnibus: cannot write the output: ${e.message}\n`);
    process.exit(1);
  });
  process.exitCode = main(argv, {
    out: (s) => {
      if (!closed) process.stdout.write(s + "\n");
    },
    err: (s) => process.stderr.write(s + "\n"),
  });
}
