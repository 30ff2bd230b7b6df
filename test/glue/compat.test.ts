// @vitest-environment happy-dom
// src/foundry/compat.ts under the installed generation: this file runs in the "v13" and the "v14"
// vitest projects (OMNIBUS_FOUNDRY_GENERATION). Each block also shows that the other generation's
// call fails or warns here, i.e. that the test would fail without the module.
import { Window } from "happy-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundryStandIns, StandInDocument, statusEffectIds, type StandIns } from "../support/foundry-stand-ins";

let stand: StandIns;
let compat: typeof import("../../src/foundry/compat");
const g = globalThis as unknown as Record<string, any>;

beforeEach(async () => {
  vi.resetModules();
  stand = installFoundryStandIns();
  stand.makeUser("gm", true);
  compat = await import("../../src/foundry/compat");
});

const v14 = () => stand.generation >= 14;

describe("generation", () => {
  it("reads game.release.generation; 13 without it", () => {
    expect(compat.generation()).toBe(stand.generation);
    expect(compat.isV14()).toBe(v14());
    delete g.game.release;
    expect(compat.generation()).toBe(13);
  });
});

describe("message modes", () => {
  it("the roll dialog's modes are the generation's table, without v14's chat-only 'ic'", () => {
    const keys = Object.keys(compat.messageModes());
    expect(keys).toEqual(v14() ? ["public", "gm", "blind", "self"] : ["publicroll", "gmroll", "blindroll", "selfroll"]);
    expect(stand.recorded.deprecations).toEqual([]);
  });

  it("the current mode comes from the generation's setting, spelled for it", () => {
    stand.setMessageMode("selfroll");
    expect(compat.currentMessageMode()).toBe(v14() ? "self" : "selfroll");
    expect(stand.recorded.deprecations).toEqual([]);
  });

  it("v14's in-character mode posts a roll card publicly", () => {
    if (!v14()) return expect(compat.toGenerationMode("ic")).toBe("publicroll");
    stand.recorded.settingsValues.set("core.messageMode", "ic");
    expect(compat.currentMessageMode()).toBe("public");
  });

  it("the other generation's names fail or warn here", () => {
    if (v14()) {
      (g.game.settings as { get(n: string, k: string): unknown }).get("core", "rollMode");
      void g.CONFIG.Dice.rollModes;
      g.ChatMessage.applyRollMode({}, "gmroll");
      expect(stand.recorded.deprecations).toHaveLength(3);
      stand.recorded.deprecations.length = 0;
    } else {
      expect(() => g.game.settings.get("core", "messageMode")).toThrow(/not a registered/);
      expect(g.ChatMessage.applyMode).toBeUndefined();
      expect(g.CONFIG.ChatMessage).toBeUndefined();
    }
  });

  it("applies a mode to message data with the generation's static, and builds create's option", () => {
    const data: Record<string, unknown> = {};
    compat.applyMessageMode(data, "blindroll");
    expect(data).toEqual({ whisper: ["gm"], blind: true });
    expect(compat.messageCreateOptions("gm")).toEqual(v14() ? { messageMode: "gm" } : { rollMode: "gmroll" });
    expect(stand.recorded.deprecations).toEqual([]);
  });

  it("a blind roll does not ask for manual dice; the public mode is spelled for the generation", () => {
    for (const m of ["blindroll", "blind"]) expect(compat.evaluateOptions(m)).toEqual({ allowInteractive: false });
    for (const m of ["publicroll", "gm", "selfroll"]) expect(compat.evaluateOptions(m)).toEqual({ allowInteractive: true });
    expect(compat.publicMode()).toBe(v14() ? "public" : "publicroll");
  });

  it("an answer to a card takes the chat's mode; self and blind become a GM whisper; a whispered card keeps it whispered", () => {
    const gm = v14() ? "gm" : "gmroll";
    const open = { whisper: [] };
    stand.setMessageMode("selfroll");
    expect(compat.responseMode(open)).toEqual({ mode: gm, evaluate: { allowInteractive: true } });
    stand.setMessageMode("blindroll");
    expect(compat.responseMode(open)).toEqual({ mode: gm, evaluate: { allowInteractive: false } });
    stand.setMessageMode("gmroll");
    expect(compat.responseMode(open).mode).toBe(gm);
    stand.setMessageMode("publicroll");
    expect(compat.responseMode(open)).toEqual({ mode: compat.publicMode(), evaluate: { allowInteractive: true } });
    // A public answer to a GM-whispered card, and to a blind one (whose dice nobody types in).
    expect(compat.responseMode({ whisper: ["gm"] })).toEqual({ mode: gm, evaluate: { allowInteractive: true } });
    expect(compat.responseMode({ whisper: ["gm"], blind: true })).toEqual({ mode: gm, evaluate: { allowInteractive: false } });
    // The responder's dialog choice, in either spelling, wins over the chat's.
    expect(compat.responseMode(open, "self").mode).toBe(gm);
    expect(compat.responseMode(open, "publicroll").mode).toBe(compat.publicMode());
    expect(compat.modeOfMessage({ whisper: ["gm"], blind: true })).toBe(v14() ? "blind" : "blindroll");
    expect(stand.recorded.deprecations).toEqual([]);
  });
});

describe("status effects", () => {
  it("reads the core registry and writes a list back in the generation's shape, without deprecated array use", () => {
    expect(compat.readStatusEffects().map((e) => e.id)).toEqual(["dead", "prone", "blind"]);
    compat.writeStatusEffects([
      { id: "dead", name: "x" },
      { id: "stunned", name: "y" },
    ]);
    expect(Array.isArray(g.CONFIG.statusEffects)).toBe(!v14());
    expect(statusEffectIds()).toEqual(["dead", "stunned"]);
    if (v14()) expect(g.CONFIG.statusEffects.stunned).toMatchObject({ id: "stunned", name: "y" });
    expect(compat.readStatusEffects()).toEqual([
      { id: "dead", name: "x" },
      { id: "stunned", name: "y" },
    ]);
    expect(stand.recorded.deprecations).toEqual([]);
  });

  it("treating v14's registry as an array warns (what the old code did)", () => {
    g.CONFIG.statusEffects.filter(() => true);
    expect(stand.recorded.deprecations.length).toBe(v14() ? 1 : 0);
    stand.recorded.deprecations.length = 0;
  });
});

describe("deleting a key in an update", () => {
  it("deletes the flag with the generation's syntax, and no '-=' key on v14", async () => {
    const doc = new StandInDocument("a1", "Actor.a1", true);
    await doc.update({ "flags.omnibus.stDefense": { attacks: 1 }, "flags.omnibus.keep": 1 });
    const update = compat.addDeletion({ "system.x": 1 }, "flags.omnibus.stDefense");
    expect(Object.keys(update)).toEqual(v14() ? ["system.x", "flags.omnibus.stDefense"] : ["system.x", "flags.omnibus.-=stDefense"]);
    await doc.update(update);
    expect(doc.flags.omnibus).toEqual({ keep: 1 });
    expect(stand.recorded.deprecations).toEqual([]);
  });

  it("a '-=' key warns on v14", async () => {
    await new StandInDocument("a1", "Actor.a1", true).update({ "flags.omnibus.-=x": null });
    expect(stand.recorded.deprecations.length).toBe(v14() ? 1 : 0);
    stand.recorded.deprecations.length = 0;
  });
});

describe("scene levels", () => {
  const token = (id: string, x: number, level: string) => ({
    center: { x, y: 0 },
    name: id,
    document: { uuid: `Scene.s.Token.${id}`, level },
    actor: { uuid: `Actor.${id}` },
  });
  const grid = {
    measurePath: (w: Array<{ x: number; y: number }>) => ({ distance: Math.hypot(w[1].x - w[0].x, w[1].y - w[0].y) / 100 }),
    units: "m",
    size: 100,
    distance: 1,
  };

  it("an area lists only the viewed Level's tokens on v14, every token on v13", async () => {
    g.canvas = {
      ready: true,
      grid,
      level: { id: "ground" },
      tokens: { controlled: [], placeables: [token("a", 100, "ground"), token("b", 200, "upstairs"), token("c", 900, "ground")] },
    };
    const targets = await import("../../src/foundry/targets");
    const names = targets.tokensAround({ x: 0, y: 0 }, 5).map((t) => t.name);
    expect(names).toEqual(v14() ? ["a"] : ["a", "b"]);
  });

  it("the level test itself: a null level is the whole scene", () => {
    const t = token("a", 0, "upstairs");
    expect(compat.onLevel(t, null)).toBe(true);
    expect(compat.onLevel(t, "upstairs")).toBe(true);
    expect(compat.onLevel(t, "ground")).toBe(!v14());
    expect(compat.tokenLevel(t)).toBe(v14() ? "upstairs" : null);
  });
});

describe("pop-out windows", () => {
  it("reads a checkbox, finds the window and creates elements of another window's document", () => {
    const other = new Window();
    const input = other.document.createElement("input");
    input.type = "checkbox";
    other.document.body.appendChild(input);
    expect(compat.isCheckbox(input as unknown as Element)).toBe(true);
    // In a browser each window has its own classes: a popped-out window's input is not an instance
    // of the main window's HTMLInputElement (what the roll dialog tested). happy-dom windows share
    // classes, so that element is stood in for by one built on another prototype.
    const foreign = Object.assign(Object.create(null), { tagName: "INPUT", type: "checkbox", checked: true });
    expect(foreign instanceof HTMLInputElement).toBe(false);
    expect(compat.isCheckbox(foreign)).toBe(true);
    expect(compat.isCheckbox(document.createElement("select"))).toBe(false);
    expect(compat.windowOf(input as unknown as Node)).toBe(other);
    const mark = compat.createElementNear(input as unknown as Node, "i");
    expect(mark.ownerDocument).toBe(other.document);
    other.close();
  });

  it("Escape in the asking app's own window cancels a map-point pick", async () => {
    const handlers = new Map<string, (e: unknown) => void>();
    g.canvas = {
      ready: true,
      stage: { on: (n: string, f: (e: unknown) => void) => handlers.set(n, f), off: (n: string) => handlers.delete(n) },
    };
    const { pickCanvasPoint } = await import("../../src/foundry/pick-point");
    const other = new Window();
    const button = other.document.createElement("button");
    other.document.body.appendChild(button);
    const picked = pickCanvasPoint(button as unknown as Node);
    other.dispatchEvent(new other.KeyboardEvent("keydown", { key: "Escape" }));
    await expect(picked).resolves.toBeNull();
    expect(handlers.size).toBe(0);
    other.close();
  });
});

describe("Active Effects helpers", () => {
  it("reads either generation's change and writes the running one's", () => {
    expect(compat.readChange({ key: "system.a", mode: 2, value: 3, priority: null })).toEqual({
      key: "system.a",
      type: "add",
      value: "3",
      phase: "initial",
      priority: null,
    });
    expect(compat.readChange({ key: "system.a", type: "upgrade", value: "3", phase: "final", priority: 5 })).toEqual({
      key: "system.a",
      type: "upgrade",
      value: "3",
      phase: "final",
      priority: 5,
    });
    const add = { key: "system.a", type: "add" as const, value: "3", phase: "initial", priority: null };
    expect(compat.writeChange(add)).toEqual(
      v14()
        ? { key: "system.a", type: "add", value: "3", phase: "initial", priority: null }
        : { key: "system.a", mode: 2, value: "3", priority: null },
    );
    const subtract = { ...add, type: "subtract" as const };
    expect(compat.writeChange(subtract)).toEqual(v14() ? { ...subtract } : { key: "system.a", mode: 2, value: "-3", priority: null });
    if (!v14()) expect(() => compat.writeChange({ ...add, phase: "final" })).toThrow(/phase/);
  });

  it("reads either generation's duration as {value, units, expiry} and writes the running one's", () => {
    expect(compat.readDuration({ rounds: 3, startRound: 1 })).toEqual({ value: 3, units: "rounds", expiry: null });
    expect(compat.readDuration({ seconds: 60 })).toEqual({ value: 60, units: "seconds", expiry: null });
    expect(compat.readDuration({ value: 2, units: "minutes", expiry: "turnEnd" })).toEqual({
      value: 2,
      units: "minutes",
      expiry: "turnEnd",
    });
    expect(compat.readDuration({})).toEqual({ value: null, units: "seconds", expiry: null });
    const twoMinutes = { value: 2, units: "minutes" as const, expiry: null };
    expect(compat.writeDuration(twoMinutes)).toEqual(v14() ? twoMinutes : { seconds: 120 });
    expect(compat.writeDuration({ value: 3, units: "rounds", expiry: null })).toEqual(
      v14() ? { value: 3, units: "rounds", expiry: null } : { rounds: 3 },
    );
    if (!v14()) expect(() => compat.writeDuration({ value: 1, units: "rounds", expiry: "turnEnd" })).toThrow(/expiry/);
  });

  it("says whether core expires effects", () => {
    expect(compat.coreExpiresEffects()).toBe(v14());
  });
});
