/**
 * The reader's words for a creation breach (issue 16). Every breach code a validator can report has
 * a lang key `OMNIBUS.Creation.Breach.<ruleset>.<code>` in lang/en.json and lang/ru.json, formatted
 * with the breach's `values`. Pure: the lang tree is given as plain data (the CLI imports the JSON
 * files, the sheets pass Foundry's localization through `BreachLocalizer`).
 */
import type { RulesetId } from "./index";
import type { Breach } from "./build-types";

/** Every code each ruleset's validator can report (test/rules/shared/breach-text.test.ts checks the sources). */
export const BREACH_CODES: Record<RulesetId, readonly string[]> = {
  d6: [
    "badCode",
    "attributeDice",
    "attributeBelowMinimum",
    "attributeAboveMaximum",
    "forceSkillNotSensitive",
    "skillBelowAttribute",
    "skillTooHigh",
    "skillDice",
    "characterPoints",
    "forcePoints",
  ],
  storytelling: [
    "attributeBelowOne",
    "attributeAboveFive",
    "attributeDots",
    "skillBelowZero",
    "skillAboveFive",
    "specialtyWithoutSkill",
    "skillDots",
    "specialties",
    "meritDots",
    "morality",
    "derivedWillpower",
  ],
  wfrp: [
    "characteristicRange",
    "characteristicAdvanceOutOfCareer",
    "characteristicAdvances",
    "fateResilience",
    "movement",
    "fortuneNotFull",
    "resolveNotFull",
    "skillNotAvailable",
    "skillAdvances",
    "speciesTalentMissing",
    "careerTalentMissing",
    "talentCount",
    "trappingMissing",
  ],
  silhouette: ["attributeRange", "attributePoints", "skillLevel", "skillPoints", "derivedStrength", "derivedStamina"],
};

export const LANGUAGES = ["en", "ru"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The lang key of a breach. */
export function breachKey(ruleset: string, code: string): string {
  return `OMNIBUS.Creation.Breach.${ruleset}.${code}`;
}

/** A string at a dotted path of a lang tree, or null. */
export function langString(tree: unknown, key: string): string | null {
  let node: unknown = tree;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : null;
}

/** Replaces `{name}` with the value (Foundry's `format` syntax); unknown names stay as written. */
export function formatText(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/** Looks a key up and formats it, or null when the language has no such key. */
export type BreachLocalizer = (key: string, values: Record<string, string | number>) => string | null;

/** A localizer over a plain lang tree (the JSON of lang/<language>.json). */
export function treeLocalizer(tree: unknown): BreachLocalizer {
  return (key, values) => {
    const text = langString(tree, key);
    return text === null ? null : formatText(text, values);
  };
}

/** The breach in the reader's words; the English message when the language lacks the key. */
export function breachText(ruleset: string, b: Breach, localize: BreachLocalizer): string {
  return localize(breachKey(ruleset, b.code), b.values) ?? b.message;
}

/**
 * The CLI reader's language: `--lang` when given, else the POSIX locale variables in their order of
 * precedence (LC_ALL, LC_MESSAGES, LANG; `ru_RU.UTF-8` → ru); English otherwise.
 */
export function readerLanguage(flag: string | undefined, env: Record<string, string | undefined>): Language {
  const pick = (v: string | undefined): Language | null => {
    const tag = (v ?? "").trim().toLowerCase().slice(0, 2);
    return (LANGUAGES as readonly string[]).includes(tag) ? (tag as Language) : null;
  };
  if (flag !== undefined) return pick(flag) ?? "en";
  for (const name of ["LC_ALL", "LC_MESSAGES", "LANG"]) {
    const v = env[name];
    if (v) return pick(v) ?? "en";
  }
  return "en";
}
