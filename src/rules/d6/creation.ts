/**
 * What a legal starting D6 character is (Star Wars RPG 2nd ed. R&E, "Character Creation"):
 *   - 18D of attribute dice over the six attributes, each within the species' minimum and maximum
 *     (humans: 2D to 4D in every attribute); dice may be split into pips (1D = 3 pips);
 *   - 7D of skill dice, where a skill's dice are what its code adds to its attribute's code, and no
 *     skill gets more than 2D over its attribute at creation;
 *   - specializations are bought from the skill dice at 1D of skill for 3D of specializations (one
 *     pip of skill dice for 1D of specialization), counted over the skill's own code;
 *   - the Force skills (control, sense, alter) start from 0D, not from an attribute, and only a
 *     Force-sensitive character may put skill dice in them (chapter "The Force");
 *   - 5 Character Points; 1 Force Point, 2 for a Force-sensitive character (checked when the sheet
 *     holds the field: a bare test character without them is not refused).
 * The input is the sheet's plain data: a `d6_character`/`d6_npc` actor's `system` and its items
 * (`d6_skill` items hold their whole code; see src/rules/d6/table/schema.ts). The budgets and species
 * limits are data a GM may edit (settings); an empty species reads as human, our convention.
 */
import { codeToPips, formatDieCode, pipsToCode, requireCode, type DieCode } from "./dice-code";
import { actorParts, breach, intAt, isRecord, report, textAt, type ActorLike, type Breach, type CreationReport } from "../build-types";

export const D6_ATTRIBUTES = ["dexterity", "knowledge", "mechanical", "perception", "strength", "technical"] as const;
export type D6Attribute = (typeof D6_ATTRIBUTES)[number];

export interface D6SpeciesLimits {
  /** Names this species is known by (lowercase; English and Russian). */
  names: string[];
  attributeDice: number;
  /** Per attribute: [minimum, maximum] as die codes in pips (1D = 3). */
  limits: Record<D6Attribute, [number, number]>;
}

export interface D6CreationTable {
  skillDice: number;
  /** Most skill dice one skill may get over its attribute at creation. */
  maxSkillDiceOverAttribute: number;
  /** Specialization dice bought per die of skill dice. */
  specializationDicePerSkillDie: number;
  /** Skills bought from 0D rather than from an attribute (lowercase names, English and Russian). */
  forceSkills: string[];
  characterPoints: number;
  forcePoints: number;
  forcePointsForceSensitive: number;
  species: Record<string, D6SpeciesLimits>;
}

const allAttributes = (min: number, max: number) =>
  Object.fromEntries(D6_ATTRIBUTES.map((a) => [a, [min * 3, max * 3]])) as Record<D6Attribute, [number, number]>;

export const D6_CREATION: Readonly<D6CreationTable> = Object.freeze({
  skillDice: 7,
  maxSkillDiceOverAttribute: 2,
  specializationDicePerSkillDie: 3,
  forceSkills: ["control", "sense", "alter", "контроль силы", "чувство силы", "изменение силы"],
  characterPoints: 5,
  forcePoints: 1,
  forcePointsForceSensitive: 2,
  species: { human: { names: ["human", "humans", "человек", "люди"], attributeDice: 18, limits: allAttributes(2, 4) } },
});

const code = (pips: number) => formatDieCode(pipsToCode(pips));

function codeAt(value: unknown, path: string, breaches: Breach[]): number | null {
  try {
    return codeToPips(requireCode(value, path));
  } catch {
    breaches.push(breach("badCode", `${path} is not a die code`, { path }));
    return null;
  }
}

export function findD6Species(name: string, table: D6CreationTable = D6_CREATION): [string, D6SpeciesLimits] | null {
  const n = name.trim().toLowerCase() || "human";
  for (const [id, s] of Object.entries(table.species)) if (id === n || s.names.includes(n)) return [id, s];
  return null;
}

export function validateD6Character(actor: ActorLike, table: D6CreationTable = D6_CREATION): CreationReport {
  const { system, items } = actorParts(actor, ["d6_character", "d6_npc"]);
  const breaches: Breach[] = [];
  const unchecked: string[] = [];
  const attrs = isRecord(system.attributes) ? system.attributes : {};
  const attrPips = {} as Record<D6Attribute, number>;
  for (const a of D6_ATTRIBUTES) attrPips[a] = codeAt(attrs[a], `attributes.${a}`, breaches) ?? 0;

  const speciesName = textAt(system.species);
  const species = findD6Species(speciesName, table);
  const attributeTotal = D6_ATTRIBUTES.reduce((s, a) => s + attrPips[a], 0);
  if (!species) {
    unchecked.push(`species "${speciesName}" is not in the species table: attribute dice and limits not checked`);
  } else {
    const [, s] = species;
    if (attributeTotal !== s.attributeDice * 3) {
      breaches.push(
        breach("attributeDice", `attributes total ${code(attributeTotal)}, the species gets ${s.attributeDice}D`, {
          total: code(attributeTotal),
          allowed: `${s.attributeDice}D`,
        }),
      );
    }
    for (const a of D6_ATTRIBUTES) {
      const [min, max] = s.limits[a];
      if (attrPips[a] < min)
        breaches.push(
          breach("attributeBelowMinimum", `${a} ${code(attrPips[a])} is below the species minimum ${code(min)}`, {
            attribute: a,
            value: code(attrPips[a]),
            min: code(min),
          }),
        );
      if (attrPips[a] > max)
        breaches.push(
          breach("attributeAboveMaximum", `${a} ${code(attrPips[a])} is above the species maximum ${code(max)}`, {
            attribute: a,
            value: code(attrPips[a]),
            max: code(max),
          }),
        );
    }
  }

  const forceSensitive = system.forceSensitive === true;
  let skillPips = 0;
  let specPips = 0;
  for (const item of items) {
    if (item.type !== "d6_skill" || !isRecord(item.system)) continue;
    const name = textAt(item.name, "?");
    const attribute = item.system.attribute as D6Attribute;
    const force = table.forceSkills.includes(name.trim().toLowerCase());
    if (force && !forceSensitive) {
      breaches.push(
        breach("forceSkillNotSensitive", `${name} is a Force skill; only a Force-sensitive character has it at creation`, { skill: name }),
      );
    }
    const base = force ? 0 : (D6_ATTRIBUTES as readonly string[]).includes(attribute) ? attrPips[attribute] : 0;
    const own = codeAt(item.system.code, `${name}.code`, breaches);
    if (own === null) continue;
    if (own < base) {
      breaches.push(
        breach("skillBelowAttribute", `${name} ${code(own)} is below its attribute ${code(base)}`, {
          skill: name,
          value: code(own),
          attribute: code(base),
        }),
      );
    }
    const over = Math.max(0, own - base);
    if (over > table.maxSkillDiceOverAttribute * 3) {
      breaches.push(
        breach("skillTooHigh", `${name} has ${code(over)} over its attribute; at most ${table.maxSkillDiceOverAttribute}D at creation`, {
          skill: name,
          over: code(over),
          max: `${table.maxSkillDiceOverAttribute}D`,
        }),
      );
    }
    skillPips += over;
    const specs = Array.isArray(item.system.specializations) ? item.system.specializations : [];
    for (const sp of specs) {
      if (!isRecord(sp)) continue;
      const s = codeAt(sp.code, `${name}: ${textAt(sp.name, "?")}.code`, breaches);
      if (s !== null) specPips += Math.max(0, s - Math.max(own, base));
    }
  }
  // 1D of skill dice buys `specializationDicePerSkillDie` D of specializations: one skill pip per that many spec pips.
  const specCost = Math.ceil(specPips / table.specializationDicePerSkillDie);
  const spent = skillPips + specCost;
  if (spent !== table.skillDice * 3) {
    breaches.push(
      breach("skillDice", `skills and specializations use ${code(spent)} of skill dice; a starting character has ${table.skillDice}D`, {
        spent: code(spent),
        allowed: `${table.skillDice}D`,
      }),
    );
  }
  if (system.characterPoints !== undefined) {
    const cp = intAt(system.characterPoints, "characterPoints");
    if (cp !== table.characterPoints)
      breaches.push(
        breach("characterPoints", `${cp} Character Points; a starting character has ${table.characterPoints}`, {
          value: cp,
          expected: table.characterPoints,
        }),
      );
  }
  if (system.forcePoints !== undefined) {
    const fp = intAt(system.forcePoints, "forcePoints");
    const expected = forceSensitive ? table.forcePointsForceSensitive : table.forcePoints;
    if (fp !== expected)
      breaches.push(
        breach("forcePoints", `${fp} Force Points; a starting ${forceSensitive ? "Force-sensitive " : ""}character has ${expected}`, {
          value: fp,
          expected,
        }),
      );
  }
  return report(
    "d6",
    breaches,
    {
      species: species ? species[0] : speciesName,
      attributeDice: code(attributeTotal),
      skillDice: code(skillPips),
      specializationDice: code(specPips),
      skillDiceSpent: code(spent),
    },
    unchecked,
  );
}

export type { DieCode };

/** This ruleset's creation check with the published tables (the registry in ../characters.ts dispatches here). */
export const validateCharacter = (actor: ActorLike): CreationReport => validateD6Character(actor);
