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
 * ownership refusals).
 *
 * The attack chain works on a temporary scene only the GM sees (never activated, not in the
 * navigation, ownership "none" for everyone else) with two hidden temporary tokens: the attacker
 * attacks the other token through the card layer's own public functions (the check handler posts
 * the attack card, `requestChatAction` runs the defence/damage buttons and applies the damage,
 * `undoMark` undoes it), and the target's health must change on apply and be back on undo. Dice
 * are real, so a miss (or a hit that changes nothing) is undone and the attack repeated, at most
 * `ATTACK_ATTEMPTS` times.
 */
import type { RulesetAdapter, TargetInfo } from "./ruleset";
import { cardStateOf, requestChatAction, undoMark } from "./chat/actions";
import { isV14, toGenerationMode } from "./compat";
import { markKey } from "./chat/record";
import { SETTING } from "./settings";
import { SYSTEM_ID } from "./registry";
import { attackStateOf } from "./wfrp/actions";
import { resolveTarget } from "../rules/wfrp/table/cards";
import { cardState as silhouetteCardState } from "./silhouette/actions";

export type StepStatus = "passed" | "failed" | "pending";
export interface SelfTestResult {
  step: string;
  status: StepStatus;
  error?: string;
}

export const SELF_TEST_NAME = "Omnibus self-test";

/** One sample check: its kind, the sheet button's data, and the items of the actor it needs (`itemId` is the first item's). */
export interface SampleCheck {
  kind: string;
  dataset: Record<string, string>;
  items?: Array<{ name: string; type: string; system: Record<string, unknown> }>;
  /** The request's kind when it is not `kind` (a D6 Force power rolls its skill). */
  builds?: string;
}

/**
 * A check of every kind each ruleset's sheets roll, on a fresh actor of the first actor type (with
 * the items the kind needs). The attack of each ruleset runs in the attack chain (and the D6
 * attribute roll with it), the second rolls of a card (defence, WFRP response, Storytelling contest
 * side) from that card; Storytelling's drive roll needs the user's own character, so it is not run.
 */
export const SELF_TEST_CHECKS: Record<string, SampleCheck[]> = {
  d6: [
    { kind: "attribute", dataset: { attribute: "dexterity" } },
    {
      kind: "skill",
      dataset: {},
      items: [{ name: "blaster", type: "d6_skill", system: { attribute: "dexterity", code: { dice: 4, pips: 0 } } }],
    },
    { kind: "movement", dataset: {} },
    {
      kind: "forcepower",
      dataset: {},
      builds: "skill",
      items: [
        { name: "Accelerate healing", type: "d6_forcepower", system: { control: true, sense: false, alter: false } },
        { name: "control", type: "d6_skill", system: { attribute: "perception", code: { dice: 4, pips: 0 } } },
      ],
    },
  ],
  storytelling: [
    { kind: "pool", dataset: { attribute: "strength", skill: "athletics" } },
    { kind: "consciousness", dataset: {} },
    { kind: "extended", dataset: {}, items: [{ name: "research", type: "storytelling_extended", system: {} }] },
  ],
  wfrp: [
    { kind: "characteristic", dataset: { characteristic: "ws" } },
    {
      kind: "skill",
      dataset: {},
      items: [{ name: "Athletics", type: "wfrp_skill", system: { key: "athletics", characteristic: "ag", advanced: false, advances: 5 } }],
    },
    { kind: "extended", dataset: {}, items: [{ name: "research", type: "wfrp_extended", system: {} }] },
  ],
  silhouette: [
    { kind: "skill", dataset: { skill: "athletics" } },
    { kind: "jump", dataset: {} },
    { kind: "climb", dataset: {} },
    { kind: "fall", dataset: {} },
    { kind: "chase", dataset: {} },
  ],
};

export const ATTACK_STEP = "attack on a temporary token → defence → damage → apply → undo";
export const ATTACK_ATTEMPTS = 5;

type Message = ChatMessage.Implementation;

/** What the attack chain of a ruleset needs: two actors, a weapon, and the buttons between the attack card and the apply. */
export interface AttackScript {
  /** The actor type and `system` of the attacker and of the target (the target easy to hurt). */
  attacker: { type: string; system: Record<string, unknown> };
  target: { type: string; system: Record<string, unknown> };
  weapon: { type: string; system: Record<string, unknown> };
  /** More items of the attacker (the skill the weapon uses). */
  attackerItems?: Array<{ name: string; type: string; system: Record<string, unknown> }>;
  /** Distance between the two tokens, in grid squares of the temporary scene (1 square = 1 `units`). */
  squares: number;
  units: string;
  /** The sheet button's data for the attack (`itemId` is the weapon's id). */
  dataset(weaponId: string): Record<string, string>;
  /** The dialog values to roll with (default: the request's). */
  values?(values: Record<string, unknown>): Record<string, unknown>;
  /**
   * From the posted attack card to the card and action that apply damage to the target (defence
   * and damage rolls on the way, through the card's buttons). Null: the attack missed.
   */
  resolve(attack: Message, ctx: Context): Promise<{ message: Message; action: string; target: string | null } | null>;
}

/** The newest card the self-test's user posted since `before` (the count of cards then). */
function newestCard(ctx: Context, before: number): Message | null {
  return ctx.cards.length > before ? (ctx.cards[ctx.cards.length - 1] as unknown as Message) : null;
}

async function click(message: Message, action: string, target: string | null): Promise<void> {
  if (!(await requestChatAction(message, action, target))) throw new Error(`the card's "${action}" button did nothing`);
}

export const ATTACK_SCRIPTS: Record<string, AttackScript> = {
  d6: {
    // A sure shot (10D Dexterity, short range) with a heavy blaster pistol (5D) at a 1D-Strength target.
    attacker: { type: "d6_character", system: { attributes: { dexterity: { dice: 10, pips: 0 } } } },
    target: { type: "d6_character", system: { attributes: { strength: { dice: 1, pips: 0 } } } },
    weapon: {
      type: "d6_weapon",
      system: {
        skill: "blaster",
        attackType: "ranged",
        damage: "5D",
        damageType: "energy",
        ranges: { shortMin: 3, shortMax: 7, medium: 25, long: 50 },
        ammo: { value: 25, max: 25 },
      },
    },
    squares: 5,
    units: "m",
    dataset: (itemId) => ({ itemId }),
    async resolve(attack, ctx) {
      // No defence roll: a D6 dodge is declared for the round before the attack (none here).
      const before = ctx.cards.length;
      await click(attack, "d6RollDamage", null);
      const damage = newestCard(ctx, before);
      const targets = ((damage?.flags as Record<string, Record<string, Record<string, Record<string, unknown[]>>>> | undefined)?.omnibus?.d6
        ?.damage?.targets ?? []) as unknown[];
      if (!damage || targets.length === 0) return null;
      return { message: damage, action: "d6ApplyDamage", target: "0" };
    },
  },
  storytelling: {
    // A club in melee: Strength 5 + Weaponry 5 + damage 3, less the target's Defense (Wits/Dexterity 1).
    attacker: {
      type: "storytelling_character",
      system: { attributes: { strength: 5, dexterity: 3, wits: 3 }, skills: { weaponry: { dots: 5, specialties: "" } } },
    },
    target: { type: "storytelling_character", system: { attributes: { wits: 1, dexterity: 1, stamina: 1 } } },
    weapon: { type: "storytelling_weapon", system: { attackKind: "melee", damage: 3, damageType: "lethal", strength: 1, again: "10" } },
    squares: 1,
    units: "m",
    dataset: (itemId) => ({ itemId }),
    async resolve(attack) {
      // The defence is the target's Defense, taken off the attack pool; the successes are the damage.
      const damage = (cardStateOf(attack).damage ?? {}) as Record<string, { points?: number } | undefined>;
      return (damage["0"]?.points ?? 0) > 0 ? { message: attack, action: "applyDamage", target: "0" } : null;
    },
  },
  wfrp: {
    // Weapon Skill 90 with a hand weapon against a defender who dodges on Agility 5.
    attacker: { type: "wfrp_character", system: { characteristics: { ws: { initial: 90 }, s: { initial: 50 } } } },
    target: { type: "wfrp_character", system: { characteristics: { ag: { initial: 5 }, t: { initial: 10 } } } },
    weapon: {
      type: "wfrp_weapon",
      system: { kind: "melee", group: "basic", damage: 4, addsStrengthBonus: true, range: 0, equipped: true },
    },
    squares: 1,
    units: "yd",
    dataset: (itemId) => ({ itemId }),
    async resolve(attack) {
      // The defender dodges: their roll is a response message the GM records on the card.
      await click(attack, "defendDodge", "0");
      const result = resolveTarget(attackStateOf(cardStateOf(attack)), 0);
      return result?.hit ? { message: attack, action: "applyDamage", target: "0" } : null;
    },
  },
  silhouette: {
    // Firearms 5 (AGI 2) with a sniper rifle at 5 m against an untrained defender.
    attacker: { type: "silhouette_character", system: { attributes: { agi: 2 } } },
    attackerItems: [
      { name: `${SELF_TEST_NAME}: firearms`, type: "silhouette_skill", system: { key: "firearms", level: 5, attribute: "agi" } },
    ],
    target: { type: "silhouette_character", system: {} },
    weapon: {
      type: "silhouette_weapon",
      system: {
        category: "ranged",
        skill: "firearms",
        damageMultiplier: 20,
        accuracy: 1,
        rof: 0,
        ranges: { base: 50, medium: 100, long: 200, extreme: 400 },
        ammo: { value: 5, max: 5 },
        carried: true,
      },
    },
    squares: 5,
    units: "m",
    dataset: (itemId) => ({ itemId }),
    async resolve(attack) {
      // The defender's opposed Defense roll, from the card's button (the dialog skipped).
      const key = "t0s0";
      await click(attack, "defend", key);
      const strike = silhouetteCardState(cardStateOf(attack)).attack?.targets[0]?.strikes.find((s) => s.key === key);
      return strike?.outcome?.hit ? { message: attack, action: "applyDamage", target: key } : null;
    },
  },
};

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
  /** Chat messages the run's user created, oldest first (deleted at the end). */
  cards: Doc[];
  actors: Doc[];
  items: Doc[];
  folders: { Actor?: Doc; Item?: Doc };
}

export interface SelfTestStep {
  name: string;
  pending?: boolean;
  run(ctx: Context): Promise<void>;
}

interface SceneDoc extends Doc {
  grid?: { size?: number; distance?: number; units?: string } | null;
  createEmbeddedDocuments(
    type: "Token",
    data: Array<Record<string, unknown>>,
  ): Promise<Array<{ uuid: string; name?: string | null }> | undefined>;
}
interface ActorDoc extends Doc {
  img?: string | null;
  system: Record<string, unknown>;
  items: { contents: Array<{ id: string | null; type: string }> };
}

function healthOf(actor: ActorDoc): number {
  const value = (actor.system.health as { value?: unknown } | undefined)?.value;
  if (typeof value !== "number") throw new Error(`${actor.name ?? actor.uuid} has no health value`);
  return value;
}

/** The attack chain on a GM-only temporary scene with two temporary tokens (see the file's comment). */
async function runAttack(ctx: Context, script: AttackScript): Promise<void> {
  const checks = ctx.adapter.checks;
  if (!checks) throw new Error("the ruleset has no checks");
  const gridSize = 100;
  const scene = await create<SceneDoc>(ctx, "Scene", {
    name: SELF_TEST_NAME,
    active: false,
    navigation: false,
    ownership: { default: 0 },
    width: gridSize * (script.squares + 4),
    height: gridSize * 3,
    grid: { size: gridSize, distance: 1, units: script.units },
  });
  const folder = ctx.folders.Actor?.id ?? null;
  const attacker = await create<ActorDoc>(ctx, "Actor", {
    name: `${SELF_TEST_NAME}: attacker`,
    type: script.attacker.type,
    folder,
    system: script.attacker.system,
    items: [{ name: `${SELF_TEST_NAME}: weapon`, type: script.weapon.type, system: script.weapon.system }, ...(script.attackerItems ?? [])],
  });
  const victim = await create<ActorDoc>(ctx, "Actor", {
    name: `${SELF_TEST_NAME}: target`,
    type: script.target.type,
    folder,
    system: script.target.system,
  });
  const tokens =
    (await scene.createEmbeddedDocuments("Token", [
      { actorId: attacker.id, name: attacker.name, actorLink: true, hidden: true, x: gridSize, y: gridSize },
      { actorId: victim.id, name: victim.name, actorLink: true, hidden: true, x: gridSize * (1 + script.squares), y: gridSize },
    ])) ?? [];
  if (tokens.length !== 2) throw new Error("the temporary tokens were not created");
  const units = scene.grid?.units ?? script.units;
  const target: TargetInfo = {
    tokenUuid: tokens[1].uuid,
    actorUuid: victim.uuid,
    name: String(victim.name ?? ""),
    img: String(victim.img ?? ""),
    distance: script.squares * (scene.grid?.distance ?? 1),
    units,
  };
  const weapon = attacker.items.contents.find((i) => i.type === script.weapon.type);
  if (!weapon?.id) throw new Error("the attacker has no weapon");
  const user = game.user!;
  const healthy = healthOf(victim);
  const tries: string[] = [];
  for (let attempt = 1; attempt <= ATTACK_ATTEMPTS; attempt++) {
    const request = await checks.build({
      actor: attacker as never,
      kind: "attack",
      dataset: { check: "attack", ...script.dataset(weapon.id) },
      targets: [target],
    });
    if (!request) throw new Error("the attack built nothing");
    const values = script.values ? script.values(request.values as Record<string, unknown>) : request.values;
    const posted = (await checks.roll(request, values as never, { rollMode: "gmroll" })) as Message | null | undefined;
    if (!posted) throw new Error("the attack posted no card");
    const apply = await script.resolve(posted, ctx);
    if (!apply) {
      tries.push("missed");
      continue;
    }
    await click(apply.message, apply.action, apply.target);
    const hurt = healthOf(victim);
    await undoMark(apply.message, markKey(apply.action, apply.target), user);
    const restored = healthOf(victim);
    if (restored !== healthy) throw new Error(`undo left the target's health at ${restored} (it was ${healthy}; ${hurt} after the damage)`);
    if (hurt !== healthy) return;
    tries.push("hit, no change");
  }
  throw new Error(`no attack changed the target's health in ${ATTACK_ATTEMPTS} attempts (${tries.join(", ")})`);
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
        if (!ctx.adapter.checks) throw new Error("the ruleset has no checks");
        let actor = ctx.actors.find((d) => d.type === actorTypes[0]) as ActorDoc | undefined;
        let item: { id: string | null; type: string } | undefined;
        const dataset: Record<string, string> = { check: check.kind, ...check.dataset };
        if (check.items?.length) {
          actor = await create<ActorDoc>(ctx, "Actor", {
            name: `${SELF_TEST_NAME}: ${check.kind}`,
            type: actorTypes[0],
            folder: ctx.folders.Actor?.id ?? null,
            items: check.items,
          });
          item = actor.items.contents.find((i) => i.type === check.items![0].type);
          if (!item?.id) throw new Error(`the ${check.kind} check's ${check.items[0].type} was not created`);
          dataset.itemId = item.id;
        }
        if (!actor) throw new Error("no actor");
        const before = ctx.cards.length;
        const request = await ctx.adapter.checks.build({
          actor: actor as never,
          ...(item ? { item: item as never } : {}),
          kind: check.kind,
          dataset,
          targets: [],
        });
        if (!request) throw new Error(`the ${check.kind} check built nothing`);
        if (request.kind !== (check.builds ?? check.kind)) throw new Error(`the ${check.kind} check built a ${request.kind} check`);
        const posted = await ctx.adapter.checks.roll(request, request.values, { rollMode: "gmroll" });
        if (!posted || ctx.cards.length === before) throw new Error(`the ${check.kind} check posted no card`);
      },
    });
  }
  if (adapter.combat) {
    steps.push({
      name: "initiative in a temporary inactive combat",
      async run(ctx) {
        const combat = await create<CombatDoc>(ctx, "Combat", { active: false, scene: null });
        const fighters = ctx.actors.filter((a) => a.type !== undefined && !/vehicle|party/.test(a.type));
        await combat.createEmbeddedDocuments(
          "Combatant",
          fighters.map((a) => ({ actorId: a.id, name: a.name, hidden: true })),
        );
        await combat.rollAll();
        const missing = [...combat.combatants].filter((c) => typeof c.initiative !== "number");
        if (missing.length > 0) throw new Error(`no initiative for ${missing.map((c) => c.name).join(", ")}`);
      },
    });
  }
  const script = ATTACK_SCRIPTS[adapter.id];
  steps.push(
    script ? { name: ATTACK_STEP, run: (ctx) => runAttack(ctx, script) } : { name: ATTACK_STEP, pending: true, run: async () => undefined },
  );
  return steps;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Two client settings for the run: the chat's mode selector (`core.rollMode`, v14
 * `core.messageMode`) at GM rolls, so the cards the buttons post on their own (damage, defence,
 * initiative) are whispered to the GMs too, and the roll dialog off (`omnibus.rollDialog`), so a
 * button that rolls (a defence) does not wait for a click. Returns what puts both back.
 */
async function runSettings(): Promise<() => Promise<void>> {
  const settings = game.settings as unknown as {
    get(ns: string, key: string): unknown;
    set(ns: string, key: string, value: unknown): Promise<unknown>;
  };
  const wanted: Array<[string, string, unknown]> = [
    ["core", isV14() ? "messageMode" : "rollMode", toGenerationMode("gmroll")],
    [SYSTEM_ID, SETTING.rollDialog, false],
  ];
  const before: Array<[string, string, unknown]> = [];
  for (const [ns, key, value] of wanted) {
    before.push([ns, key, settings.get(ns, key)]);
    await settings.set(ns, key, value);
  }
  return async () => {
    for (const [ns, key, value] of before.reverse()) await settings.set(ns, key, value);
  };
}

/**
 * Runs every step; deletes what it created (newest first) whatever happened; returns one result per
 * step. `onMessage` receives the ids of chat messages the run created (deleted with the rest).
 */
export async function runSelfTestSteps(
  adapter: RulesetAdapter,
  steps = selfTestSteps(adapter),
): Promise<{ results: SelfTestResult[]; cleanup: string[] }> {
  const cards: Doc[] = [];
  const ctx: Context = { adapter, created: [], cards, actors: [], items: [], folders: {} };
  const results: SelfTestResult[] = [];
  const userId = game.user?.id ?? null;
  const hook = Hooks.on("createChatMessage", ((msg: Doc & { author?: { id?: string } | null }) => {
    if (msg.author?.id === userId) cards.push(msg);
  }) as never);
  let restoreMode: (() => Promise<void>) | null = null;
  try {
    restoreMode = await runSettings();
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
    try {
      await restoreMode?.();
    } catch (error) {
      console.error("Omnibus | the chat mode could not be put back", error);
    }
  }
  const cleanup: string[] = [];
  for (const doc of [...cards, ...ctx.created].reverse()) {
    try {
      await doc.delete();
    } catch (error) {
      cleanup.push(`${doc.uuid}: ${message(error)}`);
    }
  }
  results.push({
    step: "delete everything the self-test created",
    status: cleanup.length ? "failed" : "passed",
    ...(cleanup.length ? { error: cleanup.join("; ") } : {}),
  });
  return { results, cleanup };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The report as a chat card's HTML (English: it is sent back to the developers as is). */
export function reportHtml(adapter: RulesetAdapter, results: readonly SelfTestResult[], version: string): string {
  const count = (s: StepStatus) => results.filter((r) => r.status === s).length;
  const rows = results
    .map(
      (r) =>
        `<li class="omnibus-selftest-${r.status}"><strong>${r.status}</strong> ${escapeHtml(r.step)}${r.error ? `: <code>${escapeHtml(r.error)}</code>` : ""}</li>`,
    )
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
  await (ChatMessage as unknown as Creatable<unknown>).create({
    content: reportHtml(adapter, results, version),
    whisper,
    speaker: { alias: SELF_TEST_NAME },
  });
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
