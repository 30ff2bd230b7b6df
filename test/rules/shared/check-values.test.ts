import { describe, expect, expectTypeOf, it } from "vitest";
import { numberValue, textValue, type PlainActor } from "../../../src/rules/table/types";
import type { ActorSnapshot } from "../../../src/rules/storytelling/table/checks";
import type { ActorView } from "../../../src/rules/wfrp/table/checks";
import type { PlainItem as StorytellingItem } from "../../../src/rules/storytelling/table/derive";
import type { PlainItem as WfrpItem } from "../../../src/rules/wfrp/table/derive";

describe("reading a roll dialog's values", () => {
  const values = { dice: 4, modifier: -1, water: "deep", unaware: true, blank: "" };
  it("numberValue answers the number given, else the fallback (0 unless named)", () => {
    expect(numberValue(values, "dice")).toBe(4);
    expect(numberValue(values, "modifier", 3)).toBe(-1);
    expect(numberValue(values, "water")).toBe(0);
    expect(numberValue(values, "missing", 2)).toBe(2);
    expect(numberValue(values, "unaware", 5)).toBe(5);
  });
  it("textValue answers the text given (even empty), else the fallback", () => {
    expect(textValue(values, "water", "none")).toBe("deep");
    expect(textValue(values, "blank", "none")).toBe("");
    expect(textValue(values, "dice", "none")).toBe("none");
    expect(textValue(values, "missing", "stationary")).toBe("stationary");
  });
});

describe("one plain actor shape for the table logic", () => {
  it("Storytelling's ActorSnapshot and WFRP's ActorView are the shared PlainActor (the snapshot always has statuses)", () => {
    expectTypeOf<ActorView>().toEqualTypeOf<PlainActor<WfrpItem>>();
    expectTypeOf<ActorSnapshot>().toMatchTypeOf<PlainActor<StorytellingItem>>();
    expectTypeOf<ActorSnapshot["statuses"]>().toEqualTypeOf<string[]>();
    const snapshot: ActorSnapshot = {
      uuid: "Actor.a",
      name: "A",
      img: "",
      type: "character",
      system: {},
      items: [],
      statuses: ["prone"],
      flags: { defense: 1 },
    };
    expect(snapshot.statuses).toEqual(["prone"]);
  });
});
