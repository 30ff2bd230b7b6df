// The browser gallery: every sample (test/gallery/samples/*.ts) rendered from the real templates with
// the real CSS, in English and in Russian, inside a stand-in of Foundry's window of the sheet's default
// size, opened in headless Chromium (the one @sparticuz/chromium brings with `npm ci`). Fails on any
// console error, page error or failed request, and on any element that overflows its sheet or has its
// text clipped, on a serious or critical accessibility finding (axe-core) and, for a one-language
// sample (a premade sheet), on a text of the other language. Saves artifacts/gallery/<name>.png and <name>.ru.png, and an index.html to browse them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import chromium from "@sparticuz/chromium";
import { chromium as playwright, type Browser, type BrowserContext } from "playwright-core";
import { ROOT, createHarness, type Harness, type Language } from "../support/handlebars";
import { CHROME_CSS, LAYOUT_CHECK, ORIGIN, buildPage, type LayoutProblem } from "./page";
import { loadSamples, type GallerySample } from "./sample";
import { PAGE_TEXT, foreignTexts, type PackDocLike } from "./languages";
import { AxeBuilder } from "@axe-core/playwright";

const OUT = join(ROOT, "artifacts", "gallery");
const samples = await loadSamples();
const languages: Language[] = ["en", "ru"];
const pngName = (sample: GallerySample, language: Language) => `${sample.name}${language === "en" ? "" : `.${language}`}.png`;

const MIME: Record<string, string> = {
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".json": "application/json",
};
/** Stand-in for Foundry's core icons (icons/…): a grey token-sized placeholder. */
const CORE_ICON = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="#777"/><circle cx="50" cy="38" r="18" fill="#bbb"/><rect x="22" y="62" width="56" height="30" rx="12" fill="#bbb"/></svg>`;

let browser: Browser;
let context: BrowserContext;
const pages = new Map<string, string>();
const harnesses = new Map<Language, Harness>();

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  for (const language of languages) harnesses.set(language, createHarness({ language }));
  browser = await playwright.launch({ executablePath: await chromium.executablePath(), args: chromium.args, headless: true });
  context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, deviceScaleFactor: 1 });
  // A fake Foundry origin: /gallery/<page> is a built page, /systems/omnibus/<path> a file of this
  // repository (as Foundry serves an installed system), /icons/<path> a stand-in core icon.
  await context.route(`${ORIGIN}/**`, async (route) => {
    const path = decodeURIComponent(new URL(route.request().url()).pathname);
    if (path.startsWith("/gallery/") && pages.has(path)) {
      return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: pages.get(path)! });
    }
    if (path.startsWith("/systems/omnibus/")) {
      const file = join(ROOT, path.slice("/systems/omnibus/".length));
      if (!file.startsWith(ROOT) || !existsSync(file)) return route.fulfill({ status: 404, body: `not found: ${path}` });
      return route.fulfill({ status: 200, contentType: MIME[extname(file)] ?? "application/octet-stream", body: readFileSync(file) });
    }
    if (path.startsWith("/icons/")) return route.fulfill({ status: 200, contentType: "image/svg+xml", body: CORE_ICON });
    return route.fulfill({ status: 404, body: `not found: ${path}` });
  });
  // Nothing else on the network.
  await context.route(
    (url) => !url.href.startsWith(ORIGIN) && !url.href.startsWith("data:"),
    (route) => route.abort(),
  );
}, 120_000);

afterAll(async () => {
  await browser?.close();
  const rows = samples
    .map(
      (s) =>
        `<figure><figcaption>${s.name}</figcaption>${languages.map((l) => `<img src="${pngName(s, l)}" alt="${s.name} ${l}">`).join("")}</figure>`,
    )
    .join("\n");
  writeFileSync(
    join(OUT, "index.html"),
    `<!doctype html><meta charset="utf-8"><title>Omnibus gallery</title><style>figure{margin:1em 0}img{margin-right:1em;vertical-align:top;border:1px solid #ccc}</style>\n${rows}\n`,
  );
});

/** axe-core over the sample's window: the serious and critical findings, one line each. */
async function accessibility(page: import("playwright-core").Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include("#gallery-frame").analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `${v.id} (${v.impact}): ${n.target.join(" ")} — ${v.help}; ${(n.failureSummary ?? "").split("\n").slice(1).join(" ").trim().slice(0, 220)}`,
        ),
    );
}

describe("browser gallery", () => {
  it("has samples to show", () => {
    expect(samples.length).toBeGreaterThan(0);
  });

  it("the layout check finds what it must (self-check on a deliberately broken page)", async () => {
    const page = await context.newPage();
    try {
      pages.set(
        "/gallery/_selfcheck.html",
        `<!doctype html><html><head><style>${CHROME_CSS}</style></head><body>
<div id="gallery-frame" class="application" style="width:300px;height:320px">
  <header class="window-header"><h1 class="window-title">t</h1></header>
  <section class="window-content">
    <div class="too-wide" style="width:500px">wide</div>
    <div class="cut" style="overflow:hidden;white-space:nowrap;width:50px">a long name that does not fit</div>
    <div class="dots" style="overflow:hidden;text-overflow:ellipsis;white-space:nowrap;width:50px" title="ok">a long name with a title</div>
    <div class="tall" style="overflow:hidden;height:20px"><div style="height:80px">tall</div></div>
    <input value="an input scrolls its own long text, which is fine" style="width:60px">
    <select class="narrow" style="width:120px"><option>short</option><option>Парировать (Рукопашный бой)</option></select>
    <select class="fits"><option>short</option><option>Парировать (Рукопашный бой)</option></select>
    <select class="locked" disabled><option>a value to show as text</option></select>
  </section>
</div></body></html>`,
      );
      await page.goto(`${ORIGIN}/gallery/_selfcheck.html`);
      const problems = (await page.evaluate(LAYOUT_CHECK)) as LayoutProblem[];
      const flagged = (cls: string) => problems.some((p) => p.element.includes(`.${cls}`));
      expect(flagged("too-wide"), "an element wider than the sheet").toBe(true);
      expect(flagged("cut"), "text clipped without an ellipsis").toBe(true);
      expect(flagged("tall"), "content cut off at the bottom").toBe(true);
      expect(flagged("dots"), "an ellipsis with a title is readable").toBe(false);
      expect(flagged("narrow"), "a select narrower than its longest option").toBe(true);
      expect(flagged("fits"), "a select as wide as its longest option").toBe(false);
      expect(flagged("locked"), "a disabled dropdown").toBe(true);
      expect(
        problems.some((p) => p.element.startsWith("<input")),
        "inputs scroll their own text",
      ).toBe(false);
    } finally {
      await page.close();
    }
  });

  it("the language check finds a Russian page with English pack text, and the reverse (self-check)", async () => {
    const sample = samples.find((s) => s.oneLanguage && s.contexts?.ru);
    expect(sample, "a one-language sample").toBeDefined();
    const page = await context.newPage();
    try {
      // The old gallery: the Russian page built from the English context, and the reverse.
      for (const [language, built] of [
        ["ru", sample!.context],
        ["en", sample!.contexts!.ru!],
      ] as const) {
        pages.set(
          `/gallery/_mixed.${language}.html`,
          buildPage({ ...sample!, context: built, contexts: undefined }, harnesses.get(language)!, language),
        );
        await page.goto(`${ORIGIN}/gallery/_mixed.${language}.html`);
        const found = foreignTexts(String(await page.evaluate(PAGE_TEXT)), language, sample!.docs as PackDocLike[]);
        expect(found.length, `${language} page built from the other language`).toBeGreaterThan(0);
      }
    } finally {
      await page.close();
    }
  });

  it("the accessibility check finds an unnamed icon button and an unlabelled field (self-check)", async () => {
    const page = await context.newPage();
    try {
      pages.set(
        "/gallery/_a11y.html",
        `<!doctype html><html lang="en"><head><title>t</title></head><body><div id="gallery-frame"><button type="button"><i class="fa-solid fa-trash"></i></button><input type="text"></div></body></html>`,
      );
      await page.goto(`${ORIGIN}/gallery/_a11y.html`);
      const found = await accessibility(page);
      expect(
        found.some((f) => f.startsWith("button-name")),
        found.join("\n"),
      ).toBe(true);
      expect(
        found.some((f) => f.startsWith("label")),
        found.join("\n"),
      ).toBe(true);
    } finally {
      await page.close();
    }
  });

  for (const sample of samples) {
    for (const language of languages) {
      it(`${sample.name} (${language}) renders with no console error, no overflow, no serious accessibility finding`, async () => {
        const path = `/gallery/${sample.name}.${language}.html`;
        pages.set(path, buildPage(sample, harnesses.get(language)!, language));
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("console", (m) => {
          if (m.type() === "error") errors.push(`console: ${m.text()}`);
        });
        page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
        page.on("requestfailed", (r) => errors.push(`request failed: ${r.url()}`));
        page.on("response", (r) => {
          if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`);
        });
        try {
          await page.goto(`${ORIGIN}${path}`, { waitUntil: "load" });
          await page.evaluate("document.fonts.ready.then(() => true)");
          const frame = page.locator("#gallery-frame");
          await frame.screenshot({ path: join(OUT, pngName(sample, language)), animations: "disabled" });
          const problems = (await page.evaluate(LAYOUT_CHECK)) as LayoutProblem[];
          const layout = problems.slice(0, 20).map((p) => `${p.element}: ${p.problem}`);
          if (problems.length > 20) layout.push(`… and ${problems.length - 20} more`);
          // axe-core is the slowest step: it runs on every English page and on the Russian pages of
          // one-language samples (labels and contrast do not change with the words otherwise).
          const a11y = language === "en" || sample.oneLanguage ? await accessibility(page) : [];
          const otherLanguage = sample.oneLanguage
            ? foreignTexts(String(await page.evaluate(PAGE_TEXT)), language, (sample.docs ?? []) as PackDocLike[])
            : [];
          expect({ errors, layout, a11y, otherLanguage }, `see artifacts/gallery/${pngName(sample, language)}`).toEqual({
            errors: [],
            layout: [],
            a11y: [],
            otherLanguage: [],
          });
        } finally {
          await page.close();
        }
      });
    }
  }
});
