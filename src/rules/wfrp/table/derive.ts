/**
 * Derived traits of a `wfrp` actor as plain functions of its plain data (no Foundry global), so the
 * data model's `prepareDerivedData`, the sheets, the checks and the gallery all compute them the same
 * way — through the pure rules (src/rules/wfrp), never re-implemented here.
 */
import {
  CHARACTERISTICS,
  CONDITIONS,
  HIT_LOCATIONS,
  SKILLS,
  armourByLocation,
  characteristicBonus,
  characteristicValue,
  collectModifiers,
  maxWounds,
  normalizeConditions,
  runDistance,
  skillValue,
  talentCharacteristicModifiers,
  walkDistance,
  type ArmourPiece,
  type CharacteristicId,
  type ConditionCounts,
  type ConditionId,
  type HitLocation,
  type Size,
  type TestModifierSource,
  type WeaponFlaw,
  type WeaponQuality,
  type Weapon,
  WEAPON_FLAWS,
  WEAPON_QUALITIES,
} from "../index";
import { wholeOr } from "../../../core/units";

/** An embedded item as plain data. */
export interface PlainItem {
  id: string;
  name: string;
  /** The English name of an item created with its Russian name (flags.omnibus.nameEn, ../names.ts). */
  nameEn?: string;
  type: string;
  img?: string | null;
  system: Record<string, unknown>;
}

export interface CharacteristicLine {
  id: CharacteristicId;
  initial: number;
  advances: number;
  /** The stored modifier plus talents such as Warrior Born (+5 each). */
  modifier: number;
  current: number;
  bonus: number;
}

export interface DerivedActor {
  characteristics: Record<CharacteristicId, CharacteristicLine>;
  maxWounds: number;
  /** Times the Hardy talent is taken (+TB Wounds each). */
  hardy: number;
  walk: number;
  run: number;
  /** Armour Points per hit location, from worn armour. */
  armour: Record<HitLocation, number>;
  /** The Conditions in effect: the stored counts, at least 1 for a status effect set on the token. */
  conditions: Record<ConditionId, number>;
}

const rec = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);
const clampInt = (value: unknown, min: number, max: number, fallback = 0) => Math.min(max, Math.max(min, wholeOr(value, fallback)));

/** Talents by rules id → times taken (summed over items with the same key). */
export function talentsTaken(items: readonly PlainItem[]): Record<string, number> {
  const taken: Record<string, number> = {};
  for (const item of items) {
    if (item.type !== "wfrp_talent") continue;
    const key = typeof item.system.key === "string" ? item.system.key : "";
    if (!key) continue;
    taken[key] = (taken[key] ?? 0) + clampInt(item.system.timesTaken, 0, 99, 1);
  }
  return taken;
}

/** The worn armour pieces as the rules describe them. */
export function armourPieces(items: readonly PlainItem[]): ArmourPiece[] {
  return items
    .filter((i) => i.type === "wfrp_armour" && i.system.worn !== false)
    .map((i) => ({
      locations: strings(i.system.locations).filter((l): l is HitLocation => (HIT_LOCATIONS as readonly string[]).includes(l)),
      armourPoints: clampInt(i.system.armourPoints, 0, 99),
      metal: i.system.metal === true,
    }));
}

/** The Conditions in effect: stored counts, raised to 1 by an active status effect of the same id. */
export function effectiveConditions(stored: unknown, statuses: Iterable<string> = []): Record<ConditionId, number> {
  const counts: ConditionCounts = {};
  const raw = rec(stored);
  for (const c of CONDITIONS) counts[c] = clampInt(raw[c], 0, 99);
  for (const s of statuses)
    if ((CONDITIONS as readonly string[]).includes(s)) counts[s as ConditionId] = Math.max(1, counts[s as ConditionId] ?? 0);
  return normalizeConditions(counts);
}

/** Everything derived from an actor's `system` and items. Bad stored values are clamped, never thrown. */
export function deriveActor(system: Record<string, unknown>, items: readonly PlainItem[], statuses: Iterable<string> = []): DerivedActor {
  const stored = rec(system.characteristics);
  const fromTalents = talentCharacteristicModifiers(talentsTaken(items));
  const characteristics = {} as Record<CharacteristicId, CharacteristicLine>;
  for (const id of CHARACTERISTICS) {
    const c = rec(stored[id]);
    const initial = clampInt(c.initial, 0, 999);
    const advances = clampInt(c.advances, 0, 999);
    const modifier = clampInt(c.modifier, -999, 999) + (fromTalents[id] ?? 0);
    const current = characteristicValue({ initial, advances, modifier: Math.max(-999, Math.min(999, modifier)) });
    characteristics[id] = { id, initial, advances, modifier, current, bonus: characteristicBonus(Math.min(current, 999)) };
  }
  const hardy = Math.min(99, talentsTaken(items).hardy ?? 0);
  const size = (typeof system.size === "string" ? system.size : "average") as Size;
  let wounds: number;
  try {
    wounds = maxWounds({
      strengthBonus: characteristics.s.bonus,
      toughnessBonus: characteristics.t.bonus,
      willpowerBonus: characteristics.wp.bonus,
      size,
      hardy,
    });
  } catch {
    wounds = maxWounds({
      strengthBonus: characteristics.s.bonus,
      toughnessBonus: characteristics.t.bonus,
      willpowerBonus: characteristics.wp.bonus,
      hardy,
    });
  }
  const movement = clampInt(system.movement, 0, 99, 4);
  return {
    characteristics,
    maxWounds: wounds,
    hardy,
    walk: walkDistance(movement),
    run: runDistance(movement),
    armour: armourByLocation(armourPieces(items)),
    conditions: effectiveConditions(system.conditions, statuses),
  };
}

export interface SkillRow {
  /** The owned skill item, or "" for an untrained basic skill the actor does not hold. */
  itemId: string;
  /** The rules' skill id ("" for a custom skill). */
  key: string;
  /** Item name (owned) — or null, then `nameKey` is the i18n key of the core skill. */
  name: string | null;
  nameKey: string | null;
  characteristic: CharacteristicId;
  characteristicKey: string;
  advances: number;
  /** The value tested, or null when it cannot be tested (advanced, untrained). */
  value: number | null;
  advanced: boolean;
  trained: boolean;
}

function isCharacteristicId(value: unknown): value is CharacteristicId {
  return typeof value === "string" && (CHARACTERISTICS as readonly string[]).includes(value);
}

/**
 * The sheet's skill list: every skill item the actor holds (with its total), plus every basic core
 * skill it does not hold, testable untrained against the bare characteristic (003:L163-165, L247).
 * Sorted by name as given by `sortName` (the localized name for core skills).
 */
export function skillRows(
  derived: DerivedActor,
  items: readonly PlainItem[],
  sortName: (row: SkillRow) => string = (r) => r.name ?? r.key,
): SkillRow[] {
  const rows: SkillRow[] = [];
  const heldKeys = new Set<string>();
  for (const item of items) {
    if (item.type !== "wfrp_skill") continue;
    const characteristic = isCharacteristicId(item.system.characteristic) ? item.system.characteristic : "ag";
    const advances = clampInt(item.system.advances, 0, 999);
    const advanced = item.system.advanced === true;
    const key = typeof item.system.key === "string" ? item.system.key : "";
    if (key) heldKeys.add(key);
    const v = skillValue(derived.characteristics[characteristic].current, advances, advanced);
    rows.push({
      itemId: item.id,
      key,
      name: item.name,
      nameKey: null,
      characteristic,
      characteristicKey: `OMNIBUS.WFRP.CharAbbr.${characteristic}`,
      advances,
      value: v.value,
      advanced,
      trained: v.trained,
    });
  }
  for (const skill of SKILLS) {
    if (skill.advanced || heldKeys.has(skill.id)) continue;
    const current = derived.characteristics[skill.characteristic].current;
    rows.push({
      itemId: "",
      key: skill.id,
      name: null,
      nameKey: `OMNIBUS.WFRP.Skill.${skill.id}`,
      characteristic: skill.characteristic,
      characteristicKey: `OMNIBUS.WFRP.CharAbbr.${skill.characteristic}`,
      advances: 0,
      value: skillValue(current, 0, false).value,
      advanced: false,
      trained: false,
    });
  }
  return rows.sort((a, b) => sortName(a).localeCompare(sortName(b)));
}

/** The best value an actor tests a core skill with (a held item's total, else the untrained basic value), or null. */
export function bestSkillValue(derived: DerivedActor, items: readonly PlainItem[], key: string): { value: number; itemId: string } | null {
  let best: { value: number; itemId: string } | null = null;
  for (const row of skillRows(derived, items)) {
    if (row.key !== key || row.value === null) continue;
    if (!best || row.value > best.value) best = { value: row.value, itemId: row.itemId };
  }
  return best;
}

/** Talents as test modifier sources (only those that name skills or characteristics they apply to). */
export function talentModifierSources(items: readonly PlainItem[]): TestModifierSource[] {
  const out: TestModifierSource[] = [];
  for (const item of items) {
    if (item.type !== "wfrp_talent") continue;
    const skills = strings(item.system.skills);
    const characteristics = strings(item.system.characteristics).filter(isCharacteristicId);
    const modifier = clampInt(item.system.testModifier, -99, 99);
    const successBonus = clampInt(item.system.successBonus, -9, 9);
    if ((skills.length === 0 && characteristics.length === 0) || (modifier === 0 && successBonus === 0)) continue;
    const times = clampInt(item.system.timesTaken, 1, 99, 1);
    out.push({ source: item.name, modifier: modifier * times, successBonus, appliesTo: { skills, characteristics } });
  }
  return out;
}

/** The talents' modifiers to one test. */
export function talentModifiers(items: readonly PlainItem[], skill: string | undefined, characteristic: CharacteristicId) {
  return collectModifiers(talentModifierSources(items), { skill, characteristic });
}

/** A weapon item's system as the rules' `Weapon` (bad stored values clamped to the schema's ranges). */
export function weaponOf(system: Record<string, unknown>): Weapon {
  const kind = system.kind === "ranged" ? "ranged" : "melee";
  return {
    kind,
    damage: clampInt(system.damage, -99, 99),
    addsStrengthBonus: system.addsStrengthBonus === true,
    range: kind === "ranged" ? clampInt(system.range, 1, 99999, 1) : undefined,
    qualities: strings(system.qualities).filter((q): q is WeaponQuality => (WEAPON_QUALITIES as readonly string[]).includes(q)),
    flaws: strings(system.flaws).filter((f): f is WeaponFlaw => (WEAPON_FLAWS as readonly string[]).includes(f)),
  };
}
