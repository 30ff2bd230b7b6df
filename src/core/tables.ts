/**
 * Roll tables as plain data (issue 19): a table is rows with inclusive `[low, high]` ranges on one
 * die formula's span. Range lookup, a table's coverage check (no gap, no overlap, nothing outside
 * the die). No Foundry here: the glue
 * (src/foundry/tables.ts) reads a RollTable document's results into these rows.
 */
import { OmnibusError } from "./errors";

export interface RangeRow {
  /** Inclusive range of die values this row covers. */
  range: readonly [number, number];
}

export type TableProblem =
  { kind: "badRange"; row: number } | { kind: "outside"; row: number } | { kind: "overlap"; at: number } | { kind: "gap"; at: number };

/**
 * What is wrong with a table over the die span `min…max` (integers): a row whose range is not two
 * integers low ≤ high, a row reaching outside the span, a value two rows cover, or a value none
 * covers. Empty means every value of the die finds exactly one row.
 */
export function tableProblems(rows: readonly RangeRow[], min: number, max: number): TableProblem[] {
  if (!Number.isInteger(min) || !Number.isInteger(max) || min > max || max - min > 10_000)
    throw new OmnibusError("badArgument", "the table's die span", { name: "span", value: `${min}-${max}` });
  const problems: TableProblem[] = [];
  const cover = new Array<number>(max - min + 1).fill(0);
  rows.forEach((row, index) => {
    const [low, high] = Array.isArray(row?.range) ? row.range : [NaN, NaN];
    if (!Number.isInteger(low) || !Number.isInteger(high) || low > high) return void problems.push({ kind: "badRange", row: index });
    if (low < min || high > max) problems.push({ kind: "outside", row: index });
    for (let v = Math.max(low, min); v <= Math.min(high, max); v++) cover[v - min]++;
  });
  cover.forEach((n, i) => {
    if (n > 1) problems.push({ kind: "overlap", at: min + i });
    else if (n === 0) problems.push({ kind: "gap", at: min + i });
  });
  return problems;
}

/** The row whose range holds `value`; an OmnibusError when none does (a gap, or a value off the die). */
export function rowAt<Row extends RangeRow>(rows: readonly Row[], value: number): Row {
  if (!Number.isInteger(value))
    throw new OmnibusError("badArgument", "a table roll must be a whole number", { name: "roll", value: String(value) });
  const row = rows.find((r) => r.range[0] <= value && value <= r.range[1]);
  if (!row)
    throw new OmnibusError("outOfRange", `no table row covers ${value}`, {
      name: "roll",
      value,
      min: Math.min(...rows.map((r) => r.range[0])),
      max: Math.max(...rows.map((r) => r.range[1])),
    });
  return row;
}
