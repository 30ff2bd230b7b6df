import type { CliRuleset } from "../types";

/** `npx omnibus silhouette …`: commands are added by the ruleset's work (see its issue). */
export const cli: CliRuleset = {
  id: "silhouette",
  title: "Silhouette d6 pool (exploding sixes)",
  commands: {},
};
