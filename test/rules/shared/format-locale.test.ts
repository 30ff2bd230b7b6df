// A Russian player reads a decimal comma (issue 14, "Russian"): "12,5 м", "37,5 %". The formatter
// every fraction goes through takes the reader's language as plain data.
import { describe, expect, it } from "vitest";
import { formatDecimal, formatFixed, formatPercent, MINUS, usesDecimalComma } from "../../../src/rules/table/format";

const NBSP = "\u00a0";

describe("numbers as their reader writes them", () => {
  it("Russian writes a decimal comma, English a point; an unknown language reads as English", () => {
    expect(formatDecimal(12.5, "ru")).toBe("12,5");
    expect(formatDecimal(12.5, "ru-RU")).toBe("12,5");
    expect(formatDecimal(12.5, "en")).toBe("12.5");
    expect(formatDecimal(12.5, undefined)).toBe("12.5");
    expect(usesDecimalComma("ru")).toBe(true);
    expect(usesDecimalComma("en")).toBe(false);
    expect(usesDecimalComma(null)).toBe(false);
  });

  it("a distance keeps at most the places asked for and no trailing zeros; a whole number has none", () => {
    expect(formatDecimal(12, "ru")).toBe("12");
    expect(formatDecimal(12.0, "en", 1)).toBe("12");
    expect(formatDecimal(8.7489, "ru", 1)).toBe("8,7");
    expect(formatDecimal(10.3333333, "ru")).toBe("10,33");
    expect(formatDecimal(0.004, "ru")).toBe("0");
    expect(formatDecimal(-0.5, "ru")).toBe(`${MINUS}0,5`);
    expect(formatDecimal("x", "ru")).toBe("");
  });

  it("a fixed number of places (an expected total ≈ 17,2)", () => {
    expect(formatFixed(17.24, 1, "ru")).toBe("17,2");
    expect(formatFixed(17, 1, "ru")).toBe("17,0");
    expect(formatFixed(17.24, 1, "en")).toBe("17.2");
    expect(formatFixed(null, 1, "ru")).toBe("");
  });

  it("a Russian percentage: decimal comma and a no-break space before the sign; the English unchanged", () => {
    expect(formatPercent(0.375, 1, "ru")).toBe(`37,5${NBSP}%`);
    expect(formatPercent(0.0001, 1, "ru")).toBe(`<0,1${NBSP}%`);
    expect(formatPercent(0.99996, 1, "ru")).toBe(`>99,9${NBSP}%`);
    expect(formatPercent(0.5, 0, "ru")).toBe(`50${NBSP}%`);
    expect(formatPercent(0.375, 1, "en")).toBe("37.5%");
    expect(formatPercent(0.375)).toBe("37.5%");
  });

  it("no Russian string carries a decimal point", () => {
    const samples = [formatDecimal(12.5, "ru"), formatFixed(17.25, 2, "ru"), formatPercent(0.125, 2, "ru"), formatDecimal(0.75, "ru")];
    for (const s of samples) expect(s).not.toMatch(/\d\.\d/);
  });
});

describe("a Russian roll dialog's odds, rendered", () => {
  it("D6 Perception 3D+1 against 10: the percentages and the expected total carry a decimal comma, never a point", async () => {
    const { createHarness } = await import("../../support/handlebars");
    const { rollDialogContext } = await import("../../../src/foundry/dialogs/roll-dialog-context");
    const { attributeCheck, checkOdds } = await import("../../../src/rules/d6/table/checks");
    const { DEFAULT_SETTINGS } = await import("../../../src/rules/d6/table/settings");
    const actor = {
      name: "Ренн",
      type: "d6_character",
      system: { attributes: { perception: { dice: 3, pips: 1 } }, characterPoints: 0, forcePoints: 0, woundLevel: "healthy" },
      items: [],
    };
    const request = attributeCheck(actor, "perception", "Восприятие", DEFAULT_SETTINGS);
    const render = (lang: "en" | "ru") => {
      const odds = (r: typeof request, v: typeof request.values) => checkOdds(r, v, DEFAULT_SETTINGS, true, undefined, lang);
      const ctx = rollDialogContext(request, { ...request.values, difficulty: 10 }, odds, "publicroll", {
        publicroll: { label: "CHAT.RollPublic" },
      });
      // What the reader reads: the text, not the markup (a CSS custom property keeps its point).
      return createHarness({ language: lang, strict: false })
        .render("dialog/roll-odds.hbs", ctx)
        .replace(/<[^>]*>/g, " ");
    };
    const ru = render("ru");
    expect(ru).toMatch(/≈ \d+,\d/);
    expect(ru).toMatch(/\d+,\d\u00a0%/);
    expect(ru).not.toMatch(/\d\.\d/);
    // The English page keeps its point: the same numbers, written the English way.
    const en = render("en");
    expect(en).toMatch(/≈ \d+\.\d/);
    expect(en).toMatch(/\d+\.\d%/);
  });
});

describe("messages and Explain steps with a fraction", () => {
  it("a step's values: a fraction as its reader writes it, signed too; whole numbers unchanged", async () => {
    const { explainArgs } = await import("../../../src/foundry/templates/explain");
    expect(explainArgs({ metres: 1.5, mod: -0.5, dice: 3 }, "ru")).toEqual({
      metres: "1,5",
      metresSigned: "+1,5",
      mod: `${MINUS}0,5`,
      modSigned: `${MINUS}0,5`,
      dice: "3",
      diceSigned: "+3",
    });
    expect(explainArgs({ metres: 1.5 }, "en")).toEqual({ metres: "1.5", metresSigned: "+1.5" });
  });

  it("rendered in Russian (omnibus-explain, omnibus-message): a decimal comma", async () => {
    const { createHarness } = await import("../../support/handlebars");
    const ru = createHarness({ language: "ru" });
    const step = ru.hbs.compile("{{omnibus-explain step}}")({ step: { code: "d6.naturalWorse", values: { total: 12.5, at: 1 } } });
    expect(step).toContain("12,5");
    expect(step).not.toMatch(/\d\.\d/);
    const message = ru.hbs.compile("{{omnibus-message msg}}")({
      msg: { key: "OMNIBUS.Explain.d6.naturalWorse", data: { total: 7.25, at: 2 } },
    });
    expect(message).toContain("7,25");
    const en = createHarness({ language: "en" });
    expect(
      en.hbs.compile("{{omnibus-message msg}}")({ msg: { key: "OMNIBUS.Explain.d6.naturalWorse", data: { total: 7.25, at: 2 } } }),
    ).toContain("7.25");
  });
});
