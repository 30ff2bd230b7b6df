// Types for scripts/package.mjs (so TypeScript tests can import it).
export const SHIPPED_FOLDERS: string[];
export function manifestPaths(manifest: unknown): string[];
export function packageFiles(root: string): string[];
export function packageSystem(options?: { root?: string; out?: string }): string[];
