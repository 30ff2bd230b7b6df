/**
 * The GM's reading of a card's claimed targets (issue 10, point 3: "the GM re-derives"). A player's
 * client names its targets and measures their distances on its own map; every one of those is a
 * claim. The GM looks each claimed token up in its own world and measures again, from every token
 * the acting actor has on that token's scene (the roller's client measured from one of them: a
 * controlled one, else the first). The decision over the two lists is here, as plain data:
 *
 *  - a target token the GM cannot find, or whose actor is not the claimed actor, is refused;
 *  - the same token twice is refused (one user targets a token once);
 *  - the claimed distance must be one the GM measured (to a millionth of a unit, as both sides run
 *    the same grid measurement); with no token of the actor on that scene it must be null;
 *  - a target without a token (a healing card's patient named by its actor) keeps its actor but no
 *    distance, and only when the card's author owns that actor (`ownedActors`, the actors the GM
 *    found the author owns): nothing on the scene shows that patient is there, so a player may
 *    name only their own characters that way;
 *  - the GM's names, images, units and distances replace the claimed ones.
 */
import type { TargetInfo } from "./types";

/** What the GM found for one claimed target token. */
export interface MeasuredTarget {
  tokenUuid: string;
  /** The token's actor, as the GM's world has it (null: a token without an actor). */
  actorUuid: string | null;
  name: string;
  img: string;
  units: string;
  /** The distance from each token the acting actor has on the target's scene (empty: none there). */
  distances: number[];
}

/** Why the claimed targets were refused. */
export type TargetsRefusal = "missing" | "actor" | "duplicate" | "distance" | "units" | "unowned";

const TOLERANCE = 1e-6;

/**
 * The GM's targets for a card: the claimed ones, each checked against what the GM measured
 * (`measured[i]` for `claimed[i]`; null: the GM found no such token; `ownedActors`: the actors of
 * tokenless targets the author owns, null: not checked). Returns the GM's list, or the
 * reason and the index of the first target that does not hold.
 */
export function rederiveTargets(
  claimed: readonly TargetInfo[],
  measured: ReadonlyArray<MeasuredTarget | null>,
  ownedActors: ReadonlySet<string> | null = null,
): { targets: TargetInfo[] } | { refused: TargetsRefusal; index: number } {
  const seen = new Set<string>();
  const targets: TargetInfo[] = [];
  for (const [index, claim] of claimed.entries()) {
    if (!claim.tokenUuid) {
      if (ownedActors && claim.actorUuid && !ownedActors.has(claim.actorUuid)) return { refused: "unowned", index };
      targets.push({ ...claim, distance: null });
      continue;
    }
    if (seen.has(claim.tokenUuid)) return { refused: "duplicate", index };
    seen.add(claim.tokenUuid);
    const found = measured[index];
    if (!found || found.tokenUuid !== claim.tokenUuid) return { refused: "missing", index };
    if ((found.actorUuid ?? null) !== (claim.actorUuid ?? null)) return { refused: "actor", index };
    let distance: number | null = null;
    if (found.distances.length === 0) {
      if (claim.distance !== null) return { refused: "distance", index };
    } else {
      const claimedDistance = claim.distance;
      const match =
        typeof claimedDistance === "number" ? found.distances.find((d) => Math.abs(d - claimedDistance) <= TOLERANCE) : undefined;
      if (match === undefined) return { refused: "distance", index };
      distance = match;
      if (claim.units !== found.units) return { refused: "units", index };
    }
    targets.push({
      tokenUuid: found.tokenUuid,
      actorUuid: found.actorUuid,
      name: found.name,
      img: found.img,
      distance,
      units: found.units,
    });
  }
  return { targets };
}
