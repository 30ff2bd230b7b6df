/**
 * The `wfrp` ruleset's adapter: what it tells the Foundry plumbing (see src/foundry/README.md and
 * the `RulesetAdapter` docs in src/foundry/ruleset.ts). Declare types as `wfrp_<name>` here AND
 * in system.json's documentTypes, with labels `TYPES.Actor.wfrp_<name>` in both lang files.
 */
import { defineRuleset } from "../ruleset";

export const wfrpAdapter = defineRuleset({
  id: "wfrp",
  label: "OMNIBUS.Ruleset.wfrp",
  actorTypes: {},
  itemTypes: {},
});
