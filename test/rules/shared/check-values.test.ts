import { describe, expect, it } from "vitest";
import { numberValue, textValue } from "../../../src/rules/table/types";

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
