import { access } from 'node:fs/promises';
import {
  applyToggleToSnapshot,
  projectFileForWriting,
  resolveConfigPath,
  setEventEnabled,
  type ToggleTarget,
  trustStoreFile,
} from '@cosh/config';
import type { Command } from 'commander';
import { type CliContext, hasControllingTerminal } from '../cli-context.ts';
import { ExitError } from '../cli-errors.ts';
import { EXIT_CODES } from '../exit-codes.ts';
import { refuseWhereReadOnly } from '../read-only-here.ts';
import { escapeForTerminal } from '../terminal-text.ts';
import { parseEventArgument } from './event-argument.ts';
import { untrustedChangeNotice } from '../untrusted-change.ts';

/**
 * `cosh hooks enable|disable <event> [--config F | --project]` (SPEC C7, C8, C10): changes only
 * `hooksEnabled.<event>` in the user file (or `--config`'s, or with `--project` the project
 * file) (`enable` removes the key: on is the default). With no file at the default location,
 * `disable` creates one (and its folder) and `enable` changes nothing; a file named by
 * `--config` or `COSH_CONFIG` that does not exist is the configuration error `validate` reports
 * (exit 78), never created (C1).
 *
 * SPEC S4: made at a controlling terminal, the same change is applied to the file's trusted copy,
 * so the file stays trusted (an unrelated edit in it stays untrusted); made without one (by a
 * program, a hook, the agent), the change is written but not trusted, so the trusted copy, without
 * it, still runs until a person accepts it with `cosh hooks trust`: that is said, and the exit
 * status is 77 (0 under `COSH_TRUST=all`).
 */
export async function runHooksToggle(
  context: CliContext,
  options: {
    readonly event: string;
    readonly enabled: boolean;
    readonly configPath: string | undefined;
    /** `--project`: change the project file (SPEC C10). */
    readonly project?: boolean | undefined;
    /** The command run, for the `--help` pointer of a usage error. */
    readonly command?: Command;
  },
): Promise<void> {
  const { enabled } = options;
  const event = parseEventArgument(options.event, options.command);
  const location: Exclude<ToggleTarget, string> =
    options.project === true
      ? { file: projectFileForWriting(context.cwd), required: false, source: 'option' }
      : resolveConfigPath({ path: options.configPath, cwd: context.cwd, env: context.env });
  // SPEC S4: not from inside the agent's sandbox, where the file and the store are read-only.
  refuseWhereReadOnly([location.file, trustStoreFile({ env: context.env })]);
  const change = await setEventEnabled(location, event, enabled);
  const { style } = context.out;
  const state = enabled ? style.green('enabled') : style.yellow('disabled');
  const file = escapeForTerminal(change.file);
  if (change.created) {
    context.out.line(`${event} hooks ${state}: created ${file}`);
  } else if (change.changed) {
    context.out.line(`${event} hooks ${state} in ${file}`);
  } else if (enabled && change.previous && !(await exists(change.file))) {
    context.out.line(`${event} hooks are already ${state} (no config file at ${file})`);
  } else {
    context.out.line(`${event} hooks are already ${state} in ${file}`);
  }
  const store = trustStoreFile({ env: context.env });
  if (hasControllingTerminal(context)) {
    if (change.changed) {
      await applyToggleToSnapshot(store, location.file, { kind: 'event', event, enabled }, { created: change.created });
    }
    return;
  }
  // S4: written, but a program's change is not trusted: say what still runs, and exit 77 as
  // `hooks trust` does there (0 under COSH_TRUST=all, where files are used as they are). Also
  // when this run changed nothing but an earlier one without a terminal left the file untrusted.
  const notice = untrustedChangeNotice(store, location.file, context.env);
  if (notice !== null && (change.changed || (await exists(location.file)))) {
    throw new ExitError(EXIT_CODES.noPermission, notice);
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
