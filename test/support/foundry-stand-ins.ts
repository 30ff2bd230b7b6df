/**
 * Small stand-ins for the Foundry globals the glue calls. They RECORD what the glue passes
 * (registrations, created messages, socket emits, notifications, updates); they do not re-implement
 * Foundry. Install them before importing any src/foundry module (classes extend Foundry globals at
 * module load), and import the glue with `vi.resetModules()` + dynamic import for fresh state.
 *
 * Two generations: `installFoundryStandIns({generation: 14})` (default: the env var
 * OMNIBUS_FOUNDRY_GENERATION, else 13; the vitest project "v14" sets it, so every glue test runs
 * under both). What differs is the few names src/foundry/compat.ts handles: on v14 the deprecated
 * v13 names still work but record a deprecation (`recorded.deprecations`, what
 * `foundry.utils.logCompatibilityWarning` would log); v14-only names do not exist on v13.
 */
import Handlebars from "handlebars";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export interface Recorded {
  hooks: Map<string, Array<(...args: unknown[]) => unknown>>;
  settingsRegistered: Map<string, Record<string, unknown>>;
  settingsValues: Map<string, unknown>;
  /** `game.settings.registerMenu(namespace, key, data)` calls, by "namespace.key". */
  menusRegistered: Map<string, Record<string, unknown>>;
  /** Every `game.settings.set` that stored a value, as "namespace.key", in order. */
  settingsWritten: string[];
  sheets: Array<{ documentClass: unknown; scope: string; sheet: unknown; options: Record<string, unknown> }>;
  /** `DocumentSheetConfig.unregisterSheet(documentClass, scope, sheet)` calls. */
  sheetsUnregistered: Array<{ documentClass: unknown; scope: string; sheet: unknown }>;
  templatesLoaded: string[];
  rendered: Array<{ path: string; context: Record<string, unknown> }>;
  messagesCreated: Array<{ data: Record<string, unknown>; options: unknown }>;
  rollModesApplied: string[];
  socketEmits: Array<{ channel: string; data: unknown; from: string }>;
  socketListeners: Map<string, (data: unknown, senderId: string) => unknown>;
  notifications: Array<{ level: string; message: string }>;
  dialogs: Array<Record<string, unknown>>;
  reloads: number;
  createDialogCalls: Array<{ kind: string; options: Record<string, unknown> }>;
  macrosCreated: Array<Record<string, unknown>>;
  hotbar: Array<{ macro: unknown; slot: number }>;
  /** Progress notifications (`ui.notifications.info(message, {progress: true})`) and their updates. */
  progress: Array<{ message: string; options: Record<string, unknown>; updates: Array<{ pct?: number; message?: string }> }>;
  /** Deprecation warnings (v14 stand-ins: a deprecated v13 name was used). */
  deprecations: string[];
  /** The options of every `Roll#evaluate` call, in order. */
  evaluations: Array<Record<string, unknown> | undefined>;
  /** Calls that reached the stand-in of Foundry's own `Actor#modifyTokenAttribute` (the glue left the attribute to core). */
  tokenAttributeDefaults: Array<{ attribute: string; value: number; isDelta: boolean; isBar: boolean }>;
  /** `game.keybindings.register(namespace, action, config)` calls, by "namespace.action". */
  keybindings: Map<string, Record<string, unknown>>;
}

export type Generation = 13 | 14;

/** The generation the stand-ins install by default: OMNIBUS_FOUNDRY_GENERATION (the "v14" vitest project sets 14), else 13. */
export function defaultGeneration(): Generation {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.OMNIBUS_FOUNDRY_GENERATION === "14"
    ? 14
    : 13;
}

/** The installed stand-ins' generation and deprecation log (documents outside an install read them). */
let active: { generation: Generation; deprecations: string[]; deletion: unknown } = {
  generation: 13,
  deprecations: [],
  deletion: undefined,
};

/** The deprecations recorded since the last install (the v14 project's setup file fails a test that left any). */
export function pendingDeprecations(): string[] {
  return active.deprecations;
}

/** The v13 ↔ v14 mode spellings (v14 Roll._mapLegacyRollMode maps the legacy ones the same way). */
export const LEGACY_MODE: Record<string, string> = { publicroll: "public", gmroll: "gm", blindroll: "blind", selfroll: "self" };

/** A mode in the installed generation's spelling (tests write the v13 one). */
export function modeName(v13Mode: string): string {
  return active.generation >= 14 ? (LEGACY_MODE[v13Mode] ?? v13Mode) : v13Mode;
}

/** The `ChatMessage.create` options the glue passes for a mode, in the installed generation. */
export function createOptionsFor(v13Mode: string): Record<string, string> {
  return active.generation >= 14 ? { messageMode: modeName(v13Mode) } : { rollMode: v13Mode };
}

/** What an update that deletes `path` looks like in the installed generation (v13 "-=" key, v14 `_del`). */
export function deletionUpdate(path: string): Record<string, unknown> {
  if (active.generation >= 14) return { [path]: active.deletion };
  const dot = path.lastIndexOf(".");
  return { [`${path.slice(0, dot)}.-=${path.slice(dot + 1)}`]: null };
}

/** The registered status-effect ids in either generation's shape (array on v13, object keyed by id on v14). */
export function statusEffectIds(): string[] {
  const raw = (globalThis as { CONFIG?: { statusEffects?: unknown } }).CONFIG?.statusEffects;
  if (Array.isArray(raw)) return raw.map((e: { id: string }) => e.id);
  return Object.keys((raw ?? {}) as Record<string, unknown>);
}

export interface StandInUser {
  id: string;
  name: string;
  isGM: boolean;
  targets: Set<unknown>;
  assignHotbarMacro(macro: unknown, slot: number): Promise<void>;
}

/** A document stand-in: records its updates; `isOwner` as the test says. */
export class StandInDocument {
  updates: Array<Record<string, unknown>> = [];
  /** The options of each update, in the same order as `updates`. */
  updateOptions: Array<Record<string, unknown> | undefined> = [];
  /** Who made each update (the current user's id), in the same order as `updates`. */
  updaters: string[] = [];
  statusToggles: Array<{ id: string; active: boolean }> = [];
  flags: Record<string, Record<string, unknown>> = {};
  constructor(
    public id: string,
    public uuid: string,
    public isOwner: boolean,
    public extra: Record<string, unknown> = {},
  ) {
    Object.assign(this, extra);
  }
  /** When true, updates also change the document's data (as Foundry's would), not only get recorded. */
  live = false;
  async update(data: Record<string, unknown>, options?: Record<string, unknown>): Promise<this> {
    assertMayModify(this, "update");
    this.updates.push(data);
    this.updateOptions.push(options);
    this.updaters.push(String((globalThis as { game?: { user?: { id?: string } } }).game?.user?.id ?? ""));
    if (this.live) {
      for (const [path, value] of Object.entries(data)) {
        if (path.startsWith("flags.")) continue;
        const parts = path.split(".");
        let node = this as unknown as Record<string, unknown>;
        for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
        node[parts[parts.length - 1]] = structuredClone(value);
      }
    }
    for (const [path, value] of Object.entries(data)) {
      // v14 deprecates "-=" deletion keys in favour of the deletion operator (`_del`).
      const legacyDeletion = path.split(".").some((part) => part.startsWith("-="));
      if (legacyDeletion && active.generation >= 14) active.deprecations.push(`"-=" deletion key in an update: ${path}`);
      if (!path.startsWith("flags.")) continue;
      const [, scope, ...rest] = path.split(".");
      let node = (this.flags[scope] ??= {}) as Record<string, unknown>;
      for (const part of rest.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
      const last = rest[rest.length - 1];
      if (last.startsWith("-=")) delete node[last.slice(2)];
      else if (active.deletion !== undefined && value === active.deletion) delete node[last];
      else node[last] = value;
    }
    return this;
  }
  async unsetFlag(scope: string, key: string): Promise<this> {
    return this.update({
      [`flags.${scope}.${active.generation >= 14 ? key : `-=${key}`}`]: active.generation >= 14 ? active.deletion : null,
    });
  }

  /**
   * Foundry's `testUserPermission(user, "OWNER")`: a GM owns everything; otherwise the test's
   * `owners` list, or — by the tests' convention — `isOwner` meaning "the player owns it".
   */
  testUserPermission(user: { id?: string; isGM?: boolean }, _level = "OWNER"): boolean {
    if (user?.isGM) return true;
    const owners = (this as unknown as { owners?: string[] }).owners;
    return owners ? owners.includes(String(user?.id)) : this.isOwner && user?.id === "player";
  }
  async toggleStatusEffect(id: string, { active }: { active: boolean }): Promise<void> {
    this.statusToggles.push({ id, active });
    const statuses = (this as unknown as { statuses?: Set<string> }).statuses;
    if (this.live && statuses) {
      if (active) statuses.add(id);
      else statuses.delete(id);
    }
  }
}

/**
 * A chat message as Foundry keeps it. Rules modelled (each from Foundry's public API pages):
 *  - the server stores the creating user as `author`, and `_stats.createdTime/modifiedTime/
 *    lastModifiedBy` (foundryvtt.com/api: `DocumentStatsField`);
 *  - only the author or a GM may update or delete it (foundryvtt.com/api `ChatMessage`: the
 *    document's permission rules; the server refuses anyone else);
 *  - `createChatMessage` / `updateChatMessage` / `deleteChatMessage` fire on every client with the
 *    id of the user who made the change, as the server reports it (foundryvtt.com/api
 *    `hookEvents.createDocument/updateDocument/deleteDocument`: `(document, options|changes, userId)`).
 */
export class StandInMessage extends StandInDocument {
  author: { id: string };
  content = "";
  rolls: unknown[] = [];
  whisper: string[] = [];
  _source: { rolls: string[] };
  _stats: { createdTime: number; modifiedTime: number; lastModifiedBy: string };
  deleted = false;
  constructor(
    id: string,
    authorId: string,
    data: Record<string, unknown>,
    private readonly network: { broadcast(hook: string, ...args: unknown[]): Promise<void>; currentUser(): StandInUser },
  ) {
    super(id, `ChatMessage.${id}`, true, {});
    this.author = { id: authorId };
    this.content = String(data.content ?? "");
    this.rolls = (data.rolls as unknown[]) ?? [];
    this.whisper = (data.whisper as string[]) ?? [];
    this.flags = structuredClone((data.flags as Record<string, Record<string, unknown>>) ?? {});
    for (const [k, v] of Object.entries(data))
      if (!["content", "rolls", "flags", "whisper"].includes(k)) (this as Record<string, unknown>)[k] = v;
    this._source = {
      rolls: this.rolls.map((r) =>
        JSON.stringify(typeof (r as { toJSON?: () => unknown }).toJSON === "function" ? (r as { toJSON(): unknown }).toJSON() : r),
      ),
    };
    const now = Date.now();
    this._stats = { createdTime: now, modifiedTime: now, lastModifiedBy: authorId };
    // Owned by its author (and every GM), as in Foundry: derived, not set.
    Object.defineProperty(this, "isOwner", {
      configurable: true,
      get: () => network.currentUser().isGM || network.currentUser().id === this.author.id,
      set: () => undefined,
    });
  }
  override async update(data: Record<string, unknown>, options?: Record<string, unknown>): Promise<this> {
    const user = this.network.currentUser();
    if (!user.isGM && user.id !== this.author.id) throw new Error(`User ${user.id} lacks permission to update ChatMessage ${this.id}`);
    await super.update(data, options);
    if (typeof data.content === "string") this.content = data.content;
    if (Array.isArray(data.rolls)) this.rolls = data.rolls;
    this._stats = { ...this._stats, modifiedTime: this._stats.modifiedTime + 1, lastModifiedBy: user.id };
    await this.network.broadcast("updateChatMessage", this, data, options ?? {}, user.id);
    return this;
  }
  async delete(): Promise<this> {
    const user = this.network.currentUser();
    if (!user.isGM && user.id !== this.author.id) throw new Error(`User ${user.id} lacks permission to delete ChatMessage ${this.id}`);
    this.deleted = true;
    await this.network.broadcast("deleteChatMessage", this, {}, user.id);
    return this;
  }
}

/**
 * Foundry refuses a document update from a user who is neither its owner nor a GM (the public API:
 * `Document#canUserModify` / `testUserPermission`, and the "Users and Permissions" article: only an
 * Owner may change a document). The stand-ins enforce it, so glue that writes what the user does
 * not own fails its test as it would fail at the table.
 */
export function assertMayModify(doc: { isOwner?: boolean; uuid?: string }, action: string): void {
  const user = (globalThis as { game?: { user?: { isGM?: boolean; id?: string } } }).game?.user;
  if (user?.isGM || doc.isOwner) return;
  throw new Error(`User ${user?.id ?? "?"} lacks permission to ${action} ${doc.uuid ?? "a document"} (not its owner, not a GM)`);
}

export interface StandIns {
  generation: Generation;
  /** Sets the user's current chat mode (a v13 spelling; stored under the generation's setting). */
  setMessageMode(v13Mode: string): void;
  recorded: Recorded;
  documents: Map<string, unknown>;
  users: Map<string, StandInUser>;
  setUser(id: string): void;
  setActiveGM(id: string | null): void;
  fire(hook: string, ...args: unknown[]): Promise<unknown[]>;
  makeUser(id: string, isGM: boolean): StandInUser;
  /** Queues faces for the stand-in dice: each `roll()` of a die term takes the next one. */
  queueFaces(...faces: number[]): void;
  /** Faces queued and not yet rolled. */
  readonly facesLeft: number[];
  /** Runs `fn` as another user's client (game.user swapped while it runs). */
  asUser<T>(id: string, fn: () => Promise<T> | T): Promise<T>;
  /** Delivers socket data to `to`'s listener as coming from `senderId` (what the server does; a test may forge the data, never the sender). */
  deliver(data: unknown, senderId: string, to: string): Promise<void>;
  /** Waits until every socket message in flight has been delivered. */
  settle(): Promise<void>;
  /** Created messages, in order. */
  messages: StandInMessage[];
  /**
   * Puts a token on a scene (made on first use from the uuid's `Scene.<id>` part, grid size 100 px
   * per `distance` units, in `units`): a TokenDocument stand-in registered for `fromUuid`, at grid
   * space (`x`, `y`), with `actor` as its actor and `name` (default: the uuid's last part).
   */
  placeToken(
    uuid: string,
    actor: { uuid?: string; img?: string | null } | null,
    at: { x: number; y: number },
    options?: { name?: string; units?: string; distance?: number; img?: string },
  ): Record<string, unknown>;
}

export function installFoundryStandIns(
  opts: { settings?: Record<string, unknown>; coreStatusEffects?: string[]; generation?: Generation } = {},
): StandIns {
  const generation: Generation = opts.generation ?? defaultGeneration();
  const v14 = generation >= 14;
  const deprecations: string[] = [];
  // The v14 deletion operator is a global sentinel (dnd5e 5.3.3 item.mjs:960 writes `{[path]: _del}`).
  const deletion = v14 ? Object.freeze({ deletionOperator: true }) : undefined;
  active = { generation, deprecations, deletion };
  const deprecated = (what: string) => {
    if (v14) deprecations.push(what);
  };
  const recorded: Recorded = {
    hooks: new Map(),
    settingsRegistered: new Map(),
    settingsValues: new Map(
      Object.entries({ ...(v14 ? { "core.messageMode": "public" } : { "core.rollMode": "publicroll" }), ...(opts.settings ?? {}) }),
    ),
    menusRegistered: new Map(),
    settingsWritten: [],
    sheets: [],
    sheetsUnregistered: [],
    templatesLoaded: [],
    rendered: [],
    messagesCreated: [],
    rollModesApplied: [],
    socketEmits: [],
    socketListeners: new Map(),
    notifications: [],
    dialogs: [],
    reloads: 0,
    createDialogCalls: [],
    macrosCreated: [],
    hotbar: [],
    progress: [],
    deprecations,
    evaluations: [],
    tokenAttributeDefaults: [],
    keybindings: new Map(),
  };
  const documents = new Map<string, unknown>();
  const users = new Map<string, StandInUser>();
  let activeGM: string | null = null;
  const messages: StandInMessage[] = [];
  let deliveries: Promise<void> = Promise.resolve();
  // Another client's turn: game.user is swapped while it runs. Deliveries interleave (they are
  // async), so when the last one ends the test's own user ("home", set by setUser) comes back.
  let home: string | null = null;
  let depth = 0;
  const asUser = async <T>(id: string, fn: () => Promise<T> | T): Promise<T> => {
    const g2 = globalThis as unknown as { game: { user: StandInUser } };
    if (depth === 0) home = g2.game.user.id;
    const previous = g2.game.user;
    depth++;
    g2.game.user = users.get(id)!;
    try {
      return await fn();
    } finally {
      depth--;
      g2.game.user = depth === 0 && home ? users.get(home)! : previous;
    }
  };
  const fireHook = async (hook: string, ...args: unknown[]) => {
    for (const fn of recorded.hooks.get(hook) ?? []) await fn(...args);
  };
  const currentUser = () => (globalThis as unknown as { game: { user: StandInUser } }).game.user;
  /** A document hook fires on the acting client and on the active GM's client (the two the tests play). */
  const broadcast = async (hook: string, ...args: unknown[]) => {
    const me = currentUser();
    await fireHook(hook, ...args);
    if (activeGM && activeGM !== me.id) await asUser(activeGM, () => fireHook(hook, ...args));
  };
  const network = { broadcast, currentUser };
  const deliver = async (data: unknown, senderId: string, to: string) => {
    const listener = recorded.socketListeners.get("system.omnibus");
    if (!listener || !users.has(to)) return;
    await asUser(to, () => listener(data, senderId));
  };
  const g = globalThis as Record<string, unknown>;

  const on = (name: string, fn: (...a: unknown[]) => unknown) => {
    const list = recorded.hooks.get(name) ?? [];
    list.push(fn);
    recorded.hooks.set(name, list);
    return list.length;
  };
  const off = (name: string, fnOrId: number | ((...a: unknown[]) => unknown)) => {
    const list = recorded.hooks.get(name) ?? [];
    const index = typeof fnOrId === "number" ? fnOrId - 1 : list.indexOf(fnOrId);
    if (index >= 0 && index < list.length) list[index] = () => undefined;
  };
  /**
   * api Hooks.call: "Call hook listeners in the order in which they were registered. Continue
   * calling hooks until either all have been called or one returns false" (then it returns false);
   * Hooks.callAll calls every listener and returns true.
   */
  const call = (name: string, ...args: unknown[]) => {
    for (const fn of recorded.hooks.get(name) ?? []) if (fn(...args) === false) return false;
    return true;
  };
  const callAll = (name: string, ...args: unknown[]) => {
    for (const fn of recorded.hooks.get(name) ?? []) fn(...args);
    return true;
  };
  g.Hooks = { on, once: on, off, call, callAll };

  const faceQueue: number[] = [];
  /** `forced`: every evaluation rolls from the queue, even when it is empty (then a roll fails). */
  const diceControl: DiceControl = { faces: faceQueue, forced: false, perRoll: null, evaluated: [] };
  const nextFace = (faces: number): number => {
    const face = faceQueue.shift();
    if (face === undefined) throw new Error(`test: no face queued for a d${faces}`);
    if (!Number.isInteger(face) || face < 1 || face > faces) throw new Error(`test: face ${face} queued for a d${faces}`);
    return face;
  };
  const { DiceTerm, Die } = standInDiceTerms(nextFace);
  class Roll {
    static CHAT_TEMPLATE = "templates/dice/roll.html";
    /** The stand-in dice's face queue (tests feed it; each die term's `roll()` takes the next face). */
    static standInDice = diceControl;
    formula: string;
    data: Record<string, unknown>;
    options: Record<string, unknown>;
    /**
     * The formula's terms, parsed by the stand-in grammar (`parseFormula`: a formula Foundry would
     * misread throws here). Tests may also set evaluated terms here directly.
     */
    terms: Array<{ faces?: number; results?: Array<{ result: number }>; [k: string]: unknown }> = [];
    _evaluated = false;
    _total: number | undefined = undefined;
    constructor(formula: string, data: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
      this.formula = formula;
      this.data = data;
      this.options = options;
      this.terms = parseFormula(formula, (g.CONFIG as { Dice: { terms: Record<string, TermClass> } }).Dice.terms, Die) as never;
    }
    get dice() {
      return this.terms.filter((t) => typeof t.faces === "number");
    }
    get total(): number | undefined {
      return this._total;
    }
    /** Evaluates the parsed terms from the queued faces (`queueFaces`); with none queued, rolls nothing. */
    async evaluate(options?: Record<string, unknown>) {
      recorded.evaluations.push(options);
      const perRoll = diceControl.perRoll;
      if (perRoll) {
        const faces = perRoll.shift();
        if (!faces) throw new Error(`test: no faces queued for ${this.formula}`);
        diceControl.evaluated.push(this.formula);
        faceQueue.splice(0, Infinity, ...faces);
      }
      if (faceQueue.length > 0 || diceControl.forced || perRoll) this._total = await evaluateTerms(this.terms as never);
      if (perRoll && faceQueue.length > 0) throw new Error(`test: faces ${faceQueue.join(",")} left unused by ${this.formula}`);
      this._evaluated = true;
      return this;
    }
  }
  class Document {
    static async createDialog(_data: unknown, _createOptions: unknown, options: Record<string, unknown> = {}) {
      recorded.createDialogCalls.push({ kind: (this as unknown as { kindName?: string }).kindName ?? "?", options });
      return null;
    }
  }
  class Actor extends Document {
    static kindName = "Actor";
    /**
     * Core's `Actor#modifyTokenAttribute(attribute, value, isDelta = false, isBar = true)` (api
     * `foundry.documents.Actor`): the token HUD's bar edit. Only recorded here: what core then writes
     * is core's business, the glue's part is whether it hands the edit on.
     */
    async modifyTokenAttribute(attribute: string, value: number, isDelta = false, isBar = true) {
      recorded.tokenAttributeDefaults.push({ attribute, value, isDelta, isBar });
      return this;
    }
  }
  class Item extends Document {
    static kindName = "Item";
  }
  class Combat {}
  class Combatant {
    getInitiativeRoll(formula?: string) {
      return new Roll(formula ?? "1d20");
    }
  }
  class ApplicationV2 {
    options: { classes: string[] };
    constructor(options: { classes?: string[] } = {}) {
      this.options = { classes: [...(options.classes ?? [])] };
    }
  }
  class DocumentSheetV2 extends ApplicationV2 {}
  g.Roll = Roll;
  g.Actor = Actor;
  g.Item = Item;
  g.Macro = {
    async create(data: Record<string, unknown>) {
      recorded.macrosCreated.push(data);
      return { ...data, author: { id: (g.game as { user: StandInUser }).user.id } };
    },
  };
  const coreEffects = (opts.coreStatusEffects ?? ["dead", "prone", "blind"]).map((id) => ({
    id,
    name: `EFFECT.Status${id}`,
    img: `icons/${id}.svg`,
  }));
  const legacyRollModes = {
    publicroll: { label: "CHAT.RollPublic" },
    gmroll: { label: "CHAT.RollPrivate" },
    blindroll: { label: "CHAT.RollBlind" },
    selfroll: { label: "CHAT.RollSelf" },
  };
  g.CONFIG = {
    Actor: { documentClass: Actor, dataModels: {} },
    Item: { documentClass: Item, dataModels: {} },
    Combat: { documentClass: Combat, initiative: { formula: null, decimals: 2 } },
    Combatant: { documentClass: Combatant },
    // api CONFIG.time: `roundTime`, the seconds core adds to the world time as a combat round ends.
    time: { roundTime: 0, turnTime: 0 },
    Dice: {
      rolls: [Roll],
      terms: {},
      // Manual dice entry offers these denominations (api `DiceFulfillmentConfiguration.dice`).
      fulfillment: {
        defaultMethod: "",
        methods: {},
        dice: Object.fromEntries(
          [4, 6, 8, 10, 12, 20, 100].map((n) => [`d${n}`, { label: `d${n}`, icon: `<i class="fas fa-dice-d${n}"></i>` }]),
        ),
      },
      ...(v14 ? {} : { rollModes: legacyRollModes }),
    },
    statusEffects: v14 ? statusEffectObject(coreEffects, deprecated) : coreEffects,
    sounds: { dice: "sounds/dice.wav" },
    Token: { rulerClass: null },
    // api TextEditor "enrichers": CONFIG.TextEditor.enrichers, an array of {pattern, enricher}.
    TextEditor: { enrichers: [] },
  };
  const cfgAny = g.CONFIG as Record<string, Record<string, unknown>>;
  if (v14) {
    // v14.368: CONFIG.ChatMessage.modes (public / gm / blind / self, plus the chat's in-character "ic").
    cfgAny.ChatMessage = {
      modes: {
        public: { label: "CHAT.MESSAGE_MODES.public", icon: "fa-solid fa-globe" },
        gm: { label: "CHAT.MESSAGE_MODES.gm", icon: "fa-solid fa-user-secret" },
        blind: { label: "CHAT.MESSAGE_MODES.blind", icon: "fa-solid fa-eye-slash" },
        self: { label: "CHAT.MESSAGE_MODES.self", icon: "fa-solid fa-user" },
        ic: { label: "CHAT.MESSAGE_MODES.ic", icon: "fa-solid fa-comment" },
      },
    };
    // The v13 table survives as a deprecated alias.
    Object.defineProperty(cfgAny.Dice, "rollModes", {
      get: () => (deprecated("CONFIG.Dice.rollModes"), legacyRollModes),
      enumerable: false,
      configurable: true,
    });
    g._del = deletion;
  } else delete g._del;
  class ActorSheetV1 {}
  class ItemSheetV1 {}
  /**
   * v13's token ruler (api `foundry.canvas.placeables.tokens.TokenRuler`): `_getSegmentStyle(waypoint)`
   * returns `{width, color, alpha}`, `_getGridHighlightStyle(waypoint, offset)` `{color, alpha}`; the
   * ruler knows its Token as `token`. Core's own colours are stood in by white.
   * `_getWaypointLabelContext(waypoint, state)` gives the context core's waypoint-label template
   * renders (nothing at a waypoint without a label), in the shape public systems' rulers build it
   * (dnd5e 5.x): `distance: {total, delta?}`, `cost: {total, units, delta?}`, `units` the grid's.
   * Core writes its numbers with a point here, so a test sees whether the system rewrote them.
   */
  class TokenRuler {
    constructor(public token: unknown) {}
    _getWaypointLabelContext(waypoint: unknown, _state: unknown) {
      const m = (waypoint as { measurement?: { distance: number; cost: number; backward?: { distance: number; cost: number } } })
        .measurement;
      if (!m) return undefined;
      const units = (this.token as { scene?: { grid?: { units?: string } } } | null)?.scene?.grid?.units ?? "m";
      const context: Record<string, unknown> = {
        action: { label: "Walk", icon: "fa-solid fa-person-walking" },
        units,
        distance: { total: m.distance.toFixed(2) },
        cost: { total: Number.isFinite(m.cost) ? m.cost.toFixed(2) : "∞", units },
      };
      if (m.backward) {
        (context.distance as Record<string, unknown>).delta = `+${m.backward.distance}`;
        (context.cost as Record<string, unknown>).delta = `+${m.backward.cost}`;
      }
      return context;
    }
    _getSegmentStyle(_waypoint: unknown) {
      return { width: 4, color: 0xffffff, alpha: 1 };
    }
    _getGridHighlightStyle(_waypoint: unknown, _offset: unknown) {
      return { color: 0xffffff, alpha: 0.5 };
    }
  }
  g.foundry = {
    canvas: { placeables: { tokens: { TokenRuler } } },
    appv1: { sheets: { ActorSheet: ActorSheetV1, ItemSheet: ItemSheetV1 } },
    dice: { terms: { DiceTerm, Die } },
    abstract: { TypeDataModel: class TypeDataModel {} },
    data: { fields: {} },
    applications: {
      api: {
        ApplicationV2,
        HandlebarsApplicationMixin: <T>(Base: T) => Base,
        DialogV2: {
          async wait(config: Record<string, unknown>) {
            recorded.dialogs.push(config);
            return (g as { __dialogAnswer?: unknown }).__dialogAnswer ?? null;
          },
        },
      },
      sheets: { ActorSheetV2: DocumentSheetV2, ItemSheetV2: DocumentSheetV2 },
      apps: {
        DocumentSheetConfig: {
          registerSheet(documentClass: unknown, scope: string, sheet: unknown, options: Record<string, unknown>) {
            recorded.sheets.push({ documentClass, scope, sheet, options });
          },
          unregisterSheet(documentClass: unknown, scope: string, sheet: unknown) {
            recorded.sheetsUnregistered.push({ documentClass, scope, sheet });
          },
        },
      },
      handlebars: {
        async loadTemplates(paths: string[]) {
          recorded.templatesLoaded.push(...paths);
          return [];
        },
        async renderTemplate(path: string, context: Record<string, unknown>) {
          recorded.rendered.push({ path, context });
          return `<div class="rendered" data-template="${path}"></div>`;
        },
      },
      ux: { TextEditor: { implementation: { enrichHTML: async (html: string) => html } } },
    },
    utils: {
      logCompatibilityWarning: (message: string) => deprecations.push(message),
      randomID: () => Math.random().toString(36).slice(2, 18),
      debouncedReload: () => {
        recorded.reloads++;
      },
    },
  };
  g.Handlebars = Handlebars.create();
  g.ui = {
    notifications: {
      info: (message: string, options?: Record<string, unknown>) => {
        recorded.notifications.push({ level: "info", message });
        if (!options?.progress) return undefined;
        const entry = { message, options, updates: [] as Array<{ pct?: number; message?: string }> };
        recorded.progress.push(entry);
        return { update: (data: { pct?: number; message?: string }) => void entry.updates.push(data) };
      },
      warn: (message: string) => recorded.notifications.push({ level: "warn", message }),
      error: (message: string) => recorded.notifications.push({ level: "error", message }),
    },
  };
  /**
   * What a mode does to message data (api v13 `ChatMessage.applyRollMode` / v14 `applyMode`: "Transform
   * a provided object of ChatMessage data by applying a certain rollMode"): a GM roll whispers the GMs,
   * a blind roll also hides it from the roller, a self roll whispers the roller, public clears both.
   */
  const applyVisibility = (data: Record<string, unknown>, mode: string) => {
    const m = LEGACY_MODE[mode] ?? mode;
    const gms = [...users.values()].filter((u) => u.isGM).map((u) => u.id);
    const me = (g.game as { user: StandInUser }).user.id;
    if (m === "gm" || m === "blind") data.whisper = gms;
    else if (m === "self") data.whisper = [me];
    else data.whisper = [];
    data.blind = m === "blind";
    recorded.rollModesApplied.push(mode);
    return data;
  };
  const chatMessage: Record<string, unknown> = {
    getSpeaker: ({ actor }: { actor?: { id?: string } } = {}) => ({ actor: actor?.id ?? null, alias: "speaker" }),
    applyRollMode(data: Record<string, unknown>, mode: string) {
      deprecated("ChatMessage.applyRollMode is deprecated in favor of ChatMessage.applyMode");
      return applyVisibility(data, mode);
    },
    getWhisperRecipients: (name: string) => (name === "GM" ? [...users.values()].filter((u) => u.isGM) : []),
    /**
     * The mode passed to `create` acts only on roll messages: core applies it while preparing the
     * rolls' message (v13 `Roll#toMessage` → `create(data, {rollMode})`, dnd5e basic-roll.mjs:258),
     * and roll-less cards must apply it to their data themselves (dnd5e applies
     * `ChatMessage.applyRollMode` to its roll-less item cards, item.mjs:780). A private card without
     * rolls posted with only the option would be public.
     */
    async create(data: Record<string, unknown>, options?: Record<string, unknown>) {
      if (options && "rollMode" in options && v14) deprecated("ChatMessage.create option rollMode is deprecated in favor of messageMode");
      const mode = (v14 ? (options?.messageMode ?? options?.rollMode) : options?.rollMode) as string | undefined;
      const hasRolls = Array.isArray(data.rolls) && data.rolls.length > 0;
      if (mode && hasRolls) {
        const before = recorded.rollModesApplied.length;
        applyVisibility(data, mode);
        recorded.rollModesApplied.length = before; // core's own application, not the glue's
      }
      recorded.messagesCreated.push({ data, options });
      const author = currentUser().id;
      const message = new StandInMessage(`m${recorded.messagesCreated.length}`, author, data, network);
      documents.set(message.uuid, message);
      messages.push(message);
      await broadcast("createChatMessage", message, options ?? {}, author);
      return message;
    },
  };
  if (v14) chatMessage.applyMode = (data: Record<string, unknown>, mode: string) => applyVisibility(data, mode);
  g.ChatMessage = chatMessage;
  g.fromUuid = async (uuid: string) => documents.get(uuid) ?? null;
  g.fromUuidSync = (uuid: string) => documents.get(uuid) ?? null;

  const makeUser = (id: string, isGM: boolean): StandInUser => {
    const user: StandInUser = {
      id,
      name: id,
      isGM,
      targets: new Set(),
      async assignHotbarMacro(macro: unknown, slot: number) {
        recorded.hotbar.push({ macro, slot });
      },
    };
    users.set(id, user);
    return user;
  };
  const game: Record<string, unknown> = {
    system: { id: "omnibus" },
    release: { generation, build: v14 ? 368 : 351 },
    i18n: {
      localize: (key: string) => key,
      format: (key: string, data: Record<string, string>) => `${key} ${JSON.stringify(data)}`,
      // Whether the English lang file has the key (as Foundry's Localization#has answers).
      has: (key: string) => englishKeys().has(key),
    },
    settings: {
      register(namespace: string, key: string, data: Record<string, unknown>) {
        recorded.settingsRegistered.set(`${namespace}.${key}`, data);
      },
      registerMenu(namespace: string, key: string, data: Record<string, unknown>) {
        recorded.menusRegistered.set(`${namespace}.${key}`, data);
      },
      get(namespace: string, key: string) {
        const full = `${namespace}.${key}`;
        // v13 has no core.messageMode (an unregistered setting throws, as core's does); v14 keeps
        // core.rollMode as a deprecated alias of core.messageMode.
        if (full === "core.messageMode" && !v14) throw new Error(`"${full}" is not a registered game setting`);
        if (full === "core.rollMode" && v14) {
          deprecated("core.rollMode setting");
          const current = String(recorded.settingsValues.get("core.messageMode") ?? "public");
          return Object.entries(LEGACY_MODE).find(([, m]) => m === current)?.[0] ?? "publicroll";
        }
        if (recorded.settingsValues.has(full)) return recorded.settingsValues.get(full);
        return recorded.settingsRegistered.get(full)?.default;
      },
      // A world setting is written only by a user with SETTINGS_MODIFY (a GM here); the server
      // refuses a player (foundryvtt.com/api ClientSettings#set, the Setting document's permission).
      async set(namespace: string, key: string, value: unknown) {
        const config = recorded.settingsRegistered.get(`${namespace}.${key}`);
        if (config?.scope === "world" && !currentUser().isGM)
          throw new Error(`User ${currentUser().id} lacks permission to change ${namespace}.${key}`);
        const stored = structuredClone(value);
        recorded.settingsValues.set(`${namespace}.${key}`, stored);
        recorded.settingsWritten.push(`${namespace}.${key}`);
        (config?.onChange as ((v: unknown) => void) | undefined)?.(stored);
        return value;
      },
    },
    user: makeUser("player", false),
    users: {
      get: (id: string) => users.get(id),
      get activeGM() {
        return activeGM ? users.get(activeGM) : null;
      },
    },
    // The system socket: the server passes every message on to the OTHER connected clients, with
    // the sender's user id as the listener's second argument (socketlib authenticates with it,
    // github.com/manuelVo/foundryvtt-socketlib `_received(message, senderUserId)`). Here: a
    // non-GM's (or another GM's) message reaches the active GM, the active GM's reaches `data.to`.
    socket: {
      emit: (channel: string, data: unknown) => {
        const from = currentUser().id;
        recorded.socketEmits.push({ channel, data, from });
        const to = from === activeGM ? String((data as { to?: unknown })?.to ?? "") : activeGM;
        if (to && to !== from) deliveries = deliveries.then(() => deliver(structuredClone(data), from, to)).catch(() => undefined);
      },
      on: (channel: string, fn: (data: unknown, senderId: string) => unknown) => recorded.socketListeners.set(channel, fn),
    },
    messages: {
      get: (id: string) => {
        const m = documents.get(`ChatMessage.${id}`) as StandInMessage | undefined;
        return m && !m.deleted ? m : undefined;
      },
      get contents() {
        return messages.filter((m) => !m.deleted);
      },
    },
    packs: { get: (id: string) => documents.get(`pack:${id}`) },
    macros: { find: () => undefined },
    /**
     * api ClientKeybindings: `register(namespace, action, config)`; `get(namespace, action)` returns
     * the action's current bindings (the `editable` defaults here, as no user rebinds them) and
     * throws for an action never registered.
     */
    keybindings: {
      register(namespace: string, action: string, config: Record<string, unknown>) {
        recorded.keybindings.set(`${namespace}.${action}`, config);
      },
      get(namespace: string, action: string) {
        const config = recorded.keybindings.get(`${namespace}.${action}`);
        if (!config) throw new Error(`This is not a registered keybinding action: ${namespace}.${action}`);
        return [...((config.editable as unknown[]) ?? []), ...((config.uneditable as unknown[]) ?? [])];
      },
    },
    /**
     * api KeyboardManager: `downKeys`, "the set of key codes which are currently depressed"
     * (KeyboardEvent#code values); `isModifierActive(modifier)` for "Shift" / "Control" / "Alt".
     * Tests press keys by adding codes to `downKeys`.
     */
    keyboard: {
      downKeys: new Set<string>(),
      isModifierActive(modifier: string) {
        const codes: Record<string, string[]> = {
          Shift: ["ShiftLeft", "ShiftRight"],
          Control: ["ControlLeft", "ControlRight", "MetaLeft", "MetaRight"],
          Alt: ["AltLeft", "AltRight"],
        };
        return (codes[modifier] ?? []).some((c) => (game.keyboard as { downKeys: Set<string> }).downKeys.has(c));
      },
    },
  };
  g.game = game;
  g.canvas = { ready: false, tokens: { controlled: [] } };

  return {
    generation,
    setMessageMode(v13Mode: string) {
      if (v14) recorded.settingsValues.set("core.messageMode", LEGACY_MODE[v13Mode] ?? v13Mode);
      else recorded.settingsValues.set("core.rollMode", v13Mode);
    },
    recorded,
    documents,
    users,
    makeUser,
    asUser,
    deliver,
    messages,
    async settle() {
      for (let i = 0; i < 20; i++) {
        const current = deliveries;
        await current;
        await new Promise((r) => setTimeout(r, 0));
        if (current === deliveries) return;
      }
    },
    setUser(id) {
      game.user = users.get(id);
    },
    setActiveGM(id) {
      activeGM = id;
    },
    queueFaces(...faces) {
      faceQueue.push(...faces);
    },
    get facesLeft() {
      return [...faceQueue];
    },
    async fire(hook, ...args) {
      const results: unknown[] = [];
      for (const fn of recorded.hooks.get(hook) ?? []) results.push(await fn(...args));
      return results;
    },
    placeToken(uuid, actor, at, sceneOptions = {}) {
      const name = sceneOptions.name ?? uuid.split(".").at(-1);
      const sceneUuid = uuid.split(".Token.")[0];
      let scene = documents.get(sceneUuid) as { tokens: Array<Record<string, unknown>>; grid: Record<string, unknown> } | undefined;
      if (!scene) {
        const size = 100;
        const distance = sceneOptions.distance ?? 1;
        // api v13 BaseGrid#measurePath: the distance along the grid between waypoints, in the scene's
        // units. The stand-in measures straight lines (grid spaces × the grid's distance); the GM and
        // the roller call the same function, which is all the re-derivation relies on.
        const grid = {
          size,
          distance,
          units: sceneOptions.units ?? "m",
          measurePath(points: Array<{ x: number; y: number }>) {
            let total = 0;
            for (let i = 1; i < points.length; i++)
              total += (Math.hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y) / size) * distance;
            return { distance: total };
          },
        };
        scene = { uuid: sceneUuid, tokens: [], grid } as never;
        documents.set(sceneUuid, scene);
      }
      const parent = scene;
      const size = Number(parent.grid.size);
      const token: Record<string, unknown> = {
        uuid,
        id: uuid.split(".").at(-1),
        name,
        x: at.x * size,
        y: at.y * size,
        width: 1,
        height: 1,
        texture: { src: sceneOptions.img ?? "" },
        actor,
        parent,
        // api v13 TokenDocument#getCenterPoint: the centre of the token, in pixels.
        getCenterPoint() {
          return { x: Number(token.x) + size / 2, y: Number(token.y) + size / 2 };
        },
      };
      parent.tokens = parent.tokens.filter((t) => t.uuid !== uuid);
      parent.tokens.push(token);
      documents.set(uuid, token);
      return token;
    },
  };
}

/** Removes the globals again (between test files vitest isolates anyway). */
export function removeFoundryStandIns(): void {
  const g = globalThis as Record<string, unknown>;
  for (const k of [
    "Hooks",
    "Roll",
    "Actor",
    "Item",
    "Macro",
    "CONFIG",
    "foundry",
    "Handlebars",
    "ui",
    "ChatMessage",
    "fromUuid",
    "fromUuidSync",
    "game",
    "canvas",
    "_del",
  ])
    delete g[k];
}

/**
 * v14's CONFIG.statusEffects: an object keyed by id. The v13 array survives as a shim: array
 * methods still work on it but are deprecated.
 */
function statusEffectObject(effects: Array<{ id: string }>, deprecated: (what: string) => void): Record<string, unknown> {
  const obj: Record<string, unknown> = Object.fromEntries(effects.map((e) => [e.id, { ...e }]));
  for (const method of ["find", "filter", "map", "some", "forEach", "findIndex", "push"] as const) {
    Object.defineProperty(obj, method, {
      enumerable: false,
      value: (...args: unknown[]) => {
        deprecated(`CONFIG.statusEffects#${method} (an object keyed by id in v14)`);
        const list = Object.values(obj) as unknown[];
        return (list[method] as (...a: unknown[]) => unknown).apply(list, args);
      },
    });
  }
  return obj;
}

/**
 * A stand-in for a Foundry document collection (`game.actors`, `actor.items`, `scene.tokens`):
 * `get`, `size`, iteration, and v13's `getInvalid` for documents that failed validation.
 */
export class StandInCollection<T extends { id: string }> {
  readonly #docs = new Map<string, T>();
  readonly #invalid = new Map<string, T>();
  constructor(docs: T[] = [], invalid: T[] = []) {
    for (const doc of docs) this.#docs.set(doc.id, doc);
    for (const doc of invalid) this.#invalid.set(doc.id, doc);
  }
  get size(): number {
    return this.#docs.size;
  }
  get contents(): T[] {
    return [...this.#docs.values()];
  }
  get invalidDocumentIds(): Set<string> {
    return new Set(this.#invalid.keys());
  }
  get(id: string): T | undefined {
    return this.#docs.get(id);
  }
  getInvalid(id: string): T | undefined {
    return this.#invalid.get(id);
  }
  [Symbol.iterator](): Iterator<T> {
    return this.#docs.values();
  }
}

// ---------------------------------------------------------------------------------------------
// Dice: the formula grammar Foundry reads, and die terms that roll queued faces.

/**
 * The core die's (`d`) modifiers, as Foundry's public "Dice Modifiers" article lists them
 * (https://foundryvtt.com/article/dice-modifiers/): re-rolls and explosions `r`, `rr`, `x`, `xo`;
 * keep/drop `k`, `kh`, `kl`, `d`, `dh`, `dl`; `min`, `max`; `even`, `odd`; success counting `cs`,
 * `cf`, `df`, `sf`, `ms`. Foundry matches a run of letters against them longest name first and
 * silently drops what is left (so `ro<8` reads as a bare `r`, re-roll a 1 once); the stand-in
 * grammar refuses it instead, so a formula Foundry would misread fails its test.
 */
export const CORE_DIE_MODIFIERS = [
  "r",
  "rr",
  "x",
  "xo",
  "k",
  "kh",
  "kl",
  "d",
  "dh",
  "dl",
  "min",
  "max",
  "even",
  "odd",
  "cs",
  "cf",
  "df",
  "sf",
  "ms",
] as const;

/** A modifier's target, as the article writes them: `6`, `>=8`, `<3`, `=1`, `1=1` (a count, then a condition). */
const MODIFIER_PARAM = /^\d*(?:(?:[<>]=?|=)\d+)?$/;

export interface StandInTerm {
  number?: number;
  faces?: number;
  modifiers?: string[];
  results?: Array<{ result: number; active?: boolean; count?: number; [k: string]: unknown }>;
  options?: Record<string, unknown>;
  evaluate?(): Promise<unknown>;
  total?: number;
  operator?: string;
}
type TermClass = (new (data: Record<string, unknown>) => StandInTerm) & { DENOMINATION?: string; MODIFIERS?: Record<string, unknown> };

/** Splits a die's modifier text into known modifiers (longest name first); throws on anything else. */
export function parseModifiers(text: string, known: readonly string[], where: string): Array<{ name: string; param: string }> {
  const names = [...known].sort((a, b) => b.length - a.length);
  const out: Array<{ name: string; param: string }> = [];
  if (text && !/^(?:[A-Za-z]+[^A-Za-z]*)+$/.test(text)) throw new Error(`stand-in dice: "${text}" in ${where} is not a modifier`);
  for (const [, letters, param] of text.matchAll(/([A-Za-z]+)([^A-Za-z]*)/g)) {
    let rest = letters.toLowerCase();
    while (rest) {
      const name = names.find((n) => rest.startsWith(n));
      if (!name)
        throw new Error(
          `stand-in dice: unknown die modifier "${rest}" in ${where} (Foundry reads only ${known.join(", ") || "no modifiers"} here)`,
        );
      rest = rest.slice(name.length);
      const p = rest ? "" : param;
      if (!MODIFIER_PARAM.test(p)) throw new Error(`stand-in dice: bad target "${p}" for "${name}" in ${where}`);
      out.push({ name, param: p });
    }
  }
  return out;
}

const DIE_TERM = /^(\d*)[dD](\d+|[A-Za-z])([^[\s]*)(\[[^\]]*\])?$/;

/**
 * Parses a formula the way the glue's formulas use Foundry's grammar: numbers and dice joined by
 * `+ - * /`. A core die (`NdF`) may carry only the article's modifiers; any other denomination
 * must be registered in `CONFIG.Dice.terms` and may carry only its class's `MODIFIERS`. Anything
 * else (an unknown denomination, a modifier Foundry does not have, parentheses) throws.
 */
export function parseFormula(formula: string, registered: Record<string, TermClass>, CoreDie: TermClass): StandInTerm[] {
  if (typeof formula !== "string" || !formula.trim()) throw new Error(`stand-in dice: empty formula`);
  const tokens = formula
    .trim()
    .split(/\s*([+\-*/])\s*/)
    .filter((t) => t !== "");
  const terms: StandInTerm[] = [];
  let expectOperand = true;
  let sign = "";
  for (const token of tokens) {
    if (expectOperand && (token === "-" || token === "+") && sign === "") {
      sign = token;
      continue;
    }
    if (!expectOperand) {
      if (!/^[+\-*/]$/.test(token)) throw new Error(`stand-in dice: expected an operator in "${formula}", got "${token}"`);
      terms.push({ operator: token });
      expectOperand = true;
      continue;
    }
    if (/^\d+(?:\.\d+)?$/.test(token)) {
      terms.push({ number: Number(`${sign}${token}`) }); // a NumericTerm
    } else {
      const m = DIE_TERM.exec(token);
      if (!m || sign === "-") throw new Error(`stand-in dice: "${token}" in "${formula}" is not a number or a die term`);
      const [, count, denomination, modifiers] = m;
      const number = count === "" ? 1 : Number(count);
      if (/^\d+$/.test(denomination)) {
        parseModifiers(modifiers, CORE_DIE_MODIFIERS, `"${formula}"`);
        terms.push(new CoreDie({ number, faces: Number(denomination), modifiers: modifiers ? [modifiers] : [] }));
      } else {
        const cls = registered[denomination.toLowerCase()] ?? registered[denomination];
        if (!cls) throw new Error(`stand-in dice: unknown die denomination "d${denomination}" in "${formula}" (not in CONFIG.Dice.terms)`);
        parseModifiers(modifiers, Object.keys(cls.MODIFIERS ?? {}), `"${formula}"`);
        terms.push(new cls({ number, modifiers: modifiers ? [modifiers] : [] }));
      }
    }
    sign = "";
    expectOperand = false;
  }
  if (expectOperand) throw new Error(`stand-in dice: "${formula}" ends with an operator`);
  return terms;
}

/**
 * Forces the stand-in dice, for every suite: from now on each `Roll#evaluate` rolls its formula's
 * parsed terms (the system's die terms among them, Foundry's modifiers applied: `x`/`xo` explode,
 * `r`/`rr` re-roll, `k`/`kh`/`kl`/`d`/`dh`/`dl` keep) from these faces, in the dice order contract;
 * a die with no face left throws. Returns the live queue: push more faces on it, read what is left.
 */
export function forceFaces(faces: number[] = []): number[] {
  const R = (globalThis as unknown as { Roll?: { standInDice?: { faces: number[]; forced: boolean } } }).Roll;
  if (!R?.standInDice) throw new Error("test: forceFaces needs installFoundryStandIns() first");
  R.standInDice.faces.splice(0, Infinity, ...faces);
  R.standInDice.forced = true;
  return R.standInDice.faces;
}

interface DiceControl {
  faces: number[];
  forced: boolean;
  /** `forceFacesPerRoll`: each Roll takes the next list, and must use all of it. */
  perRoll: number[][] | null;
  /** The formulas evaluated while `perRoll` is on, in order. */
  evaluated: string[];
}

/**
 * `forceFaces` one Roll at a time: each `Roll#evaluate` takes the next list of faces (throws when
 * none is left) and must use every face of it. Returns the live list queue and the formulas evaluated.
 */
export function forceFacesPerRoll(): { queue: number[][]; evaluated: string[] } {
  const R = (globalThis as unknown as { Roll?: { standInDice?: DiceControl } }).Roll;
  if (!R?.standInDice) throw new Error("test: forceFacesPerRoll needs installFoundryStandIns() first");
  R.standInDice.perRoll = [];
  R.standInDice.evaluated = [];
  return { queue: R.standInDice.perRoll, evaluated: R.standInDice.evaluated };
}

/** Evaluates parsed terms (each die term's `evaluate`) and returns the total (+ − * / left to right). */
async function evaluateTerms(terms: StandInTerm[]): Promise<number> {
  let total = 0;
  let op = "+";
  for (const term of terms) {
    if (term.operator) {
      op = term.operator;
      continue;
    }
    let value: number;
    if (typeof term.faces !== "number") value = Number(term.number);
    else {
      await term.evaluate!();
      value = Number(term.total ?? 0);
    }
    total = op === "+" ? total + value : op === "-" ? total - value : op === "*" ? total * value : total / value;
  }
  return total;
}

/**
 * Stand-ins for `foundry.dice.terms.DiceTerm` / `Die`: `roll()` takes the next queued face and
 * appends a result; `evaluate()` rolls `number` dice, then `_evaluateModifiers()`. The core die
 * applies the article's re-roll and explosion modifiers (`r` once, `rr`, `x`, `xo`), which append
 * results in the dice order contract, and keep/drop (`k`, `kh`, `kl`, `d`, `dh`, `dl`), which mark
 * the others discarded and inactive; success counting and min/max are left to the pure resolvers.
 */
function standInDiceTerms(nextFace: (faces: number) => number) {
  class DiceTerm {
    static DENOMINATION = "";
    static MODIFIERS: Record<string, unknown> = {};
    number: number;
    faces: number;
    modifiers: string[];
    results: Array<{ result: number; active: boolean; [k: string]: unknown }> = [];
    options: Record<string, unknown>;
    _evaluated = false;
    constructor({
      number = 1,
      faces = 6,
      modifiers = [],
      options = {},
    }: { number?: number; faces?: number; modifiers?: string[]; options?: Record<string, unknown> } = {}) {
      this.number = number;
      this.faces = faces;
      this.modifiers = modifiers;
      this.options = options;
    }
    async roll() {
      const result = { result: nextFace(this.faces), active: true };
      this.results.push(result);
      return result;
    }
    async evaluate() {
      for (let n = this.results.length; n < this.number; n++) await this.roll();
      await this._evaluateModifiers();
      this._evaluated = true;
      return this;
    }
    async _evaluateModifiers(): Promise<void> {}
    get total(): number {
      return this.results.filter((r) => r.active).reduce((sum, r) => sum + Number(r.count ?? r.result), 0);
    }
  }
  const meets = (face: number, param: string, fallback: number): boolean => {
    const m = /^\d*(?:([<>]=?|=)?(\d+))?$/.exec(param);
    const op = m?.[1] ?? "=";
    const target = m?.[2] !== undefined ? Number(m[2]) : fallback;
    return op === ">="
      ? face >= target
      : op === "<="
        ? face <= target
        : op === ">"
          ? face > target
          : op === "<"
            ? face < target
            : face === target;
  };
  class Die extends DiceTerm {
    static override DENOMINATION = "d";
    static override MODIFIERS = Object.fromEntries(CORE_DIE_MODIFIERS.map((m) => [m, m]));
    override async _evaluateModifiers(): Promise<void> {
      for (const { name, param } of parseModifiers(this.modifiers.join(""), CORE_DIE_MODIFIERS, "a die")) {
        if (name === "r") {
          const initial = this.results.length;
          for (let i = 0; i < initial; i++) {
            if (!meets(this.results[i].result, param, 1)) continue;
            this.results[i].rerolled = true;
            this.results[i].active = false;
            await this.roll();
          }
        } else if (name === "rr") {
          for (let i = 0; i < this.results.length; i++) {
            if (!this.results[i].active || !meets(this.results[i].result, param, 1)) continue;
            this.results[i].rerolled = true;
            this.results[i].active = false;
            await this.roll();
          }
        } else if (name === "x" || name === "xo") {
          for (let i = 0; i < this.results.length; i++) {
            if (name === "xo" && i >= this.number) break;
            if (!meets(this.results[i].result, param, this.faces)) continue;
            this.results[i].exploded = true;
            await this.roll();
          }
        } else if (["k", "kh", "kl", "d", "dh", "dl"].includes(name)) {
          // Keep or drop (Foundry marks the others discarded and inactive; every face stays in `results`).
          const active = this.results.filter((r) => r.active);
          const n = param === "" ? 1 : Number(param);
          const lowestFirst = [...active].sort((a, b) => a.result - b.result);
          const discard =
            name === "kl"
              ? lowestFirst.slice(n)
              : name === "d" || name === "dl"
                ? lowestFirst.slice(0, n)
                : name === "dh"
                  ? lowestFirst.slice(Math.max(0, active.length - n))
                  : lowestFirst.slice(0, Math.max(0, active.length - n));
          for (const r of discard) {
            r.discarded = true;
            r.active = false;
          }
        }
      }
    }
  }
  return { DiceTerm, Die };
}

/**
 * `Actor#getActiveTokens(linked, document)` as the public API documents it
 * (https://foundryvtt.com/api/classes/foundry.documents.Actor.html#getactivetokens): a synthetic
 * (unlinked) token actor has exactly the token it represents, and none when `linked` is true; a
 * world actor has the tokens on the viewed scene that represent it, only the linked ones when
 * `linked` is true. Gives the stand-in actor that method, `isToken` and `token`.
 */
export function giveActiveTokens<T extends object>(
  actor: T,
  tokens: Array<{ actorLink: boolean; document?: unknown; [k: string]: unknown }>,
  synthetic: { token: { actorLink: boolean; object?: unknown; [k: string]: unknown } } | null = null,
): T {
  Object.assign(actor, {
    isToken: synthetic !== null,
    token: synthetic?.token ?? null,
    getActiveTokens(linked = false, document = false) {
      if (synthetic) {
        if (linked) return [];
        const t = synthetic.token;
        return [document ? t : (t.object ?? t)];
      }
      return tokens.filter((t) => !linked || t.actorLink).map((t) => (document ? (t.document ?? t) : t));
    },
  });
  return actor;
}

let englishKeyCache: Set<string> | null = null;
/** The keys of lang/en.json (flattened, as Foundry reads the nested file). */
function englishKeys(): Set<string> {
  if (englishKeyCache) return englishKeyCache;
  const keys = new Set<string>();
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === "string") keys.add(prefix);
    else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
  };
  walk(JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "..", "lang", "en.json"), "utf8")), "");
  englishKeyCache = keys;
  return keys;
}
