/**
 * Target handling: the current user's targeted tokens and their distance from the acting token,
 * measured with `canvas.grid.measurePath` (center to center, following the scene's grid rules and
 * diagonals), in the scene's grid units. Measured Templates are not used (gone in v14).
 */
import type { TargetInfo } from "./ruleset";

export interface Point {
  x: number;
  y: number;
}

/** The token shape this module reads (a canvas Token placeable). */
export interface TokenLike {
  center: Point;
  name: string;
  document: { uuid: string; texture?: { src?: string | null } | null };
  actor: { uuid: string; img?: string | null } | null;
}

/** The grid shape this module reads (`canvas.grid`). */
export interface GridLike {
  measurePath(waypoints: Point[]): { distance: number };
  units: string;
}

/** Distance between two points along the grid (scene units). */
export function measureDistance(grid: GridLike, from: Point, to: Point): number {
  return grid.measurePath([{ x: from.x, y: from.y }, { x: to.x, y: to.y }]).distance;
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

/**
 * The token that acts for `actor` on the viewed scene: a controlled token of that actor first,
 * else its first active token; null when it has none there.
 */
export function actingToken(actor: Actor.Implementation | null): TokenLike | null {
  if (!actor || !currentGrid()) return null;
  const controlled = (canvas?.tokens?.controlled ?? []) as unknown as Array<TokenLike & { actor: unknown }>;
  const mine = controlled.find((t) => t.actor === actor);
  if (mine) return mine;
  const active = actor.getActiveTokens(true) as unknown as TokenLike[];
  return active[0] ?? null;
}

/** The current user's targets, measured from `actor`'s acting token. */
export function currentTargets(actor: Actor.Implementation | null): TargetInfo[] {
  const targets = (game.user?.targets ?? new Set()) as unknown as Iterable<TokenLike>;
  return describeTargets(currentGrid(), actingToken(actor), targets);
}
