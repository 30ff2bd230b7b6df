/**
 * What a legal starting Storytelling character is (World of Darkness rulebook, 2004, "Character
 * Creation"): every Attribute has one free dot, and the three categories (Mental, Physical, Social)
 * get 5, 4 and 3 more dots in whichever order the player prioritises; Skills get 11, 7 and 4 dots by
 * category, again in any order; 3 Skill Specialties; 7 dots of Merits; a fifth dot in any trait
 * costs two at creation. Derived: Health = Stamina + Size, Willpower = Resolve + Composure, Defense
 * = the lower of Dexterity and Wits, Speed = Strength + Dexterity + 5 (species factor), Initiative =
 * Dexterity + Composure; Morality starts at 7. The sheet recomputes Health; a new character's
 * Willpower points are full.
 * The input is the sheet's plain data: a `storytelling_character` actor's `system` (attributes as
 * numbers, skills as `{dots, specialties}` with specialties as comma-separated text) and its
 * `storytelling_merit` items (see src/rules/storytelling/table/schema.ts). The budgets are data a GM
 * may edit (settings).
 */
import { ATTRIBUTES, SKILLS, SKILL_CATEGORIES, type SkillCategory } from "./traits";
import { actorParts, breach, intAt, isRecord, report, textAt, type ActorLike, type Breach, type CreationReport } from "../build-types";

export const ATTRIBUTE_CATEGORIES: Record<(typeof ATTRIBUTES)[number], SkillCategory> = {
  intelligence: "mental",
  wits: "mental",
  resolve: "mental",
  strength: "physical",
  dexterity: "physical",
  stamina: "physical",
  presence: "social",
  manipulation: "social",
  composure: "social",
};

export interface StorytellingCreationTable {
  /** Attribute dots over the free first dot, by priority (any order of the categories). */
  attributeDots: number[];
  skillDots: number[];
  specialties: number;
  meritDots: number;
  /** Dots above this rating cost one extra each at creation (the fifth dot costs two). */
  doubleCostFrom: number;
  morality: number;
  speciesFactor: number;
}

export const STORYTELLING_CREATION: Readonly<StorytellingCreationTable> = Object.freeze({
  attributeDots: [5, 4, 3],
  skillDots: [11, 7, 4],
  specialties: 3,
  meritDots: 7,
  doubleCostFrom: 5,
  morality: 7,
  speciesFactor: 5,
});

/** Creation cost of a rating: one per dot, two for each dot from `doubleCostFrom` up. */
export function creationDots(rating: number, doubleCostFrom = 5): number {
  return rating + Math.max(0, rating - doubleCostFrom + 1);
}

/** The Specialties written in a skill's text ("Rifles, Pistols" → 2). */
export function specialtyList(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

const CATEGORIES: SkillCategory[] = ["mental", "physical", "social"];
const sameMultiset = (a: number[], b: number[]) =>
  a.length === b.length && [...a].sort((x, y) => x - y).every((v, i) => v === [...b].sort((x, y) => x - y)[i]);

export function validateStorytellingCharacter(actor: ActorLike, table: StorytellingCreationTable = STORYTELLING_CREATION): CreationReport {
  const { system, items } = actorParts(actor, ["storytelling_character", "storytelling_npc"]);
  const breaches: Breach[] = [];
  const attrs = isRecord(system.attributes) ? system.attributes : {};
  const a = Object.fromEntries(ATTRIBUTES.map((k) => [k, intAt(attrs[k], `attributes.${k}`, 1)])) as Record<
    (typeof ATTRIBUTES)[number],
    number
  >;
  const attrSpent: Record<SkillCategory, number> = { mental: 0, physical: 0, social: 0 };
  for (const k of ATTRIBUTES) {
    if (a[k] < 1)
      breaches.push(breach("attributeBelowOne", `${k} ${a[k]}: every Attribute has its first dot`, { attribute: k, value: a[k] }));
    if (a[k] > 5) breaches.push(breach("attributeAboveFive", `${k} ${a[k]}: at most 5 dots`, { attribute: k, value: a[k] }));
    attrSpent[ATTRIBUTE_CATEGORIES[k]] += creationDots(Math.max(1, a[k]), table.doubleCostFrom) - 1;
  }
  const attrList = CATEGORIES.map((c) => attrSpent[c]);
  if (!sameMultiset(attrList, table.attributeDots)) {
    breaches.push(
      breach(
        "attributeDots",
        `Attribute dots over the first: mental ${attrList[0]}, physical ${attrList[1]}, social ${attrList[2]}; the priorities give ${table.attributeDots.join("/")}`,
        { mental: attrList[0], physical: attrList[1], social: attrList[2], allowed: table.attributeDots.join("/") },
      ),
    );
  }

  const skills = isRecord(system.skills) ? system.skills : {};
  const skillSpent: Record<SkillCategory, number> = { mental: 0, physical: 0, social: 0 };
  let specialties = 0;
  for (const k of SKILLS) {
    const s = isRecord(skills[k]) ? skills[k] : {};
    const dots = intAt(s.dots, `skills.${k}.dots`, 0);
    if (dots < 0) breaches.push(breach("skillBelowZero", `${k} ${dots}`, { skill: k, value: dots }));
    if (dots > 5) breaches.push(breach("skillAboveFive", `${k} ${dots}: at most 5 dots`, { skill: k, value: dots }));
    skillSpent[SKILL_CATEGORIES[k]] += creationDots(Math.max(0, dots), table.doubleCostFrom);
    const specs = specialtyList(textAt(s.specialties));
    specialties += specs.length;
    if (specs.length > 0 && dots === 0) breaches.push(breach("specialtyWithoutSkill", `${k} has a Specialty but no dots`, { skill: k }));
  }
  const skillList = CATEGORIES.map((c) => skillSpent[c]);
  if (!sameMultiset(skillList, table.skillDots)) {
    breaches.push(
      breach(
        "skillDots",
        `Skill dots: mental ${skillList[0]}, physical ${skillList[1]}, social ${skillList[2]}; the priorities give ${table.skillDots.join("/")}`,
        { mental: skillList[0], physical: skillList[1], social: skillList[2], allowed: table.skillDots.join("/") },
      ),
    );
  }
  if (specialties !== table.specialties) {
    breaches.push(
      breach("specialties", `${specialties} Specialties; a starting character has ${table.specialties}`, {
        count: specialties,
        allowed: table.specialties,
      }),
    );
  }

  let meritDots = 0;
  for (const item of items) {
    if (item.type !== "storytelling_merit" || !isRecord(item.system)) continue;
    meritDots += creationDots(intAt(item.system.dots, `${textAt(item.name, "merit")}.dots`, 1), table.doubleCostFrom);
  }
  if (meritDots !== table.meritDots) {
    breaches.push(
      breach("meritDots", `Merits use ${meritDots} dots; a starting character has ${table.meritDots}`, {
        spent: meritDots,
        allowed: table.meritDots,
      }),
    );
  }

  const morality = intAt(system.morality, "morality", table.morality);
  if (morality !== table.morality)
    breaches.push(
      breach("morality", `Morality ${morality}; a starting character has ${table.morality}`, { value: morality, expected: table.morality }),
    );

  const size = intAt(system.size, "size", 5);
  const healthBonus = intAt(system.healthBonus, "healthBonus", 0);
  const derived = {
    health: a.stamina + size + healthBonus,
    willpower: a.resolve + a.composure,
    defense: Math.min(a.dexterity, a.wits),
    speed: a.strength + a.dexterity + intAt(system.speciesFactor, "speciesFactor", table.speciesFactor),
    initiative: a.dexterity + a.composure,
  };
  const wp = isRecord(system.willpower) ? system.willpower : {};
  if (wp.points !== undefined && intAt(wp.points, "willpower.points") !== derived.willpower + intAt(wp.bonus, "willpower.bonus", 0)) {
    breaches.push(
      breach("derivedWillpower", `Willpower ${String(wp.points)}; a new character starts with Resolve + Composure = ${derived.willpower}`, {
        value: intAt(wp.points, "willpower.points"),
        expected: derived.willpower,
      }),
    );
  }
  return report("storytelling", breaches, {
    attributeDots: { mental: attrList[0], physical: attrList[1], social: attrList[2] },
    skillDots: { mental: skillList[0], physical: skillList[1], social: skillList[2] },
    specialties,
    meritDots,
    derived,
  });
}

/** This ruleset's creation check with the published tables (the registry in ../characters.ts dispatches here). */
export const validateCharacter = (actor: ActorLike): CreationReport => validateStorytellingCharacter(actor);
