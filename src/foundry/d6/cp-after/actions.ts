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
import { refused } from "../../../core/errors";
import { addCharacterPointDice, type D6RollKind } from "../../../rules/d6";
import { cardStateOf, userOwns, documentOf } from "../../chat/actions";
import { localize, notify } from "../../i18n";
import type { ChatAction, ChatActionContext, PlannedAction } from "../../ruleset";
import { cpAfterLimit, cpAfterOffered, targetDifficulty, type D6AttackTarget } from "../../../rules/d6/table/checks";
import { type D6Settings } from "../../../rules/d6/table/settings";
import { askCPCount, cpResponse, rollAndPostCP, type ActorDoc } from "../resist-cp/actions";
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

// How many CP may be added after the roll is the table's decision (rules/d6/table/checks.ts).
export { cpAfterLimit, cpAfterOffered };

function entryOf(state: Record<string, unknown>): CPAfterState | null {
  const d6 = (state.d6 ?? {}) as Record<string, unknown>;
  const e = d6.cpAfter as CPAfterState | undefined;
  return e && typeof e === "object" && typeof e.actorUuid === "string" ? e : null;
}

function difficultiesOf(entry: CPAfterState, settings: D6Settings): Array<number | null> {
  if (entry.attack) return entry.attack.targets.map((t) => targetDifficulty(t, entry.attack!.attackType, entry.attack!.added, settings));
  return entry.difficulty === null || entry.difficulty === undefined ? [] : [entry.difficulty];
}

/** The owner's click: choose the count, roll the CP dice, post them as a response to the card. */
async function spendCPAfter({ message, state }: ChatActionContext): Promise<void> {
  const entry = entryOf(state);
  if (!entry) throw refused("WrongCard", "this card has no roll to add Character Points to");
  if (entry.used) {
    notify("warn", "OMNIBUS.D6.CPAfter.AlreadySpent");
    return;
  }
  const actor = await documentOf<ActorDoc>(entry.actorUuid);
  if (!actor) throw refused("ActorGone", "the roller no longer exists");
  const max = cpAfterLimit(entry, actor.system);
  if (max < 1) {
    notify("warn", "OMNIBUS.D6.CPAfter.None", { name: actor.name });
    return;
  }
  const count = await askCPCount(max, actor.name, { title: "OMNIBUS.D6.CPAfter.Title", question: "OMNIBUS.D6.CPAfter.Question" });
  if (!count) return;
  await rollAndPostCP(message, { action: "d6CPAfter", target: null, count, actor }, (bonus) => ({
    title: localize("OMNIBUS.D6.CPAfter.Title", { name: actor.name }),
    total: entry.total + bonus,
    lines: [
      { label: "OMNIBUS.D6.CPAfter.Spent", value: String(count) },
      { label: "OMNIBUS.D6.CPAfter.NewTotal", value: `${entry.total} + ${bonus} = ${entry.total + bonus}` },
    ],
  }));
}

/** The GM's side: re-derive the spend from the roller's actor and the response's dice; spend the points; amend the card. */
async function planCPAfter(context: ChatActionContext): Promise<PlannedAction> {
  const entry = entryOf(context.state);
  if (!entry) throw refused("WrongCard", "this card has no roll to add Character Points to");
  if (entry.used) throw refused("CPAlreadySpent", "Character Points were already spent after this roll");
  const actor = await documentOf<ActorDoc>(entry.actorUuid);
  if (!actor) throw refused("ActorGone", "the roller no longer exists");
  const { count, faces } = cpResponse(context, cpAfterLimit(entry, actor.system));
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
