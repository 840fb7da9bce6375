// node:fs's `promises`, not node:fs/promises: it loads on first use, and `cosh hooks run` bundles
// this module but seldom writes (apps/cosh/test/e2e/start-up.test.ts).
import { promises as fsPromises } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { isProcessAlive } from './is-process-alive.ts';

/**
 * How old a dead writer's temporary file must be before it is removed. A writer holds its file
 * for milliseconds; the margin keeps us off a file whose writer we cannot see (another pid
 * namespace sharing the folder) and that is still being written.
 */
export const STALE_TEMPORARY_FILE_MS = 60_000;

/**
 * The start of the names of `file`'s temporary files: a dot (hidden in most listings) and the
 * file's name, or `file` for a name over 100 bytes, so the whole name stays under NAME_MAX.
 */
function temporaryPrefix(file: string): string {
  const name = basename(file);
  return `.${Buffer.byteLength(name) <= 100 ? name : 'file'}.`;
}

/** The temporary file `writeFileAtomically` uses for `file` in process `pid`. */
export function temporaryFileFor(file: string, pid: number, suffix: string): string {
  return join(dirname(file), `${temporaryPrefix(file)}${pid}.${suffix}.tmp`);
}

/**
 * Removes the temporary files that writers of `file` left behind when they were killed between
 * creating one and renaming it (a crash cannot leave the config itself half-written, only
 * these): files named like {@link temporaryFileFor} whose process is gone and that are older
 * than {@link STALE_TEMPORARY_FILE_MS}. Symbolic links and anything else are left alone. Best
 * effort: never throws; returns the paths removed.
 *
 * @param now The time to judge ages by. @internal Tests pass another; callers leave it out.
 */
export async function removeStaleTemporaryFiles(file: string, now: number = Date.now()): Promise<string[]> {
  const directory = dirname(file);
  const prefix = temporaryPrefix(file);
  let names: string[];
  try {
    names = await fsPromises.readdir(directory);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const writer = /^(\d+)\.[0-9a-f]{12}\.tmp$/.exec(name.slice(prefix.length));
    if (writer === null || isProcessAlive(Number(writer[1]))) continue;
    const path = join(directory, name);
    try {
      const stats = await fsPromises.lstat(path);
      if (!stats.isFile() || now - stats.mtimeMs < STALE_TEMPORARY_FILE_MS) continue;
      await fsPromises.rm(path, { force: true });
      removed.push(path);
    } catch {
      // Gone meanwhile, or not ours to remove: either way nothing to do.
    }
  }
  return removed;
}
