// @vitest-environment happy-dom
// Issue 14, "Dialogs": the roll dialog shows the numbers behind the roll — the D6 code actually
// rolled and each penalty, what each target's difficulty is made of, "out of range" instead of
// 0 %, the Storytelling pool size and its make-up — with no percentage bar on a number that is not
// a chance; rarely used options sit behind a disclosure that counts the ones set; Enter rolls and
// Escape cancels. Lines come from the adapters' real odds functions (through the Foundry
// stand-ins, worded by the real language files) and are rendered with the real templates.
import { beforeEach, describe, expect, it } from "vitest";
import { createHarness, Localizer, type Harness, type Language } from "../support/handlebars";
import { StandInDocument } from "../support/foundry-stand-ins";
import { actorDoc, setUpTable, type Table } from "./d6/table";
import { packDoc } from "./d6/fixtures";
import { setUpStorytelling, type StorytellingTable } from "./storytelling/setup";
import { describeTargets } from "../../src/foundry/targets";
import { dialogKeyAction, rollDialogContext } from "../../src/foundry/dialogs/roll-dialog-context";
import type { CheckRequest, CheckValues, OddsLine } from "../../src/foundry/ruleset";

const harness: Record<Language, Harness> = { en: createHarness({ language: "en" }), ru: createHarness({ language: "ru" }) };

/** Foundry's i18n in the reader's language (the stand-in's gives keys back). */
function speak(language: Language): void {
  const l = new Localizer(language, true);
  const g = globalThis as unknown as { game: { i18n: Record<string, unknown> } };
  g.game.i18n.localize = (key: string) => l.localize(key);
  g.game.i18n.format = (key: string, data: Record<string, unknown>) => l.format(key, data);
}

/** The dialog (fields and odds parts) as the reader sees it. */
function dialog(
  language: Language,
  request: CheckRequest,
  values: CheckValues,
  odds: (r: CheckRequest, v: CheckValues) => OddsLine[],
): HTMLElement {
  const context = rollDialogContext(request, values, odds, "publicroll", { publicroll: { label: "CHAT.RollPublic" } });
  const host = document.createElement("div");
  host.innerHTML = harness[language].render("dialog/roll-dialog.hbs", context) + harness[language].render("dialog/roll-odds.hbs", context);
  return host;
}

const clean = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();
const rows = (el: HTMLElement) =>
  Array.from(el.querySelectorAll(".omnibus-odds-line")).map((r) => ({
    text: clean(r.textContent),
    bar: r.querySelector(".omnibus-odds-bar") !== null,
    fact: r.classList.contains("omnibus-odds-fact"),
  }));

describe("D6: the code rolled, each target's difficulty, out of range", () => {
  let table: Table;
  const grid = {
    units: "m",
    measurePath: ([a, b]: Array<{ x: number; y: number }>) => ({ distance: Math.hypot(b.x - a.x, b.y - a.y) / 100 }),
  };
  const token = (name: string, actorUuid: string, x: number) => ({
    center: { x, y: 0 },
    name,
    document: { uuid: `Scene.s.Token.${name}` },
    actor: { uuid: actorUuid },
  });

  beforeEach(async () => {
    table = await setUpTable();
  });

  // Digest T-72 / T-58: a heavy blaster pistol 6D with two actions rolls 5D; a target at 15 m is at
  // medium range (Moderate 13); one at 5 m is short (Easy 8) but dodged 27, which replaces it; one at
  // 60 m is beyond long range (50) and cannot be hit.
  async function attack() {
    const shooter = actorDoc(table.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    actorDoc(table.stand, packDoc("d6-characters", "Thug"), "Actor.leader", false);
    const dodger = actorDoc(table.stand, packDoc("d6-characters", "Stormtrooper"), "Actor.dodger", false);
    (dodger as unknown as { system: { round: Record<string, unknown> } }).system.round.dodge = 27;
    actorDoc(table.stand, packDoc("d6-characters", "Thug"), "Actor.far", false);
    const targets = describeTargets(
      grid,
      token("thannik", "Actor.thannik", 0) as never,
      [token("leader", "Actor.leader", 1500), token("dodger", "Actor.dodger", 500), token("far", "Actor.far", 6000)] as never,
    );
    const weaponId = (shooter as unknown as { items: { contents: Array<{ id: string; name: string }> } }).items.contents.find(
      (i) => i.name === "Heavy blaster pistol",
    )!.id;
    return (await table.checks.d6Checks.build({ actor: shooter as never, kind: "attack", dataset: { itemId: weaponId }, targets }))!;
  }

  it("T-72: base 6D, multi-action −1D, rolling 5D; medium 13, dodge 27 replacing short 8; the far target is out of range, not 0 %", async () => {
    speak("en");
    const request = await attack();
    const el = dialog("en", request, { ...request.values, actions: 2 }, table.checks.d6Checks.odds!);
    const r = rows(el);
    expect(r.find((x) => x.text.startsWith("Difficulty leader"))).toMatchObject({
      text: "Difficulty leader Medium range 13",
      fact: true,
      bar: false,
    });
    expect(r.find((x) => x.text.startsWith("Difficulty dodger"))).toMatchObject({
      text: "Difficulty dodger Short range 8 → Dodge 27",
      bar: false,
    });
    expect(r.find((x) => x.text.includes("far"))).toEqual({ text: "Hit far Cannot be hit", bar: false, fact: true });
    expect(r.some((x) => x.text.includes("far") && x.text.includes("%"))).toBe(false);
    expect(r.find((x) => x.text.startsWith("Base code"))).toMatchObject({ text: "Base code 6D", fact: true, bar: false });
    expect(r.find((x) => x.text.startsWith("Multiple actions"))?.text).toBe("Multiple actions −1D");
    expect(r.find((x) => x.text.startsWith("Rolling"))).toMatchObject({
      text: expect.stringMatching(/^Rolling ≈ 17\.\d 5D$/),
      fact: true,
      bar: false,
    });
  });

  it("the same dialog in Russian: «Вне досягаемости»-style words from ru.json, the seed's difficulty names", async () => {
    speak("ru");
    const request = await attack();
    const r = rows(dialog("ru", request, { ...request.values, actions: 2 }, table.checks.d6Checks.odds!));
    const ru = new Localizer("ru", true);
    expect(r.find((x) => x.text.includes("far"))?.text).toBe(
      `${ru.localize("OMNIBUS.D6.Odds.HitTarget")} far ${ru.localize("OMNIBUS.D6.Card.OutOfRange")}`,
    );
    expect(r.find((x) => x.text.includes("leader") && x.fact)?.text).toBe(
      `${ru.localize("OMNIBUS.D6.Odds.DifficultyOf")} leader ${ru.localize("OMNIBUS.D6.Band.medium")} 13`,
    );
    expect(r.find((x) => x.text.startsWith(ru.localize("OMNIBUS.D6.Odds.Base")))?.text).toBe(`${ru.localize("OMNIBUS.D6.Odds.Base")} 6D`);
  });

  it("a plain roll with nothing changing its code shows only what it rolls", async () => {
    speak("en");
    const actor = actorDoc(table.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    const request = (await table.checks.d6Checks.build({
      actor: actor as never,
      kind: "attribute",
      dataset: { attribute: "perception" },
      targets: [],
    }))!;
    const r = rows(dialog("en", request, request.values, table.checks.d6Checks.odds!));
    expect(r.filter((x) => x.fact).map((x) => x.text)).toEqual([expect.stringMatching(/^Rolling ≈ [\d.]+ 3D$/)]);
    expect(r.every((x) => x.fact || x.text.includes("%"))).toBe(true);
  });
});

describe("Storytelling: the pool size and what it is made of, live", () => {
  let st: StorytellingTable;
  beforeEach(async () => {
    st = await setUpStorytelling();
  });

  // Digest E7: Intelligence 2 + Crafts 4, Specialty +1, a worn part −1 → 6 dice.
  it("E7: 6 dice = Intelligence 2 · Crafts 4 · Specialty +1 · modifier −1; the count follows the options", async () => {
    speak("en");
    const attrs = {
      intelligence: 2,
      wits: 2,
      resolve: 2,
      strength: 2,
      dexterity: 2,
      stamina: 2,
      presence: 2,
      manipulation: 2,
      composure: 2,
    };
    const doc = new StandInDocument("marcus", "Actor.marcus", true, {
      name: "marcus",
      img: "",
      type: "storytelling_character",
      system: { attributes: attrs, skills: { crafts: { dots: 4, specialties: "Engines" } } },
      items: [],
      statuses: new Set<string>(),
    });
    st.stand.documents.set("Actor.marcus", doc);
    const request = (await st.checks.storytellingChecks.build({
      actor: doc as never,
      kind: "pool",
      dataset: { skill: "crafts", attribute: "intelligence" },
      targets: [],
    }))!;
    const pool = (values: CheckValues) =>
      rows(dialog("en", request, values, st.checks.storytellingChecks.odds!)).find((x) => x.text.startsWith("Dice pool"));
    const e7 = pool({ ...request.values, specialty: true, modifier: -1 })!;
    expect(e7).toMatchObject({ fact: true, bar: false });
    expect(e7.text).toMatch(/^Dice pool Intelligence 2 · Crafts 4 · .*\+1 · .*−1 6 dice$/);
    expect(pool(request.values)!.text).toMatch(/ 6 dice$/); // 2 + 4
    expect(pool({ ...request.values, modifier: -6 })!.text).toMatch(/ a chance die$/);
    // The plain roll had 15 controls in view; teamwork, rote, the advanced action and contests now sit in "More options".
    const el = dialog("en", request, request.values, st.checks.storytellingChecks.odds!);
    const inView = Array.from(el.querySelectorAll("input, select")).filter((c) => !c.closest("details"));
    const tucked = Array.from(el.querySelectorAll("details.omnibus-roll-more input, details.omnibus-roll-more select")).map(
      (c) => (c as HTMLInputElement).name,
    );
    expect(tucked).toEqual(expect.arrayContaining(["rote", "advanced", "helperSuccesses", "helperDramaticFailures"]));
    expect(inView.length + tucked.length).toBe(request.fields.length + 1); // + the roll mode
    expect(inView.length).toBeLessThan(15);
    speak("ru");
    const ru = rows(dialog("ru", request, { ...request.values, specialty: true, modifier: -1 }, st.checks.storytellingChecks.odds!)).find(
      (x) => x.fact,
    )!;
    expect(ru.text).toMatch(/^Запас дайсов Интеллект 2 · .* дайсов: 6$/);
  });
});

describe("rare options behind a disclosure, Enter and Escape", () => {
  const request: CheckRequest = {
    ruleset: "storytelling",
    kind: "pool",
    title: "t",
    actorUuid: null,
    itemUuid: null,
    fields: [
      { name: "modifier", label: "OMNIBUS.Storytelling.Roll.Modifier", kind: "number", min: -10, max: 10 },
      { name: "rote", label: "OMNIBUS.Storytelling.Roll.Rote", kind: "checkbox", rare: true },
      { name: "willpower", label: "OMNIBUS.Storytelling.Roll.Willpower", kind: "checkbox", rare: true },
    ],
    values: { modifier: 0, rote: false, willpower: false },
    targets: [],
    data: {},
  } as CheckRequest;

  it("the common field stays in view; the rare ones sit in a closed <details> until one is set, which it counts", () => {
    const closed = dialog("en", request, request.values, () => []);
    const more = closed.querySelector("details.omnibus-roll-more")!;
    expect(more.hasAttribute("open")).toBe(false);
    expect(clean(more.querySelector("summary")!.textContent)).toBe("More options");
    expect(Array.from(more.querySelectorAll("input")).map((i) => i.name)).toEqual(["rote", "willpower"]);
    expect(closed.querySelector('input[name="modifier"]')!.closest("details")).toBeNull();
    const set = dialog("ru", request, { ...request.values, rote: true }, () => []);
    expect(set.querySelector("details.omnibus-roll-more")!.hasAttribute("open")).toBe(true);
    expect(clean(set.querySelector("details.omnibus-roll-more summary")!.textContent)).toBe("Дополнительно (задано: 1)");
    expect(set.querySelector(".omnibus-dialog-keys")!.textContent).toBe("Enter — бросить, Escape — отмена.");
  });

  it("Enter rolls from a field, not from a button; Escape cancels; other keys do nothing", () => {
    expect(dialogKeyAction("Enter", { tagName: "INPUT", type: "number" })).toBe("roll");
    expect(dialogKeyAction("Enter", { tagName: "SELECT" })).toBe("roll");
    expect(dialogKeyAction("Enter", { tagName: "INPUT", type: "checkbox" })).toBe("roll");
    expect(dialogKeyAction("Enter", { tagName: "BUTTON" })).toBeNull();
    expect(dialogKeyAction("Enter", { tagName: "SUMMARY" })).toBeNull();
    expect(dialogKeyAction("Enter", { tagName: "INPUT", type: "submit" })).toBeNull();
    expect(dialogKeyAction("Escape", { tagName: "INPUT", type: "number" })).toBe("cancel");
    expect(dialogKeyAction("a", { tagName: "INPUT" })).toBeNull();
  });
});
