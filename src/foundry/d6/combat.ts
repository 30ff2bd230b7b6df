/**
 * D6 combat: initiative is a Perception roll with the Wild Die (a setting), wound penalties applied
 * and no CP or FP (000:L1043); turn order is highest first, ties broken by the Perception code
 * (dice, then pips — A-8), then by name. Each new round resets the per-round state (declared
 * actions, reactions, the Force Point's doubling) of every combatant's actor, done once by the GM.
 */
import { compareCodes, initiativeCode, type DieCode } from "../../rules/d6";
import type { CombatHooks } from "../ruleset";
import { woundLevelOf } from "./check-logic";
import { D6Roll } from "./roll";
import { readSettings } from "./settings";
import { storedCode } from "./schema";

interface CombatantLike {
  name?: string | null;
  initiative?: number | null;
  actor?: { type: string; system: Record<string, unknown> } | null;
}

/** The code a combatant rolls for initiative (vehicles: the crew's piloting code). */
export function initiativeCodeOf(actor: CombatantLike["actor"]): DieCode {
  if (!actor) return { dice: 2, pips: 0 };
  if (actor.type === "d6_vehicle") return storedCode((actor.system.crew as Record<string, unknown> | undefined)?.pilotCode, "pilotCode");
  const perception = storedCode((actor.system.attributes as Record<string, unknown>)?.perception, "perception");
  return initiativeCode(perception, woundLevelOf(actor.system));
}

function perceptionOf(c: CombatantLike): DieCode {
  try {
    return c.actor?.type === "d6_vehicle" ? initiativeCodeOf(c.actor) : storedCode((c.actor?.system.attributes as Record<string, unknown>)?.perception, "perception");
  } catch {
    return { dice: 0, pips: 0 };
  }
}

/** Turn order: negative when `a` acts first. */
export function compareCombatants(a: CombatantLike, b: CombatantLike): number {
  const ia = typeof a.initiative === "number" ? a.initiative : -Infinity;
  const ib = typeof b.initiative === "number" ? b.initiative : -Infinity;
  if (ia !== ib) return ib - ia;
  const byPerception = compareCodes(perceptionOf(b), perceptionOf(a));
  if (byPerception !== 0) return byPerception;
  return String(a.name ?? "").localeCompare(String(b.name ?? ""));
}

export const d6Combat: CombatHooks = {
  initiativeRoll(combatant) {
    const actor = (combatant as unknown as CombatantLike).actor ?? null;
    const settings = readSettings();
    return D6Roll.fromSpec({ code: initiativeCodeOf(actor), wildDie: settings.wildDieInitiative, wildOne: settings.wildOne, characterPoints: 0, kind: "initiative", allowPipsOnly: settings.allowPipsOnly }) as unknown as Roll;
  },
  compare: (a, b) => compareCombatants(a as unknown as CombatantLike, b as unknown as CombatantLike),
  formula: "2d6",
  decimals: 0,
};

/** What a new round resets on each actor (digest §33 per-round state). */
export function roundResetUpdate(): Record<string, unknown> {
  return { "system.round": { actions: 1, forcePoint: false, dodge: null, parry: null, fullReaction: false } };
}

/** The `updateCombat` hook: on a new round, the active GM resets every combatant's actor once. */
export async function onCombatRound(
  combat: { combatants?: Iterable<{ actor?: { update(d: Record<string, unknown>): Promise<unknown>; type?: string } | null }> },
  changed: Record<string, unknown>,
  user: { isGM?: boolean; id?: string } | null | undefined,
  activeGM: { id?: string } | null | undefined,
): Promise<number> {
  if (!("round" in (changed ?? {})) || !user?.isGM || activeGM?.id !== user.id) return 0;
  const seen = new Set<unknown>();
  for (const c of combat.combatants ?? []) {
    const actor = c.actor;
    if (!actor || seen.has(actor) || !String(actor.type ?? "").startsWith("d6_")) continue;
    seen.add(actor);
    await actor.update(roundResetUpdate());
  }
  return seen.size;
}
