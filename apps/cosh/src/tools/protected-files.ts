import { realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * Cosh's own files, which the built-in tools must not write (SPEC S6): every layer's setup.json,
 * the trust store and the scripts hooks name. An agent that could rewrite them through
 * `fs_write` could switch a guard off (or trust its own change).
 */
export interface ProtectedFiles {
  /**
   * The protected file a write to `path` (absolute) would replace, or undefined. Both sides are
   * compared after resolving symbolic links at the moment of the write, a path that does not
   * exist yet through its nearest existing folder: a link to setup.json, or a folder link above
   * it, is the same file.
   */
  find(path: string): Promise<string | undefined>;
}

/** The files `paths` (absolute) as {@link ProtectedFiles}. */
export function protectedFiles(paths: readonly string[]): ProtectedFiles {
  const files = [...new Set(paths.map((path) => resolve(path)))];
  return {
    async find(path) {
      if (files.length === 0) return undefined;
      const target = await realPathOf(resolve(path));
      for (const file of files) {
        if (file === path || (await realPathOf(file)) === target) return file;
      }
      return undefined;
    },
  };
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
