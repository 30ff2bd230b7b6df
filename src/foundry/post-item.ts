/**
 * Post to chat: any item's card (name, type, description in each language it has, and its roll
 * button when it sits on an actor), from the item sheet's header button and the item rows of the
 * actor sheets. `postItem(item)` posts through `postCard`; `bindItemCard(html)` (renderChatMessageHTML)
 * keeps the reader's language, localizes the labels for the reader, hides the roll button from
 * whoever does not own the item, and rolls through `rollItem` (the same path as the sheets) with
 * the held keybindings. The roll button is not a chat action (chat/actions.ts): it changes no
 * document of anyone else, it rolls the clicker's own item.
 */
import { postCard } from "./chat/cards";
import { rollItem } from "./checks";
import { localize, notify } from "./i18n";
import { clickRollOptions } from "./keybindings";
import { itemCardContext, shownTo, type ItemCardSource } from "./post-item-context";
import { activeRulesetId, rulesetOfType } from "./registry";
import { readerLanguage } from "./sheets/description";
import { templatePath } from "./templates/helpers";

export const ITEM_CARD_TEMPLATE = templatePath("chat/item-card");

/** Posts the item's card. Secrets in its description stay out of the card. */
export async function postItem(item: Item.Implementation): Promise<ChatMessage.Implementation | undefined> {
  const source = ((item as unknown as { _source?: ItemCardSource })._source ?? item) as ItemCardSource;
  const actor = (item.parent ?? null) as Actor.Implementation | null;
  const TextEditor = foundry.applications.ux.TextEditor.implementation;
  const context = await itemCardContext(
    { ...source, uuid: item.uuid, img: item.img, type: item.type },
    {
      ruleset: rulesetOfType(item.type) ?? activeRulesetId(),
      roll: Boolean(actor),
      enrich: (html) => TextEditor.enrichHTML(html, { secrets: false, relativeTo: item }),
    },
  );
  return postCard({ template: ITEM_CARD_TEMPLATE, context: context as never, actor, flags: { postedItem: { uuid: item.uuid } } });
}

/** The reader's view of a rendered item card (see the file comment). */
export function bindItemCard(html: HTMLElement): void {
  const card = html.querySelector<HTMLElement>(".omnibus-item-card");
  if (!card) return;
  const reader = readerLanguage();
  for (const el of Array.from(card.querySelectorAll<HTMLElement>("[data-omnibus-lang]"))) {
    if (!shownTo(el.dataset.omnibusLang ?? "", reader)) el.remove();
  }
  for (const el of Array.from(card.querySelectorAll<HTMLElement>("[data-omnibus-i18n]")))
    el.textContent = localize(el.dataset.omnibusI18n ?? "");
  for (const button of Array.from(card.querySelectorAll<HTMLElement>("[data-omnibus-item-roll]"))) {
    const uuid = button.dataset.omnibusItemRoll ?? "";
    const item = fromUuidSync(uuid as never) as { isOwner?: boolean } | null;
    if (!item?.isOwner) {
      button.remove();
      continue;
    }
    button.addEventListener("click", (event) => {
      event.preventDefault();
      void rollPostedItem(uuid);
    });
  }
}

/** The roll button: the item must still exist, sit on an actor and be the clicker's. */
export async function rollPostedItem(uuid: string): Promise<unknown> {
  const item = (await fromUuid(uuid)) as Item.Implementation | null;
  if (!item) {
    notify("warn", "OMNIBUS.PostItem.Gone");
    return null;
  }
  if (!item.parent || !item.isOwner) {
    notify("warn", "OMNIBUS.PostItem.NotYours");
    return null;
  }
  return rollItem(item, clickRollOptions());
}
