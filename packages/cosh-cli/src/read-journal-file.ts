// Reading a journal (J2) or any recorded file `hooks replay` takes, as C1 reads setup.json:
// regular files only, opened without waiting (a FIFO opens at once and is refused), bounded (a
// link to /dev/zero is a device, refused before a byte is read).
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** The largest recorded file read whole: a journal of about a million calls. */
export const MAX_RECORDED_FILE_BYTES = 1024 * 1024 * 1024;

/** A recorded file's bytes, or why it cannot be read (a sentence naming the file). */
export type RecordedFileRead =
  | { readonly ok: true; readonly bytes: Buffer }
  | { readonly ok: false; readonly problem: string };

function kindOf(stats: ReturnType<typeof fstatSync>): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** Reads `file` whole when it is a regular file of at most {@link MAX_RECORDED_FILE_BYTES}. */
export function readRecordedFile(file: string, noun = 'a journal'): RecordedFileRead {
  let descriptor: number;
  try {
    descriptor = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : error instanceof Error
            ? error.message
            : String(error);
    return { ok: false, problem: `${file}: cannot be read: ${why}` };
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile())
      return { ok: false, problem: `${file}: this is ${kindOf(stats)}, not ${noun} (a regular file)` };
    if (stats.size > MAX_RECORDED_FILE_BYTES)
      return {
        ok: false,
        problem: `${file}: too large (${stats.size} bytes; at most ${MAX_RECORDED_FILE_BYTES} are read)`,
      };
    let buffer = Buffer.allocUnsafe(stats.size + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > MAX_RECORDED_FILE_BYTES) break;
        const grown = Buffer.allocUnsafe(Math.min(length * 2, MAX_RECORDED_FILE_BYTES + 1));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      const read = readSync(descriptor, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    if (length > MAX_RECORDED_FILE_BYTES)
      return { ok: false, problem: `${file}: too large (at most ${MAX_RECORDED_FILE_BYTES} bytes are read)` };
    return { ok: true, bytes: buffer.subarray(0, length) };
  } finally {
    closeSync(descriptor);
  }
}
