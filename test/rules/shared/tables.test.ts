// Which table a roll calls for (issue 19). WFRP's reading follows the published 4e rules: an attack
// succeeding on a double is a Critical Wound on the hit location's table (the location read on the
// reversed roll: 01–09 head, 10–24 left arm, 25–44 right arm, 45–79 body, 80–89 left leg, 90–00
// right leg), an attack failing on a double a fumble ("Oops!").
import { describe, expect, it } from "vitest";
import { TABLE_DIE, TABLE_KEYS, isTableKey, tablesCalledFor } from "../../../src/rules/tables";

describe("tablesCalledFor", () => {
  it("WFRP: an attack succeeding on a double reads the hit location's critical table", () => {
    const crit = (roll: number) => tablesCalledFor("wfrp", { roll, double: true, success: true }, { attack: true });
    expect(crit(22)).toEqual(["critArm"]); // 22 → left arm
    expect(crit(33)).toEqual(["critArm"]); // 33 → right arm
    expect(crit(55)).toEqual(["critBody"]);
    expect(crit(77)).toEqual(["critBody"]);
    expect(crit(88)).toEqual(["critLeg"]); // left leg
    expect(crit(100)).toEqual(["critLeg"]); // "00" → right leg
  });

  it("WFRP: an attack failing on a double is a fumble; no double, or not an attack, calls for nothing", () => {
    expect(tablesCalledFor("wfrp", { roll: 66, double: true, success: false }, { attack: true })).toEqual(["oops"]);
    expect(tablesCalledFor("wfrp", { roll: 65, double: false, success: true }, { attack: true })).toEqual([]);
    expect(tablesCalledFor("wfrp", { roll: 66, double: true, success: false })).toEqual([]);
    expect(tablesCalledFor("wfrp", { roll: "66", double: true, success: false }, { attack: true })).toEqual([]);
  });

  it("WFRP: a hit taking the target to 0 Wounds reads the hit location's critical table, double or not", () => {
    const zero = (roll: number, success: boolean) =>
      tablesCalledFor("wfrp", { roll, double: roll % 11 === 0, success }, { attack: true, reducedToZero: true });
    expect(zero(30, true)).toEqual(["critHead"]); // 30 reversed is 03 → head, no double
    expect(zero(52, false)).toEqual(["critArm"]); // 25 → right arm; won the opposed test on a failed roll
    expect(zero(66, false)).toEqual(["critBody"]); // a double that hit is not a fumble
    expect(zero(98, true)).toEqual(["critLeg"]); // 89 → left leg
    expect(tablesCalledFor("wfrp", { roll: 7, success: true }, { reducedToZero: true })).toEqual([]);
    expect(tablesCalledFor("wfrp", { roll: 7, success: true }, { attack: true, reducedToZero: false })).toEqual([]);
  });

  it("the other rulesets read their own flag, strictly true", () => {
    expect(tablesCalledFor("d6", { complication: true })).toEqual(["complication"]);
    expect(tablesCalledFor("d6", { complication: "true" })).toEqual([]);
    expect(tablesCalledFor("silhouette", { mishap: true })).toEqual(["mishap"]);
    expect(tablesCalledFor("silhouette", { mishap: false })).toEqual([]);
    expect(tablesCalledFor("storytelling", { dramaticFailure: true })).toEqual(["dramaticFailure"]);
    expect(tablesCalledFor("storytelling", { complication: true })).toEqual([]);
    expect(tablesCalledFor("d6", null)).toEqual([]);
  });

  it("every key has a die, and a key belongs to its own ruleset only", () => {
    for (const keys of Object.values(TABLE_KEYS)) for (const k of keys) expect(TABLE_DIE[k].max).toBeGreaterThan(TABLE_DIE[k].min);
    expect(isTableKey("wfrp", "oops")).toBe(true);
    expect(isTableKey("d6", "oops")).toBe(false);
    expect(isTableKey("d6", "__proto__")).toBe(false);
  });
});
