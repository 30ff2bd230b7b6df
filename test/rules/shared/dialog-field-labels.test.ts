/**
 * Issue 14, dialogs: every roll-dialog field of every check kind (the `CheckField` specs in
 * src/rules/<id>/table/**\/checks.ts) names its label and hint by an i18n key that both languages
 * have, and the Russian text is not the English one left in place — no raw key, bare number or
 * English in a Russian dialog. Read from the source, so a field added later is checked too.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadTranslations } from "../../support/handlebars";

function checkFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? checkFiles(p) : f === "checks.ts" ? [p] : [];
  });
}

/** `label:`/`hint:` keys of the field specs (objects with `kind: "number" | "select" | "checkbox"`) in one file. */
function fieldKeys(file: string): Array<{ where: string; key: string }> {
  const src = readFileSync(file, "utf8");
  const constants = new Map<string, string>();
  for (const m of src.matchAll(/const (\w+) = "([^"]+)";/g)) constants.set(m[1], m[2]);
  // A prefix imported from the ruleset's settings (Storytelling's KEY).
  const settings = join(file.split("/table/")[0], "table", "settings.ts");
  if (/import \{[^}]*\bKEY\b/.test(src)) {
    const m = /export const KEY = "([^"]+)"/.exec(readFileSync(settings, "utf8"));
    if (m) constants.set("KEY", m[1]);
  }
  // Template literals over the file's key prefixes (`${K}Dialog.X`) read as the keys they make;
  // a placeholder that is not such a constant stays unresolved (and fails the test below).
  const text = src.replace(/\$\{(\w+)\}/g, (_, name: string) => constants.get(name) ?? `<${name}>`);
  const resolve = (expr: string): string => expr.slice(1, -1);
  const keys: Array<{ where: string; key: string }> = [];
  // A field spec: `{ name: "x", label: …, kind: "…" … }` (possibly over several lines).
  for (const m of text.matchAll(/\{\s*name: "(\w+)",([^{}]*?)\bkind: "(number|select|checkbox)"([^{}]*)\}/g)) {
    const body = m[2] + m[4];
    for (const prop of ["label", "hint"]) {
      const e = new RegExp(`\\b${prop}: ("[^"]*"|\`[^\`]*\`)`).exec(body);
      if (!e) continue;
      keys.push({ where: `${file} ${m[1]}.${prop}`, key: resolve(e[1]) });
    }
  }
  return keys;
}

const en = loadTranslations("en");
const ru = loadTranslations("ru");
const fields = checkFiles("src/rules").flatMap(fieldKeys);

describe("roll-dialog field labels", () => {
  it("the scan finds the field specs of all four rulesets", () => {
    for (const id of ["d6", "wfrp", "storytelling", "silhouette"]) expect(fields.some((f) => f.where.includes(`/${id}/`))).toBe(true);
    expect(fields.length).toBeGreaterThan(40);
  });

  it("every label and hint is an OMNIBUS key present in en and ru, and the Russian is not the English", () => {
    const bad = fields.filter(
      ({ key }) =>
        !key.startsWith("OMNIBUS.") ||
        !en.has(key) ||
        !ru.has(key) ||
        (en.get(key) === ru.get(key) && !/^[A-ZА-Я0-9+−-]{1,4}$/.test(String(en.get(key)))),
    );
    expect(bad.map((b) => `${b.where}: ${b.key}`)).toEqual([]);
  });
});
