/**
 * The party actor (issue 16): one type per ruleset (`d6_party`, `storytelling_party`, `wfrp_party`,
 * `silhouette_party`) holding its members' actor ids. Its sheet lists each member's key numbers
 * (src/rules/party.ts), opens their sheets, and lets the GM award experience to all of them, either
 * the same amount each or one amount split between them. Members join by dropping an actor on
 * the sheet. The decisions are pure; this file reads the documents and applies the changes.
 */
import { isRulesetId, type RulesetId } from "../rules/index";
import { joinParty, leaveParty, splitAward, type MemberInput } from "../rules/party";
import { array, html, str, type SchemaSpec } from "../rules/table/field-spec";
import { buildSchema } from "./data/build-fields";
import { awardExperience, mayAward } from "./experience";
import { localize, notify } from "./i18n";
import { readRequestAsk, requestOptionsFrom, requestRoll, type RequestAsk, type RollRequestOptions } from "./roll-requests";
import { readerName } from "./sheets/description";
import { partyContext } from "./party-context";
import { templatePath } from "./templates/helpers";
import type { DocumentTypeSpec } from "./ruleset";

export const PARTY_SPEC: SchemaSpec = {
  /** Member actor ids, in the order the party sheet lists them. */
  members: array(str("")),
  /** How the sheet's award form starts: the amount to each member, or split between them. */
  awardMode: str("each", ["each", "split"]),
  description: html(),
};

const partySchema = () => buildSchema(PARTY_SPEC);

/** The party's data: its members' ids and a description. */
export class PartyModel extends foundry.abstract.TypeDataModel<ReturnType<typeof partySchema>, Actor.Implementation> {
  static override defineSchema() {
    return partySchema();
  }
}

interface ActorLikeDoc {
  id: string | null;
  name: string | null;
  type: string;
  img?: string | null;
  isOwner: boolean;
  system: unknown;
  items?: { contents: Array<{ name: string | null; type: string; system: unknown }> };
  toObject(): unknown;
  update(data: Record<string, unknown>): Promise<unknown>;
  updateEmbeddedDocuments(name: "Item", updates: Record<string, unknown>[]): Promise<unknown>;
  sheet?: unknown;
}

const rulesetOfParty = (party: { type: string }): RulesetId | null => {
  const id = party.type.endsWith("_party") ? party.type.slice(0, -"_party".length) : "";
  return isRulesetId(id) ? id : null;
};

const membersOf = (party: { system: unknown }): string[] => {
  const m = (party.system as { members?: unknown } | null)?.members;
  return Array.isArray(m) ? m.filter((x): x is string => typeof x === "string") : [];
};

const worldActor = (id: string): ActorLikeDoc | null => (game.actors?.get(id) as unknown as ActorLikeDoc | undefined) ?? null;

/** Adds `actor` to the party, or says why not (another ruleset's actor, a vehicle, already in). */
export async function addPartyMember(
  party: ActorLikeDoc,
  actor: { id: string | null; type: string; name: string | null },
): Promise<boolean> {
  const ruleset = rulesetOfParty(party);
  if (!ruleset || !party.isOwner) {
    notify("warn", "OMNIBUS.Party.NotYours", { party: party.name ?? "" });
    return false;
  }
  if (!actor.id) return false;
  const r = joinParty(ruleset, membersOf(party), { id: actor.id, type: actor.type });
  if (!r.ok) {
    notify("warn", `OMNIBUS.Party.Refused.${r.reason}`, { actor: actor.name ?? "", party: party.name ?? "" });
    return false;
  }
  await party.update({ "system.members": r.members });
  return true;
}

/** Removes a member (or an id whose actor was deleted). */
export async function removePartyMember(party: ActorLikeDoc, id: string): Promise<boolean> {
  if (!party.isOwner) {
    notify("warn", "OMNIBUS.Party.NotYours", { party: party.name ?? "" });
    return false;
  }
  const before = membersOf(party);
  const after = leaveParty(before, id);
  if (after.length === before.length) return false;
  await party.update({ "system.members": after });
  return true;
}

export type AwardMode = "each" | "split";

/** What the party sheet's "Ask them all for a check" form holds (strings as typed). */
export type PartyAsk = RequestAsk;

/**
 * The roll request (roll-requests.ts) for every member of the party: the check `kind` named by
 * `check` (`{skill: "climbing"}`), the difficulty when one is given, kept from the players when
 * `hidden`. Null (and the GM is told) when the party has no members.
 */
export function partyRequestOptions(
  party: ActorLikeDoc,
  ask: PartyAsk,
  lookup: (id: string) => ActorLikeDoc | null = worldActor,
): RollRequestOptions | null {
  const actors = membersOf(party)
    .map(lookup)
    .filter((a): a is ActorLikeDoc => a !== null)
    .map((a) => ({ uuid: (a as { uuid?: string | null }).uuid ?? null }));
  if (actors.length === 0) {
    notify("warn", "OMNIBUS.Party.NoMembers");
    return null;
  }
  return requestOptionsFrom(actors, ask);
}

/** The GM asks every member of the party for one check: one request card (roll-requests.ts). */
export async function askParty(party: ActorLikeDoc, ask: PartyAsk): Promise<ChatMessage.Implementation | null> {
  const options = partyRequestOptions(party, ask);
  return options ? requestRoll(options) : null;
}

/**
 * The GM's award to the whole party: `amount` to each member, or `amount` split equally between
 * them (whole points; what does not divide is not awarded and the GM is told). Returns how many
 * members were awarded.
 */
export async function awardParty(
  party: ActorLikeDoc,
  amount: number,
  reason: string,
  mode: AwardMode,
  lookup: (id: string) => ActorLikeDoc | null = worldActor,
): Promise<number> {
  if (!mayAward(amount)) return 0;
  const members = membersOf(party)
    .map(lookup)
    .filter((a): a is ActorLikeDoc => a !== null);
  if (members.length === 0) {
    notify("warn", "OMNIBUS.Party.NoMembers");
    return 0;
  }
  let each = amount;
  if (mode === "split") {
    const s = splitAward(amount, members.length);
    if (s.each === 0) {
      notify("warn", "OMNIBUS.Party.SplitTooSmall", { amount, count: members.length });
      return 0;
    }
    each = s.each;
    if (s.remainder > 0) notify("info", "OMNIBUS.Party.SplitRemainder", { each, remainder: s.remainder });
  }
  return awardExperience(members as never, each, reason);
}

/**
 * The `dropActorSheetData` hook for parties, `(actor, sheet, data)`
 * (https://foundryvtt.com/api/functions/hookEvents.dropActorSheetData.html): an Actor dropped on a
 * party's sheet joins it; an Item is refused (a party holds none). Returns false for both so
 * ActorSheetV2 creates nothing itself; anything else on any other actor is left alone.
 */
export function partyDrop(actor: { type: string }, _sheet: unknown, data: { type?: string; uuid?: string }): boolean | void {
  if (!rulesetOfParty(actor)) return;
  if (data?.type === "Actor" && data.uuid) {
    const dropped = fromUuidSync(data.uuid as never) as unknown as {
      id: string | null;
      type: string;
      name: string | null;
      pack?: string | null;
    } | null;
    if (dropped && !dropped.pack) void addPartyMember(actor as unknown as ActorLikeDoc, dropped);
    else notify("warn", "OMNIBUS.Party.WorldActorsOnly");
    return false;
  }
  if (data?.type === "Item") {
    notify("warn", "OMNIBUS.Party.NoItems");
    return false;
  }
}

/** A prepared world actor as the party row reads it (the reader's names). */
function memberInput(actor: ActorLikeDoc): MemberInput {
  return {
    id: actor.id ?? "",
    name: readerName(actor as never),
    img: actor.img || "icons/svg/mystery-man.svg",
    type: actor.type,
    system: (actor.system ?? {}) as Record<string, unknown>,
    items: (actor.items?.contents ?? []).map((i) => ({
      name: readerName(i as never),
      type: i.type,
      system: (i.system ?? {}) as Record<string, unknown>,
    })),
  };
}

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ActorSheetV2 } = foundry.applications.sheets;
const HbsActorSheet = HandlebarsApplicationMixin(ActorSheetV2) as unknown as typeof ActorSheetV2 & {
  PARTS: Record<string, { template: string; scrollable?: string[] }>;
};
type RenderOptions = Parameters<InstanceType<typeof ActorSheetV2>["_prepareContext"]>[0];

export const PARTY_TEMPLATE = templatePath("shared/party");

/** The party sheet (ApplicationV2). */
export class PartySheet extends HbsActorSheet {
  static override DEFAULT_OPTIONS: (typeof ActorSheetV2)["DEFAULT_OPTIONS"] = {
    classes: ["omnibus", "sheet", "actor", "omnibus-party"],
    position: { width: 620, height: 560 },
    window: { resizable: true },
    // Only the award mode is a document field; the amount and reason are read by the button.
    form: { submitOnChange: true },
    actions: {
      openMember: PartySheet.#onOpenMember,
      removeMember: PartySheet.#onRemoveMember,
      awardParty: PartySheet.#onAward,
      askParty: PartySheet.#onAsk,
    },
  };

  static override PARTS = { party: { template: PARTY_TEMPLATE, scrollable: [""] } };

  override async _prepareContext(options: RenderOptions): Promise<never> {
    const base = await super._prepareContext(options);
    const actor = this.document as unknown as ActorLikeDoc;
    const ctx = partyContext(
      rulesetOfParty(actor) ?? "",
      membersOf(actor),
      (id) => {
        const a = worldActor(id);
        return a ? memberInput(a) : null;
      },
      { isGM: game.user?.isGM === true, editable: this.isEditable, awardMode: (actor.system as { awardMode?: unknown } | null)?.awardMode },
    );
    return { ...base, ...ctx, actor: { id: actor.id, name: readerName(actor as never), img: actor.img } } as never;
  }

  static async #onOpenMember(this: PartySheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>("[data-member-id]")?.dataset.memberId ?? "";
    const sheet = worldActor(id)?.sheet as { render(options: { force: boolean }): Promise<unknown> } | null | undefined;
    await sheet?.render({ force: true });
  }

  static async #onRemoveMember(this: PartySheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (!this.isEditable) return;
    const id = target.closest<HTMLElement>("[data-member-id]")?.dataset.memberId ?? "";
    await removePartyMember(this.document as unknown as ActorLikeDoc, id);
  }

  static async #onAward(this: PartySheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const form = target.closest<HTMLElement>(".omnibus-party-award");
    const amount = Number(form?.querySelector<HTMLInputElement>("input[data-party-field=amount]")?.value ?? "");
    const reason = form?.querySelector<HTMLInputElement>("input[data-party-field=reason]")?.value ?? "";
    const mode = form?.querySelector<HTMLInputElement>("input[name='system.awardMode']:checked")?.value === "split" ? "split" : "each";
    await awardParty(this.document as unknown as ActorLikeDoc, amount, reason || localize("OMNIBUS.Party.DefaultReason"), mode);
  }

  static async #onAsk(this: PartySheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const form = target.closest<HTMLElement>(".omnibus-party-ask");
    const ask = readRequestAsk((name) => form?.querySelector<HTMLInputElement>(`input[data-party-field=${name}]`));
    await askParty(this.document as unknown as ActorLikeDoc, ask);
  }
}

/** The party's actor type spec, the same in every ruleset. */
export const partyActorType = (): DocumentTypeSpec => ({
  dataModel: PartyModel as never,
  sheet: PartySheet as never,
  sheetLabel: "OMNIBUS.Party.Sheet",
  img: "icons/svg/combat.svg",
});
