// Types for scripts/package.mjs (so TypeScript tests can import it).
export const SHIPPED_FOLDERS: string[];
export function manifestPaths(manifest: unknown): string[];
export function packageFiles(root: string): string[];
export function releaseManifest<T extends object>(
  manifest: T,
  base: string,
  options?: { zipName?: string; page?: string },
): T & { url: string; manifest: string; download: string };
export function packageSystem(options?: { root?: string; out?: string; release?: string; page?: string }): string[];
