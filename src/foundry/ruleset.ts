/**
 * The rules adapter: everything a ruleset tells the Foundry plumbing about itself.
 *
 * A ruleset's glue lives in `src/foundry/<id>/` and exports one `RulesetAdapter` from `adapter.ts`.
 * The plumbing (src/foundry/system.ts) registers every adapter's data models at `init` — all four
 * rulesets, so switching the world's ruleset never re-validates or drops another ruleset's data —
 * and wires only the ACTIVE ruleset's sheets-as-default, rolls, status effects, combat, chat actions,
 * create dialogs, compendium packs and `game.omnibus` API.
 *
 * This file holds types only (and `defineRuleset`); it touches no Foundry global.
 */
import type { CheckEffects } from "../core/effects";
import type { RulesetId } from "../rules/index";

export type { RulesetId };

/** The document kinds a ruleset declares subtypes of. */
export type DocumentKind = "Actor" | "Item";

/**
 * A TypeDataModel subclass (`class X extends foundry.abstract.TypeDataModel<Schema, Actor.Implementation>`).
 * Typed loosely on purpose: fvtt-types' DataModel generics do not unify across rulesets.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataModelClass = abstract new (...args: any[]) => foundry.abstract.TypeDataModel<any, any>;

/** A sheet class, normally a subclass of `OmnibusActorSheet` / `OmnibusItemSheet`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SheetClass = new (...args: any[]) => any;

/** A Roll subclass (normally of `OmnibusRoll`), pushed onto `CONFIG.Dice.rolls`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RollClass = typeof Roll<any>;

/** One Actor or Item subtype. The type name carries the ruleset: `d6_character`, `wfrp_weapon`. */
export interface DocumentTypeSpec {
  /** The data model for `system`. Registered for every ruleset at init, active or not. */
  dataModel: DataModelClass;
  /** The sheet; without one the shared base sheet (OmnibusActorSheet / OmnibusItemSheet) is used. */
  sheet?: SheetClass;
  /** i18n key of the sheet's name in the sheet-config menu (default `OMNIBUS.Sheet.Default`). */
  sheetLabel?: string;
  /** Default icon for new documents of this type. */
  img?: string;
}

/** A status effect for `CONFIG.statusEffects`; `name` is an i18n key, `img` a path. */
export interface StatusEffectSpec {
  id: string;
  name: string;
  img: string;
  /** Extra fields Foundry allows on a status effect (e.g. `hud`, `changes`). */
  [extra: string]: unknown;
}

/**
 * A world (or client) setting of a ruleset: a rules option the digest lists. Registered as
 * `game.settings` key `<rulesetId>.<key>` in the `omnibus` namespace and shown in the settings
 * menu only while that ruleset is active. Read it with `rulesetSetting(id, key)` (settings.ts).
 */
export interface SettingSpec {
  key: string;
  /** i18n keys. */
  name: string;
  hint?: string;
  type: "boolean" | "number" | "string";
  default: boolean | number | string;
  /** value → i18n key; makes a select. */
  choices?: Record<string, string>;
  range?: { min: number; max: number; step: number };
  scope?: "world" | "client";
  requiresReload?: boolean;
}

/** A targeted token and how far it is from the acting token (targets.ts). */
export interface TargetInfo {
  tokenUuid: string;
  actorUuid: string | null;
  name: string;
  img: string;
  /** Distance in the scene's grid units (`canvas.grid.measurePath`), or null without an acting token. */
  distance: number | null;
  /** The scene's grid units, e.g. "m", "yd", "ft". */
  units: string;
}

/** A modifier or option the roll dialog lets the user change. */
export interface CheckField {
  /** Key in `CheckRequest.values`. */
  name: string;
  /** i18n key. */
  label: string;
  kind: "number" | "select" | "checkbox";
  min?: number;
  max?: number;
  step?: number;
  /** For selects: value → i18n key. */
  choices?: Record<string, string>;
  /** i18n key of a hint shown under the field. */
  hint?: string;
  /** Already-localized text shown after the label (e.g. the target a per-target field is for). */
  detail?: string;
}

export type CheckValue = number | string | boolean;
export type CheckValues = Record<string, CheckValue>;

/**
 * A check the adapter asks the plumbing to run: built from a sheet button, an item or a macro,
 * shown in the roll dialog, then rolled by the adapter. Plain data only (it crosses no socket, but
 * the gallery renders the dialog from it).
 */
export interface CheckRequest {
  ruleset: RulesetId;
  /** The adapter's own name for the kind of check: "skill", "attack", "initiative"… */
  kind: string;
  /** Already-localized title, e.g. "Blaster (4D+1)". */
  title: string;
  subtitle?: string;
  actorUuid?: string | null;
  itemUuid?: string | null;
  /** What the user may change, in display order. */
  fields: CheckField[];
  /** The defaults. The dialog starts from these every time (it remembers nothing between checks). */
  values: CheckValues;
  targets: TargetInfo[];
  /** The adapter's own plain data (dice code, characteristic, …). */
  data?: Record<string, unknown>;
  /** The actor's Active Effects and the bonus keys this check reads (effects.ts `attachEffects`); the dialog lists each contribution. */
  effects?: CheckEffects;
}

/** One line of odds in the roll dialog: an i18n label and an exact probability (0…1) from src/core. */
export interface OddsLine {
  label: string;
  probability: number;
  /** Shown more prominently (the main success chance). */
  primary?: boolean;
  /** Already-localized text shown after the label (a target's name, the code against its difficulty). */
  detail?: string;
}

/** Where a check comes from. `dataset` is the clicked element's data-* attributes. */
export interface CheckSource {
  actor: Actor.Implementation | null;
  item?: Item.Implementation | null;
  kind: string;
  dataset: Record<string, string>;
  targets: TargetInfo[];
}

export interface CheckHandler {
  /** Builds the request, or null when there is nothing to roll (the adapter notifies why). */
  build(source: CheckSource): CheckRequest | null | Promise<CheckRequest | null>;
  /** Exact odds for these values (pure: src/core). Throwing an OmnibusError marks the values invalid. */
  odds?(request: CheckRequest, values: CheckValues): OddsLine[];
  /** Rolls (an OmnibusRoll subclass) and posts the chat card. `rollMode` is what the user chose. */
  roll(request: CheckRequest, values: CheckValues, options: { rollMode: string }): Promise<unknown>;
}

/** What a chat-card action knows when it runs (on the clicking client or on the GM). */
export interface ChatActionContext {
  message: ChatMessage.Implementation;
  /** The user who clicked (on the GM: the user who asked). */
  user: User.Implementation;
  /** The button's data-* values (strings), without `action`. */
  payload: Record<string, string>;
}

/** One change to one document, applied as ONE update (plus status toggles, if any). */
export interface DocumentChange {
  uuid: string;
  update?: Record<string, unknown>;
  /** Status effect id → on/off, applied with `actor.toggleStatusEffect`. */
  statuses?: Record<string, boolean>;
}

/**
 * A button on a chat card, dispatched per message from `renderChatMessageHTML`.
 *  - `run`: a local action (roll damage, start an opposed check…): runs on the clicking client.
 *  - `plan`: an action that changes documents. It plans the changes (and validates: throw an
 *    OmnibusError to refuse); the plumbing applies them locally when the user owns every changed
 *    document and the message, otherwise sends the request to the active GM over the system socket,
 *    where `permitted` and `plan` run again before anything is applied.
 * An action is applied once per message and key (`data-key` on the button; the key defaults to the
 * action name); a second click does nothing. Set `repeatable: true` to allow repeats.
 */
export interface ChatAction {
  run?(context: ChatActionContext): Promise<void> | void;
  plan?(context: ChatActionContext): Promise<DocumentChange[]> | DocumentChange[];
  /** Who may ask. Default: a GM or the message's author. Re-checked on the GM. */
  permitted?(context: ChatActionContext): boolean;
  repeatable?: boolean;
  /** Whether the button is shown to the current user (default: a GM, or the author). */
  visible?(message: ChatMessage.Implementation, user: User.Implementation): boolean;
}

/** Initiative and turn order. */
export interface CombatHooks {
  /** A Roll (normally an OmnibusRoll subclass) for this combatant's initiative, unevaluated. */
  initiativeRoll?(combatant: Combatant.Implementation): Roll | null;
  /** Turn order: negative when `a` acts first. Default: Foundry's (initiative descending). */
  compare?(a: Combatant.Implementation, b: Combatant.Implementation): number;
  /** `CONFIG.Combat.initiative` formula/decimals for the plain case. */
  formula?: string;
  decimals?: number;
}

/** What a world migration step knows about the document it migrates (migrations.ts). */
export interface MigrationContext {
  kind: DocumentKind;
  /** The document's type, e.g. `d6_character`. */
  type: string;
  name: string;
  uuid: string;
  /** The ruleset's data version the world was at (0 when it was never recorded). */
  fromVersion: number;
  /** True for the partial `system` of an unlinked token's actor delta (only the fields it overrides). */
  partial: boolean;
}

/**
 * The ruleset's data version and its world migration (migrations.ts). At `ready` the active GM
 * migrates every document of this ruleset's types once the world's recorded version is below
 * `version`: each document's stored `system` goes through its data model's `migrateData`, then
 * through `migrateSystem`; a document whose source changed is updated once, the others are not
 * touched. To add a migration: bump `version` and put the step in the data model's `migrateData`
 * (it also runs whenever Foundry loads the document), or — for a step that needs the version the
 * world came from — in `migrateSystem`, gated on `context.fromVersion`.
 * Both must be idempotent and must tolerate a partial source (`context.partial`).
 */
export interface RulesetMigration {
  /** The ruleset's current data version: an integer ≥ 1. Without `migration` a ruleset is at 1. */
  version: number;
  /** Changes a document's `system` source in place (already through `migrateData`). Throw to report the document as failed; it is then left unchanged. */
  migrateSystem?(system: Record<string, unknown>, context: MigrationContext): void;
}

export interface RulesetAdapter {
  id: RulesetId;
  /** i18n key of the ruleset's name (e.g. `OMNIBUS.Ruleset.d6`). */
  label: string;
  /** Actor subtypes by full type name (`d6_character`). Each must start with `<id>_`. */
  actorTypes: Record<string, DocumentTypeSpec>;
  /** Item subtypes by full type name (`d6_weapon`). */
  itemTypes: Record<string, DocumentTypeSpec>;
  /** Roll subclasses, pushed onto CONFIG.Dice.rolls (for every ruleset, so old messages rehydrate). */
  rolls?: RollClass[];
  /** Extra die terms by denomination (CONFIG.Dice.terms). Registered for every ruleset. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  dieTerms?: Record<string, any>;
  /** Status effects while active (CONFIG.statusEffects). */
  statusEffects?: StatusEffectSpec[];
  /** Core status effects to keep alongside (default ["dead"], which the combat tracker uses). */
  keepCoreStatusEffects?: string[];
  settings?: SettingSpec[];
  combat?: CombatHooks;
  /** Chat-card actions by name (`data-action` on the card's buttons). */
  chatActions?: Record<string, ChatAction>;
  checks?: CheckHandler;
  /** Whether an item may be dropped onto an actor (default: the item's type belongs to this ruleset). */
  acceptsItem?(actor: Actor.Implementation, itemType: string): boolean;
  /** Rolls an item (hotbar macro, sheet). Default: `checks.build({kind: "item"})` then the dialog. */
  rollItem?(item: Item.Implementation, options: { skipDialog: boolean }): Promise<unknown>;
  /** The ruleset's public API for macros: `game.omnibus.api`. */
  api?: Record<string, unknown>;
  /** The ruleset's data version and world migration step (default: version 1, no step). */
  migration?: RulesetMigration;
  /** Extra templates to preload (paths as `systems/omnibus/templates/...`). */
  templates?: string[];
  /** Lifecycle hooks, called only for the active ruleset. */
  onInit?(): void;
  onSetup?(): void;
  onReady?(): void | Promise<void>;
}

/** Identity helper that type-checks an adapter literal. */
export function defineRuleset(adapter: RulesetAdapter): RulesetAdapter {
  return adapter;
}
