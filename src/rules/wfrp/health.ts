/**
 * Wounds and armour (published 4e; the seed stops before them — digest §7 item 21). Wounds from the
 * Size formula, armour by location, and applying damage: Wounds lost = Damage − TB − AP at the
 * location, minimum 1; at 0 Wounds the target is Prone and takes a Critical Wound (digest §7 items 7, 21).
 */
import { requireArray, requireObject } from "../../core/guards";
import { describeValue, OmnibusError, requireInt } from "../../core/errors";

export const SIZES = ["tiny", "little", "small", "average", "large", "enormous", "monstrous"] as const;
export type Size = (typeof SIZES)[number];

export interface WoundsInput {
  strengthBonus: number;
  toughnessBonus: number;
  willpowerBonus: number;
  /** Default "average" (every character species but the halfling, who is "small"). */
  size?: Size;
  /** Times the Hardy talent is taken: +TB Wounds each. */
  hardy?: number;
}

/**
 * Maximum Wounds (published 4e Size trait): Tiny 1; Little TB; Small 2×TB + WPB; Average
 * SB + 2×TB + WPB; Large ×2, Enormous ×4, Monstrous ×8 of the Average figure; then +TB per Hardy.
 */
export function maxWounds(w: WoundsInput): number {
  requireObject("wounds input", w);
  const sb = requireInt("strengthBonus", w.strengthBonus, 0, 99);
  const tb = requireInt("toughnessBonus", w.toughnessBonus, 0, 99);
  const wpb = requireInt("willpowerBonus", w.willpowerBonus, 0, 99);
  const hardy = requireInt("hardy", w.hardy ?? 0, 0, 99);
  const size = w.size ?? "average";
  const averageFigure = sb + 2 * tb + wpb;
  const bySize: Record<Size, number> = {
    tiny: 1,
    little: tb,
    small: 2 * tb + wpb,
    average: averageFigure,
    large: averageFigure * 2,
    enormous: averageFigure * 4,
    monstrous: averageFigure * 8,
  };
  if (!(size in bySize))
    throw new OmnibusError("badArgument", `unknown size "${describeValue(size)}" (one of ${SIZES.join(", ")})`, {
      name: "size",
      value: describeValue(size),
    });
  return bySize[size] + hardy * tb;
}

/** The six hit locations of the humanoid table. */
export const HIT_LOCATIONS = ["head", "leftArm", "rightArm", "body", "leftLeg", "rightLeg"] as const;
export type HitLocation = (typeof HIT_LOCATIONS)[number];

export interface ArmourPiece {
  /** Locations it covers. */
  locations: readonly HitLocation[];
  /** Armour Points it gives each covered location. */
  armourPoints: number;
  /** Metal armour (mail, plate) keeps all but 1 AP against Penetrating weapons; other armour keeps none. */
  metal?: boolean;
}

/**
 * Armour Points at a location, summed over the pieces worn. Against a Penetrating weapon non-metal
 * armour is ignored and each metal piece loses 1 AP (published 4e weapon quality).
 */
export function armourAt(pieces: readonly ArmourPiece[], location: HitLocation, options: { penetrating?: boolean } = {}): number {
  if (!Array.isArray(pieces)) throw new OmnibusError("badArgument", "armour must be a list", { name: "armour" });
  if (!(HIT_LOCATIONS as readonly string[]).includes(location)) {
    throw new OmnibusError("badArgument", `unknown hit location "${describeValue(location)}"`, {
      name: "location",
      value: describeValue(location),
    });
  }
  let total = 0;
  for (const p of pieces) {
    requireObject("armour piece", p);
    requireArray("armour locations", p.locations);
    const ap = requireInt("armourPoints", p.armourPoints, 0, 99);
    if (!p.locations.includes(location)) continue;
    total += options.penetrating ? (p.metal ? Math.max(0, ap - 1) : 0) : ap;
  }
  return total;
}

/** Armour Points per location, for the sheet. */
export function armourByLocation(pieces: readonly ArmourPiece[]): Record<HitLocation, number> {
  return Object.fromEntries(HIT_LOCATIONS.map((l) => [l, armourAt(pieces, l)])) as Record<HitLocation, number>;
}

export interface DamageInput {
  /** The hit's total Damage (weapon + SL margin + any extras). */
  damage: number;
  /** The target's current Wounds. */
  wounds: number;
  toughnessBonus: number;
  /** Armour Points at the location hit, plus a shield's if it was used to defend. */
  armourPoints: number;
  /** Undamaging weapons: Armour Points count double and there is no minimum of 1 Wound. */
  undamaging?: boolean;
  /** Some effects ignore Toughness Bonus or armour. */
  ignoreToughness?: boolean;
  ignoreArmour?: boolean;
}

export interface DamageResult {
  /** Wounds lost (never more than the target had). */
  woundsLost: number;
  /** The reduction before capping at current Wounds: Damage − TB − AP, at least 1 unless Undamaging. */
  damageAfterReduction: number;
  /** The target's Wounds after the hit (never below 0). */
  wounds: number;
  /** The minimum of 1 Wound applied. */
  minimumApplied: boolean;
  /** The hit took the target to 0 Wounds: a Critical Wound, and the Prone Condition. */
  reducedToZero: boolean;
}

/** Applies one hit's Damage to a target's Wounds. */
export function applyDamage(d: DamageInput): DamageResult {
  const damage = requireInt("damage", requireObject("damage input", d).damage, -999, 9999);
  const wounds = requireInt("wounds", d.wounds, 0, 9999);
  const tb = d.ignoreToughness ? 0 : requireInt("toughnessBonus", d.toughnessBonus, 0, 99);
  const apRaw = d.ignoreArmour ? 0 : requireInt("armourPoints", d.armourPoints, 0, 99);
  const ap = d.undamaging ? apRaw * 2 : apRaw;
  let reduced = damage - tb - ap;
  let minimumApplied = false;
  if (reduced < 1 && !d.undamaging) {
    reduced = 1;
    minimumApplied = true;
  }
  reduced = Math.max(0, reduced);
  const woundsLost = Math.min(wounds, reduced);
  const after = wounds - woundsLost;
  return { woundsLost, damageAfterReduction: reduced, wounds: after, minimumApplied, reducedToZero: reduced > 0 && reduced >= wounds };
}

/**
 * Critical Wounds a character can carry: their Toughness Bonus; one more than that while Unconscious
 * kills (published 4e, from a public rules summary — verify).
 */
export function diesFromCriticals(criticalWounds: number, toughnessBonus: number): boolean {
  return requireInt("criticalWounds", criticalWounds, 0, 999) > requireInt("toughnessBonus", toughnessBonus, 0, 99);
}
