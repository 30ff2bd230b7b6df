/**
 * What players need to see and enter the system's die terms (dice/terms.ts):
 *  - manual dice entry offers only the dice listed in `CONFIG.Dice.fulfillment.dice` (api
 *    `DiceFulfillmentConfiguration.dice`: denomination → {label, icon}): ours are added there;
 *  - Dice So Nice shows a die type it does not know only when the system registers it in its
 *    `diceSoNiceReady` hook (`addSystem`, `addColorset`, `addDicePreset`, as WoD5e does): the Wild
 *    Die in its own colour (red, as on the table), the Storytelling die as a d10.
 */
import { SYSTEM_ID } from "../registry";
import { StorytellingDie, WildDie } from "./terms";

export const WILD_COLORSET = "omnibus-wild";
export const STORYTELLING_COLORSET = "omnibus-storytelling";

/** The denominations our terms add to manual dice entry, with their (i18n) labels and icons. */
export function fulfillmentDice(): Record<string, { label: string; icon: string }> {
  return {
    [`d${WildDie.DENOMINATION}`]: { label: "OMNIBUS.Dice.WildDie", icon: '<i class="fa-solid fa-dice-d6"></i>' },
    [`d${StorytellingDie.DENOMINATION}`]: { label: "OMNIBUS.Dice.StorytellingDie", icon: '<i class="fa-solid fa-dice-d10"></i>' },
  };
}

/** Adds our dice to manual entry (at setup, when translations are loaded). */
export function registerFulfillmentDice(localize: (key: string) => string): void {
  const dice = (CONFIG as unknown as { Dice: { fulfillment?: { dice?: Record<string, { label: string; icon: string }> } } }).Dice
    .fulfillment?.dice;
  if (!dice) return;
  for (const [denomination, { label, icon }] of Object.entries(fulfillmentDice())) dice[denomination] = { label: localize(label), icon };
}

/** The part of Dice So Nice's API (`game.dice3d`, passed to `diceSoNiceReady`) we call. */
export interface DiceSoNiceLike {
  addSystem(system: { id: string; name: string }, mode?: string | boolean): void;
  addColorset(colorset: Record<string, unknown>, mode?: string): void;
  addDicePreset(preset: { type: string; labels: string[]; system: string; colorset?: string }, shape?: string): void;
}

/** Registers our die types with Dice So Nice. */
export function registerDiceSoNice(dice3d: DiceSoNiceLike, localize: (key: string) => string): void {
  dice3d.addSystem({ id: SYSTEM_ID, name: "Omnibus" }, "preferred");
  dice3d.addColorset(
    {
      name: WILD_COLORSET,
      description: localize("OMNIBUS.Dice.WildDie"),
      category: "Omnibus",
      foreground: "#ffffff",
      background: "#b3261e",
      outline: "#000000",
      edge: "#7a1a14",
      texture: "none",
      material: "plastic",
    },
    "default",
  );
  dice3d.addColorset(
    {
      name: STORYTELLING_COLORSET,
      description: localize("OMNIBUS.Dice.StorytellingDie"),
      category: "Omnibus",
      foreground: "#e8e2d0",
      background: "#1d1d1f",
      outline: "#000000",
      edge: "#3a3a3e",
      texture: "none",
      material: "plastic",
    },
    "default",
  );
  const faces = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));
  dice3d.addDicePreset({ type: `d${WildDie.DENOMINATION}`, labels: faces(6), system: SYSTEM_ID, colorset: WILD_COLORSET }, "d6");
  dice3d.addDicePreset(
    { type: `d${StorytellingDie.DENOMINATION}`, labels: faces(10), system: SYSTEM_ID, colorset: STORYTELLING_COLORSET },
    "d10",
  );
}
