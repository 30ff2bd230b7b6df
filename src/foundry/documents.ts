/**
 * Document classes. The only reason Omnibus replaces CONFIG.Actor/Item.documentClass is the create
 * dialog: v13's `Document.createDialog(data, createOptions, { types, … })` accepts a `types` list,
 * and the Omnibus classes pass the active ruleset's types there (intersected with any list the
 * caller gave). So the sidebar's "Create Actor/Item", folder context menus and compendium create
 * buttons offer only the active ruleset's types, while documents of other rulesets' types keep
 * loading (their data models are registered) and keep their data.
 *
 * They also show each reader their own language (language.ts): after the base data is prepared,
 * the prepared name and description are the reader's (`applyDisplayLanguage`); the stored source
 * keeps both languages.
 *
 * Rulesets put document behaviour in their TypeDataModels (prepareDerivedData, methods), not in
 * document subclasses: one world has one Actor class.
 */
import { applyDisplayLanguage } from "./language";
import { activeTypes, getRuleset, rulesetOfType } from "./registry";
import type { DocumentKind } from "./ruleset";
import { planTokenAttribute } from "../rules/table/tokens";

/** The types a create dialog may offer: the active ruleset's, narrowed by the caller's list. */
export function creatableTypes(kind: DocumentKind, requested?: readonly string[] | null): string[] | undefined {
  const mine = activeTypes(kind);
  if (mine.length === 0) return requested ? [...requested] : undefined;
  return requested ? mine.filter((t) => requested.includes(t)) : mine;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyClass = abstract new (...args: any[]) => any;

/**
 * A subclass of the configured document class whose create dialog offers only the active ruleset's
 * types, and whose prepared name and description are in the reader's language.
 */
export function withRulesetCreateDialog<T extends AnyClass>(Base: T, kind: DocumentKind): T {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const Parent = Base as any;
  const Subclass = class extends Parent {
    static async createDialog(data: unknown = {}, createOptions: unknown = {}, options: { types?: string[] } = {}) {
      const types = creatableTypes(kind, options?.types);
      return super.createDialog(data, createOptions, types ? { ...options, types } : options);
    }

    prepareBaseData() {
      super.prepareBaseData();
      applyDisplayLanguage(this as never, (globalThis as { game?: { i18n?: { lang?: string } } }).game?.i18n?.lang);
    }
  };
  Object.defineProperty(Subclass, "name", { value: `Omnibus${kind}` });
  return Subclass as unknown as T;
}

/**
 * The Omnibus Actor's token-bar edits. Foundry's `Actor#modifyTokenAttribute(attribute, value,
 * isDelta, isBar)` (the token HUD's bar inputs call it) writes `system.<attribute>.value`; for a bar
 * the data model derives (d6 wound level, Storytelling Health and Willpower, Silhouette wounds) the
 * next derivation would overwrite that write. Here the ruleset's `tokenAttribute` hook (pure,
 * `src/rules/<id>/table/tokens.ts`) maps the shown value to the stored data instead; like core, the
 * `modifyTokenAttribute` hook (api `hookEvents.modifyTokenAttribute`: data, updates, actor) may
 * still veto the update by returning false. The ruleset's wound statuses follow (toggleStatusEffect).
 * Attributes the ruleset does not derive go to Foundry.
 */
export function withTokenAttributes<T extends AnyClass>(Base: T): T {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const Parent = Base as any;
  const Subclass = class extends Parent {
    async modifyTokenAttribute(attribute: string, value: number, isDelta = false, isBar = true) {
      const self = this as unknown as {
        type: string;
        system: Record<string, unknown>;
        update(data: Record<string, unknown>): Promise<unknown>;
      };
      const id = rulesetOfType(String(self.type ?? ""));
      const hook = id ? getRuleset(id)?.tokenAttribute : undefined;
      const plan = planTokenAttribute(hook, self.type, self.system ?? {}, attribute, value, isDelta, isBar);
      if (!plan) return super.modifyTokenAttribute(attribute, value, isDelta, isBar);
      if (Object.keys(plan.update).length === 0) return this;
      const call = Hooks.call as unknown as (hook: string, ...args: unknown[]) => boolean;
      const allowed = call("modifyTokenAttribute", { attribute, value: plan.target, isDelta: false, isBar }, plan.update, this);
      if (allowed === false) return this;
      const result = await self.update(plan.update);
      const toggle = (this as unknown as { toggleStatusEffect?(id: string, options: { active: boolean }): Promise<unknown> })
        .toggleStatusEffect;
      for (const [id, active] of Object.entries(plan.statuses)) await toggle?.call(this, id, { active });
      return result;
    }
  };
  Object.defineProperty(Subclass, "name", { value: (Base as { name?: string }).name || "OmnibusActor" });
  return Subclass as unknown as T;
}
