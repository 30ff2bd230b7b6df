/**
 * Re-rolls (Переброс, 003:L72): the result is ignored and the test is rolled again; in normal
 * circumstances the re-roll is final. What pays for a re-roll (Fortune in the published game) is
 * not in the seed; these functions only re-resolve the test, or the opposed test it belongs to, on
 * the new face — the pure part a card's "re-roll" button needs.
 */
import { OmnibusError, requireInt } from "../../core/errors";
import { requireObject } from "../../core/guards";
import { compareOpposed, DEFAULT_OPPOSED_OPTIONS, type OpposedOptions, type OpposedOutcome } from "./opposed";
import { resolveTest, type TestResult, type TestSpec } from "./test";
import type { TestOptions } from "./options";

/** A test as a card keeps it: what was tested, its face, and how many times it was already re-rolled. */
export interface StoredTest {
  spec: TestSpec;
  roll: number;
  /** Re-rolls already made on this test. */
  rerolls: number;
}

/**
 * A test re-rolled on `newRoll` (003:L72): the old face is ignored and the test resolved again.
 * A re-roll is final "in normal circumstances": a test already re-rolled is refused unless
 * `allowAnother` says the circumstances are not normal.
 */
export function rerollTest(
  stored: StoredTest,
  newRoll: number,
  options: Partial<TestOptions> = {},
  opts: { allowAnother?: boolean } = {},
): { result: TestResult; previous: TestResult; rerolls: number } {
  requireObject("stored test", stored);
  const rerolls = requireInt("rerolls", stored.rerolls, 0, 99);
  if (rerolls > 0 && opts?.allowAnother !== true) {
    throw new OmnibusError("outOfRange", "a re-rolled result is final", { name: "rerolls", value: rerolls, min: 0, max: 0 });
  }
  const previous = resolveTest(stored.spec, stored.roll, options);
  const result = resolveTest(stored.spec, newRoll, options);
  return { result, previous, rerolls: rerolls + 1 };
}

/**
 * An opposed test (003:L185–199) after one side re-rolls: that side is resolved on its new face,
 * the other keeps its result, and the winner and margin are decided again.
 */
export function rerollOpposed(
  attacker: StoredTest,
  defender: StoredTest,
  side: "attacker" | "defender",
  newRoll: number,
  options: Partial<TestOptions> = {},
  opposed: Partial<OpposedOptions> = {},
  opts: { allowAnother?: boolean } = {},
): OpposedOutcome & { attacker: TestResult; defender: TestResult; side: "attacker" | "defender" } {
  if (side !== "attacker" && side !== "defender")
    throw new OmnibusError("badArgument", `side must be attacker or defender`, { name: "side" });
  const o = { ...DEFAULT_OPPOSED_OPTIONS, ...requireObject("opposed options", opposed) };
  if (o.tieBreak !== "value" && o.tieBreak !== "target")
    throw new OmnibusError("badArgument", `tieBreak must be "value" or "target"`, { name: "tieBreak" });
  requireObject("attacker", attacker);
  requireObject("defender", defender);
  const a = side === "attacker" ? rerollTest(attacker, newRoll, options, opts).result : resolveTest(attacker.spec, attacker.roll, options);
  const d = side === "defender" ? rerollTest(defender, newRoll, options, opts).result : resolveTest(defender.spec, defender.roll, options);
  const tie = (spec: TestSpec, r: TestResult) => (o.tieBreak === "value" ? spec.value : r.target);
  return { attacker: a, defender: d, side, ...compareOpposed(a, d, tie(attacker.spec, a), tie(defender.spec, d)) };
}
