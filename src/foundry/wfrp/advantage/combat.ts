/**
 * Advantage from opposed combat tests on the attack card, as the GM records them (published core
 * 4e, digest §7 item 18: the winner gains 1, the loser loses all; the Initiative Bonus cap is a
 * world option). The GM reads both actors' Advantage when the defence is settled and keeps it, with
 * the winner, in the card's record (`target.advantage`); a Fortune re-roll (003:L72) of either side
 * that changes the winner moves the Advantage with it, from those values (combat/advantage.ts
 * `advantageAfterRedecided`), keeping whatever either side gained or lost since.
 */
import { advantageAfterOpposed, advantageAfterRedecided } from "../../../rules/wfrp/index";
import { resolveTarget, type AttackState } from "../../../rules/wfrp/table/cards";
import { deriveActor } from "../../../rules/wfrp/table/derive";
import type { DocumentChange } from "../../ruleset";
import { documentOf } from "../../chat/actions";
import { actorView, targetActor } from "../documents";
import { currentRules } from "../settings";

type View = ReturnType<typeof actorView>;

const advantageOf = (v: View | null) => (typeof v?.system.advantage === "number" ? Math.max(0, Math.trunc(v.system.advantage)) : 0);

function capOf(v: View | null): number | undefined {
  return currentRules().advantageCap && v ? deriveActor(v.system, v.items, v.statuses).characteristics.i.bonus : undefined;
}

async function sides(
  state: AttackState,
  index: number,
): Promise<{ attacker: { uuid: string; view: View } | null; defender: { uuid: string; view: View } | null }> {
  const target = state.targets[index];
  const attackerDoc = state.attacker.uuid ? await documentOf<Actor.Implementation>(state.attacker.uuid) : null;
  const defenderDoc = await targetActor(target.tokenUuid, target.actorUuid);
  return {
    attacker: attackerDoc ? { uuid: attackerDoc.uuid, view: actorView(attackerDoc) } : null,
    defender: defenderDoc ? { uuid: defenderDoc.uuid, view: actorView(defenderDoc) } : null,
  };
}

function changesFor(s: Awaited<ReturnType<typeof sides>>, after: { attacker: number; defender: number }): DocumentChange[] {
  const changes: DocumentChange[] = [];
  for (const key of ["attacker", "defender"] as const) {
    const side = s[key];
    if (side && after[key] !== advantageOf(side.view)) changes.push({ uuid: side.uuid, update: { "system.advantage": after[key] } });
  }
  return changes;
}

/**
 * A defence settled on target `index` (the state already holds it): both sides' Advantage after the
 * opposed test, as changes, and the record of the values before it and the winner (on `state`).
 */
export async function settleAdvantage(state: AttackState, index: number): Promise<DocumentChange[]> {
  const result = resolveTarget(state, index);
  if (!result || !result.defence) return [];
  const s = await sides(state, index);
  const before = { attacker: advantageOf(s.attacker?.view ?? null), defender: advantageOf(s.defender?.view ?? null) };
  state.targets[index].advantage = { ...before, winner: result.winner };
  const caps = { attacker: capOf(s.attacker?.view ?? null), defender: capOf(s.defender?.view ?? null) };
  return changesFor(s, advantageAfterOpposed(before.attacker, before.defender, result.winner, caps));
}

/**
 * After a re-roll (the state already holds the new face): for each of `indexes` whose opposed test
 * was decided, the Advantage changes if the winner changed, and the record's winner brought up to
 * date (on `state`).
 */
export async function redecideAdvantage(state: AttackState, indexes: readonly number[]): Promise<DocumentChange[]> {
  const changes: DocumentChange[] = [];
  for (const index of indexes) {
    const record = state.targets[index]?.advantage;
    const result = resolveTarget(state, index);
    if (!record || !result || !result.defence || result.winner === record.winner) continue;
    const s = await sides(state, index);
    const current = { attacker: advantageOf(s.attacker?.view ?? null), defender: advantageOf(s.defender?.view ?? null) };
    const caps = { attacker: capOf(s.attacker?.view ?? null), defender: capOf(s.defender?.view ?? null) };
    const after = advantageAfterRedecided(record, record.winner, result.winner, current, caps);
    state.targets[index].advantage = { ...record, winner: result.winner };
    if (after) changes.push(...changesFor(s, after));
  }
  return changes;
}
