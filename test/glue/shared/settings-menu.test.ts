// @vitest-environment happy-dom
// The rules-options menu (issue 19) with the Foundry stand-ins: init registers the active ruleset's
// menu (GM only) and hides its options from the flat list with their keys and defaults unchanged;
// the window reads the stored values, saves only the values that changed, and refuses a bad value
// or a player with a message, writing nothing.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundryStandIns, type StandIns } from "../../support/foundry-stand-ins";
import { createHarness } from "../../support/handlebars";

let stand: StandIns;
type Menu = import("../../../src/foundry/settings-menu").RulesetSettingsMenu;
type MenuClass = new () => Menu;

async function boot(active: string, settings: Record<string, unknown> = {}) {
  vi.resetModules();
  stand = installFoundryStandIns({ settings: { "omnibus.ruleset": active, ...settings } });
  stand.makeUser("gm", true);
  stand.setActiveGM("gm");
  const { d6Adapter } = await import("../../../src/foundry/d6/adapter");
  const { wfrpAdapter } = await import("../../../src/foundry/wfrp/adapter");
  const system = await import("../../../src/foundry/system");
  system.installOmnibus([d6Adapter, wfrpAdapter]);
  await stand.fire("init");
  return { d6Adapter, wfrpAdapter };
}

const menuClass = (key: string) => stand.recorded.menusRegistered.get(key)?.type as MenuClass;
const asGM = <T>(fn: () => Promise<T> | T) => stand.asUser("gm", fn);
const notices = () => stand.recorded.notifications.map((n) => `${n.level} ${n.message}`);

describe("registration", () => {
  beforeEach(async () => {
    await boot("d6");
  });

  it("registers the active ruleset's menu only, restricted to the GM", () => {
    expect([...stand.recorded.menusRegistered.keys()]).toEqual(["omnibus.d6_rulesMenu"]);
    const menu = stand.recorded.menusRegistered.get("omnibus.d6_rulesMenu")!;
    expect(menu).toMatchObject({
      name: "OMNIBUS.D6.SettingsMenu.Title",
      label: "OMNIBUS.SettingsMenu.Open",
      hint: "OMNIBUS.D6.SettingsMenu.Hint",
      restricted: true,
    });
    expect(new (menu.type as MenuClass)().ruleset).toBe("d6");
  });

  it("every rules option keeps its key, scope and default and is hidden from the flat list", async () => {
    const { D6_SETTINGS } = await import("../../../src/rules/d6/table/settings");
    const { WFRP_SETTINGS } = await import("../../../src/rules/wfrp/table/settings");
    for (const [id, specs] of [
      ["d6", D6_SETTINGS],
      ["wfrp", WFRP_SETTINGS],
    ] as const)
      for (const spec of specs) {
        const reg = stand.recorded.settingsRegistered.get(`omnibus.${id}_${spec.key}`);
        expect(reg, spec.key).toMatchObject({ default: spec.default, scope: "world", config: false });
        if (spec.choices) expect(reg!.choices).toEqual(spec.choices);
        if (spec.range) expect(reg!.range).toEqual(spec.range);
      }
    // The system's own settings stay in the list.
    expect(stand.recorded.settingsRegistered.get("omnibus.ruleset")?.config).toBe(true);
  });

  it("another active ruleset gets its own menu", async () => {
    await boot("wfrp");
    expect([...stand.recorded.menusRegistered.keys()]).toEqual(["omnibus.wfrp_rulesMenu"]);
    expect(new (menuClass("omnibus.wfrp_rulesMenu"))().ruleset).toBe("wfrp");
  });
});

describe("the window", () => {
  beforeEach(async () => {
    await boot("d6", { "omnibus.d6_wildOne": "normal", "omnibus.d6_metresPerUnit": 2 });
  });

  it("reads the stored values (unset ones as their defaults) into the view", async () => {
    const app = new (menuClass("omnibus.d6_rulesMenu"))();
    const view = (await asGM(() => app._prepareContext())) as unknown as import("../../../src/rules/table/settings-menu").SettingsMenuView;
    const options = view.groups.flatMap((g) => g.options);
    expect(options.find((o) => o.key === "wildOne")!.choices.find((c) => c.selected)!.value).toBe("normal");
    expect(options.find((o) => o.key === "metresPerUnit")!.value).toBe("2");
    expect(options.find((o) => o.key === "hideDifficulty")!.checked).toBe(false);
    expect(options.find((o) => o.key === "wildOne")!.preview!.rows[0]).toMatchObject({
      current: true,
      labelKey: "OMNIBUS.D6.Setting.WildOne.normal",
    });
    expect(view.canEdit).toBe(true);
    expect(app.title).toBe("OMNIBUS.D6.SettingsMenu.Title");
  });

  it("saves only the changed values, as their types", async () => {
    const app = new (menuClass("omnibus.d6_rulesMenu"))();
    const saved = await asGM(() => app.save({ wildOne: "complication", metresPerUnit: "2", hideDifficulty: false, fallTumble: true }));
    expect(saved).toBe(true);
    expect(stand.recorded.settingsWritten).toEqual(["omnibus.d6_wildOne", "omnibus.d6_fallTumble"]);
    expect(stand.recorded.settingsValues.get("omnibus.d6_wildOne")).toBe("complication");
    expect(stand.recorded.settingsValues.get("omnibus.d6_fallTumble")).toBe(true);
    expect(notices()).toContain('info OMNIBUS.SettingsMenu.Saved {"count":"2"}');
    // The pure reader the checks use now sees them.
    const { readSettings } = await import("../../../src/foundry/d6/settings");
    expect(readSettings()).toMatchObject({ wildOne: "complication", fallTumble: true, metresPerUnit: 2 });
  });

  it("a form with one bad value writes nothing and names the option", async () => {
    const app = new (menuClass("omnibus.d6_rulesMenu"))();
    expect(await asGM(() => app.save({ wildOne: "complication", metresPerUnit: "500" }))).toBe(false);
    expect(await asGM(() => app.save({ difficultyPick: "average" }))).toBe(false);
    expect(stand.recorded.settingsWritten).toEqual([]);
    expect(stand.recorded.settingsValues.get("omnibus.d6_wildOne")).toBe("normal");
    expect(notices()).toEqual([
      'warn OMNIBUS.SettingsMenu.Error.OutOfRange {"option":"OMNIBUS.D6.Setting.MetresPerUnit.Name","min":"0.1","max":"100"}',
      'warn OMNIBUS.SettingsMenu.Error.NotAChoice {"option":"OMNIBUS.D6.Setting.DifficultyPick.Name"}',
    ]);
  });

  it("a player cannot save", async () => {
    const app = new (menuClass("omnibus.d6_rulesMenu"))();
    expect(await app.save({ wildOne: "complication" })).toBe(false);
    expect(stand.recorded.settingsWritten).toEqual([]);
    expect(notices()).toEqual(["warn OMNIBUS.SettingsMenu.GMOnly"]);
    const view = (await app._prepareContext()) as unknown as { canEdit: boolean };
    expect(view.canEdit).toBe(false);
  });

  it("nothing changed: nothing written, and the GM is told", async () => {
    const app = new (menuClass("omnibus.d6_rulesMenu"))();
    expect(await asGM(() => app.save({ wildOne: "normal", metresPerUnit: "2" }))).toBe(true);
    expect(stand.recorded.settingsWritten).toEqual([]);
    expect(notices()).toEqual(["info OMNIBUS.SettingsMenu.NothingChanged"]);
  });

  it("a change in the form recomputes the previews with the form's values, saving nothing", async () => {
    const app = new (menuClass("omnibus.d6_rulesMenu"))();
    expect(app.preview({ difficultyPick: "highest", wildOne: "normal" })).toBe(true);
    const view = (await asGM(() => app._prepareContext())) as unknown as import("../../../src/rules/table/settings-menu").SettingsMenuView;
    const options = view.groups.flatMap((g) => g.options);
    expect(options.filter((o) => o.unsaved).map((o) => o.key)).toEqual(["difficultyPick"]);
    expect(options.find((o) => o.key === "difficultyPick")!.preview!.rows[0]).toMatchObject({
      current: true,
      labelKey: "OMNIBUS.D6.Setting.DifficultyPick.highest",
    });
    // A bad value does not move the previews (the save names it).
    expect(app.preview({ difficultyPick: "average" })).toBe(false);
    const again = (await asGM(() => app._prepareContext())) as unknown as typeof view;
    expect(
      again.groups
        .flatMap((g) => g.options)
        .filter((o) => o.unsaved)
        .map((o) => o.key),
    ).toEqual(["difficultyPick"]);
    expect(stand.recorded.settingsWritten).toEqual([]);
    // Saved: nothing is pending any more.
    expect(await asGM(() => app.save({ difficultyPick: "highest" }))).toBe(true);
    const after = (await asGM(() => app._prepareContext())) as unknown as typeof view;
    expect(after.groups.flatMap((g) => g.options).some((o) => o.unsaved)).toBe(false);
  });

  it("the rendered form reads back as the values it shows; an edit in it is saved", async () => {
    const app = new (menuClass("omnibus.d6_rulesMenu"))();
    const view = await asGM(() => app._prepareContext());
    const form = document.createElement("form");
    form.innerHTML = createHarness().render("dialog/settings-menu.hbs", view);
    // happy-dom misreads a select whose `selected` option is set by innerHTML (it picks the one
    // before): set each select from its marked option, as a browser does.
    for (const select of form.querySelectorAll("select"))
      select.value = select.querySelector("option[selected]")?.getAttribute("value") ?? "";
    const raw = app.readForm(form);
    expect(raw).toMatchObject({ wildOne: "normal", metresPerUnit: "2", hideDifficulty: false, wildDieDamage: true });
    expect(Object.keys(raw).length).toBe(17);
    (form.elements.namedItem("difficultyPick") as HTMLSelectElement).value = "highest";
    (form.elements.namedItem("hideDifficulty") as HTMLInputElement).checked = true;
    expect(await asGM(() => app.save(app.readForm(form)))).toBe(true);
    expect(stand.recorded.settingsWritten).toEqual(["omnibus.d6_difficultyPick", "omnibus.d6_hideDifficulty"]);
  });
});
