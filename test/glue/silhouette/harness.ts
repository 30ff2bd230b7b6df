/**
 * The Silhouette glue-test harness: the Foundry stand-ins with the Silhouette adapter installed,
 * forced dice for the stand-in Roll, actors with skills and weapons, a scene (canvas) stand-in with
 * tokens at pixel positions (100 px = 1 m), and the last posted chat message as a document.
 */
import { vi } from "vitest";
import { forceFaces, installFoundryStandIns, StandInDocument, type StandIns } from "../../support/foundry-stand-ins";
import { createHarness } from "../../support/handlebars";
import { recordOf } from "../../../src/foundry/chat/record";

export interface Harness {
  stand: StandIns;
  /** Faces the next `Nd6` terms take, in order (the dice order contract). */
  faces: number[];
  checks: typeof import("../../../src/foundry/silhouette/checks");
  combat: typeof import("../../../src/foundry/silhouette/combat");
  actions: typeof import("../../../src/foundry/chat/actions");
  roll: typeof import("../../../src/foundry/silhouette/rolls");
}

export interface ActorSpec {
  id: string;
  name: string;
  owner: boolean;
  attributes?: Record<string, number>;
  skills?: Array<[string, string, number, string]>;
  weapons?: Array<Record<string, unknown>>;
  armour?: Array<Record<string, unknown>>;
  statuses?: string[];
}

export type ActorDoc = StandInDocument & Record<string, any>;

const templates = createHarness({ language: "en" });

/** Installs the stand-ins and the Silhouette adapter (GM "gm", player "player" as the current user). */
export async function setUp(): Promise<Harness> {
  vi.resetModules();
  const stand = installFoundryStandIns({ settings: { "omnibus.ruleset": "silhouette", "omnibus.rollDialog": false } });
  stand.makeUser("gm", true);
  stand.setActiveGM("gm");
  const g = globalThis as Record<string, any>;
  g.foundry.applications.handlebars.renderTemplate = async (path: string, context: Record<string, unknown>) => {
    stand.recorded.rendered.push({ path, context });
    return templates.render(path, context);
  };
  // Foundry's dice through the shared stand-in (test/support): modifiers applied, every face in order.
  const queue = forceFaces();
  const h = {
    stand,
    get faces() {
      return queue;
    },
    set faces(next: number[]) {
      queue.splice(0, Infinity, ...next);
    },
  } as Harness;
  const RollClass = g.Roll as { prototype: Record<string, unknown> };
  RollClass.prototype.toJSON = function (this: { formula: string; terms: unknown[]; options: unknown }) {
    return { class: "SilhouetteRoll", formula: this.formula, terms: this.terms, options: this.options };
  };
  const system = await import("../../../src/foundry/system");
  const adapter = await import("../../../src/foundry/silhouette/adapter");
  system.installOmnibus([adapter.silhouetteAdapter]);
  await stand.fire("init");
  await stand.fire("ready");
  h.checks = await import("../../../src/foundry/silhouette/checks");
  h.combat = await import("../../../src/foundry/silhouette/combat");
  h.actions = await import("../../../src/foundry/chat/actions");
  h.roll = await import("../../../src/foundry/silhouette/rolls");
  return h;
}

export function makeActor(h: Harness, spec: ActorSpec): ActorDoc {
  const items = [
    ...(spec.skills ?? []).map(([name, key, level, attribute], i) => ({
      id: `${spec.id}s${i}`,
      name,
      type: "silhouette_skill",
      system: { key, level, attribute },
    })),
    ...(spec.weapons ?? []).map((w, i) => ({
      id: `${spec.id}w${i}`,
      uuid: `Actor.${spec.id}.Item.${spec.id}w${i}`,
      name: String(w.name),
      type: "silhouette_weapon",
      img: "",
      system: { ...w },
      update: vi.fn(async function (this: { system: Record<string, any> }, d: Record<string, unknown>) {
        if ("system.ammo.value" in d) this.system.ammo = { ...this.system.ammo, value: d["system.ammo.value"] };
      }),
    })),
    ...(spec.armour ?? []).map((a, i) => ({ id: `${spec.id}a${i}`, name: String(a.name), type: "silhouette_armour", system: a })),
  ];
  // The actor's flags live on the document (as Foundry's do), so an update of `flags.omnibus.…` (the
  // GM's re-derivation) and `setFlag` (the roller) write the same place `getFlag` reads.
  const actor = new StandInDocument(spec.id, `Actor.${spec.id}`, spec.owner, {
    name: spec.name,
    img: "icons/svg/mystery-man.svg",
    type: "silhouette_character",
    system: {
      attributes: { agi: 0, bld: 0, fit: 0, str: 0, will: 0, ...(spec.attributes ?? {}) },
      stamina: 25,
      systemShock: 0,
      maxLoad: 0,
      wounds: { light: 0, heavy: 0, dead: false },
      health: { value: 3, max: 3 },
    },
    items: { contents: items, get: (id: string) => items.find((i) => i.id === id) },
    statuses: new Set(spec.statuses ?? []),
    getActiveTokens: () => [],
    getFlag: (scope: string, key: string) => actor.flags[scope]?.[key],
    setFlag: async (scope: string, key: string, value: unknown) => {
      (actor.flags[scope] ??= {})[key] = value;
    },
    testUserPermission: (user: { isGM: boolean }) => user.isGM || spec.owner,
  }) as ActorDoc;
  h.stand.documents.set(actor.uuid, actor);
  return actor;
}

export interface SceneToken {
  center: { x: number; y: number };
  name: string;
  document: { uuid: string; texture: { src: string } };
  actor: { uuid: string } | null;
}

/** A token at (x, y) metres for an actor (100 px per metre). */
export function token(name: string, xMetres: number, yMetres: number, actor: { uuid: string } | null): SceneToken {
  return {
    center: { x: xMetres * 100, y: yMetres * 100 },
    name,
    document: { uuid: `Scene.s.Token.${name}`, texture: { src: "t.png" } },
    actor,
  };
}

/**
 * A viewed scene: Euclidean measuring in metres, 1 m per 100 px grid square; `controlled` are the
 * user's tokens. With `stand`, the tokens are also put on the stand-ins' scene, where the GM finds
 * and measures a card's claimed targets.
 */
export function installScene(tokens: SceneToken[], controlled: SceneToken[], stand?: StandIns): void {
  for (const t of tokens)
    stand?.placeToken(t.document.uuid, t.actor, { x: (t.center.x - 50) / 100, y: (t.center.y - 50) / 100 }, { name: t.name, img: "t.png" });
  (globalThis as Record<string, unknown>).canvas = {
    ready: true,
    grid: {
      units: "m",
      size: 100,
      distance: 1,
      measurePath: ([a, b]: Array<{ x: number; y: number }>) => ({ distance: Math.hypot(b.x - a.x, b.y - a.y) / 100 }),
    },
    tokens: { placeables: tokens, controlled },
  };
}

/** Targets as the plumbing measures them (centre to centre, metres). */
export function targetsOf(from: SceneToken, targets: SceneToken[]) {
  return targets.map((t) => ({
    tokenUuid: t.document.uuid,
    actorUuid: t.actor?.uuid ?? null,
    name: t.name,
    img: "t.png",
    distance: Math.hypot(t.center.x - from.center.x, t.center.y - from.center.y) / 100,
    units: "m",
  }));
}

/**
 * The last created card (not a response message), as every client shows it: its `flags.omnibus`
 * read from the GM's record (snapshot + amendments), which is what the card renders from.
 */
export function lastMessage(h: Harness): StandInDocument & { flags: Record<string, any>; content?: string } {
  const message = [...h.stand.messages].reverse().find((m) => !(m.flags as Record<string, any>).omnibus?.response)!;
  const own = message.flags;
  Object.defineProperty(message, "flags", {
    configurable: true,
    get: () => ({ ...own, omnibus: recordOf(message.id)?.state ?? own.omnibus }),
    set: () => undefined,
  });
  return message as never;
}
