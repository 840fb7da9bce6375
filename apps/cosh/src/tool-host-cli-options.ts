import { type createProgram, UsageError } from '@cosh/cosh-cli';
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
