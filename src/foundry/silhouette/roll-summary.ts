/**
 * A rolled Silhouette pool as the cards show it: the one piece the card, athletics and chase
 * modules share (kept here so that none of them imports another for it: no import cycle).
 */
export interface RollSummary {
  faces: number[];
  poolSize: number;
  untrained: boolean;
  best: number;
  extraSixes: number;
  result: number;
  fumble: boolean;
  modifier: number;
  total: number;
}
