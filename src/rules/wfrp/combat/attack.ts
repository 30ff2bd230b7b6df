/**
 * Attacks (published 4e; the seed announces them at 003:L159, L349 but stops — digest §7 items 7, 21):
 * melee is an opposed test (the defender uses Melee or Dodge); ranged is a test against the range
 * band's difficulty (opposed only when the GM allows a defence). The winner's SL margin is added to
 * the weapon's Damage; the hit location is the reversed attack roll. In combat, doubles count: a hit
 * on a double is a Critical, a failed attack on a double a Fumble.
 */
import { requireDice, requireObject } from "../../../core/guards";
import type { DiceSource } from "../../../core/dice";
import { describeValue, OmnibusError, requireInt } from "../../../core/errors";
import { checkRoll, reverseRoll, rollD100, unitsDigit } from "../d100";
import type { HitLocation } from "../health";
import { testOptions, type TestOptions } from "../options";
import { compareOpposed, DEFAULT_OPPOSED_OPTIONS, type OpposedOptions, type OpposedWinner } from "../opposed";
import { resolveTest, testTarget, type TestResult, type TestSpec } from "../test";
import { RANGE_BAND_DIFFICULTY, rangeBand, type RangeBand } from "./ranges";
import { checkWeapon, hasFlaw, hasQuality, weaponDamage, weaponTestAdjustments, type Weapon } from "./weapons";

/**
 * The humanoid hit-location table, read on the reversed roll: 01–09 head, 10–24 left arm,
 * 25–44 right arm, 45–79 body, 80–89 left leg, 90–00 right leg.
 */
export const HIT_LOCATION_TABLE: readonly { max: number; location: HitLocation }[] = [
  { max: 9, location: "head" },
  { max: 24, location: "leftArm" },
  { max: 44, location: "rightArm" },
  { max: 79, location: "body" },
  { max: 89, location: "leftLeg" },
  { max: 100, location: "rightLeg" },
];

/** The location for a value on the hit-location table (1…100). */
export function locationOnTable(value: number): HitLocation {
  checkRoll(value, "hit location roll");
  return HIT_LOCATION_TABLE.find((row) => value <= row.max)!.location;
}

/** The location an attack roll hits: the table read on the reversed roll (003:L74 reversal). */
export function hitLocation(attackRoll: number): HitLocation {
  return locationOnTable(reverseRoll(attackRoll));
}

/** The units die for Damaging and Impact: 0 reads as 10 (Foundry's reading; the book says "units die"). */
export function unitsDieValue(roll: number): number {
  const u = unitsDigit(roll);
  return u === 0 ? 10 : u;
}

export interface AttackInput {
  /** The attacker's test: Melee/Ranged skill or WS/BS, with Advantage, conditions etc. in `modifier`. */
  attacker: TestSpec;
  /** The defender's test (Melee or Dodge), or null when they cannot or may not defend (Surprised, unopposed ranged). */
  defender: TestSpec | null;
  weapon: Weapon;
  attackerStrengthBonus: number;
  /** The defender's weapon, if they parry with one (Defensive: +1 SL to the defence). */
  defenderWeapon?: Weapon;
  /** The attacker charged this turn (Tiring weapons are Damaging/Impact only on a charge). */
  charging?: boolean;
}

export interface AttackResult {
  attack: TestResult;
  defence: TestResult | null;
  hit: boolean;
  winner: OpposedWinner;
  /** SL that adds to Damage: the attacker's SL minus the defender's (or the attacker's SL alone, unopposed). */
  margin: number;
  location: HitLocation | null;
  /** Damage before Toughness and armour: weapon Damage + margin (Damaging/Impact applied); null on a miss. */
  damage: number | null;
  /** The hit is a Critical (a double, or a multiple of 10 with Impale): a Critical Wound. */
  critical: boolean;
  /** The attack failed on a double (or on any 9 with Dangerous): roll on the Oops! table. */
  fumble: boolean;
  /** The defence succeeded on a double / failed on one. */
  defenceCritical: boolean;
  defenceFumble: boolean;
  /** Whether armour counts double and the 1-Wound minimum is off (Undamaging, unless Damaging applied). */
  undamaging: boolean;
}

const COMBAT: Partial<TestOptions> = { critsOnDoubles: true };

function attackSpec(input: AttackInput): TestSpec {
  requireObject("attack", input);
  testTarget(input.attacker);
  if (input.defender !== null) testTarget(input.defender);
  const adj = weaponTestAdjustments(input.weapon);
  return {
    ...input.attacker,
    modifier: (input.attacker.modifier ?? 0) + adj.modifier,
    slBonus: (input.attacker.slBonus ?? 0) + adj.slBonus,
    successBonus: (input.attacker.successBonus ?? 0) + adj.successBonus,
  };
}

function defenceSpec(input: AttackInput): TestSpec | null {
  if (!input.defender) return null;
  const bonus =
    (hasFlaw(input.weapon, "slow") ? 1 : 0) + (input.defenderWeapon && hasQuality(checkWeapon(input.defenderWeapon), "defensive") ? 1 : 0);
  return { ...input.defender, slBonus: (input.defender.slBonus ?? 0) + bonus };
}

/** Resolves an attack from the attacker's face and the defender's (null when there is no defence). */
export function resolveAttack(
  input: AttackInput,
  attackRoll: number,
  defenceRoll: number | null,
  options: Partial<TestOptions> = {},
  opposed: Partial<OpposedOptions> = {},
): AttackResult {
  requireObject("attack", input);
  checkWeapon(input.weapon);
  const sb = requireInt("attackerStrengthBonus", input.attackerStrengthBonus, 0, 99);
  const o = testOptions({ ...options, ...COMBAT });
  const oo = { ...DEFAULT_OPPOSED_OPTIONS, ...requireObject("opposed options", opposed) };
  const aSpec = attackSpec(input);
  const dSpec = defenceSpec(input);
  if ((dSpec === null) !== (defenceRoll === null)) {
    throw new OmnibusError("badArgument", dSpec ? "the defence needs a roll" : "there is no defence to roll for", { name: "defenceRoll" });
  }
  const attack = resolveTest(aSpec, attackRoll, o);
  const defence = dSpec ? resolveTest(dSpec, defenceRoll!, o) : null;

  let winner: OpposedWinner;
  let margin: number;
  if (defence && dSpec) {
    const tie = (s: TestSpec, r: TestResult) => (oo.tieBreak === "value" ? s.value : r.target);
    const c = compareOpposed(attack, defence, tie(aSpec, attack), tie(dSpec, defence));
    winner = c.winner;
    margin = attack.sl - defence.sl;
  } else {
    winner = attack.success ? "attacker" : null;
    margin = attack.sl;
  }
  const hit = winner === "attacker";

  const impaleCritical = hasQuality(input.weapon, "impale") && attack.success && attack.roll % 10 === 0;
  const dangerousFumble = hasFlaw(input.weapon, "dangerous") && !attack.success && describeValue(attack.roll).includes("9");
  const powered = !hasFlaw(input.weapon, "tiring") || input.charging === true;
  const damaging = powered && hasQuality(input.weapon, "damaging");
  const impact = powered && hasQuality(input.weapon, "impact");

  let damage: number | null = null;
  if (hit) {
    const units = unitsDieValue(attack.roll);
    const slForDamage = damaging ? Math.max(margin, units) : margin;
    damage = weaponDamage(input.weapon, sb) + slForDamage + (impact ? units : 0);
  }
  return {
    attack,
    defence,
    hit,
    winner,
    margin: hit ? margin : 0,
    location: hit ? hitLocation(attack.roll) : null,
    damage,
    critical: hit && (attack.critical || impaleCritical),
    fumble: attack.fumble || dangerousFumble,
    defenceCritical: defence?.critical ?? false,
    defenceFumble: defence?.fumble ?? false,
    undamaging: hasFlaw(input.weapon, "undamaging") && !damaging,
  };
}

/** Rolls an attack: the attacker's d100, then the defender's if there is a defence (the dice order contract). */
export function rollAttack(
  dice: DiceSource,
  input: AttackInput,
  options: Partial<TestOptions> = {},
  opposed: Partial<OpposedOptions> = {},
): AttackResult {
  requireDice("dice", dice);
  requireObject("attack", input);
  checkWeapon(input.weapon);
  testTarget(attackSpec(input));
  const d = defenceSpec(input);
  if (d) testTarget(d);
  const attackRoll = rollD100(dice);
  const defenceRoll = d ? rollD100(dice) : null;
  return resolveAttack(input, attackRoll, defenceRoll, options, opposed);
}

/**
 * The attacker's test for a ranged attack at a measured distance: the range band's difficulty
 * replaces the spec's (003:L171: difficulties do not stack). Throws outOfRange beyond Extreme range.
 */
export function rangedAttackSpec(attacker: TestSpec, weapon: Weapon, distance: number): { spec: TestSpec; band: RangeBand } {
  checkWeapon(weapon);
  if (weapon.kind !== "ranged") throw new OmnibusError("badArgument", "a ranged attack needs a ranged weapon", { name: "weapon" });
  const band = rangeBand(weapon.range!, distance);
  if (band === null) {
    throw new OmnibusError("outOfRange", `the target at ${distance} yards is beyond Extreme range (${weapon.range! * 3} yards)`, {
      distance,
      range: weapon.range!,
    });
  }
  return { spec: { ...attacker, difficulty: RANGE_BAND_DIFFICULTY[band] }, band };
}
