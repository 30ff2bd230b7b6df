/**
 * A card's "Explain" disclosure in its reader's language (renderChatMessageHTML): the card was
 * rendered in its author's language, but each step carries its code and numbers
 * (`data-omnibus-explain`), so every client words it again with its own language file. Markup that
 * does not read as a step is left as it was.
 */
import { explainArgs, explainKey, isExplainStep } from "./templates/explain";
import type { NumberLanguage } from "../rules/table/format";

type Localize = (key: string, data?: Record<string, string | number>) => string;

export function rewordExplain(html: HTMLElement, localize: Localize, lang?: NumberLanguage): void {
  for (const box of Array.from(html.querySelectorAll<HTMLElement>(".omnibus-explain"))) {
    for (const el of Array.from(box.querySelectorAll<HTMLElement>("[data-omnibus-explain]"))) {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(el.dataset.omnibusExplain ?? "");
      } catch {
        continue;
      }
      if (isExplainStep(parsed)) el.textContent = localize(explainKey(parsed.code), explainArgs(parsed.values, lang));
    }
    for (const el of Array.from(box.querySelectorAll<HTMLElement>("[data-omnibus-i18n]"))) {
      const key = el.dataset.omnibusI18n ?? "";
      if (key.startsWith("OMNIBUS.Explain.")) el.textContent = localize(key);
    }
  }
}
