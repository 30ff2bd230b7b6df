/**
 * Movement (Передвижение, 003:L337-341). The seed points to a Movement section it does not contain;
 * the distances are published 4e (digest §7 item 17): Walk = Movement × 2 yards, Run (and Charge)
 * = Movement × 4 yards per turn. A Charge needs the character not to be engaged (003:L341).
 */
import { describeValue, OmnibusError, requireInt } from "../../../core/errors";

export function walkDistance(movement: number): number {
  return 2 * requireInt("movement", movement, 0, 99);
}

export function runDistance(movement: number): number {
  return 4 * requireInt("movement", movement, 0, 99);
}

export type MoveKind = "walk" | "run" | "charge";

/**
 * Whether a move of `distance` yards is possible this turn: walk ≤ M×2; run ≤ M×4; charge ≤ M×4 and
 * not already engaged in melee (003:L341). `half` halves the distance (Stunned, Prone crawling).
 */
export function canMove(kind: MoveKind, movement: number, distance: number, options: { engaged?: boolean; half?: boolean } = {}): boolean {
  if (typeof distance !== "number" || !Number.isFinite(distance) || distance < 0) requireInt("distance", distance, 0);
  if (kind !== "walk" && kind !== "run" && kind !== "charge") {
    throw new OmnibusError("badArgument", `move kind must be walk, run or charge, got "${describeValue(kind)}"`, {
      name: "kind",
      value: describeValue(kind),
    });
  }
  if (kind === "charge" && options.engaged) return false;
  let limit = kind === "walk" ? walkDistance(movement) : runDistance(movement);
  if (options.half) limit /= 2;
  return distance <= limit;
}
