import type { CliRuleset } from "../types";

/** `npx omnibus wfrp …`: commands are added by the ruleset's work (see its issue). */
export const cli: CliRuleset = {
  id: "wfrp",
  title: "Warhammer Fantasy Roleplay 4th edition",
  commands: {},
};
