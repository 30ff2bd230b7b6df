/**
 * Damage and wounds (digest §23): the Character Damage Table (reconstructed, §23.3, A-30), wound
 * levels and their stacking (§23.4, A-37), stun damage (§23.5), the mortally-wounded death roll
 * stun knock-out, optional hit location (§23.7) and serious injuries (§23.6), and
 * damaged weapons and objects (§24, A-18).
 */
import type { DiceSource } from "../../core/dice";
import { OmnibusError, requireInt, describeValue } from "../../core/errors";
import { codeToPips, formatDieCode, normalizeCode, pipsToCode, requireCode, type DamageCode, type DieCode } from "./dice-code";
import { rollPlainDice } from "./roll";

/** What one damage roll does (CLI spellings). */
export type DamageResult = "none" | "stunned" | "wounded" | "incapacitated" | "mortally_wounded" | "killed";
export const DAMAGE_RESULTS: readonly DamageResult[] = ["none", "stunned", "wounded", "incapacitated", "mortally_wounded", "killed"];

/** A character's wound level, mildest first (§23.4 ordering). */
export type WoundLevel = "healthy" | "stunned" | "wounded" | "wounded_twice" | "incapacitated" | "mortally_wounded" | "killed";
export const WOUND_LEVELS: readonly WoundLevel[] = [
  "healthy",
  "stunned",
  "wounded",
  "wounded_twice",
  "incapacitated",
  "mortally_wounded",
  "killed",
];

export function isWoundLevel(value: unknown): value is WoundLevel {
  return typeof value === "string" && (WOUND_LEVELS as readonly string[]).includes(value);
}

export function requireWoundLevel(value: unknown, name = "state"): WoundLevel {
  if (!isWoundLevel(value)) {
    throw new OmnibusError("badArgument", `${name} must be one of ${WOUND_LEVELS.join(", ")}, got "${describeValue(value)}"`, {
      name,
      value: describeValue(value),
    });
  }
  return value;
}

const rank = (w: WoundLevel): number => WOUND_LEVELS.indexOf(w);
const maxLevel = (a: WoundLevel, b: WoundLevel): WoundLevel => (rank(a) >= rank(b) ? a : b);

/**
 * Character Damage Table (§23.3, published R&E, verified): damage − Strength
 * < 0 none; 0–3 stunned; 4–8 wounded; 9–12 incapacitated; 13–15 mortally wounded; 16+ killed.
 * A tie (0) is stunned.
 */
export const DAMAGE_TABLE: readonly { minMargin: number; result: DamageResult }[] = Object.freeze([
  { minMargin: 16, result: "killed" },
  { minMargin: 13, result: "mortally_wounded" },
  { minMargin: 9, result: "incapacitated" },
  { minMargin: 4, result: "wounded" },
  { minMargin: 0, result: "stunned" },
]);

/** The table row for a margin (damage total − Strength total). */
export function damageResultForMargin(margin: number): DamageResult {
  requireInt("margin", margin);
  for (const row of DAMAGE_TABLE) if (margin >= row.minMargin) return row.result;
  return "none";
}

/** The wound level a result corresponds to on its own. */
function levelOfResult(result: DamageResult): WoundLevel {
  return result === "none" ? "healthy" : result;
}

/** One step worse: used when a wound lands on a wounded character. */
function escalate(level: WoundLevel, mortalPlusInjury: "killed" | "mortally_wounded"): WoundLevel {
  switch (level) {
    case "wounded":
      return "wounded_twice";
    case "wounded_twice":
      return "incapacitated";
    case "incapacitated":
      return "mortally_wounded";
    case "mortally_wounded":
      return mortalPlusInjury;
    case "killed":
      return "killed";
    default:
      return "healthy";
  }
}

export interface StackOptions {
  /** A wound or worse on a mortally wounded character (not in the seed; A-37 default: killed). */
  mortalPlusInjury?: "killed" | "mortally_wounded";
}

/**
 * Stacks a result onto the current wound level (§23.4, A-37):
 * new = max(result, one step above current) when the result is Wounded or worse; a Stunned result
 * never escalates a wound (it only adds its own short penalty); None changes nothing.
 * T-36: wounded + wounded → wounded twice; wounded twice + wounded → incapacitated.
 */
export function stackWound(current: WoundLevel, result: DamageResult, options: StackOptions = {}): WoundLevel {
  const opts = options ?? {};
  requireWoundLevel(current);
  if (!(DAMAGE_RESULTS as readonly string[]).includes(result)) {
    throw new OmnibusError("badArgument", `result must be one of ${DAMAGE_RESULTS.join(", ")}, got "${describeValue(result)}"`, {
      name: "result",
      value: describeValue(result),
    });
  }
  const mortal = opts.mortalPlusInjury ?? "killed";
  if (current === "killed") return "killed";
  if (result === "none") return current;
  const own = levelOfResult(result);
  if (result === "stunned") return maxLevel(current, own);
  return maxLevel(own, escalate(current, mortal));
}

export interface DamageOutcome {
  /** damage total − resistance total. */
  margin: number;
  /** The table result; with stun damage, anything worse than Stunned is `unconscious` instead. */
  result: DamageResult | "unconscious";
  /** The wound level after stacking onto the current one. */
  state: WoundLevel;
  /** Knocked out for 2D minutes by stun damage (000:L431). */
  unconscious: boolean;
}

export interface DamageOptions extends StackOptions {
  /** The weapon is set to stun (000:L431). */
  stun?: boolean;
}

/**
 * Resolves a damage roll against a Strength (resistance) roll (§23.2–23.5) and stacks it onto
 * the target's wound level. T-33: (9, 11) → none. T-34: (16, 12) → wounded; (16, 4) → incapacitated.
 * T-38: stun, (22, 11) → unconscious.
 */
export function resolveDamage(
  damageTotal: number,
  resistTotal: number,
  current: WoundLevel = "healthy",
  options: DamageOptions = {},
): DamageOutcome {
  const opts = options ?? {};
  requireInt("damageTotal", damageTotal);
  requireInt("resistTotal", resistTotal);
  const margin = damageTotal - resistTotal;
  const table = damageResultForMargin(margin);
  if (opts.stun && table !== "none" && table !== "stunned") {
    return { margin, result: "unconscious", state: stackWound(current, "stunned", opts), unconscious: true };
  }
  return { margin, result: table, state: stackWound(current, table, opts), unconscious: false };
}

/**
 * Dice of penalty a wound level gives to skill and attribute rolls (§23.4): stunned −1D (this and
 * next round), wounded −1D, wounded twice −2D. Incapacitated, mortally wounded and killed cannot
 * act at all (`canAct` is false); they report 0 here. Not applied to the Strength roll against
 * damage (000:L1233).
 */
export function woundPenaltyDice(level: WoundLevel): number {
  switch (requireWoundLevel(level)) {
    case "stunned":
    case "wounded":
      return 1;
    case "wounded_twice":
      return 2;
    default:
      return 0;
  }
}

/**
 * Whether a stun taken in round `stunnedInRound` still gives its −1D in round `round`: to the end
 * of that round and through the next one (000:L405), so only those two rounds. Outside combat
 * (no round numbers) the caller keeps the level as it is.
 */
export function stunPenaltyInForce(stunnedInRound: number, round: number): boolean {
  requireInt("stunnedInRound", stunnedInRound, 0);
  requireInt("round", round, 0);
  return round >= stunnedInRound && round <= stunnedInRound + 1;
}

/**
 * The wound penalty in round `round` for a character whose stun (if its level is `stunned`) was
 * taken in round `stunnedInRound`: the stun's −1D only while `stunPenaltyInForce`; every other
 * level as `woundPenaltyDice` (wounds last until healed, 000:L407).
 */
export function woundPenaltyInRound(level: WoundLevel, stunnedInRound: number | null, round: number): number {
  const dice = woundPenaltyDice(level);
  if (level !== "stunned" || stunnedInRound === null) return dice;
  return stunPenaltyInForce(stunnedInRound, round) ? dice : 0;
}

/** Whether a character at this level can take actions at all (§23.4). */
export function canAct(level: WoundLevel): boolean {
  return rank(requireWoundLevel(level)) <= rank("wounded_twice");
}

/** A Wounded-or-worse result makes the character fall prone and lose the rest of the round (000:L407, L1125). */
export function losesRestOfRound(result: DamageResult | "unconscious"): boolean {
  return result !== "none" && result !== "stunned";
}

/**
 * Death roll for a mortally wounded character (000:L411, A-36): at the end of each round roll 2D
 * (no Wild Die); below the number of rounds spent mortally wounded → dead. D-3: 3 rounds, 2 → dies, 3 → lives.
 * Faces: the two dice.
 */
export function deathRoll(roundsMortallyWounded: number, dice: DiceSource): { faces: number[]; total: number; dies: boolean } {
  requireInt("roundsMortallyWounded", roundsMortallyWounded, 1, 100000);
  const r = rollPlainDice(2, dice);
  return { faces: r.faces, total: r.total, dies: r.total < roundsMortallyWounded };
}

/**
 * Stun knock-out (published, A-16; toggleable): when the stuns affecting a character reach the
 * dice of its Strength, it falls unconscious for 2D minutes.
 */
export function stunKnockout(stunsAffecting: number, strength: DieCode): boolean {
  requireInt("stunsAffecting", stunsAffecting, 0);
  const strDice = Math.max(1, normalizeCode(strength).dice);
  return stunsAffecting >= strDice;
}

/**
 * Minutes unconscious: stun knock-out 2D minutes (000:L431); incapacitated 1D minutes as the seed
 * says (000:L409, the default) or the published 10D (A-15, `incapacitatedDice: 10`, a variant).
 */
export function unconsciousMinutes(
  cause: "stun" | "incapacitated",
  dice: DiceSource,
  opts: { incapacitatedDice?: 1 | 10 } = {},
): { faces: number[]; minutes: number } {
  if (cause !== "stun" && cause !== "incapacitated")
    throw new OmnibusError("badArgument", `cause must be stun or incapacitated, got ${describeValue(cause)}`, {
      name: "cause",
      value: describeValue(cause),
    });
  const n = cause === "stun" ? 2 : (opts?.incapacitatedDice ?? 1);
  if (n !== 1 && n !== 2 && n !== 10)
    throw new OmnibusError("badArgument", `incapacitatedDice must be 1 or 10`, { name: "incapacitatedDice", value: describeValue(n) });
  const r = rollPlainDice(n, dice);
  return { faces: r.faces, minutes: r.total };
}

/** Optional hit location (§23.7, 000:L373–385). */
export type HitLocation = "head" | "torso" | "left_arm" | "right_arm" | "left_leg" | "right_leg";

/** Rolls hit location: 1 head, 2–3 torso, 4 arms (roll again: 1–3 left, 4–6 right), 5 left leg, 6 right leg. */
export function rollHitLocation(dice: DiceSource): { faces: number[]; location: HitLocation } {
  const first = dice.roll(6);
  if (first === 1) return { faces: [first], location: "head" };
  if (first <= 3) return { faces: [first], location: "torso" };
  if (first === 5) return { faces: [first], location: "left_leg" };
  if (first === 6) return { faces: [first], location: "right_leg" };
  const second = dice.roll(6);
  return { faces: [first, second], location: second <= 3 ? "left_arm" : "right_arm" };
}

/**
 * Optional serious injury (§23.6, 000:L437–439): a killing result may instead leave a permanent
 * injury, and the target becomes wounded twice or incapacitated (the GM's choice).
 */
export function seriousInjury(
  result: DamageResult,
  gmChoice: "wounded_twice" | "incapacitated" = "incapacitated",
): { permanentInjury: boolean; state: WoundLevel | null } {
  if (gmChoice !== "wounded_twice" && gmChoice !== "incapacitated") {
    throw new OmnibusError("badArgument", `gmChoice must be wounded_twice or incapacitated`, {
      name: "gmChoice",
      value: describeValue(gmChoice),
    });
  }
  return result === "killed" ? { permanentInjury: true, state: gmChoice } : { permanentInjury: false, state: null };
}

// ---------------------------------------------------------------------------------------------
// Damaged weapons and objects (§24), and cover hit by a shot (§20)

export type ObjectDamage = "undamaged" | "not_damaged" | "lightly_damaged" | "heavily_damaged" | "severely_damaged" | "destroyed";

export interface ObjectDamageRow {
  minMargin: number;
  status: ObjectDamage;
  /** Weapon: dice lost from its damage (seed: light −1D, severe "(−2D)"; published: light −1D, heavy −2D; A-18). */
  weaponDamageLoss: number;
  /** Weapon: added to all its combat difficulties (seed: heavy +1, 000:L305, L313; published heavy +10; A-18). */
  weaponDifficultyPlus: number;
  /** Weapon: can it still be used? Severely damaged: no, but repairable; destroyed: no, not repairable. */
  usable: boolean;
  repairable: boolean;
  /** Cover: dice taken off the attack's damage before it reaches the character (§20, published; 13–15 → −1D, 000:L634); `null` = none passes. */
  coverPassLoss: number | null;
}

/** Which weapon penalties a damaged weapon takes: the seed's (default) or the published book's (a setting). */
export type DamagedWeaponRule = "seed" | "published";

/**
 * Damage roll − body-strength roll (§24 table, 000:L299–317; §20 cover damage chart), with the
 * seed's weapon penalties (000:L303–313): lightly damaged −1D damage; heavily damaged +1 to all
 * difficulties; severely damaged "(−2D)" and unusable until repaired. A negative margin:
 * undamaged, nothing passes through cover (000:L626).
 */
export const OBJECT_DAMAGE_TABLE: readonly ObjectDamageRow[] = Object.freeze([
  { minMargin: 16, status: "destroyed", weaponDamageLoss: 0, weaponDifficultyPlus: 0, usable: false, repairable: false, coverPassLoss: 0 },
  {
    minMargin: 13,
    status: "severely_damaged",
    weaponDamageLoss: 2,
    weaponDifficultyPlus: 0,
    usable: false,
    repairable: true,
    coverPassLoss: 1,
  },
  {
    minMargin: 9,
    status: "heavily_damaged",
    weaponDamageLoss: 0,
    weaponDifficultyPlus: 1,
    usable: true,
    repairable: true,
    coverPassLoss: 2,
  },
  {
    minMargin: 4,
    status: "lightly_damaged",
    weaponDamageLoss: 1,
    weaponDifficultyPlus: 0,
    usable: true,
    repairable: true,
    coverPassLoss: 4,
  },
  {
    minMargin: 0,
    status: "not_damaged",
    weaponDamageLoss: 0,
    weaponDifficultyPlus: 0,
    usable: true,
    repairable: true,
    coverPassLoss: null,
  },
]);

/** The same table with the published weapon penalties: heavily damaged −2D damage and +10 to all difficulties. */
export const OBJECT_DAMAGE_TABLE_PUBLISHED: readonly ObjectDamageRow[] = Object.freeze(
  OBJECT_DAMAGE_TABLE.map((r) =>
    Object.freeze(
      r.status === "heavily_damaged"
        ? { ...r, weaponDamageLoss: 2, weaponDifficultyPlus: 10 }
        : r.status === "severely_damaged"
          ? { ...r, weaponDamageLoss: 0 }
          : { ...r },
    ),
  ),
);

const UNDAMAGED: ObjectDamageRow = Object.freeze({
  minMargin: -Infinity,
  status: "undamaged",
  weaponDamageLoss: 0,
  weaponDifficultyPlus: 0,
  usable: true,
  repairable: true,
  coverPassLoss: null,
});

function weaponTable(rule: unknown): readonly ObjectDamageRow[] {
  if (rule === undefined || rule === "seed") return OBJECT_DAMAGE_TABLE;
  if (rule === "published") return OBJECT_DAMAGE_TABLE_PUBLISHED;
  throw new OmnibusError("badArgument", `the damaged-weapon rule must be seed or published, got ${describeValue(rule)}`, {
    name: "weaponRule",
    value: describeValue(rule),
  });
}

/** The row for damage total − body-strength total. */
export function objectDamage(
  damageTotal: number,
  bodyStrengthTotal: number,
  opts: { weaponRule?: DamagedWeaponRule } = {},
): ObjectDamageRow & { margin: number } {
  requireInt("damageTotal", damageTotal);
  requireInt("bodyStrengthTotal", bodyStrengthTotal);
  const table = weaponTable(opts?.weaponRule);
  const margin = damageTotal - bodyStrengthTotal;
  const row = table.find((r) => margin >= r.minMargin) ?? UNDAMAGED;
  return { ...row, margin };
}

/**
 * What a weapon's recorded condition does to its use (§24): the dice its damage loses, what it adds
 * to every combat difficulty, and whether it can be used at all. Unknown condition text counts as
 * undamaged.
 */
export function damagedWeapon(
  condition: ObjectDamage,
  opts: { weaponRule?: DamagedWeaponRule } = {},
): { weaponDamageLoss: number; weaponDifficultyPlus: number; usable: boolean } {
  const table = weaponTable(opts?.weaponRule);
  const row = table.find((r) => r.status === condition) ?? UNDAMAGED;
  return { weaponDamageLoss: row.weaponDamageLoss, weaponDifficultyPlus: row.weaponDifficultyPlus, usable: row.usable };
}

/**
 * A damage code with `lossDice` dice taken off (a damaged weapon, 000:L311): `5D` − 1D = `4D`,
 * `STR+1D` − 1D = `STR`, never below 0D for a fixed code.
 */
export function reduceDamageCode(damage: DamageCode, lossDice: number): DamageCode {
  if (typeof damage !== "object" || damage === null)
    throw new OmnibusError("badDiceCode", `not a damage code: ${describeValue(damage)}`, { code: describeValue(damage) });
  requireCode(damage.add, "damage.add");
  requireInt("lossDice", lossDice, 0, 100);
  let add = normalizeCode({ dice: damage.add.dice - lossDice, pips: damage.add.pips });
  if (!damage.strength && codeToPips(add) < 0) add = { dice: 0, pips: 0 };
  return damage.max ? { strength: damage.strength, add, max: damage.max } : { strength: damage.strength, add };
}

/** Writes a damage code back as text: `STR+1D`, `STR-1D`, `STR`, `4D+1`, with `max 6D` when capped. */
export function formatDamageCode(damage: DamageCode): string {
  if (typeof damage !== "object" || damage === null)
    throw new OmnibusError("badDiceCode", `not a damage code: ${describeValue(damage)}`, { code: describeValue(damage) });
  const add = normalizeCode(requireCode(damage.add, "damage.add"));
  const pips = codeToPips(add);
  let text: string;
  if (damage.strength) {
    const abs = pipsToCode(Math.abs(pips));
    const body = abs.dice === 0 ? String(abs.pips) : formatDieCode(abs);
    text = pips === 0 ? "STR" : `STR${pips > 0 ? "+" : "-"}${body}`;
  } else text = formatDieCode(pips < 0 ? { dice: 0, pips: 0 } : add);
  return damage.max ? `${text} max ${formatDieCode(normalizeCode(requireCode(damage.max, "damage.max")))}` : text;
}

/** Most hand weapons have body strength 2D (000:L297). */
export const HAND_WEAPON_BODY_STRENGTH: DieCode = Object.freeze({ dice: 2, pips: 0 });
