import { isAbsolute, join, resolve } from 'node:path';
import { homeFolder } from './home-folder.ts';

/** Where to look for setup.json; every field defaults to the current process's. */
export interface ConfigLocationOptions {
  /** An explicit file (the CLI's `--config`); relative to `cwd`. An empty string is ignored. */
  path?: string | undefined;
  cwd?: string | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  homedir?: string | undefined;
}

/** Which rule of SPEC C1 chose the file. */
export type ConfigSource = 'option' | 'env' | 'xdg' | 'home';

/** The file to read, and whether its absence is an error (it was named) or means "no hooks". */
export interface ResolvedConfigPath {
  /** Absolute. */
  readonly file: string;
  readonly required: boolean;
  readonly source: ConfigSource;
}

/**
 * Applies SPEC C1: an explicit path, then `COSH_CONFIG` (when non-empty), then
 * `$XDG_CONFIG_HOME/cosh/setup.json` (only when that variable is absolute, as the XDG spec
 * says relative values are to be ignored), then `~/.config/cosh/setup.json` (`HOME` when it is
 * absolute, else the account's home: a default location is never relative). Relative paths
 * are taken from `cwd`. Pure apart from reading the process's defaults; touches no file.
 * Throws a {@link ConfigError} (`E_CONFIG_NOT_FOUND`) when no home folder can be found.
 */
export function resolveConfigPath(options: ConfigLocationOptions = {}): ResolvedConfigPath {
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? process.env;
  if (options.path !== undefined && options.path !== '') {
    return { file: resolve(cwd, options.path), required: true, source: 'option' };
  }
  const fromEnvironment = env['COSH_CONFIG'];
  if (fromEnvironment !== undefined && fromEnvironment !== '') {
    return { file: resolve(cwd, fromEnvironment), required: true, source: 'env' };
  }
  const xdgConfigHome = env['XDG_CONFIG_HOME'];
  if (xdgConfigHome !== undefined && isAbsolute(xdgConfigHome)) {
    return { file: join(xdgConfigHome, 'cosh', 'setup.json'), required: false, source: 'xdg' };
  }
  const home = options.homedir ?? homeFolder(env);
  return { file: join(home, '.config', 'cosh', 'setup.json'), required: false, source: 'home' };
}
