import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { resolve } from 'node:path';

/** Appends one JSON line per tool call to a history file (`--history F`). */
export interface HistoryWriter {
  /** The absolute path of the file. */
  readonly path: string;
  /**
   * Appends `record` as one line of compact JSON. Never rejects: a failed write (disk full,
   * the file closed) is `{ ok: false, error }`, so the caller can say so and go on.
   */
  append(record: unknown): Promise<HistoryAppendResult>;
  /** Closes the file; later appends fail. Safe to call twice. */
  close(): Promise<void>;
}

/** Whether a line reached the file. */
export type HistoryAppendResult = { readonly ok: true } | { readonly ok: false; readonly error: string };

/** A history file that is open, or why it could not be opened (a message naming the file). */
export type OpenHistoryResult =
  | { readonly ok: true; readonly writer: HistoryWriter }
  | { readonly ok: false; readonly error: string };

/**
 * Opens (creating it when missing, mode 0600: tool inputs and outputs may hold secrets) the
 * history file at `path`, relative to `cwd`, for appending.
 *
 * Each record is written with a single `write` on a descriptor opened with `O_APPEND`: the
 * kernel moves to the end and writes the whole line in one step, so several writers (two
 * `cosh session`s, concurrent MCP calls) never interleave parts of lines, and a reader never
 * sees half a line except while that one write is in progress. Lines reach the kernel before
 * `append` resolves (they survive the process being killed), but are not fsynced.
 *
 * Only a regular file is accepted: a FIFO would block the host until someone reads it, and a
 * terminal or `/dev/stdout` would mix history into a protocol. The open is non-blocking for
 * that reason.
 *
 * @example
 * const opened = await openHistory('calls.jsonl', process.cwd());
 * if (!opened.ok) throw new Error(opened.error); // "cannot open history file 'calls.jsonl': it is a folder"
 * await opened.writer.append({ tool_name: 'fs_read', status: 'ok' });
 */
export async function openHistory(path: string, cwd: string): Promise<OpenHistoryResult> {
  const absolutePath = resolve(cwd, path);
  const fail = (reason: string): OpenHistoryResult => ({
    ok: false,
    error: `cannot open history file '${path}': ${reason}`,
  });
  if (path.trim() === '') return { ok: false, error: 'the history file name is empty' };
  let handle: FileHandle;
  try {
    handle = await open(
      absolutePath,
      constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | constants.O_NONBLOCK | constants.O_NOCTTY,
      0o600,
    );
  } catch (error) {
    return fail(describeOpenError(error));
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) {
      await handle.close();
      return fail('it is not a regular file');
    }
  } catch (error) {
    await handle.close().catch(() => undefined);
    return fail(describeOpenError(error));
  }
  return { ok: true, writer: createWriter(handle, absolutePath) };
}

function createWriter(handle: FileHandle, path: string): HistoryWriter {
  let closed = false;
  return {
    path,
    async append(record) {
      if (closed) return { ok: false, error: `history file '${path}' is closed` };
      let line: Buffer;
      try {
        line = Buffer.from(`${JSON.stringify(record)}\n`, 'utf8');
      } catch (error) {
        return {
          ok: false,
          error: `cannot write to history file '${path}': the record is not JSON (${errorText(error)})`,
        };
      }
      try {
        let offset = 0;
        // A regular file takes the whole line in one write; a short write only happens when the
        // disk fills up, and then the rest is tried so that the line is never left cut.
        while (offset < line.length) {
          const { bytesWritten } = await handle.write(line, offset, line.length - offset, null);
          if (bytesWritten <= 0) throw new Error('the file took no more bytes');
          offset += bytesWritten;
        }
        return { ok: true };
      } catch (error) {
        return { ok: false, error: `cannot write to history file '${path}': ${describeOpenError(error)}` };
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await handle.close().catch(() => undefined);
    },
  };
}

function describeOpenError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'its folder does not exist';
    case 'ENOTDIR':
      return 'a part of its path is not a folder';
    case 'EISDIR':
      return 'it is a folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'ENXIO':
      return 'it is not a regular file';
    default:
      return code === undefined ? errorText(error) : `${code}: ${errorText(error)}`;
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
