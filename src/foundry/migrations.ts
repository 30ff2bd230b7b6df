/**
 * World migrations. The world setting `omnibus.dataVersion` records, per ruleset, the data version
 * the world's documents were last migrated to (`{ d6: 1, wfrp: 2, … }`); each adapter declares its
 * current version in `migration.version` (default 1, see ruleset.ts `RulesetMigration`).
 *
 * At `ready` the active GM (no one else) runs `migrateWorldIfNeeded()`:
 *  - a new world (nothing recorded, no actors, items or scenes) only records the current versions;
 *  - otherwise every ruleset whose recorded version is below its current one is migrated: world
 *    actors and their embedded items, world items, the actor deltas of unlinked tokens in scenes
 *    (and the items they hold), and the Actor/Item documents of unlocked world compendium packs of
 *    this system. Locked packs are left as they are and named in the final notice.
 *  - Each document's STORED `system` (the raw world data the server sent, `game.data`, or a pack's
 *    index — Foundry has already run `migrateData` on the in-memory copy, so comparing with that
 *    would find nothing) goes through its data model's `migrateData` and the adapter's
 *    `migrateSystem`. Only a document whose source changed is written, in one
 *    `update({system}, {diff: false, recursive: false})` (diff off: the in-memory source already
 *    equals the result). A document that throws is reported (notification + console) and left
 *    unchanged; the others go on. Nothing is ever deleted.
 *  - A progress notification follows the work; the new versions are stored last.
 */
import { isRulesetId, type RulesetId } from "../rules/index";
import { localize, notify } from "./i18n";
import { SYSTEM_ID, allRulesets, getRuleset, rulesetOfType } from "./registry";
import type { DocumentKind, MigrationContext } from "./ruleset";
import { settingsStore } from "./settings";

export const DATA_VERSION_SETTING = "dataVersion";

/** Recorded data versions per ruleset. */
export type DataVersions = Partial<Record<RulesetId, number>>;

type Source = Record<string, unknown>;

/** A document as the migration uses it (world, embedded, or from a pack). */
interface MigratableDocument {
  id: string | null;
  uuid: string;
  name: string | null;
  type: string;
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

/** The recorded versions (a stored value that is not a plain object counts as nothing recorded). */
export function storedVersions(): DataVersions {
  const value = settingsStore().get(SYSTEM_ID, DATA_VERSION_SETTING);
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  const versions: DataVersions = {};
  for (const [id, v] of Object.entries(value as Record<string, unknown>)) {
    if (isRulesetId(id) && typeof v === "number" && Number.isInteger(v) && v >= 0) versions[id] = v;
  }
  return versions;
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

/**
 * The migrated copy of a stored `system` source, or null when nothing changes (or the type is not
 * one of the rulesets being migrated). Throws what `migrateData` / `migrateSystem` throw.
 */
export function migrateSystemSource(
  kind: DocumentKind,
  type: string,
  system: unknown,
  pending: Map<RulesetId, number>,
  about: { name: string; uuid: string; partial?: boolean },
): Source | null {
  const ruleset = rulesetOfType(type);
  if (!ruleset || !pending.has(ruleset) || !isRecord(system)) return null;
  const adapter = getRuleset(ruleset);
  const spec = adapter && (kind === "Actor" ? adapter.actorTypes : adapter.itemTypes)[type];
  if (!adapter || !spec) return null;
  let migrated: Source = structuredClone(system);
  const model = spec.dataModel as unknown as { migrateData?: (source: Source) => Source | void };
  if (typeof model.migrateData === "function") migrated = model.migrateData.call(model, migrated) ?? migrated;
  const context: MigrationContext = { kind, type, name: about.name, uuid: about.uuid, fromVersion: pending.get(ruleset)!, partial: Boolean(about.partial) };
  adapter.migration?.migrateSystem?.(migrated, context);
  return sameData(system, migrated) ? null : migrated;
}

/** Options of the one write per changed document (see the file comment). */
export const MIGRATION_UPDATE_OPTIONS = { diff: false, recursive: false, render: false, omnibusMigration: true } as const;

export interface MigrationReport {
  /** Documents written. */
  updated: number;
  /** Documents that threw (left unchanged). */
  failed: Array<{ uuid: string; name: string; error: unknown }>;
  /** Locked world packs of this system that were left alone (their labels). */
  lockedPacks: string[];
  /** The versions migrated from, per ruleset. */
  from: DataVersions;
}

interface Progress {
  update?(data: { pct?: number; message?: string }): void;
}

class MigrationRun {
  readonly report: MigrationReport;
  #done = 0;
  constructor(
    readonly pending: Map<RulesetId, number>,
    readonly total: number,
    readonly progress: Progress | null,
  ) {
    this.report = { updated: 0, failed: [], lockedPacks: [], from: Object.fromEntries(pending) };
  }

  #step(): void {
    this.#done++;
    this.progress?.update?.({ pct: this.total > 0 ? Math.min(1, this.#done / this.total) : 1 });
  }

  /** Migrates one document: its stored `system` → one update if it changed. Never throws. */
  async document(
    kind: DocumentKind,
    doc: MigratableDocument | null | undefined,
    stored: Source | null | undefined,
    options: { partial?: boolean; type?: string; uuid?: string; target?: MigratableDocument | null | (() => Promise<MigratableDocument | null | undefined>) } = {},
  ): Promise<void> {
    const type = options.type ?? (typeof stored?.type === "string" ? stored.type : doc?.type) ?? "";
    const name = String(stored?.name ?? doc?.name ?? "");
    const uuid = doc?.uuid ?? options.uuid ?? String(stored?._id ?? "");
    try {
      if (!stored || !rulesetOfType(type)) return;
      const system = migrateSystemSource(kind, type, stored.system, this.pending, { name, uuid, partial: options.partial });
      if (!system) return;
      const target = typeof options.target === "function" ? await options.target() : (options.target ?? doc);
      if (!target) throw new Error(`no document to update for ${uuid}`);
      await target.update({ system }, { ...MIGRATION_UPDATE_OPTIONS });
      this.report.updated++;
    } catch (error) {
      this.report.failed.push({ uuid, name, error });
      console.error(`Omnibus | migration failed for ${kind} ${name} (${uuid})`, error);
      notify("error", "OMNIBUS.Migration.Failed", { kind: localize(`OMNIBUS.Migration.Kind.${kind}`), name, uuid });
    } finally {
      this.#step();
    }
  }

  /** An actor and the items stored inside it. */
  async actorWithItems(actor: ActorLike | null | undefined, stored: Source | null | undefined): Promise<void> {
    await this.document("Actor", actor, stored);
    for (const item of rawList(stored?.items)) {
      const id = String(item._id ?? "");
      const doc = actor?.items?.get(id) ?? actor?.items?.getInvalid?.(id);
      await this.document("Item", doc, item);
    }
  }
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

function countWork(g: GameLike, packs: PackLike[]): number {
  let total = 0;
  for (const actor of rawList(g.data?.actors)) total += 1 + rawList(actor.items).length;
  total += rawList(g.data?.items).length;
  for (const scene of rawList(g.data?.scenes)) {
    for (const token of rawList(scene.tokens)) {
      if (token.actorLink || !isRecord(token.delta)) continue;
      total += 1 + rawList(token.delta.items).length;
    }
  }
  for (const pack of packs) total += pack.index?.size ?? 0;
  return total;
}

/** Migrates the world for `pending` rulesets (see the file comment). Does not store the versions. */
export async function migrateWorld(pending: Map<RulesetId, number>, progress: Progress | null = null): Promise<MigrationReport> {
  const g = theGame();
  const { open, locked } = worldPacks(g);
  const run = new MigrationRun(pending, countWork(g, open), progress);
  run.report.lockedPacks = locked.map((p) => p.metadata.label ?? p.collection);

  for (const stored of rawList(g.data?.actors)) {
    await run.actorWithItems(worldDocument(g.actors, String(stored._id ?? "")), stored);
  }
  for (const stored of rawList(g.data?.items)) {
    await run.document("Item", worldDocument(g.items, String(stored._id ?? "")), stored);
  }

  const rawActors = byId(g.data?.actors);
  for (const storedScene of rawList(g.data?.scenes)) {
    const scene = worldDocument(g.scenes, String(storedScene._id ?? ""));
    for (const storedToken of rawList(storedScene.tokens)) {
      const delta = storedToken.delta;
      if (storedToken.actorLink || !isRecord(delta)) continue;
      const token = scene?.tokens.get(String(storedToken._id ?? ""));
      const baseType = rawActors.get(String(storedToken.actorId ?? ""))?.type;
      const type = typeof delta.type === "string" && delta.type ? delta.type : typeof baseType === "string" ? baseType : (token?.actor?.type ?? "");
      // Only the fields the delta overrides are migrated, and written back into the delta itself.
      const overrides = isRecord(delta.system) && Object.keys(delta.system).length > 0 ? { ...delta, type } : null;
      await run.document("Actor", token?.actor ?? null, overrides, { partial: true, type, target: token?.delta ?? null });
      for (const item of rawList(delta.items)) {
        await run.document("Item", token?.actor?.items.get(String(item._id ?? "")), item);
      }
    }
  }

  for (const pack of open) {
    const kind = pack.documentName as DocumentKind;
    let index: Source[];
    try {
      index = Array.from(await pack.getIndex({ fields: kind === "Actor" ? ["system", "items"] : ["system"] }));
    } catch (error) {
      run.report.failed.push({ uuid: pack.collection, name: pack.metadata.label ?? pack.collection, error });
      console.error(`Omnibus | migration could not read pack ${pack.collection}`, error);
      notify("error", "OMNIBUS.Migration.Failed", { kind: localize("OMNIBUS.Migration.Kind.Pack"), name: pack.metadata.label ?? pack.collection, uuid: pack.collection });
      continue;
    }
    for (const entry of index) {
      // A pack document is loaded only when it (or an item inside it) is about to be written.
      const id = String(entry._id ?? "");
      const load = once(async () => ((await pack.getDocument(id)) ?? null) as ActorLike | null);
      const uuid = `Compendium.${pack.collection}.${kind}.${id}`;
      await run.document(kind, null, entry, { uuid, target: load });
      if (kind !== "Actor") continue;
      for (const item of rawList(entry.items)) {
        const itemId = String(item._id ?? "");
        await run.document("Item", null, item, { uuid: `${uuid}.Item.${itemId}`, target: async () => (await load())?.items.get(itemId) });
      }
    }
  }
  return run.report;
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

/**
 * The `ready` step: on the active GM only, migrates what is pending, then records the versions.
 * Returns the report, or null when there was nothing to do (or this user is not the active GM).
 */
export async function migrateWorldIfNeeded(): Promise<MigrationReport | null> {
  const g = theGame();
  if (!isActiveGM(g)) return null;
  const store = settingsStore();
  const current = currentVersions();
  const stored = storedVersions();
  if (Object.keys(stored).length === 0 && isEmptyWorld(g)) {
    await store.set(SYSTEM_ID, DATA_VERSION_SETTING, current);
    return null;
  }
  const pending = pendingMigrations(stored, current);
  if (pending.size === 0) return null;

  const versions = Array.from(pending.keys(), (id) => `${id} ${current[id]}`).join(", ");
  const notifications = ui.notifications as unknown as { info(message: string, options?: Record<string, unknown>): unknown } | undefined;
  const progress = (notifications?.info(localize("OMNIBUS.Migration.Begin", { versions }), { progress: true, permanent: true }) ?? null) as Progress | null;
  const report = await migrateWorld(pending, progress);
  await store.set(SYSTEM_ID, DATA_VERSION_SETTING, { ...stored, ...current });

  const done = report.failed.length > 0 ? "OMNIBUS.Migration.CompleteWithErrors" : "OMNIBUS.Migration.Complete";
  const counts = { versions, updated: report.updated, failed: report.failed.length };
  if (typeof progress?.update === "function") progress.update({ pct: 1, message: localize(done, counts) });
  else notify(report.failed.length > 0 ? "warn" : "info", done, counts);
  if (report.lockedPacks.length > 0) notify("warn", "OMNIBUS.Migration.LockedPacks", { packs: report.lockedPacks.join(", ") });
  return report;
}
