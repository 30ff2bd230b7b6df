/**
 * Readied actions and delay at the table (004:L13-16, digest §4.3-4.4), as plain data: who may
 * ready or delay now, what a stated trigger may be, and the turn order at the moment a readied
 * action goes off or a delayed character steps in (`triggerSequence`: the readied before the
 * character whose action is the trigger, the delayed after it).
 *
 * How long each lasts (004:L14, L16; src/rules/silhouette/timers.ts): a readied action may be held
 * as long as the character likes, across rounds, until it goes off or is dropped (then the
 * character starts the next round like everyone, with an initiative roll). A delay is only said to
 * last "until the trigger"; every round begins with a new initiative roll (004:L2) and only the
 * readied action is said to carry over, so a delay not used by the end of its round lapses.
 */
import { refused } from "../../../core/errors";
import { triggerSequence } from "../initiative";

export type HoldKind = "readied" | "delayed";
export const HOLD_KINDS: readonly HoldKind[] = ["readied", "delayed"];

/** The longest trigger a player may state (a short sentence: "the first one through the door"). */
export const TRIGGER_TEXT_MAX = 120;

/** A stated trigger: one line of 1…120 characters, trimmed; anything else is refused. */
export function readTriggerText(raw: unknown): string {
  const text = typeof raw === "string" ? raw.replace(/\s+/g, " ").trim() : "";
  if (text === "" || [...text].length > TRIGGER_TEXT_MAX)
    throw refused("HoldTriggerText", "a readied action needs a trigger of 1 to 120 characters", { max: TRIGGER_TEXT_MAX });
  return text;
}

/** The round as the tracker shows it: the acting order (combatant ids), whose turn it is, who holds what. */
export interface RoundView {
  round: number;
  /** Index in `order` of the combatant whose turn it is (null: the combat has not started). */
  turn: number | null;
  order: readonly string[];
  holds: Readonly<Record<string, HoldKind>>;
}

/**
 * Ready an action or delay: only on the character's own turn (004:L13-16 are things a character
 * does instead of acting), and not while it already holds one. Returns the hold it takes.
 */
export function planHold(kind: HoldKind, view: RoundView, combatantId: string): HoldKind {
  if (!HOLD_KINDS.includes(kind)) throw refused("HoldUnknown", "ready or delay, nothing else");
  const current = currentOf(view);
  if (current !== combatantId) throw refused("HoldNotYourTurn", "only on the character's own turn");
  if (view.holds[combatantId]) throw refused("HoldAlready", "the character already holds its action");
  return kind;
}

/** The moment a trigger opened: whose action triggered, who went off before it and who steps in after it. */
export interface TriggerMoment {
  round: number;
  trigger: string;
  readied: string[];
  delayed: string[];
}

export interface TriggerPlan {
  /** The acting order from now on (every combatant, the ones who have acted first). */
  order: string[];
  /** The turn: the readied action goes off now; a delayed character waits for the trigger to act. */
  turn: number;
  moment: TriggerMoment;
  when: HoldKind;
}

function currentOf(view: RoundView): string {
  const id = view.turn === null ? undefined : view.order[view.turn];
  if (id === undefined) throw refused("HoldNoTurn", "the combat has not started");
  return id;
}

/**
 * `id`'s readied action goes off, or `id` steps in from a delay, at the current combatant's action.
 * The trigger is the combatant whose turn it is — or, while readied actions of the same moment are
 * still going off before it, that moment's trigger, so two readied actions on one trigger both act
 * before it, in the order they were triggered. Everyone else keeps their place.
 */
export function planTrigger(view: RoundView, id: string, moment: TriggerMoment | null = null): TriggerPlan {
  const current = currentOf(view);
  const when = view.holds[id];
  if (!when || !view.order.includes(id)) throw refused("HoldNone", "the character holds no action");
  const same = moment !== null && moment.round === view.round && (moment.trigger === current || moment.readied.includes(current));
  const next: TriggerMoment = same
    ? { round: view.round, trigger: moment.trigger, readied: [...moment.readied], delayed: [...moment.delayed] }
    : { round: view.round, trigger: current, readied: [], delayed: [] };
  if (id === next.trigger) throw refused("HoldIsTrigger", "a character cannot go off at its own action");
  (when === "readied" ? next.readied : next.delayed).push(id);
  const sequence = triggerSequence(next.trigger, next.readied, next.delayed).map((s) => s.id);
  const moved = new Set(sequence);
  const at = view.order.indexOf(next.trigger);
  const before = view.order.slice(0, at).filter((c) => !moved.has(c));
  const after = view.order.slice(at + 1).filter((c) => !moved.has(c));
  const order = [...before, ...sequence, ...after];
  // A readied action fired at the trigger's own turn interrupts it; otherwise whoever acts now
  // finishes, and the newcomer takes its place in the sequence.
  const turn = when === "readied" && current === next.trigger ? order.indexOf(id) : order.indexOf(current);
  return { order, turn, moment: next, when };
}

/** What a tracker row offers: ready or delay on one's own turn, act now or drop while holding. */
export type HoldAction = "ready" | "delay" | "trigger" | "drop";
export const HOLD_ACTIONS: readonly HoldAction[] = ["ready", "delay", "trigger", "drop"];

/**
 * The controls a user sees on a combatant's row (none unless the user owns it or is a GM): ready
 * and delay on its own turn while it holds nothing; while it holds, act now (the trigger happened,
 * on someone else's turn) and, for a readied action, drop it (004:L14).
 */
export function holdActions(view: RoundView, combatantId: string, owns: boolean): HoldAction[] {
  if (!owns || view.turn === null || view.order[view.turn] === undefined) return [];
  const hold = view.holds[combatantId];
  const current = view.order[view.turn] === combatantId;
  if (!hold) return current ? ["ready", "delay"] : [];
  if (current) return hold === "readied" ? ["drop"] : [];
  return hold === "readied" ? ["trigger", "drop"] : ["trigger"];
}

const HOLD_ICONS: Record<HoldAction, string> = {
  ready: "fa-solid fa-crosshairs",
  delay: "fa-solid fa-hourglass-half",
  trigger: "fa-solid fa-bolt",
  drop: "fa-solid fa-xmark",
};

/** The tracker row's part (templates/silhouette/combat/hold.hbs): the hold's mark and the row's controls. */
export interface HoldRowContext {
  /** `label`: the mark's tooltip, already localized (with the trigger as stated). */
  mark: { hold: HoldKind; icon: string; label: string } | null;
  /** `label`: an i18n key. */
  buttons: Array<{ action: HoldAction; icon: string; label: string }>;
}

export function holdRowContext(hold: HoldKind | null, markLabel: string, actions: readonly HoldAction[]): HoldRowContext {
  return {
    mark: hold ? { hold, icon: hold === "readied" ? HOLD_ICONS.ready : HOLD_ICONS.delay, label: markLabel } : null,
    buttons: actions.map((action) => ({ action, icon: HOLD_ICONS[action], label: `OMNIBUS.Silhouette.Hold.${action}` })),
  };
}
