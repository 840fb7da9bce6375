// SPEC B2 and B11: what git reads, outside the sandbox and later, to find a repository's hooks,
// its config or the git folder itself. Writing any of these is writing code that the user's
// next `git commit` runs unsandboxed: the hooks folders and configs, and the indirections that
// point git elsewhere (a `.git` file, `commondir`, `config.worktree`, a worktree's `gitdir`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * An absent path the sandbox keeps absent-or-unwritable for a call (SPEC B11) by mounting
 * something empty and read-only over it: a folder, or a file with a neutral content.
 */
export type GitPlaceholder =
  | { readonly path: string; readonly kind: 'file'; readonly content: string }
  | { readonly path: string; readonly kind: 'folder' };

/** {@link gitIndirections}' answer. */
export interface GitIndirections {
  /** Existing paths to keep read-only (files and folders, each with everything below). */
  readonly paths: readonly string[];
  /** Absent paths git would honour if they were created (SPEC B11). */
  readonly placeholders: readonly GitPlaceholder[];
}

/** Worktrees and submodules looked at per repository: a bound on the per-call cost. */
const MAX_ENTRIES = 256;
/** Nesting of `.git/modules/<a>/modules/<b>/…` followed. */
const MAX_MODULE_DEPTH = 4;

/**
 * The repository around `cwd` (the nearest folder with a `.git`), as git finds it:
 *
 * - `.git` a folder: its `hooks`, `config`, `config.worktree` and `commondir`;
 * - `.git` a file (a worktree, a submodule): the file itself, and the git folder it names
 *   (`gitdir:`) with the same four, and its shared folder (`commondir`) with its `hooks`,
 *   `config` and `config.worktree`;
 * - in the shared folder: every `worktrees/*` entry's `commondir`, `gitdir` and
 *   `config.worktree`, and every `modules/**` entry's `hooks` and `config` (nested submodules
 *   too);
 * - the folder a config names as `core.hooksPath` (husky's `.husky`, inside the tree).
 *
 * Absent and honoured if created (the placeholders; `commondir` and `config.worktree` are listed
 * present or not, the sandbox protects a present one as it is): the git folder's and the shared folder's
 * `commondir` (a file holding `.`, the folder itself, so git inside the sandbox reads what it
 * would without one) and `config.worktree` (empty), each worktree's `config.worktree`, and a
 * `.git` in the working folder and each folder above it up to the repository (or up to the root
 * when there is none): an empty folder, which git passes over as no repository.
 */
export function gitIndirections(cwd: string, home: string | null): GitIndirections {
  const placeholders: GitPlaceholder[] = [];
  for (let folder = resolve(cwd); ; folder = dirname(folder)) {
    const dotGit = join(folder, '.git');
    const kind = entryKind(dotGit);
    if (kind === 'folder') return repository(dotGit, dotGit, [], folder, home, placeholders);
    if (kind === 'file') {
      const gitFolder = gitdirOf(dotGit, folder);
      if (gitFolder === null) return { paths: [dotGit], placeholders };
      return repository(gitFolder, commonFolderOf(gitFolder), [dotGit], folder, home, placeholders);
    }
    placeholders.push({ path: dotGit, kind: 'folder' });
    if (dirname(folder) === folder) return { paths: [], placeholders };
  }
}

function repository(
  gitFolder: string,
  common: string,
  before: readonly string[],
  workTree: string,
  home: string | null,
  placeholders: GitPlaceholder[],
): GitIndirections {
  const paths = new Set<string>(before);
  const configs: string[] = [];
  const own = (folder: string, names: readonly string[]): void => {
    for (const name of names) {
      const path = join(folder, name);
      const kind = entryKind(path);
      if (kind !== null) paths.add(path);
      // B2's two are listed even when absent, as before (the sandbox drops what does not exist).
      else if (name === 'hooks' || name === 'config') paths.add(path);
      holdAbsent(path, placeholders);
      if (name === 'config' || name === 'config.worktree') configs.push(path);
    }
  };
  // The order of B2's list before B11: hooks, then config, then the rest.
  own(gitFolder, gitFolder === common ? ['hooks', 'config'] : ['config', 'hooks']);
  if (common !== gitFolder) own(common, ['hooks', 'config']);
  own(gitFolder, ['config.worktree', 'commondir']);
  if (common !== gitFolder) {
    if (entryKind(join(gitFolder, 'gitdir')) !== null) paths.add(join(gitFolder, 'gitdir'));
    own(common, ['config.worktree']);
  }
  for (const name of entries(join(common, 'worktrees'))) {
    const worktree = join(common, 'worktrees', name);
    if (entryKind(worktree) !== 'folder') continue;
    for (const file of ['commondir', 'gitdir']) {
      const path = join(worktree, file);
      if (entryKind(path) !== null) paths.add(path);
    }
    const worktreeConfig = join(worktree, 'config.worktree');
    if (entryKind(worktreeConfig) !== null) paths.add(worktreeConfig);
    holdAbsent(worktreeConfig, placeholders);
    // The worktree's own `.git` file, wherever it is (its `gitdir` names it): a worktree inside
    // the working tree is the agent's to write otherwise.
    addDotGitFile(readSmallFile(join(worktree, 'gitdir'))?.trim(), worktree, paths);
  }
  addModules(join(common, 'modules'), paths, placeholders, 0);
  for (const config of configs) {
    const value = coreHooksPath(readSmallFile(config) ?? '');
    if (value === null) continue;
    if (!value.startsWith('~/')) paths.add(resolve(workTree, value));
    else if (home !== null) paths.add(join(home, value.slice(2)));
  }
  return { paths: [...paths], placeholders };
}

/**
 * `commondir` (reading `.`, the git folder itself) and `config.worktree` (empty) are held where
 * absent. They are listed whether present or not: the sandbox protects a present one as it is,
 * and a present one may be the empty mount point of another call still running (it is then held
 * again, not bound as the empty file it is on the host).
 */
function holdAbsent(path: string, placeholders: GitPlaceholder[]): void {
  if (path.endsWith(`${sep}commondir`)) placeholders.push({ path, kind: 'file', content: '.\n' });
  else if (path.endsWith(`${sep}config.worktree`)) placeholders.push({ path, kind: 'file', content: '' });
}

/**
 * `.git/modules/**`: each submodule's git folder's `hooks` and `config` (and `commondir`,
 * `config.worktree`: present, protected; absent, placeholders), and the submodule's `.git` file
 * in the working tree (its `core.worktree`); nested submodules too.
 */
function addModules(folder: string, paths: Set<string>, placeholders: GitPlaceholder[], depth: number): void {
  if (depth >= MAX_MODULE_DEPTH) return;
  for (const name of entries(folder)) {
    const module = join(folder, name);
    if (entryKind(module) !== 'folder') continue;
    if (entryKind(join(module, 'HEAD')) !== 'file') {
      // A submodule named with a slash (`libs/a`) lives at modules/libs/a.
      addModules(module, paths, placeholders, depth + 1);
      continue;
    }
    for (const file of ['hooks', 'config', 'commondir', 'config.worktree']) {
      const path = join(module, file);
      if (entryKind(path) !== null) paths.add(path);
      holdAbsent(path, placeholders);
    }
    const workTree = coreValue(readSmallFile(join(module, 'config')) ?? '', 'worktree');
    if (workTree !== null) addDotGitFile(join(resolve(module, workTree), '.git'), module, paths);
    addModules(join(module, 'modules'), paths, placeholders, depth + 1);
  }
}

/** A `.git` file named by a worktree's `gitdir` or a submodule's `core.worktree`, when it is one. */
function addDotGitFile(path: string | undefined, relativeTo: string, paths: Set<string>): void {
  if (path === undefined || path === '') return;
  const file = resolve(relativeTo, path);
  if (entryKind(file) === 'file') paths.add(file);
}

/** A folder's entries, at most {@link MAX_ENTRIES}, sorted; none when it cannot be read. */
function entries(folder: string): string[] {
  try {
    return readdirSync(folder).sort().slice(0, MAX_ENTRIES);
  } catch {
    return [];
  }
}

/**
 * The last `hooksPath` of the `[core]` section of a git config text (names are case-insensitive;
 * a value may be quoted and followed by a `#` or `;` comment), or `null`. A relative value is
 * relative to the working tree, where git runs hooks from.
 */
export function coreHooksPath(configText: string): string | null {
  return coreValue(configText, 'hookspath');
}

/** The last value of `key` (lower case) in the `[core]` section of a git config text, or `null`. */
function coreValue(configText: string, key: string): string | null {
  let section = '';
  let value: string | null = null;
  for (const line of configText.split('\n')) {
    // `[core]` only: `[core "sub"]` (and the old `[core.sub]`) is a subsection of its own.
    const header = /^\s*\[([^\]]*)\]/.exec(line);
    if (header !== null) {
      section = (header[1] as string).trim().toLowerCase();
      continue;
    }
    if (section !== 'core') continue;
    const entry = /^\s*([A-Za-z][A-Za-z0-9-]*)\s*=\s*(.*)$/.exec(line);
    if (entry === null || (entry[1] as string).toLowerCase() !== key) continue;
    const raw = (entry[2] as string).trim();
    const quoted = /^"((?:[^"\\]|\\.)*)"/.exec(raw);
    const text = quoted !== null ? (quoted[1] as string).replace(/\\(.)/g, '$1') : raw.replace(/\s*[#;].*$/, '');
    value = text === '' ? null : text;
  }
  return value;
}

function entryKind(path: string): 'folder' | 'file' | null {
  try {
    const stat = statSync(path);
    return stat.isDirectory() ? 'folder' : stat.isFile() ? 'file' : null;
  } catch {
    return null;
  }
}

/** The folder a `.git` file names (`gitdir: <path>`, relative to the folder holding it). */
function gitdirOf(dotGitFile: string, folder: string): string | null {
  const text = readSmallFile(dotGitFile);
  const match = text === null ? null : /^gitdir:\s*(.+?)\s*$/m.exec(text);
  return match?.[1] === undefined ? null : resolve(folder, match[1]);
}

/** A worktree's shared git folder (its `commondir` file), else the folder itself. */
function commonFolderOf(gitFolder: string): string {
  const text = readSmallFile(join(gitFolder, 'commondir'));
  const named = text?.trim();
  return named === undefined || named === '' ? gitFolder : resolve(gitFolder, named);
}

/** A small regular file's text, else `null` (a FIFO or a device is never opened). */
export function readSmallFile(path: string): string | null {
  try {
    const stat = statSync(path);
    if (!stat.isFile() || stat.size > 64 * 1024) return null;
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
