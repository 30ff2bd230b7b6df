/**
 * Russian names at creation (the pure part, and how items are found by either name:
 * src/rules/table/names.ts): installs the preCreate hooks once for all rulesets.
 */
import { russianNameUpdate } from "../rules/table/names";

export { hasName, itemNamed, itemNames, russianNameUpdate, type NamedItem } from "../rules/table/names";

/**
 * Installs the preCreateActor/preCreateItem hooks that apply `russianNameUpdate` to documents of
 * the types `isOmnibusType` accepts (every registered ruleset's types), using the client's language.
 */
export function registerRussianNames(isOmnibusType: (type: string) => boolean): void {
  for (const hook of ["preCreateActor", "preCreateItem"]) {
    Hooks.on(
      hook as never,
      ((document: { type?: string; updateSource(d: Record<string, unknown>): unknown }, data: Record<string, unknown>) => {
        if (!isOmnibusType(String(document.type ?? ""))) return;
        const update = russianNameUpdate(data as never, game.i18n?.lang);
        if (update) document.updateSource(update);
      }) as never,
    );
  }
}
