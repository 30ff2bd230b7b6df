/**
 * Combat: the active ruleset's initiative roll and turn order. Installed as subclasses of the
 * configured Combatant/Combat classes, only for what the adapter declares:
 *  - `combat.initiativeRoll(combatant)` → Combatant#getInitiativeRoll (Foundry then evaluates it and
 *    posts it; an OmnibusRoll resolves its outcome in evaluate; it evaluates in the chat's mode);
 *  - `combat.compare(a, b)` → Combat#_sortCombatants;
 *  - `combat.formula`/`decimals` → CONFIG.Combat.initiative;
 *  - `combat.surprise` → a GM button on the combat tracker ("Determine surprise") that opens
 *    `askSurprise`: each combatant an ambusher, a target or neither, plus the ruleset's options;
 *    the ruleset's `determine` rolls and sets the statuses.
 */
import { currentMessageMode, evaluateOptions } from "./compat";
import { isOmnibusError, localize, notify, notifyError } from "./i18n";
import type { CombatHooks, SurpriseChoice, SurpriseHook } from "./ruleset";

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

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

type SurpriseCombatant = { id?: string | null; name?: string | null; actor?: { hasPlayerOwner?: boolean } | null };

/** The dialog's form: one role select per combatant (players' characters default to targets), then the ruleset's fields. */
export function surpriseForm(combatants: readonly SurpriseCombatant[], hook: SurpriseHook): string {
  const roles = ["none", "ambusher", "target"] as const;
  const rows = combatants
    .filter((c) => typeof c.id === "string" && c.id !== "")
    .map((c) => {
      const chosen = c.actor?.hasPlayerOwner ? "target" : "none";
      const options = roles
        .map((r) => `<option value="${r}"${r === chosen ? " selected" : ""}>${escapeHtml(localize(`OMNIBUS.Surprise.Role.${r}`))}</option>`)
        .join("");
      return `<div class="form-group"><label>${escapeHtml(c.name ?? "")}</label><select name="role-${escapeHtml(c.id!)}">${options}</select></div>`;
    });
  const fields = (hook.fields ?? []).map((f) => {
    const label = `<label>${escapeHtml(localize(f.label))}</label>`;
    if (!f.choices) return `<div class="form-group">${label}<input type="checkbox" name="opt-${escapeHtml(f.name)}"></div>`;
    const options = Object.entries(f.choices)
      .map(([v, key]) => `<option value="${escapeHtml(v)}">${escapeHtml(localize(key))}</option>`)
      .join("");
    return `<div class="form-group">${label}<select name="opt-${escapeHtml(f.name)}">${options}</select></div>`;
  });
  return `<p>${escapeHtml(localize("OMNIBUS.Surprise.Hint"))}</p>${rows.join("")}${fields.join("")}`;
}

/** The GM's choice from the form's entries; only the combat's own combatants and the hook's fields count. */
export function surpriseChoiceFrom(
  entries: Iterable<[string, unknown]>,
  combatantIds: readonly string[],
  hook: SurpriseHook,
): SurpriseChoice {
  const values = new Map<string, string>();
  for (const [k, v] of entries) if (typeof v === "string") values.set(k, v);
  const choice: SurpriseChoice = { ambushers: [], targets: [], options: {} };
  for (const id of combatantIds) {
    const role = values.get(`role-${id}`);
    if (role === "ambusher") choice.ambushers.push(id);
    else if (role === "target") choice.targets.push(id);
  }
  for (const f of hook.fields ?? []) {
    const v = values.get(`opt-${f.name}`);
    if (!f.choices) choice.options[f.name] = v !== undefined;
    else if (v !== undefined && Object.hasOwn(f.choices, v)) choice.options[f.name] = v;
    else choice.options[f.name] = Object.keys(f.choices)[0] ?? "";
  }
  return choice;
}

/**
 * The GM's surprise dialog for a combat, then the ruleset's `determine`. Refused (a notice, nothing
 * rolled) for a non-GM, or without at least one ambusher and one target.
 */
export async function askSurprise(
  combat: Combat.Implementation,
  hook: SurpriseHook,
): Promise<Array<{ id: string; surprised: boolean }> | null> {
  if (!game.user?.isGM) {
    notify("warn", "OMNIBUS.Surprise.GMOnly");
    return null;
  }
  const combatants = (combat.combatants?.contents ?? []) as unknown as SurpriseCombatant[];
  const ids = combatants.map((c) => c.id).filter((id): id is string => typeof id === "string" && id !== "");
  const answer = (await foundry.applications.api.DialogV2.wait({
    window: { title: localize("OMNIBUS.Surprise.Title") },
    content: surpriseForm(combatants, hook),
    buttons: [
      {
        action: "roll",
        label: localize("OMNIBUS.Surprise.Roll"),
        default: true,
        callback: (_e: unknown, button: { form?: HTMLFormElement | null }) =>
          button.form ? surpriseChoiceFrom(new FormData(button.form).entries(), ids, hook) : null,
      },
      { action: "cancel", label: localize("OMNIBUS.Surprise.Cancel") },
    ],
    rejectClose: false,
  } as never)) as unknown as SurpriseChoice | string | null;
  if (!answer || typeof answer !== "object") return null;
  const choice = {
    ambushers: answer.ambushers.filter((id) => ids.includes(id)),
    targets: answer.targets.filter((id) => ids.includes(id) && !answer.ambushers.includes(id)),
    options: answer.options ?? {},
  };
  if (choice.ambushers.length === 0 || choice.targets.length === 0) {
    notify("warn", "OMNIBUS.Surprise.NeedBoth");
    return null;
  }
  try {
    return await hook.determine(combat, choice);
  } catch (error) {
    if (isOmnibusError(error)) notifyError(error);
    else throw error;
    return null;
  }
}

/** Adds the GM's "Determine surprise" button to the combat tracker while a combat is in its first round or not started. */
export function addSurpriseButton(combat: Combat.Implementation | null | undefined, html: HTMLElement, hook: SurpriseHook): void {
  if (!combat || !game.user?.isGM || (combat.round ?? 0) > 1 || html.querySelector(".omnibus-surprise")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "omnibus-surprise";
  button.innerHTML = `<i class="fa-solid fa-eye-slash"></i> ${escapeHtml(localize("OMNIBUS.Surprise.Button"))}`;
  button.addEventListener("click", (event) => {
    event.preventDefault();
    void askSurprise(combat, hook);
  });
  const anchor = html.querySelector(".combat-tracker-header, header") ?? html;
  anchor.append(button);
}

/** Registers the tracker button (once, at init) for a ruleset with a surprise hook. */
export function registerSurpriseButton(hook: SurpriseHook): void {
  Hooks.on("renderCombatTracker", ((app: { viewed?: Combat.Implementation | null } | null, html: HTMLElement) =>
    addSurpriseButton(app?.viewed ?? game.combat, html, hook)) as never);
}
