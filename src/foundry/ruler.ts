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
 */
import type { RulesetAdapter } from "./ruleset";
import { bandColor } from "../rules/table/tokens";
import { rulesetLengthUnit, sceneToRules } from "../core/units";

interface RulerWaypoint {
  measurement?: { distance?: number; cost?: number };
}
interface Style {
  color?: unknown;
  [k: string]: unknown;
}
type RulerBase = abstract new (...args: never[]) => {
  token?: { actor?: { type?: string; system?: unknown } | null; scene?: { grid?: { units?: string } } | null } | null;
  _getSegmentStyle(waypoint: unknown): Style;
  _getGridHighlightStyle(waypoint: unknown, offset: unknown): Style;
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
