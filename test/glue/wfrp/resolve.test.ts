// @vitest-environment happy-dom
// A Surprised character may spend a Resolve point to lose the Condition (003:L319): from the sheet,
// one update (Resolve 2 → 1, Surprised cleared) and the token status off; refused without a point
// or when not Surprised, with nothing changed.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundryStandIns, StandInDocument, type StandIns } from "../../support/foundry-stand-ins";

/* eslint-disable @typescript-eslint/no-explicit-any */
let stand: StandIns;
beforeEach(() => {
  vi.resetModules();
  stand = installFoundryStandIns({ settings: { "omnibus.ruleset": "wfrp", "omnibus.rulesetChosen": true } });
  stand.makeUser("gm", true);
  stand.setActiveGM("gm");
});

function actor(system: Record<string, unknown>, statuses: string[] = []) {
  const doc = new StandInDocument("a", "Actor.a", true, {
    name: "Tollich",
    type: "wfrp_character",
    system,
    statuses: new Set(statuses),
  }) as StandInDocument & Record<string, any>;
  doc.toggles = [] as unknown[];
  doc.toggleStatusEffect = async (id: string, o: { active: boolean }) => {
    doc.toggles.push([id, o.active]);
    doc.statuses.delete(id);
  };
  return doc;
}

describe("spending Resolve to end Surprised (003:L319)", () => {
  it("Surprised with 2 Resolve: one update to 1 Resolve and no Surprised; the status is turned off", async () => {
    const { spendResolve } = await import("../../../src/foundry/wfrp/resolve/actions");
    const a = actor({ resolve: 2, conditions: { surprised: 1 } }, ["surprised"]);
    expect(await spendResolve(a as never)).toBe(true);
    expect(a.updates).toEqual([{ "system.resolve": 1, "system.conditions.surprised": 0 }]);
    expect(a.toggles).toEqual([["surprised", false]]);
  });

  it("refused with no Resolve left, or when not Surprised: nothing changes", async () => {
    const { spendResolve } = await import("../../../src/foundry/wfrp/resolve/actions");
    const none = actor({ resolve: 0, conditions: { surprised: 1 } });
    expect(await spendResolve(none as never)).toBe(false);
    expect(stand.recorded.notifications.at(-1)!.message).toContain("OMNIBUS.WFRP.Resolve.None");
    const calm = actor({ resolve: 3, conditions: { surprised: 0 } });
    expect(await spendResolve(calm as never)).toBe(false);
    expect(stand.recorded.notifications.at(-1)!.message).toContain("OMNIBUS.WFRP.Resolve.NotSurprised");
    expect([...none.updates, ...calm.updates]).toEqual([]);
  });

  it("the sheet offers the button only to a Surprised character with a Resolve point (a status counts as the Condition)", async () => {
    const { mayEndSurpriseWithResolve } = await import("../../../src/rules/wfrp/table/sheet-context");
    expect(mayEndSurpriseWithResolve({ resolve: 1, conditions: { surprised: 1 } })).toBe(true);
    expect(mayEndSurpriseWithResolve({ resolve: 1, conditions: {} }, ["surprised"])).toBe(true);
    expect(mayEndSurpriseWithResolve({ resolve: 0, conditions: { surprised: 1 } })).toBe(false);
    expect(mayEndSurpriseWithResolve({ resolve: 4, conditions: { surprised: 0 } })).toBe(false);
  });
});
