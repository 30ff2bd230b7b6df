/**
 * Shared set-up for the Storytelling glue tests: the Foundry stand-ins with the Storytelling adapter
 * installed (init + ready), and the stand-in Roll evaluating from a queue of forced faces (one list
 * per roll, d10s) while recording each evaluated formula.
 */
import { vi } from "vitest";
import { forceFacesPerRoll, installFoundryStandIns, type StandIns } from "../../support/foundry-stand-ins";

export interface StorytellingTable {
  stand: StandIns;
  adapter: (typeof import("../../../src/foundry/storytelling/adapter"))["storytellingAdapter"];
  checks: typeof import("../../../src/foundry/storytelling/checks");
  actions: typeof import("../../../src/foundry/chat/actions");
  targets: typeof import("../../../src/foundry/targets");
  combat: typeof import("../../../src/foundry/storytelling/combat");
  defenseActions: typeof import("../../../src/foundry/storytelling/defense/actions");
  /** Faces the next evaluated rolls produce, one list per roll (what Foundry's dice would have shown). */
  faceQueue: number[][];
  /** The formulas of the rolls evaluated, in order. */
  evaluated: string[];
}

export async function setUpStorytelling(): Promise<StorytellingTable> {
  vi.resetModules();
  const stand = installFoundryStandIns({ settings: { "omnibus.ruleset": "storytelling" } });
  stand.makeUser("gm", true);
  stand.setActiveGM("gm");
  // Each Roll takes the next list of faces and rolls them through the shared stand-in dice (the
  // formula's parsed terms, the system's die terms among them); every face of the list must be used.
  const { queue: faceQueue, evaluated } = forceFacesPerRoll();
  const system = await import("../../../src/foundry/system");
  const adapter = (await import("../../../src/foundry/storytelling/adapter")).storytellingAdapter;
  system.installOmnibus([adapter]);
  await stand.fire("init");
  await stand.fire("ready");
  return {
    stand,
    adapter,
    faceQueue,
    evaluated,
    checks: await import("../../../src/foundry/storytelling/checks"),
    actions: await import("../../../src/foundry/chat/actions"),
    targets: await import("../../../src/foundry/targets"),
    combat: await import("../../../src/foundry/storytelling/combat"),
    defenseActions: await import("../../../src/foundry/storytelling/defense/actions"),
  };
}
