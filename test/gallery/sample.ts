/**
 * The gallery sample convention (see test/gallery/README.md).
 *
 * Each file `test/gallery/samples/<anything>.ts` exports `samples: GallerySample[]`. A sample is one
 * window as Foundry would show it: a sheet, a dialog or a chat card, rendered from the real templates
 * with plain sample data. The template test renders every sample (en and ru); the browser gallery
 * opens each in headless Chromium with the real CSS and saves artifacts/gallery/<name>.png and
 * artifacts/gallery/<name>.ru.png.
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export interface GallerySample {
  /** Unique, file-name safe: letters, digits, '-', '_' and '.', e.g. "d6-character-sheet". */
  name: string;
  /**
   * The template's system path, e.g. "systems/omnibus/templates/d6/actor/character.hbs". For an
   * ApplicationV2 sheet built from several PARTS, the parts' paths in the order the sheet renders
   * them; each part is rendered with the same context and placed in the window content in order.
   */
  template: string | string[];
  /** The render context the sheet's `_prepareContext` / the chat card builder would pass. */
  context: Record<string, unknown>;
  /**
   * The context for a reader of another language, when it differs: what the sheet prepares on that
   * client (pack documents' names and descriptions in the reader's language, titles and card lines
   * localized there). `context` is the English one and serves any language not listed.
   */
  contexts?: Partial<Record<"en" | "ru", Record<string, unknown>>>;
  /** The window title for a reader of another language (a sheet's title is the document's shown name). */
  titles?: Partial<Record<"en" | "ru", string>>;
  /**
   * The page must show one language only: the gallery fails when a Russian page shows an English
   * text of lang/en.json or of the pack documents it shows, and the reverse (languages.ts).
   */
  oneLanguage?: boolean;
  /** The pack documents a `oneLanguage` page is built from (their other-language texts must not show). */
  docs?: unknown[];
  /**
   * The sheet's default window size (DEFAULT_OPTIONS.position), in CSS pixels; height "auto" as
   * Foundry's `position.height: "auto"` (the window fits its content).
   */
  width: number;
  height: number | "auto";
  /** The sheet's CSS classes (DEFAULT_OPTIONS.classes), e.g. ["omnibus", "d6", "sheet", "actor"]. */
  classes?: string[];
  /**
   * "window" (default): inside a stand-in of Foundry's window chrome. "chat": a chat card, inside a
   * stand-in of the chat log's message frame (width is the sidebar's; height is the frame's maximum).
   */
  frame?: "window" | "chat";
  /** The window title (defaults to the name); shown in the stand-in window header only. */
  title?: string;
  /** Foundry v13's interface theme: "dark" puts `.theme-dark` on the body and `.themed.theme-dark` on the window. */
  theme?: "light" | "dark";
}

export const SAMPLE_DIR = join(dirname(fileURLToPath(import.meta.url)), "samples");

/** The context a reader of `language` gets. */
export function contextFor(sample: GallerySample, language: "en" | "ru"): Record<string, unknown> {
  return sample.contexts?.[language] ?? sample.context;
}

/**
 * One sample in both languages: `build` is called once per language and receives it; the English
 * result is the sample, the Russian one's context becomes `contexts.ru`. With `docs` (the pack
 * documents it shows) the sample is `oneLanguage`.
 */
export function bilingual(build: (language: "en" | "ru") => GallerySample, docs?: unknown[]): GallerySample {
  const en = build("en");
  const ru = build("ru");
  return {
    ...en,
    contexts: { ...en.contexts, ru: ru.context },
    ...(ru.title ? { titles: { ru: ru.title } } : {}),
    ...(docs ? { oneLanguage: true, docs } : {}),
  };
}

/** `bilingual` for a list: `build` returns the same samples, in the same order, for each language. */
export function bilingualList(build: (language: "en" | "ru") => GallerySample[]): GallerySample[] {
  const ru = build("ru");
  return build("en").map((en, i) => ({ ...en, contexts: { ...en.contexts, ru: ru[i].context } }));
}

export function templatesOf(sample: GallerySample): string[] {
  return Array.isArray(sample.template) ? sample.template : [sample.template];
}

/** Loads every sample file; throws on a file without a `samples` array or on a duplicate name. */
export async function loadSamples(): Promise<GallerySample[]> {
  const files = readdirSync(SAMPLE_DIR)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
    .sort();
  const all: GallerySample[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(SAMPLE_DIR, file)).href)) as { samples?: unknown };
    if (!Array.isArray(mod.samples)) throw new Error(`gallery: ${file} must export samples: GallerySample[]`);
    for (const sample of mod.samples as GallerySample[]) {
      if (!/^[A-Za-z0-9._-]+$/.test(sample.name)) throw new Error(`gallery: sample name "${sample.name}" in ${file} is not file-name safe`);
      if (seen.has(sample.name)) throw new Error(`gallery: sample "${sample.name}" is in both ${seen.get(sample.name)} and ${file}`);
      if (!(sample.width > 0 && (sample.height === "auto" || sample.height > 0)))
        throw new Error(`gallery: sample "${sample.name}" needs a positive width and height`);
      seen.set(sample.name, file);
      all.push(sample);
    }
  }
  return all;
}
