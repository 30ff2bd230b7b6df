/**
 * Storytelling combat: turn order by initiative (1d10 + Dexterity + Composure), ties to the higher
 * modifier, then to a roll-off (WoD p.152; digest §Z.4), and the per-turn resets: Willpower's
 * once-per-turn spend (002:L420), Dodge and all-out attack last one turn, optional re-rolled
 * initiative each turn (a house rule the digest lists).
 */
import { initiativeModifier } from "../../rules/storytelling";
import { DEFENSE_FLAG } from "./defense";
import { characterTraits } from "./derived";

interface CombatantLike {
  initiative?: number | null;
  name?: string | null;
  id?: string | null;
  actor?: { system?: Record<string, unknown> } | null;
  flags?: Record<string, Record<string, unknown> | undefined>;
}

function modifierOf(c: CombatantLike): number {
  const system = c.actor?.system;
  if (!system?.attributes) return 0;
  const t = characterTraits(system);
  return initiativeModifier({ dexterity: t.attributes.dexterity, composure: t.attributes.composure });
}

/**
 * Negative when `a` acts first: higher initiative first; ties to the higher Dexterity + Composure;
 * then the higher roll-off (`flags.omnibus.rollOff`, a d10 the GM rolls with `api.rollOffTies`);
 * unrolled combatants last; finally by name so the order is stable.
 */
export function compareInitiative(a: unknown, b: unknown): number {
  const x = a as CombatantLike;
  const y = b as CombatantLike;
  const ix = typeof x.initiative === "number" ? x.initiative : null;
  const iy = typeof y.initiative === "number" ? y.initiative : null;
  if (ix === null || iy === null) return ix === iy ? (x.name ?? "").localeCompare(y.name ?? "") : ix === null ? 1 : -1;
  if (ix !== iy) return iy - ix;
  const mx = modifierOf(x);
  const my = modifierOf(y);
  if (mx !== my) return my - mx;
  const rx = Number(x.flags?.omnibus?.rollOff ?? 0);
  const ry = Number(y.flags?.omnibus?.rollOff ?? 0);
  if (rx !== ry) return ry - rx;
  return (x.name ?? "").localeCompare(y.name ?? "") || (x.id ?? "").localeCompare(y.id ?? "");
}

interface CombatLike {
  combatants: { contents: Array<CombatantLike & { actor?: { system?: Record<string, unknown>; statuses?: Set<string>; update(d: Record<string, unknown>): Promise<unknown>; toggleStatusEffect(id: string, o: { active: boolean }): Promise<unknown> } | null }> };
  resetAll(): Promise<unknown>;
  rollAll(): Promise<unknown>;
}

/** A new round (the GM's client only): per-turn resets, and optionally re-rolled initiative. */
export async function onCombatRound(combat: CombatLike, changed: Record<string, unknown>, rerollInitiative: boolean): Promise<void> {
  if (!("round" in changed)) return;
  const me = game.user;
  if (!me?.isGM || game.users?.activeGM?.id !== me.id) return;
  for (const combatant of combat.combatants.contents) {
    const actor = combatant.actor;
    if (!actor?.system) continue;
    const wp = actor.system.willpower as Record<string, unknown> | undefined;
    // One update: the once-per-turn Willpower mark and this turn's Defense state (attacks, declared Willpower).
    const reset: Record<string, unknown> = {};
    if (wp?.spentThisTurn) reset["system.willpower.spentThisTurn"] = false;
    if ((actor as { flags?: Record<string, Record<string, unknown> | undefined> }).flags?.omnibus?.[DEFENSE_FLAG] !== undefined) reset[`flags.omnibus.-=${DEFENSE_FLAG}`] = null;
    if (Object.keys(reset).length > 0) await actor.update(reset);
    for (const status of ["dodging", "allOutAttack", "surprised"]) {
      if (actor.statuses?.has(status)) await actor.toggleStatusEffect(status, { active: false });
    }
  }
  if (rerollInitiative) {
    await combat.resetAll();
    await combat.rollAll();
  }
}

/**
 * The roll-off for combatants still tied on initiative and modifier (WoD p.152): each rolls a d10,
 * stored as `flags.omnibus.rollOff` (read by `compareInitiative`). For macros: `game.omnibus.api.rollOffTies(game.combat)`.
 */
export async function rollOffTies(combat: { combatants: { contents: Array<CombatantLike & { setFlag(scope: string, key: string, value: unknown): Promise<unknown> }> } }): Promise<number> {
  const groups = new Map<string, typeof combat.combatants.contents>();
  for (const c of combat.combatants.contents) {
    if (typeof c.initiative !== "number") continue;
    const key = `${c.initiative}|${modifierOf(c)}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  let rolled = 0;
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const c of group) {
      const roll = (await new Roll("1d10").evaluate()) as unknown as { total: number };
      await c.setFlag("omnibus", "rollOff", roll.total);
      rolled++;
    }
  }
  return rolled;
}
