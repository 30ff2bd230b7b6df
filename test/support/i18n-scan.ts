/**
 * Finds the localization keys the code and the templates use.
 *
 *  - TypeScript (src/**\/*.ts): every string literal and no-substitution template literal that is a key
 *    (`OMNIBUS.…` / `TYPES.…`), found with the TypeScript parser, so comments never count. A literal
 *    ending in "." (`"OMNIBUS.D6.Attribute." + id`) and the head of a template literal
 *    (`` `OMNIBUS.D6.Attribute.${id}` ``) are key prefixes: built at run time, so only the prefix can
 *    be checked, reliably — some key must start with it.
 *  - Handlebars (templates/**\/*.hbs): every string literal in a mustache (`{{localize "OMNIBUS.X"}}`,
 *    `label="OMNIBUS.X"`, `(concat "OMNIBUS.D6.Skill." key)` as a prefix) and every key in the plain
 *    HTML (e.g. `data-tooltip="OMNIBUS.X"`, which Foundry localizes itself).
 */
import Handlebars from "handlebars";
import ts from "typescript";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { ROOT } from "./handlebars";

export interface KeyUse {
  key: string;
  /** True when the key is only a prefix of keys built at run time. */
  prefix: boolean;
  /** "src/foundry/d6/sheet.ts:42" */
  where: string;
  /**
   * True when a branch (a key with keys under it) is an acceptable answer: code may name a branch
   * (e.g. a DataModel's LOCALIZATION_PREFIXES); a template localizing a branch prints "[object Object]".
   */
  branchOk: boolean;
}

const KEY = /^(?:OMNIBUS|TYPES)\.[A-Za-z0-9_.-]*$/;
const KEY_IN_TEXT = /\b(?:OMNIBUS|TYPES)\.[A-Za-z0-9_.-]*[A-Za-z0-9_-]/g;

function files(dir: string, ext: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile() && e.name.endsWith(ext) && !e.name.endsWith(".d.ts")) out.push(full);
    }
  };
  walk(dir);
  return out.sort();
}

const rel = (file: string) => relative(ROOT, file).split(sep).join("/");

function classify(text: string, where: string, branchOk: boolean, out: KeyUse[]) {
  if (!KEY.test(text)) return;
  out.push({ key: text, prefix: text.endsWith("."), where, branchOk });
}

export function keysInTypeScript(source: string, fileName: string): KeyUse[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: KeyUse[] = [];
  const at = (node: ts.Node) => `${fileName}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) classify(node.text, at(node), true, out);
    else if (ts.isTemplateExpression(node)) {
      const head = node.head.text;
      if (KEY.test(head) && head.length > "OMNIBUS.".length) out.push({ key: head, prefix: true, where: at(node), branchOk: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

export function keysInHandlebars(source: string, fileName: string): KeyUse[] {
  const out: KeyUse[] = [];
  const ast = Handlebars.parse(source);
  const visit = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    const n = node as { type?: string; value?: unknown; original?: unknown; loc?: { start: { line: number } } };
    const where = `${fileName}:${n.loc?.start.line ?? "?"}`;
    if (n.type === "StringLiteral" && typeof n.value === "string") classify(n.value, where, false, out);
    else if (n.type === "ContentStatement" && typeof n.original === "string") {
      for (const m of n.original.matchAll(KEY_IN_TEXT)) out.push({ key: m[0], prefix: false, where, branchOk: false });
    }
    for (const value of Object.values(node as Record<string, unknown>)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === "object" && value !== n.loc) visit(value);
    }
  };
  visit(ast);
  return out;
}

/** Every key use in src/**\/*.ts and templates/**\/*.hbs. */
export function scanKeyUses(): KeyUse[] {
  const uses: KeyUse[] = [];
  for (const file of files(join(ROOT, "src"), ".ts")) uses.push(...keysInTypeScript(readFileSync(file, "utf8"), rel(file)));
  for (const file of files(join(ROOT, "templates"), ".hbs")) uses.push(...keysInHandlebars(readFileSync(file, "utf8"), rel(file)));
  return uses;
}

/** Whether `use` resolves against a flattened language file's keys (a leaf; a branch where allowed; a prefix of some key). */
export function resolves(use: KeyUse, keys: ReadonlySet<string>): boolean {
  if (use.prefix) return [...keys].some((k) => k.startsWith(use.key) && k.length > use.key.length);
  if (keys.has(use.key)) return true;
  return use.branchOk && [...keys].some((k) => k.startsWith(`${use.key}.`));
}
