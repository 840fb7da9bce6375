// An advisory lock for one file between processes (SPEC C8): a lock file beside it, created
// with O_EXCL, holding the holder's pid and host. Hand-written because the well-kept library
// (proper-lockfile) locks with a directory whose mtime its holder keeps refreshing, and so
// cannot tell a crashed holder from a busy one until that mtime ages; C8 asks for a lock that
// is stale as soon as its process is gone.
// node:fs's `promises`, not node:fs/promises: it loads on first use, and `cosh hooks run` bundles
// this module but seldom writes (apps/cosh/test/e2e/start-up.test.ts).
import { promises as fsPromises } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isProcessAlive } from './is-process-alive.ts';

/**
 * How long one holder may keep the lock before a waiter gives up. A holder keeps it for the
 * few milliseconds of a read and a rename (more on a loaded machine); one that keeps it this
 * long is stuck. While the lock changes hands, a waiter is in a moving queue and waits on.
 */
export const LOCK_WAIT_MS = 15_000;

/**
 * How long a waiter waits in all, however often the lock changes hands (waiters poll, so one
 * can keep losing the race). Fifty writers arriving at once on an overloaded two-core machine
 * were all through in 30 s.
 */
export const LOCK_QUEUE_MS = 120_000;

/**
 * A lock file older than this is stale whatever its pid says: the pid may have been reused
 * since its holder died (after a reboot, in another container), and no holder keeps a lock
 * this long. A holder that did (stopped with SIGSTOP mid-write) finds out before it renames
 * (see {@link HeldLock.stillHeld}).
 */
export const STALE_LOCK_MS = 30_000;

/**
 * A lock file still without its holder's pid after this long is stale: its holder writes the
 * pid right after creating the file, so only one killed in between leaves it empty. (A live
 * holder this slow, on a machine overloaded that much, finds out before it renames.)
 */
export const UNWRITTEN_LOCK_MS = 5_000;

/**
 * A breaker's turn file older than this was left by a waiter that died while breaking a stale
 * lock: a break is one look and one removal, milliseconds.
 */
export const STALE_BREAKER_MS = 2_000;

/** The lock file of `file`: `.setup.json.lock` beside `setup.json`. */
export function lockFileFor(file: string): string {
  return join(dirname(file), `.${basename(file)}.lock`);
}

/** Test hooks; the defaults are {@link LOCK_WAIT_MS}, {@link LOCK_QUEUE_MS} and {@link STALE_LOCK_MS}. @internal */
export interface FileLockOptions {
  readonly waitMs?: number;
  readonly queueMs?: number;
  readonly staleMs?: number;
  /**
   * The longest pause between two tries, 100 ms by default. A lock held for well under a
   * millisecond by hundreds of waiters (the journal's, SPEC J2) polls more often, or the waiters
   * sleep while it is free.
   */
  readonly pollMs?: number;
}

/** The lock while it is held. */
export interface HeldLock {
  /** The lock file. */
  readonly path: string;
  /**
   * False when the lock file is no longer this holder's: another process judged it stale and
   * took it over. A holder checks this just before it commits, and gives up its attempt.
   */
  stillHeld(): Promise<boolean>;
}

/** Who holds a lock, as its file says. */
export interface LockHolder {
  readonly pid: number;
  readonly host: string;
}

/** The lock could not be taken: one holder kept it too long, or the queue did not reach us. */
export class LockTimeoutError extends Error {
  override readonly name = 'LockTimeoutError';

  constructor(
    /** The lock file. */
    readonly lockFile: string,
    /** `held`: one holder kept it `waitMs`; `queue`: it changed hands, never to us, for `queueMs`. */
    readonly reason: 'held' | 'queue',
    /** The holder last seen; undefined when its lock file did not say (still being written). */
    readonly holder: LockHolder | undefined,
    /** How long that holder had kept it, as far as this waiter saw. */
    readonly heldMs: number,
    /** How long this waiter waited in all. */
    readonly waitedMs: number,
  ) {
    super(`the lock ${lockFile} stayed taken for ${Math.round(waitedMs / 1000)} s`);
  }
}

/**
 * Runs `action` while holding the lock of `file`, and releases it after, whatever happens.
 * Waits (polling) while other live processes hold it; removes a stale one (its process is
 * gone, or it is older than `staleMs`). Throws {@link LockTimeoutError} when one holder keeps
 * it `waitMs` or the whole wait reaches `queueMs`, and the file system's error when the lock
 * file cannot be created at all (`ENOENT` when the folder does not exist).
 */
export async function withFileLock<T>(
  file: string,
  action: (lock: HeldLock) => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const lock = await acquire(file, {
    waitMs: options.waitMs ?? LOCK_WAIT_MS,
    queueMs: options.queueMs ?? LOCK_QUEUE_MS,
    staleMs: options.staleMs ?? STALE_LOCK_MS,
    pollMs: options.pollMs ?? 100,
  });
  try {
    return await action(lock);
  } finally {
    await lock.release();
  }
}

interface OwnLock extends HeldLock {
  release(): Promise<void>;
}

async function acquire(file: string, limits: Required<FileLockOptions>): Promise<OwnLock> {
  const path = lockFileFor(file);
  // The nonce tells this holder's lock from a later one of the same process. node:crypto is
  // loaded here, not with the module: `cosh hooks run` bundles this module but seldom locks.
  const { randomBytes } = await import('node:crypto');
  const token = `${process.pid}\n${hostname()}\n${randomBytes(8).toString('hex')}\n`;
  const started = Date.now();
  // The holder seen last (its lock file's inode and token), and since when.
  let seen = '';
  let seenSince = started;
  for (let attempt = 0; ; attempt += 1) {
    if (await create(path, token)) {
      await removeDeadBreakerTurn(path);
      return ownLock(path, token);
    }
    const current = await inspect(path);
    // Released between our try and our look: try again at once.
    if (current === undefined) continue;
    if (!current.isFile) throw new Error(`${path} is in the way of the lock file: it is not a file; remove it`);
    if (isStale(current, limits.staleMs)) {
      if (await breakStaleLock(path, current)) continue;
      // Another waiter is breaking it: look again in a moment.
      await sleep(5 + Math.random() * 10);
      continue;
    }
    const now = Date.now();
    const holder = `${current.ino}:${current.content}`;
    if (holder !== seen) {
      seen = holder;
      seenSince = now;
    }
    if (now - seenSince >= limits.waitMs || now - started >= limits.queueMs) {
      const stuck = now - seenSince >= limits.waitMs;
      throw new LockTimeoutError(
        path,
        stuck ? 'held' : 'queue',
        holderOf(current.content),
        now - seenSince,
        now - started,
      );
    }
    // Quick at first (a holder is usually done within milliseconds), then every 100 ms or so;
    // the jitter keeps many waiters from polling in step.
    await sleep(Math.min(limits.pollMs, 2 ** attempt) + Math.random() * Math.min(10, limits.pollMs));
  }
}

/** True when the lock file was created (and the token written); false when it exists. */
async function create(path: string, token: string): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof fsPromises.open>>;
  try {
    handle = await fsPromises.open(path, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(token, 'utf8');
    await handle.close();
    return true;
  } catch (error) {
    // A lock without its token (disk full) would only look stale later: take it back now.
    await handle.close().catch(() => undefined);
    await fsPromises.rm(path, { force: true });
    throw error;
  }
}

function ownLock(path: string, token: string): OwnLock {
  const stillHeld = async (): Promise<boolean> =>
    (await fsPromises.readFile(path, 'utf8').catch(() => undefined)) === token;
  return {
    path,
    stillHeld,
    async release(): Promise<void> {
      // A lock taken over by another process is that process's to remove.
      if (await stillHeld()) await fsPromises.rm(path, { force: true });
    },
  };
}

/** A lock file as one look found it. @internal */
export interface LockFileState {
  readonly content: string;
  readonly ino: number;
  readonly mtimeMs: number;
  readonly isFile: boolean;
}

/** The lock file at `path`, or undefined when there is none. @internal */
export async function inspect(path: string): Promise<LockFileState | undefined> {
  try {
    const stats = await fsPromises.lstat(path);
    if (!stats.isFile()) return { content: '', ino: stats.ino, mtimeMs: stats.mtimeMs, isFile: false };
    return { content: await fsPromises.readFile(path, 'utf8'), ino: stats.ino, mtimeMs: stats.mtimeMs, isFile: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function holderOf(content: string): LockHolder | undefined {
  const [pidText, host] = content.split('\n');
  const pid = Number(pidText);
  if (!/^\d+$/.test(pidText ?? '') || !Number.isSafeInteger(pid) || pid <= 0 || host === undefined || host === '')
    return undefined;
  return { pid, host };
}

function isStale(lock: LockFileState, staleMs: number): boolean {
  const age = Date.now() - lock.mtimeMs;
  if (age > staleMs) return true;
  const holder = holderOf(lock.content);
  // No token: its holder is between creating the file and writing to it, or was killed there.
  if (holder === undefined) return age > Math.min(staleMs, UNWRITTEN_LOCK_MS);
  // A pid of another machine (a shared folder) says nothing here; only the lock's age does.
  if (holder.host !== hostname()) return false;
  return !isProcessAlive(holder.pid);
}

/**
 * Removes the stale lock `observed`, and only that one. Two waiters may judge the same lock stale;
 * had both simply deleted it, the second could delete the lock the first had taken meanwhile.
 * Moving the lock aside to check it is no cure: its place stays empty for a moment, a third
 * waiter takes the lock in it, and a live lock moved aside by mistake can no longer go back (two
 * holders at once). So breakers take turns through a second lock file beside it (`….lock.break`,
 * O_EXCL), and the one whose turn it is looks again and removes the lock only when it is still
 * the one judged stale (same inode, same pid, host and nonce). Nothing else removes a lock file
 * but its holder, so what the breaker saw is what it removes. Returns false when another breaker
 * had the turn (the caller waits a moment and looks again), true otherwise. Exported for its
 * test. @internal
 */
export async function breakStaleLock(path: string, observed: LockFileState): Promise<boolean> {
  const turn = breakerTurnFor(path);
  if (!(await create(turn, `${process.pid}\n${hostname()}\n`))) {
    await removeDeadBreakerTurn(path);
    return false;
  }
  try {
    const current = await inspect(path);
    const same = current !== undefined && current.ino === observed.ino && current.content === observed.content;
    if (same) await fsPromises.rm(path, { force: true });
  } finally {
    await fsPromises.rm(turn, { force: true });
  }
  return true;
}

/** The breakers' turn file of the lock file `path` (see {@link breakStaleLock}). */
function breakerTurnFor(path: string): string {
  return `${path}.break`;
}

/**
 * Removes the breakers' turn file when it is older than {@link STALE_BREAKER_MS}: a breaker
 * killed in its turn left it. A waiter does this when the turn is not its own; a new holder does
 * it too, since otherwise the file stays beside the config until a lock goes stale again (a live
 * holder's lock is never broken, and a turn on an earlier lock lasts milliseconds). Best effort.
 */
async function removeDeadBreakerTurn(path: string): Promise<void> {
  const turn = breakerTurnFor(path);
  try {
    const other = await inspect(turn);
    if (other !== undefined && Date.now() - other.mtimeMs > STALE_BREAKER_MS)
      await fsPromises.rm(turn, { force: true });
  } catch {
    // Unreadable or gone meanwhile: a later waiter or holder looks again.
  }
}
