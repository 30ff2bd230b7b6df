/**
 * The Storytelling rules options read from the world settings (specs and defaults:
 * src/rules/storytelling/table/settings.ts), falling back to the defaults before init.
 */
import { readRulesetSettings } from "../settings";
import { optionsFrom, STORYTELLING_SETTINGS, type StorytellingOptions } from "../../rules/storytelling/table/settings";

/** The world's rules options (settings), with the defaults when unset. */
export function worldOptions(): StorytellingOptions {
  return optionsFrom(readRulesetSettings("storytelling", STORYTELLING_SETTINGS));
}
