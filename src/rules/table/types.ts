/**
 * The plain shapes the table's logic shares with the Foundry plumbing: a check's request, its
 * fields, values and odds lines, a planned document change, settings and status effects as specs,
 * token bars. Plain data only, so the rulesets' table logic (src/rules/<id>/table) builds them
 * without the plumbing; src/foundry/ruleset.ts re-exports them beside the adapter's Foundry types.
 */
import type { CheckEffects, PlainEffect } from "../../core/effects";
import type { RulesetId } from "../index";

/** The document kinds a ruleset declares subtypes of. */
export type DocumentKind = "Actor" | "Item";

/** A status effect the plumbing registers; `name` is an i18n key, `img` a path. */
export interface StatusEffectSpec {
  id: string;
  name: string;
  img: string;
  /** Extra fields Foundry allows on a status effect (e.g. `hud`, `changes`). */
  [extra: string]: unknown;
}

/**
 * A world (or client) setting of a ruleset: a rules option the digest lists. Registered as
 * world setting `<rulesetId>_<key>` in the `omnibus` namespace and shown in the settings
 * menu only while that ruleset is active. Read it with `rulesetSetting(id, key)` (src/foundry/settings.ts).
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
  /** Distance in the scene's grid units (measured by the plumbing, src/foundry/targets.ts), or null without an acting token. */
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
  /** A rarely used option: the dialog keeps it behind a "More options" disclosure that counts the ones set. */
  rare?: boolean;
}

/**
 * An actor document as plain data, as the glue hands it to a ruleset's table logic (Storytelling's
 * ActorSnapshot, WFRP's ActorView): `Item` is the ruleset's plain item.
 */
export interface PlainActor<Item> {
  uuid: string;
  name: string;
  img: string;
  type: string;
  system: Record<string, unknown>;
  items: Item[];
  statuses?: string[];
  /** The actor's `flags.omnibus`. */
  flags?: Record<string, unknown>;
  /** The Active Effects that apply to the actor (src/foundry/effects.ts `actorEffects`). */
  effects?: PlainEffect[];
}

export type CheckValue = number | string | boolean;

export type CheckValues = Record<string, CheckValue>;

/** A dialog value that should be a number: `fallback` when it is missing or not a number. */
export function numberValue(values: CheckValues, name: string, fallback = 0): number {
  const v = values[name];
  return typeof v === "number" ? v : fallback;
}

/** A dialog value that should be text: `fallback` when it is missing or not text. */
export function textValue(values: CheckValues, name: string, fallback: string): string {
  const v = values[name];
  return typeof v === "string" ? v : fallback;
}

/**
 * A check the adapter asks the plumbing to run: built from a sheet button, an item or a macro,
 * shown in the roll dialog, then rolled by the adapter. Plain data only (it crosses no socket, but
 * the gallery renders the dialog from it).
 */
export interface CheckRequest<Data extends object = object> {
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
  /** The kind's own plain data (dice code, characteristic, …): `Data`, typed per kind. */
  data?: Data;
  /** The actor's Active Effects and the bonus keys this check reads (effects.ts `attachEffects`); the dialog lists each contribution. */
  effects?: CheckEffects;
  /** Where it was built from (kind and dataset), so the GM can build it again from the actor (chat/verify.ts). */
  source?: { kind: string; dataset: Record<string, string> };
  /** The roll request this check answers (its card's id and the actor's index on it); the card carries it next to its origin. */
  requestLink?: RequestLink;
}

/** A check card's claim to answer a roll request: the request card's message id, the asked actor's index on it. */
export interface RequestLink {
  request: string;
  index: number;
}

/** A request of one kind, carrying that kind's data (what its `build` returns and its `roll` reads). */
export interface KindRequest<Data extends object> extends CheckRequest<Data> {
  data: Data;
}

/** One line of odds in the roll dialog: an i18n label and an exact probability (0…1) from src/core. */
export interface OddsLine {
  label: string;
  /** A chance, 0…1 (0 on a `fact` line, where it is not shown). */
  probability: number;
  /** A number behind the roll, not a chance (the code rolled, a pool's size, "out of range"): shown without percent or bar. */
  fact?: boolean;
  /** Shown more prominently (the main success chance). */
  primary?: boolean;
  /** Already-localized text shown after the label (a target's name, the code against its difficulty). */
  detail?: string;
  /** A fact line's value: already-localized text ("5D+2", "7 dice"), or an i18n key in `valueKey`. */
  value?: string;
  valueKey?: string;
}

/** One change to one document, applied as ONE update (plus status toggles, if any). */
export interface DocumentChange {
  uuid: string;
  update?: Record<string, unknown>;
  /** Status effect id → on/off, applied with `actor.toggleStatusEffect`. */
  statuses?: Record<string, boolean>;
}

/** What a plan may return: the changes, the card's amended state, and a summary for the card's "applied" line. */
export interface PlannedAction {
  changes: DocumentChange[];
  /** The card's new state (an amendment of the GM's record; the card re-renders from it). */
  state?: Record<string, unknown>;
  summary?: { key: string; data?: Record<string, string | number> } | null;
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
 * What the token bars may show for one actor type (the plumbing registers them per actor type, api
 * `ActorTrackableAttributes`): paths inside `system`; `bar` ones hold `{value, max}`, `value` ones a number.
 */
export interface TrackableAttributes {
  bar: string[];
  value: string[];
}

/**
 * A token-bar edit of an attribute the data model DERIVES (the d6 wound level shown as a bar, the
 * Storytelling Health track, the Silhouette wound steps): the derivation would overwrite a write to
 * the shown path, so the ruleset says which stored data to change instead. Pure functions of plain
 * data (no Foundry global), so they are tested against the rules' numbers.
 */
export interface TokenAttributeHook {
  /** The bar as shown (`{value, max}`) when this attribute is derived for this type; null → Foundry's own handling. */
  read(type: string, system: Record<string, unknown>, attribute: string): { value: number; max: number } | null;
  /** The actor update (keys `system.…`) that makes the bar show `target` (already whole and within 0…max). */
  write(type: string, system: Record<string, unknown>, attribute: string, target: number): Record<string, unknown>;
  /** Status effects the new value sets (id → on/off), applied with `actor.toggleStatusEffect` after the update. */
  statuses?(type: string, system: Record<string, unknown>, attribute: string, target: number): Record<string, boolean> | null;
}

/** A prototype token default per actor type, applied at creation where the creator set nothing. */
export interface TokenDefaults {
  actorLink: boolean;
  /** CONST.TOKEN_DISPOSITIONS: 1 friendly, 0 neutral, -1 hostile. */
  disposition: -1 | 0 | 1;
  /** Paths inside `system` for the two bars (bar1 normally `health`). */
  bar1?: string;
  bar2?: string;
}

/** One movement band of the token ruler: moves up to `limit` (scene distance units) are in it. */
export interface MovementBand {
  /** The band's own name (`cautious`, `sprint`…), for tests and labels. */
  key: string;
  limit: number;
  /** The i18n key of the band's name, as the token ruler's label shows it ("Run", «Бег»). */
  label: string;
}
