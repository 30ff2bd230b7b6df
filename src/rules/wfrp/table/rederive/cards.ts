/**
 * The GM's re-derivation of a WFRP card's first roll (issue 10, point 3), as plain data: the test
 * card, the attack card and the opposed-test card a player posted are claims. Given the request
 * rebuilt from the author's actor and the dialog's values read from the card's recorded choices
 * (the glue, src/foundry/chat/verify.ts), this reads the card's Roll — exactly one d100, one face
 * (003:L42) — and recomputes what the card must say: the test's target number, success and SL
 * (003:L42-60, L130), the attack's per-target tests and whether each target may defend, the opposed
 * test's tester side. Every claimed part that differs is named.
 *
 * A player's dice are bounded, not proven: a face the formula allows is accepted.
 */
import { OmnibusError } from "../../../../core/errors";
import { resolveTest } from "../../index";
import type { CheckValues, KindRequest } from "../../../table/types";
import { diceFromRoll, type EvaluatedDice } from "../../../table/faces";
import { rollD100 } from "../../d100";
import { assistanceFor, checkData, extendedAfterRoll, specFor, wfrpKindTraits, type ExtendedTracker, type WfrpCheckData } from "../checks";
import { extendedProgress } from "../sheet-context";
import type { TestResult } from "../../test";
import { attackStateFrom } from "../cards";
import { opposedStateFrom } from "../opposed/checks";
import type { WfrpRules } from "../settings";

/** Which card a state is (null: not a card whose first roll is re-derived). */
export function firstRollCard(state: Record<string, unknown>): "test" | "attack" | "opposed" | null {
  if (isRecord(state.attack)) return "attack";
  if (isRecord(state.opposed)) return "opposed";
  const test = state.test;
  // An extended test's step is re-derived on its own (`extendedStepOf`, from the GM's record of the
  // tracker). Such a card carries no Fortune re-roll; one that does is checked here too.
  if (isRecord(test) && (test.kind !== "extended" || test.reroll !== undefined)) return "test";
  return null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
/** Plain data with its keys sorted (a stored card's keys need not keep their order); undefined drops out as in JSON. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (!isRecord(v)) return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .filter((k) => v[k] !== undefined)
      .map((k) => [k, canonical(v[k])]),
  );
}
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null));

export interface FirstRollInput {
  request: KindRequest<WfrpCheckData>;
  values: CheckValues;
  /** The card's Rolls (Foundry Rolls or their JSON: only their die terms are read). */
  rolls: unknown[];
  /** The card's flags as posted (`flags.omnibus`). */
  state: Record<string, unknown>;
  rules: WfrpRules;
  /** The acting actor as the GM sees it. */
  actor: { uuid: string; name: string; img: string };
}

/** The one d100 face of the card's Rolls; an OmnibusError when they are not one d100. */
export function d100Face(rolls: unknown[]): number {
  if (rolls.length !== 1 || !isRecord(rolls[0]) || !Array.isArray((rolls[0] as { dice?: unknown }).dice))
    throw new OmnibusError("diceMismatch", "a WFRP test is one d100 roll", {});
  const dice = diceFromRoll(rolls[0] as unknown as EvaluatedDice);
  const face = rollD100(dice);
  dice.assertExhausted();
  return face;
}

/**
 * A plain test card's first roll as the test Roll resolves it (`{roll, results}`: the d100 face and
 * the rebuilt test's result), for a card that holds; null for an attack or opposed card.
 */
export function firstRollOutcome(input: Omit<FirstRollInput, "actor">): { roll: number; results: unknown[] } | null {
  const { request, values, rolls, state, rules } = input;
  if (firstRollCard(state) !== "test") return null;
  const data = checkData(request);
  const face = d100Face(rolls);
  return { roll: face, results: [resolveTest(specFor(request, values, null), face, data.combat ? rules.combat : rules.test)] };
}

/**
 * The parts of the card's claim that are not what the rules make of the rebuilt test and its die
 * (empty when the card holds). Throws an OmnibusError when the dice are not one d100.
 */
export function firstRollMismatches(input: FirstRollInput): string[] {
  const { request, values, rolls, state, rules, actor } = input;
  const data = checkData(request);
  const card = firstRollCard(state);
  const face = d100Face(rolls);
  const traits = wfrpKindTraits(data.kind);
  const opposed = !traits.attack && values.opposed === true && request.targets.length > 0;
  const expectedCard = traits.attack ? "attack" : opposed ? "opposed" : "test";
  if (card !== expectedCard) return ["card"];
  const wrong: string[] = [];
  if (card === "attack") {
    const expected = attackStateFrom(request, values, rules, face, actor);
    const claimed = state.attack as Record<string, unknown>;
    for (const key of new Set([...Object.keys(expected), ...Object.keys(claimed)]))
      if (!same(claimed[key], (expected as unknown as Record<string, unknown>)[key])) wrong.push(`attack.${key}`);
    return wrong;
  }
  if (card === "opposed") {
    const expected = opposedStateFrom(request, values, rules, face, actor) as unknown as Record<string, unknown>;
    const claimed = state.opposed as Record<string, unknown>;
    for (const key of new Set([...Object.keys(expected), ...Object.keys(claimed)])) {
      if (key === "tester" && isRecord(claimed.tester)) {
        // The label is the tested skill's name in the tester's language: shown, never computed with.
        const { label: _l, ...side } = claimed.tester;
        const { label: _e, ...want } = expected.tester as Record<string, unknown>;
        if (!same(side, want)) wrong.push("opposed.tester");
      } else if (!same(claimed[key], expected[key])) wrong.push(`opposed.${key}`);
    }
    return wrong;
  }
  const spec = specFor(request, values, null);
  const options = data.combat ? rules.combat : rules.test;
  const test = state.test as Record<string, unknown>;
  if (traits.extended) return ["test.kind"];
  const expected: Record<string, unknown> = {
    kind: data.kind,
    skill: data.skill ?? null,
    characteristic: data.characteristic,
    result: resolveTest(spec, face, options),
  };
  for (const key of Object.keys(expected)) if (!same(test[key], expected[key])) wrong.push(`test.${key}`);
  if (test.extended !== null && test.extended !== undefined) wrong.push("test.extended");
  // The Fortune re-roll takes its test from here: it must be this test's, for this actor.
  const reroll = test.reroll as { actorUuid?: unknown; spec?: unknown; options?: unknown; card?: { helpers?: unknown } } | undefined;
  if (reroll !== undefined) {
    if (!isRecord(reroll)) wrong.push("test.reroll");
    else {
      if (!same(reroll.actorUuid, actor.uuid)) wrong.push("test.reroll.actorUuid");
      if (!same(reroll.spec, spec)) wrong.push("test.reroll.spec");
      if (!same(reroll.options, options)) wrong.push("test.reroll.options");
      if (!same(reroll.card?.helpers, assistanceFor(data, values))) wrong.push("test.reroll.helpers");
    }
  }
  return wrong;
}

// ---------------------------------------------------------------------------------------------
// Extended-test steps (003:L205-219, digest §2.13): the GM's record of each tracker

/**
 * The GM's record of one extended test's tracker (an item of the tester), kept where only a GM can
 * write: the tracker (what is tested, the required SL, the roll limit, the running total, the rolls
 * made, the status) as the GM last wrote or accepted it. A step is re-derived from this, never from
 * the item, which its owner can change, nor from the card's claim.
 */
export interface ExtendedRecord {
  actorUuid: string;
  tracker: ExtendedTracker;
}

/** Why a step card is refused (besides its dice and result, which are checked as any test's). */
export type ExtendedStepRefusal = "StepTotal" | "StepOtherTest" | "StepReplayed" | "StepAfterEnd";

/** The SL a step added as the card shows it (a real minus sign). */
export const signedSL = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0");

/**
 * The tracker the GM rebuilds a step from: its own record of the tracker, or, for a tracker it has
 * no record of yet (made while no GM was there), the item's as it is. A test already over takes
 * no step (003:L211: complete, or out of time).
 */
export function trackerForStep(
  record: ExtendedRecord | null,
  item: ExtendedTracker,
): { tracker: ExtendedTracker } | { refused: ExtendedStepRefusal } {
  const tracker = record ? record.tracker : item;
  if (tracker.status !== "inProgress") return { refused: "StepAfterEnd" };
  return { tracker: structuredClone(tracker) };
}

/** The card's record of a step: the progress after it, the SL it added, and which tracker it continues. */
export function extendedCardProgress(tracker: ExtendedTracker, step: ReturnType<typeof extendedAfterRoll>, itemUuid: string) {
  return { ...extendedProgress({ ...tracker, ...step }), added: signedSL(step.added), itemUuid };
}

/** A step the GM re-derived: the test's result from the card's die and the tracker after it. */
export interface ExtendedStep {
  roll: number;
  result: TestResult;
  step: ReturnType<typeof extendedAfterRoll>;
  tracker: ExtendedTracker;
}

/**
 * An extended test's step card against the GM's rebuilt request (whose tracker is the GM's record,
 * `trackerForStep`): the one d100 face (003:L42) read against the test the actor's numbers give, its
 * SL recomputed (003:L42-60), the running total from the GM's tracker (003:L209, the 0-SL option
 * 003:L219). Refused: a step that names another tracker than the one rebuilt (`StepOtherTest`), a
 * step the record already has (the card's rolls made not past the record's: `StepReplayed`), a
 * claimed total or status that is not the record's plus this roll (`StepTotal`), a result that is
 * not the die's (`Result`). Throws an OmnibusError when the dice are not one d100.
 */
export function extendedStepOf(
  input: Omit<FirstRollInput, "actor"> & { itemUuid: string },
): ExtendedStep | { refused: ExtendedStepRefusal | "Result" } {
  const { request, values, rolls, state, rules, itemUuid } = input;
  const data = checkData(request);
  const tracker = data.extended;
  const face = d100Face(rolls);
  if (!tracker || !wfrpKindTraits(data.kind).extended) return { refused: "Result" };
  const test = isRecord(state.test) ? state.test : {};
  const claimed = isRecord(test.extended) ? test.extended : {};
  if (claimed.itemUuid !== itemUuid) return { refused: "StepOtherTest" };
  if (typeof claimed.rollsMade !== "number" || claimed.rollsMade <= tracker.rollsMade) return { refused: "StepReplayed" };
  const spec = specFor(request, values, null);
  const result = resolveTest(spec, face, rules.test);
  const expected = { kind: data.kind, skill: data.skill ?? null, characteristic: data.characteristic, result };
  if (test.reroll !== undefined || (Object.keys(expected) as Array<keyof typeof expected>).some((k) => !same(test[k], expected[k])))
    return { refused: "Result" };
  const step = extendedAfterRoll(tracker, result, rules.extendedZeroSL);
  if (!same(claimed, extendedCardProgress(tracker, step, itemUuid))) return { refused: "StepTotal" };
  const { itemId: _itemId, ...plain } = tracker as ExtendedTracker & { itemId?: string };
  return { roll: face, result, step, tracker: { ...plain, accumulated: step.accumulated, rollsMade: step.rollsMade, status: step.status } };
}

/** The tracker fields of an item update that writes `tracker` (what the GM writes after a step, or puts back). */
export function trackerUpdate(tracker: ExtendedTracker): Record<string, unknown> {
  return Object.fromEntries(Object.entries(tracker).map(([k, v]) => [`system.${k}`, v]));
}

/** The item update of a step: the running total, the rolls made and the status, in ONE update. */
export function stepUpdate(tracker: ExtendedTracker): Record<string, unknown> {
  return { "system.accumulated": tracker.accumulated, "system.rollsMade": tracker.rollsMade, "system.status": tracker.status };
}

/** Whether an item's tracker is the GM's record of it (every field the same). */
export function sameTracker(a: ExtendedTracker, b: ExtendedTracker): boolean {
  const strip = ({ itemId: _i, ...rest }: ExtendedTracker & { itemId?: string }) => rest;
  return same(strip(a), strip(b));
}

/** A tracker a player made starts at the beginning (0 SL, no rolls, in progress, 003:L209). */
export function freshTracker(tracker: ExtendedTracker): ExtendedTracker {
  return { ...tracker, accumulated: 0, rollsMade: 0, status: "inProgress" };
}
