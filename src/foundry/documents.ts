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
import { activeTypes } from "./registry";
import type { DocumentKind } from "./ruleset";

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
// eslint-disable-next-line @typescript-eslint/no-explicit-any
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
