/**
 * Character Points spent AFTER seeing a roll (000:L795; example 000:L801–805): the check or attack
 * card offers its roller's owner "spend a Character Point". The owner picks how many (within the
 * roll's cap, counting the CP already spent on it, 000:L807–817, and the points the actor has),
 * rolls that many exploding d6 and posts them as a response (`postResponse`, action `d6CPAfter`).
 * The active GM re-derives it from its record of the card: the responder owns the roller, the
 * count fits the cap and the actor's points now, no Force Point is in force (000:L835), the dice
 * are exactly that many exploding d6. It spends the points and amends the record with the new
 * total, re-resolved against the difficulty or every target (an attack's new hits become the
 * damage card's targets). Once per card.
 */
import { forcedDice } from "../../../core/dice";
import { OmnibusError, refused } from "../../../core/errors";
import { CHARACTER_POINT_CAPS, addCharacterPointDice, type D6RollKind } from "../../../rules/d6";
import { cardStateOf, postResponse, userOwns } from "../../chat/actions";
import { parseIndex } from "../../chat/requests";
import { facesFromRoll } from "../../../rules/table/faces";
import { responseMode } from "../../compat";
import { localize, notify } from "../../i18n";
import type { ChatAction, ChatActionContext, PlannedAction } from "../../ruleset";
import { templatePath } from "../../templates/helpers";
import { diceFaces, type D6CardContext } from "../../../rules/d6/table/cards";
import { targetDifficulty, type D6AttackTarget } from "../../../rules/d6/table/checks";
import { type D6Settings } from "../../../rules/d6/table/settings";
import { cpDiceFromFaces } from "../resist-cp/actions";
import { D6CharacterPointRoll } from "../rolls";
import { readSettings } from "../settings";

/** What a check or attack card records for a later CP spend (`flags.omnibus.d6.cpAfter`). */
export interface CPAfterState {
  actorUuid: string;
  total: number;
  /** CP already spent on this roll (in the dialog). */
  spent: number;
  kind: D6RollKind;
  /** A Force Point was spent on the roll (no CP then, 000:L835). */
  forcePoint: boolean;
  /** A plain check's difficulty (absent or null: none, or hidden from the players). */
  difficulty?: number | null;
  /** An attack's targets, re-resolved with the new total (absent for a blast or hidden difficulties). */
  attack?: { attackType: "ranged" | "melee" | "brawling"; added: number; targets: D6AttackTarget[] };
  /** Set by the GM once spent. */
  used?: { count: number; added: number; total: number; outcomes: Array<{ difficulty: number | null; success: boolean }> };
}

type ActorDoc = { uuid: string; name: string; img?: string | null; system: Record<string, unknown> };

/** Whether a roll of this kind, with these CP already on it, may take more after the roll. */
export function cpAfterOffered(kind: D6RollKind, spent: number, forcePoint: boolean): boolean {
  return !forcePoint && spent < (CHARACTER_POINT_CAPS[kind] ?? 0);
}

/** How many CP the roller may add now: the roll's cap less what it spent, the actor's points; none in a Force Point round. */
export function cpAfterLimit(entry: Pick<CPAfterState, "kind" | "spent" | "forcePoint">, system: Record<string, unknown>): number {
  if (entry.forcePoint || ((system.round ?? {}) as Record<string, unknown>).forcePoint === true) return 0;
  const cap = (CHARACTER_POINT_CAPS[entry.kind] ?? 0) - entry.spent;
  return Math.max(0, Math.min(cap, Math.trunc(Number(system.characterPoints ?? 0))));
}

function entryOf(state: Record<string, unknown>): CPAfterState | null {
  const d6 = (state.d6 ?? {}) as Record<string, unknown>;
  const e = d6.cpAfter as CPAfterState | undefined;
  return e && typeof e === "object" && typeof e.actorUuid === "string" ? e : null;
}

function difficultiesOf(entry: CPAfterState, settings: D6Settings): Array<number | null> {
  if (entry.attack) return entry.attack.targets.map((t) => targetDifficulty(t, entry.attack!.attackType, entry.attack!.added, settings));
  return entry.difficulty === null || entry.difficulty === undefined ? [] : [entry.difficulty];
}

async function askCount(max: number, name: string): Promise<number | null> {
  const buttons = Array.from({ length: max }, (_, i) => ({ action: String(i + 1), label: String(i + 1), default: i === 0 }));
  const answer = await foundry.applications.api.DialogV2.wait({
    window: { title: localize("OMNIBUS.D6.CPAfter.Title", { name }) },
    content: `<p>${localize("OMNIBUS.D6.CPAfter.Question", { max })}</p>`,
    buttons,
    rejectClose: false,
  } as never);
  const n = Number(answer);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : null;
}

/** The owner's click: choose the count, roll the CP dice, post them as a response to the card. */
async function spendCPAfter({ message, state }: ChatActionContext): Promise<void> {
  const entry = entryOf(state);
  if (!entry) throw refused("WrongCard", "this card has no roll to add Character Points to");
  if (entry.used) {
    notify("warn", "OMNIBUS.D6.CPAfter.AlreadySpent");
    return;
  }
  const actor = (await fromUuid(entry.actorUuid as never)) as unknown as ActorDoc | null;
  if (!actor) throw refused("ActorGone", "the roller no longer exists");
  const max = cpAfterLimit(entry, actor.system);
  if (max < 1) {
    notify("warn", "OMNIBUS.D6.CPAfter.None", { name: actor.name });
    return;
  }
  const count = await askCount(max, actor.name);
  if (!count) return;
  const roll = D6CharacterPointRoll.ofDice(count);
  // The spender's chat mode, kept whispered when the card is (compat.ts).
  const mode = responseMode(message as never);
  await roll.evaluate(mode.evaluate);
  const bonus = roll.outcome!.total;
  const context: D6CardContext = {
    title: localize("OMNIBUS.D6.CPAfter.Title", { name: actor.name }),
    subtitle: "",
    img: actor.img ?? "",
    dice: diceFaces({
      code: { dice: 0, pips: 0 },
      dice: [],
      wild: [],
      cp: roll.outcome!.faces,
      pips: 0,
      total: bonus,
      wildOne: false,
      complication: false,
      removed: [],
    }),
    total: entry.total + bonus,
    outcome: null,
    quality: null,
    complication: false,
    lines: [
      { label: "OMNIBUS.D6.CPAfter.Spent", value: String(count) },
      { label: "OMNIBUS.D6.CPAfter.NewTotal", value: `${entry.total} + ${bonus} = ${entry.total + bonus}` },
    ],
    outcomes: [],
    buttons: [],
  };
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("d6/chat/check-card"), { ...context, ruleset: "d6" });
  await postResponse(message, "d6CPAfter", null, {
    rolls: [roll as unknown as Roll],
    choices: { count: String(count) },
    content,
    actor: actor as never,
    rollMode: mode.mode,
  });
}

/** The GM's side: re-derive the spend from the roller's actor and the response's dice; spend the points; amend the card. */
async function planCPAfter(context: ChatActionContext): Promise<PlannedAction> {
  const entry = entryOf(context.state);
  if (!entry) throw refused("WrongCard", "this card has no roll to add Character Points to");
  if (entry.used) throw refused("CPAlreadySpent", "Character Points were already spent after this roll");
  const actor = (await fromUuid(entry.actorUuid as never)) as unknown as ActorDoc | null;
  if (!actor) throw refused("ActorGone", "the roller no longer exists");
  const max = cpAfterLimit(entry, actor.system);
  const count = parseIndex(context.response?.choices.count ?? "", CHARACTER_POINT_CAPS.resistDamage);
  if (count === null || count < 1 || count > max)
    throw new OmnibusError("outOfRange", "Character Points on this roll", {
      name: "count",
      value: context.response?.choices.count ?? "",
      min: "1",
      max: String(max),
    });
  const faces = (context.response?.rolls ?? []).flatMap((r) => facesFromRoll(r as never).map((f) => (f.sides === 6 ? f.face : 0)));
  cpDiceFromFaces(faces, count);
  const settings = readSettings();
  const result = addCharacterPointDice(
    { total: entry.total, characterPointsSpent: entry.spent, kind: entry.kind, forcePointInForce: false },
    count,
    forcedDice(faces),
    difficultiesOf(entry, settings),
  );
  const state = structuredClone(context.state);
  const d6 = state.d6 as Record<string, unknown>;
  const next = d6.cpAfter as CPAfterState;
  next.used = {
    count,
    added: result.added,
    total: result.total,
    outcomes: result.outcomes.map((o) => ({ difficulty: o.difficulty, success: o.success })),
  };
  const attack = d6.attack as { targets?: unknown[] } | undefined;
  if (entry.attack && attack) {
    attack.targets = entry.attack.targets
      .filter((_, i) => result.outcomes[i]?.success)
      .map((t) => ({
        tokenUuid: t.tokenUuid,
        actorUuid: t.actorUuid,
        name: t.name,
        img: t.img,
        zone: null,
        damage: null,
        distance: t.distance,
      }));
  }
  const hits = entry.attack ? result.outcomes.filter((o) => o.success).length : null;
  return {
    changes: [{ uuid: actor.uuid, update: { "system.characterPoints": Math.trunc(Number(actor.system.characterPoints ?? 0)) - count } }],
    state,
    summary: { key: "OMNIBUS.D6.CPAfter.Applied", data: { count, added: result.added, total: result.total, hits: hits ?? "—" } },
  };
}

function ownsRoller({ user, state }: ChatActionContext): boolean {
  const entry = entryOf(state);
  return Boolean(entry) && userOwns(entry!.actorUuid, user);
}

/** `d6SpendCPAfter` (the owner's button) and `d6CPAfter` (the GM's record of the response), once per card. */
export const cpAfterActions: Record<string, ChatAction> = {
  d6SpendCPAfter: {
    run: spendCPAfter,
    repeatable: true,
    permitted: ownsRoller,
    visible: (message, user) => {
      const entry = entryOf(cardStateOf(message));
      return Boolean(entry && !entry.used && userOwns(entry.actorUuid, user));
    },
  },
  d6CPAfter: { plan: planCPAfter, response: true, permitted: ownsRoller, visible: () => false },
};
