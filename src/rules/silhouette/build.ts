/**
 * Silhouette character creation and experience (issue 16). The seed (chapter 7) gives neither; it
 * does show small signed attributes (FIT, BLD… added as modifiers, 004:L1, L73) and skills as a
 * level = the number of dice (004:L1). What follows is Heavy Gear 2nd edition's point-buy, as we
 * read it, fitted to the five attributes this ruleset keeps:
 *   - attributes run −3 … +3 at creation, 0 being average; a rating costs its square in Attribute
 *     Points, a negative rating gives its square back (+2 costs 4, −1 returns 1);
 *   - a skill level costs its square in Skill Points (level 3 costs 9); skill complexity is not
 *     modelled (every skill counts as simple);
 *   - budgets: Heavy Gear's "Adventurous" campaign gives 30 Attribute Points for ten attributes
 *     and 40 Skill Points. Our convention for five attributes: 15 Attribute Points; 40 Skill Points.
 *   - experience, our convention: a skill level costs the new level squared (1 → 2 costs 4), an
 *     attribute point 5 × the new rating squared (at least 5: 1 → 2 costs 20).
 * Every number is in a table a GM may edit (settings); the functions take it as an argument.
 * The input is the sheet's plain data: a `silhouette_character` actor's `system.attributes` and its
 * `silhouette_skill` items (`level`), see src/foundry/silhouette/schema.ts.
 */
import { OmnibusError, describeValue, requireInt } from "../../core/errors";
import { actorParts, breach, costOf, intAt, isRecord, report, requireTable, textAt, type ActorLike, type Breach, type Cost, type CostStep, type CreationReport } from "../build-types";

export const SILHOUETTE_BUILD_ATTRIBUTES = ["agi", "bld", "fit", "str", "will"] as const;

export interface SilhouetteCreationTable {
  attributeMin: number;
  attributeMax: number;
  attributePoints: number;
  skillPoints: number;
  /** Highest skill level at creation; 0 = no cap. */
  skillMaxAtCreation: number;
}

export const SILHOUETTE_CREATION: Readonly<SilhouetteCreationTable> = Object.freeze({
  attributeMin: -3,
  attributeMax: 3,
  attributePoints: 15,
  skillPoints: 40,
  skillMaxAtCreation: 0,
});

/** Point-buy cost of an attribute rating: its square, negative for a negative rating. */
export const attributePointCost = (rating: number) => Math.sign(rating) * rating * rating;
export const skillPointCost = (level: number) => level * level;

export function validateSilhouetteCharacter(actor: ActorLike, table: SilhouetteCreationTable = SILHOUETTE_CREATION): CreationReport {
  const { system, items } = actorParts(actor, ["silhouette_character", "silhouette_npc"]);
  const breaches: Breach[] = [];
  const attrs = isRecord(system.attributes) ? system.attributes : {};
  let attributePoints = 0;
  for (const a of SILHOUETTE_BUILD_ATTRIBUTES) {
    const v = intAt(attrs[a], `attributes.${a}`, 0);
    attributePoints += attributePointCost(v);
    if (v < table.attributeMin || v > table.attributeMax) {
      breaches.push(breach("attributeRange", `${a.toUpperCase()} ${v}: at creation ${table.attributeMin} … +${table.attributeMax}`, { attribute: a, value: v, min: table.attributeMin, max: table.attributeMax }));
    }
  }
  if (attributePoints > table.attributePoints) {
    breaches.push(breach("attributePoints", `attributes cost ${attributePoints} points; a starting character has ${table.attributePoints}`, { spent: attributePoints, allowed: table.attributePoints }));
  }
  let skillPoints = 0;
  for (const item of items) {
    if (item.type !== "silhouette_skill" || !isRecord(item.system)) continue;
    const level = intAt(item.system.level, `${textAt(item.name, "skill")}.level`, 0);
    skillPoints += skillPointCost(Math.max(0, level));
    if (table.skillMaxAtCreation > 0 && level > table.skillMaxAtCreation) {
      breaches.push(breach("skillLevel", `${textAt(item.name, "?")} level ${level}: at most ${table.skillMaxAtCreation} at creation`, { skill: textAt(item.name, "?"), level, max: table.skillMaxAtCreation }));
    }
  }
  if (skillPoints > table.skillPoints) {
    breaches.push(breach("skillPoints", `skills cost ${skillPoints} points; a starting character has ${table.skillPoints}`, { spent: skillPoints, allowed: table.skillPoints }));
  }
  return report("silhouette", breaches, { attributePoints, skillPoints });
}

export const SILHOUETTE_ADVANCE_KINDS = ["attribute", "skill"] as const;
export type SilhouetteAdvanceKind = (typeof SILHOUETTE_ADVANCE_KINDS)[number];

export interface SilhouetteAdvanceTable {
  /** XP per skill step: this × the new level squared. */
  skill: number;
  /** XP per attribute step: this × the new rating squared (at least this). */
  attribute: number;
}

export const SILHOUETTE_ADVANCE_COSTS: Readonly<SilhouetteAdvanceTable> = Object.freeze({ skill: 1, attribute: 5 });

export function silhouetteAdvanceCost(kind: SilhouetteAdvanceKind, from: number, to: number, table: SilhouetteAdvanceTable = SILHOUETTE_ADVANCE_COSTS): Cost {
  if (typeof kind !== "string" || !(SILHOUETTE_ADVANCE_KINDS as readonly string[]).includes(kind)) {
    throw new OmnibusError("badArgument", `unknown trait kind "${describeValue(kind)}" (one of ${SILHOUETTE_ADVANCE_KINDS.join(", ")})`, { name: "kind", value: describeValue(kind) });
  }
  requireTable("silhouette advance table", table, SILHOUETTE_ADVANCE_COSTS);
  const [min, max] = kind === "skill" ? [0, 20] : [-10, 10];
  requireInt("from", from, min, max);
  requireInt("to", to, min, max);
  if (to < from) throw new OmnibusError("badArgument", `an advance goes up: ${to} is below ${from}`, { name: "to" });
  const steps: CostStep[] = [];
  for (let v = from; v < to; v++) {
    const n = v + 1;
    steps.push({ from: v, to: n, cost: kind === "skill" ? table.skill * n * n : table.attribute * Math.max(1, n * n) });
  }
  return costOf(steps);
}

/** This ruleset's creation check with the published tables (the registry in ../characters.ts dispatches here). */
export const validateCharacter = (actor: ActorLike): CreationReport => validateSilhouetteCharacter(actor);
