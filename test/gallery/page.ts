/**
 * Builds the gallery page for one sample: the sample's templates rendered with the test harness, put
 * inside a stand-in of Foundry's window chrome (or chat message frame) of the sample's size, with the
 * system's real CSS. The page is served from a fake Foundry origin (see gallery.test.ts), so
 * `systems/omnibus/...` paths in templates and CSS resolve as they do in Foundry.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ROOT, type Harness, type Language } from "../support/handlebars";
import { contextFor, templatesOf, type GallerySample } from "./sample";

export const ORIGIN = "http://foundry.gallery";
export const CHROME_CSS = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "chrome.css"), "utf8");

/** The stylesheets Foundry loads for the system: system.json `styles`, else every styles/*.css. */
export function systemStylesheets(): string[] {
  const manifestFile = join(ROOT, "system.json");
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as { styles?: (string | { src?: string })[] };
    const styles = (manifest.styles ?? []).map((s) => (typeof s === "string" ? s : (s.src ?? ""))).filter(Boolean);
    if (styles.length) return styles;
  }
  const dir = join(ROOT, "styles");
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".css"))
        .sort()
        .map((f) => `styles/${f}`)
    : [];
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function buildPage(sample: GallerySample, harness: Harness, language: Language): string {
  const body = templatesOf(sample)
    .map((path) => harness.render(path, contextFor(sample, language)))
    .join("\n");
  const dark = sample.theme === "dark";
  const classes = [...(sample.classes ?? []), ...(dark ? ["themed", "theme-dark"] : [])].map(escapeHtml).join(" ");
  const title = escapeHtml(sample.titles?.[language] ?? sample.title ?? sample.name);
  const links = systemStylesheets()
    .map((href) => `<link rel="stylesheet" href="${ORIGIN}/systems/omnibus/${escapeHtml(href)}">`)
    .join("\n");
  const height = sample.height === "auto" ? "auto" : `${sample.height}px`;
  const frame =
    sample.frame === "chat"
      ? `<ol id="gallery-frame" class="chat-frame${dark ? " themed theme-dark" : ""}" style="width:${sample.width}px;max-height:${height}">
  <li class="chat-message message flexcol">
    <header class="message-header flexrow"><h4 class="message-sender">${title}</h4><span class="message-metadata">—</span></header>
    <div class="message-content">${body}</div>
  </li>
</ol>`
      : `<div id="gallery-frame" class="application ${classes}" style="width:${sample.width}px;height:${height}">
  <header class="window-header"><h1 class="window-title">${title}</h1><button type="button" class="header-control" aria-label="close">×</button></header>
  <section class="window-content">${body}</section>
</div>`;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<base href="${ORIGIN}/">
<title>${title}</title>
<style>${CHROME_CSS}</style>
${links}
</head>
<body class="vtt game system-omnibus${dark ? " theme-dark" : ""}">
${frame}
</body>
</html>`;
}

/** One layout problem found in the page. */
export interface LayoutProblem {
  element: string;
  problem: string;
}

/**
 * The in-page layout check (test/gallery/layout-check.js), as source text: it runs in Chromium as
 * written, untouched by the test transform, and evaluates to LayoutProblem[].
 */
export const LAYOUT_CHECK = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "layout-check.js"), "utf8");
