/**
 * The shared Handlebars test harness: the real `handlebars` package, small stand-ins for exactly the
 * Foundry built-in helpers templates may use, the system's own helpers (`registerHelpers`), and every
 * `templates/**\/*.hbs` registered as a partial under its `systems/omnibus/templates/...` name, as
 * Foundry's `loadTemplates` does.
 *
 * The stand-ins follow the behaviour documented in Foundry's public API (foundry.applications.handlebars.*),
 * written here from that description:
 *  - localize(key, {hash}): a string (so Handlebars escapes it); with hash arguments it formats
 *    `{name}` placeholders like game.i18n.format. In strict mode (the default) a key missing from the
 *    language file THROWS, naming the key — Foundry would quietly print the key on the sheet. Besides
 *    lang/<language>.json it knows only the few Foundry core keys in FOUNDRY_CORE_TRANSLATIONS.
 *  - selectOptions(choices, {hash: selected, blank, localize, sort, valueAttr, labelAttr, nameAttr, inverted,
 *    groups}): `<option>`s (and `<optgroup>`s) as a SafeString; labels escaped as the DOM would.
 *  - checked / disabled: "checked" / "disabled" or "".
 *  - eq, ne, lt, gt, and, or, not: comparisons (eq/ne strict).
 *  - numberFormat(value, {decimals, sign}): SafeString, "+" on non-negative values when sign.
 *  - concat(...values): the values joined, as a SafeString (NOT escaped, exactly as in Foundry).
 * Any other helper a template calls is unknown here, so the template test fails on it.
 */
import Handlebars from "handlebars";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { registerHelpers } from "../../src/foundry/templates/helpers";

export type Language = "en" | "ru";
export type HandlebarsEnv = ReturnType<typeof Handlebars.create>;
type HelperOptions = Handlebars.HelperOptions;

/** The repository root (the system folder). */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const TEMPLATE_ROOT = join(ROOT, "templates");
export const SYSTEM_TEMPLATE_PREFIX = "systems/omnibus/templates/";

/** The Foundry helpers templates may use (see src/foundry/README.md), besides Handlebars' own. */
export const FOUNDRY_HELPERS = [
  "localize",
  "selectOptions",
  "checked",
  "disabled",
  "eq",
  "ne",
  "lt",
  "gt",
  "and",
  "or",
  "not",
  "numberFormat",
  "concat",
] as const;
/** Handlebars' own built-in helpers. */
export const HANDLEBARS_BUILTINS = ["if", "unless", "each", "with", "lookup", "log", "blockHelperMissing", "helperMissing"] as const;

export class MissingTranslationError extends Error {
  constructor(
    readonly key: string,
    readonly language: Language,
  ) {
    super(`localize: "${key}" is missing from lang/${language}.json`);
    this.name = "MissingTranslationError";
  }
}

/** A language file flattened to dotted keys: { "OMNIBUS.Title": "Omnibus", ... }. */
export type Translations = Map<string, unknown>;

export function flatten(tree: unknown, prefix = "", out: Translations = new Map()): Translations {
  if (tree !== null && typeof tree === "object" && !Array.isArray(tree)) {
    for (const [k, v] of Object.entries(tree as Record<string, unknown>)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, tree);
  return out;
}

export function readLanguage(language: Language): unknown {
  return JSON.parse(readFileSync(join(ROOT, "lang", `${language}.json`), "utf8"));
}

/**
 * Foundry's own (core) keys that system code hands to templates, e.g. CONFIG.Dice.rollModes labels.
 * In Foundry they come from the core language files (Russian: the community ru-RU translation); here
 * they are stand-ins so the strict localize accepts exactly these core keys and no others. Add a key
 * only when the system really passes a core label to a template.
 */
export const FOUNDRY_CORE_TRANSLATIONS: Record<Language, Record<string, string>> = {
  en: {
    "CHAT.RollPublic": "Public Roll",
    "CHAT.RollPrivate": "Private GM Roll",
    "CHAT.RollBlind": "Blind GM Roll",
    "CHAT.RollSelf": "Self Roll",
  },
  ru: {
    "CHAT.RollPublic": "Открытый бросок",
    "CHAT.RollPrivate": "Бросок для ГМа",
    "CHAT.RollBlind": "Скрытый бросок",
    "CHAT.RollSelf": "Бросок для себя",
  },
};

/** The system's language file, flattened (only lang/<language>.json: what the i18n test checks). */
export function loadTranslations(language: Language): Translations {
  return flatten(readLanguage(language));
}

/** game.i18n.localize / game.i18n.format over one language file; strict mode throws on a missing key. */
export class Localizer {
  readonly translations: Translations;
  /** Every key looked up, found or not (the template test reports which keys the samples exercised). */
  readonly used = new Set<string>();
  constructor(
    readonly language: Language,
    readonly strict = true,
  ) {
    this.translations = loadTranslations(language);
    for (const [key, value] of Object.entries(FOUNDRY_CORE_TRANSLATIONS[language]))
      if (!this.translations.has(key)) this.translations.set(key, value);
  }

  localize(key: unknown): string {
    if (typeof key !== "string") {
      if (this.strict) throw new MissingTranslationError(String(key), this.language);
      return String(key ?? "");
    }
    this.used.add(key);
    const value = this.translations.get(key);
    if (typeof value === "string") return value;
    if (this.strict) throw new MissingTranslationError(key, this.language);
    return key;
  }

  format(key: unknown, data: Record<string, unknown> = {}): string {
    return this.localize(key).replace(/\{[^{}]+\}/g, (token) => {
      const name = token.slice(1, -1);
      return name in data ? String(data[name]) : token;
    });
  }
}

function isOptions(value: unknown): value is HelperOptions {
  return typeof value === "object" && value !== null && "hash" in value && "data" in value;
}

/** Escapes text for HTML content and attribute values, as setting textContent / an attribute would. */
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

interface PreparedOption {
  value: string | undefined;
  label: string | undefined;
  group: string;
  disabled: boolean;
  selected: boolean;
}

/** The documented behaviour of Foundry's `selectOptions` helper (and prepareSelectOptionGroups). */
function selectOptionsHtml(localizer: Localizer, choices: unknown, hash: Record<string, unknown>): string {
  const { localize = false, blank, sort = false, inverted = false, groups } = hash;
  const valueAttr = (hash.valueAttr ?? hash.nameAttr) as string | undefined;
  const labelAttr = hash.labelAttr as string | undefined;
  let selected: string[] = [];
  if (hash.selected !== undefined && hash.selected !== null) {
    const s = hash.selected;
    selected = typeof s === "object" && Symbol.iterator in (s as object) ? [...(s as Iterable<unknown>)].map(String) : [String(s)];
  }
  if (choices === null || choices === undefined || typeof choices !== "object") {
    throw new Error(`selectOptions: choices must be an object or an array, got ${choices === null ? "null" : typeof choices}`);
  }

  // Normalise the choices into option records.
  const raw: Record<string, unknown>[] = [];
  if (Array.isArray(choices)) {
    choices.forEach((choice, i) => {
      if (choice !== null && typeof choice === "object") raw.push({ ...(choice as Record<string, unknown>) });
      else raw.push({ value: i, label: choice });
    });
  } else {
    for (const entry of Object.entries(choices as Record<string, unknown>)) {
      const [k, v] = inverted ? [entry[1] as string, entry[0]] : entry;
      if (v !== null && typeof v === "object") {
        const record = v as Record<string, unknown>;
        raw.push({ value: valueAttr ? record[valueAttr] : k, ...record });
      } else raw.push({ value: k, label: v });
    }
  }

  const prepared: PreparedOption[] = raw.map((option) => {
    const v = valueAttr ? option[valueAttr] : option.value;
    const value = v === undefined ? undefined : String(v);
    let label = labelAttr ? option[labelAttr] : option.label;
    label ??= value;
    let text = label === undefined ? undefined : String(label);
    if (text !== undefined && localize) text = localizer.localize(text);
    let group = typeof option.group === "string" ? option.group : "";
    if (group && localize) group = localizer.localize(group);
    return { value, label: text, group, disabled: Boolean(option.disabled), selected: value !== undefined && selected.includes(value) };
  });

  const byGroup = new Map<string, PreparedOption[]>();
  for (const name of Array.isArray(groups) ? (groups as string[]) : []) byGroup.set(localize && name ? localizer.localize(name) : name, []);
  for (const option of prepared) {
    if (!byGroup.has(option.group)) byGroup.set(option.group, []);
    byGroup.get(option.group)!.push(option);
  }
  if (sort) for (const list of byGroup.values()) list.sort((a, b) => (a.label ?? "").localeCompare(b.label ?? "", localizer.language));
  if (typeof blank === "string" && !prepared.some((o) => o.value === "")) {
    const blankOption: PreparedOption = {
      value: "",
      label: blank && localize ? localizer.localize(blank) : blank,
      group: "",
      disabled: false,
      selected: selected.includes(""),
    };
    const first = byGroup.get("") ?? [];
    byGroup.delete("");
    byGroup.set("", [blankOption, ...first]);
    // Ungrouped options (and the blank) come first.
    const reordered = new Map([["", byGroup.get("")!], ...[...byGroup.entries()].filter(([g]) => g !== "")]);
    byGroup.clear();
    for (const [g, list] of reordered) byGroup.set(g, list);
  }

  const optionHtml = (o: PreparedOption) => {
    if (o.value === undefined || o.label === undefined) return "";
    return `<option value="${escapeHtml(o.value)}"${o.selected ? " selected" : ""}${o.disabled ? " disabled" : ""}>${escapeHtml(o.label)}</option>`;
  };
  let html = "";
  for (const [group, list] of byGroup) {
    if (!list.length) continue;
    const inner = list.map(optionHtml).join("");
    html += group ? `<optgroup label="${escapeHtml(group)}">${inner}</optgroup>` : inner;
  }
  return html;
}

/** Registers the stand-ins for Foundry's built-in helpers on `hbs`, localizing through `localizer`. */
export function registerFoundryHelpers(hbs: HandlebarsEnv, localizer: Localizer): void {
  hbs.registerHelper("localize", function (key: unknown, options: HelperOptions) {
    const k = key instanceof hbs.SafeString ? key.toString() : key;
    const data = isOptions(options) ? options.hash : {};
    return Object.keys(data).length ? localizer.format(k, data) : localizer.localize(k);
  });
  hbs.registerHelper("selectOptions", function (choices: unknown, options: HelperOptions) {
    return new hbs.SafeString(selectOptionsHtml(localizer, choices, options.hash ?? {}));
  });
  hbs.registerHelper("checked", (value: unknown) => (value ? "checked" : ""));
  hbs.registerHelper("disabled", (value: unknown) => (value ? "disabled" : ""));
  hbs.registerHelper("eq", (a: unknown, b: unknown) => a === b);
  hbs.registerHelper("ne", (a: unknown, b: unknown) => a !== b);
  hbs.registerHelper("lt", (a: unknown, b: unknown) => (a as number) < (b as number));
  hbs.registerHelper("gt", (a: unknown, b: unknown) => (a as number) > (b as number));
  hbs.registerHelper("and", (...args: unknown[]) => args.filter((a) => !isOptions(a)).every(Boolean));
  hbs.registerHelper("or", (...args: unknown[]) => args.filter((a) => !isOptions(a)).some(Boolean));
  hbs.registerHelper("not", (value: unknown) => !value);
  hbs.registerHelper("numberFormat", function (value: unknown, options: HelperOptions) {
    const hash = (isOptions(options) ? options.hash : {}) as { decimals?: number; sign?: boolean };
    const n = typeof value === "number" ? value : parseFloat(String(value));
    let text = hash.decimals === undefined ? String(n) : n.toFixed(hash.decimals);
    if (hash.sign && n >= 0) text = `+${text}`;
    return new hbs.SafeString(text);
  });
  hbs.registerHelper("concat", (...args: unknown[]) => {
    const values = args.filter((a) => !isOptions(a));
    return new hbs.SafeString(values.map((v) => (v instanceof hbs.SafeString ? v.toString() : String(v))).join(""));
  });
}

/** One template file. */
export interface TemplateFile {
  /** Absolute file path. */
  file: string;
  /** Path inside templates/ with forward slashes, e.g. "d6/actor/character.hbs". */
  relative: string;
  /** The name Foundry knows it by, e.g. "systems/omnibus/templates/d6/actor/character.hbs". */
  systemPath: string;
  source: string;
}

/** Every `.hbs` under templates/, sorted. */
export function listTemplates(): TemplateFile[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && entry.name.endsWith(".hbs")) files.push(full);
    }
  };
  walk(TEMPLATE_ROOT);
  return files.sort().map((file) => {
    const rel = relative(TEMPLATE_ROOT, file).split(sep).join("/");
    return { file, relative: rel, systemPath: SYSTEM_TEMPLATE_PREFIX + rel, source: readFileSync(file, "utf8") };
  });
}

/** The system paths used as partials (`{{> "systems/omnibus/templates/…"}}`) anywhere in the templates. */
export function partialReferences(templates: TemplateFile[] = listTemplates()): Map<string, string[]> {
  const refs = new Map<string, string[]>();
  const pattern = /\{\{~?#?>\s*(?:"([^"]+)"|'([^']+)'|([^\s}]+))/g;
  for (const t of templates) {
    for (const m of t.source.matchAll(pattern)) {
      const name = m[1] ?? m[2] ?? m[3];
      if (!refs.has(name)) refs.set(name, []);
      refs.get(name)!.push(t.systemPath);
    }
  }
  return refs;
}

/**
 * A template is a partial when another template includes it with `{{> "systems/omnibus/templates/…"}}`
 * or when it lives in a `partials/` folder; every other template is rendered on its own (a sheet part,
 * a dialog, a chat card) and needs a gallery sample.
 */
export function isPartial(template: TemplateFile, refs = partialReferences()): boolean {
  return refs.has(template.systemPath) || template.relative.split("/").includes("partials");
}

export interface Harness {
  hbs: HandlebarsEnv;
  localizer: Localizer;
  templates: TemplateFile[];
  /** Renders a template by its system path (or a path inside templates/). */
  render(path: string, context: unknown): string;
}

export interface HarnessOptions {
  language?: Language;
  /** Throw on a missing translation key (default true). */
  strict?: boolean;
}

/** A fresh Handlebars environment with the Foundry stand-ins, the system's helpers and every partial. */
export function createHarness({ language = "en", strict = true }: HarnessOptions = {}): Harness {
  const hbs = Handlebars.create();
  const localizer = new Localizer(language, strict);
  registerFoundryHelpers(hbs, localizer);
  registerHelpers(hbs, { language: () => language });
  const templates = listTemplates();
  const compiled = new Map<string, HandlebarsTemplateDelegate>();
  for (const t of templates) hbs.registerPartial(t.systemPath, t.source);
  const render = (path: string, context: unknown) => {
    const systemPath = path.startsWith(SYSTEM_TEMPLATE_PREFIX) ? path : SYSTEM_TEMPLATE_PREFIX + path.replace(/^\/+/, "");
    let template = compiled.get(systemPath);
    if (!template) {
      const found = templates.find((t) => t.systemPath === systemPath);
      if (!found) throw new Error(`render: no template ${systemPath} under templates/`);
      template = hbs.compile(found.source);
      compiled.set(systemPath, template);
    }
    return template(context, { allowProtoPropertiesByDefault: false });
  };
  return { hbs, localizer, templates, render };
}

/** Every helper name a harness knows: Handlebars built-ins, the Foundry stand-ins, the system's own. */
export function knownHelpers(harness: Harness): Set<string> {
  return new Set(Object.keys(harness.hbs.helpers));
}
