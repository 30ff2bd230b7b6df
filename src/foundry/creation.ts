/**
 * Guided character creation (issue 16): a window per character (ApplicationV2) that walks the
 * ruleset's steps (src/rules/creation-steps.ts), edits the values in place, shows each step's budget
 * and every broken rule live in the reader's language, and refuses Finish while a rule is broken.
 *
 * WFRP's random rolls (species, characteristics) are made by the active GM, never by the player:
 * the player's client posts a request card and asks for the `wfrpCreationRoll` chat action (card
 * layer); the GM rolls real Rolls, posts them to chat, writes the values to the character and keeps
 * the faces in the hidden world setting `omnibus.creationRolls` (only GMs write world settings).
 * Keeping the dice as they fell earns the rulebook's bonus experience (`wfrpCreationKeep`), which the
 * GM grants only after re-deriving the values from the recorded faces; a second roll forfeits it.
 */
import { RULESET_IDS, isRulesetId, type RulesetId } from "../rules/index";
import { creationView } from "../rules/creation-steps";
import { planAward } from "../rules/advance-plan";
import type { ActorLike } from "../rules/build-types";
import { CHARACTERISTICS } from "../rules/wfrp/characteristics";
import {
  CREATION_ROLL_FORMULAS,
  CREATION_ROLL_KINDS,
  CREATION_XP,
  CHARACTERISTICS_CHOICES,
  careerChoiceXp,
  characteristicsChoiceBreach,
  characteristicsChoiceXp,
  characteristicsFromFaces,
  differsFromRoll,
  speciesFromD100,
  speciesKey,
  type CharacteristicsChoice,
  type CreationRollKind,
  type CreationRollRecord,
} from "../rules/wfrp/creation-rolls";
import {
  CAREER_ROLLS_MAX,
  RANDOM_CAREER,
  careerClaimBreach,
  careerFromD100,
  randomCareerProblems,
  type RandomCareerRow,
} from "../rules/wfrp/random-career";
import { itemsToAdd, specialisedName, wantedItems, type WantedItem } from "../rules/wfrp/creation-items";
import { refused } from "../core/errors";
import { documentOf, requestChatAction, userOwns } from "./chat/actions";
import { postCard } from "./chat/cards";
import { creationContext, type CreationContext, type RollOffer } from "./creation-context";
import { localize, notify, notifyError } from "./i18n";
import { SYSTEM_ID } from "./registry";
import { rulesetSettingKey, settingsStore } from "./settings";
import { readerName } from "./sheets/description";
import { templatePath } from "./templates/helpers";
import type { ChatAction, ChatActionContext, PlannedAction } from "./ruleset";

export const CREATION_TEMPLATE = templatePath("shared/creation");
export const ROLLS_SETTING = "creationRolls";
/** The GM's Random Career table (JSON rows as in src/rules/wfrp/random-career.ts); empty = the book's. */
export const RANDOM_CAREERS_SETTING = "randomCareers";
/** The character types the creation window serves. */
export const CREATION_TYPES = RULESET_IDS.map((id) => `${id}_character`);

type RecordedRoll = CreationRollRecord & {
  kept?: boolean;
  messageId?: string;
  choice?: CharacteristicsChoice | "firstRoll" | "ofThree";
  /** Career: the career text the GM wrote to the character when it was kept. */
  careerText?: string;
};
interface ActorRolls {
  species?: RecordedRoll;
  characteristics?: RecordedRoll;
  career?: RecordedRoll;
}
type RollsStore = Record<string, ActorRolls>;

export function registerCreationSettings(active: RulesetId = "wfrp"): void {
  settingsStore().register(SYSTEM_ID, ROLLS_SETTING, { scope: "world", config: false, type: Object, default: {} });
  settingsStore().register(SYSTEM_ID, rulesetSettingKey("wfrp", RANDOM_CAREERS_SETTING), {
    name: "OMNIBUS.Creation.CareerTable.Name",
    hint: "OMNIBUS.Creation.CareerTable.Hint",
    scope: "world",
    config: active === "wfrp",
    type: String,
    default: "",
    requiresReload: false,
  });
  // The active GM checks a finished mark that a player's client wrote (checkFinishedMark).
  Hooks.on("updateActor", ((actor: ActorDoc, changed: Record<string, unknown>, _options: unknown, userId: string) =>
    checkFinishedMark(actor, changed ?? {}, String(userId ?? "")).catch(notifyError)) as never);
}

function readRolls(): RollsStore {
  try {
    const v = settingsStore().get(SYSTEM_ID, ROLLS_SETTING);
    return v && typeof v === "object" ? structuredClone(v as RollsStore) : {};
  } catch {
    return {};
  }
}

/**
 * The Random Career table in use: the GM's (the setting's JSON rows) when it covers every column's
 * 1–100 once, else the book's; `problems` says why a GM's table was not taken.
 */
export function randomCareerTable(): { table: readonly RandomCareerRow[]; problems: string[] } {
  let raw: unknown;
  try {
    raw = settingsStore().get(SYSTEM_ID, rulesetSettingKey("wfrp", RANDOM_CAREERS_SETTING));
  } catch {
    return { table: RANDOM_CAREER, problems: [] };
  }
  if (typeof raw !== "string" || raw.trim() === "") return { table: RANDOM_CAREER, problems: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (e) {
    return { table: RANDOM_CAREER, problems: [String((e as Error).message)] };
  }
  const problems = randomCareerProblems(parsed);
  return problems.length ? { table: RANDOM_CAREER, problems } : { table: parsed as RandomCareerRow[], problems };
}

/** A career of the table in the reader's language (a GM's own career shows as the table names it). */
export const careerLabel = (id: string): string => {
  const key = `OMNIBUS.Creation.Career.${id}`;
  return game.i18n?.has(key) ? localize(key) : id;
};

/** The GM's record of an actor's creation rolls (any client may read it). */
export const creationRollsOf = (actorUuid: string): ActorRolls => readRolls()[actorUuid] ?? {};

async function writeRolls(actorUuid: string, change: (r: ActorRolls) => ActorRolls): Promise<void> {
  const all = readRolls();
  all[actorUuid] = change(all[actorUuid] ?? {});
  await settingsStore().set(SYSTEM_ID, ROLLS_SETTING, all);
}

interface ActorDoc {
  uuid: string;
  id: string | null;
  name: string | null;
  type: string;
  isOwner: boolean;
  system: unknown;
  flags?: Record<string, unknown>;
  toObject(): unknown;
  update(data: Record<string, unknown>): Promise<unknown>;
  updateEmbeddedDocuments(name: "Item", updates: Record<string, unknown>[]): Promise<unknown>;
}

const isFinished = (actor: { flags?: Record<string, unknown> }) =>
  Boolean((actor.flags?.[SYSTEM_ID] as { creation?: { finished?: unknown } } | undefined)?.creation?.finished);

const asLike = (
  actor: ActorDoc,
): ActorLike & {
  items: Array<{ _id: string; name: string; type: string; system: Record<string, unknown> }>;
  system: Record<string, unknown>;
} => {
  // Items keep their flags: the rules find a career's talents by either language's name (nameEn/nameRu).
  const o = actor.toObject() as {
    type: string;
    system: Record<string, unknown>;
    items?: Array<{ _id: string; name: string; type: string; system: Record<string, unknown>; flags?: Record<string, unknown> }>;
  };
  return { type: o.type, system: o.system, items: o.items ?? [] };
};

const gameLocalizer = (key: string, values: Record<string, string | number>): string | null =>
  game.i18n?.has(key) ? localize(key, values) : null;

/**
 * Why this character may not be finished (the notice's key and data), or null: it breaks a
 * creation rule, or (WFRP) its characteristics are not what the GM's recorded roll gave.
 */
function creationRefusal(actor: ActorDoc): { key: string; data: Record<string, string | number> } | null {
  const ruleset = actor.type.split("_")[0];
  if (!isRulesetId(ruleset)) return { key: "OMNIBUS.Creation.Unreadable", data: { count: 0, error: actor.type } };
  const view = creationView(ruleset, asLike(actor));
  if (!view.canFinish) {
    const count = view.steps.reduce((n, s) => n + s.breaches.length, view.other.length);
    return { key: view.error ? "OMNIBUS.Creation.Unreadable" : "OMNIBUS.Creation.Refused", data: { count, error: view.error ?? "" } };
  }
  if (ruleset !== "wfrp") return null;
  const career = creationRollsOf(actor.uuid).career;
  if (career?.kept && career.career) {
    const held = String(asLike(actor).system.career ?? "")
      .trim()
      .toLowerCase();
    const names = [career.careerText, careerLabel(career.career), career.career].map((n) => String(n ?? "").toLowerCase());
    if (!names.includes(held)) return { key: "OMNIBUS.Creation.CareerNotAsRolled", data: { career: careerLabel(career.career) } };
  }
  const rolled = creationRollsOf(actor.uuid).characteristics;
  const chars = (asLike(actor).system.characteristics ?? {}) as Record<string, unknown>;
  const broken = rolled?.kept
    ? characteristicsChoiceBreach(rolled, (rolled.choice as CharacteristicsChoice | undefined) ?? "asRolled", chars)
    : null;
  if (broken === "notAsRolled") {
    const differ = differsFromRoll(rolled!, chars);
    return {
      key: "OMNIBUS.Creation.NotAsRolled",
      data: { characteristics: differ.map((c) => localize(`OMNIBUS.WFRP.Char.${c}`)).join(", ") },
    };
  }
  if (broken === "notRearranged") return { key: "OMNIBUS.Creation.NotRearranged", data: {} };
  return null;
}

/**
 * The active GM's check of a finished mark (`updateActor`): a player's client can write the flag
 * without the window, so a mark set by anyone but a GM (the user Foundry names as the updater) is
 * checked again here with the same rules; a character that breaks them is unmarked, and the GM
 * told why. Returns whether it unmarked.
 */
export async function checkFinishedMark(actor: ActorDoc, changed: Record<string, unknown>, userId: string): Promise<boolean> {
  const g = game as {
    user?: { id?: string; isGM?: boolean } | null;
    users?: { activeGM?: { id?: string } | null; get?(id: string): { isGM?: boolean } | undefined };
  };
  if (!g.user?.isGM || g.users?.activeGM?.id !== g.user.id) return false;
  if (!CREATION_TYPES.includes(String(actor.type)) || !markedFinished(changed)) return false;
  if (g.users?.get?.(userId)?.isGM) return false;
  const refusal = creationRefusal(actor);
  if (!refusal) return false;
  await actor.update({ [`flags.${SYSTEM_ID}.creation.finished`]: null });
  notify("warn", "OMNIBUS.Creation.Unmarked", { actor: actor.name ?? "", why: localize(refusal.key, refusal.data) });
  return true;
}

function markedFinished(changed: Record<string, unknown>): boolean {
  const dotted = changed[`flags.${SYSTEM_ID}.creation.finished`];
  if (dotted !== undefined) return Boolean(dotted);
  const flags = (changed.flags as Record<string, { creation?: { finished?: unknown } } | undefined> | undefined)?.[SYSTEM_ID];
  return Boolean(flags?.creation?.finished);
}

/**
 * Finish: the character must break no rule, and (WFRP) still have the characteristics the GM's
 * recorded roll gave (when it was rolled). Marks the character finished; the window then closes.
 */
export async function finishCreation(actor: ActorDoc): Promise<boolean> {
  const ruleset = actor.type.split("_")[0];
  if (!isRulesetId(ruleset) || !actor.isOwner) {
    notify("warn", "OMNIBUS.Experience.NotYours", { actor: actor.name ?? "" });
    return false;
  }
  const refusal = creationRefusal(actor);
  if (refusal) {
    notify("warn", refusal.key, refusal.data);
    return false;
  }
  await actor.update({ [`flags.${SYSTEM_ID}.creation.finished`]: new Date().toISOString() });
  notify("info", "OMNIBUS.Creation.Finished", { actor: actor.name ?? "" });
  return true;
}

/** The player's side of a WFRP roll: a request card, then the GM rolls (chat action). */
export async function requestCreationRoll(actor: ActorDoc, kind: CreationRollKind): Promise<boolean> {
  if (actor.type !== "wfrp_character" || !CREATION_ROLL_KINDS.includes(kind) || !actor.isOwner) return false;
  const message = await postCard({
    template: templatePath("chat/check-card"),
    context: { title: localize(`OMNIBUS.Creation.Roll.${kind}`), subtitle: actor.name ?? "" },
    actor: actor as never,
    flags: { creationRoll: { kind, actorUuid: actor.uuid } },
  });
  if (!message) return false;
  return requestChatAction(message as never, "wfrpCreationRoll");
}

/** Asks the GM for the bonus experience of keeping a roll (characteristics: as rolled, or rearranged). */
export async function requestKeepRoll(
  actor: ActorDoc,
  kind: CreationRollKind,
  choice: CharacteristicsChoice | null = null,
  career: { choice: "firstRoll" | "ofThree"; career: string } | null = null,
): Promise<boolean> {
  const rolled = creationRollsOf(actor.uuid)[kind];
  const messageId = rolled?.messageId;
  const message = messageId ? (game.messages?.get(messageId) as unknown as ChatMessage.Implementation | undefined) : undefined;
  if (!message) return false;
  const target =
    kind === "characteristics" ? (choice ?? "asRolled") : kind === "career" && career ? `${career.choice}:${career.career}` : null;
  return requestChatAction(message as never, "wfrpCreationKeep", target);
}

const requestOf = (state: Record<string, unknown>): { kind: CreationRollKind; actorUuid: string } => {
  const r = state.creationRoll as { kind?: unknown; actorUuid?: unknown } | undefined;
  if (!r || typeof r.actorUuid !== "string" || !CREATION_ROLL_KINDS.includes(r.kind as CreationRollKind))
    throw refused("WrongCard", "not a creation roll card");
  return { kind: r.kind as CreationRollKind, actorUuid: r.actorUuid };
};

async function requestedActor(context: ChatActionContext, uuid: string): Promise<ActorDoc> {
  const actor = await documentOf<ActorDoc>(uuid);
  if (!actor || actor.type !== "wfrp_character") throw refused("ActorGone", "the character of this roll is gone");
  if (!userOwns(actor, context.user as never)) throw refused("NotYourCharacter", "only the character's owner may roll for it");
  if (isFinished(actor)) throw refused("CreationFinished", "this character is already finished");
  return actor;
}

/** Faces of an evaluated Roll's dice, in order. */
const facesOf = (roll: Roll): number[] =>
  (roll.dice ?? []).flatMap((d) => (d.results ?? []).filter((r) => r.active !== false).map((r) => r.result));

/** On the active GM: rolls, posts the Rolls, writes the values and records the faces. */
async function planCreationRoll(context: ChatActionContext): Promise<PlannedAction> {
  const { kind, actorUuid } = requestOf(context.state);
  const actor = await requestedActor(context, actorUuid);
  const earlier = creationRollsOf(actorUuid)[kind];
  if (earlier?.kept) throw refused("RollKept", "this roll was already kept");
  if (kind === "career" && (earlier?.faces.length ?? 0) >= CAREER_ROLLS_MAX)
    throw refused("CareerRollsSpent", `${CAREER_ROLLS_MAX} career rolls were made: choose one of them`);
  const rolls: Roll[] = [];
  for (const formula of CREATION_ROLL_FORMULAS[kind]) rolls.push(await new Roll(formula).evaluate({ allowInteractive: false } as never));
  const faces = rolls.flatMap(facesOf);
  const system = asLike(actor).system;
  let record: CreationRollRecord;
  let update: Record<string, unknown>;
  if (kind === "species") {
    const species = speciesFromD100(faces[0]);
    record = { kind, faces, species, reroll: Boolean(earlier) };
    update = { "system.species": localize(`OMNIBUS.Creation.Species.${species}`) };
  } else if (kind === "career") {
    // Each roll adds one d100 to the record; the careers are read from all of them in the column of
    // the species they were rolled for. A species changed after a career roll cannot re-read the same
    // dice in another column (picking the species that suits a d100 already seen).
    const species = speciesKey(String(system.species ?? ""));
    if (!species) throw refused("SpeciesFirst", "choose or roll the species first");
    if (earlier?.species && earlier.species !== species)
      throw refused("CareerSpeciesChanged", "the career dice were rolled for another species");
    const { table, problems } = randomCareerTable();
    if (problems.length) notify("warn", "OMNIBUS.Creation.CareerTable.Unreadable", { problems: problems.slice(0, 3).join("; ") });
    const all = [...(earlier?.faces ?? []), ...faces];
    record = { kind, faces: all, species, careers: all.map((f) => careerFromD100(species, f, table)), reroll: all.length > 1 };
    update = {};
  } else {
    const species = speciesKey(String(system.species ?? ""));
    if (!species) throw refused("SpeciesFirst", "choose or roll the species first");
    const values = characteristicsFromFaces(species, faces);
    record = { kind, faces, species, values, reroll: Boolean(earlier) };
    update = Object.fromEntries(CHARACTERISTICS.map((c) => [`system.characteristics.${c}.initial`, values[c]]));
  }
  const lines =
    kind === "species"
      ? [{ label: localize("OMNIBUS.WFRP.Sheet.Species"), value: localize(`OMNIBUS.Creation.Species.${record.species}`) }]
      : kind === "career"
        ? [{ label: localize("OMNIBUS.WFRP.Sheet.Career"), value: careerLabel(record.careers!.at(-1)!) }]
        : CHARACTERISTICS.map((c) => ({ label: localize(`OMNIBUS.WFRP.Char.${c}`), value: record.values![c] }));
  const posted = await postCard({
    template: templatePath("chat/check-card"),
    context: {
      title: localize(`OMNIBUS.Creation.Roll.${kind}`),
      subtitle: actor.name ?? "",
      dice: faces.map((f, i) => ({ face: f, sides: kind === "characteristics" ? 10 : 100, classes: i % 2 ? "" : "pair" })),
      lines,
    },
    rolls,
    actor: actor as never,
    rollMode: "publicroll",
    flags: { creationResult: { kind, actorUuid } },
  });
  await writeRolls(actorUuid, (r) => ({
    ...r,
    [kind]: { ...record, kept: false, messageId: context.message.id ?? undefined, resultId: posted?.id ?? null },
  }));
  return {
    changes: Object.keys(update).length ? [{ uuid: actorUuid, update }] : [],
    state: { ...context.state, creationRoll: { kind, actorUuid, faces, reroll: record.reroll } },
    summary: { key: "OMNIBUS.Creation.Rolled", data: { actor: actor.name ?? "" } },
  };
}

/** On the active GM: the bonus XP for keeping a first roll, after re-deriving it from the recorded faces. */
async function planKeep(context: ChatActionContext): Promise<PlannedAction> {
  const { kind, actorUuid } = requestOf(context.state);
  const actor = await requestedActor(context, actorUuid);
  const rolled = creationRollsOf(actorUuid)[kind];
  if (!rolled || rolled.messageId !== context.message.id) throw refused("NotLatestRoll", "this card is not the character's latest roll");
  if (rolled.kept) throw refused("RollKept", "this roll was already kept");
  if (kind === "career") return planKeepCareer(context, actor, rolled);
  if (rolled.reroll) throw refused("RerollNoBonus", "a second roll earns no bonus experience");
  const system = asLike(actor).system;
  const choice: CharacteristicsChoice = CHARACTERISTICS_CHOICES.includes(context.target as CharacteristicsChoice)
    ? (context.target as CharacteristicsChoice)
    : "asRolled";
  if (kind === "characteristics") {
    const broken = characteristicsChoiceBreach(rolled, choice, (system.characteristics ?? {}) as Record<string, unknown>);
    if (broken === "notAsRolled") throw refused("CharacteristicsChanged", "the characteristics are no longer as rolled");
    if (broken === "notRearranged")
      throw refused("CharacteristicsNotRearranged", "the characteristics are not the rolled results rearranged");
  }
  if (kind === "species" && speciesKey(String(system.species ?? "")) !== rolled.species)
    throw refused("SpeciesChanged", "the species is no longer as rolled");
  const amount = kind === "species" ? CREATION_XP.randomSpecies : characteristicsChoiceXp(choice);
  const reason = kind === "species" || choice === "asRolled" ? `OMNIBUS.Creation.Keep.${kind}` : "OMNIBUS.Creation.Keep.rearranged";
  const changes = planAward("wfrp", asLike(actor), {
    id: foundry.utils.randomID(),
    amount,
    reason: localize(reason),
    date: new Date().toISOString(),
  });
  await writeRolls(actorUuid, (r) => ({ ...r, [kind]: { ...rolled, kept: true, ...(kind === "characteristics" ? { choice } : {}) } }));
  const update = Object.fromEntries(Object.entries(changes.system ?? {}).map(([k, v]) => [`system.${k}`, v]));
  return { changes: [{ uuid: actorUuid, update }], summary: { key: "OMNIBUS.Creation.Kept", data: { amount } } };
}

/**
 * On the active GM: the career a player claims from the recorded d100 faces ("firstRoll:<id>" or
 * "ofThree:<id>"), re-derived from the faces in the character's species column; a career the faces
 * do not give, or a first-roll claim after more rolls, is refused. Writes the career and the bonus.
 */
async function planKeepCareer(context: ChatActionContext, actor: ActorDoc, rolled: RecordedRoll): Promise<PlannedAction> {
  const [choice, career = ""] = String(context.target ?? "").split(":");
  if (choice !== "firstRoll" && choice !== "ofThree") throw refused("CareerChoiceUnknown", "say which rolled career is taken, and how");
  const system = asLike(actor).system;
  const species = speciesKey(String(system.species ?? ""));
  if (!species) throw refused("SpeciesFirst", "choose or roll the species first");
  if (rolled.species && rolled.species !== species)
    throw refused("CareerSpeciesChanged", "the career dice were rolled for another species");
  const broken = careerClaimBreach(species, rolled.faces, choice, career, randomCareerTable().table);
  if (broken === "notFirstRoll") throw refused("RerollNoBonus", "more than one career roll was made: the first roll's bonus is gone");
  if (broken === "tooManyRolls") throw refused("CareerRollsSpent", `more than ${CAREER_ROLLS_MAX} career rolls were made`);
  if (broken === "notRolled") throw refused("CareerNotRolled", "the recorded dice do not give that career");
  const amount = careerChoiceXp(choice);
  const careerText = careerLabel(career);
  const changes = planAward("wfrp", asLike(actor), {
    id: foundry.utils.randomID(),
    amount,
    reason: localize(choice === "firstRoll" ? "OMNIBUS.Creation.Keep.career" : "OMNIBUS.Creation.Keep.careerOfThree"),
    date: new Date().toISOString(),
  });
  await writeRolls(actor.uuid, (r) => ({ ...r, career: { ...rolled, species, kept: true, choice, career, careerText } }));
  const update = {
    ...Object.fromEntries(Object.entries(changes.system ?? {}).map(([k, v]) => [`system.${k}`, v])),
    "system.career": careerText,
  };
  return { changes: [{ uuid: actor.uuid, update }], summary: { key: "OMNIBUS.Creation.Kept", data: { amount } } };
}

const creationPermitted = (context: ChatActionContext) => context.user.isGM || context.authorId === context.user.id;

export const WFRP_CREATION_ACTIONS: Record<string, ChatAction> = {
  wfrpCreationRoll: { plan: planCreationRoll, permitted: creationPermitted, repeatable: false, visible: () => false },
  wfrpCreationKeep: { plan: planKeep, permitted: creationPermitted, repeatable: false, visible: () => false },
};

/**
 * The careers the recorded career dice give the character's species now, and how each may be
 * taken: one roll, kept (+50 XP); two or three rolls, one of them chosen (+25 XP).
 */
function careerChoices(rec: RecordedRoll | undefined, species: string): NonNullable<RollOffer["choices"]> {
  const key = speciesKey(species);
  if (!rec || rec.kept || !key || rec.faces.length === 0 || (rec.species && rec.species !== key)) return [];
  const { table } = randomCareerTable();
  let careers: string[];
  try {
    careers = rec.faces.map((f) => careerFromD100(key, f, table));
  } catch {
    return [];
  }
  const choice = rec.faces.length === 1 ? "firstRoll" : "ofThree";
  return [...new Set(careers)].map((career) => ({
    career,
    choice,
    label: careerLabel(career),
    bonus: choice === "firstRoll" ? "OMNIBUS.Creation.Bonus.careerFirst" : "OMNIBUS.Creation.Bonus.careerOfThree",
  }));
}

/** The roll offers of the window, from the GM's record. */
export function rollOffers(actorUuid: string, species: string, editable: boolean): RollOffer[] {
  const r = creationRollsOf(actorUuid);
  const offer = (kind: CreationRollKind): RollOffer => {
    const rec = r[kind];
    if (kind === "career") {
      const choices = editable ? careerChoices(rec, species) : [];
      return {
        kind,
        label: rec ? "OMNIBUS.Creation.Roll.careerAgain" : "OMNIBUS.Creation.Roll.career",
        result:
          rec?.kept && rec.career
            ? careerLabel(rec.career)
            : rec
              ? careerChoices(rec, species)
                  .map((c) => c.label)
                  .join(", ") || null
              : null,
        canRoll: editable && !rec?.kept && speciesKey(species) !== null && (rec?.faces.length ?? 0) < CAREER_ROLLS_MAX,
        canKeep: false,
        kept: Boolean(rec?.kept),
        bonus: "OMNIBUS.Creation.Bonus.career",
        choices,
        hint: rec?.kept ? undefined : "OMNIBUS.Creation.CareerPickHint",
      };
    }
    const result = rec
      ? kind === "species"
        ? localize(`OMNIBUS.Creation.Species.${rec.species}`)
        : CHARACTERISTICS.map((c) => `${localize(`OMNIBUS.WFRP.CharAbbr.${c}`)} ${rec.values?.[c] ?? "?"}`).join(", ")
      : null;
    return {
      kind,
      label: `OMNIBUS.Creation.Roll.${kind}`,
      result,
      canRoll: editable && !rec?.kept && (kind === "species" || speciesKey(species) !== null),
      canKeep: editable && Boolean(rec) && !rec!.kept && !rec!.reroll,
      canRearrange: kind === "characteristics" && editable && Boolean(rec) && !rec!.kept && !rec!.reroll,
      kept: Boolean(rec?.kept),
      bonus: `OMNIBUS.Creation.Bonus.${kind}`,
    };
  };
  return CREATION_ROLL_KINDS.map(offer);
}

/** The system's packs a character's given items are taken from. */
export const CREATION_ITEM_PACKS = ["wfrp-skills", "wfrp-talents", "wfrp-trappings", "wfrp-weapons", "wfrp-armour"] as const;

interface PackItem {
  name: string;
  type: string;
  system?: Record<string, unknown>;
  flags?: Record<string, unknown>;
  toObject?(): unknown;
}

/** The item data to create for one wanted item: the pack item's, a grouped skill given its specialisation. */
function itemData(want: WantedItem, from: PackItem): Record<string, unknown> {
  const data = structuredClone((from.toObject ? from.toObject() : from) as Record<string, unknown>);
  delete data._id;
  delete data._key;
  if (want.kind === "skill" && want.spec) {
    const system = (data.system ?? {}) as Record<string, unknown>;
    data.system = { ...system, specialisation: want.spec };
    data.name = specialisedName(String(data.name ?? ""), want.spec);
    const omni = ((data.flags as Record<string, Record<string, unknown>> | undefined)?.[SYSTEM_ID] ?? {}) as Record<string, unknown>;
    if (typeof omni.nameRu === "string") omni.nameRu = specialisedName(omni.nameRu, want.spec);
  }
  return data;
}

/**
 * Adds to a WFRP character, from the system's packs, the skills, talents and trappings its species
 * and career give without a choice (src/rules/wfrp/creation-items.ts), found by either language's
 * name and never twice. The owner's client does it (an owner may add items to its own character; the
 * creation check judges the result). Returns how many were added.
 */
export async function addCreationItems(
  actor: ActorDoc & { createEmbeddedDocuments(name: "Item", data: Record<string, unknown>[]): Promise<unknown> },
): Promise<number> {
  if (actor.type !== "wfrp_character" || !actor.isOwner || isFinished(actor)) return 0;
  const like = asLike(actor);
  const wanted = wantedItems(String(like.system.species ?? ""), String(like.system.career ?? ""));
  const pack: PackItem[] = [];
  for (const id of CREATION_ITEM_PACKS) {
    const p = game.packs?.get(`${SYSTEM_ID}.${id}`) as { getDocuments?(): Promise<PackItem[]> } | undefined;
    pack.push(...((await p?.getDocuments?.()) ?? []));
  }
  const { add, missing } = itemsToAdd(wanted, like.items as never, pack);
  if (add.length)
    await actor.createEmbeddedDocuments(
      "Item",
      add.map(({ want, from }) => itemData(want, from)),
    );
  notify(add.length ? "info" : "warn", add.length ? "OMNIBUS.Creation.Items.Added" : "OMNIBUS.Creation.Items.None", {
    count: add.length,
    actor: actor.name ?? "",
  });
  if (missing.length)
    notify("warn", "OMNIBUS.Creation.Items.Missing", { items: missing.map((m) => (m.spec ? `${m.name} (${m.spec})` : m.name)).join(", ") });
  return add.length;
}

const { HandlebarsApplicationMixin, ApplicationV2 } = foundry.applications.api;
const HbsApp = HandlebarsApplicationMixin(ApplicationV2) as unknown as typeof ApplicationV2 & {
  PARTS: Record<string, { template: string; scrollable?: string[] }>;
};
type RenderOptions = Parameters<InstanceType<typeof ApplicationV2>["_prepareContext"]>[0];

/** The creation window of one character. */
export class CreationWindow extends HbsApp {
  static override DEFAULT_OPTIONS = {
    classes: ["omnibus", "omnibus-creation"],
    position: { width: 560, height: 680 },
    window: { resizable: true, title: "OMNIBUS.Creation.Title" },
    actions: {
      finishCreation: CreationWindow.#onFinish,
      creationRoll: CreationWindow.#onRoll,
      creationKeep: CreationWindow.#onKeep,
      creationItems: CreationWindow.#onItems,
    },
  } as never;

  static override PARTS = { body: { template: CREATION_TEMPLATE, scrollable: [".omnibus-creation-steps"] } };

  readonly actor: ActorDoc & { items: { get(id: string): { update(d: Record<string, unknown>): Promise<unknown> } | undefined } };
  #hooks: Array<[string, number]> = [];

  constructor(actor: CreationWindow["actor"], options: Record<string, unknown> = {}) {
    super({ id: `omnibus-creation-${actor.id ?? "new"}`, ...options } as never);
    this.actor = actor;
  }

  override get title(): string {
    return localize("OMNIBUS.Creation.TitleFor", { actor: readerName(this.actor as never) });
  }

  override async _prepareContext(options: RenderOptions): Promise<never> {
    const base = await super._prepareContext(options);
    const like = asLike(this.actor);
    const ctx: CreationContext = creationContext(
      {
        name: readerName(this.actor as never),
        type: this.actor.type,
        system: like.system,
        items: like.items,
        finished: isFinished(this.actor),
      },
      gameLocalizer,
      {
        editable: this.actor.isOwner,
        rolls:
          this.actor.type === "wfrp_character"
            ? rollOffers(this.actor.uuid, String(like.system.species ?? ""), this.actor.isOwner && !isFinished(this.actor))
            : null,
      },
    );
    return { ...base, ...ctx } as never;
  }

  override async _onFirstRender(...args: Parameters<InstanceType<typeof ApplicationV2>["_onFirstRender"]>): Promise<void> {
    await super._onFirstRender(...args);
    const rerender = (doc: { id?: string | null; parent?: { id?: string | null } | null }) => {
      if (doc.id === this.actor.id || doc.parent?.id === this.actor.id) void this.render();
    };
    for (const hook of ["updateActor", "updateItem", "createItem", "deleteItem"])
      this.#hooks.push([hook, Hooks.on(hook as never, rerender as never)]);
    this.#hooks.push([
      "updateSetting",
      Hooks.on(
        "updateSetting" as never,
        ((s: { key?: string }) => {
          if (s.key === `${SYSTEM_ID}.${ROLLS_SETTING}`) void this.render();
        }) as never,
      ),
    ]);
    this.element.addEventListener("change", (event) => void this.#onChange(event));
  }

  override async _onClose(...args: Parameters<InstanceType<typeof ApplicationV2>["_onClose"]>): Promise<void> {
    for (const [hook, id] of this.#hooks) Hooks.off(hook as never, id);
    this.#hooks = [];
    await super._onClose(...args);
  }

  /** An edited value goes to the actor (or its item) at once; the window re-renders from the update. */
  async #onChange(event: Event): Promise<void> {
    const input = event.target as HTMLInputElement | null;
    if (!input?.name?.startsWith("system.") || !this.actor.isOwner || isFinished(this.actor)) return;
    const value = input.type === "checkbox" ? input.checked : input.type === "number" ? Number(input.value) : input.value;
    if (typeof value === "number" && !Number.isInteger(value)) {
      notify("warn", "OMNIBUS.Creation.WholeNumber");
      return;
    }
    try {
      const itemId = input.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
      if (itemId) await this.actor.items.get(itemId)?.update({ [input.name]: value });
      else await this.actor.update({ [input.name]: value });
    } catch (e) {
      notifyError(e);
    }
  }

  static async #onFinish(this: CreationWindow): Promise<void> {
    if (await finishCreation(this.actor)) await this.close();
  }

  static async #onRoll(this: CreationWindow, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await requestCreationRoll(this.actor, target.dataset.kind as CreationRollKind);
  }

  static async #onKeep(this: CreationWindow, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const kind = target.dataset.kind as CreationRollKind;
    if (kind === "career") {
      const choice = target.dataset.choice === "firstRoll" ? "firstRoll" : "ofThree";
      await requestKeepRoll(this.actor, kind, null, { choice, career: target.dataset.career ?? "" });
      return;
    }
    const choice = target.dataset.choice === "rearranged" ? "rearranged" : null;
    await requestKeepRoll(this.actor, kind, choice);
  }

  static async #onItems(this: CreationWindow): Promise<void> {
    await addCreationItems(this.actor as never);
  }
}

/** Opens (or brings forward) the creation window of a character. */
export async function openCreationWindow(actor: CreationWindow["actor"]): Promise<void> {
  if (!CREATION_TYPES.includes(actor.type)) return;
  const app = new CreationWindow(actor);
  await app.render({ force: true });
}
