// Loads the BUILT bundle (module/omnibus.mjs, from `node scripts/build.mjs`; `npm test` builds first)
// with the Foundry stand-ins and fires init/setup/ready, as Foundry would.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { installFoundryStandIns } from "./support/foundry-stand-ins";

const bundle = resolve("module/omnibus.mjs");

describe("the built bundle", () => {
  it("exists (run the build first)", () => {
    expect(existsSync(bundle)).toBe(true);
  });

  it("loads and runs init, setup and ready without error", async () => {
    const stand = installFoundryStandIns();
    const errors: unknown[] = [];
    const onError = (e: unknown) => errors.push(e);
    process.on("unhandledRejection", onError);
    await import(`${pathToFileURL(bundle).href}?t=${Date.now()}`);
    expect([...stand.recorded.hooks.keys()]).toEqual(
      expect.arrayContaining([
        "init",
        "setup",
        "ready",
        "renderChatMessageHTML",
        "hotbarDrop",
        "dropActorSheetData",
        "renderCompendiumDirectory",
      ]),
    );
    await stand.fire("init");
    await stand.fire("setup");
    await stand.fire("ready");
    await new Promise((r) => setTimeout(r, 10));
    process.off("unhandledRejection", onError);
    expect(errors).toEqual([]);
    const game = (globalThis as unknown as { game: { omnibus: { ruleset: string } } }).game;
    expect(game.omnibus.ruleset).toBe("d6");
    expect(stand.recorded.settingsRegistered.has("omnibus.ruleset")).toBe(true);
    expect(stand.recorded.socketListeners.has("system.omnibus")).toBe(true);
    expect(stand.recorded.templatesLoaded.length).toBeGreaterThan(0);
    // No deprecated name of this generation (runs under the v13 and the v14 stand-ins; the v14 ones
    // record core.rollMode, CONFIG.Dice.rollModes, applyRollMode, "-=" keys, array use of CONFIG.statusEffects).
    expect(stand.recorded.deprecations).toEqual([]);
    expect(stand.generation).toBe(process.env.OMNIBUS_FOUNDRY_GENERATION === "14" ? 14 : 13);
  });
});
