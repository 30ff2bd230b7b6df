/**
 * Movement (digest §5; seed 004:L20-43, L78).
 */
import { OmnibusError, requireInt } from "../../core/errors";

/** The five movement speeds (004:L21), slowest first. */
export type Speed = "crawl" | "walk" | "jog" | "run" | "sprint";
export const SPEEDS: readonly Speed[] = ["crawl", "walk", "jog", "run", "sprint"];

/** Fraction of Sprint for each speed (004:L24-27). */
export const SPEED_FRACTIONS: Readonly<Record<Speed, number>> = { sprint: 1, run: 2 / 3, jog: 1 / 2, walk: 1 / 3, crawl: 1 / 5 };

/**
 * How distances are rounded (digest §5.1): `exact` keeps fractions (the CLI prints two decimals);
 * `halfMetre` rounds down to half metres (a world setting).
 */
export type MovementRounding = "exact" | "halfMetre";

export type MovementRates = Record<Speed, number>;

/** Attribute values the rules accept (Silhouette attributes are small signed integers, §2.1). */
export const ATTRIBUTE_RANGE = [-10, 10] as const;
export const SKILL_RANGE = [0, 20] as const;

/** Sprint = 25 + 5 × (FIT + Athletics) metres per round (004:L23); never below 0. */
export function sprintDistance(fit: number, athletics: number): number {
  requireInt("fit", fit, ...ATTRIBUTE_RANGE);
  requireInt("athletics", athletics, ...SKILL_RANGE);
  return Math.max(0, 25 + 5 * (fit + athletics));
}

function roundDistance(metres: number, rounding: MovementRounding): number {
  if (rounding === "exact") return metres;
  if (rounding === "halfMetre") return Math.floor(metres * 2 + 1e-9) / 2;
  throw new OmnibusError("badArgument", `unknown rounding "${String(rounding)}"`, { name: "rounding", value: String(rounding) });
}

/**
 * The five movement rates in metres per round (004:L23-27). `exact` (default) keeps fractions
 * (e.g. Run 16.666…); `halfMetre` rounds each down to a half metre.
 */
export function movementRates(fit: number, athletics: number, rounding: MovementRounding = "exact"): MovementRates {
  const sprint = sprintDistance(fit, athletics);
  const rates = {} as MovementRates;
  for (const s of SPEEDS) rates[s] = roundDistance(sprint * SPEED_FRACTIONS[s], rounding);
  return rates;
}

/**
 * Movement modes of the modifier table (004:L29-37). `prone` and `stationary` are not speeds;
 * `climbing` is its own mode (§7).
 */
export type MovementMode = "prone" | "crawling" | "stationary" | "walking" | "jogging" | "running" | "sprinting" | "climbing";
export const MOVEMENT_MODES: readonly MovementMode[] = [
  "prone",
  "crawling",
  "stationary",
  "walking",
  "jogging",
  "running",
  "sprinting",
  "climbing",
];

export interface MovementModifiers {
  /** Modifier to the moving character's own actions; `null` = no actions possible (n/a). */
  action: number | null;
  /** Modifier to its defense rolls against melee attacks (value before the slash, 004:L38). */
  defenseMelee: number;
  /** Modifier to its defense rolls against ranged attacks (value after the slash). */
  defenseRanged: number;
}

/** The movement modifier table (004:L29-38). */
export const MOVEMENT_MODIFIERS: Readonly<Record<MovementMode, Readonly<MovementModifiers>>> = {
  prone: { action: 0, defenseMelee: -3, defenseRanged: 1 },
  crawling: { action: -1, defenseMelee: -2, defenseRanged: 2 },
  stationary: { action: 0, defenseMelee: -1, defenseRanged: -1 },
  walking: { action: -1, defenseMelee: 0, defenseRanged: 0 },
  jogging: { action: -2, defenseMelee: 1, defenseRanged: 1 },
  running: { action: -3, defenseMelee: 2, defenseRanged: 2 },
  sprinting: { action: null, defenseMelee: 3, defenseRanged: 3 },
  climbing: { action: null, defenseMelee: -2, defenseRanged: -2 },
};

function checkMode(mode: MovementMode): void {
  if (!MOVEMENT_MODES.includes(mode))
    throw new OmnibusError("badArgument", `unknown movement mode "${String(mode)}"`, { name: "mode", value: String(mode) });
}

/** The action modifier of a movement mode; `null` = no actions this turn (sprinting, climbing). */
export function movementActionModifier(mode: MovementMode): number | null {
  checkMode(mode);
  return MOVEMENT_MODIFIERS[mode].action;
}

/** The defense modifier of a movement mode against a melee or a ranged attack (004:L29-38). */
export function movementDefenseModifier(mode: MovementMode, attack: "melee" | "ranged"): number {
  checkMode(mode);
  if (attack !== "melee" && attack !== "ranged")
    throw new OmnibusError("badArgument", `attack must be melee or ranged, got "${String(attack)}"`, { name: "attack" });
  return attack === "melee" ? MOVEMENT_MODIFIERS[mode].defenseMelee : MOVEMENT_MODIFIERS[mode].defenseRanged;
}

const MODE_OF_SPEED: Record<Speed, MovementMode> = {
  crawl: "crawling",
  walk: "walking",
  jog: "jogging",
  run: "running",
  sprint: "sprinting",
};
const SPEED_OF_MODE: Partial<Record<MovementMode, Speed>> = {
  crawling: "crawl",
  walking: "walk",
  jogging: "jog",
  running: "run",
  sprinting: "sprint",
};

/** The movement mode of a speed. */
export function modeOfSpeed(speed: Speed): MovementMode {
  if (!SPEEDS.includes(speed))
    throw new OmnibusError("badArgument", `unknown speed "${String(speed)}"`, { name: "speed", value: String(speed) });
  return MODE_OF_SPEED[speed];
}

/**
 * The movement mode implied by the distance moved this turn (digest §5.1 [AUTOMATE]): not moving
 * → `stationary` (or `prone` if lying down); otherwise the slowest speed whose limit covers the
 * distance (moving less than a mode's limit counts as the slowest mode that allows it, §16.13).
 * A prone character can only crawl. `maxSpeed` caps the speeds allowed (load, wounds). Throws
 * `outOfRange` when the distance is beyond what the character may move.
 */
export function movementModeForDistance(
  distance: number,
  rates: MovementRates,
  opts: { prone?: boolean; maxSpeed?: Speed } = {},
): MovementMode {
  if (typeof distance !== "number" || !Number.isFinite(distance) || distance < 0) {
    throw new OmnibusError("badArgument", `distance must be a number of metres ≥ 0, got ${String(distance)}`, {
      name: "distance",
      value: String(distance),
    });
  }
  for (const s of SPEEDS) {
    if (typeof rates?.[s] !== "number" || !Number.isFinite(rates[s]) || rates[s] < 0)
      throw new OmnibusError("badArgument", `movement rate ${s} missing`, { name: s });
  }
  const maxSpeed = opts.maxSpeed ?? "sprint";
  if (!SPEEDS.includes(maxSpeed)) throw new OmnibusError("badArgument", `unknown speed "${String(maxSpeed)}"`, { name: "maxSpeed" });
  if (distance === 0) return opts.prone === true ? "prone" : "stationary";
  const allowed = opts.prone === true ? (["crawl"] as Speed[]) : SPEEDS.slice(SPEEDS.indexOf("walk"), SPEEDS.indexOf(maxSpeed) + 1);
  if (opts.prone !== true && maxSpeed === "crawl") allowed.push("crawl");
  const eps = 1e-9;
  for (const s of allowed) if (distance <= rates[s] + eps) return MODE_OF_SPEED[s];
  throw new OmnibusError("outOfRange", `${distance} m is farther than this character may move in a round`, {
    name: "distance",
    value: distance,
  });
}

/** Which speed limit a movement mode stands for (`null` for prone, stationary, climbing). */
export function speedOfMode(mode: MovementMode): Speed | null {
  checkMode(mode);
  return SPEED_OF_MODE[mode] ?? null;
}

/** The slower of two speeds. */
export function slowerSpeed(a: Speed, b: Speed): Speed {
  if (!SPEEDS.includes(a) || !SPEEDS.includes(b)) throw new OmnibusError("badArgument", "unknown speed", { name: "speed" });
  return SPEEDS.indexOf(a) <= SPEEDS.indexOf(b) ? a : b;
}

/**
 * Fastest speed allowed by the load (004:L39): up to half the maximum load → any; over half up to
 * three quarters → jog; over three quarters → walk. Exact boundaries count as "up to" (digest E15).
 * Over the maximum the seed says nothing; this answers `crawl` unless `overMaximum: "walk"`.
 */
export function maxSpeedForLoad(load: number, maxLoad: number, overMaximum: "crawl" | "walk" = "crawl"): Speed {
  if (typeof load !== "number" || !Number.isFinite(load) || load < 0)
    throw new OmnibusError("badArgument", `load must be ≥ 0, got ${String(load)}`, { name: "load" });
  if (typeof maxLoad !== "number" || !Number.isFinite(maxLoad) || maxLoad <= 0)
    throw new OmnibusError("badArgument", `maximum load must be > 0, got ${String(maxLoad)}`, { name: "maxLoad" });
  if (load <= maxLoad / 2) return "sprint";
  if (load <= (maxLoad * 3) / 4) return "jog";
  if (load <= maxLoad) return "walk";
  return overMaximum;
}

/** Weight an item counts as: double when it is not made for carrying (no handles or straps) (004:L40). */
export function carriedWeight(weight: number, unhandy = false): number {
  if (typeof weight !== "number" || !Number.isFinite(weight) || weight < 0)
    throw new OmnibusError("badArgument", `weight must be ≥ 0, got ${String(weight)}`, { name: "weight" });
  return unhandy ? weight * 2 : weight;
}

/** Modifier to all actions for carrying an item that needs balancing: −1 one-handed, −2 two-handed (004:L41). */
export function balancingPenalty(hands: 0 | 1 | 2): number {
  if (hands !== 0 && hands !== 1 && hands !== 2) throw new OmnibusError("badArgument", "hands must be 0, 1 or 2", { name: "hands" });
  return -hands;
}

/** Wound level for movement purposes. */
export type WoundState = "none" | "light" | "heavy";

/**
 * Fastest speed allowed by wounds (004:L42-43): light wounds → no sprint, a painful jog at most
 * (`lightMax: "run"` is the alternative reading, §16.15); heavy wounds → crawl only; dead → `null`.
 */
export function maxSpeedForWounds(wounds: WoundState | "dead", lightMax: "jog" | "run" = "jog"): Speed | null {
  if (lightMax !== "jog" && lightMax !== "run")
    throw new OmnibusError("badArgument", `lightMax must be jog or run, got "${String(lightMax)}"`, { name: "lightMax" });
  if (wounds === "dead") return null;
  if (wounds === "none") return "sprint";
  if (wounds === "light") return lightMax;
  if (wounds === "heavy") return "crawl";
  throw new OmnibusError("badArgument", `unknown wound state "${String(wounds)}"`, { name: "wounds" });
}

/**
 * Speed factor in water (004:L78): knee-deep or shallower → half speed, no other penalty.
 * Deeper water gives no movement rate in this chapter (swimming is "later", 004:L21): `null`.
 */
export function waterSpeedFactor(depth: "none" | "knee" | "shoulder" | "deep" | "under"): number | null {
  if (depth === "none") return 1;
  if (depth === "knee") return 0.5;
  if (depth === "shoulder" || depth === "deep" || depth === "under") return null;
  throw new OmnibusError("badArgument", `unknown water depth "${String(depth)}"`, { name: "depth" });
}

/**
 * Movement rates in water (004:L78): knee-deep or shallower water halves every speed; dry ground
 * leaves them as they are. Deeper water has no rates in this chapter: refused.
 */
export function ratesInWater(rates: MovementRates, depth: "none" | "knee"): MovementRates {
  const factor = waterSpeedFactor(depth);
  if (factor === null || (depth !== "none" && depth !== "knee"))
    throw new OmnibusError("badArgument", `no movement rates are given for ${String(depth)} water`, {
      name: "depth",
      value: String(depth),
    });
  const out = {} as MovementRates;
  for (const s of SPEEDS) {
    const v = rates?.[s];
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0)
      throw new OmnibusError("badArgument", `movement rate ${s} missing`, { name: s });
    out[s] = v * factor;
  }
  return out;
}
