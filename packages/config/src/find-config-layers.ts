import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { NamedBy } from './config-error.ts';
import type { ConfigLayer } from './config-types.ts';
import { type ConfigLocationOptions, resolveConfigPath } from './resolve-config-path.ts';

/** The managed file when `COSH_MANAGED_CONFIG` names none (SPEC C10). */
export const DEFAULT_MANAGED_CONFIG = '/etc/cosh/setup.json';

/** The project file's place in the working folder or a parent (SPEC C10). */
export const PROJECT_CONFIG_PATH = join('.cosh', 'setup.json');

/** Where one layer's file is. */
export interface LayerLocation {
  readonly layer: ConfigLayer;
  /** Absolute. */
  readonly file: string;
  /** True when a person named it (`--config`, `COSH_CONFIG`, `COSH_MANAGED_CONFIG`): its absence is an error. */
  readonly required: boolean;
  /** Which rule chose it. */
  readonly source: NamedBy;
}

/** Options of {@link findConfigLayers}: C1's, and whether to look for a project file. */
export interface ConfigLayerOptions extends ConfigLocationOptions {
  /** `--no-project`: skip the project layer (SPEC C10). */
  noProject?: boolean | undefined;
  /**
   * The working folder of the hooks and tools (`mcp serve --cwd`, a Claude call's `cwd`), where
   * the project file is looked for (SPEC C10); default `cwd`. Relative paths of `--config` and
   * the environment still resolve against `cwd`, the process's own folder.
   */
  projectFrom?: string | undefined;
}

/** The files a config is made of, in the order their hooks run (SPEC C10). */
export interface ConfigLayerLocations {
  readonly managed: LayerLocation;
  readonly user: LayerLocation;
  /** The nearest `.cosh/setup.json`; `null` when there is none or `noProject` was given. */
  readonly project: LayerLocation | null;
}

/**
 * SPEC C10: the managed file (`COSH_MANAGED_CONFIG` when set and non-empty, a missing one being an
 * error; else `/etc/cosh/setup.json`, whose absence means no managed hooks), the user file (C1;
 * `--config` replaces this layer only) and the project file: `.cosh/setup.json` in `projectFrom`
 * (default `cwd`) or the
 * nearest parent that has one, looking no higher than the first folder holding `.git` (a folder,
 * or a worktree's file), or `/`. Touches the file system only to look for the project file.
 */
export function findConfigLayers(options: ConfigLayerOptions = {}): ConfigLayerLocations {
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? process.env;
  const named = env['COSH_MANAGED_CONFIG'];
  const managed: LayerLocation =
    named !== undefined && named !== ''
      ? { layer: 'managed', file: resolve(cwd, named), required: true, source: 'managed-env' }
      : { layer: 'managed', file: DEFAULT_MANAGED_CONFIG, required: false, source: 'default' };
  const user: LayerLocation = { layer: 'user', ...resolveConfigPath(options) };
  const projectFile =
    options.noProject === true ? undefined : findProjectFile(resolve(cwd, options.projectFrom ?? '.'));
  const project: LayerLocation | null =
    projectFile === undefined ? null : { layer: 'project', file: projectFile, required: false, source: 'search' };
  return { managed, user, project };
}

/**
 * The project file a write with `--project` changes: the one {@link findConfigLayers} finds, else
 * `.cosh/setup.json` in the first folder holding `.git` (the repository's top), else in `cwd`.
 */
export function projectFileForWriting(cwd: string): string {
  const found = findProjectFile(cwd);
  if (found !== undefined) return found;
  for (let folder = resolve(cwd); ; folder = dirname(folder)) {
    if (exists(join(folder, '.git'))) return join(folder, PROJECT_CONFIG_PATH);
    if (dirname(folder) === folder) return join(resolve(cwd), PROJECT_CONFIG_PATH);
  }
}

function findProjectFile(cwd: string): string | undefined {
  for (let folder = resolve(cwd); ; folder = dirname(folder)) {
    const candidate = join(folder, PROJECT_CONFIG_PATH);
    if (exists(candidate)) return candidate;
    // The repository's top is as high as a project file is looked for: a file above it belongs
    // to no project of this repository (a cloned repository inside a folder that has one).
    if (exists(join(folder, '.git'))) return undefined;
    if (dirname(folder) === folder) return undefined;
  }
}

function exists(path: string): boolean {
  // A folder named setup.json counts too: reading it then reports what is wrong with it. A
  // folder we may not search (EACCES) holds nothing we could read.
  try {
    return statSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}
