/**
 * Silhouette combat (digest §3, §4.6; seed 004:L2-4, L17-18):
 *  - initiative is a Combat Sense roll (a SilhouetteRoll: highest die + extra sixes), re-rolled at
 *    the start of EVERY round (the active GM resets and re-rolls, then starts at the top);
 *  - ties: higher Combat Sense level first, equal levels act simultaneously (a mark in the tracker);
 *  - a mishap on the initiative roll: only diving for cover this round (a one-round timer effect
 *    carrying the status, silhouette/timers.ts; and a tracker mark);
 *  - "pull yourself together" (a status set during the round): next round's initiative is
 *    4 + Combat Sense without a roll, and the status is cleared.
 */
import { compareInitiative, type CheckOptions } from "../../rules/silhouette/index";
import { resolveSurprise } from "../../rules/silhouette/combat";
import type { CombatHooks, SurpriseChoice } from "../ruleset";
import { localize } from "../i18n";
import { postCard } from "../chat/cards";
import { publicMode } from "../compat";
import { templatePath } from "../templates/helpers";
import { createElementNear } from "../compat";
import { initiativeFactsOf } from "../../rules/silhouette/table/checks";
import { skillFor } from "../../rules/silhouette/table/derive";
import { derivedOf, type ActorLike } from "./checks";
import { SilhouetteRoll, type SilhouetteOutcome } from "./rolls";
import { silhouetteOptions } from "./settings";
import { diveForCoverTimed, startDiveForCover } from "./timers";
import type { TimerActor, TimerCombat } from "../durations";
import { ROUND_SECONDS } from "../../rules/silhouette/initiative";

export const STATUS = {
  prone: "prone",
  diveForCover: "diveForCover",
  pullTogether: "pullTogether",
  continuingAction: "continuingAction",
  /** Wading at most knee-deep: every speed halved (004:L78). */
  kneeDeepWater: "kneeDeepWater",
} as const;

export const INITIATIVE_FLAG = "silhouetteInitiative";

interface CombatantLike {
  id?: string | null;
  actor: ActorLike | null;
  initiative: number | null;
  combat?: { round?: number } | null;
  getFlag?(scope: string, key: string): unknown;
  update?(data: Record<string, unknown>): Promise<unknown>;
}

/** What an initiative roll needs about a combatant's actor. */
export function initiativeFacts(
  actor: ActorLike | null,
  options = silhouetteOptions(),
): { combatSense: number; modifier: number; pulledTogether: boolean; continuingAction: boolean } {
  if (!actor || !String(actor.type).startsWith("silhouette_"))
    return { combatSense: 0, modifier: 0, pulledTogether: false, continuingAction: false };
  return initiativeFactsOf(derivedOf(actor).skills, actor.statuses, options);
}

/** The Combat Sense level of a combatant (the tie-breaker). */
export function combatSenseOf(combatant: CombatantLike): number {
  return initiativeFacts(combatant.actor).combatSense;
}

/** After an initiative roll: mark a mishap (dive for cover only) and use up "pull yourself together". */
export async function afterInitiative(combatant: CombatantLike, outcome: SilhouetteOutcome | undefined): Promise<void> {
  if (!outcome || outcome.kind !== "initiative") return;
  const actor = combatant.actor as (ActorLike & { toggleStatusEffect?(id: string, o: { active: boolean }): Promise<unknown> }) | null;
  const round = combatant.combat?.round ?? 0;
  await combatant.update?.({
    [`flags.omnibus.${INITIATIVE_FLAG}`]: {
      round,
      fumble: outcome.actions === "diveForCoverOnly",
      pulledTogether: outcome.roll === null,
      combatSense: outcome.combatSense,
    },
  });
  // Only diving for cover after a mishap — unless carrying on last round's action (004:L3): a timer
  // for this round (silhouette/timers.ts), which the next round's change ends.
  if (actor && outcome.actions === "diveForCoverOnly")
    await startDiveForCover(actor as unknown as TimerActor, combatant.combat as TimerCombat | null | undefined);
  if (actor?.toggleStatusEffect && outcome.roll === null) await actor.toggleStatusEffect(STATUS.pullTogether, { active: false });
}

/** The unevaluated initiative roll of a combatant; its evaluation marks the combatant. */
export function initiativeRoll(combatant: CombatantLike): SilhouetteRoll {
  const options = silhouetteOptions();
  const rules: CheckOptions = options.check;
  const roll = SilhouetteRoll.forInitiative(initiativeFacts(combatant.actor, options), rules);
  const evaluate = roll.evaluate.bind(roll);
  (roll as unknown as { evaluate: typeof roll.evaluate }).evaluate = (async (...args: Parameters<typeof roll.evaluate>) => {
    const result = await evaluate(...args);
    await afterInitiative(combatant, roll.outcome);
    return result;
  }) as typeof roll.evaluate;
  return roll;
}

/** Turn order: higher total first, then higher Combat Sense; combatants without initiative last. */
export function compareCombatants(a: CombatantLike, b: CombatantLike): number {
  const ai = a.initiative;
  const bi = b.initiative;
  if (ai === null || bi === null || ai === undefined || bi === undefined) {
    if ((ai ?? null) === null && (bi ?? null) === null) return 0;
    return (ai ?? null) === null ? 1 : -1;
  }
  return compareInitiative(
    { total: Math.trunc(ai), combatSense: combatSenseOf(a) },
    { total: Math.trunc(bi), combatSense: combatSenseOf(b) },
  );
}

export const silhouetteCombat: CombatHooks = {
  initiativeRoll: (combatant) => initiativeRoll(combatant as unknown as CombatantLike) as never,
  compare: (a, b) => compareCombatants(a as unknown as CombatantLike, b as unknown as CombatantLike),
  /** A round lasts about six seconds (004:L1). */
  roundSeconds: ROUND_SECONDS,
  surprise: { determine: (combat, choice) => determineSurprise(combat as never, choice) },
};

type SurpriseActor = ActorLike & { statuses?: Set<string>; toggleStatusEffect?(id: string, o: { active: boolean }): Promise<unknown> };

/**
 * An ambush (004:L89–92), from the GM's dialog: each ambusher rolls Stealth, each target Notice
 * (skill level + its attribute; untrained: two dice, keep the lowest); the pure `resolveSurprise`
 * leaves a target that spots no ambusher unaware (the "unaware" status: attacked against
 * difficulty 1 plus its defense modifiers, 004:L89), the others aware. One card.
 */
export async function determineSurprise(
  combat: { combatants: { contents: Array<{ id?: string | null; name?: string | null; actor: SurpriseActor | null }> } },
  choice: SurpriseChoice,
): Promise<Array<{ id: string; surprised: boolean }>> {
  const rules = silhouetteOptions().check;
  const byId = new Map(combat.combatants.contents.map((c) => [c.id ?? "", c]));
  const rolls: Roll[] = [];
  const rollFor = async (id: string, key: "stealth" | "notice") => {
    const actor = byId.get(id)?.actor;
    if (!actor || !String(actor.type).startsWith("silhouette_")) return null;
    const row = skillFor(derivedOf(actor).skills, key);
    const roll = SilhouetteRoll.forCheck(
      { dice: row?.level ?? 0, untrained: !row || row.level === 0, modifier: row?.attributeModifier ?? 0 },
      rules,
    );
    await roll.evaluate();
    rolls.push(roll as unknown as Roll);
    const o = roll.outcome as { total: number; fumble: boolean };
    return { id, total: o.total, fumble: o.fumble };
  };
  const ambushers: Array<{ id: string; stealth: number; fumble: boolean }> = [];
  for (const id of choice.ambushers) {
    const r = await rollFor(id, "stealth");
    if (r) ambushers.push({ id, stealth: r.total, fumble: r.fumble });
  }
  const observers: Array<{ id: string; notice: number; fumble: boolean }> = [];
  for (const id of choice.targets) {
    const r = await rollFor(id, "notice");
    if (r) observers.push({ id, notice: r.total, fumble: r.fumble });
  }
  const outcome = resolveSurprise({ ambushers, observers });
  for (const o of outcome.observers) {
    const actor = byId.get(o.id)?.actor;
    if (!actor?.toggleStatusEffect || (actor.statuses?.has("unaware") ?? false) === o.unaware) continue;
    await actor.toggleStatusEffect("unaware", { active: o.unaware });
  }
  const name = (id: string) => String(byId.get(id)?.name ?? id);
  const lines = [
    ...ambushers.map((a) => ({ name: name(a.id), value: `${localize("OMNIBUS.Silhouette.Surprise.Stealth")} ${a.stealth}` })),
    ...outcome.observers.map((o, i) => ({
      name: name(o.id),
      value: `${localize("OMNIBUS.Silhouette.Surprise.Notice")} ${observers[i].notice} — ${o.unaware ? localize("OMNIBUS.Silhouette.Surprise.Unaware") : localize("OMNIBUS.Silhouette.Surprise.Noticed", { names: o.noticed.map(name).join(", ") })}`,
    })),
  ];
  await postCard({
    template: templatePath("chat/check-card"),
    context: { title: localize("OMNIBUS.Silhouette.Surprise.Title"), subtitle: localize("OMNIBUS.Silhouette.Surprise.Subtitle"), lines },
    rolls,
    rollMode: publicMode(),
  });
  return outcome.observers.map((o) => ({ id: o.id, surprised: o.unaware }));
}

interface CombatLike {
  id?: string | null;
  round: number;
  combatants: { contents: CombatantLike[] };
  turns?: CombatantLike[];
  resetAll(options?: Record<string, unknown>): Promise<unknown>;
  rollAll(options?: Record<string, unknown>): Promise<unknown>;
  update(data: Record<string, unknown>): Promise<unknown>;
}

/**
 * The `updateCombat` hook: when the round advances, the active GM clears last round's mishaps and
 * re-rolls everyone's initiative (004:L2, L14), then starts the round at the top of the new order.
 */
export async function onUpdateCombat(
  combat: CombatLike,
  changed: { round?: number },
  options: { direction?: number } = {},
): Promise<boolean> {
  const me = game.user;
  if (!me?.isGM || game.users?.activeGM?.id !== me.id) return false;
  if (changed.round === undefined || changed.round <= 1 || (options.direction ?? 1) < 0) return false;
  for (const c of combat.combatants.contents) {
    const actor = c.actor as (ActorLike & { toggleStatusEffect?(id: string, o: { active: boolean }): Promise<unknown> }) | null;
    // A dive-for-cover mark set by hand ends with its round; a mishap's timer ends by itself.
    if (actor?.statuses?.has(STATUS.diveForCover) && !diveForCoverTimed(actor as unknown as TimerActor))
      await actor.toggleStatusEffect?.(STATUS.diveForCover, { active: false });
  }
  await combat.resetAll({ updateTurn: false });
  await combat.rollAll({ updateTurn: false });
  await combat.update({ turn: 0 });
  return true;
}

/** Marks in the combat tracker: initiative mishap, pulled together, and simultaneous ties. */
export function markTracker(combat: { round: number; turns: CombatantLike[] } | null | undefined, html: HTMLElement): void {
  if (!combat) return;
  const turns = combat.turns;
  turns.forEach((c, i) => {
    const row = html.querySelector<HTMLElement>(`[data-combatant-id="${c.id}"]`);
    if (!row) return;
    row.querySelectorAll(".omnibus-silhouette-mark").forEach((el) => el.remove());
    const flag = c.getFlag?.("omnibus", INITIATIVE_FLAG) as { round?: number; fumble?: boolean; pulledTogether?: boolean } | undefined;
    const marks: Array<[string, string]> = [];
    if (flag?.round === combat.round && flag.fumble) marks.push(["fa-solid fa-person-falling", "OMNIBUS.Silhouette.Combat.Mishap"]);
    if (flag?.round === combat.round && flag.pulledTogether) marks.push(["fa-solid fa-lungs", "OMNIBUS.Silhouette.Combat.PulledTogether"]);
    const prev = turns[i - 1];
    const next = turns[i + 1];
    const tied = (o: CombatantLike | undefined) =>
      o && o.initiative !== null && o.initiative === c.initiative && compareCombatants(o, c) === 0;
    if (c.initiative !== null && (tied(prev) || tied(next))) marks.push(["fa-solid fa-equals", "OMNIBUS.Silhouette.Combat.Simultaneous"]);
    const target = row.querySelector(".token-name, .name") ?? row;
    for (const [icon, key] of marks) {
      const mark = createElementNear(target, "i");
      mark.className = `omnibus-silhouette-mark ${icon}`;
      mark.dataset.tooltip = localize(key);
      mark.setAttribute("aria-label", localize(key));
      target.appendChild(mark);
    }
  });
}
