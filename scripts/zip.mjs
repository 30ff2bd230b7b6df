// Zip archives for scripts/package.mjs, written by fflate (a maintained zip/deflate library), with the
// checks a system zip needs on top: safe, unique entry names; each entry deflated when that makes it
// smaller and stored otherwise; UTF-8 names; Unix modes; times from the date's UTC fields, so the same
// tree gives the same bytes in every time zone. The reader exists so tests can list and verify what was
// written (fflate inflates; the CRC-32 of every entry is checked against the central directory).
import { crc32 as zlibCrc32 } from "node:zlib";
import { deflateSync, unzipSync, zipSync } from "fflate";

/** CRC-32 (IEEE 802.3) as zip stores it (node's zlib). */
export function crc32(bytes) {
  return zlibCrc32(bytes) >>> 0;
}

const MS_PER_MINUTE = 60_000;

/** The date whose LOCAL fields are `date`'s UTC fields (fflate writes MS-DOS times from local fields). */
function utcFieldsAsLocal(date) {
  const shifted = new Date(date.getTime() + date.getTimezoneOffset() * MS_PER_MINUTE);
  // MS-DOS times cover 1980–2107.
  const year = shifted.getFullYear();
  if (year < 1980) return new Date(1980, 0, 1);
  if (year > 2107) return new Date(2107, 11, 31, 23, 59, 58);
  return shifted;
}

function checkName(name) {
  if (
    typeof name !== "string" ||
    name === "" ||
    name.startsWith("/") ||
    name.includes("\\") ||
    name.split("/").some((p) => p === ".." || p === "." || p === "")
  ) {
    throw new Error(`zip: bad entry name ${JSON.stringify(name)}`);
  }
}

/**
 * Builds a zip archive in memory.
 * @param {{ name: string, data: Buffer | Uint8Array, mtime?: Date, mode?: number }[]} entries
 * @returns {Buffer}
 */
export function writeZip(entries) {
  const files = {};
  for (const e of entries) {
    checkName(e.name);
    if (Object.hasOwn(files, e.name)) throw new Error(`zip: duplicate entry ${e.name}`);
    const data = e.data instanceof Uint8Array ? e.data : new Uint8Array(e.data);
    const deflates = data.length > 0 && deflateSync(data, { level: 9 }).length < data.length;
    files[e.name] = [
      data,
      {
        level: deflates ? 9 : 0,
        mtime: utcFieldsAsLocal(e.mtime ?? new Date(Date.UTC(1980, 0, 1))),
        os: 3, // Unix: the mode goes in the high 16 bits of the external attributes
        attrs: ((e.mode ?? 0o100644) & 0xffff) << 16,
      },
    ];
  }
  return Buffer.from(zipSync(files));
}

const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;

/**
 * Reads a zip written by writeZip (no ZIP64): every entry with its data, CRC-32, sizes and mode.
 * Throws when an entry's data does not match its recorded CRC-32 or size.
 * @param {Buffer} zip
 */
export function readZip(zip) {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === SIG_END) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error("zip: no end of central directory");
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const contents = unzipSync(new Uint8Array(zip.buffer, zip.byteOffset, zip.length));
  const out = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== SIG_CENTRAL) throw new Error("zip: bad central directory");
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const mode = zip.readUInt32LE(at + 38) >>> 16;
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    const data = Buffer.from(contents[name] ?? []);
    if (data.length !== size || crc32(data) !== crc) throw new Error(`zip: ${name} is corrupt (CRC or size mismatch)`);
    out.push({ name, method, crc, size, compressedSize, mode, data });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}
