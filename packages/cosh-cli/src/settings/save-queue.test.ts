import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { SaveQueue } from './save-queue.ts';

describe('SaveQueue', () => {
  it('runs tasks one at a time in the order they were added, whatever each takes', async () => {
    const queue = new SaveQueue();
    const events: string[] = [];
    const task = (name: string, milliseconds: number) => async () => {
      events.push(`start ${name}`);
      await sleep(milliseconds);
      events.push(`end ${name}`);
    };
    queue.add(task('slow', 30));
    queue.add(task('fast', 1));
    await queue.idle();
    expect(events).toEqual(['start slow', 'end slow', 'start fast', 'end fast']);
  });

  it('goes on after a task that fails', async () => {
    const queue = new SaveQueue();
    const done: string[] = [];
    queue.add(async () => {
      throw new Error('boom');
    });
    queue.add(async () => {
      done.push('after');
    });
    await queue.idle();
    expect(done).toEqual(['after']);
  });
});
