import { readFileSync } from 'node:fs';
import { configNotFoundError, fileError, type NamedBy } from './config-error.ts';

/** A config file to read: where it is, and whether its absence is an error (it was named). */
export interface ConfigFileLocation {
  /** Absolute. */
  readonly file: string;
  readonly required: boolean;
  /** Which rule chose it, for the not-found message. */
  readonly source: NamedBy;
}

/**
 * The bytes of a config file (setup.json of any layer), or undefined when a default location has
 * none. The one place Cosh reads a config file, so every layer is read under the same rules.
 * Throws {@link ConfigError}: `E_CONFIG_NOT_FOUND` for a missing file that was named (SPEC C1,
 * C10), `E_CONFIG_READ` for a directory or an unreadable file.
 *
 * Read synchronously: a setup.json is a few kilobytes, and every `cosh hooks run` reads it first
 * thing, where the asynchronous read (node:fs/promises, then a round trip through libuv's thread
 * pool) costs about 2 ms more than the read itself.
 */
export function readConfigFile(location: ConfigFileLocation): Buffer | undefined {
  try {
    return readFileSync(location.file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENOTDIR: a parent is a file (e.g. ~/.config is one): there is no setup.json either.
    const absent = code === 'ENOENT' || code === 'ENOTDIR';
    if (absent && !location.required) return undefined;
    if (absent) throw configNotFoundError(location, error);
    throw fileError('E_CONFIG_READ', location.file, 'read', describeReadError(code, error), error);
  }
}

function describeReadError(code: string | undefined, error: unknown): string {
  switch (code) {
    case 'EISDIR':
      return 'this is a directory, not a config file (expected a setup.json file)';
    case 'EACCES':
    case 'EPERM':
      return 'cannot read the config file: permission denied';
    default:
      return `cannot read the config file: ${error instanceof Error ? error.message : String(error)}`;
  }
}
