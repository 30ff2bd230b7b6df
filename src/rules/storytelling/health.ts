/**
 * The Health track (published 1e, WoD pp.172–176; digest §Z.6–§Z.7): boxes = Stamina + Size,
 * bashing "/", lethal "X", aggravated "*", the most severe wounds to the left. Wound penalties,
 * overflow upgrades, unconsciousness, dying and death, healing.
 *
 * The state is the number of wounds of each type; the track string renders it left to right.
 */
import { describeValue, OmnibusError, requireInt } from "../../core/errors";
import { requireNumber } from "../../core/guards";

export type DamageType = "bashing" | "lethal" | "aggravated";
export const DAMAGE_TYPES: readonly DamageType[] = ["bashing", "lethal", "aggravated"];

export interface HealthTrack {
  /** Number of boxes (Health). */
  health: number;
  aggravated: number;
  lethal: number;
  bashing: number;
}

export type HealthStatus = "ok" | "unconscious_risk" | "dying" | "dead";

/** The largest track accepted. */
export const MAX_HEALTH = 50;

const BOX_CHAR = { aggravated: "*", lethal: "X", bashing: "/", empty: "." } as const;
const SEVERITY: Record<string, number> = { "*": 3, X: 2, "/": 1, ".": 0 };

export function parseDamageType(value: unknown): DamageType {
  if (value === "bashing" || value === "lethal" || value === "aggravated") return value;
  throw new OmnibusError("badArgument", `damage type must be bashing, lethal or aggravated, got "${describeValue(value)}"`, {
    name: "type",
    value: describeValue(value),
  });
}

function check(t: HealthTrack): HealthTrack {
  if (t === null || typeof t !== "object") throw new OmnibusError("badArgument", "a Health track must be an object");
  requireInt("health", t.health, 1, MAX_HEALTH);
  requireInt("aggravated", t.aggravated, 0, MAX_HEALTH);
  requireInt("lethal", t.lethal, 0, MAX_HEALTH);
  requireInt("bashing", t.bashing, 0, MAX_HEALTH);
  if (t.aggravated + t.lethal + t.bashing > t.health) {
    throw new OmnibusError("outOfRange", `${t.aggravated + t.lethal + t.bashing} wounds do not fit ${t.health} Health boxes`);
  }
  return t;
}

/** An empty track of `health` boxes. */
export function emptyTrack(health: number): HealthTrack {
  return check({ health, aggravated: 0, lethal: 0, bashing: 0 });
}

/**
 * Parses a track string: one character a box, left to right — `*` aggravated, `X` lethal,
 * `/` bashing, `.` empty. Its length is the Health. Wounds must already be ordered most severe
 * first (use `normalizeTrack` for a sheet's boxes in any order).
 */
export function parseTrack(text: string): HealthTrack {
  if (typeof text !== "string" || !/^[*X/.]+$/.test(text)) {
    throw new OmnibusError("badArgument", `a Health track is made of * X / . (one a box), got "${describeValue(text)}"`, {
      name: "track",
      value: describeValue(text),
    });
  }
  if (text.length > MAX_HEALTH) throw new OmnibusError("outOfRange", `a Health track has at most ${MAX_HEALTH} boxes`);
  for (let i = 1; i < text.length; i++) {
    if (SEVERITY[text[i]] > SEVERITY[text[i - 1]]) {
      throw new OmnibusError("badArgument", `Health track "${text}" is out of order: wounds go most severe first (* X / .)`, {
        name: "track",
        value: text,
      });
    }
  }
  return normalizeTrack(text);
}

/** Counts the wounds of a track string in any order (e.g. a sheet's clicked boxes). */
export function normalizeTrack(text: string): HealthTrack {
  if (typeof text !== "string" || !/^[*X/.]+$/.test(text) || text.length > MAX_HEALTH) {
    throw new OmnibusError("badArgument", `a Health track is made of * X / . (one a box), got "${describeValue(text)}"`);
  }
  const count = (c: string) => [...text].filter((x) => x === c).length;
  return { health: text.length, aggravated: count("*"), lethal: count("X"), bashing: count("/") };
}

/** Renders a track, most severe first. */
export function formatTrack(t: HealthTrack): string {
  check(t);
  const empty = t.health - t.aggravated - t.lethal - t.bashing;
  return (
    BOX_CHAR.aggravated.repeat(t.aggravated) +
    BOX_CHAR.lethal.repeat(t.lethal) +
    BOX_CHAR.bashing.repeat(t.bashing) +
    BOX_CHAR.empty.repeat(empty)
  );
}

/** The boxes as a list, left to right: what a sheet draws. */
export function trackBoxes(t: HealthTrack): (DamageType | "empty")[] {
  return [...formatTrack(t)].map((c) => (c === "*" ? "aggravated" : c === "X" ? "lethal" : c === "/" ? "bashing" : "empty"));
}

function filled(t: HealthTrack): number {
  return t.aggravated + t.lethal + t.bashing;
}

/**
 * Applies damage point by point (WoD pp.173–174; digest §Z.6):
 * - while a box is empty, the wound fills it (sorted most severe first);
 * - on a full track, a bashing or lethal point upgrades the leftmost bashing wound to lethal; with
 *   no bashing left, it upgrades the leftmost lethal wound to aggravated;
 * - on a full track, an aggravated point is recorded at the left and pushes the least severe wound
 *   off the right end (so one aggravated point turns one "/" into "*", not into "X").
 */
export function applyDamage(track: HealthTrack, points: number, type: DamageType): HealthTrack {
  check(track);
  requireInt("damage", points, 0, 999);
  parseDamageType(type);
  const t = { ...track };
  for (let i = 0; i < points; i++) {
    if (filled(t) < t.health) {
      t[type]++;
    } else if (type === "aggravated") {
      if (t.bashing > 0) t.bashing--;
      else if (t.lethal > 0) t.lethal--;
      else break; // every box aggravated: dead
      t.aggravated++;
    } else if (t.bashing > 0) {
      t.bashing--;
      t.lethal++;
    } else if (t.lethal > 0) {
      t.lethal--;
      t.aggravated++;
    } else {
      break;
    }
  }
  return t;
}

/** Heals `points` wounds from the right (the least severe first; WoD p.175). */
export function healDamage(track: HealthTrack, points: number): HealthTrack {
  check(track);
  requireInt("heal", points, 0, 999);
  const t = { ...track };
  let left = points;
  for (const type of ["bashing", "lethal", "aggravated"] as const) {
    const n = Math.min(left, t[type]);
    t[type] -= n;
    left -= n;
  }
  return t;
}

/**
 * Wound penalty (WoD p.173): −1 when the third-to-last box is filled, −2 the second-to-last,
 * −3 the last. It applies to every dice pool and to Speed, never to Defense or resistance traits
 * subtracted from others' pools (002:L438).
 */
export function woundPenalty(track: HealthTrack): 0 | -1 | -2 | -3 {
  check(track);
  const n = filled(track);
  const h = track.health;
  if (n >= h) return -3;
  if (n >= h - 1 && h - 1 >= 1) return -2;
  if (n >= h - 2 && h - 2 >= 1) return -1;
  return 0;
}

/**
 * Status: `dead` when every box is aggravated; `dying` when the last box holds lethal (or
 * aggravated) damage; `unconscious_risk` when the last box holds bashing (a reflexive Stamina roll
 * each turn to stay conscious, without the −3 wound penalty); otherwise `ok`.
 */
export function healthStatus(track: HealthTrack): HealthStatus {
  check(track);
  if (track.aggravated === track.health) return "dead";
  if (filled(track) < track.health) return "ok";
  return track.bashing > 0 ? "unconscious_risk" : "dying";
}

/**
 * The pool to stay conscious when the last box holds bashing damage: Stamina alone, reflexive, each
 * turn as the character acts; the −3 wound penalty does not apply (WoD pp.173–175).
 */
export function consciousnessPool(stamina: number): number {
  return requireInt("stamina", stamina, 0, 10);
}

/** The type in the last (rightmost) box, or null when it is empty. */
export function lastBox(track: HealthTrack): DamageType | null {
  const boxes = trackBoxes(track);
  const last = boxes[boxes.length - 1];
  return last === "empty" ? null : last;
}

/** Dying (WoD p.174): every minute without medical aid, one lethal wound becomes aggravated. */
export function bleedOut(track: HealthTrack, minutes: number): HealthTrack {
  check(track);
  requireInt("minutes", minutes, 0, 9999);
  if (healthStatus(track) !== "dying") return { ...track };
  const n = Math.min(minutes, track.lethal);
  return { ...track, lethal: track.lethal - n, aggravated: track.aggravated + n };
}

/** Time for one wound to heal naturally (WoD p.175), in minutes: bashing 15 min, lethal 2 days, aggravated 1 week. */
export const HEALING_MINUTES: Record<DamageType, number> = {
  bashing: 15,
  lethal: 2 * 24 * 60,
  aggravated: 7 * 24 * 60,
};

/** Total time to heal the whole track naturally, rightmost wound first, in minutes. */
export function timeToHealAll(track: HealthTrack): number {
  check(track);
  return track.bashing * HEALING_MINUTES.bashing + track.lethal * HEALING_MINUTES.lethal + track.aggravated * HEALING_MINUTES.aggravated;
}

/** Natural healing after `minutes` of rest: wounds heal one at a time from the right. */
export function healOverTime(track: HealthTrack, minutes: number): HealthTrack {
  check(track);
  requireNumber("minutes", minutes, 0, 1e12);
  const t = { ...track };
  let left = minutes;
  for (const type of ["bashing", "lethal", "aggravated"] as const) {
    while (t[type] > 0 && left >= HEALING_MINUTES[type]) {
      t[type]--;
      left -= HEALING_MINUTES[type];
    }
    if (t[type] > 0) break;
  }
  return t;
}

/** Extras may be given just four Health (WoD p.176). */
export const EXTRA_HEALTH = 4;
