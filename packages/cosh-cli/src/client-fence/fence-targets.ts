// SPEC B9, B13: what fencing a client's shell keeps unwritable. The B2 part comes from the one
// place that computes B2 (`protectedPaths` of @cosh/config, which the sandbox and B8 use too),
// for the user's layers; the client's own settings files are added (B13).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import {
  coshInstallationFolder,
  gitIndirections,
  protectedPaths,
  readJsonText,
  resolveConfigPath,
  trustStoreFile,
} from '@cosh/config';
import { AGENT_NAMES, AGENTS } from '@cosh/spec';

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

/** The managed setup.json (C1). */
const MANAGED_FILE = '/etc/cosh/setup.json';

/** The clients' project settings files (B13) by their place in a project: every agent's of `AGENTS`. */
const PROJECT_CLIENT_FILES = AGENT_NAMES.flatMap((agent) => {
  const { projectFolder, files } = AGENTS[agent].settingsFiles;
  return files.map((file) => join(projectFolder, file.name));
});

/**
 * B2's list (`protectedPaths` of @cosh/config) for a fence that holds in every project: the user
 * setup.json's folder, the managed one when it exists, the trust store's folder
 * (`$XDG_STATE_HOME/cosh`), the cache (`$XDG_CACHE_HOME/cosh`), the installation folder, the
 * clients' user settings files and the entry point they name (B13), and, when `cwd` holds one,
 * the project's `.cosh/`. A file inside a listed folder is covered by it. Left out: the
 * repository's `.git/hooks` and `.git/config` around `cwd`, and the clients' settings files of the
 * project `cosh connect` happens to run in: they are that project's, and an agent's own fence
 * keeps them read-only where it can (its module says so; shared/FENCES.md); `--project` adds its own file.
 */
export const b2ProtectedPaths: ProtectedPathsSource = (input) => {
  const { env, cwd } = input;
  const configFiles = [resolveConfigPath({ cwd, env }).file];
  if (existsSync(MANAGED_FILE)) configFiles.push(MANAGED_FILE);
  if (isFolder(join(cwd, '.cosh'))) configFiles.push(join(cwd, '.cosh', 'setup.json'));
  const all = protectedPaths(
    {
      configFiles,
      trustStore: trustStoreFile({ env }),
      scripts: [],
      env,
      installationFolder: input.installationFolder,
      journal: configuredJournal([MANAGED_FILE, configFiles[0] as string], homeOf(env)),
    },
    cwd,
  );
  // The repository's own git files (B2, B11), existing or placeholders.
  const git = gitIndirections(cwd, homeOf(env));
  const left = new Set([
    ...git.paths,
    ...git.placeholders.map((placeholder) => placeholder.path),
    ...PROJECT_CLIENT_FILES.map((file) => join(cwd, file)),
  ]);
  const kept = all.filter((path) => !left.has(path));
  // A setup.json or trust.json is covered by its folder, which the list holds too.
  return kept
    .filter((path) => !kept.some((other) => other !== path && path.startsWith(`${other}/`)))
    .map((path) => ({ path, kind: kindOf(path), what: "one of Cosh's files (B2, B13)" }));
};

/**
 * The journal file (J1, J2) the first of `files` (managed, then user) names in `journal.file`,
 * absolute (`~/` is `home`, a relative path is relative to its setup.json's folder); `null` when
 * none does. A file that cannot be read names none: its own load reports it.
 */
export function configuredJournal(files: readonly string[], home: string): string | null {
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const read = readJsonText(text, file);
    const journal = read.ok && isRecord(read.value) ? read.value['journal'] : undefined;
    const named = isRecord(journal) ? journal['file'] : undefined;
    if (typeof named !== 'string' || named.trim() === '') continue;
    if (named === '~') return home;
    if (named.startsWith('~/')) return join(home, named.slice(2));
    return isAbsolute(named) ? named : resolve(dirname(file), named);
  }
  return null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A file (a settings file, an entry point) or a folder; one that does not exist yet by its name. */
function kindOf(path: string): 'file' | 'folder' {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'file';
  } catch {
    // Absent: Cosh's folders are named without an extension (`cosh`, `.cosh`); its files with
    // one (`settings.json`, `journal.jsonl`, `.journal.jsonl.lock`).
    return /.\.[^/.]+$/.test(basename(path)) ? 'file' : 'folder';
  }
}

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

/** Cosh's installation folder (B13), from the one place that finds it (@cosh/config). */
export function installationFolderOf(program: string | undefined = process.argv[1]): string | null {
  return coshInstallationFolder(program);
}
