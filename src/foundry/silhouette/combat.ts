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
import { clearHold, diveForCoverTimed, holdTrigger, startDiveForCover, startHold } from "./timers";
import {
  HOLD_ACTIONS,
  HOLD_KINDS,
  holdActions,
  holdRowContext,
  planHold,
  planTrigger,
  readTriggerText,
  type HoldAction,
  type HoldKind,
  type RoundView,
  type TriggerMoment,
} from "../../rules/silhouette/table/combat";
import { askGM, userOwns } from "../chat/actions";
import { RequestError } from "../chat/requests";
import { refused } from "../../core/errors";
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
/** A combatant's place at a trigger's moment (`{round, rank}`): the round's order from then on. */
export const ORDER_FLAG = "silhouetteOrder";
/** The combat's last trigger moment (who triggered, who went off before it, who stepped in after). */
export const MOMENT_FLAG = "silhouetteMoment";

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

/** A combatant's rank in its combat's current round, set when a readied action went off or a delay ended (null: none). */
function rankOf(c: CombatantLike): number | null {
  const flag = (c.getFlag?.("omnibus", ORDER_FLAG) ??
    (c as { flags?: Record<string, Record<string, unknown> | undefined> }).flags?.omnibus?.[ORDER_FLAG]) as
    { round?: unknown; rank?: unknown } | undefined;
  const round = c.combat?.round;
  return flag && typeof round === "number" && flag.round === round && Number.isInteger(flag.rank) ? Number(flag.rank) : null;
}

/**
 * Turn order: higher total first, then higher Combat Sense; combatants without initiative last. Once
 * a trigger has reordered the round (`ORDER_FLAG`, readied before the trigger, delayed after it,
 * 004:L13-16), the two ranked combatants of that round keep that order.
 */
export function compareCombatants(a: CombatantLike, b: CombatantLike): number {
  const ra = rankOf(a);
  const rb = rankOf(b);
  if (ra !== null && rb !== null) return ra - rb;
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
      mark.setAttribute("role", "img");
      mark.setAttribute("aria-label", localize(key));
      target.appendChild(mark);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Readied actions and delay (004:L13-16): the tracker's controls, decided by the active GM

export const HOLD_REQUEST = "silhouetteHold";
const HOLD_KEYS = new Set(["type", "requestId", "combatId", "combatantId", "action", "trigger"]);
const ID = /^[A-Za-z0-9]{1,32}$/;

type HoldActor = TimerActor & { testUserPermission?(user: unknown, level: string): boolean };

interface HoldCombatant {
  id?: string | null;
  name?: string | null;
  actor: HoldActor | null;
}

interface HoldCombat {
  id?: string | null;
  round: number;
  turn: number | null;
  started?: boolean;
  turns: HoldCombatant[];
  combatants: { contents: HoldCombatant[] };
  flags?: Record<string, Record<string, unknown> | undefined>;
  update(data: Record<string, unknown>): Promise<unknown>;
  updateEmbeddedDocuments(type: "Combatant", updates: Array<Record<string, unknown>>): Promise<unknown>;
  nextTurn(): Promise<unknown>;
}

/** A hold request as the socket brings it: exactly these keys, short ids, a known action, a trigger only to ready. */
export function parseHoldRequest(data: unknown): { combatId: string; combatantId: string; action: HoldAction; trigger: string | null } {
  if (typeof data !== "object" || data === null || Array.isArray(data) || Object.getPrototypeOf(data) !== Object.prototype)
    throw new RequestError("shape");
  const d = data as Record<string, unknown>;
  for (const key of Reflect.ownKeys(d)) if (typeof key !== "string" || !HOLD_KEYS.has(key)) throw new RequestError("field");
  if (d.type !== HOLD_REQUEST) throw new RequestError("type");
  if (typeof d.combatId !== "string" || !ID.test(d.combatId)) throw new RequestError("combatId");
  if (typeof d.combatantId !== "string" || !ID.test(d.combatantId)) throw new RequestError("combatantId");
  if (!HOLD_ACTIONS.includes(d.action as HoldAction)) throw new RequestError("action");
  const action = d.action as HoldAction;
  if (d.trigger !== undefined && (action !== "ready" || typeof d.trigger !== "string" || d.trigger.length > 1000))
    throw new RequestError("trigger");
  return { combatId: d.combatId, combatantId: d.combatantId, action, trigger: typeof d.trigger === "string" ? d.trigger : null };
}

function holdOf(actor: HoldActor | null | undefined): HoldKind | null {
  return HOLD_KINDS.find((k) => actor?.statuses?.has(k)) ?? null;
}

/** The round as the pure rules read it: the tracker's order, whose turn, who holds what. */
export function roundView(combat: HoldCombat): RoundView {
  const order = combat.turns.map((c) => String(c.id));
  const holds: Record<string, HoldKind> = {};
  for (const c of combat.turns) {
    const hold = holdOf(c.actor);
    if (hold) holds[String(c.id)] = hold;
  }
  const running = combat.started !== false && combat.round > 0 && combat.turn !== null;
  return { round: combat.round, turn: running ? combat.turn : null, order, holds };
}

function momentOf(combat: HoldCombat): TriggerMoment | null {
  const m = combat.flags?.omnibus?.[MOMENT_FLAG] as TriggerMoment | undefined;
  return m && typeof m.trigger === "string" && Array.isArray(m.readied) && Array.isArray(m.delayed) && typeof m.round === "number"
    ? m
    : null;
}

/**
 * The active GM runs a hold request for `user` (the socket's sender or itself): the combatant's
 * owner or a GM only. Ready (with its trigger) or delay on the combatant's own turn, then the turn
 * passes; a trigger puts the readied combatant before the one acting and a delayed one after it
 * (`planTrigger`), clears the mark and writes the round's order; drop ends a readied action.
 */
export async function runHold(
  combat: HoldCombat,
  combatantId: string,
  action: HoldAction,
  trigger: string | null,
  user: { id?: string; isGM?: boolean },
): Promise<{ key: string; data: Record<string, string> } | null> {
  const combatant = combat.combatants.contents.find((c) => c.id === combatantId);
  if (!combatant?.actor) throw refused("HoldNone", "no such combatant with a character");
  if (!userOwns(combatant.actor, user as never)) throw refused("NotYourCharacter", "not the combatant's owner");
  const actor = combatant.actor;
  const name = String(combatant.name ?? actor.name ?? "");
  const view = roundView(combat);
  if (action === "ready" || action === "delay") {
    const kind = planHold(action === "ready" ? "readied" : "delayed", view, combatantId);
    const text = kind === "readied" ? readTriggerText(trigger) : null;
    await startHold(actor, kind, combat as unknown as TimerCombat, text);
    await combat.nextTurn();
    return { key: `OMNIBUS.Silhouette.Hold.Done.${kind}`, data: { name } };
  }
  const hold = holdOf(actor);
  if (!hold) throw refused("HoldNone", "the character holds no action");
  if (action === "drop") {
    await clearHold(actor, hold);
    return { key: "OMNIBUS.Silhouette.Hold.Done.dropped", data: { name } };
  }
  const plan = planTrigger(view, combatantId, momentOf(combat));
  await combat.updateEmbeddedDocuments(
    "Combatant",
    plan.order.map((id, rank) => ({ _id: id, [`flags.omnibus.${ORDER_FLAG}`]: { round: combat.round, rank } })),
  );
  await combat.update({ turn: plan.turn, [`flags.omnibus.${MOMENT_FLAG}`]: plan.moment });
  await clearHold(actor, hold);
  return { key: `OMNIBUS.Silhouette.Hold.Done.${plan.when === "readied" ? "fired" : "steppedIn"}`, data: { name } };
}

function combatById(id: string): HoldCombat | null {
  const combats = (game as unknown as { combats?: { get(id: string): unknown } }).combats;
  return (combats?.get(id) as HoldCombat | undefined) ?? null;
}

/** One request at a time per combat: each reads the order the one before it wrote. */
const holdQueues = new Map<string, Promise<unknown>>();

/** The GM's handler of `silhouetteHold` requests (registered at init). */
export async function handleHoldRequest(data: unknown, user: { id?: string; isGM?: boolean }) {
  const request = parseHoldRequest(data);
  const run = (holdQueues.get(request.combatId) ?? Promise.resolve()).then(() => {
    const combat = combatById(request.combatId);
    if (!combat) throw refused("HoldCombatGone", "the combat is gone");
    return runHold(combat, request.combatantId, request.action, request.trigger, user);
  });
  holdQueues.set(
    request.combatId,
    run.catch(() => undefined),
  );
  return run;
}

/** A tracker control: asked of the active GM (run here when this is the active GM). */
export function askHold(combatId: string, combatantId: string, action: HoldAction, trigger?: string): Promise<boolean> {
  return askGM({ type: HOLD_REQUEST, combatId, combatantId, action, ...(trigger !== undefined ? { trigger } : {}) });
}

/** The owner states the trigger of a readied action (null: cancelled). */
async function askTriggerText(): Promise<string | null> {
  const answer = (await foundry.applications.api.DialogV2.wait({
    window: { title: localize("OMNIBUS.Silhouette.Hold.ReadyTitle") },
    content: `<div class="form-group"><label>${localize("OMNIBUS.Silhouette.Hold.TriggerLabel")}</label><input type="text" name="trigger" maxlength="120" placeholder="${localize("OMNIBUS.Silhouette.Hold.TriggerHint")}" autofocus></div>`,
    buttons: [
      {
        action: "ready",
        label: localize("OMNIBUS.Silhouette.Hold.ready"),
        default: true,
        callback: (_e: unknown, button: { form?: HTMLFormElement | null }) =>
          button.form ? String(new FormData(button.form).get("trigger") ?? "") : null,
      },
      { action: "cancel", label: localize("OMNIBUS.Surprise.Cancel") },
    ],
    rejectClose: false,
  } as never)) as unknown;
  return typeof answer === "string" && answer !== "cancel" ? answer : null;
}

const escapeText = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export const HOLD_TEMPLATE = templatePath("silhouette/combat/hold");

/**
 * The readied/delayed marks and the hold controls on the tracker's rows (HOLD_TEMPLATE, from the
 * pure `holdRowContext`); a click asks the active GM. Resolves once every row is drawn.
 */
export async function holdTracker(combat: HoldCombat | null | undefined, html: HTMLElement, user = game.user): Promise<void> {
  if (!combat || !user) return;
  const view = roundView(combat);
  for (const c of combat.turns) {
    const row = html.querySelector<HTMLElement>(`[data-combatant-id="${c.id}"]`);
    if (!row) continue;
    row.querySelectorAll(".omnibus-silhouette-hold").forEach((el) => el.remove());
    const hold = holdOf(c.actor);
    // The owner's own words, escaped once more: Foundry's tooltips read HTML.
    const text = hold === "readied" ? escapeText(holdTrigger(c.actor)) : "";
    const label = !hold
      ? ""
      : text
        ? localize("OMNIBUS.Silhouette.Hold.ReadiedFor", { trigger: text })
        : localize(`OMNIBUS.Silhouette.Status.${hold}`);
    const owns = Boolean(c.actor) && userOwns(c.actor, user as never);
    const context = holdRowContext(hold, label, holdActions(view, String(c.id), owns));
    if (!context.mark && context.buttons.length === 0) continue;
    const markup = await foundry.applications.handlebars.renderTemplate(HOLD_TEMPLATE, context as never);
    const target = row.querySelector(".token-name, .name") ?? row;
    target.insertAdjacentHTML("beforeend", markup);
    for (const button of target.querySelectorAll<HTMLElement>("[data-hold-action]")) {
      const action = button.dataset.holdAction as HoldAction;
      button.addEventListener("click", (event) => {
        event.preventDefault();
        event.stopPropagation();
        void (async () => {
          if (action !== "ready") return askHold(String(combat.id), String(c.id), action);
          const trigger = await askTriggerText();
          if (trigger !== null) await askHold(String(combat.id), String(c.id), action, trigger);
        })();
      });
    }
  }
}

/**
 * Every client: an effect carrying a readied or delayed status came or went (a hold taken, dropped
 * or run out; the token HUD): the combat tracker is drawn again, so its marks and controls follow.
 */
export function onHoldEffectChanged(effect: { statuses?: Set<string> | string[] | null } | null | undefined): boolean {
  const statuses = effect?.statuses ? [...effect.statuses] : [];
  if (!statuses.some((s) => (HOLD_KINDS as readonly string[]).includes(s))) return false;
  (globalThis as { ui?: { combat?: { render?(): unknown } } }).ui?.combat?.render?.();
  return true;
}
