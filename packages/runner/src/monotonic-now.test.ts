import { describe, expect, it } from 'vitest';
import { monotonicNow } from './monotonic-now.ts';

describe('monotonicNow', () => {
  it('counts milliseconds as performance.now() does, never backwards', async () => {
    // Each monotonicNow() read sits between two performance.now() reads, so its elapsed time must
    // lie between the shortest and the longest the reference clock allows, however long the
    // process is paused between reads (a loaded machine); 1 ms covers the clocks' rounding.
    const before = [performance.now(), monotonicNow(), performance.now()] as const;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = [performance.now(), monotonicNow(), performance.now()] as const;
    const elapsed = after[1] - before[1];
    expect(elapsed).toBeGreaterThanOrEqual(45);
    expect(elapsed).toBeGreaterThanOrEqual(after[0] - before[2] - 1);
    expect(elapsed).toBeLessThanOrEqual(after[2] - before[0] + 1);
    let last = monotonicNow();
    for (let index = 0; index < 1000; index += 1) {
      const now = monotonicNow();
      expect(now).toBeGreaterThanOrEqual(last);
      last = now;
    }
  });
});
