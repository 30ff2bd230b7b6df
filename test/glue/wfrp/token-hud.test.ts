// @vitest-environment happy-dom
// Issue 15 §1: WFRP Conditions with a count show it on the token HUD and change it there — Bleeding
// 2 shows "2", a left click makes it 3, a right click takes one off; the last one off clears the
// status icon; Prone (it does not stack) keeps Foundry's own toggle. Runs as v13 and v14.
import { describe, expect, it } from "vitest";
import { StandInDocument } from "../../support/foundry-stand-ins";
import { decorateConditionHud, nextConditionCount } from "../../../src/foundry/wfrp/tokens";

function hud(): HTMLElement {
  const html = document.createElement("div");
  html.innerHTML = `<div class="status-effects"><img class="effect-control" data-status-id="bleeding" src="b.svg"><img class="effect-control" data-status-id="fatigued" src="f.svg"><img class="effect-control" data-status-id="prone" src="p.svg"></div>`;
  return html;
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe("stacking Conditions on the token HUD", () => {
  it("the rules' count: +1 and −1, never below 0", () => {
    expect(nextConditionCount({ bleeding: 2 }, "bleeding", 1)).toBe(3);
    expect(nextConditionCount({ bleeding: 2 }, "bleeding", -1)).toBe(1);
    expect(nextConditionCount({}, "bleeding", -1)).toBe(0);
  });

  it("Bleeding 2 shows 2; a click makes 3, right clicks take it to 0 and the status icon goes off; Prone is left to Foundry", async () => {
    (globalThis as any).game = { user: { isGM: true, id: "gm" } };
    const actor = new StandInDocument("a", "Actor.a", true, {
      system: { conditions: { bleeding: 2 } },
      statuses: new Set(["bleeding"]),
    }) as StandInDocument & Record<string, any>;
    actor.live = true;
    const html = hud();
    expect(decorateConditionHud(html, actor as never)).toBe(2);
    const bleeding = html.querySelector<HTMLElement>('[data-status-id="bleeding"]')!;
    expect(bleeding.dataset.omnibusCount).toBe("2");
    expect(html.querySelector('[data-status-id-count="bleeding"]')?.textContent).toBe("2");
    expect(html.querySelector('[data-status-id-count="fatigued"]')).toBeNull();
    let foundry = 0;
    bleeding.addEventListener("click", () => foundry++);
    bleeding.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    await settle();
    expect(actor.system.conditions.bleeding).toBe(3);
    expect(foundry).toBe(0);
    for (let i = 0; i < 3; i++) {
      bleeding.dispatchEvent(new MouseEvent("contextmenu", { bubbles: true }));
      await settle();
    }
    expect(actor.system.conditions.bleeding).toBe(0);
    expect(actor.statusToggles).toEqual([{ id: "bleeding", active: false }]);
    const prone = html.querySelector<HTMLElement>('[data-status-id="prone"]')!;
    expect(prone.dataset.omnibusCount).toBeUndefined();
  });
});
