import { homedir as userHomedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { fileError } from '../config-error.ts';
import { readBoundedFile } from '../read-config-file.ts';

/** A script a trusted file's hooks name (SPEC S2), as it was when trusted. */
export interface TrustedScript {
  /** Absolute, as the command names it (prefix replaced, made normal). */
  readonly path: string;
  /** SHA-256 (hex) of its bytes. */
  readonly sha256: string;
  /**
   * Its text (SPEC S3), for the review of a later change (S4): absent for a script larger than
   * {@link MAX_SCRIPT_TEXT_BYTES} or not UTF-8 text, and in records written before texts were kept.
   */
  readonly text?: string | undefined;
}

/** The largest script whose text the trust store keeps (SPEC S3); past it, only the hash. */
export const MAX_SCRIPT_TEXT_BYTES = 256 * 1024;

/** What the trust store keeps about one trusted file (SPEC S3). */
export interface TrustRecord {
  /** The file's absolute path, as the layer finds it (the store's key). */
  readonly path: string;
  /** SHA-256 of the file's SHA-256 and each script's path and SHA-256 (SPEC S2). */
  readonly fingerprint: string;
  /** SHA-256 (hex) of the file's bytes when it was trusted. */
  readonly sha256: string;
  /** The file's text when it was trusted: what runs while the file differs (S5). */
  readonly snapshot: string;
  /** The scripts its hooks named that existed then, with their hashes. */
  readonly scripts: readonly TrustedScript[];
  /** When (ISO 8601). */
  readonly trustedAt: string;
}

/** What a file needs for its trust to be recorded as it is now (`recordTrust`). */
export interface TrustCandidate {
  readonly file: string;
  /** False: the file is gone, and trusting that removes its record. */
  readonly exists: boolean;
  /** The record to write; `null` when the file is gone. */
  readonly record: TrustRecord | null;
}

/** The trust store's records by file path. */
export type TrustRecords = ReadonlyMap<string, TrustRecord>;

/** The version of the trust store's format this package reads and writes. */
export const TRUST_STORE_VERSION = 1;

/**
 * The trust store (SPEC S3): `$XDG_STATE_HOME/cosh/trust.json` when that variable is an absolute
 * path (the XDG spec ignores relative ones), else `~/.local/state/cosh/trust.json`. An empty
 * `HOME` counts as unset.
 */
export function trustStoreFile(options: { env?: NodeJS.ProcessEnv; homedir?: string } = {}): string {
  const env = options.env ?? process.env;
  const stateHome = env['XDG_STATE_HOME'];
  if (stateHome !== undefined && isAbsolute(stateHome)) return join(stateHome, 'cosh', 'trust.json');
  const home = options.homedir ?? (env['HOME'] || userHomedir());
  return join(home, '.local', 'state', 'cosh', 'trust.json');
}

/**
 * The records of the trust store `file`; none when it does not exist yet. Read as C1 reads
 * setup.json (SPEC S3): a regular file of at most 4 MiB, opened without waiting, so a FIFO, a
 * device (a link to `/dev/zero`), a folder or a huge file in its place is refused at once. A store
 * that cannot be read, is not JSON or is not a trust store is an `E_TRUST_STORE` error naming the
 * file and how to reset it: reading it as "nothing trusted" would stop every guard at once, and
 * as "everything trusted" would run what nobody approved.
 */
export function readTrustStore(file: string): TrustRecords {
  let read: ReturnType<typeof readBoundedFile>;
  try {
    read = readBoundedFile(file, TRUST_STORE_WORDS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw trustStoreError(file, `cannot read the trust store: ${(error as Error).message}`, error);
  }
  if (!read.ok) throw trustStoreError(file, `cannot read the trust store: ${read.reason}`);
  return parseTrustStore(read.text, file);
}

const TRUST_STORE_WORDS = { noun: 'a trust store', the: 'the trust store', name: 'trust.json' } as const;

/** The records of a trust store's text; throws the `E_TRUST_STORE` error of {@link readTrustStore}. */
export function parseTrustStore(text: string, file: string): TrustRecords {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw trustStoreError(file, `the trust store is not valid JSON (${(error as Error).message})`, error);
  }
  if (!isObject(value) || value['version'] !== TRUST_STORE_VERSION || !isObject(value['files'])) {
    throw trustStoreError(file, `the trust store is not a version ${TRUST_STORE_VERSION} Cosh trust store`);
  }
  const records = new Map<string, TrustRecord>();
  for (const [path, record] of Object.entries(value['files'])) {
    const problem = recordProblem(path, record);
    if (problem !== null) throw trustStoreError(file, `the trust store's record of ${path} ${problem}`);
    records.set(path, record as TrustRecord);
  }
  return records;
}

/** The trust store's text for these records: sorted by path, one field per line. */
export function renderTrustStore(records: TrustRecords): string {
  const files: Record<string, TrustRecord> = {};
  for (const path of [...records.keys()].sort()) files[path] = records.get(path) as TrustRecord;
  return `${JSON.stringify({ version: TRUST_STORE_VERSION, files }, null, 2)}\n`;
}

/**
 * The error for a trust store that cannot be used: what is wrong and, for one that cannot be
 * read (`reset`), how to start over.
 */
export function trustStoreError(file: string, problem: string, cause?: unknown, { reset = true } = {}) {
  const advice = reset
    ? `. Nothing is trusted or distrusted until it is fixed: move it aside (mv '${file}' '${file}.broken'), then run cosh hooks trust in a terminal to review and trust your setup.json files again`
    : '';
  return fileError('E_TRUST_STORE', file, 'trust_store', `${problem}${advice}`, cause);
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;

function recordProblem(path: string, record: unknown): string | null {
  if (!isObject(record)) return 'is not an object';
  if (record['path'] !== path || !isAbsolute(path)) return 'does not name its file';
  for (const field of ['fingerprint', 'sha256'] as const) {
    if (typeof record[field] !== 'string' || !HEX_SHA256.test(record[field])) return `has no valid ${field}`;
  }
  if (typeof record['snapshot'] !== 'string') return 'has no snapshot';
  if (typeof record['trustedAt'] !== 'string') return 'has no trustedAt';
  const scripts = record['scripts'];
  if (!Array.isArray(scripts)) return 'has no scripts list';
  for (const script of scripts) {
    if (!isObject(script) || typeof script['path'] !== 'string' || !isAbsolute(script['path'])) {
      return 'has a script without an absolute path';
    }
    if (typeof script['sha256'] !== 'string' || !HEX_SHA256.test(script['sha256'])) {
      return `has no valid sha256 for the script ${script['path']}`;
    }
    if (script['text'] !== undefined && typeof script['text'] !== 'string') {
      return `has a text that is not a string for the script ${script['path']}`;
    }
  }
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
