/**
 * One language at a time: a document keeps its texts in both languages and each reader sees the one
 * of their client, at display time (not only when the document is created).
 *
 * The data (compendium documents and anything created from them):
 *  - `name` — the English name (or, for a document created on a Russian client, the Russian one,
 *    with the English kept in `flags.omnibus.nameEn`, names.ts);
 *  - `flags.omnibus.nameRu` — the Russian name;
 *  - `system.description` — the English description;
 *  - `flags.omnibus.descriptionRu` — the Russian description;
 *  - `flags.omnibus.systemRu` — Russian versions of other short texts of `system` shown on a sheet
 *    (a concept, a Virtue, what a tool's bonus applies to), by top-level key: `{ concept: "…" }`.
 * An older shape is read too: Russian paragraphs inside `system.description` marked `lang="ru"`
 * (`<p lang="ru">…</p>`); a reader sees only the part of their language.
 *
 * A document of the user's own making (no flags) shows what it holds, to everyone.
 *
 * Display: the document classes (documents.ts) put the reader's name and description on the
 * prepared document (the stored `_source` is untouched), so every sheet, list, chat card and the
 * sidebar show them; sheets build their rows from `displayName` and sort by it.
 * Editing: a sheet submits what it showed; `languageSubmit` sends a Russian reader's edits of a
 * bilingual document to the Russian slots and an English reader's to the English ones, so neither
 * language overwrites the other and nothing is lost.
 *
 * Plain functions (no Foundry global).
 */

export type Language = string | undefined | null;

interface OmnibusFlags {
  nameRu?: unknown;
  nameEn?: unknown;
  descriptionRu?: unknown;
  systemRu?: unknown;
}

/** A document's stored data, as far as the language choice reads it. */
export interface BilingualSource {
  name?: string | null;
  flags?: { omnibus?: OmnibusFlags & Record<string, unknown> } & Record<string, unknown>;
  system?: Record<string, unknown> | null;
}

const text = (v: unknown): string => (typeof v === "string" ? v : "");
const isRussian = (lang: Language) => typeof lang === "string" && lang.toLowerCase().startsWith("ru");
const flagsOf = (source: BilingualSource): OmnibusFlags => (source.flags?.omnibus ?? {}) as OmnibusFlags;

/** The name a reader of `lang` sees: the Russian name on a Russian client, else the English one. */
export function displayName(source: BilingualSource, lang: Language): string {
  const flags = flagsOf(source);
  const own = text(source.name);
  if (isRussian(lang)) return text(flags.nameRu).trim() || own;
  return text(flags.nameEn).trim() || own;
}

// Elements marked lang="ru" (the older bilingual shape). Descriptions are short sanitised HTML with
// block elements that do not nest themselves, so a non-greedy match to the same closing tag is enough.
const RU_BLOCK = /<(p|div|section|blockquote|ul|ol|h[1-6])\b[^>]*\blang\s*=\s*["']?ru["']?[^>]*>[\s\S]*?<\/\1\s*>/gi;

/** The English and Russian parts of a description that may hold `lang="ru"` blocks. */
export function splitDescription(html: string): { en: string; ru: string } {
  const ru: string[] = [];
  const en = html.replace(RU_BLOCK, (block) => {
    ru.push(block.replace(/\s*\blang\s*=\s*["']?ru["']?/i, ""));
    return "";
  });
  return { en: en.trim(), ru: ru.join("").trim() };
}

/** The Russian description a document holds (the flag, else its `lang="ru"` blocks), or "". */
export function russianDescription(source: BilingualSource): string {
  const flagged = text(flagsOf(source).descriptionRu).trim();
  return flagged || splitDescription(text(source.system?.description)).ru;
}

/** Whether a document holds its description in two languages. */
export function isBilingual(source: BilingualSource): boolean {
  return russianDescription(source) !== "";
}

/**
 * The description a reader of `lang` sees: on a Russian client the Russian one when it exists; on
 * any other client the English part. A document with only one language shows it to everyone.
 */
export function displayDescription(source: BilingualSource, lang: Language): string {
  const stored = text(source.system?.description);
  const ru = russianDescription(source);
  const en = splitDescription(stored).en;
  if (isRussian(lang)) return ru || en;
  return en || ru;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/**
 * The Russian texts of `system` a document holds (`flags.omnibus.systemRu`), non-empty strings
 * only, by path: a top-level key (`concept`) or, for a text inside an object, the dotted path the
 * flag nests (`{ skills: { empathy: { specialties: "Ложь" } } }` gives `skills.empathy.specialties`).
 */
export function russianSystemTexts(source: BilingualSource): Record<string, string> {
  const raw = flagsOf(source).systemRu;
  if (!isPlainObject(raw)) return {};
  const out: Record<string, string> = {};
  const walk = (node: Record<string, unknown>, prefix: string, depth: number) => {
    for (const [k, v] of Object.entries(node)) {
      if (k === "__proto__" || k === "constructor" || k === "prototype") continue;
      const path = prefix ? `${prefix}.${k}` : k;
      if (typeof v === "string") {
        if (path !== "description" && v.trim() !== "") out[path] = v;
      } else if (isPlainObject(v) && depth < 4) walk(v, path, depth + 1);
    }
  };
  walk(raw, "", 0);
  return out;
}

/** The object holding the last part of a dotted `path` under `root`, and that part; null when absent. */
function slotOf(root: unknown, path: string): { holder: Record<string, unknown>; key: string } | null {
  const parts = path.split(".");
  let node = root;
  for (const part of parts.slice(0, -1)) {
    if (!node || typeof node !== "object") return null;
    node = (node as Record<string, unknown>)[part];
  }
  return node && typeof node === "object" ? { holder: node as Record<string, unknown>, key: parts[parts.length - 1] } : null;
}

/** A short `system` text (concept, Virtue, a specialty…) as a reader of `lang` sees it; `key` may be a dotted path. */
export function displaySystemText(source: BilingualSource, key: string, lang: Language): string {
  const slot = slotOf(source.system, key);
  const own = text(slot?.holder[slot.key]);
  return isRussian(lang) ? (russianSystemTexts(source)[key] ?? own) : own;
}

/**
 * Puts the reader's name and description on a prepared document (never on its `_source`). A field
 * that cannot be written is left as it is.
 */
export function applyDisplayLanguage(doc: BilingualSource & { _source?: BilingualSource }, lang: Language): void {
  const source = doc._source ?? doc;
  const name = displayName(source, lang);
  if (name && name !== doc.name) trySet(doc as Record<string, unknown>, "name", name, doc._source as Record<string, unknown> | undefined);
  const system = doc.system;
  if (!system || typeof system !== "object") return;
  const storedSystem = (source.system ?? system) as Record<string, unknown>;
  // The stored copy the prepared system must never write through to (its own `_source`, or the document's).
  const guard = ((system as { _source?: Record<string, unknown> })._source ?? (doc._source ? storedSystem : undefined)) as
    Record<string, unknown> | undefined;
  if (typeof storedSystem.description === "string") {
    const description = displayDescription({ ...source, system: storedSystem }, lang);
    if (description !== system.description) trySet(system, "description", description, guard);
  }
  if (isRussian(lang)) {
    for (const [path, value] of Object.entries(russianSystemTexts(source))) {
      const slot = slotOf(system, path);
      if (slot && typeof slot.holder[slot.key] === "string") trySet(slot.holder, slot.key, value, slotOf(guard, path)?.holder);
    }
  }
}

/**
 * Sets a prepared value. A field that cannot be written is left alone; if writing it would change
 * the stored source too (`stored[key]`), the stored value is put back and the prepared one kept:
 * the display never rewrites the data.
 */
function trySet(target: Record<string, unknown>, key: string, value: unknown, stored?: Record<string, unknown>): void {
  const before = stored?.[key];
  try {
    target[key] = value;
  } catch {
    // A read-only field keeps its stored value; the sheets still show `displayName`.
  }
  if (stored && stored !== target && stored[key] !== before) {
    try {
      stored[key] = before;
    } catch {
      // Nothing more can be done; the stored value is what the write left.
    }
  }
}

/**
 * A sheet's submitted data with the name and description sent to the reader's language slots.
 * `submitted` is the flat or expanded update the sheet is about to send (`name`, `system.description`
 * or `system: { description }`); flag paths are added flat. On a Russian client:
 *  - `name` goes to `flags.omnibus.nameRu` when the document has a Russian name (and to `name` too
 *    when the stored name was the Russian one);
 *  - `system.description` goes to `flags.omnibus.descriptionRu` when the document is bilingual;
 *  - a `system` text with a Russian version (`systemRu`) goes to that version.
 * On any other client:
 *  - `name` goes to `flags.omnibus.nameEn` when the document keeps its English name there (created
 *    on a Russian client), and to `name` only when the stored name was the English one;
 *  - `system.description` replaces only the English part: `lang="ru"` blocks move to
 *    `flags.omnibus.descriptionRu` first (unless it is already set), so the Russian is never lost.
 * Anything else passes through unchanged.
 */
export function languageSubmit(source: BilingualSource, lang: Language, submitted: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...submitted };
  // A copy down to every plain object, so moving a nested text never changes the caller's data.
  const copy = (v: unknown): unknown => (isPlainObject(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, copy(x)])) : v);
  const nested = isPlainObject(out.system) ? (copy(out.system) as Record<string, unknown>) : null;
  if (nested) out.system = nested;
  const flags = flagsOf(source);
  const stored = text(source.name);
  const ru = isRussian(lang);
  if (typeof out.name === "string") {
    const slot = ru ? text(flags.nameRu) : text(flags.nameEn);
    if (slot.trim()) {
      out[ru ? "flags.omnibus.nameRu" : "flags.omnibus.nameEn"] = out.name;
      if (stored !== slot) delete out.name;
    }
  }
  if (ru) {
    for (const key of Object.keys(russianSystemTexts(source))) {
      if (typeof out[`system.${key}`] === "string") {
        out[`flags.omnibus.systemRu.${key}`] = out[`system.${key}`];
        delete out[`system.${key}`];
      } else if (nested) {
        const slot = slotOf(nested, key);
        if (slot && typeof slot.holder[slot.key] === "string") {
          out[`flags.omnibus.systemRu.${key}`] = slot.holder[slot.key];
          delete slot.holder[slot.key];
        }
      }
    }
  }
  const flatKey = typeof out["system.description"] === "string";
  const value = flatKey
    ? (out["system.description"] as string)
    : nested && typeof nested.description === "string"
      ? nested.description
      : null;
  if (value !== null) {
    const setDescription = (v: string | undefined) => {
      if (flatKey) {
        if (v === undefined) delete out["system.description"];
        else out["system.description"] = v;
      } else if (nested) {
        if (v === undefined) delete nested.description;
        else nested.description = v;
      }
    };
    const inline = splitDescription(text(source.system?.description)).ru;
    if (ru && isBilingual(source)) {
      out["flags.omnibus.descriptionRu"] = value;
      setDescription(undefined);
    } else if (!ru && inline) {
      if (!text(flags.descriptionRu).trim()) out["flags.omnibus.descriptionRu"] = inline;
      setDescription(splitDescription(value).en);
    }
  }
  return out;
}

/** Sorts by the displayed name, in the reader's language collation. */
export function byDisplayName<T extends BilingualSource>(items: readonly T[], lang: Language): T[] {
  const collator = new Intl.Collator(isRussian(lang) ? "ru" : "en");
  return [...items].sort((a, b) => collator.compare(displayName(a, lang), displayName(b, lang)));
}
