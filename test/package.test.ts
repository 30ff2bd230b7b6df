// `npm run package`: the zip writer (fflate) makes a correct zip (CRC-32 test vector, round trip, and an
// independent reader where one is installed), and omnibus.zip holds exactly what Foundry needs.
// The real-package tests need the build (npm test builds first).
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, readZip, writeZip } from "../scripts/zip.mjs";
import { manifestPaths, releaseManifest } from "../scripts/package.mjs";
import { ROOT } from "./support/handlebars";

const python = spawnSync("python3", ["-c", "import zipfile"], { encoding: "utf8" }).status === 0;

describe("zip writer", () => {
  it("CRC-32 matches the standard check values", () => {
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
    expect(crc32(Buffer.from("The quick brown fox jumps over the lazy dog"))).toBe(0x414fa339);
  });

  const inputs = [
    { name: "system.json", data: Buffer.from(JSON.stringify({ id: "omnibus" }).repeat(50)) }, // compressible: deflated
    { name: "lang/ru.json", data: Buffer.from('{"OMNIBUS":{"Title":"Омнибус"}}') },
    { name: "templates/d6/Лист персонажа.hbs", data: Buffer.from("<p>{{name}}</p>") }, // UTF-8 name
    { name: "packs/d6-items/000005.ldb", data: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 2654435761) >>> 24)) },
    { name: "packs/d6-items/LOCK", data: Buffer.alloc(0) }, // empty file
  ];

  it("round-trips names, bytes, CRCs and sizes; compresses what compresses and stores what does not", () => {
    const entries = readZip(writeZip(inputs));
    expect(entries.map((e) => e.name)).toEqual(inputs.map((i) => i.name));
    entries.forEach((e, i) => {
      expect(e.data.equals(inputs[i].data), e.name).toBe(true);
      expect(e.crc).toBe(crc32(inputs[i].data));
      expect(e.size).toBe(inputs[i].data.length);
    });
    expect(entries[0].method).toBe(8);
    expect(entries[0].compressedSize).toBeLessThan(entries[0].size);
    expect(entries[4].method).toBe(0);
  });

  it("refuses duplicate, absolute and parent-relative names", () => {
    expect(() => writeZip([inputs[0], inputs[0]])).toThrow(/duplicate/);
    expect(() => writeZip([{ name: "/etc/passwd", data: Buffer.alloc(1) }])).toThrow(/bad entry name/);
    expect(() => writeZip([{ name: "a/../../b", data: Buffer.alloc(1) }])).toThrow(/bad entry name/);
  });

  it("the same entries give the same bytes in every time zone (times from UTC fields)", () => {
    const script = `import("${join(ROOT, "scripts", "zip.mjs").replace(/\\/g, "/")}").then((m) => process.stdout.write(m.writeZip([{ name: "a.txt", data: Buffer.from("x"), mtime: new Date(Date.UTC(2024, 5, 1, 12, 30, 10)) }]).toString("hex")))`;
    const bytes = ["UTC", "Asia/Tokyo", "America/Los_Angeles"].map(
      (TZ) => spawnSync(process.execPath, ["-e", script], { encoding: "utf8", env: { ...process.env, TZ } }).stdout,
    );
    expect(bytes[0].length).toBeGreaterThan(0);
    expect(new Set(bytes).size).toBe(1);
  });

  it("the reader rejects a corrupted archive (CRC check)", () => {
    const zip = writeZip([{ name: "a.txt", data: Buffer.from("hello hello hello hello") }]);
    const corrupt = Buffer.from(zip);
    corrupt[30 + "a.txt".length + 2] ^= 0xff; // a byte of the compressed data
    expect(() => readZip(corrupt)).toThrow();
  });

  it.skipIf(!python)("an independent reader (python zipfile) opens it and sees the same files", () => {
    const dir = mkdtempSync(join(tmpdir(), "omnibus-zip-"));
    try {
      const file = join(dir, "t.zip");
      writeFileSync(file, writeZip(inputs));
      const script = [
        "import zipfile, sys, json, zlib",
        "z = zipfile.ZipFile(sys.argv[1])",
        "assert z.testzip() is None",
        "print(json.dumps([[i.filename, i.file_size, zlib.crc32(z.read(i)) & 0xffffffff] for i in z.infolist()]))",
      ].join("\n");
      const r = spawnSync("python3", ["-c", script, file], { encoding: "utf8" });
      expect(r.stderr).toBe("");
      expect(JSON.parse(r.stdout)).toEqual(inputs.map((i) => [i.name, i.data.length, crc32(i.data)]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("npm run package (needs the build)", () => {
  const manifestFile = join(ROOT, "system.json");

  it("writes a zip holding exactly system.json, module, templates, styles, lang and the manifest's packs", () => {
    expect(existsSync(manifestFile), "system.json").toBe(true);
    const dir = mkdtempSync(join(tmpdir(), "omnibus-package-"));
    try {
      const out = join(dir, "omnibus.zip");
      const r = spawnSync(process.execPath, [join(ROOT, "scripts", "package.mjs"), "--out", out], { cwd: ROOT, encoding: "utf8" });
      expect(r.status, r.stderr).toBe(0);
      const entries = readZip(readFileSync(out));
      const names = entries.map((e) => e.name);

      // Every file is byte-identical to the tree.
      for (const e of entries) expect(e.data.equals(readFileSync(join(ROOT, e.name))), e.name).toBe(true);

      // What must be there: the manifest, and every path it names (a folder: all of its files).
      expect(names).toContain("system.json");
      const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
      for (const p of manifestPaths(manifest)) {
        const full = join(ROOT, p);
        expect(existsSync(full), `${p} (named in system.json) exists — run npm run build`).toBe(true);
        if (statSync(full).isDirectory()) {
          const inside = names.filter((n) => n.startsWith(`${p}/`));
          expect(inside.length, `${p}/ is in the zip`).toBeGreaterThan(0);
        } else expect(names, p).toContain(p);
      }
      // Every template and both language files.
      const walk = (d: string): string[] =>
        readdirSync(join(ROOT, d), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(`${d}/${e.name}`) : [`${d}/${e.name}`]));
      if (existsSync(join(ROOT, "templates")))
        for (const t of walk("templates").filter((n) => n.endsWith(".hbs"))) expect(names, t).toContain(t);
      expect(names).toEqual(expect.arrayContaining(["lang/en.json", "lang/ru.json", "module/omnibus.mjs"]));

      // What must not be: sources, tests, tooling, compendium sources, source maps, LevelDB logs.
      const forbidden = names.filter(
        (n) =>
          /^(src|test|node_modules|scripts|bench|dist|\.git|\.ci|packs\/_source)\//.test(n) ||
          /\.(ts|map|yml|yaml)$/.test(n) ||
          /(^|\/)(LOG|LOG\.old)$/.test(n) ||
          ["package.json", "package-lock.json", "tsconfig.json", "vite.config.ts", "omnibus.zip"].includes(n),
      );
      expect(forbidden).toEqual([]);
      // And nothing outside the known top-level folders.
      const packRoots = new Set(manifestPaths(manifest).map((p) => p.split("/")[0]));
      const stray = names.filter(
        (n) => n !== "system.json" && !["module", "templates", "styles", "lang", "assets", ...packRoots].includes(n.split("/")[0]),
      );
      expect(stray).toEqual([]);

      // Every literal `systems/omnibus/<path>` the shipped templates, CSS and bundle refer to is in the zip.
      const byName = new Set(names);
      const dangling = entries
        .filter((e) => /\.(hbs|css|mjs|js|json)$/.test(e.name))
        .flatMap((e) =>
          [...e.data.toString("utf8").matchAll(/systems\/omnibus\/([A-Za-z0-9_./-]+\.[A-Za-z0-9]+)/g)]
            .map((m) => m[1])
            .filter((p) => !byName.has(p))
            .map((p) => `${e.name} → ${p}`),
        );
      expect(dangling, "paths referred to but not shipped").toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Issue 14: one release base URL fills the manifest's url, manifest and download; the zip keeps
  // system.json at its root (Foundry's installer unpacks it as Data/systems/omnibus/).
  it("--release <base>: the zipped and the written system.json carry manifest, download and url; the repository's is untouched", () => {
    const before = readFileSync(manifestFile, "utf8");
    const dir = mkdtempSync(join(tmpdir(), "omnibus-release-"));
    try {
      const base = "https://github.com/someone/omnibus/releases/download/v0.1.0";
      const out = join(dir, "omnibus.zip");
      const r = spawnSync(process.execPath, [join(ROOT, "scripts", "package.mjs"), "--out", out, "--release", `${base}/`], {
        cwd: ROOT,
        encoding: "utf8",
      });
      expect(r.status, r.stderr).toBe(0);
      const zipped = readZip(readFileSync(out)).find((e) => e.name === "system.json")!;
      const manifest = JSON.parse(zipped.data.toString("utf8"));
      expect(manifest).toMatchObject({
        id: "omnibus",
        manifest: `${base}/system.json`,
        download: `${base}/omnibus.zip`,
        url: "https://github.com/someone/omnibus",
      });
      expect(JSON.parse(readFileSync(join(dir, "system.json"), "utf8"))).toEqual(manifest);
      expect(readFileSync(manifestFile, "utf8")).toBe(before);
      const bad = spawnSync(
        process.execPath,
        [join(ROOT, "scripts", "package.mjs"), "--out", join(dir, "b.zip"), "--release", "not a url"],
        { cwd: ROOT, encoding: "utf8" },
      );
      expect(bad.status).toBe(1);
      expect(bad.stderr).toMatch(/--release must be a URL/);
      expect(existsSync(join(dir, "b.zip"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("releaseManifest: an explicit page wins; a base without /releases/ is the page itself", () => {
    expect(
      releaseManifest({ id: "omnibus" }, "https://example.org/omnibus/0.1.0", {
        zipName: "omnibus-0.1.0.zip",
        page: "https://example.org/omnibus",
      }),
    ).toEqual({
      id: "omnibus",
      url: "https://example.org/omnibus",
      manifest: "https://example.org/omnibus/0.1.0/system.json",
      download: "https://example.org/omnibus/0.1.0/omnibus-0.1.0.zip",
    });
    expect(releaseManifest({}, "https://example.org/o").url).toBe("https://example.org/o");
    expect(() => releaseManifest({}, "ftp://example.org/o")).toThrow(/http\(s\)/);
    expect(() => releaseManifest({}, "https://example.org/o?x=1")).toThrow(/without query/);
  });

  it("fails, naming the path, when a path system.json names is missing", () => {
    const dir = mkdtempSync(join(tmpdir(), "omnibus-package-"));
    try {
      writeFileSync(join(dir, "system.json"), JSON.stringify({ id: "omnibus", esmodules: ["module/omnibus.mjs"] }));
      const r = spawnSync(process.execPath, [join(ROOT, "scripts", "package.mjs"), "--root", dir, "--out", join(dir, "o.zip")], {
        encoding: "utf8",
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/module\/omnibus\.mjs/);
      expect(existsSync(join(dir, "o.zip"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
