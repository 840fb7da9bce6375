// node:fs's `promises`, not node:fs/promises: it loads on first use, and `cosh hooks run` bundles
// this module but seldom writes (apps/cosh/test/e2e/start-up.test.ts).
import { promises as fsPromises, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { onExit } from 'signal-exit';
import { removeStaleTemporaryFiles, temporaryFileFor } from './stale-temporary-files.ts';
import { unlikelyHex } from './unlikely-hex.ts';

/** How to replace a file. */
export interface AtomicWriteOptions {
  /** Permission bits for the new file (kept from the file replaced). Default: 0o666 less the umask. */
  readonly mode?: number | undefined;
  /** Owner to give the new file when the process may (root replacing another user's file). */
  readonly owner?: { readonly uid: number; readonly gid: number } | undefined;
  /**
   * The text the file is expected to still hold, or `null` when it is expected to still not
   * exist; when another writer changed (or created) it meanwhile the write is abandoned and
   * `false` returned, so the caller can redo its change on the new text.
   */
  readonly unchangedSince?: string | null | undefined;
  /**
   * Aborted before the rename: the temporary file is removed, the file is left as it was, and
   * the signal's reason is thrown (`fs_write` of a cancelled call).
   */
  readonly signal?: AbortSignal | undefined;
}

// Temporary files between their creation and their rename or removal. A process that exits or
// is stopped by a signal mid-write (SIGTERM to `cosh exec`, a client stopping `cosh mcp serve`)
// removes them on its way out, so an interrupted write leaves nothing behind (SPEC T); only
// SIGKILL, which runs no handler, can still leave one, for a later write to remove.
const temporaryFilesInFlight = new Set<string>();
let exitCleanupRegistered = false;

function removeOnExit(temporary: string): void {
  if (!exitCleanupRegistered) {
    exitCleanupRegistered = true;
    // signal-exit covers `exit` and the fatal signals, and re-raises a signal afterwards when no
    // one else listens for it; registered on the first write only, so a read-only run (every
    // `cosh hooks run`) changes nothing about how it handles signals.
    onExit(() => {
      for (const path of temporaryFilesInFlight) {
        try {
          unlinkSync(path);
        } catch {
          // Already renamed or removed.
        }
      }
    });
  }
  temporaryFilesInFlight.add(temporary);
}

/**
 * The one atomic write of Cosh (setup.json's toggles, the app's `fs_write`). Writes `text` to a
 * temporary file in the same folder (same file system, so the rename is atomic), flushes it,
 * then renames it over `file`: a reader sees the old file or the new one, never half of one,
 * and a crash leaves the old file intact. A process that exits or gets a fatal signal (SIGTERM,
 * SIGINT, SIGHUP) mid-write removes its temporary file on the way out; after a SIGKILL one may be
 * left, which a later write removes once its process is gone (see `removeStaleTemporaryFiles`). Returns false when
 * `unchangedSince` no longer matches. `file` must not be a symbolic link (resolve it first, or
 * the link is replaced by a file).
 */
export async function writeFileAtomically(
  file: string,
  text: string,
  options: AtomicWriteOptions = {},
): Promise<boolean> {
  // A writer killed mid-write leaves its temporary file (never a half-written config): tidy up.
  await removeStaleTemporaryFiles(file);
  // Opened with O_EXCL, so the name needs to be unlikely, not secret.
  const temporary = temporaryFileFor(file, process.pid, unlikelyHex(12));
  let handle: Awaited<ReturnType<typeof fsPromises.open>> | undefined;
  let renamed = false;
  // Before the file exists: a signal between its creation and this line would otherwise miss it.
  removeOnExit(temporary);
  try {
    handle = await fsPromises.open(temporary, 'wx', options.mode ?? 0o666);
    await handle.writeFile(text, 'utf8');
    // fsPromises.open() applies the umask to the mode; the file being replaced had exactly this one.
    if (options.mode !== undefined) await handle.chmod(options.mode);
    if (options.owner !== undefined && process.getuid?.() === 0) {
      await handle.chown(options.owner.uid, options.owner.gid);
    }
    await handle.sync();
    await handle.close();
    handle = undefined;
    options.signal?.throwIfAborted();
    if (options.unchangedSince !== undefined) {
      const current = await fsPromises.readFile(file, 'utf8').catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      });
      if (current !== options.unchangedSince) return false;
    }
    await fsPromises.rename(temporary, file);
    renamed = true;
    await syncDirectory(dirname(file));
    return true;
  } finally {
    await handle?.close().catch(() => undefined);
    if (!renamed) await fsPromises.rm(temporary, { force: true }).catch(() => undefined);
    temporaryFilesInFlight.delete(temporary);
  }
}

/** Makes the rename itself durable; some file systems refuse to open a folder, which is fine. */
async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await fsPromises.open(directory, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Durability of the rename is a bonus; the write itself already succeeded.
  }
}
