// @vitest-environment happy-dom
// Issue 15 §2: a timer the table keeps (durations.ts: the effect's `flags.omnibus.timer`) shows on
// the actor sheet's Effects section what is left of it, from the combat's round or the world time:
// a d6 stun taken in round 3 lasts this round and the next (000:L405), so in round 4 one round is
// left; bacta for four days (000:L533) has three left a day and an hour in. Rendered by the real
// Handlebars in both languages; an effect that is no timer shows no length.
import { describe, expect, it } from "vitest";
import { effectRowInput } from "../../../src/foundry/effects";
import { actorSheetContext } from "../../../src/rules/table/sheet-context";
import { stunLength, bactaLength } from "../../../src/rules/d6";
import type { TimerNow } from "../../../src/core/durations";
import { createHarness } from "../../support/handlebars";

const timer = (kind: string, length: unknown, start: Record<string, unknown>) => ({
  omnibus: { timer: { ruleset: "d6", kind, length, start } },
});

const actor = {
  effects: [
    {
      id: "s",
      name: "Stunned",
      disabled: false,
      changes: [],
      flags: timer("stun", stunLength(), { round: 3, turn: 0, time: 0, combat: "c1" }),
    },
    {
      id: "b",
      name: "Bacta tank",
      disabled: false,
      changes: [],
      flags: timer("bacta", bactaLength(4, "days"), { round: null, turn: null, time: 0 }),
    },
    { id: "p", name: "Blessing", disabled: false, changes: [{ key: "system.bonuses.attack", type: "add", value: "1" }] },
  ],
  items: [],
};

const round4: TimerNow = { round: 4, turn: 0, turnsPerRound: 2, time: 86400 + 3600, combat: "c1" };

function context(now?: TimerNow) {
  return actorSheetContext({
    ruleset: "d6",
    actor: { id: "a", name: "Rhea", img: null, type: "d6_character", system: {}, items: [] },
    editable: true,
    editMode: false,
    tabs: [],
    activeTab: "notes",
    effects: effectRowInput(actor, now),
  });
}

describe("the Effects section's timers", () => {
  it("a stun in round 4 of the combat it began in round 3: 1 round left; bacta a day and an hour in: 3 days; a plain effect: none", () => {
    const rows = context(round4).effects;
    expect(rows.map((r) => [r.id, r.remaining, r.remainingKey])).toEqual([
      ["s", { value: 1, units: "rounds" }, "OMNIBUS.Effects.Remaining.rounds"],
      ["b", { value: 3, units: "days" }, "OMNIBUS.Effects.Remaining.days"],
      ["p", null, null],
    ]);
  });
  it("round 5: the stun is over (its end is the GM's to apply), no length is shown for it", () => {
    expect(context({ ...round4, round: 5 }).effects[0].remainingKey).toBeNull();
  });
  const expected = { en: ["Rounds left: 1", "Days left: 3"], ru: ["Осталось раундов: 1", "Осталось дней: 3"] };
  for (const language of ["en", "ru"] as const) {
    it(`renders in ${language}: the remaining length under the timer's name`, () => {
      const h = createHarness({ language });
      const doc = new DOMParser().parseFromString(h.render("shared/effects.hbs", context(round4)), "text/html");
      expect([...doc.querySelectorAll(".omnibus-effect-remaining")].map((e) => e.textContent?.trim())).toEqual(expected[language]);
      const plain = doc.querySelector('[data-effect-id="p"]');
      expect(plain?.querySelector(".omnibus-effect-remaining")).toBeNull();
    });
  }
});
