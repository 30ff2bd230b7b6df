// WFRP 4e core rulebook, Random Career table: each species column's ranges, written out as the
// book prints them (not derived from the code's table), checked at both ends of every range.
import { describe, expect, it } from "vitest";
import {
  RANDOM_CAREER,
  RANDOM_CAREER_IDS,
  careerClaimBreach,
  careerFromD100,
  randomCareerProblems,
} from "../../../src/rules/wfrp/random-career";

// [career, first, last] per column, as printed (00 = 100).
const PRINTED: Record<string, Array<[string, number, number]>> = {
  human: [
    ["apothecary", 1, 1],
    ["engineer", 2, 2],
    ["lawyer", 3, 3],
    ["nun", 4, 5],
    ["physician", 6, 6],
    ["priest", 7, 11],
    ["scholar", 12, 13],
    ["wizard", 14, 14],
    ["agitator", 15, 15],
    ["artisan", 16, 17],
    ["beggar", 18, 19],
    ["investigator", 20, 20],
    ["merchant", 21, 21],
    ["ratCatcher", 22, 23],
    ["townsman", 24, 26],
    ["watchman", 27, 27],
    ["advisor", 28, 28],
    ["artist", 29, 29],
    ["duellist", 30, 30],
    ["envoy", 31, 31],
    ["noble", 32, 32],
    ["servant", 33, 35],
    ["spy", 36, 36],
    ["warden", 37, 37],
    ["bailiff", 38, 38],
    ["hedgeWitch", 39, 39],
    ["herbalist", 40, 40],
    ["hunter", 41, 42],
    ["miner", 43, 43],
    ["mystic", 44, 44],
    ["scout", 45, 45],
    ["villager", 46, 50],
    ["bountyHunter", 51, 51],
    ["coachman", 52, 52],
    ["entertainer", 53, 54],
    ["flagellant", 55, 56],
    ["messenger", 57, 57],
    ["pedlar", 58, 58],
    ["roadWarden", 59, 59],
    ["witchHunter", 60, 60],
    ["boatman", 61, 62],
    ["huffer", 63, 63],
    ["riverwarden", 64, 65],
    ["riverwoman", 66, 68],
    ["seaman", 69, 70],
    ["smuggler", 71, 71],
    ["stevedore", 72, 73],
    ["wrecker", 74, 74],
    ["bawd", 75, 76],
    ["charlatan", 77, 77],
    ["fence", 78, 78],
    ["graveRobber", 79, 79],
    ["outlaw", 80, 83],
    ["racketeer", 84, 84],
    ["thief", 85, 87],
    ["witch", 88, 88],
    ["cavalryman", 89, 90],
    ["guard", 91, 92],
    ["knight", 93, 93],
    ["pitFighter", 94, 94],
    ["protagonist", 95, 95],
    ["soldier", 96, 99],
    ["warriorPriest", 100, 100],
  ],
  dwarf: [
    ["apothecary", 1, 1],
    ["engineer", 2, 4],
    ["lawyer", 5, 6],
    ["physician", 7, 7],
    ["scholar", 8, 9],
    ["agitator", 10, 11],
    ["artisan", 12, 17],
    ["beggar", 18, 18],
    ["investigator", 19, 20],
    ["merchant", 21, 24],
    ["ratCatcher", 25, 25],
    ["townsman", 26, 31],
    ["watchman", 32, 34],
    ["advisor", 35, 36],
    ["artist", 37, 37],
    ["duellist", 38, 38],
    ["envoy", 39, 40],
    ["noble", 41, 41],
    ["servant", 42, 42],
    ["spy", 43, 43],
    ["warden", 44, 45],
    ["bailiff", 46, 47],
    ["hunter", 48, 49],
    ["miner", 50, 54],
    ["scout", 55, 55],
    ["villager", 56, 56],
    ["bountyHunter", 57, 60],
    ["coachman", 61, 61],
    ["entertainer", 62, 63],
    ["messenger", 64, 65],
    ["pedlar", 66, 67],
    ["boatman", 68, 69],
    ["huffer", 70, 70],
    ["riverwoman", 71, 72],
    ["seaman", 73, 73],
    ["smuggler", 74, 75],
    ["stevedore", 76, 77],
    ["wrecker", 78, 78],
    ["fence", 79, 79],
    ["outlaw", 80, 82],
    ["racketeer", 83, 83],
    ["thief", 84, 84],
    ["guard", 85, 87],
    ["pitFighter", 88, 90],
    ["protagonist", 91, 93],
    ["soldier", 94, 96],
    ["slayer", 97, 100],
  ],
  halfling: [
    ["apothecary", 1, 1],
    ["engineer", 2, 2],
    ["lawyer", 3, 4],
    ["physician", 5, 6],
    ["scholar", 7, 8],
    ["agitator", 9, 10],
    ["artisan", 11, 15],
    ["beggar", 16, 19],
    ["investigator", 20, 21],
    ["merchant", 22, 25],
    ["ratCatcher", 26, 28],
    ["townsman", 29, 31],
    ["watchman", 32, 33],
    ["advisor", 34, 34],
    ["artist", 35, 36],
    ["envoy", 37, 37],
    ["servant", 38, 43],
    ["spy", 44, 44],
    ["warden", 45, 46],
    ["bailiff", 47, 47],
    ["herbalist", 48, 50],
    ["hunter", 51, 52],
    ["miner", 53, 53],
    ["scout", 54, 54],
    ["villager", 55, 57],
    ["bountyHunter", 58, 58],
    ["coachman", 59, 60],
    ["entertainer", 61, 63],
    ["messenger", 64, 65],
    ["pedlar", 66, 67],
    ["roadWarden", 68, 68],
    ["boatman", 69, 69],
    ["huffer", 70, 70],
    ["riverwarden", 71, 71],
    ["riverwoman", 72, 74],
    ["seaman", 75, 75],
    ["smuggler", 76, 79],
    ["stevedore", 80, 82],
    ["bawd", 83, 85],
    ["charlatan", 86, 86],
    ["fence", 87, 87],
    ["graveRobber", 88, 88],
    ["outlaw", 89, 89],
    ["racketeer", 90, 90],
    ["thief", 91, 94],
    ["guard", 95, 96],
    ["pitFighter", 97, 97],
    ["soldier", 98, 100],
  ],
  highElf: [
    ["apothecary", 1, 2],
    ["lawyer", 3, 6],
    ["physician", 7, 8],
    ["scholar", 9, 12],
    ["wizard", 13, 16],
    ["artisan", 17, 19],
    ["investigator", 20, 21],
    ["merchant", 22, 26],
    ["townsman", 27, 28],
    ["watchman", 29, 29],
    ["advisor", 30, 31],
    ["artist", 32, 32],
    ["duellist", 33, 34],
    ["envoy", 35, 37],
    ["noble", 38, 40],
    ["spy", 41, 43],
    ["warden", 44, 45],
    ["herbalist", 46, 47],
    ["hunter", 48, 50],
    ["scout", 51, 56],
    ["bountyHunter", 57, 59],
    ["entertainer", 60, 62],
    ["messenger", 63, 63],
    ["boatman", 64, 64],
    ["seaman", 65, 79],
    ["smuggler", 80, 80],
    ["bawd", 81, 82],
    ["charlatan", 83, 85],
    ["outlaw", 86, 88],
    ["cavalryman", 89, 92],
    ["guard", 93, 94],
    ["knight", 95, 95],
    ["pitFighter", 96, 97],
    ["protagonist", 98, 98],
    ["soldier", 99, 100],
  ],
  woodElf: [
    ["scholar", 1, 1],
    ["wizard", 2, 5],
    ["artisan", 6, 10],
    ["advisor", 11, 14],
    ["artist", 15, 18],
    ["envoy", 19, 25],
    ["noble", 26, 31],
    ["spy", 32, 35],
    ["herbalist", 36, 42],
    ["hunter", 43, 52],
    ["mystic", 53, 57],
    ["scout", 58, 68],
    ["bountyHunter", 69, 70],
    ["entertainer", 71, 75],
    ["messenger", 76, 78],
    ["wrecker", 79, 79],
    ["outlaw", 80, 85],
    ["cavalryman", 86, 90],
    ["guard", 91, 92],
    ["knight", 93, 94],
    ["pitFighter", 95, 96],
    ["soldier", 97, 100],
  ],
};

describe("WFRP 4e core rulebook, Random Career table", () => {
  it("lists the book's 64 careers, and its five columns each cover 01–00 once", () => {
    expect(RANDOM_CAREER_IDS).toHaveLength(64);
    expect(new Set(RANDOM_CAREER_IDS).size).toBe(64);
    expect(randomCareerProblems(RANDOM_CAREER)).toEqual([]);
  });
  for (const [species, rows] of Object.entries(PRINTED)) {
    it(`core rulebook, Random Career table: every ${species} range at both ends`, () => {
      let next = 1;
      for (const [career, first, last] of rows) {
        expect(first, `${career} starts where the previous range ended`).toBe(next);
        expect(careerFromD100(species, first)).toBe(career);
        expect(careerFromD100(species, last)).toBe(career);
        next = last + 1;
      }
      expect(next).toBe(101);
    });
  }
  it("refuses a face off the d100 and a species without a column", () => {
    expect(() => careerFromD100("human", 0)).toThrow(/1–100/);
    expect(() => careerFromD100("human", 101)).toThrow(/1–100/);
    expect(() => careerFromD100("ogre", 5)).toThrow(/no column/);
  });
  it("a GM's table that leaves a gap or runs backwards is refused with its reasons", () => {
    const gap = RANDOM_CAREER.map((r) => [...r]);
    gap[gap.length - 1][1] = 99; // human Warrior Priest 99 — the Soldier already ends there
    expect(randomCareerProblems(gap).join("; ")).toMatch(/human/);
    expect(randomCareerProblems({ nope: 1 })).toEqual(["the table is not a list of rows"]);
  });
  it("core rulebook, chapter 2: the first roll's bonus needs one roll; one of three needs a career the faces give", () => {
    // Human 22 = Rat Catcher, 96 = Soldier, 60 = Witch Hunter.
    expect(careerClaimBreach("human", [22], "firstRoll", "ratCatcher")).toBeNull();
    expect(careerClaimBreach("human", [22], "firstRoll", "soldier")).toBe("notRolled");
    expect(careerClaimBreach("human", [22, 96], "firstRoll", "ratCatcher")).toBe("notFirstRoll");
    expect(careerClaimBreach("human", [22, 96, 60], "ofThree", "witchHunter")).toBeNull();
    expect(careerClaimBreach("human", [22, 96, 60], "ofThree", "knight")).toBe("notRolled");
    expect(careerClaimBreach("human", [22, 96, 60, 93], "ofThree", "knight")).toBe("tooManyRolls");
    // The same face is another career for a Dwarf: 97 = Slayer.
    expect(careerClaimBreach("dwarf", [97], "firstRoll", "slayer")).toBeNull();
  });
});
