/**
 * The `d6` ruleset's adapter: what it tells the Foundry plumbing (see src/foundry/README.md and
 * the `RulesetAdapter` docs in src/foundry/ruleset.ts). Declare types as `d6_<name>` here AND
 * in system.json's documentTypes, with labels `TYPES.Actor.d6_<name>` in both lang files.
 */
import { defineRuleset } from "../ruleset";

export const d6Adapter = defineRuleset({
  id: "d6",
  label: "OMNIBUS.Ruleset.d6",
  actorTypes: {},
  itemTypes: {},
});
