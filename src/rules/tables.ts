/**
 * Which roll table a card's roll calls for, per ruleset (issue 19), and each table's die span. Pure:
 * it reads a roll's plain outcome (`roll.options.outcome`, each ruleset's resolver's result).
 *
 *  - WFRP 4e (published Core Rulebook, combat): an attack that succeeds on a double inflicts a
 *    Critical Wound, read on the hit location's table (the location from the reversed roll,
 *    003:L74 reversal, `hitLocation`); so does a hit whose damage takes the target to 0 Wounds
 *    (`reducedToZero`, whatever the double); an attack that fails on a double is a fumble, read on
 *    the "Oops!" table. Both tables are d100. Other tests never call for them.
 *  - D6: a complication (the Wild Die's first 1 under the complication rules) → the complications
 *    table (our own d6 table; the rules leave the complication to the GM).
 *  - Silhouette: a mishap (Несчастный случай) → the mishaps table (our own d6 table).
 *  - Storytelling: a dramatic failure (полный провал, 002:L214) → the dramatic failures table (our own d10 table).
 */
import type { RulesetId } from "./index";
import { hitLocation } from "./wfrp/combat/attack";
import type { HitLocation } from "./wfrp/health";

export const TABLE_KEYS = {
  d6: ["complication"],
  silhouette: ["mishap"],
  storytelling: ["dramaticFailure"],
  wfrp: ["critHead", "critArm", "critBody", "critLeg", "oops"],
} as const satisfies Record<RulesetId, readonly string[]>;

export type TableKey = (typeof TABLE_KEYS)[RulesetId][number];

/** The die each table is rolled with, and so the span its rows must cover. */
export const TABLE_DIE: Record<TableKey, { formula: string; min: number; max: number }> = {
  complication: { formula: "1d6", min: 1, max: 6 },
  mishap: { formula: "1d6", min: 1, max: 6 },
  dramaticFailure: { formula: "1d10", min: 1, max: 10 },
  critHead: { formula: "1d100", min: 1, max: 100 },
  critArm: { formula: "1d100", min: 1, max: 100 },
  critBody: { formula: "1d100", min: 1, max: 100 },
  critLeg: { formula: "1d100", min: 1, max: 100 },
  oops: { formula: "1d100", min: 1, max: 100 },
};

export function isTableKey(ruleset: RulesetId, key: unknown): key is TableKey {
  return typeof key === "string" && (TABLE_KEYS[ruleset] as readonly string[]).includes(key);
}

const CRIT_TABLE: Record<HitLocation, TableKey> = {
  head: "critHead",
  leftArm: "critArm",
  rightArm: "critArm",
  body: "critBody",
  leftLeg: "critLeg",
  rightLeg: "critLeg",
};

/** A roll's outcome as the tables read it: only these flags, each ruleset's own names. */
export interface TableOutcome {
  complication?: unknown;
  mishap?: unknown;
  dramaticFailure?: unknown;
  /** WFRP: the d100 roll, whether it is a double, whether it succeeded. */
  roll?: unknown;
  double?: unknown;
  success?: unknown;
}

/**
 * The tables a card's first roll calls for (none when the outcome calls for none). `attack`: the
 * card is an attack (WFRP reads its tables only on attacks); `reducedToZero`: the card's applied
 * damage took a target to 0 Wounds (a WFRP Critical Wound at the attack's hit location).
 */
export function tablesCalledFor(
  ruleset: RulesetId,
  outcome: TableOutcome | null | undefined,
  options: { attack?: boolean; reducedToZero?: boolean } = {},
): TableKey[] {
  if (!outcome || typeof outcome !== "object") return [];
  switch (ruleset) {
    case "d6":
      return outcome.complication === true ? ["complication"] : [];
    case "silhouette":
      return outcome.mishap === true ? ["mishap"] : [];
    case "storytelling":
      return outcome.dramaticFailure === true ? ["dramaticFailure"] : [];
    case "wfrp": {
      const roll = outcome.roll;
      if (!options.attack || typeof roll !== "number" || !Number.isInteger(roll) || roll < 1 || roll > 100) return [];
      if (options.reducedToZero === true) return [CRIT_TABLE[hitLocation(roll)]];
      if (outcome.double !== true) return [];
      return outcome.success === true ? [CRIT_TABLE[hitLocation(roll)]] : ["oops"];
    }
  }
}
