/**
 * One language per page. Two halves:
 *  - `inLanguage(doc, language)`: a pack document (and its embedded items) as a client of that
 *    language prepares it — the same `applyDisplayLanguage` the document classes run
 *    (src/foundry/language.ts), on a copy, so a sample's sheet shows what that reader sees;
 *  - `foreignTexts(page, language, docs)`: the texts of the other language that a page shows — the
 *    other language's lang/*.json strings (those that differ between the two files) and the other
 *    language's names, descriptions and short texts of the pack documents the page was built from.
 *    The browser gallery fails a `oneLanguage` sample's page on any of them.
 */
import {
  applyDisplayLanguage,
  displayDescription,
  displayName,
  russianSystemTexts,
  type BilingualSource,
} from "../../src/foundry/language";
import { flatten, readLanguage, type Language } from "../support/handlebars";

export interface PackDocLike extends BilingualSource {
  name: string;
  system: Record<string, unknown>;
  items?: PackDocLike[];
}

/** A copy of `doc` with its name, description and short texts in `language`, and its items' too. */
export function inLanguage<T extends PackDocLike>(doc: T, language: Language): T {
  const copy = structuredClone(doc);
  applyDisplayLanguage(copy, language);
  for (const item of copy.items ?? []) applyDisplayLanguage(item, language);
  return copy;
}

const other = (language: Language): Language => (language === "en" ? "ru" : "en");
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&[a-z]+;|&#\d+;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
/** Enough letters to be a word of one language, not a number, a dice code or an abbreviation. */
const wordy = (text: string) => (text.match(/\p{L}/gu) ?? []).length >= 3;

let langPairs: Array<{ en: string; ru: string }> | undefined;
/** Every lang key whose English and Russian strings differ, as plain text without placeholders. */
function langStrings(): Array<{ en: string; ru: string }> {
  if (langPairs) return langPairs;
  const en = flatten(readLanguage("en"));
  const ru = flatten(readLanguage("ru"));
  const strip = (v: unknown) => (typeof v === "string" ? plain(v.replace(/\{[^}]*\}/g, " ")) : "");
  langPairs = [];
  for (const [key, value] of en) {
    const e = strip(value);
    const r = strip(ru.get(key));
    if (e && r && e !== r) langPairs.push({ en: e, ru: r });
  }
  return langPairs;
}

/** The texts a document shows in one language: its name, its description's sentences, its short texts. */
function docTexts(doc: PackDocLike, language: Language): string[] {
  const out = [displayName(doc, language)];
  const description = plain(displayDescription(doc, language));
  // Sentences, so that one foreign sentence is found even inside a longer own-language text.
  out.push(...description.split(/(?<=[.!?…])\s+/));
  // Short texts inside `system` (a concept, a specialty…): the Russian versions for a Russian reader;
  // for an English one every text the document holds, so a text with no Russian version is found
  // when a Russian page shows it.
  if (language === "ru") out.push(...Object.values(russianSystemTexts(doc)));
  else out.push(...stringLeaves(doc.system));
  for (const item of doc.items ?? []) out.push(...docTexts(item, language));
  return out;
}

/** Every string inside `value` except descriptions (handled as HTML above). */
function stringLeaves(value: unknown, key = "", depth = 0): string[] {
  if (typeof value === "string") return key === "description" ? [] : [value];
  if (!value || typeof value !== "object" || depth > 5) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => stringLeaves(v, k, depth + 1));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Whether `needle` occurs in `hay` as whole words (no letter just before or after it). */
function hasPhrase(hay: string, needle: string): boolean {
  return new RegExp(`(?<!\\p{L})${escape(needle).replace(/\s+/g, "\\s+")}(?!\\p{L})`, "u").test(hay);
}

/**
 * The other language's texts found in `page` (the page's visible and hidden text and its
 * labels/tooltips, joined). A text that both languages share is never foreign: it is left out when
 * the reader's language has the same string.
 */
export function foreignTexts(page: string, language: Language, docs: PackDocLike[] = []): string[] {
  const foreign = other(language);
  const candidates = new Set<string>();
  const own = new Set<string>();
  for (const pair of langStrings()) {
    candidates.add(pair[foreign]);
    own.add(pair[language]);
  }
  for (const doc of docs) {
    for (const t of docTexts(doc, foreign)) candidates.add(t.trim());
    for (const t of docTexts(doc, language)) own.add(t.trim());
  }
  // Foundry localizes a `data-tooltip` that is a key when it shows it: read keys as the reader's text.
  const translations = flatten(readLanguage(language));
  const text = page
    .replace(/\b[A-Z][A-Z0-9]+(?:\.[A-Za-z0-9_-]+)+/g, (key) =>
      typeof translations.get(key) === "string" ? String(translations.get(key)) : key,
    )
    .replace(/\s+/g, " ");
  const found: string[] = [];
  for (const candidate of candidates) {
    if (!wordy(candidate) || own.has(candidate)) continue;
    // A foreign string that is part of one of the reader's own strings (a name both share) is not a leak.
    if (hasPhrase(text, candidate) && ![...own].some((o) => o.length > candidate.length && hasPhrase(o, candidate) && hasPhrase(text, o)))
      found.push(candidate);
  }
  // An English page with Cyrillic, or a Russian page with a foreign sentence of Latin words, is mixed
  // even when the words are nobody's string.
  if (language === "en")
    for (const m of text.match(/[\p{Script=Cyrillic}][\p{Script=Cyrillic}\s,.:;«»()-]{2,}/gu) ?? [])
      if (!found.some((f) => f.includes(m.trim()))) found.push(m.trim());
  return [...new Set(found)].sort();
}

/** In-page script: the text a reader meets in the window content, hidden tabs and labels included. */
export const PAGE_TEXT = `(() => {
  const root = document.querySelector("#gallery-frame .window-content, #gallery-frame .message-content") ?? document.body;
  const parts = [root.textContent ?? ""];
  for (const el of root.querySelectorAll("input, textarea")) if (el.type !== "hidden" && el.type !== "number") parts.push(el.value);
  for (const el of root.querySelectorAll("[title], [aria-label], [placeholder], [data-tooltip], img[alt]"))
    for (const a of ["title", "aria-label", "placeholder", "data-tooltip", "alt"]) if (el.hasAttribute(a)) parts.push(el.getAttribute(a));
  return parts.join(" \\n ");
})()`;
