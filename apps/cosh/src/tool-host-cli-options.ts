import { type createProgram, UsageError } from '@cosh/cosh-cli';
import type { PermissionMode } from './permission/index.ts';

/** A command of the program (commander's `Command`, which the app does not import itself). */
export type Command = ReturnType<typeof createProgram>;

/**
 * `--permission <mode>` with the given choices (default: the first), checked by commander: a
 * bad value is exit 64 with the allowed choices.
 */
export function permissionOption(command: Command, description: string, choices: readonly PermissionMode[] = ['ask', 'allow', 'deny']) {
  return command
    .createOption('--permission <mode>', description)
    .choices(choices)
    .default(choices[0]);
}

/** `--config <file>`, worded as for the hooks commands. */
export function configOption(command: Command) {
  return command.createOption(
    '--config <file>',
    'the setup.json to use (default: $COSH_CONFIG, else $XDG_CONFIG_HOME/cosh/setup.json, else ~/.config/cosh/setup.json)',
  );
}

/** An empty `--config ''` or `--history ''` is a mistake, not "the default": exit 64. */
export function checkFileOption(name: string, value: string | undefined, command: Command): void {
  if (value !== undefined && value.trim() === '') throw new UsageError(`option '${name} <file>' needs a file name, not an empty string`, command);
}
