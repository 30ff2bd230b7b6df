/**
 * A self-test a GM runs inside their own world: `game.omnibus.selfTest()` (console or macro), or
 * the Quench batch "Omnibus: self-test" when the Quench module is active (`quenchReady`).
 *
 * For the active ruleset it creates temporary documents in temporary folders — one actor of every
 * actor type, one item of every item type — renders and closes every sheet, runs a check of each
 * sample kind with the dialog skipped (its card whispered to the GM), rolls initiative in a
 * temporary inactive combat, and deletes everything it created, also when a step fails (the cards
 * it posted too). It never touches a document it did not create. Each step is reported as passed,
 * failed (with the error) or pending, on the console and in a chat message whispered to the GM.
 *
 * It runs on one GM client, so it cannot exercise what players' clients do (requests to the GM,
 * ownership refusals). Pending: an attack on a temporary token through defence, damage, apply and
 * undo (the chat-card layer is being rewritten; it will be added with it).
 */
import type { RulesetAdapter } from "./ruleset";

export type StepStatus = "passed" | "failed" | "pending";
export interface SelfTestResult {
  step: string;
  status: StepStatus;
  error?: string;
}

export const SELF_TEST_NAME = "Omnibus self-test";

/**
 * Sample checks per ruleset (the kind and the sheet button's data), on the first actor type as
 * created: the checks a fresh character can make. Checks that need an item, a wound or a target
 * (attacks, healing, defence) are not here yet.
 */
export const SELF_TEST_CHECKS: Record<string, Array<{ kind: string; dataset: Record<string, string> }>> = {
  d6: [
    { kind: "attribute", dataset: { attribute: "dexterity" } },
    { kind: "movement", dataset: {} },
  ],
  storytelling: [
    { kind: "pool", dataset: { attribute: "strength", skill: "athletics" } },
    { kind: "consciousness", dataset: {} },
  ],
  wfrp: [{ kind: "characteristic", dataset: { characteristic: "ws" } }],
  silhouette: [
    { kind: "skill", dataset: { skill: "athletics" } },
    { kind: "jump", dataset: {} },
    { kind: "climb", dataset: {} },
    { kind: "fall", dataset: {} },
  ],
};

const PENDING_ATTACK = "attack on a temporary token → defence → damage → apply → undo";

interface Doc {
  id: string | null;
  uuid: string;
  name?: string | null;
  type?: string;
  sheet?: { render(options: { force: boolean }): unknown; close(): Promise<unknown> | unknown } | null;
  delete(): Promise<unknown>;
}
interface CombatDoc extends Doc {
  combatants: Iterable<{ initiative: number | null; name?: string | null }>;
  createEmbeddedDocuments(type: "Combatant", data: Array<Record<string, unknown>>): Promise<unknown>;
  rollAll(options?: Record<string, unknown>): Promise<unknown>;
}
interface Creatable<T> {
  create(data: Record<string, unknown>): Promise<T | undefined>;
}

interface Context {
  adapter: RulesetAdapter;
  created: Doc[];
  actors: Doc[];
  items: Doc[];
  folders: { Actor?: Doc; Item?: Doc };
}

export interface SelfTestStep {
  name: string;
  pending?: boolean;
  run(ctx: Context): Promise<void>;
}

function cls<T>(name: string): Creatable<T> {
  const value = (globalThis as Record<string, unknown>)[name] as Creatable<T> | undefined;
  if (!value?.create) throw new Error(`${name} is not available`);
  return value;
}

async function create<T extends Doc>(ctx: Context, kind: string, data: Record<string, unknown>): Promise<T> {
  const doc = (await cls<T>(kind).create(data)) ?? null;
  if (!doc) throw new Error(`${kind}.create returned nothing`);
  ctx.created.push(doc);
  return doc;
}

/** The steps for a ruleset, in order (their names are known before anything runs). */
export function selfTestSteps(adapter: RulesetAdapter): SelfTestStep[] {
  const steps: SelfTestStep[] = [];
  const actorTypes = Object.keys(adapter.actorTypes);
  const itemTypes = Object.keys(adapter.itemTypes);
  steps.push({
    name: "temporary folders",
    async run(ctx) {
      ctx.folders.Actor = await create(ctx, "Folder", { name: SELF_TEST_NAME, type: "Actor" });
      ctx.folders.Item = await create(ctx, "Folder", { name: SELF_TEST_NAME, type: "Item" });
    },
  });
  for (const type of actorTypes) {
    steps.push({
      name: `create actor ${type}`,
      async run(ctx) {
        ctx.actors.push(await create(ctx, "Actor", { name: `${SELF_TEST_NAME}: ${type}`, type, folder: ctx.folders.Actor?.id ?? null }));
      },
    });
  }
  for (const type of itemTypes) {
    steps.push({
      name: `create item ${type}`,
      async run(ctx) {
        ctx.items.push(await create(ctx, "Item", { name: `${SELF_TEST_NAME}: ${type}`, type, folder: ctx.folders.Item?.id ?? null }));
      },
    });
  }
  for (const type of [...actorTypes, ...itemTypes]) {
    steps.push({
      name: `render and close the ${type} sheet`,
      async run(ctx) {
        const doc = [...ctx.actors, ...ctx.items].find((d) => d.type === type);
        if (!doc?.sheet) throw new Error(`no ${type} document or sheet`);
        await doc.sheet.render({ force: true });
        await doc.sheet.close();
      },
    });
  }
  for (const check of SELF_TEST_CHECKS[adapter.id] ?? []) {
    steps.push({
      name: `${check.kind} check, dialog skipped, card whispered to the GM`,
      async run(ctx) {
        const actor = ctx.actors.find((d) => d.type === actorTypes[0]);
        if (!actor || !ctx.adapter.checks) throw new Error("no actor or no checks");
        const request = await ctx.adapter.checks.build({ actor: actor as never, kind: check.kind, dataset: { check: check.kind, ...check.dataset }, targets: [] });
        if (!request) throw new Error(`the ${check.kind} check built nothing`);
        const posted = await ctx.adapter.checks.roll(request, request.values, { rollMode: "gmroll" });
        if (!posted) throw new Error(`the ${check.kind} check posted no card`);
      },
    });
  }
  if (adapter.combat) {
    steps.push({
      name: "initiative in a temporary inactive combat",
      async run(ctx) {
        const combat = await create<CombatDoc>(ctx, "Combat", { active: false, scene: null });
        const fighters = ctx.actors.filter((a) => a.type !== undefined && !/vehicle|party/.test(a.type));
        await combat.createEmbeddedDocuments("Combatant", fighters.map((a) => ({ actorId: a.id, name: a.name, hidden: true })));
        await combat.rollAll();
        const missing = [...combat.combatants].filter((c) => typeof c.initiative !== "number");
        if (missing.length > 0) throw new Error(`no initiative for ${missing.map((c) => c.name).join(", ")}`);
      },
    });
  }
  steps.push({ name: PENDING_ATTACK, pending: true, run: async () => undefined });
  return steps;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs every step; deletes what it created (newest first) whatever happened; returns one result per
 * step. `onMessage` receives the ids of chat messages the run created (deleted with the rest).
 */
export async function runSelfTestSteps(adapter: RulesetAdapter, steps = selfTestSteps(adapter)): Promise<{ results: SelfTestResult[]; cleanup: string[] }> {
  const ctx: Context = { adapter, created: [], actors: [], items: [], folders: {} };
  const results: SelfTestResult[] = [];
  const userId = game.user?.id ?? null;
  const cards: Doc[] = [];
  const hook = Hooks.on("createChatMessage", ((msg: Doc & { author?: { id?: string } | null }) => {
    if (msg.author?.id === userId) cards.push(msg);
  }) as never);
  try {
    for (const step of steps) {
      if (step.pending) {
        results.push({ step: step.name, status: "pending" });
        continue;
      }
      try {
        await step.run(ctx);
        results.push({ step: step.name, status: "passed" });
      } catch (error) {
        results.push({ step: step.name, status: "failed", error: message(error) });
      }
    }
  } finally {
    Hooks.off("createChatMessage", hook as never);
  }
  const cleanup: string[] = [];
  for (const doc of [...cards, ...ctx.created].reverse()) {
    try {
      await doc.delete();
    } catch (error) {
      cleanup.push(`${doc.uuid}: ${message(error)}`);
    }
  }
  results.push({ step: "delete everything the self-test created", status: cleanup.length ? "failed" : "passed", ...(cleanup.length ? { error: cleanup.join("; ") } : {}) });
  return { results, cleanup };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The report as a chat card's HTML (English: it is sent back to the developers as is). */
export function reportHtml(adapter: RulesetAdapter, results: readonly SelfTestResult[], version: string): string {
  const count = (s: StepStatus) => results.filter((r) => r.status === s).length;
  const rows = results
    .map((r) => `<li class="omnibus-selftest-${r.status}"><strong>${r.status}</strong> ${escapeHtml(r.step)}${r.error ? `: <code>${escapeHtml(r.error)}</code>` : ""}</li>`)
    .join("");
  return `<div class="omnibus-card omnibus-selftest"><h3>${SELF_TEST_NAME} — ${escapeHtml(adapter.id)} — ${escapeHtml(version)}</h3><p>${count("passed")} passed, ${count("failed")} failed, ${count("pending")} pending</p><ul>${rows}</ul></div>`;
}

/** `game.omnibus.selfTest()`: runs the steps, reports on the console and to the GM; GM only. */
export async function selfTest(adapter: RulesetAdapter): Promise<SelfTestResult[]> {
  if (!game.user?.isGM) throw new Error("the self-test is run by a GM");
  const { results } = await runSelfTestSteps(adapter);
  console.table(results);
  const g = game as unknown as { system?: { version?: string }; version?: string; users?: Iterable<{ id: string | null; isGM: boolean }> };
  const version = `system ${g.system?.version ?? "?"}, Foundry ${g.version ?? "?"}`;
  const whisper = [...(g.users ?? [])].filter((u) => u.isGM).map((u) => u.id);
  await (ChatMessage as unknown as Creatable<unknown>).create({ content: reportHtml(adapter, results, version), whisper, speaker: { alias: SELF_TEST_NAME } });
  return results;
}

/** The part of Quench's API a batch uses (`quench.registerBatch(key, fn, {displayName})`). */
export interface QuenchLike {
  registerBatch(key: string, fn: (context: QuenchContext) => void, options?: { displayName?: string }): void;
}
export interface QuenchContext {
  describe(name: string, fn: () => void): void;
  it(name: string, fn: (this: { skip(): void }) => unknown): void;
  before(fn: () => unknown): void;
  assert: { fail(message?: string): never; ok(value: unknown, message?: string): void };
}

/** Registers the same steps as a Quench batch: one test per step, run once before them. */
export function registerQuenchBatch(quench: QuenchLike, adapter: RulesetAdapter): void {
  quench.registerBatch(
    "omnibus.selfTest",
    (context) => {
      const { describe, it, before, assert } = context;
      describe(`${SELF_TEST_NAME} (${adapter.id})`, () => {
        let results: SelfTestResult[] = [];
        before(async () => {
          results = (await runSelfTestSteps(adapter)).results;
        });
        for (const step of [...selfTestSteps(adapter).map((s) => s.name), "delete everything the self-test created"]) {
          it(step, function () {
            const r = results.find((x) => x.step === step);
            if (!r) assert.fail(`step "${step}" did not run`);
            if (r!.status === "pending") return this.skip();
            assert.ok(r!.status === "passed", r!.error);
          });
        }
      });
    },
    { displayName: `Omnibus: ${SELF_TEST_NAME}` },
  );
}
