import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { OmnibusError } from "../../../src/core/errors";
import {
  abilityRollLimit,
  beatsPriorRoll,
  effectiveDefense,
  EXTENDED_TARGETS,
  recordContestRound,
  recordExtendedRoll,
  resolveContest,
  retryExtendedAction,
  rollsWithinTime,
  spendWillpower,
  startExtendedAction,
  startExtendedContest,
  type ExtendedAction,
} from "../../../src/rules/storytelling";

const rolls = (state: ExtendedAction, successes: number[]) => successes.reduce((s, n) => recordExtendedRoll(s, { successes: n }), state);

describe("extended actions (digest §9.2–§9.6, §10)", () => {
  it("E12 (002:L268–L270): Marcus, target 10, 15 min/roll, 1 hour → 4 rolls; [3,2,0,6] → 3,5,5,11 complete on roll 4", () => {
    const maxRolls = rollsWithinTime(60, 15);
    expect(maxRolls).toBe(4);
    let s = startExtendedAction({ target: 10, maxRolls });
    const totals: number[] = [];
    for (const n of [3, 2, 0, 6]) {
      s = recordExtendedRoll(s, { successes: n });
      totals.push(s.accumulated);
    }
    expect(totals).toEqual([3, 5, 5, 11]);
    expect(s.status).toBe("complete");
    expect(s.rollsMade * 15).toBe(60);
    expect(s.exceptionalRolls).toEqual([4]);
    expect(s.overshoot).toBe(false);
  });
  it("E14 (002:L288): 3 minutes at 1 min/roll → 3; 5 days at 1 day/roll → 5", () => {
    expect(rollsWithinTime(3, 1)).toBe(3);
    expect(rollsWithinTime(5, 1)).toBe(5);
  });
  it("E15 (002:L290): Dexterity 3 + Larceny 2 → 5 rolls", () => expect(abilityRollLimit(3, 2)).toBe(5));
  it("E16 (002:L296–L302): 6 rolls, 13 S < 15 → fails; the retry is attempt 2", () => {
    const s = rolls(startExtendedAction({ target: 15, maxRolls: abilityRollLimit(2, 4) }), [2, 3, 1, 2, 3, 2]);
    expect(s.accumulated).toBe(13);
    expect(s.status).toBe("failed");
    const retry = retryExtendedAction(s);
    expect(retry.attempt).toBe(2);
    expect(retry.accumulated).toBe(0);
    expect(rolls(retry, [3, 3, 2, 2, 3, 2]).status).toBe("complete");
  });
  it("E17 (002:L304): no cap → goes on until the target", () => {
    const s = rolls(startExtendedAction({ target: 20 }), Array(19).fill(1));
    expect(s.status).toBe("inProgress");
    expect(recordExtendedRoll(s, { successes: 1 }).status).toBe("complete");
  });
  it("E18 (002:L264) and the target table (002:L327–L335)", () => {
    expect(rolls(startExtendedAction({ target: 4 }), [2, 2]).status).toBe("complete");
    expect(EXTENDED_TARGETS.map((t) => t.successes)).toEqual([5, 10, 15, 20, 25]);
  });
  it("E23 (002:L390): target 10, accumulated 9, next roll 6 → 15, overshoot 5", () => {
    const s = rolls(startExtendedAction({ target: 10 }), [9, 6]);
    expect(s.accumulated).toBe(15);
    expect(s.overshoot).toBe(true);
    expect(s.exceptionalRolls).toEqual([1, 2]);
  });
  it("A48 (002:L262): a dramatic failure erases the accumulated successes", () => {
    const s = recordExtendedRoll(rolls(startExtendedAction({ target: 10 }), [4, 3]), { successes: 0, dramaticFailure: true });
    expect(s.accumulated).toBe(0);
    expect(s.dramaticFailures).toEqual([3]);
    expect(s.status).toBe("inProgress");
  });
  it("a finished action takes no more rolls", () => {
    expect(() => recordExtendedRoll(rolls(startExtendedAction({ target: 1 }), [1]), { successes: 1 })).toThrow(OmnibusError);
  });
});

describe("contested actions (digest §9.7)", () => {
  it("E19 (002:L343): the sysadmin rolled 4 → the hacker needs 5", () => {
    expect(beatsPriorRoll(4, 4)).toBe(false);
    expect(beatsPriorRoll(5, 4)).toBe(true);
  });
  it("E19b (002:L347): 5 vs 2 → the first wins, margin irrelevant (and 5 S is exceptional)", () => {
    expect(resolveContest({ successes: 5 }, { successes: 2 })).toEqual({ winner: "first", exceptional: true });
    expect(resolveContest({ successes: 3 }, { successes: 2 })).toEqual({ winner: "first", exceptional: false });
  });
  it("E20 (002:L353): Karen 4 vs robber 3 → Karen wins", () => {
    expect(resolveContest({ successes: 4 }, { successes: 3 }).winner).toBe("first");
  });
  it("ties, including 0–0, have no winner (002:L341, L349)", () => {
    expect(resolveContest({ successes: 0 }, { successes: 0 }).winner).toBe("none");
    expect(resolveContest({ successes: 3 }, { successes: 3 }).winner).toBe("none");
  });
  it("E22 (002:L386): more than the thug and ≥ 5 → exceptional; 5 vs 6 is a loss", () => {
    expect(resolveContest({ successes: 6 }, { successes: 5 })).toEqual({ winner: "first", exceptional: true });
    expect(resolveContest({ successes: 5 }, { successes: 6 })).toEqual({ winner: "second", exceptional: true });
  });
  it("A12: a dramatic failure loses; the opponent's win is exceptional if it has a success (option: just loses)", () => {
    expect(resolveContest({ successes: 0, dramaticFailure: true }, { successes: 1 })).toEqual({ winner: "second", exceptional: true });
    expect(resolveContest({ successes: 0, dramaticFailure: true }, { successes: 0 })).toEqual({ winner: "second", exceptional: false });
    expect(resolveContest({ successes: 0, dramaticFailure: true }, { successes: 1 }, { dramaticFailure: "loses" })).toEqual({
      winner: "second",
      exceptional: false,
    });
  });
  it("E21 (002:L355): extended contest to 6: Karen 1,3,0 vs robber 3,0,3 → robber wins on turn 3", () => {
    let c = startExtendedContest(6);
    const rounds = [
      [1, 3],
      [3, 0],
      [0, 3],
    ];
    const totals: number[][] = [];
    for (const [k, r] of rounds) {
      c = recordContestRound(c, { successes: k }, { successes: r });
      totals.push([...c.totals]);
    }
    expect(totals).toEqual([
      [1, 3],
      [4, 3],
      [4, 6],
    ]);
    expect(c.result).toBe("second");
    expect(c.rounds).toBe(3);
  });
  it("both reaching the target together is a tie (002:L357)", () => {
    expect(recordContestRound(startExtendedContest(3), { successes: 3 }, { successes: 4 }).result).toBe("tie");
  });
});

describe("Willpower (digest §12)", () => {
  it("E25/E27 (002:L408, L432): +3 dice, or Defense 2 → 4 against one attack", () => {
    const dice = spendWillpower({ points: 3, spentThisTurn: false }, "dice");
    expect(dice.poolBonus).toBe(3);
    expect(dice.state).toEqual({ points: 2, spentThisTurn: true });
    const def = spendWillpower({ points: 3, spentThisTurn: false }, "defense");
    expect(2 + def.traitBonus).toBe(4);
    expect(effectiveDefense({ defense: 2, attackKind: "melee", willpower: true })).toBe(4);
  });
  it("E28 (002:L434): Stamina 3 + 2 → 5 subtracted; E29 (002:L430): Resolve + 2", () => {
    expect(3 + spendWillpower({ points: 1, spentThisTurn: false }, "resistance").traitBonus).toBe(5);
  });
  it("E29b (002:L436): a second point in the same turn is rejected", () => {
    const first = spendWillpower({ points: 5, spentThisTurn: false }, "dice");
    expect(() => spendWillpower(first.state, "resistance")).toThrow(OmnibusError);
    expect(() => spendWillpower({ points: 0, spentThisTurn: false }, "dice")).toThrow(OmnibusError);
  });
  it("garbage: answer or OmnibusError", () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (a, b) => {
        try {
          resolveContest(a as never, b as never);
        } catch (e) {
          expect(e).toBeInstanceOf(OmnibusError);
        }
      }),
    );
  });
});

describe("action types (002:L361–L367)", () => {
  it("a reflexive action (resisting poison, spending Willpower) does not use the turn; the others do", async () => {
    const { usesTurnAction } = await import("../../../src/rules/storytelling");
    expect(usesTurnAction("reflexive")).toBe(false);
    expect(["instant", "extended", "contested", "extendedContested"].map((t) => usesTurnAction(t as never))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(() => usesTurnAction("passive" as never)).toThrow(OmnibusError);
  });
});
