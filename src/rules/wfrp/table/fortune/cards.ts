/**
 * Which cards offer their roller a Fortune re-roll (003:L72), as plain data (no Foundry global):
 * the test, opposed-test and attack cards, once each, not after an extended test's progress, a
 * tie's re-roll or applied damage. `src/foundry/wfrp/fortune/actions.ts` is the card action.
 */
import type { TestOptions, TestResult, TestSpec } from "../../index";
import type { AttackState } from "../cards";
import type { OpposedState } from "../opposed/checks";

/** What a test card records for a re-roll (`flags.omnibus.test.reroll`). */
export interface TestRerollState {
  actorUuid: string;
  spec: TestSpec;
  options: Partial<TestOptions>;
  /** The card's texts as rolled (title, difficulty label, helpers) to render it again. */
  card: { title: string; subtitle: string; img: string; difficultyLabel: string; helpers: { counted: number; bonus: number } | null };
}

export const FORTUNE_BUTTON = { action: "wfrpFortune", label: "OMNIBUS.WFRP.Fortune.Button", icon: "fa-solid fa-clover" };

export type Kind = "test" | "opposed" | "attack";
export type Card = { kind: Kind; actorUuid: string; spec: TestSpec; options: Partial<TestOptions>; roll: number; used: boolean };

/** The roller, their test and its face on a card; null when the card offers no re-roll. */
export function cardOf(state: Record<string, unknown>): Card | null {
  const used = Boolean((state.fortune as { used?: boolean } | undefined)?.used);
  const test = state.test as { result?: TestResult; reroll?: TestRerollState } | undefined;
  if (test?.reroll && test.result) return { kind: "test", actorUuid: test.reroll.actorUuid, spec: test.reroll.spec, options: test.reroll.options, roll: test.result.roll, used };
  const opposed = state.opposed as OpposedState | undefined;
  if (opposed?.tester?.uuid) return { kind: "opposed", actorUuid: opposed.tester.uuid, spec: opposed.tester.spec, options: opposed.options, roll: opposed.roll, used };
  const attack = state.attack as AttackState | undefined;
  if (attack?.attacker?.uuid) return { kind: "attack", actorUuid: attack.attacker.uuid, spec: attack.spec, options: attack.options, roll: attack.roll, used };
  return null;
}

/** Why this card cannot be re-rolled now (an i18n key), or null. */
export function blocked(state: Record<string, unknown>, card: Card): string | null {
  if (card.used) return "OMNIBUS.WFRP.Fortune.AlreadyUsed";
  if (card.kind === "test" && (state.test as { extended?: unknown }).extended) return "OMNIBUS.WFRP.Fortune.NotHere";
  if (card.kind === "opposed" && (state.opposed as OpposedState).targets.some((t) => (t.response?.faces.length ?? 0) > 1)) return "OMNIBUS.WFRP.Fortune.NotHere";
  if (card.kind === "attack" && (state.attack as AttackState).targets.some((t) => t.applied || (t.defence?.rerolls?.length ?? 0) > 0)) return "OMNIBUS.WFRP.Fortune.TooLate";
  return null;
}

/** Whether a card state still offers its roller a Fortune re-roll (for the button). */
export function offersFortune(state: Record<string, unknown>): boolean {
  const card = cardOf(state);
  return Boolean(card && !blocked(state, card));
}

/** A card context with the Fortune button while the card offers it. */
export function withFortuneButton(context: Record<string, unknown>, state: Record<string, unknown>): Record<string, unknown> {
  return offersFortune(state) ? { ...context, fortuneButton: FORTUNE_BUTTON } : context;
}

