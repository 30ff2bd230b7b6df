/**
 * The `storytelling` ruleset's adapter: what it tells the Foundry plumbing (see src/foundry/README.md and
 * the `RulesetAdapter` docs in src/foundry/ruleset.ts). Declare types as `storytelling_<name>` here AND
 * in system.json's documentTypes, with labels `TYPES.Actor.storytelling_<name>` in both lang files.
 */
import { defineRuleset } from "../ruleset";

export const storytellingAdapter = defineRuleset({
  id: "storytelling",
  label: "OMNIBUS.Ruleset.storytelling",
  actorTypes: {},
  itemTypes: {},
});
