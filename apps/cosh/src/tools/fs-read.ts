import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { defineTool } from './define-tool.ts';
import { describeFsError } from './describe-fs-error.ts';
import { formatSize } from './format-size.ts';

/** Largest file `fs_read` returns: a bigger one is a failure that says so, not a cut text. */
export const fsReadMaxBytes = 10 * 1024 * 1024;

/** How far `fs_read` and `find_grep` look for a NUL byte to call a file binary (as git and grep do). */
export const binarySniffBytes = 8 * 1024;

const inputSchema = z.strictObject({
  path: z.string({ error: 'expected a string' }).min(1, { error: 'expected a non-empty path' }),
});

/** The input of `fs_read`. */
export type FsReadInput = z.infer<typeof inputSchema>;

/**
 * `fs_read {path}`: the whole text of one file, decoded as UTF-8 (invalid bytes become U+FFFD),
 * byte for byte otherwise (a BOM or CRLF line ends stay). A relative path is relative to the
 * call's cwd. It reads to the end of the file whatever size the file system reports (a `/proc`
 * file reports 0; a file may grow after the `stat`). Missing files, folders, special files
 * (FIFOs, devices), files over 10 MiB and binary files (a NUL byte in the first 8 KiB) are
 * failures with a message that says which.
 */
export const fsReadTool = defineTool({
  name: 'fs_read',
  description:
    'Read a text file and return its contents. `path` is relative to the working directory (or absolute). ' +
    'Fails on folders, binary files and files larger than 10 MiB.',
  permission: 'allow',
  inputSchema,
  async execute(input: FsReadInput, context) {
    const displayPath = input.path;
    const absolutePath = path.resolve(context.cwd, input.path);
    let handle: fs.FileHandle;
    try {
      // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
      handle = await fs.open(absolutePath, constants.O_RDONLY | constants.O_NONBLOCK);
    } catch (error) {
      return { ok: false, error: `fs_read: ${describeFsError(error, displayPath)}` };
    }
    try {
      const stats = await handle.stat();
      if (stats.isDirectory()) {
        return { ok: false, error: `fs_read: ${displayPath} is a directory, not a file (find_grep searches folders)` };
      }
      if (!stats.isFile()) {
        return { ok: false, error: `fs_read: ${displayPath} is not a regular file (${specialFileKind(stats)})` };
      }
      if (stats.size > fsReadMaxBytes) {
        return { ok: false, error: tooLarge(displayPath, stats.size) };
      }
      const content = await readToEnd(handle, stats.size, context.signal);
      if (content === 'cancelled') return { ok: false, error: 'fs_read: cancelled' };
      if (content === 'too large') return { ok: false, error: tooLarge(displayPath, undefined) };
      if (content.subarray(0, binarySniffBytes).includes(0)) {
        return {
          ok: false,
          error: `fs_read: ${displayPath} looks like a binary file (a NUL byte in its first 8 KiB); fs_read returns text only`,
        };
      }
      return { ok: true, output: content.toString('utf8') };
    } catch (error) {
      return { ok: false, error: `fs_read: ${describeFsError(error, displayPath)}` };
    } finally {
      await handle.close().catch(() => undefined);
    }
  },
});

function tooLarge(displayPath: string, size: number | undefined): string {
  const shown = size === undefined ? `more than ${formatSize(fsReadMaxBytes)}` : `${size} bytes`;
  return `fs_read: ${displayPath} is too large (${shown}; fs_read returns at most ${formatSize(fsReadMaxBytes)}); use find_grep or bash_run (head, sed -n) to read part of it`;
}

/** The first buffer for a file whose reported size says nothing (a `/proc` file reports 0). */
const firstChunkBytes = 64 * 1024;

/**
 * Reads from the start to the end of the file, whatever size `fstat` reported: a `/proc` file
 * says 0 bytes and holds more, a log may grow while it is read. The buffer starts at the
 * reported size (plus one byte, to notice growth) and doubles as needed, never past the cap
 * plus the one byte that proves a file too large; so memory stays bounded by the cap.
 * @internal Exported for its tests.
 */
export async function readToEnd(
  handle: fs.FileHandle,
  reportedSize: number,
  signal: AbortSignal | undefined,
): Promise<Buffer | 'too large' | 'cancelled'> {
  const limit = fsReadMaxBytes + 1;
  let buffer = Buffer.allocUnsafe(Math.min(Math.max(reportedSize + 1, firstChunkBytes), limit));
  let length = 0;
  for (;;) {
    if (signal?.aborted === true) return 'cancelled';
    if (length === buffer.length) {
      if (length >= limit) return 'too large';
      const grown = Buffer.allocUnsafe(Math.min(length * 2, limit));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    // position null: the file's own offset, from 0, as `cat` reads (pread at offsets is not
    // what every special file system answers the same way).
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
    if (bytesRead === 0) return buffer.subarray(0, length);
    length += bytesRead;
  }
}

function specialFileKind(stats: {
  isFIFO(): boolean;
  isSocket(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
}): string {
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  return 'a special file';
}
