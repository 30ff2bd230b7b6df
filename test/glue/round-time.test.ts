// A combat round's length in world time (`CONFIG.time.roundTime`, which core adds to the world's
// clock as each round ends), from each ruleset's own text, so world-time timers (healing, bacta,
// unconsciousness) run on through a fight: d6 five seconds (000:L1021), Storytelling three
// (002:L41), Silhouette about six (004:L1); WFRP names no length (003:L259), so core's is kept.
import { describe, expect, it, vi } from "vitest";
import { installFoundryStandIns } from "../support/foundry-stand-ins";

const ADAPTERS = {
  d6: ["d6", "d6Adapter"],
  storytelling: ["storytelling", "storytellingAdapter"],
  wfrp: ["wfrp", "wfrpAdapter"],
  silhouette: ["silhouette", "silhouetteAdapter"],
} as const;

async function roundTimeFor(id: keyof typeof ADAPTERS): Promise<unknown> {
  vi.resetModules();
  const stand = installFoundryStandIns({ settings: { "omnibus.ruleset": id } });
  const system = await import("../../src/foundry/system");
  const [folder, name] = ADAPTERS[id];
  const mod = (await import(`../../src/foundry/${folder}/adapter.ts`)) as Record<string, unknown>;
  system.installOmnibus([mod[name] as never]);
  await stand.fire("init");
  return (globalThis as unknown as { CONFIG: { time: { roundTime: unknown } } }).CONFIG.time.roundTime;
}

describe("a combat round advances the world's clock by the ruleset's round", () => {
  it("d6: 5 s (000:L1021)", async () => expect(await roundTimeFor("d6")).toBe(5));
  it("Storytelling: 3 s (002:L41)", async () => expect(await roundTimeFor("storytelling")).toBe(3));
  it("Silhouette: 6 s (004:L1)", async () => expect(await roundTimeFor("silhouette")).toBe(6));
  it("WFRP: the rules leave it to the GM, core's setting stays", async () => expect(await roundTimeFor("wfrp")).toBe(0));
});
