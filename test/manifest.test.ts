// The manifest: system.json is a valid v13 system manifest; every path it names exists after the build;
// every declared document type has a data model and a sheet registered at `init`, and every
// registered type is declared. Registrations are read by importing the BUILT bundle
// (module/omnibus.mjs, as Foundry loads it) with the glue tests' Foundry stand-ins
// (test/support/foundry-stand-ins.ts) — so run `npm run build` first (`npm test` does). New types, packs and styles are picked up automatically.
// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { manifestPaths } from "../scripts/package.mjs";
import { ROOT } from "./support/handlebars";
import { installFoundryStandIns, type Recorded } from "./support/foundry-stand-ins";

interface Manifest {
  id?: unknown;
  title?: unknown;
  version?: unknown;
  compatibility?: { minimum?: unknown; verified?: unknown; maximum?: unknown };
  esmodules?: unknown;
  scripts?: unknown;
  styles?: unknown;
  languages?: { lang?: unknown; name?: unknown; path?: unknown }[];
  packs?: { name?: unknown; label?: unknown; path?: unknown; type?: unknown; system?: unknown }[];
  socket?: unknown;
  grid?: { distance?: unknown; units?: unknown; type?: unknown; diagonals?: unknown };
  primaryTokenAttribute?: unknown;
  documentTypes?: Record<string, Record<string, unknown>>;
}

const manifestFile = join(ROOT, "system.json");
const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, "utf8")) : {};
const bundle = join(ROOT, "module", "omnibus.mjs");
const PACK_TYPES = [
  "Actor",
  "Adventure",
  "Cards",
  "ChatMessage",
  "Combat",
  "Item",
  "JournalEntry",
  "Macro",
  "Playlist",
  "RollTable",
  "Scene",
  "User",
];

describe("system.json (v13)", () => {
  it("exists and parses", () => {
    expect(existsSync(manifestFile), "system.json at the repository root").toBe(true);
    expect(manifest).toBeTypeOf("object");
  });

  it("identifies the system: id omnibus, title, semantic version", () => {
    expect(manifest.id).toBe("omnibus");
    expect(manifest.title).toBeTypeOf("string");
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('runs on v13 and v14: minimum "13", verified a v14 build, maximum "14" (a v15 refuses to install)', () => {
    expect(manifest.compatibility?.minimum).toBe("13");
    expect(String(manifest.compatibility?.verified ?? "")).toMatch(/^14\.\d+$/);
    expect(manifest.compatibility?.maximum).toBe("14");
  });

  it("loads module/omnibus.mjs as an ES module and at least one stylesheet", () => {
    expect(manifest.esmodules).toContain("module/omnibus.mjs");
    expect(Array.isArray(manifest.styles) && manifest.styles.length > 0, "styles").toBe(true);
    for (const s of manifest.styles as unknown[]) {
      const src = typeof s === "string" ? s : (s as { src?: unknown })?.src;
      expect(src, JSON.stringify(s)).toMatch(/\.css$/);
    }
  });

  it("declares English and Russian", () => {
    const languages = manifest.languages ?? [];
    const byLang = new Map(languages.map((l) => [l.lang, l]));
    expect(byLang.get("en")?.path).toBe("lang/en.json");
    expect(byLang.get("ru")?.path).toBe("lang/ru.json");
    for (const l of languages) expect(l.name, `language ${String(l.lang)} needs a name`).toBeTypeOf("string");
  });

  it("uses the system socket, has grid defaults and a primary token attribute", () => {
    expect(manifest.socket).toBe(true);
    expect(manifest.grid?.distance).toBeTypeOf("number");
    expect(manifest.grid?.distance as number).toBeGreaterThan(0);
    expect(manifest.grid?.units).toBeTypeOf("string");
    expect(manifest.primaryTokenAttribute).toMatch(/^[A-Za-z0-9_.]+$/);
  });

  it("declares Actor and Item types in documentTypes", () => {
    expect(Object.keys(manifest.documentTypes?.Actor ?? {}).length).toBeGreaterThan(0);
    expect(Object.keys(manifest.documentTypes?.Item ?? {}).length).toBeGreaterThan(0);
  });

  it("declares packs with a unique name, label, path under packs/, a document type and system omnibus", () => {
    const names = new Set<unknown>();
    for (const pack of manifest.packs ?? []) {
      const where = `pack ${JSON.stringify(pack.name)}`;
      expect(pack.name, where).toMatch(/^[a-z0-9-]+$/);
      expect(names.has(pack.name), `${where} is declared twice`).toBe(false);
      names.add(pack.name);
      expect(pack.label, where).toBeTypeOf("string");
      expect(pack.path, where).toMatch(/^packs\/[^/]+$/);
      expect(PACK_TYPES, where).toContain(pack.type);
      if (pack.type === "Actor" || pack.type === "Item") expect(pack.system, where).toBe("omnibus");
    }
  });
});

describe("every path the manifest names exists after the build", () => {
  it.each(manifestPaths(manifest).map((p) => [p]))("%s", (p) => {
    const full = join(ROOT, p);
    expect(existsSync(full), `${p} is missing — run npm run build`).toBe(true);
    if ((manifest.packs ?? []).some((pack) => pack.path === p)) {
      // A compiled LevelDB pack folder: CURRENT names the live MANIFEST, and there is data.
      expect(statSync(full).isDirectory(), `${p} is a folder`).toBe(true);
      const files = readdirSync(full);
      expect(files, `${p} is a compiled pack`).toContain("CURRENT");
      expect(
        files.some((f) => /^MANIFEST-\d+$/.test(f)),
        `${p} has a MANIFEST`,
      ).toBe(true);
    } else if (p.endsWith(".json")) {
      expect(() => JSON.parse(readFileSync(full, "utf8")), `${p} parses`).not.toThrow();
    } else {
      expect(statSync(full).size, `${p} is not empty`).toBeGreaterThan(0);
    }
  });

  it("every compiled pack folder has a source folder (packs/_source/<name>)", () => {
    for (const pack of manifest.packs ?? []) {
      expect(existsSync(join(ROOT, "packs", "_source", String(pack.name))), `packs/_source/${String(pack.name)}`).toBe(true);
    }
  });
});

describe("what the built bundle registers at init", () => {
  let recorded: Recorded;
  let CONFIG: Record<string, any>;
  let originalRolls: unknown[];
  const declared = (doc: string) => Object.keys(manifest.documentTypes?.[doc] ?? {}).sort();
  const docs = () => Object.keys(manifest.documentTypes ?? {});
  /** "Actor" / "Item" from the document class a sheet was registered for. */
  const documentName = (cls: unknown) => {
    const c = cls as { kindName?: string; documentName?: string; name?: string } | undefined;
    return c?.kindName ?? c?.documentName ?? c?.name ?? String(cls);
  };
  const sheetsFor = (doc: string) => recorded.sheets.filter((s) => documentName(s.documentClass) === doc);
  const sheetTypes = (s: Recorded["sheets"][number]) => s.options?.types as string[] | undefined;

  beforeAll(async () => {
    expect(existsSync(bundle), "module/omnibus.mjs — run npm run build").toBe(true);
    const stand = installFoundryStandIns();
    recorded = stand.recorded;
    CONFIG = (globalThis as unknown as { CONFIG: Record<string, any> }).CONFIG;
    originalRolls = CONFIG.Dice.rolls;
    await import(/* @vite-ignore */ pathToFileURL(bundle).href);
    expect(recorded.hooks.has("init"), "the bundle hooks init").toBe(true);
    await stand.fire("init");
  });

  it("has a data model for every declared type, and declares every registered data model", () => {
    for (const doc of new Set([...docs(), "Actor", "Item"])) {
      const registered = Object.keys(CONFIG[doc]?.dataModels ?? {}).sort();
      expect(registered, `CONFIG.${doc}.dataModels vs system.json documentTypes.${doc}`).toEqual(declared(doc));
      for (const type of registered) expect(typeof CONFIG[doc].dataModels[type], `${doc}.${type} is a class`).toBe("function");
    }
  });

  it("has a sheet registered for every declared Actor and Item type", () => {
    for (const doc of ["Actor", "Item"]) {
      const without = declared(doc).filter(
        (type) => !sheetsFor(doc).some((s) => sheetTypes(s) === undefined || sheetTypes(s)!.includes(type)),
      );
      expect(without, `${doc} types with no sheet`).toEqual([]);
    }
  });

  it("registers sheets only for declared types, in the omnibus scope", () => {
    const undeclared = recorded.sheets.flatMap((s) =>
      (sheetTypes(s) ?? [])
        .filter((t) => !declared(documentName(s.documentClass)).includes(t))
        .map((t) => `${documentName(s.documentClass)}.${t}`),
    );
    expect(undeclared).toEqual([]);
    for (const s of recorded.sheets) {
      expect(s.scope).toBe("omnibus");
      expect(typeof s.sheet).toBe("function");
    }
  });

  it("adds its Roll classes to CONFIG.Dice.rolls without replacing the array", () => {
    expect(CONFIG.Dice.rolls, "CONFIG.Dice.rolls was replaced, dropping Foundry's own Roll classes").toBe(originalRolls);
    for (const roll of CONFIG.Dice.rolls) expect(typeof roll).toBe("function");
  });

  it("raises no error notification while initialising", () => {
    expect(recorded.notifications.filter((n) => n.level === "error")).toEqual([]);
  });
});
