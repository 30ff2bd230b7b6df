// Nothing from the workshop reaches a player: every user-facing string (lang/*.json, every pack
// document under packs/_source/, every template) is free of the maintainers' provenance marks —
// seed line citations ("000:L1317"), worked-example and rule ids of the rules digests ("E42",
// "T-58", "A-36", "Digest C.7"), digest sections ("§16.5"), and words about the workshop ("the
// seed", "the digest", "from memory", "verify…", "unverified"). Provenance lives in code comments
// and docs/sources.md.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "yaml";
import { ROOT } from "./support/handlebars";

/** One mark of the workshop: a name for the failure message and the pattern that finds it. */
export const JARGON: Array<{ name: string; pattern: RegExp }> = [
  { name: "seed line citation", pattern: /\b\d{3}\s*:\s*L\d+/ },
  { name: "bare line citation", pattern: /\(L\d+(?:[–-]\d+)?\)|\bL\d+[–-]L?\d+\b/ },
  { name: "section sign", pattern: /§/ },
  { name: "digest", pattern: /\bdigest|дайджест/i },
  { name: "the seed", pattern: /\bseeds?\b|(?<!\p{L})сид(?:а|е|ом|у|ы|ов)?(?!\p{L})/iu },
  { name: "from memory", pattern: /from memory|по памяти/i },
  { name: "verify", pattern: /\bverif|\bunverified|сверить|свер(?:ьте|яйте)/i },
  // In parentheses, alone or in a list: "(E42)", "(000:L411, A-36)", "(T-58; V7)"; a model name like "T-47 airspeeder" is fine.
  { name: "worked-example or rule id", pattern: /\((?:[^()]*[\s,;])?(?:[ETVA]-?\d{1,3}|D-\d{1,3}|C\.\d+)(?:[\s,;][^()]*)?\)/ },
];

/** The problems of one text: `name: excerpt` for each mark found. */
export function jargonIn(text: string): string[] {
  const found: string[] = [];
  for (const { name, pattern } of JARGON) {
    const m = pattern.exec(text);
    if (m) found.push(`${name}: …${text.slice(Math.max(0, m.index - 30), m.index + m[0].length + 30)}…`);
  }
  return found;
}

/** Every string value inside a parsed document, with its path. */
function strings(value: unknown, path: string, out: Array<[string, string]>): Array<[string, string]> {
  if (typeof value === "string") out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${path}[${i}]`, out));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) strings(v, path ? `${path}.${k}` : k, out);
  return out;
}

function files(dir: string, test: (f: string) => boolean): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p, test) : test(f) ? [p] : [];
  });
}

/** Keys that are not text a user reads (ids, document keys, image paths, types, sort orders). */
const NOT_TEXT =
  /(^|\.)(_id|_key|_stats|img|src|type|sort|ownership|folder|key|skill|attribute|format|category|damageType|attackType|scale|medical)$/;

const packRoot = join(ROOT, "packs", "_source");
const packFiles = files(packRoot, (f) => /\.ya?ml$/.test(f)).map((p) => relative(packRoot, p));

describe("the patterns", () => {
  it("find each kind of workshop mark and leave game text alone", () => {
    for (const bad of [
      "Ranges (000:L691).",
      "see 004:L3-4",
      "the seed says",
      "Digest C.7",
      "(E42)",
      "(000:L411, A-36)",
      "rolled (T-58)",
      "§16.5",
      "published, from memory",
      "verify against the core rulebook",
      "в дайджесте",
      "в сиде",
      "unverified",
      "(V7; E3)",
      "(D-4)",
    ]) {
      expect(jargonIn(bad), bad).not.toEqual([]);
    }
    for (const fine of [
      "Blaster 4D, ranges 3-10/30/120.",
      "Damage STR+2D",
      "A D6 character",
      "AT-AT walker",
      "T-47 airspeeder",
      "Sprint 25 + 5 × (FIT + Athletics)",
      "Сидя на корточках",
      "WFRP 4e",
      "Very Easy (+60)",
      "House value.",
      "E-web",
      "West End Games (D6)",
    ]) {
      expect(jargonIn(fine), fine).toEqual([]);
    }
  });
});

describe("no workshop text reaches a player", () => {
  it.each(["en", "ru"])("lang/%s.json: every string", (lang) => {
    const tree = JSON.parse(readFileSync(join(ROOT, "lang", `${lang}.json`), "utf8")) as unknown;
    const bad = strings(tree, "", []).flatMap(([path, text]) => jargonIn(text).map((p) => `${path}: ${p}`));
    expect(bad).toEqual([]);
  });

  it("templates/: every template's text", () => {
    const templates = files(join(ROOT, "templates"), (f) => f.endsWith(".hbs"));
    expect(templates.length).toBeGreaterThan(0);
    const bad = templates.flatMap((file) => {
      // Handlebars comments are for maintainers and never rendered.
      const text = readFileSync(file, "utf8").replace(/\{\{!--[\s\S]*?--\}\}|\{\{![\s\S]*?\}\}/g, "");
      return jargonIn(text).map((p) => `${relative(ROOT, file)}: ${p}`);
    });
    expect(bad).toEqual([]);
  });

  it("packs/_source/: every text of every document (embedded items and journal pages too)", () => {
    expect(packFiles.length).toBeGreaterThan(0);
    const problems = packFiles.flatMap((file) => {
      const doc = parse(readFileSync(join(packRoot, file), "utf8")) as unknown;
      return strings(doc, "", [])
        .filter(([path]) => !NOT_TEXT.test(path))
        .flatMap(([path, text]) => jargonIn(text).map((p) => ({ file, line: `${file} ${path}: ${p}` })));
    });
    expect(problems.map((p) => p.line)).toEqual([]);
  });
});
