/**
 * The Silhouette rules options read from the world settings (specs and defaults:
 * src/rules/silhouette/table/settings.ts). Stored as `omnibus.silhouette_<key>`.
 */
import { readRulesetSettings } from "../settings";
import { optionsFrom, SILHOUETTE_SETTINGS, type SilhouetteOptions } from "../../rules/silhouette/table/settings";

/** The world's current options (falls back to the defaults before init). */
export function silhouetteOptions(): SilhouetteOptions {
  return optionsFrom(readRulesetSettings("silhouette", SILHOUETTE_SETTINGS));
}
