/**
 * The `wfrp` document schemas as plain declarative data (no Foundry global): the TypeDataModels in
 * models.ts build their `defineSchema` from these, and the pack test validates every compendium
 * document against the very same specs (`validateAgainst`, src/rules/table/field-spec.ts), so packs and models cannot drift apart.
 *
 * Ranges and choices come from the pure rules (src/rules/wfrp): characteristics 0…999, the Size,
 * Condition, hit-location, quality and flaw lists. Integers are whole numbers within their range;
 * Foundry's NumberField cleans a bad sheet entry to the field's bounds or refuses it.
 */
import {
  CHARACTERISTICS,
  CONDITIONS,
  DIFFICULTIES,
  HIT_LOCATIONS,
  NON_STACKING_CONDITIONS,
  SIZES,
  SKILLS,
  WEAPON_FLAWS,
  WEAPON_QUALITIES,
} from "../index";
import { ledgerField } from "../../table/ledger-spec";
import { bool, html as htmlField, int, schema, str, stringSet, type SchemaSpec } from "../../table/field-spec";

export type { FieldSpec, SchemaSpec } from "../../table/field-spec";

const html = htmlField();
const set = stringSet;

/** The skill a defender may be On the Defensive with ("" = none). */
export const DEFENSIVE_SKILLS = ["", "melee", "dodge"] as const;
export const WEAPON_KINDS = ["melee", "ranged"] as const;
export const SKILL_IDS: readonly string[] = SKILLS.map((s) => s.id);

const characteristic = (initial: number) =>
  schema({ initial: int(initial, 0, 999), advances: int(0, 0, 999), modifier: int(0, -999, 999) });

/** Every actor type: characteristics, Wounds (`health`, the token bar), Advantage, Conditions, armour comes from items. */
const ACTOR_COMMON: SchemaSpec = {
  characteristics: schema(Object.fromEntries(CHARACTERISTICS.map((c) => [c, characteristic(30)]))),
  movement: int(4, 0, 99),
  size: str("average", SIZES),
  /** Wounds: `value` current; `max` is recomputed from the Size formula in prepareDerivedData. */
  health: schema({ value: int(12, 0, 9999), max: int(12, 0, 9999) }),
  advantage: int(0, 0, 999),
  criticalWounds: int(0, 0, 99),
  conditions: schema(Object.fromEntries(CONDITIONS.map((c) => [c, int(0, 0, NON_STACKING_CONDITIONS.includes(c) ? 1 : 99)]))),
  onTheDefensive: str("", DEFENSIVE_SKILLS),
  /** Sums Active Effects add to (src/foundry/README.md "Effects"): a test modifier to a characteristic's tests, a skill's, attacks. */
  bonuses: schema({
    characteristic: schema(Object.fromEntries(CHARACTERISTICS.map((c) => [c, int(0, -100, 100)]))),
    skill: schema(Object.fromEntries(SKILL_IDS.map((k) => [k, int(0, -100, 100)]))),
    attack: int(0, -100, 100),
  }),
  description: html,
};

export const ACTOR_SCHEMAS: Record<"wfrp_character" | "wfrp_npc" | "wfrp_creature", SchemaSpec> = {
  wfrp_character: {
    ...ACTOR_COMMON,
    species: str(),
    career: str(),
    fate: int(0, 0, 99),
    fortune: int(0, 0, 99),
    resilience: int(0, 0, 99),
    resolve: int(0, 0, 99),
    experience: schema({ total: int(0, 0, 99999), spent: int(0, 0, 99999) }),
    /** Experience awards and spends (issue 16). */
    ledger: ledgerField(),
  },
  wfrp_npc: { ...ACTOR_COMMON, species: str(), career: str() },
  wfrp_creature: { ...ACTOR_COMMON },
};

/** An extended test's state (003:L205-213). */
export const EXTENDED_STATUSES = ["inProgress", "complete", "failed"] as const;

export const ITEM_SCHEMAS: Record<
  "wfrp_skill" | "wfrp_talent" | "wfrp_weapon" | "wfrp_armour" | "wfrp_trapping" | "wfrp_condition" | "wfrp_extended",
  SchemaSpec
> = {
  wfrp_skill: {
    /** The core skill this is (an id of the rules' SKILLS list), or "" for a custom skill. */
    key: str(""),
    characteristic: str("ag", CHARACTERISTICS),
    advanced: bool(false),
    grouped: bool(false),
    specialisation: str(),
    advances: int(0, 0, 999),
    description: html,
  },
  wfrp_talent: {
    /** A talent id the rules know (e.g. "warriorBorn", "hardy"), or "" for a purely descriptive talent. */
    key: str(""),
    timesTaken: int(1, 1, 99),
    /** A test modifier the talent grants, to the listed skills/characteristics (none listed = no test bonus). */
    testModifier: int(0, -99, 99),
    successBonus: int(0, -9, 9),
    skills: set(SKILL_IDS),
    characteristics: set(CHARACTERISTICS),
    tests: str(),
    description: html,
  },
  wfrp_weapon: {
    kind: str("melee", WEAPON_KINDS),
    /** The Melee or Ranged specialisation used: "basic", "polearm", "bow", "crossbow"… */
    group: str("basic"),
    damage: int(4, -99, 99),
    addsStrengthBonus: bool(true),
    /** Ranged weapons: the Range in yards (0 for melee). */
    range: int(0, 0, 99999),
    qualities: set(WEAPON_QUALITIES),
    flaws: set(WEAPON_FLAWS),
    equipped: bool(true),
    encumbrance: int(1, 0, 99),
    description: html,
  },
  wfrp_armour: {
    locations: set(HIT_LOCATIONS),
    armourPoints: int(1, 0, 99),
    metal: bool(false),
    worn: bool(true),
    encumbrance: int(1, 0, 99),
    description: html,
  },
  wfrp_trapping: {
    quantity: int(1, 0, 9999),
    encumbrance: int(0, 0, 99),
    description: html,
  },
  wfrp_condition: {
    key: str("prone", CONDITIONS),
    description: html,
  },
  /**
   * An Extended Test tracker (Длительная проверка, 003:L205-219): the skill (or, with none, the
   * characteristic) tested, the SL the GM requires, the running total (never below 0, 003:L209),
   * the rolls made and the GM's roll limit (003:L211; 0 = none). Rolled from the actor's sheet.
   */
  wfrp_extended: {
    skill: str("", ["", ...SKILL_IDS]),
    characteristic: str("int", CHARACTERISTICS),
    difficulty: str("challenging", DIFFICULTIES),
    requiredSL: int(5, 1, 999),
    accumulated: int(0, 0, 9999),
    rollsMade: int(0, 0, 999),
    maxRolls: int(0, 0, 999),
    status: str("inProgress", EXTENDED_STATUSES),
    description: html,
  },
};
