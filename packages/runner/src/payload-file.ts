import { closeSync, constants, existsSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where payload files go, in order: tmpfs first (a file there is memory, never disk: 30 µs to
 * set up against 85 µs on ext4 here), then the OS temporary folder (TMPDIR), used when
 * `/dev/shm` is missing, read-only or full (a container's is 64 MiB).
 */
const defaultFolders = (): string[] => ['/dev/shm', tmpdir()];

/**
 * On Linux, opening `/proc/self/fd/<n>` opens the file behind descriptor n afresh (a new offset),
 * even once its name is gone. So the file is unlinked as soon as it is written, and a crash of
 * the host never leaves a tool input on disk. Elsewhere (no `/proc`) the name is kept until the
 * hooks of the tick have opened it.
 */
const reopensThroughProc = existsSync('/proc/self/fd');

const createFlags = constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/** Names tried per folder before moving on: a name taken already (EEXIST) is not reused. */
const namesPerFolder = 4;
let fileCount = 0;

/**
 * A fresh file name. Not from node:crypto, which costs the hook path's cold start a module load
 * (see apps/cosh's start-up test): the name needs no secrecy, since `O_EXCL | O_NOFOLLOW` and
 * mode 0600 already refuse a planted file, and a taken name is simply skipped.
 */
function payloadFileName(): string {
  fileCount += 1;
  return `cosh-stdin-${process.pid}-${fileCount}-${Math.random().toString(36).slice(2, 12)}`;
}

interface PayloadFile {
  /** Descriptor of the written file, held until the end of the tick. */
  readonly fd: number;
  /** Its name while it still has one (no `/proc`), else `null`. */
  readonly path: string | null;
}

/** The payload files of this tick, by payload (a string by value, bytes by identity). */
const openFiles = new Map<string | Uint8Array, PayloadFile>();

function writeAll(fd: number, bytes: Uint8Array): void {
  let offset = 0;
  while (offset < bytes.byteLength) offset += writeSync(fd, bytes, offset, bytes.byteLength - offset);
}

/**
 * Writes `payload` to a new file of mode 0600 in a temporary folder, with a random name created
 * with `O_EXCL | O_NOFOLLOW` (nothing planted there beforehand is followed or reused).
 */
function createPayloadFile(payload: string | Uint8Array, folders: readonly string[]): PayloadFile {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  let lastError: unknown;
  for (const folder of folders) {
    const created = openNewFile(folder);
    if ('error' in created) {
      lastError = created.error;
      continue;
    }
    const { fd, path } = created;
    try {
      writeAll(fd, bytes);
    } catch (error) {
      // ENOSPC on a small tmpfs: the next folder may have room.
      closeSync(fd);
      removeQuietly(path);
      lastError = error;
      continue;
    }
    if (!reopensThroughProc) return { fd, path };
    try {
      unlinkSync(path);
    } catch {
      // Cannot happen in a folder we could create in; if it does, the release removes it.
      return { fd, path };
    }
    return { fd, path: null };
  }
  throw lastError;
}

function openNewFile(folder: string): { fd: number; path: string } | { error: unknown } {
  let lastError: unknown;
  for (let attempt = 0; attempt < namesPerFolder; attempt += 1) {
    const path = join(folder, payloadFileName());
    try {
      return { fd: openSync(path, createFlags, 0o600), path };
    } catch (error) {
      lastError = error;
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') break;
    }
  }
  return { error: lastError };
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone (a temporary-folder cleaner): nothing left to remove.
  }
}

function releasePayloadFile(key: string | Uint8Array): void {
  const file = openFiles.get(key);
  if (file === undefined) return;
  openFiles.delete(key);
  closeSync(file.fd);
  if (file.path !== null) removeQuietly(file.path);
}

/**
 * A read-only descriptor of a regular file holding `payload`, to pass to a hook as its stdin
 * (R3): a hook can open it by name (`cat /dev/stdin`, `jq . < /dev/stdin`), which a socket (what
 * Node's `stdio: 'pipe'` gives on Linux) refuses with ENXIO, and nothing is written to the hook
 * once it runs, so a hook that never reads stdin meets no EPIPE. Node cannot make a pipe(2).
 *
 * Each call opens the file afresh, so every hook has its own offset and reads the whole payload.
 * The hooks of one call are spawned in the same tick with the same payload: the file is written
 * once for all of them (R11) and closed at the end of the tick; a hook that waited for a slot
 * gets a file of its own. The caller closes the descriptor once the hook is spawned. Throws
 * (ENOSPC, EMFILE, …) when the file cannot be made in any of `folders` (`/dev/shm`, then the OS
 * temporary folder): that hook's start failure (R9).
 */
export function openPayloadForStdin(
  payload: string | Uint8Array,
  folders: readonly string[] = defaultFolders(),
): number {
  let file = openFiles.get(payload);
  if (file === undefined) {
    file = createPayloadFile(payload, folders);
    openFiles.set(payload, file);
    setImmediate(releasePayloadFile, payload);
  }
  return openSync(file.path ?? `/proc/self/fd/${file.fd}`, constants.O_RDONLY);
}
