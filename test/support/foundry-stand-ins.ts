/**
 * Small stand-ins for the Foundry globals the glue calls. They RECORD what the glue passes
 * (registrations, created messages, socket emits, notifications, updates); they do not re-implement
 * Foundry. Install them before importing any src/foundry module (classes extend Foundry globals at
 * module load), and import the glue with `vi.resetModules()` + dynamic import for fresh state.
 */
import Handlebars from "handlebars";

export interface Recorded {
  hooks: Map<string, Array<(...args: unknown[]) => unknown>>;
  settingsRegistered: Map<string, Record<string, unknown>>;
  settingsValues: Map<string, unknown>;
  sheets: Array<{ documentClass: unknown; scope: string; sheet: unknown; options: Record<string, unknown> }>;
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
    this.updates.push(data);
    this.updateOptions.push(options);
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
      if (!path.startsWith("flags.")) continue;
      const [, scope, ...rest] = path.split(".");
      let node = (this.flags[scope] ??= {}) as Record<string, unknown>;
      for (const part of rest.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
      node[rest[rest.length - 1]] = value;
    }
    return this;
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
    for (const [k, v] of Object.entries(data)) if (!["content", "rolls", "flags", "whisper"].includes(k)) (this as Record<string, unknown>)[k] = v;
    this._source = { rolls: this.rolls.map((r) => JSON.stringify(typeof (r as { toJSON?: () => unknown }).toJSON === "function" ? (r as { toJSON(): unknown }).toJSON() : r)) };
    const now = Date.now();
    this._stats = { createdTime: now, modifiedTime: now, lastModifiedBy: authorId };
    // Owned by its author (and every GM), as in Foundry: derived, not set.
    Object.defineProperty(this, "isOwner", { configurable: true, get: () => network.currentUser().isGM || network.currentUser().id === this.author.id, set: () => undefined });
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

export interface StandIns {
  recorded: Recorded;
  documents: Map<string, unknown>;
  users: Map<string, StandInUser>;
  setUser(id: string): void;
  setActiveGM(id: string | null): void;
  fire(hook: string, ...args: unknown[]): Promise<unknown[]>;
  makeUser(id: string, isGM: boolean): StandInUser;
  /** Runs `fn` as another user's client (game.user swapped while it runs). */
  asUser<T>(id: string, fn: () => Promise<T> | T): Promise<T>;
  /** Delivers socket data to `to`'s listener as coming from `senderId` (what the server does; a test may forge the data, never the sender). */
  deliver(data: unknown, senderId: string, to: string): Promise<void>;
  /** Waits until every socket message in flight has been delivered. */
  settle(): Promise<void>;
  /** Created messages, in order. */
  messages: StandInMessage[];
}

export function installFoundryStandIns(opts: { settings?: Record<string, unknown>; coreStatusEffects?: string[] } = {}): StandIns {
  const recorded: Recorded = {
    hooks: new Map(),
    settingsRegistered: new Map(),
    settingsValues: new Map(Object.entries({ "core.rollMode": "publicroll", ...(opts.settings ?? {}) })),
    sheets: [],
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
  g.Hooks = { on, once: on, call: () => true, callAll: () => true };

  class Roll {
    static CHAT_TEMPLATE = "templates/dice/roll.html";
    formula: string;
    data: Record<string, unknown>;
    options: Record<string, unknown>;
    /** Tests set the evaluated terms here (what Foundry's evaluation would have produced). */
    terms: Array<{ faces: number; results: Array<{ result: number }> }> = [];
    _evaluated = false;
    constructor(formula: string, data: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
      this.formula = formula;
      this.data = data;
      this.options = options;
    }
    get dice() {
      return this.terms;
    }
    async evaluate() {
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
  g.CONFIG = {
    Actor: { documentClass: Actor, dataModels: {} },
    Item: { documentClass: Item, dataModels: {} },
    Combat: { documentClass: Combat, initiative: { formula: null, decimals: 2 } },
    Combatant: { documentClass: Combatant },
    Dice: {
      rolls: [Roll],
      terms: {},
      rollModes: {
        publicroll: { label: "CHAT.RollPublic" },
        gmroll: { label: "CHAT.RollPrivate" },
        blindroll: { label: "CHAT.RollBlind" },
        selfroll: { label: "CHAT.RollSelf" },
      },
    },
    statusEffects: (opts.coreStatusEffects ?? ["dead", "prone", "blind"]).map((id) => ({ id, name: `EFFECT.Status${id}`, img: `icons/${id}.svg` })),
    sounds: { dice: "sounds/dice.wav" },
  };
  g.foundry = {
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
  g.ChatMessage = {
    getSpeaker: ({ actor }: { actor?: { id?: string } } = {}) => ({ actor: actor?.id ?? null, alias: "speaker" }),
    applyRollMode(data: Record<string, unknown>, mode: string) {
      recorded.rollModesApplied.push(mode);
      return data;
    },
    getWhisperRecipients: (name: string) => (name === "GM" ? [...users.values()].filter((u) => u.isGM) : []),
    async create(data: Record<string, unknown>, options: unknown) {
      recorded.messagesCreated.push({ data, options });
      const author = currentUser().id;
      const message = new StandInMessage(`m${recorded.messagesCreated.length}`, author, data, network);
      documents.set(message.uuid, message);
      messages.push(message);
      await broadcast("createChatMessage", message, options ?? {}, author);
      return message;
    },
  };
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
    i18n: {
      localize: (key: string) => key,
      format: (key: string, data: Record<string, string>) => `${key} ${JSON.stringify(data)}`,
    },
    settings: {
      register(namespace: string, key: string, data: Record<string, unknown>) {
        recorded.settingsRegistered.set(`${namespace}.${key}`, data);
      },
      get(namespace: string, key: string) {
        const full = `${namespace}.${key}`;
        if (recorded.settingsValues.has(full)) return recorded.settingsValues.get(full);
        return recorded.settingsRegistered.get(full)?.default;
      },
      // A world setting is written only by a user with SETTINGS_MODIFY (a GM here); the server
      // refuses a player (foundryvtt.com/api ClientSettings#set, the Setting document's permission).
      async set(namespace: string, key: string, value: unknown) {
        const config = recorded.settingsRegistered.get(`${namespace}.${key}`);
        if (config?.scope === "world" && !currentUser().isGM) throw new Error(`User ${currentUser().id} lacks permission to change ${namespace}.${key}`);
        const stored = structuredClone(value);
        recorded.settingsValues.set(`${namespace}.${key}`, stored);
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
    messages: { get: (id: string) => { const m = documents.get(`ChatMessage.${id}`) as StandInMessage | undefined; return m && !m.deleted ? m : undefined; } },
    packs: { get: (id: string) => documents.get(`pack:${id}`) },
    macros: { find: () => undefined },
  };
  g.game = game;
  g.canvas = { ready: false, tokens: { controlled: [] } };

  return {
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
    async fire(hook, ...args) {
      const results: unknown[] = [];
      for (const fn of recorded.hooks.get(hook) ?? []) results.push(await fn(...args));
      return results;
    },
  };
}

/** Removes the globals again (between test files vitest isolates anyway). */
export function removeFoundryStandIns(): void {
  const g = globalThis as Record<string, unknown>;
  for (const k of ["Hooks", "Roll", "Actor", "Item", "Macro", "CONFIG", "foundry", "Handlebars", "ui", "ChatMessage", "fromUuid", "fromUuidSync", "game", "canvas"]) delete g[k];
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
