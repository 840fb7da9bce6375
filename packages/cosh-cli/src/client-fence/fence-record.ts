// SPEC X (fourth round): `cosh disconnect` removes exactly what `cosh connect` added and restores
// what `--fence` replaced. What was added or replaced is recorded, per settings file, in
// `$XDG_STATE_HOME/cosh/connect.json`; the bridge hooks themselves are recognised by their command.
// A fence kept in a file of the agent's own is recorded as an opaque `restore` value that only the
// agent's module writes and reads (agents/<agent>/): the record names no agent.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { trustStoreFile, writeFileAtomically } from '@cosh/config';

/** One change `connect` made to a JSON settings file (paths are JSON paths of the file). */
export type JsonFenceChange =
  /** A key that was absent, set to `value`. */
  | { readonly kind: 'set'; readonly path: readonly string[]; readonly value: unknown }
  /** A key that held `previous`, set to `value` (`--fence`). */
  | { readonly kind: 'replaced'; readonly path: readonly string[]; readonly value: unknown; readonly previous: unknown }
  /** A string appended to the array at `path`. */
  | { readonly kind: 'element'; readonly path: readonly string[]; readonly value: string }
  /** An object or array that `connect` created: removed again when empty. */
  | { readonly kind: 'container'; readonly path: readonly string[] };

/** What `connect` did to one file. */
export interface FileRecord {
  /** The file did not exist before `connect` wrote it. */
  created: boolean;
  /** JSON settings: the fence's changes. */
  json: JsonFenceChange[];
  /**
   * A fence file of the agent's own (`ConfigFence`): what `disconnect` needs to put it back, as the
   * agent's module recorded it. Opaque here: that module reads and checks it.
   */
  restore?: unknown;
}

/** `connect.json`: what `connect` did, by the settings file's real path. */
export interface ConnectRecord {
  readonly version: 1;
  readonly files: Record<string, FileRecord>;
}

/** `$XDG_STATE_HOME/cosh/connect.json`. */
export function connectRecordFile(env: NodeJS.ProcessEnv): string {
  return join(dirname(trustStoreFile({ env })), 'connect.json');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The record, empty when there is none (a broken one says so: nothing is guessed). */
export function readConnectRecord(env: NodeJS.ProcessEnv): ConnectRecord {
  const file = connectRecordFile(env);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { version: 1, files: {} };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON (${(error as Error).message}): remove it to start afresh`);
  }
  if (!isRecord(value) || !isRecord(value['files'])) throw new Error(`${file} is not a record of cosh connect`);
  return { version: 1, files: value['files'] as Record<string, FileRecord> };
}

/** Writes the record (the file goes when it records nothing). */
export async function writeConnectRecord(env: NodeJS.ProcessEnv, record: ConnectRecord): Promise<void> {
  const file = connectRecordFile(env);
  if (Object.keys(record.files).length === 0) {
    rmSync(file, { force: true });
    return;
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  await writeFileAtomically(file, `${JSON.stringify(record, null, 2)}\n`);
}

/** Adds `changes` to what is recorded for `file`. */
export function recordChanges(
  record: ConnectRecord,
  file: string,
  created: boolean,
  changes: {
    json?: readonly JsonFenceChange[];
    /** The new `restore` value, from what is recorded for the file so far (`undefined`: nothing yet). */
    restore?: (recorded: FileRecord | undefined) => unknown;
  },
): void {
  const recorded = record.files[file];
  const known = recorded ?? { created, json: [] };
  known.json.push(...(changes.json ?? []));
  // Rebuilt, not amended: fields an earlier build kept beside `restore` go once the agent's module has read them.
  record.files[file] =
    changes.restore === undefined
      ? known
      : { created: known.created, json: known.json, restore: changes.restore(recorded) };
}
