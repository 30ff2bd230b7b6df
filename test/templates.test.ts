// Templates: every .hbs compiles, calls only the helpers Foundry and the system provide, and is
// rendered by a gallery sample (test/gallery/samples/*.ts) in English and Russian with a localize that
// throws on a missing key; user text comes out escaped. New templates and samples are picked up
// automatically; a new non-partial template without a sample fails here, by name.
// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from "vitest";
import Handlebars from "handlebars";
import {
  FOUNDRY_HELPERS,
  HANDLEBARS_BUILTINS,
  MissingTranslationError,
  createHarness,
  isPartial,
  listTemplates,
  partialReferences,
  type Harness,
} from "./support/handlebars";
import { contextFor, loadSamples, templatesOf, type GallerySample } from "./gallery/sample";

const templates = listTemplates();
const refs = partialReferences(templates);
let samples: GallerySample[] = [];
let en: Harness;
let ru: Harness;

beforeAll(async () => {
  samples = await loadSamples();
  en = createHarness({ language: "en" });
  ru = createHarness({ language: "ru" });
});

type Node = {
  type?: string;
  path?: { original?: string; type?: string };
  params?: unknown[];
  hash?: { pairs?: unknown[] };
  loc?: { start: { line: number } };
};

/** Every helper call (a mustache, block or sub-expression with arguments) and every `{{{…}}}` in a template. */
function inspect(source: string) {
  const calls: { name: string; line: number }[] = [];
  const unescaped: { expression: string; line: number }[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    const n = node as Node & { escaped?: boolean };
    const line = n.loc?.start.line ?? 0;
    if (
      (n.type === "MustacheStatement" || n.type === "BlockStatement" || n.type === "SubExpression") &&
      n.path?.type === "PathExpression"
    ) {
      const hasArgs = (n.params?.length ?? 0) > 0 || (n.hash?.pairs?.length ?? 0) > 0 || n.type === "SubExpression";
      if (hasArgs) calls.push({ name: n.path.original ?? "", line });
      if (n.type === "MustacheStatement" && n.escaped === false) unescaped.push({ expression: n.path.original ?? "", line });
    }
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === "loc") continue;
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === "object") visit(value);
    }
  };
  visit(Handlebars.parse(source));
  return { calls, unescaped };
}

/** Deep copy of a sample context with every string under a `name` key made hostile. */
function withHostileNames(value: unknown, key = ""): unknown {
  if (Array.isArray(value)) return value.map((v) => withHostileNames(v));
  if (value && typeof value === "object") {
    if (value instanceof Handlebars.SafeString) return value;
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, withHostileNames(v, k)]));
  }
  if (key === "name" && typeof value === "string") return `<script>alert("x")</script><i data-xss>${value}</i>`;
  return value;
}

function renderSample(
  harness: Harness,
  sample: GallerySample,
  context: unknown = contextFor(sample, harness.localizer.language),
): string[] {
  return templatesOf(sample).map((path) => harness.render(path, context));
}

const SUSPICIOUS = /\[object Object\]|\bundefined\b|\bNaN\b/;

describe("template files", () => {
  it("templates/ holds templates", () => {
    expect(templates.length).toBeGreaterThan(0);
  });

  it.each(templates.map((t) => [t.relative, t] as const))("%s compiles", (_name, t) => {
    expect(() => Handlebars.precompile(t.source)).not.toThrow();
  });

  it("every helper a template calls exists (Handlebars built-ins, the allowed Foundry helpers, the system's)", () => {
    const allowed = new Set<string>([...HANDLEBARS_BUILTINS, ...FOUNDRY_HELPERS, ...Object.keys(en.hbs.helpers)]);
    const unknown = templates.flatMap((t) =>
      inspect(t.source)
        .calls.filter((c) => !allowed.has(c.name) && !c.name.startsWith("@"))
        .map((c) => `${t.relative}:${c.line} {{${c.name} …}}`),
    );
    expect(unknown).toEqual([]);
  });

  it("{{{…}}} is used only for HTML already sanitised (a value named …HTML / …Html / enriched…)", () => {
    const raw = templates.flatMap((t) =>
      inspect(t.source)
        .unescaped.filter((u) => !/(html|enriched)/i.test(u.expression.split(".").pop() ?? ""))
        .map((u) => `${t.relative}:${u.line} {{{${u.expression}}}}`),
    );
    expect(raw).toEqual([]);
  });

  it("every partial a template includes exists", () => {
    const known = new Set(templates.map((t) => t.systemPath));
    const dangling = [...refs].filter(([name]) => !known.has(name)).map(([name, from]) => `${name} (from ${from.join(", ")})`);
    expect(dangling).toEqual([]);
  });
});

describe("gallery samples cover the templates", () => {
  it("every sample names existing templates", () => {
    const known = new Set(templates.map((t) => t.systemPath));
    const bad = samples.flatMap((s) =>
      templatesOf(s)
        .filter((p) => !known.has(p))
        .map((p) => `${s.name}: ${p}`),
    );
    expect(bad).toEqual([]);
  });

  it("every non-partial template is rendered by at least one sample", () => {
    const covered = new Set(samples.flatMap(templatesOf));
    const uncovered = templates.filter((t) => !isPartial(t, refs) && !covered.has(t.systemPath)).map((t) => t.systemPath);
    expect(uncovered, "templates with no gallery sample (add one in test/gallery/samples/)").toEqual([]);
  });

  it("each part of a multi-part sheet renders exactly one root element (ApplicationV2 requires it)", () => {
    const bad: string[] = [];
    for (const sample of samples.filter((s) => Array.isArray(s.template))) {
      renderSample(en, sample).forEach((html, i) => {
        const holder = document.createElement("template");
        holder.innerHTML = html;
        const roots = [...holder.content.childNodes].filter((n) => n.nodeType === 1 || (n.nodeType === 3 && n.textContent!.trim() !== ""));
        if (roots.length !== 1) bad.push(`${sample.name}: ${templatesOf(sample)[i]} renders ${roots.length} top-level nodes`);
      });
    }
    expect(bad).toEqual([]);
  });
});

describe("rendering every sample", () => {
  for (const language of ["en", "ru"] as const) {
    it(`renders in ${language} with every key present, no [object Object] / undefined / NaN, and no <script>`, () => {
      const harness = language === "en" ? en : ru;
      const failures: string[] = [];
      for (const sample of samples) {
        try {
          renderSample(harness, sample).forEach((html, i) => {
            const where = `${sample.name} (${templatesOf(sample)[i]})`;
            if (html.trim() === "") failures.push(`${where}: renders nothing`);
            const text = html.replace(/<[^>]*>/g, " ");
            const suspicious = text.match(SUSPICIOUS) ?? html.match(/="(?:undefined|NaN|\[object Object\])"/);
            if (suspicious) failures.push(`${where}: "${suspicious[0]}" in the output`);
            if (/<script/i.test(html)) failures.push(`${where}: a <script> element in the output`);
          });
        } catch (error) {
          failures.push(`${sample.name}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it("escapes user text: a <script> in every name comes out as text", () => {
    const failures: string[] = [];
    let shown = 0;
    // Lenient: a `name` that is also looked up as a key must not stop the check.
    const lenient = createHarness({ language: "en", strict: false });
    for (const sample of samples) {
      const html = renderSample(lenient, sample, withHostileNames(sample.context)).join("\n");
      if (/<script/i.test(html) || /<i data-xss/.test(html)) failures.push(`${sample.name}: a name is rendered unescaped`);
      if (html.includes("&lt;script&gt;")) shown++;
    }
    expect(failures).toEqual([]);
    // Some sample must show a name at all, or this test proves nothing.
    if (samples.length > 0) expect(shown, "no sample shows any name").toBeGreaterThan(0);
  });
});

describe("a sheet in view mode shows values, not dropdowns", () => {
  const render = (h: Harness, source: string, context: unknown = {}) => h.hbs.compile(source)(context);
  /** The `<select>` elements of some HTML that a reader cannot use: disabled ones, or any multi-select. */
  const deadSelects = (html: string, locked: boolean) =>
    (html.match(/<select\b[^>]*>/g) ?? []).filter((tag) => /\sdisabled\b/.test(tag) || (locked && /\smultiple\b/.test(tag)));

  it("no sample renders a disabled <select>, nor a multi-select in view mode", () => {
    const failures: string[] = [];
    for (const sample of samples) {
      const context = contextFor(sample, "en") as { locked?: unknown };
      for (const tag of deadSelects(renderSample(en, sample).join("\n"), context.locked === true)) failures.push(`${sample.name}: ${tag}`);
    }
    expect(failures).toEqual([]);
  });

  it("omnibus-choice shows the label selectOptions would select: object, array with valueAttr/labelAttr, selected flag", () => {
    const h = createHarness({ strict: false });
    expect(render(h, `{{omnibus-choice c v}}`, { c: { a: "Choice A", b: "<B>" }, v: "b" })).toBe("&lt;B&gt;");
    expect(render(h, `{{omnibus-choice c v}}`, { c: { 1: "One", 2: "Two" }, v: 2 })).toBe("Two");
    expect(
      render(h, `{{omnibus-choice c v valueAttr="key" labelAttr="name"}}`, {
        c: [
          { key: "a", name: "A" },
          { key: "b", name: "B" },
        ],
        v: "b",
      }),
    ).toBe("B");
    expect(
      render(h, `{{omnibus-choice c}}`, {
        c: [
          { value: "a", label: "A" },
          { value: "b", label: "B", selected: true },
        ],
      }),
    ).toBe("B");
    expect(render(h, `{{omnibus-choice c v}}`, { c: { a: "A" }, v: "toString" })).toBe("—");
    expect(render(en, `{{omnibus-choice c v localize=true}}`, { c: { t: "OMNIBUS.Title" }, v: "t" })).toBe(
      en.localizer.translations.get("OMNIBUS.Title"),
    );
  });

  it("a sheet its reader may not edit shows its play controls as values too (every sheet sample, not editable)", () => {
    const failures: string[] = [];
    let values = 0;
    for (const sample of samples) {
      const context = contextFor(sample, "en") as Record<string, unknown>;
      if (!("editable" in context) || !("locked" in context)) continue;
      const html = renderSample(en, sample, { ...context, editable: false, editMode: false, locked: true }).join("\n");
      for (const tag of deadSelects(html, true)) failures.push(`${sample.name}: ${tag}`);
      values += (html.match(/class="omnibus-value/g) ?? []).length;
    }
    expect(failures).toEqual([]);
    // The sheets show chosen values as text somewhere, or this test proves nothing.
    expect(values, "no locked sheet shows a chosen value as text").toBeGreaterThan(10);
  });
});

describe("a Storytelling specialty reads as part of its skill", () => {
  it("view mode: each specialty sits in its skill's name, in parentheses, with the price of a new one", () => {
    const sample = samples.find((s) => s.name === "storytelling-character-traits")!;
    expect(sample, "the traits sample").toBeDefined();
    const page = document.createElement("div");
    page.innerHTML = renderSample(en, sample).join("\n");
    const system = (contextFor(sample, "en") as { system: { skills: Record<string, { specialties: string }> } }).system;
    const withSpecialties = Object.entries(system.skills).filter(([, s]) => s.specialties);
    expect(withSpecialties.length, "the sample has skills with specialties").toBeGreaterThan(1);
    for (const [key, { specialties }] of withSpecialties) {
      const name = page.querySelector(`button[data-skill="${key}"]`)?.closest(".st-skill-name");
      expect(name, `${key}: the skill's name block`).toBeTruthy();
      const text = (name!.textContent ?? "").replace(/\s+/g, " ").trim();
      expect(text, key).toContain(`${en.localizer.localize(`OMNIBUS.Storytelling.Skill.${key}`)} (${specialties})`);
      expect(name!.querySelector('[data-advance-kind="specialty"]'), `${key}: a new specialty's price beside it`).toBeTruthy();
    }
  });
});

describe("the harness itself (stand-ins behave as Foundry documents them)", () => {
  const render = (h: Harness, source: string, context: unknown = {}) => h.hbs.compile(source)(context);

  it("localize throws on a missing key, names it, and formats {placeholders}", () => {
    expect(() => render(en, `{{localize "OMNIBUS.No.Such.Key"}}`)).toThrow(MissingTranslationError);
    expect(() => render(en, `{{localize "OMNIBUS.No.Such.Key"}}`)).toThrow(/OMNIBUS\.No\.Such\.Key.*en\.json/);
    expect(() => render(ru, `{{localize "OMNIBUS.No.Such.Key"}}`)).toThrow(/ru\.json/);
    expect(render(en, `{{localize "OMNIBUS.Title"}}`)).toBe(en.localizer.translations.get("OMNIBUS.Title"));
    expect(render(ru, `{{localize "OMNIBUS.Title"}}`)).toBe(ru.localizer.translations.get("OMNIBUS.Title"));
    const lenient = createHarness({ strict: false });
    expect(render(lenient, `{{localize "OMNIBUS.No.Such.Key"}}`)).toBe("OMNIBUS.No.Such.Key");
    lenient.localizer.translations.set("OMNIBUS.Probe", "Roll {dice} for {name}");
    expect(render(lenient, `{{localize "OMNIBUS.Probe" dice="3D" name=n}}`, { n: "<Han>" })).toBe("Roll 3D for &lt;Han&gt;");
  });

  it("selectOptions: object, inverted, array of objects with valueAttr/labelAttr, blank, localize, multi-select", () => {
    const h = createHarness({ strict: false });
    expect(render(h, `{{selectOptions c selected=v}}`, { c: { a: "Choice A", b: "Choice B" }, v: "a" })).toBe(
      `<option value="a" selected>Choice A</option><option value="b">Choice B</option>`,
    );
    expect(render(h, `{{selectOptions c selected=v inverted=true}}`, { c: { "Choice A": "a", "Choice B": "b" }, v: "b" })).toBe(
      `<option value="a">Choice A</option><option value="b" selected>Choice B</option>`,
    );
    expect(
      render(h, `{{selectOptions c selected=v valueAttr="key" labelAttr="label"}}`, {
        c: [
          { key: "a", label: "Choice A" },
          { key: "b", label: "<B>" },
        ],
        v: "b",
      }),
    ).toBe(`<option value="a">Choice A</option><option value="b" selected>&lt;B&gt;</option>`);
    expect(render(h, `{{selectOptions c selected=v blank=""}}`, { c: { 1: "One", 2: "Two" }, v: 2 })).toBe(
      `<option value=""></option><option value="1">One</option><option value="2" selected>Two</option>`,
    );
    expect(render(en, `{{selectOptions c localize=true}}`, { c: { t: "OMNIBUS.Title" } })).toBe(
      `<option value="t">${en.localizer.translations.get("OMNIBUS.Title")}</option>`,
    );
    expect(() => render(en, `{{selectOptions c localize=true}}`, { c: { t: "OMNIBUS.Missing" } })).toThrow(MissingTranslationError);
    expect(render(h, `{{selectOptions c selected=v}}`, { c: { a: "A", b: "B", c: "C" }, v: ["a", "c"] })).toBe(
      `<option value="a" selected>A</option><option value="b">B</option><option value="c" selected>C</option>`,
    );
  });

  it("checked, disabled, comparisons, numberFormat, concat", () => {
    expect(render(en, `<input {{checked a}}><input {{checked b}}><button {{disabled a}}>`, { a: true, b: 0 })).toBe(
      `<input checked><input ><button disabled>`,
    );
    expect(
      render(en, `{{#if (eq a 1)}}y{{else}}n{{/if}}{{#if (ne a "1")}}y{{/if}}{{#if (lt a 2)}}<{{/if}}{{#if (gt a 0)}}>{{/if}}`, { a: 1 }),
    ).toBe("yy<>");
    expect(render(en, `{{#if (and a b)}}1{{/if}}{{#if (or a c)}}2{{/if}}{{#if (not c)}}3{{/if}}`, { a: 1, b: "x", c: 0 })).toBe("123");
    expect(
      render(
        en,
        `{{numberFormat 5.5}}|{{numberFormat 5.5 decimals=2}}|{{numberFormat 5.5 decimals=2 sign=true}}|{{numberFormat -2 sign=true}}`,
      ),
    ).toBe("5.5|5.50|+5.50|-2");
    expect(render(en, `{{concat "OMNIBUS." "Title"}}|{{localize (concat "OMNIBUS." "Title")}}`)).toBe(
      `OMNIBUS.Title|${en.localizer.translations.get("OMNIBUS.Title")}`,
    );
  });

  it("registers the system's helpers and every template as a partial under its system path", () => {
    expect(Object.keys(en.hbs.helpers).some((n) => n.startsWith("omnibus-"))).toBe(true);
    for (const t of templates) expect(en.hbs.partials[t.systemPath], t.systemPath).toBeDefined();
  });
});
