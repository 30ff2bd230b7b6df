/**
 * Opposed Tests outside combat (Встречные проверки, 003:L185-199, digest §2.12) as plain data (no
 * Foundry global): Intimidate against Cool, Charm against Cool, Stealth against Perception…
 *
 * A skill or characteristic test rolled with targeted tokens becomes ONE card (`flags.omnibus.opposed`):
 * the tester's side at once, then per target the defender's side as they respond. The defender picks
 * the skill or characteristic they oppose with in a roll dialog opened from the card (the "response"
 * check, with the exact odds of beating the tester's known result), rolls, and the card is updated in
 * place through the plumbing (GM-routed when the defender does not own the message).
 *
 * Resolution is the pure rules': higher SL wins; on equal SL the higher tested value (or modified
 * target, a setting); a tie that survives is a stalemate or, with the world's re-roll setting, both
 * sides roll again until someone wins — `rollOpposed` over the faces in the dice order contract
 * (the tester's face, the defender's, then each re-roll's tester face and defender face).
 */
import { forcedDice } from "../../../../core/dice";
import { OmnibusError, refused } from "../../../../core/errors";
import {
  CHARACTERISTICS,
  DIFFICULTIES,
  MAX_OPPOSED_REROLLS,
  OUTCOMES,
  checkRoll,
  compareOpposed,
  conditionTestModifier,
  opposedOdds,
  resolveTest,
  rollOpposed,
  testOdds,
  type CharacteristicId,
  type Difficulty,
  type OpposedOptions,
  type OpposedResult,
  type TestOptions,
  type TestResult,
  type TestSpec,
} from "../../index";
import type { CheckField, CheckValues, KindRequest, OddsLine } from "../../../table/types";
import { facesFromRoll } from "../../../table/faces";
import { d100Faces, outcomeTone } from "../cards";
import { explainOpposed } from "../../explain";
import { deriveActor, skillRows, talentModifiers } from "../derive";
import type { WfrpRules } from "../settings";
import { DIFFICULTY_CHOICES, checkData, specFor, type ActorView, type Translate, type WfrpCheckData } from "../checks";

const K = "OMNIBUS.WFRP.";

/** What a side tests: "skill:<rules id>" or "char:<characteristic>". */
export type TestedId = string;

export interface TestedOption {
  /** i18n key of its name. */
  labelKey: string;
  value: number;
  characteristic: CharacteristicId;
  skill?: string;
  /** Talents' modifier and SL-on-success bonus to this test. */
  talentModifier: number;
  successBonus: number;
}

/**
 * Everything an actor can oppose with: the eight characteristics (003:L163-165) and every core skill
 * it can test (held, or basic untrained against the characteristic; a grouped skill at its best
 * specialisation). Advanced skills without Advances are left out (they cannot be tested).
 */
export function testedOptions(actor: ActorView): Record<TestedId, TestedOption> {
  const d = deriveActor(actor.system, actor.items, actor.statuses ?? []);
  const out: Record<TestedId, TestedOption> = {};
  for (const c of CHARACTERISTICS) {
    const talents = talentModifiers(actor.items, undefined, c);
    out[`char:${c}`] = {
      labelKey: `${K}Char.${c}`,
      value: d.characteristics[c].current,
      characteristic: c,
      talentModifier: talents.modifier,
      successBonus: talents.successBonus,
    };
  }
  for (const row of skillRows(d, actor.items)) {
    if (!row.key || row.value === null) continue;
    const id = `skill:${row.key}`;
    if (out[id] && out[id].value >= row.value) continue;
    const talents = talentModifiers(actor.items, row.key, row.characteristic);
    out[id] = {
      labelKey: `${K}Skill.${row.key}`,
      value: row.value,
      characteristic: row.characteristic,
      skill: row.key,
      talentModifier: talents.modifier,
      successBonus: talents.successBonus,
    };
  }
  return out;
}

// ---------------------------------------------------------------- the card's state

export interface OpposedSideState {
  uuid: string;
  name: string;
  img: string;
  /** Already-localized name of what was tested ("Intimidate", "Cool"). */
  label: string;
  tested: TestedId | null;
  characteristic: CharacteristicId;
  spec: TestSpec;
}

export interface OpposedTargetState {
  tokenUuid: string;
  actorUuid: string | null;
  name: string;
  img: string;
  /** The defender's side once they responded: their spec and faces (their first face, then per re-roll the tester's face and theirs). */
  response: (OpposedSideState & { faces: number[] }) | null;
}

export interface OpposedState {
  version: 1;
  tester: OpposedSideState;
  /** The tester's d100 face. */
  roll: number;
  options: TestOptions;
  opposed: OpposedOptions;
  targets: OpposedTargetState[];
}

/**
 * The opposed card's state when the tester rolls (003:L185-199): ONE card, every target waiting to
 * respond. What the tester's client posts and what the GM re-derives (the same code).
 */
export function opposedStateFrom(
  request: KindRequest<WfrpCheckData>,
  values: CheckValues,
  rules: Pick<WfrpRules, "combat" | "test" | "opposed">,
  roll: number,
  tester: { uuid: string; name: string; img: string },
): OpposedState {
  const data = checkData(request);
  return {
    version: 1,
    tester: {
      ...tester,
      label: request.title,
      tested: data.tested ?? null,
      characteristic: data.characteristic,
      spec: specFor(request, values, null),
    },
    roll,
    options: data.combat ? rules.combat : rules.test,
    opposed: rules.opposed,
    targets: request.targets.map((t) => ({ tokenUuid: t.tokenUuid, actorUuid: t.actorUuid, name: t.name, img: t.img, response: null })),
  };
}

/** The opposed result against a target (null while they have not responded). */
export function resolveOpposedTarget(state: OpposedState, index: number): OpposedResult | null {
  const target = state.targets[index];
  if (!target?.response) return null;
  const dice = forcedDice([state.roll, ...target.response.faces]);
  const result = rollOpposed(dice, state.tester.spec, target.response.spec, state.options, state.opposed);
  dice.assertExhausted();
  return result;
}

/** Whether a pair of faces is a full tie that the world's re-roll setting rolls again (003:L191). */
export function needsReroll(
  testerSpec: TestSpec,
  testerFace: number,
  defenderSpec: TestSpec,
  defenderFace: number,
  options: TestOptions,
  opposed: OpposedOptions,
): boolean {
  if (opposed.finalTie !== "reroll") return false;
  const a = resolveTest(testerSpec, testerFace, options);
  const d = resolveTest(defenderSpec, defenderFace, options);
  const tie = (s: TestSpec, r: TestResult) => (opposed.tieBreak === "value" ? s.value : r.target);
  return compareOpposed(a, d, tie(testerSpec, a), tie(defenderSpec, d)).winner === null;
}

/**
 * The faces of a response in the dice order contract: the defender's first face, then while the
 * pair is a full tie and the world re-rolls, the tester's and the defender's new faces. `roll(side)`
 * rolls one d100 for that side (a Foundry roll at the table, forced faces in tests).
 */
export async function responseFaces(
  state: Pick<OpposedState, "roll" | "options" | "opposed"> & { testerSpec: TestSpec },
  defenderSpec: TestSpec,
  roll: (side: "tester" | "defender") => Promise<number>,
): Promise<number[]> {
  const faces = [await roll("defender")];
  let testerFace = state.roll;
  for (
    let i = 0;
    i < MAX_OPPOSED_REROLLS &&
    needsReroll(state.testerSpec, testerFace, defenderSpec, faces[faces.length - 1], state.options, state.opposed);
    i++
  ) {
    testerFace = await roll("tester");
    faces.push(testerFace, await roll("defender"));
  }
  return faces;
}

// ---------------------------------------------------------------- the defender's roll dialog

/** What a response request carries (`request.data`). */
export interface ResponseData {
  kind: "response";
  messageId: string;
  target: number;
  tested: Record<TestedId, TestedOption>;
  /** The tester's spec and face (the defender knows what they must beat). */
  tester: { spec: TestSpec; roll: number; name: string };
  options: TestOptions;
  opposed: OpposedOptions;
}

export function responseData(request: KindRequest<ResponseData>): ResponseData {
  const data: ResponseData | undefined = request.data;
  // A response carries the tester it answers (the table built it for this kind; anything else is not one).
  if (!data?.tester || !data.tested)
    throw new OmnibusError("badArgument", "not an opposed-test response", { name: "check", value: request.kind });
  return data;
}

/** The default the defender opposes with: the tester's own skill or characteristic if they can test it, else the same characteristic. */
export function defaultTested(
  options: Record<TestedId, TestedOption>,
  testerTested: TestedId | null,
  testerCharacteristic: CharacteristicId,
): TestedId {
  if (testerTested && options[testerTested]) return testerTested;
  return `char:${testerCharacteristic}`;
}

/**
 * The defender's roll dialog for target `index` of an opposed card: what they oppose with (any
 * skill or characteristic), the difficulty (Challenging by default, 003:L197), their Conditions,
 * other modifiers and an SL bonus. Throws when the target already responded.
 */
export function buildResponseRequest(input: {
  defender: ActorView;
  state: OpposedState;
  index: number;
  messageId: string;
  rules: WfrpRules;
  t: Translate;
}): KindRequest<ResponseData> {
  const { defender, state, index, t } = input;
  const target = state.targets[index];
  if (!target) throw refused("NotOnCard", "no such target on this card");
  if (target.response) throw refused("AlreadyResponded", "this target already responded", { name: target.name });
  const tested = testedOptions(defender);
  const d = deriveActor(defender.system, defender.items, defender.statuses ?? []);
  const first = defaultTested(
    tested,
    state.tester.tested,
    (CHARACTERISTICS as readonly string[]).includes(state.tester.characteristic) ? state.tester.characteristic : "wp",
  );
  const fields: CheckField[] = [
    {
      name: "tested",
      label: `${K}Opposed.RespondWith`,
      kind: "select",
      choices: Object.fromEntries(Object.entries(tested).map(([id, o]) => [id, o.labelKey])),
    },
    { name: "difficulty", label: `${K}Dialog.Difficulty`, kind: "select", choices: DIFFICULTY_CHOICES },
    { name: "conditions", label: `${K}Dialog.Conditions`, kind: "number", min: -999, max: 0 },
    { name: "modifier", label: `${K}Dialog.Modifier`, kind: "number", min: -999, max: 999 },
    { name: "slBonus", label: `${K}Dialog.SLBonus`, kind: "number", min: -99, max: 99 },
  ];
  const values: CheckValues = {
    tested: first,
    difficulty: "challenging",
    conditions: conditionTestModifier(d.conditions, {}, input.rules.conditionsStack),
    modifier: 0,
    slBonus: 0,
  };
  const data: ResponseData = {
    kind: "response",
    messageId: input.messageId,
    target: index,
    tested,
    tester: { spec: state.tester.spec, roll: state.roll, name: state.tester.name },
    options: state.options,
    opposed: state.opposed,
  };
  return {
    ruleset: "wfrp",
    kind: "response",
    title: t(`${K}Opposed.RespondTitle`, { name: state.tester.name, test: state.tester.label }),
    subtitle: defender.name,
    actorUuid: defender.uuid,
    itemUuid: null,
    fields,
    values,
    targets: [],
    data,
  };
}

const intIn = (v: unknown, name: string, min: number, max: number): number => {
  // Decimal digits only: "0x10", "1e2" or " 5" are refused, not read as 16, 100 or 5.
  const n = typeof v === "number" ? v : typeof v === "string" && /^-?(0|[1-9][0-9]{0,5})$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < min || n > max)
    throw new OmnibusError("outOfRange", `${name} must be a whole number in ${min}…${max}`, {
      name,
      value: String(v),
      min: String(min),
      max: String(max),
    });
  return n;
};

/** The defender's spec for the dialog's values (also what the GM recomputes from the payload). */
export function responseSpec(
  tested: Record<TestedId, TestedOption>,
  values: Record<string, unknown>,
): { spec: TestSpec; tested: TestedId; option: TestedOption } {
  const id = String(values.tested ?? "");
  if (!Object.hasOwn(tested, id)) throw new OmnibusError("badArgument", `"${id}" cannot be tested`, { name: "tested", value: id });
  const difficulty = String(values.difficulty ?? "challenging");
  if (!(DIFFICULTIES as readonly string[]).includes(difficulty))
    throw new OmnibusError("badArgument", "unknown difficulty", { name: "difficulty", value: difficulty });
  const option = tested[id];
  const conditions = intIn(values.conditions ?? 0, "conditions", -999, 0);
  const modifier = intIn(values.modifier ?? 0, "modifier", -999, 999);
  const slBonus = intIn(values.slBonus ?? 0, "slBonus", -99, 99);
  return {
    tested: id,
    option,
    spec: {
      value: option.value,
      difficulty: difficulty as Difficulty,
      modifier: conditions + option.talentModifier + modifier,
      slBonus,
      successBonus: option.successBonus,
    },
  };
}

/**
 * The defender's exact odds against the tester's known result: win, lose, and the full tie (a
 * stalemate, or with re-rolls shared out by the odds of the fresh opposed test both then roll),
 * then the defender's own outcome bands.
 */
export function responseOdds(request: KindRequest<ResponseData>, values: CheckValues): OddsLine[] {
  const data = responseData(request);
  const { spec } = responseSpec(data.tested, values);
  const tester = resolveTest(data.tester.spec, data.tester.roll, data.options);
  const tie = (s: TestSpec, r: TestResult) => (data.opposed.tieBreak === "value" ? s.value : r.target);
  let win = 0;
  let lose = 0;
  let tied = 0;
  for (let face = 1; face <= 100; face++) {
    const r = resolveTest(spec, face, data.options);
    const winner = compareOpposed(tester, r, tie(data.tester.spec, tester), tie(spec, r)).winner;
    if (winner === "defender") win++;
    else if (winner === "attacker") lose++;
    else tied++;
  }
  let pWin = win / 100;
  let pLose = lose / 100;
  let pTie = tied / 100;
  if (data.opposed.finalTie === "reroll" && pTie > 0) {
    const fresh = opposedOdds(data.tester.spec, spec, data.options, data.opposed);
    const decided = fresh.attacker + fresh.defender;
    if (decided > 0) {
      pWin += pTie * (fresh.defender / decided);
      pLose += pTie * (fresh.attacker / decided);
      pTie = 0;
    }
  }
  const own = testOdds(spec, data.options);
  const lines: OddsLine[] = [
    { label: `${K}Opposed.OddsWin`, probability: pWin, primary: true, detail: `${data.tester.name} ${tester.slLabel}` },
    { label: `${K}Opposed.OddsLose`, probability: pLose },
  ];
  if (data.opposed.finalTie === "stalemate" || pTie > 0) lines.push({ label: `${K}Opposed.OddsStalemate`, probability: pTie });
  lines.push({ label: `${K}Odds.Success`, probability: own.success });
  for (const band of OUTCOMES) lines.push({ label: `${K}Outcome.${band}`, probability: own.bands[band] });
  return lines;
}

/**
 * Records a response on the card (the GM re-runs this from the payload): the defender's spec from
 * their actor and the dialog's values, and their faces (read from the attached rolls). Refuses a
 * second response, a face out of 1…100, or faces that do not make a complete opposed test.
 */
export function recordResponse(
  state: OpposedState,
  index: number,
  defender: ActorView,
  values: Record<string, unknown>,
  faces: number[],
  label: (key: string) => string,
): OpposedState {
  const next = structuredClone(state);
  const target = next.targets[index];
  if (!target) throw refused("NotOnCard", "no such target on this card");
  if (target.response) throw refused("AlreadyResponded", "this target already responded", { name: target.name });
  if (!Array.isArray(faces) || faces.length === 0 || faces.length % 2 === 0)
    throw new OmnibusError("badArgument", "a response needs the defender's roll (and a pair of rolls per re-roll)", {
      name: "rolls",
      value: String(faces?.length ?? 0),
    });
  faces.forEach((f) => checkRoll(f, "face"));
  const { spec, tested, option } = responseSpec(testedOptions(defender), values);
  target.response = {
    uuid: defender.uuid,
    name: defender.name,
    img: defender.img,
    label: label(option.labelKey),
    tested,
    characteristic: option.characteristic,
    spec,
    faces: [...faces],
  };
  // Every face must be used, and re-rolls only where the setting and a full tie ask for them.
  const dice = forcedDice([next.roll, ...faces]);
  const result = rollOpposed(dice, next.tester.spec, spec, next.options, next.opposed);
  if (dice.remaining !== 0)
    throw new OmnibusError("badArgument", "more re-rolls than the tie asked for", { name: "rolls", value: String(faces.length) });
  void result;
  return next;
}

// ---------------------------------------------------------------- the card

function side(r: TestResult) {
  return {
    roll: d100Faces(r.roll),
    target: r.target,
    slLabel: r.slLabel,
    success: r.success,
    outcomeKey: `${K}Outcome.${r.outcome}`,
    tone: outcomeTone(r),
    flags: sideFlags(r),
  };
}

function sideFlags(r: TestResult): string[] {
  const out: string[] = [];
  if (r.auto === "success") out.push(`${K}Card.AutoSuccess`);
  if (r.auto === "failure") out.push(`${K}Card.AutoFailure`);
  if (r.critical) out.push(`${K}Card.Critical`);
  if (r.fumble) out.push(`${K}Card.Fumble`);
  return out;
}

/** The opposed card's context: the tester's side, then one row per target as it resolves. */
export function opposedCardContext(state: OpposedState): Record<string, unknown> {
  const tester = resolveTest(state.tester.spec, state.roll, state.options);
  return {
    title: state.tester.label,
    subtitle: state.tester.name,
    img: state.tester.img,
    tester: side(tester),
    testerLabel: state.tester.label,
    rerollSetting: state.opposed.finalTie === "reroll",
    targets: state.targets.map((target, index) => {
      const result = resolveOpposedTarget(state, index);
      const key = `t${index}`;
      const winnerName = result?.winner === "attacker" ? state.tester.name : result?.winner === "defender" ? target.name : null;
      return {
        index,
        key,
        name: target.name,
        img: target.img,
        waiting: !target.response,
        responseLabel: target.response?.label ?? null,
        // After re-rolls the deciding pair is the last one: show both sides of it.
        tester: result && result.rerolls > 0 ? side(result.attacker) : null,
        defender: result ? side(result.defender) : null,
        rerolls: result?.rerolls ?? 0,
        winnerName,
        testerWins: result?.winner === "attacker",
        margin: result?.margin ?? 0,
        decidedBy: result?.decidedBy ?? null,
        stalemate: result !== null && result.winner === null,
        // Explain (issue 14): both sides' tests, named, then who won and why.
        explain: result
          ? explainOpposed(
              result,
              state.tester.spec,
              target.response!.spec,
              { attacker: state.tester.name, defender: target.name },
              state.opposed,
            )
          : [],
        respondButton: target.response
          ? null
          : { action: "respond", label: `${K}Opposed.Respond`, icon: "fa-solid fa-scale-balanced", data: { target: String(index) } },
      };
    }),
  };
}

// ---------------------------------------------------------------- rolls carried in a payload

/** The d100 faces of a response's Rolls (each exactly one d100): the plumbing's face reader, checked for WFRP. */
export function facesOfD100Rolls(
  rolls: ReadonlyArray<{ dice: ReadonlyArray<{ faces: number | null | undefined; results: ReadonlyArray<{ result: number }> }> }>,
): number[] {
  if (rolls.length === 0 || rolls.length > 1 + 2 * MAX_OPPOSED_REROLLS)
    throw new OmnibusError("badArgument", "the rolls must be a non-empty list", { name: "rolls", value: String(rolls.length) });
  return rolls.map((roll) => {
    const faces = facesFromRoll(roll);
    if (faces.length !== 1 || faces[0].sides !== 100)
      throw new OmnibusError("diceMismatch", "a WFRP test rolls one d100", { sides: String(faces[0]?.sides ?? "") });
    return checkRoll(faces[0].face, "face");
  });
}
