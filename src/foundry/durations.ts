/**
 * Timers the rules give, kept as Active Effects with durations (issue 15 §2): an effect carries its
 * length in the running generation's duration shape (compat.ts `writeDuration`, so v14 core shows
 * and expires it) and, in `flags.omnibus.timer`, the ruleset's kind, length and start (round, turn,
 * world time, combat). The active GM alone (one client applies) checks the timers when the combat's
 * round or turn changes and when world time advances; src/core/durations.ts (or the ruleset's own
 * rule) decides what has run out; the ruleset says what an ended timer does (a stun recovered, a
 * patient out of the tank); one card tells the table. v13 core never expires effects, so the GM
 * deletes them; v14 core may already have (`coreExpiresEffects`): then the consequence still runs,
 * from the `deleteActiveEffect` hook, once.
 *
 * Once-per-round work (bleeding, death rolls) is claimed with `claimRound`: a round is done once,
 * even when the tracker goes back and forward again (the last round done is kept on the combat).
 */
import { roundIsNew, timerExpired, type TimerLength, type TimerNow, type TimerStart } from "../core/durations";
import { postCard } from "./chat/cards";
import { coreExpiresEffects, isV14, publicMode, writeDuration } from "./compat";
import { localize } from "./i18n";
import { templatePath } from "./templates/helpers";

export const TIMER_FLAG = "timer";
/** The update option a timer's consequence carries (`options.omnibusTimer` in the `updateActor` hook). */
export const TIMER_UPDATE = "omnibusTimer";

/** What an effect's `flags.omnibus.timer` holds. */
export interface TimerFlag {
  ruleset: string;
  kind: string;
  length: TimerLength;
  start: TimerStart;
  /** Plain data the ruleset's consequence reads (e.g. the wound level a bacta tank leaves). */
  data?: Record<string, unknown>;
}

export interface TimerEffectLike {
  id?: string | null;
  name?: string | null;
  flags?: Record<string, Record<string, unknown> | undefined>;
}

export interface TimerActor {
  id?: string | null;
  uuid?: string;
  name?: string | null;
  img?: string | null;
  type?: string;
  system?: Record<string, unknown>;
  statuses?: Set<string>;
  effects?: { contents?: TimerEffectLike[] } | TimerEffectLike[] | null;
  update(data: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
  createEmbeddedDocuments(type: "ActiveEffect", data: Array<Record<string, unknown>>): Promise<unknown>;
  deleteEmbeddedDocuments(type: "ActiveEffect", ids: string[]): Promise<unknown>;
  toggleStatusEffect?(id: string, options: { active: boolean }): Promise<unknown>;
}

export interface TimerCombat {
  id?: string | null;
  round?: number | null;
  turn?: number | null;
  started?: boolean;
  turns?: unknown[];
  combatants?: Iterable<{ actor?: TimerActor | null }> | { contents?: Array<{ actor?: TimerActor | null }> };
  flags?: Record<string, Record<string, unknown> | undefined>;
  update?(data: Record<string, unknown>): Promise<unknown>;
}

/** What an ended timer does: an update and statuses to switch off, and the card line (an i18n key; none: a quiet end). */
export interface TimerOutcome {
  update?: Record<string, unknown>;
  statusesOff?: string[];
  statusesOn?: string[];
  note: string | null;
  /**
   * The timer starts over from now (the same kind, length and data): a consequence that repeats.
   * An object starts the next one with its own length and data, `served` seconds of it already
   * gone (a wound healed, the next one to heal started by the time left over).
   */
  again?: boolean | TimerAgain;
}

/** The next timer of a repeating consequence: its length, its data, and the seconds already served. */
export interface TimerAgain {
  length: TimerLength;
  data?: Record<string, unknown>;
  served?: number;
}

/** A ruleset's timers: whether one has run out (default: its length) and what its end does. */
export interface TimerRules {
  ruleset: string;
  expired?(kind: string, length: TimerLength, start: TimerStart, now: TimerNow): boolean;
  onExpire(kind: string, actor: TimerActor, flag: TimerFlag, now: TimerNow): TimerOutcome | null;
}

const rulesByRuleset = new Map<string, TimerRules>();

/** Registers a ruleset's timer rules (the adapter's onReady). */
export function registerTimerRules(rules: TimerRules): void {
  rulesByRuleset.set(rules.ruleset, rules);
}

function gameLike(): {
  user?: { id?: string; isGM?: boolean } | null;
  users?: { activeGM?: { id?: string } | null };
  time?: { worldTime?: number };
  combat?: TimerCombat | null;
  actors?: Iterable<TimerActor>;
} {
  return ((globalThis as { game?: unknown }).game ?? {}) as never;
}

/** Is this client the active GM (the one that applies round and time automation)? */
export function isActiveGM(): boolean {
  const g = gameLike();
  return Boolean(g.user?.isGM) && g.users?.activeGM?.id === g.user?.id;
}

function worldTime(): number {
  const t = gameLike().time?.worldTime;
  return typeof t === "number" && Number.isFinite(t) ? t : 0;
}

function running(combat: TimerCombat | null | undefined): combat is TimerCombat {
  return !!combat && combat.started !== false && typeof combat.round === "number" && combat.round > 0;
}

/** Where a timer starts now: the combat's round and turn (if one runs) and the world time. */
export function timerStart(combat: TimerCombat | null | undefined): TimerStart {
  if (!running(combat)) return { round: null, turn: null, time: worldTime(), combat: null };
  return { round: Number(combat.round), turn: Number(combat.turn ?? 0), time: worldTime(), combat: combat.id ?? null };
}

/** Now, for the timers: the combat's round, turn and turns per round (if one runs), the world time. */
export function timerNow(combat: TimerCombat | null | undefined, time = worldTime()): TimerNow {
  if (!running(combat)) return { round: null, turn: null, time, combat: null };
  return {
    round: Number(combat.round),
    turn: Number(combat.turn ?? 0),
    turnsPerRound: combat.turns?.length ?? 1,
    time,
    combat: combat.id ?? null,
  };
}

/**
 * The ActiveEffect data of a timer: its name and image, the statuses it shows on the token, the
 * duration in the running generation's shape (v13 also records the start fields core reads for its
 * remaining-time label), and the timer flag.
 */
export function timerEffectData(opts: { name: string; img?: string; statuses?: string[]; flag: TimerFlag }): Record<string, unknown> {
  const { flag } = opts;
  const duration: Record<string, unknown> = writeDuration({ value: flag.length.value, units: flag.length.units, expiry: null });
  if (!isV14()) {
    duration.startTime = flag.start.time;
    if (flag.start.round !== null)
      Object.assign(duration, { startRound: flag.start.round, startTurn: flag.start.turn ?? 0, combat: flag.start.combat ?? null });
  }
  return {
    name: opts.name,
    img: opts.img ?? "icons/svg/clockwork.svg",
    statuses: opts.statuses ?? [],
    disabled: false,
    transfer: false,
    duration,
    flags: { omnibus: { [TIMER_FLAG]: flag } },
  };
}

function effectsOf(actor: TimerActor): TimerEffectLike[] {
  const e = actor.effects;
  if (!e) return [];
  return Array.isArray(e) ? e : (e.contents ?? []);
}

export function timerOf(effect: TimerEffectLike): TimerFlag | null {
  const flag = effect.flags?.omnibus?.[TIMER_FLAG] as TimerFlag | undefined;
  return flag && typeof flag.kind === "string" && flag.length && flag.start ? flag : null;
}

/**
 * Starts (or restarts: an older timer of the same kind is replaced) a timer on an actor. With
 * `replace: false` an older one is left to run out by itself (a timer per round, so the round's
 * change deletes each once, never twice).
 */
export async function startTimer(
  actor: TimerActor,
  opts: { name: string; img?: string; statuses?: string[]; flag: TimerFlag; replace?: boolean },
): Promise<void> {
  const old =
    opts.replace === false
      ? []
      : effectsOf(actor)
          .filter((e) => timerOf(e)?.kind === opts.flag.kind && timerOf(e)?.ruleset === opts.flag.ruleset)
          .map((e) => String(e.id));
  if (old.length > 0) await actor.deleteEmbeddedDocuments("ActiveEffect", old);
  await actor.createEmbeddedDocuments("ActiveEffect", [timerEffectData(opts)]);
}

/** Has this timer run out at `now`, by its ruleset's reading? */
export function isExpired(flag: TimerFlag, now: TimerNow): boolean {
  const rules = rulesByRuleset.get(flag.ruleset);
  return rules?.expired ? rules.expired(flag.kind, flag.length, flag.start, now) : timerExpired(flag.length, flag.start, now);
}

/** Consequences already applied (by effect), so v14 core's own deletion does not apply one twice. */
const handled = new Set<string>();

async function applyOutcome(
  actor: TimerActor,
  effect: TimerEffectLike,
  flag: TimerFlag,
  now: TimerNow,
): Promise<{ name: string; img: string; note: string | null; again: boolean | TimerAgain } | null> {
  const key = `${actor.uuid ?? actor.id}.${effect.id}`;
  if (handled.has(key)) return null;
  handled.add(key);
  const outcome = rulesByRuleset.get(flag.ruleset)?.onExpire(flag.kind, actor, flag, now) ?? null;
  if (!outcome) return null;
  // Marked as a timer's own consequence: a ruleset's `updateActor` follower (Storytelling healing)
  // leaves it to the timer's own restart instead of starting a second timer.
  if (outcome.update && Object.keys(outcome.update).length > 0) await actor.update(outcome.update, { [TIMER_UPDATE]: true });
  for (const id of outcome.statusesOff ?? []) if (actor.statuses?.has(id)) await actor.toggleStatusEffect?.(id, { active: false });
  for (const id of outcome.statusesOn ?? []) if (!actor.statuses?.has(id)) await actor.toggleStatusEffect?.(id, { active: true });
  const again = typeof outcome.again === "object" && outcome.again !== null ? outcome.again : outcome.again === true;
  return { name: String(actor.name ?? ""), img: String(actor.img ?? ""), note: outcome.note, again };
}

/**
 * A repeating timer starts over from `now`, with the run-out effect's name and image; `again`
 * (an object) gives the next one's length and data and moves its start back by the seconds served.
 */
async function startOver(
  actor: TimerActor,
  effect: TimerEffectLike & { img?: string | null },
  flag: TimerFlag,
  now: TimerNow,
  again: boolean | TimerAgain = true,
): Promise<void> {
  const next = typeof again === "object" ? again : null;
  const served = next ? Math.max(0, Math.floor(Number(next.served ?? 0)) || 0) : 0;
  const start = { round: now.round, turn: now.turn, time: now.time - served, combat: now.combat ?? null };
  const nextFlag: TimerFlag = next
    ? { ...flag, length: next.length, start, ...(next.data ? { data: next.data } : {}) }
    : { ...flag, start };
  await startTimer(actor, { name: String(effect.name ?? ""), img: effect.img ?? undefined, flag: nextFlag, replace: false });
}

/**
 * The "Time passes" card (chat/check-card): a line per ended timer, the actor's name (shown as it
 * is, never looked up as a translation key) and what the end did (the ruleset's `onExpire` note: a
 * stun shaken off, a character come to). `t` localizes.
 */
export function timerCardContext(
  rows: ReadonlyArray<{ name: string; note: string }>,
  t: (key: string) => string = localize,
): { title: string; lines: Array<{ name: string; value: string }> } {
  return { title: t("OMNIBUS.Timers.Title"), lines: rows.map((r) => ({ name: r.name, value: t(r.note) })) };
}

async function postNotes(rows: Array<{ name: string; img: string; note: string }>): Promise<void> {
  if (rows.length === 0) return;
  await postCard({
    template: templatePath("chat/check-card"),
    context: timerCardContext(rows),
    rolls: [],
    rollMode: publicMode(),
  });
}

/**
 * The active GM's check of these actors' timers at `now`: each run-out timer's consequence once,
 * its effect deleted, one card for them all. Returns the number of timers ended.
 */
export async function expireTimers(actors: Iterable<TimerActor>, now: TimerNow): Promise<number> {
  if (!isActiveGM()) return 0;
  const rows: Array<{ name: string; img: string; note: string }> = [];
  let ended = 0;
  const seen = new Set<TimerActor>();
  for (const actor of actors) {
    if (!actor || seen.has(actor)) continue;
    seen.add(actor);
    const done: string[] = [];
    const over: Array<{ effect: TimerEffectLike; flag: TimerFlag; again: boolean | TimerAgain }> = [];
    for (const effect of effectsOf(actor)) {
      const flag = timerOf(effect);
      if (!flag || !rulesByRuleset.has(flag.ruleset) || !isExpired(flag, now)) continue;
      done.push(String(effect.id));
      const row = await applyOutcome(actor, effect, flag, now);
      if (row?.note) rows.push({ name: row.name, img: row.img, note: row.note });
      if (row?.again) over.push({ effect, flag, again: row.again });
    }
    if (done.length > 0) {
      await actor.deleteEmbeddedDocuments("ActiveEffect", done);
      ended += done.length;
    }
    for (const { effect, flag, again } of over) await startOver(actor, effect, flag, now, again);
  }
  await postNotes(rows);
  return ended;
}

function combatActors(combat: TimerCombat): TimerActor[] {
  const list = combat.combatants as
    { contents?: Array<{ actor?: TimerActor | null }> } | Iterable<{ actor?: TimerActor | null }> | undefined;
  const members = !list
    ? []
    : "contents" in list && Array.isArray(list.contents)
      ? list.contents
      : [...(list as Iterable<{ actor?: TimerActor | null }>)];
  return members.map((c) => c.actor).filter((a): a is TimerActor => !!a);
}

/** The world's actors and the current combat's (its unlinked tokens' actors are not world actors). */
function worldActors(g: ReturnType<typeof gameLike>): TimerActor[] {
  return [...(g.actors ?? []), ...(g.combat ? combatActors(g.combat) : [])];
}

/**
 * The GM ends the scene (`game.omnibus.endScene()`, or by activating another scene): every timer
 * that lasts to the end of the scene runs out now. Active GM only; returns the number ended.
 */
export async function endScene(): Promise<number> {
  if (!isActiveGM()) return 0;
  const g = gameLike();
  return expireTimers(worldActors(g), { ...timerNow(g.combat), sceneOver: true });
}

/** Memory of rounds claimed on this client (the combat's flag keeps it across reloads and GMs). */
const claimed = new WeakMap<object, Map<string, number>>();

/**
 * Claims round `round` of `combat` for once-per-round work named `key`: true the first time the
 * round is reached, false when it was done already (a round revisited, or the same change seen
 * twice). The last round done is written to the combat (`flags.omnibus.roundsDone.<key>`).
 */
export async function claimRound(combat: object, key: string, round: number): Promise<boolean> {
  const c = combat as TimerCombat;
  const memory = claimed.get(combat) ?? new Map<string, number>();
  claimed.set(combat, memory);
  const stored = (c.flags?.omnibus?.roundsDone as Record<string, number> | undefined)?.[key];
  const last = Math.max(memory.get(key) ?? 0, typeof stored === "number" ? stored : 0);
  if (!roundIsNew(last, round)) return false;
  memory.set(key, round);
  if (typeof c.update === "function") await c.update({ [`flags.omnibus.roundsDone.${key}`]: round });
  return true;
}

type SheetOwner = TimerActor & { sheet?: { rendered?: boolean; render(options?: unknown): unknown } | null };

/**
 * Every client: the open sheets of these actors that show a running timer are drawn again, so the
 * Effects section's "Rounds left" follows the round and the clock (the sheet draws it from now).
 * Returns how many were drawn.
 */
export function refreshTimerSheets(actors: Iterable<TimerActor>): number {
  let drawn = 0;
  const seen = new Set<TimerActor>();
  for (const actor of actors) {
    if (!actor || seen.has(actor)) continue;
    seen.add(actor);
    const sheet = (actor as SheetOwner).sheet;
    if (!sheet?.rendered || !effectsOf(actor).some((e) => timerOf(e))) continue;
    sheet.render();
    drawn++;
  }
  return drawn;
}

/** The hooks (registered once, at ready): the combat's round/turn changes and world time. */
export function registerTimerHooks(hooks: { on(name: string, fn: (...args: never[]) => unknown): unknown }): void {
  hooks.on("updateCombat", ((combat: TimerCombat, changed: Record<string, unknown>) => {
    if (!changed || !("round" in changed || "turn" in changed)) return;
    refreshTimerSheets(combatActors(combat));
    if (!isActiveGM()) return;
    return expireTimers(combatActors(combat), timerNow(combat));
  }) as never);
  hooks.on("updateWorldTime", ((time: number) => {
    const g = gameLike();
    const actors = worldActors(g);
    refreshTimerSheets(actors);
    if (!isActiveGM()) return;
    return expireTimers(actors, timerNow(g.combat, time));
  }) as never);
  // The GM activating another scene ends the scene: effects "to the end of the scene" end.
  hooks.on("updateScene", ((_scene: unknown, changed: Record<string, unknown>) => {
    if (!changed || changed.active !== true || !isActiveGM()) return;
    return endScene();
  }) as never);
  // A combat's end ends its round timers.
  hooks.on("deleteCombat", ((combat: TimerCombat) => {
    if (!isActiveGM()) return;
    return expireTimers(combatActors(combat), timerNow(null));
  }) as never);
  // v14 core expires effects itself: when it deletes a run-out timer first, its consequence runs here.
  hooks.on("deleteActiveEffect", ((effect: TimerEffectLike & { parent?: TimerActor | null }) => {
    if (!coreExpiresEffects() || !isActiveGM()) return;
    const flag = timerOf(effect);
    const actor = effect.parent;
    if (!flag || !actor || !rulesByRuleset.has(flag.ruleset)) return;
    const g = gameLike();
    const now = timerNow(g.combat);
    if (!isExpired(flag, now)) return;
    return applyOutcome(actor, effect, flag, now).then(async (row) => {
      if (row?.again) await startOver(actor, effect, flag, now, row.again);
      await postNotes(row?.note ? [{ name: row.name, img: row.img, note: row.note }] : []);
    });
  }) as never);
}
