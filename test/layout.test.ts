// The same role, the same file name, in every ruleset (issue "one shape for four rulesets"). The
// role lists are read from src/foundry/README.md, so the document and the tree cannot drift apart.
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const RULESETS = ["d6", "storytelling", "wfrp", "silhouette"] as const;
const readme = readFileSync("src/foundry/README.md", "utf8");

function roles(side: "glue" | "table"): { required: string[]; optional: string[] } {
  const required: string[] = [];
  const optional: string[] = [];
  for (const m of readme.matchAll(new RegExp(`^- ${side}( \\(optional\\))?: \`([\\w-]+\\.ts)\``, "gm")))
    (m[1] ? optional : required).push(m[2]!);
  return { required, optional };
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push(relative(dir, path));
  }
  return out.sort();
}

describe("one layout for four rulesets", () => {
  for (const [side, folder] of [
    ["glue", (id: string) => `src/foundry/${id}`],
    ["table", (id: string) => `src/rules/${id}/table`],
  ] as const) {
    const { required, optional } = roles(side);
    it(`the README names the ${side} roles`, () => {
      expect(required.length).toBeGreaterThanOrEqual(8);
      expect(new Set([...required, ...optional]).size).toBe(required.length + optional.length);
    });
    for (const id of RULESETS) {
      it(`${folder(id)}: every role file there, and nothing named otherwise`, () => {
        const dir = folder(id);
        expect(existsSync(dir)).toBe(true);
        const files = filesUnder(dir);
        const top = files.filter((f) => !f.includes("/"));
        expect(
          required.filter((r) => !top.includes(r)),
          "missing role files",
        ).toEqual([]);
        const allowed = new Set([...required, ...optional]);
        const strays = files.filter((f) => !allowed.has(f.split("/").pop()!));
        expect(strays, "files whose name is no role").toEqual([]);
        // a feature sub-folder is one level deep
        expect(files.filter((f) => f.split("/").length > 2)).toEqual([]);
      });
    }
  }

  it("no table logic left in the glue: a glue file that touches no Foundry global belongs in src/rules", () => {
    const foundryWords =
      /\b(game|canvas|ui|CONFIG|Hooks|foundry|fromUuid|fromUuidSync|Roll|ChatMessage|Actor|Item|Combat|Combatant|Token|TokenDocument|User|Dialog|renderTemplate|ActiveEffect|HTMLElement)\b|\.\.\/(chat|dialogs|sheets|dice|compat|i18n|settings|ruleset|documents|targets|durations|effects|party|api)\b|from "\.\/(checks|actions|rolls|models|combat|settings|documents|adapter|sheets|tokens|timers)"/;
    const pureGlue: string[] = [];
    for (const id of RULESETS)
      for (const f of filesUnder(`src/foundry/${id}`)) {
        if (f === "helpers.ts") continue; // Handlebars helpers: pure on purpose (the gallery registers them)
        const text = readFileSync(join(`src/foundry/${id}`, f), "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
        if (!foundryWords.test(text)) pureGlue.push(`${id}/${f}`);
      }
    expect(pureGlue).toEqual([]);
  });
});
