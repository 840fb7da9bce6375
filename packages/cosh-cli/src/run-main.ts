import type { Command, CommanderError } from 'commander';
import { ConfigError, suggestClosest } from '@cosh/config';
import { type CliContext, contextOf } from './cli-context.ts';
import { type CommandName, ExitError, UsageError } from './cli-errors.ts';
import { EXIT_CODES } from './exit-codes.ts';
import { missingCommandMessage, usageHint } from './usage-hint.ts';

/** A commander error with the command it came from, so the hint can name that command's help. */
class CommandFailure extends Error {
  constructor(
    readonly error: CommanderError,
    readonly command: Command,
  ) {
    super(error.message);
  }
}

/**
 * Parses `argv` (without node and script) and runs the command, returning the exit status
 * instead of exiting: 0 success; 64 bad usage (one-line hint on stderr); 78 a configuration
 * error (`file:line:col: severity: message` lines on stderr); an {@link ExitError}'s own status;
 * 70 anything unexpected. Never throws. Commands added after {@link createProgram} are
 * covered too.
 */
export async function runCli(program: Command, argv: readonly string[] = process.argv.slice(2)): Promise<number> {
  const context = contextOf(program);
  prepareCommands(program, context);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT_CODES.ok;
  } catch (error) {
    return await reportFailure(error, program, context, argv);
  }
}

/** {@link runCli}, then {@link exitWhenFlushed}. */
export async function runMain(program: Command, argv?: readonly string[]): Promise<never> {
  watchForClosedReaders();
  return await exitWhenFlushed(await runCli(program, argv));
}

/** A reader that went away (`cosh hooks list | head -1`) is not an error of ours. */
export function watchForClosedReaders(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
}

/**
 * The one `process.exit` of the `cosh` binary, once stdout and stderr have been flushed (a pipe
 * may still hold output when the status is set).
 */
export async function exitWhenFlushed(exitCode: number): Promise<never> {
  await Promise.all([flush(process.stdout), flush(process.stderr)]);
  process.exit(exitCode);
}

function flush(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || stream.writableEnded) resolve();
    else stream.write('', () => resolve());
  });
}

/**
 * Commander prints its own errors and calls process.exit; every command instead reports to us.
 * Applied to the whole tree at run time so commands added later behave the same.
 */
function prepareCommands(command: Command, context: CliContext): void {
  command.exitOverride((error) => {
    throw new CommandFailure(error, command);
  });
  command.configureOutput({
    writeOut: (text) => context.out.write(text),
    // Errors, and help shown because of one, become our one-line hint instead.
    writeErr: () => undefined,
    outputError: () => undefined,
    getOutHelpWidth: () => Math.min(context.out.columns, 100),
    getErrHelpWidth: () => Math.min(context.err.columns, 100),
    getOutHasColors: () => context.out.style.enabled,
    getErrHasColors: () => context.err.style.enabled,
  });
  for (const subcommand of command.commands) prepareCommands(subcommand, context);
}

async function reportFailure(
  error: unknown,
  program: Command,
  context: CliContext,
  argv: readonly string[],
): Promise<number> {
  if (error instanceof CommandFailure) {
    const { code } = error.error;
    if (code === 'commander.helpDisplayed' || code === 'commander.version') return EXIT_CODES.ok;
    // `cosh` alone (SPEC X): the top-level help on stdout, exit 0. A group alone (`cosh hooks`)
    // stays a usage mistake that names its subcommands.
    if (code === 'commander.help' && error.command === program) {
      program.outputHelp();
      return EXIT_CODES.ok;
    }
    let message: string;
    if (code === 'commander.help') message = missingCommandMessage(error.command);
    else {
      // Loaded only on this path. The one did-you-mean (suggestClosest) lives with the config's
      // validator, but needs none of it.
      const { usageMistakeMessage } = await import('./usage-mistake.ts');
      message = usageMistakeMessage(error.error, error.command, argv, suggestClosest);
    }
    context.err.line(usageHint(message, error.command));
    return EXIT_CODES.usage;
  }
  return await reportError(error, context, program);
}

/**
 * A command's failure as its exit status, told on stderr: a {@link UsageError} as a one-line
 * hint pointing at `command`'s help (its own command's when it names one), an
 * {@link ExitError} as its status, a `ConfigError` as its problems (78), anything else as an
 * internal error (70). Never throws.
 */
export async function reportError(error: unknown, context: CliContext, command: CommandName): Promise<number> {
  if (UsageError.isInstance(error)) {
    context.err.line(usageHint(error.message, error.command ?? command));
    return EXIT_CODES.usage;
  }
  if (ExitError.isInstance(error)) {
    if (error.message !== '') context.err.line(error.message);
    return error.exitCode;
  }
  if (ConfigError.isInstance(error)) {
    // Loaded only on this path, as are the problems' texts.
    const { printProblems } = await import('./print-problems.ts');
    printProblems(context.err, error.file, error.problems);
    return EXIT_CODES.config;
  }
  const detail = error instanceof Error ? error.message : String(error);
  context.err.line(`${programName(command)}: internal error: ${detail}`);
  if (error instanceof Error && error.stack !== undefined && context.env['COSH_DEBUG']) context.err.line(error.stack);
  return EXIT_CODES.software;
}

/** The name of the program `command` belongs to (`cosh`). */
function programName(command: CommandName): string {
  let current = command;
  while (current.parent !== null) current = current.parent;
  return current.name();
}
