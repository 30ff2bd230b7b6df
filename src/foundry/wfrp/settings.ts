/**
 * The `wfrp` rules options read from the world settings (specs and defaults:
 * src/rules/wfrp/table/settings.ts).
 */
import { rulesetSetting } from "../settings";
import { rulesFrom, type WfrpRules } from "../../rules/wfrp/table/settings";

/** The world's `wfrp` rules options (world settings). */
export function currentRules(): WfrpRules {
  return rulesFrom((key) => {
    try {
      return rulesetSetting("wfrp", key);
    } catch {
      return undefined;
    }
  });
}
