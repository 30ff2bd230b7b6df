/**
 * The `silhouette` ruleset's adapter: what it tells the Foundry plumbing (see src/foundry/README.md and
 * the `RulesetAdapter` docs in src/foundry/ruleset.ts). Types are declared here AND in system.json's
 * documentTypes, with labels `TYPES.Actor.silhouette_<name>` / `TYPES.Item.silhouette_<name>` in both
 * lang files.
 */
import { silhouetteTimerRules } from "./timers";
import { registerTimerHooks, registerTimerRules } from "../durations";
import { partyActorType } from "../party";
import { movementModeForDistance, movementRates, pullTogetherInitiative } from "../../rules/silhouette/index";
import { cardContext } from "../../rules/silhouette/table/cards";
import { TEN_ATTRIBUTES_VERSION, migrateSilhouetteSystem } from "../../rules/silhouette/table/migrate";
import { SILHOUETTE_STATUS_EFFECTS } from "./status-effects";
import { defineRuleset } from "../ruleset";
import {
  SILHOUETTE_TRACKABLE,
  silhouetteTokenAttribute,
  SILHOUETTE_TOKEN_DEFAULTS,
  silhouetteMovementBands,
} from "../../rules/silhouette/table/tokens";
import { templatePath } from "../templates/helpers";
import { silhouetteChatActions } from "./actions";
import { silhouetteChecks, CARD_FLAG, CARD_TEMPLATE } from "./checks";
import { HOLD_REQUEST, handleHoldRequest, holdTracker, markTracker, onHoldEffectChanged, onUpdateCombat, silhouetteCombat } from "./combat";
import { registerGMRequest } from "../chat/actions";
import {
  SilhouetteArmourModel,
  SilhouetteCharacterModel,
  SilhouetteEquipmentModel,
  SilhouetteSkillModel,
  SilhouetteWeaponModel,
} from "./models";
import { onMoveToken } from "./tokens";
import { SilhouetteRoll } from "./rolls";
import { SILHOUETTE_SETTINGS, SILHOUETTE_SETTINGS_MENU } from "../../rules/silhouette/table/settings";
import { SilhouetteActorSheet, SilhouetteItemSheet } from "./sheets";

export const SILHOUETTE_TEMPLATES = [
  "silhouette/actor/main",
  "silhouette/actor/skills",
  "silhouette/actor/combat",
  "silhouette/item/details",
  "silhouette/chat/check",
  "silhouette/chat/initiative",
  "silhouette/combat/hold",
].map(templatePath);

export const silhouetteAdapter = defineRuleset({
  id: "silhouette",
  trackableAttributes: SILHOUETTE_TRACKABLE,
  tokenAttribute: silhouetteTokenAttribute,
  movementBands: silhouetteMovementBands,
  tokenDefaults: SILHOUETTE_TOKEN_DEFAULTS,
  label: "OMNIBUS.Ruleset.silhouette",
  actorTypes: {
    silhouette_character: {
      dataModel: SilhouetteCharacterModel,
      sheet: SilhouetteActorSheet,
      sheetLabel: "OMNIBUS.Silhouette.Sheet.Character",
      img: "icons/svg/mystery-man.svg",
    },
    silhouette_npc: {
      dataModel: SilhouetteCharacterModel,
      sheet: SilhouetteActorSheet,
      sheetLabel: "OMNIBUS.Silhouette.Sheet.Character",
      img: "icons/svg/mystery-man.svg",
    },
    silhouette_party: partyActorType(),
  },
  itemTypes: {
    silhouette_skill: {
      dataModel: SilhouetteSkillModel,
      sheet: SilhouetteItemSheet,
      sheetLabel: "OMNIBUS.Silhouette.Sheet.Item",
      img: "icons/svg/book.svg",
    },
    silhouette_weapon: {
      dataModel: SilhouetteWeaponModel,
      sheet: SilhouetteItemSheet,
      sheetLabel: "OMNIBUS.Silhouette.Sheet.Item",
      img: "icons/svg/sword.svg",
    },
    silhouette_armour: {
      dataModel: SilhouetteArmourModel,
      sheet: SilhouetteItemSheet,
      sheetLabel: "OMNIBUS.Silhouette.Sheet.Item",
      img: "icons/svg/shield.svg",
    },
    silhouette_equipment: {
      dataModel: SilhouetteEquipmentModel,
      sheet: SilhouetteItemSheet,
      sheetLabel: "OMNIBUS.Silhouette.Sheet.Item",
      img: "icons/svg/item-bag.svg",
    },
  },
  rolls: [SilhouetteRoll as never],
  statusEffects: SILHOUETTE_STATUS_EFFECTS,
  keepCoreStatusEffects: ["dead"],
  settings: SILHOUETTE_SETTINGS,
  settingsMenu: SILHOUETTE_SETTINGS_MENU,
  combat: silhouetteCombat,
  chatActions: silhouetteChatActions,
  renderCard: (state) => (state[CARD_FLAG] ? { template: CARD_TEMPLATE, context: cardContext(state[CARD_FLAG] as never) as never } : null),
  checks: silhouetteChecks,
  templates: SILHOUETTE_TEMPLATES,
  /**
   * 2: the migrations read units, dashes and decimal commas and keep what they cannot read (migrations.ts).
   * 3: the ten attributes of the Silhouette CORE Rules; older characters and NPCs get the six they lacked at 0.
   */
  migration: { version: TEN_ATTRIBUTES_VERSION, migrateSystem: migrateSilhouetteSystem },
  api: { movementRates, movementModeForDistance, pullTogetherInitiative, SilhouetteRoll },
  onInit() {
    // Loosely typed: "moveToken" (v13) is not in fvtt-types' hook list.
    const hooks = Hooks as unknown as { on(name: string, fn: (...args: never[]) => unknown): number };
    hooks.on(
      "moveToken",
      (token: never, movement: never, operation: never, user: never) => void onMoveToken(token, movement, operation, user),
    );
    hooks.on("updateCombat", (combat: never, changed: never, options: never) => void onUpdateCombat(combat, changed, options));
    // Timers (an initiative mishap's dive-for-cover round) as Active Effect durations.
    registerTimerRules(silhouetteTimerRules);
    registerTimerHooks(Hooks as never);
    hooks.on("renderCombatTracker", (app: { viewed?: unknown } | null, html: HTMLElement) => {
      markTracker((app?.viewed ?? game.combat) as never, html);
      void holdTracker((app?.viewed ?? game.combat) as never, html);
    });
    // Readied actions and delay (004:L13-16): the tracker's controls, run by the active GM; the
    // tracker follows their effects on every client.
    registerGMRequest(HOLD_REQUEST, handleHoldRequest as never);
    hooks.on("createActiveEffect", (effect: never) => void onHoldEffectChanged(effect));
    hooks.on("deleteActiveEffect", (effect: never) => void onHoldEffectChanged(effect));
  },
});
