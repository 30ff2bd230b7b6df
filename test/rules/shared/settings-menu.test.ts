// The rules-options menu (issue 19) as plain data: each ruleset's table lists every option once,
// the previews give the exact odds of the reference checks (checked here against odds counted
// independently: face enumeration and the published rules' arithmetic, not the odds code), and the
// form's input is read against the options' choices and ranges.
import { describe, expect, it } from "vitest";
import { allFaces } from "../../support/enumerate";
import {
  candidateValues,
  changedValues,
  menuKeys,
  optionPreview,
  readMenuInput,
  settingsMenuView,
  type SettingsMenuTable,
} from "../../../src/rules/table/settings-menu";
import type { SettingSpec } from "../../../src/rules/table/types";
import { D6_SETTINGS, D6_SETTINGS_MENU } from "../../../src/rules/d6/table/settings";
import { STORYTELLING_SETTINGS, STORYTELLING_SETTINGS_MENU } from "../../../src/rules/storytelling/table/settings";
import { WFRP_SETTINGS, WFRP_SETTINGS_MENU } from "../../../src/rules/wfrp/table/settings";
import { SILHOUETTE_SETTINGS, SILHOUETTE_SETTINGS_MENU } from "../../../src/rules/silhouette/table/settings";

const MENUS: Array<[string, SettingsMenuTable, SettingSpec[]]> = [
  ["d6", D6_SETTINGS_MENU, D6_SETTINGS],
  ["storytelling", STORYTELLING_SETTINGS_MENU, STORYTELLING_SETTINGS],
  ["wfrp", WFRP_SETTINGS_MENU, WFRP_SETTINGS],
  ["silhouette", SILHOUETTE_SETTINGS_MENU, SILHOUETTE_SETTINGS],
];

/** The preview of `key` as {value label or number: [probabilities]} and its columns. */
function preview(table: SettingsMenuTable, specs: SettingSpec[], key: string, values: Record<string, unknown> = {}) {
  const spec = specs.find((s) => s.key === key)!;
  const p = optionPreview(spec, values, table.checks, table.samples?.[key]);
  if (!p) return null;
  return {
    checks: p.checks,
    rows: Object.fromEntries(p.rows.map((r) => [String(r.labelKey ?? r.number), r.cells])),
    current: p.rows.filter((r) => r.current).map((r) => String(r.labelKey ?? r.number)),
  };
}

describe("every ruleset's menu", () => {
  for (const [id, table, specs] of MENUS) {
    it(`${id}: lists every rules option exactly once, and nothing else`, () => {
      const keys = menuKeys(table);
      expect(new Set(keys).size).toBe(keys.length);
      expect([...keys].sort()).toEqual(specs.map((s) => s.key).sort());
    });
    it(`${id}: has two to four reference checks, and some option changes each of them`, () => {
      expect(table.checks.length).toBeGreaterThanOrEqual(2);
      expect(table.checks.length).toBeLessThanOrEqual(4);
      const view = settingsMenuView(table, specs, {}, true);
      const shown = new Set(view.groups.flatMap((g) => g.options.flatMap((o) => o.preview?.checks ?? [])));
      expect([...shown].sort()).toEqual(table.checks.map((c) => c.label).sort());
    });
  }
});

// ---------------------------------------------------------------------------------------------
// D6, counted by enumerating the faces: the regular dice, and the Wild Die's chain (a 6 adds
// another roll, cut after CHAIN rolls: what is cut is below 6^−CHAIN).

const CHAIN = 10;

/** P(total = t) of an XD+pips roll with or without the Wild Die, a first-roll 1 per `wildOne`. */
function d6Distribution(dice: number, pips: number, wild: boolean, wildOne: "removeHighest" | "normal"): Map<number, number> {
  const out = new Map<number, number>();
  const add = (t: number, p: number) => out.set(t, (out.get(t) ?? 0) + p);
  const regular = wild ? dice - 1 : dice;
  for (const faces of regular > 0 ? allFaces(regular) : [[]]) {
    const sum = faces.reduce((a, b) => a + b, 0);
    const pFaces = Math.pow(1 / 6, regular);
    if (!wild) {
      add(sum + pips, pFaces);
      continue;
    }
    // First roll 1.
    add((wildOne === "removeHighest" ? sum - Math.max(0, ...faces) : sum + 1) + pips, pFaces / 6);
    // First roll 2…5.
    for (let w = 2; w <= 5; w++) add(sum + w + pips, pFaces / 6);
    // k sixes, then a 1…5.
    for (let k = 1; k <= CHAIN; k++) for (let r = 1; r <= 5; r++) add(sum + 6 * k + r + pips, pFaces * Math.pow(1 / 6, k + 1));
  }
  return out;
}

const pAtLeast = (d: Map<number, number>, t: number) => [...d].reduce((s, [v, p]) => s + (v >= t ? p : 0), 0);

describe("D6 previews against enumerated odds", () => {
  it("Wild Die 1: 4D against 15 and 3D+2 against Moderate, each reading", () => {
    const p = preview(D6_SETTINGS_MENU, D6_SETTINGS, "wildOne")!;
    expect(p.checks).toContain("OMNIBUS.D6.SettingsMenu.Check.skill4D");
    expect(p.current).toEqual(["OMNIBUS.D6.Setting.WildOne.removeHighest"]);
    const col = p.checks.indexOf("OMNIBUS.D6.SettingsMenu.Check.skill4D");
    const mod = p.checks.indexOf("OMNIBUS.D6.SettingsMenu.Check.moderate");
    const removed = pAtLeast(d6Distribution(4, 0, true, "removeHighest"), 15);
    const counted = pAtLeast(d6Distribution(4, 0, true, "normal"), 15);
    expect(p.rows["OMNIBUS.D6.Setting.WildOne.removeHighest"]![col]).toBeCloseTo(removed, 7);
    expect(p.rows["OMNIBUS.D6.Setting.WildOne.complication"]![col]).toBeCloseTo(counted, 7);
    expect(p.rows["OMNIBUS.D6.Setting.WildOne.normal"]![col]).toBeCloseTo(counted, 7);
    expect(removed).toBeLessThan(counted);
    // Moderate's middle number is 13 (the difficulty table, 11–15).
    expect(p.rows["OMNIBUS.D6.Setting.WildOne.removeHighest"]![mod]).toBeCloseTo(
      pAtLeast(d6Distribution(3, 2, true, "removeHighest"), 13),
      7,
    );
  });

  it("the number for a level: Moderate at 11, 13 or 15", () => {
    const p = preview(D6_SETTINGS_MENU, D6_SETTINGS, "difficultyPick")!;
    expect(p.checks).toEqual(["OMNIBUS.D6.SettingsMenu.Check.moderate"]);
    const d = d6Distribution(3, 2, true, "removeHighest");
    expect(p.rows["OMNIBUS.D6.Setting.DifficultyPick.typical"]![0]).toBeCloseTo(pAtLeast(d, 13), 7);
    expect(p.rows["OMNIBUS.D6.Setting.DifficultyPick.lowest"]![0]).toBeCloseTo(pAtLeast(d, 11), 7);
    expect(p.rows["OMNIBUS.D6.Setting.DifficultyPick.highest"]![0]).toBeCloseTo(pAtLeast(d, 15), 7);
  });

  it("Wild Die on damage and on Strength: 5D damage against 3D Strength, damage ≥ Strength", () => {
    const beats = (damageWild: boolean, strengthWild: boolean) => {
      const dmg = d6Distribution(5, 0, damageWild, "removeHighest");
      const str = d6Distribution(3, 0, strengthWild, "removeHighest");
      let p = 0;
      for (const [a, pa] of dmg) for (const [b, pb] of str) if (a >= b) p += pa * pb;
      return p;
    };
    const dmg = preview(D6_SETTINGS_MENU, D6_SETTINGS, "wildDieDamage")!;
    expect(dmg.checks).toEqual(["OMNIBUS.D6.SettingsMenu.Check.damage"]);
    expect(dmg.rows["OMNIBUS.SettingsMenu.On"]![0]).toBeCloseTo(beats(true, true), 6);
    expect(dmg.rows["OMNIBUS.SettingsMenu.Off"]![0]).toBeCloseTo(beats(false, true), 6);
    const str = preview(D6_SETTINGS_MENU, D6_SETTINGS, "wildDieResist")!;
    expect(str.rows["OMNIBUS.SettingsMenu.Off"]![0]).toBeCloseTo(beats(true, false), 6);
    // Another option's stored value is taken into account: damage without the Wild Die.
    const both = preview(D6_SETTINGS_MENU, D6_SETTINGS, "wildDieResist", { wildDieDamage: false })!;
    expect(both.rows["OMNIBUS.SettingsMenu.Off"]![0]).toBeCloseTo(beats(false, false), 6);
  });

  it("an option that changes none of the checks shows no preview", () => {
    for (const key of ["hideDifficulty", "metresPerUnit", "initiativeMode", "blastRolls", "stunKnockout"])
      expect(preview(D6_SETTINGS_MENU, D6_SETTINGS, key), key).toBeNull();
  });
});

describe("WFRP previews against the published d100 arithmetic", () => {
  it("Fast SL: a test of 45 reaches +2 SL on 01–29 (tens 4 − 2), or with Fast SL on 20–45", () => {
    const p = preview(WFRP_SETTINGS_MENU, WFRP_SETTINGS, "fastSL")!;
    expect(p.checks).toEqual(["OMNIBUS.WFRP.SettingsMenu.Check.sl2"]);
    expect(p.rows["OMNIBUS.SettingsMenu.Off"]![0]).toBeCloseTo(0.29, 12);
    expect(p.rows["OMNIBUS.SettingsMenu.On"]![0]).toBeCloseTo(0.26, 12);
  });
  it("Criticals on all tests: the doubles 11, 22, 33, 44 under 45", () => {
    const p = preview(WFRP_SETTINGS_MENU, WFRP_SETTINGS, "critsAllTests")!;
    expect(p.rows["OMNIBUS.SettingsMenu.Off"]![0]).toBe(0);
    expect(p.rows["OMNIBUS.SettingsMenu.On"]![0]).toBeCloseTo(0.04, 12);
  });
  it("the automatic ranges: a test of 10 and a test of 97 at each sample value", () => {
    const low = preview(WFRP_SETTINGS_MENU, WFRP_SETTINGS, "autoSuccessMax")!;
    expect(low.current).toEqual(["5"]);
    expect(low.rows).toEqual({ "5": [0.1], "0": [0.1], "10": [0.1], "20": [0.2] });
    const high = preview(WFRP_SETTINGS_MENU, WFRP_SETTINGS, "autoFailMin")!;
    expect(high.rows["96"]![0]).toBeCloseTo(0.95, 12);
    expect(high.rows["80"]![0]).toBeCloseTo(0.79, 12);
    expect(high.rows["90"]![0]).toBeCloseTo(0.89, 12);
    expect(high.rows["101"]![0]).toBeCloseTo(0.97, 12);
    // A stored value outside the samples is shown too, as the current one.
    expect(preview(WFRP_SETTINGS_MENU, WFRP_SETTINGS, "autoFailMin", { autoFailMin: 99 })!.rows["99"]![0]).toBeCloseTo(0.97, 12);
  });
});

describe("Storytelling previews against the pool arithmetic", () => {
  it("successive attempts: the second attempt of 5 dice rolls 4 (−1) or 3 (−2); P(any 8+) = 1 − 0.7ⁿ", () => {
    const p = preview(STORYTELLING_SETTINGS_MENU, STORYTELLING_SETTINGS, "successiveStep")!;
    expect(p.checks).toEqual(["OMNIBUS.Storytelling.SettingsMenu.Check.secondAttempt"]);
    expect(p.rows["OMNIBUS.Storytelling.Setting.SuccessiveStep.1"]![0]).toBeCloseTo(1 - 0.7 ** 4, 10);
    expect(p.rows["OMNIBUS.Storytelling.Setting.SuccessiveStep.2"]![0]).toBeCloseTo(1 - 0.7 ** 3, 10);
  });
  it("9-again on a chance die: a 10 only (0.1), or a 10 after any run of 9s (0.1 / 0.9)", () => {
    const p = preview(STORYTELLING_SETTINGS_MENU, STORYTELLING_SETTINGS, "chanceDieUsesAgain")!;
    expect(p.rows["OMNIBUS.SettingsMenu.Off"]![0]).toBeCloseTo(0.1, 10);
    expect(p.rows["OMNIBUS.SettingsMenu.On"]![0]).toBeCloseTo(1 / 9, 10);
  });
  it("rote scope: re-rolling the again-dice too can only help", () => {
    const p = preview(STORYTELLING_SETTINGS_MENU, STORYTELLING_SETTINGS, "roteScope")!;
    expect(p.rows["OMNIBUS.Storytelling.Setting.RoteScope.allFailedDice"]![0]).toBeGreaterThan(
      p.rows["OMNIBUS.Storytelling.Setting.RoteScope.initialDice"]![0]!,
    );
  });
});

describe("Silhouette previews against enumerated faces", () => {
  /** Highest die + 1 per extra six (the seed's reading). */
  const plusOne = (faces: number[]) => Math.max(...faces) + Math.max(0, faces.filter((f) => f === 6).length - 1);
  it("skill 3 against 7: two sixes (16/216), three with a tie failing (1/216), any six when sixes re-roll (91/216)", () => {
    const six = preview(SILHOUETTE_SETTINGS_MENU, SILHOUETTE_SETTINGS, "sixMode")!;
    const hard = six.checks.indexOf("OMNIBUS.Silhouette.SettingsMenu.Check.hard");
    let count = 0;
    for (const f of allFaces(3)) if (plusOne(f) >= 7) count++;
    expect(count).toBe(16);
    expect(six.rows["OMNIBUS.Silhouette.Setting.SixMode.silhouettePlusOne"]![hard]).toBeCloseTo(16 / 216, 10);
    expect(six.rows["OMNIBUS.Silhouette.Setting.SixMode.rerollAndAdd"]![hard]).toBeCloseTo(91 / 216, 10);
    const tie = preview(SILHOUETTE_SETTINGS_MENU, SILHOUETTE_SETTINGS, "fixedTie")!;
    expect(tie.rows["OMNIBUS.Silhouette.Setting.Tie.failure"]![0]).toBeCloseTo(1 / 216, 10);
  });
  it("skill 2 +3 against 4: only the mishap (double 1, 1/36) fails, unless a mishap may succeed", () => {
    const p = preview(SILHOUETTE_SETTINGS_MENU, SILHOUETTE_SETTINGS, "mishapMaySucceed")!;
    expect(p.checks).toEqual(["OMNIBUS.Silhouette.SettingsMenu.Check.typical"]);
    expect(p.rows["OMNIBUS.SettingsMenu.Off"]![0]).toBeCloseTo(35 / 36, 10);
    expect(p.rows["OMNIBUS.SettingsMenu.On"]![0]).toBeCloseTo(1, 10);
  });
  it("an attack of 2 dice against a defense of 2: enumerated over 36 × 36 faces, ties per the option", () => {
    let greater = 0;
    let tieNoMishap = 0;
    for (const a of allFaces(2))
      for (const d of allFaces(2)) {
        const mishap = a[0] === 1 && a[1] === 1;
        if (plusOne(a) > plusOne(d)) greater++;
        else if (plusOne(a) === plusOne(d) && !mishap) tieNoMishap++;
      }
    const p = preview(SILHOUETTE_SETTINGS_MENU, SILHOUETTE_SETTINGS, "opposedTie")!;
    expect(p.checks).toEqual(["OMNIBUS.Silhouette.SettingsMenu.Check.attack"]);
    expect(p.rows["OMNIBUS.Silhouette.Setting.Tie.failure"]![0]).toBeCloseTo(greater / 1296, 10);
    expect(p.rows["OMNIBUS.Silhouette.Setting.Tie.success"]![0]).toBeCloseTo((greater + tieNoMishap) / 1296, 10);
  });
});

describe("the menu's view", () => {
  it("groups in the table's order, the stored value current and selected, inputs by type", () => {
    const view = settingsMenuView(D6_SETTINGS_MENU, D6_SETTINGS, { wildOne: "normal", metresPerUnit: 2, hideDifficulty: true }, true);
    expect(view.groups.map((g) => g.id)).toEqual(["dice", "difficulty", "combat", "wounds", "movement"]);
    const all = view.groups.flatMap((g) => g.options);
    const wildOne = all.find((o) => o.key === "wildOne")!;
    expect(wildOne.kind).toBe("select");
    expect(wildOne.choices.filter((c) => c.selected).map((c) => c.value)).toEqual(["normal"]);
    expect(wildOne.preview!.rows[0]).toMatchObject({ labelKey: "OMNIBUS.D6.Setting.WildOne.normal", current: true });
    expect(all.find((o) => o.key === "hideDifficulty")).toMatchObject({ kind: "checkbox", checked: true });
    expect(all.find((o) => o.key === "metresPerUnit")).toMatchObject({ kind: "number", value: "2", min: 0.1, max: 100, step: 0.1 });
  });
  it("the form's unsaved values drive the previews and are marked; the stored ones are not", () => {
    const stored = { difficultyPick: "typical" };
    const view = settingsMenuView(D6_SETTINGS_MENU, D6_SETTINGS, { ...stored, difficultyPick: "highest", wildOne: "normal" }, true, stored);
    const all = view.groups.flatMap((g) => g.options);
    expect(all.filter((o) => o.unsaved).map((o) => o.key)).toEqual(["wildOne", "difficultyPick"]);
    // The Wild Die preview's Moderate column is at the form's number (15), not the stored one (13).
    const wildOne = all.find((o) => o.key === "wildOne")!.preview!;
    const col = wildOne.checks.indexOf("OMNIBUS.D6.SettingsMenu.Check.moderate");
    expect(wildOne.rows[0]!.cells[col]).toBeCloseTo(pAtLeast(d6Distribution(3, 2, true, "normal"), 15), 7);
    expect(
      settingsMenuView(D6_SETTINGS_MENU, D6_SETTINGS, stored, true)
        .groups.flatMap((g) => g.options)
        .some((o) => o.unsaved),
    ).toBe(false);
  });
  it("a value of the wrong type stored reads as the default", () => {
    const view = settingsMenuView(D6_SETTINGS_MENU, D6_SETTINGS, { hideDifficulty: "yes" }, true);
    expect(view.groups.flatMap((g) => g.options).find((o) => o.key === "hideDifficulty")!.checked).toBe(false);
  });
  it("a boolean compares on and off, a select its choices, a number only its samples", () => {
    const spec = (key: string) => D6_SETTINGS.find((s) => s.key === key)!;
    expect(candidateValues(spec("hideDifficulty"), false)).toEqual([false, true]);
    expect(candidateValues(spec("difficultyPick"), "lowest")).toEqual(["lowest", "typical", "highest"]);
    expect(candidateValues(spec("metresPerUnit"), 1)).toEqual([1]);
    expect(candidateValues(spec("metresPerUnit"), 1, [1, 2])).toEqual([1, 2]);
  });
});

describe("reading the form", () => {
  const specs = [...WFRP_SETTINGS];
  it("takes good values as they are stored (numbers as numbers, checkboxes as booleans)", () => {
    const r = readMenuInput(specs, { autoSuccessMax: "10", fastSL: true, opposedTieBreak: "target", critsAllTests: "false" });
    expect(r.errors).toEqual([]);
    expect(r.values).toEqual({ autoSuccessMax: 10, fastSL: true, opposedTieBreak: "target", critsAllTests: false });
  });
  it("refuses a value outside the range, off the step, not a number, not a choice, not on/off", () => {
    const r = readMenuInput(specs, {
      autoSuccessMax: "21",
      autoFailMin: "90.5",
      endOfRound: "maybe",
      opposedTieBreak: "coin",
      initiativeMode: 3,
    });
    expect(Object.fromEntries(r.errors.map((e) => [e.key, e.message]))).toEqual({
      autoSuccessMax: "OMNIBUS.SettingsMenu.Error.OutOfRange",
      autoFailMin: "OMNIBUS.SettingsMenu.Error.OffStep",
      endOfRound: "OMNIBUS.SettingsMenu.Error.NotOnOff",
      opposedTieBreak: "OMNIBUS.SettingsMenu.Error.NotAChoice",
      initiativeMode: "OMNIBUS.SettingsMenu.Error.NotAChoice",
    });
    expect(r.errors.find((e) => e.key === "autoSuccessMax")!.data).toEqual({
      option: "OMNIBUS.WFRP.Setting.AutoSuccessMax.Name",
      min: 0,
      max: 20,
    });
    expect(readMenuInput(specs, { autoFailMin: "" }).errors[0]!.message).toBe("OMNIBUS.SettingsMenu.Error.NotANumber");
    expect(readMenuInput(specs, { autoFailMin: "1e400" }).errors[0]!.message).toBe("OMNIBUS.SettingsMenu.Error.NotANumber");
  });
  it("a decimal on the step is stored on the step's grid, a comma read as the point", () => {
    expect(readMenuInput(D6_SETTINGS, { metresPerUnit: "0.3" }).values.metresPerUnit).toBe(0.3);
    expect(readMenuInput(D6_SETTINGS, { metresPerUnit: "1,5" }).values.metresPerUnit).toBe(1.5);
    expect(readMenuInput(D6_SETTINGS, { metresPerUnit: "0.05" }).errors[0]!.message).toBe("OMNIBUS.SettingsMenu.Error.OutOfRange");
  });
  it("only the values that differ from the stored ones (an unset one compares as its default) are changed", () => {
    const next = readMenuInput(specs, { autoSuccessMax: "5", fastSL: true, endOfRound: true, rangedDodge: false }).values;
    expect(changedValues(specs, { fastSL: false, rangedDodge: true }, next)).toEqual({ fastSL: true, rangedDodge: false });
  });
});
