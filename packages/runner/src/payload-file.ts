import { closeSync, constants, existsSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where payload files go, in order (`index` 0, 1, …; `undefined` past the last): the given
 * folders, else tmpfs first (a file there is memory, never disk: 30 µs to set up against 85 µs on
 * ext4 here), then the OS temporary folder (TMPDIR), used when `/dev/shm` is missing, read-only
 * or full (a container's is 64 MiB). TMPDIR is read only when `/dev/shm` failed: reading it at
 * every call cost 17 µs right after a fork.
 */
function folderAt(folders: readonly string[] | undefined, index: number): string | undefined {
  if (folders !== undefined) return folders[index];
  if (index === 0) return '/dev/shm';
  return index === 1 ? tmpdir() : undefined;
}

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
  /** Descriptor of the written file (read-write), closed at the end of the tick. */
  readonly fd: number;
  /** Its name while it still has one (no `/proc`), else `null`. */
  readonly path: string | null;
  /** A read-only descriptor opened ahead with the file (closed with it), for its first reader; `null` when none was. */
  readonly preparedReader: number | null;
  /** Whether {@link PayloadFile.preparedReader} went to a reader already. */
  preparedReaderGiven: boolean;
  /** The read-only descriptors opened of it this tick, closed with it; `null` while there are none. */
  reopened: number[] | null;
}

/** The payload files of this tick, by payload (a string by value, bytes by identity). */
const openFiles = new Map<string | Uint8Array, PayloadFile>();

/** Written from offset 0 whatever the descriptor's offset (pwrite): a prepared file holds a placeholder byte there. */
function writeAll(fd: number, bytes: Uint8Array): void {
  let offset = 0;
  while (offset < bytes.byteLength) offset += writeSync(fd, bytes, offset, bytes.byteLength - offset, offset);
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
function createPayloadFile(payload: string | Uint8Array, folders: readonly string[] | undefined): PayloadFile {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const prepared = folders === undefined ? takePreparedFile(bytes) : null;
  if (prepared !== null) return prepared;
  let lastError: unknown;
  for (let index = 0; ; index += 1) {
    const folder = folderAt(folders, index);
    if (folder === undefined) break;
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
    if (path !== null && reopensThroughProc) {
      try {
        unlinkSync(path);
        path = null;
      } catch {
        // Cannot happen in a folder we could create in; if it does, the release removes it.
      }
    }
    return { fd, path, preparedReader: null, preparedReaderGiven: false, reopened: null };
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

/**
 * The next payload file, made ahead ({@link prepareNextPayloadFile}) in `/dev/shm`: nameless,
 * empty but for one byte (so tmpfs has already given it its first page), and with a read-only
 * descriptor of it already open for its first reader. `null` when none is ready.
 */
let preparedFile: { readonly fd: number; readonly reader: number } | null = null;
const placeholderByte = new Uint8Array(1);

/**
 * Makes the file the next payload will be written to, if none is ready: called right after a hook
 * is spawned, while it runs, so the next call does not pay for it before its own spawn (making a
 * nameless file, giving it its first page and opening it again read-only through `/proc` cost
 * 45–50 µs of the call right after a fork). Only ever used once, for one payload: a file a hook
 * had is never written again. Where no nameless file can be made in `/dev/shm`, nothing is
 * prepared and each call makes its own.
 */
export function prepareNextPayloadFile(): void {
  if (preparedFile !== null || tmpFileFlags === null) return;
  let fd: number;
  try {
    fd = openSync('/dev/shm', tmpFileFlags, 0o600);
  } catch {
    return;
  }
  try {
    writeSync(fd, placeholderByte, 0, 1, 0);
    preparedFile = { fd, reader: openSync(`/proc/self/fd/${fd}`, constants.O_RDONLY) };
  } catch {
    closeQuietly(fd);
  }
}

/**
 * The prepared file holding `bytes` (at least one, written from offset 0 over the placeholder
 * byte, so nothing of it is left), or `null` when none is ready or the write fails (ENOSPC past
 * its first page): the caller then makes a file as usual.
 */
function takePreparedFile(bytes: Uint8Array): PayloadFile | null {
  const prepared = preparedFile;
  // An empty payload would leave the placeholder byte as the file's content.
  if (prepared === null || bytes.byteLength === 0) return null;
  preparedFile = null;
  try {
    writeAll(prepared.fd, bytes);
  } catch {
    closeQuietly(prepared.reader);
    closeQuietly(prepared.fd);
    return null;
  }
  return { fd: prepared.fd, path: null, preparedReader: prepared.reader, preparedReaderGiven: false, reopened: null };
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone (a temporary-folder cleaner): nothing left to remove.
  }
}

/** Closes a descriptor of ours; a failure has nothing left to undo. */
function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // EBADF or EIO on a file nobody reads any more: nothing to recover.
  }
}

/** Closes (and unlinks, where named) every payload file of the tick that is ending. */
function releasePayloadFiles(): void {
  for (const file of openFiles.values()) {
    closeQuietly(file.fd);
    if (file.preparedReader !== null) closeQuietly(file.preparedReader);
    for (const fd of file.reopened ?? []) closeQuietly(fd);
    if (file.path !== null) removeQuietly(file.path);
  }
  openFiles.clear();
}

/**
 * A read-only descriptor of a regular file holding `payload`, to pass to a process as its stdin
 * (R3) or as a launcher's file: a hook can open it by name (`cat /dev/stdin`, `jq . <
 * /dev/stdin`), which a socket (what Node's `stdio: 'pipe'` gives on Linux) refuses with ENXIO,
 * and nothing is written to the hook once it runs, so a hook that never reads stdin meets no
 * EPIPE. Node cannot make a pipe(2).
 *
 * Every process of a tick given the same payload reads one file, written once (R11), each
 * through a read-only descriptor of its own offset: no process is given one it could write the
 * payload through. The first is usually opened ahead, with a file prepared while the previous
 * hook ran.
 *
 * The descriptors stay open until the current job of the event loop has run to its end (a
 * microtask), so a caller spawns with one at once and never closes it; a hook that waited for a
 * slot gets a file of its own. Throws (ENOSPC, EMFILE, …) when the file cannot be made in any of
 * `folders` (`/dev/shm`, then the OS temporary folder): that process's start failure (R9).
 */
export function payloadDescriptor(payload: string | Uint8Array, folders?: readonly string[]): number {
  let file = openFiles.get(payload);
  if (file === undefined) {
    file = createPayloadFile(payload, folders);
    if (openFiles.size === 0) queueMicrotask(releasePayloadFiles);
    openFiles.set(payload, file);
  }
  if (file.preparedReader !== null && !file.preparedReaderGiven) {
    file.preparedReaderGiven = true;
    return file.preparedReader;
  }
  const fd = openSync(file.path ?? `/proc/self/fd/${file.fd}`, constants.O_RDONLY);
  file.reopened ??= [];
  file.reopened.push(fd);
  return fd;
}
