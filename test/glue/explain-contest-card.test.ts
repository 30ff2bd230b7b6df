// @vitest-environment happy-dom
// Issue 14, "Explain" on the Storytelling contest card: each side's roll and who won and why, and in
// an extended contest each stage with both running totals — the digest's worked contests (E19b, E20,
// E21), through the real pure state machine and the real template, in English and Russian.
import { describe, expect, it } from "vitest";
import { createHarness, type Harness, type Language } from "../support/handlebars";
import { resolvePool } from "../../src/rules/storytelling/roll";
import {
  addContestRoll,
  contestCardContext,
  contestRoll,
  startContest,
  type ContestState,
} from "../../src/rules/storytelling/table/contest/cards";

const harness: Record<Language, Harness> = { en: createHarness({ language: "en" }), ru: createHarness({ language: "ru" }) };
const clean = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();
function card(language: Language, state: ContestState): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = harness[language].render("storytelling/chat/contest-card.hbs", contestCardContext(state, "Race"));
  return host;
}
const steps = (host: HTMLElement) => Array.from(host.querySelectorAll(".omnibus-explain ol li")).map((li) => clean(li.textContent));

const karen = { name: "Karen", img: "", actorUuid: "Actor.karen", traits: "Stamina + Athletics" };
const robber = { name: "Robber", img: "", actorUuid: "Actor.robber", traits: "Stamina + Athletics" };
const opts = { dramaticFailure: "opponentExceptional" as const, defaults: { attribute: "stamina", second: "skill:athletics" } };
/** A pool of `dice` dice with exactly `successes` faces of 8 (the rest 2). */
const roll = (dice: number, successes: number) =>
  contestRoll(resolvePool(dice, [...Array(successes).fill(8), ...Array(dice - successes).fill(2)]));
const instant = (a: ReturnType<typeof roll>, b: ReturnType<typeof roll>) =>
  addContestRoll(startContest({ first: karen, firstRoll: a, second: robber, target: null, ...opts }), 1, 1, b);

describe("Storytelling contest card explains the contest", () => {
  // E20 (002:L353): Karen 4 successes against the robber's 3 → Karen wins.
  it("E20: 4 successes against 3, Karen wins", () => {
    const host = card("en", instant(roll(7, 4), roll(5, 3)));
    expect(steps(host)).toEqual([
      "Karen: 7 dice, successes: 4.",
      "Robber: 5 dice, successes: 3.",
      "More successes wins: Karen, 4 against 3.",
    ]);
    expect(steps(card("ru", instant(roll(7, 4), roll(5, 3))))).toEqual([
      "Karen: дайсов 7, успехов 4.",
      "Robber: дайсов 5, успехов 3.",
      "Побеждает тот, у кого больше успехов: Karen, 4 против 3.",
    ]);
    expect(Array.from(host.querySelectorAll(".omnibus-dice-legend dd")).map((dd) => clean(dd.textContent))).toContain("a success");
  });

  // E19b (002:L347, L341): 5 against 2 — more than the opponent and five or more: exceptional.
  it("E19b: 5 against 2 is an exceptional success", () => {
    expect(steps(card("en", instant(roll(6, 5), roll(4, 2)))).slice(-2)).toEqual([
      "More successes wins: Karen, 5 against 2.",
      "5 successes, more than the opponent and five or more: an exceptional success.",
    ]);
  });

  it("a tie has no winner; a dramatic failure loses (the opponent's success becomes exceptional)", () => {
    expect(steps(card("en", instant(roll(3, 1), roll(3, 1)))).at(-1)).toBe("Equal successes (1 each): nobody wins.");
    const chanceOne = contestRoll(resolvePool(0, [1]));
    expect(steps(card("en", instant(chanceOne, roll(3, 1))))).toEqual([
      "Karen: a dramatic failure.",
      "Robber: 3 dice, successes: 1.",
      "Karen failed dramatically: Robber wins with an exceptional success.",
    ]);
  });

  it("before the opponent rolls there is nothing to explain", () => {
    expect(steps(card("en", startContest({ first: karen, firstRoll: roll(7, 4), second: robber, target: null, ...opts })))).toEqual([]);
  });

  // E21 (002:L355): target 6; stages 1–3: Karen 1, 3, 0; the robber 3, 0, 3 → totals 4 and 6, the robber wins.
  it("E21: three stages with running totals, the robber reaches 6 first", () => {
    let s = startContest({ first: karen, firstRoll: roll(7, 1), second: robber, target: 6, ...opts });
    s = addContestRoll(s, 1, 1, roll(5, 3));
    s = addContestRoll(s, 0, 2, roll(7, 3));
    s = addContestRoll(s, 1, 2, roll(5, 0));
    s = addContestRoll(s, 0, 3, roll(7, 0));
    s = addContestRoll(s, 1, 3, roll(5, 3));
    expect(steps(card("en", s))).toEqual([
      "Stage 1: Karen 1, Robber 3; totals 1 and 3.",
      "Stage 2: Karen 3, Robber 0; totals 4 and 3.",
      "Stage 3: Karen 0, Robber 3; totals 4 and 6.",
      "Robber reached 6 first (6) and wins.",
    ]);
    expect(steps(card("ru", s))[0]).toBe("Бросок 1: Karen 1, Robber 3; всего 1 и 3.");
  });
});
