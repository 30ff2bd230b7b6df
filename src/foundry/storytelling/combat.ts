/**
 * Storytelling combat: turn order by initiative (1d10 + Dexterity + Composure), ties to the higher
 * modifier, then to a roll-off (WoD p.152; digest §Z.4), and the per-turn resets: Willpower's
 * once-per-turn spend (002:L420), Dodge and all-out attack last one turn, optional re-rolled
 * initiative each turn (a house rule the digest lists).
 */
import { forcedDice, type DiceSource } from "../../core/dice";
import { initiativeOrder, resolveSurprise } from "../../rules/storytelling";
import { initiativeModifierOf } from "../../rules/storytelling/table/checks";
import { facesFromRoll, type EvaluatedDice } from "../../rules/table/faces";
import { addDeletion, currentMessageMode, evaluateOptions } from "../compat";
import { DEFENSE_FLAG } from "../../rules/storytelling/table/defense/combat";
import { characterTraits, deriveCharacter } from "../../rules/storytelling/table/derive";
import { isOmnibusError, localize } from "../i18n";
import { postCard } from "../chat/cards";
import { publicMode } from "../compat";
import type { SurpriseChoice } from "../ruleset";
import { templatePath } from "../templates/helpers";
import { rollStorytelling } from "./rolls";
import { worldOptions } from "./settings";

interface CombatantLike {
  initiative?: number | null;
  name?: string | null;
  id?: string | null;
  actor?: { system?: Record<string, unknown> } | null;
  flags?: Record<string, Record<string, unknown> | undefined>;
}

function modifierOf(c: CombatantLike): number {
  return initiativeModifierOf(c.actor?.system) ?? 0;
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
  const rx = rollOffFaces(x);
  const ry = rollOffFaces(y);
  for (let i = 0; i < Math.max(rx.length, ry.length); i++) {
    const d = (ry[i] ?? 0) - (rx[i] ?? 0);
    if (d !== 0) return d;
  }
  return (x.name ?? "").localeCompare(y.name ?? "") || (x.id ?? "").localeCompare(y.id ?? "");
}

/**
 * A combatant's roll-off faces (`flags.omnibus.rollOff = {initiative, modifier, faces}`), valid only
 * for the initiative and modifier it broke a tie of (a re-rolled initiative makes it stale). An older
 * plain number counts as one face.
 */
export function rollOffFaces(c: CombatantLike): number[] {
  const raw = c.flags?.omnibus?.rollOff;
  if (typeof raw === "number") return [raw];
  if (typeof raw !== "object" || raw === null) return [];
  const r = raw as { initiative?: unknown; modifier?: unknown; faces?: unknown };
  if (r.initiative !== c.initiative || r.modifier !== modifierOf(c) || !Array.isArray(r.faces)) return [];
  return r.faces.filter((f): f is number => typeof f === "number");
}

/**
 * The roll-offs a combat needs (WoD p.152; digest §Z.4): every group of combatants tied on
 * initiative and on Dexterity + Composure where some member has no valid roll-off rolls off again,
 * as a whole, by the pure `initiativeOrder` (a d10 each, repeated until no two tie). Faces come from
 * `dice` in order. Returns each rolled combatant's new `rollOff` flag by id.
 */
export function planRollOffs(
  combatants: readonly CombatantLike[],
  dice: DiceSource,
): Map<string, { initiative: number; modifier: number; faces: number[] }> {
  const groups = new Map<string, CombatantLike[]>();
  for (const c of combatants) {
    if (typeof c.initiative !== "number" || !c.id) continue;
    const key = `${c.initiative}|${modifierOf(c)}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const plan = new Map<string, { initiative: number; modifier: number; faces: number[] }>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const faces = group.map(rollOffFaces);
    const settled = faces.every((f) => f.length > 0) && new Set(faces.map((f) => f.join(","))).size === group.length;
    if (settled) continue;
    // Equal totals and modifiers: only the roll-offs order them.
    const ranks = initiativeOrder(
      group.map((c) => ({ id: c.id!, modifier: 0, roll: 1 })),
      dice,
    );
    for (const r of ranks) {
      const c = group.find((g) => g.id === r.id)!;
      plan.set(r.id, { initiative: c.initiative as number, modifier: modifierOf(c), faces: r.rollOffs });
    }
  }
  return plan;
}

interface CombatLike {
  combatants: {
    contents: Array<
      CombatantLike & {
        actor?: {
          system?: Record<string, unknown>;
          statuses?: Set<string>;
          update(d: Record<string, unknown>): Promise<unknown>;
          toggleStatusEffect(id: string, o: { active: boolean }): Promise<unknown>;
        } | null;
      }
    >;
  };
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
    if ((actor as { flags?: Record<string, Record<string, unknown> | undefined> }).flags?.omnibus?.[DEFENSE_FLAG] !== undefined)
      addDeletion(reset, `flags.omnibus.${DEFENSE_FLAG}`);
    if (Object.keys(reset).length > 0) await actor.update(reset);
    // Surprise lasts the first turn (WoD p.153): the start of the combat (round 1) keeps it.
    for (const status of Number(changed.round) > 1 ? ["dodging", "allOutAttack", "surprised"] : ["dodging", "allOutAttack"]) {
      if (actor.statuses?.has(status)) await actor.toggleStatusEffect(status, { active: false });
    }
  }
  if (rerollInitiative) {
    await combat.resetAll();
    await combat.rollAll();
  }
  // A new round (and its re-rolled initiative): ties roll off at once.
  await rollOffTies(combat as never);
}

/**
 * Resolves initiative ties with Foundry dice (the GM's client): the roll-offs `planRollOffs` asks
 * for, from batches of d10 Rolls (a batch more whenever the ties need more dice), stored as
 * `flags.omnibus.rollOff` (read by `compareInitiative`). Runs by itself when combat starts, when a
 * round begins and when an initiative changes; for macros: `game.omnibus.api.rollOffTies(game.combat)`.
 * Returns how many combatants rolled off.
 */
export async function rollOffTies(combat: {
  combatants: { contents: Array<CombatantLike & { setFlag(scope: string, key: string, value: unknown): Promise<unknown> }> };
}): Promise<number> {
  const contents = combat.combatants.contents;
  let faces: number[] = [];
  for (let batch = 0; batch < 20; batch++) {
    try {
      const dice = forcedDice(faces);
      const plan = planRollOffs(contents, dice);
      for (const [id, rollOff] of plan) await contents.find((c) => c.id === id)?.setFlag("omnibus", "rollOff", rollOff);
      return plan.size;
    } catch (error) {
      if (!isOmnibusError(error) || error.code !== "facesExhausted") throw error;
      // The ties need more dice than rolled so far: roll another batch and replay (the plan is deterministic in its faces).
      const n = Math.max(2, contents.length);
      // In the GM's chat mode: a GM in blind mode is not asked to type the dice (compat.ts).
      const roll = (await new Roll(`${n}d10`).evaluate(evaluateOptions(currentMessageMode()))) as unknown as EvaluatedDice;
      faces = [...faces, ...facesFromRoll(roll).map((f) => f.face)];
    }
  }
  return 0;
}

/** Whether this client resolves ties: the active GM's. */
function isActiveGM(): boolean {
  const me = game.user;
  return Boolean(me?.isGM && game.users?.activeGM?.id === me.id);
}

/** The automatic roll-off (GM side), from the combat hooks. */
export async function resolveTiesAsGM(combat: unknown): Promise<void> {
  if (!isActiveGM() || !combat) return;
  await rollOffTies(combat as never);
}

const pendingTies = new Map<string, ReturnType<typeof setTimeout>>();
/**
 * Initiative changes arrive one combatant at a time (rolling everyone updates each): resolve the
 * ties once, a moment after the last change.
 */
export function scheduleTies(combat: { id?: string | null } | null | undefined): void {
  if (!combat?.id || !isActiveGM()) return;
  clearTimeout(pendingTies.get(combat.id));
  pendingTies.set(
    combat.id,
    setTimeout(() => {
      pendingTies.delete(combat.id!);
      void resolveTiesAsGM(combat);
    }, 100),
  );
}

type SurpriseActor = {
  type?: string;
  system?: Record<string, unknown>;
  statuses?: Set<string>;
  toggleStatusEffect?(id: string, o: { active: boolean }): Promise<unknown>;
};

/**
 * Surprise at the start of a fight (WoD p.153), from the GM's dialog: each target rolls Wits +
 * Composure (wound penalty applied; no pool is a chance die) once — it cannot be retried (002:L400);
 * the pure `resolveSurprise` marks those with no success Surprised (no action and no Defense in the
 * first turn; the status is cleared when round 2 starts). Ambushers do not roll. One card.
 */
export async function determineSurprise(
  combat: { combatants: { contents: Array<{ id?: string | null; name?: string | null; actor?: SurpriseActor | null }> } },
  choice: SurpriseChoice,
): Promise<Array<{ id: string; surprised: boolean }>> {
  const options = worldOptions();
  const byId = new Map(combat.combatants.contents.map((c) => [c.id ?? "", c]));
  const rolled: Array<{ id: string; successes: number }> = [];
  const rolls: Roll[] = [];
  for (const id of choice.targets) {
    const system = byId.get(id)?.actor?.system;
    if (!system?.attributes) continue;
    const t = characterTraits(system);
    const pool = Math.max(0, t.attributes.wits + t.attributes.composure + deriveCharacter(system).woundPenalty);
    const r = await rollStorytelling(
      { pool, again: 10, rote: false, chanceDieUsesAgain: options.chanceDieUsesAgain },
      { allowInteractive: false },
    );
    rolls.push(...(r.rolls as unknown as Roll[]));
    rolled.push({ id, successes: r.result.successes });
  }
  const outcome = resolveSurprise(rolled);
  for (const o of outcome.observers) {
    const actor = byId.get(o.id)?.actor;
    if (!actor?.toggleStatusEffect || (actor.statuses?.has("surprised") ?? false) === o.surprised) continue;
    await actor.toggleStatusEffect("surprised", { active: o.surprised });
  }
  const lines = outcome.observers.map((o) => ({
    name: String(byId.get(o.id)?.name ?? o.id),
    value: `${localize("OMNIBUS.Storytelling.Surprise.Successes", { count: o.successes })} — ${localize(o.surprised ? "OMNIBUS.Storytelling.Surprise.Surprised" : "OMNIBUS.Storytelling.Surprise.NotSurprised")}`,
  }));
  await postCard({
    template: templatePath("chat/check-card"),
    context: {
      title: localize("OMNIBUS.Storytelling.Surprise.Title"),
      subtitle: localize("OMNIBUS.Storytelling.Surprise.Subtitle"),
      lines,
    },
    rolls,
    rollMode: publicMode(),
  });
  return outcome.observers.map((o) => ({ id: o.id, surprised: o.surprised }));
}
