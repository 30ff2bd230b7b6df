import type { DiceSource } from "../core/dice";
import type { ExplainStep } from "../core/explain";

/** How a flag's value is read. A boolean flag takes no value. */
export type FlagKind = "int" | "number" | "string" | "boolean";

export interface CliArgs {
  positional: string[];
  /** Flag values as typed; boolean flags are `true`. Only declared flags reach a command. */
  flags: Record<string, string | true>;
}

export interface CliResult {
  /** Printed as one JSON object with `--json`. */
  json: unknown;
  /** Printed without `--json`: a short human-readable result. */
  text: string;
  /** The resolution step by step, printed with `--explain` (the commands that resolve a roll). */
  steps?: ExplainStep[];
}

export interface CliCommand {
  summary: string;
  /** Arguments after the command name, e.g. "<code> [--difficulty N] [--no-wild]". */
  usage: string;
  /** Declared flags (without the leading --). `--faces`, `--seed` and `--json` are global. */
  flags: Record<string, FlagKind>;
  /** Number of positional arguments: [min, max]. */
  positional: [number, number];
  /** Whether the command rolls dice (then `--faces`/`--seed` apply and unused faces are an error). */
  rolls: boolean;
  run(args: CliArgs, dice: DiceSource): CliResult;
  /** The text of `--help`, when more than usage and summary. */
  help?(): string;
}

export interface CliRuleset {
  id: string;
  title: string;
  commands: Record<string, CliCommand>;
}
