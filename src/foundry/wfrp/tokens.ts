/**
 * WFRP Conditions that stack (Bleeding 2, Fatigued 3; 003, the Conditions chapter) on the token
 * HUD: each stacking Condition's icon shows its count, a left click adds one and a right click
 * removes one (src/rules/wfrp/conditions.ts decides the new count; non-stacking ones keep
 * Foundry's own toggle). The count is kept in `system.conditions.<id>`, the status icon follows it.
 * On the canvas the token writes the count on the Condition's status icon (`conditionCountTokenClass`).
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
import { CONDITION_ICONS } from "./status-effects";

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

/** The stacking Condition whose status icon is `src`, with its count on this actor (0: none, or not one). */
export function conditionCountOfIcon(actor: HudActor | null | undefined, src: string): { id: ConditionId; count: number } | null {
  const id = [...STACKING].find((c) => CONDITION_ICONS[c as ConditionId] === src) as ConditionId | undefined;
  if (!id || !actor) return null;
  const count = effectiveConditions(actor.system?.conditions, actor.statuses ?? [])[id] ?? 0;
  return { id, count };
}

/** An effect icon as the token draws it (a PIXI sprite): its texture's size and anchor, its children. */
export interface CountSprite {
  texture?: { width?: number; height?: number } | null;
  anchor?: { x: number; y: number } | null;
  addChild(child: unknown): unknown;
}
/** A text drawn on the canvas (PIXI.Text): placed by its anchor and position in the icon's own pixels. */
export interface CountText {
  anchor: { set(x: number, y: number): void };
  position: { set(x: number, y: number): void };
  name?: string | null;
}
export type MakeCountText = (text: string, fontSize: number) => CountText;

/**
 * Writes the count in the icon's bottom right corner, as a child of the sprite so it follows the
 * icon when the token lays its effects out (the sprite is scaled to the icon size: the text is
 * sized in the texture's pixels, half the icon's height). Returns the text, or null for no count.
 */
export function badgeEffectIcon(sprite: CountSprite, count: number, makeText: MakeCountText): CountText | null {
  if (!(count > 0)) return null;
  const w = sprite.texture?.width || 100;
  const h = sprite.texture?.height || 100;
  const ax = sprite.anchor?.x ?? 0;
  const ay = sprite.anchor?.y ?? 0;
  const text = makeText(String(count), Math.round(h * 0.55));
  text.name = "omnibus-condition-count";
  text.anchor.set(1, 1);
  text.position.set(w * (1 - ax), h * (1 - ay));
  sprite.addChild(text);
  return text;
}

/** A white number outlined in black, readable on any icon (PIXI.Text, the canvas's text). */
export function pixiCountText(text: string, fontSize: number): CountText {
  return new PIXI.Text(text, {
    fontFamily: "Signika, sans-serif",
    fontSize,
    fontWeight: "bold",
    fill: 0xffffff,
    stroke: 0x000000,
    strokeThickness: Math.max(2, Math.round(fontSize / 6)),
  }) as unknown as CountText;
}

/** The part of Foundry's Token the subclass uses: it draws each status icon through `_drawEffect`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TokenBase = abstract new (...args: any[]) => { actor?: unknown };

/**
 * The token class with the stacking Conditions' counts on their status icons: v13's
 * `Token#_drawEffect(src, tint)` draws one icon and returns its sprite; the count is added to it.
 * `CONFIG.Token.objectClass` takes it at init (the canvas draws its tokens later).
 *
 * v14 keeps the method: the public API page of v14's Token
 * (https://foundryvtt.com/api/v14/classes/foundry.canvas.placeables.Token.html, build 14.368 when
 * read) lists the protected `_drawEffect` next to `_drawEffects` and `drawEffects`, as v13's page
 * (https://foundryvtt.com/api/classes/foundry.canvas.placeables.Token.html) does. Its parameter
 * list was not legible there, so the override reads only the first argument (the icon's path) and
 * hands every argument on unchanged: a tint, or any parameter v14 adds, reaches core as given.
 */
export function conditionCountTokenClass(Base: TokenBase, makeText: MakeCountText = pixiCountText) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const Parent = Base as any;
  return class OmnibusConditionToken extends Parent {
    async _drawEffect(src: string, ...rest: unknown[]) {
      const sprite = (await super._drawEffect(src, ...rest)) as CountSprite | undefined | null;
      const found = sprite ? conditionCountOfIcon((this as { actor?: HudActor | null }).actor, src) : null;
      if (sprite && found) badgeEffectIcon(sprite, found.count, makeText);
      return sprite;
    }
  };
}

/** A token on the canvas whose effect icons can be redrawn (`renderFlags`, v13's render flags). */
interface RedrawableToken {
  renderFlags?: { set(flags: Record<string, boolean>): void };
}

/**
 * The `updateActor` hook, on every client: a Condition's count changed without its status icon
 * changing (Bleeding 2 → 3), so the actor's tokens redraw their icons with the new number.
 */
export function redrawConditionCounts(
  actor: { getActiveTokens?(): RedrawableToken[] } | null | undefined,
  changed: Record<string, unknown>,
): number {
  const system = changed.system as Record<string, unknown> | undefined;
  const touched = system && typeof system.conditions === "object" && system.conditions !== null;
  const flat = Object.keys(changed).some((k) => k.startsWith("system.conditions"));
  if (!touched && !flat) return 0;
  const tokens = actor?.getActiveTokens?.() ?? [];
  for (const token of tokens) token.renderFlags?.set({ redrawEffects: true });
  return tokens.length;
}

/** Sets `CONFIG.Token.objectClass` to the counting token (at init, before the canvas draws). */
export function registerConditionCountToken(): void {
  const token = (CONFIG as unknown as { Token?: { objectClass?: TokenBase } }).Token;
  if (!token?.objectClass) return;
  token.objectClass = conditionCountTokenClass(token.objectClass) as unknown as TokenBase;
}
