/**
 * Handlebars helpers of the `d6` ruleset. Names must be prefixed `omnibus-d6-`. This file must
 * stay free of Foundry globals at import time: the gallery and the template tests register these
 * helpers in node through `registerHelpers` (src/foundry/templates/helpers.ts).
 */
import type { HelperDelegate } from "handlebars";

export const helpers: Record<string, HelperDelegate> = {};
