import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { mapInOrder } from './map-in-order.ts';

async function* numbers(count: number, pulled: number[] = []): AsyncGenerator<number> {
  for (let index = 0; index < count; index += 1) {
    pulled.push(index);
    yield index;
  }
}

describe('mapInOrder', () => {
  it('T: yields results in item order although later calls finish first', async () => {
    const finished: number[] = [];
    const results: number[] = [];
    for await (const result of mapInOrder(numbers(6), 3, async (item) => {
      await delay((6 - item) * 5);
      finished.push(item);
      return item * 10;
    })) {
      results.push(result);
    }
    expect(results).toEqual([0, 10, 20, 30, 40, 50]);
    expect(finished).not.toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('T: keeps at most `concurrency` calls in flight', async () => {
    let running = 0;
    let most = 0;
    const results: number[] = [];
    for await (const result of mapInOrder(numbers(20), 4, async (item) => {
      running += 1;
      most = Math.max(most, running);
      await delay(2);
      running -= 1;
      return item;
    })) {
      results.push(result);
    }
    expect(results).toHaveLength(20);
    expect(most).toBe(4);
  });

  it('T: a slow first call does not stop later ones from starting, within a bounded look-ahead', async () => {
    const pulled: number[] = [];
    let release: () => void = () => undefined;
    const firstBlocked = new Promise<void>((resolve) => (release = resolve));
    const results: number[] = [];
    const consumer = (async () => {
      for await (const result of mapInOrder(numbers(100, pulled), 4, async (item) => {
        if (item === 0) await firstBlocked;
        return item;
      })) {
        results.push(result);
      }
    })();
    await delay(50);
    // Items 1.. finished while 0 was stuck, so more than 4 were pulled, but at most 4 × 4.
    expect(pulled.length).toBeGreaterThan(4);
    expect(pulled.length).toBeLessThanOrEqual(16);
    expect(results).toEqual([]);
    release();
    await consumer;
    expect(results).toEqual(Array.from({ length: 100 }, (_, index) => index));
  });

  it('T: stopping early pulls no more items than the look-ahead', async () => {
    const pulled: number[] = [];
    for await (const result of mapInOrder(numbers(100, pulled), 4, async (item) => item)) {
      if (result === 2) break;
    }
    // Three taken, and at most 4 × 4 pulled ahead of the last one taken.
    expect(pulled.length).toBeLessThanOrEqual(3 + 16);
  });

  it('T: a failing call surfaces in order, without unhandled rejections', async () => {
    const seen: number[] = [];
    await expect(async () => {
      for await (const result of mapInOrder(numbers(5), 3, async (item) => {
        if (item === 2) throw new Error('item 2 failed');
        await delay(10);
        return item;
      })) {
        seen.push(result);
      }
    }).rejects.toThrow('item 2 failed');
    expect(seen).toEqual([0, 1]);
  });
});
