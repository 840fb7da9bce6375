import { realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';

/**
 * Cosh's own files, which the built-in tools must not write (SPEC S6): everything the sandbox
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

/** The refusal of `fs_write` and `fs_edit` (SPEC S6) for `shown` (the path as given), inside `own`. */
export function protectedFileMessage(shown: string, own: string): string {
  return `${shown} is one of Cosh's own files (in ${own}: a setup.json, a hook's script, the trust store, Cosh's cache or installation, .git/hooks or .git/config, which the agent's sandbox keeps read-only), which the tools do not write`;
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
