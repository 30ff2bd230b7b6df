/**
 * The `silhouette` ruleset's adapter: what it tells the Foundry plumbing (see src/foundry/README.md and
 * the `RulesetAdapter` docs in src/foundry/ruleset.ts). Declare types as `silhouette_<name>` here AND
 * in system.json's documentTypes, with labels `TYPES.Actor.silhouette_<name>` in both lang files.
 */
import { defineRuleset } from "../ruleset";

export const silhouetteAdapter = defineRuleset({
  id: "silhouette",
  label: "OMNIBUS.Ruleset.silhouette",
  actorTypes: {},
  itemTypes: {},
});
