import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { configNotFoundError, fileError, type NamedBy } from './config-error.ts';

/** A config file to read: where it is, and whether its absence is an error (it was named). */
export interface ConfigFileLocation {
  /** Absolute. */
  readonly file: string;
  readonly required: boolean;
  /** Which rule chose it, for the not-found message. */
  readonly source: NamedBy;
}

/**
 * The bytes of a config file (setup.json of any layer), or undefined when a default location has
 * none. The one place Cosh reads a config file, so every layer is read under the same rules.
 * Throws {@link ConfigError}: `E_CONFIG_NOT_FOUND` for a missing file that was named (SPEC C1,
 * C10), `E_CONFIG_READ` for a directory or an unreadable file.
 *
 * Read synchronously: a setup.json is a few kilobytes, and every `cosh hooks run` reads it first
 * thing, where the asynchronous read (node:fs/promises, then a round trip through libuv's thread
 * pool) costs about 2 ms more than the read itself.
 */
export function readConfigFile(location: ConfigFileLocation): Buffer | undefined {
  let read: BoundedRead;
  try {
    read = readBoundedConfigFile(location.file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENOTDIR: a parent is a file (e.g. ~/.config is one): there is no setup.json either.
    const absent = code === 'ENOENT' || code === 'ENOTDIR';
    if (absent && !location.required) return undefined;
    if (absent) throw configNotFoundError(location, error);
    throw fileError('E_CONFIG_READ', location.file, 'read', describeReadError(code, error), error);
  }
  if (!read.ok) throw fileError('E_CONFIG_READ', location.file, 'read', read.reason);
  return read.bytes;
}

function describeReadError(code: string | undefined, error: unknown): string {
  switch (code) {
    case 'EISDIR':
      return 'this is a directory, not a config file (expected a setup.json file)';
    case 'EACCES':
    case 'EPERM':
      return 'cannot read the config file: permission denied';
    default:
      return `cannot read the config file: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** The largest setup.json read (SPEC C1): hooks for every tool fit in a few kilobytes. */
export const MAX_CONFIG_BYTES = 4 * 1024 * 1024;

/** A config file's text and what `fstat` said of it, or why it was refused. */
export type BoundedRead =
  | { readonly ok: true; readonly bytes: Buffer; readonly text: string; readonly stats: Stats }
  | { readonly ok: false; readonly reason: string };

/**
 * Reads a config file whole, refusing at once whatever is not a regular file of at most
 * {@link MAX_CONFIG_BYTES} (SPEC C1): a directory, a FIFO (which would wait forever for a
 * writer), a device (`/dev/zero` never ends) or a huge file is a `reason`, never a wait or an
 * unbounded read. Opened with `O_NONBLOCK` (a FIFO opens at once) and `O_NOCTTY`, then
 * `fstat`ed, so what is checked is what is read; at most 4 MiB + 1 bytes are read, so a file
 * that grows after the check is still bounded. A file that cannot be opened throws the
 * system's error (`ENOENT`, `EACCES`, …) for the caller to word.
 *
 * Synchronous: every `cosh hooks run` reads setup.json first thing, and the asynchronous read
 * costs about 2 ms more than the read itself.
 */
export function readBoundedConfigFile(file: string): BoundedRead {
  return readBoundedFile(file, CONFIG_FILE_WORDS);
}

/** How a refusal of {@link readBoundedFile} names the file it expected. */
export interface BoundedFileWords {
  /** `a config file`: what the file should have been. */
  readonly noun: string;
  /** `the config file`: the file, in a sentence about it. */
  readonly the: string;
  /** `setup.json`: the file's name in the rule. */
  readonly name: string;
}

const CONFIG_FILE_WORDS: BoundedFileWords = { noun: 'a config file', the: 'the config file', name: 'setup.json' };

/**
 * {@link readBoundedConfigFile} for any of Cosh's own files read as C1 reads setup.json (SPEC
 * S3: the trust store too): a regular file of at most 4 MiB, read without ever waiting.
 */
export function readBoundedFile(file: string, words: BoundedFileWords): BoundedRead {
  const descriptor = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile())
      return {
        ok: false,
        reason: `this is ${fileKind(stats)}, not ${words.noun} (${words.name} must be a regular file)`,
      };
    if (stats.size > MAX_CONFIG_BYTES) return { ok: false, reason: tooLarge(stats.size, words) };
    // Sized by fstat, grown if the file is longer than it said (a file being appended to, a
    // file system that reports 0), never past the cap plus the one byte that proves a file too large.
    let buffer = Buffer.allocUnsafe(stats.size + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > MAX_CONFIG_BYTES) break;
        const grown = Buffer.allocUnsafe(Math.min(length * 2, MAX_CONFIG_BYTES + 1));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      const read = readSync(descriptor, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    if (length > MAX_CONFIG_BYTES) return { ok: false, reason: tooLarge(length, words) };
    const bytes = buffer.subarray(0, length);
    return { ok: true, bytes, text: bytes.toString('utf8'), stats };
  } finally {
    closeSync(descriptor);
  }
}

function tooLarge(bytes: number, words: BoundedFileWords): string {
  const shown = bytes > MAX_CONFIG_BYTES + 1 ? `${bytes} bytes` : 'more than 4 MiB';
  return `${words.the} is too large (${shown}; ${words.name} may be at most 4 MiB)`;
}

function fileKind(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'a special file';
}
