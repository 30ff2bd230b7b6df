/**
 * Inline check links (`@Check[skill=blaster difficulty=moderate]{Shoot}`, syntax in
 * src/core/check-link.ts and docs/api.md) in journals, chat and any enriched text.
 *
 * `registerCheckLinkEnricher()` (init) adds a `CONFIG.TextEditor.enrichers` entry (api:
 * TextEditor "enrichers": `{pattern, enricher}`, the pattern global, the enricher returning an
 * HTMLElement). A good link renders `templates/chat/check-link.hbs` as a button; a bad one renders
 * the same template as an inline error naming what is wrong (never a throw, so the rest of the
 * journal still renders). `installCheckLinkClicks()` listens on the document for clicks on those
 * buttons: the check runs for the user's character (`game.user.character`, else the first
 * controlled token's actor) through `runCheck`, with the held keybindings.
 */
import { parseCheckLink, CHECK_LINK_PATTERN } from "../core/check-link";
import { checkLinkContext } from "./check-link-context";
import { runCheck } from "./checks";
import { localize, notify } from "./i18n";
import { clickRollOptions } from "./keybindings";
import { hasName } from "./names";
import { activeRulesetId } from "./registry";
import { currentTargets } from "./targets";
import { templatePath } from "./templates/helpers";

export const CHECK_LINK_TEMPLATE = templatePath("chat/check-link");

/** Renders one match into an element (the enricher). */
export async function enrichCheckLink(match: RegExpMatchArray): Promise<HTMLElement> {
  const raw = match[1] ?? "";
  const context = checkLinkContext(raw, parseCheckLink(raw, match[2]), localize);
  const html = await foundry.applications.handlebars.renderTemplate(CHECK_LINK_TEMPLATE, context);
  const holder = document.createElement("span");
  holder.innerHTML = html.trim();
  return (holder.firstElementChild as HTMLElement | null) ?? holder;
}

interface EnricherConfig {
  pattern: RegExp;
  enricher: (match: RegExpMatchArray, options?: unknown) => Promise<HTMLElement | null>;
}

export function registerCheckLinkEnricher(): void {
  const config = CONFIG as unknown as { TextEditor: { enrichers: EnricherConfig[] } };
  config.TextEditor.enrichers.push({ pattern: new RegExp(CHECK_LINK_PATTERN.source, CHECK_LINK_PATTERN.flags), enricher: enrichCheckLink });
}

/** The actor a link rolls for: the user's character, else the first controlled token's actor. */
export function linkActor(): Actor.Implementation | null {
  const own = (game.user as unknown as { character?: Actor.Implementation | null } | null)?.character;
  if (own) return own;
  const controlled =
    (canvas as unknown as { tokens?: { controlled?: Array<{ actor?: Actor.Implementation | null }> } } | null)?.tokens?.controlled ?? [];
  return controlled.find((t) => t.actor)?.actor ?? null;
}

/**
 * Runs a link's check. The value of the kind (`skill=blaster`) also names an item of the actor of
 * type `<ruleset>_<kind>` (by `system.key` or either name) when it has one: the sheets' skill
 * buttons carry that item's id.
 */
export async function runCheckLink(raw: string): Promise<unknown> {
  const link = parseCheckLink(raw);
  if (!link.ok) {
    notify("warn", `OMNIBUS.Link.Error.${link.error}`, { token: link.token });
    return null;
  }
  const actor = linkActor();
  if (!actor) {
    notify("warn", "OMNIBUS.Link.NoActor");
    return null;
  }
  const dataset = { ...link.dataset };
  const wanted = dataset[link.kind];
  if (wanted && !dataset.itemId) {
    const type = `${activeRulesetId()}_${link.kind}`;
    const item = actor.items.find(
      (i) => i.type === type && ((i.system as unknown as { key?: unknown }).key === wanted || hasName(i as never, wanted)),
    );
    if (item?.id) dataset.itemId = item.id;
  }
  return runCheck({ actor, kind: link.kind, dataset, targets: currentTargets(actor) }, { ...clickRollOptions(), values: link.values });
}

let installed = false;

/** One delegated click listener for every rendered link (journals, chat, sheets). */
export function installCheckLinkClicks(root: Document | undefined = globalThis.document): void {
  if (installed || !root) return;
  installed = true;
  root.addEventListener("click", (event) => {
    const target = (event.target as HTMLElement | null)?.closest?.<HTMLElement>("a.omnibus-check-link[data-link]");
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    void runCheckLink(target.dataset.link ?? "");
  });
}
