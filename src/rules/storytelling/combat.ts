/**
 * First-edition combat (published WoD 2004 Ch. 7, digest §Z.5; not in the seed except where cited):
 * initiative and its ties, Defense and Dodge, attack pools with weapon damage as bonus dice,
 * armour and armour piercing, range bands and their penalties, sights, autofire, aiming,
 * concealment, specified targets, all-out attack, surprise, killing blows and knockout.
 */
import type { DiceSource } from "../../core/dice";
import { OmnibusError, requireInt } from "../../core/errors";
import { keyOf, oneOf, optionalFlag, optionsObject, requireArray, requireDice, requireNumber, requireObject } from "../../core/guards";
import type { DamageType } from "./health";
import { buildPool, type PoolBreakdown, type PoolModifier } from "./pool";

// ───────────────────────────── Initiative ─────────────────────────────

export interface InitiativeEntry {
  id: string;
  /** Dexterity + Composure (+ any bonus). */
  modifier: number;
  /** The d10 rolled for initiative (1–10). */
  roll: number;
}

export interface InitiativeRank {
  id: string;
  modifier: number;
  roll: number;
  /** modifier + roll. */
  total: number;
  /** Roll-off faces used to break a tie that survived the modifier comparison. */
  rollOffs: number[];
  /** Still tied with the next entry (no dice given for the roll-off). */
  tiedWithNext: boolean;
}

/** Rolls one character's initiative: d10 + modifier (WoD p.152). */
export function rollInitiative(modifier: number, dice: DiceSource): { roll: number; total: number } {
  requireInt("modifier", modifier, -99, 99);
  requireDice("dice", dice);
  const roll = dice.roll(10);
  return { roll, total: roll + modifier };
}

/**
 * Orders combatants (WoD p.152): highest total first; ties go to the higher modifier, then to a
 * roll-off. When `dice` is given, tied groups roll off (a d10 each, entries in their given order,
 * repeated until no two of them tie); otherwise the remaining ties are flagged `tiedWithNext`.
 */
export function initiativeOrder(entries: readonly InitiativeEntry[], dice?: DiceSource): InitiativeRank[] {
  const seen = new Set<string>();
  if (dice !== undefined) requireDice("dice", dice);
  const ranks: InitiativeRank[] = requireArray("entries", entries).map((e, i) => {
    requireObject(`entry #${i + 1}`, e);
    if (typeof e.id !== "string" || e.id === "") throw new OmnibusError("badArgument", `initiative entry #${i + 1} has no id`);
    if (seen.has(e.id)) throw new OmnibusError("badArgument", `initiative id "${e.id}" appears twice`);
    seen.add(e.id);
    requireInt(`${e.id}.modifier`, e.modifier, -99, 99);
    requireInt(`${e.id}.roll`, e.roll, 1, 10);
    return { id: e.id, modifier: e.modifier, roll: e.roll, total: e.modifier + e.roll, rollOffs: [], tiedWithNext: false };
  });
  const cmp = (a: InitiativeRank, b: InitiativeRank) => {
    if (b.total !== a.total) return b.total - a.total;
    if (b.modifier !== a.modifier) return b.modifier - a.modifier;
    for (let i = 0; i < Math.min(a.rollOffs.length, b.rollOffs.length); i++) {
      if (b.rollOffs[i] !== a.rollOffs[i]) return b.rollOffs[i] - a.rollOffs[i];
    }
    return 0;
  };
  const stable = (list: InitiativeRank[]) =>
    list
      .map((r, i) => ({ r, i }))
      .sort((x, y) => cmp(x.r, y.r) || x.i - y.i)
      .map((x) => x.r);
  let sorted = stable(ranks);
  if (dice) {
    for (let guard = 0; guard < 1000; guard++) {
      const tied = sorted.filter(
        (r, i) => (i > 0 && cmp(sorted[i - 1], r) === 0) || (i + 1 < sorted.length && cmp(r, sorted[i + 1]) === 0),
      );
      if (tied.length === 0) break;
      // Every entry in a tied group rolls one more d10, in the original order of the entries.
      for (const r of ranks) if (tied.includes(r)) r.rollOffs.push(dice.roll(10));
      sorted = stable(ranks);
    }
  }
  for (let i = 0; i + 1 < sorted.length; i++) sorted[i].tiedWithNext = cmp(sorted[i], sorted[i + 1]) === 0;
  return sorted;
}

// ───────────────────────────── Defense ─────────────────────────────

export type AttackKind = "unarmed" | "melee" | "thrown" | "firearms" | "bow";
export const ATTACK_KINDS: readonly AttackKind[] = ["unarmed", "melee", "thrown", "firearms", "bow"];

export interface DefenseRequest {
  /** The lower of Wits and Dexterity (see defenseRating), after armour's Defense penalty. */
  defense: number;
  attackKind: AttackKind;
  /** Attacks already defended against this turn (each reduces Defense by 1; WoD p.157). */
  priorAttacksThisTurn?: number;
  /** Dodging this turn: Defense doubled (WoD p.157; digest A14). */
  dodge?: boolean;
  /** Willpower spent against this attack: +2 (002:L428). */
  willpower?: boolean;
  /** Digest A14: Willpower +2 after doubling (default) or before. */
  willpowerBeforeDodge?: boolean;
  /** Unaware, surprised, immobilised, unconscious, or made an all-out attack / drew a weapon this turn. */
  noDefense?: boolean;
  /** A shooter within close-combat range (a yard or two): Defense applies to Firearms (WoD p.156). */
  shooterInCloseCombat?: boolean;
}

/**
 * The Defense subtracted from one attack. Defense does not apply to Firearms or bows (002:L428)
 * unless the shooter is in close combat. It is never reduced by wound penalties (002:L438).
 */
export function effectiveDefense(req: DefenseRequest): number {
  requireObject("defense request", req);
  requireInt("defense", req.defense, 0, 99);
  const prior = requireInt("priorAttacksThisTurn", req.priorAttacksThisTurn ?? 0, 0, 99);
  oneOf("attackKind", req.attackKind, ATTACK_KINDS);
  const [willpower, before, dodge] = [
    optionalFlag("willpower", req.willpower),
    optionalFlag("willpowerBeforeDodge", req.willpowerBeforeDodge),
    optionalFlag("dodge", req.dodge),
  ];
  if (optionalFlag("noDefense", req.noDefense)) return 0;
  if ((req.attackKind === "firearms" || req.attackKind === "bow") && !optionalFlag("shooterInCloseCombat", req.shooterInCloseCombat))
    return 0;
  let d = req.defense;
  if (willpower && before) d += 2;
  if (dodge) d *= 2;
  if (willpower && !before) d += 2;
  return Math.max(0, d - prior);
}

// ───────────────────────────── Ranges ─────────────────────────────

export type RangeBand = "short" | "medium" | "long" | "outOfRange";

/** Range penalties (WoD p.162; 002:L745, L751): short 0, medium −2, long −4. */
export const RANGE_PENALTY = { short: 0, medium: -2, long: -4 } as const;

/** The band a distance (yards) falls in, for ranges short/medium/long (e.g. 20/40/80). */
export function rangeBand(distanceYards: number, ranges: readonly [number, number, number]): RangeBand {
  requireNumber("distance", distanceYards, 0, 1e9);
  if (requireArray("ranges", ranges).length !== 3) throw new OmnibusError("badArgument", "ranges are three numbers: short, medium, long");
  const [s, m, l] = ranges;
  if (![s, m, l].every((x) => typeof x === "number" && Number.isFinite(x) && x >= 0) || !(s <= m && m <= l)) {
    throw new OmnibusError("badArgument", `ranges must be short ≤ medium ≤ long, got ${ranges.join("/")}`);
  }
  if (distanceYards <= s) return "short";
  if (distanceYards <= m) return "medium";
  if (distanceYards <= l) return "long";
  return "outOfRange";
}

/**
 * The range penalty with sights (002:L745, L751): a laser sight removes the medium −2 (not with
 * autofire); a scope turns long −4 into −2. Out of range: no attack is possible (null).
 */
export function rangePenalty(band: RangeBand, opts: { laserSight?: boolean; scope?: boolean; autofire?: boolean } = {}): number | null {
  oneOf("band", band, ["short", "medium", "long", "outOfRange"]);
  opts = optionsObject("options", opts);
  if (band === "outOfRange") return null;
  if (band === "medium" && optionalFlag("laserSight", opts.laserSight) && !optionalFlag("autofire", opts.autofire)) return 0;
  if (band === "long" && optionalFlag("scope", opts.scope)) return -2;
  return RANGE_PENALTY[band];
}

/**
 * Thrown-weapon ranges (WoD p.162): short = Strength + Dexterity + Athletics, minus Size for a
 * non-aerodynamic object; medium and long double in turn.
 */
export function thrownRanges(t: {
  strength: number;
  dexterity: number;
  athletics: number;
  objectSize?: number;
  aerodynamic?: boolean;
}): [number, number, number] {
  requireObject("traits", t);
  const base =
    requireInt("strength", t.strength, 0, 10) + requireInt("dexterity", t.dexterity, 0, 10) + requireInt("athletics", t.athletics, 0, 10);
  const size = optionalFlag("aerodynamic", t.aerodynamic) ? 0 : requireInt("objectSize", t.objectSize ?? 0, 0, 99);
  const short = Math.max(0, base - size);
  return [short, short * 2, short * 4];
}

// ───────────────────────────── Tables ─────────────────────────────

/** Autofire (WoD pp.161–162): bonus dice and bullets. */
export const AUTOFIRE = {
  short: { bullets: 3, bonus: 1, targets: "one" },
  medium: { bullets: 10, bonus: 2, targets: "upToThree" },
  long: { bullets: 20, bonus: 3, targets: "any" },
} as const;
export type AutofireBurst = keyof typeof AUTOFIRE;

/** Concealment (WoD p.164): barely −1, partially −2, substantially −3. */
export const CONCEALMENT = { none: 0, barely: -1, partially: -2, substantially: -3 } as const;
export type Concealment = keyof typeof CONCEALMENT;

/** Specified targets (digest §Z.5, recalled): torso −1, arm/leg −2, head −3, hand −4, eye −5. */
export const SPECIFIED_TARGET = { torso: -1, limb: -2, head: -3, hand: -4, eye: -5 } as const;
export type SpecifiedTarget = keyof typeof SPECIFIED_TARGET;

/** Aiming: +1 per turn spent aiming, at most +3 (digest §Z.5). */
export function aimingBonus(turns: number): number {
  return Math.min(3, requireInt("turns", turns, 0, 99));
}

/** All-out attack (WoD p.158): +2 dice and no Defense this turn. */
export const ALL_OUT_ATTACK_BONUS = 2;

// ───────────────────────────── Armour ─────────────────────────────

export interface Armor {
  /** General rating: against most attacks. */
  general: number;
  /** Ballistic rating: against Firearms and bows. */
  ballistic: number;
  /** Kevlar, flak jacket, riot gear: firearm lethal damage becomes bashing. */
  bulletproof?: boolean;
}

/** The armour subtracted from an attack pool, after armour piercing (002:L623, L629, L631). */
export function armorAgainst(armor: Armor | undefined, attackKind: AttackKind, piercing = 0): number {
  oneOf("attackKind", attackKind, ATTACK_KINDS);
  if (armor === undefined) return 0;
  requireObject("armor", armor);
  requireInt("armor.general", armor.general, 0, 20);
  requireInt("armor.ballistic", armor.ballistic, 0, 20);
  requireInt("armorPiercing", piercing, 0, 20);
  const rating = attackKind === "firearms" || attackKind === "bow" ? armor.ballistic : armor.general;
  return Math.max(0, rating - piercing);
}

// ───────────────────────────── Attacks ─────────────────────────────

export interface AttackRequest {
  attackKind: AttackKind;
  /** Attack Attribute + Skill dots: Strength + Brawl / Weaponry, Dexterity + Firearms / Athletics. */
  attribute: number;
  skill: number;
  specialty?: boolean;
  weapon?: {
    /** Damage rating: bonus dice (1e; 002:L571, L575). */
    damage: number;
    damageType: DamageType;
    /** Improvised weapon: −1 (002:L571). */
    improvised?: boolean;
    /** Strength (or Size) the weapon needs; lacking it costs −1 (002:L579, digest A22). */
    strengthRequired?: number;
    armorPiercing?: number;
    /** Weapon's again level (e.g. large axe 9-again); the roll options are the caller's. */
  };
  /** The wielder's Strength, for the Strength requirement. */
  strength?: number;
  /** Digest A22: lacking Strength costs −1 flat (default) or −1 per missing point. */
  strengthShortfall?: "flat" | "perPoint";
  /** Defense to subtract (see effectiveDefense); 0 when it does not apply. */
  targetDefense?: number;
  targetArmor?: Armor;
  /** Ranged: the band and sights. */
  range?: { band: RangeBand; laserSight?: boolean; scope?: boolean };
  autofire?: AutofireBurst;
  /** Autofire against several targets: −1 per target (WoD p.162). */
  autofireTargets?: number;
  aimingTurns?: number;
  allOutAttack?: boolean;
  concealment?: Concealment;
  specifiedTarget?: SpecifiedTarget;
  willpower?: boolean;
  woundPenalty?: number;
  modifiers?: readonly PoolModifier[];
}

export interface AttackPool extends PoolBreakdown {
  /** Damage type each success inflicts (after bulletproof armour). */
  damageType: DamageType;
}

/**
 * An attack's dice pool (WoD pp.153–171): Attribute + Skill + weapon Damage as bonus dice, minus
 * the target's Defense and armour, range and circumstances. Each success is one point of damage of
 * `damageType`. Unarmed attacks are bashing. Throws when the target is out of range.
 */
export function attackPool(req: AttackRequest): AttackPool {
  requireObject("attack", req);
  oneOf("attackKind", req.attackKind, ATTACK_KINDS);
  const mods: PoolModifier[] = [];
  const w = req.weapon;
  let damageType: DamageType = "bashing";
  if (w !== undefined) {
    requireObject("weapon", w);
    requireInt("weapon.damage", w.damage, 0, 10);
    damageType = oneOf("weapon.damageType", w.damageType, ["bashing", "lethal", "aggravated"]);
    if (w.damage) mods.push({ label: "weaponDamage", value: w.damage });
    if (optionalFlag("weapon.improvised", w.improvised)) mods.push({ label: "improvised", value: -1 });
    if (w.strengthRequired !== undefined) {
      const need = requireInt("weapon.strengthRequired", w.strengthRequired, 0, 10);
      const have = requireInt("strength", req.strength ?? req.attribute, 0, 10);
      const shortfall = oneOf("strengthShortfall", req.strengthShortfall ?? "flat", ["flat", "perPoint"]);
      if (have < need) mods.push({ label: "strengthRequirement", value: shortfall === "perPoint" ? have - need : -1 });
    }
  }
  if (req.aimingTurns !== undefined && aimingBonus(req.aimingTurns)) mods.push({ label: "aiming", value: aimingBonus(req.aimingTurns) });
  if (req.autofire !== undefined) {
    keyOf("autofire", req.autofire, AUTOFIRE);
    mods.push({ label: "autofire", value: AUTOFIRE[req.autofire].bonus });
    const n = requireInt("autofireTargets", req.autofireTargets ?? 1, 1, 99);
    if (n > 1) mods.push({ label: "autofireTargets", value: -n });
  }
  if (optionalFlag("allOutAttack", req.allOutAttack)) mods.push({ label: "allOutAttack", value: ALL_OUT_ATTACK_BONUS });
  if (req.range !== undefined) {
    requireObject("range", req.range);
    const p = rangePenalty(req.range.band, { laserSight: req.range.laserSight, scope: req.range.scope, autofire: !!req.autofire });
    if (p === null) throw new OmnibusError("outOfRange", "the target is out of range");
    if (p) mods.push({ label: "range", value: p });
  }
  if (req.concealment !== undefined && keyOf("concealment", req.concealment, CONCEALMENT) !== "none") {
    mods.push({ label: "concealment", value: CONCEALMENT[req.concealment] });
  }
  if (req.specifiedTarget !== undefined) {
    keyOf("specifiedTarget", req.specifiedTarget, SPECIFIED_TARGET);
    mods.push({ label: "specifiedTarget", value: SPECIFIED_TARGET[req.specifiedTarget] });
  }
  const defense = requireInt("targetDefense", req.targetDefense ?? 0, 0, 99);
  if (defense) mods.push({ label: "defense", value: -defense });
  const armor = armorAgainst(req.targetArmor, req.attackKind, w?.armorPiercing ?? 0);
  if (armor) mods.push({ label: "armor", value: -armor });
  if (
    req.targetArmor !== undefined &&
    optionalFlag("bulletproof", req.targetArmor.bulletproof) &&
    req.attackKind === "firearms" &&
    damageType === "lethal"
  )
    damageType = "bashing";
  const pool = buildPool({
    attribute: req.attribute,
    skill: { dots: req.skill, category: "physical" },
    specialty: req.specialty,
    willpower: req.willpower,
    woundPenalty: req.woundPenalty,
    modifiers: [...mods, ...requireArray("modifiers", req.modifiers, true)],
  });
  return { ...pool, damageType };
}

/**
 * Killing blow (WoD p.169): against a helpless target there is no roll; damage = the attacker's
 * full pool minus the target's armour, dealt automatically.
 */
export function killingBlowDamage(attackPoolDice: number, targetArmor = 0): number {
  return Math.max(0, requireInt("pool", attackPoolDice, -99, 999) - requireInt("armor", targetArmor, 0, 99));
}

/** Knockout (WoD p.169): a head blow (−3) doing damage ≥ the target's Size forces a Stamina roll. */
export function knockoutThreatened(damage: number, targetSize: number): boolean {
  return requireInt("damage", damage, 0) >= requireInt("size", targetSize, 1, 99);
}

/**
 * The damage types a knockout blow may deal. The digest (§Z.5 "Knockout", published p.169) names
 * no damage type — only a head blow doing damage ≥ the target's Size — so every type qualifies
 * here, as the digest states it. If the rules owner reads p.169 as bashing only, set lethal and
 * aggravated to false: nothing else changes.
 */
export const KNOCKOUT_DAMAGE_TYPES: Readonly<Record<DamageType, boolean>> = { bashing: true, lethal: true, aggravated: true };

/** One blow as a knockout check sees it (plain data). */
export interface KnockoutBlow {
  /** The attack's specified target (digest §Z.5 "Specified targets"), or "none" for a body blow. */
  specifiedTarget: SpecifiedTarget | "none";
  /** Health points of damage the blow did to the target. */
  damage: number;
  /** The target's Size (Размер). */
  targetSize: number;
  damageType: DamageType;
}

/**
 * Knockout (WoD p.169, digest §Z.5): is a Stamina roll due? Only a blow aimed at the head (the
 * specified target at −3) that did damage ≥ the target's Size, of a type in KNOCKOUT_DAMAGE_TYPES.
 */
export function knockoutCheckDue(blow: KnockoutBlow): boolean {
  requireObject("blow", blow);
  const aimed = blow.specifiedTarget === "none" ? "none" : keyOf("specifiedTarget", blow.specifiedTarget, SPECIFIED_TARGET);
  const type = oneOf("damageType", blow.damageType, ["bashing", "lethal", "aggravated"] as const);
  const threatened = knockoutThreatened(blow.damage, blow.targetSize);
  return aimed === "head" && KNOCKOUT_DAMAGE_TYPES[type] && threatened;
}

/** The knockout Stamina roll's outcome: conscious, or unconscious for `turns` turns (0 when conscious). */
export interface KnockoutOutcome {
  conscious: boolean;
  turns: number;
}

/**
 * The knockout Stamina roll (WoD p.169; a reflexive roll, the seed's «пассивное действие»,
 * 002:L361): any success keeps the target conscious; none → unconscious for turns equal to the
 * blow's damage. The pool is Stamina alone; the digest names no wound penalty for it (its
 * last-box consciousness roll has none, §Z.6), so the caller rolls plain Stamina.
 */
export function knockoutOutcome(staminaSuccesses: number, damage: number): KnockoutOutcome {
  const successes = requireInt("successes", staminaSuccesses, 0, 99);
  const turns = requireInt("damage", damage, 1, 100);
  return successes > 0 ? { conscious: true, turns: 0 } : { conscious: false, turns };
}

/** Surprise (WoD p.153): 0 successes on Wits + Composure → no action and no Defense in the first turn. */
export function surprised(witsComposureSuccesses: number): boolean {
  return requireInt("successes", witsComposureSuccesses, 0) === 0;
}

export interface StorytellingSurpriseOutcome {
  observers: Array<{ id: string; successes: number; surprised: boolean }>;
  nobodySurprised: boolean;
}

/**
 * Who is caught by an ambush (WoD p.153; a one-chance roll that cannot be retried, 002:L400): each
 * ambushed character rolls Wits + Composure once; 0 successes → surprised: no action and no Defense
 * in the first turn. Ambushers act as usual.
 */
export function resolveSurprise(observers: ReadonlyArray<{ id: string; successes: number }>): StorytellingSurpriseOutcome {
  const seen = new Set<string>();
  const out = requireArray("observers", observers).map((o) => {
    requireObject("observer", o);
    if (typeof o.id !== "string" || o.id === "" || seen.has(o.id))
      throw new OmnibusError("badArgument", "observer ids must be distinct strings", { name: "id" });
    seen.add(o.id);
    return { id: o.id, successes: o.successes, surprised: surprised(o.successes) };
  });
  return { observers: out, nobodySurprised: out.every((o) => !o.surprised) };
}
