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
import type { RulesetId } from "../rules/index";

export type { RulesetId };
import type {
  StatusEffectSpec,
  SettingSpec,
  TargetInfo,
  CheckValues,
  CheckRequest,
  KindRequest,
  OddsLine,
  DocumentChange,
  PlannedAction,
  MigrationContext,
  TrackableAttributes,
  TokenAttributeHook,
  TokenDefaults,
  MovementBand,
} from "../rules/table/types";
import type { SettingsMenuTable } from "../rules/table/settings-menu";
export type { SettingsMenuTable };
// The plain shapes the table logic shares with the plumbing, re-exported beside the Foundry ones.
export type * from "../rules/table/types";

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

/** Where a check comes from. `dataset` is the clicked element's data-* attributes. */
export interface CheckSource {
  actor: Actor.Implementation | null;
  item?: Item.Implementation | null;
  kind: string;
  dataset: Record<string, string>;
  targets: TargetInfo[];
  /**
   * Only when the GM rebuilds a player's card (chat/verify.ts): the card's recorded dialog choices.
   */
  choices?: Record<string, string>;
}

/**
 * The checks as the plumbing calls them. A ruleset does not write one by hand: it lists its kinds
 * in a `CheckTable` and `checksByKind` (checks.ts) builds the handler that dispatches to them.
 */
export interface CheckHandler {
  /** Builds the request, or null when there is nothing to roll (the adapter notifies why). */
  build(source: CheckSource): CheckRequest | null | Promise<CheckRequest | null>;
  /** Exact odds for these values (pure: src/core). Throwing an OmnibusError marks the values invalid. */
  odds?(request: CheckRequest, values: CheckValues): OddsLine[];
  /** Rolls (an OmnibusRoll subclass) and posts the chat card. `rollMode` is what the user chose. */
  roll(request: CheckRequest, values: CheckValues, options: { rollMode: string }): Promise<unknown>;
  /**
   * The GM's re-derivation of a card a player created (chat/verify.ts). `covers(state)`: whether
   * this card's claim must be re-derived (then a card without its origin is refused); `check` gets
   * the request rebuilt from the author's actor, the values read from the recorded choices against
   * its fields, the card's Rolls and its claimed state, and throws an OmnibusError when the faces do
   * not fit the plan or the claimed result is not what the rules make of them.
   */
  rederive?: CheckRederive<CheckRequest>;
}

/** A card's re-derivation (see `CheckHandler.rederive`), for requests of type `R`. */
export interface CheckRederive<R> {
  covers(state: Record<string, unknown>): boolean;
  /**
   * Throws when the card does not hold; may answer the first roll's outcome as recomputed from its
   * faces (the shape of that Roll's `outcome`), which the GM then trusts over the card's own (a roll
   * request's result, roll-requests.ts).
   */
  check(context: { request: R; values: CheckValues; rolls: unknown[]; state: Record<string, unknown> }): unknown;
  /**
   * What the roll spends (D6 Character Points, a new Force Point, a used-up medpac): the documents'
   * updates (empty: nothing), computed from the rebuilt request and values. Only the active GM
   * applies it, once, when it records a player's card it saw created and the card holds; the
   * roller's client never spends them itself (verify.ts `gmSpends`). A GM's own roll spends locally.
   */
  spend?(context: { request: R; values: CheckValues; rolls: unknown[] }): DocumentChange[] | Promise<DocumentChange[]>;
  /**
   * The GM's refusal of what a card claims to spend, from the actor's current data and the card's
   * choices, before the rebuild: an OMNIBUS.Chat.Forged key (more points than the actor has, a
   * spend the rules forbid, a medpac with none left, any spend on a card no GM saw created) or null.
   * Called by the source's kind (`CheckSource.kind`), as `build` is.
   */
  refuseSpend?(context: { source: CheckSource; seenCreated: boolean }): string | null;
  /**
   * The status effects the roll turns on or off on its actor (id → active), applied by the GM with
   * `spend` and under the same rule (a Silhouette climber's "losing grip"); empty: none.
   */
  statuses?(context: { request: R; values: CheckValues; rolls: unknown[] }): Record<string, boolean>;
  /**
   * What a card that holds changes besides its spend, written by the active GM once it has
   * re-derived the card (cards are verified one at a time): a WFRP extended test's tracker takes the
   * step. `outcome` is `check`'s answer.
   */
  apply?(context: { request: R; values: CheckValues; state: Record<string, unknown>; outcome: unknown }): Promise<void>;
}

/**
 * One kind of check with its own request data `Data`: `build` makes the request (of this kind or
 * of another kind of the same table: a "medical" source builds a "medpac" request), `odds`, `roll`
 * and `rederive` take a request whose `kind` is this entry's key. Methods, so a table of kinds with
 * different data is one `CheckKinds`.
 */
export interface CheckKind<Data extends object> {
  build(source: CheckSource): KindRequest<Data> | null | Promise<KindRequest<Data> | null>;
  odds?(request: KindRequest<Data>, values: CheckValues): OddsLine[];
  roll(request: KindRequest<Data>, values: CheckValues, options: { rollMode: string }): Promise<unknown>;
  rederive?: CheckRederive<KindRequest<Data>>;
}

/** A ruleset's kinds of check, by `CheckSource.kind` (build) and `CheckRequest.kind` (odds, roll, rederive). */
export type CheckKinds = Record<string, CheckKind<object>>;

/** What a ruleset gives `checksByKind`: its kinds, and how a source of kind "item" or an unknown kind is read. */
export interface CheckTable {
  kinds: CheckKinds;
  /** The kind a source of kind "item" rolls as (by the item's type); null: nothing to roll (it notifies why). */
  itemKind?(source: CheckSource): string | null;
  /** A source of a kind the table lacks: built some other way, or null (nothing to roll; it notifies why). Default: refused as not valid. */
  unknown?(source: CheckSource): CheckRequest | null | Promise<CheckRequest | null>;
}

/**
 * What a chat-card action knows. On the active GM (`plan`) every field comes from Foundry or the
 * GM's record, never from the asker: `user` is the sender Foundry's server reported, `state` the
 * card as the GM recorded it at creation (plus the GM's amendments), `authorId` the author the
 * server reported. On the clicking client (`run`, `permitted` for display) `state` is the record's
 * when there is one, else the message's flags.
 */
export interface ChatActionContext {
  message: ChatMessage.Implementation;
  /** The user who asked (on the GM: the socket's sender, or the response message's author). */
  user: User.Implementation;
  /** The target the request names: one of the action's `targets(state)`, or null. */
  target: string | null;
  /** The card's `flags.omnibus` as the GM recorded it (a copy). */
  state: Record<string, unknown>;
  authorId: string | null;
  /** A second roll (`response: true` actions): the responder's message, its Rolls and their dialog choices. */
  response?: ResponseContext | null;
  /** A GM's override (`overridable` actions): ½, ×2, a custom amount, other actors. */
  override?: { factor?: number; amount?: number; actors?: string[] } | null;
}

export interface ResponseContext {
  message: ChatMessage.Implementation;
  rolls: Roll[];
  /** What the responder chose in their dialog (short strings, bounded by the action). */
  choices: Record<string, string>;
}

/**
 * A button on a chat card (`data-action`, and `data-target` where the card offers several).
 *  - `run`: a local action (roll damage, open a defence dialog): runs on the clicking client.
 *  - `plan`: a change, planned and applied ONLY on the active GM from the GM's record, the actors'
 *    current data and the settings (throw an OmnibusError to refuse). Once per (card, action,
 *    target) unless `repeatable`.
 *  - `response: true`: the plan takes a second roll that arrives as a response message
 *    (`postResponse`), never as a click.
 */
export interface ChatAction {
  run?(context: ChatActionContext): Promise<void> | void;
  /** With both `run` and `plan`: whether this click runs here (`run`) rather than asking the active GM (`plan`). Default: here. */
  local?(context: ChatActionContext): boolean;
  plan?(context: ChatActionContext): Promise<DocumentChange[] | PlannedAction> | DocumentChange[] | PlannedAction;
  /** Who may ask. Default: a GM or the card's author (as the server reported it). Checked on the GM. */
  permitted?(context: ChatActionContext): boolean;
  /** The targets the card offers this action (from the GM's record). Without it the action takes none. */
  targets?(state: Record<string, unknown>): string[];
  repeatable?: boolean;
  response?: boolean;
  /** The GM may apply it halved, doubled, as a custom amount or to the selected tokens. */
  overridable?: boolean;
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
  /**
   * The seconds of world time a combat round lasts (`CONFIG.time.roundTime`: core advances the
   * world's clock by it as each round ends), so world-time timers run on through a fight.
   */
  roundSeconds?: number;
  /** Surprise at the start of a fight: the GM's tracker button and dialog (combat.ts `askSurprise`). */
  surprise?: SurpriseHook;
}

/** The GM's choices in the surprise dialog: combatant ids by role, and the ruleset's own options. */
export interface SurpriseChoice {
  ambushers: string[];
  targets: string[];
  options: Record<string, string | boolean>;
}

/** A ruleset's surprise: extra dialog fields, and the rolls and conditions from the GM's choice. */
export interface SurpriseHook {
  /** Extra fields (a select with i18n-keyed choices, or a checkbox); labels are i18n keys. */
  fields?: Array<{ name: string; label: string; choices?: Record<string, string> }>;
  /** Rolls with Foundry's dice, applies the statuses and posts one card; returns who is surprised. */
  determine(combat: Combat.Implementation, choice: SurpriseChoice): Promise<Array<{ id: string; surprised: boolean }>>;
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
  /**
   * The rules options' menu (issue 19): their topics and the reference checks whose odds it shows
   * (src/rules/table/settings-menu.ts). The options it lists are registered hidden
   * (`config: false`) and edited in the menu (src/foundry/settings-menu.ts); without it, or for an
   * option it leaves out, the option shows in the flat settings list.
   */
  settingsMenu?: SettingsMenuTable;
  combat?: CombatHooks;
  /** Chat-card actions by name (`data-action` on the card's buttons). */
  chatActions?: Record<string, ChatAction>;
  /** The card's template and context from its (GM-recorded, amended) state; the plumbing renders it on every client. */
  renderCard?(state: Record<string, unknown>): { template: string; context: Record<string, unknown> } | null;
  checks?: CheckHandler;
  /** Whether an item may be dropped onto an actor (default: the item's type belongs to this ruleset). */
  acceptsItem?(actor: Actor.Implementation, itemType: string): boolean;
  /** Rolls an item (hotbar macro, sheet). Default: `checks.build({kind: "item"})` then the dialog. */
  rollItem?(item: Item.Implementation, options: { skipDialog: boolean }): Promise<unknown>;
  /** The ruleset's public API for macros: `game.omnibus.api`. */
  api?: Record<string, unknown>;
  /** Token bars: what each actor type offers (CONFIG.Actor.trackableAttributes; every ruleset's types). */
  trackableAttributes?: Record<string, TrackableAttributes>;
  /** Token-bar edits of derived attributes, mapped to the stored data (documents.ts `modifyTokenAttribute`). */
  tokenAttribute?: TokenAttributeHook;
  /** Prototype token defaults per actor type (tokens.ts preCreateActor). */
  tokenDefaults?: Record<string, TokenDefaults>;
  /** The token ruler's movement bands of an actor (pure; ruler.ts colours the drag by them), slowest first; empty: none. */
  movementBands?(type: string, system: Record<string, unknown>): MovementBand[];
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
