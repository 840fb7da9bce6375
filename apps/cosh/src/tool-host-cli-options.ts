import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type CliContext, type createProgram, UsageError } from '@cosh/cosh-cli';
import type { PermissionMode } from './permission/index.ts';

/** A command of the program (commander's `Command`, which the app does not import itself). */
export type Command = ReturnType<typeof createProgram>;

/**
 * `--permission <mode>` with the given choices (default: the first), checked by commander: a
 * bad value is exit 64 with the allowed choices.
 */
export function permissionOption(
  command: Command,
  description: string,
  choices: readonly PermissionMode[] = ['ask', 'allow', 'deny'],
) {
  return command.createOption('--permission <mode>', description).choices(choices).default(choices[0]);
}

/** An empty `--history ''` is a mistake, not "no history": exit 64 (as `configPathOf` does for `--config`). */
export function checkFileOption(name: string, value: string | undefined, command: Command): void {
  if (value !== undefined && value.trim() === '')
    throw new UsageError(`option '${name} <file>' needs a file name, not an empty string`, command);
}

/**
 * `--verbose` of the commands that serve many calls (`session`, `mcp serve|proxy`): an async
 * hook's finished report (R13) as a line on stderr; the protocol on stdout is unchanged.
 */
export function asyncVerboseOption(command: Command) {
  return command.createOption(
    '--verbose',
    "print each async hook's report on stderr when it finishes ([async] hook 'name' outcome (exit, duration))",
  );
}

/** `--cwd <folder>`, the option of every command that runs tools or hooks for a client (`session`, `mcp serve|proxy`). */
export function workingFolderOption(command: Command, description: string) {
  return command.createOption('--cwd <folder>', description);
}

/**
 * The absolute folder `--cwd` names (relative to the context's directory), or the context's
 * directory when it is not given. A folder that is empty, missing or not a folder is a
 * {@link UsageError} (exit 64) before anything starts.
 */
export async function resolveWorkingFolder(
  context: CliContext,
  folder: string | undefined,
  command: Command | undefined,
): Promise<string> {
  if (folder === undefined) return context.cwd;
  if (folder.trim() === '')
    throw new UsageError("option '--cwd <folder>' needs a folder, not an empty string", command);
  const absolute = resolve(context.cwd, folder);
  const found = await stat(absolute).catch(() => undefined);
  if (found === undefined) throw new UsageError(`--cwd '${folder}' does not exist`, command);
  if (!found.isDirectory()) throw new UsageError(`--cwd '${folder}' is not a folder`, command);
  return absolute;
}
