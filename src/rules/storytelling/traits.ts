/**
 * Traits of the Storytelling System: Attributes, Skills and their categories, and the derived
 * traits a sheet computes rather than stores (digest §4, §Z.4).
 */
import { describeValue, OmnibusError, requireInt } from "../../core/errors";
import { oneOf, requireObject } from "../../core/guards";

export const ATTRIBUTES = [
  "intelligence",
  "wits",
  "resolve",
  "strength",
  "dexterity",
  "stamina",
  "presence",
  "manipulation",
  "composure",
] as const;
export type Attribute = (typeof ATTRIBUTES)[number];

export type SkillCategory = "mental" | "physical" | "social";

/** Skill categories (published WoD 2004 lists, digest §Z.4; needed for the unskilled penalty, 002:L89). */
export const SKILL_CATEGORIES = {
  academics: "mental",
  computer: "mental",
  crafts: "mental",
  investigation: "mental",
  medicine: "mental",
  occult: "mental",
  politics: "mental",
  science: "mental",
  athletics: "physical",
  brawl: "physical",
  drive: "physical",
  firearms: "physical",
  larceny: "physical",
  stealth: "physical",
  survival: "physical",
  weaponry: "physical",
  animalKen: "social",
  empathy: "social",
  expression: "social",
  intimidation: "social",
  persuasion: "social",
  socialize: "social",
  streetwise: "social",
  subterfuge: "social",
} as const satisfies Record<string, SkillCategory>;
export type Skill = keyof typeof SKILL_CATEGORIES;
export const SKILLS = Object.keys(SKILL_CATEGORIES) as Skill[];

export function skillCategory(skill: string): SkillCategory {
  const c =
    typeof skill === "string" && Object.hasOwn(SKILL_CATEGORIES, skill)
      ? (SKILL_CATEGORIES as Record<string, SkillCategory>)[skill]
      : undefined;
  if (!c) throw new OmnibusError("badArgument", `unknown skill "${describeValue(skill)}"`, { name: "skill", value: describeValue(skill) });
  return c;
}

/** Unskilled penalty (002:L89): −3 for a missing Mental Skill, −1 for Physical or Social. */
export function unskilledPenalty(category: SkillCategory): number {
  if (category === "mental") return 3;
  if (category === "physical" || category === "social") return 1;
  throw new OmnibusError("badArgument", `skill category must be mental, physical or social, got "${describeValue(category)}"`);
}

/** The largest trait rating accepted (humans 1–5; supernatural beings go to 10). */
export const MAX_DOTS = 10;
const dots = (name: string, v: number, min = 0) => requireInt(name, v, min, MAX_DOTS);

/** An adult human's Size (WoD p.172). */
export const HUMAN_SIZE = 5;
/** The human species factor in Speed (WoD p.95, recalled in digest §Z.4). */
export const HUMAN_SPECIES_FACTOR = 5;

/** Defense = the lower of Wits and Dexterity (1e; WoD p.91, p.156). */
export function defenseRating(t: { wits: number; dexterity: number }): number {
  requireObject("traits", t);
  return Math.min(dots("wits", t.wits), dots("dexterity", t.dexterity));
}

/** Initiative modifier = Dexterity + Composure (WoD p.152). */
export function initiativeModifier(t: { dexterity: number; composure: number }): number {
  requireObject("traits", t);
  return dots("dexterity", t.dexterity) + dots("composure", t.composure);
}

/** Health = Stamina + Size (WoD p.172); an average human (Stamina 2, Size 5) has 7. */
export function healthRating(t: { stamina: number; size?: number }): number {
  requireObject("traits", t);
  return dots("stamina", t.stamina) + requireInt("size", t.size ?? HUMAN_SIZE, 0, 99);
}

/** Willpower maximum = Resolve + Composure (digest §Z.4; temporary dots add points, 002:L422). */
export function willpowerRating(t: { resolve: number; composure: number }): number {
  requireObject("traits", t);
  return dots("resolve", t.resolve) + dots("composure", t.composure);
}

/**
 * Speed in yards per turn = Strength + Dexterity + species factor (5 for humans), reduced by the
 * wound penalty (WoD p.95, p.173; digest §Z.4, §Z.6). Never below 0.
 */
export function speedRating(t: { strength: number; dexterity: number; speciesFactor?: number; woundPenalty?: number }): number {
  requireObject("traits", t);
  const factor = requireInt("speciesFactor", t.speciesFactor ?? HUMAN_SPECIES_FACTOR, 0, 99);
  const wound = requireInt("woundPenalty", t.woundPenalty ?? 0, -3, 0);
  return Math.max(0, dots("strength", t.strength) + dots("dexterity", t.dexterity) + factor + wound);
}

/** Experience costs, 1e (digest §Z.11): "new dots × N" sums N × each new rating. */
export type ExperienceTrait = "attribute" | "skill" | "specialty" | "merit" | "morality" | "willpower";
const XP_MULTIPLIER: Record<Exclude<ExperienceTrait, "specialty" | "willpower">, number> = {
  attribute: 5,
  skill: 3,
  merit: 2,
  morality: 3,
};

/** Experience to raise a trait from `from` to `to` dots (e.g. Firearms 2 → 3 costs 9). */
export function experienceCost(trait: ExperienceTrait, from: number, to: number): number {
  oneOf("trait", trait, ["attribute", "skill", "specialty", "merit", "morality", "willpower"]);
  if (trait === "specialty") return 3;
  dots("from", from);
  dots("to", to);
  if (to < from) throw new OmnibusError("badArgument", `cannot buy a trait down (${from} → ${to})`);
  if (trait === "willpower") return 8 * (to - from);
  const mult = XP_MULTIPLIER[trait];
  if (mult === undefined) throw new OmnibusError("badArgument", `unknown trait kind "${describeValue(trait)}"`);
  let cost = 0;
  for (let r = from + 1; r <= to; r++) cost += r * mult;
  return cost;
}
