/**
 * Which cards offer their roller a Fortune re-roll (003:L72), as plain data (no Foundry global):
 * the test, opposed-test and attack cards, once each, not after an extended test's progress, a
 * tie's re-roll or applied damage; and on the opposed-test and attack cards each defender's own
 * roll, once per defender, under the same limits. `src/foundry/wfrp/fortune/actions.ts` is the card action.
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
  if (test?.reroll && test.result)
    return {
      kind: "test",
      actorUuid: test.reroll.actorUuid,
      spec: test.reroll.spec,
      options: test.reroll.options,
      roll: test.result.roll,
      used,
    };
  const opposed = state.opposed as OpposedState | undefined;
  if (opposed?.tester?.uuid)
    return {
      kind: "opposed",
      actorUuid: opposed.tester.uuid,
      spec: opposed.tester.spec,
      options: opposed.options,
      roll: opposed.roll,
      used,
    };
  const attack = state.attack as AttackState | undefined;
  if (attack?.attacker?.uuid)
    return { kind: "attack", actorUuid: attack.attacker.uuid, spec: attack.spec, options: attack.options, roll: attack.roll, used };
  return null;
}

/** Why this card cannot be re-rolled now (an i18n key), or null. */
export function blocked(state: Record<string, unknown>, card: Card): string | null {
  if (card.used) return "OMNIBUS.WFRP.Fortune.AlreadyUsed";
  if (card.kind === "test" && (state.test as { extended?: unknown }).extended) return "OMNIBUS.WFRP.Fortune.NotHere";
  if (card.kind === "opposed" && (state.opposed as OpposedState).targets.some((t) => (t.response?.faces.length ?? 0) > 1))
    return "OMNIBUS.WFRP.Fortune.NotHere";
  if (card.kind === "attack" && (state.attack as AttackState).targets.some((t) => t.applied || (t.defence?.rerolls?.length ?? 0) > 0))
    return "OMNIBUS.WFRP.Fortune.TooLate";
  return null;
}

/** Whether a card state still offers its roller a Fortune re-roll (for the button). */
export function offersFortune(state: Record<string, unknown>): boolean {
  const card = cardOf(state);
  return Boolean(card && !blocked(state, card));
}

/** A card context with the Fortune button while the card offers it. */
export function withFortuneButton(context: Record<string, unknown>, state: Record<string, unknown>): Record<string, unknown> {
  const out = offersFortune(state) ? { ...context, fortuneButton: FORTUNE_BUTTON } : context;
  const open = new Set(defenderFortuneTargets(state));
  if (open.size === 0 || !Array.isArray(out.targets)) return out;
  // Each defender who rolled may spend their own Fortune on that roll (003:L72), from their row.
  const targets = (out.targets as Array<Record<string, unknown>>).map((t) =>
    open.has(Number(t.index))
      ? {
          ...t,
          fortuneButton: {
            action: DEFENCE_FORTUNE_ACTION,
            label: "OMNIBUS.WFRP.Fortune.Button",
            icon: FORTUNE_BUTTON.icon,
            data: { target: String(t.index) },
          },
        }
      : t,
  );
  return { ...out, targets };
}

// ---------------------------------------------------------------- the defender's side

export const DEFENCE_FORTUNE_ACTION = "wfrpFortuneDefence";

/** A defender's roll on an opposed-test or attack card (target `index`), for their own Fortune re-roll. */
export type DefenderCard = {
  kind: "opposed" | "attack";
  index: number;
  actorUuid: string;
  spec: TestSpec;
  options: Partial<TestOptions>;
  roll: number;
  used: boolean;
};

const defenceUsed = (state: Record<string, unknown>, index: number) =>
  Boolean(((state.fortune as { defenders?: Record<string, unknown> } | undefined)?.defenders ?? {})[String(index)]);

/** The defender's rolled test on target `index` of the card; null when there is none (not yet rolled, no defence, no actor). */
export function defenderCardOf(state: Record<string, unknown>, index: number): DefenderCard | null {
  if (!Number.isInteger(index) || index < 0) return null;
  const opposed = state.opposed as OpposedState | undefined;
  if (opposed?.tester) {
    const r = opposed.targets[index]?.response;
    if (!r?.uuid || r.faces.length === 0) return null;
    return {
      kind: "opposed",
      index,
      actorUuid: r.uuid,
      spec: r.spec,
      options: opposed.options,
      roll: r.faces[0],
      used: defenceUsed(state, index),
    };
  }
  const attack = state.attack as AttackState | undefined;
  const target = attack?.targets[index];
  const d = target?.defence;
  if (!attack || !target?.actorUuid || !d || d.skill === "none" || !d.spec || d.roll === null) return null;
  return {
    kind: "attack",
    index,
    actorUuid: target.actorUuid,
    spec: d.spec,
    options: attack.options,
    roll: d.roll,
    used: defenceUsed(state, index),
  };
}

/** Why the defender's roll cannot be re-rolled now (an i18n key), or null: once per defender, not after a tie's re-roll or applied damage. */
export function defenderBlocked(state: Record<string, unknown>, card: DefenderCard): string | null {
  if (card.used) return "OMNIBUS.WFRP.Fortune.AlreadyUsed";
  if (card.kind === "opposed" && ((state.opposed as OpposedState).targets[card.index].response?.faces.length ?? 0) > 1)
    return "OMNIBUS.WFRP.Fortune.NotHere";
  if (card.kind === "attack") {
    const t = (state.attack as AttackState).targets[card.index];
    if (t.applied) return "OMNIBUS.WFRP.Fortune.TooLate";
    if ((t.defence?.rerolls?.length ?? 0) > 0) return "OMNIBUS.WFRP.Fortune.NotHere";
  }
  return null;
}

/** The card's state with the defender's face on target `index` replaced by `face` (003:L72: the re-roll stands), the use recorded. */
export function withDefenderReroll(state: Record<string, unknown>, card: DefenderCard, face: number): Record<string, unknown> {
  const next = structuredClone(state);
  const fortune = (next.fortune ?? {}) as { defenders?: Record<string, unknown> };
  fortune.defenders = { ...(fortune.defenders ?? {}), [String(card.index)]: { before: card.roll, after: face } };
  next.fortune = fortune;
  if (card.kind === "opposed") (next.opposed as OpposedState).targets[card.index].response!.faces = [face];
  else (next.attack as AttackState).targets[card.index].defence!.roll = face;
  return next;
}

/** The target indexes whose defender may still spend Fortune on this card. */
export function defenderFortuneTargets(state: Record<string, unknown>): number[] {
  const count = ((state.opposed as OpposedState | undefined)?.targets ?? (state.attack as AttackState | undefined)?.targets ?? []).length;
  return Array.from({ length: count }, (_, i) => i).filter((i) => {
    const card = defenderCardOf(state, i);
    return card !== null && defenderBlocked(state, card) === null;
  });
}
