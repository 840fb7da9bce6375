// SPEC B9, B13: what fencing a client's shell keeps unwritable. The B2 list proper (config
// folders, trust store, cache, installation folder) comes from one source, `protectedPathsSource`:
// today a reading of the same rules as apps/cosh's protected-paths.ts for a user-level fence;
// once that list moves into a package cosh-cli can import, point the source at it.
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { coshCacheFolder, resolveConfigPath, trustStoreFile } from '@cosh/config';

/** One path a fence keeps unwritable, and what it is (for messages). */
export interface FenceTarget {
  readonly path: string;
  /** A folder is fenced with everything below it; a file alone. */
  readonly kind: 'folder' | 'file';
  readonly what: string;
}

/** What the list is made of. */
export interface FenceTargetsInput {
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  /** Cosh's installation folder (B13), `null` when unknown. */
  readonly installationFolder: string | null;
  /** The client's own settings files that hold the bridge entry (B13). */
  readonly clientFiles: readonly string[];
}

/** The B2 part of the list: folders Cosh reads its guards and verdicts from. */
export type ProtectedPathsSource = (input: FenceTargetsInput) => readonly FenceTarget[];

/** The managed setup.json's folder (C1). */
const MANAGED_FOLDER = '/etc/cosh';

/**
 * B2's user-level folders: the user setup.json's folder, the managed one when it exists, the
 * trust store's folder (`$XDG_STATE_HOME/cosh`), the cache (`$XDG_CACHE_HOME/cosh`), the
 * project's `.cosh/` of `cwd` when there is one, and the installation folder.
 */
export const b2ProtectedPaths: ProtectedPathsSource = (input) => {
  const { env, cwd } = input;
  const targets: FenceTarget[] = [
    { path: dirname(resolveConfigPath({ cwd, env }).file), kind: 'folder', what: 'the user setup.json folder' },
    { path: dirname(trustStoreFile({ env })), kind: 'folder', what: 'the trust store folder' },
    { path: coshCacheFolder({ env }), kind: 'folder', what: "Cosh's cache" },
  ];
  if (existsSync(MANAGED_FOLDER))
    targets.push({ path: MANAGED_FOLDER, kind: 'folder', what: 'the managed setup.json folder' });
  if (isFolder(join(cwd, '.cosh')))
    targets.push({ path: join(cwd, '.cosh'), kind: 'folder', what: "this project's .cosh folder" });
  if (input.installationFolder !== null)
    targets.push({ path: input.installationFolder, kind: 'folder', what: "Cosh's installation folder" });
  return targets;
};

/** Every path the fence keeps unwritable (B9): B2's, then the client's own settings files (B13). */
export function fenceTargets(
  input: FenceTargetsInput,
  protectedPathsSource: ProtectedPathsSource = b2ProtectedPaths,
): FenceTarget[] {
  const seen = new Set<string>();
  const targets: FenceTarget[] = [];
  const files: FenceTarget[] = input.clientFiles.map((path) => ({
    path,
    kind: 'file',
    what: "the agent's settings file",
  }));
  for (const target of [...protectedPathsSource(input), ...files]) {
    if (seen.has(target.path)) continue;
    seen.add(target.path);
    targets.push(target);
  }
  return targets;
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The home folder (C1): `$HOME`, else the account's. */
export function homeOf(env: NodeJS.ProcessEnv): string {
  return env['HOME'] || homedir();
}

/**
 * Cosh's installation folder (B13): the nearest folder above the running program's real path
 * whose `package.json` names a package; `null` when there is none.
 */
export function installationFolderOf(program: string | undefined = process.argv[1]): string | null {
  if (program === undefined || program === '') return null;
  let folder: string;
  try {
    folder = dirname(realpathSync(program));
  } catch {
    return null;
  }
  for (;;) {
    try {
      if (/"name"\s*:/.test(readFileSync(join(folder, 'package.json'), 'utf8'))) return folder;
    } catch {
      // No package.json here: look further up.
    }
    if (dirname(folder) === folder) return null;
    folder = dirname(folder);
  }
}
