// `npm run package`: writes omnibus.zip, the installable system, holding exactly what Foundry loads:
//   system.json; the folders module/, templates/, styles/, lang/ (and assets/ when it exists);
//   every file or folder system.json names (esmodules, scripts, styles, languages, packs, local media).
// Not in it: sources (src/, *.ts, *.scss), source maps, tests, node_modules, packs/_source, LevelDB logs.
// Run `npm run build` first: a path the manifest names that is missing is an error, not a silent gap.
// Options: --out <file> (default omnibus.zip), --root <dir> (default: the repository root).
// A release: --release <base URL> (where the release's files will be downloadable, e.g.
// https://github.com/<owner>/omnibus/releases/download/v0.1.0) fills the zipped system.json's
// `manifest` (<base>/system.json), `download` (<base>/<zip name>) and `url` (the project page: the base
// up to "/releases/", or --url <page>), and writes that system.json next to the zip (default
// dist/release/) — upload both files to the release; Foundry installs and updates from the manifest.
// Entries are sorted and, when SOURCE_DATE_EPOCH is set, stamped with that time: the same tree gives
// the same bytes.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { writeZip } from "./zip.mjs";

/** Folders shipped whole (when present). */
export const SHIPPED_FOLDERS = ["module", "templates", "styles", "lang", "assets"];
/** File names and extensions never shipped, wherever they are. */
const EXCLUDED_NAMES = new Set(["LOG", "LOG.old", ".DS_Store", ".gitkeep"]);
const EXCLUDED_EXTENSIONS = [".map", ".ts", ".mts", ".scss", ".sass", ".less", ".yml", ".yaml"];
/** Top-level paths that must never be in the zip, whatever the manifest says. */
const FORBIDDEN_PREFIXES = ["src/", "test/", "node_modules/", "packs/_source/", "scripts/", "bench/", "dist/", ".git/"];

/** Every local path system.json names, as repository-relative paths with forward slashes. */
export function manifestPaths(manifest) {
  const paths = [];
  const add = (p) => {
    if (typeof p !== "string" || p === "" || /^[a-z]+:/i.test(p)) return; // URLs are not files
    paths.push(p.replace(/^\.?\//, "").replace(/\/+$/, ""));
  };
  const sources = (list) => {
    for (const item of list ?? []) add(typeof item === "string" ? item : item?.src);
  };
  sources(manifest.esmodules);
  sources(manifest.scripts);
  sources(manifest.styles);
  for (const language of manifest.languages ?? []) add(language?.path);
  for (const pack of manifest.packs ?? []) add(pack?.path);
  for (const media of manifest.media ?? []) {
    add(media?.url);
    add(media?.thumbnail);
  }
  return [...new Set(paths)];
}

function walk(root, dir, out) {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) walk(root, rel, out);
    else if (entry.isFile()) out.add(rel);
  }
}

function shipped(rel) {
  const name = rel.slice(rel.lastIndexOf("/") + 1);
  if (EXCLUDED_NAMES.has(name)) return false;
  if (EXCLUDED_EXTENSIONS.some((ext) => name.endsWith(ext))) return false;
  return !FORBIDDEN_PREFIXES.some((prefix) => rel.startsWith(prefix));
}

/**
 * The list of repository-relative files that go into the zip.
 * @param {string} root the system folder (holds system.json)
 */
export function packageFiles(root) {
  const manifestFile = join(root, "system.json");
  if (!existsSync(manifestFile)) throw new Error(`package: ${manifestFile} does not exist`);
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
  const files = new Set(["system.json"]);
  for (const folder of SHIPPED_FOLDERS) if (existsSync(join(root, folder))) walk(root, folder, files);
  const missing = [];
  for (const p of manifestPaths(manifest)) {
    const full = join(root, p);
    if (!existsSync(full)) missing.push(p);
    else if (statSync(full).isDirectory()) walk(root, p, files);
    else files.add(p);
  }
  if (missing.length) {
    throw new Error(`package: system.json names paths that do not exist (run \`npm run build\` first): ${missing.join(", ")}`);
  }
  return [...files].filter(shipped).sort();
}

/**
 * The manifest of a release published at `base` (an http(s) URL, no query): `manifest`, `download`
 * (the zip's file name under the base) and `url` (`page`, or the base up to "/releases/"). Throws on a
 * base that is not a URL.
 */
export function releaseManifest(manifest, base, { zipName = "omnibus.zip", page } = {}) {
  let parsed;
  try {
    parsed = new URL(base);
  } catch {
    throw new Error(`package: --release must be a URL (got "${base}")`);
  }
  if (!/^https?:$/.test(parsed.protocol) || parsed.search || parsed.hash)
    throw new Error(`package: --release must be an http(s) URL without query or fragment (got "${base}")`);
  const root = base.replace(/\/+$/, "");
  const url = page ?? (root.includes("/releases/") ? root.slice(0, root.indexOf("/releases/")) : root);
  return { ...manifest, url, manifest: `${root}/system.json`, download: `${root}/${zipName}` };
}

/** Writes the zip; returns the list of entry names. With `release` (a base URL), the zipped system.json is the release's. */
export function packageSystem({ root = ".", out = "omnibus.zip", release, page } = {}) {
  const names = packageFiles(root);
  const epoch = process.env.SOURCE_DATE_EPOCH;
  const fixed = epoch && /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000) : undefined;
  let manifestText = null;
  if (release) {
    const manifest = JSON.parse(readFileSync(join(root, "system.json"), "utf8"));
    manifestText = `${JSON.stringify(releaseManifest(manifest, release, { zipName: basename(out), page }), null, 2)}\n`;
    const beside = join(dirname(out), "system.json");
    if (resolve(beside) === resolve(root, "system.json"))
      throw new Error("package: with --release, --out must not be in the system folder (its system.json would be overwritten)");
  }
  const entries = names.map((name) => {
    const full = join(root, ...name.split("/"));
    const stat = statSync(full);
    const data = name === "system.json" && manifestText !== null ? Buffer.from(manifestText, "utf8") : readFileSync(full);
    return { name, data, mtime: fixed ?? stat.mtime, mode: 0o100644 };
  });
  if (manifestText !== null) mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, writeZip(entries));
  if (manifestText !== null) writeFileSync(join(dirname(out), "system.json"), manifestText);
  return names;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (flag, fallback) => {
    const i = args.indexOf(flag);
    return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
  };
  const root = option("--root", join(fileURLToPath(import.meta.url), "..", ".."));
  const release = option("--release", undefined);
  const page = option("--url", undefined);
  const out = resolve(option("--out", release ? join(root, "dist", "release", "omnibus.zip") : join(root, "omnibus.zip")));
  try {
    const names = packageSystem({ root, out, release, page });
    if (release)
      console.log(
        `package: release manifest ${relative(process.cwd(), join(dirname(out), "system.json"))
          .split(sep)
          .join("/")}: manifest ${release.replace(/\/+$/, "")}/system.json`,
      );
    const size = statSync(out).size;
    console.log(
      `package: ${relative(process.cwd(), out).split(sep).join("/") || out}: ${names.length} files, ${(size / 1024).toFixed(1)} KiB`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
