/**
 * The `storytelling` ruleset's adapter: what it tells the Foundry plumbing (see src/foundry/README.md
 * and the `RulesetAdapter` docs in src/foundry/ruleset.ts).
 */
import { partyActorType } from "../party";
import {
  endScene,
  knockOut,
  onStorytellingActorChange,
  onStorytellingEffectCreated,
  onStorytellingEffectDeleted,
  storytellingTimerRules,
} from "./timers";
import { registerTimerHooks, registerTimerRules } from "../durations";
import { defineRuleset } from "../ruleset";
import { STORYTELLING_STATUS_EFFECTS } from "./status-effects";
import { STORYTELLING_SETTINGS, STORYTELLING_SETTINGS_MENU } from "../../rules/storytelling/table/settings";
import {
  STORYTELLING_TRACKABLE,
  storytellingTokenAttribute,
  STORYTELLING_TOKEN_DEFAULTS,
  storytellingMovementBands,
} from "../../rules/storytelling/table/tokens";
import { rulesetSetting } from "../settings";
import { KEY } from "../../rules/storytelling/table/settings";
import { renderStorytellingCard, storytellingChecks } from "./checks";
import { onKnockoutRecorded, storytellingChatActions } from "./actions";
import { APPLY_ACTION } from "../chat/action-hooks";
import { initiativeModifierOf } from "../../rules/storytelling/table/checks";
import {
  StorytellingArmorModel,
  StorytellingCharacterModel,
  StorytellingEquipmentModel,
  StorytellingExtendedModel,
  StorytellingMeritModel,
  StorytellingNpcModel,
  StorytellingObjectModel,
  StorytellingVehicleModel,
  StorytellingWeaponModel,
} from "./models";
import { StorytellingInitiativeRoll, StorytellingRoll } from "./rolls";
import { StorytellingDie } from "../dice/terms";
import { STORYTELLING_TEMPLATES, StorytellingCharacterSheet, StorytellingItemSheet, StorytellingVehicleSheet } from "./sheets";
import { compareInitiative, determineSurprise, onCombatRound, resolveTiesAsGM, rollOffTies, scheduleTies } from "./combat";
import { declareWillpowerForDefense, toggleDodge } from "./defense/actions";
import { TURN_SECONDS } from "../../rules/storytelling/timers";

const sheet = { sheet: StorytellingItemSheet, sheetLabel: `${KEY}.Sheet.Item` };

export const storytellingAdapter = defineRuleset({
  id: "storytelling",
  trackableAttributes: STORYTELLING_TRACKABLE,
  tokenAttribute: storytellingTokenAttribute,
  movementBands: storytellingMovementBands,
  tokenDefaults: STORYTELLING_TOKEN_DEFAULTS,
  label: "OMNIBUS.Ruleset.storytelling",
  actorTypes: {
    storytelling_character: {
      dataModel: StorytellingCharacterModel as never,
      sheet: StorytellingCharacterSheet,
      sheetLabel: `${KEY}.Sheet.Character`,
    },
    storytelling_npc: { dataModel: StorytellingNpcModel as never, sheet: StorytellingCharacterSheet, sheetLabel: `${KEY}.Sheet.Character` },
    storytelling_vehicle: {
      dataModel: StorytellingVehicleModel as never,
      sheet: StorytellingVehicleSheet,
      sheetLabel: `${KEY}.Sheet.Vehicle`,
    },
    storytelling_party: partyActorType(),
  },
  itemTypes: {
    storytelling_merit: { dataModel: StorytellingMeritModel as never, ...sheet },
    storytelling_weapon: { dataModel: StorytellingWeaponModel as never, ...sheet },
    storytelling_armor: { dataModel: StorytellingArmorModel as never, ...sheet },
    storytelling_equipment: { dataModel: StorytellingEquipmentModel as never, ...sheet },
    storytelling_object: { dataModel: StorytellingObjectModel as never, ...sheet },
    storytelling_extended: { dataModel: StorytellingExtendedModel as never, ...sheet },
  },
  rolls: [StorytellingRoll as never, StorytellingInitiativeRoll as never],
  dieTerms: { [StorytellingDie.DENOMINATION]: StorytellingDie },
  statusEffects: STORYTELLING_STATUS_EFFECTS,
  keepCoreStatusEffects: ["dead"],
  settings: STORYTELLING_SETTINGS,
  settingsMenu: STORYTELLING_SETTINGS_MENU,
  combat: {
    initiativeRoll(combatant) {
      const actor = (combatant as unknown as { actor?: { system?: Record<string, unknown> } | null }).actor;
      const modifier = initiativeModifierOf(actor?.system);
      return modifier === null ? null : (StorytellingInitiativeRoll.forInitiative(modifier) as never);
    },
    compare: compareInitiative,
    formula: "1d10",
    decimals: 0,
    /** A turn is three seconds (002:L41). */
    roundSeconds: TURN_SECONDS,
    surprise: { determine: (combat, choice) => determineSurprise(combat as never, choice) },
  },
  chatActions: storytellingChatActions,
  renderCard: renderStorytellingCard,
  checks: storytellingChecks,
  templates: STORYTELLING_TEMPLATES,
  /** 2: the migrations read units, dashes and decimal commas and keep what they cannot read (migrations.ts). */
  migration: { version: 2 },
  api: { rollOffTies, dodge: toggleDodge, willpowerDefense: declareWillpowerForDefense, endScene, knockOut },
  onReady() {
    // Timers (the Willpower turn, pepper spray to the scene's end, knockouts) as Active Effect durations.
    registerTimerRules(storytellingTimerRules);
    registerTimerHooks(Hooks as never);
    Hooks.on("updateActor", (actor: unknown, changed: unknown, options: unknown) =>
      onStorytellingActorChange(actor as never, (changed ?? {}) as never, (options ?? {}) as never),
    );
    Hooks.on("createActiveEffect", (effect: unknown) => onStorytellingEffectCreated(effect as never));
    Hooks.on("deleteActiveEffect", (effect: unknown) => onStorytellingEffectDeleted(effect as never));
    // A failed knockout Stamina roll, once the GM has recorded it: unconscious for the damage in turns (WoD p.169).
    Hooks.on(APPLY_ACTION as never, ((payload: unknown) => onKnockoutRecorded(payload as never)) as never);
    Hooks.on("updateCombat", ((combat: unknown, changed: Record<string, unknown>) => {
      void onCombatRound(combat as never, changed, rulesetSetting<boolean>("storytelling", "rerollInitiative") === true);
    }) as never);
    // Initiative ties roll off by themselves (WoD p.152): when combat starts and whenever an initiative changes.
    Hooks.on("combatStart", ((combat: unknown) => void resolveTiesAsGM(combat)) as never);
    Hooks.on("updateCombatant", ((combatant: { parent?: { id?: string | null } | null }, changed: Record<string, unknown>) => {
      if ("initiative" in changed) scheduleTies(combatant.parent);
    }) as never);
  },
});
