/**
 * Objects (002:L486–L633; digest §15): Durability, Size, Structure; damage and the impaired /
 * destroyed states; improvised weapons; doors, bars, object against object, falling objects;
 * Durability reduction (armour piercing).
 */
import { requireInt } from "../../core/errors";
import { oneOf, optionalFlag, optionsObject, requireNumber, requireObject } from "../../core/guards";

export interface ObjectTraits {
  durability: number;
  size: number;
  /** Defaults to Durability + Size (002:L527). */
  structure?: number;
  /** Supernatural objects keep Durability against aggravated damage (002:L496). */
  supernatural?: boolean;
  /** Damage rating as a weapon, when it is not the lower of Durability and Size (purpose-built weapons, 002:L577). */
  damage?: number;
}

export type ObjectState = "ok" | "impaired" | "destroyed";

/** Durability by material (002:L500–L509); +1 per armour layer. */
export const MATERIAL_DURABILITY = { wood: 1, hardPlastic: 1, thickGlass: 1, stone: 2, aluminum: 2, iron: 3, steel: 3 } as const;

function traits(o: ObjectTraits) {
  requireObject("object", o);
  optionalFlag("supernatural", o.supernatural);
  const durability = requireInt("durability", o.durability, 0, 99);
  const size = requireInt("size", o.size, 0, 999);
  const structure = requireInt("structure", o.structure ?? durability + size, 1, 9999);
  return { durability, size, structure };
}

/** Structure = Durability + Size (002:L527). */
export function objectStructure(durability: number, size: number): number {
  return requireInt("durability", durability, 0, 99) + requireInt("size", size, 0, 999);
}

/** An object's Damage as an improvised weapon: the lower of Durability and Size (002:L571). */
export function objectDamageRating(durability: number, size: number): number {
  return Math.min(requireInt("durability", durability, 0, 99), requireInt("size", size, 0, 999));
}

/**
 * The Durability an attack must beat (002:L494–L496, L623): reduced by a piercing rating, and 0
 * against aggravated damage unless the object is supernatural.
 */
export function effectiveDurability(
  o: ObjectTraits,
  opts: { damageType?: "bashing" | "lethal" | "aggravated"; piercing?: number } = {},
): number {
  const { durability } = traits(o);
  const { damageType, piercing } = optionsObject("options", opts);
  if (damageType !== undefined) oneOf("damageType", damageType, ["bashing", "lethal", "aggravated"]);
  if (damageType === "aggravated" && !o.supernatural) return 0;
  return Math.max(0, durability - requireInt("piercing", piercing ?? 0, 0, 99));
}

/** Structure damage from an attack: successes beyond the (effective) Durability (002:L494, L585). */
export function damageToObject(
  successes: number,
  o: ObjectTraits,
  opts: { damageType?: "bashing" | "lethal" | "aggravated"; piercing?: number } = {},
): number {
  requireInt("successes", successes, 0, 9999);
  return Math.max(0, successes - effectiveDurability(o, opts));
}

/**
 * State after accumulated damage (002:L527–L529): impaired (−1 to its user) once the damage
 * exceeds Durability, destroyed when it reaches Structure.
 */
export function objectState(o: ObjectTraits, damage: number): { state: ObjectState; penalty: number } {
  const { durability, structure } = traits(o);
  requireInt("damage", damage, 0, 9999);
  if (damage >= structure) return { state: "destroyed", penalty: 0 };
  if (damage > durability) return { state: "impaired", penalty: -1 };
  return { state: "ok", penalty: 0 };
}

/** Repair (002:L531): each success restores one point of Structure. */
export function repairObject(damage: number, successes: number): number {
  return Math.max(0, requireInt("damage", damage, 0, 9999) - requireInt("successes", successes, 0, 9999));
}

/**
 * Improvised weapon modifiers (002:L571–L579): the object's Damage as bonus dice, −1 improvised,
 * and −1 when the wielder's Strength is below the object's Size (digest A22: flat by default).
 */
export function improvisedWeaponModifier(
  o: ObjectTraits,
  strength: number,
  shortfall: "flat" | "perPoint" = "flat",
): { damage: number; improvised: number; strength: number; total: number } {
  const { durability, size } = traits(o);
  requireInt("strength", strength, 0, 10);
  const damage = Math.min(durability, size);
  oneOf("shortfall", shortfall, ["flat", "perPoint"]);
  const lack = strength < size ? (shortfall === "perPoint" ? strength - size : -1) : 0;
  return { damage, improvised: -1, strength: lack, total: damage - 1 + lack };
}

/** Attacking an object barehanded costs the attacker one bashing per blow (002:L490, L589). */
export const BAREHANDED_SELF_DAMAGE = 1;

/** Kicking down a door (002:L591): Strength + Stamina; any damage breaks the lock, Structure smashes it. */
export function kickDoor(
  door: ObjectTraits,
  successes: number,
  priorDamage = 0,
): { damage: number; totalDamage: number; result: "holds" | "lockBroken" | "smashed" } {
  const { structure } = traits(door);
  const damage = damageToObject(successes, door);
  const totalDamage = requireInt("priorDamage", priorDamage, 0, 9999) + damage;
  return { damage, totalDamage, result: totalDamage >= structure ? "smashed" : totalDamage > 0 ? "lockBroken" : "holds" };
}

/**
 * Holding a door shut (002:L593–L595): the holder's Strength + Stamina successes add to the door's
 * Durability (and Structure, digest A24); the attacker's excess damages the door, and the holder
 * takes half of it, rounded down (bashing).
 */
export function holdDoor(
  door: ObjectTraits,
  holderSuccesses: number,
  attackerSuccesses: number,
): {
  effectiveDurability: number;
  doorDamage: number;
  holderDamage: number;
  result: "holds" | "opens" | "tornOff";
} {
  const { durability, structure } = traits(door);
  const held = requireInt("holderSuccesses", holderSuccesses, 0, 999);
  const effDur = durability + held;
  const doorDamage = Math.max(0, requireInt("attackerSuccesses", attackerSuccesses, 0, 9999) - effDur);
  return {
    effectiveDurability: effDur,
    doorDamage,
    holderDamage: Math.floor(doorDamage / 2),
    result: doorDamage >= structure + held ? "tornOff" : doorDamage > 0 ? "opens" : "holds",
  };
}

/** Bending bars (002:L599): damage beyond Durability bends them; a character squeezes through when it exceeds his Size. */
export function bendBars(
  bars: ObjectTraits,
  successes: number,
  characterSize: number,
): { damage: number; result: "holds" | "bent" | "tornOut"; canSqueezeThrough: boolean } {
  const { structure } = traits(bars);
  const damage = damageToObject(successes, bars);
  return {
    damage,
    result: damage >= structure ? "tornOut" : damage > 0 ? "bent" : "holds",
    canSqueezeThrough: damage >= structure || damage > requireInt("characterSize", characterSize, 0, 99),
  };
}

/**
 * Hitting an object with an object (002:L601–L609): successes beyond the target's Durability damage
 * it. The striker breaks by the successes beyond its own Durability — by default only when the blow
 * does not beat the target's Durability, as the seed literally says (digest A26); `"always"` checks
 * the striker on every blow.
 */
export function strikeObject(
  target: ObjectTraits,
  striker: ObjectTraits,
  successes: number,
  strikerCheck: "whenBlocked" | "always" = "whenBlocked",
): { targetDamage: number; strikerDamage: number } {
  oneOf("strikerCheck", strikerCheck, ["whenBlocked", "always"]);
  const targetDamage = damageToObject(successes, target);
  const strikerHit = strikerCheck === "always" || targetDamage === 0;
  return { targetDamage, strikerDamage: strikerHit ? damageToObject(successes, striker) : 0 };
}

/** Falling damage: 1 bashing per 3 yards (002:L839); 30 yards or more is terminal velocity, 10 lethal (WoD p.179). */
export function fallingDamage(yards: number): { damage: number; type: "bashing" | "lethal" } {
  requireNumber("yards", yards, 0, 1e9);
  if (yards >= 30) return { damage: 10, type: "lethal" };
  return { damage: Math.floor(yards / 3), type: "bashing" };
}

/**
 * An object falling on another (002:L615–L617): both take the fall damage plus the other's Damage
 * rating; each object's Durability is subtracted before its Structure suffers (digest A28). A living
 * being's Damage rating is the lower of its Size and its Armor; it takes the fall + the object's
 * Damage (no Durability).
 */
export function fallingObjectCollision(
  falling: ObjectTraits,
  struck: ObjectTraits | { living: true; size: number; armor: number },
  fallDamage: number,
): { fallingObjectDamage: number; struckDamage: number } {
  requireInt("fallDamage", fallDamage, 0, 999);
  traits(falling);
  requireObject("struck", struck);
  const rating = (o: ObjectTraits) =>
    o.damage !== undefined ? requireInt("damage", o.damage, 0, 99) : objectDamageRating(o.durability, o.size);
  const fallingRating = rating(falling);
  if ("living" in struck) {
    const livingRating = Math.min(requireInt("size", struck.size, 0, 99), requireInt("armor", struck.armor, 0, 99));
    return { fallingObjectDamage: damageToObject(fallDamage + livingRating, falling), struckDamage: fallDamage + fallingRating };
  }
  const struckRating = rating(struck);
  return {
    fallingObjectDamage: damageToObject(fallDamage + struckRating, falling),
    struckDamage: damageToObject(fallDamage + fallingRating, struck),
  };
}
