import type { CliRuleset } from "../types";

/** `npx omnibus storytelling …`: commands are added by the ruleset's work (see its issue). */
export const cli: CliRuleset = {
  id: "storytelling",
  title: "Storytelling System (World of Darkness, 2004)",
  commands: {},
};
