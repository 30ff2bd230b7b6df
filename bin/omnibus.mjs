#!/usr/bin/env node
// The `omnibus` CLI. Its code is src/cli (bundled by `npm run build` into dist/cli.mjs).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
const bundle = fileURLToPath(new URL("../dist/cli.mjs", import.meta.url));
if (!existsSync(bundle)) {
  process.stderr.write("omnibus: the CLI is not built yet; run `npm run build` first\n");
  process.exit(2);
}
const { runNode } = await import(bundle);
runNode(process.argv.slice(2));
