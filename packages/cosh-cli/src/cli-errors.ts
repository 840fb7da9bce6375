/**
 * What a usage hint needs of a command: its name and its parent's, up to the program. A
 * commander `Command` is one; the plain command lines (plain-command-line.ts) name theirs
 * without commander.
 */
export interface CommandName {
  name(): string;
  readonly parent: CommandName | null;
}

const exitMarker = Symbol.for('@cosh/cosh-cli/ExitError');
const usageMarker = Symbol.for('@cosh/cosh-cli/UsageError');

/**
 * Ends the command with an exit status. Commands throw it instead of calling `process.exit`,
 * so output is flushed and tests can run commands in-process; `runMain` turns it into the exit.
 * A `message`, when given, is printed on stderr first.
 */
export class ExitError extends Error {
  override readonly name = 'ExitError';
  readonly code = 'E_EXIT';
  readonly exitCode: number;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: read by `in` in isInstance, across copies.
  private readonly [exitMarker] = true;

  constructor(exitCode: number, message = '', options?: { cause?: unknown }) {
    super(message, options);
    this.exitCode = exitCode;
  }

  /** True for an ExitError, even one from another installed copy of this package. */
  static isInstance(value: unknown): value is ExitError {
    return typeof value === 'object' && value !== null && exitMarker in value;
  }
}

/**
 * Bad usage found by a command itself (a bad event name, an empty `--config`): exit 64 with a
 * one-line hint pointing at the command's `--help`.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  readonly code = 'E_USAGE';
  /** The command whose `--help` the hint points at. */
  readonly command: CommandName | undefined;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: read by `in` in isInstance, across copies.
  private readonly [usageMarker] = true;

  constructor(message: string, command?: CommandName, options?: { cause?: unknown }) {
    super(message, options);
    this.command = command;
  }

  /** True for a UsageError, even one from another installed copy of this package. */
  static isInstance(value: unknown): value is UsageError {
    return typeof value === 'object' && value !== null && usageMarker in value;
  }
}
