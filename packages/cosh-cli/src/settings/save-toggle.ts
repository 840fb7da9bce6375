import { ConfigError, setEventEnabled, setHookEnabled } from '@cosh/config';
import { printableText } from '../printable-text.ts';
import { describeRow, type SettingsRow } from './settings-state.ts';

/** What a save did, in the words the screen shows. */
export type SaveOutcome =
  | { readonly ok: true; readonly message: string }
  | { readonly ok: false; readonly message: string };

/**
 * Sets one switch in setup.json with SPEC C8's guarantees (only that value changes; atomic;
 * mode kept; a file that does not load is never written): an event's `hooksEnabled` (C7), or
 * one hook's `enabled` (C5). Never throws: a failure is an outcome whose message says why.
 */
export async function saveToggle(file: string, row: SettingsRow, enabled: boolean): Promise<SaveOutcome> {
  const state = enabled ? 'on' : 'off';
  try {
    const change =
      row.kind === 'event'
        ? await setEventEnabled(file, row.event, enabled)
        : await setHookEnabled(file, row.event, row.index, enabled);
    if (change.created) return { ok: true, message: `Saved: ${describeRow(row)} ${state} (created ${change.file})` };
    if (!change.changed) return { ok: true, message: `Unchanged: ${describeRow(row)} already ${state} in the file` };
    return { ok: true, message: `Saved: ${describeRow(row)} ${state}` };
  } catch (error) {
    return { ok: false, message: `Not saved: ${reasonOf(error)}` };
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
