// @vitest-environment happy-dom
// Issue 14, "Explain": every roll card carries a disclosure that lists its resolution step by step
// from the stored dice, and a legend of the dice styles it shows, in the reader's language. The
// cards are built by the real view-data builders (the D6 one through a roll with the Foundry
// stand-ins) and rendered with the real Handlebars templates in English and in Russian.
import { beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness, type Language, Localizer } from "../support/handlebars";
import { actorDoc, forceFaces, setUpTable, type Table } from "./d6/table";
import { packDoc } from "./d6/fixtures";
import { resolvePool } from "../../src/rules/storytelling/roll";
import { cardRoll } from "../../src/rules/storytelling/table/cards";
import { resolveTest } from "../../src/rules/wfrp/test";
import { testCardContext } from "../../src/rules/wfrp/table/cards";
import { readCheckFaces } from "../../src/rules/silhouette/pool";
import { cardContext, summarize } from "../../src/rules/silhouette/table/cards";
import { rewordExplain } from "../../src/foundry/explain-view";
import type { CheckValues } from "../../src/foundry/ruleset";

const harness: Record<Language, Harness> = { en: createHarness({ language: "en" }), ru: createHarness({ language: "ru" }) };

/** The rendered card as a DOM element. */
function render(language: Language, path: string, context: Record<string, unknown>): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = harness[language].render(path, context);
  return host;
}

const clean = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();
const steps = (card: HTMLElement) => Array.from(card.querySelectorAll(".omnibus-explain ol li")).map((li) => clean(li.textContent));
const legend = (card: HTMLElement) =>
  Array.from(card.querySelectorAll(".omnibus-explain .omnibus-dice-legend dd")).map((dd) => clean(dd.textContent));

describe("D6: the check card explains the roll", () => {
  let table: Table;
  beforeEach(async () => {
    table = await setUpTable();
  });

  async function perception(faces: number[], values: CheckValues) {
    const actor = actorDoc(table.stand, packDoc("d6-characters", "Thannik"), "Actor.thannik", true);
    const request = await table.checks.d6Checks.build({
      actor: actor as never,
      kind: "attribute",
      dataset: { attribute: "perception" },
      targets: [],
    });
    forceFaces(faces);
    const before = table.stand.recorded.rendered.length;
    await table.checks.d6Checks.roll(request!, { ...request!.values, ...values }, { rollMode: "publicroll" });
    // The public card is rendered first (a GM-only part, when there is one, after it).
    return { ...(table.stand.recorded.rendered[before].context as Record<string, unknown>), ruleset: "d6" };
  }

  // Digest T-63: Perception 3D and one Character Point; faces 1, 2, Wild 2, CP 6 then 4 → 15 against Moderate 13.
  it("T-63 step by step: the code, the regular dice, the Wild Die, the CP die, the total, 15 ≥ 13", async () => {
    const context = await perception([1, 2, 2, 6, 4], { characterPoints: 1, difficultyLevel: "moderate" });
    const card = render("en", "d6/chat/check-card.hbs", context);
    expect(card.querySelector("details.omnibus-explain summary")?.textContent).toBe("How this was rolled");
    expect(steps(card)).toEqual([
      "Rolled 3D.",
      "Regular dice 1, 2 = 3.",
      "Wild Die 2.",
      "Character Point die 1: 6, 4 = 10.",
      "Total 15.",
      "15 ≥ 13: success, margin 2.",
    ]);
    expect(legend(card)).toEqual(["Wild Die", "Character Point die", "added one more die (a 6, or the again number)"]);
    const ru = render("ru", "d6/chat/check-card.hbs", context);
    expect(steps(ru)).toEqual([
      "Брошен код 3D.",
      "Обычные кубики 1, 2 = 3.",
      "Дикий кубик 2.",
      "Кубик Очка персонажа 1: 6, 4 = 10.",
      "Итог 15.",
      "15 ≥ 13: успех, разница 2.",
    ]);
    expect(legend(ru)[0]).toBe("Дикий кубик");
  });

  // The default Wild Die rule (000:L517): a 1 on the Wild Die removes it and the highest die.
  it("a Wild Die 1 names the dice it removed and what they were worth: 5, 3, Wild 1 → −6, total 3", async () => {
    const context = await perception([5, 3, 1], { difficultyLevel: "none" });
    const card = render("en", "d6/chat/check-card.hbs", context);
    expect(steps(card)).toContain("Wild Die showed 1: removed it and the highest die (1, 5), −6.");
    expect(steps(card)).toContain("Total 3.");
    expect(legend(card)).toEqual(["Wild Die", "not counted", "a 1 that matters (Wild Die 1, dramatic failure, mishap)"]);
  });

  it("with hidden difficulties the players' card never states the difficulty in its steps", async () => {
    table = await setUpTable({ settings: { "omnibus.d6_hideDifficulty": true } });
    const context = await perception([1, 2, 2, 6, 4], { characterPoints: 1, difficultyLevel: "moderate" });
    const card = render("en", "d6/chat/check-card.hbs", context);
    expect(steps(card)).toHaveLength(5);
    expect(steps(card).at(-1)).toBe("Total 15.");
    expect(card.innerHTML).not.toContain("13");
  });

  it("a Russian reader sees an English author's steps in Russian (re-worded from the step data)", async () => {
    const context = await perception([1, 2, 2, 6, 4], { characterPoints: 1, difficultyLevel: "moderate" });
    const card = render("en", "d6/chat/check-card.hbs", context);
    const ru = new Localizer("ru", true);
    rewordExplain(card, (key, data) => (data ? ru.format(key, data) : ru.localize(key)));
    expect(steps(card)[0]).toBe("Брошен код 3D.");
    expect(steps(card)).toEqual(steps(render("ru", "d6/chat/check-card.hbs", context)));
    expect(clean(card.querySelector(".omnibus-explain summary")?.textContent)).toBe("Как получен результат");
    expect(legend(card)[0]).toBe("Дикий кубик");
  });

  it("markup that does not read as a step is left alone", () => {
    const host = document.createElement("div");
    host.innerHTML = `<details class="omnibus-explain"><ol><li data-omnibus-explain='{"code":"d6.total","values":{"total":{"x":1}}}'>kept</li><li data-omnibus-explain="not json">kept too</li></ol></details>`;
    rewordExplain(host, () => "changed");
    expect(steps(host)).toEqual(["kept", "kept too"]);
  });
});

describe("Storytelling: each roll of the card explains itself", () => {
  // 10-again (002:L192): the 10 counts and rolls one more die; the extra 9 succeeds. 10, 4, 8 + 9 → 3 successes.
  it("a pool of 3: 10, 4, 8 and the again die 9 → 3 successes", () => {
    const result = resolvePool(3, [10, 4, 8, 9]);
    const roll = cardRoll(result, { pool: 3, parts: [] } as never, {});
    const context = {
      title: "Wits + Composure",
      subtitle: "",
      img: "",
      kindLabel: "OMNIBUS.Storytelling.Check.pool",
      rolls: [roll],
      extended: null,
      willpowerSpent: false,
      notes: [],
    };
    const card = render("en", "storytelling/chat/roll-card.hbs", context);
    expect(steps(card)).toEqual(["3 dice rolled.", "10-again: the 10 rolled one more die.", "Successes (faces 8 and up): 3."]);
    expect(legend(card)).toEqual(
      expect.arrayContaining(["added one more die (a 6, or the again number)", "rolled for an again", "a success"]),
    );
    expect(steps(render("ru", "storytelling/chat/roll-card.hbs", context))).toEqual([
      "Брошено дайсов: 3.",
      "Снова-10: на 10 брошен ещё один дайс.",
      "Успехов (грани от 8): 3.",
    ]);
  });

  it("a chance die that shows 1 says it is a dramatic failure", () => {
    const result = resolvePool(0, [1]);
    const roll = cardRoll(result, { pool: 0, parts: [] } as never, {});
    const card = render("en", "storytelling/chat/roll-card.hbs", {
      title: "t",
      subtitle: "",
      img: "",
      kindLabel: "OMNIBUS.Storytelling.Check.pool",
      rolls: [roll],
      extended: null,
      willpowerSpent: false,
      notes: [],
    });
    expect(steps(card)[0]).toMatch(/^No dice left: one chance die/);
    expect(steps(card).at(-1)).toBe("The chance die showed 1: dramatic failure.");
  });
});

describe("WFRP: the test card explains the target and the SL", () => {
  // Digest V13 (003:L353): Athletics 34, Average (+20) → target 54, roll 21 → success, +3 SL (5 − 2).
  it("V13: target 34 +20 = 54, 21 ≤ 54, SL = 5 − 2 = +3", () => {
    const spec = { value: 34, difficulty: "average" as const };
    const result = resolveTest(spec, 21);
    const context = {
      ...testCardContext({ title: "Athletics", subtitle: "", img: "", result, spec, difficultyLabel: "Average (+20)" }),
      ruleset: "wfrp",
    };
    const card = render("en", "wfrp/chat/test-card.hbs", context);
    expect(steps(card)).toEqual(["Target 34 +20 (difficulty) 0 (modifiers) = 54.", "Rolled 21 ≤ 54: success.", "SL = 5 − 2 = +3."]);
    expect(steps(render("ru", "wfrp/chat/test-card.hbs", context))).toEqual([
      "Цель 34 +20 (сложность) 0 (модификаторы) = 54.",
      "Выпало 21 ≤ 54: успех.",
      "УУ = 5 − 2 = +3.",
    ]);
  });
});

describe("Silhouette: the check card explains the kept die", () => {
  // 004:L44–45: the highest die counts, each further 6 adds 1. Dice 2, 6, 6 → 6 + 1 = 7; +1 → 8 against 4.
  it("dice 2, 6, 6: the highest is 6, one more six +1 = 7, modifier +1 = 8, against 4: margin +4", () => {
    const roll = readCheckFaces({ dice: 3, modifier: 1, threshold: 4 }, [2, 6, 6]);
    const context = cardContext({
      version: 1,
      kind: "skill",
      title: "Notice",
      subtitle: "",
      img: "",
      actorUuid: null,
      roll: summarize(roll),
      lines: [],
      check: { threshold: 4, opposed: false, margin: roll.outcome!.margin, success: roll.outcome!.success },
      attack: null,
    });
    const card = render("en", "silhouette/chat/check.hbs", context as never);
    expect(steps(card)).toEqual([
      "Dice 2, 6, 6: the highest is 6.",
      "Extra sixes: +1 = 7.",
      "Modifier +1 = 8.",
      "8 against 4: margin +4, success.",
    ]);
    expect(legend(card)).toEqual(["the die that counts", "an extra six: +1"]);
    expect(steps(render("ru", "silhouette/chat/check.hbs", context as never))[0]).toBe("Кубики 2, 6, 6: наибольший — 6.");
  });
});
