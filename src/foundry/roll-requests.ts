/**
 * Roll requests (issue 19): the GM asks chosen actors for a check (`game.omnibus.requestRoll`);
 * one card is posted with a Roll button per actor; the results gather on that card as the GM's
 * amendments of its record (the card layer, shared action `rollRequested`).
 *
 * Who rolls. On a request without hidden values a player rolls their own actor's check on their own
 * client (`rollOwnRequested`): built from the request's kind and dataset, with the request's values,
 * no dialog, public, posted as an ordinary check card that carries `requestLink` ({request, index})
 * next to its origin. The active GM takes the result when it records that card (`onCardRecorded`):
 * only if the card holds (chat/verify.ts re-derived it: the author owns the actor, the faces and the
 * claims are what the rules give) and the link matches the GM's own record of the request
 * (`linkFault`: the index's actor, the kind and dataset, every value, no result yet; `sameCheck`:
 * the GM's own build of the request's check rolls the same thing). The result is
 * the outcome the GM recomputed, amended once under the card layer's lock (`amendFromCard`);
 * anything else leaves the check card an ordinary roll and tells the GM why.
 *
 * A request with hidden values (a secret difficulty), and any GM's click, is rolled by the active GM:
 * a click names only the card and the actor's index on it; the GM refuses a user who does not own
 * that actor (Foundry's permission, the sender Foundry reported), builds the check from the actor's
 * own data, the request's recorded values and the hidden values, and rolls it itself. Hidden values
 * never go in the public card or its record (a world setting players can read): they are whispered
 * to the GMs (`postSecret`) and read back from that whisper when the GM rolls; the GM's check card
 * is then whispered to the GMs too, and the request card shows success or failure only.
 */
import { OmnibusError, refused } from "../core/errors";
import { amendFromCard, cardStateOf, onCardRecorded, userOwns, documentOf, type RecordedCard } from "./chat/actions";
import { log, recordOf } from "./chat/record";
import type { VerifiedCard } from "./chat/verify";
import { postCard, postSecret } from "./chat/cards";
import { registerSharedAction } from "./chat/shared-actions";
import { applyValueOverrides, runCheck } from "./checks";
import { publicMode, toGenerationMode } from "./compat";
import { localize, notify, notifyError } from "./i18n";
import { SYSTEM_ID, activeRuleset } from "./registry";
import type { ChatActionContext, CheckValues, PlannedAction, RequestLink } from "./ruleset";
import { templatePath } from "./templates/helpers";
import { requestResultsContext, valueLine } from "../rules/table/requests";

export const REQUEST_ACTION = "rollRequested";
const CHECK_CARD = templatePath("chat/check-card");
const RESULTS_TEMPLATE = templatePath("chat/request-results");
const MAX_ACTORS = 24;
const KEY = /^[A-Za-z][A-Za-z0-9]{0,31}$/;

export interface RollRequestOptions {
  /** Actors or their uuids (e.g. the selected tokens' actors). */
  actors: Array<string | { uuid?: string | null }>;
  /** The ruleset's kind of check (`"skill"`, `"attribute"`, `"characteristic"`, `"pool"`…). */
  kind: string;
  /** What a sheet button would carry (`{skill: "blaster"}`, `{itemId}`…). */
  dataset?: Record<string, string>;
  /** Dialog fields to roll with, as strings (`{difficulty: "15"}`). */
  values?: Record<string, string>;
  /** Keys of `values` kept from the players (whispered to the GMs only). */
  hidden?: string[];
  /** The card's title (already-localized text). */
  title?: string;
}

export interface RequestResult {
  success: boolean | null;
  total: number | null;
  by: string;
  messageId: string | null;
}
interface RequestState {
  kind: string;
  dataset: Record<string, string>;
  values: Record<string, string>;
  hidden: string[];
  title: string;
  actors: Array<{ uuid: string; name: string }>;
  results: Record<string, RequestResult>;
}

function stringMap(raw: unknown, what: string): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== "object" || Array.isArray(raw))
    throw new OmnibusError("badArgument", `${what} must be an object of strings`, { name: what, value: String(raw) });
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (!KEY.test(k) || (typeof v !== "string" && typeof v !== "number") || String(v).length > 64)
      throw new OmnibusError("badArgument", `${what}.${k}`, { name: `${what}.${k}`, value: String(v) });
    out[k] = String(v);
  }
  return out;
}

/** The request as plain, checked data (throws an OmnibusError naming the fault; nothing is posted). */
export async function readRequest(options: RollRequestOptions): Promise<RequestState & { hiddenValues: Record<string, string> }> {
  const kind = typeof options?.kind === "string" && KEY.test(options.kind) ? options.kind : null;
  if (!kind) throw new OmnibusError("badArgument", "kind", { name: "kind", value: String(options?.kind) });
  const list = Array.isArray(options.actors) ? options.actors : [];
  if (list.length === 0 || list.length > MAX_ACTORS)
    throw new OmnibusError("outOfRange", "actors", { name: "actors", value: list.length, min: 1, max: MAX_ACTORS });
  const actors: RequestState["actors"] = [];
  for (const entry of list) {
    const uuid = typeof entry === "string" ? entry : entry?.uuid;
    const doc = uuid ? ((await fromUuid(uuid as never)) as unknown as { uuid?: string; name?: string } | null) : null;
    if (!doc?.uuid) throw new OmnibusError("badArgument", `no actor ${String(uuid)}`, { name: "actors", value: String(uuid) });
    if (!actors.some((a) => a.uuid === doc.uuid)) actors.push({ uuid: doc.uuid, name: String(doc.name ?? "") });
  }
  const dataset = stringMap(options.dataset, "dataset");
  const values = stringMap(options.values, "values");
  const hidden = Array.isArray(options.hidden) ? options.hidden : [];
  for (const key of hidden)
    if (typeof key !== "string" || !Object.hasOwn(values, key))
      throw new OmnibusError("badArgument", "hidden names a value not given", { name: "hidden", value: String(key) });
  const hiddenValues: Record<string, string> = {};
  const shown: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) (hidden.includes(k) ? hiddenValues : shown)[k] = v;
  const title =
    typeof options.title === "string" && options.title.trim()
      ? options.title.trim().slice(0, 120)
      : localize("OMNIBUS.Request.Title", { kind });
  return { kind, dataset, values: shown, hidden: [...hidden], title, actors, results: {}, hiddenValues };
}

/** `game.omnibus.requestRoll(options)` (GM): posts the request card (and the GMs' whisper of hidden values). */
export async function requestRoll(options: RollRequestOptions): Promise<ChatMessage.Implementation | null> {
  if (!game.user?.isGM) {
    notify("warn", "OMNIBUS.Chat.NotPermitted");
    return null;
  }
  try {
    const { hiddenValues, ...state } = await readRequest(options);
    const context = {
      title: state.title,
      subtitle: localize("OMNIBUS.Request.Subtitle"),
      lines: Object.entries(state.values).map(([key, value]) => valueLine(key, value)),
      buttons: state.actors.map((a, i) => ({
        action: REQUEST_ACTION,
        label: "OMNIBUS.Request.Roll",
        // The actor's name in the words (shown as is: check-card.hbs localizes `label` only without `text`).
        text: localize("OMNIBUS.Request.Roll", { name: a.name }),
        data: { target: String(i) },
      })),
    };
    const card = await postCard({ template: CHECK_CARD, context, flags: { rollRequest: state }, rollMode: publicMode() });
    if (card && state.hidden.length > 0) {
      await postSecret({
        template: CHECK_CARD,
        context: { title: state.title, lines: Object.entries(hiddenValues).map(([key, value]) => valueLine(key, value)) },
        flags: { rollRequestSecret: { values: hiddenValues } },
        secretFor: card.id ?? null,
      });
    }
    return card ?? null;
  } catch (error) {
    notifyError(error);
    return null;
  }
}

/** What the GM types to ask for a check (the party sheet's form, the scene tool's dialog). */
export interface RequestAsk {
  kind: string;
  check: string;
  difficulty: string;
  hidden: boolean;
}

/** What the GM typed in a request form (the party sheet's, the scene tool's dialog), its inputs found by `field`. */
export function readRequestAsk(field: (name: keyof RequestAsk) => HTMLInputElement | null | undefined): RequestAsk {
  return {
    kind: field("kind")?.value ?? "",
    check: field("check")?.value ?? "",
    difficulty: field("difficulty")?.value ?? "",
    hidden: field("hidden")?.checked === true,
  };
}

/** A request for `actors` from what the GM typed: `{[kind]: check}` as the dataset, the difficulty hidden when asked. */
export function requestOptionsFrom(actors: RollRequestOptions["actors"], ask: RequestAsk): RollRequestOptions {
  const kind = String(ask.kind ?? "").trim();
  const check = String(ask.check ?? "").trim();
  const difficulty = String(ask.difficulty ?? "").trim();
  return {
    actors,
    kind,
    dataset: check ? { [kind]: check } : {},
    values: difficulty ? { difficulty } : {},
    hidden: difficulty && ask.hidden === true ? ["difficulty"] : [],
  };
}

/** The actors of the tokens the GM has selected on the viewed scene (each once). */
export function selectedActorUuids(): string[] {
  const tokens = ((canvas as unknown as { tokens?: { controlled?: unknown[] } } | null)?.tokens?.controlled ?? []) as Array<{
    actor?: { uuid?: string | null } | null;
  }>;
  return [...new Set(tokens.map((t) => t?.actor?.uuid).filter((u): u is string => typeof u === "string" && u.length > 0))];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The GM's request dialog for these actors: kind, which check, difficulty, hidden; then one request card. */
export async function openRequestDialog(actors: string[]): Promise<ChatMessage.Implementation | null> {
  if (!game.user?.isGM) {
    notify("warn", "OMNIBUS.Chat.NotPermitted");
    return null;
  }
  if (actors.length === 0) {
    notify("warn", "OMNIBUS.Request.NoTokens");
    return null;
  }
  const label = (key: string) => escapeHtml(localize(key));
  const content = [
    `<label>${label("OMNIBUS.Party.AskKind")} <input type="text" name="kind" maxlength="32" value="skill"></label>`,
    `<label>${label("OMNIBUS.Party.AskCheck")} <input type="text" name="check" maxlength="64" autofocus></label>`,
    `<label>${label("OMNIBUS.Party.AskDifficulty")} <input type="text" name="difficulty" maxlength="16"></label>`,
    `<label><input type="checkbox" name="hidden"> ${label("OMNIBUS.Party.AskHidden")}</label>`,
  ].join("");
  const DialogV2 = foundry.applications.api.DialogV2 as unknown as { wait(config: Record<string, unknown>): Promise<unknown> };
  const answer = await DialogV2.wait({
    window: { title: localize("OMNIBUS.Request.Tool") },
    classes: ["omnibus"],
    content,
    rejectClose: false,
    buttons: [
      {
        action: "ask",
        label: localize("OMNIBUS.Party.AskConfirm"),
        default: true,
        callback: (_event: Event, button: HTMLButtonElement): RequestAsk =>
          readRequestAsk((name) => button.form?.querySelector<HTMLInputElement>(`input[name=${name}]`)),
      },
    ],
  });
  if (!answer || typeof answer !== "object") return null;
  return requestRoll(requestOptionsFrom(actors, answer as RequestAsk));
}

/**
 * `getSceneControlButtons`: the GM's "Ask for a roll" button on the token controls, for the selected
 * tokens' actors. The shape is the same in v13 and v14 — `controls` a record of controls, each with
 * a record of `tools`, a button tool `{name, title, icon, order, button: true, visible, onChange}` —
 * as the public API pages of both show (foundryvtt.com/api/v13 and /api/v14,
 * `hookEvents.getSceneControlButtons`, whose example adds exactly such a tool to `controls.tokens`;
 * v14's `SceneControl.tools` is optional, so a control without tools is left alone).
 */
export function addRequestTool(controls: unknown): void {
  if (!game.user?.isGM || !controls || typeof controls !== "object" || Array.isArray(controls)) return;
  const tokens = (controls as Record<string, { tools?: Record<string, unknown> } | undefined>).tokens;
  if (!tokens?.tools || typeof tokens.tools !== "object" || Array.isArray(tokens.tools)) return;
  tokens.tools.omnibusRequest = {
    name: "omnibusRequest",
    title: "OMNIBUS.Request.Tool",
    icon: "fa-solid fa-dice",
    order: Object.keys(tokens.tools).length,
    button: true,
    visible: true,
    onChange: () => void openRequestDialog(selectedActorUuids()),
  };
}

function requestOf(state: Record<string, unknown>): RequestState | null {
  const r = state.rollRequest as RequestState | undefined;
  return r && Array.isArray(r.actors) ? r : null;
}

/** The hidden values of a request card: from the GM-whispered message a GM created for it. */
function hiddenValuesFor(cardId: string): Record<string, string> {
  for (const m of (game.messages?.contents ?? []) as unknown as Array<{
    flags?: Record<string, Record<string, unknown>>;
    author?: { id?: string } | null;
  }>) {
    const flags = m.flags?.[SYSTEM_ID];
    const secret = flags?.secret as { for?: unknown } | undefined;
    const byGM = Boolean(m.author?.id && game.users?.get(m.author.id)?.isGM);
    if (secret?.for === cardId && byGM && flags?.rollRequestSecret)
      return { ...((flags.rollRequestSecret as { values?: Record<string, string> }).values ?? {}) };
  }
  return {};
}

function actorAt(state: Record<string, unknown>, target: string | null): { uuid: string; name: string } | null {
  const r = requestOf(state);
  const i = Number(target);
  return r && target !== null && Number.isInteger(i) && i >= 0 && i < r.actors.length ? r.actors[i] : null;
}

/** What the asked check is built from: the request's kind, and its dataset with the kind as `check` (as a sheet button). */
function requestSource(r: RequestState): { kind: string; dataset: Record<string, string> } {
  return { kind: r.kind, dataset: { check: r.kind, ...r.dataset } };
}

/** A request's result from a check's first-roll outcome (the ruleset's own shape); no total when a value was hidden. */
function resultOf(outcome: unknown, r: RequestState, by: string, messageId: string | null): RequestResult {
  const o = (outcome && typeof outcome === "object" ? outcome : {}) as Record<string, unknown>;
  const total = [o.total, o.successes, o.sl].find((v) => typeof v === "number");
  return {
    success: typeof o.success === "boolean" ? o.success : null,
    total: r.hidden.length > 0 ? null : ((total as number | undefined) ?? null),
    by,
    messageId,
  };
}

/** Whether the asker rolls the check on their own client: a player, on a request without hidden values. */
function rollsOwn(r: RequestState | null, user: User.Implementation): boolean {
  return Boolean(r && !user.isGM && r.hidden.length === 0);
}

/** The GM rolls the asked actor's check (a hidden request, or a GM's click) and records the result on the request card. */
async function planRequested({ message, target, state, user }: ChatActionContext): Promise<PlannedAction> {
  const r = requestOf(state);
  const asked = actorAt(state, target);
  if (!r || !asked) throw refused("NotOnCard", "no such actor on the request");
  if (rollsOwn(r, user)) throw refused("RollYourOwn", "a request without hidden values is rolled by its player");
  const actor = await documentOf<Actor.Implementation>(asked.uuid);
  if (!actor) throw refused("TargetGone", `no actor ${asked.uuid}`, { name: asked.name });
  const checks = activeRuleset()?.checks;
  if (!checks) throw refused("NoChecks", "this ruleset has no checks");
  const hidden = hiddenValuesFor(message.id!);
  const request = await checks.build({ actor, ...requestSource(r), targets: [] });
  if (!request) throw refused("NothingToRoll", "nothing to roll");
  const values = applyValueOverrides(request.values, { ...r.values, ...hidden });
  const rollMode = r.hidden.length > 0 ? toGenerationMode("gmroll") : publicMode();
  const result = (await checks.roll(request, values, { rollMode })) as {
    id?: string;
    rolls?: Array<{ options?: { outcome?: Record<string, unknown> } }>;
  } | null;
  const entry = resultOf(result?.rolls?.[0]?.options?.outcome, r, user.id!, result?.id ?? null);
  return {
    changes: [],
    state: { ...state, rollRequest: { ...r, results: { ...r.results, [target!]: entry } } },
    summary: { key: "OMNIBUS.Request.RolledBy", data: { name: asked.name } },
  };
}

/**
 * A player rolls the asked actor's check on their own client: built from the request's kind and
 * dataset, with its values, no dialog, public, the card linked to the request (`requestLink`). The
 * active GM takes the result from that card once it holds (`takeLinkedResult`).
 */
async function rollOwnRequested({ message, target, state }: ChatActionContext): Promise<void> {
  const r = requestOf(state);
  const asked = actorAt(state, target);
  if (!r || !asked) throw refused("NotOnCard", "no such actor on the request");
  if (Object.hasOwn(r.results, target!)) throw refused("RequestRolled", "already rolled", { name: asked.name });
  // Without an active GM the result could not be gathered on the card.
  if (!game.users?.activeGM) {
    notify("warn", "OMNIBUS.Chat.NoGM");
    return;
  }
  const actor = await documentOf<Actor.Implementation>(asked.uuid);
  if (!actor) throw refused("TargetGone", `no actor ${asked.uuid}`, { name: asked.name });
  await runCheck(
    { actor, ...requestSource(r), targets: [] },
    { skipDialog: true, values: r.values, rollMode: publicMode(), requestLink: { request: message.id!, index: Number(target) } },
  );
}

/** Why a player's card did not count for the request it names (an OMNIBUS.Request.Why key). */
type NotCounted = "Forged" | "NotChecked" | "NoRequest" | "GMRolls" | "OtherActor" | "OtherCheck" | "OtherValues" | "Rolled" | "Cancelled";

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Whether a card that holds answers the request it names (the active GM's own record of the request
 * card): the request exists and has no hidden values, the index's actor is the one the card was
 * re-derived for, its kind and dataset are the request's (a ruleset's build may add to the dataset,
 * its additions re-derived with it), every request value is the value it was rolled with, and the
 * index has no result yet. Returns the reason it does not.
 */
function linkFault(r: RequestState | null, index: number, verified: VerifiedCard): NotCounted | null {
  if (!r || !Number.isInteger(index) || index < 0 || index >= r.actors.length) return "NoRequest";
  if (r.hidden.length > 0) return "GMRolls";
  if (r.actors[index].uuid !== verified.actorUuid) return "OtherActor";
  const source = requestSource(r);
  if (verified.kind !== source.kind || Object.entries(source.dataset).some(([k, v]) => verified.dataset[k] !== v)) return "OtherCheck";
  let asked: CheckValues;
  try {
    asked = applyValueOverrides(verified.request.values, r.values);
  } catch {
    return "OtherValues";
  }
  if (Object.keys(r.values).some((k) => !sameValue(verified.values[k], asked[k]))) return "OtherValues";
  if (Object.hasOwn(r.results, String(index))) return "Rolled";
  return null;
}

/**
 * Whether the card rolled the very check the request asks for: a ruleset's build may add keys to the
 * dataset (WFRP's helpers), so the GM builds the request's own check for the actor (its kind and
 * dataset only) and compares what is rolled — kind, title and item — with the card's re-derived one.
 * A key a player added that changes the check (another item, another skill) does not count.
 */
async function sameCheck(r: RequestState, index: number, verified: VerifiedCard): Promise<boolean> {
  const checks = activeRuleset()?.checks;
  const actor = await documentOf<Actor.Implementation>(r.actors[index].uuid);
  if (!checks || !actor) return false;
  try {
    const own = await checks.build({ actor, ...requestSource(r), targets: [] });
    return (
      !!own &&
      own.kind === verified.request.kind &&
      own.title === verified.request.title &&
      (own.itemUuid ?? null) === (verified.request.itemUuid ?? null)
    );
  } catch {
    return false;
  }
}

function parseLink(raw: unknown): RequestLink | null {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const { request, index } = raw as Record<string, unknown>;
  return typeof request === "string" && /^[A-Za-z0-9]{1,32}$/.test(request) && typeof index === "number" && Number.isInteger(index)
    ? { request, index }
    : null;
}

/** `onCardRecorded` (active GM): a player's check card that names a request amends that request once, or tells the GM why not. */
async function takeLinkedResult({ message, record, verified }: RecordedCard): Promise<void> {
  if (record.state.requestLink === undefined) return;
  const link = parseLink(record.state.requestLink);
  const request = link ? recordOf(link.request) : null;
  const r = request && !request.tampered ? requestOf(request.state) : null;
  const who = { user: game.users?.get(record.authorId)?.name ?? "?", name: r?.actors[link!.index]?.name ?? "?" };
  let fault: NotCounted | null = record.tampered ? "Forged" : !verified || verified.outcome === null ? "NotChecked" : null;
  fault ??= link && r ? linkFault(r, link.index, verified!) : "NoRequest";
  if (!fault && !(await sameCheck(r!, link!.index, verified!))) fault = "OtherCheck";
  const answer = fault
    ? null
    : await amendFromCard(
        link!.request,
        REQUEST_ACTION,
        String(link!.index),
        { userId: record.authorId, fromId: message.id!, summary: { key: "OMNIBUS.Request.RolledBy", data: { name: who.name } } },
        (state) => {
          const now = requestOf(state);
          if (!now || linkFault(now, link!.index, verified!)) return null;
          const entry = resultOf(verified!.outcome, now, record.authorId, message.id ?? null);
          return { ...state, rollRequest: { ...now, results: { ...now.results, [String(link!.index)]: entry } } };
        },
      );
  if (answer === "done") return;
  const why: NotCounted = fault ?? (answer === "cancelled" ? "Cancelled" : "Rolled");
  notify("warn", "OMNIBUS.Request.NotCounted", { ...who, reason: localize(`OMNIBUS.Request.Why.${why}`) });
  await log({
    kind: "refused",
    messageId: link?.request ?? "",
    action: REQUEST_ACTION,
    target: link ? String(link.index) : null,
    userId: record.authorId,
    reason: `OMNIBUS.Request.Why.${why}`,
  });
}

/** Registers the shared action (at init). */
export function registerRollRequests(): void {
  registerSharedAction(REQUEST_ACTION, {
    targets: (state) => (requestOf(state)?.actors ?? []).map((_, i) => String(i)),
    // The asked actor's owner (or a GM): Foundry's permission, for the user Foundry reported.
    permitted: ({ state, target, user }) => {
      const asked = actorAt(state, target);
      return Boolean(asked && userOwns(asked.uuid, user));
    },
    visible: () => true,
    // A player rolls a request without hidden values here; a GM's click and a hidden request go to the active GM.
    local: ({ state, user }) => rollsOwn(requestOf(state), user),
    run: rollOwnRequested,
    plan: planRequested,
  });
  onCardRecorded(takeLinkedResult);
}

/** The request card's results, for one reader (renderChatMessageHTML, after the card layer bound it). */
export async function bindRollRequest(message: ChatMessage.Implementation, html: HTMLElement): Promise<void> {
  const card = html.querySelector<HTMLElement>(".omnibus-card");
  const user = game.user;
  const r = message.id ? requestOf(cardStateOf(message)) : null;
  if (!card || !user || !r) return;
  // Only the owners of an actor see its Roll button (the GM checks again on every click).
  for (const button of Array.from(card.querySelectorAll<HTMLElement>(`[data-action="${REQUEST_ACTION}"]`))) {
    const asked = r.actors[Number(button.dataset.target)];
    if (!asked || !userOwns(asked.uuid, user)) button.remove();
  }
  const holder = document.createElement("div");
  holder.innerHTML = await foundry.applications.handlebars.renderTemplate(
    RESULTS_TEMPLATE,
    requestResultsContext(r.actors, r.results, user.isGM) as never,
  );
  card.append(...Array.from(holder.children));
}
