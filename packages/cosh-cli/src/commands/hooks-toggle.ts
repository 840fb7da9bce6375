import { access } from 'node:fs/promises';
import {
  applyToggleToSnapshot,
  projectFileForWriting,
  readTrustStore,
  resolveConfigPath,
  setEventEnabled,
  type ToggleTarget,
  trustStoreFile,
} from '@cosh/config';
import type { Command } from 'commander';
import { type CliContext, hasControllingTerminal } from '../cli-context.ts';
import { refuseWhereReadOnly } from '../read-only-here.ts';
import { escapeForTerminal } from '../terminal-text.ts';
import { parseEventArgument } from './event-argument.ts';

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
 * it, keeps running until a person accepts it with `cosh hooks trust`.
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
  if (!change.changed) return;

  const store = trustStoreFile({ env: context.env });
  if (hasControllingTerminal(context)) {
    await applyToggleToSnapshot(store, location.file, { kind: 'event', event, enabled }, { created: change.created });
  } else if (context.env['COSH_TRUST'] !== 'all' && isTrusted(store, location.file)) {
    // Under COSH_TRUST=all (CI, containers) files are used as they are: the notice would be wrong there.
    context.err.line(
      `cosh: this change was made without a terminal, so it is not trusted: the trusted copy of ${escapeForTerminal(location.file)} keeps running until a person accepts the change with cosh hooks trust`,
    );
  }
}

/** Whether the trust store has a record of `file`; a store that cannot be read says nothing here. */
function isTrusted(store: string, file: string): boolean {
  try {
    return readTrustStore(store).has(file);
  } catch {
    return false;
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
