// No import cycles among the sources (src/**/*.ts, relative imports, type-only ones included: a
// type cycle still ties the modules' roles together). Silhouette's card ↔ athletics ↔ chase was one;
// the shared RollSummary now lives in src/rules/silhouette/table/rolls.ts.
import { describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { ROOT } from "./support/handlebars";

function sources(dir: string, out: string[] = []): string[] {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (p.endsWith(".ts")) out.push(p);
  }
  return out;
}

/** Every cycle found by a depth-first walk, as "a → b → a" with repository-relative paths. */
function importCycles(files: string[]): string[] {
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const text = readFileSync(f, "utf8");
    const targets = [...text.matchAll(/(?:from|import)\s+"(\.[^"]+)"/g)]
      .map((m) => resolve(dirname(f), m[1]))
      .map((r) => [`${r}.ts`, join(r, "index.ts"), r].find((c) => c.endsWith(".ts") && existsSync(c)))
      .filter((c): c is string => Boolean(c));
    graph.set(f, targets);
  }
  const state = new Map<string, 1 | 2>();
  const cycles: string[] = [];
  const visit = (node: string, stack: string[]) => {
    state.set(node, 1);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 1) cycles.push([...stack.slice(stack.indexOf(next)), next].map((p) => relative(ROOT, p)).join(" → "));
      else if (!state.has(next)) visit(next, stack);
    }
    stack.pop();
    state.set(node, 2);
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f, []);
  return cycles;
}

describe("import structure", () => {
  it("the checker finds a cycle, type-only imports included", () => {
    const dir = mkdtempSync(join(tmpdir(), "omnibus-cycles-"));
    try {
      writeFileSync(join(dir, "card.ts"), 'import type { A } from "./athletics";\nexport type R = A;\n');
      writeFileSync(join(dir, "athletics.ts"), 'import type { R } from "./card";\nexport type A = { r?: R };\n');
      writeFileSync(join(dir, "alone.ts"), 'import type { A } from "./athletics";\nexport type X = A;\n');
      const cycles = importCycles(sources(dir));
      expect(cycles).toHaveLength(1);
      expect(cycles[0]).toMatch(/(card|athletics)\.ts → .*(athletics|card)\.ts → .*(card|athletics)\.ts$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("src has no import cycles", () => {
    expect(importCycles(sources(join(ROOT, "src")))).toEqual([]);
  });
});
