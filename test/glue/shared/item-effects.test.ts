// @vitest-environment happy-dom
// Issue 15 §1: an item sheet has its own Effects section (before, an item's effects could be
// edited only from its owner's sheet): the item's effects listed with their changes, with create,
// toggle, edit and delete for an editor, rendered by the real Handlebars in both languages.
import { describe, expect, it } from "vitest";
import { itemEffectRowInput } from "../../../src/foundry/effects";
import { itemSheetContext } from "../../../src/rules/table/sheet-context";
import { createHarness } from "../../support/handlebars";

const knife = {
  effects: [
    {
      id: "e1",
      name: "Balanced",
      img: "icons/svg/sword.svg",
      disabled: false,
      transfer: true,
      changes: [{ key: "system.bonuses.attack", mode: 2, value: "1" }],
    },
    {
      id: "e2",
      name: "Rusty",
      disabled: true,
      transfer: false,
      changes: [{ key: "system.bonuses.attack", type: "subtract", value: "2", phase: "initial" }],
    },
  ],
};

function context(editable: boolean) {
  return itemSheetContext({
    ruleset: "d6",
    item: { id: "k", uuid: "Item.k", name: "Knife", type: "d6_weapon", system: { description: "" } },
    editable,
    editMode: false,
    effects: itemEffectRowInput(knife),
  });
}

describe("the item sheet's Effects section", () => {
  it("lists the item's effects (either generation's change shape) with their changes in short", () => {
    const rows = context(true).effects;
    expect(rows.map((r) => [r.id, r.name, r.summary, r.disabled])).toEqual([
      ["e1", "Balanced", "bonuses.attack +1", false],
      ["e2", "Rusty", "bonuses.attack \u22122", true],
    ]);
  });
  for (const language of ["en", "ru"] as const) {
    it(`renders in ${language}: a row per effect, create/toggle/delete for an editor, edit only for a reader`, () => {
      const h = createHarness({ language });
      const doc = new DOMParser().parseFromString(h.render("shared/item-description.hbs", context(true)), "text/html");
      expect([...doc.querySelectorAll("[data-effect-id]")].map((li) => li.getAttribute("data-effect-id"))).toEqual(["e1", "e2"]);
      expect(doc.querySelector('[data-action="effectCreate"]')).not.toBeNull();
      expect(doc.querySelectorAll('[data-action="effectToggle"]').length).toBe(2);
      expect(doc.querySelector(".omnibus-effect-disabled")?.getAttribute("data-effect-id")).toBe("e2");
      const read = new DOMParser().parseFromString(h.render("shared/item-description.hbs", context(false)), "text/html");
      expect(read.querySelector('[data-action="effectCreate"]')).toBeNull();
      expect(read.querySelector('[data-action="effectDelete"]')).toBeNull();
      expect(read.querySelectorAll('[data-action="effectEdit"]').length).toBe(2);
    });
  }
});
