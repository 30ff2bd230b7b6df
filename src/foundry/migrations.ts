/**
 * World migrations. The world setting `omnibus.dataVersion` records, per ruleset, the data version
 * the world's documents were last migrated to (`{ d6: 1, wfrp: 2, … }`); each adapter declares its
 * current version in `migration.version` (default 1, see ruleset.ts `RulesetMigration`). The world
 * setting `omnibus.migrationRetry` records, per ruleset, what is still behind: the documents that
 * failed (by uuid) and the packs that were locked or unreadable (by collection), each with the
 * version it is still at. So the version moves on only for documents that migrated.
 *
 * At `ready` the active GM (no one else) runs `migrateWorldIfNeeded()`:
 *  - a new world (nothing recorded, no actors, items or scenes) only records the current versions;
 *  - every ruleset whose recorded version is below its current one is migrated: world actors and
 *    their embedded items, world items, the actor deltas of unlinked tokens in scenes (and the items
 *    they hold), and the Actor/Item documents of unlocked world compendium packs of this system;
 *    before that, the GM is told to keep a backup (a permanent notification);
 *  - the documents and packs recorded in `migrationRetry` are tried again (from their own version);
 *  - locked packs are left as they are and recorded; `installPackUnlockRetry` migrates them as soon
 *    as a GM unlocks them (the `core.compendiumConfiguration` setting changes).
 *  - Each document's STORED `system` (the raw world data the server sent, `game.data`, or a pack's
 *    index — Foundry has already run `migrateData` on the in-memory copy, so comparing with that
 *    would find nothing) goes through its data model's `migrateData` and the adapter's
 *    `migrateSystem`. Only a document whose source changed is written, in one
 *    `update({system}, {diff: false, recursive: false})` (diff off: the in-memory source already
 *    equals the result). A value a step could not read (core/unreadable.ts) is first kept in the
 *    document's `flags.omnibus.unmigrated` list (`{path, value}`), then the system is written.
 *    A document that throws is recorded for the next start and left unchanged; the others go on.
 *    Nothing is ever deleted.
 *  - A progress notification follows the work and ends with one summary (counts); when something
 *    failed or could not be read, the list goes to the console (a table) and to a chat message
 *    whispered to the GM, with links to the documents.
 */
import { serialQueue } from "../core/serial";
import type { UnreadableValue } from "../core/unreadable";
import { isRulesetId, type RulesetId } from "../rules/index";
import { localize, notify } from "./i18n";
import { SYSTEM_ID, allRulesets, getRuleset, rulesetOfType } from "./registry";
import type { DocumentKind, MigrationContext } from "./ruleset";
import { SETTING, settingsStore } from "./settings";

export const DATA_VERSION_SETTING = SETTING.dataVersion;
export const RETRY_SETTING = SETTING.migrationRetry;

/** Recorded data versions per ruleset. */
export type DataVersions = Partial<Record<RulesetId, number>>;

/** What is still behind, per ruleset: documents by uuid and packs by collection, each with the version it is at. */
export type RetryState = Partial<Record<RulesetId, { documents: Record<string, number>; packs: Record<string, number> }>>;

type Source = Record<string, unknown>;

/** A document as the migration uses it (world, embedded, or from a pack). */
interface MigratableDocument {
  id: string | null;
  uuid: string;
  name: string | null;
  type: string;
  flags?: Record<string, unknown>;
  update(data: Source, options: Source): Promise<unknown>;
}

interface DocumentCollection<T> extends Iterable<T> {
  size: number;
  get(id: string): T | undefined;
  getInvalid?(id: string): T | undefined;
}

interface ActorLike extends MigratableDocument {
  items: DocumentCollection<MigratableDocument>;
}

interface TokenLike {
  id: string;
  actorLink: boolean;
  actor: ActorLike | null;
  delta: MigratableDocument | null;
}

interface SceneLike {
  id: string;
  tokens: DocumentCollection<TokenLike>;
}

interface PackLike {
  collection: string;
  documentName: string;
  locked: boolean;
  metadata: { label?: string; packageType?: string; system?: string };
  index: { size: number };
  getIndex(options: { fields: string[] }): Promise<Iterable<Source>>;
  getDocument(id: string): Promise<ActorLike | MigratableDocument | null | undefined>;
}

interface GameLike {
  user?: { id?: string | null; isGM?: boolean } | null;
  users?: { activeGM?: { id?: string | null } | null } | null;
  actors?: DocumentCollection<ActorLike>;
  items?: DocumentCollection<MigratableDocument>;
  scenes?: DocumentCollection<SceneLike>;
  packs?: Iterable<PackLike>;
  data?: { actors?: Source[]; items?: Source[]; scenes?: Source[] };
}

function theGame(): GameLike {
  return game as unknown as GameLike;
}

/** The current data version of every registered ruleset. */
export function currentVersions(): Record<RulesetId, number> {
  const versions = {} as Record<RulesetId, number>;
  for (const adapter of allRulesets()) versions[adapter.id] = adapter.migration?.version ?? 1;
  return versions;
}

const isVersion = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;

/** The recorded versions (a stored value that is not a plain object counts as nothing recorded). */
export function storedVersions(): DataVersions {
  const value = settingsStore().get(SYSTEM_ID, DATA_VERSION_SETTING);
  if (!isRecord(value)) return {};
  const versions: DataVersions = {};
  for (const [id, v] of Object.entries(value)) {
    if (isRulesetId(id) && isVersion(v)) versions[id] = v;
  }
  return versions;
}

/** The recorded retry state, cleaned (entries that are not a uuid → version are dropped). */
export function storedRetry(): RetryState {
  const value = settingsStore().get(SYSTEM_ID, RETRY_SETTING);
  const state: RetryState = {};
  if (!isRecord(value)) return state;
  for (const [id, entry] of Object.entries(value)) {
    if (!isRulesetId(id) || !isRecord(entry)) continue;
    const pick = (v: unknown) =>
      (isRecord(v) ? Object.fromEntries(Object.entries(v).filter(([, n]) => isVersion(n))) : {}) as Record<string, number>;
    state[id] = { documents: pick(entry.documents), packs: pick(entry.packs) };
  }
  return state;
}

/** The rulesets to migrate, with the version each comes from (0 when never recorded). */
export function pendingMigrations(stored: DataVersions, current: Record<RulesetId, number>): Map<RulesetId, number> {
  const pending = new Map<RulesetId, number>();
  for (const [id, version] of Object.entries(current) as Array<[RulesetId, number]>) {
    const from = stored[id] ?? 0;
    if (from < version) pending.set(id, from);
  }
  return pending;
}

/** Deep equality of plain JSON-like data, ignoring key order. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((v, i) => sameData(v, other[i]));
  }
  const ka = Object.keys(a as object).filter((k) => (a as Source)[k] !== undefined);
  const kb = Object.keys(b as object).filter((k) => (b as Source)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b as object, k) && sameData((a as Source)[k], (b as Source)[k]));
}

function isRecord(value: unknown): value is Source {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What one document's migration gives: the new `system` (null when unchanged) and what it could not read. */
export interface SystemMigration {
  system: Source | null;
  unreadable: UnreadableValue[];
}

/**
 * Migrates a stored `system` source from `fromVersion`: a copy through the data model's
 * `migrateData` (given a notes list for what it cannot read) and the adapter's `migrateSystem`.
 * `system` is null when nothing changes or the type belongs to no registered ruleset.
 * Throws what `migrateData` / `migrateSystem` throw.
 */
export function migrateSystemSource(
  kind: DocumentKind,
  type: string,
  system: unknown,
  fromVersion: number,
  about: { name: string; uuid: string; partial?: boolean },
): SystemMigration {
  const unreadable: UnreadableValue[] = [];
  const ruleset = rulesetOfType(type);
  if (!ruleset || !isRecord(system)) return { system: null, unreadable };
  const adapter = getRuleset(ruleset);
  const spec = adapter && (kind === "Actor" ? adapter.actorTypes : adapter.itemTypes)[type];
  if (!adapter || !spec) return { system: null, unreadable };
  let migrated: Source = structuredClone(system);
  const model = spec.dataModel as unknown as { migrateData?: (source: Source, notes?: UnreadableValue[]) => Source | void };
  if (typeof model.migrateData === "function") migrated = model.migrateData.call(model, migrated, unreadable) ?? migrated;
  const context: MigrationContext = { kind, type, name: about.name, uuid: about.uuid, fromVersion, partial: Boolean(about.partial) };
  adapter.migration?.migrateSystem?.(migrated, context);
  return { system: sameData(system, migrated) ? null : migrated, unreadable };
}

/** Options of the one write per changed document (see the file comment). */
export const MIGRATION_UPDATE_OPTIONS = { diff: false, recursive: false, render: false, omnibusMigration: true } as const;
/** Options of the write that keeps unreadable values in `flags.omnibus.unmigrated` (merged with the other flags). */
export const UNMIGRATED_FLAG_OPTIONS = { render: false, omnibusMigration: true } as const;

/** An unreadable value kept in a document's `flags.omnibus.unmigrated`. */
export interface UnmigratedEntry extends UnreadableValue {
  /** The ruleset's data version the value was found at. */
  version: number;
}

export interface MigrationReport {
  /** Documents written. */
  updated: number;
  /** Documents that threw (left unchanged, retried at the next start). */
  failed: Array<{ uuid: string; name: string; error: unknown }>;
  /** Values a step could not read: kept in the document's `flags.omnibus.unmigrated`. */
  unreadable: Array<{ uuid: string; name: string; path: string; value: unknown }>;
  /** Locked world packs of this system that were left alone (migrated once unlocked). */
  lockedPacks: Array<{ collection: string; label: string }>;
  /** The versions migrated from, per ruleset (whole-ruleset migrations only). */
  from: DataVersions;
  /** What is still behind after this run (stored as `omnibus.migrationRetry`). */
  retry: RetryState;
}

interface Progress {
  update?(data: { pct?: number; message?: string }): void;
}

/** What one run migrates: whole rulesets from a version, plus the recorded retries; the world and/or some packs. */
export interface MigrationPlan {
  whole: Map<RulesetId, number>;
  retry: RetryState;
  /** Whether world documents (actors, items, tokens) are visited. */
  world: boolean;
  /** The packs visited (collections); null = every world pack of this system. */
  packs: Set<string> | null;
}

const WORLD = "world";

/** The container a uuid lives in: `world`, or the pack collection of a `Compendium.<pkg>.<name>.…` uuid. */
function containerOf(uuid: string): string {
  const m = /^Compendium\.([^.]+\.[^.]+)\./.exec(uuid);
  return m ? m[1] : WORLD;
}

class MigrationRun {
  readonly report: MigrationReport;
  #done = 0;
  /** Per ruleset: the uuids visited and migrated (or found unchanged) this run. */
  readonly #migrated = new Map<RulesetId, Set<string>>();
  /** Per ruleset: the uuids that failed, with their version. */
  readonly #failed = new Map<RulesetId, Map<string, number>>();
  /** Containers fully visited this run (`world`, pack collections). */
  readonly #visited = new Set<string>();
  /** Packs left behind (locked or unreadable), per ruleset with their version. */
  readonly #behind = new Map<string, Map<RulesetId, number>>();
  constructor(
    readonly plan: MigrationPlan,
    readonly total: number,
    readonly progress: Progress | null,
  ) {
    this.report = { updated: 0, failed: [], unreadable: [], lockedPacks: [], from: Object.fromEntries(plan.whole), retry: {} };
  }

  /** The version a document is migrated from, or null when this run leaves it alone. */
  fromVersion(ruleset: RulesetId, uuid: string): number | null {
    const candidates: number[] = [];
    const whole = this.plan.whole.get(ruleset);
    if (whole !== undefined) candidates.push(whole);
    const retry = this.plan.retry[ruleset];
    const doc = retry?.documents[uuid];
    if (doc !== undefined) candidates.push(doc);
    const container = containerOf(uuid);
    const pack = container === WORLD ? undefined : retry?.packs[container];
    if (pack !== undefined) candidates.push(pack);
    return candidates.length > 0 ? Math.min(...candidates) : null;
  }

  /** The versions a pack would be migrated from, per ruleset (for recording it as behind). */
  packVersions(collection: string): Map<RulesetId, number> {
    const out = new Map<RulesetId, number>(this.plan.whole);
    for (const [id, entry] of Object.entries(this.plan.retry) as Array<[RulesetId, NonNullable<RetryState[RulesetId]>]>) {
      const v = entry.packs[collection];
      if (v !== undefined) out.set(id, Math.min(v, out.get(id) ?? v));
    }
    return out;
  }

  visited(container: string): void {
    this.#visited.add(container);
  }

  leftBehind(collection: string): void {
    this.#behind.set(collection, this.packVersions(collection));
  }

  #step(): void {
    this.#done++;
    this.progress?.update?.({ pct: this.total > 0 ? Math.min(1, this.#done / this.total) : 1 });
  }

  /** Migrates one document: its stored `system` → one update if it changed. Never throws. */
  async document(
    kind: DocumentKind,
    stored: Source | null | undefined,
    options: {
      uuid: string;
      partial?: boolean;
      type?: string;
      doc?: MigratableDocument | null;
      target?: MigratableDocument | null | (() => Promise<MigratableDocument | null | undefined>);
    },
  ): Promise<void> {
    const { uuid } = options;
    const type = options.type ?? (typeof stored?.type === "string" ? stored.type : options.doc?.type) ?? "";
    const name = String(stored?.name ?? options.doc?.name ?? "");
    const ruleset = rulesetOfType(type);
    const from = ruleset && stored ? this.fromVersion(ruleset, uuid) : null;
    try {
      if (!ruleset || from === null || !stored) return;
      const { system, unreadable } = migrateSystemSource(kind, type, stored.system, from, { name, uuid, partial: options.partial });
      if (system || unreadable.length > 0) {
        const target = typeof options.target === "function" ? await options.target() : (options.target ?? options.doc);
        if (!target) throw new Error(`no document to update for ${uuid}`);
        if (unreadable.length > 0) {
          // The old values first: if the second write fails, nothing has been lost.
          const kept = keptValues(stored, target, unreadable, from);
          await target.update({ "flags.omnibus.unmigrated": kept }, { ...UNMIGRATED_FLAG_OPTIONS });
          for (const u of unreadable) this.report.unreadable.push({ uuid, name, path: u.path, value: u.value });
        }
        if (system) {
          await target.update({ system }, { ...MIGRATION_UPDATE_OPTIONS });
          this.report.updated++;
        }
      }
      setOf(this.#migrated, ruleset).add(uuid);
    } catch (error) {
      this.report.failed.push({ uuid, name, error });
      if (ruleset && from !== null) mapOf(this.#failed, ruleset).set(uuid, from);
      console.error(`Omnibus | migration failed for ${kind} ${name} (${uuid})`, error);
    } finally {
      this.#step();
    }
  }

  /** An actor and the items stored inside it. */
  async actorWithItems(actor: ActorLike | null | undefined, stored: Source, uuid: string): Promise<void> {
    await this.document("Actor", stored, { uuid, doc: actor });
    for (const item of rawList(stored.items)) {
      const id = String(item._id ?? "");
      const doc = actor?.items?.get(id) ?? actor?.items?.getInvalid?.(id);
      await this.document("Item", item, { uuid: `${uuid}.Item.${id}`, doc });
    }
  }

  /** What is still behind after the run: the old state, less what migrated or is gone, plus what failed or was left. */
  finish(existingPacks: Set<string>): RetryState {
    const next: RetryState = {};
    const entry = (id: RulesetId) => (next[id] ??= { documents: {}, packs: {} });
    for (const [id, old] of Object.entries(this.plan.retry) as Array<[RulesetId, NonNullable<RetryState[RulesetId]>]>) {
      for (const [uuid, v] of Object.entries(old.documents)) {
        const container = containerOf(uuid);
        const gone = this.#visited.has(container) || (this.plan.world && container !== WORLD && !existingPacks.has(container));
        if (!gone && !this.#migrated.get(id)?.has(uuid)) entry(id).documents[uuid] = v;
      }
      for (const [collection, v] of Object.entries(old.packs)) {
        const gone = this.#visited.has(collection) || (this.plan.world && !existingPacks.has(collection));
        if (!gone) entry(id).packs[collection] = v;
      }
    }
    for (const [id, failed] of this.#failed)
      for (const [uuid, v] of failed) entry(id).documents[uuid] = Math.min(v, entry(id).documents[uuid] ?? v);
    for (const [collection, versions] of this.#behind)
      for (const [id, v] of versions) entry(id).packs[collection] = Math.min(v, entry(id).packs[collection] ?? v);
    for (const id of Object.keys(next) as RulesetId[]) {
      const e = next[id]!;
      if (Object.keys(e.documents).length === 0 && Object.keys(e.packs).length === 0) delete next[id];
    }
    return next;
  }
}

function setOf<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  return set;
}

function mapOf<K, K2, V>(map: Map<K, Map<K2, V>>, key: K): Map<K2, V> {
  let inner = map.get(key);
  if (!inner) map.set(key, (inner = new Map()));
  return inner;
}

/** The `flags.omnibus.unmigrated` list after adding `unreadable` to what the document already keeps. */
function keptValues(stored: Source, target: MigratableDocument, unreadable: UnreadableValue[], version: number): UnmigratedEntry[] {
  const listIn = (flags: unknown): UnmigratedEntry[] => {
    const list = isRecord(flags) && isRecord(flags.omnibus) ? flags.omnibus.unmigrated : undefined;
    return Array.isArray(list) ? list.filter((e): e is UnmigratedEntry => isRecord(e) && typeof e.path === "string") : [];
  };
  const kept = listIn(stored.flags);
  for (const e of listIn(target.flags)) if (!kept.some((k) => k.path === e.path && sameData(k.value, e.value))) kept.push(e);
  for (const u of unreadable)
    if (!kept.some((k) => k.path === u.path && sameData(k.value, u.value))) kept.push({ path: u.path, value: u.value, version });
  return kept;
}

function rawList(value: unknown): Source[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function byId(list: Source[] | undefined): Map<string, Source> {
  return new Map(rawList(list).map((entry) => [String(entry._id ?? ""), entry]));
}

function worldDocument<T>(collection: DocumentCollection<T> | undefined, id: string): T | undefined {
  return collection?.get(id) ?? collection?.getInvalid?.(id);
}

/** The world packs this migration may write (Actor/Item packs of this system), and the locked ones. */
function worldPacks(g: GameLike): { open: PackLike[]; locked: PackLike[] } {
  const open: PackLike[] = [];
  const locked: PackLike[] = [];
  for (const pack of g.packs ?? []) {
    if (pack.metadata?.packageType !== "world" || pack.metadata.system !== SYSTEM_ID) continue;
    if (pack.documentName !== "Actor" && pack.documentName !== "Item") continue;
    (pack.locked ? locked : open).push(pack);
  }
  return { open, locked };
}

function countWork(g: GameLike, plan: MigrationPlan, packs: PackLike[]): number {
  let total = 0;
  if (plan.world) {
    for (const actor of rawList(g.data?.actors)) total += 1 + rawList(actor.items).length;
    total += rawList(g.data?.items).length;
    for (const scene of rawList(g.data?.scenes)) {
      for (const token of rawList(scene.tokens)) {
        if (token.actorLink || !isRecord(token.delta)) continue;
        total += 1 + rawList(token.delta.items).length;
      }
    }
  }
  for (const pack of packs) total += pack.index?.size ?? 0;
  return total;
}

const inPlan = (plan: MigrationPlan, pack: PackLike) => plan.packs === null || plan.packs.has(pack.collection);

/** Migrates what `plan` says (see the file comment). Does not store the versions or the retry state. */
export async function migrateWorld(plan: MigrationPlan, progress: Progress | null = null): Promise<MigrationReport> {
  const g = theGame();
  const all = worldPacks(g);
  const open = all.open.filter((p) => inPlan(plan, p));
  const locked = all.locked.filter((p) => inPlan(plan, p));
  const run = new MigrationRun(plan, countWork(g, plan, open), progress);

  if (plan.world) await migrateWorldDocuments(g, run);

  for (const pack of locked) run.leftBehind(pack.collection);
  run.report.lockedPacks = locked
    .filter((p) => run.packVersions(p.collection).size > 0)
    .map((p) => ({ collection: p.collection, label: p.metadata.label ?? p.collection }));

  for (const pack of open) {
    const kind = pack.documentName as DocumentKind;
    let index: Source[];
    try {
      index = Array.from(
        await pack.getIndex({
          fields: kind === "Actor" ? ["system", "items", "flags.omnibus.unmigrated"] : ["system", "flags.omnibus.unmigrated"],
        }),
      );
    } catch (error) {
      run.report.failed.push({ uuid: pack.collection, name: pack.metadata.label ?? pack.collection, error });
      run.leftBehind(pack.collection);
      console.error(`Omnibus | migration could not read pack ${pack.collection}`, error);
      continue;
    }
    for (const entry of index) {
      // A pack document is loaded only when it (or an item inside it) is about to be written.
      const id = String(entry._id ?? "");
      const load = once(async () => ((await pack.getDocument(id)) ?? null) as ActorLike | null);
      const uuid = `Compendium.${pack.collection}.${kind}.${id}`;
      await run.document(kind, entry, { uuid, target: load });
      if (kind !== "Actor") continue;
      for (const item of rawList(entry.items)) {
        const itemId = String(item._id ?? "");
        await run.document("Item", item, { uuid: `${uuid}.Item.${itemId}`, target: async () => (await load())?.items.get(itemId) });
      }
    }
    run.visited(pack.collection);
  }
  run.report.retry = run.finish(new Set(Array.from(g.packs ?? [], (p) => p.collection)));
  return run.report;
}

async function migrateWorldDocuments(g: GameLike, run: MigrationRun): Promise<void> {
  for (const stored of rawList(g.data?.actors)) {
    const id = String(stored._id ?? "");
    await run.actorWithItems(worldDocument(g.actors, id), stored, `Actor.${id}`);
  }
  for (const stored of rawList(g.data?.items)) {
    const id = String(stored._id ?? "");
    await run.document("Item", stored, { uuid: `Item.${id}`, doc: worldDocument(g.items, id) });
  }

  const rawActors = byId(g.data?.actors);
  for (const storedScene of rawList(g.data?.scenes)) {
    const sceneId = String(storedScene._id ?? "");
    const scene = worldDocument(g.scenes, sceneId);
    for (const storedToken of rawList(storedScene.tokens)) {
      const delta = storedToken.delta;
      if (storedToken.actorLink || !isRecord(delta)) continue;
      const tokenId = String(storedToken._id ?? "");
      const token = scene?.tokens.get(tokenId);
      const actorId = String(storedToken.actorId ?? "");
      const baseType = rawActors.get(actorId)?.type;
      const type =
        typeof delta.type === "string" && delta.type ? delta.type : typeof baseType === "string" ? baseType : (token?.actor?.type ?? "");
      const uuid = `Scene.${sceneId}.Token.${tokenId}.Actor.${actorId}`;
      // Only the fields the delta overrides are migrated, and written back into the delta itself.
      const overrides =
        isRecord(delta.system) && Object.keys(delta.system).length > 0 ? { ...delta, type, name: delta.name ?? token?.actor?.name } : null;
      await run.document("Actor", overrides, { uuid, partial: true, type, doc: token?.actor ?? null, target: token?.delta ?? null });
      for (const item of rawList(delta.items)) {
        const itemId = String(item._id ?? "");
        await run.document("Item", item, { uuid: `${uuid}.Item.${itemId}`, doc: token?.actor?.items.get(itemId) });
      }
    }
  }
  run.visited(WORLD);
}

function once<T>(fn: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | null = null;
  return () => (result ??= fn());
}

function isActiveGM(g: GameLike): boolean {
  const me = g.user;
  return Boolean(me?.isGM && me.id && g.users?.activeGM?.id === me.id);
}

function isEmptyWorld(g: GameLike): boolean {
  return (g.actors?.size ?? 0) + (g.items?.size ?? 0) + (g.scenes?.size ?? 0) === 0;
}

/** Whether the recorded retries have anything this run can do (world documents, or packs now open). */
function retryWork(retry: RetryState, openPacks: Set<string>, world: boolean): boolean {
  for (const entry of Object.values(retry)) {
    if (!entry) continue;
    for (const uuid of Object.keys(entry.documents)) {
      const container = containerOf(uuid);
      if (container === WORLD ? world : openPacks.has(container)) return true;
    }
    for (const collection of Object.keys(entry.packs)) if (openPacks.has(collection)) return true;
  }
  return false;
}

/** One migration at a time (the ready migration and a pack unlocked meanwhile). */
const exclusive = serialQueue();

/**
 * The `ready` step: on the active GM only, migrates what is pending (whole rulesets and recorded
 * retries), then records the versions and what is still behind. Returns the report, or null when
 * there was nothing to do (or this user is not the active GM).
 */
export function migrateWorldIfNeeded(): Promise<MigrationReport | null> {
  return exclusive(async () => {
    const g = theGame();
    if (!isActiveGM(g)) return null;
    const store = settingsStore();
    const current = currentVersions();
    const stored = storedVersions();
    const retry = storedRetry();
    if (Object.keys(stored).length === 0 && isEmptyWorld(g) && Object.keys(retry).length === 0) {
      await store.set(SYSTEM_ID, DATA_VERSION_SETTING, current);
      return null;
    }
    const whole = pendingMigrations(stored, current);
    const open = new Set(worldPacks(g).open.map((p) => p.collection));
    if (whole.size === 0 && !retryWork(retry, open, true)) return null;

    const versions = Array.from(whole.keys(), (id) => `${id} ${current[id]}`).join(", ");
    if (whole.size > 0) warnPermanent(localize("OMNIBUS.Migration.BackupHint", { versions }));
    const begin = whole.size > 0 ? localize("OMNIBUS.Migration.Begin", { versions }) : localize("OMNIBUS.Migration.RetryBegin");
    const { report, progress } = await runPlan({ whole, retry, world: true, packs: null }, begin);
    if (whole.size > 0) await store.set(SYSTEM_ID, DATA_VERSION_SETTING, { ...stored, ...current });
    await finishRun(report, progress, retry, versions);
    return report;
  });
}

/**
 * Migrates the recorded packs that are now unlocked (active GM only). Called when the compendium
 * configuration changes (a pack is unlocked); null when nothing was to do.
 */
export function migrateUnlockedPacks(): Promise<MigrationReport | null> {
  return exclusive(async () => {
    const g = theGame();
    if (!isActiveGM(g)) return null;
    const retry = storedRetry();
    const open = new Set(worldPacks(g).open.map((p) => p.collection));
    if (!retryWork(retry, open, false)) return null;
    const packs = new Set<string>();
    for (const entry of Object.values(retry)) {
      for (const uuid of Object.keys(entry?.documents ?? {})) if (open.has(containerOf(uuid))) packs.add(containerOf(uuid));
      for (const collection of Object.keys(entry?.packs ?? {})) if (open.has(collection)) packs.add(collection);
    }
    const { report, progress } = await runPlan({ whole: new Map(), retry, world: false, packs }, localize("OMNIBUS.Migration.RetryBegin"));
    await finishRun(report, progress, retry, "");
    return report;
  });
}

/** The setting that holds each world pack's configuration (its `locked` flag among others). */
const COMPENDIUM_CONFIGURATION = "core.compendiumConfiguration";

/** Retries the recorded packs when a GM unlocks one (the compendium configuration setting changes). */
export function installPackUnlockRetry(): void {
  const onSetting = (setting: unknown) => {
    if ((setting as { key?: unknown } | null)?.key === COMPENDIUM_CONFIGURATION) void migrateUnlockedPacks();
  };
  Hooks.on("updateSetting", onSetting as never);
  Hooks.on("createSetting", onSetting as never);
}

async function runPlan(plan: MigrationPlan, begin: string): Promise<{ report: MigrationReport; progress: Progress | null }> {
  const notifications = ui.notifications as unknown as { info(message: string, options?: Record<string, unknown>): unknown } | undefined;
  const progress = (notifications?.info(begin, { progress: true, permanent: true }) ?? null) as Progress | null;
  return { report: await migrateWorld(plan, progress), progress };
}

function warnPermanent(message: string): void {
  const notifications = ui.notifications as unknown as { warn(message: string, options?: Record<string, unknown>): unknown } | undefined;
  notifications?.warn(message, { permanent: true });
}

/** Stores what is still behind and shows the one summary (and the list, when there is one). */
async function finishRun(report: MigrationReport, progress: Progress | null, before: RetryState, versions: string): Promise<void> {
  await settingsStore().set(SYSTEM_ID, RETRY_SETTING, report.retry);
  const problems = report.failed.length + report.unreadable.length;
  const key =
    problems > 0 ? "OMNIBUS.Migration.CompleteWithProblems" : versions ? "OMNIBUS.Migration.Complete" : "OMNIBUS.Migration.RetryComplete";
  const counts = { versions: versions || "—", updated: report.updated, failed: report.failed.length, unreadable: report.unreadable.length };
  if (typeof progress?.update === "function") progress.update({ pct: 1, message: localize(key, counts) });
  else notify(problems > 0 ? "warn" : "info", key, counts);
  // A pack already recorded as locked is not named again at every start.
  const newlyLocked = report.lockedPacks.filter((p) => !Object.values(before).some((e) => e && p.collection in e.packs));
  if (newlyLocked.length > 0) notify("warn", "OMNIBUS.Migration.LockedPacks", { packs: newlyLocked.map((p) => p.label).join(", ") });
  if (problems > 0) await listProblems(report);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
/** A content link to a document (`@UUID[…]{name}`; the label may not contain braces or brackets). */
const link = (uuid: string, name: string) => `@UUID[${uuid.replace(/[[\]]/g, "")}]{${escapeHtml(name || uuid).replace(/[{}[\]]/g, "")}}`;
function shown(value: unknown): string {
  try {
    const text = typeof value === "string" ? value : JSON.stringify(value);
    return text.length > 200 ? `${text.slice(0, 200)}…` : text;
  } catch {
    return String(value);
  }
}

/** The failures and the kept values: a console table and a chat message whispered to this GM. */
async function listProblems(report: MigrationReport): Promise<void> {
  const rows = [
    ...report.failed.map((f) => ({
      document: f.name,
      uuid: f.uuid,
      problem: "failed",
      detail: f.error instanceof Error ? f.error.message : shown(f.error),
    })),
    ...report.unreadable.map((u) => ({ document: u.name, uuid: u.uuid, problem: `kept ${u.path}`, detail: shown(u.value) })),
  ];
  console.warn(
    `Omnibus | migration: ${report.failed.length} documents failed (retried at the next start), ${report.unreadable.length} values kept in flags.omnibus.unmigrated`,
  );
  console.table(rows);
  const parts = [`<div class="omnibus omnibus-migration-report"><h3>${escapeHtml(localize("OMNIBUS.Migration.ReportTitle"))}</h3>`];
  if (report.failed.length > 0) {
    parts.push(`<p>${escapeHtml(localize("OMNIBUS.Migration.ReportFailed"))}</p><ul>`);
    for (const f of report.failed)
      parts.push(`<li>${link(f.uuid, f.name)}: ${escapeHtml(f.error instanceof Error ? f.error.message : shown(f.error))}</li>`);
    parts.push("</ul>");
  }
  if (report.unreadable.length > 0) {
    parts.push(`<p>${escapeHtml(localize("OMNIBUS.Migration.ReportUnreadable"))}</p><ul>`);
    for (const u of report.unreadable)
      parts.push(`<li>${link(u.uuid, u.name)}: <code>${escapeHtml(u.path)}</code> “${escapeHtml(shown(u.value))}”</li>`);
    parts.push("</ul>");
  }
  parts.push("</div>");
  const me = theGame().user?.id;
  try {
    const messages = ChatMessage as unknown as { create(data: Source): Promise<unknown> };
    await messages.create({ content: parts.join(""), whisper: me ? [me] : [], speaker: { alias: "Omnibus" } });
  } catch (error) {
    console.error("Omnibus | could not post the migration report", error);
  }
}
