// @vitest-environment happy-dom
// Issue 14, "Explain" on the D6 side-initiative card: T-70 (000:L1051–1055): Sev, Perception 3D+2,
// rolls 14; the tall man, Perception 4D, rolls 15 → the GM's side wins and chooses when to act.
// Here with a tie at 10 first, re-rolled by both sides (000:L1041). The real pure card builder and
// the real check-card template, in English and Russian.
import { describe, expect, it } from "vitest";
import { createHarness, Localizer, type Language } from "../support/handlebars";
import { sideInitiativeCard } from "../../src/rules/d6/table/combat";

function steps(language: Language): string[] {
  const t = new Localizer(language, true);
  const context = sideInitiativeCard(
    [
      { side: "1", roller: "Sev", code: { dice: 3, pips: 2 }, totals: [10, 14] },
      { side: "-1", roller: "Tall man", code: { dice: 4, pips: 0 }, totals: [10, 15] },
    ],
    "-1",
    ["-1", "1"],
    (key) => t.localize(key),
    t.localize("OMNIBUS.D6.Initiative.Title"),
  );
  const host = document.createElement("div");
  host.innerHTML = createHarness({ language }).render("d6/chat/check-card.hbs", { ...context, ruleset: "d6" });
  return Array.from(host.querySelectorAll(".omnibus-explain ol li")).map((li) => (li.textContent ?? "").trim());
}

describe("D6 side initiative explains each roll, the tie and the winner", () => {
  it("T-70 after a tie at 10: 14 against 15, the hostile side wins", () => {
    expect(steps("en")).toEqual([
      "Friendly: Sev rolls 3D+2 for 10.",
      "Hostile: Tall man rolls 4D for 10.",
      "Tie for the highest, 10: the tied sides roll again.",
      "Friendly: Sev rolls 3D+2 for 14.",
      "Hostile: Tall man rolls 4D for 15.",
      "Hostile rolled highest (15) and chooses to act first or last.",
    ]);
    expect(steps("ru").at(-1)).toMatch(/^.+: наибольший результат \(15\)/);
  });
});
