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

export interface Recorded {
  hooks: Map<string, Array<(...args: unknown[]) => unknown>>;
  settingsRegistered: Map<string, Record<string, unknown>>;
  settingsValues: Map<string, unknown>;
  sheets: Array<{ documentClass: unknown; scope: string; sheet: unknown; options: Record<string, unknown> }>;
  templatesLoaded: string[];
  rendered: Array<{ path: string; context: Record<string, unknown> }>;
  messagesCreated: Array<{ data: Record<string, unknown>; options: unknown }>;
  rollModesApplied: string[];
  socketEmits: Array<{ channel: string; data: unknown }>;
  socketListeners: Map<string, (data: unknown) => void>;
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
}

export type Generation = 13 | 14;

/** The generation the stand-ins install by default: OMNIBUS_FOUNDRY_GENERATION (the "v14" vitest project sets 14), else 13. */
export function defaultGeneration(): Generation {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.OMNIBUS_FOUNDRY_GENERATION === "14" ? 14 : 13;
}

/** The installed stand-ins' generation and deprecation log (documents outside an install read them). */
let active: { generation: Generation; deprecations: string[]; deletion: unknown } = { generation: 13, deprecations: [], deletion: undefined };

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
  async update(data: Record<string, unknown>, options?: Record<string, unknown>): Promise<this> {
    this.updates.push(data);
    this.updateOptions.push(options);
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
    return this.update({ [`flags.${scope}.${active.generation >= 14 ? key : `-=${key}`}`]: active.generation >= 14 ? active.deletion : null });
  }
  async toggleStatusEffect(id: string, { active }: { active: boolean }): Promise<void> {
    this.statusToggles.push({ id, active });
  }
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
}

export function installFoundryStandIns(opts: { settings?: Record<string, unknown>; coreStatusEffects?: string[]; generation?: Generation } = {}): StandIns {
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
    settingsValues: new Map(Object.entries({ ...(v14 ? { "core.messageMode": "public" } : { "core.rollMode": "publicroll" }), ...(opts.settings ?? {}) })),
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
    deprecations,
    evaluations: [],
  };
  const documents = new Map<string, unknown>();
  const users = new Map<string, StandInUser>();
  let activeGM: string | null = null;
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
    async evaluate(options?: Record<string, unknown>) {
      recorded.evaluations.push(options);
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
  const coreEffects = (opts.coreStatusEffects ?? ["dead", "prone", "blind"]).map((id) => ({ id, name: `EFFECT.Status${id}`, img: `icons/${id}.svg` }));
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
    Dice: {
      rolls: [Roll],
      terms: {},
      ...(v14 ? {} : { rollModes: legacyRollModes }),
    },
    statusEffects: v14 ? statusEffectObject(coreEffects, deprecated) : coreEffects,
    sounds: { dice: "sounds/dice.wav" },
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
      return { id: `msg${recorded.messagesCreated.length}`, ...data };
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
    },
    settings: {
      register(namespace: string, key: string, data: Record<string, unknown>) {
        recorded.settingsRegistered.set(`${namespace}.${key}`, data);
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
      async set(namespace: string, key: string, value: unknown) {
        recorded.settingsValues.set(`${namespace}.${key}`, value);
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
    socket: {
      emit: (channel: string, data: unknown) => recorded.socketEmits.push({ channel, data }),
      on: (channel: string, fn: (data: unknown) => void) => recorded.socketListeners.set(channel, fn),
    },
    messages: { get: (id: string) => documents.get(`ChatMessage.${id}`) },
    packs: { get: (id: string) => documents.get(`pack:${id}`) },
    macros: { find: () => undefined },
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
  for (const k of ["Hooks", "Roll", "Actor", "Item", "Macro", "CONFIG", "foundry", "Handlebars", "ui", "ChatMessage", "fromUuid", "fromUuidSync", "game", "canvas", "_del"]) delete g[k];
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
