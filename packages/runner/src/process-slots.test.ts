import { describe, expect, it } from 'vitest';
import { ProcessSlots } from './process-slots.ts';

interface Pending {
  readonly finish: () => void;
}

/** Work that runs until the test finishes it, and records when it started. */
function trackedWork(started: string[], name: string): { start: () => Promise<string>; pending: Pending } {
  let finish: () => void = () => {};
  const pending = { finish: () => finish() };
  return {
    start: () => {
      started.push(name);
      return new Promise<string>((resolve) => {
        finish = () => resolve(name);
      });
    },
    pending,
  };
}

const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('ProcessSlots (R11)', () => {
  it('R11: starts work synchronously while slots are free, then first come first served', async () => {
    const slots = new ProcessSlots(2);
    const started: string[] = [];
    const works = ['a', 'b', 'c', 'd'].map((name) => trackedWork(started, name));
    const results = works.map(({ start }) => slots.use(start, () => 'not started'));
    expect(started).toEqual(['a', 'b']);
    expect([slots.inUse, slots.waiting]).toEqual([2, 2]);
    works[1]!.pending.finish();
    await flush();
    expect(started).toEqual(['a', 'b', 'c']);
    works[0]!.pending.finish();
    await flush();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    works[2]!.pending.finish();
    works[3]!.pending.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect([slots.inUse, slots.waiting]).toEqual([0, 0]);
  });

  it('R11: work aborted while waiting never starts and gives up its place', async () => {
    const slots = new ProcessSlots(1);
    const started: string[] = [];
    const first = trackedWork(started, 'first');
    const skipped = trackedWork(started, 'skipped');
    const last = trackedWork(started, 'last');
    const controller = new AbortController();
    const results = [
      slots.use(first.start, () => 'not started'),
      slots.use(skipped.start, () => 'not started', controller.signal),
      slots.use(last.start, () => 'not started'),
    ];
    controller.abort();
    expect(await results[1]).toBe('not started');
    first.pending.finish();
    await flush();
    expect(started).toEqual(['first', 'last']);
    last.pending.finish();
    expect(await Promise.all(results)).toEqual(['first', 'not started', 'last']);
  });

  it('R11: a slot is freed when the work fails, synchronously or not', async () => {
    const slots = new ProcessSlots(1);
    await expect(
      slots.use(
        () => {
          throw new Error('sync');
        },
        () => 'x',
      ),
    ).rejects.toThrow('sync');
    await expect(
      slots.use(
        () => Promise.reject(new Error('async')),
        () => 'x',
      ),
    ).rejects.toThrow('async');
    expect(
      await slots.use(
        () => Promise.resolve('ok'),
        () => 'x',
      ),
    ).toBe('ok');
    expect(slots.inUse).toBe(0);
  });
});
