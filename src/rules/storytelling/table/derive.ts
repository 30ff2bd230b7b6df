/**
 * Derived traits of Storytelling documents, computed through the pure rules (src/rules/storytelling)
 * from plain `system` data — what `prepareDerivedData`, the sheets, the checks and the gallery all use.
 * No Foundry global here.
 */
import {
  ATTRIBUTES,
  SKILLS,
  defenseRating,
  healthRating,
  healthStatus,
  initiativeModifier,
  objectDamageRating,
  objectState,
  speedRating,
  trackBoxes,
  vehicleDamagePenalty,
  flatTyrePenalty,
  willpowerRating,
  woundPenalty,
  type Attribute,
  type DamageType,
  type HealthStatus,
  type HealthTrack,
  type Skill,
} from "..";

type Rec = Record<string, unknown>;
const isObj = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);

/** A whole number within [min, max], or the fallback (sheets must never crash on odd data). */
export function intOr(value: unknown, fallback: number, min = -Infinity, max = Infinity): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}

export interface PlainItem {
  id?: string;
  name?: string;
  type: string;
  system?: Rec;
}

export interface ArmorTotals {
  general: number;
  ballistic: number;
  bulletproof: boolean;
  defense: number;
  speed: number;
}

/** Equipped armour: the best general and ballistic ratings worn, and the worst Defense/Speed penalties. */
export function wornArmor(items: readonly PlainItem[]): ArmorTotals {
  const worn = items.filter((i) => i.type === "storytelling_armor" && isObj(i.system) && i.system.equipped !== false);
  return {
    general: Math.max(0, ...worn.map((i) => intOr(i.system!.general, 0, 0, 10))),
    ballistic: Math.max(0, ...worn.map((i) => intOr(i.system!.ballistic, 0, 0, 10))),
    bulletproof: worn.some((i) => i.system!.bulletproof === true),
    defense: Math.min(0, ...worn.map((i) => intOr(i.system!.defense, 0, -5, 0))),
    speed: Math.min(0, ...worn.map((i) => intOr(i.system!.speed, 0, -5, 0))),
  };
}

export interface CharacterTraits {
  attributes: Record<Attribute, number>;
  skills: Record<Skill, { dots: number; specialties: string }>;
  size: number;
  speciesFactor: number;
}

/** The attributes and skills of a character's system data, cleaned to whole dots 0–10. */
export function characterTraits(system: Rec): CharacterTraits {
  const attrs = isObj(system.attributes) ? system.attributes : {};
  const skills = isObj(system.skills) ? system.skills : {};
  return {
    attributes: Object.fromEntries(ATTRIBUTES.map((a) => [a, intOr(attrs[a], 1, 0, 10)])) as Record<Attribute, number>,
    skills: Object.fromEntries(
      SKILLS.map((s) => {
        const v = skills[s];
        return [
          s,
          { dots: intOr(isObj(v) ? v.dots : v, 0, 0, 10), specialties: isObj(v) && typeof v.specialties === "string" ? v.specialties : "" },
        ];
      }),
    ) as Record<Skill, { dots: number; specialties: string }>,
    size: intOr(system.size, 5, 0, 30),
    speciesFactor: intOr(system.speciesFactor, 5, 0, 30),
  };
}

export interface CharacterDerived {
  /** Health boxes: Stamina + Size (+ bonus), or the override (extras: 4). */
  health: number;
  track: HealthTrack;
  boxes: (DamageType | "empty")[];
  woundPenalty: 0 | -1 | -2 | -3;
  healthStatus: HealthStatus;
  willpowerMax: number;
  willpowerPoints: number;
  /** Lower of Wits and Dexterity, plus worn armour's Defense penalty (never below 0). */
  defense: number;
  initiative: number;
  /** Strength + Dexterity + species factor, minus wound and armour penalties. */
  speed: number;
  size: number;
  armor: ArmorTotals;
}

/**
 * Derives a character's traits (WoD pp.90–95, 172–173; digest §Z.4, §Z.6). A track holding more
 * wounds than boxes (after Stamina dropped) is trimmed from the right, least severe first.
 */
export function deriveCharacter(system: Rec, items: readonly PlainItem[] = []): CharacterDerived {
  const t = characterTraits(system);
  const a = t.attributes;
  const armor = wornArmor(items);
  const override = system.healthOverride;
  const health =
    typeof override === "number" && override >= 1
      ? intOr(override, 7, 1, 50)
      : Math.min(50, Math.max(1, healthRating({ stamina: a.stamina, size: t.size }) + intOr(system.healthBonus, 0, -10, 20)));
  const raw = isObj(system.healthTrack) ? system.healthTrack : {};
  const track: HealthTrack = {
    health,
    aggravated: intOr(raw.aggravated, 0, 0, 50),
    lethal: intOr(raw.lethal, 0, 0, 50),
    bashing: intOr(raw.bashing, 0, 0, 50),
  };
  for (const type of ["bashing", "lethal", "aggravated"] as const) {
    const over = track.aggravated + track.lethal + track.bashing - health;
    if (over > 0) track[type] -= Math.min(over, track[type]);
  }
  const penalty = woundPenalty(track);
  const wp = isObj(system.willpower) ? system.willpower : {};
  const willpowerMax = Math.max(0, willpowerRating({ resolve: a.resolve, composure: a.composure }) + intOr(wp.bonus, 0, -10, 10));
  return {
    health,
    track,
    boxes: trackBoxes(track),
    woundPenalty: penalty,
    healthStatus: healthStatus(track),
    willpowerMax,
    willpowerPoints: intOr(wp.points, willpowerMax, 0, 20),
    // `bonuses.defense` is where Active Effects change Defense (Foundry applies them before this derivation).
    defense: Math.max(
      0,
      defenseRating({ wits: a.wits, dexterity: a.dexterity }) +
        armor.defense +
        intOr((isObj(system.bonuses) ? system.bonuses : {}).defense, 0, -20, 20),
    ),
    initiative: initiativeModifier({ dexterity: a.dexterity, composure: a.composure }),
    speed: Math.max(
      0,
      speedRating({ strength: a.strength, dexterity: a.dexterity, speciesFactor: t.speciesFactor, woundPenalty: penalty }) + armor.speed,
    ),
    size: t.size,
    armor,
  };
}

export interface ObjectDerived {
  durability: number;
  size: number;
  structure: number;
  /** Damage as an improvised weapon: the lower of Durability and Size (002:L571). */
  damageRating: number;
  damageTaken: number;
  state: "ok" | "impaired" | "destroyed";
  penalty: number;
}

/** Durability, Size, Structure and the object's state (002:L492–L533). */
export function deriveObject(system: Rec): ObjectDerived {
  const durability = intOr(system.durability, 1, 0, 20);
  const size = intOr(system.size, 1, 0, 60);
  const structure = Math.max(1, durability + size);
  const damageTaken = intOr(system.damageTaken, 0, 0, 100);
  const { state, penalty } = objectState({ durability, size, structure }, damageTaken);
  return { durability, size, structure, damageRating: objectDamageRating(durability, size), damageTaken, state, penalty };
}

export interface VehicleDerived {
  structure: number;
  damage: number;
  boxes: boolean[];
  state: "ok" | "impaired" | "destroyed";
  /** Drive penalty: −1 once damage exceeds Durability (002:L795), −2 per flat tyre (002:L785). */
  drivePenalty: number;
  damagePenalty: number;
  tyrePenalty: number;
  /** Flat tyres halve the Safe Speed each (002:L785). */
  safeSpeed: number;
}

export function deriveVehicle(system: Rec): VehicleDerived {
  const durability = intOr(system.durability, 3, 0, 20);
  const size = intOr(system.size, 9, 1, 60);
  const structure = durability + size;
  const damage = intOr(system.damage, 0, 0, 100);
  const { state } = objectState({ durability, size, structure }, Math.min(damage, structure));
  const damagePenalty = vehicleDamagePenalty({ durability, size }, damage);
  const flats = intOr(system.flatTyres, 0, 0, 8);
  const tyrePenalty = flatTyrePenalty(flats);
  return {
    structure,
    damage,
    boxes: Array.from({ length: structure }, (_, i) => i < damage),
    state,
    drivePenalty: damagePenalty + tyrePenalty,
    damagePenalty,
    tyrePenalty,
    safeSpeed: Math.floor(intOr(system.safeSpeed, 0, 0, 400) / 2 ** flats),
  };
}

/** Cycles one Health box empty → bashing → lethal → aggravated → empty; the wounds are then re-sorted (most severe left). */
export function cycleHealthBox(track: HealthTrack, index: number): HealthTrack {
  const boxes = trackBoxes(track);
  if (!Number.isInteger(index) || index < 0 || index >= boxes.length) return { ...track };
  const next = { empty: "bashing", bashing: "lethal", lethal: "aggravated", aggravated: "empty" } as const;
  boxes[index] = next[boxes[index]];
  return {
    health: track.health,
    aggravated: boxes.filter((b) => b === "aggravated").length,
    lethal: boxes.filter((b) => b === "lethal").length,
    bashing: boxes.filter((b) => b === "bashing").length,
  };
}

/** Clicking dot n sets the trait to n, or to n − 1 when it already is n (so a dot can be cleared). */
export function dotClick(current: number, clicked: number, min = 0): number {
  return Math.max(min, clicked === current ? clicked - 1 : clicked);
}
