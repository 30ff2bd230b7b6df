/**
 * The token ruler coloured by the active ruleset's movement bands (d6 cautious … all-out, Silhouette
 * crawl … sprint, WFRP walk/run). v13's `foundry.canvas.placeables.tokens.TokenRuler` (api page of that
 * name) draws each segment with the style `_getSegmentStyle(waypoint)` returns ({width, color, alpha})
 * and highlights grid spaces with `_getGridHighlightStyle(waypoint, offset)` ({color, alpha, …});
 * `waypoint.measurement` (api `GridMeasurePathResultWaypoint`) holds the cumulative `distance` and
 * `cost` up to that waypoint, and `this.token` is the dragged Token. The subclass only recolours
 * those styles (as dnd5e 5.x's and other v13 systems' rulers do); `CONFIG.Token.rulerClass` takes it.
 * The bands are in the ruleset's book unit (yards in WFRP and Storytelling, metres in D6 and
 * Silhouette): a drag measured in the scene's units is converted to it first (a metre grid under WFRP
 * bands its walk in yards), so the colours are right whatever the scene measures in.
 *
 * The label names the band too ("12,5 м — Бег"). v13's and v14's TokenRuler render each waypoint's
 * label from the Handlebars template `WAYPOINT_LABEL_TEMPLATE` ("templates/hud/waypoint-label.hbs"):
 * https://foundryvtt.com/api/classes/foundry.canvas.placeables.tokens.TokenRuler.html (v13) and
 * https://foundryvtt.com/api/v14/classes/foundry.canvas.placeables.tokens.TokenRuler.html (v14); its
 * context comes from the protected `_getWaypointLabelContext(waypoint, state)` (nothing: no label at
 * that waypoint), the method public systems' rulers override (dnd5e 5.x, crucible, dragonbane). The
 * subclass keeps core's template and rewrites the context's measurement texts, as those rulers do
 * (dnd5e's builds the same `distance: {total, delta}`, `cost: {total, units, delta}` and `units`
 * fields): the template prints `{{distance.total}} {{units}}` or `{{cost.total}} {{cost.units}}`,
 * so the units go inside the text and the separate ones are emptied. Called without a core method
 * (an older TokenRuler) it gives nothing, as core would. Whether a distance is in a band, and which,
 * is decided by src/rules/table/tokens.ts (`rulerLabelParts`); this file only words it in the
 * reader's language and writes its numbers as the reader does (a decimal comma in Russian,
 * src/rules/table/format.ts). The waypoint's `measurement` is a
 * `GridMeasurePathResultWaypoint` (api interfaces/foundry.grid.types.GridMeasurePathResultWaypoint):
 * `distance` and `cost` up to it, `backward` the segment from the previous waypoint.
 */
import type { RulesetAdapter } from "./ruleset";
import { bandColor, rulerLabelParts } from "../rules/table/tokens";
import { formatDecimal, formatSigned, type NumberLanguage } from "../rules/table/format";
import { rulesetLengthUnit, sceneToRules } from "../core/units";

interface RulerWaypoint {
  measurement?: { distance?: number; cost?: number; backward?: { distance?: number; cost?: number } | null };
}
/** The parts of core's label context this ruler rewrites (the rest it passes on untouched). */
export interface WaypointLabelContext {
  distance?: { total?: unknown; delta?: unknown };
  cost?: { total?: unknown; units?: unknown; delta?: unknown };
  units?: unknown;
  [k: string]: unknown;
}
/** Words a label: `game.i18n.format` in the client, a stand-in in tests. */
export type FormatLabel = (key: string, data?: Record<string, string>) => string;
interface Style {
  color?: unknown;
  [k: string]: unknown;
}
type RulerBase = abstract new (...args: never[]) => {
  token?: { actor?: { type?: string; system?: unknown } | null; scene?: { grid?: { units?: string } } | null } | null;
  _getSegmentStyle(waypoint: unknown): Style;
  _getGridHighlightStyle(waypoint: unknown, offset: unknown): Style;
  _getWaypointLabelContext?(waypoint: unknown, state: unknown): WaypointLabelContext | void;
};

/** The colour of a drag that has reached this waypoint, or null to keep core's. */
export function waypointColor(
  adapter: RulesetAdapter,
  actor: { type?: string; system?: unknown } | null | undefined,
  waypoint: RulerWaypoint,
  sceneUnits: string | null = null,
): number | null {
  if (!adapter.movementBands || !actor?.type) return null;
  const bands = adapter.movementBands(actor.type, (actor.system ?? {}) as Record<string, unknown>);
  const m = waypoint?.measurement;
  const distance = Number.isFinite(m?.cost) ? (m!.cost as number) : Number(m?.distance);
  return Number.isFinite(distance) ? bandColor(bands, sceneToRules(distance, sceneUnits, rulesetLengthUnit(adapter.id))) : null;
}

/**
 * Core's label context at a waypoint with the band named: "{distance} {units} — {band}" for the
 * distance and, where finite, the cost; the deltas written the reader's way. Without bands (or an
 * actor) the context comes back as core made it.
 */
export function bandLabelContext(
  context: WaypointLabelContext,
  adapter: RulesetAdapter,
  actor: { type?: string; system?: unknown } | null | undefined,
  waypoint: RulerWaypoint,
  sceneUnits: string | null,
  lang: NumberLanguage,
  format: FormatLabel,
): WaypointLabelContext {
  if (!adapter.movementBands || !actor?.type) return context;
  const bands = adapter.movementBands(actor.type, (actor.system ?? {}) as Record<string, unknown>);
  const rulesUnit = rulesetLengthUnit(adapter.id);
  const parts = rulerLabelParts(bands, waypoint?.measurement, (d) => sceneToRules(d, sceneUnits, rulesUnit));
  if (!parts) return context;
  const units = typeof context.units === "string" ? context.units : (sceneUnits ?? "");
  const band = format(parts.band);
  const text = (n: number) => format("OMNIBUS.Ruler.Label", { distance: formatDecimal(n, lang), units, band }).replace(/\s+—/, " —");
  const back = waypoint.measurement?.backward;
  if (context.distance && typeof context.distance === "object") {
    context.distance.total = text(parts.distance);
    if (context.distance.delta !== undefined && Number.isFinite(back?.distance)) context.distance.delta = signed(back!.distance!, lang);
  } else context.distance = { total: text(parts.distance) };
  if (context.cost && typeof context.cost === "object" && parts.cost !== null) {
    context.cost.total = text(parts.cost);
    context.cost.units = "";
    if (context.cost.delta !== undefined && Number.isFinite(back?.cost)) context.cost.delta = signed(back!.cost!, lang);
  }
  context.units = "";
  return context;
}

/** A segment's length as the label's delta shows it: "+2,5" (ru) / "+2.5" (en). */
function signed(n: number, lang: NumberLanguage): string {
  return formatSigned(Number(n.toFixed(2)), lang);
}

export function omnibusRulerClass(Base: RulerBase, adapter: RulesetAdapter) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const Parent = Base as any;
  return class OmnibusTokenRuler extends Parent {
    _getSegmentStyle(waypoint: RulerWaypoint) {
      return this.#recolour(super._getSegmentStyle(waypoint), waypoint);
    }
    _getGridHighlightStyle(waypoint: RulerWaypoint, offset: unknown) {
      return this.#recolour(super._getGridHighlightStyle(waypoint, offset), waypoint);
    }
    _getWaypointLabelContext(waypoint: RulerWaypoint, state: unknown) {
      const context = super._getWaypointLabelContext?.(waypoint, state) as WaypointLabelContext | undefined;
      if (!context) return context;
      const token = (this as unknown as InstanceType<RulerBase>).token;
      const i18n = game.i18n;
      if (!i18n) return context;
      const format: FormatLabel = (key, data) => (data ? i18n.format(key, data) : i18n.localize(key));
      return bandLabelContext(context, adapter, token?.actor, waypoint, token?.scene?.grid?.units ?? null, i18n.lang, format);
    }
    #recolour(style: Style, waypoint: RulerWaypoint): Style {
      const token = (this as unknown as InstanceType<RulerBase>).token;
      const color = waypointColor(adapter, token?.actor, waypoint, token?.scene?.grid?.units ?? null);
      if (color !== null && style) style.color = color;
      return style;
    }
  };
}

/** Sets CONFIG.Token.rulerClass for the active ruleset, when it has bands and v13's TokenRuler exists. */
export function registerTokenRuler(adapter: RulesetAdapter | undefined): void {
  if (!adapter?.movementBands) return;
  const Base = (foundry as unknown as { canvas?: { placeables?: { tokens?: { TokenRuler?: RulerBase } } } }).canvas?.placeables?.tokens
    ?.TokenRuler;
  const token = (CONFIG as unknown as { Token?: { rulerClass?: unknown } }).Token;
  if (!Base || !token) return;
  token.rulerClass = omnibusRulerClass(Base, adapter);
}
