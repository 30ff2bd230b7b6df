/**
 * WFRP 4e's Random Career table (core rulebook, chapter 2, Random Career table): a d100 read in the
 * character's species column gives one of the 64 careers. Pure data and the reading of it; the GM
 * may replace the table in the settings (JSON in the same shape, checked by `randomCareerProblems`).
 *
 * Provenance (docs/sources.md): the numbers are the book's; cross-checked against two independent
 * public fan tools (a d100-per-career list and a per-species range table), which agree on all five
 * columns; a third list disagrees only on the Dwarf's 97–00 (it gives 00 to Warrior Priest, which
 * the book gives no Dwarf), and the two agreeing sources are taken.
 */
import { OmnibusError } from "../../core/errors";

/** The species columns of the table, in the book's order. */
export const CAREER_COLUMNS = ["human", "dwarf", "halfling", "highElf", "woodElf"] as const;
export type CareerColumn = (typeof CAREER_COLUMNS)[number];

/** One row: the career and, per species column, the highest d100 that gives it (0: the species cannot roll it). */
export type RandomCareerRow = [career: string, human: number, dwarf: number, halfling: number, highElf: number, woodElf: number];

/**
 * The published table, read top to bottom: a career's range in a column runs from the previous
 * row's highest number in that column (plus one) to its own; 100 is the book's "00".
 */
export const RANDOM_CAREER: readonly RandomCareerRow[] = [
  ["apothecary", 1, 1, 1, 2, 0],
  ["engineer", 2, 4, 2, 0, 0],
  ["lawyer", 3, 6, 4, 6, 0],
  ["nun", 5, 0, 0, 0, 0],
  ["physician", 6, 7, 6, 8, 0],
  ["priest", 11, 0, 0, 0, 0],
  ["scholar", 13, 9, 8, 12, 1],
  ["wizard", 14, 0, 0, 16, 5],
  ["agitator", 15, 11, 10, 0, 0],
  ["artisan", 17, 17, 15, 19, 10],
  ["beggar", 19, 18, 19, 0, 0],
  ["investigator", 20, 20, 21, 21, 0],
  ["merchant", 21, 24, 25, 26, 0],
  ["ratCatcher", 23, 25, 28, 0, 0],
  ["townsman", 26, 31, 31, 28, 0],
  ["watchman", 27, 34, 33, 29, 0],
  ["advisor", 28, 36, 34, 31, 14],
  ["artist", 29, 37, 36, 32, 18],
  ["duellist", 30, 38, 0, 34, 0],
  ["envoy", 31, 40, 37, 37, 25],
  ["noble", 32, 41, 0, 40, 31],
  ["servant", 35, 42, 43, 0, 0],
  ["spy", 36, 43, 44, 43, 35],
  ["warden", 37, 45, 46, 45, 0],
  ["bailiff", 38, 47, 47, 0, 0],
  ["hedgeWitch", 39, 0, 0, 0, 0],
  ["herbalist", 40, 0, 50, 47, 42],
  ["hunter", 42, 49, 52, 50, 52],
  ["miner", 43, 54, 53, 0, 0],
  ["mystic", 44, 0, 0, 0, 57],
  ["scout", 45, 55, 54, 56, 68],
  ["villager", 50, 56, 57, 0, 0],
  ["bountyHunter", 51, 60, 58, 59, 70],
  ["coachman", 52, 61, 60, 0, 0],
  ["entertainer", 54, 63, 63, 62, 75],
  ["flagellant", 56, 0, 0, 0, 0],
  ["messenger", 57, 65, 65, 63, 78],
  ["pedlar", 58, 67, 67, 0, 0],
  ["roadWarden", 59, 0, 68, 0, 0],
  ["witchHunter", 60, 0, 0, 0, 0],
  ["boatman", 62, 69, 69, 64, 0],
  ["huffer", 63, 70, 70, 0, 0],
  ["riverwarden", 65, 0, 71, 0, 0],
  ["riverwoman", 68, 72, 74, 0, 0],
  ["seaman", 70, 73, 75, 79, 0],
  ["smuggler", 71, 75, 79, 80, 0],
  ["stevedore", 73, 77, 82, 0, 0],
  ["wrecker", 74, 78, 0, 0, 79],
  ["bawd", 76, 0, 85, 82, 0],
  ["charlatan", 77, 0, 86, 85, 0],
  ["fence", 78, 79, 87, 0, 0],
  ["graveRobber", 79, 0, 88, 0, 0],
  ["outlaw", 83, 82, 89, 88, 85],
  ["racketeer", 84, 83, 90, 0, 0],
  ["thief", 87, 84, 94, 0, 0],
  ["witch", 88, 0, 0, 0, 0],
  ["cavalryman", 90, 0, 0, 92, 90],
  ["guard", 92, 87, 96, 94, 92],
  ["knight", 93, 0, 0, 95, 94],
  ["pitFighter", 94, 90, 97, 97, 96],
  ["protagonist", 95, 93, 0, 98, 0],
  ["soldier", 99, 96, 100, 100, 100],
  ["slayer", 0, 100, 0, 0, 0],
  ["warriorPriest", 100, 0, 0, 0, 0],
];

/** Every career of the book's table, in its order (the keys of the careers' names in the language files). */
export const RANDOM_CAREER_IDS: readonly string[] = RANDOM_CAREER.map((r) => r[0]);

/** Why a table (the published one or a GM's replacement) cannot be read; empty when every column covers 1–100 once. */
export function randomCareerProblems(table: unknown): string[] {
  if (!Array.isArray(table) || table.length === 0) return ["the table is not a list of rows"];
  const problems: string[] = [];
  const last = CAREER_COLUMNS.map(() => 0);
  table.forEach((row: unknown, i) => {
    if (!Array.isArray(row) || row.length !== 6 || typeof row[0] !== "string" || row[0] === "") {
      problems.push(`row ${i + 1}: not [career, human, dwarf, halfling, highElf, woodElf]`);
      return;
    }
    CAREER_COLUMNS.forEach((col, c) => {
      const v: unknown = row[c + 1];
      if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > 100)
        problems.push(`row ${i + 1} (${String(row[0])}), ${col}: ${String(v)}`);
      else if (v !== 0) {
        if (v <= last[c]) problems.push(`row ${i + 1} (${String(row[0])}), ${col}: ${v} is not above ${last[c]}`);
        else last[c] = v;
      }
    });
  });
  CAREER_COLUMNS.forEach((col, c) => {
    if (last[c] !== 100) problems.push(`${col}: the column ends at ${last[c]}, not 100`);
  });
  return problems;
}

/** The career a d100 face gives a species (its column of the table). */
export function careerFromD100(species: string, face: number, table: readonly RandomCareerRow[] = RANDOM_CAREER): string {
  const c = CAREER_COLUMNS.indexOf(species as CareerColumn);
  if (c < 0)
    throw new OmnibusError("badArgument", `the random career table has no column for "${species}"`, { name: "species", value: species });
  if (!Number.isInteger(face) || face < 1 || face > 100)
    throw new OmnibusError("badArgument", `a d100 face must be 1–100, got ${String(face)}`, { name: "face", value: String(face) });
  const row = table.find((r) => {
    const top = r[c + 1] as number;
    return top !== 0 && face <= top;
  });
  if (!row)
    throw new OmnibusError("badArgument", `the random career table gives nothing for ${face} (${species})`, {
      name: "face",
      value: String(face),
    });
  return row[0];
}

/** At most three career rolls: the first kept, or one of three chosen (core rulebook, chapter 2, Class and Career). */
export const CAREER_ROLLS_MAX = 3;

/**
 * Why a claimed career choice is refused on the recorded d100 faces, or null: "firstRoll" needs
 * exactly one roll and its career; "ofThree" one of at most three rolls' careers.
 */
export function careerClaimBreach(
  species: string,
  faces: readonly number[],
  choice: "firstRoll" | "ofThree",
  career: string,
  table: readonly RandomCareerRow[] = RANDOM_CAREER,
): "notFirstRoll" | "tooManyRolls" | "notRolled" | null {
  if (choice === "firstRoll" && faces.length !== 1) return "notFirstRoll";
  if (faces.length > CAREER_ROLLS_MAX) return "tooManyRolls";
  const given = choice === "firstRoll" ? [careerFromD100(species, faces[0], table)] : faces.map((f) => careerFromD100(species, f, table));
  return given.includes(career) ? null : "notRolled";
}
