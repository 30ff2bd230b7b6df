import { main } from "../../src/cli/main";

/** Runs the CLI in-process and captures what it prints. */
export function runCli(...argv: string[]): { status: number; out: string; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  const status = main(argv, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { status, out: out.join("\n"), err };
}
