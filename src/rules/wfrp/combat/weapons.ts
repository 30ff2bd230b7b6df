/**
 * Weapons and the qualities and flaws that change a test or damage (published 4e; digest §7 item 21).
 */
import { requireArray } from "../../../core/guards";
import { describeValue, OmnibusError, requireInt } from "../../../core/errors";

export const WEAPON_QUALITIES = ["accurate", "precise", "damaging", "impact", "impale", "penetrating", "defensive"] as const;
export type WeaponQuality = (typeof WEAPON_QUALITIES)[number];
export const WEAPON_FLAWS = ["dangerous", "imprecise", "undamaging", "slow", "tiring"] as const;
export type WeaponFlaw = (typeof WEAPON_FLAWS)[number];
/**
 * The published 4e weapon groups (the specialisations of Melee and Ranged), by kind. A weapon's `group`
 * is free text; these ids are the ones the sheets name in the player's language.
 */
export const WEAPON_GROUPS = {
  melee: ["basic", "brawling", "cavalry", "fencing", "flail", "parry", "polearm", "twohanded"],
  ranged: ["blackpowder", "bow", "crossbow", "engineering", "entangling", "explosives", "sling", "throwing"],
} as const;

export interface Weapon {
  kind: "melee" | "ranged";
  /** The weapon's Damage number (the "+X"). */
  damage: number;
  /** Melee weapons (and some thrown ones) add the wielder's Strength Bonus: "+SB+X". */
  addsStrengthBonus: boolean;
  /** Ranged weapons: the Range in yards. */
  range?: number;
  qualities?: readonly WeaponQuality[];
  flaws?: readonly WeaponFlaw[];
}

export function hasQuality(w: Weapon, q: WeaponQuality): boolean {
  checkWeapon(w);
  return (w.qualities ?? []).includes(q);
}
export function hasFlaw(w: Weapon, f: WeaponFlaw): boolean {
  checkWeapon(w);
  return (w.flaws ?? []).includes(f);
}

/** Validates a weapon description. */
export function checkWeapon(w: Weapon): Weapon {
  if (typeof w !== "object" || w === null || (w.kind !== "melee" && w.kind !== "ranged")) {
    throw new OmnibusError("badArgument", `weapon kind must be "melee" or "ranged"`, { name: "weapon" });
  }
  requireInt("weapon damage", w.damage, -99, 99);
  if (w.kind === "ranged") requireInt("weapon range", w.range, 1, 99999);
  if (w.qualities !== undefined) requireArray("weapon qualities", w.qualities);
  if (w.flaws !== undefined) requireArray("weapon flaws", w.flaws);
  if (typeof w.addsStrengthBonus !== "boolean")
    throw new OmnibusError("badArgument", "weapon addsStrengthBonus must be true or false", { name: "addsStrengthBonus" });
  for (const q of w.qualities ?? [])
    if (!(WEAPON_QUALITIES as readonly string[]).includes(q))
      throw new OmnibusError("badArgument", `unknown weapon quality "${describeValue(q)}"`, { name: "quality", value: describeValue(q) });
  for (const f of w.flaws ?? [])
    if (!(WEAPON_FLAWS as readonly string[]).includes(f))
      throw new OmnibusError("badArgument", `unknown weapon flaw "${describeValue(f)}"`, { name: "flaw", value: describeValue(f) });
  return w;
}

/** The weapon's Damage for its wielder: X, plus SB for "+SB+X" weapons. */
export function weaponDamage(w: Weapon, strengthBonus: number): number {
  checkWeapon(w);
  return w.damage + (w.addsStrengthBonus ? requireInt("strengthBonus", strengthBonus, 0, 99) : 0);
}

/** The attack-test adjustments a weapon gives: Accurate +10; Precise +1 SL on success; Imprecise −1 SL. */
export function weaponTestAdjustments(w: Weapon): { modifier: number; slBonus: number; successBonus: number } {
  checkWeapon(w);
  return {
    modifier: hasQuality(w, "accurate") ? 10 : 0,
    slBonus: hasFlaw(w, "imprecise") ? -1 : 0,
    successBonus: hasQuality(w, "precise") ? 1 : 0,
  };
}
