/**
 * The `d6` ruleset's adapter: what it tells the Foundry plumbing (see src/foundry/README.md and
 * the `RulesetAdapter` docs in src/foundry/ruleset.ts). Declare types as `d6_<name>` here AND
 * in system.json's documentTypes, with labels `TYPES.Actor.d6_<name>` in both lang files.
 */
import { partyActorType } from "../party";
import { defineRuleset } from "../ruleset";
import { D6_TRACKABLE, d6TokenAttribute, D6_TOKEN_DEFAULTS, d6MovementBands } from "../../rules/d6/table/tokens";
import { d6Checks } from "./checks";
import { d6ChatActions } from "./actions";
import { hideForeignResistButtons } from "./resist-cp/actions";
import {
  d6Combat,
  mayActLast,
  maySetSideInitiative,
  onCombatRound,
  planActLast,
  planSideInitiative,
  sideInitiativeCombatClass,
} from "./combat";
import {
  D6AbilityModel,
  D6ArmorModel,
  D6CharacterModel,
  D6EquipmentModel,
  D6ForcePowerModel,
  D6NpcModel,
  D6SkillModel,
  D6VehicleModel,
  D6WeaponModel,
} from "./models";
import { D6CharacterPointRoll, D6ChatRoll, D6DeviationRoll, D6PlainRoll, D6Roll } from "./rolls";
import { WildDie } from "../dice/terms";
import { readSettings } from "./settings";
import { D6_SETTINGS, D6_SETTINGS_MENU } from "../../rules/d6/table/settings";
import { D6CharacterSheet, D6ItemSheet, D6VehicleSheet, D6_ACTOR_TEMPLATES } from "./sheets";
import { D6_STATUS_EFFECTS } from "./status-effects";
import { d6TimerRules, onD6ActorChange, onD6EffectCreated, startBacta } from "./timers";
import { registerTimerHooks, registerTimerRules } from "../durations";

const SHEET = "OMNIBUS.D6.Sheet";

/** Removes `.omnibus-secret` parts of D6 cards for players while the GM hides difficulties. */
export function hideSecrets(html: HTMLElement, isGM: boolean, hide: boolean): void {
  if (isGM || !hide) return;
  for (const el of Array.from(html.querySelectorAll(".omnibus-d6 .omnibus-secret"))) el.remove();
}

export const d6Adapter = defineRuleset({
  id: "d6",
  trackableAttributes: D6_TRACKABLE,
  tokenAttribute: d6TokenAttribute,
  movementBands: d6MovementBands,
  tokenDefaults: D6_TOKEN_DEFAULTS,
  label: "OMNIBUS.Ruleset.d6",
  actorTypes: {
    d6_character: { dataModel: D6CharacterModel, sheet: D6CharacterSheet, sheetLabel: SHEET },
    d6_npc: { dataModel: D6NpcModel, sheet: D6CharacterSheet, sheetLabel: SHEET },
    d6_vehicle: { dataModel: D6VehicleModel, sheet: D6VehicleSheet, sheetLabel: SHEET },
    d6_party: partyActorType(),
  },
  itemTypes: {
    d6_skill: { dataModel: D6SkillModel, sheet: D6ItemSheet, sheetLabel: SHEET },
    d6_weapon: { dataModel: D6WeaponModel, sheet: D6ItemSheet, sheetLabel: SHEET },
    d6_armor: { dataModel: D6ArmorModel, sheet: D6ItemSheet, sheetLabel: SHEET },
    d6_equipment: { dataModel: D6EquipmentModel, sheet: D6ItemSheet, sheetLabel: SHEET },
    d6_forcepower: { dataModel: D6ForcePowerModel, sheet: D6ItemSheet, sheetLabel: SHEET },
    d6_ability: { dataModel: D6AbilityModel, sheet: D6ItemSheet, sheetLabel: SHEET },
  },
  acceptsItem(actor, itemType) {
    if (String(actor.type) === "d6_vehicle") return itemType === "d6_weapon" || itemType === "d6_equipment";
    return itemType.startsWith("d6_");
  },
  rolls: [D6Roll as never, D6PlainRoll as never, D6DeviationRoll as never, D6CharacterPointRoll as never, D6ChatRoll as never],
  dieTerms: { [WildDie.DENOMINATION]: WildDie },
  statusEffects: D6_STATUS_EFFECTS,
  settings: D6_SETTINGS,
  settingsMenu: D6_SETTINGS_MENU,
  combat: d6Combat,
  checks: d6Checks,
  chatActions: {
    ...d6ChatActions,
    d6ActLast: { plan: planActLast, permitted: mayActLast, visible: () => true },
    d6SideInitiative: { plan: planSideInitiative, permitted: maySetSideInitiative, visible: () => false },
  },
  templates: D6_ACTOR_TEMPLATES,
  /** 2: the migrations read units, dashes and decimal commas and keep what they cannot read (migrations.ts). */
  migration: { version: 2 },
  api: { readSettings, startBacta },
  onInit() {
    // Chat rolls (`/r 4d6 + 1dw`) are made with the default Roll, CONFIG.Dice.rolls[0]: make it the
    // D6 chat roll, which resolves a Wild Die formula by the rules (and leaves any other formula
    // alone); Foundry's Roll stays in the list, so messages of it still rehydrate.
    const rolls = (CONFIG as unknown as { Dice: { rolls: unknown[] } }).Dice.rolls;
    if (rolls.includes(D6ChatRoll)) rolls.splice(rolls.indexOf(D6ChatRoll), 1);
    rolls.unshift(D6ChatRoll);
    Hooks.on("renderChatMessageHTML", (message: unknown, html: HTMLElement) => {
      hideSecrets(html, Boolean(game.user?.isGM), readSettings().hideDifficulty);
      hideForeignResistButtons(message as never, html, game.user);
    });
    // Timers (stun, unconscious, bacta, Force Point round) as Active Effect durations.
    registerTimerRules(d6TimerRules);
    registerTimerHooks(Hooks as never);
    // The listeners return their work (Foundry ignores it) so a caller that awaits the hooks can.
    Hooks.on("updateActor", (actor: unknown, changed: unknown) => onD6ActorChange(actor as never, (changed ?? {}) as never));
    Hooks.on("createActiveEffect", (effect: unknown) => onD6EffectCreated(effect as never));
    Hooks.on("updateCombat", (combat: unknown, changed: unknown, options: unknown) =>
      onCombatRound(combat as never, changed as never, game.user as never, game.users?.activeGM as never, (options ?? {}) as never),
    );
    // Per-side initiative (the default): the tracker's roll buttons roll for every side at once.
    const config = CONFIG as unknown as { Combat: { documentClass: abstract new (...args: never[]) => object } };
    config.Combat.documentClass = sideInitiativeCombatClass(config.Combat.documentClass);
  },
});
