/**
 * The Storytelling rules options as world settings (stored as `omnibus.storytelling_<key>`): each
 * ambiguity of the rules with the recommended reading as its default, and the options the checks
 * read from them.
 */
import type { SettingSpec } from "../../table/types";
import type { SettingsMenuTable } from "../../table/settings-menu";
import { rollOdds } from "../odds";
import { successiveAttemptPenalty } from "../pool";

/** The i18n prefix of every Storytelling string. */
export const KEY = "OMNIBUS.Storytelling";

export const STORYTELLING_SETTINGS: SettingSpec[] = [
  {
    key: "chanceDieUsesAgain",
    name: `${KEY}.Setting.ChanceDieUsesAgain.Name`,
    hint: `${KEY}.Setting.ChanceDieUsesAgain.Hint`,
    type: "boolean",
    default: false,
  },
  {
    key: "willpowerBeforeDodge",
    name: `${KEY}.Setting.WillpowerBeforeDodge.Name`,
    hint: `${KEY}.Setting.WillpowerBeforeDodge.Hint`,
    type: "boolean",
    default: false,
  },
  {
    key: "strengthShortfall",
    name: `${KEY}.Setting.StrengthShortfall.Name`,
    hint: `${KEY}.Setting.StrengthShortfall.Hint`,
    type: "string",
    default: "flat",
    choices: { flat: `${KEY}.Setting.StrengthShortfall.flat`, perPoint: `${KEY}.Setting.StrengthShortfall.perPoint` },
  },
  {
    key: "successiveStep",
    name: `${KEY}.Setting.SuccessiveStep.Name`,
    hint: `${KEY}.Setting.SuccessiveStep.Hint`,
    type: "string",
    default: "1",
    choices: { "1": `${KEY}.Setting.SuccessiveStep.1`, "2": `${KEY}.Setting.SuccessiveStep.2` },
  },
  {
    key: "contestDramaticFailure",
    name: `${KEY}.Setting.ContestDramaticFailure.Name`,
    hint: `${KEY}.Setting.ContestDramaticFailure.Hint`,
    type: "string",
    default: "opponentExceptional",
    choices: {
      opponentExceptional: `${KEY}.Setting.ContestDramaticFailure.opponentExceptional`,
      loses: `${KEY}.Setting.ContestDramaticFailure.loses`,
    },
  },
  {
    key: "teamworkDramaticFailures",
    name: `${KEY}.Setting.TeamworkDramaticFailures.Name`,
    hint: `${KEY}.Setting.TeamworkDramaticFailures.Hint`,
    type: "string",
    default: "perHelper",
    choices: { perHelper: `${KEY}.Setting.TeamworkDramaticFailures.perHelper`, once: `${KEY}.Setting.TeamworkDramaticFailures.once` },
  },
  {
    key: "roteScope",
    name: `${KEY}.Setting.RoteScope.Name`,
    hint: `${KEY}.Setting.RoteScope.Hint`,
    type: "string",
    default: "allFailedDice",
    choices: { allFailedDice: `${KEY}.Setting.RoteScope.allFailedDice`, initialDice: `${KEY}.Setting.RoteScope.initialDice` },
  },
  {
    key: "rerollInitiative",
    name: `${KEY}.Setting.RerollInitiative.Name`,
    hint: `${KEY}.Setting.RerollInitiative.Hint`,
    type: "boolean",
    default: false,
  },
];

/** The rules options (world settings) a check needs, with the digest's defaults. */
export interface StorytellingOptions {
  chanceDieUsesAgain: boolean;
  willpowerBeforeDodge: boolean;
  strengthShortfall: "flat" | "perPoint";
  successiveStep: 1 | 2;
  /** A dramatic failure in a contest (digest A12): the opponent's win is exceptional (default), or the failer just loses. */
  contestDramaticFailure: "opponentExceptional" | "loses";
  /** Teamwork (digest A16): −4 per helper with a dramatic failure (default) or −4 once. */
  teamworkDramaticFailures: "perHelper" | "once";
  /** Which failed dice a rote re-rolls: any failed die once (default, 002:L474) or the initial dice only. */
  roteScope?: "allFailedDice" | "initialDice";
}

export const DEFAULT_OPTIONS: StorytellingOptions = {
  chanceDieUsesAgain: false,
  willpowerBeforeDodge: false,
  strengthShortfall: "flat",
  successiveStep: 1,
  contestDramaticFailure: "opponentExceptional",
  teamworkDramaticFailures: "perHelper",
  roteScope: "allFailedDice",
};

/** The options from stored values (`readRulesetSettings`); a missing or unknown value reads as its default. */
export function optionsFrom(raw: Record<string, unknown>): StorytellingOptions {
  const flag = (key: "chanceDieUsesAgain" | "willpowerBeforeDodge"): boolean =>
    typeof raw[key] === "boolean" ? (raw[key] as boolean) : DEFAULT_OPTIONS[key];
  const text = (key: string, fallback: string): unknown => raw[key] ?? fallback;
  return {
    chanceDieUsesAgain: flag("chanceDieUsesAgain"),
    willpowerBeforeDodge: flag("willpowerBeforeDodge"),
    strengthShortfall: text("strengthShortfall", DEFAULT_OPTIONS.strengthShortfall) === "perPoint" ? "perPoint" : "flat",
    successiveStep: text("successiveStep", String(DEFAULT_OPTIONS.successiveStep)) === "2" ? 2 : 1,
    teamworkDramaticFailures: text("teamworkDramaticFailures", DEFAULT_OPTIONS.teamworkDramaticFailures) === "once" ? "once" : "perHelper",
    contestDramaticFailure:
      text("contestDramaticFailure", DEFAULT_OPTIONS.contestDramaticFailure) === "loses" ? "loses" : "opponentExceptional",
    roteScope: text("roteScope", "allFailedDice") === "initialDice" ? "initialDice" : "allFailedDice",
  };
}

const M = `${KEY}.SettingsMenu.`;

/**
 * The Storytelling settings menu: the options by topic and three reference checks of a 5-dice
 * pool and a chance die, computed by the roll dialog's odds code (`rollOdds`) with the options as
 * the checks read them (`optionsFrom`): a rote action of 5 dice reaching 3 successes, a second
 * attempt of 5 dice after a failure (the successive-attempt penalty), a chance die with 9-again.
 */
export const STORYTELLING_SETTINGS_MENU: SettingsMenuTable = {
  title: `${M}Title`,
  hint: `${M}Hint`,
  groups: [
    { id: "dice", label: `${M}Group.dice`, keys: ["chanceDieUsesAgain", "roteScope", "successiveStep"] },
    { id: "together", label: `${M}Group.together`, keys: ["teamworkDramaticFailures", "contestDramaticFailure"] },
    { id: "combat", label: `${M}Group.combat`, keys: ["willpowerBeforeDodge", "strengthShortfall", "rerollInitiative"] },
  ],
  checks: [
    {
      id: "rote",
      label: `${M}Check.rote`,
      probability: (raw) => rollOdds(5, { rote: true, roteRerolls: optionsFrom(raw).roteScope, requiredSuccesses: 3 }).success,
    },
    {
      id: "secondAttempt",
      label: `${M}Check.secondAttempt`,
      probability: (raw) => rollOdds(5 - successiveAttemptPenalty(2, { step: optionsFrom(raw).successiveStep })).success,
    },
    {
      id: "chance",
      label: `${M}Check.chance`,
      probability: (raw) => rollOdds(0, { again: 9, chanceDieUsesAgainLevel: optionsFrom(raw).chanceDieUsesAgain }).success,
    },
  ],
};
