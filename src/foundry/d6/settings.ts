/**
 * The D6 rules options read from the world settings (specs and defaults: src/rules/d6/table/settings.ts).
 */
import { rulesetSetting } from "../settings";
import { D6_SETTINGS, DEFAULT_SETTINGS, type D6Settings } from "../../rules/d6/table/settings";

/** The current options (each falls back to its default if unreadable). */
export function readSettings(): D6Settings {
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const spec of D6_SETTINGS) {
    try {
      const value = rulesetSetting("d6", spec.key);
      if (value !== undefined && value !== null) out[spec.key] = value;
    } catch {
      /* keep the default */
    }
  }
  return out as unknown as D6Settings;
}
