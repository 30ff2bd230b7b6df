// Types for scripts/zip.mjs (so TypeScript tests can import it).
export function crc32(bytes: Uint8Array): number;
export interface ZipInput {
  name: string;
  data: Uint8Array;
  mtime?: Date;
  mode?: number;
}
export function writeZip(entries: ZipInput[]): Buffer;
export interface ZipEntry {
  name: string;
  method: number;
  crc: number;
  size: number;
  compressedSize: number;
  mode: number;
  data: Buffer;
}
export function readZip(zip: Buffer): ZipEntry[];
