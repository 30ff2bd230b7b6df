import type { CliRuleset } from "../types";

/** `npx omnibus d6 …`: commands are added by the ruleset's work (see its issue). */
export const cli: CliRuleset = {
  id: "d6",
  title: "West End Games D6 (Star Wars, 2nd ed. R&E)",
  commands: {},
};
