// Pure roll-table logic (issue 19): range lookup, a table's coverage over its die.
import { describe, expect, it } from "vitest";
import { rowAt, tableProblems } from "../../src/core/tables";
import { OmnibusError } from "../../src/core/errors";

// The shape of WFRP 4e's "Oops!" table (published Core Rulebook): d100, seven bands.
const OOPS = [
  { range: [1, 20] as const, id: "a" },
  { range: [21, 40] as const, id: "b" },
  { range: [41, 60] as const, id: "c" },
  { range: [61, 70] as const, id: "d" },
  { range: [71, 80] as const, id: "e" },
  { range: [81, 90] as const, id: "f" },
  { range: [91, 100] as const, id: "g" },
];

describe("rowAt", () => {
  it("finds the band holding a value, edges included", () => {
    expect(rowAt(OOPS, 1).id).toBe("a");
    expect(rowAt(OOPS, 20).id).toBe("a");
    expect(rowAt(OOPS, 21).id).toBe("b");
    expect(rowAt(OOPS, 70).id).toBe("d");
    expect(rowAt(OOPS, 71).id).toBe("e");
    expect(rowAt(OOPS, 100).id).toBe("g");
  });

  it("refuses a value no row covers, or a fraction, with an OmnibusError", () => {
    expect(() => rowAt(OOPS, 0)).toThrow(OmnibusError);
    expect(() => rowAt(OOPS, 101)).toThrow(/no table row covers 101/);
    expect(() => rowAt(OOPS, 20.5)).toThrow(OmnibusError);
    expect(() => rowAt([{ range: [1, 2] }, { range: [4, 6] }], 3)).toThrow(OmnibusError);
  });
});

describe("tableProblems", () => {
  it("a table that covers its die exactly once has none", () => {
    expect(tableProblems(OOPS, 1, 100)).toEqual([]);
  });

  it("names gaps, overlaps, rows outside the die and unreadable ranges", () => {
    const rows = [{ range: [1, 3] as const }, { range: [3, 4] as const }, { range: [6, 7] as const }, { range: [5, 4] as const }];
    expect(tableProblems(rows, 1, 6)).toEqual([
      { kind: "outside", row: 2 },
      { kind: "badRange", row: 3 },
      { kind: "overlap", at: 3 },
      { kind: "gap", at: 5 },
    ]);
    expect(tableProblems([{ range: ["1", 6] as never }], 1, 6)[0]).toEqual({ kind: "badRange", row: 0 });
  });

  it("refuses an impossible die span", () => {
    expect(() => tableProblems(OOPS, 10, 1)).toThrow(OmnibusError);
  });
});
