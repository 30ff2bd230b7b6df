/**
 * Movement at the table (digest §30–31), Foundry-free: the request a sheet's "move" button builds
 * (speed, terrain, an optional maneuver), the difficulty the pure rules give for it, the roll
 * dialog's exact odds, and what a missed roll means (the character failure table, or the
 * vehicle table that is NOT in the seeds, A-29). The mover's current speed is kept in
 * `flags.omnibus.d6.speed`; the next roll offers only the speeds the rules allow from it (§30.4).
 */
import { OmnibusError } from "../../../../core/errors";
import {
  DIFFICULTY_LEVELS,
  VEHICLE_MOVEMENT_FAILURES_UNVERIFIED,
  allowedNextSpeeds,
  codeToPips,
  failureDamage,
  formatDieCode,
  movementCheck,
  movementDifficultyNumber,
  movementFailure,
  normalizeCode,
  partialMoveRange,
  rollOdds,
  speedDistance,
  type DifficultyLevel,
  type MovementCheck,
  type Speed,
  type SpeedStep,
} from "../..";
import type { CheckValues, KindRequest, OddsLine } from "../../../table/types";
import { formatDecimal, formatFixed, type NumberLanguage } from "../../../table/format";
import { checkOutcome, type CardDie, type D6CardContext } from "../cards";
import {
  applyArmorPenalty,
  checkData,
  commonFields,
  levelNumber,
  pVersusRolled,
  resolveValues,
  skillCode,
  type D6ActorData,
  type D6CheckData,
} from "../checks";
import { type D6Settings } from "../settings";
import { storedCode } from "../schema";

export const MOVEMENT_KIND = "movement";

/** What a movement request carries: the check's data plus the move. */
export interface MovementCheckData extends D6CheckData {
  movement: MovementData;
}

export interface MovementData {
  mover: "character" | "vehicle";
  move: number;
  current: SpeedStep;
  allowed: Speed[];
}

/** The mover's speed last round (stopped when none recorded). */
export function currentSpeed(flags: Record<string, Record<string, unknown> | undefined> | undefined): SpeedStep {
  const s = (flags?.omnibus?.d6 as Record<string, unknown> | undefined)?.speed;
  return typeof s === "string" && ["stopped", "cautious", "cruising", "high", "all_out"].includes(s) ? (s as SpeedStep) : "stopped";
}

/**
 * The movement request: a vehicle rolls its pilot's code plus its maneuverability (000:L93, T-5:
 * 5D + 1D+2); a character rolls running (Dexterity when unimproved, 000:L181). The speed choices
 * are the ones allowed from the current speed (characters ±2 steps, vehicles ±1).
 */
export function movementRequest(
  actor: D6ActorData & { flags?: Record<string, Record<string, unknown> | undefined> },
  settings: D6Settings,
  title: string,
): KindRequest<MovementCheckData> {
  const vehicle = actor.type === "d6_vehicle";
  const mover = vehicle ? "vehicle" : "character";
  const current = currentSpeed(actor.flags);
  const allowed = allowedNextSpeeds(current, mover).filter((s): s is Speed => s !== "stopped");
  let base;
  const bonuses = [];
  const notes: Array<{ label: string; value: string }> = [];
  if (vehicle) {
    const crew = (actor.system.crew ?? {}) as Record<string, unknown>;
    base = storedCode(crew.pilotCode, "pilotCode");
    const maneuverability = storedCode(actor.system.maneuverability, "maneuverability");
    if (codeToPips(maneuverability) > 0) {
      bonuses.push(maneuverability);
      notes.push({ label: "OMNIBUS.D6.Vehicle.Maneuverability", value: `+${formatDieCode(maneuverability)}` });
    }
  } else base = skillCode(actor, "running", "dexterity").code;
  const round = (actor.system.round ?? {}) as Record<string, unknown>;
  const data: D6CheckData & { movement: MovementData } = {
    rollKind: "skill",
    baseCode: base,
    woundLevel: vehicle ? "healthy" : ((String(actor.system.woundLevel ?? "healthy") as D6CheckData["woundLevel"]) ?? "healthy"),
    penalties: [],
    bonuses,
    notes,
    characterPointsAvailable: vehicle ? 0 : Number(actor.system.characterPoints ?? 0),
    forcePointsAvailable: vehicle ? 0 : Number(actor.system.forcePoints ?? 0),
    forcePointActive: round.forcePoint === true,
    movement: { mover, move: Math.max(0, Math.trunc(Number(actor.system.move ?? 0))), current, allowed },
  };
  if (!vehicle) applyArmorPenalty(actor, data, skillCode(actor, "running", "dexterity").attribute);
  const terrainChoices = Object.fromEntries(DIFFICULTY_LEVELS.map((l) => [l, `OMNIBUS.D6.Difficulty.${l}`]));
  const fields = [
    {
      name: "speed",
      label: "OMNIBUS.D6.Movement.Speed",
      kind: "select" as const,
      choices: Object.fromEntries(allowed.map((s) => [s, `OMNIBUS.D6.Speed.${s}`])),
      hint: "OMNIBUS.D6.Movement.SpeedHint",
    },
    { name: "terrain", label: "OMNIBUS.D6.Movement.Terrain", kind: "select" as const, choices: terrainChoices },
    {
      name: "difficulty",
      label: "OMNIBUS.D6.Movement.DifficultyNumber",
      kind: "number" as const,
      min: 0,
      max: 200,
      hint: "OMNIBUS.D6.Movement.DifficultyNumberHint",
    },
    {
      name: "maneuver",
      label: "OMNIBUS.D6.Movement.Maneuver",
      kind: "number" as const,
      min: 0,
      max: 100,
      hint: "OMNIBUS.D6.Movement.ManeuverHint",
    },
    ...commonFields("skill", false, false, !vehicle && round.forcePoint === true).filter(
      (f) => !vehicle || (f.name !== "characterPoints" && f.name !== "forcePoint"),
    ),
  ];
  const preferred: Speed = allowed.includes("cruising") ? "cruising" : allowed[0];
  return {
    ruleset: "d6",
    kind: MOVEMENT_KIND,
    title: `${title} (${formatDieCode(normalizeCode(base))})`,
    subtitle: actor.name,
    actorUuid: actor.uuid ?? null,
    fields,
    values: {
      speed: preferred,
      terrain: "easy",
      difficulty: 0,
      maneuver: 0,
      actions: Number(round.actions ?? 1) || 1,
      bonusDice: 0,
      bonusPips: 0,
      characterPoints: 0,
      forcePoint: round.forcePoint === true,
    },
    targets: [],
    data: { ...data, settingsHide: settings.hideDifficulty },
  };
}

export function movementData(request: KindRequest<MovementCheckData>): MovementData {
  const m = request.data.movement as MovementData | undefined;
  if (!m) throw new OmnibusError("badArgument", "this is not a movement request", { name: "kind", value: request.kind });
  return m;
}

export interface ResolvedMovement {
  speed: Speed;
  terrain: DifficultyLevel;
  check: MovementCheck;
  /** null: no roll needed (automatic). */
  difficulty: number | null;
  maneuver: number;
  /** Metres at the chosen speed, and the partial-move range (000:L193–197). */
  distance: number;
  partial: { min: number; max: number };
  code: ReturnType<typeof resolveValues>["code"];
  characterPoints: number;
  forcePoint: boolean;
  actions: number;
}

/**
 * The speed, terrain and difficulty the dialog's values give. The number is the GM's for the
 * shifted level (0 = the world's pick for that level), plus the maneuver modifier (T-27: 12 + 8).
 * A speed the rules do not allow from the current one is refused (T-12, T-13).
 */
export function resolveMovement(request: KindRequest<MovementCheckData>, values: CheckValues, settings: D6Settings): ResolvedMovement {
  const m = movementData(request);
  const speed = String(values.speed ?? "") as Speed;
  if (!m.allowed.includes(speed)) {
    throw new OmnibusError("badArgument", `from ${m.current} a ${m.mover} may only go ${m.allowed.join(", ")}, not "${speed}"`, {
      name: "speed",
      value: speed,
    });
  }
  const terrain = String(values.terrain ?? "") as DifficultyLevel;
  const check = movementCheck(speed, terrain);
  const maneuver = Number(values.maneuver ?? 0);
  const typed = Number(values.difficulty ?? 0);
  const gmNumber =
    check.difficulty.automatic || !check.difficulty.level
      ? 1
      : typed > 0
        ? typed
        : levelNumber(check.difficulty.level, settings.difficultyPick);
  const difficulty = movementDifficultyNumber(check, Math.trunc(gmNumber), maneuver);
  const v = resolveValues(request, { ...values, difficultyLevel: "none", difficulty: 0 }, settings);
  return {
    speed,
    terrain,
    check,
    difficulty,
    maneuver,
    distance: speedDistance(m.move, speed),
    partial: partialMoveRange(m.move, speed),
    code: v.code,
    characterPoints: v.characterPoints,
    forcePoint: v.forcePoint,
    actions: v.actions,
  };
}

/** The roll dialog's odds (exact, from the core): success against the movement difficulty, or "no roll needed". */
export function movementOdds(
  request: KindRequest<MovementCheckData>,
  values: CheckValues,
  settings: D6Settings,
  canSeeDifficulty: boolean,
  lang?: NumberLanguage,
  /** The reader's word for metres (the card's `OMNIBUS.D6.Metres`). */
  metres = "m",
): OddsLine[] {
  const r = resolveMovement(request, values, settings);
  const odds = rollOdds(r.code, {
    characterPoints: r.characterPoints,
    kind: checkData(request).rollKind,
    wildOne: settings.wildOne,
    allowPipsOnly: settings.allowPipsOnly,
  });
  const lines: OddsLine[] = [];
  if (r.difficulty === null)
    lines.push({
      label: "OMNIBUS.D6.Movement.NoRoll",
      probability: 1,
      primary: true,
      detail: `${formatDecimal(r.distance, lang)} ${metres}`,
    });
  else if (canSeeDifficulty)
    lines.push({
      label: "OMNIBUS.D6.Odds.Success",
      probability: pVersusRolled(odds.total, r.difficulty, 0),
      primary: true,
      detail: `${formatDieCode(r.code)} ≥ ${r.difficulty}`,
    });
  if (r.difficulty !== null && odds.complication > 0) lines.push({ label: "OMNIBUS.D6.Odds.Complication", probability: odds.complication });
  lines.push({
    label: "OMNIBUS.D6.Odds.Code",
    probability: 1,
    detail: `${formatDieCode(r.code)}${r.characterPoints ? ` + ${r.characterPoints} CP` : ""} ≈ ${formatFixed(odds.expectedTotal, 1, lang)}`,
  });
  return lines;
}

export interface MovementFailureOutcome {
  /** i18n key of the failure's name. */
  failure: string;
  missedBy: number;
  /** Metres covered before the failure (characters: the table's fraction of the move). */
  metres: number | null;
  penaltyThisRound: number | null;
  penaltyNextRound: number | null;
  /** Collision damage as a code text, or null for none. */
  damage: string | null;
  /** The vehicle table is not in the seeds (A-29): a default from memory. */
  unverified: boolean;
}

/**
 * What missing a movement roll by `missedBy` means (§30.8): characters use the seeds' table and
 * the speed's collision damage (T-24: miss by 12 at high → minor fall after 5 of 20 m, no damage;
 * T-2: miss by 18 at high → tumbling fall, 3D); vehicles the unverified default table (A-29).
 */
export function movementFailureOutcome(
  mover: "character" | "vehicle",
  missedBy: number,
  speed: Speed,
  distance: number,
  opts: { tumble?: boolean } = {},
): MovementFailureOutcome {
  if (mover === "vehicle") {
    const row = VEHICLE_MOVEMENT_FAILURES_UNVERIFIED.find((r) => missedBy >= r.minMiss);
    if (!row) throw new OmnibusError("badArgument", "a movement failure needs a miss of at least 1", { name: "missedBy", value: missedBy });
    return {
      failure: `OMNIBUS.D6.Movement.Failure.${row.failure}`,
      missedBy,
      metres: null,
      penaltyThisRound: null,
      penaltyNextRound: null,
      damage: null,
      unverified: true,
    };
  }
  const row = movementFailure(missedBy, { tumble: opts?.tumble === true });
  const damage = failureDamage(row, speed);
  return {
    failure: `OMNIBUS.D6.Movement.Failure.${row.failure}`,
    missedBy,
    metres: row.moveFraction === null ? null : Math.floor(distance * row.moveFraction),
    penaltyThisRound: row.penaltyThisRound,
    penaltyNextRound: row.penaltyNextRound,
    damage: damage ? formatDieCode(damage) : null,
    unverified: false,
  };
}

export interface RolledMovement {
  dice: CardDie[];
  total: number;
  complication: boolean;
}

/** The movement card: speed, terrain, the roll against the difficulty (none when automatic), the distance, or the failure row on a miss. */
export function movementCard(
  request: KindRequest<MovementCheckData>,
  r: ResolvedMovement,
  rolled: RolledMovement | null,
  view: { img: string; seeDifficulty: boolean; hideSecrets: boolean; tumble?: boolean },
  localize: (key: string) => string,
): D6CardContext {
  const m = movementData(request);
  const metres = localize("OMNIBUS.D6.Metres");
  const context: D6CardContext = {
    title: request.title,
    subtitle: request.subtitle ?? "",
    img: view.img,
    dice: rolled?.dice ?? [],
    total: rolled?.total ?? 0,
    outcome: null,
    quality: null,
    complication: rolled?.complication ?? false,
    lines: [
      { label: "OMNIBUS.D6.Movement.Speed", value: localize(`OMNIBUS.D6.Speed.${r.speed}`) },
      { label: "OMNIBUS.D6.Movement.Terrain", value: localize(`OMNIBUS.D6.Difficulty.${r.terrain}`) },
      ...(r.maneuver > 0 ? [{ label: "OMNIBUS.D6.Movement.Maneuver", value: `+${r.maneuver}` }] : []),
      ...checkData(request).notes.map((n) => ({ ...n })),
    ],
    outcomes: [],
    buttons: [],
    hideSecrets: view.hideSecrets,
  };
  let success = true;
  if (r.difficulty === null || !rolled) {
    context.outcome = { label: "OMNIBUS.D6.Movement.NoRoll", tone: "success" };
  } else {
    Object.assign(context, checkOutcome(rolled.total, r.difficulty));
    context.lines.unshift({
      label: "OMNIBUS.D6.Card.Code",
      value: formatDieCode(r.code) + (r.characterPoints ? ` + ${r.characterPoints} CP` : ""),
    });
    context.lines.push({ label: "OMNIBUS.D6.Card.Difficulty", value: String(r.difficulty), secret: true });
    success = rolled.total >= r.difficulty;
    if (!success) {
      const f = movementFailureOutcome(m.mover, r.difficulty - rolled.total, r.speed, r.distance, { tumble: view.tumble === true });
      context.lines.push({
        label: "OMNIBUS.D6.Movement.FailureLabel",
        value: localize(f.failure) + (f.unverified ? ` (${localize("OMNIBUS.D6.Movement.Unverified")})` : ""),
      });
      if (!f.unverified) {
        const penalty = (p: number | null) => (p === null ? localize("OMNIBUS.D6.Movement.NoActions") : `−${p}D`);
        // A row the seed gives no distance or penalty for shows none (000:L67–73).
        if (f.metres !== null) context.lines.push({ label: "OMNIBUS.D6.Movement.Moved", value: `${f.metres} ${metres}` });
        if (f.penaltyThisRound !== 0) context.lines.push({ label: "OMNIBUS.D6.Movement.ThisRound", value: penalty(f.penaltyThisRound) });
        if (f.penaltyNextRound !== 0) context.lines.push({ label: "OMNIBUS.D6.Movement.NextRound", value: penalty(f.penaltyNextRound) });
        context.lines.push({ label: "OMNIBUS.D6.Movement.CollisionDamage", value: f.damage ?? localize("OMNIBUS.D6.Movement.NoDamage") });
      }
    }
  }
  if (success)
    context.lines.push({ label: "OMNIBUS.D6.Movement.Moved", value: `${r.distance} ${metres} (${r.partial.min}–${r.partial.max})` });
  if (r.check.soleAction) context.lines.push({ label: "OMNIBUS.D6.Movement.AllOut", value: localize("OMNIBUS.D6.Movement.AllOutHint") });
  else if (!r.check.isAction)
    context.lines.push({ label: "OMNIBUS.D6.Movement.FreeMove", value: localize("OMNIBUS.D6.Movement.FreeMoveHint") });
  if (!view.seeDifficulty) context.lines = context.lines.filter((l) => !l.secret);
  return context;
}
