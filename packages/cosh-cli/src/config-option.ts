import { type Command, Option } from 'commander';
import { UsageError } from './cli-errors.ts';

/** `--config <file>`, the option of every command that reads or writes setup.json. */
export function configOption(): Option {
  return new Option(
    '--config <file>',
    'the setup.json to use (default: $COSH_CONFIG, else $XDG_CONFIG_HOME/cosh/setup.json, else ~/.config/cosh/setup.json)',
  );
}

/**
 * The `--config` value to hand to the config loader. An empty one is bad usage rather than
 * "not given": falling back to the default file would act on a file the user did not name.
 */
export function configPathOf(flags: { readonly config?: string | undefined }, command: Command): string | undefined {
  if (flags.config === undefined) return undefined;
  if (flags.config.trim() === '')
    throw new UsageError("option '--config <file>' needs a file name, not an empty string", command);
  return flags.config;
}
