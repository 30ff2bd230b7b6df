/**
 * The `wfrp` rules options read from the world settings (specs and defaults:
 * src/rules/wfrp/table/settings.ts).
 */
import { readRulesetSettings } from "../settings";
import { rulesFrom, WFRP_SETTINGS, type WfrpRules } from "../../rules/wfrp/table/settings";

/** The world's `wfrp` rules options (world settings). */
export function currentRules(): WfrpRules {
  const raw = readRulesetSettings("wfrp", WFRP_SETTINGS);
  return rulesFrom((key) => raw[key]);
}
