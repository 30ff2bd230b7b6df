/**
 * A rolled Silhouette pool as the cards show it: the one piece the card, athletics and chase
 * modules share (kept here so that none of them imports another for it: no import cycle).
 */
import type { CheckRoll, PoolReading } from "../pool";

export interface RollSummary extends PoolReading {
  modifier: number;
  total: number;
}

/** A roll as a card keeps it: its faces and reading, without the outcome (recomputed when read). */
export function summarize(roll: CheckRoll): RollSummary {
  return {
    faces: [...roll.faces],
    poolSize: roll.poolSize,
    untrained: roll.untrained,
    best: roll.best,
    extraSixes: roll.extraSixes,
    result: roll.result,
    fumble: roll.fumble,
    modifier: roll.modifier,
    total: roll.total,
  };
}

export interface DieView {
  face: number;
  sides: number;
  classes: string;
}

/**
 * The dice as shown: the kept die ("kept"), the sixes that add +1 ("six bonus"), an untrained
 * roll's discarded higher die ("discarded"), and appended re-rolled sixes ("exploded").
 */
export function diceView(roll: RollSummary): DieView[] {
  const pool = roll.faces.slice(0, roll.poolSize);
  const keptIndex = roll.untrained ? pool.indexOf(Math.min(...pool)) : pool.indexOf(Math.max(...pool));
  return roll.faces.map((face, i) => {
    const classes: string[] = [];
    if (i >= roll.poolSize) classes.push("exploded");
    else if (i === keptIndex) classes.push("kept");
    else if (roll.untrained) classes.push("discarded");
    else if (face === 6 && roll.extraSixes > 0) classes.push("six", "bonus");
    if (roll.fumble) classes.push("fumble");
    return { face, sides: 6, classes: classes.join(" ") };
  });
}
