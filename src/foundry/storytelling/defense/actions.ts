/**
 * The defender's declarations (Foundry side): Dodge and Willpower for +2 Defense. Both change only
 * the defender's own actor (its owner clicks them on the sheet, or a macro through
 * `game.omnibus.api`); the attack then reads them for its per-target pool (src/rules/storytelling/table/checks.ts).
 */
import { notify, notifyError } from "../../i18n";
import { KEY } from "../../../rules/storytelling/table/settings";
import { currentTurn } from "../checks";
import { DEFENSE_FLAG, declareWillpowerDefense } from "../../../rules/storytelling/table/defense/combat";
import { deriveCharacter, type PlainItem } from "../../../rules/storytelling/table/derive";

interface DefenderDoc {
  system: Record<string, unknown>;
  flags?: Record<string, Record<string, unknown> | undefined>;
  items?: { contents?: Array<{ type: string; system: unknown }> } | unknown[];
  statuses?: Set<string>;
  update(d: Record<string, unknown>): Promise<unknown>;
  toggleStatusEffect?(id: string, o: { active: boolean }): Promise<unknown>;
}

const itemsOf = (doc: DefenderDoc): PlainItem[] => {
  const raw = doc.items as { contents?: PlainItem[] } | PlainItem[] | undefined;
  return (Array.isArray(raw) ? raw : (raw?.contents ?? [])).map((i) => ({
    type: i.type,
    system: (i.system ?? {}) as Record<string, unknown>,
  }));
};

/** Dodge on/off (WoD p.157): the "dodging" status, lifted by the round hook. */
export async function toggleDodge(doc: DefenderDoc): Promise<boolean> {
  const active = !(doc.statuses?.has("dodging") ?? false);
  await doc.toggleStatusEffect?.("dodging", { active });
  return active;
}

/** Spends one Willpower point for +2 Defense against the next attack; refused (with a notice) when not allowed. */
export async function declareWillpowerForDefense(doc: DefenderDoc): Promise<boolean> {
  try {
    const d = deriveCharacter(doc.system, itemsOf(doc));
    const update = declareWillpowerDefense(doc.system, d.willpowerPoints, doc.flags?.omnibus?.[DEFENSE_FLAG], currentTurn());
    await doc.update(update);
    notify("info", `${KEY}.Notice.WillpowerDefense`);
    return true;
  } catch (error) {
    notifyError(error);
    return false;
  }
}
