/**
 * Just enough of Foundry's globals to import the BUILT bundle (module/omnibus.mjs) in node and fire
 * `init`, recording what it registers: data models (CONFIG.<Document>.dataModels), sheets (any
 * `registerSheet` call: `foundry.documents.collections.Actors.registerSheet(...)`,
 * `DocumentSheetConfig.registerSheet(Actor, ...)`, the v12 global `Actors.registerSheet(...)`), Roll
 * classes (CONFIG.Dice.rolls) and hooks.
 *
 * Everything the bundle touches that is not modelled here is an "open stub": a value that can be read
 * from, called, constructed and extended (`class X extends HandlebarsApplicationMixin(ActorSheetV2)`)
 * without error and that remembers its path, so a sheet registered through
 * `DocumentSheetConfig.registerSheet(foundry.documents.Actor, ...)` is known to be for Actor. Open
 * stubs are not thenable, so `await loadTemplates(...)` resolves at once.
 *
 * Modelled for real: Hooks (on/once/call/callAll), CONFIG (auto-vivifying plain objects, with
 * CONFIG.<Doc>.dataModels, CONFIG.Dice.rolls and CONFIG.statusEffects), game.settings
 * (register/get/set with defaults), game.i18n (returns keys), Handlebars (a real Handlebars.create()),
 * ui.notifications (records).
 */
import Handlebars from "handlebars";

const PATH = Symbol("stand-in path");

export interface SheetRegistration {
  /** "Actor", "Item", … as far as it can be told from the call. */
  documentName: string;
  scope: string;
  sheetClass: unknown;
  types: string[] | undefined;
  via: string;
}

export interface StandInRecord {
  sheets: SheetRegistration[];
  hooks: Map<string, Function[]>;
  notifications: { level: string; message: string }[];
  settings: Map<string, { config: Record<string, unknown>; value: unknown }>;
}

/** Which document a stub path or class is about: ".../Actors" → Actor, "foundry.documents.Item" → Item. */
function documentNameOf(value: unknown): string {
  const path = (value && (value as Record<symbol, unknown>)[PATH]) as string | undefined;
  const name = path ?? (typeof value === "function" ? (value as { documentName?: string; name: string }).documentName ?? value.name : String(value));
  const last = name.split(".").pop() ?? name;
  const plural: Record<string, string> = { Actors: "Actor", Items: "Item", Journal: "JournalEntry", CardStacks: "Cards" };
  return plural[last] ?? last;
}

/** An open stub: readable, callable, constructible and extendable, never thenable. */
export function openStub(path: string, record: StandInRecord): any {
  const target = function () {} as unknown as Record<PropertyKey, unknown>;
  const children = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(t, prop) {
      if (prop === PATH) return path;
      if (prop === "then") return undefined;
      if (prop === "prototype") return t.prototype;
      if (prop === Symbol.toPrimitive) return () => `[stand-in ${path}]`;
      if (prop === "toString" || prop === "valueOf") return () => `[stand-in ${path}]`;
      if (typeof prop === "symbol") return undefined;
      if (children.has(prop)) return children.get(prop);
      if (prop === "registerSheet") {
        const register = (...args: unknown[]) => {
          // Collection form: Actors.registerSheet(scope, cls, options); config form: registerSheet(Doc, scope, cls, options).
          const collectionForm = typeof args[0] === "string";
          const [documentName, scope, sheetClass, options] = collectionForm
            ? [documentNameOf({ [PATH]: path }), args[0], args[1], args[2]]
            : [documentNameOf(args[0]), args[1], args[2], args[3]];
          const types = (options as { types?: string[] } | undefined)?.types;
          record.sheets.push({ documentName, scope: String(scope), sheetClass, types, via: `${path}.registerSheet` });
        };
        children.set(prop, register);
        return register;
      }
      const child = openStub(`${path}.${String(prop)}`, record);
      children.set(prop, child);
      return child;
    },
    set(_t, prop, value) {
      children.set(prop, value);
      return true;
    },
    apply(_t, _this, args) {
      // A mixin called with a class returns a class extending it (HandlebarsApplicationMixin(Base)).
      if (path.endsWith("Mixin") && typeof args[0] === "function") return class extends (args[0] as new (...a: unknown[]) => object) {};
      return openStub(`${path}()`, record);
    },
    construct() {
      return openStub(`new ${path}`, record);
    },
  });
}

/** A plain object whose missing properties spring into being as more such objects (for CONFIG). */
function autoObject(initial: Record<string, unknown> = {}): Record<string, any> {
  return new Proxy(initial, {
    get(t, prop) {
      if (typeof prop === "symbol" || prop === "then" || prop === "toJSON") return (t as Record<PropertyKey, unknown>)[prop];
      if (!(prop in t)) t[prop] = autoObject();
      return t[prop];
    },
  });
}

/** Installs the stand-ins on globalThis; returns what the bundle registers. */
export function installStandIns(): { record: StandInRecord; CONFIG: Record<string, any>; fire(hook: string, ...args: unknown[]): Promise<void> } {
  const record: StandInRecord = { sheets: [], hooks: new Map(), notifications: [], settings: new Map() };
  const g = globalThis as Record<string, unknown>;
  const stub = (name: string) => openStub(name, record);

  const CONFIG = autoObject({
    Actor: autoObject({ dataModels: {}, typeLabels: {}, documentClass: stub("Actor") }),
    Item: autoObject({ dataModels: {}, typeLabels: {}, documentClass: stub("Item") }),
    Dice: autoObject({ rolls: [], terms: {}, types: [] }),
    statusEffects: [],
  });

  const on = (name: string, fn: Function) => {
    if (!record.hooks.has(name)) record.hooks.set(name, []);
    record.hooks.get(name)!.push(fn);
    return record.hooks.get(name)!.length;
  };
  const Hooks = {
    on,
    once: on,
    off: () => undefined,
    call: (name: string, ...args: unknown[]) => {
      for (const fn of record.hooks.get(name) ?? []) if (fn(...args) === false) return false;
      return true;
    },
    callAll: (name: string, ...args: unknown[]) => {
      for (const fn of record.hooks.get(name) ?? []) fn(...args);
      return true;
    },
  };

  const settings = {
    register(namespace: string, key: string, config: Record<string, unknown>) {
      record.settings.set(`${namespace}.${key}`, { config, value: config.default });
    },
    registerMenu: () => undefined,
    get(namespace: string, key: string) {
      const s = record.settings.get(`${namespace}.${key}`);
      if (!s) throw new Error(`stand-in game.settings.get: "${namespace}.${key}" is not a registered setting`);
      return s.value;
    },
    async set(namespace: string, key: string, value: unknown) {
      const s = record.settings.get(`${namespace}.${key}`);
      if (!s) throw new Error(`stand-in game.settings.set: "${namespace}.${key}" is not a registered setting`);
      s.value = value;
      return value;
    },
  };
  const game = new Proxy(
    {
      settings,
      i18n: { lang: "en", localize: (k: string) => k, format: (k: string) => k, has: () => true },
      user: { isGM: true, id: "gm", name: "GM" },
      users: [],
      system: { id: "omnibus" },
      ready: false,
    } as Record<string, unknown>,
    {
      get(t, prop) {
        if (prop in t || typeof prop === "symbol" || prop === "then") return t[prop as string];
        return (t[prop] = stub(`game.${prop}`));
      },
    },
  );
  const notify = (level: string) => (message: string) => record.notifications.push({ level, message: String(message) });

  const root = (name: string) => stub(name);
  Object.assign(g, {
    CONFIG,
    Hooks,
    game,
    Handlebars: Handlebars.create(),
    ui: { notifications: { info: notify("info"), warn: notify("warn"), error: notify("error") } },
    foundry: root("foundry"),
    Roll: root("Roll"),
    ChatMessage: root("ChatMessage"),
    Actor: root("Actor"),
    Item: root("Item"),
    Actors: root("Actors"),
    Items: root("Items"),
    DocumentSheetConfig: root("DocumentSheetConfig"),
    TextEditor: root("TextEditor"),
    Dialog: root("Dialog"),
    canvas: root("canvas"),
  });
  /** Calls every handler of a hook, as Hooks.callAll does, and waits for the async ones. */
  const fire = async (hook: string, ...args: unknown[]) => {
    await Promise.all((record.hooks.get(hook) ?? []).map((fn) => fn(...args)));
  };
  return { record, CONFIG, fire };
}
