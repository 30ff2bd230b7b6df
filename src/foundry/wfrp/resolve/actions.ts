/**
 * Spending a Resolve point from the sheet (003:L319: a Surprised character may spend one to lose
 * the Condition). The decision is the pure `spendResolveOnSurprise`; this applies it as ONE update
 * of the actor (Resolve − 1, the stored Condition cleared) and clears the token status too. It is
 * the only use of Resolve the seed names; Resilience has none there, so the sheet keeps it a count.
 */
import { isOmnibusError, notify, notifyError } from "../../i18n";
import { spendResolveOnSurprise } from "../../../rules/wfrp/index";
import { effectiveConditions } from "../../../rules/wfrp/table/derive";

type ActorLike = {
  name?: string | null;
  system: Record<string, unknown>;
  statuses?: Set<string>;
  update(data: Record<string, unknown>): Promise<unknown>;
  toggleStatusEffect?(id: string, o: { active: boolean }): Promise<unknown>;
};

/** Spends one Resolve point to end Surprised; a clear notice and no change when it cannot. */
export async function spendResolve(actor: ActorLike): Promise<boolean> {
  const surprised = effectiveConditions(actor.system.conditions, actor.statuses ?? []).surprised > 0 ? 1 : 0;
  let next: { resolve: number; surprised: number };
  try {
    next = spendResolveOnSurprise({ resolve: Math.trunc(Number(actor.system.resolve ?? 0)), surprised });
  } catch (error) {
    if (isOmnibusError(error)) {
      notify("warn", surprised ? "OMNIBUS.WFRP.Resolve.None" : "OMNIBUS.WFRP.Resolve.NotSurprised", { name: actor.name ?? "" });
      return false;
    }
    notifyError(error);
    return false;
  }
  await actor.update({ "system.resolve": next.resolve, "system.conditions.surprised": 0 });
  if (actor.statuses?.has("surprised")) await actor.toggleStatusEffect?.("surprised", { active: false });
  notify("info", "OMNIBUS.WFRP.Resolve.Spent", { name: actor.name ?? "" });
  return true;
}
