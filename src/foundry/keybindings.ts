/**
 * The system's keybindings (Configure Controls → Omnibus), registered at `init`:
 *
 *   omnibus.toggleRollDialog  held while clicking a roll: inverts the client's roll-dialog setting
 *                             (default Shift, as before)
 *   omnibus.rollWithDefaults  held while clicking a roll: no dialog, the check's defaults (default Alt)
 *
 * A click reads whether a binding is held from `game.keyboard.downKeys` (the KeyboardEvent#code
 * values currently down) and the binding's modifiers (`game.keyboard.isModifierActive`), so a user
 * who rebinds the action gets the new key everywhere (sheets, item rows, inline links, posted items).
 */
import { SYSTEM_ID } from "./registry";
import type { RunCheckOptions } from "./checks";

export const KEYBINDING = {
  toggleRollDialog: "toggleRollDialog",
  rollWithDefaults: "rollWithDefaults",
} as const;

interface Binding {
  key: string;
  modifiers?: string[];
}
interface KeybindingsLike {
  register(namespace: string, action: string, config: Record<string, unknown>): void;
  get(namespace: string, action: string): Binding[];
}
interface KeyboardLike {
  downKeys: Set<string>;
  isModifierActive(modifier: string): boolean;
}

function keybindings(): KeybindingsLike | undefined {
  return (game as unknown as { keybindings?: KeybindingsLike }).keybindings;
}
function keyboard(): KeyboardLike | undefined {
  return (game as unknown as { keyboard?: KeyboardLike | null }).keyboard ?? undefined;
}

/**
 * `game.keybindings.register(namespace, action, {name, hint, editable})` (api: ClientKeybindings#register,
 * KeybindingActionConfig). Neither action does anything on key down: it is read when a roll is clicked.
 */
export function registerKeybindings(): void {
  const store = keybindings();
  if (!store) return;
  store.register(SYSTEM_ID, KEYBINDING.toggleRollDialog, {
    name: "OMNIBUS.Keybinding.ToggleRollDialog.Name",
    hint: "OMNIBUS.Keybinding.ToggleRollDialog.Hint",
    editable: [{ key: "ShiftLeft" }, { key: "ShiftRight" }],
  });
  store.register(SYSTEM_ID, KEYBINDING.rollWithDefaults, {
    name: "OMNIBUS.Keybinding.RollWithDefaults.Name",
    hint: "OMNIBUS.Keybinding.RollWithDefaults.Hint",
    editable: [{ key: "AltLeft" }, { key: "AltRight" }],
  });
}

/** Whether one of the action's bindings is held now (its key down and all its modifiers active). */
export function isBindingHeld(action: string): boolean {
  const board = keyboard();
  const store = keybindings();
  if (!board || !store) return false;
  let bindings: Binding[];
  try {
    bindings = store.get(SYSTEM_ID, action) ?? [];
  } catch {
    return false;
  }
  return bindings.some((b) => board.downKeys.has(b.key) && (b.modifiers ?? []).every((m) => board.isModifierActive(m)));
}

/** The roll options a click gets from the held keys. */
export function clickRollOptions(): RunCheckOptions {
  if (isBindingHeld(KEYBINDING.rollWithDefaults)) return { skipDialog: true };
  return { shiftKey: isBindingHeld(KEYBINDING.toggleRollDialog) };
}
