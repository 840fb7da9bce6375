// An advisory lock for one file between processes (SPEC C8): a lock file beside it, created
// with O_EXCL, holding the holder's pid and host. Hand-written because the well-kept library
// (proper-lockfile) locks with a directory whose mtime its holder keeps refreshing, and so
// cannot tell a crashed holder from a busy one until that mtime ages; C8 asks for a lock that
// is stale as soon as its process is gone.
import { closeSync, existsSync, linkSync, lstatSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isProcessAlive } from './is-process-alive.ts';
import { madeProgress, type ProcessActivity, processActivity } from './process-activity.ts';
import { unlikelyHex } from './unlikely-hex.ts';

/**
 * How long one holder may keep the lock without progress before a waiter gives up. A holder
 * keeps it for the few milliseconds of a read and a rename (more on a loaded machine); one that
 * keeps it this long, neither running nor waiting for a CPU, is stuck. While the lock changes
 * hands, a waiter is in a moving queue and waits on.
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
  /**
   * Called once, the first time the lock is found held: a waiter's moment to make ready what it
   * will do while it holds the lock (it waits anyway), so that it holds it for less. Must not throw.
   */
  readonly onBusy?: () => void;
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
    /** `held`: one holder kept it `waitMs` without progress; `queue`: it changed hands, never to us, for `queueMs`. */
    readonly reason: 'held' | 'queue',
    /** The holder last seen; undefined when its lock file did not say (still being written). */
    readonly holder: LockHolder | undefined,
    /** How long that holder had kept it without progress, as far as this waiter saw. */
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
 * it `waitMs` without progress (see {@link waitForLock}) or the whole wait reaches `queueMs`,
 * and the file system's error when the lock file cannot be created at all (`ENOENT` when the
 * folder does not exist).
 */
export async function withFileLock<T>(
  file: string,
  action: (lock: HeldLock) => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const path = lockFileFor(file);
  const token = newToken();
  // Created with O_EXCL, not linked in as the brief lock is: a writer killed while it waits must
  // leave nothing in the folder of the file it guards (C8: setup.json's folder holds only what the
  // sweep of stale temporary files removes), and its few waiters never stop a holder for seconds.
  const lock = await waitForLock(path, limitsOf(options), () => {
    if (!create(path, token)) return BUSY;
    removeDeadBreakerTurn(path);
    return heldLock(path, token);
  });
  try {
    return await action(lock);
  } finally {
    release(path, token);
  }
}

/**
 * As {@link withFileLock}, for a synchronous `action` of a few system calls (the journal's
 * append, SPEC J2): the lock is taken, used and released within one turn of the event loop. A
 * holder that gets the CPU is done before it gives it up (unless the scheduler takes it away),
 * so hundreds of waiting processes on two cores pass the lock on in milliseconds; an
 * asynchronous action holds it across turns of the holder's event loop, each a wait for the CPU
 * among all the waiters. The action needs no {@link HeldLock.stillHeld}: it runs microseconds
 * after the lock was taken, far from {@link STALE_LOCK_MS}.
 */
export async function withBriefFileLock<T>(file: string, action: () => T, options: FileLockOptions = {}): Promise<T> {
  const path = lockFileFor(file);
  const token = newToken();
  const candidate = lockCandidate(path, token);
  return await waitForLock(path, limitsOf(options), () => {
    if (!candidate.take()) return BUSY;
    try {
      return action();
    } finally {
      release(path, token);
      removeDeadBreakerTurn(path);
    }
  });
}

/** A would-be holder's lock file, ready to be put in place. */
interface LockCandidate {
  /** True when the lock was taken (the lock file is now this holder's); false when another holds it. */
  take(): boolean;
}

/**
 * The lock file is written under a name of this waiter's own and then hard-linked into place
 * (link fails with EEXIST while another holds it), so a lock file holds its holder's pid from its
 * first instant. Created with O_EXCL and written after, a lock file is empty for a moment, and a
 * holder the scheduler stops in that moment (1,000 processes on two cores stop one for seconds)
 * is one whose pid no waiter can look up, so its wait looks like a stuck holder's. Where the file
 * system has no hard links, the lock is created with O_EXCL as before.
 */
function lockCandidate(path: string, token: string): LockCandidate {
  const own = `${path}.${token.trim().split('\n').join('.')}`;
  let linkable = true;
  return {
    take() {
      // Test before test-and-set: a look takes no lock of the folder, a link (or an O_EXCL create)
      // takes it exclusively, and hundreds of waiters linking in a loop keep the holder's own
      // release waiting for it.
      if (existsSync(path)) return false;
      if (!linkable) return create(path, token);
      // The own file lives only for this try (written, linked, removed), so a waiter killed while
      // it waits leaves nothing behind; written now, its age (STALE_LOCK_MS) is the lock's.
      try {
        writeFileSync(own, token, { encoding: 'utf8', flag: 'wx', mode: 0o644 });
      } catch {
        linkable = false;
        return create(path, token);
      }
      try {
        linkSync(own, path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        linkable = false;
        return create(path, token);
      } finally {
        // The lock file, when linked, keeps the inode.
        rmSync(own, { force: true });
      }
      return true;
    },
  };
}

function limitsOf(options: FileLockOptions): Required<FileLockOptions> {
  return {
    waitMs: options.waitMs ?? LOCK_WAIT_MS,
    queueMs: options.queueMs ?? LOCK_QUEUE_MS,
    staleMs: options.staleMs ?? STALE_LOCK_MS,
    pollMs: options.pollMs ?? 100,
    onBusy: options.onBusy ?? (() => {}),
  };
}

/** A holder's token: pid, host and a nonce that tells this holder's lock from a later one of the same process. */
function newToken(): string {
  return `${process.pid}\n${hostname()}\n${unlikelyHex(16)}\n`;
}

/** What an attempt returns when another process holds the lock. */
const BUSY: unique symbol = Symbol('busy');

/**
 * Calls `attempt` until it returns something else than {@link BUSY}, and returns that. Between
 * attempts it looks at the lock file: a stale one is broken; a holder is stuck when it keeps the
 * lock `waitMs` without progress (on Linux a holder that is runnable, waiting in the kernel or
 * using CPU time is progressing: it is only waiting for a CPU or the folder's lock, as it does
 * when hundreds of processes start at once; elsewhere, and for a holder of another host or this
 * process, only a change of hands is); the whole wait is bounded by `queueMs` however the queue
 * moves. Waits grow
 * exponentially, with jitter, to `pollMs`: a holder is usually done within a millisecond, and
 * hundreds of waiters polling in step would take the CPU from it.
 */
async function waitForLock<T>(
  path: string,
  limits: Required<FileLockOptions>,
  attempt: () => Promise<T | typeof BUSY> | T | typeof BUSY,
): Promise<T> {
  const started = Date.now();
  // The holder seen last (its lock file's inode and token), since when it has been seen idle,
  // and its activity at the last look.
  let seen = '';
  let idleSince = started;
  let activity: ProcessActivity | undefined;
  for (let tries = 0; ; tries += 1) {
    const result = await attempt();
    if (result !== BUSY) return result;
    if (tries === 0) limits.onBusy();
    const current = inspect(path);
    // Released between our try and our look: try again at once.
    if (current === undefined) continue;
    if (!current.isFile) throw new Error(`${path} is in the way of the lock file: it is not a file; remove it`);
    if (isStale(current, limits.staleMs)) {
      if (breakStaleLock(path, current)) continue;
      // Another waiter is breaking it: look again in a moment.
      await sleep(5 + Math.random() * 10);
      continue;
    }
    const now = Date.now();
    const holder = `${current.ino}:${current.content}`;
    const holderActivity = activityOf(current.content);
    if (holder !== seen || madeProgress(activity, holderActivity)) idleSince = now;
    seen = holder;
    activity = holderActivity;
    if (now - idleSince >= limits.waitMs || now - started >= limits.queueMs) {
      const stuck = now - idleSince >= limits.waitMs;
      throw new LockTimeoutError(
        path,
        stuck ? 'held' : 'queue',
        holderOf(current.content),
        now - idleSince,
        now - started,
      );
    }
    // Exponential from 1 ms to pollMs; the jitter keeps many waiters from polling in step.
    const ceiling = Math.min(limits.pollMs, 2 ** tries);
    await sleep(ceiling / 2 + (Math.random() * ceiling) / 2);
  }
}

/** The activity of the holder a lock file names, when this machine can tell (see {@link processActivity}). */
function activityOf(content: string): ProcessActivity | undefined {
  const holder = holderOf(content);
  // Our own process is always busy when it looks; its lock is another task's, judged by its hands alone.
  if (holder === undefined || holder.host !== hostname() || holder.pid === process.pid) return undefined;
  return processActivity(holder.pid);
}

/**
 * True when the lock file was created (and the token written); false when it exists. Synchronous,
 * as every look at the lock is: each is a system call or two on a local file, and an await
 * between them would be one more wait for the CPU among all the waiters.
 */
function create(path: string, token: string): boolean {
  let descriptor: number;
  try {
    descriptor = openSync(path, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeFileSync(descriptor, token, 'utf8');
    closeSync(descriptor);
    return true;
  } catch (error) {
    // A lock without its token (disk full) would only look stale later: take it back now.
    try {
      closeSync(descriptor);
    } catch {
      // Closed already.
    }
    rmSync(path, { force: true });
    throw error;
  }
}

function holdsLock(path: string, token: string): boolean {
  try {
    return readFileSync(path, 'utf8') === token;
  } catch {
    return false;
  }
}

/** Removes the lock file at `path` when it is still this holder's: one taken over by another process is that process's to remove. */
function release(path: string, token: string): void {
  if (holdsLock(path, token)) rmSync(path, { force: true });
}

function heldLock(path: string, token: string): HeldLock {
  return { path, stillHeld: async () => holdsLock(path, token) };
}

/** A lock file as one look found it. @internal */
export interface LockFileState {
  readonly content: string;
  readonly ino: number;
  readonly mtimeMs: number;
  readonly isFile: boolean;
}

/** The lock file at `path`, or undefined when there is none. @internal */
export function inspect(path: string): LockFileState | undefined {
  try {
    const stats = lstatSync(path);
    if (!stats.isFile()) return { content: '', ino: stats.ino, mtimeMs: stats.mtimeMs, isFile: false };
    return { content: readFileSync(path, 'utf8'), ino: stats.ino, mtimeMs: stats.mtimeMs, isFile: true };
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
export function breakStaleLock(path: string, observed: LockFileState): boolean {
  const turn = breakerTurnFor(path);
  if (!create(turn, `${process.pid}\n${hostname()}\n`)) {
    removeDeadBreakerTurn(path);
    return false;
  }
  try {
    const current = inspect(path);
    const same = current !== undefined && current.ino === observed.ino && current.content === observed.content;
    if (same) rmSync(path, { force: true });
  } finally {
    rmSync(turn, { force: true });
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
function removeDeadBreakerTurn(path: string): void {
  const turn = breakerTurnFor(path);
  try {
    const other = inspect(turn);
    if (other !== undefined && Date.now() - other.mtimeMs > STALE_BREAKER_MS) rmSync(turn, { force: true });
  } catch {
    // Unreadable or gone meanwhile: a later waiter or holder looks again.
  }
}
