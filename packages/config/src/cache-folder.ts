import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { homeFolder } from './home-folder.ts';

/**
 * The folder of Cosh's caches, which only make it faster and may be deleted at any time:
 * `$XDG_CACHE_HOME/cosh` when that variable is an absolute path, else `~/.cache/cosh`, under
 * {@link homeFolder} (never a relative folder).
 */
export function coshCacheFolder(options: { env?: NodeJS.ProcessEnv; homedir?: string } = {}): string {
  const env = options.env ?? process.env;
  const cacheHome = env['XDG_CACHE_HOME'];
  if (cacheHome !== undefined && isAbsolute(cacheHome)) return join(cacheHome, 'cosh');
  const home = options.homedir ?? homeFolder(env);
  return join(home, '.cache', 'cosh');
}

/**
 * Replaces the cache file `file` with `data`, readable by its owner only (or with `mode`: never
 * writable by others, whatever the umask), creating its folder (owner only) when missing. Never
 * throws: a cache that cannot be written is no cache. Written under a name of its own, then
 * renamed, so a reader (another `cosh` starting at the same time) sees the old file or the new
 * one, never half of one.
 */
export function writeCacheFile(file: string, data: string | Uint8Array, options: { mode?: number } = {}): void {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // On the disk before the rename, so that a crash of the machine leaves the old file or the
    // new one, never a new name over a half-written text (a cache may hold compiled code).
    const descriptor = openSync(temporary, 'wx', (options.mode ?? 0o600) & 0o755);
    try {
      const bytes = typeof data === 'string' ? Buffer.from(data) : data;
      for (let written = 0; written < bytes.length; ) written += writeSync(descriptor, bytes, written);
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    renameSync(temporary, file);
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Nothing was written where nothing can be.
    }
  }
}

/**
 * The bytes of the cache file `file`, or `undefined` when it is missing, unreadable, larger than
 * `maxBytes` or not a regular file. Never throws and never waits: opened with `O_NONBLOCK`, a
 * FIFO put where a cache belongs answers at once instead of holding every start of `cosh` for a
 * writer, and nothing past the size checked is read.
 */
export function readCacheFile(file: string, maxBytes: number): Buffer | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile() || stats.size > maxBytes) return undefined;
    return readFileSync(descriptor);
  } catch {
    return undefined;
  } finally {
    closeSync(descriptor);
  }
}
