/**
 * Active Effects on actors and items, read as plain data for checks (src/core/effects.ts decides
 * what each contributes) and listed on the actor sheet's Effects section.
 *
 * v13 with `CONFIG.ActiveEffect.legacyTransferral = false` (set at init): an item's effect with
 * `transfer: true` stays on the item and applies to its owner; `Actor#allApplicableEffects()` yields
 * the actor's own effects and those transferred ones (not the suppressed). Changes are read through
 * compat.ts `readChange`, so v14's `{type, phase}` changes read like v13's `{mode}` ones.
 */
import type { CheckEffects, PlainEffect } from "../core/effects";
import { readChange } from "./compat";
import type { CheckRequest } from "./ruleset";
import type { EffectRowInput } from "../rules/table/sheet-context";
import { timerRemaining, type TimerNow } from "../core/durations";
import { timerOf } from "./durations";

/** The few members of an ActiveEffect read here (a stored effect or a plain test double). */
export interface EffectLike {
  id?: string | null;
  name?: string | null;
  img?: string | null;
  disabled?: boolean;
  transfer?: boolean;
  isSuppressed?: boolean;
  changes?: ReadonlyArray<Record<string, unknown>>;
  parent?: { name?: string | null; documentName?: string } | null;
  flags?: Record<string, Record<string, unknown> | undefined>;
}

interface EffectCollection {
  contents?: EffectLike[];
  [Symbol.iterator]?(): Iterator<EffectLike>;
}

interface EffectItem {
  id?: string | null;
  name?: string | null;
  effects?: EffectCollection | EffectLike[] | null;
}

export interface EffectOwner {
  effects?: EffectCollection | EffectLike[] | null;
  /** A Foundry collection (`contents`) or a plain list. */
  items?: { contents?: EffectItem[] } | EffectItem[] | null;
  allApplicableEffects?(): Iterable<EffectLike>;
}

function itemsOf(actor: EffectOwner): EffectItem[] {
  const items = actor.items;
  if (!items) return [];
  return Array.isArray(items) ? items : (items.contents ?? []);
}

function listOf(collection: EffectCollection | EffectLike[] | null | undefined): EffectLike[] {
  if (!collection) return [];
  if (Array.isArray(collection)) return collection;
  if (collection.contents) return collection.contents;
  return collection[Symbol.iterator] ? [...(collection as Iterable<EffectLike>)] : [];
}

/** The effects that apply to an actor: its own and its items' transferred ones (Foundry's own list where it has one). */
export function applicableEffects(actor: EffectOwner | null | undefined): EffectLike[] {
  if (!actor) return [];
  if (typeof actor.allApplicableEffects === "function") return [...actor.allApplicableEffects()];
  const own = listOf(actor.effects);
  const transferred = itemsOf(actor).flatMap((item) => listOf(item.effects).filter((e) => e.transfer === true));
  return [...own, ...transferred].filter((e) => e.isSuppressed !== true);
}

/** An effect as plain data for src/core/effects.ts. */
export function plainEffect(effect: EffectLike): PlainEffect {
  return {
    name: String(effect.name ?? ""),
    disabled: effect.disabled === true,
    changes: (effect.changes ?? []).map((raw) => {
      const c = readChange(raw as Record<string, unknown>);
      return { key: c.key, type: c.type, value: c.value };
    }),
  };
}

export function actorEffects(actor: EffectOwner | null | undefined): PlainEffect[] {
  return applicableEffects(actor).map(plainEffect);
}

/**
 * Attaches the actor's effects to a built check: `keys` are what this check reads (placeholders
 * `{field}` take the dialog's value). The ruleset's odds and roll add `checkEffectTotal`.
 */
export function attachEffects<R extends CheckRequest>(
  request: R,
  actor: EffectOwner | null | undefined,
  keys: string[],
  unit: CheckEffects["unit"],
): R {
  request.effects = { effects: actorEffects(actor), keys, unit };
  return request;
}

/** Sets core's v13 transfer model: item effects stay on the item and apply to the owner. */
export function configureActiveEffects(): void {
  const cfg = (globalThis as { CONFIG?: { ActiveEffect?: { legacyTransferral?: boolean } } }).CONFIG;
  if (cfg?.ActiveEffect) cfg.ActiveEffect.legacyTransferral = false;
}

/** What is left of a timer the table keeps (durations.ts), at `now`; null for any other effect. */
export function effectRemaining(effect: EffectLike, now: TimerNow | undefined): EffectRowInput["remaining"] {
  const timer = now ? timerOf(effect) : null;
  return timer && now ? timerRemaining(timer.length, timer.start, now) : null;
}

/**
 * The sheet's Effects section input: the actor's own effects and every effect on its items; with
 * `now` (durations.ts `timerNow`), a running timer's remaining length.
 */
export function effectRowInput(actor: EffectOwner, now?: TimerNow): EffectRowInput[] {
  const row = (e: EffectLike, item?: { id?: string | null; name?: string | null }): EffectRowInput => ({
    id: String(e.id ?? ""),
    name: String(e.name ?? ""),
    img: e.img ?? null,
    disabled: e.disabled === true,
    ...(item ? { itemId: String(item.id ?? ""), itemName: String(item.name ?? ""), transfer: e.transfer === true } : {}),
    changes: plainEffect(e).changes,
    remaining: effectRemaining(e, now),
  });
  const own = listOf(actor.effects).map((e) => row(e));
  const onItems = itemsOf(actor).flatMap((item) => listOf(item.effects).map((e) => row(e, item)));
  return [...own, ...onItems];
}

/** The item sheet's Effects section input: the item's own effects (whether each transfers to the owner). */
export function itemEffectRowInput(item: { effects?: EffectCollection | EffectLike[] | null }): EffectRowInput[] {
  return listOf(item.effects).map((e) => ({
    id: String(e.id ?? ""),
    name: String(e.name ?? ""),
    img: e.img ?? null,
    disabled: e.disabled === true,
    transfer: e.transfer === true,
    changes: plainEffect(e).changes,
  }));
}
