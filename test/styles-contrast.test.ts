// Issue 14, accessibility: the system's text colours meet WCAG AA (4.5:1) in Foundry v13's light
// and dark themes, for every ruleset. The colours are custom properties (styles/*.css); this reads
// them with the cascade's own rule (the matching rule of highest specificity, then the later one)
// for a card or sheet of each ruleset, with and without a `.theme-dark` ancestor, and computes the
// WCAG 2 contrast ratio (relative luminance, https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./support/handlebars";

const FILES = ["omnibus.css", "d6.css", "storytelling.css", "wfrp.css", "silhouette.css"];
const css = FILES.map((f) => readFileSync(join(ROOT, "styles", f), "utf8").replace(/\/\*[\s\S]*?\*\//g, "")).join("\n");

interface Rule {
  selectors: string[];
  vars: Record<string, string>;
  order: number;
}
const rules: Rule[] = [];
for (const m of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
  const vars: Record<string, string> = {};
  for (const d of m[2].matchAll(/(--[\w-]+)\s*:\s*(#[0-9a-fA-F]{3,8})\b/g)) vars[d[1]] = d[2];
  if (Object.keys(vars).length) rules.push({ selectors: m[1].split(",").map((s) => s.trim()), vars, order: rules.length });
}

const classesOf = (compound: string) => compound.split(".").filter(Boolean);
/** The specificity (class count) of the first of `selectors` that matches, or -1. */
function matches(selector: string, element: Set<string>, ancestor: Set<string>): number {
  const parts = selector.split(/\s+/);
  if (parts.length > 2 || parts.some((p) => !p.startsWith("."))) return -1;
  const own = classesOf(parts[parts.length - 1]);
  const up = parts.length === 2 ? classesOf(parts[0]) : [];
  if (!own.every((c) => element.has(c)) || !up.every((c) => ancestor.has(c) || element.has(c))) return -1;
  return own.length + up.length;
}

function colours(ruleset: string, dark: boolean): Record<string, string> {
  const element = new Set(["omnibus", `omnibus-${ruleset}`, ruleset]);
  const ancestor = new Set(dark ? ["theme-dark"] : []);
  const applied = rules
    .map((r) => ({ r, spec: Math.max(...r.selectors.map((s) => matches(s, element, ancestor))) }))
    .filter((x) => x.spec >= 0)
    .sort((a, b) => a.spec - b.spec || a.r.order - b.r.order);
  return Object.assign({}, ...applied.map((x) => x.r.vars));
}

function luminance(hex: string): number {
  const h = hex.slice(1);
  const full = h.length <= 4 ? [...h.slice(0, 3)].map((c) => c + c).join("") : h.slice(0, 6);
  const channel = (i: number) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

// What the text sits on: the sheet's paper, and the chat message Foundry draws a card on (the
// gallery's stand-ins of core's light and dark chat, test/gallery/chrome.css).
const CHAT = { light: "#f2efe6", dark: "#26241f" };
const TEXT = ["--omnibus-ink", "--omnibus-ink-muted", "--omnibus-accent", "--omnibus-success", "--omnibus-failure", "--omnibus-critical"];

describe("text colours meet WCAG AA in the light and the dark theme", () => {
  for (const ruleset of ["d6", "storytelling", "wfrp", "silhouette"]) {
    for (const dark of [false, true]) {
      it(`${ruleset}, ${dark ? "dark" : "light"}: each text colour on the paper and on a chat message, and the accent's own text`, () => {
        const c = colours(ruleset, dark);
        const grounds = {
          paper: c["--omnibus-paper"],
          chat: dark ? CHAT.dark : CHAT.light,
          ...(ruleset === "wfrp" ? { parchment: c["--wfrp-parchment"] } : {}),
        };
        const low: string[] = [];
        for (const name of [...TEXT, ...(ruleset === "wfrp" ? ["--wfrp-ink-red"] : [])]) {
          for (const [ground, bg] of Object.entries(grounds))
            if (contrast(c[name], bg) < 4.5) low.push(`${name} ${c[name]} on ${ground} ${bg}: ${contrast(c[name], bg).toFixed(2)}`);
        }
        if (contrast(c["--omnibus-accent-ink"], c["--omnibus-accent"]) < 4.5)
          low.push(`accent-ink on accent: ${contrast(c["--omnibus-accent-ink"], c["--omnibus-accent"]).toFixed(2)}`);
        expect(low).toEqual([]);
      });
    }
  }

  it("the reader sees the cascade: a ruleset's light accent does not leak into the dark theme", () => {
    // The worked check of the reader itself: the light d6 accent is its own rule; the dark one differs.
    expect(colours("d6", false)["--omnibus-accent"]).toBe("#9c4a15");
    expect(colours("d6", true)["--omnibus-accent"]).not.toBe("#9c4a15");
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
  });
});
