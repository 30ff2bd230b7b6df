/**
 * WFRP Conditions that stack (Bleeding 2, Fatigued 3; 003, the Conditions chapter) on the token
 * HUD: each stacking Condition's icon shows its count, a left click adds one and a right click
 * removes one (src/rules/wfrp/conditions.ts decides the new count; non-stacking ones keep
 * Foundry's own toggle). The count is kept in `system.conditions.<id>`, the status icon follows it.
 */
import {
  CONDITIONS,
  NON_STACKING_CONDITIONS,
  addCondition,
  removeCondition,
  type ConditionCounts,
  type ConditionId,
} from "../../rules/wfrp/index";
import { effectiveConditions } from "../../rules/wfrp/table/derive";

export interface HudActor {
  system?: Record<string, unknown>;
  statuses?: Set<string>;
  isOwner?: boolean;
  update(data: Record<string, unknown>): Promise<unknown>;
  toggleStatusEffect?(id: string, options: { active: boolean }): Promise<unknown>;
}

const STACKING = new Set<string>(CONDITIONS.filter((c) => !NON_STACKING_CONDITIONS.includes(c)));

/** The count after one click: +1 (left) or −1 (right), by the Conditions' rules. */
export function nextConditionCount(counts: ConditionCounts, id: ConditionId, delta: 1 | -1): number {
  const next = delta > 0 ? addCondition(counts, id, 1) : removeCondition(counts, id, 1);
  return next[id] ?? 0;
}

/** Sets one Condition's count: the stored number and the status icon (on from 1, off at 0). */
export async function setConditionCount(actor: HudActor, id: ConditionId, count: number): Promise<void> {
  await actor.update({ [`system.conditions.${id}`]: count });
  const on = actor.statuses?.has(id) === true;
  if (count > 0 && !on) await actor.toggleStatusEffect?.(id, { active: true });
  if (count === 0 && on) await actor.toggleStatusEffect?.(id, { active: false });
}

/** Adds the counts and the click handlers to a rendered token HUD (the `renderTokenHUD` hook). */
export function decorateConditionHud(html: HTMLElement, actor: HudActor | null | undefined): number {
  if (!actor) return 0;
  const counts = effectiveConditions(actor.system?.conditions, actor.statuses ?? []);
  let decorated = 0;
  for (const el of Array.from(html.querySelectorAll<HTMLElement>("[data-status-id]"))) {
    const id = el.dataset.statusId ?? "";
    if (!STACKING.has(id)) continue;
    const condition = id as ConditionId;
    const count = counts[condition] ?? 0;
    el.dataset.omnibusCount = String(count);
    const holder = el.parentElement ?? html;
    holder.querySelector(`.omnibus-condition-count[data-status-id-count="${id}"]`)?.remove();
    if (count > 0) {
      const badge = el.ownerDocument.createElement("span");
      badge.className = "omnibus-condition-count";
      badge.dataset.statusIdCount = id;
      badge.textContent = String(count);
      el.insertAdjacentElement("afterend", badge);
    }
    const step = (delta: 1 | -1) => (event: Event) => {
      event.preventDefault();
      event.stopImmediatePropagation();
      if (actor.isOwner === false) return;
      const current = effectiveConditions(actor.system?.conditions, actor.statuses ?? []);
      void setConditionCount(actor, condition, nextConditionCount(current, condition, delta));
    };
    el.addEventListener("click", step(1), { capture: true });
    el.addEventListener("contextmenu", step(-1), { capture: true });
    decorated++;
  }
  return decorated;
}
