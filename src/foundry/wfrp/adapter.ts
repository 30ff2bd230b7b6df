/**
 * The `wfrp` ruleset's adapter: what it tells the Foundry plumbing (see src/foundry/README.md and
 * the `RulesetAdapter` docs in src/foundry/ruleset.ts). Types are declared here AND in system.json's
 * documentTypes, with labels `TYPES.Actor.wfrp_<name>` / `TYPES.Item.wfrp_<name>` in both lang files.
 *
 * Compendium names: each pack document has its English `name` and its Russian name (the seed's own
 * terms where it has them) in `flags.omnibus.nameRu`.
 */
import { partyActorType } from "../party";
import { WFRP_CREATION_ACTIONS } from "../creation";
import { testOdds, opposedOdds } from "../../rules/wfrp/index";
import { WFRP_STATUS_EFFECTS } from "./status-effects";
import { defineRuleset } from "../ruleset";
import { WFRP_TRACKABLE, WFRP_TOKEN_DEFAULTS, wfrpMovementBands } from "../../rules/wfrp/table/tokens";
import { templatePath } from "../templates/helpers";
import { wfrpChatActions, renderWfrpCard } from "./actions";
import { wfrpChecks } from "./checks";
import { registerCombatHooks, wfrpCombat } from "./combat";
import { decorateConditionHud, redrawConditionCounts, registerConditionCountToken, type HudActor } from "./tokens";
import { deriveActor } from "../../rules/wfrp/table/derive";
import { currentRules } from "./settings";
import { onWfrpActorChange, onWfrpEffectCreated, wfrpTimerRules } from "./timers";
import { registerTimerHooks, registerTimerRules } from "../durations";
import { adoptTrackers, registerExtendedRecords, registerTrackerHooks } from "./extended/checks";
import {
  WfrpArmourModel,
  WfrpCharacterModel,
  WfrpConditionModel,
  WfrpCreatureModel,
  WfrpExtendedModel,
  WfrpNpcModel,
  WfrpSkillModel,
  WfrpTalentModel,
  WfrpTrappingModel,
  WfrpWeaponModel,
} from "./models";
import { WFRP_SETTINGS, WFRP_SETTINGS_MENU } from "../../rules/wfrp/table/settings";
import { WfrpInitiativeRoll, WfrpTestRoll } from "./rolls";
import { WfrpActorSheet, WfrpItemSheet } from "./sheets";

export const WFRP_TEMPLATES = [
  "wfrp/actor/main",
  "wfrp/actor/skills",
  "wfrp/actor/combat",
  "wfrp/item/details",
  "wfrp/chat/test-card",
  "wfrp/chat/attack-card",
  "wfrp/chat/round-end-card",
  "wfrp/chat/opposed-card",
  "wfrp/partials/test-side",
  "wfrp/partials/extended-progress",
].map(templatePath);

const actorSheet = { sheet: WfrpActorSheet, sheetLabel: "OMNIBUS.WFRP.Sheet.Actor" };
const itemSheet = { sheet: WfrpItemSheet, sheetLabel: "OMNIBUS.WFRP.Sheet.Item" };

export const wfrpAdapter = defineRuleset({
  id: "wfrp",
  trackableAttributes: WFRP_TRACKABLE,
  movementBands: wfrpMovementBands,
  tokenDefaults: WFRP_TOKEN_DEFAULTS,
  label: "OMNIBUS.Ruleset.wfrp",
  actorTypes: {
    wfrp_character: { dataModel: WfrpCharacterModel, ...actorSheet },
    wfrp_npc: { dataModel: WfrpNpcModel, ...actorSheet },
    wfrp_creature: { dataModel: WfrpCreatureModel, ...actorSheet },
    wfrp_party: partyActorType(),
  },
  itemTypes: {
    wfrp_skill: { dataModel: WfrpSkillModel, ...itemSheet, img: "icons/svg/book.svg" },
    wfrp_talent: { dataModel: WfrpTalentModel, ...itemSheet, img: "icons/svg/upgrade.svg" },
    wfrp_weapon: { dataModel: WfrpWeaponModel, ...itemSheet, img: "icons/svg/sword.svg" },
    wfrp_armour: { dataModel: WfrpArmourModel, ...itemSheet, img: "icons/svg/shield.svg" },
    wfrp_trapping: { dataModel: WfrpTrappingModel, ...itemSheet, img: "icons/svg/item-bag.svg" },
    wfrp_condition: { dataModel: WfrpConditionModel, ...itemSheet, img: "icons/svg/aura.svg" },
    wfrp_extended: { dataModel: WfrpExtendedModel, ...itemSheet, img: "icons/svg/clockwork.svg" },
  },
  rolls: [WfrpTestRoll as never, WfrpInitiativeRoll as never],
  statusEffects: WFRP_STATUS_EFFECTS,
  keepCoreStatusEffects: ["dead"],
  settings: WFRP_SETTINGS,
  settingsMenu: WFRP_SETTINGS_MENU,
  combat: wfrpCombat,
  chatActions: { ...wfrpChatActions, ...WFRP_CREATION_ACTIONS },
  renderCard: renderWfrpCard,
  checks: wfrpChecks,
  templates: WFRP_TEMPLATES,
  /** 2: the migrations read units, dashes and decimal commas and keep what they cannot read (migrations.ts). */
  migration: { version: 2 },
  api: {
    /** The world's rules options as the pure rules take them. */
    rules: () => currentRules(),
    /** Derived traits of plain actor data (see src/rules/wfrp/table/derive.ts). */
    derive: deriveActor,
    /** Exact odds from the pure rules. */
    testOdds,
    opposedOdds,
  },
  onInit() {
    // Stacking Conditions' counts on the token's own status icons.
    registerConditionCountToken();
    // The GM's record of extended tests' trackers (a hidden world setting).
    registerExtendedRecords();
  },
  async onReady() {
    registerCombatHooks();
    // The active GM is the one writer of extended tests' trackers (extended/checks.ts).
    registerTrackerHooks();
    await adoptTrackers();
    // Timers (Surprised for the first round) as Active Effect durations.
    registerTimerRules(wfrpTimerRules);
    registerTimerHooks(Hooks as never);
    Hooks.on("updateActor", (actor: unknown, changed: unknown) => onWfrpActorChange(actor as never, (changed ?? {}) as never));
    Hooks.on("createActiveEffect", (effect: unknown) => onWfrpEffectCreated(effect as never));
    // Stacking Conditions' counts on the token HUD, changed by clicking.
    Hooks.on("renderTokenHUD", ((hud: { actor?: HudActor | null; object?: { actor?: HudActor | null } | null }, html: HTMLElement) => {
      decorateConditionHud(html, hud.actor ?? hud.object?.actor ?? null);
    }) as never);
    Hooks.on("updateActor", (actor: unknown, changed: unknown) => redrawConditionCounts(actor as never, (changed ?? {}) as never));
  },
});
