import { lstatSync, realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';

// The one way to ask whether a write lands on one of Cosh's own files: the built-in tools (S6)
// ask it of `protectedPaths`' list when they write, the bridges (B8) when the client's file
// tools are about to.

/**
 * Cosh's own files, which the built-in tools must not write (SPEC S6) nor the clients' (B8): everything the sandbox
 * keeps read-only (B2, `protectedPaths`): every layer's setup.json and its folder, the trust
 * store's folder, the scripts hooks name and their folders, Cosh's cache and installation, the
 * repository's `.git/hooks` and `.git/config`. An agent that could rewrite them through
 * `fs_write` could switch a guard off (or trust its own change).
 */
export interface ProtectedFiles {
  /**
   * The protected path a write to `path` (absolute) would change (that path, or a folder it lies
   * in), or undefined. Both sides are compared after resolving symbolic links at the moment of
   * the write, a path that does not exist yet through its nearest existing folder: a link to
   * setup.json, or a folder link above it, is the same file.
   */
  find(path: string): Promise<string | undefined>;
}

/** The paths `paths` (absolute; each a file, or a folder with everything in it) as {@link ProtectedFiles}. */
export function protectedFiles(paths: readonly string[]): ProtectedFiles {
  const files = [...new Set(paths.map((path) => resolve(path)))];
  return {
    async find(path) {
      if (files.length === 0) return undefined;
      const target = await realPathOf(resolve(path));
      for (const file of files) {
        if (file === path || isSameOrInside(target, await realPathOf(file))) return file;
      }
      return undefined;
    },
  };
}

function isSameOrInside(path: string, protectedPath: string): boolean {
  if (path === protectedPath) return true;
  const prefix = protectedPath.endsWith(sep) ? protectedPath : `${protectedPath}${sep}`;
  return path.startsWith(prefix);
}

/**
 * `path` with every symbolic link resolved, as far as it exists: the real path of its nearest
 * existing ancestor, then the rest of the names as they are.
 */
async function realPathOf(path: string): Promise<string> {
  const missing: string[] = [];
  for (let current = path; ; current = dirname(current)) {
    try {
      return join(await realpath(current), ...missing.reverse());
    } catch {
      if (dirname(current) === current) return path;
      missing.push(basename(current));
    }
  }
}

/**
 * The protected path (one of `paths`, absolute) a write to `path` (absolute) would change, or
 * undefined: {@link ProtectedFiles}' `find`, synchronously, for the bridges' one call per process.
 * Of several, the most specific: the file itself, else the deepest folder holding it (a guard
 * script beside setup.json is "a hook script", not "a setup.json folder").
 */
export function findProtectedPathSync(paths: readonly string[], path: string): string | undefined {
  const target = realPathOfSync(resolve(path));
  let best: { file: string; depth: number } | undefined;
  for (const file of paths) {
    const real = realPathOfSync(resolve(file));
    if (file === path || real === target) return file;
    if (isSameOrInside(target, real) && (best === undefined || real.length > best.depth)) {
      best = { file, depth: real.length };
    }
  }
  return best?.file;
}

function realPathOfSync(path: string): string {
  const missing: string[] = [];
  for (let current = path; ; current = dirname(current)) {
    // A missing name is asked without an exception (a throw costs more than the lookup), one per
    // protected path that does not exist yet, on the bridges' per-call path.
    if (existsNoThrow(current)) {
      try {
        return join(realpathSync.native(current), ...missing.reverse());
      } catch {
        // Gone since, or a loop of links: take it as it is written.
      }
    }
    if (dirname(current) === current) return path;
    missing.push(basename(current));
  }
}

function existsNoThrow(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}
