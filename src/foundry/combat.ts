/**
 * Combat: the active ruleset's initiative roll and turn order. Installed as subclasses of the
 * configured Combatant/Combat classes, only for what the adapter declares:
 *  - `combat.initiativeRoll(combatant)` → Combatant#getInitiativeRoll (Foundry then evaluates it and
 *    posts it; an OmnibusRoll resolves its outcome in evaluate; it evaluates in the chat's mode);
 *  - `combat.compare(a, b)` → Combat#_sortCombatants;
 *  - `combat.formula`/`decimals` → CONFIG.Combat.initiative.
 */
import { currentMessageMode, evaluateOptions } from "./compat";
import type { CombatHooks } from "./ruleset";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyClass = abstract new (...args: any[]) => any;

/**
 * An initiative roll that evaluates in the roller's chat mode: `Combat#rollInitiative` evaluates it
 * with no options, so a roller in blind mode would be asked to type the dice under manual entry
 * (compat.ts `evaluateOptions`). Options the caller passes win.
 */
export function inChatMode<R>(roll: R): R {
  const r = roll as { evaluate?: (options?: Record<string, unknown>) => Promise<unknown> } | null;
  if (!r || typeof r.evaluate !== "function") return roll;
  const evaluate = r.evaluate.bind(r);
  r.evaluate = (options?: Record<string, unknown>) => evaluate({ ...evaluateOptions(currentMessageMode()), ...(options ?? {}) });
  return roll;
}

export function combatantClass<T extends AnyClass>(Base: T, hooks: CombatHooks): T {
  const initiativeRoll = hooks.initiativeRoll;
  if (!initiativeRoll) return Base;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const Parent = Base as any;
  const Subclass = class extends Parent {
    getInitiativeRoll(formula?: string) {
      return inChatMode(initiativeRoll(this as never) ?? super.getInitiativeRoll(formula));
    }
  };
  Object.defineProperty(Subclass, "name", { value: "OmnibusCombatant" });
  return Subclass as unknown as T;
}

export function combatClass<T extends AnyClass>(Base: T, hooks: CombatHooks): T {
  const compare = hooks.compare;
  if (!compare) return Base;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const Parent = Base as any;
  const Subclass = class extends Parent {
    _sortCombatants(a: never, b: never): number {
      return compare(a, b);
    }
  };
  Object.defineProperty(Subclass, "name", { value: "OmnibusCombat" });
  return Subclass as unknown as T;
}
