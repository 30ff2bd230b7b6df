/**
 * Contested actions on ONE chat card, as plain data (no Foundry global): both sides roll their own
 * pools, most successes wins, a tie (0–0 too) has no winner, an exceptional win needs more
 * successes than the opponent and five or more (002:L341–L349, L386); a dramatic failure loses, or
 * gives the opponent an exceptional success (digest A12, a world setting). An extended contest
 * (002:L351–L359, digest A11, E21) adds stages: both sides roll each stage and both accumulate;
 * the first to reach the target wins, both at once is a tie.
 *
 * The state lives on the message (`flags.omnibus.stContest`); the card is rendered from it by
 * `contestCardContext`. Side 0 rolled first (the card's author); side 1 is the targeted opponent,
 * or whoever takes up an open challenge.
 */
import { OmnibusError, refused } from "../../../../core/errors";
import { EXCEPTIONAL_SUCCESSES, recordContestRound, resolveContest, startExtendedContest, type RollResult } from "../..";
import { cardDice, type CardDie } from "../cards";
import { step, type ExplainStep } from "../../../../core/explain";
import { KEY } from "../settings";

export const CONTEST_FLAG = "stContest";

export interface ContestRoll {
  pool: number;
  chance: boolean;
  dice: CardDie[];
  successes: number;
  dramaticFailure: boolean;
}

export interface ContestSide {
  name: string;
  img: string;
  actorUuid: string | null;
  /** Already-localized pool name ("Dexterity + Athletics"). */
  traits: string;
  rolls: ContestRoll[];
}

export type ContestWinner = "first" | "second" | "none";

export interface ContestState {
  /** Successes to reach in an extended contest; null for an instant one. */
  target: number | null;
  dramaticFailure: "opponentExceptional" | "loses";
  sides: [ContestSide, ContestSide];
  /** The pool the opponent is offered by default (the same kind of pool, 002:L345). */
  defaults: { attribute: string; second: string };
  /** null while undecided. */
  winner: ContestWinner | null;
  exceptional: boolean;
  /** Extended: each side's running total. */
  totals: [number, number];
  /** Extended: after both sides reached the target together, the Storyteller let the rolls go on until one pulls ahead (002:L357). */
  continueAfterTie?: boolean;
  /** The stages completed when the Storyteller let it go on (a tie up to there is no longer the end). */
  continuedAfter?: number;
}

export function contestRoll(result: RollResult): ContestRoll {
  return {
    pool: result.pool,
    chance: result.chance,
    dice: cardDice(result),
    successes: result.successes,
    dramaticFailure: result.dramaticFailure,
  };
}

export function startContest(opts: {
  first: Omit<ContestSide, "rolls">;
  firstRoll: ContestRoll;
  second: Omit<ContestSide, "rolls">;
  target: number | null;
  dramaticFailure: ContestState["dramaticFailure"];
  defaults: ContestState["defaults"];
}): ContestState {
  if (opts.target !== null && !(Number.isInteger(opts.target) && opts.target >= 1 && opts.target <= 999)) {
    throw new OmnibusError("outOfRange", "a contest's target is 1 to 999 successes", {
      name: "contestTarget",
      value: String(opts.target),
      min: "1",
      max: "999",
    });
  }
  return decide({
    target: opts.target,
    dramaticFailure: opts.dramaticFailure,
    sides: [
      { ...opts.first, rolls: [opts.firstRoll] },
      { ...opts.second, rolls: [] },
    ],
    defaults: opts.defaults,
    winner: null,
    exceptional: false,
    totals: [0, 0],
  });
}

/** The stage (1-based) a side rolls next, or null when it may not roll now. */
export function nextStage(state: ContestState, side: 0 | 1): number | null {
  if (state.winner !== null) return null;
  const mine = state.sides[side].rolls.length;
  const theirs = state.sides[side === 0 ? 1 : 0].rolls.length;
  if (state.target === null && mine >= 1) return null;
  // A side may be one stage ahead at most: it waits for the other side's roll of the stage.
  return mine <= theirs ? mine + 1 : null;
}

/** The Storyteller continues a tied extended contest (002:L357): more stages until one side is ahead. */
export function continueContest(state: ContestState): ContestState {
  if (state.target === null || state.winner !== "none") throw refused("ContestNotTied", "only a tied extended contest goes on");
  return {
    ...state,
    continueAfterTie: true,
    continuedAfter: Math.min(state.sides[0].rolls.length, state.sides[1].rolls.length),
    winner: null,
  };
}

/** Records a side's roll of `stage`; decides the contest when the rules say so. Throws when it is not this side's roll. */
export function addContestRoll(
  state: ContestState,
  side: 0 | 1,
  stage: number,
  roll: ContestRoll,
  who?: Omit<ContestSide, "rolls" | "traits">,
): ContestState {
  if (side !== 0 && side !== 1) throw new OmnibusError("badArgument", "a contest has two sides", { name: "side", value: String(side) });
  const next = nextStage(state, side);
  if (next === null || next !== stage) throw refused("NotSidesRoll", "it is not this side's roll");
  const sides = state.sides.map((s) => ({ ...s, rolls: [...s.rolls] })) as [ContestSide, ContestSide];
  if (who && sides[side].actorUuid === null) Object.assign(sides[side], who);
  sides[side].rolls.push(roll);
  return decide({ ...state, sides });
}

function decide(state: ContestState): ContestState {
  const [a, b] = state.sides;
  if (state.target === null) {
    if (a.rolls.length < 1 || b.rolls.length < 1) return { ...state, winner: null, exceptional: false };
    const r = resolveContest(a.rolls[0], b.rolls[0], { dramaticFailure: state.dramaticFailure });
    return { ...state, winner: r.winner, exceptional: r.exceptional };
  }
  let contest = startExtendedContest(state.target);
  const stages = Math.min(a.rolls.length, b.rolls.length);
  for (let i = 0; i < stages; i++)
    contest = recordContestRound(contest, a.rolls[i], b.rolls[i], { continueAfterTie: state.continueAfterTie === true });
  let winner: ContestWinner | null = contest.result === "inProgress" ? null : contest.result === "tie" ? "none" : contest.result;
  // Going on after a tie: the tie that was continued is not the end; only a tie on a later stage is.
  if (winner === "none" && state.continuedAfter !== undefined && stages <= state.continuedAfter) winner = null;
  // The first to the target wins; each stage roll shows its own exceptional success.
  return { ...state, totals: contest.totals, winner, exceptional: false };
}

function runningTotal(state: ContestState, side: 0 | 1): number {
  const done = Math.min(state.sides[0].rolls.length, state.sides[1].rolls.length);
  const ahead = state.sides[side].rolls[done];
  if (!ahead) return state.totals[side];
  return ahead.dramaticFailure ? 0 : state.totals[side] + ahead.successes;
}

const OUTCOME = (r: ContestRoll) =>
  r.dramaticFailure
    ? "dramaticFailure"
    : r.successes >= EXCEPTIONAL_SUCCESSES
      ? "exceptionalSuccess"
      : r.successes >= 1
        ? "success"
        : "failure";
const TONE: Record<string, string> = { dramaticFailure: "fumble", failure: "failure", success: "success", exceptionalSuccess: "critical" };

/**
 * The contest step by step (issue 14, "Explain"): each side's roll, then who won and why — more
 * successes, a tie, a dramatic failure (002:L341–L349), five or more for an exceptional win
 * (002:L386); in an extended contest each stage with both running totals (a dramatic failure
 * loses what was gathered) and who reached the target first (002:L351–L359). Empty until decided
 * or, extended, until a stage is complete.
 */
export function explainContest(state: ContestState): ExplainStep[] {
  const [a, b] = state.sides;
  const name = (side: ContestSide) => side.name || "—";
  const rollStep = (side: ContestSide, r: ContestRoll) =>
    r.dramaticFailure
      ? step("storytelling.contestDramaticRoll", { name: name(side) })
      : r.chance
        ? step("storytelling.contestChance", { name: name(side), successes: r.successes })
        : step("storytelling.contestRoll", { name: name(side), dice: r.pool, successes: r.successes });
  const steps: ExplainStep[] = [];
  if (state.target === null) {
    if (state.winner === null || !a.rolls[0] || !b.rolls[0]) return [];
    const [ra, rb] = [a.rolls[0], b.rolls[0]];
    steps.push(rollStep(a, ra), rollStep(b, rb));
    const winner = state.winner === "first" ? a : state.winner === "second" ? b : null;
    const loser = state.winner === "first" ? b : a;
    if (ra.dramaticFailure && rb.dramaticFailure) steps.push(step("storytelling.contestBothDramatic"));
    else if (ra.dramaticFailure || rb.dramaticFailure) {
      steps.push(
        step(state.exceptional ? "storytelling.contestDramaticExceptional" : "storytelling.contestDramaticLoses", {
          name: name(loser),
          winner: name(winner!),
        }),
      );
    } else if (!winner) steps.push(step("storytelling.contestTie", { successes: ra.successes }));
    else {
      const [w, l] = state.winner === "first" ? [ra, rb] : [rb, ra];
      steps.push(step("storytelling.contestMore", { winner: name(winner), successes: w.successes, other: l.successes }));
      if (state.exceptional) steps.push(step("storytelling.contestExceptional", { successes: w.successes }));
    }
    return steps;
  }
  const stages = Math.min(a.rolls.length, b.rolls.length);
  const totals = [0, 0];
  for (let i = 0; i < stages; i++) {
    const pair = [a.rolls[i], b.rolls[i]];
    pair.forEach((r, s) => (totals[s] = r.dramaticFailure ? 0 : totals[s] + r.successes));
    steps.push(
      step("storytelling.contestStage", {
        stage: i + 1,
        first: name(a),
        firstSuccesses: pair[0].successes,
        second: name(b),
        secondSuccesses: pair[1].successes,
        firstTotal: totals[0],
        secondTotal: totals[1],
      }),
    );
    pair.forEach((r, s) => r.dramaticFailure && steps.push(step("storytelling.contestLosesTotal", { name: name(state.sides[s]) })));
  }
  if (state.winner === "first" || state.winner === "second") {
    const s = state.winner === "first" ? 0 : 1;
    steps.push(step("storytelling.contestReached", { winner: name(state.sides[s]), total: totals[s], target: state.target }));
  } else if (state.winner === "none") steps.push(step("storytelling.contestBothReached", { target: state.target }));
  return steps;
}

/** The contest card's template context. */
export function contestCardContext(state: ContestState, title: string) {
  const sides = state.sides.map((side, i) => {
    const stage = nextStage(state, i as 0 | 1);
    return {
      name: side.name || null,
      img: side.img || "icons/svg/mystery-man.svg",
      traits: side.traits,
      // The running total: every completed stage, plus a roll already made for the next one.
      total: state.target === null ? null : runningTotal(state, i as 0 | 1),
      winner: (state.winner === "first" && i === 0) || (state.winner === "second" && i === 1),
      rolls: side.rolls.map((r, n) => ({
        stage: n + 1,
        pool: r.pool,
        chance: r.chance,
        dice: r.dice,
        successes: r.successes,
        outcomeLabel: `${KEY}.Outcome.${OUTCOME(r)}`,
        tone: TONE[OUTCOME(r)],
      })),
      button:
        stage === null
          ? null
          : {
              action: "contestRoll",
              label:
                i === 0
                  ? `${KEY}.Contest.RollStage`
                  : side.rolls.length === 0 && state.target === null
                    ? `${KEY}.Contest.Oppose`
                    : `${KEY}.Contest.RollStage`,
              icon: "fa-solid fa-dice-d10",
              stage,
              data: { target: String(i) },
            },
      waiting: stage === null && state.winner === null,
    };
  });
  const winnerName = state.winner === "first" ? state.sides[0].name : state.winner === "second" ? state.sides[1].name : "";
  return {
    title,
    // A tied extended contest: the Storyteller may let it go on (002:L357) or call it fruitless (002:L359).
    continueButton:
      state.target !== null && state.winner === "none"
        ? { action: "contestContinue", label: `${KEY}.Contest.Continue`, icon: "fa-solid fa-forward" }
        : null,
    kindLabel: state.target === null ? `${KEY}.Contest.Instant` : `${KEY}.Contest.Extended`,
    target: state.target,
    sides,
    decided: state.winner !== null,
    resultLabel:
      state.winner === null
        ? `${KEY}.Contest.Waiting`
        : state.winner === "none"
          ? `${KEY}.Contest.NoWinner`
          : state.exceptional
            ? `${KEY}.Contest.WinsExceptional`
            : `${KEY}.Contest.Wins`,
    winnerName,
    tone: state.winner === null ? "neutral" : state.winner === "none" ? "failure" : state.exceptional ? "critical" : "success",
    explain: explainContest(state),
    /** Every die on the card, for the Explain legend. */
    allDice: state.sides.flatMap((side) => side.rolls.flatMap((r) => r.dice)),
  };
}
