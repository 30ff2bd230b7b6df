/**
 * The system's own Handlebars helpers, all prefixed `omnibus-`.
 *
 * This module touches no Foundry global at import time (nor when the helpers run), so node tests and
 * the browser gallery call `registerHelpers(Handlebars.create())` exactly as Foundry's `init` calls
 * `registerHelpers(Handlebars)`.
 *
 * Template conventions (see src/foundry/README.md):
 *  - templates live under `templates/` and are referenced as `systems/omnibus/templates/<path>.hbs`;
 *  - every template is also registered as a partial under that same path, used as
 *    `{{> "systems/omnibus/templates/shared/xyz.hbs"}}`;
 *  - besides Handlebars' own built-ins (if, unless, each, with, lookup), templates use only these
 *    Foundry helpers: localize, selectOptions, checked, disabled, eq, ne, lt, gt, and, or, not,
 *    numberFormat, concat — and the helpers below.
 *
 * A ruleset adds its own helpers in `src/foundry/<id>/helpers.ts` (exported as `helpers`, names
 * prefixed `omnibus-<id>-`); they are registered here too, so the gallery sees them without Foundry.
 */
import type { HelperDelegate, HelperOptions } from "handlebars";
import {
  formatDecimal,
  formatPercent,
  formatSigned,
  MINUS,
  toNumber,
  trackSteps,
  type NumberLanguage,
  type TrackStep,
} from "../../rules/table/format";

export { formatDecimal, formatPercent, formatSigned, MINUS, trackSteps, type TrackStep };
import { helpers as d6Helpers } from "../d6/helpers";
import { helpers as storytellingHelpers } from "../storytelling/helpers";
import { helpers as wfrpHelpers } from "../wfrp/helpers";
import { helpers as silhouetteHelpers } from "../silhouette/helpers";
import { diceLegend, explainArgs, explainKey, isExplainStep } from "./explain";

/** The part of a Handlebars environment the helpers need (the real `Handlebars` or `Handlebars.create()`). */
export interface HandlebarsLike {
  registerHelper(name: string, fn: HelperDelegate): void;
  SafeString: new (html: string) => unknown;
  escapeExpression(text: string): string;
  helpers?: Record<string, HelperDelegate>;
}

/** A message to localize: an i18n key and its data, whose values may be messages themselves. */
export interface Message {
  key: string;
  data?: Record<string, string | number | Message>;
}

/**
 * `{{omnibus-message msg}}`: a `{key, data}` message localized with the `localize` helper (Foundry's
 * in the client, the harness's in tests), nested messages in `data` first.
 */
export function formatMessage(hbs: HandlebarsLike, msg: unknown, lang?: NumberLanguage): string {
  const m = msg as Message | null;
  if (!m || typeof m.key !== "string") return "";
  const hash: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(m.data ?? {}))
    hash[k] =
      typeof v === "object" && v !== null
        ? formatMessage(hbs, v, lang)
        : // A fraction as the reader writes it ("12,5" in Russian); whole numbers and texts as they are.
          typeof v === "number" && !Number.isInteger(v)
          ? formatDecimal(v, lang, 2)
          : v;
  const localize = hbs.helpers?.localize;
  // Called as Handlebars calls a helper: (value, options) with options.hash (and options.data).
  return localize ? String(localize(m.key, { hash, data: {} })) : m.key;
}

function isHelperOptions(value: unknown): value is HelperOptions {
  return typeof value === "object" && value !== null && "hash" in value && "data" in value;
}

/** Drops the trailing Handlebars options object from a helper's arguments. */
function positional(args: unknown[]): unknown[] {
  return args.length > 0 && isHelperOptions(args[args.length - 1]) ? args.slice(0, -1) : args;
}

/** The helpers every ruleset shares, by name. */
export const sharedHelpers: Record<string, HelperDelegate> = {
  /** `{{#each (omnibus-track dots 5)}}…{{/each}}`: steps with index, number, filled. */
  "omnibus-track": (...args: unknown[]) => {
    const [value, max] = positional(args);
    return trackSteps(value, max);
  },
  /** `{{#each (omnibus-range 3)}}` → 0, 1, 2. */
  "omnibus-range": (count: unknown) => {
    const n = toNumber(count);
    return n === null || n <= 0 ? [] : Array.from({ length: Math.min(Math.trunc(n), 100) }, (_, i) => i);
  },
  /** `{{omnibus-add a b …}}`: the sum of the numbers given (non-numbers count as 0). */
  "omnibus-add": (...args: unknown[]) => positional(args).reduce<number>((sum, v) => sum + (toNumber(v) ?? 0), 0),
  /** `{{omnibus-default value "—"}}`: `value` unless it is null, undefined or an empty string. */
  "omnibus-default": (...args: unknown[]) => {
    const [value, fallback] = positional(args);
    return value === null || value === undefined || value === "" ? fallback : value;
  },
  /** `{{#if (omnibus-includes list value)}}`: whether an array contains a value. */
  "omnibus-includes": (...args: unknown[]) => {
    const [list, value] = positional(args);
    return Array.isArray(list) && list.includes(value);
  },
  /**
   * `{{> ".../shared/advance-button.hbs" offer=(omnibus-advance experience.offers "skill" "" id)}}`:
   * the Advance offer for a trait (kind, key, item id, index), or null.
   */
  "omnibus-advance": (...args: unknown[]) => {
    const [offers, kind, key, itemId, index] = positional(args);
    if (typeof offers !== "object" || offers === null) return null;
    const k = [kind, key, itemId, index].map((v) => (v === undefined || v === null ? "" : String(v))).join("|");
    return (offers as Record<string, unknown>)[k] ?? null;
  },
  /** `{{omnibus-join list ", "}}`: an array joined (escaped by Handlebars as usual). */
  "omnibus-join": (...args: unknown[]) => {
    const [list, separator] = positional(args);
    return Array.isArray(list) ? list.join(typeof separator === "string" ? separator : ", ") : "";
  },
};

/**
 * `<button {{omnibus-data-attrs data}}>`: `data-<kebab-key>="value"` for each entry of a plain
 * object (camelCase keys become kebab-case, so `button.dataset` reads them back as camelCase).
 * Values are escaped; null/undefined entries are skipped.
 */
export function dataAttributes(hbs: HandlebarsLike, data: unknown): unknown {
  if (typeof data !== "object" || data === null) return new hbs.SafeString("");
  const parts: string[] = [];
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (value === null || value === undefined || !/^[A-Za-z][A-Za-z0-9]*$/.test(key)) continue;
    const name = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    parts.push(`data-${name}="${hbs.escapeExpression(String(value))}"`);
  }
  return new hbs.SafeString(parts.join(" "));
}

/**
 * The label of the chosen entry of a `selectOptions`-style list of choices: an object of value →
 * label (or → `{ label }`), or an array of `{ value, label }` (the keys named by `valueAttr` and
 * `labelAttr`), chosen by `selected`, else by an entry's own `selected` flag. Null when none is chosen.
 */
export function choiceLabel(choices: unknown, selected: unknown, valueAttr = "value", labelAttr = "label"): string | null {
  const wanted = selected === undefined || selected === null ? null : String(selected);
  const text = (value: unknown) => (value === undefined || value === null ? null : String(value));
  if (Array.isArray(choices)) {
    for (const choice of choices) {
      if (typeof choice !== "object" || choice === null) continue;
      const entry = choice as Record<string, unknown>;
      const value = text(entry[valueAttr]);
      if (wanted === null ? entry.selected === true : value === wanted) return text(entry[labelAttr]) ?? value;
    }
    return null;
  }
  if (typeof choices !== "object" || choices === null || wanted === null || !Object.hasOwn(choices, wanted)) return null;
  const entry = (choices as Record<string, unknown>)[wanted];
  return typeof entry === "object" && entry !== null ? text((entry as Record<string, unknown>)[labelAttr]) : text(entry);
}

/** Every ruleset's own helpers, by name (each prefixed `omnibus-<id>-`). */
export const rulesetHelpers: Record<string, HelperDelegate> = {
  ...d6Helpers,
  ...storytellingHelpers,
  ...wfrpHelpers,
  ...silhouetteHelpers,
};

/** What the helpers need from their environment: the reader's language ("en", "ru"), asked each time they run. */
export interface HelperOptionsLike {
  language?: () => string | null | undefined;
}

/**
 * Registers all of the system's helpers on a Handlebars environment. `language` gives the reader's
 * language for the numbers the helpers print (a decimal comma for Russian, src/rules/table/format.ts):
 * Foundry's `init` passes the client's, the tests and the gallery the language of the page.
 */
export function registerHelpers(hbs: HandlebarsLike, options: HelperOptionsLike = {}): void {
  const language = () => options.language?.() ?? undefined;
  for (const [name, fn] of Object.entries({ ...sharedHelpers, ...rulesetHelpers })) {
    if (!name.startsWith("omnibus-")) throw new Error(`Omnibus helper "${name}" must be prefixed "omnibus-"`);
    hbs.registerHelper(name, fn);
  }
  /** `{{omnibus-percent odds.success}}` or `{{omnibus-percent p 2}}` → "37.5%" (en) / "37,5 %" (ru). */
  hbs.registerHelper("omnibus-percent", (...args: unknown[]) => {
    const [value, decimals] = positional(args);
    return formatPercent(value, toNumber(decimals) ?? 1, language());
  });
  /** `{{omnibus-signed mod}}` → "+2" / "−1" / "0" ("+2,5" for a Russian reader). */
  hbs.registerHelper("omnibus-signed", (value: unknown) => formatSigned(value, language()));
  /** `{{omnibus-number distance 1}}` → "12.5" (en) / "12,5" (ru), "12" for 12; at most 2 places by default. */
  hbs.registerHelper("omnibus-number", (...args: unknown[]) => {
    const [value, decimals] = positional(args);
    return formatDecimal(value, language(), toNumber(decimals) ?? 2);
  });
  hbs.registerHelper("omnibus-data-attrs", (data: unknown) => dataAttributes(hbs, data));
  hbs.registerHelper("omnibus-message", (msg: unknown) => formatMessage(hbs, msg, language()));
  /**
   * `{{omnibus-choice choices selected valueAttr="value" labelAttr="label" localize=true}}`: the chosen
   * entry's label, taking the arguments `selectOptions` takes, for a sheet in view mode to show the
   * value as text where edit mode has the dropdown. "—" when nothing is chosen.
   */
  hbs.registerHelper("omnibus-choice", (...args: unknown[]) => {
    const options = args[args.length - 1];
    const hash = (isHelperOptions(options) ? options.hash : {}) as Record<string, unknown>;
    const [choices, selected] = positional(args);
    const label = choiceLabel(
      choices,
      selected,
      typeof hash.valueAttr === "string" ? hash.valueAttr : undefined,
      typeof hash.labelAttr === "string" ? hash.labelAttr : undefined,
    );
    if (label === null || label === "") return "—";
    return hash.localize ? formatMessage(hbs, { key: label }, language()) : label;
  });
  /** `{{omnibus-explain step}}`: one step of a resolution, worded in the language file. */
  hbs.registerHelper("omnibus-explain", (s: unknown) =>
    isExplainStep(s) ? formatMessage(hbs, { key: explainKey(s.code), data: explainArgs(s.values, language()) }, language()) : "",
  );
  /** `data-omnibus-explain="{{omnibus-explain-data step}}"`: the step as JSON, for re-wording it for the card's reader. */
  hbs.registerHelper("omnibus-explain-data", (s: unknown) => (isExplainStep(s) ? JSON.stringify({ code: s.code, values: s.values }) : ""));
  /** `{{#each (omnibus-dice-legend dice)}}`: the dice styles a card shows, with their labels. */
  hbs.registerHelper("omnibus-dice-legend", (...args: unknown[]) =>
    positional(args)
      .flatMap((d) => diceLegend(d))
      .filter((e, i, all) => all.findIndex((x) => x.style === e.style) === i),
  );
}

/** Path of a system template: `templatePath("shared/dice-faces")` → "systems/omnibus/templates/shared/dice-faces.hbs". */
export function templatePath(relative: string): string {
  const clean = relative.replace(/^\/+/, "").replace(/\.hbs$/, "");
  return `systems/omnibus/templates/${clean}.hbs`;
}
