/**
 * Storytelling token bars (no Foundry global). Health is derived from the wound track (boxes =
 * Stamina + Size, src/rules/storytelling/table/derive.ts `deriveCharacter`): a bar edit marks or clears wounds instead of writing
 * `health`. Marking adds bashing (a bar edit names no damage type; bashing is the least severe);
 * clearing takes the least severe wounds first, bashing, then lethal, then aggravated, as healing
 * does (rightmost box first, published WoD p.175, digest §Z.7). Willpower's bar is its points out
 * of Resolve + Composure (+ bonus); a vehicle's Health is its Structure less its damage.
 */
import type { MovementBand, TokenAttributeHook, TokenDefaults, TrackableAttributes } from "../../table/types";
import { standardTokenDefaults } from "../../table/tokens";
import { deriveCharacter, deriveVehicle } from "./derive";

const LIVING = ["storytelling_character", "storytelling_npc"];
const LIVING_TRACKABLE: TrackableAttributes = { bar: ["health", "willpower"], value: ["morality", "experience"] };

export const STORYTELLING_TRACKABLE: Record<string, TrackableAttributes> = {
  storytelling_character: LIVING_TRACKABLE,
  storytelling_npc: LIVING_TRACKABLE,
  storytelling_vehicle: { bar: ["health"], value: ["speed"] },
};

export const STORYTELLING_TOKEN_DEFAULTS: Record<string, TokenDefaults> = {
  storytelling_character: standardTokenDefaults("character", "willpower"),
  storytelling_npc: standardTokenDefaults("npc", "willpower"),
  storytelling_vehicle: standardTokenDefaults("vehicle"),
};

export interface WoundCounts {
  aggravated: number;
  lethal: number;
  bashing: number;
}

/**
 * The wound counts that leave `free` of `boxes` Health boxes unmarked: more damage is added as
 * bashing, less is cleared bashing first, then lethal, then aggravated.
 */
export function trackForHealth(track: WoundCounts, boxes: number, free: number): WoundCounts {
  const wanted = boxes - Math.min(boxes, Math.max(0, free));
  const out = { ...track };
  let excess = out.aggravated + out.lethal + out.bashing - wanted;
  if (excess < 0) out.bashing -= excess;
  for (const type of ["bashing", "lethal", "aggravated"] as const) {
    if (excess <= 0) break;
    const cleared = Math.min(excess, out[type]);
    out[type] -= cleared;
    excess -= cleared;
  }
  return out;
}

export const storytellingTokenAttribute: TokenAttributeHook = {
  read(type, system, attribute) {
    if (LIVING.includes(type)) {
      const d = deriveCharacter(system);
      if (attribute === "health") return { value: d.health - (d.track.aggravated + d.track.lethal + d.track.bashing), max: d.health };
      if (attribute === "willpower") return { value: Math.min(d.willpowerPoints, d.willpowerMax), max: d.willpowerMax };
      return null;
    }
    if (type === "storytelling_vehicle" && attribute === "health") {
      const v = deriveVehicle(system);
      return { value: Math.max(0, v.structure - v.damage), max: v.structure };
    }
    return null;
  },
  write(type, system, attribute, target) {
    if (type === "storytelling_vehicle") return { "system.damage": deriveVehicle(system).structure - target };
    if (attribute === "willpower") return { "system.willpower.points": Math.min(20, target) };
    const d = deriveCharacter(system);
    const { aggravated, lethal, bashing } = trackForHealth(d.track, d.health, target);
    return { "system.healthTrack": { aggravated, lethal, bashing } };
  },
};

/** How far a running character goes in a turn, in Speeds: twice its Speed, giving up its action. */
export const RUN_SPEEDS = 2;

/**
 * The ruler's bands: Speed (Strength + Dexterity + species factor, less wound and armour penalties)
 * yards per turn, moving and still acting; then running, up to twice Speed with no other action. The
 * seed uses Speed without defining it (002:L319, L353); Speed and the run are published WoD (the
 * digest's §Z.4 and its traits table give Speed as recalled, p.95), not in the seed.
 */
export function storytellingMovementBands(type: string, system: Record<string, unknown>): MovementBand[] {
  if (!LIVING.includes(type)) return [];
  const speed = deriveCharacter(system).speed;
  if (!(speed > 0)) return [];
  return [
    { key: "speed", limit: speed, label: "OMNIBUS.Storytelling.MoveBand.speed" },
    { key: "run", limit: RUN_SPEEDS * speed, label: "OMNIBUS.Storytelling.MoveBand.run" },
  ];
}
