import { describe, expect, it } from "vitest";
import { describeValue, facesUnusedError } from "../../src/core/errors";

describe("describeValue (the one copy every error message uses)", () => {
  it("shows text as it is, numbers and the odd primitives by String()", () => {
    expect(describeValue("abc")).toBe("abc");
    expect(describeValue(12)).toBe("12");
    expect(describeValue(Number.NaN)).toBe("NaN");
    expect(describeValue(undefined)).toBe("undefined");
    expect(describeValue(null)).toBe("null");
    expect(describeValue(10n)).toBe("10");
  });
  it("shows plain objects and lists as JSON, not [object Object]", () => {
    expect(describeValue({ a: 1 })).toBe('{"a":1}');
    expect(describeValue([1, "x"])).toBe('[1,"x"]');
  });
  it("never throws, even for values whose toString or toJSON is broken", () => {
    const broken = {
      toString: 1,
      toJSON: () => {
        throw new Error("no");
      },
    };
    expect(describeValue(broken)).toBe("[object Object]");
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(describeValue(circular)).toBe("[object Object]");
    expect(describeValue(Object.create(null))).toBe("{}");
    expect(describeValue(Symbol("s"))).toBe("Symbol(s)");
  });
  it("names unused faces through it", () => {
    expect(facesUnusedError([1, 2]).data).toEqual({ count: 2, first: "1,2" });
  });
});
