// `npm test`: every check the project has, in order, and a last line `N passed, N failed`.
//   1. the build (module/omnibus.mjs, dist/cli.mjs, compiled packs) — later tests load its output;
//   2. the strict type-check of src/ and test/ against fvtt-types;
//   3. the pure type-check: src/core and src/rules with no Foundry types and no DOM;
//   3b. lint (ESLint, typescript-eslint; Foundry globals refused in src/core and src/rules);
//   3c. format (Prettier --check; `npx prettier --write .` fixes it);
//   4. vitest: rules, odds, CLI, templates, i18n, manifest, glue, browser gallery.
// Each of steps 1–3c counts as one check; vitest's tests count one each. Steps 2–3c read only the
// sources, so they run two at a time (tsc is single-threaded): the strict type-check beside the
// others in turn; each step's output is printed whole when it ends.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";

let passed = 0;
let failed = 0;
function step(name, cmd, args) {
  console.log(`\n== ${name}: ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.status === 0) passed++;
  else {
    failed++;
    console.log(`== ${name} FAILED (exit ${r.status ?? r.signal})`);
  }
  return r.status === 0;
}

/** A step run in the background: its output is kept and printed when it ends. */
function background(name, cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
    const out = [];
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => out.push(d));
    child.on("close", (code, signal) => {
      console.log(`\n== ${name}: ${cmd} ${args.join(" ")}`);
      process.stdout.write(Buffer.concat(out));
      if (code === 0) passed++;
      else {
        failed++;
        console.log(`== ${name} FAILED (exit ${code ?? signal})`);
      }
      resolve(code === 0);
    });
  });
}

const built = step("build", "node", ["scripts/build.mjs"]);
const strict = background("typecheck (src + test, fvtt-types)", "npx", ["tsc", "-p", "tsconfig.json"]);
await background("typecheck (pure: src/core + src/rules, no Foundry)", "npx", ["tsc", "-p", "tsconfig.pure.json"]);
await background("lint (eslint)", "npx", ["eslint", "."]);
await background("format (prettier --check)", "npx", ["prettier", "--check", "--log-level", "warn", "."]);
await strict;

const report = ".vitest-report.json";
rmSync(report, { force: true });
let vitestOk = false;
if (built) {
  console.log("\n== vitest");
  const extra = process.argv.slice(2);
  const r = spawnSync("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...extra], {
    stdio: "inherit",
  });
  vitestOk = r.status === 0;
  if (existsSync(report)) {
    const j = JSON.parse(readFileSync(report, "utf8"));
    passed += j.numPassedTests;
    failed += j.numFailedTests;
    // A test file that fails to load has no tests to count; count it as a failure.
    for (const f of j.testResults ?? []) if (f.status === "failed" && (f.assertionResults ?? []).length === 0) failed++;
  } else if (!vitestOk) failed++;
} else {
  console.log("\n== vitest skipped: the build failed");
  failed++;
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && vitestOk ? 0 : 1);
