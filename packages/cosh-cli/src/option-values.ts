// The values of the options every command shares, checked: kept apart from the option
// definitions (config-option.ts, session-id-option.ts), which need commander, so the plain
// command lines (run-plain-command.ts) check them the same way without loading it.
import { type CommandName, UsageError } from './cli-errors.ts';

/**
 * The `--config` value to hand to the config loader. An empty one is bad usage rather than
 * "not given": falling back to the default file would act on a file the user did not name.
 */
export function configPathOf(
  flags: { readonly config?: string | undefined },
  command: CommandName,
): string | undefined {
  if (flags.config === undefined) return undefined;
  if (flags.config.trim() === '')
    throw new UsageError("option '--config <file>' needs a file name, not an empty string", command);
  return flags.config;
}

/** Whether `--no-project` was given (commander's `project: false`). */
export function noProjectOf(flags: { readonly project?: boolean | undefined }): boolean {
  return flags.project === false;
}

/** The `--session-id` value for the engine; an empty one is bad usage, not "make one up". */
export function sessionIdOf(
  flags: { readonly sessionId?: string | undefined },
  command: CommandName,
): string | undefined {
  if (flags.sessionId === undefined) return undefined;
  if (flags.sessionId.trim() === '')
    throw new UsageError("option '--session-id <id>' needs an id, not an empty string", command);
  return flags.sessionId;
}
