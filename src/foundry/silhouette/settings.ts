/**
 * The Silhouette rules options read from the world settings (specs and defaults:
 * src/rules/silhouette/table/settings.ts). Stored as `omnibus.silhouette_<key>`.
 */
import { rulesetSetting } from "../settings";
import { DEFAULT_OPTIONS, optionsFrom, SILHOUETTE_SETTINGS, type SilhouetteOptions } from "../../rules/silhouette/table/settings";

/** The world's current options (falls back to the defaults before init). */
export function silhouetteOptions(): SilhouetteOptions {
  const raw: Record<string, unknown> = {};
  try {
    for (const spec of SILHOUETTE_SETTINGS) raw[spec.key] = rulesetSetting("silhouette", spec.key);
  } catch {
    return DEFAULT_OPTIONS;
  }
  return optionsFrom(raw);
}
