/**
 * The one place that asks which Foundry generation runs (`game.release.generation`): every call
 * whose name or shape differs between v13 and v14 goes through here, so no other file branches on
 * the version.
 *
 * Reviewed against: v13 — the public API pages (13.350) and v13-era systems; v14 — the public v14
 * API pages (foundryvtt.com/api/v14, build 14.368 "Version 14 Stable 10" when read) and systems
 * verified on v14: dnd5e 5.3.3 (`verified 14`, commit 965ad2d), WFRP4e 9.6.4 (`maximum 14`),
 * LHTTRPG 2.1.0 (`verified 14.369`, October 2026). Each v14 name below says where it comes from.
 * Some names introduced early in v14 are deprecated again later in v14 (dnd5e 5.3.3 silences
 * warnings for `CONFIG.ChatMessage.modes`, `foundry.data.operators.ForcedDeletion` and the numeric
 * change mode, dnd5e.mjs:66-69); we use none of those three where a later name exists, and read
 * `CONFIG.ChatMessage.modes` only as the public v14.368 pages document it.
 *
 * Types stay on the v13 fvtt-types package: the v14-only members are declared locally below
 * (`V14Globals`) and only read behind `isV14()`.
 */

/** The Foundry generation (13, 14, …); 13 when it cannot be read (tests without `game.release`). */
export function generation(): number {
  const g = (globalThis as { game?: { release?: { generation?: unknown } } }).game?.release?.generation;
  return typeof g === "number" && Number.isFinite(g) ? g : 13;
}

export function isV14(): boolean {
  return generation() >= 14;
}

/** The few v14-only members we touch, typed here (fvtt-types 13.345 does not know them). */
interface V14Globals {
  ChatMessage: {
    /** v14.368 `ChatMessage.applyMode(data, mode)`: the v13 `applyRollMode` renamed (fantastic-depths #194 quotes the v14 warning). */
    applyMode(data: Record<string, unknown>, mode: string): Record<string, unknown> | void;
  };
  CONFIG: {
    /** v14.368 `CONFIG.ChatMessage.modes`: mode → {label, icon, handler} (api/v14/variables/CONFIG.ChatMessage). */
    ChatMessage: { modes?: Record<string, { label: string; icon?: string }> };
    /** v14: an object keyed by status id (dnd5e 5.3.3 active-effect.mjs:992 reads `CONFIG.statusEffects[id]` on v14). */
    statusEffects: Record<string, StatusEffectEntry> | StatusEffectEntry[];
  };
  /** v14 deletion operator (dnd5e 5.3.3 item.mjs:960 `{[path]: _del}` on generation ≥ 14). */
  _del?: unknown;
}

function v14(): V14Globals {
  return globalThis as unknown as V14Globals;
}

// ---------------------------------------------------------------------------------------------
// Message (roll) modes. v13: `core.rollMode`, `CONFIG.Dice.rollModes`, `ChatMessage.applyRollMode`,
// `create(data, {rollMode})`, keys publicroll/gmroll/blindroll/selfroll. v14.368: `core.messageMode`,
// `CONFIG.ChatMessage.modes`, `ChatMessage.applyMode`, `create(data, {messageMode})` (v14
// `Combat#rollInitiative` warns "rollMode … deprecated in favor of the messageMode option, a string
// key of CONFIG.ChatMessage.modes", since 14 until 16), keys public/gm/blind/self (+ "ic", the
// in-character chat mode, which a roll card treats as public, as dnd5e 5.3.3 basic-roll.mjs:441 does).

const V13_TO_V14: Record<string, string> = { publicroll: "public", gmroll: "gm", blindroll: "blind", selfroll: "self" };
const V14_TO_V13: Record<string, string> = { public: "publicroll", gm: "gmroll", blind: "blindroll", self: "selfroll", ic: "publicroll" };

/** A mode of either generation's spelling, as the running generation spells it. */
export function toGenerationMode(mode: string): string {
  if (isV14()) return mode === "ic" ? "public" : (V13_TO_V14[mode] ?? mode);
  return V14_TO_V13[mode] ?? mode;
}

/** The public mode (a card everyone sees, e.g. WFRP's round-end card). */
export function publicMode(): string {
  return isV14() ? "public" : "publicroll";
}

/** Is `mode` (either spelling) the blind mode (the roller does not see the result)? */
export function isBlindMode(mode: string): boolean {
  return mode === "blindroll" || mode === "blind";
}

/** The user's current mode (the chat's mode selector), in the running generation's spelling. */
export function currentMessageMode(): string {
  const settings = game.settings as unknown as { get(namespace: string, key: string): unknown };
  const raw = settings.get("core", isV14() ? "messageMode" : "rollMode");
  return toGenerationMode(typeof raw === "string" && raw ? raw : publicMode());
}

/** The modes a roll dialog offers: key → {label, icon}. v14's chat-only "ic" is left out. */
export function messageModes(): Record<string, { label: string; icon?: string }> {
  if (isV14()) {
    const modes = { ...(v14().CONFIG.ChatMessage.modes ?? {}) };
    delete modes.ic;
    return modes;
  }
  return CONFIG.Dice.rollModes as unknown as Record<string, { label: string; icon?: string }>;
}

/** Applies `mode` to ChatMessage data in place (whisper/blind), as the generation's static does. Returns `data`. */
export function applyMessageMode(data: Record<string, unknown>, mode: string): Record<string, unknown> {
  const m = toGenerationMode(mode);
  if (isV14()) v14().ChatMessage.applyMode(data, m);
  else (ChatMessage as unknown as { applyRollMode(d: Record<string, unknown>, mode: string): unknown }).applyRollMode(data, m);
  return data;
}

/** The `ChatMessage.create` options that carry a mode. */
export function messageCreateOptions(mode: string): Record<string, string> {
  const m = toGenerationMode(mode);
  return isV14() ? { messageMode: m } : { rollMode: m };
}

/**
 * `Roll#evaluate` options for a roll made in `mode`: a blind roll must not ask the roller to type
 * their dice when manual entry is configured (`allowInteractive`, the same option on v13 and v14;
 * dnd5e 5.3.3 basic-roll.mjs:243).
 */
export function evaluateOptions(mode: string): { allowInteractive: boolean } {
  return { allowInteractive: !isBlindMode(mode) };
}

/** The mode a posted message was shown in, from its data: blind, a whisper (read as GM-only) or public. */
export function modeOfMessage(message: { whisper?: unknown; blind?: unknown } | null | undefined): string {
  if (message?.blind === true) return toGenerationMode("blindroll");
  const whisper = message?.whisper as { length?: number; size?: number } | undefined;
  return (whisper?.length ?? whisper?.size ?? 0) > 0 ? toGenerationMode("gmroll") : publicMode();
}

/**
 * The mode of a roll made in answer to a card (a defence, an opposed side, a resistance, a
 * re-roll): `chosen` (the responder's dialog choice, else the chat's current mode), as a message
 * the active GM receives — a self or blind answer becomes a GM whisper (a self whisper would not
 * reach the GM's card layer; a blind one would hide the responder's own roll from them while the
 * card shows its outcome anyway), and an answer to a whispered card stays whispered. `evaluate`
 * keeps a blind choice (or a blind card) from asking for typed dice.
 */
export function responseMode(
  card: { whisper?: unknown; blind?: unknown } | null | undefined,
  chosen: string = currentMessageMode(),
): { mode: string; evaluate: { allowInteractive: boolean } } {
  const picked = toGenerationMode(chosen);
  const cardMode = modeOfMessage(card);
  const gm = toGenerationMode("gmroll");
  const mode = picked === publicMode() && cardMode === publicMode() ? picked : gm;
  return { mode, evaluate: { allowInteractive: !isBlindMode(picked) && !isBlindMode(cardMode) } };
}

// ---------------------------------------------------------------------------------------------
// Status effects. v13: `CONFIG.statusEffects` is an array of {id, name, img, …}. v14: an object
// keyed by id (the array survives as a deprecated shim). Both are read and written as a list here.

export interface StatusEffectEntry {
  id: string;
  [k: string]: unknown;
}

/** The registered status effects as a list (either generation's shape accepted). */
export function readStatusEffects(): StatusEffectEntry[] {
  const raw = (CONFIG as unknown as V14Globals["CONFIG"]).statusEffects as unknown;
  if (Array.isArray(raw)) return raw.map((e: StatusEffectEntry) => ({ ...e }));
  if (raw && typeof raw === "object") return Object.entries(raw as Record<string, StatusEffectEntry>).map(([id, e]) => ({ ...e, id }));
  return [];
}

/** Replaces the registered status effects with `list`, in the running generation's shape. */
export function writeStatusEffects(list: readonly StatusEffectEntry[]): void {
  const cfg = CONFIG as unknown as V14Globals["CONFIG"];
  if (isV14()) cfg.statusEffects = Object.fromEntries(list.map((e) => [e.id, { ...e }]));
  else cfg.statusEffects = list.map((e) => ({ ...e }));
}

// ---------------------------------------------------------------------------------------------
// Deleting a key in an update. v13: `{"a.b.-=key": null}`. v14 deprecates `-=` keys in favour of
// the deletion operator `_del` (`{"a.b.key": _del}`; dnd5e 5.3.3 item.mjs:959-960 branches the same
// way). For a whole flag, `document.unsetFlag(scope, key)` works on both.

/** Adds "delete `path`" to an update object (in place) and returns it. */
export function addDeletion(update: Record<string, unknown>, path: string): Record<string, unknown> {
  if (isV14()) {
    update[path] = v14()._del;
    return update;
  }
  const dot = path.lastIndexOf(".");
  update[dot < 0 ? `-=${path}` : `${path.slice(0, dot)}.-=${path.slice(dot + 1)}`] = null;
  return update;
}

// ---------------------------------------------------------------------------------------------
// Scene levels. v14 tokens sit on a Level of the scene (`TokenDocument#level`, a Level id; the
// viewed one is `canvas.level`; api/v14 TokenCoordinates = x, y, elevation, level). v13 scenes have
// one level: every token is on it.

interface LevelledToken {
  document?: { level?: string | null } | null;
}

/** The Level id a token is on; null on v13 (or when the token carries none). */
export function tokenLevel(token: LevelledToken | null | undefined): string | null {
  if (!isV14()) return null;
  const level = token?.document?.level;
  return typeof level === "string" && level ? level : null;
}

/** The Level being viewed on the canvas; null on v13. */
export function viewedLevel(): string | null {
  if (!isV14()) return null;
  const level = (globalThis as { canvas?: { level?: { id?: string | null } | null } }).canvas?.level?.id;
  return typeof level === "string" && level ? level : null;
}

/** Is `token` on `level`? A null level (v13, or unknown) means the whole scene. */
export function onLevel(token: LevelledToken | null | undefined, level: string | null): boolean {
  if (level === null) return true;
  const own = tokenLevel(token);
  return own === null || own === level;
}

// ---------------------------------------------------------------------------------------------
// Pop-out windows (v14: an ApplicationV2 can be rendered in its own browser window). An element of
// a popped-out app belongs to another window: `instanceof HTMLInputElement` (the main window's
// class) is false for it, key listeners must go on its own window, new elements come from its own
// document. These helpers are generation-independent and correct on v13 too.

/** Is `el` a checkbox input (without `instanceof`, which fails across windows)? */
export function isCheckbox(el: Element | null | undefined): el is HTMLInputElement {
  return !!el && el.tagName === "INPUT" && (el as HTMLInputElement).type === "checkbox";
}

/** The window an element lives in (a popped-out app's own window), else the main one. */
export function windowOf(el: Node | null | undefined): Window & typeof globalThis {
  return (el?.ownerDocument?.defaultView ?? globalThis) as Window & typeof globalThis;
}

/** Creates an element in the same document as `near`. */
export function createElementNear<K extends keyof HTMLElementTagNameMap>(near: Node, tag: K): HTMLElementTagNameMap[K] {
  const doc = near.ownerDocument ?? (near as Document);
  return doc.createElement(tag);
}

// ---------------------------------------------------------------------------------------------
// Active Effects (read/write helpers for the Active Effects feature; nothing applies effects yet).
// v13 change: {key, mode: number, value, priority} with CONST.ACTIVE_EFFECT_MODES CUSTOM 0,
// MULTIPLY 1, ADD 2, DOWNGRADE 3, UPGRADE 4, OVERRIDE 5 (default priority mode × 10).
// v14.368 change: {key, type: string, value, phase, priority} (api ActiveEffectChangeData: "each
// phase is its own priority group"), types and default priorities from CONST.ACTIVE_EFFECT_CHANGE_TYPES:
// custom 0, multiply 10, add 20, subtract 20, downgrade 30, upgrade 40, override 50; the preset
// phases include "initial" (dnd5e 5.3.3 actor.mjs:351 defaults v13 to it).
// v13 duration: {seconds, rounds, turns, startTime, startRound, startTurn, combat}; v14.368:
// {value, units (years…seconds, rounds, turns), expiry (an event id or null), expired}, and v14
// core expires effects itself (ActiveEffectRegistry, CONFIG.ActiveEffect.expiryAction); v13 does not.

export type ChangeType = "custom" | "multiply" | "add" | "subtract" | "downgrade" | "upgrade" | "override";

export interface EffectChange {
  key: string;
  type: ChangeType;
  value: string;
  /** v14's application phase; v13 has one (read as "initial"). */
  phase: string;
  priority: number | null;
}

const V13_MODES: Record<Exclude<ChangeType, "subtract">, number> = {
  custom: 0,
  multiply: 1,
  add: 2,
  downgrade: 3,
  upgrade: 4,
  override: 5,
};
const V13_TYPES: ChangeType[] = ["custom", "multiply", "add", "downgrade", "upgrade", "override"];
const V14_TYPES = new Set<ChangeType>(["custom", "multiply", "add", "subtract", "downgrade", "upgrade", "override"]);
export const DEFAULT_PHASE = "initial";

/** A stored change of either generation's shape as plain data. Unknown modes/types read as "custom". */
export function readChange(raw: Record<string, unknown>): EffectChange {
  const key = String(raw.key ?? "");
  const value = raw.value === undefined || raw.value === null ? "" : String(raw.value);
  const priority = typeof raw.priority === "number" && Number.isFinite(raw.priority) ? raw.priority : null;
  if (typeof raw.type === "string") {
    const type = V14_TYPES.has(raw.type as ChangeType) ? (raw.type as ChangeType) : "custom";
    return { key, type, value, phase: typeof raw.phase === "string" && raw.phase ? raw.phase : DEFAULT_PHASE, priority };
  }
  const mode = typeof raw.mode === "number" ? raw.mode : 0;
  return { key, type: V13_TYPES[mode] ?? "custom", value, phase: DEFAULT_PHASE, priority };
}

/**
 * A change as the running generation stores it. v13 has no "subtract" (written as add of the
 * negated number) and no phases: a change of another phase than the default is refused, since v13
 * would apply it in the wrong order.
 */
export function writeChange(change: EffectChange): Record<string, unknown> {
  if (isV14()) return { key: change.key, type: change.type, value: change.value, phase: change.phase, priority: change.priority };
  if (change.phase !== DEFAULT_PHASE) throw new Error(`Active Effect phase "${change.phase}" needs Foundry v14`);
  if (change.type === "subtract") {
    const n = Number(change.value);
    if (!Number.isFinite(n)) throw new Error(`"subtract" of a non-number (${change.value}) cannot be written for Foundry v13`);
    return { key: change.key, mode: V13_MODES.add, value: String(-n), priority: change.priority };
  }
  return { key: change.key, mode: V13_MODES[change.type], value: change.value, priority: change.priority };
}

export type DurationUnits = "years" | "months" | "days" | "hours" | "minutes" | "seconds" | "rounds" | "turns";

export interface EffectDuration {
  /** null = no length (indefinite unless `expiry` ends it). */
  value: number | null;
  units: DurationUnits;
  /** An expiry event id (v14: combatStart, roundStart, turnStart, combatEnd, roundEnd, turnEnd) or null. */
  expiry: string | null;
}

const SECONDS_PER: Partial<Record<DurationUnits, number>> = { seconds: 1, minutes: 60, hours: 3600, days: 86400 };
const DURATION_UNITS = new Set<DurationUnits>(["years", "months", "days", "hours", "minutes", "seconds", "rounds", "turns"]);

/** A stored duration of either generation's shape as plain {value, units, expiry}. */
export function readDuration(raw: Record<string, unknown> | null | undefined): EffectDuration {
  const d = raw ?? {};
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : null);
  if ("units" in d || "value" in d) {
    const units = DURATION_UNITS.has(d.units as DurationUnits) ? (d.units as DurationUnits) : "seconds";
    return { value: num(d.value), units, expiry: typeof d.expiry === "string" && d.expiry ? d.expiry : null };
  }
  if (num(d.rounds) !== null) return { value: num(d.rounds), units: "rounds", expiry: null };
  if (num(d.turns) !== null) return { value: num(d.turns), units: "turns", expiry: null };
  return { value: num(d.seconds), units: "seconds", expiry: null };
}

/**
 * A duration as the running generation stores it. v13 knows seconds, rounds and turns only
 * (minutes/hours/days are converted to seconds; years/months and expiry events are refused).
 */
export function writeDuration(duration: EffectDuration): Record<string, unknown> {
  if (isV14()) return { value: duration.value, units: duration.units, expiry: duration.expiry };
  if (duration.expiry !== null) throw new Error(`Active Effect expiry "${duration.expiry}" needs Foundry v14`);
  if (duration.units === "rounds") return { rounds: duration.value };
  if (duration.units === "turns") return { turns: duration.value };
  const factor = SECONDS_PER[duration.units];
  if (factor === undefined) throw new Error(`Active Effect duration in ${duration.units} needs Foundry v14`);
  return { seconds: duration.value === null ? null : duration.value * factor };
}

/** Does core expire effects by itself (v14), or must the system do it (v13)? */
export function coreExpiresEffects(): boolean {
  return isV14();
}
