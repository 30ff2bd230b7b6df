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

/** Bonus XP for keeping a random result (core rulebook, character creation): species 20, characteristics as rolled 50. */
export const CREATION_XP = { randomSpecies: 20, characteristicsAsRolled: 50 } as const;

export type CreationRollKind = "species" | "characteristics";
export const CREATION_ROLL_KINDS: readonly CreationRollKind[] = ["species", "characteristics"];

/** The dice of each kind, as Foundry formulas, in the order their faces are read. */
export const CREATION_ROLL_FORMULAS: Record<CreationRollKind, string[]> = {
  species: ["1d100"],
  characteristics: CHARACTERISTICS.map(() => "2d10"),
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
