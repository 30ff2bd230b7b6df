// A tiny ZIP writer and reader (PKWARE APPNOTE 6.3, no ZIP64, no encryption) on node's built-in zlib.
// Used by scripts/package.mjs; the reader exists so tests can list and verify what was written.
// Only what a system zip needs: deflate (method 8) or stored (method 0) entries, UTF-8 names.
import { deflateRawSync, inflateRawSync } from "node:zlib";

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320) as zip stores it. */
export function crc32(bytes) {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** MS-DOS date and time (2-second resolution) from the date's UTC fields, so a zip is the same in every
 *  time zone; clamped to the format's 1980–2107 range. */
export function dosDateTime(date) {
  const year = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107);
  const time = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2);
  const day = ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  return { time, date: day };
}

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const FLAG_UTF8 = 0x0800;
const VERSION = 20; // 2.0: deflate, directories

/**
 * Builds a zip archive in memory.
 * @param {{ name: string, data: Buffer | Uint8Array, mtime?: Date, mode?: number }[]} entries
 *   name: a relative path with forward slashes (no leading slash, no `..`).
 * @returns {Buffer}
 */
export function writeZip(entries) {
  if (entries.length > 0xffff) throw new Error(`zip: ${entries.length} entries need ZIP64, which this writer does not do`);
  const seen = new Set();
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const entry of entries) {
    const name = entry.name;
    if (!name || name.startsWith("/") || name.includes("\\") || name.split("/").includes("..")) {
      throw new Error(`zip: bad entry name ${JSON.stringify(name)}`);
    }
    if (seen.has(name)) throw new Error(`zip: duplicate entry ${name}`);
    seen.add(name);
    const nameBytes = Buffer.from(name, "utf8");
    const data = Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength);
    const crc = crc32(data);
    const deflated = deflateRawSync(data, { level: 9 });
    const stored = deflated.length >= data.length;
    const body = stored ? data : deflated;
    const method = stored ? 0 : 8;
    const { time, date } = dosDateTime(entry.mtime ?? new Date(Date.UTC(1980, 0, 1)));
    if (body.length > 0xfffffffe || data.length > 0xfffffffe || offset > 0xfffffffe) {
      throw new Error(`zip: ${name} needs ZIP64, which this writer does not do`);
    }

    const local = Buffer.alloc(30);
    local.writeUInt32LE(SIG_LOCAL, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(FLAG_UTF8, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, nameBytes, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(SIG_CENTRAL, 0);
    central.writeUInt16LE((3 << 8) | VERSION, 4); // made by: UNIX, so external attributes carry the mode
    central.writeUInt16LE(VERSION, 6);
    central.writeUInt16LE(FLAG_UTF8, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt16LE(0, 30); // extra
    central.writeUInt16LE(0, 32); // comment
    central.writeUInt16LE(0, 34); // disk
    central.writeUInt16LE(0, 36); // internal attributes
    central.writeUInt32LE((((entry.mode ?? 0o100644) & 0xffff) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);

    offset += local.length + nameBytes.length + body.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(SIG_END, 0);
  end.writeUInt16LE(0, 4);
  end.writeUInt16LE(0, 6);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(0, 20);
  return Buffer.concat([...locals, ...centrals, end]);
}

/**
 * Reads a zip written by writeZip (or any plain zip without ZIP64): every entry's name, sizes, method,
 * CRC and inflated data. Throws when a CRC, size or header does not match.
 * @param {Buffer} zip
 */
export function readZip(zip) {
  let endAt = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === SIG_END) {
      endAt = i;
      break;
    }
  }
  if (endAt < 0) throw new Error("zip: no end of central directory record");
  const count = zip.readUInt16LE(endAt + 10);
  const centralSize = zip.readUInt32LE(endAt + 12);
  let at = zip.readUInt32LE(endAt + 16);
  if (at + centralSize !== endAt) throw new Error("zip: central directory does not end where the end record starts");
  const entries = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== SIG_CENTRAL) throw new Error(`zip: bad central header at ${at}`);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const externalAttributes = zip.readUInt32LE(at + 38);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.toString(flags & FLAG_UTF8 ? "utf8" : "latin1", at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    if (zip.readUInt32LE(localAt) !== SIG_LOCAL) throw new Error(`zip: bad local header for ${name}`);
    const localName = zip.toString(flags & FLAG_UTF8 ? "utf8" : "latin1", localAt + 30, localAt + 30 + zip.readUInt16LE(localAt + 26));
    if (localName !== name) throw new Error(`zip: local name ${localName} differs from central name ${name}`);
    if (zip.readUInt32LE(localAt + 14) !== crc) throw new Error(`zip: local and central CRC differ for ${name}`);
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const body = zip.subarray(dataAt, dataAt + compressedSize);
    let data;
    if (method === 0) data = Buffer.from(body);
    else if (method === 8) data = inflateRawSync(body);
    else throw new Error(`zip: ${name} uses compression method ${method}`);
    if (data.length !== size) throw new Error(`zip: ${name} inflates to ${data.length} bytes, header says ${size}`);
    if (crc32(data) !== crc) throw new Error(`zip: CRC mismatch for ${name}`);
    entries.push({ name, method, crc, size, compressedSize, mode: externalAttributes >>> 16, data });
  }
  return entries;
}
