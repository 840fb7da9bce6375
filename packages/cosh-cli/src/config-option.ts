import { type Command, Option } from 'commander';
import { UsageError } from './cli-errors.ts';
import { CONFIG_OPTION, NO_PROJECT_OPTION } from './per-call-options.ts';

/** `--config <file>`, the option of every command that reads or writes setup.json. */
export function configOption(): Option {
  return new Option(CONFIG_OPTION.flags, CONFIG_OPTION.description);
}

/**
 * `--no-project`, on every command that loads hooks (SPEC C10): the project layer
 * (`.cosh/setup.json` of the working folder or a parent) is not loaded. Commander stores it as
 * `project: false`; see {@link noProjectOf}.
 */
export function noProjectOption(): Option {
  return new Option(NO_PROJECT_OPTION.flags, NO_PROJECT_OPTION.description);
}

/**
 * `--project`, on the commands that write (SPEC C10): the change goes to the project file
 * (`.cosh/setup.json` of this folder or a parent, created at the git top when there is none)
 * instead of the user file.
 */
export function projectOption(): Option {
  return new Option(
    '--project',
    'change the project file (.cosh/setup.json of this folder or a parent) instead of the user file',
  );
}

/**
 * Whether `--project` was given (commander's `project: true`); with `--config` it is bad usage:
 * the two name different files to write.
 */
export function projectOf(
  flags: { readonly project?: boolean | undefined; readonly config?: string | undefined },
  command: Command,
): boolean {
  if (flags.project !== true) return false;
  if (flags.config !== undefined) {
    throw new UsageError("options '--project' and '--config <file>' name different files: give one", command);
  }
  return true;
}
