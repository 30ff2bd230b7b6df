/**
 * `--explain`: the pure resolvers' steps (src/core/explain.ts) in English. The steps are data; this
 * table is the CLI's wording, and a card may word the same codes in its own language.
 */
import type { ExplainStep } from "../core/explain";

const signed = (n: number | string): string => (typeof n === "number" && n >= 0 ? `+${n}` : typeof n === "number" ? `−${-n}` : n);

const ENGLISH: Record<string, (v: Record<string, number | string>) => string> = {
  "d6.code": (v) => `rolled ${v.code}`,
  "d6.regularDice": (v) => `regular dice ${v.faces} = ${v.sum}`,
  "d6.wildDie": (v) => `Wild Die ${v.face}`,
  "d6.wildDieExploded": (v) => `Wild Die ${v.faces}: ${v.sixes} six(es) rolled again, = ${v.sum}`,
  "d6.characterPointDie": (v) => `Character Point die ${v.index}: ${v.faces} = ${v.sum}`,
  "d6.pips": (v) => `pips ${signed(v.pips)}`,
  "d6.wildOneRemoved": (v) => `Wild Die showed 1: removed it and the highest die (${v.removed}), −${v.minus}`,
  "d6.wildOneComplication": () => "Wild Die showed 1: it counts, and there is a complication",
  "d6.wildOneCounts": () => "Wild Die showed 1: it counts as rolled",
  "d6.total": (v) => `total ${v.total}`,
  "d6.success": (v) => `${v.total} ≥ ${v.difficulty}: success, margin ${v.margin}`,
  "d6.failure": (v) => `${v.total} < ${v.difficulty}: failure, margin ${v.margin}`,
  "storytelling.pool": (v) => `${v.dice} dice`,
  "storytelling.chanceDie": () => "no dice left: one chance die (only a 10 succeeds, a 1 is a dramatic failure)",
  "storytelling.again": (v) => `${v.again}-again: the ${v.face} rolled one more die`,
  "storytelling.rote": (v) => `rote: the failed ${v.face} was rolled again`,
  "storytelling.successes": (v) => `${v.count} success(es) (faces ${v.from}+)${v.faces ? `: ${v.faces}` : ""}`,
  "storytelling.dramaticFailure": () => "the chance die showed 1: dramatic failure",
  "storytelling.exceptional": (v) => `${v.count} successes, five or more: exceptional success`,
  "wfrp.target": (v) =>
    `target ${v.value}${v.difficulty ? ` ${signed(v.difficulty)} (difficulty)` : ""}${v.modifier ? ` ${signed(v.modifier)} (modifier)` : ""} = ${v.target}`,
  "wfrp.rollUnder": (v) => `${v.roll} ≤ ${v.target}: success`,
  "wfrp.rollOver": (v) => `${v.roll} > ${v.target}: failure`,
  "wfrp.autoSuccess": (v) => `${v.roll} is an automatic success`,
  "wfrp.autoFailure": (v) => `${v.roll} is an automatic failure`,
  "wfrp.sl": (v) => `SL = ${v.targetTens} − ${v.rollTens} = ${v.sl}`,
  "wfrp.slAdjusted": (v) => `SL ${signed(v.base)} by the tens, ${v.sl} after the options and automatic results`,
  "wfrp.critical": (v) => `${v.roll} is a double on a success: critical`,
  "wfrp.fumble": (v) => `${v.roll} is a double on a failure: fumble`,
  "wfrp.attacker": () => "attacker:",
  "wfrp.defender": () => "defender:",
  "wfrp.opposedSL": (v) => `SL ${v.attackerSL} vs ${v.defenderSL}: the ${v.winner} wins by ${v.margin}`,
  "wfrp.opposedTieBreak": (v) => `equal SL: the higher tested value wins (${v.attackerValue} vs ${v.defenderValue}), the ${v.winner}`,
  "wfrp.rerolled": (v) => `a full tie rolled again ${v.count} time(s); the last pair decides`,
  "wfrp.opposedStalemate": (v) => `equal SL (${v.sl}) and equal tested values (${v.value}): stalemate`,
  "silhouette.highest": (v) => `dice ${v.faces}: the highest is ${v.best}`,
  "silhouette.untrained": (v) => `untrained, dice ${v.faces}: the lowest is ${v.best}`,
  "silhouette.extraSixes": (v) => `${v.sixes} more six(es): +${v.sixes} = ${v.result}`,
  "silhouette.modifier": (v) => `modifier ${signed(v.modifier)} = ${v.total}`,
  "silhouette.mishap": () => "every die showed 1: a mishap",
  "silhouette.success": (v) => `${v.total} vs ${v.threshold}: margin ${signed(v.margin)}, success`,
  "silhouette.failure": (v) => `${v.total} vs ${v.threshold}: margin ${signed(v.margin)}, failure`,
};

export function explainText(steps: readonly ExplainStep[]): string {
  return steps
    .map((s, i) => `  ${i + 1}. ${Object.hasOwn(ENGLISH, s.code) ? ENGLISH[s.code](s.values) : `${s.code} ${JSON.stringify(s.values)}`}`)
    .join("\n");
}
