/**
 * The context of `templates/chat/item-card.hbs` (an item posted to chat), from plain data: no
 * Foundry global, so the gallery renders it too. The card holds the item's name and description in
 * each language the item has; the render hook (post-item.ts) keeps those of the reader's language,
 * so an English and a Russian player each read their own from the same message.
 */
import { displayDescription, displayName, isBilingual, type BilingualSource } from "./language";

export interface ItemCardContext {
  ruleset: string;
  itemUuid: string;
  img: string | null;
  /** i18n key of the item's type. */
  typeLabel: string;
  /** One entry per language shown (`lang` null: the same for every reader). */
  names: Array<{ lang: "en" | "ru" | null; text: string }>;
  descriptions: Array<{ lang: "en" | "ru" | null; enrichedHtml: string }>;
  /** Whether the card offers the item's roll (an item on an actor). */
  roll: boolean;
}

export interface ItemCardSource extends BilingualSource {
  uuid: string;
  img?: string | null;
  type: string;
}

/**
 * `enrich` turns a description's stored HTML into the HTML shown (Foundry's enrichHTML in the glue,
 * the identity in the gallery).
 */
export async function itemCardContext(
  item: ItemCardSource,
  options: { ruleset: string; roll: boolean; enrich: (html: string) => Promise<string> | string },
): Promise<ItemCardContext> {
  const names = { en: displayName(item, "en"), ru: displayName(item, "ru") };
  const texts = { en: displayDescription(item, "en"), ru: displayDescription(item, "ru") };
  const bilingualNames = names.en !== names.ru;
  const bilingualTexts = isBilingual(item) && texts.en !== texts.ru;
  const descriptions: ItemCardContext["descriptions"] = [];
  if (bilingualTexts) {
    for (const lang of ["en", "ru"] as const) if (texts[lang]) descriptions.push({ lang, enrichedHtml: await options.enrich(texts[lang]) });
  } else if (texts.en) descriptions.push({ lang: null, enrichedHtml: await options.enrich(texts.en) });
  return {
    ruleset: options.ruleset,
    itemUuid: item.uuid,
    img: item.img ?? null,
    typeLabel: `TYPES.Item.${item.type}`,
    names: bilingualNames
      ? [
          { lang: "en", text: names.en },
          { lang: "ru", text: names.ru },
        ]
      : [{ lang: null, text: names.en }],
    descriptions,
    roll: options.roll,
  };
}

/** Whether a card element written for `lang` ("en" / "ru") is shown to a reader of `reader`. */
export function shownTo(lang: string, reader: string | null | undefined): boolean {
  const russian = typeof reader === "string" && reader.toLowerCase().startsWith("ru");
  return lang === (russian ? "ru" : "en");
}

/** The card as a reader of `reader` sees it (what the render hook leaves of it): for the gallery. */
export function contextForReader(context: ItemCardContext, reader: string): ItemCardContext {
  return {
    ...context,
    names: context.names.filter((n) => n.lang === null || shownTo(n.lang, reader)),
    descriptions: context.descriptions.filter((d) => d.lang === null || shownTo(d.lang, reader)),
  };
}
