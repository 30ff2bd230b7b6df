// The table tools of issue 19 against the Foundry stand-ins: the keybindings (registered at init,
// read by every roll click), the check hooks (payloads, change, cancel), the @Check enricher and its
// clicks, and posting an item to chat in the reader's language.
// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundryStandIns, type StandIns } from "../../support/foundry-stand-ins";
import { createHarness } from "../../support/handlebars";
import type { CheckRequest, CheckValues, RulesetAdapter } from "../../../src/foundry/ruleset";

/* eslint-disable @typescript-eslint/no-explicit-any */
const g = () => globalThis as any;
let stand: StandIns;
let rolled: Array<{ request: CheckRequest; values: CheckValues; rollMode: string }>;
let built: Array<Record<string, unknown>>;

function adapter(): RulesetAdapter {
  return {
    id: "d6",
    label: "OMNIBUS.Ruleset.d6",
    actorTypes: { d6_character: { dataModel: class {} as never } },
    itemTypes: { d6_skill: { dataModel: class {} as never } },
    checks: {
      build(source) {
        built.push({
          kind: source.kind,
          dataset: source.dataset,
          actor: (source.actor as any)?.id ?? null,
          item: (source.item as any)?.id ?? null,
        });
        return {
          ruleset: "d6",
          kind: source.kind,
          title: "Blaster",
          actorUuid: (source.actor as any)?.uuid ?? null,
          fields: [],
          values: { difficulty: 10, careful: false, note: "" },
          targets: [],
        };
      },
      async roll(request, values, { rollMode }) {
        rolled.push({ request, values, rollMode });
        return { id: "msg1", rolls: [{ options: { outcome: { success: true, margin: 3 } } }] };
      },
    },
  };
}

async function boot(settings: Record<string, unknown> = {}) {
  vi.resetModules();
  rolled = [];
  built = [];
  stand = installFoundryStandIns({ settings: { "omnibus.ruleset": "d6", "omnibus.rulesetChosen": true, ...settings } });
  const system = await import("../../../src/foundry/system");
  system.installOmnibus([adapter()]);
  await stand.fire("init");
}

/** Real Handlebars rendering and translations for the templates (instead of the recording stand-in). */
function useHarness(language: "en" | "ru") {
  const h = createHarness({ language });
  g().foundry.applications.handlebars.renderTemplate = async (path: string, context: Record<string, unknown>) => h.render(path, context);
  g().game.i18n.lang = language;
  g().game.i18n.localize = (key: string) => h.localizer.localize(key);
  g().game.i18n.format = (key: string, data: Record<string, string>) => h.localizer.format(key, data);
  return h;
}

const press = (...codes: string[]) => codes.forEach((c) => g().game.keyboard.downKeys.add(c));

describe("keybindings", () => {
  beforeEach(() => boot());

  it("registers both actions at init with their default keys, names and hints", () => {
    const toggle = stand.recorded.keybindings.get("omnibus.toggleRollDialog");
    const defaults = stand.recorded.keybindings.get("omnibus.rollWithDefaults");
    expect(toggle).toMatchObject({
      name: "OMNIBUS.Keybinding.ToggleRollDialog.Name",
      hint: "OMNIBUS.Keybinding.ToggleRollDialog.Hint",
      editable: [{ key: "ShiftLeft" }, { key: "ShiftRight" }],
    });
    expect(defaults).toMatchObject({
      name: "OMNIBUS.Keybinding.RollWithDefaults.Name",
      editable: [{ key: "AltLeft" }, { key: "AltRight" }],
    });
  });

  it("a click reads the held binding: nothing held opens the dialog, Shift skips it, Alt rolls with defaults", async () => {
    const keys = await import("../../../src/foundry/keybindings");
    expect(keys.clickRollOptions()).toEqual({ shiftKey: false });
    press("ShiftRight");
    expect(keys.clickRollOptions()).toEqual({ shiftKey: true });
    g().game.keyboard.downKeys.clear();
    press("AltLeft");
    expect(keys.clickRollOptions()).toEqual({ skipDialog: true });
  });

  it("a rebound action is read from its new binding, not from Shift", async () => {
    const keys = await import("../../../src/foundry/keybindings");
    stand.recorded.keybindings.get("omnibus.toggleRollDialog")!.editable = [{ key: "KeyQ", modifiers: ["Control"] }];
    press("ShiftLeft");
    expect(keys.clickRollOptions()).toEqual({ shiftKey: false });
    press("KeyQ");
    expect(keys.clickRollOptions()).toEqual({ shiftKey: false }); // Control not held
    press("ControlLeft");
    expect(keys.clickRollOptions()).toEqual({ shiftKey: true });
  });
});

describe("omnibus.preRollCheck / omnibus.rollCheck", () => {
  beforeEach(() => boot({ "omnibus.rollDialog": false }));
  const actor = { id: "a1", uuid: "Actor.a1", items: { find: () => undefined } };

  it("pre gets the plain request and values and may change them; after gets the message, rolls and outcome", async () => {
    const pre: any[] = [];
    const after: any[] = [];
    g().Hooks.on("omnibus.preRollCheck", (p: any) => {
      pre.push(structuredClone({ ...p, request: { kind: p.request.kind } }));
      p.values.difficulty = 15;
      p.rollMode = "gmroll";
    });
    g().Hooks.on("omnibus.rollCheck", (p: any) => after.push(p));
    const { runCheck } = await import("../../../src/foundry/checks");
    await runCheck({ actor: actor as never, kind: "skill", dataset: {}, targets: [] });
    expect(pre).toEqual([
      {
        ruleset: "d6",
        kind: "skill",
        actorUuid: "Actor.a1",
        itemUuid: null,
        userId: "player",
        request: { kind: "skill" },
        values: { difficulty: 10, careful: false, note: "" },
        rollMode: "publicroll".replace(/^publicroll$/, stand.generation >= 14 ? "public" : "publicroll"),
        dialog: false,
      },
    ]);
    expect(rolled).toHaveLength(1);
    expect(rolled[0].values.difficulty).toBe(15);
    expect(rolled[0].rollMode).toBe("gmroll");
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      ruleset: "d6",
      kind: "skill",
      values: { difficulty: 15 },
      rollMode: "gmroll",
      message: { id: "msg1" },
      outcome: { success: true, margin: 3 },
    });
    expect(after[0].rolls).toHaveLength(1);
  });

  it("a handler returning false cancels: nothing is rolled and rollCheck is not called", async () => {
    const after: unknown[] = [];
    g().Hooks.on("omnibus.preRollCheck", () => false);
    g().Hooks.on("omnibus.rollCheck", (p: unknown) => after.push(p));
    const { runCheck } = await import("../../../src/foundry/checks");
    expect(await runCheck({ actor: actor as never, kind: "skill", dataset: {}, targets: [] })).toBeNull();
    expect(rolled).toEqual([]);
    expect(after).toEqual([]);
  });
});

describe("@Check inline links", () => {
  beforeEach(() => boot({ "omnibus.rollDialog": false }));

  it("init adds one enricher whose pattern finds the links", () => {
    const enrichers = g().CONFIG.TextEditor.enrichers as Array<{ pattern: RegExp }>;
    expect(enrichers).toHaveLength(1);
    expect(enrichers[0].pattern.global).toBe(true);
    expect([..."See @Check[skill=blaster]{Shoot}.".matchAll(enrichers[0].pattern)].map((m) => m[0])).toEqual([
      "@Check[skill=blaster]{Shoot}",
    ]);
  });

  it.each(["en", "ru"] as const)("renders a button, and a bad link as an inline error naming the fault (%s)", async (language) => {
    useHarness(language);
    const enricher = g().CONFIG.TextEditor.enrichers[0];
    const good = await enricher.enricher([..."@Check[skill=blaster difficulty=12]{Shoot}".matchAll(enricher.pattern)][0]);
    expect(good.tagName).toBe("A");
    expect(good.dataset.link).toBe("skill=blaster difficulty=12");
    expect(good.textContent.trim()).toBe("Shoot");
    const bad = await enricher.enricher([...'@Check[skill="blaster]'.matchAll(enricher.pattern)][0]);
    expect(bad.tagName).toBe("SPAN");
    expect(bad.classList.contains("omnibus-check-link-error")).toBe(true);
    expect(bad.textContent).toContain(language === "ru" ? "кавычка" : "quote");
    expect(bad.textContent).toContain('skill="blaster');
  });

  it("a click rolls for the user's character, finds the skill item by name, and starts from the link's values", async () => {
    useHarness("en");
    const blaster = { id: "sk1", type: "d6_skill", name: "Blaster", system: {} };
    g().game.user.character = { id: "hero", uuid: "Actor.hero", items: [blaster] };
    const link = await import("../../../src/foundry/check-link");
    link.installCheckLinkClicks(document);
    const el = await g().CONFIG.TextEditor.enrichers[0].enricher(
      [..."@Check[skill=blaster difficulty=12]".matchAll(/@Check\[([^\]]*)\]/g)][0],
    );
    document.body.append(el);
    el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    await vi.waitFor(() => expect(rolled).toHaveLength(1));
    expect(built[0]).toEqual({
      kind: "skill",
      dataset: { check: "skill", skill: "blaster", difficulty: "12", itemId: "sk1" },
      actor: "hero",
      item: null,
    });
    expect(rolled[0].values).toEqual({ difficulty: 12, careful: false, note: "" });
  });

  it("without a character it uses the controlled token's actor; with neither it warns and rolls nothing", async () => {
    const link = await import("../../../src/foundry/check-link");
    g().canvas.tokens.controlled = [{ actor: { id: "npc", uuid: "Actor.npc", items: [] } }];
    await link.runCheckLink("attribute=dexterity");
    expect(built.map((b) => b.actor)).toEqual(["npc"]);
    g().canvas.tokens.controlled = [];
    expect(await link.runCheckLink("attribute=dexterity")).toBeNull();
    expect(stand.recorded.notifications.at(-1)).toEqual({ level: "warn", message: "OMNIBUS.Link.NoActor" });
    expect(built).toHaveLength(1);
  });

  it("a value the check cannot take is refused with a message and nothing is rolled", async () => {
    g().game.user.character = { id: "hero", uuid: "Actor.hero", items: [] };
    const link = await import("../../../src/foundry/check-link");
    await link.runCheckLink("skill=blaster difficulty=hard");
    expect(rolled).toEqual([]);
    const notice = stand.recorded.notifications.at(-1);
    expect(notice?.level).toBe("warn");
    expect(notice?.message).toContain("difficulty");
    expect(notice?.message).toContain("hard");
  });
});

describe("post an item to chat", () => {
  beforeEach(() => boot());

  const item = (parent: unknown, isOwner = true) => ({
    id: "w1",
    uuid: "Actor.hero.Item.w1",
    name: "Blaster pistol",
    img: "icons/blaster.svg",
    type: "d6_skill",
    parent,
    isOwner,
    system: { description: "<p>Reliable sidearm.</p>" },
    flags: { omnibus: { nameRu: "Бластерный пистолет", descriptionRu: "<p>Надёжное личное оружие.</p>" } },
  });

  it("posts one card with both languages; each reader keeps their own; the owner's Roll button rolls the item", async () => {
    useHarness("en");
    const hero = { id: "hero", uuid: "Actor.hero" };
    const doc = item(hero);
    stand.documents.set(doc.uuid, doc);
    const { postItem } = await import("../../../src/foundry/post-item");
    await postItem(doc as never);
    expect(stand.recorded.messagesCreated).toHaveLength(1);
    const content = String(stand.recorded.messagesCreated[0].data.content);
    expect(content).toContain("Reliable sidearm.");
    expect(content).toContain("Надёжное личное оружие.");
    expect((stand.recorded.messagesCreated[0].data.flags as any).omnibus.postedItem).toEqual({ uuid: doc.uuid });

    for (const language of ["en", "ru"] as const) {
      useHarness(language);
      const html = document.createElement("div");
      html.innerHTML = content;
      await stand.fire("renderChatMessageHTML", { flags: {} }, html);
      const text = html.textContent ?? "";
      expect(text).toContain(language === "ru" ? "Бластерный пистолет" : "Blaster pistol");
      expect(text).not.toContain(language === "ru" ? "Reliable" : "Надёжное");
      expect(html.querySelector("[data-omnibus-item-roll]")?.textContent?.trim()).toBe(language === "ru" ? "Бросок" : "Roll");
    }
    const html = document.createElement("div");
    html.innerHTML = content;
    await stand.fire("renderChatMessageHTML", { flags: {} }, html);
    html.querySelector<HTMLElement>("[data-omnibus-item-roll]")!.click();
    await vi.waitFor(() => expect(built).toHaveLength(1));
    expect(built[0]).toMatchObject({ kind: "item", actor: "hero", item: "w1" });
  });

  it("a reader who does not own the item gets no Roll button; a world item offers none", async () => {
    useHarness("en");
    const doc = item({ id: "hero" }, false);
    stand.documents.set(doc.uuid, doc);
    const { postItem, rollPostedItem } = await import("../../../src/foundry/post-item");
    await postItem(doc as never);
    const html = document.createElement("div");
    html.innerHTML = String(stand.recorded.messagesCreated[0].data.content);
    await stand.fire("renderChatMessageHTML", { flags: {} }, html);
    expect(html.querySelector("[data-omnibus-item-roll]")).toBeNull();
    expect(await rollPostedItem(doc.uuid)).toBeNull();
    expect(stand.recorded.notifications.at(-1)).toEqual({ level: "warn", message: "Only the owner of this item can roll it from chat." });
    await postItem(item(null) as never);
    expect(String(stand.recorded.messagesCreated[1].data.content)).not.toContain("data-omnibus-item-roll");
    expect(built).toEqual([]);
  });
});
