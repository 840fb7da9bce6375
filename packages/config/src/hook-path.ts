// SPEC B12: hooks (and the processes kept for them, R12) run outside the sandbox, so a program they find by name
// on `PATH` must not be one the agent could have planted. Every `PATH` entry inside a folder the
// sandbox lets `bash_run` write (the working tree, `sandbox.writable`, `TMPDIR`) is
// left out of their environment: a guard that calls `grep` never runs an activated `.venv/bin/grep`
// or a `node_modules/.bin/grep` the agent wrote.
import { lstatSync, realpathSync } from 'node:fs';
import { isAbsolute, resolve, sep } from 'node:path';
import type { SandboxSettings } from './config-types.ts';

/**
 * The folders the agent's shell can write, as B2 makes them writable: the working trees
 * (`workingTrees`: a host's cwd; for a bridge the payload's cwd and the project's root),
 * `sandbox.writable` and `TMPDIR` when set. (The sandbox's `/tmp` is a private one, not the host's.)
 */
export function agentWritableFolders(
  sandbox: Pick<SandboxSettings, 'writable'>,
  env: NodeJS.ProcessEnv,
  workingTrees: readonly string[],
): string[] {
  const folders = [
    ...workingTrees.map((folder) => resolve(folder)),
    ...sandbox.writable.map((folder) => resolve(folder)),
  ];
  const temporary = env['TMPDIR'];
  if (temporary !== undefined && isAbsolute(temporary)) folders.push(resolve(temporary));
  return [...new Set(folders)];
}

/** The environment hooks get (B12) and the `PATH` entries left out of it. */
export interface HookPath {
  readonly env: NodeJS.ProcessEnv;
  /** The entries removed, as they were written in `PATH` (an empty one shown as `""`: it means the cwd). */
  readonly removed: readonly string[];
}

/**
 * `env` with every `PATH` entry removed that lies inside one of `folders` (compared as written
 * and with symbolic links resolved), and every relative entry (an empty one, `.`, `bin`), which
 * is looked up from the hook's working folder. `env` itself when nothing is removed.
 */
export function hookPathOf(env: NodeJS.ProcessEnv, folders: readonly string[]): HookPath {
  const path = env['PATH'];
  if (path === undefined) return { env, removed: [] };
  const roots = [...new Set(folders.flatMap((folder) => [resolve(folder), realOrSelf(resolve(folder))]))];
  const kept: string[] = [];
  const removed: string[] = [];
  for (const entry of path.split(':')) {
    if (!isAbsolute(entry) || isInsideAny(resolve(entry), roots) || isInsideAny(realOrSelf(resolve(entry)), roots)) {
      removed.push(entry === '' ? '""' : entry);
    } else {
      kept.push(entry);
    }
  }
  if (removed.length === 0) return { env, removed };
  return { env: { ...env, PATH: kept.join(':') }, removed };
}

function isInsideAny(path: string, roots: readonly string[]): boolean {
  return roots.some((root) => path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`));
}

function realOrSelf(path: string): string {
  try {
    // Asked without an exception first: PATH often names folders that do not exist.
    if (lstatSync(path, { throwIfNoEntry: false }) === undefined) return path;
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

/**
 * B12 for a host: `env` for its hooks and the processes kept for them, without the `PATH` entries the
 * agent's shell could write (see {@link agentWritableFolders}, {@link hookPathOf}).
 */
export function hookPathFor(
  sandbox: Pick<SandboxSettings, 'writable'>,
  env: NodeJS.ProcessEnv,
  workingTrees: readonly string[],
): HookPath {
  return hookPathOf(env, agentWritableFolders(sandbox, env, workingTrees));
}
