/**
 * The experience part of a character sheet's context (issue 16), as a plain function (no Foundry
 * globals) so the sheets and the gallery build it the same way: the pool, the ledger (newest
 * first), whether the last spend can be undone, and an Advance offer per trait with its cost.
 */
import { isRulesetId, type RulesetId } from "../index";
import { advanceOffers, availableExperience, type AdvanceOffer } from "../advance-plan";
import { ledgerTotals, requireLedger, type LedgerEntry } from "../ledger";

/** The actor types that keep a ledger (see src/rules/table/ledger-spec.ts). */
export const LEDGER_TYPES = [
  "d6_character",
  "d6_npc",
  "storytelling_character",
  "storytelling_npc",
  "wfrp_character",
  "silhouette_character",
  "silhouette_npc",
] as const;

export interface ExperienceOffer extends AdvanceOffer {
  /** i18n key of the tooltip (`cost` is its format argument). */
  tooltip: string;
}

export interface ExperienceContext {
  /** i18n key of the pool's unit (Character Points / experience). */
  unit: string;
  available: number;
  awarded: number;
  spent: number;
  entries: Array<LedgerEntry & { sign: string; day: string }>;
  canUndo: boolean;
  offers: Record<string, ExperienceOffer>;
}

export interface ActorLikeInput {
  type: string;
  system: Record<string, unknown>;
  items?: Array<{ id: string; name: string; type: string; system?: Record<string, unknown> }>;
}

/** The sheet's experience context, or null for an actor that keeps no ledger (or a broken one). */
export function experienceContext(actor: ActorLikeInput, table?: unknown): ExperienceContext | null {
  if (!(LEDGER_TYPES as readonly string[]).includes(actor.type)) return null;
  const ruleset = actor.type.split("_")[0];
  if (!isRulesetId(ruleset)) return null;
  const like = {
    type: actor.type,
    system: actor.system,
    items: (actor.items ?? []).map((i) => ({ _id: i.id, name: i.name, type: i.type, system: i.system ?? {} })),
  };
  let entries: LedgerEntry[];
  try {
    entries = requireLedger(actor.system.ledger);
  } catch {
    return null;
  }
  const totals = ledgerTotals(entries);
  const offers = Object.fromEntries(
    Object.entries(advanceOffers(ruleset as RulesetId, like, { table })).map(([k, o]) => [
      k,
      {
        ...o,
        tooltip:
          o.target.kind === "specialty"
            ? o.ok
              ? "OMNIBUS.Experience.SpecialtyTooltip"
              : "OMNIBUS.Experience.AdvanceTooExpensive"
            : o.ok
              ? ruleset === "wfrp"
                ? "OMNIBUS.Experience.AdvanceTooltipCareer"
                : "OMNIBUS.Experience.AdvanceTooltip"
              : o.reason === "notEnoughExperience"
                ? "OMNIBUS.Experience.AdvanceTooExpensive"
                : "OMNIBUS.Experience.AdvanceAtMaximum",
      },
    ]),
  );
  return {
    unit: ruleset === "d6" ? "OMNIBUS.Experience.UnitCharacterPoints" : "OMNIBUS.Experience.UnitXp",
    available: availableExperience(ruleset as RulesetId, like),
    awarded: totals.awarded,
    spent: totals.spent,
    entries: [...entries].reverse().map((e) => ({ ...e, sign: e.type === "award" ? "+" : "−", day: e.date.slice(0, 10) })),
    canUndo: entries.some((e) => e.type === "spend" && !e.undone),
    offers,
  };
}

/** The award dialog's context: the active ruleset's characters (player-owned ones ticked). */
export function awardDialogContext(
  actors: Array<{ id: string; name: string; img?: string | null; type: string; hasPlayerOwner?: boolean }>,
  ruleset: string,
): { actors: Array<{ id: string; name: string; img: string; checked: boolean }>; amount: number; reason: string } {
  return {
    actors: actors
      .filter((a) => (LEDGER_TYPES as readonly string[]).includes(a.type) && a.type.startsWith(`${ruleset}_`))
      .map((a) => ({ id: a.id, name: a.name, img: a.img || "icons/svg/mystery-man.svg", checked: a.hasPlayerOwner === true })),
    amount: 1,
    reason: "",
  };
}
