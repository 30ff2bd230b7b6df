/**
 * Sheet contexts as plain functions (no Foundry globals): the sheet classes call them with a
 * document's data, and the gallery calls them with sample data from the packs, so both render the
 * same templates from the same shape.
 *
 * Labels are i18n keys; templates localize them.
 */
import { experienceContext, type ExperienceContext } from "./experience-context";
import { rangeReading, rulesetLengthUnit, type RangeReading } from "../../core/units";
import { formatDecimal, type NumberLanguage } from "./format";

export interface TabDefinition {
  id: string;
  /** i18n key. */
  label: string;
  /** Font Awesome classes, e.g. "fa-solid fa-dice". */
  icon?: string;
}

export interface SheetTab extends TabDefinition {
  group: string;
  active: boolean;
  cssClass: string;
}

export function buildTabs(definitions: TabDefinition[], activeId: string | null | undefined, group = "primary"): SheetTab[] {
  const active = definitions.some((t) => t.id === activeId) ? activeId : definitions[0]?.id;
  return definitions.map((t) => ({ ...t, group, active: t.id === active, cssClass: t.id === active ? "active" : "" }));
}

/** The plain data of an embedded item the sheets list. */
export interface ItemData {
  id: string;
  name: string;
  img?: string | null;
  type: string;
  system?: Record<string, unknown>;
  sort?: number;
}

export interface ItemRow {
  id: string;
  name: string;
  img: string;
  type: string;
  /** i18n key of the type's label (`TYPES.Item.<type>`). */
  typeLabel: string;
  system: Record<string, unknown>;
}

export interface ItemGroup {
  type: string;
  typeLabel: string;
  items: ItemRow[];
}

export const DEFAULT_ITEM_IMG = "icons/svg/item-bag.svg";
export const DEFAULT_ACTOR_IMG = "icons/svg/mystery-man.svg";

export function itemRows(items: ItemData[]): ItemRow[] {
  return [...items]
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.name.localeCompare(b.name))
    .map((item) => ({
      id: item.id,
      name: item.name,
      img: item.img || DEFAULT_ITEM_IMG,
      type: item.type,
      typeLabel: `TYPES.Item.${item.type}`,
      system: item.system ?? {},
    }));
}

/** Items grouped by type, in the order `types` gives (types with no items still get a group). */
export function groupItems(rows: ItemRow[], types: string[]): ItemGroup[] {
  return types.map((type) => ({ type, typeLabel: `TYPES.Item.${type}`, items: rows.filter((r) => r.type === type) }));
}

export interface ActorSheetInput {
  ruleset: string;
  actor: {
    id: string;
    uuid?: string;
    name: string;
    img?: string | null;
    type: string;
    system: Record<string, unknown>;
    items?: ItemData[];
  };
  /** The user may change the actor. */
  editable: boolean;
  /** The sheet is in edit mode (inputs enabled); only meaningful when editable. */
  editMode: boolean;
  tabs: TabDefinition[];
  activeTab?: string | null;
  /** Item types the actor can hold, in display order (default: the types present). */
  itemTypes?: string[];
  /** Enriched (sanitised) HTML of the actor's description/biography, if it has one. */
  enrichedDescription?: string;
  /** The GM's cost table for this ruleset's Advance buttons (the published one when absent). */
  advanceTable?: unknown;
  /** The description in the reader's language (language.ts), for the editor; default `system.description`. */
  description?: string;
  /** The Active Effects on the actor and on its items (effects.ts `effectRowInput`). */
  effects?: EffectRowInput[];
}

/** An Active Effect as the sheet's Effects section reads it. */
export interface EffectRowInput {
  id: string;
  name: string;
  img?: string | null;
  disabled: boolean;
  /** Set for an item's effect: the item it sits on, and whether it transfers to the actor. */
  itemId?: string;
  itemName?: string;
  transfer?: boolean;
  changes: Array<{ key: string; type: string; value: string }>;
  /** A timer's remaining length (core/durations.ts `timerRemaining`), for its "2 rounds left". */
  remaining?: { value: number; units: string } | null;
}

export interface EffectRow extends EffectRowInput {
  img: string;
  /** "key +2; key ×1.5" — the changes in short. */
  summary: string;
  /** An item's effect that does not transfer applies to the item only. */
  itemOnly: boolean;
  /** The i18n key of the remaining length ("Rounds left: {value}"), when the effect is a running timer. */
  remainingKey: string | null;
}

const CHANGE_SIGNS: Record<string, string> = {
  add: "+",
  subtract: "\u2212",
  multiply: "\u00d7",
  override: "=",
  upgrade: "\u2265",
  downgrade: "\u2264",
  custom: "~",
};

/** "+2", "−3" (an add of a negative number), "×1.5", "=4"… */
function changeText(type: string, value: string): string {
  const text = value.trim();
  if (type === "add" && /^[-\u2212]/.test(text)) return `\u2212${text.slice(1)}`;
  return `${CHANGE_SIGNS[type] ?? "~"}${text}`;
}

/** The sheet's rows: the actor's own effects first, then its items' (each in its order). */
export function effectRows(effects: readonly EffectRowInput[]): EffectRow[] {
  const rows = effects.map((e) => ({
    ...e,
    img: e.img || "icons/svg/aura.svg",
    summary: e.changes.map((c) => `${c.key.replace(/^system\./, "")} ${changeText(c.type, c.value)}`).join("; "),
    itemOnly: Boolean(e.itemId) && e.transfer !== true,
    remainingKey: e.remaining && e.remaining.value > 0 ? `OMNIBUS.Effects.Remaining.${e.remaining.units}` : null,
  }));
  return [...rows.filter((r) => !r.itemId), ...rows.filter((r) => r.itemId)];
}

/** What every base sheet's context holds, actor or item. */
export interface SheetContext {
  ruleset: string;
  rulesetClass: string;
  document: { id: string; uuid: string; name: string; img: string; type: string; typeLabel: string };
  system: Record<string, unknown>;
  editable: boolean;
  editMode: boolean;
  /** Inputs are disabled (view mode, or not editable). */
  locked: boolean;
  tabs: SheetTab[];
  /** The active tab's id. */
  tab: string;
  /** The raw description (for the editor's value) and its enriched HTML (for display). */
  description: string;
  enrichedDescription: string;
}

export interface ActorSheetContext extends SheetContext {
  items: ItemRow[];
  itemGroups: ItemGroup[];
  /** The experience pool, ledger and Advance offers of a character (null for other actors). */
  experience: ExperienceContext | null;
  effects: EffectRow[];
}

/** A document's `system.description` when it has one (the notes editor's value), else "". */
export function rawDescription(system: Record<string, unknown>): string {
  return typeof system.description === "string" ? system.description : "";
}

/** The part of a sheet context that actor and item sheets share. */
function sheetContext(
  kind: "Actor" | "Item",
  input: {
    ruleset: string;
    editable: boolean;
    editMode: boolean;
    tabs?: TabDefinition[];
    activeTab?: string | null;
    enrichedDescription?: string;
    description?: string;
  },
  doc: { id: string; uuid?: string; name: string; img?: string | null; type: string; system: Record<string, unknown> },
): SheetContext {
  const tabs = buildTabs(input.tabs ?? [], input.activeTab);
  const editMode = input.editable && input.editMode;
  return {
    ruleset: input.ruleset,
    rulesetClass: `omnibus-${input.ruleset}`,
    document: {
      id: doc.id,
      uuid: doc.uuid ?? `${kind}.${doc.id}`,
      name: doc.name,
      img: doc.img || (kind === "Actor" ? DEFAULT_ACTOR_IMG : DEFAULT_ITEM_IMG),
      type: doc.type,
      typeLabel: `TYPES.${kind}.${doc.type}`,
    },
    system: doc.system,
    editable: input.editable,
    editMode,
    locked: !editMode,
    tabs,
    tab: tabs.find((t) => t.active)?.id ?? "",
    description: input.description ?? rawDescription(doc.system),
    enrichedDescription: input.enrichedDescription ?? "",
  };
}

export function actorSheetContext(input: ActorSheetInput): ActorSheetContext {
  const rows = itemRows(input.actor.items ?? []);
  const types = input.itemTypes ?? [...new Set(rows.map((r) => r.type))];
  const experience = experienceContext(
    { type: input.actor.type, system: input.actor.system, items: input.actor.items },
    input.advanceTable,
  );
  return {
    ...sheetContext("Actor", input, input.actor),
    items: rows,
    itemGroups: groupItems(rows, types),
    experience,
    effects: effectRows(input.effects ?? []),
  };
}

export interface ItemSheetInput {
  ruleset: string;
  item: { id: string; uuid?: string; name: string; img?: string | null; type: string; system: Record<string, unknown> };
  editable: boolean;
  editMode: boolean;
  tabs?: TabDefinition[];
  activeTab?: string | null;
  enrichedDescription?: string;
  /** The description in the reader's language (language.ts), for the editor; default `system.description`. */
  description?: string;
  /** The item's own Active Effects (effects.ts `itemEffectRowInput`). */
  effects?: EffectRowInput[];
}

export type ItemSheetContext = SheetContext & { effects: EffectRow[] };

export function itemSheetContext(input: ItemSheetInput): ItemSheetContext {
  return { ...sheetContext("Item", input, input.item), effects: effectRows(input.effects ?? []) };
}

/** Which stored fields hold a weapon's range lengths, per ruleset, in the order the sheet lists them. */
const RANGE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  d6: ["shortMin", "shortMax", "medium", "long"],
  storytelling: ["short", "medium", "long"],
  silhouette: ["base", "medium", "long", "extreme"],
};

/**
 * A weapon item's ranges for its sheet: the book's unit (WFRP and Storytelling yards, D6 and
 * Silhouette metres) and, on a scene measured in another length unit, the same ranges in it.
 * Null for an item without ranges (a melee weapon, armour, or all ranges 0). The scene's numbers are
 * written as the reader of `lang` writes them (a decimal comma in Russian: "27,4 / 54,9").
 */
export function weaponRangeReading(
  ruleset: string,
  system: Record<string, unknown>,
  sceneUnits: string | null | undefined,
  lang?: NumberLanguage,
): RangeReading | null {
  let values: number[];
  if (ruleset === "wfrp") {
    values = system.kind === "ranged" && typeof system.range === "number" ? [system.range] : [];
  } else {
    const fields = RANGE_FIELDS[ruleset];
    const ranges = system.ranges as Record<string, unknown> | undefined;
    if (!fields || !ranges || typeof ranges !== "object") return null;
    values = fields.map((f) => ranges[f]).filter((v): v is number => typeof v === "number" && Number.isFinite(v));
  }
  if (values.length === 0 || values.every((v) => v <= 0)) return null;
  const reading = rangeReading(values, rulesetLengthUnit(ruleset), sceneUnits);
  if (reading.scene) reading.scene.text = reading.scene.values.map((v) => formatDecimal(v, lang, 1)).join(" / ");
  return reading;
}
