/**
 * The D6 document data, described once as plain field specs (no Foundry globals): the data models
 * (models.ts) build their Foundry fields from these specs, and the pack test validates every
 * compendium document against the same specs in node. Also the pure migration of older/looser
 * shapes (`migrateD6Source`) and the derived values the models compute (`deriveActor`).
 */
import { OmnibusError } from "../../../core/errors";
import { ledgerField } from "../../table/ledger-spec";
import {
  array,
  bool,
  html as htmlField,
  int,
  nullableInt,
  num,
  schema,
  str,
  type FieldSpec,
  type SchemaSpec,
} from "../../table/field-spec";
import { DIFFICULTY_LEVELS, REACTION_SKILLS, SCALES, WOUND_LEVELS, formatDieCode, normalizeCode, type DieCode } from "..";

export type { FieldSpec, SchemaSpec } from "../../table/field-spec";

/** D6 descriptions are required (Foundry's HTMLField default). */
const html = (): FieldSpec => htmlField({ required: true });

/** A die code: dice (0–200) and pips (0–2, normalised: 3 pips = 1D). */
export const code = (dice = 0, pips = 0): FieldSpec => schema({ dice: int(dice, 0, 200), pips: int(pips, 0, 2) });

export const ATTRIBUTES = ["dexterity", "knowledge", "mechanical", "perception", "strength", "technical"] as const;
export type AttributeId = (typeof ATTRIBUTES)[number];

/** The Force skills a Force power may need (000:L953: control; sense and alter are the other two). */
export const FORCE_SKILLS = ["control", "sense", "alter"] as const;
export const ATTACK_TYPES = ["ranged", "melee", "brawling"] as const;
export const DAMAGE_TYPES = ["energy", "physical"] as const;
/** Object damage states (§24), for vehicles and damaged weapons. */
export const OBJECT_STATES = ["undamaged", "not_damaged", "lightly_damaged", "heavily_damaged", "severely_damaged", "destroyed"] as const;

const attributes = (): FieldSpec => schema(Object.fromEntries(ATTRIBUTES.map((a) => [a, code(2)])));

/** Per-round state: declared actions, active reactions, Force Point this round (digest §33). */
const roundState = (): FieldSpec =>
  schema({
    actions: int(1, 1, 20),
    forcePoint: bool(false),
    /** Reaction totals this round by the attacks they cover; null = none. */
    dodge: nullableInt(0, 1000),
    parry: nullableInt(0, 1000),
    /** A full reaction adds its total instead of replacing the difficulty (000:L767). */
    fullReaction: bool(false),
  });

const common = (): SchemaSpec => ({
  attributes: attributes(),
  move: int(10, 0, 10000),
  scale: str("character", SCALES),
  woundLevel: str("healthy", WOUND_LEVELS),
  /** Stun results currently affecting the character. */
  stuns: int(0, 0, 100),
  /** Rounds spent mortally wounded, for the death roll. */
  roundsMortallyWounded: int(0, 0, 100000),
  characterPoints: int(0, 0, 10000),
  forcePoints: int(1, 0, 1000),
  darkSidePoints: int(0, 0, 100),
  forceSensitive: bool(false),
  round: roundState(),
  /** Healing bookkeeping in world-time seconds (src/rules/d6/table/healing/checks.ts): rest before the next natural roll, medpac uses per day and the 24 h bar, stabilised while mortally wounded. */
  healing: schema({
    nextNaturalRoll: nullableInt(0, 1e13),
    medpacDay: nullableInt(0, 1e9),
    medpacUses: int(0, 0, 100),
    medpacBlockedUntil: nullableInt(0, 1e13),
    stabilized: bool(false),
  }),
  health: schema({ value: int(6, 0, 6), max: int(6, 0, 6) }),
  /** Character Point awards and spends (issue 16). */
  ledger: ledgerField(),
  /** Sums Active Effects add to (src/foundry/README.md "Effects"), in pips: an attribute's rolls (and its skills' and attacks'), attacks. */
  bonuses: schema({
    attribute: schema(Object.fromEntries(ATTRIBUTES.map((a) => [a, int(0, -300, 300)]))),
    attack: int(0, -300, 300),
    resistance: int(0, -300, 300),
    difficulty: int(0, -100, 100),
  }),
  description: html(),
});

export const ACTOR_SPECS: Record<string, SchemaSpec> = {
  d6_character: { ...common(), species: str(""), template: str("") },
  d6_npc: { ...common(), creature: bool(false) },
  d6_vehicle: {
    scale: str("speeder", SCALES),
    move: int(100, 0, 100000),
    maneuverability: code(1),
    bodyStrength: code(2),
    crew: schema({ count: int(1, 0, 100000), skill: str("repulsorlift operation"), pilotCode: code(3), gunneryCode: code(3) }),
    passengers: int(0, 0, 100000),
    /** Damage the vehicle has taken (object damage table, §24). */
    damage: str("undamaged", OBJECT_STATES),
    health: schema({ value: int(5, 0, 5), max: int(5, 0, 5) }),
    round: roundState(),
    description: html(),
  },
};

export const ITEM_SPECS: Record<string, SchemaSpec> = {
  d6_skill: {
    attribute: str("dexterity", ATTRIBUTES),
    /** The skill's whole code (a skill code replaces its attribute, e.g. dodge 6D with Dexterity 4D). */
    code: code(3),
    reaction: str("", ["", ...REACTION_SKILLS]),
    advanced: bool(false),
    specializations: array(schema({ name: str(""), code: code(4) })),
    description: html(),
  },
  d6_weapon: {
    skill: str("blaster"),
    specialization: str(""),
    attackType: str("ranged", ATTACK_TYPES),
    /** `4D`, `STR+2D`, `STR+1D+2 max 6D` (parseDamageCode). */
    damage: str("4D"),
    damageType: str("energy", DAMAGE_TYPES),
    ranges: schema({ shortMin: num(3, 0), shortMax: num(10, 0), medium: num(30, 0), long: num(120, 0) }),
    meleeDifficulty: str("moderate", DIFFICULTY_LEVELS),
    fireControl: code(0),
    scale: str("character", SCALES),
    ammo: schema({ value: int(0, 0, 100000), max: int(0, 0, 100000) }),
    /** Empty: no limit; `3`: 3 a round; `1/2`: once every two rounds. */
    fireRate: str(""),
    /** Shots this round (`round`) and the last round it fired, for the fire rate. */
    fired: schema({ round: nullableInt(0, 1000000), shots: int(0, 0, 1000) }),
    blast: schema({ radii: str(""), damage: str("") }),
    /** A missed throw deviates (grenades, 000:L575). */
    deviates: bool(false),
    stunCapable: bool(false),
    setToStun: bool(false),
    bodyStrength: code(2),
    condition: str("undamaged", OBJECT_STATES),
    description: html(),
  },
  d6_armor: {
    physical: code(1),
    energy: code(1),
    dexterityPenalty: code(0),
    equipped: bool(true),
    description: html(),
  },
  d6_equipment: {
    quantity: int(1, 0, 100000),
    /** Used up on use (medpacs, 000:L513). */
    consumable: bool(false),
    /** A medical item the sheet can use on a patient (§25.2–25.3); older items are recognised by name (src/rules/d6/table/healing/checks.ts `medicalKind`). */
    medical: str("", ["", "medpac", "bacta_tank"]),
    price: int(0, 0, 100000000),
    description: html(),
  },
  d6_forcepower: {
    control: bool(false),
    sense: bool(false),
    alter: bool(false),
    difficulty: str(""),
    description: html(),
  },
  d6_ability: {
    code: code(0),
    description: html(),
  },
};

/** A stored code as text; `0D` for something that is not a code. */
export function safeFormat(value: unknown): string {
  try {
    return formatDieCode(normalizeCode(value as DieCode));
  } catch {
    return "0D";
  }
}

/** A stored code as a DieCode; throws an OmnibusError naming the field when it is not one. */
export function storedCode(value: unknown, name: string): DieCode {
  const c = value as DieCode | null;
  if (!c || typeof c !== "object" || !Number.isInteger(c.dice) || !Number.isInteger(c.pips)) {
    throw new OmnibusError("badDiceCode", `${name} is not a die code`, { name, value: String(value) });
  }
  return { dice: c.dice, pips: c.pips };
}
