/**
 * Readied actions and delay as plain data (004:L13-16): who may hold, the order at a trigger's moment,
 * and how long each lasts (004:L2, L14, L16).
 */
import { describe, expect, it } from "vitest";
import { planHold, planTrigger, readTriggerText, type RoundView } from "../../../src/rules/silhouette/table/combat";
import { delayedLength, readiedLength, silhouetteTimerExpired } from "../../../src/rules/silhouette/timers";

const view = (turn: number, holds: RoundView["holds"], order = ["a", "r", "b", "c", "d"]): RoundView => ({ round: 2, turn, order, holds });
const key = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { data?: { key?: string } }).data?.key;
  }
  return null;
};

describe("holding an action", () => {
  it("only on one's own turn, and not twice", () => {
    expect(planHold("readied", view(1, {}), "r")).toBe("readied");
    expect(key(() => planHold("delayed", view(2, {}), "r"))).toBe("HoldNotYourTurn");
    expect(key(() => planHold("delayed", view(1, { r: "readied" }), "r"))).toBe("HoldAlready");
    expect(key(() => planHold("readied", { ...view(0, {}), turn: null }, "a"))).toBe("HoldNoTurn");
  });

  it("a trigger is a short line of text", () => {
    expect(readTriggerText("  the door\n opens ")).toBe("the door opens");
    expect(key(() => readTriggerText(""))).toBe("HoldTriggerText");
    expect(key(() => readTriggerText("x".repeat(121)))).toBe("HoldTriggerText");
    expect(key(() => readTriggerText(42))).toBe("HoldTriggerText");
  });
});

describe("the order at a trigger", () => {
  it("readied goes off before the acting character, which then acts; delayed acts after it", () => {
    expect(planTrigger(view(3, { r: "readied" }), "r")).toMatchObject({ order: ["a", "b", "r", "c", "d"], turn: 2, when: "readied" });
    expect(planTrigger(view(2, { r: "delayed" }), "r")).toMatchObject({ order: ["a", "b", "r", "c", "d"], turn: 1, when: "delayed" });
  });

  it("two readied actions on one trigger both go before it, in the order triggered", () => {
    const first = planTrigger(view(3, { r: "readied", a: "readied" }), "r");
    expect(first.moment).toEqual({ round: 2, trigger: "c", readied: ["r"], delayed: [] });
    // r is acting now (before c) when a's readied action is triggered too: a after r, still before c.
    const second = planTrigger({ round: 2, turn: first.turn, order: first.order, holds: { a: "readied" } }, "a", first.moment);
    expect(second).toMatchObject({ order: ["b", "r", "a", "c", "d"], turn: 1 });
  });

  it("one who holds nothing, or the trigger itself, is refused", () => {
    expect(key(() => planTrigger(view(3, {}), "r"))).toBe("HoldNone");
    expect(key(() => planTrigger(view(1, { r: "readied" }), "r"))).toBe("HoldIsTrigger");
  });
});

describe("how long a hold lasts", () => {
  const start = { round: 2, turn: 1, time: 0, combat: "cb" };
  const at = (round: number | null) => ({ round, turn: 0, time: 0, combat: round === null ? null : "cb" });
  it("a delay ends when the next round begins (004:L2, L16)", () => {
    expect(silhouetteTimerExpired("delayed", delayedLength(), start, at(2))).toBe(false);
    expect(silhouetteTimerExpired("delayed", delayedLength(), start, at(3))).toBe(true);
  });
  it("a readied action is held through the rounds and ends with the fight (004:L14)", () => {
    for (const round of [2, 3, 10]) expect(silhouetteTimerExpired("readied", readiedLength(), start, at(round))).toBe(false);
    expect(silhouetteTimerExpired("readied", readiedLength(), start, at(null))).toBe(true);
  });
});
