import type { ConfigProblem, JsonPath } from './config-types.ts';
import { formatProblem } from './format-problem.ts';

const marker = Symbol.for('@cosh/config/ConfigError');

/** Stable codes of {@link ConfigError}, one per way a config can fail to load or be written. */
export type ConfigErrorCode =
  | 'E_CONFIG_NOT_FOUND'
  | 'E_CONFIG_READ'
  | 'E_CONFIG_SYNTAX'
  | 'E_CONFIG_INVALID'
  | 'E_CONFIG_WRITE'
  | 'E_CONFIG_CHANGED'
  | 'E_TRUST_STORE';

/**
 * A config file that could not be used: missing, unreadable, not JSONC, failing validation
 * (SPEC C6), a change that could not be written (C8), a change refused because the file no
 * longer holds what the caller showed (`E_CONFIG_CHANGED`: reload, then ask again), or a trust
 * store that cannot be read or written (`E_TRUST_STORE`, SPEC S3: `file` is the store). `problems`
 * lists every problem found, errors and the warnings that help explain them, in file order,
 * each with line and column.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly code: ConfigErrorCode;
  /** The file the error is about (absolute). */
  readonly file: string;
  readonly problems: readonly ConfigProblem[];
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: read by `in` in isInstance, across copies.
  private readonly [marker] = true;

  constructor(code: ConfigErrorCode, file: string, problems: readonly ConfigProblem[], options?: { cause?: unknown }) {
    const errors = problems.filter((problem) => problem.severity === 'error');
    super((errors.length > 0 ? errors : problems).map((problem) => formatProblem(file, problem)).join('\n'), options);
    this.code = code;
    this.file = file;
    this.problems = problems;
  }

  /** True for a ConfigError, even one made by another installed copy of this package. */
  static isInstance(value: unknown): value is ConfigError {
    return typeof value === 'object' && value !== null && marker in value;
  }
}

/** An `E_CONFIG_WRITE` error about one value of `file` (C8): what could not be written, and why. */
export function writeError(file: string, path: JsonPath, message: string, cause?: unknown): ConfigError {
  return new ConfigError(
    'E_CONFIG_WRITE',
    file,
    [{ severity: 'error', code: 'write', message, path, line: 1, column: 1 }],
    { cause },
  );
}

/** An `E_CONFIG_CHANGED` error: the file no longer holds what the caller showed, nothing was written. */
export function changedError(file: string, path: JsonPath, message: string): ConfigError {
  return new ConfigError('E_CONFIG_CHANGED', file, [
    {
      severity: 'error',
      code: 'changed',
      message: `${message}: the file changed since it was read; reload it and try again`,
      path,
      line: 1,
      column: 1,
    },
  ]);
}

/** Where a missing required file was named, for the not-found message. */
export type NamedBy = 'option' | 'env' | 'managed-env' | 'xdg' | 'home' | 'default' | 'search';

/**
 * The error for a file that was named (`--config`, the API, `COSH_CONFIG`,
 * `COSH_MANAGED_CONFIG`) and does not exist (SPEC C1, C10): loading and writing say it in the
 * same words.
 */
export function configNotFoundError(
  location: { readonly file: string; readonly source: NamedBy },
  cause?: unknown,
): ConfigError {
  const namedBy =
    location.source === 'env'
      ? ' (named by COSH_CONFIG)'
      : location.source === 'managed-env'
        ? ' (named by COSH_MANAGED_CONFIG)'
        : '';
  return fileError('E_CONFIG_NOT_FOUND', location.file, 'not_found', `config file not found${namedBy}`, cause);
}

/** A ConfigError about the file as a whole, pointing at its start. */
export function fileError(
  code: ConfigErrorCode,
  file: string,
  problemCode: string,
  message: string,
  cause?: unknown,
): ConfigError {
  const problem: ConfigProblem = { severity: 'error', code: problemCode, message, path: [], line: 1, column: 1 };
  return new ConfigError(code, file, [problem], { cause });
}
