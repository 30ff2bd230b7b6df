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
    include: ["test/**/*.test.ts"],
    setupFiles: ["test/support/fast-check.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
