import { applyToggleToSnapshot, ConfigError, type SnapshotToggle, setEventEnabled, setHookEnabled } from '@cosh/config';
import { printableText } from '../terminal-text.ts';
import { describeRow, layerHookNotice, type SettingsRow } from './settings-state.ts';

/** What a save did, in the words the screen shows. */
export type SaveOutcome =
  | { readonly ok: true; readonly message: string }
  | {
      readonly ok: false;
      /** True when the file no longer holds what the row showed: the screen keeps showing it until r. */
      readonly fileChanged: boolean;
      readonly message: string;
    };

/** The message of a toggle refused because the file no longer holds what the row showed. */
export const FILE_CHANGED_MESSAGE = 'Not saved: the file changed — press r';

/**
 * Sets one switch in setup.json with SPEC C8's guarantees (only that value changes; atomic;
 * mode kept; under the file's lock; a file that does not load is never written): an event's
 * `hooksEnabled` (C7), or one hook's `enabled` (C5). The switch is the one the row showed: a
 * hook still at its place with its name and command, an event still with the hooks shown;
 * otherwise nothing is written and the outcome says {@link FILE_CHANGED_MESSAGE}. Never
 * throws: a failure is an outcome whose message says why.
 */
export async function saveToggle(
  file: string,
  row: SettingsRow,
  enabled: boolean,
  options: {
    /**
     * SPEC S4: the trust store whose copy of `file` takes the same change, for a toggle a person
     * made at a terminal (the screen runs only on one). Without it, only the file changes.
     */
    readonly trustStore?: string | undefined;
  } = {},
): Promise<SaveOutcome> {
  const state = enabled ? 'on' : 'off';
  if (row.kind === 'layer-hook') return { ok: false, fileChanged: false, message: layerHookNotice(row) };
  try {
    const change =
      row.kind === 'event'
        ? await setEventEnabled(file, row.event, enabled, { expectedHooks: row.hooks })
        : await setHookEnabled(file, row.event, row.index, enabled, { expected: row.identity });
    if (change.changed && options.trustStore !== undefined) {
      const toggle: SnapshotToggle =
        row.kind === 'event'
          ? { kind: 'event', event: row.event, enabled }
          : { kind: 'hook', event: row.event, hook: row.identity, copy: row.copy, enabled };
      await applyToggleToSnapshot(options.trustStore, file, toggle, { created: change.created });
    }
    if (change.created) return { ok: true, message: `Saved: ${describeRow(row)} ${state} (created ${change.file})` };
    if (!change.changed) return { ok: true, message: `Unchanged: ${describeRow(row)} already ${state} in the file` };
    return { ok: true, message: `Saved: ${describeRow(row)} ${state}` };
  } catch (error) {
    if (ConfigError.isInstance(error) && error.code === 'E_CONFIG_CHANGED')
      return { ok: false, fileChanged: true, message: FILE_CHANGED_MESSAGE };
    return { ok: false, fileChanged: false, message: `Not saved: ${reasonOf(error)}` };
  }
}

function reasonOf(error: unknown): string {
  if (ConfigError.isInstance(error)) {
    const problem = error.problems.find((candidate) => candidate.severity === 'error') ?? error.problems[0];
    if (problem === undefined) return printableText(error.message);
    // A write problem is about the file as a whole; a load problem points at its spot.
    const where = problem.code === 'write' || problem.code === 'read' ? '' : `${problem.line}:${problem.column} `;
    return printableText(`${where}${problem.message}`);
  }
  return printableText(error instanceof Error ? error.message : String(error));
}
