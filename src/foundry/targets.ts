/**
 * Target handling: the current user's targeted tokens and their distance from the acting token,
 * measured with `canvas.grid.measurePath` (center to center, following the scene's grid rules and
 * diagonals), in the scene's grid units. Measured Templates are not used (gone in v14).
 */
import { onLevel, tokenLevel, viewedLevel } from "./compat";
import type { MeasuredTarget } from "../rules/table/targets";
import type { TargetInfo } from "./ruleset";

export interface Point {
  x: number;
  y: number;
}

/** The token shape this module reads (a canvas Token placeable). */
export interface TokenLike {
  center: Point;
  name: string;
  /** `level`: the scene Level the token is on (v14; absent on v13). */
  document: { uuid: string; texture?: { src?: string | null } | null; level?: string | null };
  actor: { uuid: string; img?: string | null } | null;
}

/** The grid shape this module reads (`canvas.grid`). */
export interface GridLike {
  measurePath(waypoints: Point[]): { distance: number };
  units: string;
}

/** Distance between two points along the grid (scene units). */
export function measureDistance(grid: GridLike, from: Point, to: Point): number {
  return grid.measurePath([
    { x: from.x, y: from.y },
    { x: to.x, y: to.y },
  ]).distance;
}

/** Describes targets as plain data, measuring each from `source` (none → distance null). */
export function describeTargets(grid: GridLike | null, source: TokenLike | null, targets: Iterable<TokenLike>): TargetInfo[] {
  const list: TargetInfo[] = [];
  for (const target of targets) {
    list.push({
      tokenUuid: target.document.uuid,
      actorUuid: target.actor?.uuid ?? null,
      name: target.name,
      img: target.document.texture?.src ?? target.actor?.img ?? "",
      distance: grid && source ? measureDistance(grid, source.center, target.center) : null,
      units: grid?.units ?? "",
    });
  }
  return list;
}

function currentGrid(): GridLike | null {
  const c = (globalThis as { canvas?: { ready?: boolean; grid?: unknown } }).canvas;
  if (!c?.ready || !c.grid) return null;
  return c.grid as GridLike;
}

interface TokenOwnerLike {
  isToken?: boolean;
  getActiveTokens?(linked?: boolean, document?: boolean): unknown[];
}

/**
 * The tokens on the viewed scene that stand for `actor` (placeables, or their documents). The
 * actor of an unlinked token (a synthetic actor, `isToken`) stands for exactly that token, which
 * `getActiveTokens()` returns; `getActiveTokens(true)` returns only LINKED tokens, so it finds
 * nothing for it. A world actor stands for its linked tokens (an unlinked copy is another actor).
 */
export function tokensOfActor(actor: unknown, document = false): unknown[] {
  const a = actor as TokenOwnerLike | null;
  if (!a?.getActiveTokens) return [];
  return a.getActiveTokens(!a.isToken, document) ?? [];
}

/**
 * The token that acts for `actor` on the viewed scene: a controlled token of that actor first,
 * else the token it belongs to (`tokensOfActor`); null when it has none there.
 */
export function actingToken(actor: Actor.Implementation | null): TokenLike | null {
  if (!actor || !currentGrid()) return null;
  const controlled = (canvas?.tokens?.controlled ?? []) as unknown as Array<TokenLike & { actor: unknown }>;
  const mine = controlled.find((t) => t.actor === actor);
  if (mine) return mine;
  return (tokensOfActor(actor)[0] as TokenLike | undefined) ?? null;
}

/** The current user's targets, measured from `actor`'s acting token. */
export function currentTargets(actor: Actor.Implementation | null): TargetInfo[] {
  const targets = (game.user?.targets ?? new Set()) as unknown as Iterable<TokenLike>;
  return describeTargets(currentGrid(), actingToken(actor), targets);
}

// ---------------------------------------------------------------------------------------------
// Areas: tokens around a point (blasts, grenades), and a point offset from a line of fire.

/**
 * Every token within `radius` (scene units) of `point`, measured along the grid, nearest first.
 * `level`: only tokens on that scene Level (v14 scene levels; null = the whole scene, as on v13).
 */
export function describeTokensAround(
  grid: GridLike,
  point: Point,
  tokens: Iterable<TokenLike>,
  radius: number,
  level: string | null = null,
): TargetInfo[] {
  const found: TargetInfo[] = [];
  for (const token of tokens) {
    if (!onLevel(token, level)) continue;
    const distance = measureDistance(grid, point, token.center);
    if (distance > radius) continue;
    found.push({
      tokenUuid: token.document.uuid,
      actorUuid: token.actor?.uuid ?? null,
      name: token.name,
      img: token.document.texture?.src ?? token.actor?.img ?? "",
      distance,
      units: grid.units,
    });
  }
  return found.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0));
}

/**
 * The tokens on the viewed scene within `radius` scene units of `point` (empty without a canvas),
 * on the viewed Level only (v14 scene levels: a blast on one floor does not reach another).
 */
export function tokensAround(point: Point, radius: number): TargetInfo[] {
  const grid = currentGrid();
  if (!grid) return [];
  const placeables = ((canvas?.tokens as unknown as { placeables?: TokenLike[] })?.placeables ?? []) as TokenLike[];
  return describeTokensAround(grid, point, placeables, radius, viewedLevel());
}

/**
 * The point `forward` units beyond `to` along the line from `from` to `to` and `right` units to its
 * right (scene units; `pixelsPerUnit` = grid size ÷ grid distance). A grenade's deviation uses it.
 */
export function offsetPoint(from: Point, to: Point, forward: number, right: number, pixelsPerUnit: number): Point {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.hypot(dx, dy) || 1;
  const ux = dx / length;
  const uy = dy / length;
  // Screen y grows downwards: "right" of the direction (ux, uy) is (−uy, ux).
  return { x: to.x + (ux * forward - uy * right) * pixelsPerUnit, y: to.y + (uy * forward + ux * right) * pixelsPerUnit };
}

/** Pixels per scene unit on the viewed scene (null without a canvas). */
export function pixelsPerUnit(): number | null {
  const grid = currentGrid() as (GridLike & { size?: number; distance?: number }) | null;
  if (!grid?.size || !grid.distance) return null;
  return grid.size / grid.distance;
}

/** A token's center by uuid on the viewed scene. */
export function tokenCenter(tokenUuid: string): Point | null {
  const placeables = ((canvas?.tokens as unknown as { placeables?: TokenLike[] })?.placeables ?? []) as TokenLike[];
  return placeables.find((t) => t.document.uuid === tokenUuid)?.center ?? null;
}

// ---------------------------------------------------------------------------------------------
// The GM's own measurement of a card's claimed targets (chat/verify.ts).

interface TokenDocLike {
  uuid?: string;
  name?: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  texture?: { src?: string | null } | null;
  actor?: { uuid?: string; img?: string | null } | null;
  parent?: SceneLike | null;
  getCenterPoint?(): Point;
}

interface SceneLike {
  grid?: (GridLike & { size?: number }) | null;
  tokens?: Iterable<TokenDocLike> | { contents?: TokenDocLike[] } | null;
}

/** A token document's centre: `TokenDocument#getCenterPoint` (v12+, no canvas needed), else from its size in grid spaces. */
function documentCenter(token: TokenDocLike, scene: SceneLike): Point {
  if (typeof token.getCenterPoint === "function") return token.getCenterPoint();
  const size = Number(scene.grid?.size ?? 100);
  return {
    x: Number(token.x ?? 0) + (Number(token.width ?? 1) * size) / 2,
    y: Number(token.y ?? 0) + (Number(token.height ?? 1) * size) / 2,
  };
}

function sceneTokens(scene: SceneLike): TokenDocLike[] {
  const tokens = scene.tokens;
  if (!tokens) return [];
  const contents = (tokens as { contents?: TokenDocLike[] }).contents;
  if (Array.isArray(contents)) return contents;
  return typeof (tokens as Iterable<TokenDocLike>)[Symbol.iterator] === "function" ? [...(tokens as Iterable<TokenDocLike>)] : [];
}

/**
 * What the GM finds for each claimed target: the token in its own world, its actor, and the
 * distance from each token `actorUuid` has on that token's scene, measured with the scene's own
 * grid (`Scene#grid.measurePath`, which needs no canvas: the GM may be viewing another scene).
 * Null where the GM finds no such token. The decision is `rederiveTargets` (src/rules/table/targets.ts).
 */
export async function measureClaimedTargets(actorUuid: string, claimed: readonly TargetInfo[]): Promise<Array<MeasuredTarget | null>> {
  const found: Array<MeasuredTarget | null> = [];
  for (const claim of claimed) {
    if (!claim.tokenUuid) {
      found.push(null);
      continue;
    }
    const token = (await fromUuid(claim.tokenUuid as never)) as unknown as TokenDocLike | null;
    const scene = token?.parent;
    if (!token || token.uuid !== claim.tokenUuid || !scene?.grid || typeof scene.grid.measurePath !== "function") {
      found.push(null);
      continue;
    }
    const to = documentCenter(token, scene);
    const distances = sceneTokens(scene)
      .filter((t) => t.actor?.uuid === actorUuid)
      .map((t) => measureDistance(scene.grid!, documentCenter(t, scene), to));
    found.push({
      tokenUuid: claim.tokenUuid,
      actorUuid: token.actor?.uuid ?? null,
      name: String(token.name ?? ""),
      img: token.texture?.src ?? token.actor?.img ?? "",
      units: String(scene.grid.units ?? ""),
      distances,
    });
  }
  return found;
}

/** A target token's scene as the GM reads it without a canvas (a blast's area, chat/verify.ts). */
export interface SceneArea {
  grid: GridLike;
  /** Grid size ÷ grid distance (null when the scene's grid does not say). */
  pixelsPerUnit: number | null;
  /** The target token's centre, and its scene Level (v14; null on v13). */
  center: Point;
  level: string | null;
  /** Every token on the scene, in the shape the area functions read (`describeTokensAround`). */
  tokens: TokenLike[];
  /** The acting actor's tokens on that scene: each one's centre and its distance to the target token. */
  actorTokens: Array<{ center: Point; distance: number }>;
}

/** The area of `scene` around `center` (on `level`), with the acting actor's tokens there. */
function areaOn(scene: SceneLike, center: Point, level: string | null, actorUuid: string | null): SceneArea | null {
  const grid = scene.grid;
  if (!grid || typeof grid.measurePath !== "function") return null;
  const docs = sceneTokens(scene);
  const size = Number(grid.size ?? 0);
  const distance = Number((grid as { distance?: number }).distance ?? 0);
  return {
    grid,
    pixelsPerUnit: size > 0 && distance > 0 ? size / distance : null,
    center,
    level,
    tokens: docs.map((t) => ({
      center: documentCenter(t, scene),
      name: String(t.name ?? ""),
      document: t as TokenLike["document"],
      actor: t.actor ? { uuid: String(t.actor.uuid ?? ""), img: t.actor.img ?? null } : null,
    })),
    actorTokens: docs
      .filter((t) => actorUuid !== null && t.actor?.uuid === actorUuid)
      .map((t) => {
        const at = documentCenter(t, scene);
        return { center: at, distance: measureDistance(grid, at, center) };
      }),
  };
}

/**
 * The scene of `tokenUuid` as its documents have it (no canvas: the GM may view another scene),
 * for re-deriving an area around that token; null when the GM finds no such token on a scene with
 * a grid.
 */
export async function sceneAreaOf(tokenUuid: string, actorUuid: string | null): Promise<SceneArea | null> {
  if (!tokenUuid) return null;
  const token = (await fromUuid(tokenUuid as never)) as unknown as (TokenDocLike & { level?: string | null }) | null;
  const scene = token?.parent;
  if (!token || token.uuid !== tokenUuid || !scene) return null;
  return areaOn(scene, documentCenter(token, scene), tokenLevel({ document: token }), actorUuid);
}

/** The scene `sceneUuid` around a point of it (a blast's impact point picked on the map); null when there is no such scene. */
export async function sceneAreaAt(
  sceneUuid: string,
  point: Point,
  level: string | null,
  actorUuid: string | null,
): Promise<SceneArea | null> {
  if (!sceneUuid.startsWith("Scene.")) return null;
  const scene = (await fromUuid(sceneUuid as never)) as unknown as (SceneLike & { uuid?: string }) | null;
  if (!scene || scene.uuid !== sceneUuid) return null;
  return areaOn(scene, point, level, actorUuid);
}

/** The viewed scene's uuid (null without a canvas). */
export function viewedSceneUuid(): string | null {
  const uuid = (globalThis as { canvas?: { scene?: { uuid?: string } | null } }).canvas?.scene?.uuid;
  return typeof uuid === "string" ? uuid : null;
}
