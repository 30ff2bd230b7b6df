/**
 * WFRP 4e experience costs (core rulebook, "Advance costs" table): a characteristic or skill advance
 * costs by how many advances the trait already has, in bands of five — characteristics 25, 30, 40,
 * 50, 70, 90, 120, 150, 190, 230, 280, 330, 390, 450, 520; skills 10, 15, 20, 30, 40, 60, 80, 110,
 * 140, 180, 220, 270, 320, 380, 440 (the last price holds beyond). So characteristic advances 1–5
 * cost 25 each, 6–10 cost 30 each (0 → 10 = 275), as the Foundry WFRP4e system reads the table. The
 * table's "0 to 5" can also be read as the advances a character already has (then the 6th advance
 * is still 25): `bandsByCurrentAdvances` chooses that reading. Out of career everything costs double.
 * A talent costs 100 XP × the time it is being taken (the second time 200), doubled out of career.
 * A GM may edit the table (settings); the functions take it as an argument, the published one by default.
 */
import { OmnibusError, describeValue, requireInt } from "../../core/errors";
import { costOf, requireTable, type Cost, type CostStep } from "../build-types";

export const WFRP_ADVANCE_KINDS = ["characteristic", "skill", "talent"] as const;
export type WfrpAdvanceKind = (typeof WFRP_ADVANCE_KINDS)[number];

export interface WfrpAdvanceTable {
  /** Price of one advance per band of `bandSize` advances already taken. */
  characteristic: number[];
  skill: number[];
  bandSize: number;
  /** Read "0 to 5" as advances already held (the 6th advance still in the first band). */
  bandsByCurrentAdvances: boolean;
  /** XP per talent, times the time it is being taken. */
  talent: number;
  outOfCareerMultiplier: number;
}

export const WFRP_ADVANCE_COSTS: Readonly<WfrpAdvanceTable> = Object.freeze({
  characteristic: [25, 30, 40, 50, 70, 90, 120, 150, 190, 230, 280, 330, 390, 450, 520],
  skill: [10, 15, 20, 30, 40, 60, 80, 110, 140, 180, 220, 270, 320, 380, 440],
  bandSize: 5,
  bandsByCurrentAdvances: false,
  talent: 100,
  outOfCareerMultiplier: 2,
});

export function requireWfrpKind(kind: unknown): WfrpAdvanceKind {
  if (typeof kind !== "string" || !(WFRP_ADVANCE_KINDS as readonly string[]).includes(kind)) {
    throw new OmnibusError("badArgument", `unknown trait kind "${describeValue(kind)}" (one of ${WFRP_ADVANCE_KINDS.join(", ")})`, {
      name: "kind",
      value: describeValue(kind),
    });
  }
  return kind as WfrpAdvanceKind;
}

/** The price of the advance taken with `current` advances already held. */
export function wfrpAdvancePrice(kind: "characteristic" | "skill", current: number, table: WfrpAdvanceTable = WFRP_ADVANCE_COSTS): number {
  const prices = table[kind];
  const size = Math.max(1, Math.floor(table.bandSize));
  const band = table.bandsByCurrentAdvances ? Math.max(0, Math.ceil(current / size) - 1) : Math.floor(current / size);
  return prices[Math.min(band, prices.length - 1)];
}

/**
 * XP from `from` to `to`: characteristic or skill advances, or (for `talent`) times taken (0 → 1 is
 * the first time).
 */
export function wfrpAdvanceCost(
  kind: WfrpAdvanceKind,
  from: number,
  to: number,
  table: WfrpAdvanceTable = WFRP_ADVANCE_COSTS,
  opts: { outOfCareer?: boolean } = {},
): Cost {
  requireWfrpKind(kind);
  requireTable("wfrp advance table", table, WFRP_ADVANCE_COSTS);
  requireInt("from", from, 0, 999);
  requireInt("to", to, 0, 999);
  if (to < from) throw new OmnibusError("badArgument", `an advance goes up: ${to} is below ${from}`, { name: "to" });
  const k = opts.outOfCareer ? table.outOfCareerMultiplier : 1;
  const steps: CostStep[] = [];
  for (let n = from; n < to; n++) {
    const price = kind === "talent" ? table.talent * (n + 1) : wfrpAdvancePrice(kind, n, table);
    steps.push({ from: n, to: n + 1, cost: price * k });
  }
  return costOf(steps);
}
