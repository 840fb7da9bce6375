import { waitUntil } from '@cosh/test-utils';
import { describe, expect, it } from 'vitest';
import { DeadlineTimer } from './deadline-timer.ts';
import { monotonicNow } from './monotonic-now.ts';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Node timers that hold the event loop now (unref'd ones are not listed). */
const heldTimers = (): number => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('DeadlineTimer (the timeouts of R6 and H3, and the engine guard of L6)', () => {
  it('R6: calls a deadline once, no earlier than its delay on the monotonic clock', async () => {
    const timer = new DeadlineTimer({ keepAlive: true });
    const scheduledAt = monotonicNow();
    const dueAfter: number[] = [];
    timer.schedule(60, () => dueAfter.push(monotonicNow() - scheduledAt));
    await sleep(300);
    expect(dueAfter).toHaveLength(1);
    expect(dueAfter[0]).toBeGreaterThanOrEqual(60);
    expect(timer.pending).toBe(0);
  });

  it('a cancelled deadline never runs; cancelling twice, after it ran, or with none scheduled (undefined) changes nothing', async () => {
    const timer = new DeadlineTimer({ keepAlive: true });
    const ran: string[] = [];
    const cancelled = timer.schedule(30, () => ran.push('cancelled'));
    const kept = timer.schedule(40, () => ran.push('kept'));
    timer.cancel(cancelled);
    timer.cancel(cancelled);
    timer.cancel(undefined);
    expect(timer.pending).toBe(1);
    await sleep(200);
    timer.cancel(kept);
    expect(ran).toEqual(['kept']);
    expect(timer.pending).toBe(0);
  });

  it('an earlier deadline scheduled after a later one runs at its own time, not the later one', async () => {
    const timer = new DeadlineTimer({ keepAlive: true });
    const scheduledAt = monotonicNow();
    const ran: [string, number][] = [];
    timer.schedule(2_500, () => ran.push(['late', monotonicNow() - scheduledAt]));
    timer.schedule(40, () => ran.push(['early', monotonicNow() - scheduledAt]));
    await waitUntil(() => ran.length > 0, 2_400);
    expect(ran.map(([name]) => name)).toEqual(['early']);
    expect(ran[0]?.[1]).toBeGreaterThanOrEqual(40);
    // The point is that it did not wait for the 2.5 s deadline the timer was armed for: half of
    // that is ample for a 40 ms timer even on a loaded machine.
    expect(ran[0]?.[1]).toBeLessThan(1_250);
    expect(timer.pending).toBe(1);
    await waitUntil(() => ran.length > 1, 10_000);
    expect(ran.map(([name]) => name)).toEqual(['early', 'late']);
    expect(ran[1]?.[1]).toBeGreaterThanOrEqual(2_500);
  });

  it('deadlines due together run in the order they were scheduled; each may schedule more', async () => {
    const timer = new DeadlineTimer({ keepAlive: true });
    const ran: string[] = [];
    timer.schedule(30, () => {
      ran.push('first');
      timer.schedule(30, () => ran.push('scheduled by first'));
    });
    timer.schedule(30, () => ran.push('second'));
    await sleep(300);
    expect(ran).toEqual(['first', 'second', 'scheduled by first']);
  });

  it('keepAlive: true holds the event loop while a deadline is pending, and lets go when none is', async () => {
    const timer = new DeadlineTimer({ keepAlive: true });
    const before = heldTimers();
    const deadline = timer.schedule(10_000, () => {});
    expect(heldTimers()).toBe(before + 1);
    timer.cancel(deadline);
    expect(heldTimers()).toBe(before);
    // Pending again under the timer still armed for the cancelled deadline: held again.
    const again = timer.schedule(20_000, () => {});
    expect(heldTimers()).toBe(before + 1);
    timer.cancel(again);
    expect(heldTimers()).toBe(before);
  });

  it('keepAlive: false never holds the event loop (the hook process does, R6)', () => {
    const timer = new DeadlineTimer({ keepAlive: false });
    const before = heldTimers();
    const deadline = timer.schedule(10_000, () => {});
    expect(heldTimers()).toBe(before);
    timer.cancel(deadline);
    expect(heldTimers()).toBe(before);
  });
});
