/**
 * Silhouette character creation and experience (issue 16). The seed (chapter 7) gives neither; it
 * does show small signed attributes (FIT, BLD… added as modifiers, 004:L1, L73) and skills as a
 * level = the number of dice (004:L1). Creation is the Silhouette CORE Rules' point-buy (the same
 * as Heavy Gear 2nd edition's), "Adventurous" player character:
 *   - ten attributes (AGI, APP, BLD, CRE, FIT, INF, KNO, PER, PSY, WIL), each bought, −3 … +3 for a
 *     human; a rating costs (rating + 1)² Character Points (−1 costs 0, 0 costs 1, +3 costs 16),
 *     below −1 it gives that much back (−2 gives 1, −3 gives 4); 30 Character Points;
 *   - a skill level costs its square in Skill Points (level 3 costs 9), complexity 1 free (higher
 *     complexity and specializations are not on the sheet, so not counted); 40 Skill Points;
 *     Character Points left over may become Skill Points one for one (or Emergency Dice, which
 *     the sheet does not hold), so skills may cost up to 40 + the Character Points left;
 *   - derived (checked when the sheet holds them): STR = (BLD + FIT) / 2 rounded toward zero, HEA =
 *     (FIT + PSY + WIL) / 3 rounded, Stamina = 5 × (BLD + HEA) + 25.
 *   - experience, our convention: a skill level costs the new level squared (1 → 2 costs 4), an
 *     attribute point 5 × the new rating squared (at least 5: 1 → 2 costs 20), for the ten primary
 *     attributes; STR is not bought (it follows BLD and FIT, ../advance-plan.ts).
 * The sheet carries all ten (data version 3; older actors get the six it lacked at 0, 1 CP each),
 * STR as a stored secondary trait (the seed's rules read it) and HEA derived, never stored; an
 * attribute missing from the data is taken at 0 here too.
 * Every number is in a table a GM may edit (settings); the functions take it as an argument.
 * The input is the sheet's plain data: a `silhouette_character` actor's `system.attributes`,
 * `stamina` and its `silhouette_skill` items (`level`), see src/rules/silhouette/table/schema.ts.
 */
import { OmnibusError, describeValue, requireInt } from "../../core/errors";
import {
  actorParts,
  breach,
  costOf,
  intAt,
  isRecord,
  report,
  requireTable,
  textAt,
  type ActorLike,
  type Breach,
  type Cost,
  type CostStep,
  type CreationReport,
} from "../build-types";

/** The ten bought attributes; `will` is WIL as the sheet names it. */
export const SILHOUETTE_BUILD_ATTRIBUTES = ["agi", "app", "bld", "cre", "fit", "inf", "kno", "per", "psy", "will"] as const;

export interface SilhouetteCreationTable {
  attributeMin: number;
  attributeMax: number;
  /** Character Points for the ten attributes. */
  attributePoints: number;
  skillPoints: number;
  /** Character Points left over become this many Skill Points each (0 = not at all). */
  skillPointsPerLeftoverCharacterPoint: number;
  /** Highest skill level at creation; 0 = no cap. */
  skillMaxAtCreation: number;
}

export const SILHOUETTE_CREATION: Readonly<SilhouetteCreationTable> = Object.freeze({
  attributeMin: -3,
  attributeMax: 3,
  attributePoints: 30,
  skillPoints: 40,
  skillPointsPerLeftoverCharacterPoint: 1,
  skillMaxAtCreation: 0,
});

/**
 * The secondary traits, Silhouette CORE Rules (Dream Pod 9, 2003), "Character Creation" chapter,
 * "Secondary Traits" table (the same formulas as Heavy Gear 2nd edition's):
 *   STR = (BLD + FIT) / 2, rounded toward zero;
 *   HEA = (FIT + PSY + WIL) / 3, rounded off (a third never ends in .5, so Math.round is exact);
 *   Stamina = 5 × (BLD + HEA) + 25.
 */
export const derivedStrength = (bld: number, fit: number) => Math.trunc((bld + fit) / 2) || 0;
export const derivedHealth = (fit: number, psy: number, wil: number) => Math.round((fit + psy + wil) / 3) || 0;
export const derivedStamina = (bld: number, health: number) => 5 * (bld + health) + 25;

/** Character Point cost of an attribute rating: (rating + 1)², given back below −1 (−2 → −1, −3 → −4). */
export const attributePointCost = (rating: number) => Math.sign(rating + 1) * (rating + 1) * (rating + 1);
export const skillPointCost = (level: number) => level * level;

export function validateSilhouetteCharacter(actor: ActorLike, table: SilhouetteCreationTable = SILHOUETTE_CREATION): CreationReport {
  const { system, items } = actorParts(actor, ["silhouette_character", "silhouette_npc"]);
  const breaches: Breach[] = [];
  const attrs = isRecord(system.attributes) ? system.attributes : {};
  const rating = {} as Record<(typeof SILHOUETTE_BUILD_ATTRIBUTES)[number], number>;
  let attributePoints = 0;
  for (const a of SILHOUETTE_BUILD_ATTRIBUTES) {
    const v = intAt(attrs[a], `attributes.${a}`, 0);
    rating[a] = v;
    attributePoints += attributePointCost(v);
    if (v < table.attributeMin || v > table.attributeMax) {
      breaches.push(
        breach("attributeRange", `${a.toUpperCase()} ${v}: at creation ${table.attributeMin} … +${table.attributeMax}`, {
          attribute: a,
          value: v,
          min: table.attributeMin,
          max: table.attributeMax,
        }),
      );
    }
  }
  if (attributePoints > table.attributePoints) {
    breaches.push(
      breach("attributePoints", `attributes cost ${attributePoints} Character Points; a starting character has ${table.attributePoints}`, {
        spent: attributePoints,
        allowed: table.attributePoints,
      }),
    );
  }
  const leftover = Math.max(0, table.attributePoints - attributePoints);
  const skillBudget = table.skillPoints + leftover * table.skillPointsPerLeftoverCharacterPoint;
  let skillPoints = 0;
  for (const item of items) {
    if (item.type !== "silhouette_skill" || !isRecord(item.system)) continue;
    const level = intAt(item.system.level, `${textAt(item.name, "skill")}.level`, 0);
    skillPoints += skillPointCost(Math.max(0, level));
    if (table.skillMaxAtCreation > 0 && level > table.skillMaxAtCreation) {
      breaches.push(
        breach("skillLevel", `${textAt(item.name, "?")} level ${level}: at most ${table.skillMaxAtCreation} at creation`, {
          skill: textAt(item.name, "?"),
          level,
          max: table.skillMaxAtCreation,
        }),
      );
    }
  }
  if (skillPoints > skillBudget) {
    breaches.push(
      breach(
        "skillPoints",
        `skills cost ${skillPoints} Skill Points; a starting character has ${table.skillPoints} + ${leftover} left-over Character Points = ${skillBudget}`,
        { spent: skillPoints, allowed: skillBudget },
      ),
    );
  }
  const strength = derivedStrength(rating.bld, rating.fit);
  const health = derivedHealth(rating.fit, rating.psy, rating.will);
  const stamina = derivedStamina(rating.bld, health);
  if (attrs.str !== undefined) {
    const str = intAt(attrs.str, "attributes.str");
    if (str !== strength)
      breaches.push(breach("derivedStrength", `STR ${str}; (BLD + FIT) / 2 gives ${strength}`, { value: str, expected: strength }));
  }
  if (system.stamina !== undefined) {
    const value = intAt(system.stamina, "stamina");
    if (value !== stamina)
      breaches.push(breach("derivedStamina", `Stamina ${value}; 5 × (BLD + HEA) + 25 gives ${stamina}`, { value, expected: stamina }));
  }
  return report("silhouette", breaches, { attributePoints, skillPoints, skillBudget, derived: { strength, health, stamina } });
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

export function silhouetteAdvanceCost(
  kind: SilhouetteAdvanceKind,
  from: number,
  to: number,
  table: SilhouetteAdvanceTable = SILHOUETTE_ADVANCE_COSTS,
): Cost {
  if (typeof kind !== "string" || !(SILHOUETTE_ADVANCE_KINDS as readonly string[]).includes(kind)) {
    throw new OmnibusError("badArgument", `unknown trait kind "${describeValue(kind)}" (one of ${SILHOUETTE_ADVANCE_KINDS.join(", ")})`, {
      name: "kind",
      value: describeValue(kind),
    });
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
