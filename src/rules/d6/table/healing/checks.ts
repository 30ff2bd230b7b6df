/**
 * D6 healing at the table as plain functions (no Foundry globals): the roll-dialog requests for
 * natural healing (§25.1), medpacs (§25.2) and bacta tanks (§25.3), their odds, and the ONE update
 * each result makes to the patient (wound level, the healing bookkeeping and the status effects).
 * src/foundry/d6/healing/checks.ts feeds them document data; the gallery and the glue tests call them directly.
 *
 * Time is the world's clock in seconds (the glue reads it): natural healing waits its rest
 * days between rolls; medpacs count the uses on a patient per day (one level harder each, 000:L507)
 * and a miss by more than 10 bars medpacs on that patient for 24 hours (000:L505).
 */
import { Distribution } from "../../../../core/odds";
import { OmnibusError } from "../../../../core/errors";
import {
  BACTA_DIFFICULTY,
  BACTA_TIME,
  CHARACTER_POINT_CAPS,
  MEDPAC_DIFFICULTY,
  NATURAL_HEALING,
  canRollCode,
  checkCharacterPoints,
  codeToPips,
  effectiveCode,
  formatDieCode,
  medpacCode,
  medpacDifficulty,
  medpacResult,
  naturalHealing,
  naturalHealingCode,
  normalizeCode,
  pipsToCode,
  rollOdds,
  type DieCode,
  type MedpacPatient,
  type WoundLevel,
} from "../..";
import type { CheckField, CheckRequest, CheckValues, KindRequest, OddsLine } from "../../../table/types";
import { formatFixed, type NumberLanguage } from "../../../table/format";
import { woundStatuses, type D6CardContext } from "../cards";
import { levelNumber, skillCode, woundLevelOf, type D6ActorData, type D6ItemData } from "../checks";
import { type D6Settings } from "../settings";
import { storedCode } from "../schema";

export const SECONDS_PER_DAY = 86_400;
export const SECONDS_PER_HOUR = 3_600;

/** What a medical item is: `system.medical`, or (items made before that field) its English or Russian name. */
export type MedicalKind = "medpac" | "bacta_tank";

export function medicalKind(item: Pick<D6ItemData, "name" | "type" | "system">): MedicalKind | null {
  if (item.type !== "d6_equipment") return null;
  const stored = String(item.system.medical ?? "");
  if (stored === "medpac" || stored === "bacta_tank") return stored;
  if (stored !== "") return null;
  const name = item.name.toLowerCase();
  if (/medpac|медпакет/.test(name)) return "medpac";
  if (/bacta|бакта/.test(name)) return "bacta_tank";
  return null;
}

/** The healing bookkeeping stored on a character (src/rules/d6/table/schema.ts `healing`). */
export interface HealingState {
  nextNaturalRoll: number | null;
  medpacDay: number | null;
  medpacUses: number;
  medpacBlockedUntil: number | null;
  stabilized: boolean;
}

export function healingStateOf(system: Record<string, unknown>): HealingState {
  const h = (system.healing ?? {}) as Record<string, unknown>;
  const nullableNumber = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
  return {
    nextNaturalRoll: nullableNumber(h.nextNaturalRoll),
    medpacDay: nullableNumber(h.medpacDay),
    medpacUses: Number.isInteger(h.medpacUses) ? Number(h.medpacUses) : 0,
    medpacBlockedUntil: nullableNumber(h.medpacBlockedUntil),
    stabilized: h.stabilized === true,
  };
}

/** A reason a healing attempt cannot be made: an i18n key and its data (shown as a notification; nothing changes). */
export interface Refusal {
  refused: string;
  data?: Record<string, string | number>;
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === "object" && value !== null && "refused" in value;
}

/** The data a healing request carries (request.data.healing) and its card carries (flags.d6.healing). */
export interface HealingData {
  kind: "natural" | "medpac" | "bacta";
  patientUuid: string | null;
  patientName: string;
  /** The patient's state at the roll: a wound level, or "unconscious" (knocked out, medpac only). */
  patientState: MedpacPatient;
  /** Medpac uses on this patient earlier the same day (medpac only). */
  usesToday: number;
  day: number;
  /** The medical item used (medpac: spent; bacta: the tank). */
  itemUuid: string | null;
  selfTreatment: boolean;
  now: number;
}

export interface HealingCheckData {
  [key: string]: unknown;
  rollKind: "attribute" | "skill";
  baseCode: DieCode;
  healerWound: WoundLevel;
  characterPointsAvailable: number;
  healing: HealingData;
  /** The difficulty the rules give (medpac, bacta); null for natural healing (bands instead). */
  difficulty: number | null;
}

function healingFields(rollKind: "attribute" | "skill", extra: CheckField[]): CheckField[] {
  return [
    ...extra,
    { name: "bonusDice", label: "OMNIBUS.D6.Dialog.BonusDice", kind: "number", min: -20, max: 20 },
    { name: "bonusPips", label: "OMNIBUS.D6.Dialog.BonusPips", kind: "number", min: -2, max: 2 },
    {
      name: "characterPoints",
      label: "OMNIBUS.D6.Dialog.CharacterPoints",
      kind: "number",
      min: 0,
      max: CHARACTER_POINT_CAPS[rollKind],
      hint: "OMNIBUS.D6.Dialog.CharacterPointsHint",
    },
  ];
}

const dayOf = (now: number) => Math.floor(now / SECONDS_PER_DAY);

// ---------------------------------------------------------------------------------------------
// Natural healing (§25.1)

/**
 * The natural-healing roll for `actor` at world time `now`: full Strength (no wound penalty, A-19),
 * −1D if it worked meanwhile (000:L451), +1D for taking it easy twice as long (published option).
 * Refused for a state that makes no healing roll, and (for players) before the rest time is over.
 */
export function naturalHealingCheck(
  actor: D6ActorData,
  now: number,
  isGM: boolean,
  title: string,
): KindRequest<HealingCheckData> | Refusal {
  const state = woundLevelOf(actor.system);
  if (!NATURAL_HEALING[state]) return { refused: "OMNIBUS.D6.Healing.NothingToHeal", data: { name: actor.name } };
  const healing = healingStateOf(actor.system);
  if (!isGM && healing.nextNaturalRoll !== null && now < healing.nextNaturalRoll) {
    return {
      refused: "OMNIBUS.D6.Healing.RestFirst",
      data: { name: actor.name, days: Math.ceil((healing.nextNaturalRoll - now) / SECONDS_PER_DAY) },
    };
  }
  const strength = storedCode((actor.system.attributes as Record<string, unknown>)?.strength, "strength");
  const data: HealingCheckData = {
    rollKind: "attribute",
    baseCode: strength,
    healerWound: "healthy",
    characterPointsAvailable: Number(actor.system.characterPoints ?? 0),
    difficulty: null,
    healing: {
      kind: "natural",
      patientUuid: actor.uuid ?? null,
      patientName: actor.name,
      patientState: state,
      usesToday: 0,
      day: dayOf(now),
      itemUuid: null,
      selfTreatment: true,
      now,
    },
  };
  return {
    ruleset: "d6",
    kind: "naturalHealing",
    title: `${title} (${formatDieCode(normalizeCode(strength))})`,
    subtitle: actor.name,
    actorUuid: actor.uuid ?? null,
    fields: healingFields("attribute", [
      { name: "worked", label: "OMNIBUS.D6.Healing.Worked", kind: "checkbox", hint: "OMNIBUS.D6.Healing.WorkedHint" },
      { name: "takeItEasy", label: "OMNIBUS.D6.Healing.TakeItEasy", kind: "checkbox", hint: "OMNIBUS.D6.Healing.TakeItEasyHint" },
    ]),
    values: { worked: false, takeItEasy: false, bonusDice: 0, bonusPips: 0, characterPoints: 0 },
    targets: [],
    data,
  };
}

// ---------------------------------------------------------------------------------------------
// Medpacs (§25.2) and bacta tanks (§25.3)

export interface Patient extends D6ActorData {
  /** Knocked out (the `unconscious` status). */
  unconscious: boolean;
}

/** What a medpac treats: an incapacitated or worse patient by wound level; a knocked-out one as unconscious; else the wound level. */
export function medpacPatientState(patient: Patient): MedpacPatient | null {
  const level = woundLevelOf(patient.system);
  if (level === "killed") return null;
  if (patient.unconscious && (level === "healthy" || level === "stunned" || level === "wounded" || level === "wounded_twice"))
    return "unconscious";
  return MEDPAC_DIFFICULTY[level] ? level : null;
}

/** The number for a (possibly shifted) level: the settings' pick, +10 per step above Heroic; 0 when the shift makes it automatic. */
function shiftedLevelNumber(
  level: Parameters<typeof medpacDifficulty>[0],
  earlier: number,
  settings: Pick<D6Settings, "difficultyPick">,
): { number: number; level: string } {
  const shifted = medpacDifficulty(level, earlier);
  if (shifted.automatic) return { number: 0, level: "automatic" };
  return {
    number: levelNumber(shifted.level, settings.difficultyPick) + shifted.plus,
    level: shifted.plus ? `${shifted.level}+${shifted.plus}` : shifted.level,
  };
}

/**
 * A medpac used by `healer` on `patient` (the same actor: self-treatment, −1D, 000:L515): first aid
 * (or Technical, 000:L491) with the healer's wound penalty; the difficulty by the patient's injury,
 * one level higher per earlier use that day (T-40). Refused: no medpac left, nothing to treat,
 * medpacs barred for 24 h, or penalties leave no dice (T-41).
 */
export function medpacCheck(
  healer: D6ActorData,
  medpac: D6ItemData,
  patient: Patient,
  now: number,
  settings: Pick<D6Settings, "difficultyPick" | "allowPipsOnly">,
): KindRequest<HealingCheckData> | Refusal {
  if (Number(medpac.system.quantity ?? 0) <= 0) return { refused: "OMNIBUS.D6.Healing.NoneLeft", data: { item: medpac.name } };
  const state = medpacPatientState(patient);
  if (!state) return { refused: "OMNIBUS.D6.Healing.NothingToHeal", data: { name: patient.name } };
  const healing = healingStateOf(patient.system);
  if (healing.medpacBlockedUntil !== null && now < healing.medpacBlockedUntil) {
    return {
      refused: "OMNIBUS.D6.Healing.Barred",
      data: { name: patient.name, hours: Math.ceil((healing.medpacBlockedUntil - now) / SECONDS_PER_HOUR) },
    };
  }
  const day = dayOf(now);
  const usesToday = healing.medpacDay === day ? healing.medpacUses : 0;
  const self = Boolean(patient.uuid && patient.uuid === healer.uuid);
  const firstAid = skillCode(healer, "first aid", "technical");
  const healerWound = woundLevelOf(healer.system);
  const code = medpacCode(firstAid.code, healerWound, self);
  if (!canRollCode(code, { allowPipsOnly: settings.allowPipsOnly }))
    return { refused: "OMNIBUS.D6.Healing.CannotTreat", data: { name: healer.name, code: formatDieCode(code) } };
  const difficulty = shiftedLevelNumber(state, usesToday, settings);
  const data: HealingCheckData = {
    rollKind: "skill",
    baseCode: firstAid.code,
    healerWound,
    characterPointsAvailable: Number(healer.system.characterPoints ?? 0),
    difficulty: difficulty.number,
    healing: {
      kind: "medpac",
      patientUuid: patient.uuid ?? null,
      patientName: patient.name,
      patientState: state,
      usesToday,
      day,
      itemUuid: medpac.uuid ?? null,
      selfTreatment: self,
      now,
    },
  };
  return {
    ruleset: "d6",
    kind: "medpac",
    title: `${medpac.name}: ${patient.name}`,
    subtitle: healer.name,
    actorUuid: healer.uuid ?? null,
    itemUuid: medpac.uuid ?? null,
    fields: healingFields("skill", [{ name: "difficulty", label: "OMNIBUS.D6.Dialog.DifficultyNumber", kind: "number", min: 0, max: 200 }]),
    values: { difficulty: difficulty.number, bonusDice: 0, bonusPips: 0, characterPoints: 0 },
    targets: [],
    data,
  };
}

/**
 * A bacta tank operated by `operator` on `patient`: medicine (A) — required, an advanced skill
 * (000:L529) — at Very Easy (000:L533). Refused without the skill or for a patient the tank
 * does not treat.
 */
export function bactaCheck(
  operator: D6ActorData,
  tank: D6ItemData,
  patient: Patient,
  now: number,
  settings: Pick<D6Settings, "difficultyPick" | "allowPipsOnly">,
): KindRequest<HealingCheckData> | Refusal {
  const level = woundLevelOf(patient.system);
  if (!BACTA_TIME[level]) return { refused: "OMNIBUS.D6.Healing.NothingToHeal", data: { name: patient.name } };
  const medicine = operator.items.find((i) => i.type === "d6_skill" && /^(medicine|медицина)/i.test(i.name.trim()));
  if (!medicine) return { refused: "OMNIBUS.D6.Healing.NeedsMedicine", data: { name: operator.name } };
  const base = storedCode(medicine.system.code, medicine.name);
  const healerWound = woundLevelOf(operator.system);
  const code = effectiveCode(base, { woundPenalty: woundPenaltyOf(healerWound) });
  if (!canRollCode(code, { allowPipsOnly: settings.allowPipsOnly }))
    return { refused: "OMNIBUS.D6.Healing.CannotTreat", data: { name: operator.name, code: formatDieCode(code) } };
  const difficulty = levelNumber(BACTA_DIFFICULTY, settings.difficultyPick);
  const data: HealingCheckData = {
    rollKind: "skill",
    baseCode: base,
    healerWound,
    characterPointsAvailable: Number(operator.system.characterPoints ?? 0),
    difficulty,
    healing: {
      kind: "bacta",
      patientUuid: patient.uuid ?? null,
      patientName: patient.name,
      patientState: level,
      usesToday: 0,
      day: dayOf(now),
      itemUuid: tank.uuid ?? null,
      selfTreatment: false,
      now,
    },
  };
  return {
    ruleset: "d6",
    kind: "bacta",
    title: `${tank.name}: ${patient.name}`,
    subtitle: operator.name,
    actorUuid: operator.uuid ?? null,
    itemUuid: tank.uuid ?? null,
    fields: healingFields("skill", [{ name: "difficulty", label: "OMNIBUS.D6.Dialog.DifficultyNumber", kind: "number", min: 0, max: 200 }]),
    values: { difficulty, bonusDice: 0, bonusPips: 0, characterPoints: 0 },
    targets: [],
    data,
  };
}

/** The medical items' checks and the kind of healing each gives, by `medicalKind` (the sheet's item button). */
export const MEDICAL_CHECKS = {
  medpac: { check: medpacCheck, healing: "medpac" },
  bacta_tank: { check: bactaCheck, healing: "bacta" },
} as const;

function woundPenaltyOf(level: WoundLevel): number {
  return level === "stunned" || level === "wounded" ? 1 : level === "wounded_twice" ? 2 : 0;
}

// ---------------------------------------------------------------------------------------------
// The dialog's values → the code, and the odds

export function healingData(request: KindRequest<HealingCheckData>): HealingCheckData {
  const data: HealingCheckData | undefined = request.data;
  if (!data?.healing) throw new OmnibusError("badArgument", "not a healing check", { name: "kind", value: request.kind });
  return data;
}

export interface ResolvedHealing {
  code: DieCode;
  characterPoints: number;
  difficulty: number | null;
  worked: boolean;
  takeItEasy: boolean;
}

/** The code to roll. Throws an OmnibusError for values that cannot be rolled. */
export function resolveHealing(
  request: KindRequest<HealingCheckData>,
  values: CheckValues,
  settings: Pick<D6Settings, "allowPipsOnly">,
): ResolvedHealing {
  const data = healingData(request);
  const characterPoints = checkCharacterPoints(Number(values.characterPoints ?? 0), data.rollKind);
  if (characterPoints > data.characterPointsAvailable) {
    throw new OmnibusError("outOfRange", `only ${data.characterPointsAvailable} Character Points left`, {
      name: "characterPoints",
      value: characterPoints,
      min: 0,
      max: data.characterPointsAvailable,
    });
  }
  const worked = values.worked === true;
  const takeItEasy = values.takeItEasy === true;
  const h = data.healing;
  const traits = HEALING_TRAITS[h.kind];
  let code: DieCode = traits.code(data, { worked, takeItEasy });
  const bonus = Number(values.bonusDice ?? 0) * 3 + Number(values.bonusPips ?? 0);
  if (bonus !== 0) code = normalizeCode(pipsToCode(codeToPips(code) + bonus));
  if (!canRollCode(code, { allowPipsOnly: settings.allowPipsOnly })) {
    throw new OmnibusError("rollImpossible", `the code ${formatDieCode(code)} cannot be rolled: penalties leave no dice`, {
      code: formatDieCode(code),
    });
  }
  const typed = Number(values.difficulty ?? data.difficulty ?? 0);
  const difficulty = !traits.againstDifficulty ? null : Number.isFinite(typed) && typed >= 0 ? typed : data.difficulty;
  return { code, characterPoints, difficulty, worked, takeItEasy };
}

/** Odds: natural healing's three bands (worse / same / better), or success against the difficulty. */
export function healingOdds(
  request: KindRequest<HealingCheckData>,
  values: CheckValues,
  settings: Pick<D6Settings, "allowPipsOnly" | "wildOne">,
  lang?: NumberLanguage,
): OddsLine[] {
  const data = healingData(request);
  const v = resolveHealing(request, values, settings);
  const odds = rollOdds(v.code, {
    characterPoints: v.characterPoints,
    kind: data.rollKind,
    wildOne: settings.wildOne,
    allowPipsOnly: settings.allowPipsOnly,
  });
  const total: Distribution = odds.total;
  const lines: OddsLine[] = [];
  if (!HEALING_TRAITS[data.healing.kind].againstDifficulty) {
    const row = NATURAL_HEALING[data.healing.patientState as WoundLevel]!;
    const better = total.pAtLeast(row.stayAtMost + 1);
    const worse = 1 - total.pAtLeast(row.worsenAtMost + 1);
    lines.push({ label: "OMNIBUS.D6.Healing.OddsBetter", probability: better, primary: true, detail: `≥ ${row.stayAtMost + 1}` });
    lines.push({ label: "OMNIBUS.D6.Healing.OddsSame", probability: Math.max(0, 1 - better - worse) });
    lines.push({ label: "OMNIBUS.D6.Healing.OddsWorse", probability: worse, detail: `≤ ${row.worsenAtMost}` });
  } else if (v.difficulty !== null) {
    lines.push({
      label: "OMNIBUS.D6.Odds.Success",
      probability: total.pAtLeast(v.difficulty),
      primary: true,
      detail: `${formatDieCode(v.code)} ≥ ${v.difficulty}`,
    });
  }
  lines.push({
    label: "OMNIBUS.D6.Odds.Code",
    probability: 1,
    detail: `${formatDieCode(v.code)}${v.characterPoints ? ` + ${v.characterPoints} CP` : ""} ≈ ${formatFixed(odds.expectedTotal, 1, lang)}`,
  });
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Results and the one update they make

/** What a healing roll decided, stored on the card (flags.d6.healing.result) and applied by the GM or the owner. */
export interface HealingResult {
  success: boolean;
  /** The patient's wound level after. */
  state: WoundLevel;
  /** Woken from a knock-out. */
  wakes: boolean;
  /** Medpac: barred for this many hours (miss by more than 10). */
  blockedHours: number;
  /** Natural healing: days of rest before the next roll (null: none needed). */
  nextRestDays: number | null;
  change: "worse" | "same" | "better" | null;
  /** Bacta: time in the tank. */
  tankTime: { amount: number; unit: "hours" | "days" } | null;
}

/** Natural healing: the Strength total decides (T-39: incapacitated, 10 → wounded twice; D-4, D-5). */
export function naturalHealingResult(data: HealingData, total: number): HealingResult {
  const r = naturalHealing(data.patientState as WoundLevel, total);
  return {
    success: r.change === "better",
    state: r.state,
    wakes: false,
    blockedHours: 0,
    nextRestDays: r.nextRestDays,
    change: r.change,
    tankTime: null,
  };
}

/** Medpac: success heals one level (a knocked-out patient wakes); a miss by more than 10 bars medpacs 24 h. */
export function medpacHealingResult(data: HealingData, total: number, difficulty: number, currentLevel: WoundLevel): HealingResult {
  const r = medpacResult(data.patientState, total, difficulty);
  if (data.patientState === "unconscious") {
    const state = r.success && currentLevel === "stunned" ? "healthy" : currentLevel;
    return {
      success: r.success,
      state,
      wakes: r.success,
      blockedHours: r.blockedHours,
      nextRestDays: null,
      change: r.success ? "better" : "same",
      tankTime: null,
    };
  }
  return {
    success: r.success,
    state: r.state as WoundLevel,
    wakes: false,
    blockedHours: r.blockedHours,
    nextRestDays: null,
    change: r.success ? "better" : "same",
    tankTime: null,
  };
}

/** Bacta: on success the patient comes out fully healed after the rolled time (T-42); a failure changes nothing (A-20). */
export function bactaHealingResult(
  data: HealingData,
  success: boolean,
  tankTime: { amount: number; unit: "hours" | "days" } | null,
): HealingResult {
  if (!success)
    return {
      success: false,
      state: data.patientState as WoundLevel,
      wakes: false,
      blockedHours: 0,
      nextRestDays: null,
      change: "same",
      tankTime: null,
    };
  return { success: true, state: "healthy", wakes: true, blockedHours: 0, nextRestDays: null, change: "better", tankTime };
}

/** What a healing roll gives the result: its total, the difficulty, the patient's wound level now, the tank time rolled. */
export interface HealingRoll {
  total: number;
  difficulty: number;
  patientLevel: WoundLevel;
  tankTime: { amount: number; unit: "hours" | "days" } | null;
}

/**
 * What each kind of healing does differently (§25), so that no shared code branches on the kind:
 * its code, whether it is rolled against a difficulty, the medical item it uses up, a second roll
 * for the time it takes, how the roll becomes a result and what the patient's record keeps.
 */
interface HealingTraits {
  code(data: HealingCheckData, options: { worked: boolean; takeItEasy: boolean }): DieCode;
  /** Rolled against a difficulty (success or failure); natural healing reads bands instead. */
  againstDifficulty: boolean;
  /** Uses up one of its medical item (a medpac). */
  usesItem: boolean;
  /** The dice of the time it takes, after the roll (a bacta tank's, on a success). */
  timeDice(h: HealingData, success: boolean): { dice: number; unit: "hours" | "days" } | null;
  result(h: HealingData, roll: HealingRoll): HealingResult;
  /** What the patient's healing record keeps: the medpac day count and bar, the next rest roll. */
  record(h: HealingData, result: HealingResult, healing: HealingState, update: Record<string, unknown>): void;
  /** Card lines before the patient's (earlier uses, self-treatment) and at the end (a failed tank's retry). */
  lines(h: HealingData): D6CardContext["lines"];
  closingLines(result: HealingResult, t: (key: string) => string): D6CardContext["lines"];
}

const HEALING_TRAITS: Record<HealingData["kind"], HealingTraits> = {
  natural: {
    code: (data, o) => naturalHealingCode(data.baseCode, o),
    againstDifficulty: false,
    usesItem: false,
    timeDice: () => null,
    result: (h, roll) => naturalHealingResult(h, roll.total),
    record(h, result, _healing, update) {
      update["system.healing.nextNaturalRoll"] =
        result.nextRestDays === null ? null : Math.floor(h.now + result.nextRestDays * SECONDS_PER_DAY);
    },
    lines: () => [],
    closingLines: () => [],
  },
  medpac: {
    code: (data) => medpacCode(data.baseCode, data.healerWound, data.healing.selfTreatment),
    againstDifficulty: true,
    usesItem: true,
    timeDice: () => null,
    result: (h, roll) => medpacHealingResult(h, roll.total, roll.difficulty, roll.patientLevel),
    record(h, result, healing, update) {
      const uses = healing.medpacDay === h.day ? healing.medpacUses : 0;
      update["system.healing.medpacDay"] = h.day;
      update["system.healing.medpacUses"] = uses + 1;
      if (result.blockedHours > 0) update["system.healing.medpacBlockedUntil"] = Math.floor(h.now + result.blockedHours * SECONDS_PER_HOUR);
    },
    lines: (h) => [
      ...(h.usesToday > 0 ? [{ label: "OMNIBUS.D6.Healing.UsesToday", value: String(h.usesToday) }] : []),
      ...(h.selfTreatment ? [{ label: "OMNIBUS.D6.Healing.SelfTreatment", value: "−1D" }] : []),
    ],
    closingLines: () => [],
  },
  bacta: {
    code: (data) => effectiveCode(data.baseCode, { woundPenalty: woundPenaltyOf(data.healerWound) }),
    againstDifficulty: true,
    usesItem: false,
    timeDice: (h, success) => (success ? bactaDice(h.patientState as WoundLevel) : null),
    result: (h, roll) => bactaHealingResult(h, roll.total >= roll.difficulty, roll.tankTime),
    record: () => undefined,
    lines: () => [],
    closingLines: (result, t) =>
      result.success ? [] : [{ label: "OMNIBUS.D6.Healing.TankTime", value: t("OMNIBUS.D6.Healing.TankRetry") }],
  },
};

/** The traits of a kind of healing. */
export function healingTraits(kind: HealingData["kind"]): HealingTraits {
  return HEALING_TRAITS[kind];
}

/** A healing roll's result, by its kind. */
export function healingResultOf(h: HealingData, roll: HealingRoll): HealingResult {
  return HEALING_TRAITS[h.kind].result(h, roll);
}

/** The dice of the time the healing takes after this roll (null: none to roll). */
export function healingTimeDice(h: HealingData, total: number, difficulty: number): { dice: number; unit: "hours" | "days" } | null {
  return HEALING_TRAITS[h.kind].timeDice(h, total >= difficulty);
}

/**
 * The ONE update a healing result makes to the patient, given its current system data: wound
 * level (+ statuses), stuns cleared when healed or woken, the death-roll count reset when no longer
 * mortally wounded, the medpac day count and bar, and the next natural-healing time.
 */
export function planHealing(
  data: HealingData,
  result: HealingResult,
  current: Record<string, unknown>,
  unconsciousNow: boolean,
): { update: Record<string, unknown>; statuses: Record<string, boolean> } {
  const update: Record<string, unknown> = { "system.woundLevel": result.state };
  const rank = ["healthy", "stunned", "wounded", "wounded_twice", "incapacitated", "mortally_wounded", "killed"];
  const healed = rank.indexOf(result.state) < rank.indexOf(woundLevelOf(current));
  if (result.state !== "mortally_wounded") {
    update["system.roundsMortallyWounded"] = 0;
    update["system.healing.stabilized"] = false;
  }
  if (healed || result.wakes || result.state === "healthy") update["system.stuns"] = 0;
  const healing = healingStateOf(current);
  HEALING_TRAITS[data.kind].record(data, result, healing, update);
  const unconscious = result.wakes ? false : unconsciousNow && result.state !== "healthy";
  return { update, statuses: woundStatuses(result.state, unconscious) };
}

/** Dice of the bacta time for a patient's state (T-42: mortally wounded → 1D days). */
export function bactaDice(state: WoundLevel): { dice: number; unit: "hours" | "days" } | null {
  return BACTA_TIME[state] ?? null;
}

// ---------------------------------------------------------------------------------------------
// The card

const RESULT_LABEL: Record<NonNullable<HealingResult["change"]>, { label: string; tone: string }> = {
  better: { label: "OMNIBUS.D6.Healing.Better", tone: "success" },
  same: { label: "OMNIBUS.D6.Healing.Same", tone: "neutral" },
  worse: { label: "OMNIBUS.D6.Healing.Worse", tone: "failure" },
};

/** The healing card's context (plain data; the gallery builds it too). */
export function healingCard(
  request: Pick<CheckRequest, "title" | "subtitle">,
  h: HealingData,
  result: HealingResult,
  roll: {
    dice: D6CardContext["dice"];
    total: number;
    code: string;
    characterPoints: number;
    difficulty: number | null;
    complication: boolean;
    img: string;
  },
  t: (key: string, data?: Record<string, string | number>) => string,
): D6CardContext {
  const natural = !HEALING_TRAITS[h.kind].againstDifficulty;
  const outcome = natural
    ? RESULT_LABEL[result.change ?? "same"]
    : result.success
      ? { label: "OMNIBUS.D6.Card.Success", tone: "success" }
      : { label: "OMNIBUS.D6.Card.Failure", tone: "failure" };
  const lines: D6CardContext["lines"] = [
    { label: "OMNIBUS.D6.Card.Code", value: roll.code + (roll.characterPoints ? ` + ${roll.characterPoints} CP` : "") },
  ];
  if (roll.difficulty !== null && !natural)
    lines.push({ label: "OMNIBUS.D6.Card.Difficulty", value: String(roll.difficulty), secret: true });
  lines.push(...HEALING_TRAITS[h.kind].lines(h));
  const fromState = h.patientState === "unconscious" ? "OMNIBUS.D6.Status.Unconscious" : `OMNIBUS.D6.Wound.${h.patientState}`;
  lines.push({
    label: "OMNIBUS.D6.Healing.Patient",
    value: `${h.patientName}: ${t(fromState)} → ${t(`OMNIBUS.D6.Wound.${result.state}`)}`,
  });
  if (result.nextRestDays !== null && natural)
    lines.push({ label: "OMNIBUS.D6.Healing.NextRoll", value: t("OMNIBUS.D6.Healing.Days", { days: result.nextRestDays }) });
  if (result.blockedHours > 0)
    lines.push({ label: "OMNIBUS.D6.Healing.BarredLine", value: t("OMNIBUS.D6.Healing.Hours", { hours: result.blockedHours }) });
  if (result.tankTime)
    lines.push({
      label: "OMNIBUS.D6.Healing.TankTime",
      value: t(result.tankTime.unit === "days" ? "OMNIBUS.D6.Healing.Days" : "OMNIBUS.D6.Healing.Hours", {
        days: result.tankTime.amount,
        hours: result.tankTime.amount,
      }),
    });
  lines.push(...HEALING_TRAITS[h.kind].closingLines(result, t));
  return {
    title: request.title,
    subtitle: request.subtitle ?? "",
    img: roll.img,
    dice: roll.dice,
    total: roll.total,
    outcome,
    quality: null,
    complication: roll.complication,
    lines,
    outcomes: [],
    buttons: [{ action: "d6ApplyHealing", label: "OMNIBUS.D6.Healing.Apply", icon: "fa-solid fa-kit-medical" }],
  };
}
