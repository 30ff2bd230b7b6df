import { describe, expect, it } from "vitest";
import Handlebars from "handlebars";
import { formatPercent, formatSigned, registerHelpers, templatePath, trackSteps } from "../../src/foundry/templates/helpers";

function render(source: string, data: unknown = {}): string {
  const hbs = Handlebars.create();
  registerHelpers(hbs);
  return hbs.compile(source, { strict: false })(data);
}

describe("omnibus Handlebars helpers", () => {
  it("registers only omnibus- prefixed helpers, without Foundry globals", () => {
    const hbs = Handlebars.create();
    const before = new Set(Object.keys(hbs.helpers));
    registerHelpers(hbs);
    const added = Object.keys(hbs.helpers).filter((n) => !before.has(n));
    expect(added.length).toBeGreaterThan(0);
    for (const name of added) expect(name.startsWith("omnibus-")).toBe(true);
    expect("foundry" in globalThis).toBe(false);
  });

  it("prints signed modifiers with a real minus sign", () => {
    expect(formatSigned(2)).toBe("+2");
    expect(formatSigned(-1)).toBe("\u22121");
    expect(formatSigned(0)).toBe("0");
    expect(formatSigned("3")).toBe("+3");
    expect(formatSigned("abc")).toBe("");
    expect(render("{{omnibus-signed m}}", { m: -3 })).toBe("\u22123");
  });

  it("prints odds as percentages and never rounds a possible result to 0% or 100%", () => {
    expect(formatPercent(0.375)).toBe("37.5%");
    expect(formatPercent(0.5, 0)).toBe("50%");
    expect(formatPercent(0)).toBe("0.0%");
    expect(formatPercent(1)).toBe("100.0%");
    expect(formatPercent(0.0001)).toBe("<0.1%");
    expect(formatPercent(0.99996)).toBe(">99.9%");
    // 1/36 = 2.777…% (snake eyes on 2d6)
    expect(render("{{omnibus-percent p 2}}", { p: 1 / 36 })).toBe("2.78%");
    expect(render("{{omnibus-percent p}}", { p: 1 / 36 })).toBe("2.8%");
  });

  it("builds tracks of dots/boxes", () => {
    expect(trackSteps(3, 5).map((s) => s.filled)).toEqual([true, true, true, false, false]);
    expect(trackSteps(1, 0)).toEqual([]);
    expect(render("{{#each (omnibus-track v 4)}}{{#if filled}}●{{else}}○{{/if}}{{/each}}", { v: 2 })).toBe("●●○○");
  });

  it("adds, defaults, joins and tests membership", () => {
    expect(render("{{omnibus-add a b 1}}", { a: 2, b: "3" })).toBe("6");
    expect(render('{{omnibus-default v "—"}}', { v: "" })).toBe("—");
    expect(render('{{omnibus-default v "—"}}', { v: 0 })).toBe("0");
    expect(render('{{omnibus-join l " / "}}', { l: ["a", "<b>"] })).toBe("a / &lt;b&gt;");
    expect(render('{{#if (omnibus-includes l "x")}}yes{{else}}no{{/if}}', { l: ["x"] })).toBe("yes");
    expect(render("{{#each (omnibus-range 3)}}{{this}}{{/each}}")).toBe("012");
  });

  it("names templates by their Foundry path", () => {
    expect(templatePath("shared/dice-faces")).toBe("systems/omnibus/templates/shared/dice-faces.hbs");
    expect(templatePath("chat/check-card.hbs")).toBe("systems/omnibus/templates/chat/check-card.hbs");
  });
});
