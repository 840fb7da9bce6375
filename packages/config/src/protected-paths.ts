// SPEC B2 and S6 share one list: what the agent's shell finds read-only inside the sandbox is
// exactly what `fs_write` and `fs_edit` refuse to write. Two lists would drift, and the gap
// between them would be a way around a guard.
import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { bridgeEntryPoints, type ClientFile, clientProjectFolders, clientSettingsFiles } from './client-files.ts';
import { coreHooksPath, gitIndirections, readSmallFile } from './git-indirections.ts';
import { homeFolder } from './home-folder.ts';

export { coreHooksPath };

/** What the list is made of: the load's own files and the process's environment. */
export interface ProtectedPathsInput {
  /** Every layer's setup.json, where it was looked for (also when absent: its folder counts). */
  readonly configFiles: readonly string[];
  /** The trust store (SPEC S3): its folder is `$XDG_STATE_HOME/cosh`. */
  readonly trustStore: string;
  /** The words of hooks' commands that may name a script (SPEC S2); only existing files count. */
  readonly scripts: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  /** Cosh's installation folder, `null` when unknown (see {@link coshInstallationFolder}). */
  readonly installationFolder: string | null;
  /** The decision journal (SPEC J2: B2-protected), `null` or absent without one. */
  readonly journal?: string | null | undefined;
}

/**
 * The paths B2 keeps read-only even inside a writable tree, and S6 keeps from the tools, for a
 * call in `cwd` (absolute, unresolved: the sandbox and the tools resolve them when they use
 * them, so a link made since is followed):
 *
 * - every setup.json and its folder (a guard's neighbours, such as a `lib.sh` it sources, are
 *   code too), the trust store and its folder (`$XDG_STATE_HOME/cosh`);
 * - every S2 script that is an existing regular file, and its folder;
 * - `$XDG_CACHE_HOME/cosh` (default `~/.cache/cosh`): Cosh's caches are read before a verdict;
 * - Cosh's own installation folder;
 * - the repository's `.git/hooks` and `.git/config` around `cwd` (code that runs outside the
 *   sandbox later: a hook script, or a `core.hooksPath`, `core.fsmonitor`, alias … setting), the
 *   folder its own config names as `core.hooksPath` (husky's `.husky/`, inside the tree), and
 *   every indirection git follows to them (SPEC B11, {@link gitIndirections}), present or not;
 * - B13: the clients' settings files that hold the bridge entry (user and project, see
 *   {@link clientFilesOf}), the program those entries run (a `node_modules/.bin/cosh` link of the
 *   tree) and that program's package folder.
 */
export function protectedPaths(input: ProtectedPathsInput, cwd: string): string[] {
  const paths = new Set<string>();
  const withFolder = (file: string): void => {
    paths.add(resolve(file));
    paths.add(dirname(resolve(file)));
  };
  for (const file of input.configFiles) withFolder(file);
  withFolder(input.trustStore);
  // S2: a word is a script only when it names an existing regular file (a path a hook merely
  // mentions must not lock its folder).
  for (const script of input.scripts) if (isRegularFile(script)) withFolder(script);
  const home = homeOrNull(input.env);
  const cacheHome = xdgFolder(input.env, 'XDG_CACHE_HOME', '.cache', home);
  if (cacheHome !== null) paths.add(join(cacheHome, 'cosh'));
  if (input.installationFolder !== null) paths.add(input.installationFolder);
  if (input.journal !== undefined && input.journal !== null) {
    // J2: the journal, and its lock (an agent holding it would keep every line out), and its
    // folder, where a new lock file could be planted; not the folder when the call works inside it.
    const journal = resolve(input.journal);
    const lock = join(dirname(journal), `.${basename(journal)}.lock`);
    // J3: and the count of OpenTelemetry records not sent (@cosh/hooks' otlp-drop-count.ts).
    const dropped = join(dirname(journal), `.${basename(journal)}.otlp-dropped`);
    for (const path of [journal, lock, `${lock}.break`, dropped]) paths.add(path);
    const folder = dirname(journal);
    const inside = resolve(cwd) === folder || resolve(cwd).startsWith(`${folder}/`);
    if (!inside) paths.add(folder);
  }
  // B11: the absent indirections too, so that S6 refuses to create them as the sandbox does.
  const git = gitIndirections(cwd, home);
  for (const path of git.paths) paths.add(path);
  for (const placeholder of git.placeholders) paths.add(placeholder.path);
  for (const path of entryPointPaths(clientFilesOf(input.env, home, cwd))) paths.add(path);
  return [...paths];
}

/**
 * {@link ProtectedPathsInput} of a load (`loadHooks`' answer): its layers' files, its trust store,
 * and the rest of its S6 list, which are the scripts.
 */
export function protectedPathsInputOf(
  loaded: {
    readonly locations: {
      readonly managed: { readonly file: string } | null;
      readonly user: { readonly file: string } | null;
      readonly project: { readonly file: string } | null;
    };
    readonly trustStore: string;
    readonly protectedFiles: readonly string[];
    readonly journal?: { readonly file: string | null } | undefined;
  },
  env: NodeJS.ProcessEnv,
  installationFolder: string | null,
): ProtectedPathsInput {
  const { managed, user, project } = loaded.locations;
  const configFiles = [managed, user, project].flatMap((location) => (location === null ? [] : [location.file]));
  const known = new Set([...configFiles, loaded.trustStore]);
  return {
    configFiles,
    trustStore: loaded.trustStore,
    scripts: loaded.protectedFiles.filter((path) => !known.has(path)),
    env,
    installationFolder,
    journal: loaded.journal?.file ?? null,
  };
}

function isRegularFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** C1's home folder, or `null` where there is none (the load that came before would have said so). */
function homeOrNull(env: NodeJS.ProcessEnv): string | null {
  try {
    return homeFolder(env);
  } catch {
    return null;
  }
}

/**
 * `$<name>` when it is absolute (the XDG rule: a relative value is ignored), else
 * `<home>/<fallback>`; `null` with neither.
 */
function xdgFolder(env: NodeJS.ProcessEnv, name: string, fallback: string, home: string | null): string | null {
  const value = env[name];
  if (value !== undefined && isAbsolute(value)) return value;
  return home === null ? null : join(home, fallback);
}

/**
 * The existing paths of {@link gitIndirections} (SPEC B2, B11): the hooks, configs and
 * indirections of the repository around `cwd`, and its `core.hooksPath` folder.
 */
export function gitProtectedPaths(cwd: string, home: string | null): string[] {
  return [...gitIndirections(cwd, home).paths];
}

/**
 * The folder Cosh runs from: the nearest folder above the running program's real path
 * (`bin/cosh.js` of the installed package) whose `package.json` names a package (`bin/` has one
 * that only says CommonJS). `null` when there is none.
 */
export function coshInstallationFolder(program: string | undefined = process.argv[1]): string | null {
  if (program === undefined || program === '') return null;
  let start: string;
  try {
    start = dirname(realpathSync(program));
  } catch {
    return null;
  }
  for (let folder = start; ; folder = dirname(folder)) {
    if (/"name"\s*:/.test(readSmallFile(join(folder, 'package.json')) ?? '')) return folder;
    if (dirname(folder) === folder) return null;
  }
}

/** B13: the clients' settings files for a call in `cwd` (user's, and the working tree's). */
function clientFilesOf(env: NodeJS.ProcessEnv, home: string | null, cwd: string): ClientFile[] {
  return clientSettingsFiles(env, home, clientProjectFolders(cwd));
}

/** B13: the settings files, each program their bridge entries run, and that program's package. */
function entryPointPaths(files: readonly ClientFile[]): string[] {
  const paths = files.map((file) => file.path);
  for (const program of bridgeEntryPoints(files)) {
    paths.push(program);
    const folder = coshInstallationFolder(program);
    if (folder !== null) paths.push(folder);
  }
  return paths;
}

/**
 * What `path` (one of {@link protectedPaths}' answer for the same input and `cwd`) is, in words
 * for B8's reason: "the trust store", "a setup.json folder", "a hook script", "Cosh's
 * installation", "Claude Code's settings", …
 */
export function protectedPathWhat(path: string, input: ProtectedPathsInput, cwd: string): string {
  const same = (other: string): boolean => resolve(other) === path;
  const home = homeOrNull(input.env);
  if (input.configFiles.some(same)) return 'a setup.json';
  if (input.configFiles.some((file) => same(dirname(resolve(file))))) return 'a setup.json folder';
  if (same(input.trustStore)) return 'the trust store';
  if (same(dirname(resolve(input.trustStore)))) return "the trust store's folder";
  if (input.scripts.some(same)) return 'a hook script';
  if (input.scripts.some((script) => same(dirname(resolve(script))))) return "a hook script's folder";
  const cacheHome = xdgFolder(input.env, 'XDG_CACHE_HOME', '.cache', home);
  if (cacheHome !== null && same(join(cacheHome, 'cosh'))) return "Cosh's cache";
  if (input.installationFolder !== null && same(input.installationFolder)) return "Cosh's installation";
  if (input.journal !== undefined && input.journal !== null) {
    const journal = resolve(input.journal);
    if (same(journal)) return 'the decision journal';
    if (path.startsWith(join(dirname(journal), `.${basename(journal)}.lock`))) return "the decision journal's lock";
    if (same(join(dirname(journal), `.${basename(journal)}.otlp-dropped`)))
      return "the decision journal's count of OpenTelemetry records not sent";
    if (same(dirname(journal))) return "the decision journal's folder";
  }
  const clientFiles = clientFilesOf(input.env, home, cwd);
  const client = clientFiles.find((file) => same(file.path));
  if (client !== undefined) return client.what;
  const entryPoints = bridgeEntryPoints(clientFiles);
  if (entryPoints.some(same)) return "Cosh's entry point, named in a client's settings";
  if (entryPoints.some((program) => same(coshInstallationFolder(program) ?? ''))) return "Cosh's installation";
  return "git's hooks or config";
}
