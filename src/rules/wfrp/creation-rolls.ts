/**
 * WFRP 4e creation's random rolls (issue 16), re-derived from the dice faces alone so the GM never
 * takes a client's numbers: the species from a d100 (core rulebook, Random Species table), each
 * characteristic as 2d10 + the species' base (Species table; WFRP_SPECIES in creation.ts), and the
 * bonus experience the rulebook gives for taking the dice as they fall.
 */
import { OmnibusError } from "../../core/errors";
import { CHARACTERISTICS, type CharacteristicId } from "./characteristics";
import { WFRP_SPECIES } from "./creation";

/** Random Species table: the highest d100 result of each species, in order (00 reads as 100). */
export const SPECIES_D100: ReadonlyArray<{ upTo: number; species: keyof typeof WFRP_SPECIES }> = [
  { upTo: 90, species: "human" },
  { upTo: 94, species: "halfling" },
  { upTo: 98, species: "dwarf" },
  { upTo: 99, species: "highElf" },
  { upTo: 100, species: "woodElf" },
];

/**
 * Bonus XP for taking the dice (core rulebook, chapter 2, Character Creation): the species as rolled
 * 20; the career as first rolled 50, or chosen from three rolls 25 (picked freely: none);
 * characteristics as rolled 50, or the rolled values rearranged 25 (100 points allocated: none).
 */
export const CREATION_XP = {
  randomSpecies: 20,
  careerFirstRoll: 50,
  careerOfThree: 25,
  characteristicsAsRolled: 50,
  characteristicsRearranged: 25,
} as const;

/** How a player took the characteristics' roll: as the dice fell, or the rolled values moved between characteristics. */
export type CharacteristicsChoice = "asRolled" | "rearranged";
export const CHARACTERISTICS_CHOICES: readonly CharacteristicsChoice[] = ["asRolled", "rearranged"];

/** How a player took the career: the first roll, one of three rolls, or picked (no roll). */
export type CareerChoice = "firstRoll" | "ofThree" | "picked";

/** The bonus experience a way of taking the career earns (core rulebook, chapter 2, Class and Career). */
export function careerChoiceXp(choice: CareerChoice): number {
  return choice === "firstRoll" ? CREATION_XP.careerFirstRoll : choice === "ofThree" ? CREATION_XP.careerOfThree : 0;
}

/** The bonus experience a way of taking the characteristics earns (core rulebook, chapter 2, Characteristics). */
export function characteristicsChoiceXp(choice: CharacteristicsChoice): number {
  return choice === "asRolled" ? CREATION_XP.characteristicsAsRolled : CREATION_XP.characteristicsRearranged;
}

export type CreationRollKind = "species" | "characteristics" | "career";
export const CREATION_ROLL_KINDS: readonly CreationRollKind[] = ["species", "characteristics", "career"];

/** The dice of each kind, as Foundry formulas, in the order their faces are read. */
export const CREATION_ROLL_FORMULAS: Record<CreationRollKind, string[]> = {
  species: ["1d100"],
  characteristics: CHARACTERISTICS.map(() => "2d10"),
  // One d100 a roll, on the Random Career table (random-career.ts); up to three rolls are kept together.
  career: ["1d100"],
};

const faceIn = (f: unknown, sides: number) => typeof f === "number" && Number.isInteger(f) && f >= 1 && f <= sides;

/** The species a d100 gives. */
export function speciesFromD100(face: number): keyof typeof WFRP_SPECIES {
  if (!faceIn(face, 100))
    throw new OmnibusError("badArgument", `a d100 face must be 1–100, got ${String(face)}`, { name: "face", value: String(face) });
  return SPECIES_D100.find((r) => face <= r.upTo)!.species;
}

/** Each characteristic's starting value from 20 d10 faces (two per characteristic, in order) and the species' base. */
export function characteristicsFromFaces(species: string, faces: readonly number[]): Record<CharacteristicId, number> {
  const sp = WFRP_SPECIES[species];
  if (!sp) throw new OmnibusError("badArgument", `unknown species "${species}"`, { name: "species", value: species });
  if (faces.length !== CHARACTERISTICS.length * 2 || !faces.every((f) => faceIn(f, 10))) {
    throw new OmnibusError("badArgument", `characteristics need ${CHARACTERISTICS.length * 2} d10 faces of 1–10`, { name: "faces" });
  }
  return Object.fromEntries(CHARACTERISTICS.map((c, i) => [c, sp.base[c] + faces[2 * i] + faces[2 * i + 1]])) as Record<
    CharacteristicId,
    number
  >;
}

/** The species key a character's `species` text names (English or Russian), or null. */
export function speciesKey(text: string): string | null {
  const t = text.trim().toLowerCase();
  return Object.entries(WFRP_SPECIES).find(([k, s]) => k.toLowerCase() === t || s.names.includes(t))?.[0] ?? null;
}

/** The recorded result of one creation roll, as the GM stores it. */
export interface CreationRollRecord {
  kind: CreationRollKind;
  faces: number[];
  /** The species the roll was made for (characteristics) or gave (species). */
  species: string;
  values?: Record<string, number>;
  /** Career: the career each recorded d100 gave, in order; and, once kept, the one taken. */
  careers?: string[];
  career?: string;
  /** Rolled a second time: the bonus experience for keeping the dice is gone. */
  reroll: boolean;
}

/**
 * Which characteristics differ from the recorded roll (none when the character still has the values
 * the dice gave). A character without a recorded roll is not checked here.
 */
export function differsFromRoll(record: CreationRollRecord, characteristics: Record<string, unknown>): string[] {
  if (record.kind !== "characteristics") return [];
  const rolled = characteristicsFromFaces(record.species, record.faces);
  return CHARACTERISTICS.filter((c) => {
    const v = (characteristics[c] as { initial?: unknown } | undefined)?.initial;
    return v !== rolled[c];
  });
}

const initialOf = (characteristics: Record<string, unknown>, c: string): unknown =>
  (characteristics[c] as { initial?: unknown } | undefined)?.initial;

/**
 * Whether the character's characteristics are the rolled 2d10 results moved between
 * characteristics, each used once, with each characteristic's own species base added after (core
 * rulebook, chapter 2: the rolls may be rearranged). Kept as rolled is a rearrangement too.
 */
export function isRearrangement(record: CreationRollRecord, characteristics: Record<string, unknown>): boolean {
  if (record.kind !== "characteristics") return false;
  const sp = WFRP_SPECIES[record.species];
  if (!sp) return false;
  const rolled = CHARACTERISTICS.map((_, i) => record.faces[2 * i] + record.faces[2 * i + 1]).sort((a, b) => a - b);
  const held = CHARACTERISTICS.map((c) => initialOf(characteristics, c));
  if (!held.every((v) => typeof v === "number")) return false;
  const dice = CHARACTERISTICS.map((c, i) => (held[i] as number) - sp.base[c]).sort((a, b) => a - b);
  return dice.every((v, i) => v === rolled[i]);
}

/**
 * Which rule a characteristics choice breaks on the stored values, or null when it earns its bonus:
 * "asRolled" needs every value as rolled, "rearranged" the rolled values in some order.
 */
export function characteristicsChoiceBreach(
  record: CreationRollRecord,
  choice: CharacteristicsChoice,
  characteristics: Record<string, unknown>,
): "notAsRolled" | "notRearranged" | null {
  if (choice === "asRolled") return differsFromRoll(record, characteristics).length > 0 ? "notAsRolled" : null;
  return isRearrangement(record, characteristics) ? null : "notRearranged";
}
