/**
 * D6 token bars (no Foundry global). The health bar of a character or NPC is the wound level
 * (healthy 6 … killed 0, src/rules/d6/table/schema.ts `deriveActor`), of a vehicle its damage state (undamaged 5 …
 * destroyed 0): a bar edit picks the level and writes `woundLevel` / `damage`, never `health`.
 */
import { SPEEDS, SPEED_MULTIPLIER, WOUND_LEVELS, canAct, type WoundLevel } from "..";
import type { MovementBand, TokenAttributeHook, TokenDefaults, TrackableAttributes } from "../../table/types";
import { standardTokenDefaults } from "../../table/tokens";
import { HEALTH_MAX, deriveActor } from "./derive";
import { woundStatuses } from "./cards";

/** A vehicle's damage states from the health bar's 0 up (object damage table, digest §24). */
export const VEHICLE_HEALTH = ["destroyed", "severely_damaged", "heavily_damaged", "lightly_damaged", "not_damaged", "undamaged"] as const;

const LIVING = ["d6_character", "d6_npc"];
const POINTS = ["characterPoints", "forcePoints", "darkSidePoints", "stuns", "move"];

export const D6_TRACKABLE: Record<string, TrackableAttributes> = {
  d6_character: { bar: ["health"], value: POINTS },
  d6_npc: { bar: ["health"], value: POINTS },
  d6_vehicle: { bar: ["health"], value: ["move"] },
};

export const D6_TOKEN_DEFAULTS: Record<string, TokenDefaults> = {
  d6_character: standardTokenDefaults("character"),
  d6_npc: standardTokenDefaults("npc"),
  d6_vehicle: standardTokenDefaults("vehicle"),
};

const levelOf = (system: Record<string, unknown>): WoundLevel =>
  (WOUND_LEVELS as readonly string[]).includes(String(system.woundLevel)) ? (system.woundLevel as WoundLevel) : "healthy";

export const d6TokenAttribute: TokenAttributeHook = {
  read(type, system, attribute) {
    if (attribute !== "health") return null;
    if (LIVING.includes(type)) return deriveActor(system).health;
    if (type === "d6_vehicle")
      return { value: Math.max(0, VEHICLE_HEALTH.indexOf(system.damage as never)), max: VEHICLE_HEALTH.length - 1 };
    return null;
  },
  write(type, system, _attribute, target) {
    if (type === "d6_vehicle") return { "system.damage": VEHICLE_HEALTH[target] };
    const level = WOUND_LEVELS[HEALTH_MAX - target];
    const update: Record<string, unknown> = { "system.woundLevel": level };
    // As healing does (src/rules/d6/table/healing/checks.ts planHealing): no longer mortally wounded ends the death-roll
    // count and the stabilisation; a better level clears the stuns.
    if (level !== "mortally_wounded") {
      update["system.roundsMortallyWounded"] = 0;
      update["system.healing.stabilized"] = false;
    }
    if (WOUND_LEVELS.indexOf(level) < WOUND_LEVELS.indexOf(levelOf(system))) update["system.stuns"] = 0;
    return update;
  },
  /** The wound track's statuses as applied damage sets them (src/rules/d6/table/cards.ts woundStatuses); a vehicle is dead when destroyed. */
  statuses(type, _system, _attribute, target) {
    if (type === "d6_vehicle") return { dead: VEHICLE_HEALTH[target] === "destroyed" };
    return woundStatuses(WOUND_LEVELS[HEALTH_MAX - target], false);
  },
};

/**
 * The ruler's bands: cautious ½ Move, cruising Move, high speed 2 × Move, all-out 4 × Move
 * (000:L177, L197, L241; digest §30). None for a character who cannot act (incapacitated or worse).
 * Named as the seed names them for each: a character's «осторожное / обычное передвижение, высокая /
 * максимальная скорость» (000:L177, L195), a vehicle's «осторожное / крейсерское перемещение, высокая /
 * предельная скорость» (000:L99-L131; digest A-note on the two chapters' wording).
 */
export function d6MovementBands(type: string, system: Record<string, unknown>): MovementBand[] {
  const move = typeof system.move === "number" && Number.isFinite(system.move) ? Math.max(0, system.move) : 0;
  if (move <= 0) return [];
  if (LIVING.includes(type) && !canAct(levelOf(system))) return [];
  const names = LIVING.includes(type) ? "character" : "vehicle";
  return SPEEDS.map((key) => ({ key, limit: move * SPEED_MULTIPLIER[key], label: `OMNIBUS.D6.MoveBand.${names}.${key}` }));
}
