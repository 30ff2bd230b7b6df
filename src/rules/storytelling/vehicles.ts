/**
 * Vehicles (002:L761–L934; digest §17): Durability and reinforcement, damage and the −1 Drive
 * penalty, acceleration and braking, speed penalties, flat tyres, jumping out, crashes into people,
 * objects and vehicles, head-on collisions, occupants' damage, motorcycles, and in-car cover.
 * Speeds are in yards per turn unless a name says km/h.
 */
import { OmnibusError, requireInt } from "../../core/errors";
import { oneOf, optionalFlag, optionsObject, requireNumber, requireObject } from "../../core/guards";

export interface VehicleTraits {
  durability: number;
  size: number;
  structure?: number;
  acceleration?: number;
  safeSpeed?: number;
  maxSpeed?: number;
  handling?: number;
}

/** Yards per turn → km/h (0.9144 m ÷ 3 s × 3.6 = 1.09728). */
export const KMH_PER_YARD_PER_TURN = 1.09728;
export function yardsPerTurnToKmh(yardsPerTurn: number): number {
  return requireNumber("speed", yardsPerTurn, 0, 100000) * KMH_PER_YARD_PER_TURN;
}

/** Accelerating (002:L807): each turn adds the Acceleration to the speed, up to the Max Speed. */
export function accelerate(speed: number, acceleration: number, maxSpeed = Infinity): number {
  const s = requireNumber("speed", speed, 0, 100000) + requireNumber("acceleration", acceleration, 0, 100000);
  return maxSpeed === Infinity ? s : Math.min(s, requireNumber("maxSpeed", maxSpeed, 0, 100000));
}

/**
 * Ramming (002:L875, L889): contested Dexterity + Drive + Handling; the rammer must get more
 * successes (a tie is a miss). On a miss the rammer overshoots and rolls again to keep control.
 */
export function ramHits(rammerSuccesses: number, targetSuccesses: number): { hit: boolean; controlRollNeeded: boolean } {
  const hit = requireInt("rammerSuccesses", rammerSuccesses, 0, 9999) > requireInt("targetSuccesses", targetSuccesses, 0, 9999);
  return { hit, controlRollNeeded: !hit };
}

/**
 * Handling (002:L907–L909) adds dice to Dexterity + Drive rolls only, not to every roll made in a
 * vehicle (tailing someone unseen gets nothing from it).
 */
export function handlingBonus(handling: number, roll: "drive" | "other"): number {
  requireInt("handling", handling, -5, 10);
  return oneOf("roll", roll, ["drive", "other"]) === "drive" ? handling : 0;
}

/** Reinforcement (002:L793): +1…+3 Durability costs Resources bonus + 2 (parts only: one less). */
export function reinforcementCost(bonus: number, partsOnly = false): number {
  return requireInt("bonus", bonus, 1, 3) + 2 - (optionalFlag("partsOnly", partsOnly) ? 1 : 0);
}

/** Drive penalty from damage (002:L795, L827): −1 once Structure damage exceeds Durability. */
export function vehicleDamagePenalty(v: VehicleTraits, damage: number): number {
  requireObject("vehicle", v);
  return requireInt("damage", damage, 0, 9999) > requireInt("durability", v.durability, 0, 99) ? -1 : 0;
}

/** Flat tyres (002:L785, L819): −2 Drive each; speed halved with one, a crawl with two or more. */
export function flatTyrePenalty(flats: number): number {
  return 0 - 2 * requireInt("flats", flats, 0, 99);
}

/**
 * Braking (002:L809–L811, digest A35): a vehicle sheds 3 × Acceleration per turn without a roll;
 * stopping faster needs Dexterity + Drive at −1 per full 10 yards/turn beyond that.
 * `rollNeeded` is false when the free 3 × Acceleration is enough.
 */
export function brakingPenalty(acceleration: number, speed: number, targetSpeed = 0): { rollNeeded: boolean; penalty: number } {
  const free = 3 * requireNumber("acceleration", acceleration, 0, 100000);
  const excess = requireNumber("speed", speed, 0, 100000) - requireNumber("targetSpeed", targetSpeed, 0, 100000) - free;
  if (targetSpeed > speed) throw new OmnibusError("badArgument", "braking lowers speed");
  if (excess <= 0) return { rollNeeded: false, penalty: 0 };
  return { rollNeeded: true, penalty: 0 - Math.floor(excess / 10) };
}

/** Over Safe Speed (002:L829, digest E60): typically −1 per full 30 yards/turn over. */
export function overSafeSpeedPenalty(speed: number, safeSpeed: number): number {
  const over = requireNumber("speed", speed, 0, 100000) - requireNumber("safeSpeed", safeSpeed, 0, 100000);
  return over > 0 ? 0 - Math.floor(over / 30) : 0;
}

/** One die per full 15 km/h for collisions (002:L857, digest A37: floor). */
export function collisionSpeedDice(speed: { kmh: number } | { yardsPerTurn: number }): number {
  requireObject("speed", speed);
  return "kmh" in speed
    ? Math.floor(requireNumber("kmh", speed.kmh, 0, 100000) / 15 + 1e-9)
    : Math.floor(requireNumber("yardsPerTurn", speed.yardsPerTurn, 0, 100000) / 14 + 1e-9);
}

/** The damage pool of a vehicle hitting something: its Size + speed dice (002:L857, L877, L893). */
export function collisionDamagePool(vehicleSize: number, speed: { kmh: number } | { yardsPerTurn: number }, targetArmor = 0): number {
  return requireInt("size", vehicleSize, 0, 999) + collisionSpeedDice(speed) - requireInt("armor", targetArmor, 0, 99);
}

/**
 * Jumping from a moving vehicle (002:L837–L847): every 15 km/h or fraction counts as 3 yards of
 * falling, one bashing each; 10 or more units is terminal velocity, 10 lethal (digest A38; `floor`
 * for the alternative rounding). Dexterity + Athletics successes reduce it with no limit (002:L841).
 */
export function vehicleJumpDamage(
  kmh: number,
  opts: { successes?: number; brokenGlass?: boolean; rounding?: "ceil" | "floor" } = {},
): {
  units: number;
  damage: number;
  type: "bashing" | "lethal";
} {
  const raw = requireNumber("kmh", kmh, 0, 100000) / 15;
  opts = optionsObject("options", opts);
  if (opts.rounding !== undefined) oneOf("rounding", opts.rounding, ["ceil", "floor"]);
  const units = opts.rounding === "floor" ? Math.floor(raw + 1e-9) : Math.ceil(raw - 1e-9);
  const lethal = units >= 10 || optionalFlag("brokenGlass", opts.brokenGlass);
  const base = units >= 10 ? 10 : units;
  return { units, damage: Math.max(0, base - requireInt("successes", opts.successes ?? 0, 0, 999)), type: lethal ? "lethal" : "bashing" };
}

/** Surface modifiers to the Dexterity + Athletics roll when jumping out (002:L843). */
export const JUMP_SURFACE = { pavement: 0, grass: 1, snow: 3, rockyTrail: -1, brokenGlass: -3 } as const;

/**
 * A vehicle hits a static object or rams another vehicle with S damage successes
 * (002:L865–L871, L877–L881): if S beats the obstacle's Durability, the obstacle takes the excess
 * and the vehicle half its own excess (rounded down) and keeps going; otherwise the vehicle stops
 * dead and takes its full excess.
 */
export function vehicleImpact(
  successes: number,
  vehicleDurability: number,
  obstacleDurability: number,
): {
  obstacleDamage: number;
  vehicleDamage: number;
  stopsDead: boolean;
} {
  const s = requireInt("successes", successes, 0, 9999);
  const own = requireInt("vehicleDurability", vehicleDurability, 0, 99);
  const other = requireInt("obstacleDurability", obstacleDurability, 0, 99);
  if (s > other) return { obstacleDamage: s - other, vehicleDamage: Math.floor(Math.max(0, s - own) / 2), stopsDead: false };
  return { obstacleDamage: 0, vehicleDamage: Math.max(0, s - own), stopsDead: true };
}

/**
 * Hitting a person (002:L855–L863, L873): each damage success is one bashing, and the person is
 * always knocked down. The vehicle takes nothing, unless the Storyteller allows it for a large
 * creature: then half the excess over its Durability, rounded down.
 */
export function vehicleHitsPerson(
  successes: number,
  opts: { vehicleDurability?: number; largeCreature?: boolean } = {},
): {
  bashing: number;
  knockedDown: true;
  vehicleDamage: number;
} {
  const s = requireInt("successes", successes, 0, 9999);
  opts = optionsObject("options", opts);
  const vehicleDamage = optionalFlag("largeCreature", opts.largeCreature)
    ? Math.floor(Math.max(0, s - requireInt("vehicleDurability", opts.vehicleDurability ?? 0, 0, 99)) / 2)
    : 0;
  return { bashing: s, knockedDown: true, vehicleDamage };
}

/** Head-on collision (002:L891–L893): both drivers' successes are totalled; each car takes total − own Durability. */
export function headOnCollision(
  successesA: number,
  successesB: number,
  durabilityA: number,
  durabilityB: number,
): { damageA: number; damageB: number } {
  const total = requireInt("successesA", successesA, 0, 9999) + requireInt("successesB", successesB, 0, 9999);
  return {
    damageA: Math.max(0, total - requireInt("durabilityA", durabilityA, 0, 99)),
    damageB: Math.max(0, total - requireInt("durabilityB", durabilityB, 0, 99)),
  };
}

/**
 * Occupants' damage (002:L883, digest A43): half the Structure the vehicle lost in the impact,
 * rounded down, as bashing, less a seatbelt/airbag (1–3) and worn armour (general rating).
 */
export function occupantDamage(vehicleStructureDamage: number, opts: { restraint?: number; armor?: number } = {}): number {
  const half = Math.floor(requireInt("vehicleStructureDamage", vehicleStructureDamage, 0, 9999) / 2);
  opts = optionsObject("options", opts);
  return Math.max(0, half - requireInt("restraint", opts.restraint ?? 0, 0, 3) - requireInt("armor", opts.armor ?? 0, 0, 99));
}

/**
 * Motorcycle (002:L913–L915): damage is compared with the bike's Durability; only if it exceeds it,
 * the bike loses the excess and the rider takes the full damage less his armour (bashing, A44).
 */
export function motorcycleDamage(damage: number, bikeDurability: number, riderArmor = 0): { bikeDamage: number; riderDamage: number } {
  const d = requireInt("damage", damage, 0, 9999);
  const dur = requireInt("bikeDurability", bikeDurability, 0, 99);
  if (d <= dur) return { bikeDamage: 0, riderDamage: 0 };
  return { bikeDamage: d - dur, riderDamage: Math.max(0, d - requireInt("riderArmor", riderArmor, 0, 99)) };
}

/**
 * In-car concealment after doors are destroyed (002:L779–L781, digest A33): −3, then −2, −1, 0.
 * With no door destroyed the occupants are in full cover (closed windows) — `null`.
 */
export function doorLossConcealment(doorsDestroyed: number): number | null {
  const n = requireInt("doorsDestroyed", doorsDestroyed, 0, 99);
  return n === 0 ? null : 0 - Math.max(0, 4 - n);
}

/** Open windows: occupants are well concealed, −3 to attackers (002:L799). */
export const OPEN_WINDOW_CONCEALMENT = -3;

/**
 * Shooting through a window or door (002:L801): the successes beyond its Durability become a new
 * pool against the occupant, less the occupant's armour (WoD p.164).
 */
export function shootThroughPool(successes: number, coverDurability: number, occupantArmor = 0): number {
  return (
    Math.max(0, requireInt("successes", successes, 0, 9999) - requireInt("coverDurability", coverDurability, 0, 99)) -
    requireInt("occupantArmor", occupantArmor, 0, 99)
  );
}

/** Gas tank (002:L789): cinematic — any damage beyond Durability may explode it; realistic — 3+ in one roll. */
export function gasTankMayExplode(structureDamageThisRoll: number, mode: "cinematic" | "realistic" = "cinematic"): boolean {
  const d = requireInt("damage", structureDamageThisRoll, 0, 9999);
  oneOf("mode", mode, ["cinematic", "realistic"]);
  return mode === "realistic" ? d >= 3 : d >= 1;
}

/** Vehicle parts (002:L773–L789): −1 to hit each. */
export const VEHICLE_PARTS = {
  window: { durability: 1, size: 3, structure: 4, toHit: -1 },
  door: { durability: 3, size: 3, structure: 6, toHit: -1 },
  tyre: { durability: 1, size: 2, structure: 3, toHit: -1 },
  gasTank: { durability: 6, size: 2, structure: 8, toHit: -1 },
} as const;

/** Sample vehicles (002:L911–L934), speeds in yards per turn. */
export const SAMPLE_VEHICLES = {
  motorcycle: { durability: 2, size: 7, structure: 9, acceleration: 22, safeSpeed: 132, maxSpeed: 235, handling: 4 },
  sportsCar: { durability: 2, size: 10, structure: 12, acceleration: 20, safeSpeed: 161, maxSpeed: 235, handling: 4 },
  compactCar: { durability: 3, size: 9, structure: 12, acceleration: 15, safeSpeed: 103, maxSpeed: 191, handling: 3 },
  midsizeSedan: { durability: 3, size: 12, structure: 15, acceleration: 14, safeSpeed: 110, maxSpeed: 183, handling: 2 },
  fullSizeVan: { durability: 3, size: 14, structure: 17, acceleration: 12, safeSpeed: 103, maxSpeed: 176, handling: 1 },
  suvPickup: { durability: 3, size: 15, structure: 18, acceleration: 13, safeSpeed: 103, maxSpeed: 169, handling: 0 },
  semiTractor: { durability: 3, size: 18, structure: 21, acceleration: 10, safeSpeed: 103, maxSpeed: 161, handling: -1 },
  bus: { durability: 3, size: 21, structure: 24, acceleration: 10, safeSpeed: 88, maxSpeed: 147, handling: -2 },
} as const satisfies Record<string, Required<VehicleTraits>>;
