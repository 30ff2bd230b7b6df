// Moves the Russian paragraphs of compendium descriptions (`<p lang="ru">…</p>` inside
// system.description, the older bilingual shape) to flags.omnibus.descriptionRu, leaving the English
// in system.description (src/foundry/language.ts reads both shapes; this is the one packs keep).
// Usage: node scripts/split-descriptions.mjs [packs/_source/<pack> …]  (default: every pack)
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "yaml";

const RU_BLOCK = /<(p|div|section|blockquote|ul|ol|h[1-6])\b[^>]*\blang\s*=\s*["']?ru["']?[^>]*>[\s\S]*?<\/\1\s*>/gi;
function split(html) {
  const ru = [];
  const en = html.replace(RU_BLOCK, (block) => {
    ru.push(block.replace(/\s*\blang\s*=\s*["']?ru["']?/i, ""));
    return "";
  });
  return { en: en.trim(), ru: ru.join("").trim() };
}
const files = (dir) =>
  readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : /\.ya?ml$/.test(f) ? [join(dir, f)] : []));

function migrate(doc) {
  const description = doc.getIn(["system", "description"]);
  if (typeof description !== "string") return false;
  const { en, ru } = split(description);
  if (!ru) return false;
  doc.setIn(["system", "description"], en);
  if (!doc.getIn(["flags", "omnibus", "descriptionRu"])) doc.setIn(["flags", "omnibus", "descriptionRu"], ru);
  return true;
}

const roots = process.argv.slice(2);
let changed = 0;
for (const root of roots.length ? roots : ["packs/_source"]) {
  for (const file of files(root)) {
    const doc = parseDocument(readFileSync(file, "utf8"));
    let touched = migrate(doc);
    const items = doc.get("items");
    for (const item of items?.items ?? []) touched = migrate(item) || touched;
    if (touched) {
      writeFileSync(file, doc.toString({ lineWidth: 0 }));
      changed++;
    }
  }
}
console.log(`split-descriptions: ${changed} file(s) changed`);
