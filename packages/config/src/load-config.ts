import { readFileSync } from 'node:fs';
import { ConfigError } from './config-error.ts';
import type { ConfigProblem, LoadedConfig } from './config-types.ts';
import { emptyConfig, parseConfig } from './parse-config.ts';
import { type ConfigLocationOptions, type ResolvedConfigPath, resolveConfigPath } from './resolve-config-path.ts';

/**
 * Finds (SPEC C1), reads, parses and validates setup.json. A default location without a file
 * means no hooks (`file: null`). Throws {@link ConfigError}: `E_CONFIG_NOT_FOUND` for a missing
 * file that was named (option or `COSH_CONFIG`), `E_CONFIG_READ` for a directory or an
 * unreadable file, `E_CONFIG_SYNTAX` and `E_CONFIG_INVALID` as {@link parseConfig}.
 */
export async function loadConfig(options: ConfigLocationOptions = {}): Promise<LoadedConfig> {
  const location = resolveConfigPath(options);
  const text = readConfigText(location);
  if (text === undefined) return { file: null, config: emptyConfig(), warnings: [] };
  const result = parseConfig(text, location.file);
  if (!result.ok) throw result.error;
  return { file: location.file, config: result.config, warnings: result.warnings };
}

/** {@link loadConfig} that returns its ConfigError instead of throwing it. */
export async function safeLoadConfig(
  options: ConfigLocationOptions = {},
): Promise<{ ok: true; value: LoadedConfig } | { ok: false; error: ConfigError }> {
  try {
    return { ok: true, value: await loadConfig(options) };
  } catch (error) {
    if (ConfigError.isInstance(error)) return { ok: false, error };
    throw error;
  }
}

/**
 * The file's text, or undefined when a default location has none. Read synchronously: a
 * setup.json is a few kilobytes, and every `cosh hooks run` reads it first thing, where the
 * asynchronous read (node:fs/promises, then a round trip through libuv's thread pool) costs
 * about 2 ms more than the read itself.
 */
function readConfigText(location: ResolvedConfigPath): string | undefined {
  try {
    return readFileSync(location.file, 'utf8');
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

/**
 * The error for a file that was named (`--config`, the API, `COSH_CONFIG`) and does not exist
 * (SPEC C1): loading and writing say it in the same words.
 */
export function configNotFoundError(
  location: Pick<ResolvedConfigPath, 'file' | 'source'>,
  cause?: unknown,
): ConfigError {
  const namedBy = location.source === 'env' ? ' (named by COSH_CONFIG)' : '';
  return fileError('E_CONFIG_NOT_FOUND', location.file, 'not_found', `config file not found${namedBy}`, cause);
}

/** A ConfigError about the file as a whole, pointing at its start. */
export function fileError(
  code: ConstructorParameters<typeof ConfigError>[0],
  file: string,
  problemCode: string,
  message: string,
  cause?: unknown,
): ConfigError {
  const problem: ConfigProblem = { severity: 'error', code: problemCode, message, path: [], line: 1, column: 1 };
  return new ConfigError(code, file, [problem], { cause });
}
