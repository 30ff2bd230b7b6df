import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// The Foundry bundle: module/omnibus.mjs. The CLI bundle is built by scripts/build.mjs.
// vitest reads this file too and ignores build.lib.
export default defineConfig({
  publicDir: false,
  build: {
    outDir: "module",
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    target: "es2022",
    lib: { entry: "src/foundry/index.ts", formats: ["es"], fileName: () => "omnibus.mjs" },
  },
  test: {
    setupFiles: ["test/support/fast-check.ts"],
    testTimeout: 60_000,
    // vitest's default in run mode is one worker fewer than the CPUs: one worker on a 2-CPU CI
    // machine, where most of the time is each file's import and set-up, not its tests. One worker
    // per CPU halves the wall time there (the browser gallery's Chromium shares the CPUs).
    maxWorkers: Math.max(2, availableParallelism()),
    hookTimeout: 120_000,
    // Every test under Foundry v13's stand-ins; the glue and bundle tests once more under v14's
    // (test/support/foundry-stand-ins.ts reads OMNIBUS_FOUNDRY_GENERATION).
    projects: [
      { extends: true, test: { name: "v13", include: ["test/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "v14",
          include: ["test/glue/**/*.test.ts", "test/bundle.test.ts"],
          env: { OMNIBUS_FOUNDRY_GENERATION: "14" },
          setupFiles: ["test/support/fast-check.ts", "test/support/no-deprecations.ts"],
        },
      },
    ],
  },
});
