/**
 * Ranged fire at the table as plain data (no Foundry global): who walking fire and suppressive fire
 * reach by measured distance, thrown weapons' ranges, grenade landings. The Foundry side (checks.ts)
 * hands in token centres (pixels), the pixels per metre and a measuring function; the tests and the
 * gallery hand in plain points.
 *
 * Rules: walking fire (004:L101-102), suppressive fire (004:L103-107), throwing (004:L108-112) and
 * grenades (004:L113), through src/rules/silhouette.
 */
import { OmnibusError } from "../../../core/errors";
import { suppressiveFire, throwingRanges, walkingFire, type RangeBands, type Suppression, type WalkingFire } from "../index";

/** A point in scene pixels. */
export interface Point {
  x: number;
  y: number;
}

/** A token on the scene, as the area rules read it. */
export interface AreaToken {
  tokenUuid: string;
  actorUuid: string | null;
  name: string;
  img: string;
  center: Point;
}

/** Measures the distance between two points in metres (the grid's measurePath on the Foundry side). */
export type Measure = (a: Point, b: Point) => number;

/** How the attack is fired: a single shot or a burst (`burst` = ROF used, 0 = single), walking or suppressive fire. */
export const FIRE_MODES = ["burst", "walking", "suppressive"] as const;
export type FireMode = (typeof FIRE_MODES)[number];

/** The sweep of walking fire: the declared targets in sweep order and the gaps between neighbours. */
export interface Sweep {
  /** Indices into the declared targets, in sweep order (by bearing from the shooter). */
  order: number[];
  /** Metres between neighbouring targets in sweep order (targets − 1 of them). */
  gaps: number[];
}

function bearing(from: Point, to: Point): number {
  return Math.atan2(to.y - from.y, to.x - from.x);
}

/**
 * Orders walking fire's declared targets as the fire sweeps across them (by bearing from the
 * shooter, the smallest arc that holds them all) and measures the gaps between neighbours.
 */
export function sweepOf(shooter: Point, targets: readonly Point[], measure: Measure): Sweep {
  if (targets.length === 0) return { order: [], gaps: [] };
  const angles = targets.map((t, i) => ({ i, a: bearing(shooter, t) }));
  angles.sort((p, q) => p.a - q.a || p.i - q.i);
  // Start after the widest empty arc, so the sweep covers the targets without wrapping behind the shooter.
  let start = 0;
  let widest = -1;
  for (let k = 0; k < angles.length; k++) {
    const next = angles[(k + 1) % angles.length];
    const gap = k + 1 < angles.length ? next.a - angles[k].a : next.a + 2 * Math.PI - angles[k].a;
    if (gap > widest) {
      widest = gap;
      start = (k + 1) % angles.length;
    }
  }
  const order = angles
    .slice(start)
    .concat(angles.slice(0, start))
    .map((p) => p.i);
  const gaps = order.slice(1).map((idx, k) => Math.round(measure(targets[order[k]], targets[idx]) * 100) / 100);
  return { order, gaps };
}

/** Distance from point p to the segment a–b, in the points' units. */
function segmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Half the width of the fire zone's line, in metres: a token whose centre is this close to the line of fire is in it. */
export const FIRE_ZONE_HALF_WIDTH = 0.5;
/** The fire zone extends 1 m beyond each target along the line of fire (004:L102). */
export const FIRE_ZONE_OVERSHOOT = 1;

/**
 * The bystanders of walking fire (004:L102): every other token in the fire zone — on the sweep
 * between neighbouring targets, or up to 1 m behind a target along the line of fire. They must
 * defend against ROF + 1. `pixelsPerMetre` converts the zone's widths to scene pixels.
 */
export function walkingFireBystanders(
  shooter: Point,
  shooterUuid: string | null,
  targets: readonly AreaToken[],
  sweep: Sweep,
  tokens: readonly AreaToken[],
  pixelsPerMetre: number,
): AreaToken[] {
  const declared = new Set(targets.map((t) => t.tokenUuid));
  const half = FIRE_ZONE_HALF_WIDTH * pixelsPerMetre;
  const segments: Array<[Point, Point]> = [];
  sweep.order.forEach((idx, k) => {
    const t = targets[idx].center;
    if (k > 0) segments.push([targets[sweep.order[k - 1]].center, t]);
    const len = Math.hypot(t.x - shooter.x, t.y - shooter.y) || 1;
    const beyond = {
      x: t.x + ((t.x - shooter.x) / len) * FIRE_ZONE_OVERSHOOT * pixelsPerMetre,
      y: t.y + ((t.y - shooter.y) / len) * FIRE_ZONE_OVERSHOOT * pixelsPerMetre,
    };
    segments.push([t, beyond]);
  });
  return tokens.filter((token) => {
    if (declared.has(token.tokenUuid) || token.tokenUuid === shooterUuid) return false;
    return segments.some(([a, b]) => segmentDistance(token.center, a, b) <= half + 1e-6);
  });
}

/** Walking fire's plan: the rules' check of the declaration plus the sweep. Throws when not allowed. */
export function planWalkingFire(
  rof: number,
  sweep: Sweep,
  damageRofReading: "perAdditionalTarget" | "perTarget" = "perAdditionalTarget",
): WalkingFire {
  const plan = walkingFire(rof, sweep.gaps, damageRofReading);
  if (!plan.allowed) {
    throw new OmnibusError(
      "outOfRange",
      `walking fire at ROF ${rof} reaches ${plan.maxTargets} targets; these count as ${plan.countedTargets}`,
      {
        name: "targets",
        min: 1,
        max: plan.maxTargets,
        value: plan.countedTargets,
      },
    );
  }
  return plan;
}

/** The suppression zone: its width and who is in it (a circle of half its width around its centre). */
export interface SuppressionZone {
  widthMetres: 5 | 10;
  caught: AreaToken[];
}

/**
 * The tokens in a suppression zone (004:L104, L106): a zone up to 5 m wide (10 m doubled) around
 * `center`, read as everyone within half its width of its centre, the shooter excepted. The zone
 * must be within the weapon's Medium range (`distanceToZone` ≤ `ranges.medium`, when the weapon has ranges).
 */
export function suppressionZone(
  center: Point,
  doubled: boolean,
  distanceToZone: number | null,
  ranges: RangeBands,
  tokens: readonly AreaToken[],
  measure: Measure,
  shooterUuid: string | null,
): SuppressionZone {
  const widthMetres = doubled ? 10 : 5;
  if (distanceToZone !== null && ranges.medium > 0 && distanceToZone > ranges.medium + 1e-9) {
    throw new OmnibusError("outOfRange", `the zone is ${distanceToZone} m away, beyond the weapon's Medium range ${ranges.medium} m`, {
      name: "distance",
      min: 0,
      max: ranges.medium,
      value: Math.round(distanceToZone * 10) / 10,
    });
  }
  const caught = tokens
    .filter((t) => t.tokenUuid !== shooterUuid && measure(center, t.center) <= widthMetres / 2 + 1e-9)
    .sort((a, b) => measure(center, a.center) - measure(center, b.center));
  return { widthMetres, caught };
}

/** The suppression numbers for an attack total (re-exported for the card). */
export function suppressionOf(attackTotal: number, rof: number, doubled: boolean): Suppression {
  return suppressiveFire(attackTotal, rof, doubled);
}

/**
 * The ranges of a thrown weapon (004:L109): an object of up to 1 kg flies STR + 5 m, each further
 * band double. The mass table is missing from the seed, so a heavier object uses the weapon's own
 * ranges when it has them, else the same bands.
 */
export function thrownRanges(weapon: { category: string; weight?: number; ranges: RangeBands }, strength: number): RangeBands {
  if (weapon.category !== "thrown") return weapon.ranges;
  if ((weapon.weight ?? 0) > 1 && weapon.ranges.base > 0) return weapon.ranges;
  return throwingRanges(strength);
}

/**
 * Where a thrown object lands (004:L111-112): `distance` metres from the aimed point, on a bearing
 * measured clockwise from "straight away from the thrower" (180° = back toward the thrower).
 */
export function landingPoint(thrower: Point, aimed: Point, distanceMetres: number, bearingDegrees: number, pixelsPerMetre: number): Point {
  if (distanceMetres === 0) return { ...aimed };
  const dx = aimed.x - thrower.x;
  const dy = aimed.y - thrower.y;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const rad = (bearingDegrees * Math.PI) / 180;
  const forward = Math.cos(rad) * distanceMetres * pixelsPerMetre;
  const right = Math.sin(rad) * distanceMetres * pixelsPerMetre;
  // Screen y grows downwards: clockwise on screen turns (ux, uy) toward (−uy, ux).
  return { x: aimed.x + ux * forward - uy * right, y: aimed.y + uy * forward + ux * right };
}

/** Tokens within `radius` metres of a point, nearest first, with their distance. */
export function tokensWithin(
  point: Point,
  radius: number,
  tokens: readonly AreaToken[],
  measure: Measure,
): Array<AreaToken & { distance: number }> {
  return tokens
    .map((t) => ({ ...t, distance: Math.round(measure(point, t.center) * 100) / 100 }))
    .filter((t) => t.distance <= radius + 1e-9)
    .sort((a, b) => a.distance - b.distance);
}

/**
 * Who a grenade's blast catches (004:L113): the point it landed — `landed.distance` metres from
 * the aimed point at `landed.bearing` from the line of the throw (`landingPoint`) — and every token
 * within the blast radius of it, nearest first. The roller's map and the GM's own scene both read
 * it through here.
 */
export function grenadeCaught(
  thrower: Point,
  aimed: Point,
  landed: { distance: number; bearing: number },
  blastRadius: number,
  tokens: readonly AreaToken[],
  measure: Measure,
  pixelsPerMetre: number,
  units: string,
): Array<{ name: string; img: string; distance: number; units: string }> {
  const point = landingPoint(thrower, aimed, landed.distance, landed.bearing, pixelsPerMetre);
  return tokensWithin(point, blastRadius, tokens, measure).map((t) => ({ name: t.name, img: t.img, distance: t.distance, units }));
}
