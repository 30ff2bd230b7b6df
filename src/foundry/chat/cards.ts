/**
 * Chat cards: a template rendered into a ChatMessage that carries the rolls (so Dice So Nice, roll
 * tooltips and manual dice entry keep working) and honours the roll mode the user chose.
 *
 * The card's root element must be `<div class="omnibus omnibus-card omnibus-<ruleset>">…</div>`
 * (the shared `templates/chat/check-card.hbs` does this); its `[data-action]` buttons are dispatched
 * per message by chat/actions.ts.
 */
import { applyMessageMode, currentMessageMode, messageCreateOptions, toGenerationMode } from "../compat";
import { SYSTEM_ID, activeRulesetId } from "../registry";
import type { CheckRequest, CheckValues, TargetInfo } from "../ruleset";
import type { RequestLink } from "../../rules/table/types";
import { choicesOf } from "./choices";

/**
 * What a check card was rolled from, stored with it (`flags.omnibus.origin`) so the active GM can
 * build the check again from the author's actor and re-derive the card (chat/verify.ts): where it
 * came from, the targets, and the dialog's values as short strings (read back against the rebuilt
 * dialog's fields, never taken as numbers).
 */
export interface CardOrigin {
  kind: string;
  dataset: Record<string, string>;
  actorUuid: string | null;
  itemUuid: string | null;
  targets: TargetInfo[];
  choices: Record<string, string>;
  /** The roll request the check answers (`CheckRequest.requestLink`); stored next to the origin, as `flags.omnibus.requestLink`. */
  requestLink?: RequestLink;
}

/** The origin of a card rolled from `request` with `values` (null for a GM, or when the request does not say where it came from). */
export function cardOrigin(request: CheckRequest, values: CheckValues): CardOrigin | null {
  // A GM's card is not re-derived, and its choices may hold what players must not see (hidden difficulties).
  if (!request.source || game.user?.isGM) return null;
  return {
    kind: request.source.kind,
    dataset: { ...request.source.dataset },
    actorUuid: request.actorUuid ?? null,
    itemUuid: request.itemUuid ?? null,
    targets: structuredClone(request.targets),
    choices: choicesOf(values, request.fields),
    ...(request.requestLink ? { requestLink: { request: request.requestLink.request, index: request.requestLink.index } } : {}),
  };
}

/**
 * The context of the shared `templates/chat/check-card.hbs` (a ruleset may use its own template).
 * Labels are i18n keys; `title`, `subtitle` and line values are already-localized text.
 */
export interface CheckCardContext {
  title: string;
  subtitle?: string;
  img?: string;
  /** Faces in the dice order contract; `classes` marks e.g. "wild exploded", "success", "discarded". */
  dice?: Array<{ face: number; sides: number; classes?: string }>;
  total?: number | string;
  /** i18n label and a tone: "success" | "failure" | "critical" | "fumble" | "neutral". */
  outcome?: { label: string; tone: string };
  lines?: Array<{ label: string; value: string | number }>;
  targets?: Array<{ name: string; img: string; distance: number | null; units: string }>;
  /** Buttons dispatched by chat/actions.ts: `data` becomes data-* attributes (payload). */
  /** `text`: the button's words already localized (shown as is), else `label` is localized. */
  buttons?: Array<{ action: string; label: string; text?: string; icon?: string; data?: Record<string, string | number> }>;
}

export interface CardMessage {
  /** `systems/omnibus/templates/...`. */
  template: string;
  /** The template's context (plain data). `ruleset` is added. */
  context: Record<string, unknown>;
  actor?: Actor.Implementation | null;
  /** Evaluated rolls; they go on the message's `rolls`. */
  rolls?: Roll[];
  /** A roll/message mode in either generation's spelling ("gmroll" or "gm"…); default: the user's current one. */
  rollMode?: string;
  flavor?: string;
  /** Stored under `flags.omnibus` (with `ruleset`), read back by chat actions. */
  flags?: Record<string, unknown>;
  /** What the check was rolled from (`cardOrigin`), for the GM's re-derivation. */
  origin?: CardOrigin | null;
}

/** The user's current roll mode (the chat's mode selector), in the running generation's spelling. */
export function currentRollMode(): string {
  return currentMessageMode();
}

/** Builds the ChatMessage data for a card (without creating it). */
export async function cardMessageData(card: CardMessage): Promise<Record<string, unknown>> {
  const ruleset = activeRulesetId();
  const content = await foundry.applications.handlebars.renderTemplate(card.template, { ...card.context, ruleset });
  const rolls = card.rolls ?? [];
  const { requestLink, ...origin } = card.origin ?? {};
  const data: Record<string, unknown> = {
    speaker: ChatMessage.getSpeaker({ actor: card.actor ?? undefined }),
    content,
    rolls,
    flags: {
      [SYSTEM_ID]: {
        ruleset,
        ...(card.flags ?? {}),
        ...(card.origin ? { origin } : {}),
        ...(card.origin && requestLink ? { requestLink } : {}),
      },
    },
  };
  if (card.flavor) data.flavor = card.flavor;
  if (rolls.length > 0) data.sound = CONFIG.sounds.dice;
  return data;
}

/**
 * Renders and posts a card. Returns the created message. The mode is applied to the message data
 * (whisper/blind) through compat.ts (v13 `ChatMessage.applyRollMode`, v14 `applyMode`): the mode
 * passed to `create` acts only on messages that carry rolls, so a roll-less card (a move, a round
 * summary) would otherwise be public — dnd5e applies it to its roll-less cards the same way
 * (item.mjs:780). The mode also goes to `create` as an option (v13 `rollMode`, v14 `messageMode`),
 * as `Roll#toMessage` does for roll messages.
 */
export async function postCard(card: CardMessage): Promise<ChatMessage.Implementation | undefined> {
  const data = await cardMessageData(card);
  const mode = toGenerationMode(card.rollMode ?? currentMessageMode());
  applyMessageMode(data, mode);
  const Message = ChatMessage as unknown as {
    create(data: Record<string, unknown>, options?: Record<string, unknown>): Promise<ChatMessage.Implementation | undefined>;
  };
  return Message.create(data, messageCreateOptions(mode));
}

/**
 * The GM-only part of a card (hidden difficulties, hidden NPC numbers): a message whispered to the
 * GMs, so a player's client never receives it (issue 10, point 8) — hiding parts of a public card
 * when it renders is not enough, its data reaches every client. `secretFor` links it to its card.
 */
export async function postSecret(
  card: Omit<CardMessage, "rollMode" | "rolls"> & { secretFor?: string | null },
): Promise<ChatMessage.Implementation | undefined> {
  const data = await cardMessageData({ ...card, rolls: [] });
  const Message = ChatMessage as unknown as {
    create(data: Record<string, unknown>, options?: Record<string, unknown>): Promise<ChatMessage.Implementation | undefined>;
    getWhisperRecipients(name: string): Array<{ id?: string | null }>;
  };
  const gms = Message.getWhisperRecipients("GM")
    .map((u) => u.id)
    .filter((id): id is string => Boolean(id));
  const flags = data.flags as Record<string, Record<string, unknown>>;
  flags[SYSTEM_ID] = { ...flags[SYSTEM_ID], secret: { for: card.secretFor ?? null } };
  return Message.create({ ...data, whisper: gms }, {});
}
