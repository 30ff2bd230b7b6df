/**
 * The party sheet's context (issue 16) as a plain function (no Foundry globals), so the sheet, the
 * glue tests and the gallery build it the same way from the members' prepared data.
 */
import { isRulesetId } from "../rules/index";
import { partyRow, type MemberInput, type PartyRow } from "../rules/party";

export interface PartyContext {
  ruleset: string;
  rows: PartyRow[];
  /** Member ids whose actor no longer exists (the GM may remove them). */
  missing: string[];
  isGM: boolean;
  editable: boolean;
  /** The award form's defaults. */
  award: { amount: number; reason: string };
  /** The party's stored award mode. */
  awardMode: "each" | "split";
  empty: boolean;
}

/** The party sheet's context: one row per member in the stored order. */
export function partyContext(
  ruleset: string,
  members: readonly string[],
  resolve: (id: string) => MemberInput | null,
  opts: { isGM: boolean; editable: boolean; awardMode?: unknown },
): PartyContext {
  const rows: PartyRow[] = [];
  const missing: string[] = [];
  for (const id of members) {
    const m = resolve(id);
    if (!m || !isRulesetId(ruleset)) missing.push(id);
    else rows.push(partyRow(ruleset, m));
  }
  return {
    ruleset,
    rows,
    missing,
    isGM: opts.isGM,
    editable: opts.editable,
    award: { amount: 1, reason: "" },
    awardMode: opts.awardMode === "split" ? "split" : "each",
    empty: rows.length === 0,
  };
}
