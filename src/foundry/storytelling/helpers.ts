/**
 * Handlebars helpers of the `storytelling` ruleset. Names must be prefixed `omnibus-storytelling-`. This file must
 * stay free of Foundry globals at import time: the gallery and the template tests register these
 * helpers in node through `registerHelpers` (src/foundry/templates/helpers.ts).
 */
import type { HelperDelegate } from "handlebars";

export const helpers: Record<string, HelperDelegate> = {};
