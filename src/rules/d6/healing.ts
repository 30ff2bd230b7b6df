/**
 * Healing (digest §25): natural healing (000:L447–485), medpacs (000:L487–517; difficulty table
 * published, A-31), bacta tanks (000:L519–533; times published, A-31, A-20).
 */
import type { DiceSource } from "../../core/dice";
import { OmnibusError, requireInt } from "../../core/errors";
import { effectiveCode } from "./actions";
import { addCodes, subtractCodes, type DieCode } from "./dice-code";
import { shiftLevel, type DifficultyLevel, type ShiftedDifficulty } from "./difficulty";
import { requireWoundLevel, woundPenaltyDice, type WoundLevel } from "./damage";
import { rollPlainDice } from "./roll";

// ---------------------------------------------------------------------------------------------
// Natural healing (§25.1)

interface NaturalHealingRow {
  /** Standard days of rest before the roll. */
  restDays: number;
  /** Strength total at or below which the character worsens. */
  worsenAtMost: number;
  /** Strength total at or below which the character stays (above: improves). */
  stayAtMost: number;
  worse: WoundLevel;
  better: WoundLevel;
}

/**
 * Natural-healing table (000:L455–485): wounded 3 days, 2–4 worse / 5–6 same / 7+ healed;
 * wounded twice 3 days, 2–4 / 5–6 / 7+ → wounded; incapacitated 2 weeks (000:L441, A-19),
 * 2–6 / 7–8 / 9+ → wounded twice; mortally wounded 35 days, 2–6 dies / 7–8 / 9+ → incapacitated.
 * Rolls below 2 fall in the worst row.
 */
export const NATURAL_HEALING: Readonly<Partial<Record<WoundLevel, NaturalHealingRow>>> = Object.freeze({
  wounded: { restDays: 3, worsenAtMost: 4, stayAtMost: 6, worse: "wounded_twice", better: "healthy" },
  wounded_twice: { restDays: 3, worsenAtMost: 4, stayAtMost: 6, worse: "incapacitated", better: "wounded" },
  incapacitated: { restDays: 14, worsenAtMost: 6, stayAtMost: 8, worse: "mortally_wounded", better: "wounded_twice" },
  mortally_wounded: { restDays: 35, worsenAtMost: 6, stayAtMost: 8, worse: "killed", better: "incapacitated" },
});

function healingRow(state: WoundLevel): NaturalHealingRow {
  const row = NATURAL_HEALING[requireWoundLevel(state)];
  if (!row) throw new OmnibusError("outOfRange", `a ${state} character makes no natural-healing roll`, { name: "state", value: state });
  return row;
}

/** Days to rest before the next healing roll; "taking it easy" (published option) doubles it for +1D. */
export function naturalHealingRestDays(state: WoundLevel, opts: { takeItEasy?: boolean } = {}): number {
  const days = healingRow(state).restDays;
  return opts?.takeItEasy ? days * 2 : days;
}

/**
 * The Strength code for a healing roll: full Strength, no wound penalty; −1D if the
 * character worked or adventured meanwhile (000:L451); +1D for taking it easy (published option).
 */
export function naturalHealingCode(strength: DieCode, options: { worked?: boolean; takeItEasy?: boolean } = {}): DieCode {
  const opts = options ?? {};
  let code = strength;
  if (opts.worked) code = subtractCodes(code, { dice: 1, pips: 0 });
  if (opts.takeItEasy) code = addCodes(code, { dice: 1, pips: 0 });
  return effectiveCode(code);
}

/** The outcome of a natural-healing Strength roll. T-39: incapacitated, 10 → wounded twice. D-4, D-5. */
export function naturalHealing(
  state: WoundLevel,
  strengthTotal: number,
): { state: WoundLevel; change: "worse" | "same" | "better"; nextRestDays: number | null } {
  requireInt("strengthTotal", strengthTotal);
  const row = healingRow(state);
  let next: WoundLevel;
  let change: "worse" | "same" | "better";
  if (strengthTotal <= row.worsenAtMost) [next, change] = [row.worse, "worse"];
  else if (strengthTotal <= row.stayAtMost) [next, change] = [state, "same"];
  else [next, change] = [row.better, "better"];
  const nextRow = NATURAL_HEALING[next];
  return { state: next, change, nextRestDays: nextRow ? nextRow.restDays : null };
}

// ---------------------------------------------------------------------------------------------
// Medpacs (§25.2)

/** Who a medpac is used on: a wound level, or knocked out by stun damage. */
export type MedpacPatient = WoundLevel | "unconscious";

/**
 * First-aid difficulty by injury (published R&E, A-31; seed: wounded twice Easy, 000:L511). A
 * mortally wounded patient: Moderate, the difficulty the seed names for the medpac that saves a
 * stabilized character ("умеренная первая помощь", 000:L411); the published table says Difficult.
 */
export const MEDPAC_DIFFICULTY: Readonly<Partial<Record<MedpacPatient, DifficultyLevel>>> = Object.freeze({
  stunned: "very_easy",
  unconscious: "very_easy",
  wounded: "easy",
  wounded_twice: "easy",
  incapacitated: "moderate",
  mortally_wounded: "moderate",
});

/** What a successful medpac does (000:L493–503): one level better; stunned and wounded are healed, the unconscious wake. */
const MEDPAC_HEALS: Readonly<Partial<Record<MedpacPatient, WoundLevel>>> = Object.freeze({
  stunned: "healthy",
  unconscious: "healthy",
  wounded: "healthy",
  wounded_twice: "wounded",
  incapacitated: "wounded_twice",
  mortally_wounded: "incapacitated",
});

function requirePatient(p: unknown): MedpacPatient {
  if (p === "unconscious") return p;
  const w = requireWoundLevel(p, "patient");
  if (!MEDPAC_DIFFICULTY[w])
    throw new OmnibusError("outOfRange", `a medpac does nothing for a ${w} character`, { name: "patient", value: w });
  return w;
}

/**
 * The medpac's difficulty level: by injury, one level higher per earlier use on the patient that
 * day (000:L507). T-40: wounded twice → Easy; second use the same day → Moderate.
 */
export function medpacDifficulty(patient: MedpacPatient, earlierUsesToday = 0): ShiftedDifficulty {
  requireInt("earlierUsesToday", earlierUsesToday, 0, 20);
  return shiftLevel(MEDPAC_DIFFICULTY[requirePatient(patient)] as DifficultyLevel, earlierUsesToday);
}

/**
 * The first-aid (or Technical) code for using a medpac: the healer's wound penalty, and −1D more
 * when treating oneself (000:L515). May be 0D or less: then the attempt is impossible (000:L517).
 * T-41: Technical 2D, wounded twice, on himself → −1D → cannot.
 */
export function medpacCode(firstAid: DieCode, healer: WoundLevel, selfTreatment: boolean): DieCode {
  return effectiveCode(firstAid, { woundPenalty: woundPenaltyDice(healer), penalties: selfTreatment ? [{ dice: 1, pips: 0 }] : [] });
}

/**
 * The medpac roll's outcome. Success heals one level; failure changes nothing; missing by more
 * than 10 bars medpacs on this patient for 24 hours (000:L505). The medpac is used up either way (000:L513).
 */
export function medpacResult(
  patient: MedpacPatient,
  firstAidTotal: number,
  difficulty: number,
): { success: boolean; state: MedpacPatient; blockedHours: number } {
  const p = requirePatient(patient);
  requireInt("firstAidTotal", firstAidTotal);
  requireInt("difficulty", difficulty);
  if (firstAidTotal >= difficulty) return { success: true, state: MEDPAC_HEALS[p] as WoundLevel, blockedHours: 0 };
  return { success: false, state: p, blockedHours: difficulty - firstAidTotal > 10 ? 24 : 0 };
}

// ---------------------------------------------------------------------------------------------
// Bacta tanks (§25.3)

/** Operating a tank is a Very Easy medicine (A) roll (000:L533). */
export const BACTA_DIFFICULTY: DifficultyLevel = "very_easy";

/** Time in the tank (published, A-31; seed: mortally wounded 1D days, 000:L533). */
export const BACTA_TIME: Readonly<Partial<Record<WoundLevel, { dice: number; unit: "hours" | "days" }>>> = Object.freeze({
  wounded: { dice: 1, unit: "hours" },
  wounded_twice: { dice: 1, unit: "hours" },
  incapacitated: { dice: 4, unit: "hours" },
  mortally_wounded: { dice: 1, unit: "days" },
});

/** Rolls the time in the tank; the patient comes out fully healed. T-42: mortally wounded, 1D = 4 → 4 days. */
export function bactaTime(
  state: WoundLevel,
  dice: DiceSource,
): { faces: number[]; amount: number; unit: "hours" | "days"; state: WoundLevel } {
  const t = BACTA_TIME[requireWoundLevel(state)];
  if (!t) throw new OmnibusError("outOfRange", `a ${state} character needs no bacta tank`, { name: "state", value: state });
  const r = rollPlainDice(t.dice, dice);
  return { faces: r.faces, amount: r.total, unit: t.unit, state: "healthy" };
}
