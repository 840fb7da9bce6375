import { resolveConfigPath, setEventEnabled } from '@cosh/config';
import { access } from 'node:fs/promises';
import type { Command } from 'commander';
import type { CliContext } from '../cli-context.ts';
import { parseEventArgument } from './event-argument.ts';

/**
 * `cosh hooks enable|disable <event> [--config F]` (SPEC C7, C8): changes only
 * `hooksEnabled.<event>` in setup.json (`enable` removes the key: on is the default). With no
 * file at the default location, `disable` creates one (and its folder) and `enable` changes
 * nothing; a file named by `--config` or `COSH_CONFIG` that does not exist is the configuration
 * error `validate` reports (exit 78), never created (C1).
 */
export async function runHooksToggle(
  context: CliContext,
  options: {
    readonly event: string;
    readonly enabled: boolean;
    readonly configPath: string | undefined;
    /** The command run, for the `--help` pointer of a usage error. */
    readonly command?: Command;
  },
): Promise<void> {
  const { enabled } = options;
  const event = parseEventArgument(options.event, options.command);
  const location = resolveConfigPath({ path: options.configPath, cwd: context.cwd, env: context.env });
  const change = await setEventEnabled(location, event, enabled);
  const { style } = context.out;
  const state = enabled ? style.green('enabled') : style.yellow('disabled');
  if (change.created) {
    context.out.line(`${event} hooks ${state}: created ${change.file}`);
  } else if (change.changed) {
    context.out.line(`${event} hooks ${state} in ${change.file}`);
  } else if (enabled && change.previous && !(await exists(change.file))) {
    context.out.line(`${event} hooks are already ${state} (no config file at ${change.file})`);
  } else {
    context.out.line(`${event} hooks are already ${state} in ${change.file}`);
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
