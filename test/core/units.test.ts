// The shared number and length reader (src/core/units.ts) against spellings users type, and the
// conversions against the international yard and foot (1959 agreement: 1 yd = 0.9144 m, 1 ft =
// 0.3048 m exactly).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  convertLength,
  finiteOr,
  wholeOr,
  lengthUnit,
  looseNumber,
  readLength,
  readLengthList,
  readLengths,
  readerLength,
  toMetres,
  toYards,
} from "../../src/core/units";

describe("numbers as typed", () => {
  it.each([
    ["5", 5],
    [" 5 ", 5],
    ["5.5", 5.5],
    ["5,5", 5.5],
    ["+3", 3],
    ["-2", -2],
    ["\u22122", -2],
    ["1 000", 1000],
    ["1\u00a0000", 1000],
    ["12\u202f500", 12500],
    ["1,000", 1000],
    ["12,500.5", 12500.5],
    ["0,25", 0.25],
  ])("%j reads as %d", (text, value) => {
    expect(looseNumber(text)).toBe(value);
  });

  it.each(["", " ", "five", "5 m", "5.5.5", "1,000,5", "--3", "NaN", "Infinity", "5e3x"])("%j is not a number", (text) => {
    expect(looseNumber(text)).toBeUndefined();
  });

  it("numbers pass, non-finite numbers and other types do not", () => {
    expect(looseNumber(7)).toBe(7);
    expect(looseNumber(Number.NaN)).toBeUndefined();
    expect(looseNumber(Infinity)).toBeUndefined();
    for (const v of [null, undefined, {}, [], true]) expect(looseNumber(v)).toBeUndefined();
  });
});

describe("unit words", () => {
  it.each([
    ["m", "m"],
    ["M", "m"],
    ["m.", "m"],
    ["meter", "m"],
    ["meters", "m"],
    ["metre", "m"],
    ["metres", "m"],
    ["м", "m"],
    ["метров", "m"],
    ["метра", "m"],
    ["km", "km"],
    ["км", "km"],
    ["kilometres", "km"],
    ["yd", "yd"],
    ["yds", "yd"],
    ["yard", "yd"],
    ["yards", "yd"],
    ["ярдов", "yd"],
    ["ярда", "yd"],
    ["ft", "ft"],
    ["feet", "ft"],
    ["foot", "ft"],
    ["фт", "ft"],
    ["футов", "ft"],
    ["mi", "mi"],
    ["miles", "mi"],
  ])("%j is %s", (word, unit) => {
    expect(lengthUnit(word)).toBe(unit);
  });

  it.each(["", "squares", "hexes", "mm", "leagues", "paces"])("%j is no unit", (word) => {
    expect(lengthUnit(word)).toBeNull();
  });
});

describe("a real-world spelling corpus of range and radius texts", () => {
  // [text, shape, target unit, expected]
  const corpus: Array<[string, string, "m" | "yd", number[]]> = [
    ["3-10/30/120", "-//", "m", [3, 10, 30, 120]],
    ["3-10/30/120 m", "-//", "m", [3, 10, 30, 120]],
    ["3–10/30/120", "-//", "m", [3, 10, 30, 120]], // en dash
    ["3—10/30/120", "-//", "m", [3, 10, 30, 120]], // em dash
    ["3 – 10 / 30 / 120 metres", "-//", "m", [3, 10, 30, 120]],
    ["3-10/30/120 meters", "-//", "m", [3, 10, 30, 120]],
    ["3-10/30/120m", "-//", "m", [3, 10, 30, 120]],
    ["3-10/30/120 м", "-//", "m", [3, 10, 30, 120]],
    ["3 m-10 m/30 m/120 m", "-//", "m", [3, 10, 30, 120]],
    ["0,5-2,5/5/10 m", "-//", "m", [0.5, 2.5, 5, 10]],
    ["3-10/30/120 ft", "-//", "m", [0.91, 3.05, 9.14, 36.58]],
    ["1-2/3/4 km", "-//", "m", [1000, 2000, 3000, 4000]],
    ["20/40/80", "//", "yd", [20, 40, 80]],
    ["20/40/80 yards", "//", "yd", [20, 40, 80]],
    ["20/40/80 yd", "//", "yd", [20, 40, 80]],
    ["20 / 40 / 80 yds.", "//", "yd", [20, 40, 80]],
    ["20/40/80 ярдов", "//", "yd", [20, 40, 80]],
    ["20/40/80 m", "//", "yd", [21.87, 43.74, 87.49]],
    ["5 metres", "", "m", [5]],
    ["5 m", "", "m", [5]],
    ["5,5 m", "", "m", [5.5]],
    ["5.5m", "", "m", [5.5]],
    ["5,5 м", "", "m", [5.5]],
    ["6 yd", "", "m", [5.49]],
    ["10 ft", "", "m", [3.05]],
    ["5", "", "m", [5]],
  ];
  it.each(corpus)("%j reads as %j in %s", (text, shape, to, expected) => {
    expect(readLengthList(text, shape, to)).toEqual(expected);
  });

  it.each([
    ["near/far", "//"],
    ["3-10/30", "-//"],
    ["3-10/30/120/200", "-//"],
    ["3-10/30/", "-//"],
    ["20/40/80 squares", "//"],
    ["20 m/40 yd/80", "//"],
    ["5 leagues", ""],
    ["-5 m", ""],
    ["5 m 6", ""],
    ["", ""],
  ])("%j is not read (shape %j)", (text, shape) => {
    expect(readLengthList(text, shape, "m")).toBeNull();
  });

  it("reports separators and the unit it read", () => {
    expect(readLengths("3–10/30/120 m")).toEqual({ values: [3, 10, 30, 120], separators: "-//", unit: "m" });
    expect(readLengths("20/40/80")).toEqual({ values: [20, 40, 80], separators: "//", unit: null });
    expect(readLength(4, "m")).toBe(4);
    expect(readLength("huge", "m")).toBeNull();
  });

  it("never throws, whatever it is given", () => {
    fc.assert(
      fc.property(fc.anything(), fc.string(), (value, shape) => {
        readLengths(value);
        readLengthList(value, shape, "m");
        readLength(value, "yd");
        looseNumber(value);
        lengthUnit(value);
      }),
    );
  });
});

describe("conversions", () => {
  it("use the international yard and foot", () => {
    expect(convertLength(0.9144, "m", "yd")).toBeCloseTo(1, 12);
    expect(convertLength(1, "yd", "ft")).toBeCloseTo(3, 12);
    expect(convertLength(1, "km", "yd")).toBeCloseTo(1093.6133, 4);
    expect(convertLength(1, "mi", "yd")).toBeCloseTo(1760, 9);
  });

  it("a scene distance in any unit as yards (to 0.01), unknown units as yards", () => {
    expect(toYards(46, "m")).toBe(50.31);
    expect(toYards(45, "metres")).toBe(49.21);
    expect(toYards(9.144, "m")).toBe(10); // no float noise on a band edge
    expect(toYards(30, "ft")).toBe(10);
    expect(toYards(1, "km")).toBe(1093.61);
    expect(toYards(12, "squares")).toBe(12);
    expect(toYards(12, "")).toBe(12);
    expect(toMetres(10, "yd")).toBe(9.14);
    expect(toMetres(7, "hex")).toBe(7);
  });
});

// Issue 14: the rules keep yards; a reader on a metre grid reads metres (1 yd = 0.9144 m, exact).
describe("readerLength: yards as the scene's reader reads them", () => {
  it("WFRP Movement 4: walk 8 yd and run 16 yd read 7.3 m and 14.6 m on a metre grid", () => {
    expect(readerLength(8, "m")).toEqual({ value: 7.3, unit: "m" });
    expect(readerLength(16, "metres")).toEqual({ value: 14.6, unit: "m" });
  });
  it("stays in yards on a yard grid or a grid whose unit is not a length; feet and kilometres convert", () => {
    expect(readerLength(8, "yd")).toEqual({ value: 8, unit: "yd" });
    expect(readerLength(8, "squares")).toEqual({ value: 8, unit: "yd" });
    expect(readerLength(8, null)).toEqual({ value: 8, unit: "yd" });
    expect(readerLength(10, "ft")).toEqual({ value: 30, unit: "ft" });
    expect(readerLength(1000, "km")).toEqual({ value: 0.9, unit: "km" });
  });
});

describe("lenient number readers (plain data that may hold junk)", () => {
  it("finiteOr keeps a finite number, decimals included, and answers the fallback for anything else", () => {
    expect(finiteOr(2.5)).toBe(2.5);
    expect(finiteOr(-3, 7)).toBe(-3);
    for (const junk of [Number.NaN, Infinity, -Infinity, "4", null, undefined, {}, true]) expect(finiteOr(junk, 9)).toBe(9);
    expect(finiteOr(undefined)).toBe(0);
  });
  it("wholeOr cuts toward zero (a characteristic of 34.9 is 34, −2.7 is −2)", () => {
    expect(wholeOr(34.9)).toBe(34);
    expect(wholeOr(-2.7)).toBe(-2);
    expect(wholeOr(Number.NaN, 5)).toBe(5);
    expect(wholeOr("12")).toBe(0);
  });
});
