/**
 * Talents and other sources as test modifiers (003:L52-54, digest §2.16). A sheet or effect describes
 * each source as plain data; `collectModifiers` sums the ones that apply to a given test.
 */
import { requireArray, requireObject } from "../../core/guards";
import { describeValue, OmnibusError, requireInt } from "../../core/errors";
import { requireCharacteristic, type CharacteristicId } from "./characteristics";

export interface TestModifierSource {
  /** What grants it (a talent id, "advantage", a condition…), for the roll dialog's breakdown. */
  source: string;
  /** Added to the target. */
  modifier?: number;
  /** Added to SL on success and failure. */
  slBonus?: number;
  /** Added to SL on a success only. */
  successBonus?: number;
  /** Which tests it applies to; omitted = every test. A test matches if any listed item matches. */
  appliesTo?: { skills?: readonly string[]; characteristics?: readonly CharacteristicId[]; tags?: readonly string[] };
}

/** The test being made, for matching modifiers: its skill (if any), characteristic and tags ("combat", "sight", …). */
export interface TestContext {
  skill?: string;
  characteristic: CharacteristicId;
  tags?: readonly string[];
}

export interface CollectedModifiers {
  modifier: number;
  slBonus: number;
  successBonus: number;
  /** The sources that applied, in input order. */
  applied: string[];
}

export function modifierApplies(m: TestModifierSource, context: TestContext): boolean {
  requireObject("modifier source", m);
  requireObject("test context", context);
  const a = m.appliesTo;
  if (a === undefined) return true;
  requireObject("appliesTo", a);
  for (const k of ["skills", "characteristics", "tags"] as const) if (a[k] !== undefined) requireArray(`appliesTo.${k}`, a[k]);
  if (context.tags !== undefined) requireArray("tags", context.tags);
  return (
    (a.skills ?? []).includes(context.skill ?? "\u0000") ||
    (a.characteristics ?? []).includes(context.characteristic) ||
    (a.tags ?? []).some((t) => (context.tags ?? []).includes(t))
  );
}

export function collectModifiers(sources: readonly TestModifierSource[], context: TestContext): CollectedModifiers {
  requireCharacteristic(requireObject("test context", context).characteristic);
  if (!Array.isArray(sources)) throw new OmnibusError("badArgument", "modifier sources must be a list", { name: "sources" });
  const out: CollectedModifiers = { modifier: 0, slBonus: 0, successBonus: 0, applied: [] };
  for (const m of sources) {
    if (!modifierApplies(m, context)) continue;
    out.modifier += requireInt(`${describeValue(m.source)} modifier`, m.modifier ?? 0, -999, 999);
    out.slBonus += requireInt(`${describeValue(m.source)} slBonus`, m.slBonus ?? 0, -99, 99);
    out.successBonus += requireInt(`${describeValue(m.source)} successBonus`, m.successBonus ?? 0, -99, 99);
    out.applied.push(m.source);
  }
  return out;
}

/**
 * Talents that raise a characteristic by +5 per time taken (published 4e core, not in the seed;
 * verify against the book). A sheet adds `5 × timesTaken` to the characteristic's modifier.
 */
export const CHARACTERISTIC_TALENTS: Readonly<Record<string, CharacteristicId>> = {
  warriorBorn: "ws",
  marksman: "bs",
  veryStrong: "s",
  veryResilient: "t",
  sharp: "i",
  lightningReflexes: "ag",
  nimbleFingered: "dex",
  savvy: "int",
  coolheaded: "wp",
  suave: "fel",
};

/** The characteristic modifiers from talents taken: { talentId: timesTaken } → per-characteristic +5s. */
export function talentCharacteristicModifiers(taken: Readonly<Record<string, number>>): Partial<Record<CharacteristicId, number>> {
  requireObject("talents", taken);
  const out: Partial<Record<CharacteristicId, number>> = {};
  for (const [talent, times] of Object.entries(taken)) {
    const c = Object.hasOwn(CHARACTERISTIC_TALENTS, talent) ? CHARACTERISTIC_TALENTS[talent] : undefined;
    if (!c) continue;
    out[c] = (out[c] ?? 0) + 5 * requireInt(`${talent} times taken`, times, 0, 99);
  }
  return out;
}
