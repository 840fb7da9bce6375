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

/**
 * Linux's O_TMPFILE (Node does not export it): a file with no name at all, made in one call,
 * where a named one costs a random name, an exclusive create and an unlink (19 µs of a call's
 * 70 µs here, right after a fork). `__O_TMPFILE` is 0o20000000 on these architectures, always with
 * O_DIRECTORY (an old kernel that ignores it then fails with EISDIR rather than opening the
 * folder). `null` where it is not known; then every file is named.
 */
const tmpFileFlags =
  reopensThroughProc && process.platform === 'linux' && ['x64', 'arm64', 'arm', 'ia32'].includes(process.arch)
    ? 0o20000000 | constants.O_DIRECTORY | constants.O_RDWR
    : null;

/** What a folder answers to O_TMPFILE when its file system (or the kernel) cannot make such files. */
const tmpFileUnsupported = new Set(['EOPNOTSUPP', 'ENOTSUP', 'EISDIR', 'EINVAL']);

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

/** Names tried per folder before the next folder: only a name planted beforehand is taken. */
const ATTEMPTS_PER_FOLDER = 4;

/**
 * A name no other file should have. Math.random, not node:crypto: the file is created with
 * `O_EXCL | O_NOFOLLOW`, so a guessed name can at most be taken first (then another is tried),
 * never followed or read; and node:crypto would cost every `cosh hooks run` its load
 * (test/e2e/start-up.test.ts keeps it off the per-call start).
 */
const randomName = (): string =>
  `cosh-stdin-${process.pid}-${Math.floor(Math.random() * 2 ** 32).toString(16)}${Math.floor(Math.random() * 2 ** 32).toString(16)}`;

/** A new file of mode 0600 in `folder`, by {@link randomName}; throws the last error when none can be made. */
function createExclusively(folder: string): { fd: number; path: string } {
  let lastError: unknown;
  for (let attempt = 0; attempt < ATTEMPTS_PER_FOLDER; attempt += 1) {
    const path = join(folder, randomName());
    try {
      return { fd: openSync(path, createFlags, 0o600), path };
    } catch (error) {
      lastError = error;
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') break;
    }
  }
  throw lastError;
}

/**
 * Writes `payload` to a new file of mode 0600 in a temporary folder, with no name (O_TMPFILE) or
 * a random name created with `O_EXCL | O_NOFOLLOW` (nothing planted there beforehand is followed
 * or reused).
 */
function createPayloadFile(payload: string | Uint8Array, folders: readonly string[]): PayloadFile {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  let lastError: unknown;
  for (const folder of folders) {
    let fd: number;
    let path: string | null;
    try {
      ({ fd, path } = createInFolder(folder));
    } catch (error) {
      lastError = error;
      continue;
    }
    try {
      writeAll(fd, bytes);
    } catch (error) {
      // ENOSPC on a small tmpfs: the next folder may have room.
      closeSync(fd);
      if (path !== null) removeQuietly(path);
      lastError = error;
      continue;
    }
    if (path === null || !reopensThroughProc) return { fd, path };
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

/** A new file of mode 0600 in `folder`: nameless (O_TMPFILE) where the folder can make one, else {@link createExclusively}'s. */
function createInFolder(folder: string): { fd: number; path: string | null } {
  if (tmpFileFlags !== null) {
    try {
      return { fd: openSync(folder, tmpFileFlags, 0o600), path: null };
    } catch (error) {
      if (!tmpFileUnsupported.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    }
  }
  return createExclusively(folder);
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
