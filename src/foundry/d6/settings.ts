/**
 * The D6 rules options read from the world settings (specs and defaults: src/rules/d6/table/settings.ts).
 */
import { readRulesetSettings } from "../settings";
import { D6_SETTINGS, settingsFrom, type D6Settings } from "../../rules/d6/table/settings";

/** The current options (each falls back to its default if unreadable). */
export function readSettings(): D6Settings {
  return settingsFrom(readRulesetSettings("d6", D6_SETTINGS));
}
