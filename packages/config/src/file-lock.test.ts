import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { temporaryFolders } from '@cosh/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  breakStaleLock,
  inspect,
  lockFileFor,
  LockTimeoutError,
  STALE_BREAKER_MS,
  UNWRITTEN_LOCK_MS,
  withBriefFileLock,
  withFileLock,
} from './file-lock.ts';

const makeFolder = temporaryFolders('cosh-lock-');

let directory: string;
let file: string;

beforeEach(() => {
  directory = makeFolder();
  file = join(directory, 'setup.json');
});

/** A pid that existed and is gone now: a child that already exited. */
function deadPid(): number {
  return Number(String(spawnSync('/bin/sh', ['-c', 'echo $$']).stdout).trim());
}

async function leaveLock(content: string, ageMs = 0): Promise<void> {
  await writeFile(lockFileFor(file), content);
  if (ageMs > 0) {
    const seconds = (Date.now() - ageMs) / 1000;
    await utimes(lockFileFor(file), seconds, seconds);
  }
}

/**
 * `count` holders at once, each reading a counter, yielding, and writing it back plus one: a
 * lost update if two are inside together. Returns the final count and the most inside at once.
 */
async function contend(
  count: number,
  options: { staleMs?: number } = {},
): Promise<{ total: number; mostInside: number }> {
  const counter = join(directory, 'counter');
  await writeFile(counter, '0');
  let inside = 0;
  let mostInside = 0;
  await Promise.all(
    Array.from({ length: count }, () =>
      withFileLock(
        file,
        async () => {
          inside += 1;
          mostInside = Math.max(mostInside, inside);
          const value = Number(await readFile(counter, 'utf8'));
          await sleep(Math.random() * 5);
          await writeFile(counter, String(value + 1));
          inside -= 1;
        },
        { waitMs: 20_000, ...options },
      ),
    ),
  );
  return { total: Number(await readFile(counter, 'utf8')), mostInside };
}

describe('withFileLock', () => {
  it('C8: the lock file sits beside the file, holds pid and host while held, and is gone after', async () => {
    expect(lockFileFor(file)).toBe(join(directory, '.setup.json.lock'));
    const seen = await withFileLock(file, async (lock) => {
      expect(lock.path).toBe(lockFileFor(file));
      expect(await lock.stillHeld()).toBe(true);
      return readFile(lock.path, 'utf8');
    });
    expect(seen).toMatch(new RegExp(`^${process.pid}\n${hostname().replaceAll('.', '\\.')}\n[0-9a-f]{16}\n$`));
    expect(await readdir(directory)).toEqual([]);
  });

  it('C8: twenty holders at once take turns: no update lost', async () => {
    expect(await contend(20)).toEqual({ total: 20, mostInside: 1 });
    expect(await readdir(directory)).toEqual(['counter']);
  });

  it('C8: many waiters finding the same stale lock still take turns (one breaks it, and only it)', async () => {
    await leaveLock(`${deadPid()}\n${hostname()}\nstale\n`);
    expect(await contend(12)).toEqual({ total: 12, mostInside: 1 });
    expect(await readdir(directory)).toEqual(['counter']);
  });

  it('C8: breaking a stale lock removes that lock only: one taken since (by a quicker breaker) stays', async () => {
    await leaveLock(`${deadPid()}\n${hostname()}\nstale\n`);
    const observed = await inspect(lockFileFor(file));
    if (observed === undefined) throw new Error('no lock');
    // Another waiter broke it first and took the lock: a live lock now stands in its place.
    await rm(lockFileFor(file));
    await leaveLock(`${process.pid}\n${hostname()}\nfresh\n`);
    expect(await breakStaleLock(lockFileFor(file), observed)).toBe(true);
    expect(await readFile(lockFileFor(file), 'utf8')).toContain('fresh');
    expect(await readdir(directory)).toEqual(['.setup.json.lock']);
    // The stale one itself goes, with nothing left beside it.
    await rm(lockFileFor(file));
    await leaveLock(`${deadPid()}\n${hostname()}\nstale\n`);
    expect(await breakStaleLock(lockFileFor(file), (await inspect(lockFileFor(file))) as typeof observed)).toBe(true);
    expect(await readdir(directory)).toEqual([]);
  });

  it("C8: breakers take turns: while another breaker has its turn the lock is left alone; a dead breaker's turn expires", async () => {
    await leaveLock(`${deadPid()}\n${hostname()}\nstale\n`);
    const observed = (await inspect(lockFileFor(file))) as NonNullable<Awaited<ReturnType<typeof inspect>>>;
    const turn = `${lockFileFor(file)}.break`;
    await writeFile(turn, `${process.pid}\n${hostname()}\n`);
    expect(await breakStaleLock(lockFileFor(file), observed)).toBe(false);
    expect(await readFile(lockFileFor(file), 'utf8')).toContain('stale');
    // Left by a breaker that died in its turn: older than STALE_BREAKER_MS, it is taken away.
    const old = (Date.now() - STALE_BREAKER_MS - 1_000) / 1000;
    await utimes(turn, old, old);
    expect(await breakStaleLock(lockFileFor(file), observed)).toBe(false);
    expect(await breakStaleLock(lockFileFor(file), observed)).toBe(true);
    expect(await readdir(directory)).toEqual([]);
    // And a waiter gets past a dead breaker's turn on its own.
    await leaveLock(`${deadPid()}\n${hostname()}\nstale\n`);
    await writeFile(turn, `${deadPid()}\n${hostname()}\n`);
    await utimes(turn, old, old);
    expect(await withFileLock(file, async () => 'got it')).toBe('got it');
    expect(await readdir(directory)).toEqual([]);
  });

  it("C8: a dead breaker's turn file is removed by the next holder once it is old; a young one is left", async () => {
    // A waiter killed while breaking a stale lock leaves its turn file; no lock may be stale
    // afterwards to bring another breaker by.
    const turn = `${lockFileFor(file)}.break`;
    await writeFile(turn, `${deadPid()}\n${hostname()}\n`);
    expect(await withFileLock(file, async () => 'young')).toBe('young');
    expect(await readdir(directory)).toEqual(['.setup.json.lock.break']);
    const old = (Date.now() - STALE_BREAKER_MS - 1_000) / 1000;
    await utimes(turn, old, old);
    expect(await withFileLock(file, async () => 'old')).toBe('old');
    expect(await readdir(directory)).toEqual([]);
  });

  it('C8: a holder that fails still releases the lock', async () => {
    await expect(
      withFileLock(file, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await readdir(directory)).toEqual([]);
  });

  it('C8: a live holder is waited for; once it releases, the waiter goes on', async () => {
    const order: string[] = [];
    const first = withFileLock(file, async () => {
      order.push('first in');
      await sleep(150);
      order.push('first out');
    });
    await sleep(20);
    await withFileLock(file, async () => {
      order.push('second in');
    });
    await first;
    expect(order).toEqual(['first in', 'first out', 'second in']);
  });

  it('C8: a live holder that keeps the lock past the wait: LockTimeoutError with the holder', async () => {
    const holder = spawn('sleep', ['30']);
    try {
      await leaveLock(`${holder.pid}\n${hostname()}\nabc\n`);
      const error = await withFileLock(file, async () => undefined, { waitMs: 200 }).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(LockTimeoutError);
      expect(error).toMatchObject({
        lockFile: lockFileFor(file),
        reason: 'held',
        holder: { pid: holder.pid, host: hostname() },
      });
      expect((error as LockTimeoutError).heldMs).toBeGreaterThanOrEqual(200);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('C8: a live holder that is running or waiting for a CPU is not stuck: the waiter waits past waitMs, to the whole bound', async () => {
    // Linux's /proc tells a runnable holder (hundreds of processes at once on two cores) from a stuck one.
    if (!existsSync('/proc/self/stat')) return;
    const holder = spawn('/bin/sh', ['-c', 'while :; do :; done']);
    try {
      await leaveLock(`${holder.pid}\n${hostname()}\nbusy\n`);
      const error = await withFileLock(file, async () => undefined, { waitMs: 300, queueMs: 1_500 }).catch(
        (reason: unknown) => reason,
      );
      expect(error).toMatchObject({ reason: 'queue', holder: { pid: holder.pid } });
      expect((error as LockTimeoutError).waitedMs).toBeGreaterThanOrEqual(1_500);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  /**
   * Gives the lock to a first live holder, then (`done` settles when it has) makes it change
   * hands every 50 ms, never absent, until `stop` is set, and frees it.
   */
  async function startQueueOfHolders(control: { stop: boolean }): Promise<{ done: Promise<void> }> {
    await leaveLock(`${process.pid}\n${hostname()}\nturn-first\n`);
    const done = (async () => {
      for (let turn = 0; !control.stop; turn += 1) {
        await sleep(50);
        await writeFile(join(directory, 'next'), `${process.pid}\n${hostname()}\nturn-${turn}\n`);
        await rename(join(directory, 'next'), lockFileFor(file));
      }
      await rm(lockFileFor(file), { force: true });
    })();
    return { done };
  }

  it('C8: a lock that keeps changing hands is a moving queue: the waiter waits past waitMs, then gets it', async () => {
    const control = { stop: false };
    const queue = await startQueueOfHolders(control);
    // waitMs is 20 hand-offs long: a loaded machine's stalled event loop must not look like a held lock.
    setTimeout(() => (control.stop = true), 1_500);
    const started = Date.now();
    await withFileLock(file, async () => undefined, { waitMs: 1_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    await queue.done;
  });

  it('C8: the whole wait is bounded too, however often the lock changes hands', async () => {
    const control = { stop: false };
    const queue = await startQueueOfHolders(control);
    try {
      const error = await withFileLock(file, async () => undefined, { waitMs: 1_000, queueMs: 2_000 }).catch(
        (reason: unknown) => reason,
      );
      expect(error).toMatchObject({ reason: 'queue' });
      expect((error as LockTimeoutError).waitedMs).toBeGreaterThanOrEqual(2_000);
    } finally {
      control.stop = true;
      await queue.done;
    }
  });

  it("C8: a dead holder's lock, a very old one, or one left empty for seconds is taken over at once", async () => {
    for (const [content, ageMs] of [
      [`${deadPid()}\n${hostname()}\nabc\n`, 0],
      [`${process.pid}\n${hostname()}\nreused\n`, 60_000],
      // Created, then its writer was killed before it wrote its pid.
      ['', UNWRITTEN_LOCK_MS + 1_000],
    ] as const) {
      await leaveLock(content, ageMs);
      const started = Date.now();
      await withFileLock(file, async () => undefined, { waitMs: 5_000, staleMs: 30_000 });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await readdir(directory)).toEqual([]);
    }
  });

  it("C8: a young lock with no pid yet (being written), or another host's, is not judged by its pid", async () => {
    for (const content of ['', `${deadPid()}\nanother-host.example\nabc\n`]) {
      await leaveLock(content);
      const error = await withFileLock(file, async () => undefined, { waitMs: 150 }).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(LockTimeoutError);
      await rm(lockFileFor(file));
    }
  });

  it('C8: a holder whose lock was taken over as stale can tell before it commits', async () => {
    await withFileLock(
      file,
      async (lock) => {
        await writeFile(lock.path, `${process.pid}\n${hostname()}\nsomeone-else\n`);
        expect(await lock.stillHeld()).toBe(false);
      },
      { waitMs: 1_000 },
    );
    // The other holder's lock is not ours to remove.
    expect(await readFile(lockFileFor(file), 'utf8')).toContain('someone-else');
  });

  it("a folder that does not exist is the file system's ENOENT; a directory in the lock's place is named", async () => {
    await expect(withFileLock(join(directory, 'missing', 'setup.json'), async () => undefined)).rejects.toMatchObject({
      code: 'ENOENT',
    });
    await mkdir(lockFileFor(file));
    await expect(withFileLock(file, async () => undefined)).rejects.toThrow(
      `${lockFileFor(file)} is in the way of the lock file`,
    );
  });
});

describe('withBriefFileLock', () => {
  it('J2: many at once run their synchronous actions one at a time, and the lock is gone after', async () => {
    let inside = 0;
    let mostInside = 0;
    let count = 0;
    // Each action yields nothing: the lock is taken, used and released in one turn of the event loop.
    await Promise.all(
      Array.from({ length: 30 }, () =>
        withBriefFileLock(file, () => {
          inside += 1;
          mostInside = Math.max(mostInside, inside);
          count += 1;
          inside -= 1;
        }),
      ),
    );
    expect({ count, mostInside }).toEqual({ count: 30, mostInside: 1 });
    expect(await readdir(directory)).toEqual([]);
  });

  it('J2: the action runs while the lock file is there, returns through, and a throw still releases', async () => {
    expect(await withBriefFileLock(file, () => readdirSync(directory))).toEqual(['.setup.json.lock']);
    await expect(
      withBriefFileLock(file, () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await readdir(directory)).toEqual([]);
  });

  it('C8: a lock taken after a long wait is young: its age (for staleness) starts when it is taken', async () => {
    const holder = spawn('sleep', ['30']);
    try {
      await leaveLock(`${holder.pid}\n${hostname()}\nfirst\n`);
      setTimeout(() => void rm(lockFileFor(file), { force: true }), 800);
      const age = await withBriefFileLock(file, () => Date.now() - lstatSync(lockFileFor(file)).mtimeMs, {
        waitMs: 10_000,
      });
      expect(age).toBeLessThan(500);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('J2: onBusy is called once when the lock is found held (the waiter prepares), never when it is free', async () => {
    let busyCalls = 0;
    const onBusy = (): void => {
      busyCalls += 1;
    };
    await withBriefFileLock(file, () => {}, { onBusy });
    expect(busyCalls).toBe(0);
    const holder = spawn('sleep', ['30']);
    try {
      await leaveLock(`${holder.pid}\n${hostname()}\nheld\n`);
      setTimeout(() => void rm(lockFileFor(file), { force: true }), 500);
      await withBriefFileLock(file, () => {}, { onBusy, waitMs: 10_000 });
      expect(busyCalls).toBe(1);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('J4: a holder asleep keeps it waitMs without progress: LockTimeoutError held, as for withFileLock', async () => {
    const holder = spawn('sleep', ['30']);
    try {
      await leaveLock(`${holder.pid}\n${hostname()}\nasleep\n`);
      const started = Date.now();
      const error = await withBriefFileLock(file, () => 'never', { waitMs: 300, queueMs: 20_000 }).catch(
        (reason: unknown) => reason,
      );
      expect(error).toMatchObject({ reason: 'held', holder: { pid: holder.pid } });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      holder.kill('SIGKILL');
    }
  });
});
