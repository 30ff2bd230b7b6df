/**
 * Wires Omnibus into Foundry's lifecycle. `installOmnibus(adapters)` is the whole entry point
 * (index.ts calls it with the four rulesets; glue tests call it with their own adapters).
 *
 * init   — settings and keybindings (keybindings.ts); the @Check enricher (check-link.ts); (the world's ruleset is read here and fixed for the session); the Omnibus
 *          Actor/Item classes (create dialogs offer only the active ruleset's types); data models
 *          and sheets for EVERY ruleset's types (switching never drops data); every ruleset's Roll
 *          classes pushed onto CONFIG.Dice.rolls and die terms added (core's ApplicationV1 sheets
 *          unregistered); token bars (CONFIG.Actor.trackableAttributes) for every ruleset's
 *          actor types and the Actor's token-bar edits of derived values; the active ruleset's status
 *          effects, combat and token ruler bands; Handlebars helpers and templates (as partials by path); game.omnibus.
 * setup  — the system's dice in manual dice entry; the active adapter's onSetup.
 * ready  — the system socket; inline check links' clicks; compendium index names in the reader's language (pack-names.ts); world migrations (migrations.ts, active GM only); the one-time ruleset question on a new world; the adapter's onReady.
 * always — chat-card buttons and posted item cards (renderChatMessageHTML), hotbar macros (hotbarDrop), item-drop filter
 *          (dropActorSheetData), compendium list filter (renderCompendiumDirectory), Russian names
 *          and prototype token defaults of new actors (preCreateActor).
 */
import { partyDrop } from "./party";
import { registerCreationSettings } from "./creation";
import { createApi } from "./api";
import { installCheckLinkClicks, registerCheckLinkEnricher } from "./check-link";
import { registerKeybindings } from "./keybindings";
import { bindTableDraws, registerTables } from "./tables";
import { addRequestTool, bindRollRequest, registerRollRequests } from "./roll-requests";
import { bindItemCard } from "./post-item";
import { rewordExplain } from "./explain-view";
import { bindChatCard, registerChatHooks, registerChatSettings, registerSocket } from "./chat/actions";
import { combatClass, combatantClass, registerSurpriseButton } from "./combat";
import { askRuleset, shouldAskRuleset } from "./dialogs/choose-ruleset";
import { withRulesetCreateDialog, withTokenAttributes } from "./documents";
import { registerTokenDefaults, registerTrackableAttributes } from "./tokens";
import { registerTokenRuler } from "./ruler";
import { onHotbarDrop } from "./hotbar";
import { installPackUnlockRetry, migrateWorldIfNeeded } from "./migrations";
import {
  SYSTEM_ID,
  activeRuleset,
  activeRulesetId,
  allRulesets,
  getRuleset,
  isPackShown,
  registerRuleset,
  rulesetOfType,
  setActiveRuleset,
} from "./registry";
import { registerRussianNames } from "./names";
import { localizePackIndexes } from "./pack-names";
import type { DocumentKind, RulesetAdapter, SheetClass } from "./ruleset";
import { registerRulesetSettings, registerSystemSettings, storedRuleset } from "./settings";
import { registerSettingsMenu } from "./settings-menu";
import { addAwardButton, registerExperienceSettings } from "./experience";
import { OmnibusActorSheet } from "./sheets/actor-sheet";
import { filterItemDrop } from "./sheets/drop";
import { OmnibusItemSheet } from "./sheets/item-sheet";
import { readStatusEffects, writeStatusEffects } from "./compat";
import { statusEffectsFor } from "./status-effects";
import { registerHelpers, templatePath, type HandlebarsLike } from "./templates/helpers";
import { registerDiceSoNice, registerFulfillmentDice, type DiceSoNiceLike } from "./dice/register";
import { localize } from "./i18n";
import { configureActiveEffects } from "./effects";
import { registerQuenchBatch, type QuenchLike } from "./self-test";

/** Every shared template, preloaded at init and registered as a partial under its path. */
export const SHARED_TEMPLATES = [
  "shared/actor-header",
  "shared/item-header",
  "shared/tabs",
  "shared/items-tab",
  "shared/item-list",
  "shared/notes-tab",
  "shared/item-description",
  "shared/dice-faces",
  "shared/targets",
  "shared/target-outcomes",
  "shared/advance-button",
  "shared/ledger",
  "shared/effects",
  "shared/explain",
  "shared/range-units",
  "dialog/award-experience",
  "shared/party",
  "shared/creation",
  "dialog/roll-dialog",
  "dialog/roll-field",
  "dialog/roll-odds",
  "dialog/choose-ruleset",
  "dialog/settings-menu",
  "chat/check-card",
  "chat/card-record",
  "chat/card-log",
  "chat/check-link",
  "chat/request-results",
  "chat/item-card",
].map(templatePath);

// Loose views of the CONFIG parts the registration writes: their fvtt-types are keyed by declared
// types, which the adapters only know at run time.
interface DocumentConfig {
  documentClass: unknown;
  dataModels: Record<string, unknown>;
}
interface LooseConfig {
  Actor: DocumentConfig;
  Item: DocumentConfig;
  Combat: { documentClass: unknown; initiative: { formula: string | null; decimals: number } };
  Combatant: { documentClass: unknown };
  Dice: { rolls: unknown[]; terms: Record<string, unknown> };
}
function config(): LooseConfig {
  return CONFIG as unknown as LooseConfig;
}

function registerSheet(kind: DocumentKind, type: string, sheet: SheetClass, label: string): void {
  const sheets = foundry.applications.apps.DocumentSheetConfig as unknown as {
    registerSheet(cls: unknown, scope: string, sheet: unknown, options: Record<string, unknown>): void;
  };
  sheets.registerSheet(kind === "Actor" ? Actor : Item, SYSTEM_ID, sheet, { types: [type], makeDefault: true, label });
}

/**
 * Core's ApplicationV1 sheets stay selectable in "Configure Sheet" unless a system removes them;
 * like dnd5e and other v13 systems, unregister them (`DocumentSheetConfig.unregisterSheet(Actor,
 * "core", foundry.appv1.sheets.ActorSheet)`), so only our sheets are offered.
 */
function unregisterCoreSheets(): void {
  const sheets = foundry.applications.apps.DocumentSheetConfig as unknown as {
    unregisterSheet(cls: unknown, scope: string, sheet: unknown): void;
  };
  const v1 = (foundry as unknown as { appv1?: { sheets?: { ActorSheet?: unknown; ItemSheet?: unknown } } }).appv1?.sheets;
  if (v1?.ActorSheet) sheets.unregisterSheet(Actor, "core", v1.ActorSheet);
  if (v1?.ItemSheet) sheets.unregisterSheet(Item, "core", v1.ItemSheet);
}

function registerTypes(adapter: RulesetAdapter): void {
  const cfg = config();
  for (const [kind, types, base] of [
    ["Actor", adapter.actorTypes, OmnibusActorSheet],
    ["Item", adapter.itemTypes, OmnibusItemSheet],
  ] as const) {
    for (const [type, spec] of Object.entries(types)) {
      cfg[kind].dataModels[type] = spec.dataModel;
      registerSheet(kind, type, spec.sheet ?? base, spec.sheetLabel ?? "OMNIBUS.Sheet.Default");
    }
  }
}

function registerDice(adapter: RulesetAdapter): void {
  const cfg = config();
  for (const roll of adapter.rolls ?? []) if (!cfg.Dice.rolls.includes(roll)) cfg.Dice.rolls.push(roll);
  for (const [denomination, term] of Object.entries(adapter.dieTerms ?? {})) cfg.Dice.terms[denomination] = term;
}

export function onInit(): void {
  registerSystemSettings();
  registerChatSettings();
  const active = storedRuleset();
  setActiveRuleset(active);
  registerRulesetSettings(active);
  registerSettingsMenu(active);
  registerExperienceSettings(active);
  registerTables(active);
  registerRollRequests();
  registerCreationSettings(active);
  registerKeybindings();
  registerCheckLinkEnricher();

  const cfg = config();
  cfg.Actor.documentClass = withTokenAttributes(withRulesetCreateDialog(cfg.Actor.documentClass as never, "Actor"));
  cfg.Item.documentClass = withRulesetCreateDialog(cfg.Item.documentClass as never, "Item");

  configureActiveEffects();
  unregisterCoreSheets();
  for (const adapter of allRulesets()) {
    registerTypes(adapter);
    registerDice(adapter);
  }
  registerTrackableAttributes(allRulesets());

  const adapter = activeRuleset();
  if (adapter) {
    writeStatusEffects(statusEffectsFor(adapter, readStatusEffects()));
    registerTokenRuler(adapter);
    if (adapter.combat) {
      if (adapter.combat.formula) cfg.Combat.initiative = { formula: adapter.combat.formula, decimals: adapter.combat.decimals ?? 0 };
      if (adapter.combat.roundSeconds) CONFIG.time.roundTime = adapter.combat.roundSeconds;
      cfg.Combatant.documentClass = combatantClass(cfg.Combatant.documentClass as never, adapter.combat);
      cfg.Combat.documentClass = combatClass(cfg.Combat.documentClass as never, adapter.combat);
      if (adapter.combat.surprise) registerSurpriseButton(adapter.combat.surprise);
    }
  }

  // The numbers the helpers print follow the client's language (a decimal comma in Russian).
  registerHelpers(Handlebars as unknown as HandlebarsLike, { language: () => game.i18n?.lang });
  void foundry.applications.handlebars.loadTemplates([...SHARED_TEMPLATES, ...(adapter?.templates ?? [])]);

  if (adapter) (game as unknown as { omnibus: unknown }).omnibus = createApi(adapter);
  adapter?.onInit?.();
  console.log(`Omnibus | init: ruleset ${activeRulesetId()}`);
}

export function onSetup(): void {
  registerFulfillmentDice(localize);
  activeRuleset()?.onSetup?.();
}

export async function onReady(): Promise<void> {
  registerSocket();
  installCheckLinkClicks();
  void localizePackIndexes((game.packs ?? []) as never, SYSTEM_ID, game.i18n?.lang);
  await migrateWorldIfNeeded();
  if (shouldAskRuleset()) await askRuleset();
  await activeRuleset()?.onReady?.();
}

/** Hides the compendium packs of other rulesets in the compendium sidebar. */
export function hideForeignPacks(html: HTMLElement): void {
  const ruleset = activeRulesetId();
  for (const entry of Array.from(html.querySelectorAll<HTMLElement>("[data-pack], [data-entry-id]"))) {
    const id = entry.dataset.pack ?? entry.dataset.entryId ?? "";
    const pack = game.packs?.get(id) as { metadata?: { packageType?: string; packageName?: string; name: string } } | undefined;
    if (pack?.metadata && !isPackShown(pack.metadata, ruleset)) entry.remove();
  }
}

export function installOmnibus(adapters: RulesetAdapter[]): void {
  for (const adapter of adapters) registerRuleset(adapter);
  Hooks.once("init", onInit);
  Hooks.once("setup", onSetup);
  Hooks.once("ready", () => void onReady());
  Hooks.on("renderChatMessageHTML", ((message: unknown, html: HTMLElement) => {
    bindItemCard(html);
    // After bindChatCard: it may replace the card with one rendered from the GM's record.
    return bindChatCard(message as never, html).then(() => {
      rewordExplain(html, localize, game.i18n?.lang);
      bindTableDraws(message as never, html);
      return bindRollRequest(message as never, html);
    });
  }) as never);
  registerChatHooks();
  Hooks.on("hotbarDrop", onHotbarDrop as never);
  Hooks.on("dropActorSheetData", filterItemDrop as never);
  Hooks.on("dropActorSheetData", partyDrop as never);
  Hooks.on("renderActorDirectory", addAwardButton as never);
  Hooks.on("getSceneControlButtons" as never, addRequestTool as never);
  Hooks.on("renderCompendiumDirectory", (_app, html) => hideForeignPacks(html as HTMLElement));
  installPackUnlockRetry();
  Hooks.once(
    "quenchReady" as never,
    ((quench: QuenchLike) => {
      const adapter = activeRuleset();
      if (adapter) registerQuenchBatch(quench, adapter);
    }) as never,
  );
  Hooks.once("diceSoNiceReady" as never, ((dice3d: DiceSoNiceLike) => registerDiceSoNice(dice3d, localize)) as never);
  registerRussianNames(isRegisteredType);
  registerTokenDefaults();
}

/** Whether a document type is declared by a registered ruleset (`d6_character`, `wfrp_skill`…). */
function isRegisteredType(type: string): boolean {
  const id = rulesetOfType(type);
  const adapter = id ? getRuleset(id) : undefined;
  return Boolean(adapter && (Object.hasOwn(adapter.actorTypes, type) || Object.hasOwn(adapter.itemTypes, type)));
}
