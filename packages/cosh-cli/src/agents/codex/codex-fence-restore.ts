// SPEC X (disconnect restores what --fence replaced): what `cosh disconnect codex` needs to put
// Codex's config.toml back as it was, kept in connect.json as the file's opaque `restore` value
// (client-fence/fence-record.ts names no agent). Builds before this one wrote the same two facts
// at the top of the file's record (`removedLines`, `replacedDefaultPermissions`): a record of that
// shape is still read, so a disconnect after an upgrade restores config.toml.
import type { FileRecord } from '../../client-fence/fence-record.ts';

/** What fencing config.toml replaced: the lines removed, and the `default_permissions` value replaced. */
export interface CodexFenceRestore {
  /** The lines `connect` removed (a `sandbox_mode` beside the profile), to put back. */
  readonly removedLines: readonly string[];
  /** The `default_permissions` value replaced, `null` when there was none, absent when unchanged. */
  readonly replacedDefaultPermissions?: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function notCodexRestore(file: string): Error {
  return new Error(
    `connect.json's record of ${file} is not one of cosh connect codex --fence: remove it to start afresh`,
  );
}

/** `value` read as a {@link CodexFenceRestore}; a value of another shape is an error naming `file`. */
function restoreFrom(value: Record<string, unknown>, file: string): CodexFenceRestore {
  const removedLines = value['removedLines'] ?? [];
  const replaced = value['replacedDefaultPermissions'];
  if (
    !Array.isArray(removedLines) ||
    !removedLines.every((line) => typeof line === 'string') ||
    !(replaced === undefined || replaced === null || typeof replaced === 'string')
  )
    throw notCodexRestore(file);
  return replaced === undefined ? { removedLines } : { removedLines, replacedDefaultPermissions: replaced };
}

/**
 * What connect.json records for `file` (config.toml): its `restore` value, or, in a record an
 * earlier build wrote, the same facts at the record's top level (nothing recorded: nothing to put back).
 */
export function codexFenceRestoreOf(record: FileRecord | undefined, file: string): CodexFenceRestore {
  if (record === undefined) return { removedLines: [] };
  if (record.restore !== undefined) {
    if (!isRecord(record.restore)) throw notCodexRestore(file);
    return restoreFrom(record.restore, file);
  }
  return restoreFrom({ ...record }, file);
}

/**
 * What to record after one more `connect --fence`: the lines removed before and now, and the
 * first `default_permissions` value replaced (a later run replaces only Cosh's own).
 */
export function mergeCodexFenceRestore(earlier: CodexFenceRestore, now: CodexFenceRestore): CodexFenceRestore {
  const replaced = earlier.replacedDefaultPermissions !== undefined ? earlier : now;
  return {
    removedLines: [...earlier.removedLines, ...now.removedLines],
    ...(replaced.replacedDefaultPermissions === undefined
      ? {}
      : { replacedDefaultPermissions: replaced.replacedDefaultPermissions }),
  };
}
