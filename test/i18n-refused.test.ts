// Every refusal says why: each `refused("<Name>", …)` in src names an OMNIBUS.Refused.<Name> that
// both lang files have (a source scan with the TypeScript parser), with the same {placeholders} as
// the data the call passes; no OMNIBUS.Refused key is left unused.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import ts from "typescript";
import { ROOT, loadTranslations } from "./support/handlebars";

interface RefusedUse {
  /** The OMNIBUS.Refused.<key> suffixes the call may throw (a conditional names several). */
  keys: string[];
  /** The data's property names, or null when the data is not an object literal. */
  data: string[] | null;
  where: string;
}

/** String literals a key expression can be (a literal, or a conditional of literals); null if anything else. */
function literalKeys(node: ts.Expression): string[] | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node)) return literalKeys(node.expression);
  if (ts.isConditionalExpression(node)) {
    const a = literalKeys(node.whenTrue);
    const b = literalKeys(node.whenFalse);
    return a && b ? [...a, ...b] : null;
  }
  return null;
}

export function refusedUses(source: string, fileName: string): RefusedUse[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: RefusedUse[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "refused") {
      const where = `${fileName}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
      const [keyArg, , dataArg] = node.arguments;
      const keys = keyArg ? literalKeys(keyArg) : null;
      let data: string[] | null = [];
      if (dataArg)
        data = ts.isObjectLiteralExpression(dataArg)
          ? dataArg.properties.map((p) => (p.name && ts.isIdentifier(p.name) ? p.name.text : "?"))
          : null;
      out.push({ keys: keys ?? [`<not a literal: ${keyArg?.getText(sf) ?? "none"}>`], data, where });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [full] : [];
  });
}

const uses = sourceFiles(join(ROOT, "src")).flatMap((f) => refusedUses(readFileSync(f, "utf8"), relative(ROOT, f).split(sep).join("/")));
const en = loadTranslations("en");
const ru = loadTranslations("ru");
const placeholders = (text: unknown) => [...String(text).matchAll(/\{([^{}\s]+)\}/g)].map((m) => m[1]).sort();

describe("refusal keys", () => {
  it("the scanner reads literal keys, conditionals of them and the data's names (self-check)", () => {
    const found = refusedUses(
      [
        `throw refused("RollKept", "kept");`,
        `throw refused(a ? "WrongRuleset" : "TargetGone", "gone", { name: x.name });`,
        `throw refused(reason, "dynamic");`,
        `// refused("InAComment", "no")`,
        `throw other("NotThis", "no");`,
      ].join("\n"),
      "probe.ts",
    );
    expect(found.map((u) => [u.keys, u.data])).toEqual([
      [["RollKept"], []],
      [["WrongRuleset", "TargetGone"], ["name"]],
      [["<not a literal: reason>"], []],
    ]);
  });

  it("src throws refusals (the scan finds them)", () => {
    expect(uses.length).toBeGreaterThan(80);
    expect(new Set(uses.flatMap((u) => u.keys)).size).toBeGreaterThan(30);
  });

  it("every refused key used in src is in en.json and ru.json", () => {
    const missing = uses.flatMap((u) =>
      u.keys.flatMap((k) =>
        (["en", "ru"] as const)
          .filter((lang) => typeof (lang === "en" ? en : ru).get(`OMNIBUS.Refused.${k}`) !== "string")
          .map((lang) => `${u.where}: ${lang} OMNIBUS.Refused.${k}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it("each refusal's text takes only placeholders its data gives", () => {
    const unfilled = uses.flatMap((u) =>
      u.data === null
        ? []
        : u.keys.flatMap((k) =>
            placeholders(en.get(`OMNIBUS.Refused.${k}`))
              .filter((p) => !u.data!.includes(p))
              .map((p) => `${u.where}: OMNIBUS.Refused.${k} needs {${p}}`),
          ),
    );
    expect(unfilled).toEqual([]);
  });

  it("every OMNIBUS.Refused key is thrown somewhere, and the generic refusal text exists", () => {
    const used = new Set(uses.flatMap((u) => u.keys));
    const unused = [...en.keys()].filter((k) => k.startsWith("OMNIBUS.Refused.") && !used.has(k.slice("OMNIBUS.Refused.".length)));
    expect(unused).toEqual([]);
    expect(typeof en.get("OMNIBUS.Error.refused")).toBe("string");
    expect(typeof ru.get("OMNIBUS.Error.refused")).toBe("string");
  });
});
