// Builds everything Foundry loads (module/omnibus.mjs, compiled packs) and the CLI bundle (dist/cli.mjs).
import { build } from "vite";
import { compilePacks } from "./packs.mjs";

const quiet = { logLevel: "warn" };
await build({ ...quiet, configFile: "vite.config.ts" });
await build({
  ...quiet,
  configFile: false,
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    minify: false,
    target: "node20",
    ssr: "src/cli/main.ts",
    rollupOptions: { output: { entryFileNames: "cli.mjs" } },
  },
  ssr: { noExternal: true },
});
const packs = await compilePacks();
console.log(`build: module/omnibus.mjs, dist/cli.mjs, ${packs} compendium pack(s)`);
