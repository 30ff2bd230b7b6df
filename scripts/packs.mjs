// Compiles the YAML compendium sources in packs/_source/<pack>/ into LevelDB folders packs/<pack>/,
// the paths system.json names. Every source document must carry a `_key`; one without is an error
// here (the Foundry CLI would silently skip it).
import { readdirSync, readFileSync, existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { compilePack } from "@foundryvtt/foundryvtt-cli";

export async function compilePacks(root = "packs") {
  const sourceRoot = join(root, "_source");
  if (!existsSync(sourceRoot)) return 0;
  let count = 0;
  for (const pack of readdirSync(sourceRoot, { withFileTypes: true })) {
    if (!pack.isDirectory()) continue;
    const src = join(sourceRoot, pack.name);
    for (const file of readdirSync(src).filter((f) => f.endsWith(".yml") || f.endsWith(".yaml"))) {
      const doc = parse(readFileSync(join(src, file), "utf8"));
      if (!doc || typeof doc._key !== "string") throw new Error(`packs: ${join(src, file)} has no _key`);
    }
    const dest = join(root, pack.name);
    rmSync(dest, { recursive: true, force: true });
    await compilePack(src, dest, { yaml: true, recursive: true, log: false });
    count++;
  }
  return count;
}
