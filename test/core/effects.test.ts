import { describe, expect, it } from "vitest";
import { checkEffectTotal, effectContributions, formatContribution, resolveEffectKeys, type PlainEffect } from "../../src/core/effects";

const blessed: PlainEffect = {
  name: "Blessed",
  disabled: false,
  changes: [{ key: "system.bonuses.skill.athletics", type: "add", value: "2" }],
};
const scope: PlainEffect = {
  name: "Scope",
  disabled: false,
  changes: [
    { key: "system.bonuses.attack", type: "add", value: "1" },
    { key: "system.bonuses.attack", type: "add", value: "2" },
    { key: "system.bonuses.defense", type: "add", value: "5" },
  ],
};
const tired: PlainEffect = { name: "Tired", disabled: false, changes: [{ key: "system.bonuses.attack", type: "subtract", value: "1" }] };
const off: PlainEffect = { name: "Off", disabled: true, changes: [{ key: "system.bonuses.attack", type: "add", value: "9" }] };

describe("effect contributions", () => {
  it("sums each enabled effect's add/subtract changes on the check's keys, in order", () => {
    // Scope: 1 + 2 on the attack key (its Defense change is not read); Tired: −1; Off is disabled.
    expect(effectContributions([scope, off, tired, blessed], ["system.bonuses.attack"])).toEqual([
      { name: "Scope", value: 3 },
      { name: "Tired", value: -1 },
    ]);
    expect(checkEffectTotal({ effects: [scope, off, tired, blessed], keys: ["system.bonuses.attack"], unit: "number" })).toBe(2);
  });

  it("ignores other change types and non-numbers", () => {
    const odd: PlainEffect = {
      name: "Odd",
      disabled: false,
      changes: [
        { key: "system.bonuses.attack", type: "override", value: "5" },
        { key: "system.bonuses.attack", type: "multiply", value: "2" },
        { key: "system.bonuses.attack", type: "add", value: "lots" },
      ],
    };
    expect(effectContributions([odd], ["system.bonuses.attack"])).toEqual([]);
  });

  it("fills {field} placeholders from the dialog values, kind:key as kind.key", () => {
    expect(
      resolveEffectKeys(["system.bonuses.{second}", "system.bonuses.attribute.{attribute}"], {
        second: "skill:athletics",
        attribute: "strength",
      }),
    ).toEqual(["system.bonuses.skill.athletics", "system.bonuses.attribute.strength"]);
    expect(effectContributions([blessed], ["system.bonuses.{second}"], { second: "skill:athletics" })).toEqual([
      { name: "Blessed", value: 2 },
    ]);
    expect(effectContributions([blessed], ["system.bonuses.{second}"], { second: "attribute:wits" })).toEqual([]);
  });

  it("formats pips as a D6 code and other units as signed numbers", () => {
    expect(formatContribution(4, "pips")).toBe("+1D+1");
    expect(formatContribution(3, "pips")).toBe("+1D");
    expect(formatContribution(2, "pips")).toBe("+2");
    expect(formatContribution(-6, "pips")).toBe("\u22122D");
    expect(formatContribution(-10, "number")).toBe("\u221210");
  });
});
