import { describe, expect, it } from "vitest";
import { OmnibusError } from "../../src/core/errors";
import {
  keyOf,
  oneOf,
  optionalFlag,
  optionsObject,
  requireArray,
  requireBoolean,
  requireDice,
  requireNumber,
  requireObject,
  requireString,
} from "../../src/core/guards";

/** The error a guard throws: always an OmnibusError badArgument naming the argument and the value. */
function refusal(run: () => unknown): OmnibusError {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(OmnibusError);
    return e as OmnibusError;
  }
  throw new Error("the guard accepted its input");
}

describe("the one guard module: name first, then the value", () => {
  it("requireObject takes objects and refuses null, lists and primitives, naming the argument", () => {
    const o = { a: 1 };
    expect(requireObject("opts", o)).toBe(o);
    for (const bad of [null, undefined, 3, "x", [1, 2]]) {
      const e = refusal(() => requireObject("opts", bad));
      expect(e.code).toBe("badArgument");
      expect(e.data.name).toBe("opts");
      expect(e.message).toMatch(/^opts must be an object, got /);
    }
    expect(refusal(() => requireObject("opts", [1])).data.value).toBe("[1]");
  });
  it("optionsObject: undefined and null mean all defaults; anything else must be an object", () => {
    expect(optionsObject("options", undefined)).toEqual({});
    expect(optionsObject("options", null)).toEqual({});
    const o = { x: true };
    expect(optionsObject("options", o)).toBe(o);
    expect(refusal(() => optionsObject("options", 5 as never)).message).toBe("options must be an object, got 5");
  });
  it("requireArray: a list, or [] for an absent optional one", () => {
    const l = [1, 2];
    expect(requireArray("rolls", l)).toBe(l);
    expect(requireArray("rolls", undefined, true)).toEqual([]);
    expect(refusal(() => requireArray("rolls", undefined)).message).toBe("rolls must be a list, got undefined");
    expect(refusal(() => requireArray("rolls", { length: 1 })).data).toEqual({ name: "rolls", value: '{"length":1}' });
  });
  it("requireString, requireBoolean, optionalFlag", () => {
    expect(requireString("id", "a")).toBe("a");
    expect(refusal(() => requireString("id", 7)).message).toBe("id must be text, got 7");
    expect(requireBoolean("toHarm", false)).toBe(false);
    expect(refusal(() => requireBoolean("toHarm", "yes")).message).toBe("toHarm must be true or false, got yes");
    expect(optionalFlag("rote", undefined)).toBe(false);
    expect(optionalFlag("rote", true)).toBe(true);
    expect(refusal(() => optionalFlag("rote", 1)).data).toEqual({ name: "rote", value: "1" });
  });
  it("requireNumber: finite, within the limits given, decimals allowed", () => {
    expect(requireNumber("speed", 2.5, 0, 100000)).toBe(2.5);
    expect(requireNumber("t", -4)).toBe(-4);
    expect(refusal(() => requireNumber("speed", 100001, 0, 100000)).message).toBe("speed must be a number in 0…100000, got 100001");
    expect(refusal(() => requireNumber("d", -1, 0)).message).toBe("d must be a non-negative number, got -1");
    expect(refusal(() => requireNumber("t", Infinity)).message).toBe("t must be a finite number, got Infinity");
    expect(refusal(() => requireNumber("t", Number.NaN)).code).toBe("badArgument");
    expect(refusal(() => requireNumber("t", "3")).code).toBe("badArgument");
  });
  it("oneOf and keyOf", () => {
    expect(oneOf("mode", "b", ["a", "b"] as const)).toBe("b");
    expect(refusal(() => oneOf("mode", "c", ["a", "b"])).message).toBe("mode must be one of a, b, got c");
    expect(keyOf("cover", "full", { full: 1, half: 2 })).toBe("full");
    expect(refusal(() => keyOf("cover", "toString", { full: 1 })).data.name).toBe("cover");
  });
  it("requireDice: an object with roll(sides)", () => {
    const dice = { roll: () => 1 };
    expect(requireDice("dice", dice)).toBe(dice);
    for (const bad of [null, {}, { roll: 3 }]) {
      const e = refusal(() => requireDice("source", bad as never));
      expect(e.data).toEqual({ name: "source" });
      expect(e.message).toMatch(/dice source/);
    }
  });
});
