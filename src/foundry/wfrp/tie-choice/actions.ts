/**
 * The winner of a full initiative tie chooses the order (003:L281): the tie card offers the
 * winner's owner one button per other tied combatant ("X acts first"). The active GM checks the
 * sender owns the winner, that the group was not chosen yet, and writes the chosen order
 * (`chooseTieOrder`) as each combatant's `flags.omnibus.wfrp.tieOrder`, once per group.
 */
import { refused } from "../../../core/errors";
import { chooseTieOrder } from "../../../rules/wfrp/index";
import { userOwns } from "../../chat/actions";
import { localize } from "../../i18n";
import type { ChatAction, ChatActionContext, PlannedAction } from "../../ruleset";

export interface TieGroupState {
  /** The combatants in the tested order, winner first. */
  members: Array<{ id: string; uuid: string; name: string; actorUuid: string | null }>;
  /** Set by the GM when the winner has chosen. */
  chosen?: string[];
}

type TieState = { groups: TieGroupState[] };

const tieOf = (state: Record<string, unknown>): TieState | null => {
  const t = state.initiativeTie as TieState | undefined;
  return t && Array.isArray(t.groups) ? t : null;
};

/** The card's buttons: per group, "X acts first" for each tied combatant after the winner. */
export function tieChoiceButtons(
  groups: TieGroupState[],
): Array<{ action: string; label: string; icon: string; detail: string; data: { target: string } }> {
  return groups.flatMap((g, gi) =>
    g.members.slice(1).map((m, i) => ({
      action: "wfrpTieFirst",
      label: localize("OMNIBUS.WFRP.InitiativeTie.ActsFirst", { name: m.name }),
      icon: "fa-solid fa-forward",
      detail: m.name,
      data: { target: `${gi}-${i + 1}` },
    })),
  );
}

function parseKey(key: string | null, tie: TieState): { group: TieGroupState; index: number } {
  const m = /^(\d{1,3})-(\d{1,3})$/.exec(key ?? "");
  const group = m ? tie.groups[Number(m[1])] : undefined;
  const index = m ? Number(m[2]) : -1;
  if (!group || index < 0 || index >= group.members.length) throw refused("NotOnCard", "no such combatant on this card");
  return { group, index };
}

async function planTieFirst(context: ChatActionContext): Promise<PlannedAction> {
  const state = structuredClone(context.state);
  const tie = tieOf(state);
  if (!tie) throw refused("WrongCard", "this card has no initiative tie");
  const { group, index } = parseKey(context.target, tie);
  if (group.chosen) throw refused("TieChosen", "the winner has already chosen");
  const order = chooseTieOrder(
    group.members.map((m) => m.id),
    group.members[index].id,
  );
  group.chosen = order;
  const byId = new Map(group.members.map((m) => [m.id, m]));
  return {
    changes: order.map((id, i) => ({ uuid: byId.get(id)!.uuid, update: { "flags.omnibus.wfrp.tieOrder": i } })),
    state,
    summary: { key: "OMNIBUS.WFRP.InitiativeTie.Chosen", data: { name: group.members[index].name } },
  };
}

function ownsWinner({ user, state, target }: ChatActionContext): boolean {
  const tie = tieOf(state);
  if (!tie || user?.isGM) return Boolean(tie);
  try {
    return userOwns(parseKey(target, tie).group.members[0].actorUuid, user);
  } catch {
    return false;
  }
}

export const tieChoiceAction: ChatAction = {
  plan: planTieFirst,
  permitted: ownsWinner,
  targets: (state) => (tieOf(state)?.groups ?? []).flatMap((g, gi) => g.members.slice(1).map((_, i) => `${gi}-${i + 1}`)),
  visible: () => true,
};
