/**
 * Token bars and prototype tokens, the decisions from plain data (no Foundry global): documents.ts
 * (`modifyTokenAttribute`) and tokens.ts (trackable attributes, the preCreateActor defaults) apply them.
 */
import type { MovementBand, TokenAttributeHook, TokenDefaults } from "./types";

export interface TokenAttributePlan {
  /** The bar value the edit asks for (whole, within 0…max). */
  target: number;
  /** The actor update (keys `system.…`); empty when nothing changes. */
  update: Record<string, unknown>;
  /** Status effects to set after the update (id → on/off). */
  statuses: Record<string, boolean>;
}

/**
 * What a token-bar edit of a DERIVED attribute changes, or null when the attribute is not derived for
 * this type (then Foundry's own `modifyTokenAttribute` writes it). As Foundry does for bars, a delta
 * adds to the shown value and the result is kept within 0…max; a value that is not a finite number
 * changes nothing (an empty update).
 */
export function planTokenAttribute(
  hook: TokenAttributeHook | undefined,
  type: string,
  system: Record<string, unknown>,
  attribute: string,
  value: number,
  isDelta: boolean,
  isBar: boolean,
): TokenAttributePlan | null {
  if (!hook || !isBar) return null;
  const current = hook.read(type, system, attribute);
  if (!current) return null;
  if (typeof value !== "number" || !Number.isFinite(value)) return { target: current.value, update: {}, statuses: {} };
  const wanted = Math.round(isDelta ? current.value + value : value);
  const target = Math.min(current.max, Math.max(0, wanted));
  if (target === current.value) return { target, update: {}, statuses: {} };
  return { target, update: hook.write(type, system, attribute, target), statuses: hook.statuses?.(type, system, attribute, target) ?? {} };
}

/** Reads a dotted path of plain data. */
export function pathValue(data: unknown, path: string): unknown {
  let node: unknown = data;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * The `prototypeToken` fields to add to an actor's creation data: the type's defaults wherever the
 * creation data does not set that field itself (an imported or duplicated actor keeps its own token).
 * Null when there is nothing to add.
 */
export function prototypeTokenDefaults(defaults: TokenDefaults | undefined, data: unknown): Record<string, unknown> | null {
  if (!defaults) return null;
  const out: Record<string, unknown> = {};
  const unset = (path: string) => pathValue(data, `prototypeToken.${path}`) === undefined;
  if (unset("actorLink")) out.actorLink = defaults.actorLink;
  if (unset("disposition")) out.disposition = defaults.disposition;
  if (defaults.bar1 && unset("bar1.attribute")) out.bar1 = { attribute: defaults.bar1 };
  if (defaults.bar2 && unset("bar2.attribute")) out.bar2 = { attribute: defaults.bar2 };
  return Object.keys(out).length > 0 ? out : null;
}

/** The usual defaults: player characters linked and friendly, others unlinked and hostile (vehicles neutral). */
export function standardTokenDefaults(kind: "character" | "npc" | "vehicle", bar2?: string): TokenDefaults {
  const base: TokenDefaults =
    kind === "character"
      ? { actorLink: true, disposition: 1, bar1: "health" }
      : { actorLink: false, disposition: kind === "npc" ? -1 : 0, bar1: "health" };
  return bar2 ? { ...base, bar2 } : base;
}

/** The ruler's colours, slowest band first (green … red); beyond the last band: grey. */
export const BAND_PALETTE = [0x2e9e3e, 0x9fc22b, 0xe0c020, 0xe07b1a, 0xc8302a] as const;
export const BEYOND_COLOR = 0x5a5a5a;

/** The band a move of `distance` falls in: its index (the first whose limit it does not pass), or -1 beyond all. */
export function bandIndex(bands: readonly MovementBand[], distance: number): number {
  if (!Number.isFinite(distance)) return -1;
  return bands.findIndex((b) => distance <= b.limit + 1e-9);
}

/** The colour of a move of `distance`: spread over the palette by band, grey beyond; null without bands. */
export function bandColor(bands: readonly MovementBand[], distance: number): number | null {
  if (bands.length === 0) return null;
  const i = bandIndex(bands, distance);
  if (i < 0) return BEYOND_COLOR;
  const last = BAND_PALETTE.length - 1;
  return BAND_PALETTE[bands.length === 1 ? 0 : Math.round((i * last) / (bands.length - 1))];
}

/** The i18n key of the ruler's label beyond the last band (a move the token cannot make in one turn). */
export const BEYOND_LABEL = "OMNIBUS.Ruler.Beyond";

/** What the token ruler's label says at a waypoint: the measured distance and the band it falls in. */
export interface RulerLabelParts {
  /** The distance the label prints, in the scene's units (as measured). */
  distance: number;
  /** The movement cost the label prints (the scene's units), when it is finite; else null. */
  cost: number | null;
  /** The i18n key of the band's name, or BEYOND_LABEL. */
  band: string;
  /** The band's own key (`run`…), or null beyond the last band. */
  key: string | null;
  /** The band's place, slowest first; -1 beyond the last band. */
  index: number;
}

/**
 * The parts of the ruler's label at a waypoint, or null without bands (then the label stays core's).
 * `measured` is what the grid measured up to the waypoint, in the scene's units; `toRules` converts a
 * scene distance to the ruleset's book unit the bands are in (yards under WFRP on a metre grid). The
 * band is decided by the cost where it is finite (difficult terrain costs more), else by the distance
 * — the same measure that colours the ruler.
 */
export function rulerLabelParts(
  bands: readonly MovementBand[],
  measured: { distance?: number; cost?: number } | undefined,
  toRules: (sceneDistance: number) => number = (d) => d,
): RulerLabelParts | null {
  if (bands.length === 0) return null;
  const distance = Number(measured?.distance);
  const cost = Number.isFinite(measured?.cost) ? (measured!.cost as number) : null;
  const by = cost ?? distance;
  if (!Number.isFinite(distance) || !Number.isFinite(by)) return null;
  const index = bandIndex(bands, toRules(by));
  const band = index < 0 ? null : bands[index];
  return { distance, cost, band: band?.label ?? BEYOND_LABEL, key: band?.key ?? null, index };
}
