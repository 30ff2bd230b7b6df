/**
 * The `wfrp` rules options as world settings (digest §6.6, §7), each defaulting to the seed's rule
 * or the digest's recommendation, and their translation into the pure rules' option objects.
 * No Foundry global here: `rulesFrom(read)` takes a setting reader.
 */
import {
  DEFAULT_OPPOSED_OPTIONS,
  DEFAULT_TEST_OPTIONS,
  INITIATIVE_MODES,
  OUTCOMES,
  resolveRoll,
  testOdds,
  testOptions,
  type InitiativeMode,
  type OpposedOptions,
  type TestOptions,
} from "../index";
import type { SettingSpec } from "../../table/types";
import type { MenuValues, SettingsMenuTable } from "../../table/settings-menu";
import { wfrpOdds } from "../../../core/odds";

const K = "OMNIBUS.WFRP.Setting.";

export const WFRP_SETTINGS: SettingSpec[] = [
  {
    key: "autoSuccessMax",
    name: `${K}AutoSuccessMax.Name`,
    hint: `${K}AutoSuccessMax.Hint`,
    type: "number",
    default: DEFAULT_TEST_OPTIONS.autoSuccessMax,
    range: { min: 0, max: 20, step: 1 },
  },
  {
    key: "autoFailMin",
    name: `${K}AutoFailMin.Name`,
    hint: `${K}AutoFailMin.Hint`,
    type: "number",
    default: DEFAULT_TEST_OPTIONS.autoFailMin,
    range: { min: 80, max: 101, step: 1 },
  },
  {
    key: "autoFailSL",
    name: `${K}AutoFailSL.Name`,
    hint: `${K}AutoFailSL.Hint`,
    type: "string",
    default: "min",
    choices: { min: `${K}AutoFailSL.min`, literalMax: `${K}AutoFailSL.literalMax` },
  },
  { key: "fastSL", name: `${K}FastSL.Name`, hint: `${K}FastSL.Hint`, type: "boolean", default: false },
  { key: "testsOver100", name: `${K}TestsOver100.Name`, hint: `${K}TestsOver100.Hint`, type: "boolean", default: false },
  { key: "critsAllTests", name: `${K}CritsAllTests.Name`, hint: `${K}CritsAllTests.Hint`, type: "boolean", default: false },
  {
    key: "opposedTieBreak",
    name: `${K}OpposedTieBreak.Name`,
    hint: `${K}OpposedTieBreak.Hint`,
    type: "string",
    default: "value",
    choices: { value: `${K}OpposedTieBreak.value`, target: `${K}OpposedTieBreak.target` },
  },
  {
    key: "opposedFinalTie",
    name: `${K}OpposedFinalTie.Name`,
    hint: `${K}OpposedFinalTie.Hint`,
    type: "string",
    default: DEFAULT_OPPOSED_OPTIONS.finalTie,
    choices: { stalemate: `${K}OpposedFinalTie.stalemate`, reroll: `${K}OpposedFinalTie.reroll` },
  },
  { key: "extendedZeroSL", name: `${K}ExtendedZeroSL.Name`, hint: `${K}ExtendedZeroSL.Hint`, type: "boolean", default: false },
  { key: "rangedDodge", name: `${K}RangedDodge.Name`, hint: `${K}RangedDodge.Hint`, type: "boolean", default: false },
  {
    key: "initiativeMode",
    name: `${K}InitiativeMode.Name`,
    hint: `${K}InitiativeMode.Hint`,
    type: "string",
    default: "fixed",
    choices: Object.fromEntries(INITIATIVE_MODES.map((m) => [m, `${K}InitiativeMode.${m}`])),
  },
  {
    key: "initiativeEachRound",
    name: `${K}InitiativeEachRound.Name`,
    hint: `${K}InitiativeEachRound.Hint`,
    type: "boolean",
    default: false,
  },
  { key: "conditionsStack", name: `${K}ConditionsStack.Name`, hint: `${K}ConditionsStack.Hint`, type: "boolean", default: false },
  { key: "advantageCap", name: `${K}AdvantageCap.Name`, hint: `${K}AdvantageCap.Hint`, type: "boolean", default: false },
  { key: "endOfRound", name: `${K}EndOfRound.Name`, hint: `${K}EndOfRound.Hint`, type: "boolean", default: true },
];

export interface WfrpRules {
  /** Options of every test (criticals on doubles only when `critsAllTests`). */
  test: TestOptions;
  /** Options of combat tests: doubles always count (003:L159). */
  combat: TestOptions;
  opposed: OpposedOptions;
  initiativeMode: InitiativeMode;
  initiativeEachRound: boolean;
  /** Different Conditions' penalties add up (house rule) instead of only the worst applying. */
  conditionsStack: boolean;
  /** Advantage gains are capped at the Initiative Bonus. */
  advantageCap: boolean;
  /** Ablaze, Bleeding, Poisoned and Surprised tick at the end of each round (the GM's client applies them). */
  endOfRound: boolean;
  /** Option "Extended Tests and 0 SL" (003:L215-219): a success adds at least +1, a failure at least −1. */
  extendedZeroSL: boolean;
  /**
   * Ranged attacks are unopposed by default (digest §7 item 21: "opposed by Dodge only in some
   * circumstances"); when on, the attack dialog's "Target may Dodge" starts ticked.
   */
  rangedDodge: boolean;
}

export const DEFAULT_RULES: WfrpRules = rulesFrom(() => undefined);

/** The rules options from a setting reader (unknown or invalid values fall back to the defaults). */
export function rulesFrom(read: (key: string) => unknown): WfrpRules {
  const get = <T>(key: string, valid: (v: unknown) => v is T, fallback: T): T => {
    const v = read(key);
    return valid(v) ? v : fallback;
  };
  const isBool = (v: unknown): v is boolean => typeof v === "boolean";
  const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
  let test: TestOptions;
  const partial: Partial<TestOptions> = {
    autoSuccessMax: get("autoSuccessMax", isInt, DEFAULT_TEST_OPTIONS.autoSuccessMax),
    autoFailMin: get("autoFailMin", isInt, DEFAULT_TEST_OPTIONS.autoFailMin),
    autoFailSL: get("autoFailSL", (v): v is "min" | "literalMax" => v === "min" || v === "literalMax", "min"),
    fastSL: get("fastSL", isBool, false),
    testsOver100: get("testsOver100", isBool, false),
    critsOnDoubles: get("critsAllTests", isBool, false),
  };
  try {
    test = testOptions(partial);
  } catch {
    test = testOptions({ ...partial, autoSuccessMax: DEFAULT_TEST_OPTIONS.autoSuccessMax, autoFailMin: DEFAULT_TEST_OPTIONS.autoFailMin });
  }
  return {
    test,
    combat: { ...test, critsOnDoubles: true },
    opposed: {
      tieBreak: get("opposedTieBreak", (v): v is "value" | "target" => v === "value" || v === "target", DEFAULT_OPPOSED_OPTIONS.tieBreak),
      // 003:L191: a tie that survives the tie-break is the GM's choice of stalemate or a re-roll by both.
      finalTie: get(
        "opposedFinalTie",
        (v): v is "stalemate" | "reroll" => v === "stalemate" || v === "reroll",
        DEFAULT_OPPOSED_OPTIONS.finalTie,
      ),
    },
    initiativeMode: get("initiativeMode", (v): v is InitiativeMode => (INITIATIVE_MODES as readonly unknown[]).includes(v), "fixed"),
    initiativeEachRound: get("initiativeEachRound", isBool, false),
    conditionsStack: get("conditionsStack", isBool, false),
    advantageCap: get("advantageCap", isBool, false),
    endOfRound: get("endOfRound", isBool, true),
    extendedZeroSL: get("extendedZeroSL", isBool, false),
    rangedDodge: get("rangedDodge", isBool, false),
  };
}

const M = "OMNIBUS.WFRP.SettingsMenu.";

const testRules = (raw: MenuValues) => rulesFrom((key) => raw[key]).test;

/**
 * The WFRP settings menu: the options by topic and four reference tests, computed by the roll
 * dialog's odds code (the core's d100 enumeration with this ruleset's one resolver) with the
 * options as the checks read them (`rulesFrom`): a test of 45 reaching +2 SL, a test of 45 rolling
 * a critical (a double), a test of 10 and a test of 97 succeeding (the automatic ranges).
 */
export const WFRP_SETTINGS_MENU: SettingsMenuTable = {
  title: `${M}Title`,
  hint: `${M}Hint`,
  groups: [
    {
      id: "tests",
      label: `${M}Group.tests`,
      keys: ["autoSuccessMax", "autoFailMin", "autoFailSL", "fastSL", "testsOver100", "critsAllTests", "extendedZeroSL"],
    },
    { id: "opposed", label: `${M}Group.opposed`, keys: ["opposedTieBreak", "opposedFinalTie", "rangedDodge"] },
    { id: "combat", label: `${M}Group.combat`, keys: ["initiativeMode", "initiativeEachRound", "advantageCap"] },
    { id: "conditions", label: `${M}Group.conditions`, keys: ["conditionsStack", "endOfRound"] },
  ],
  checks: [
    {
      id: "sl2",
      label: `${M}Check.sl2`,
      probability: (raw) => {
        const o = testRules(raw);
        return wfrpOdds({ target: 45 }, (target, roll) => resolveRoll(target, roll, o), OUTCOMES).successSL.pAtLeast(2);
      },
    },
    { id: "critical", label: `${M}Check.critical`, probability: (raw) => testOdds({ value: 45 }, testRules(raw)).critical },
    { id: "low", label: `${M}Check.low`, probability: (raw) => testOdds({ value: 10 }, testRules(raw)).success },
    { id: "high", label: `${M}Check.high`, probability: (raw) => testOdds({ value: 97 }, testRules(raw)).success },
  ],
  samples: { autoSuccessMax: [0, 5, 10, 20], autoFailMin: [80, 90, 96, 101] },
};
